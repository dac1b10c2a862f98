import Testing

@testable import GeneratorCore

/// How each model member is decoded and encoded (`MemberCoding`), decided on the declaration
/// model; the golden cases show the printed `decode…`/`encode…` calls.
@Suite struct ModelCodingTests {
    static func model() throws -> StructDecl {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Event:
                  type: object
                  required: [kind, at, note]
                  properties:
                    kind: {const: created}
                    at: {type: string, format: date-time}
                    note: {type: [string, "null"]}
                    size: {type: integer}
                    label: {const: x}
            """
        let root = try YAMLParser.parse(Array(yaml.utf8), file: "coding.yaml")
        let document = try #require(DocumentLoader.load(root).document)
        let module = Translator.translate(document, options: .init(moduleName: "M", sourceName: "coding.yaml")).module
        for case .structure(let decl) in module.declarations where decl.name == "Event" { return decl }
        Issue.record("no Event model")
        return try #require(nil as StructDecl?)
    }

    @Test func eachMemberHasItsCoding() throws {
        let decl = try Self.model()
        let byName = Dictionary(uniqueKeysWithValues: decl.properties.map { ($0.swiftName, $0) })
        #expect(byName["kind"]?.coding == .constant("created"))
        #expect(byName["at"]?.coding == .dateTime)
        #expect(byName["at"]?.encodesDateTime == true)
        // A required nullable member of a response model is an optional written as null.
        let note = try #require(byName["note"])
        #expect(note.coding == .value && note.decodesIfPresent && !note.encodesIfPresent)
        // In a request model it tells absent from null (`Nullable`).
        var sent = note
        sent.type = .nullable(.named("String"))
        #expect(sent.coding == .nullable(inner: .named("String")))
        #expect(byName["size"]?.coding == .value)
        #expect(byName["kind"]?.storedType == .named("String"))
        #expect(byName["label"]?.storedType == .optional(.named("String")))
    }

    /// A nil member is left out unless `required` lists it; it is decoded as possibly missing
    /// whenever it is optional.
    @Test func presence() throws {
        let decl = try Self.model()
        let size = try #require(decl.properties.first { $0.swiftName == "size" })
        #expect(size.decodesIfPresent && size.encodesIfPresent)
        var listed = size
        listed.isRequired = true
        #expect(listed.decodesIfPresent && !listed.encodesIfPresent)
    }

    /// An optional constant cannot go through the memberwise initialiser.
    @Test func optionalConstantDecodesByAssignment() throws {
        var decl = try Self.model()
        #expect(decl.decodesByAssignment)
        decl.properties.removeAll { $0.swiftName == "label" }
        #expect(!decl.decodesByAssignment)
    }

    @Test func additionalMembers() throws {
        var decl = try Self.model()
        decl.keepsAdditionalFields = true
        decl.additionalFieldsType = nil
        #expect(decl.extrasType == .named("JSONObject") && decl.extrasAreUntyped)
        decl.additionalFieldsType = .dictionary(.named("Int"))
        #expect(decl.extrasType == .dictionary(.named("Int")) && !decl.extrasAreUntyped)
        decl.keepsAdditionalFields = false
        #expect(decl.extrasType == nil)
    }
}
