import APIRuntime
import AssinafyAPI
import Foundation

/// Documents: upload, list, get, rename, delete, artifacts, pages, activities, verification,
/// public view and document tags (the emulator's `h_documents.py`).
extension FakeServer {
    static let maximumUpload = 25 * 1024 * 1024
    static let statuses: [(code: String, deletable: Bool)] = [
        ("uploading", false), ("uploaded", false), ("metadata_processing", false), ("metadata_ready", true),
        ("expired", true), ("certificating", false), ("certificated", false), ("rejected_by_signer", true),
        ("pending_signature", true), ("rejected_by_user", true), ("failed", true),
    ]

    func documentsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        let origin = request.origin
        switch operation {
        case "uploadDocument":
            try state.requireAccount(context.param("accountId"))
            guard let part = try request.multipartPart(named: "file") else {
                throw FakeAPIError.invalid("file cannot be blank.")
            }
            guard !part.data.isEmpty else { throw FakeAPIError.invalid("The uploaded file is empty.") }
            guard part.data.count <= Self.maximumUpload else {
                throw FakeAPIError.invalid("The file is too big. Its size cannot exceed 25 MiB.")
            }
            guard part.data.starts(with: Data("%PDF".utf8)) else {
                throw FakeAPIError(status: 500, message: "Unsupported file content")
            }
            let document = FakeDocument(
                id: state.newId("doc"), accountId: state.accountId, name: part.filename ?? "document.pdf",
                data: part.data, now: state.now)
            state.documents[document.id] = document
            state.documentOrder.append(document.id)
            state.record("document_uploaded", subject: state.userSubject(), document: document)
            return try .ok(FakeViews.document(state, document, origin: origin))
        case "listDocuments", "searchDocuments":
            try state.requireAccount(context.param("accountId"))
            var found = state.documentOrder.compactMap { state.documents[$0] }
            if let status = request.query("status"), !status.isEmpty {
                let wanted = Set(status.split(separator: ",").map(String.init))
                found = found.filter { wanted.contains($0.status) }
            }
            if let search = request.query("search")?.lowercased(), !search.isEmpty {
                found = found.filter { $0.name.lowercased().contains(search) }
            }
            if let method = request.query("method"), !method.isEmpty {
                found = found.filter { state.assignments[$0.assignmentId ?? ""]?.method == method }
            }
            let tags = (request.query("tags") ?? "").split(separator: ",").map(String.init)
            if !tags.isEmpty { found = found.filter { !Set(tags).isDisjoint(with: $0.tags) } }
            let compact = operation == "searchDocuments"
            return try context.paged(found.reversed()) {
                FakeViews.document(state, $0, origin: origin, compact: compact)
            }
        case "listDocumentStatuses":
            return try .ok(Self.statuses.map { DocumentStatus(code: $0.code, deletable: $0.deletable) })
        case "getDocument":
            return try .ok(FakeViews.document(state, try state.document(context.param("documentId")), origin: origin))
        case "deleteDocument":
            let document = try state.document(context.param("documentId"))
            guard Self.statuses.contains(where: { $0.code == document.status && $0.deletable }) else {
                throw FakeAPIError.invalid("A document with status \(document.status) cannot be deleted.")
            }
            state.documents[document.id] = nil
            state.documentOrder.removeAll { $0 == document.id }
            if let assignment = document.assignmentId.flatMap({ state.assignments.removeValue(forKey: $0) }) {
                for stage in assignment.stages.values { state.accessCodes[stage.accessCode] = nil }
            }
            return try .ok([JSONValue?]())
        case "renameDocument":
            let document = try state.document(context.param("documentId"))
            guard let name = try request.object().trimmed("name") else {
                throw FakeAPIError.invalid("name cannot be blank.")
            }
            guard document.assignmentId == nil, ["uploaded", "metadata_ready"].contains(document.status) else {
                throw FakeAPIError.invalid("The document name can no longer be changed.")
            }
            document.name = name
            document.updatedAt = state.now
            return try .ok(FakeViews.document(state, document, origin: origin))
        case "downloadDocumentArtifact":
            return try artifact(try state.document(context.param("documentId")), context.param("artifactName"))
        case "getDocumentThumbnail":
            let document = try state.document(context.param("documentId"))
            guard !document.pageIds.isEmpty else { throw FakeAPIError.notFound() }
            return .binary(FakeArtifacts.png, contentType: "image/png")
        case "downloadDocumentPage":
            let document = try state.document(context.param("documentId"))
            guard document.pageIds.contains(context.param("pageId")) else { throw FakeAPIError.notFound() }
            return .binary(FakeArtifacts.png, contentType: "image/png")
        case "listDocumentActivities":
            let document = try state.document(context.param("documentId"))
            return try .ok(state.activities.filter { $0.documentId == document.id }.map(FakeViews.activity))
        case "verifyDocument":
            return try .ok(verification(context.param("documentSignatureHash")))
        case "getPublicDocument":
            guard let document = state.documents[context.param("documentId")] else { throw FakeAPIError.notFound() }
            return try .ok(FakeViews.document(state, document, origin: origin, includeDeclineReason: false))
        case "sendPublicDocumentToken":
            guard state.documents[context.param("documentId")] != nil else { throw FakeAPIError.notFound() }
            _ = try request.object()
            return try .message("Token enviado.")
        default:
            return try documentTagsHandler(operation, context)
        }
    }

    func artifact(_ document: FakeDocument, _ name: String) throws -> FakeReply {
        guard document.artifacts.contains(name) else { throw FakeAPIError.notFound() }
        let stem = document.name.hasSuffix(".pdf") ? String(document.name.dropLast(4)) : document.name
        if name == "bundle" {
            // An empty stored ZIP (end-of-central-directory record only): a valid archive.
            let zip = Data([0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18))
            return .binary(zip, contentType: "application/zip", filename: "\(stem)-bundle.zip")
        }
        return .binary(document.files[name] ?? Data(), contentType: "application/pdf", filename: "\(stem)-\(name).pdf")
    }

    private func verification(_ hash: String) -> DocumentVerification {
        guard let document = state.documents.values.first(where: { $0.signatureHash == hash }),
            document.status == "certificated", let assignment = state.assignments[document.assignmentId ?? ""]
        else {
            return DocumentVerification(
                hash: hash, verifiedAt: state.now, isValid: false, message: "Documento não encontrado ou não assinado.")
        }
        return DocumentVerification(
            hash: hash, id: document.id, agreementCode: String(document.id.suffix(8)).uppercased(),
            status: document.status, pageCount: String(document.pageIds.count),
            signerCount: String(assignment.signerOrder.count), completedCount: assignment.signerOrder.count,
            completedAt: document.completedAt, verifiedAt: state.now, isValid: true, message: "Documento válido.")
    }

    // MARK: Document tags

    private func documentTagsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let operations = ["listDocumentTags", "attachDocumentTags", "replaceDocumentTags", "detachDocumentTag"]
        guard operations.contains(operation) else { return nil }
        try state.requireAccount(context.param("accountId"))
        let document = try state.document(context.param("documentId"))
        switch operation {
        case "attachDocumentTags":
            for id in try tagReferences(context) where !document.tags.contains(id) { document.tags.append(id) }
        case "replaceDocumentTags":
            document.tags = try tagReferences(context)
        case "detachDocumentTag":
            let detached = document.tags.contains(context.param("tagId"))
            document.tags.removeAll { $0 == context.param("tagId") }
            return try .ok(DetachDocumentTagResponseData(detached: detached))
        default: break
        }
        return try .ok(document.tags.compactMap { state.tags[$0] }.map(FakeViews.tag))
    }

    /// Tags named by id (or, as the live API also accepts, by name) under `tags` and its aliases.
    private func tagReferences(_ context: FakeContext) throws -> [String] {
        let body = try context.request.object()
        guard let references = ["tag_ids", "tags", "ids", "names"].lazy.compactMap({ body[$0]?.arrayValue }).first
        else { throw FakeAPIError.invalid("tags must be a list of tag ids or names.") }
        var found: [String] = []
        for reference in references {
            let key = reference.stringValue ?? reference.objectValue?.string("id") ?? ""
            let tag =
                state.tags[key]
                ?? state.tagOrder.compactMap { state.tags[$0] }.first { $0.name.lowercased() == key.lowercased() }
            guard let tag else { throw FakeAPIError.invalid("Tag \(key) not found.") }
            if !found.contains(tag.id) { found.append(tag.id) }
        }
        return found
    }
}
