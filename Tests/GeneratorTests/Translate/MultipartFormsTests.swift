import Foundation
import Testing

@testable import GeneratorCore

/// A multipart body that is a `oneOf` of objects with a discriminator is an enum of its forms
/// (`Cases/multipartOneOfForms` holds the generated code), never a call with no argument.
@Suite struct MultipartFormsTests {
    @Test func eachMemberIsACaseThatSendsItsDiscriminatorValue() throws {
        let yaml = try String(
            contentsOf: GoldenTests.casesDirectory.appendingPathComponent("multipartOneOfForms.yaml"), encoding: .utf8)
        let output = try GeneratorPipeline.generate(text: yaml, sourceName: "t.yaml", moduleName: "G")
        let text = output.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("public func createItem(body: CreateItemRequest)"))
        #expect(text.contains("case drink(volume: Double, name: String, photo: MultipartFile? = nil)"))
        #expect(text.contains("parts.append(.field(\"kind\", \"drink\"))"))
        #expect(text.contains("parts.append(.field(\"kind\", \"cake\"))"))
        #expect(!text.contains(".multipart([])"))
    }
}
