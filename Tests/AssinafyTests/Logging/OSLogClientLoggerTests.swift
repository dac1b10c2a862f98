#if canImport(OSLog)
import Foundation
import OSLog
import Testing

@testable import Assinafy

/// `OSLogClientLogger` (Apple only; never compiled on Linux), read back from this process's own
/// unified log. Only the levels the log keeps without a configuration profile (error, and the
/// `.default` level a warning maps to) are read back; each test logs under its own category.
@Suite("Unified-log logger", .serialized)
struct OSLogClientLoggerTests {
    static let subsystem = "com.assinafy.sdk.tests"

    /// The entries of `category` this process logged since `start`.
    static func entries(category: String, since start: Date) throws -> [OSLogEntryLog] {
        let store = try OSLogStore(scope: .currentProcessIdentifier)
        let predicate = NSPredicate(format: "subsystem == %@ AND category == %@", subsystem, category)
        return try store.getEntries(at: store.position(date: start), matching: predicate)
            .compactMap { $0 as? OSLogEntryLog }
    }

    @Test func defaultsNameTheSDKSubsystem() {
        let logger = OSLogClientLogger()
        #expect(logger.subsystem == "com.assinafy.sdk")
        #expect(logger.category == "client")
    }

    @Test func errorsAndWarningsReachTheLogWithTheirLevelAndSafeContext() throws {
        let category = "tests-\(UUID().uuidString)"
        let logger = OSLogClientLogger(subsystem: Self.subsystem, category: category)
        let start = Date().addingTimeInterval(-1)
        logger.error("request failed", context: ["status": "503", "method": "GET"])
        logger.warn("retrying", context: ["attempt": "2"])

        let entries = try Self.entries(category: category, since: start)
        let failed = try #require(entries.first { $0.composedMessage.hasPrefix("request failed") })
        #expect(failed.level == .error)
        #expect(failed.composedMessage.contains("method=GET status=503"))
        let retrying = try #require(entries.first { $0.composedMessage.hasPrefix("retrying") })
        // The unified log has no warning level: a warning is a `.default` (notice) entry.
        #expect(retrying.level == .notice)
        #expect(retrying.composedMessage.contains("attempt=2"))
    }
}
#endif
