import Testing

@testable import GeneratorCore

/// Pointers print and parse by RFC 6901 whatever path the text takes (byte fast paths for ASCII,
/// Character rules otherwise).
@Suite("JSON pointers")
struct DiagnosticTests {
    @Test func printingEscapesTildeAndSlashInEveryToken() {
        #expect(JSONPointer(["paths", "/v1/a~b", "get"]).description == "#/paths/~1v1~1a~0b/get")
        #expect(JSONPointer(["é/x", "~"]).description == "#/é~1x/~0")
        #expect(JSONPointer(["plain", "0"]).description == "#/plain/0")
        #expect(JSONPointer().appending("a").appending(2).description == "#/a/2")
    }

    @Test func parsingDecodesOnlyWhatNeedsIt() {
        #expect(JSONPointer(reference: "#/paths/~1v1~1a~0b")?.tokens == ["paths", "/v1/a~b"])
        #expect(JSONPointer(reference: "#/a%20b/c")?.tokens == ["a b", "c"])
        #expect(JSONPointer(reference: "#/components/schemas/Pet")?.tokens == ["components", "schemas", "Pet"])
    }

    /// The `#/components/schemas/<name>` shortcut gives what splitting the pointer gives.
    @Test func componentSchemaNamesMatchThePointerReading() {
        let loader = DocumentLoader(root: Node(.mapping([]), at: SourceLocation(line: 1, column: 1)))
        #expect(loader.componentSchemaName("#/components/schemas/Pet") == "Pet")
        #expect(loader.componentSchemaName("#/components/schemas/A~1B") == "A/B")
        #expect(loader.componentSchemaName("#/components/schemas/A%20B") == "A B")
        #expect(loader.componentSchemaName("#/components/schemas/A/B") == nil)
        #expect(loader.componentSchemaName("#/components/schemas/") == "")
        #expect(loader.componentSchemaName("#/components/responses/Pet") == nil)
    }
}
