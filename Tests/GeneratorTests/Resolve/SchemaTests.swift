import Testing

@testable import GeneratorCore

/// `Schema` keeps its members in one shared box and copies the box before a write: a copy must
/// still behave as an independent value however deep the write goes.
@Suite("Schema value semantics")
struct SchemaTests {
    static func pet() -> Schema {
        var name = Schema()
        name.types = ["string"]
        var pet = Schema()
        pet.types = ["object"]
        pet.title = "Pet"
        pet.properties = [(name: "name", schema: name)]
        pet.required = ["name"]
        return pet
    }

    @Test func aWrittenCopyLeavesTheOriginalAsItWas() {
        let original = Self.pet()
        var copy = original
        copy.title = "Animal"
        copy.required.append("age")
        copy.deprecated = true
        #expect(original.title == "Pet")
        #expect(original.required == ["name"])
        #expect(!original.deprecated)
        #expect(copy.title == "Animal")
        #expect(copy.required == ["name", "age"])
        #expect(copy.deprecated)
    }

    @Test func writesIntoNestedSchemasStayInTheCopy() {
        let original = Self.pet()
        var copy = original
        copy.properties[0].schema.format = "email"
        copy.properties.append((name: "age", schema: Schema()))
        copy.items = original
        copy.items?.title = "Item"
        #expect(original.properties.count == 1)
        #expect(original.properties[0].schema.format == nil)
        #expect(original.items == nil)
        #expect(copy.properties[0].schema.format == "email")
        #expect(copy.properties.map(\.name) == ["name", "age"])
        #expect(copy.items?.title == "Item")
        #expect(copy.items?.properties.count == 1)
    }

    @Test func aSchemaWrittenInPlaceKeepsEveryMember() {
        var schema = Schema()
        for index in 0..<100 { schema.required.append("member\(index)") }
        schema.minimum = 1
        schema.maximum = 9
        schema.pattern = "^a"
        #expect(schema.required.count == 100)
        #expect(schema.minimum == 1 && schema.maximum == 9 && schema.pattern == "^a")
        let copies = Array(repeating: schema, count: 3)
        schema.pattern = nil
        #expect(copies.allSatisfy { $0.pattern == "^a" })
    }

    /// A schema sent to another task is read there while this one writes its own copy.
    @Test func copiesSentToTasksAreIndependent() async {
        var schema = Self.pet()
        let sent = schema
        let task = Task.detached { (0..<1_000).map { _ in sent.title ?? "" }.allSatisfy { $0 == "Pet" } }
        for index in 0..<1_000 { schema.title = "Pet\(index)" }
        #expect(await task.value)
        #expect(schema.title == "Pet999")
    }
}
