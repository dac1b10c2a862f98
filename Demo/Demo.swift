import Assinafy
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `make demo`: the product README's signing lifecycle, end to end, with the real SDK.
///
/// Against the local emulator (what `make demo` does) it reads the emulator's seeded account and,
/// for the signer's part, the access code the emulator would have e-mailed:
///     assinafy-demo --emulator-admin http://127.0.0.1:PORT
/// Against the real sandbox, credentials come from the environment only:
///     ASSINAFY_API_KEY=… ASSINAFY_ACCOUNT_ID=… assinafy-demo --base-url https://sandbox.assinafy.com.br/v1
/// (the signer steps then need ASSINAFY_SIGNER_ACCESS_CODE, from the invitation e-mail).
@main
struct Demo {
    static func main() async {
        do {
            try await run(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("demo failed: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(arguments: [String]) async throws {
        let setup = try await Setup(arguments: arguments)
        let client = AssinafyClient(configuration: setup.configuration)
        let clock = ContinuousClock()
        let started = clock.now
        var step = 0
        func report(_ text: String, since: ContinuousClock.Instant) {
            step += 1
            let elapsed = since.duration(to: clock.now)
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            let padded = text.count < 62 ? text + String(repeating: " ", count: 62 - text.count) : text
            print(String(format: "%2d. ", step) + padded + String(format: " %8.1f ms", milliseconds))
        }

        var mark = clock.now
        let pdf = SamplePDF.make(title: "Contrato de demonstração")
        let uploaded = try await client.documents.upload(pdf, options: DocumentUploadOptions(name: "demo-contract.pdf"))
        let documentId = try required(uploaded.id, "document id")
        report("uploaded \(pdf.count) bytes as document \(documentId)", since: mark)

        mark = clock.now
        let ready = try await client.documents.waitUntilReady(
            documentId: documentId, options: WaitUntilReadyOptions(maxWaitSeconds: 60, pollIntervalSeconds: 0.5))
        report("document is \(ready.status ?? "?")", since: mark)

        mark = clock.now
        let signer = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ana.demo@example.invalid"))
        let again = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ANA.DEMO@example.invalid"))
        let signerId = try required(signer.id, "signer id")
        report("signer \(signerId) (a second create reused it: \(again.id == signer.id))", since: mark)

        mark = clock.now
        let request = CreateAssignmentPayload.withSignerIds(
            [signerId], method: .virtual, message: "Please review and sign.")
        let estimate = try await client.assignments.estimateCost(documentId: documentId, payload: request)
        guard estimate.hasSufficientResources else {
            throw AssinafySDKError(estimate.blockingReason?.rawValue ?? "Insufficient account resources")
        }
        report("estimate: sufficient resources, \(estimate.breakdown.count) line(s)", since: mark)

        mark = clock.now
        let assignment = try await client.assignments.create(documentId: documentId, payload: request)
        let assignmentId = try required(assignment.id, "assignment id")
        report("assignment \(assignmentId) created", since: mark)

        guard let accessCode = try await setup.signerAccessCode(documentId: documentId) else {
            print("No signer access code (set ASSINAFY_SIGNER_ACCESS_CODE): stopping before the signer's steps.")
            return
        }
        mark = clock.now
        let me = try await client.signers.getSelf(signerAccessCode: accessCode)
        try await client.signers.acceptTermsWithoutResponse(signerAccessCode: accessCode)
        _ = try await client.documents.confirmSignerDataAndReturnSigner(
            documentId: documentId, signerAccessCode: accessCode,
            payload: ConfirmSignerDataPayload(
                fullName: "Ana Souza", email: "ana.demo@example.invalid", hasAcceptedTerms: true))
        report("signer \(me.fullName ?? "?") accepted the terms and confirmed data", since: mark)

        mark = clock.now
        try await client.assignments.sign(
            documentId: documentId, assignmentId: assignmentId, signerAccessCode: accessCode)
        report("signed", since: mark)

        mark = clock.now
        let certified = try await waitForCertification(client, documentId: documentId)
        report("document is \(certified.status ?? "?")", since: mark)

        mark = clock.now
        let signed = try await client.documents.downloadArtifact(documentId: documentId, artifact: .certificated)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assinafy-demo-\(documentId).pdf")
        try signed.write(to: file)
        let onDisk = try Data(contentsOf: file)
        let digest = PortableCrypto.sha256(onDisk).map { String(format: "%02x", $0) }.joined()
        guard onDisk.starts(with: Data("%PDF".utf8)), PortableCrypto.sha256(signed) == PortableCrypto.sha256(onDisk)
        else {
            throw AssinafySDKError("The certified PDF on disk does not match what was downloaded")
        }
        report("certified PDF saved (\(onDisk.count) bytes, sha256 \(digest.prefix(16))…)", since: mark)

        mark = clock.now
        let history = try await client.documents.activities(documentId: documentId)
        report("activity history: \(history.count) events", since: mark)
        for activity in history.prefix(12) {
            print("      · \(activity.event ?? "?")")
        }
        print("Done in \(started.duration(to: clock.now)). Certified PDF: \(file.path)")
    }

    static func waitForCertification(_ client: AssinafyClient, documentId: String) async throws -> Document {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while true {
            let document = try await client.documents.get(documentId: documentId)
            if document.status == "certificated" { return document }
            guard ContinuousClock.now < deadline else {
                throw AssinafySDKError("The document did not reach certificated", context: ["documentId": documentId])
            }
            try await Task.sleep(for: .milliseconds(300))
        }
    }

    static func required(_ value: String?, _ what: String) throws -> String {
        guard let value, !value.isEmpty else { throw AssinafySDKError("The API returned no \(what)") }
        return value
    }
}
