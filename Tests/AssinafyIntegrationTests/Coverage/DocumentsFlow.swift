import Assinafy
import Foundation
import Testing

extension Flow {
    /// Upload → wait → list/search/rename/delete → tags → pages and images → public view →
    /// signers (duplicate reused) → estimate → assignments → the signer's whole side (view,
    /// verify, terms, confirm, signature image, sign; sign/decline several; decline one) →
    /// certification → artifacts, verification by hash, activities.
    func documentsAndSigning() async throws -> SignedDocuments {
        var ids: [String] = []
        for index in 0..<5 {
            let uploaded = try await client.documents.upload(
                Samples.pdf(title: "Integracao \(index)"),
                options: DocumentUploadOptions(name: "Integracao \(index).pdf"))
            ids.append(try #require(uploaded.id))
        }
        for id in ids {
            let ready = try await client.documents.waitUntilReady(
                documentId: id, options: WaitUntilReadyOptions(maxWaitSeconds: 20, pollIntervalSeconds: 0.1))
            #expect(ready.lifecycleStatus == .metadataReady)
        }
        let (signed, multiSigned, multiDeclined, declined, scratch) = (ids[0], ids[1], ids[2], ids[3], ids[4])

        try await browseDocuments(scratch: scratch)
        try await documentTags(documentId: signed)
        try await pagesAndPublicView(documentId: signed)
        let signerId = try await signers()

        // Estimate, then one virtual request per document (WhatsApp on the first, for its log).
        let whatsapp = CreateAssignmentPayload(
            signers: [.signer(id: signerId, verification: .whatsapp)], message: "Por favor, assine.")
        let estimate = try await client.assignments.estimateCost(documentId: signed, payload: whatsapp)
        #expect(estimate.hasSufficientResources && !estimate.breakdown.isEmpty)
        let assignment = try await client.assignments.create(documentId: signed, payload: whatsapp)
        let assignmentId = try #require(assignment.id)
        var others: [String: String] = [:]
        for id in [multiSigned, multiDeclined, declined] {
            let created = try await client.assignments.create(
                documentId: id, payload: .withSignerIds([signerId], message: "Outro documento"))
            let createdId = try #require(created.id)
            others[id] = createdId
        }
        try await ownerSideOfAssignment(documentId: signed, assignmentId: assignmentId, signerId: signerId)

        try await signerSide(documentId: signed, assignmentId: assignmentId, signerId: signerId)
        let code = try await invitation(signed).accessCode
        try await anonymous.signers.signMultipleDocuments(signerAccessCode: code, documentIds: [multiSigned])
        try await anonymous.signers.declineMultipleDocuments(
            signerAccessCode: code, documentIds: [multiDeclined], reason: "Valores incorretos")
        let declineCode = try await invitation(declined).accessCode
        try await anonymous.assignments.decline(
            documentId: declined, assignmentId: try #require(others[declined]), signerAccessCode: declineCode,
            reason: "Documento errado")
        #expect(try await client.documents.get(documentId: declined).lifecycleStatus == .rejectedBySigner)
        #expect(try await client.documents.get(documentId: multiDeclined).lifecycleStatus == .rejectedBySigner)

        try await waitForStatus(signed, .certificated)
        try await waitForStatus(multiSigned, .certificated)
        #expect(try await client.documents.isFullySigned(documentId: signed))
        try await finishedDocument(documentId: signed, signerId: signerId)
        return SignedDocuments(signerId: signerId, certifiedDocumentId: signed)
    }

    private func browseDocuments(scratch: String) async throws {
        let page = try await client.documents.list(
            params: ListParams(perPage: 2), filter: DocumentListFilter(status: .metadataReady, sort: "name"))
        #expect(page.data.count == 2)
        #expect((page.meta?.total ?? 0) >= 5)
        let found = try await client.documents.search(params: ListParams(search: "integracao 4"))
        #expect(found.data.map(\.id) == [scratch])
        let statuses = try await client.documents.statuses()
        #expect(statuses.contains { $0.code == "metadata_ready" && $0.deletable == true })
        let renamed = try await client.documents.rename(documentId: scratch, name: "Rascunho descartável")
        #expect(renamed.name?.hasPrefix("Rascunho") == true)
        try await client.documents.delete(documentId: scratch)
    }

    /// Append, replace, list, detach, clear: the document's tags end empty and the tags go.
    private func documentTags(documentId: String) async throws {
        let contracts = try await client.tags.create(CreateTagPayload(name: "Contratos", color: .value("#FF0000")))
        let urgent = try await client.tags.create(CreateTagPayload(name: "Urgente"))
        #expect(try await client.tags.list(search: "contr").data.map(\.id) == [contracts.id])
        let renamed = try await client.tags.update(tagId: urgent.id, payload: UpdateTagPayload(name: "Urgentíssimo"))
        #expect(renamed.name == "Urgentíssimo")

        let appended = try await client.tags.appendDocumentTags(documentId: documentId, tagIds: [contracts.id])
        #expect(appended.map(\.id) == [contracts.id])
        let replaced = try await client.tags.replaceDocumentTags(
            documentId: documentId, tagIds: [urgent.id, contracts.id])
        #expect(Set(replaced.map(\.id)) == [urgent.id, contracts.id])
        try await client.tags.detachDocumentTag(documentId: documentId, tagId: urgent.id)
        #expect(try await client.tags.listDocumentTags(documentId: documentId).data.map(\.id) == [contracts.id])
        let cleared = try await client.tags.replaceDocumentTags(documentId: documentId, tagIds: [])
        #expect(cleared.isEmpty)
        try await client.tags.delete(tagId: urgent.id)
        try await client.tags.delete(tagId: contracts.id, force: true)
        #expect(try await client.tags.list().data.isEmpty)
    }

    private func pagesAndPublicView(documentId: String) async throws {
        let pages = try await client.documents.pages(documentId: documentId)
        #expect(pages.count == 2)
        let image = try await client.documents.downloadPage(
            documentId: documentId, pageId: try #require(pages.first?.id))
        #expect(Samples.isPNG(image))
        #expect(Samples.isPNG(try await client.documents.thumbnail(documentId: documentId)))
        let summary = try await anonymous.documents.getPublicInfo(documentId: documentId)
        #expect(summary.id == documentId)
        try await anonymous.documents.sendPublicSignToken(documentId: documentId, email: "leitor@example.invalid")
    }

    /// Creates the signer, shows that creating it again (other case) reuses it, and runs the
    /// rest of the signer CRUD on a spare one.
    private func signers() async throws -> String {
        let ana = try await client.signers.create(
            CreateSignerPayload(
                fullName: "Ana Souza", email: "ana.integracao@example.invalid", whatsappPhoneNumber: "+5511999990000"))
        let again = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana Souza", email: "ANA.Integracao@example.invalid"))
        let signerId = try #require(ana.id)
        #expect(again.id == signerId, "a duplicate e-mail must reuse the signer")

        let spare = try await client.signers.create(
            CreateSignerPayload(fullName: "Bruno Lima", email: "bruno@example.invalid"))
        let spareId = try #require(spare.id)
        #expect(try await client.signers.get(signerId: spareId).email == "bruno@example.invalid")
        let updated = try await client.signers.update(
            signerId: spareId, payload: UpdateSignerPayload(fullName: "Bruno Lima Jr"))
        #expect(updated.fullName == "Bruno Lima Jr")
        try await client.signers.delete(signerId: spareId)
        #expect(try await client.signers.findByEmail("bruno@example.invalid") == nil)
        return signerId
    }

    private func ownerSideOfAssignment(documentId: String, assignmentId: String, signerId: String) async throws {
        let listed = try await client.assignments.list()
        #expect(listed.data.contains { $0.id == assignmentId })
        let resent = try await client.assignments.resend(
            documentId: documentId, assignmentId: assignmentId, signerId: signerId)
        #expect(resent.isSent == true)
        let cost = try await client.assignments.estimateResendCost(
            documentId: documentId, assignmentId: assignmentId, signerId: signerId)
        #expect(cost.hasSufficientResources)
        let farFuture = Date(timeIntervalSince1970: 4_070_908_800)  // 2099-01-01
        let moved = try await client.assignments.resetExpiration(
            documentId: documentId, assignmentId: assignmentId, expiresAt: farFuture)
        #expect(moved.id == assignmentId)
        let messages = try await client.assignments.whatsappNotifications(
            documentId: documentId, assignmentId: assignmentId)
        #expect(messages.count == 2, "the first request and the resend")
    }

    /// Everything the signer does with the access code from the invitation, on a client that
    /// has no account credential (the SDK never sends one to these routes anyway).
    private func signerSide(documentId: String, assignmentId: String, signerId: String) async throws {
        let (code, verificationCode) = try await invitation(documentId)
        let signers = anonymous.signers
        let me = try await signers.getSelf(signerAccessCode: code)
        #expect(me.id == signerId)
        #expect(try await signers.getDocument(signerId: signerId, signerAccessCode: code).id == documentId)
        let toSign = try await signers.getSigningDocument(signerAccessCode: code, hasAcceptedTerms: true)
        #expect(toSign.id == documentId)
        try await signers.verifyCode(signerAccessCode: code, code: verificationCode)
        let envelope = try await signers.acceptTerms(signerAccessCode: code)
        #expect(envelope.status == 200)
        let confirmed = try await anonymous.documents.confirmSignerDataAndReturnSigner(
            documentId: documentId, signerAccessCode: code,
            payload: ConfirmSignerDataPayload(
                fullName: "Ana Souza", email: "ana.integracao@example.invalid", hasAcceptedTerms: true))
        #expect(confirmed.id == signerId)

        try await signers.uploadSignature(signerAccessCode: code, type: .initial, imageData: Samples.png, reuse: true)
        #expect(try await signers.downloadSignature(signerAccessCode: code, type: .initial) == Samples.png)
        #expect(try await signers.getSelf(signerAccessCode: code).hasInitial == true)

        let mine = try await signers.listSignerDocuments(signerId: signerId, signerAccessCode: code)
        #expect(mine.data.count == 4)
        let searched = try await signers.searchSignerDocuments(
            signerId: signerId, signerAccessCode: code, search: "integracao 0")
        #expect(searched.data.map(\.id) == [documentId])

        try await anonymous.assignments.sign(documentId: documentId, assignmentId: assignmentId, signerAccessCode: code)
    }

    /// The certified document's files, its verification by the hash of the downloaded PDF,
    /// the signer's own download and the audit trail.
    private func finishedDocument(documentId: String, signerId: String) async throws {
        let documents = client.documents
        let certified = try await documents.downloadArtifact(documentId: documentId, artifact: .certificated)
        #expect(Samples.isPDF(certified))
        #expect(Samples.isPDF(try await documents.downloadArtifact(documentId: documentId, artifact: .original)))
        #expect(Samples.isPDF(try await documents.downloadArtifact(documentId: documentId, artifact: .certificatePage)))
        #expect(Samples.isZIP(try await documents.downloadArtifact(documentId: documentId, artifact: .bundle)))
        let signerCopy = try await anonymous.signers.downloadDocumentArtifact(
            signerId: signerId, documentId: documentId, artifact: .certificated)
        #expect(signerCopy == certified)

        let hash = PortableCrypto.sha256(certified).map { String(format: "%02x", $0) }.joined()
        let verification = try await anonymous.documents.verifyDetails(signatureHash: hash)
        #expect(verification.isValid == true && verification.id == documentId)

        let events = try await documents.activities(documentId: documentId).compactMap(\.event)
        for expected in ["document_uploaded", "assignment_created", "signer_signed_document", "document_ready"] {
            #expect(events.contains(expected), "activities lack \(expected): \(events)")
        }
    }
}
