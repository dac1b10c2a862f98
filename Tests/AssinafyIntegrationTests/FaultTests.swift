import Assinafy
import Foundation
import Testing

extension EmulatorIntegration {
    /// The transport's failure rules, each provoked by the emulator's fault injection and seen
    /// from both sides: what the SDK returned or threw, and what the emulator received.
    @Suite("Faults through the SDK")
    struct Faults {
        struct Setup {
            let emulator: Emulator
            let state: EmulatorState
            let client: AssinafyClient
            var admin: EmulatorAdmin { emulator.admin }

            /// Requests the emulator received for `method` on a path ending with `suffix`.
            func received(_ method: String, _ suffix: String) async throws -> [JSONValue] {
                try await admin.requests().filter {
                    $0["method"]?.stringValue == method && $0["path"]?.stringValue?.hasSuffix(suffix) == true
                }
            }

            /// No contract violation beyond those `expected` accepts (which are then cleared).
            func expectNoViolations(except expected: (JSONValue) -> Bool = { _ in false }) async throws {
                let unexpected = try await admin.violations().filter { !expected($0) }
                #expect(unexpected.isEmpty, "\(unexpected.map(EmulatorAdmin.text))")
                try await admin.clearViolations()
            }
        }

        static func setUp(retryPolicy: RetryPolicy = .default, timeout: TimeInterval = 15) async throws -> Setup {
            let emulator = try #require(Emulator.current)
            try await emulator.admin.reset()
            let state = try await emulator.admin.state()
            let client = AssinafyClient.seeded(emulator, state, retryPolicy: retryPolicy, timeout: timeout)
            return Setup(emulator: emulator, state: state, client: client)
        }

        static func statuses(_ requests: [JSONValue]) -> [Int] { requests.map { Int($0["status"]?.intValue ?? 0) } }

        @Test("a 429 with Retry-After on a GET is waited out, retried and succeeds")
        func rateLimitedGetIsRetried() async throws {
            let setup = try await Self.setUp()
            try await setup.admin.fault("429", method: "GET", path: "/tags$", retryAfter: 1)
            let started = ContinuousClock.now
            let tags = try await setup.client.tags.list()
            let waited = started.duration(to: .now)
            #expect(tags.data.isEmpty)
            #expect(waited >= .milliseconds(900), "Retry-After: 1 was not honoured (\(waited))")
            #expect(Self.statuses(try await setup.received("GET", "/tags")) == [429, 200])
            try await setup.expectNoViolations()
        }

        @Test("a 503 on a POST is not retried: the write may have happened")
        func unavailablePostIsNotRetried() async throws {
            let setup = try await Self.setUp()
            try await setup.admin.fault("503", method: "POST", path: "/tags$", retryAfter: 0)
            let error = await #expect(throws: APIError.self) {
                try await setup.client.tags.create(CreateTagPayload(name: "Uma vez só"))
            }
            #expect(error?.statusCode == 503)
            #expect(Self.statuses(try await setup.received("POST", "/tags")) == [503])
            try await setup.expectNoViolations()
        }

        @Test("an HTTP 200 carrying an error envelope is an APIError")
        func errorEnvelopeOn200() async throws {
            let setup = try await Self.setUp()
            try await setup.admin.fault("error_envelope", method: "GET", path: "/tags$")
            let error = await #expect(throws: APIError.self) { try await setup.client.tags.list() }
            #expect(error?.statusCode == 400 && error?.httpStatusCode == 200)
            #expect(Self.statuses(try await setup.received("GET", "/tags")) == [200], "not retried")
            try await setup.expectNoViolations()
        }

        @Test("a redirect to the other loopback origin is followed without any credential")
        func crossOriginRedirectStripsCredentials() async throws {
            let setup = try await Self.setUp()
            let path = "/v1/accounts/\(setup.state.accountId)"
            try await setup.admin.fault("redirect", method: "GET", path: "\(path)$")
            let error = await #expect(throws: APIError.self) { try await setup.client.workspaces.get() }
            #expect(error?.statusCode == 401, "the other origin must see no credential")

            let hops = try await setup.received("GET", path)
            try #require(hops.count == 2, "\(hops.map(EmulatorAdmin.text))")
            func names(_ hop: JSONValue) -> Set<String> {
                Set((hop["header_names"]?.arrayValue ?? []).compactMap { $0.stringValue?.lowercased() })
            }
            #expect(
                hops[0]["origin"]?.stringValue
                    == setup.emulator.baseURL.absoluteString.replacingOccurrences(of: "/v1", with: ""))
            #expect(names(hops[0]).contains("x-api-key"))
            #expect(hops[1]["after_redirect"]?.boolValue == true)
            #expect(hops[1]["origin"]?.stringValue?.hasPrefix("http://127.0.0.2:") == true)
            #expect(names(hops[1]).isDisjoint(with: ["x-api-key", "authorization", "cookie"]))
            // The emulator reports a forwarded credential as `credential_leak`; the follow-up's
            // missing credential is a request the contract would refuse, which is the point here.
            try await setup.expectNoViolations { $0["kind"]?.stringValue == "request" }
        }

        @Test("a signer create whose response was lost is recovered by the idempotent create")
        func lostResponseOnSignerCreate() async throws {
            // A short timeout, so a regression (a re-sent POST that hangs) fails quickly.
            let setup = try await Self.setUp(timeout: 3)
            try await setup.admin.fault("lost_response", method: "POST", path: "/signers$")
            let payload = CreateSignerPayload(fullName: "Carla Dias", email: "carla.dias@example.invalid")
            await #expect(throws: (any Error).self, "the connection closed without an answer") {
                try await setup.client.signers.create(payload)
            }
            let sentByFirst = try await setup.received("POST", "/signers")

            // The emulator did create it; asking again finds it instead of creating a second one.
            let recovered = try await setup.client.signers.create(payload)
            let matching = try await setup.client.signers.list(params: ListParams(search: "carla.dias")).data
            #expect(matching.map(\.id) == [recovered.id])
            #expect(
                try await setup.received("POST", "/signers").count == sentByFirst.count, "the recovery must not POST")

            // What the first create put on the wire. libcurl re-sends a request (without its body)
            // when a reused connection dies unanswered; the transport keeps writes off reused
            // connections, so the lost POST must have been sent exactly once.
            #expect(sentByFirst.count == 1, "a POST must be sent once, found \(sentByFirst.count)")
            @Sendable func isEmptyResend(_ violation: JSONValue) -> Bool {
                violation["kind"]?.stringValue == "request"
                    && violation["route"]?.stringValue == "POST /v1/accounts/{accountId}/signers"
                    && violation["message"]?.stringValue?.contains("MissingRequiredRequestBody") == true
            }
            #expect(try await setup.admin.violations().filter(isEmptyResend).isEmpty, "no bodiless re-send")
            try await setup.expectNoViolations(except: isEmptyResend)
        }

        @Test("a signer's view of the document is sent once even when its answer is lost")
        func lostResponseOnSignView() async throws {
            // `GET /v1/sign` records that the signer saw the document. libcurl re-sends a GET whose
            // reused connection dies unanswered; this one must get a connection of its own.
            let setup = try await Self.setUp(timeout: 3)
            let options = AssinafyClient.UploadOptions(signers: [
                AssinafyClient.SignerInput(name: "Dora Reis", email: "dora.reis@example.invalid")
            ])
            let (document, _) = try await setup.client.uploadAndRequestSignatures(
                documentData: Samples.pdf(title: "Vista"), options: options)
            let documentId = try #require(document.id)
            let state = try await setup.admin.state()
            let code = try #require(state.invitation(documentId: documentId)?.accessCode)
            // Leaves a kept-alive connection in the pool, the one a replay would use.
            _ = try await setup.client.signers.getSelf(signerAccessCode: code)
            try await setup.admin.fault("lost_response", method: "GET", path: "/sign$")
            await #expect(throws: (any Error).self, "the connection closed without an answer") {
                try await setup.client.signers.getSigningDocument(signerAccessCode: code)
            }
            let views = try await setup.received("GET", "/sign")
            #expect(views.count == 1, "GET /v1/sign must be sent once, found \(views.count)")
        }

        @Test("waitUntilReady keeps polling through a transient 503")
        func waitUntilReadyRidesThroughUnavailable() async throws {
            // No transport retries: the poller itself must treat the 503s as transient.
            let setup = try await Self.setUp(retryPolicy: .none)
            let uploaded = try await setup.client.documents.upload(Samples.pdf(title: "Espera"))
            let documentId = try #require(uploaded.id)
            try await setup.admin.fault(
                "503", method: "GET", path: "/documents/\(documentId)$", count: 2, retryAfter: 0)
            let ready = try await setup.client.documents.waitUntilReady(
                documentId: documentId, options: WaitUntilReadyOptions(maxWaitSeconds: 10, pollIntervalSeconds: 0.1))
            #expect(ready.lifecycleStatus == .metadataReady)
            let polls = Self.statuses(try await setup.received("GET", "/documents/\(documentId)"))
            #expect(Array(polls.prefix(2)) == [503, 503] && polls.last == 200)
            try await setup.expectNoViolations()
        }
    }
}
