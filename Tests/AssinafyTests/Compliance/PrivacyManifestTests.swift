import Foundation
import Testing

@testable import Assinafy

/// App Store Connect rejects an app whose SDKs call a required-reason API without declaring it in
/// their privacy manifest. This scans everything the `Assinafy` product compiles (Sources/) for
/// the APIs Apple lists and fails when a category is used but not declared in
/// `Sources/Assinafy/PrivacyInfo.xcprivacy`, or declared with a reason Apple does not define.
@Suite(.offCooperativePool) struct PrivacyManifestTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Compliance
        .deletingLastPathComponent()  // AssinafyTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let manifestPath = packageRoot.appendingPathComponent("Sources/Assinafy/PrivacyInfo.xcprivacy").path

    /// Apple's required-reason APIs, by category ("Describing use of required reason API").
    /// `attributesOfItem` is listed with the file timestamp APIs: it returns creation and
    /// modification dates with the size, whatever the caller reads.
    static let symbols: [(symbol: String, category: String)] = [
        ("creationDate", fileTimestamp), ("modificationDate", fileTimestamp), ("fileModificationDate", fileTimestamp),
        ("contentModificationDateKey", fileTimestamp), ("creationDateKey", fileTimestamp),
        ("attributesOfItem", fileTimestamp), ("getattrlist", fileTimestamp), ("fgetattrlist", fileTimestamp),
        ("getattrlistbulk", fileTimestamp), ("getattrlistat", fileTimestamp), ("stat(", fileTimestamp),
        ("fstat(", fileTimestamp), ("fstatat(", fileTimestamp), ("lstat(", fileTimestamp),
        ("systemUptime", bootTime), ("mach_absolute_time", bootTime), ("uptimeNanoseconds", bootTime),
        ("volumeAvailableCapacity", diskSpace), ("volumeTotalCapacity", diskSpace), ("systemFreeSize", diskSpace),
        ("systemSize", diskSpace), ("attributesOfFileSystem", diskSpace), ("statfs(", diskSpace),
        ("fstatfs(", diskSpace), ("statvfs(", diskSpace), ("fstatvfs(", diskSpace),
        ("activeInputModes", keyboards), ("UserDefaults", userDefaults), ("NSUserDefaults", userDefaults),
    ]
    static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
    static let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
    static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
    static let keyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"
    static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"

    /// The reasons Apple defines for each category.
    static let reasons: [String: Set<String>] = [
        fileTimestamp: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"],
        bootTime: ["35F9.1", "8FFB.1", "3D61.1"],
        diskSpace: ["85F4.1", "E174.1", "7D9E.1", "B728.1"],
        keyboards: ["3EC4.1", "54BD.1"],
        userDefaults: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"],
    ]

    /// Each use as `file:line symbol → category`, in code only (line comments are dropped, so a
    /// comment explaining why an API is avoided does not count as a call).
    static func uses(in text: String, file: String) -> [(place: String, category: String)] {
        var found: [(String, String)] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.range(of: "//").map { rawLine[..<$0.lowerBound] } ?? rawLine[...]
            for (symbol, category) in symbols {
                var searchRange = line.startIndex..<line.endIndex
                while let range = line.range(of: symbol, range: searchRange) {
                    let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
                    if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true {
                        found.append(("\(file):\(number + 1) \(symbol)", category))
                    }
                    searchRange = range.upperBound..<line.endIndex
                }
            }
        }
        return found
    }

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    static func declared() throws -> [String: [String]] {
        let entries = try #require(try manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var result: [String: [String]] = [:]
        for entry in entries {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            result[category] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        return result
    }

    @Test func everyRequiredReasonAPIUsedInSourcesIsDeclared() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var uses: [(place: String, category: String)] = []
        var files = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files += 1
            let relative = String(url.path.dropFirst(Self.packageRoot.path.count + 1))
            uses += Self.uses(in: try String(contentsOf: url, encoding: .utf8), file: relative)
        }
        #expect(files > 100, "the scan must see the sources")
        let declared = try Self.declared()
        let undeclared = uses.filter { declared[$0.category] == nil }
        #expect(undeclared.isEmpty, "used but not declared: \(undeclared.map { "\($0.place) → \($0.category)" })")
        // Today's uses, so the scan is known to see them (a scanner that found nothing would pass).
        #expect(Set(uses.map(\.category)) == [Self.fileTimestamp, Self.bootTime], "\(uses.map(\.place))")
        print("privacy manifest: \(uses.count) required-reason API uses in \(files) files, all declared")
    }

    @Test func declaredReasonsAreApplesAndNothingTracks() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        for (category, codes) in try Self.declared() {
            let known = try #require(Self.reasons[category], "unknown category \(category)")
            #expect(!codes.isEmpty && Set(codes).isSubset(of: known), "\(category): \(codes)")
        }
        let collected = try #require(manifest["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        for entry in collected {
            #expect(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool == false, "\(entry)")
            #expect(
                entry["NSPrivacyCollectedDataTypePurposes"] as? [String]
                    == ["NSPrivacyCollectedDataTypePurposeAppFunctionality"], "\(entry)")
        }
    }

    @Test func scannerSeesCallsAndIgnoresCommentsAndLongerNames() {
        let text = """
            let defaults = UserDefaults.standard
            var status = stat()
            fstat(descriptor, &status)
            // systemUptime is explained here, not called
            let statistics = restat(x)
            """
        let found = Self.uses(in: text, file: "f.swift").map(\.place)
        #expect(found == ["f.swift:1 UserDefaults", "f.swift:2 stat(", "f.swift:3 fstat("])
    }

    /// The manifest is a resource of the `Assinafy` target, so SwiftPM puts it in the bundle.
    @Test func manifestShipsInTheModuleBundle() {
        #expect(Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy") != nil)
    }
}
