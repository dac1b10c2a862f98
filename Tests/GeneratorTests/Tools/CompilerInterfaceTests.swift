import AssinafyTestSupport
import Foundation
import Testing

/// No Swift source of the repository uses the compiler's private optimiser and linkage controls
/// (`@_semantics` and its kin): they are internal to the compiler and the standard library, may
/// change meaning or vanish in any release, and a user's toolchain owes them nothing.
@Suite(.offCooperativePool)
struct CompilerInterfaceTests {
    /// Written split so this file does not match itself.
    static let forbidden = ["_semantics", "_optimize", "_specialize", "_effects", "_silgen_name", "_cdecl"].map {
        "@" + $0
    }

    static func uses(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let code = line.components(separatedBy: "//").first ?? ""
            guard let attribute = forbidden.first(where: { code.contains($0 + "(") || code.contains($0 + " ") })
            else { return nil }
            return "line \(number + 1): \(attribute)"
        }
    }

    @Test func detectorSeesAttributesNotComments() {
        #expect(Self.uses(in: "@" + "_semantics(\"x\") func f() {}") == ["line 1: @" + "_semantics"])
        #expect(Self.uses(in: "let a = 1\n@" + "_specialize(where T == Int)") == ["line 2: @" + "_specialize"])
        #expect(Self.uses(in: "// @" + "_semantics(\"x\") was removed").isEmpty)
        #expect(Self.uses(in: "@inline(never) @usableFromInline func f() {}").isEmpty)
    }

    @Test func noSwiftSourceUsesThem() throws {
        let files = try MachinePathTests.trackedFiles().filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "found only \(files.count) Swift files")
        var offenders: [String] = []
        for relative in files {
            let url = ToolsFixtures.packageRoot.appendingPathComponent(relative)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            offenders += Self.uses(in: text).map { "\(relative) \($0)" }
        }
        #expect(offenders.isEmpty, "private compiler attributes:\n\(offenders.joined(separator: "\n"))")
    }
}
