import Foundation
import GeneratorCore

/// The published Assinafy documents the contract, `diff` and reader tests use.
///
/// The committed digests (Fixtures/Published) are always there, so the tests run on a plain
/// clone. The real documents live beside the checkout (`../shared/reference`, Assinafy's text,
/// not ours); when they are present the tests run on them as well, and
/// `PublishedDigestTests` proves the digests are theirs. Every caller prints which it used.
enum PublishedDocuments {
    struct Source: Sendable, CustomStringConvertible {
        /// `committed digest` or `../shared/reference`.
        var label: String
        var current: String
        var revision93: String
        var description: String { label }
    }

    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/GeneratorTests/Contract
        .deletingLastPathComponent()  // Tests/GeneratorTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root

    static let digestDirectory = packageRoot.appendingPathComponent("Tests/GeneratorTests/Fixtures/Published")
    static let digests = Source(
        label: "committed digest",
        current: digestDirectory.appendingPathComponent("assinafy-openapi-v1.digest.json").path,
        revision93: digestDirectory.appendingPathComponent("assinafy-openapi-v1-rev93.digest.json").path)

    static let referenceDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/reference")
    static let originals = Source(
        label: "../shared/reference",
        current: referenceDirectory.appendingPathComponent("assinafy-openapi-v1.json").path,
        revision93: referenceDirectory.appendingPathComponent("history/assinafy-openapi-v1-rev93.json").path)

    /// `ASSINAFY_PLAIN_CLONE=1` rehearses a clone with nothing beside it on a maintainer's machine.
    static var originalsPresent: Bool {
        ProcessInfo.processInfo.environment["ASSINAFY_PLAIN_CLONE"] != "1"
            && FileManager.default.fileExists(atPath: originals.current)
            && FileManager.default.fileExists(atPath: originals.revision93)
    }

    /// The digests, then the originals when present; prints which, so a log says what was checked.
    static func sources(for test: String) -> [Source] {
        if originalsPresent {
            print("\(test): checked the committed digests and the published documents in ../shared/reference")
            return [digests, originals]
        }
        print("\(test): checked the committed digests only (../shared/reference is absent)")
        return [digests]
    }
}
