import Testing

@testable import GeneratorCore

/// When a security requirement or an error payload is named once (`.shared`) and when it is
/// spelled out; the golden case `sharedRequestParts` shows the emitted Swift.
@Suite("Shared request parts")
struct SharedRequestPartsTests {
    /// `count` operations with the same root security and the same `401` response, plus `others`
    /// without credentials or errors.
    static func document(count: Int, others: Int = 0) -> String {
        var paths = ""
        for index in 0..<count {
            paths += """
                  /a\(index):
                    get:
                      operationId: a\(index)
                      responses:
                        '200': {description: ok}
                        '401': {description: denied, content: {application/json: {schema: {$ref: '#/components/schemas/P'}}}}

                """
        }
        for index in 0..<others {
            paths += """
                  /b\(index):
                    get:
                      operationId: b\(index)
                      security: []
                      responses:
                        '200': {description: ok}

                """
        }
        return """
            openapi: 3.1.0
            info: {title: S, version: '1'}
            security: [{bearer: []}]
            paths:
            \(paths)
            components:
              securitySchemes:
                bearer: {type: http, scheme: bearer}
              schemas:
                P: {type: object, properties: {m: {type: string}}}
            """
    }

    /// Every generated file, joined.
    static func swift(_ yaml: String) throws -> String {
        try GeneratorPipeline.generate(text: yaml, sourceName: "s.yaml", moduleName: "S").files.map(\.contents)
            .joined(separator: "\n")
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func aPartMostOperationsRepeatIsShared() throws {
        let swift = try Self.swift(Self.document(count: 4, others: 3))
        #expect(swift.contains("static var shared: Self { [[.bearer]] }"))
        #expect(swift.contains("static var shared: Self { [\"401\": P.self] }"))
        #expect(Self.count("security: .shared, errors: .shared)", in: swift) == 4)
    }

    /// Fewer than four uses, or not more than half of the operations: spelled out everywhere.
    @Test func aPartFewOperationsHaveIsSpelledOut() throws {
        for (count, others) in [(3, 0), (4, 4)] {
            let swift = try Self.swift(Self.document(count: count, others: others))
            #expect(!swift.contains(".shared"), "\(count) of \(count + others)")
            #expect(Self.count("security: [[.bearer]]", in: swift) == count, "\(count) of \(count + others)")
        }
    }
}
