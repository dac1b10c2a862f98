import APIRuntime
import Foundation
import Testing

@testable import Assinafy

@Suite struct FieldsResourceTests {
    static let fieldJSON = """
        {"resource": "field", "id": "fld-1", "name": "Data de admissão", "type": "date", "regex": null,
         "is_pre_defined": false, "is_active": true, "is_required": true, "is_standard": false,
         "is_read_only": false, "is_visible": true}
        """

    @Test func listSendsFiltersOnlyWhenGiven() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope("[\(Self.fieldJSON)]"))
        transport.enqueueJSON(envelope("[]"))
        let fields = Stubbed.client(transport).fields

        let page = try await fields.list()
        _ = try await fields.list(includeInactive: true, includeStandard: false, accountId: "acc-other")

        #expect(page.data.first?.type == "date")
        #expect(page.data.first?.isRequired == true)
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == ["GET /v1/accounts/acc-test-1/fields", "GET /v1/accounts/acc-other/fields"])
        #expect(requests[0].query.isEmpty)
        #expect(Stubbed.query(requests[1]) == ["include_inactive": "true", "include_standard": "false"])
    }

    @Test func definitionsCRUD() async throws {
        let transport = StubTransport()
        for _ in 0..<3 { transport.enqueueJSON(envelope(Self.fieldJSON)) }
        transport.enqueueJSON(envelope("[]"))
        let fields = Stubbed.client(transport).fields

        let created = try await fields.create(
            CreateFieldPayload(name: "Data de admissão", type: "date", isRequired: true))
        _ = try await fields.get(fieldId: "fld-1")
        try await fields.update(fieldId: "fld-1", payload: UpdateFieldPayload(regex: .null, isActive: false))
        try await fields.delete(fieldId: "fld-1")

        #expect(created.id == "fld-1")
        let requests = transport.requests
        #expect(
            requests.map(Stubbed.route) == [
                "POST /v1/accounts/acc-test-1/fields", "GET /v1/accounts/acc-test-1/fields/fld-1",
                "PUT /v1/accounts/acc-test-1/fields/fld-1", "DELETE /v1/accounts/acc-test-1/fields/fld-1",
            ])
        #expect(
            Stubbed.body(requests[0])
                == Stubbed.canonical(["name": "Data de admissão", "type": "date", "is_required": true]))
        // `.null` clears the pattern: it must be sent as JSON null, not left out.
        #expect(Stubbed.body(requests[2]) == Stubbed.canonical(["regex": nil, "is_active": false]))
        #expect(requests.allSatisfy { $0.credential == .account })
    }

    @Test func fieldTypes() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"[{"type": "text", "name": "Texto"}, {"type": "cpf", "name": "CPF"}]"#))
        let types = try await Stubbed.client(transport, defaultAccountId: nil).fields.types()
        #expect(Stubbed.route(transport.requests.first) == "GET /v1/field-types")
        #expect(types.data.map(\.type) == ["text", "cpf"])
    }

    @Test func validateSendsAStringAsAJSONString() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"type": "date", "success": false, "error_message": "Data inválida"}"#))
        let result = try await Stubbed.client(transport).fields.validate(fieldId: "fld-1", value: "2026-02-30")

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/accounts/acc-test-1/fields/fld-1/validate")
        #expect(Stubbed.body(request) == Stubbed.canonical(["value": "2026-02-30"]))
        #expect(result.success == false)
        #expect(result.errorMessage == "Data inválida")
    }

    @Test func validateSendsAnyJSONValueUnchanged() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(envelope(#"{"type": "number", "success": true, "error_message": null}"#))
        transport.enqueueJSON(envelope(#"{"type": "list", "success": true}"#))
        let fields = Stubbed.client(transport).fields

        let result = try await fields.validate(fieldId: "fld-2", value: JSONValue(.integer(42)))
        _ = try await fields.validate(fieldId: "fld-3", value: ["a", 1, nil])

        #expect(result.success == true)
        let raw = try #require(
            transport.requests.first.map { request -> String in
                guard case .json(let data, _)? = request.body else { return "" }
                return String(decoding: data, as: UTF8.self)
            })
        // An integer stays an integer on the wire (no `42.0`, no quotes).
        #expect(raw == #"{"value":42}"#)
        #expect(Stubbed.body(transport.requests.last) == Stubbed.canonical(["value": ["a", 1, nil]]))
    }

    @Test func validateMultipleMixesTextAndJSONValues() async throws {
        let transport = StubTransport()
        transport.enqueueJSON(
            envelope(
                """
                [{"field_id": "fld-1", "type": "date", "success": true, "error_message": null},
                 {"field_id": "fld-2", "type": "number", "success": false, "error_message": "Fora do intervalo"}]
                """))
        let results = try await Stubbed.client(transport).fields.validateMultiple(items: [
            FieldValidateMultipleItem(fieldId: "fld-1", value: "2026-08-27"),
            FieldValidateMultipleItem(fieldId: "fld-2", value: JSONValue(.double(1.5))),
        ])

        let request = try #require(transport.requests.first)
        #expect(Stubbed.route(request) == "POST /v1/accounts/acc-test-1/fields/validate-multiple")
        #expect(
            Stubbed.body(request)
                == Stubbed.canonical([
                    ["field_id": "fld-1", "value": "2026-08-27"], ["field_id": "fld-2", "value": 1.5],
                ]))
        #expect(results.map(\.fieldId) == ["fld-1", "fld-2"])
        #expect(results.last?.errorMessage == "Fora do intervalo")
    }
}
