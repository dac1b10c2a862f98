import Foundation
import Testing

@testable import Assinafy

/// The platform loggers' shared rules, and the standard-error logger's lines as a process reading
/// its stderr pipe would see them. (`OSLogClientLogger` is Apple-only and uses the same split;
/// the whole-flow redaction test is `APIRuntimeTests.LoggingTests.noSecretReachesTheLogger`.)
struct StandardErrorLoggerTests {
    final class Lines: @unchecked Sendable {
        // @unchecked: `stored` is only touched with `lock` held.
        private let lock = NSLock()
        private var stored: [String] = []
        var all: [String] { lock.withLock { stored } }
        @Sendable func append(_ line: String) { lock.withLock { stored.append(line) } }
    }

    static let context = [
        "method": "GET", "path": "/v1/documents/{documentId}", "status": "429", "attempt": "1", "delayMs": "500",
        "retryHint": "opaque-value",
    ]

    @Test func safeValuesAsTheyAreOthersPrivate() {
        let lines = Lines()
        let logger = StandardErrorLogger(writer: lines.append)
        logger.warn("Retrying", context: Self.context)
        #expect(
            lines.all == [
                "assinafy WARN Retrying attempt=1 delayMs=500 method=GET path=/v1/documents/{documentId} "
                    + "retryHint=<private> status=429"
            ])
        let revealing = StandardErrorLogger(revealPrivateValues: true, writer: lines.append)
        revealing.error("Request failed", context: ["retryHint": "opaque-value"])
        #expect(lines.all.last == "assinafy ERROR Request failed retryHint=opaque-value")
    }

    @Test func levelsBelowTheMinimumAreDropped() {
        let lines = Lines()
        let logger = StandardErrorLogger(minimumLevel: .warn, writer: lines.append)
        logger.debug("d")
        logger.info("i")
        logger.warn("w")
        logger.error("e")
        #expect(lines.all == ["assinafy WARN w", "assinafy ERROR e"])
        #expect(StandardErrorLogger().minimumLevel == .info)
    }

    @Test func writesWholeLinesToAFileHandle() throws {
        let pipe = Pipe()
        let logger = StandardErrorLogger(minimumLevel: .debug, fileHandle: pipe.fileHandleForWriting)
        logger.debug("Sending request", context: ["method": "POST", "path": "/v1/login"])
        logger.info("Received response", context: ["status": "200"])
        try pipe.fileHandleForWriting.close()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            text == "assinafy DEBUG Sending request method=POST path=/v1/login\nassinafy INFO Received response status=200\n")
    }

    @Test func theSplitOsLogUsesKeepsUnknownKeysPrivate() {
        let (safe, other) = LogContext.split(Self.context)
        #expect(safe == "attempt=1 delayMs=500 method=GET path=/v1/documents/{documentId} status=429")
        #expect(other == "retryHint=opaque-value")
    }
}
