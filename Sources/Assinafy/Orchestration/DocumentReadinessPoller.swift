import APIRuntime
import AssinafyAPI
import Foundation

/// The loop behind `documents.waitUntilReady`: read the document, stop on a ready or terminal
/// status, otherwise sleep (never spin) until the next poll or the deadline.
@usableFromInline struct DocumentReadinessPoller: Sendable {
    @usableFromInline let context: ClientContext
    @usableFromInline let clock: any PollingClock

    @usableFromInline @_alwaysEmitIntoClient init(context: ClientContext, clock: any PollingClock) {
        self.context = context
        self.clock = clock
    }

    @usableFromInline @_alwaysEmitIntoClient func wait(documentId: String, options: WaitUntilReadyOptions) async throws
        -> Document
    {
        try options.validate()
        try InputChecks.requireText(documentId, "documentId")
        let deadline = clock.now() + options.maxWaitSeconds
        var observed = Observation()
        while true {
            try Task.checkCancellation()
            var pause = options.pollIntervalSeconds
            do {
                let document = try await context.documentsAPI.getDocument(documentId: documentId).payload()
                let status = document.lifecycleStatus
                observed.record(status)
                if let status, status.isReady { return document }
                if let status, status.isTerminal {
                    throw AssinafySDKError(
                        "Document \(documentId) reached the terminal status '\(status.rawValue)' and will not become ready",
                        context: observed.context(documentId: documentId, options: options))
                }
            } catch let error where Self.isTransient(error) {
                // Rate limits, server trouble and network failures pass; keep the latest for the
                // deadline error and honour a server-requested pause.
                observed.lastTransientError = error
                if let retryAfter = (error as? APIError)?.retryAfter { pause = max(pause, retryAfter) }
            }
            let remaining = deadline - clock.now()
            guard remaining > 0 else { throw observed.deadlineError(documentId: documentId, options: options) }
            try await clock.sleep(seconds: min(pause, remaining))
        }
    }

    /// 408, 425, 429 and 5xx answers and transport failures are worth another poll; any other
    /// error (a 404, a 401, a contract violation, cancellation) is not.
    @usableFromInline @_alwaysEmitIntoClient static func isTransient(_ error: any Error) -> Bool {
        if error is NetworkError { return true }
        guard let apiError = error as? APIError else { return false }
        return [408, 425, 429].contains(apiError.statusCode) || (500...599).contains(apiError.statusCode)
    }

    /// What the polls saw so far.
    @usableFromInline struct Observation {
        @usableFromInline var lastStatus: DocumentLifecycleStatus?
        /// Every status read so far was `uploaded`: processing never started.
        @usableFromInline var onlyUploaded = true
        @usableFromInline var lastTransientError: (any Error)?

        @usableFromInline @_alwaysEmitIntoClient init() {}

        @usableFromInline @_alwaysEmitIntoClient mutating func record(_ status: DocumentLifecycleStatus?) {
            lastStatus = status ?? lastStatus
            if status != .uploaded { onlyUploaded = false }
        }

        @usableFromInline @_alwaysEmitIntoClient func context(documentId: String, options: WaitUntilReadyOptions)
            -> [String: String]
        {
            var context = [
                "documentId": documentId, "operation": "waitUntilReady",
                "maxWaitSeconds": String(options.maxWaitSeconds),
            ]
            if let lastStatus { context["lastStatus"] = lastStatus.rawValue }
            return context
        }

        @usableFromInline @_alwaysEmitIntoClient func deadlineError(documentId: String, options: WaitUntilReadyOptions)
            -> AssinafySDKError
        {
            let seconds = String(options.maxWaitSeconds)
            let message: String
            switch lastStatus {
            case .some(.uploaded) where onlyUploaded:
                message = "Document \(documentId) is still uploaded after \(seconds) s: processing never started"
            case .some(let status):
                message = "Document \(documentId) was not ready after \(seconds) s (last status '\(status.rawValue)')"
            case .none:
                message = "The status of document \(documentId) could not be read within \(seconds) s"
            }
            return AssinafySDKError(
                message, context: context(documentId: documentId, options: options), underlyingError: lastTransientError
            )
        }
    }
}
