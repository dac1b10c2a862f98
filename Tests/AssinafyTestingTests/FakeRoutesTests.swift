import APIRuntime
import Assinafy
import Foundation
import Testing

@testable import AssinafyTesting

/// The fake's operation table against the generated client: every operation the client can call
/// is one the fake routes and models, by the same name, method and path template.
@Suite struct FakeRoutesTests {
    static let generatedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AssinafyAPI")

    /// Each `APIRequest(operationName:…)` of the generated client with the `security:` argument
    /// it passes (`default` when it passes none).
    static func generatedOperations() throws -> [String: String] {
        let pattern = try NSRegularExpression(
            pattern: #"operationName: "(\w+)",(?:(?!APIRequest\()[\s\S])*?(?:security: ([^,)\n]+)|errors:)"#)
        var found: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: generatedDirectory.path)
        where file.hasSuffix("API.swift") {
            let text = try String(contentsOf: generatedDirectory.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                found[name] = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? "default"
            }
        }
        return found
    }

    @Test func theFakeServesEveryOperationOfTheGeneratedClient() throws {
        let generated = try Self.generatedOperations()
        #expect(!generated.isEmpty)
        #expect(Set(generated.keys) == Set(FakeRoutes.operations.operationNames))
    }

    /// The fake's short security lists say what the generated client applies: an access code for
    /// the signer operations, nothing for the open ones, the workspace credential for the rest.
    @Test func theSecurityListsMatchTheGeneratedClient() throws {
        let generated = try Self.generatedOperations()
        let signer = Set(generated.filter { $0.value == "[[.signerAccessCode]]" }.keys)
        #expect(signer == FakeSecurity.signerOperations)
        let open = Set(generated.filter { $0.value == "default" || $0.value == "[]" }.keys)
        #expect(open == FakeSecurity.openOperations)
    }

    @Test func everyOperationHasATypedName() throws {
        let source = try String(
            contentsOf: Self.generatedDirectory.deletingLastPathComponent()
                .appendingPathComponent("AssinafyTesting/FakeOperation.swift"),
            encoding: .utf8)
        for name in FakeRoutes.operations.operationNames {
            #expect(source.contains("static let \(name) = FakeOperation(\"\(name)\")"))
        }
        #expect(FakeOperation.getDocument == "getDocument")
    }

    /// Each operation of the generated client with its HTTP method (`get`, `post`, …).
    static func generatedMethods() throws -> [String: String] {
        let pattern = try NSRegularExpression(pattern: #"operationName: "(\w+)", method: \.(\w+)"#)
        var found: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: generatedDirectory.path)
        where file.hasSuffix("API.swift") {
            let text = try String(contentsOf: generatedDirectory.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let name = Range(match.range(at: 1), in: text), let method = Range(match.range(at: 2), in: text)
                else { continue }
                found[String(text[name])] = String(text[method])
            }
        }
        return found
    }

    /// Every operation of both documents, called with the right credential (the owner's token,
    /// or a live signer's access code) and ids the fake knows, reaches a handler: none answers
    /// 501 (not modelled) or 500 (a handler that failed).
    @Test func noOperationOfTheDocumentAnswersNotImplemented() async throws {
        let methods = try Self.generatedMethods()
        let names = FakeRoutes.operations.operationNames
        #expect(names.count == 111, "openapi.yaml's 106 operations and openapi-unpublished.yaml's 5")
        for name in names {
            // A fresh fake each time: a deleted document or key must not hide the next operation.
            let fake = AssinafyFake()
            let status = try await Self.call(name, method: methods[name], on: fake)
            #expect(![500, 501].contains(status.code), "\(name): \(status.code) \(status.body)")
            if FakeSecurity.of(name) != .open {
                #expect(status.code != 401, "\(name): the fake did not take the credential")
            }
        }
    }

    /// Calls `name` with placeholders for its path parameters (the ids of a document assigned
    /// to a signer, and a template, where the names match) and an empty JSON object as body.
    static func call(_ name: String, method: String?, on fake: AssinafyFake) async throws -> (code: Int, body: String) {
        let client = fake.client()
        let documentId = try await readyDocument(fake, client)
        let signerId = try await client.signers.create(
            CreateSignerPayload(fullName: "Ana", email: "a@example.invalid")
        ).id
        let assignment = try await client.assignments.create(
            documentId: documentId, payload: .withSignerIds([signerId], method: .virtual))
        let accessCode = try #require(fake.accessCode(documentId: documentId, signerId: signerId ?? ""))
        let (templateId, _) = fake.addTemplate(name: "Offer", roles: ["Candidate"])
        let values = [
            "accountId": fake.accountId, "documentId": documentId, "signerId": signerId ?? "",
            "assignmentId": assignment.id ?? "", "templateId": templateId,
        ]
        var path = try #require(FakeRoutes.pathTemplate(for: name))
        while let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") {
            let parameter = String(path[path.index(after: open)..<close])
            path.replaceSubrange(open...close, with: values[parameter] ?? "x")
        }
        let signer = FakeSecurity.of(name) == .signer
        var headers = HeaderFields()
        headers.add("Content-Type", "application/json")
        if !signer { headers.add("Authorization", "Bearer \(fake.token)") }
        let query = signer ? "?signer-access-code=\(accessCode)" : ""
        var request = TransportRequest(
            url: try #require(URL(string: "https://api.example.invalid" + path + query)),
            method: RequestMethod(rawValue: (method ?? "get").uppercased()) ?? .get, headers: headers,
            body: .data(Data("{}".utf8)))
        request.operationName = name
        let response = try await fake.transport.send(request)
        return (response.statusCode, String(decoding: response.body, as: UTF8.self))
    }

    @Test func aLiteralSegmentIsNotMistakenForAParameter() async throws {
        let fake = AssinafyFake()
        let client = fake.client()
        _ = try await client.documents.statuses()
        let missing: String = "doc-1"
        _ = try? await client.documents.get(documentId: missing)
        #expect(fake.exchanges.map(\.operation) == ["listDocumentStatuses", "getDocument"])
    }
}
