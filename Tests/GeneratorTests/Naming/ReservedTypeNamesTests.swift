import Foundation
import Testing

@testable import GeneratorCore

/// Schemas named like the types apps see beside a generated module (Foundation's, the runtime's,
/// the testing module's, the module itself) are generated as `<Name>Model`, with a warning.
@Suite struct ReservedTypeNamesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The names the generator reserves, each renamed the same way wherever it is written.
    @Test func reservedNamesTakeAModelSuffix() {
        let reserved = [
            // Foundation
            "Data", "Date", "URL", "UUID", "Decimal", "Locale", "TimeZone", "Calendar", "Notification", "URLRequest",
            "JSONDecoder", "Progress", "Operation",
            // APIRuntime
            "JSONValue", "JSONObject", "APIRequest", "APIResponse", "SecurityScheme", "ServerURL",
            // APITesting
            "StubAnswer", "StubRequest", "StubTransport", "StubError", "StubRecorder",
            // modules generated code imports
            "Foundation", "APIRuntime", "APITesting", "Swift",
            // the standard library and what generated code uses
            "String", "Error", "Result", "Range", "Identifiable",
        ]
        for name in reserved {
            #expect(SwiftNames.typeName(name) == name + "Model", "\(name)")
            #expect(SwiftNames.reservedTypeNameOwner(name) != nil, "\(name)")
        }
        #expect(SwiftNames.typeName("stub_answer") == "StubAnswerModel")
        #expect(SwiftNames.typeName("data-model") == "DataModel")
        #expect(SwiftNames.typeName("Account") == "Account")
        #expect(SwiftNames.reservedTypeNameOwner("Account") == nil)
        #expect(SwiftNames.reservedTypeNameOwner("Data") == "a Foundation type")
        #expect(SwiftNames.reservedTypeNameOwner("StubAnswer") == "a type of APITesting")
        #expect(SwiftNames.reservedTypeNameOwner("APIRequest") == "a type of APIRuntime")
        #expect(SwiftNames.reservedTypeNameOwner("Foundation") == "the name of a module the generated code imports")
    }

    /// The generated module's own name, and the types it declares itself, are reserved in that
    /// module only.
    @Test func theModulesOwnNamesAreReserved() {
        #expect(SwiftNames.typeName("servers", module: "G", declared: ["Servers", "PetsAPI"]) == "ServersModel")
        #expect(SwiftNames.typeName("PetsAPI", module: "G", declared: ["Servers", "PetsAPI"]) == "PetsAPIModel")
        #expect(SwiftNames.typeName("Servers") == "Servers")
        #expect(SwiftNames.typeName("Petstore", module: "Petstore") == "PetstoreModel")
        #expect(SwiftNames.typeName("petstore", module: "Petstore") == "PetstoreModel")
        #expect(SwiftNames.typeName("Petstore", module: "Other") == "Petstore")
        #expect(SwiftNames.typeName("Petstore") == "Petstore")
        #expect(SwiftNames.reservedTypeNameOwner("Petstore", module: "Petstore") == "the generated module's own name")
    }

    /// APITesting's public top-level types, read from its sources: a type added there must be
    /// reserved too, or a schema of that name would make a test's `StubAnswer` ambiguous.
    @Test func everyPublicTestingTypeIsReserved() throws {
        let declared = try Self.publicTopLevelTypes(in: "Sources/APITesting")
        #expect(declared.count >= 5, "read Sources/APITesting")
        #expect(declared.subtracting(SwiftNames.testingTypeNames).sorted() == [])
        #expect(SwiftNames.testingTypeNames.subtracting(declared).sorted() == [])
        #expect(SwiftNames.testingTypeNames.isSubset(of: SwiftNames.reservedTypeNames))
    }

    static func publicTopLevelTypes(in folder: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(
            pattern: #"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*public (?:final )?(?:class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.anchorsMatchLines])
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(
            at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                if let name = Range(match.range(at: 1), in: text) { declared.insert(String(text[name])) }
            }
        }
        return declared
    }

    /// Each renamed component is reported at its schema's pointer, saying whose name it is.
    @Test func eachRenameIsAWarningAtItsSchema() throws {
        let output = try GoldenTests.output(case: "foundationAndModuleNamesAsSchemas")
        let warnings = output.diagnostics.filter { $0.severity == .warning }.map { "\($0.pointer) \($0.message)" }
        for (schema, type) in [
            ("Data", "DataModel2"), ("Date", "DateModel"), ("URL", "URLModel"), ("JSONValue", "JSONValueModel"),
            ("APIRequest", "APIRequestModel"), ("StubAnswer", "StubAnswerModel"), ("Notification", "NotificationModel"),
            ("G", "GModel"), ("Servers", "ServersModel"), ("DefaultAPI", "DefaultAPIModel"),
        ] {
            #expect(
                warnings.contains { $0.hasPrefix("#/components/schemas/\(schema) schema '\(schema)' is generated as '\(type)'") },
                "\(schema): \(warnings)")
        }
        #expect(warnings.contains { $0.contains("'G' is the generated module's own name") })
        #expect(warnings.contains { $0.contains("'Servers' is a type the generated module declares") })
        #expect(!warnings.contains { $0.hasPrefix("#/components/schemas/DataModel ") })
    }

    /// A configuration's `types:` rename may not give a type a reserved name either.
    @Test func aRenameOntoAReservedNameIsRefused() throws {
        let yaml = """
            # type-name: Pet Data
            # type-name: Toy G
            # type-name: Owner Person
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Pet: {type: object, properties: {toy: {$ref: '#/components/schemas/Toy'}}}
                Toy: {type: object, properties: {name: {type: string}}}
                Owner: {type: object, properties: {pet: {$ref: '#/components/schemas/Pet'}}}
            """
        let output = try GoldenTests.output(yaml)
        let text = output.files.map(\.contents).joined()
        #expect(text.contains("public struct Pet: ") && text.contains("public struct Toy: "))
        #expect(text.contains("public struct Person: ") && text.contains("public var pet: Pet?"))
        let messages = output.diagnostics.map(\.message)
        #expect(messages.contains("types: 'Data' is a Foundation type, which a generated type would shadow; 'Pet' keeps its name"))
        #expect(messages.contains { $0.hasPrefix("types: 'G' is the generated module's own name") })
    }

    /// Which schema gets `DataModel` and which `DataModel2` depends on the names alone: the
    /// document's schemas written in reverse generate the same files.
    @Test func renamesAreStableUnderReordering() throws {
        let yaml = try String(
            contentsOf: GoldenTests.casesDirectory.appendingPathComponent("foundationAndModuleNamesAsSchemas.yaml"),
            encoding: .utf8)
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "  schemas:")) + 1
        let end = try #require(lines.firstIndex(of: "paths:"))
        var blocks: [[String]] = []
        for line in lines[start..<end] {
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { blocks.append([]) }
            blocks[blocks.count - 1].append(line)
        }
        #expect(blocks.count == 11)
        let reversed = lines[..<start] + blocks.reversed().flatMap { $0 } + lines[end...]
        let original = try GoldenTests.output(yaml)
        let shuffled = try GoldenTests.output(reversed.joined(separator: "\n"))
        #expect(shuffled.files.map(\.name) == original.files.map(\.name))
        func declarations(_ output: GeneratorPipeline.Output) -> [String] {
            // Declarations are printed in document order; their names and bodies must not change.
            output.files.flatMap { $0.contents.components(separatedBy: "\n\n") }
                .map { $0.trimmingCharacters(in: .newlines) }.sorted()
        }
        #expect(declarations(shuffled) == declarations(original))
    }
}
