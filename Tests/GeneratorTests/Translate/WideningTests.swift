import Testing

@testable import GeneratorCore

/// A schema generated as a type that admits more than it says is a `widening` warning at its
/// pointer; free-form data the schema asks for is not.
@Suite struct WideningTests {
    static let site = "#/components/schemas/Thing/properties/value"

    /// A 3.1 document whose `Thing` has one property `value` of schema `value`, sent and received.
    static func document(_ value: String, components: String = "", version: String = "3.1.0") -> String {
        """
        openapi: \(version)
        info: {title: T, version: "1"}
        paths:
          /things:
            post:
              operationId: makeThing
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Thing'}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Thing'}
        components:
          schemas:
            Thing:
              type: object
              properties:
                value: \(value)
        \(components)
        """
    }

    static func widenings(_ text: String) throws -> [Diagnostic] {
        let output = try GeneratorPipeline.generate(text: text, sourceName: "t.yaml")
        return output.diagnostics.filter { $0.category == .widening }
    }

    static func widenings(property value: String, components: String = "") throws -> [Diagnostic] {
        try widenings(document(value, components: components))
    }

    /// The one widening of `value`, at the property, its message starting `widened to <type>:`
    /// and holding `reason`.
    static func expectOne(_ value: String, type: String, reason: String, components: String = "") throws {
        let found = try widenings(property: value, components: components)
        #expect(found.count == 1, "\(value): \(found)")
        guard let warning = found.first else { return }
        #expect(warning.severity == .warning)
        #expect(warning.pointer == site, "\(value)")
        #expect(warning.location?.line == 22, "\(value)")
        #expect(warning.message.hasPrefix("widened to \(type): "), "\(warning.message)")
        #expect(warning.message.contains(reason), "\(warning.message)")
    }

    @Test func typeListIsAWidening() throws {
        try Self.expectOne("{type: [string, integer]}", type: "JSONValue", reason: "type list [string, integer]")
        try Self.expectOne("{type: [string, integer, 'null']}", type: "JSONValue", reason: "type list")
    }

    @Test func tupleIsAWidening() throws {
        try Self.expectOne(
            "{type: array, prefixItems: [{type: string}, {type: integer}]}", type: "[JSONValue]",
            reason: "prefixItems (a tuple)")
    }

    @Test func notAndFalseAreWidenings() throws {
        try Self.expectOne("{not: {type: string}}", type: "JSONValue", reason: "'not' has no Swift type")
        try Self.expectOne("false", type: "JSONValue", reason: "no value satisfies the schema")
    }

    @Test func typedAdditionalPropertiesWithoutTypeObjectIsAWidening() throws {
        try Self.expectOne(
            "{additionalProperties: {type: string}}", type: "JSONValue", reason: "additionalProperties without")
    }

    @Test func constObjectAndEmptyObjectAreWidenings() throws {
        try Self.expectOne("{const: {a: 1}}", type: "JSONValue", reason: "a const object")
        try Self.expectOne(
            "{type: object, additionalProperties: false}", type: "JSONObject", reason: "allows no member")
    }

    @Test func mixedEnumIsAWidening() throws {
        try Self.expectOne("{enum: [a, 1]}", type: "JSONValue", reason: "enum of string and integer values")
        try Self.expectOne("{enum: [1.5, 2.5]}", type: "JSONValue", reason: "enum of number values")
        try Self.expectOne("{enum: []}", type: "JSONValue", reason: "enum: [] allows no value")
    }

    /// `allOf[a string, an object]`: only the first member is generated.
    @Test func unmergeableAllOfIsAWidening() throws {
        let components = "    Name: {type: string}"
        try Self.expectOne(
            "{allOf: [{$ref: '#/components/schemas/Name'}, {type: object, properties: {x: {type: string}}}]}",
            type: "Name", reason: "allOf members that cannot be merged", components: components)
        let found = try Self.widenings(
            property: "{allOf: [{$ref: '#/components/schemas/Name'}, {properties: {x: {type: string}}}]}",
            components: components)
        #expect(found.first?.message.contains("not \(Self.site)/allOf/1") == true, "\(found)")
    }

    /// A component `allOf` over a union and an object: an alias of the union, the object dropped.
    @Test func unmergeableComponentAllOfIsReportedAtTheComponent() throws {
        let components = """
                Pet:
                  oneOf: [{type: string}, {type: integer}]
                Tagged:
                  allOf:
                    - {$ref: '#/components/schemas/Pet'}
                    - {type: object, properties: {tag: {type: string}}}
            """
        let found = try Self.widenings(property: "{type: string}", components: components)
        #expect(found.map(\.pointer) == ["#/components/schemas/Tagged"], "\(found)")
        #expect(found.first?.message.hasPrefix("widened to Pet: allOf members that cannot be merged") == true)
    }

    /// Members that add nothing but annotations or checks the client does not make lose nothing.
    @Test func allOfOfAnnotationsIsNotAWidening() throws {
        let components = "    Name: {type: string}"
        for value in [
            "{allOf: [{$ref: '#/components/schemas/Name'}, {description: The name.}]}",
            "{allOf: [{$ref: '#/components/schemas/Name'}, {maxLength: 3}]}",
            "{allOf: [{$ref: '#/components/schemas/Name'}], description: The name.}",
        ] {
            #expect(try Self.widenings(property: value, components: components).isEmpty, "\(value)")
        }
    }

    /// Free-form data the schema asks for is generated as such, with no warning.
    @Test func askedForFreeFormIsNotAWidening() throws {
        for value in [
            "{}", "true", "{description: Anything.}", "{type: object}", "{type: object, properties: {}}",
            "{type: object, additionalProperties: true}", "{type: object, additionalProperties: {}}",
            "{additionalProperties: true}", "{type: array}", "{type: array, items: {}}",
            "{type: [string, number, boolean, array, object, 'null']}", "{format: uuid}", "{minLength: 1}",
            "{type: 'null'}", "{enum: [null]}", "{const: null}", "{oneOf: [{type: 'null'}]}",
            "{type: object, additionalProperties: {type: object}}",
        ] {
            #expect(try Self.widenings(property: value).isEmpty, "\(value)")
        }
        // 3.0: `nullable` without a type is any value or null.
        let bare = Self.document("{nullable: true, description: Anything.}", version: "3.0.3")
        #expect(try Self.widenings(bare).isEmpty)
    }

    /// `Thing` is sent and received (translated twice, once per direction): one warning.
    @Test func aWideningIsReportedOnce() throws {
        #expect(try Self.widenings(property: "{type: [string, integer]}").count == 1)
    }

    // MARK: allOf nullability

    static let base = """
            Base:
              type: object
              properties:
                when: {type: string}
            Derived:
              allOf:
                - {$ref: '#/components/schemas/Base'}
                - type: object
                  required: [REQUIRED]
                  properties:
                    when: LATER
        """

    /// Widenings of a document where `Derived` merges `Base.when` with `later`; `Thing` (sent and
    /// received) refers to `Derived` only when `sent`.
    static func nullWidenings(later: String, required: Bool = true, sent: Bool = false) throws -> [Diagnostic] {
        let components = base.replacingOccurrences(of: "LATER", with: later)
            .replacingOccurrences(of: "REQUIRED", with: required ? "when" : "")
        let value = sent ? "{$ref: '#/components/schemas/Derived'}" : "{type: string}"
        return try widenings(property: value, components: components)
    }

    /// The whole output of the `nullWidenings` document.
    static func nullOutput(later: String, required: Bool = true, sent: Bool = false) throws
        -> GeneratorPipeline.Output
    {
        let components = base.replacingOccurrences(of: "LATER", with: later)
            .replacingOccurrences(of: "REQUIRED", with: required ? "when" : "")
        let value = sent ? "{$ref: '#/components/schemas/Derived'}" : "{type: string}"
        return try GeneratorPipeline.generate(text: document(value, components: components), sourceName: "t.yaml")
    }

    /// A value must satisfy every member: a later nullable member does not make a non-null one
    /// nullable. The member stays non-null (no widening, whether required, optional or sent), and
    /// the null the later member allows is reported there, naming the earlier member.
    @Test func allOfMergeKeepsAMemberNonNullAndReportsTheIgnoredNull() throws {
        let later = "{type: [string, 'null'], format: date-time}"
        #expect(try Self.nullWidenings(later: later).isEmpty)
        #expect(try Self.nullWidenings(later: later, required: false).isEmpty)
        #expect(try Self.nullWidenings(later: later, required: false, sent: true).isEmpty)
        let output = try Self.nullOutput(later: later, required: false)
        let found = output.diagnostics.filter { $0.message.contains("does not accept null") }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.pointer == "#/components/schemas/Derived/allOf/1/properties/when")
        #expect(found.first?.message.contains("#/components/schemas/Base/properties/when") == true)
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public var when: Date? {"))
        let required = try Self.nullOutput(later: later).files.map(\.contents).joined()
        #expect(required.contains("public var when: Date {"))
    }

    /// A later member that rules null out is reflected: a sent member is `T?`, not `Nullable<T>?`,
    /// and a required one `T`, not `T?`.
    @Test func allOfMergeMakingAMemberNonNullIsReflected() throws {
        let components = Self.base
            .replacingOccurrences(of: "when: {type: string}", with: "when: {type: [string, 'null']}")
            .replacingOccurrences(of: "LATER", with: "{type: string, format: date-time}")
            .replacingOccurrences(of: "REQUIRED", with: "when")
        let sent = try GeneratorPipeline.generate(
            text: Self.document("{$ref: '#/components/schemas/Derived'}", components: components), sourceName: "t.yaml")
        let text = sent.files.map(\.contents).joined()
        #expect(text.contains("public var when: Date {"), "\(text)")
        #expect(!text.contains("Nullable<Date>"))
        #expect(sent.diagnostics.filter { $0.message.contains("null") }.isEmpty)
    }

    @Test func allOfMergeKeepingNullabilityIsNotAWidening() throws {
        #expect(try Self.nullWidenings(later: "{type: string, format: date-time}").isEmpty)
        // The non-null member wins: narrower, not wider.
        #expect(try Self.nullWidenings(later: "{type: [string, 'null']}").isEmpty)
        #expect(try Self.nullWidenings(later: "{type: [string, 'null']}", sent: true).isEmpty)
    }

    // MARK: widening: error

    @Test func wideningErrorRefusesGeneration() throws {
        let text = Self.document("{type: [string, integer]}")
        let strict = GeneratorConfiguration(widening: .error)
        do {
            _ = try GeneratorPipeline.generate(text: text, sourceName: "t.yaml", configuration: strict)
            Issue.record("expected WideningRefused")
        } catch let refused as GeneratorPipeline.WideningRefused {
            #expect(refused.widenings.count == 1)
            #expect(refused.widenings.allSatisfy { $0.severity == .error })
            #expect(refused.description.hasPrefix("1 schema is generated wider than the document says"))
            #expect(refused.description.contains("t.yaml:22:"))
            #expect(refused.description.contains("error: widened to JSONValue: type list [string, integer]"))
            #expect(refused.description.contains("(at \(Self.site))"))
        }
        let lenient = GeneratorConfiguration(widening: .warning)
        let output = try GeneratorPipeline.generate(text: text, sourceName: "t.yaml", configuration: lenient)
        #expect(output.diagnostics.filter { $0.category == .widening }.count == 1)
        // Nothing widened: nothing refused.
        let clean = Self.document("{type: object}")
        _ = try GeneratorPipeline.generate(text: clean, sourceName: "t.yaml", configuration: strict)
    }
}
