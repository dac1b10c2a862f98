import APIRuntime
import APITesting
import Foundation
import PetClinicAPI
import PetClinicAPITesting
import Testing

// Spawns Python with Foundation's `Process`, which iOS, tvOS, watchOS and visionOS lack (the
// same platform test as ReferenceTool's): compiled for macOS and Linux only.
#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
/// The bytes `PetClinicAPIStubs.examples` sends, checked against petstore-3.0.yaml by the mock
/// server's own validator (openapi-core, tools/mockserver/validate_answers.py).
@Suite(.enabled(if: Validator.python != nil, "no Python with openapi-core"))
struct ExampleValidationTests {
    struct Answer: Codable, Sendable {
        var operationId: String
        var status: Int
        var contentType: String
        var body: String
    }

    struct Violation: Decodable, CustomStringConvertible {
        var operationId: String?
        var message: String
        var description: String { "\(operationId ?? "-"): \(message)" }
    }

    /// Records each answer as the engine received it.
    struct AnswerTap: APIMiddleware {
        let answers: StubRecorder<Answer>
        func intercept(
            _ request: APIRequest, operation: String, next: @Sendable (APIRequest) async throws -> RawResponse
        ) async throws -> RawResponse {
            let response = try await next(request)
            answers.record(
                Answer(
                    operationId: operation, status: response.statusCode,
                    contentType: response.headers["Content-Type"] ?? "",
                    body: String(decoding: response.body, as: UTF8.self)))
            return response
        }
    }

    @Test func theMockServersValidatorAcceptsEveryExampleAnswer() async throws {
        let answers = StubRecorder<Answer>()
        try await PetClinicExamplesTests.callEveryOperation(
            PetClinicStubsTests.engine(.examples, middlewares: [AnswerTap(answers: answers)]))
        #expect(Set(answers.values.map(\.operationId)).count == 12)
        let violations = try Validator.validate(answers.values, spec: "petstore-3.0.yaml")
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }
}

/// tools/mockserver/validate_answers.py, run with the Python the end-to-end suites use.
enum Validator {
    typealias Answer = ExampleValidationTests.Answer
    typealias Violation = ExampleValidationTests.Violation

    static func validate(_ answers: [Answer], spec: String) throws -> [Violation] {
        let python = try #require(Self.python)
        let process = Process()
        process.executableURL = python
        process.arguments = [
            root.appendingPathComponent("tools/mockserver/validate_answers.py").path, "--spec",
            root.appendingPathComponent("Tests/GeneratorTests/Fixtures/EndToEnd/\(spec)").path,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: JSONEncoder().encode(answers))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([Violation].self, from: data)
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // APITestingTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `$ASSINAFY_PYTHON` (exported by `make test`), else the package's `.venv/bin/python`.
    static let python: URL? = {
        if let configured = ProcessInfo.processInfo.environment["ASSINAFY_PYTHON"],
            FileManager.default.isExecutableFile(atPath: configured)
        {
            return URL(fileURLWithPath: configured)
        }
        let venv = root.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: venv.path) ? venv : nil
    }()
}
#endif
