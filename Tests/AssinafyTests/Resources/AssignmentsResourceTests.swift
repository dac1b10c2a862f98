import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct AssignmentsResourceTests {
    // MARK: Creating and estimating

    @Test func createWithSignerIdsSendsEmailChannelsAndTheMessage() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.assignment())
        let assignment = try await Fixture.client(stub).assignments.create(
            documentId: "doc-1", payload: .withSignerIds(["sig-1", "sig-2"], method: .virtual, message: "Please sign."))

        #expect(assignment.id == "asg-1")
        #expect(assignment.method == .virtual)
        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/documents/doc-1/assignments")
        #expect(request.credential == .account)
        let body = try #require(request.jsonBody)
        #expect(body["method"] == "virtual")
        #expect(body["message"] == "Please sign.")
        #expect(body["entries"] == nil)
        let signers = try #require(body["signers"]?.arrayValue)
        #expect(signers.map { $0["id"] } == ["sig-1", "sig-2"])
        #expect(signers.allSatisfy { $0["verification_method"] == "Email" && $0["notification_methods"] == ["Email"] })
        #expect(signers.allSatisfy { $0["step"] == nil })
    }

    @Test func orderedSignersWithTypedMethods() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.assignment())
        _ = try await Fixture.client(stub).assignments.create(
            documentId: "doc-1",
            payload: CreateAssignmentPayload(
                method: .virtual,
                signers: [
                    .signer(id: "sig-1", verification: .email, step: 1),
                    .signer(id: "sig-2", verification: .digitalCertificate, notifications: [.whatsapp], step: 2),
                    .descriptor(id: "sig-3", verificationMethod: nil, notificationMethods: [.whatsapp], step: 3),
                ]))
        let signers = try #require(stub.requests.first?.jsonBody?["signers"]?.arrayValue)
        #expect(
            signers[0]
                == Fixture.canonical([
                    "id": "sig-1", "verification_method": "Email", "notification_methods": ["Email"], "step": 1,
                ]))
        #expect(signers[1]["verification_method"] == "DigitalCertificate")
        #expect(signers[1]["notification_methods"] == ["Whatsapp"])
        #expect(signers[2]["verification_method"] == "Whatsapp")
        #expect(signers[2]["step"] == 3)
    }

    @Test(arguments: [
        (SignerReference.signer(id: "a", verification: .email, notifications: [.whatsapp]), "signers[0].notifications"),
        (SignerReference.signer(id: "a", verification: .whatsapp, notifications: [.email]), "signers[0].notifications"),
        (SignerReference.signer(id: "a", notifications: [.email, .whatsapp]), "signers[0].notifications"),
        (SignerReference.signer(id: nil), "signers[0].id"),
        (SignerReference.signer(id: "  "), "signers[0].id"),
        (SignerReference.signer(id: "a", step: 0), "signers[0].step"),
    ])
    func pairingAndIdRulesAreCheckedLocally(signer: SignerReference, field: String) async throws {
        let stub = StubTransport()
        let error = await expectValidationError {
            _ = try await Fixture.client(stub).assignments.create(
                documentId: "doc-1", payload: CreateAssignmentPayload(signers: [signer]))
        }
        #expect(error?.errors[field] != nil, "\(String(describing: error?.errors))")
        #expect(stub.requests.isEmpty)
    }

    @Test func digitalCertificateMayNotifyByEitherChannelAndDefaultsToEmail() throws {
        let payload = CreateAssignmentPayload(signers: [
            .signer(id: "a", verification: .digitalCertificate, step: 1),
            .signer(id: "b", verification: .digitalCertificate, notifications: [.whatsapp], step: 2),
            .signer(id: "c", notifications: [.whatsapp], step: 3),
        ])
        let resolved = try payload.resolvedSigners()
        #expect(resolved.map(\.notification) == [.email, .whatsapp, .whatsapp])
        #expect(resolved.map(\.verification) == [.digitalCertificate, .digitalCertificate, .whatsapp])
    }

    @Test func stepsMustBeContiguousFromOne() async throws {
        let gap = CreateAssignmentPayload(signers: [.signer(id: "a", step: 1), .signer(id: "b", step: 3)])
        let noOne = CreateAssignmentPayload(signers: [.signer(id: "a", step: 2)])
        for payload in [gap, noOne] {
            let error = await expectValidationError { _ = try payload.resolvedSigners() }
            #expect(error?.errors["signers"]?.first?.contains("contiguous") == true)
        }
        let parallel = CreateAssignmentPayload(signers: [
            .signer(id: "a", step: 1), .signer(id: "b", step: 1), .signer(id: "c", step: 2), .signer(id: "d"),
        ])
        #expect(try parallel.resolvedSigners().count == 4)
    }

    @Test func aDigitalCertificateSignerMustBeAloneInItsStep() async throws {
        let shared = CreateAssignmentPayload(signers: [
            .signer(id: "a", verification: .digitalCertificate), .signer(id: "b"),
        ])
        let error = await expectValidationError { _ = try shared.resolvedSigners() }
        #expect(error?.errors["signers[0].step"] == ["a digital-certificate signer must be alone in its step"])
    }

    @Test func duplicateIdsEmptySignersAndCollectWithoutEntriesAreRefused() async throws {
        let twice = CreateAssignmentPayload(signers: [.signer(id: "a"), .signer(id: "a")])
        #expect(await expectValidationError { _ = try twice.resolvedSigners() }?.errors["signers[1].id"] != nil)
        let none = CreateAssignmentPayload(signers: [])
        #expect(await expectValidationError { _ = try none.resolvedSigners() }?.errors["signers"] != nil)
        let collect = CreateAssignmentPayload(method: .collect, signers: [.signer(id: "a")])
        #expect(await expectValidationError { _ = try collect.resolvedSigners() }?.errors["entries"] != nil)
    }

    @Test func collectSendsEntries() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.assignment())
        let entry = AssignmentEntry(
            pageId: "page-1",
            fields: [
                AssignmentFieldPlacement(
                    signerId: "sig-1", fieldId: "field-1",
                    displaySettings: DisplaySettings(left: 10, top: 20, width: 100, height: 30, fontSize: 12))
            ])
        _ = try await Fixture.client(stub).assignments.create(
            documentId: "doc-1",
            payload: CreateAssignmentPayload(method: .collect, signers: [.signer(id: "sig-1")], entries: [entry]))
        let body = try #require(stub.requests.first?.jsonBody)
        #expect(body["method"] == "collect")
        #expect(body["entries"]?.arrayValue?.first?["page_id"] == "page-1")
        #expect(body["entries"]?.arrayValue?.first?["fields"]?.arrayValue?.first?["field_id"] == "field-1")
    }

    @Test func estimateCostSendsTheChannelsAndWrapsTheAnswer() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.costEstimate(sufficient: false, reason: "InsufficientCredits"))
        let estimate = try await Fixture.client(stub).assignments.estimateCost(
            documentId: "doc-1",
            payload: CreateAssignmentPayload(signers: [.signer(id: "sig-1", verification: .whatsapp)]))

        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/documents/doc-1/assignments/estimate-cost")
        #expect(
            request.jsonBody
                == Fixture.canonical([
                    "method": "virtual",
                    "signers": [["verification_method": "Whatsapp", "notification_methods": ["Whatsapp"]]],
                ]))
        #expect(estimate.hasSufficientResources == false)
        #expect(estimate.blockingReason == .insufficientCredits)
        #expect(estimate.documentBalance == 10)
        #expect(estimate.creditBalance == 0)
        #expect(estimate.breakdown.first?.code == "whatsapp_notification")
        #expect(estimate.breakdown.first?.unitCost == 0.45)
        #expect(estimate.raw.totalCredits == 0.45)

        let error = AssinafySDKError(estimate.blockingReason ?? "Insufficient account resources")
        #expect(error.message == "InsufficientCredits")
        #expect(error.context["blockingReason"] == "InsufficientCredits")
        let fallback = AssinafySDKError(Assinafy.CostEstimate.BlockingReason?.none ?? "Insufficient account resources")
        #expect(fallback.message == "Insufficient account resources")
        #expect(fallback.context.isEmpty)
    }

    @Test func aMissingSufficiencyFlagFollowsTheBlockingReason() throws {
        let open = Assinafy.CostEstimate(
            try JSONCoding.decode(Assinafy.CostEstimate.Raw.self, from: Data(Fixture.costEstimate(sufficient: nil).utf8)))
        #expect(open.hasSufficientResources)
        let blocked = Assinafy.CostEstimate(
            try JSONCoding.decode(
                Assinafy.CostEstimate.Raw.self, from: Data(Fixture.costEstimate(sufficient: nil, reason: "PendingPayment").utf8)))
        #expect(!blocked.hasSufficientResources)
        #expect(blocked.blockingReason == .pendingPayment)
        let unknown = Assinafy.CostEstimate(
            try JSONCoding.decode(
                Assinafy.CostEstimate.Raw.self, from: Data(Fixture.costEstimate(sufficient: false, reason: "AccountFrozen").utf8)))
        #expect(unknown.blockingReason?.rawValue == "AccountFrozen")
        #expect(unknown.blockingReason?.isKnown == false)
    }

    // MARK: Managing

    @Test func listResendExpirationAndWhatsapp() async throws {
        let stub = StubTransport()
        let assignments = Fixture.client(stub).assignments
        stub.enqueueData("[\(Fixture.assignment())]", headers: Fixture.paging(page: 1, of: 1, total: 1))
        let page = try await assignments.list(params: ListParams(perPage: 20))
        #expect(page.data.first?.summary?.signerCount == 2)
        stub.enqueueData("{\"is_sent\": true, \"document_id\": \"doc-1\", \"signer_id\": \"sig-2\"}")
        let resent = try await assignments.resend(documentId: "doc-1", assignmentId: "asg-1", signerId: "sig-2")
        #expect(resent.isSent == true)
        stub.enqueueData(Fixture.costEstimate(sufficient: true))
        #expect(
            try await assignments.estimateResendCost(documentId: "doc-1", assignmentId: "asg-1", signerId: "sig-2")
                .hasSufficientResources)
        stub.enqueueData(Fixture.assignment())
        let expiry = Date(timeIntervalSince1970: 1_790_000_000)
        _ = try await assignments.resetExpiration(documentId: "doc-1", assignmentId: "asg-1", expiresAt: expiry)
        stub.enqueueData(
            """
            [{"sent_at": 1787745600, "header": "Assinafy", "body": "You have a document to sign",
              "buttons": [{"text": "Sign"}], "phone_number": "+5548999990000", "signer_id": "sig-2"}]
            """)
        let messages = try await assignments.whatsappNotifications(documentId: "doc-1", assignmentId: "asg-1")
        #expect(messages.first?.buttons?.first?.text == "Sign")

        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/assignments", "PUT /v1/documents/doc-1/assignments/asg-1/signers/sig-2/resend",
                "POST /v1/documents/doc-1/assignments/asg-1/signers/sig-2/estimate-resend-cost",
                "PUT /v1/documents/doc-1/assignments/asg-1/reset-expiration",
                "GET /v1/documents/doc-1/assignments/asg-1/whatsapp-notifications",
            ])
        #expect(stub.requests[0].query("per-page") == "20")
        #expect(stub.requests[3].jsonBody?["expires_at"]?.stringValue?.hasPrefix("2026-09-21") == true)
    }

    // MARK: Signer side

    @Test func signAndDeclineUseOnlyTheAccessCode() async throws {
        let stub = StubTransport()
        let assignments = Fixture.client(stub).assignments
        stub.enqueueData("{}")
        try await assignments.sign(documentId: "doc-1", assignmentId: "asg-1", signerAccessCode: "code-1")
        stub.enqueueData("[]")
        try await assignments.decline(
            documentId: "doc-1", assignmentId: "asg-1", signerAccessCode: "code-1", reason: "Wrong recipient")

        #expect(
            stub.requests.map(\.route) == [
                "POST /v1/documents/doc-1/assignments/asg-1", "PUT /v1/documents/doc-1/assignments/asg-1/reject",
            ])
        #expect(stub.requests.allSatisfy { $0.credential == .signerAccessCode("code-1") })
        #expect(stub.requests[0].jsonBody == [])
        #expect(stub.requests[1].jsonBody == ["decline_reason": "Wrong recipient"])
        _ = await expectValidationError {
            try await assignments.decline(documentId: "d", assignmentId: "a", signerAccessCode: "c", reason: "")
        }
        #expect(stub.requests.count == 2)
    }

    @Test func signTakesCollectItems() async throws {
        let stub = StubTransport()
        stub.enqueueJSON("{\"status\": 200, \"message\": \"\", \"data\": null}")
        let result = try await Fixture.client(stub).assignments.sign(
            documentId: "doc-1", assignmentId: "asg-1", signerAccessCode: "code-1",
            items: [SignAssignmentRequestItem(itemId: "item-1", fieldId: "field-1", pageId: "page-1", value: "Ana")])
        #expect(result == nil)
        #expect(
            stub.requests.first?.jsonBody
                == Fixture.canonical([["itemId": "item-1", "fieldId": "field-1", "pageId": "page-1", "value": "Ana"]]))
    }
}
