import Testing

@testable import GeneratorCore

/// Both readers note a `$ref` naming another file, so bundling may skip its walk only when
/// there is none.
@Suite("Reference note")
struct ByteSupportTests {
    static func notes(_ text: String, format: DocumentFormat) throws -> Bool {
        try DocumentReader.readNotingReferences(validating: Array(text.utf8), file: "t", format: format)
            .mayReferOutside
    }

    @Test func externalReferencesAreNotedInYAMLAndJSON() throws {
        #expect(try Self.notes("a:\n  b: {$ref: 'other.yaml#/x'}\n", format: .yaml))
        #expect(try Self.notes(#"{"a": [{"$ref": "other.json"}]}"#, format: .json))
        #expect(try Self.notes(#"{"a": {"$ref": "other.json"}}"#, format: .yaml))
    }

    @Test func localReferencesAndLookalikesAreNot() throws {
        #expect(try !Self.notes("a:\n  $ref: '#/components/schemas/X'\nb: other.yaml\n", format: .yaml))
        #expect(try !Self.notes(##"{"$reference": "other.json", "x": {"$ref": "#/a"}}"##, format: .json))
        #expect(try !Self.notes("a: {$ref: [other.yaml]}\n", format: .yaml))
    }
}
