import AssinafyTestSupport
import Foundation
import Testing

/// One version everywhere: `sdkVersion` in APIRuntime, the default User-Agent built from it,
/// the top released entry of CHANGELOG.md and the README's install snippet. A release that bumps
/// one and forgets another fails here rather than in a user's bug report.
@Suite(.offCooperativePool)
struct VersionAgreementTests {
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: ToolsFixtures.path(relative), encoding: .utf8)
    }

    /// The first capture group of `pattern` in `text`.
    static func capture(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    static let semver = #"(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)"#

    static func sdkVersion() throws -> String {
        let source = try text("Sources/Assinafy/Client/Version.swift")
        return try #require(capture(#"public let sdkVersion = ""# + semver + #"""#, in: source))
    }

    @Test func sdkVersionIsDeclaredOnceAsSemver() throws {
        let version = try Self.sdkVersion()
        #expect(!version.isEmpty)
        // Written in one place: no other runtime or overlay source spells the version out.
        let manager = FileManager.default
        for directory in ["Sources/APIRuntime", "Sources/Assinafy"] {
            let root = ToolsFixtures.path(directory)
            let files = (manager.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
                $0.hasSuffix(".swift")
            }
            for file in files where !file.hasSuffix("Version.swift") {
                let source = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
                #expect(!source.contains("\"\(version)\""), "\(directory)/\(file) repeats the version literally")
            }
        }
    }

    @Test func userAgentDefaultIsBuiltFromSDKVersion() throws {
        let source = try Self.text("Sources/Assinafy/Client/AssinafyClientConfiguration.swift")
        let userAgent = try #require(
            Self.capture(#"static let defaultUserAgent = "([^"]*)""#, in: source), "no defaultUserAgent literal")
        #expect(userAgent.hasSuffix("/\\(sdkVersion)"), "the User-Agent must interpolate sdkVersion: \(userAgent)")
    }

    @Test func changelogTopReleaseMatches() throws {
        let changelog = try Self.text("CHANGELOG.md")
        // `## [Unreleased]` may sit above the releases; the first dated entry is the current one.
        let top = try #require(
            Self.capture(#"^## \["# + Self.semver + #"\] - \d{4}-\d{2}-\d{2}$"#, in: changelog),
            "CHANGELOG.md has no `## [X.Y.Z] - YYYY-MM-DD` entry")
        #expect(top == (try Self.sdkVersion()))
    }

    @Test func readmeInstallSnippetMatches() throws {
        let path = ToolsFixtures.path("README.md")
        guard FileManager.default.fileExists(atPath: path) else {
            print("VersionAgreementTests: skipped the README check: \(path) is absent")
            return
        }
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let snippet = try #require(
            Self.capture(#"\.package\(url: "[^"]+", from: ""# + Self.semver + #""\)"#, in: readme),
            "README.md has no `.package(url: …, from: \"X.Y.Z\")` install snippet")
        #expect(snippet == (try Self.sdkVersion()))
    }
}
