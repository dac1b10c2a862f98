import Foundation
import Testing

@testable import Assinafy

/// The per-signer rules that assignments and templates share (`SignerMethodRules.resolveSigner`).
@Suite struct SignerMethodsTests {
    @Test func aSignerPassingEveryRuleComesBackTrimmedWithBothMethods() {
        var errors: [String: [String]] = [:]
        let signer = SignerMethodRules.resolveSigner(
            id: "  sig-1\n", step: 2, verification: .digitalCertificate, notifications: [.whatsapp],
            key: "signers[0]", errors: &errors
        ) { _ in nil }
        #expect(errors.isEmpty)
        #expect(
            signer == ResolvedSigner(id: "sig-1", verification: .digitalCertificate, notification: .whatsapp, step: 2))
    }

    @Test func everyProblemOfOneSignerIsReportedUnderItsKey() {
        var errors: [String: [String]] = ["signers": ["kept"]]
        var idsSeen: [String] = []
        let signer = SignerMethodRules.resolveSigner(
            id: " sig-9 ", step: 0, verification: .email, notifications: [.whatsapp], key: "signers[3]",
            errors: &errors
        ) { id in
            idsSeen.append(id)
            return "appears more than once"
        }
        #expect(signer == nil)
        #expect(idsSeen == ["sig-9"])
        #expect(
            errors == [
                "signers": ["kept"], "signers[3].id": ["appears more than once"],
                "signers[3].step": ["must be 1 or more"],
                "signers[3].notifications": ["email verification notifies by email"],
            ])
    }

    @Test func anIdOrStepProblemAloneStillRefusesTheSigner() {
        for (id, step) in [(nil, 1), ("sig-1", -1)] as [(String?, Int)] {
            var errors: [String: [String]] = [:]
            let signer = SignerMethodRules.resolveSigner(
                id: id, step: step, verification: nil, notifications: nil, key: "signers[0]", errors: &errors
            ) { $0.isEmpty ? "required" : nil }
            #expect(signer == nil)
            #expect(errors.count == 1)
        }
    }

    @Test func templateSignersGetTheSameRulesPlusTheirRole() async throws {
        let stub = StubTransport()
        let documents = Fixture.client(stub).documents
        let error = await expectValidationError {
            _ = try await documents.createFromTemplate(
                templateId: "tpl-1",
                signers: [
                    TemplateSigner(roleId: " ", id: "sig-1", step: 0),
                    TemplateSigner(roleId: "role-2", id: " ", verification: .whatsapp, notifications: [.email]),
                ])
        }
        #expect(
            error?.errors == [
                "signers[0].roleId": ["required"], "signers[0].step": ["must be 1 or more"],
                "signers[1].id": ["required"],
                "signers[1].notifications": ["whatsapp verification notifies by whatsapp"],
            ])
        #expect(stub.requests.isEmpty)
    }

    @Test func anAssignmentReportsADuplicateIdAndABadPairingOfTheSameSigner() async throws {
        let payload = CreateAssignmentPayload(signers: [
            .signer(id: "a"), .signer(id: "a", verification: .email, notifications: [.whatsapp]),
        ])
        let error = await expectValidationError { _ = try payload.resolvedSigners() }
        #expect(
            error?.errors == [
                "signers[1].id": ["appears more than once"],
                "signers[1].notifications": ["email verification notifies by email"],
            ])
    }
}
