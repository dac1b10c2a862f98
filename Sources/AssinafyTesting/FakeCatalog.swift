import APIRuntime
import AssinafyAPI
import Foundation

/// Tags and templates (the emulator's `h_catalog.py`). Templates carry signer roles but no field
/// placements, so a document made from one gets a virtual assignment, ready to sign at once.
extension FakeServer {
    func catalogHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        switch operation {
        case "listTags":
            try state.requireAccount(context.param("accountId"))
            let search = (request.query("search") ?? "").lowercased()
            let found = state.tagOrder.compactMap { state.tags[$0] }
                .filter { search.isEmpty || $0.name.lowercased().contains(search) }
                .sorted { $0.name.lowercased() < $1.name.lowercased() }
            return try .ok(found.map(FakeViews.tag))
        case "createTag":
            try state.requireAccount(context.param("accountId"))
            let body = try request.object()
            guard let name = body.trimmed("name") else { throw FakeAPIError.invalid("name cannot be blank.") }
            if tagNameTaken(name) { throw FakeAPIError(status: 409, message: "A tag with this name already exists.") }
            let tag = FakeTag(
                id: state.newId("tag"), accountId: state.accountId, name: name, color: body.string("color"),
                now: state.now)
            state.tags[tag.id] = tag
            state.tagOrder.append(tag.id)
            return try .ok(FakeViews.tag(tag))
        case "updateTag":
            try state.requireAccount(context.param("accountId"))
            guard let tag = state.tags[context.param("tagId")] else { throw FakeAPIError.notFound() }
            let body = try request.object()
            if body["name"] != nil {
                guard let name = body.trimmed("name") else { throw FakeAPIError.invalid("name cannot be blank.") }
                if tagNameTaken(name, except: tag.id) {
                    throw FakeAPIError.invalid("A tag with this name already exists.")
                }
                tag.name = name
            }
            if body["color"] != nil { tag.color = body.string("color") }
            tag.updatedAt = state.now
            return try .ok(FakeViews.tag(tag))
        case "deleteTag":
            try state.requireAccount(context.param("accountId"))
            guard let tag = state.tags[context.param("tagId")] else { throw FakeAPIError.notFound() }
            let holders = state.documents.values.filter { $0.tags.contains(tag.id) }
            if !holders.isEmpty && request.queryBool("force") != true {
                throw FakeAPIError.invalid(
                    "The tag is attached to documents or templates; pass force=true to detach it.")
            }
            for document in holders { document.tags.removeAll { $0 == tag.id } }
            state.tags[tag.id] = nil
            state.tagOrder.removeAll { $0 == tag.id }
            return try .ok(DeleteTagResponseData(deleted: true))
        default:
            return try templatesHandler(operation, context)
        }
    }

    private func tagNameTaken(_ name: String, except id: String? = nil) -> Bool {
        state.tags.values.contains { $0.id != id && $0.name.lowercased() == name.lowercased() }
    }

    private func templatesHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        switch operation {
        case "listTemplates":
            try state.requireAccount(context.param("accountId"))
            let search = (request.query("search") ?? "").lowercased()
            let found = state.templateOrder.compactMap { state.templates[$0] }
                .filter { search.isEmpty || $0.name.lowercased().contains(search) }
            return try context.paged(found) { FakeViews.template($0, origin: request.origin) }
        case "createTemplate":
            try state.requireAccount(context.param("accountId"))
            guard let part = try request.multipartPart(named: "file"), part.data.starts(with: Data("%PDF".utf8)) else {
                throw FakeAPIError.invalid("file must be a PDF.")
            }
            let name = part.filename.map { $0.hasSuffix(".pdf") ? String($0.dropLast(4)) : $0 } ?? "Template"
            let template = FakeTemplate(
                id: state.newId("tpl"), accountId: state.accountId, name: name, roles: [], now: state.now)
            template.pageIds = (0..<max(1, FakeArtifacts.pageCount(part.data))).map { _ in state.newId("page") }
            state.templates[template.id] = template
            state.templateOrder.append(template.id)
            return try .ok(FakeViews.template(template, origin: request.origin))
        case "getTemplate":
            return try .ok(FakeViews.template(try template(context), origin: request.origin))
        case "updateTemplate":
            let template = try template(context)
            let body = try request.object()
            if body["name"] != nil {
                guard let name = body.trimmed("name") else { throw FakeAPIError.invalid("name cannot be blank.") }
                template.name = name
            }
            if body["document_name"] != nil { template.documentName = body.string("document_name") }
            if body["message"] != nil { template.message = body.string("message") }
            template.updatedAt = state.now
            return try .ok(FakeViews.template(template, origin: request.origin))
        case "deleteTemplate":
            let template = try template(context)
            if state.documents.values.contains(where: { $0.templateId == template.id }) {
                throw FakeAPIError.invalid("The template has documents and cannot be deleted.")
            }
            state.templates[template.id] = nil
            state.templateOrder.removeAll { $0 == template.id }
            return try .message("")
        case "estimateDocumentFromTemplateCost":
            let template = try template(context)
            let given = try roleSpecs(template, try request.object().objects("signers") ?? [], needId: false)
            return try .ok(estimate(try given.map(resolveMethods)))
        case "downloadTemplatePage":
            let template = try template(context)
            guard template.pageIds.contains(context.param("pageId")) else { throw FakeAPIError.notFound() }
            return .binary(FakeArtifacts.jpeg, contentType: "image/jpeg")
        case "createDocumentFromTemplate":
            return try documentFromTemplate(try template(context), context)
        default:
            return nil
        }
    }

    private func template(_ context: FakeContext) throws -> FakeTemplate {
        try state.requireAccount(context.param("accountId"))
        guard let template = state.templates[context.param("templateId")] else { throw FakeAPIError.notFound() }
        return template
    }

    /// The signer entries, one per role of the template, each naming a known role.
    private func roleSpecs(_ template: FakeTemplate, _ signers: [JSONObject], needId: Bool) throws -> [JSONObject] {
        for signer in signers where !template.roles.contains(where: { $0.id == signer.string("role_id") }) {
            throw FakeAPIError.invalid("Unknown role: \(signer.string("role_id") ?? "").")
        }
        return try template.roles.map { role in
            guard let signer = signers.first(where: { $0.string("role_id") == role.id }) else {
                throw FakeAPIError.invalid("A signer is required for role \(role.name).")
            }
            if needId && signer.string("id") == nil { throw FakeAPIError.invalid("Every signer needs an id.") }
            return signer
        }
    }

    private func documentFromTemplate(_ template: FakeTemplate, _ context: FakeContext) throws -> FakeReply {
        let body = try context.request.object()
        let specs = try roleSpecs(template, body.objects("signers") ?? [], needId: true)
        let name = body.trimmed("name") ?? template.documentName ?? template.name
        let document = FakeDocument(
            id: state.newId("doc"), accountId: state.accountId, name: name, data: FakeArtifacts.pdf(lines: [name]),
            now: state.now)
        document.templateId = template.id
        document.pageIds = [state.newId("page")]
        document.status = "metadata_ready"
        state.documents[document.id] = document
        state.documentOrder.append(document.id)
        do {
            _ = try buildAssignment(
                document, method: "virtual",
                specs: specs.map { spec in
                    var spec = spec
                    spec["role_id"] = nil
                    return spec
                }, entries: [], message: body.string("message") ?? template.message,
                expiresAt: body.string("expires_at"), copyReceivers: [])
        } catch {
            state.documents[document.id] = nil
            state.documentOrder.removeAll { $0 == document.id }
            throw error
        }
        state.record("document_uploaded", subject: state.userSubject(), document: document)
        return try .ok(FakeViews.document(state, document, origin: context.request.origin))
    }
}
