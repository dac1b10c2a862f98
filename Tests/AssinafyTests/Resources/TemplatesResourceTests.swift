import AssinafyAPI
import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct TemplatesResourceTests {
    @Test func listSendsSearchAndPaging() async throws {
        let stub = StubTransport()
        stub.enqueueData("[\(Fixture.template())]", headers: Fixture.paging(page: 2, of: 2, perPage: 10, total: 11))
        let page = try await Fixture.client(stub).templates.list(
            params: TemplateListParams(search: "Hiring", page: 2, perPage: 10))
        let template = try #require(page.data.first)
        #expect(template.roles?.first?.id == "role-1")
        let placement = try #require(template.pages?.first?.fields?.first)
        #expect(placement.displaySettingsJSON.map(Fixture.canonical) == ["x": 100, "y": 200])
        let text = try #require(placement.displaySettingsText)
        #expect(
            Fixture.canonical(try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))) == ["x": 100, "y": 200])
        #expect(page.meta?.lastPage == 2)
        let request = try #require(stub.requests.first)
        #expect(request.route == "GET /v1/accounts/\(Fixture.accountId)/templates")
        #expect(request.query("search") == "Hiring")
        #expect(request.query("page") == "2")
        #expect(request.query("per-page") == "10")
    }

    @Test func listAllWalksPages() async throws {
        let stub = StubTransport()
        stub.enqueueData(
            "[\(Fixture.template(id: "t1"))]", headers: Fixture.paging(page: 1, of: 2, perPage: 1, total: 2))
        stub.enqueueData(
            "[\(Fixture.template(id: "t2"))]", headers: Fixture.paging(page: 2, of: 2, perPage: 1, total: 2))
        let all = try await Fixture.client(stub).templates.listAll().collect()
        #expect(all.map(\.id) == ["t1", "t2"])
    }

    @Test func createSendsThePDFAsTheFilePartNamedAfterTheTemplate() async throws {
        let stub = StubTransport()
        stub.enqueueData(Fixture.template(name: "Offer letter.pdf"))
        let template = try await Fixture.client(stub).templates.create(name: "Offer letter", pdfData: Fixture.pdf)
        #expect(template.name == "Offer letter.pdf")
        let request = try #require(stub.requests.first)
        #expect(request.route == "POST /v1/accounts/\(Fixture.accountId)/templates")
        #expect(request.operationName == "createTemplate")
        #expect(request.multipartParts.map(\.name) == ["file"])
        #expect(request.multipartParts.first?.filename == "Offer letter.pdf")
        #expect(request.multipartParts.first?.contentType == "application/pdf")

        stub.enqueueData(Fixture.template(name: "Lease.PDF"))
        _ = try await Fixture.client(stub).templates.create(name: "Lease.PDF", pdfData: Fixture.pdf)
        #expect(stub.requests.last?.multipartParts.first?.filename == "Lease.PDF")
    }

    @Test func createChecksTheNameAndThePDFFirst() async throws {
        let stub = StubTransport()
        let templates = Fixture.client(stub).templates
        #expect(
            await expectValidationError { _ = try await templates.create(name: "", pdfData: Fixture.pdf) }?.errors[
                "name"] != nil)
        let notPDF = await expectValidationError { _ = try await templates.create(name: "X", pdfData: Fixture.png) }
        #expect(notPDF?.errors["pdfData"] == ["must start with %PDF"])
        #expect(stub.requests.isEmpty)
    }

    @Test func getUpdateDeleteAndPageDownloadUseTheUnpublishedRoutes() async throws {
        let stub = StubTransport()
        let templates = Fixture.client(stub).templates
        stub.enqueueData(Fixture.template())
        let template = try await templates.get(templateId: "tpl-1")
        #expect(template.defaultDocumentTags?.isEmpty == true)
        stub.enqueueData(Fixture.template(name: "Offer v2"))
        _ = try await templates.update(
            templateId: "tpl-1", payload: UpdateTemplatePayload(name: "Offer v2", message: "Please sign"),
            accountId: "acc-2")
        stub.enqueueJSON("{\"status\": 200, \"message\": \"\", \"data\": null}")
        try await templates.delete(templateId: "tpl-1")
        stub.enqueue { _ in RawResponse(statusCode: 200, body: Data([0xFF, 0xD8, 0xFF])) }
        let image = try await templates.downloadPage(templateId: "tpl-1", pageId: "tpage-1")
        #expect(image == Data([0xFF, 0xD8, 0xFF]))

        #expect(
            stub.requests.map(\.route) == [
                "GET /v1/accounts/\(Fixture.accountId)/templates/tpl-1", "PUT /v1/accounts/acc-2/templates/tpl-1",
                "DELETE /v1/accounts/\(Fixture.accountId)/templates/tpl-1",
                "GET /v1/accounts/\(Fixture.accountId)/templates/tpl-1/pages/tpage-1/download",
            ])
        #expect(stub.requests[1].jsonBody == Fixture.canonical(["name": "Offer v2", "message": "Please sign"]))
        #expect(stub.requests[3].responseKind == .binary)
        #expect(stub.requests.allSatisfy { $0.credential == .account })
    }
}
