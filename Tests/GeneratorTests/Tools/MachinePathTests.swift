import AssinafyTestSupport
import Foundation
import Testing

/// No file of the repository may name a path of one machine (a home directory, a build host's
/// work tree): such a path works on the machine that wrote it and silently fails, or reaches
/// into someone else's files, everywhere else.
@Suite(.offCooperativePool)
struct MachinePathTests {
    /// Written split so this file does not match itself.
    static let machinePrefixes = ["/" + "work/", "/" + "home/", "/" + "Users/", "/" + "root/", "/" + "opt/swift"]

    /// Where `text` names one of the prefixes as an absolute path: at the start of a line or after a
    /// character that cannot be part of a URL's host or path (so `https://h.invalid/home/x` passes).
    static func machinePaths(in text: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for prefix in machinePrefixes {
                var searchRange = line.startIndex..<line.endIndex
                while let range = line.range(of: prefix, range: searchRange) {
                    let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
                    if before.map({ !($0.isLetter || $0.isNumber || "._-~/".contains($0)) }) ?? true {
                        found.append("line \(number + 1): \(line.trimmingCharacters(in: .whitespaces).prefix(120))")
                    }
                    searchRange = range.upperBound..<line.endIndex
                }
            }
        }
        return found
    }

    @Test func detectorSeesMachinePathsOnly() {
        #expect(Self.machinePaths(in: "let p = \"" + "/" + "work/shared/x.json\"").count == 1)
        #expect(Self.machinePaths(in: "Path(\"" + "/" + "home/me/x\")").count == 1)
        #expect(Self.machinePaths(in: "/" + "Users/me/x").count == 1)
        #expect(Self.machinePaths(in: "see https://example.invalid/home/x and ../shared/reference").isEmpty)
        #expect(Self.machinePaths(in: "Sources/" + "work/x, tests/home/y").isEmpty)
    }

    @Test func noTrackedFileNamesAMachinePath() throws {
        let files = try Self.trackedFiles()
        #expect(files.count > 100, "found only \(files.count) files under \(ToolsFixtures.packageRoot.path)")
        var offenders: [String] = []
        for relative in files {
            let url = ToolsFixtures.packageRoot.appendingPathComponent(relative)
            guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { continue }
            offenders += Self.machinePaths(in: text).map { "\(relative) \($0)" }
        }
        #expect(offenders.isEmpty, "absolute machine paths:\n\(offenders.joined(separator: "\n"))")
    }

    /// `git ls-files` when the checkout is a git repository, else every file below the root except
    /// build products and hidden directories (a source archive has no `.git`).
    static func trackedFiles() throws -> [String] {
        let root = ToolsFixtures.packageRoot
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let pipe = Pipe()
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        if (try? git.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            if git.waitForExit() == 0 {
                return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
            }
        }
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix(".build") || relative.hasPrefix("benchmarks/tmp") { continue }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(relative) }
        }
        return files
    }
}
