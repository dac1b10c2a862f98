import Testing

@testable import GeneratorCore

/// An `anyOf`/`oneOf` whose branches only list required members is a validation rule: the object
/// is generated as its merged type, with no widening, and the rule is written in its documentation.
@Suite struct RequirementAlternativesTests {
    /// DigitalOcean's firewall bodies, in our own words: a component and a rule of which members
    /// must be present, merged by `allOf`.
    static let document = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /gates:
            post:
              operationId: createGate
              requestBody:
                content:
                  application/json:
                    schema:
                      allOf:
                        - $ref: '#/components/schemas/Gate'
                        - anyOf:
                            - required: [machineIds]
                            - required: [labels]
              responses:
                "204": {description: created}
        components:
          schemas:
            Gate:
              type: object
              properties:
                name: {type: string}
                machineIds: {type: array, items: {type: integer}}
                labels: {type: array, items: {type: string}}
            Rule:
              type: object
              properties:
                port: {type: integer}
                range: {type: string}
              oneOf:
                - required: [port]
                - required: [range]
        """

    @Test func requirementOnlyAlternativesAreNotAWidening() throws {
        let output = try GeneratorPipeline.generate(text: Self.document, sourceName: "t.yaml")
        let widenings = output.diagnostics.filter { $0.category == .widening }
        #expect(widenings.isEmpty, "\(widenings)")
        let swift = output.files.map(\.contents).joined(separator: "\n")
        // The merged body has exactly Gate's members, so it is Gate, documented with the rule.
        #expect(swift.contains("public typealias CreateGateRequest = Gate"), "\(swift)")
        #expect(swift.contains("Requires at least one of: `machineIds`; `labels` (not checked by the generated type)."))
        #expect(swift.contains("public struct Rule"))
        #expect(swift.contains("Requires exactly one of: `port`; `range`"))
    }

    @Test func alternativesThatTypeTheValueAreStillAUnion() {
        var typed = Schema()
        typed.required = ["a"]
        typed.properties = [("a", Schema())]
        var onlyRequired = Schema()
        onlyRequired.required = ["b"]
        var union = Schema()
        union.anyOf = [onlyRequired, typed]
        #expect(union.requirementNote == nil)
        #expect(union.withoutRequirementAlternatives.anyOf.count == 2)
        union.anyOf = [onlyRequired, onlyRequired]
        #expect(union.withoutRequirementAlternatives.anyOf.isEmpty)
    }
}
