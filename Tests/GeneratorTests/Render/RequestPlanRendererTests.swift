import Testing

@testable import GeneratorCore

/// Each step of a `RequestPlan` prints as one exact line of Swift (or, for the compound ones, a
/// fixed block); the only thing the printer chooses is where lines break.
@Suite struct RequestPlanRendererTests {
    static func lines(_ step: RequestStep, request: String = "request2", depth: Int = 2) -> [String] {
        var writer = SwiftWriter()
        func nest(_ levels: Int, _ w: inout SwiftWriter) {
            if levels == 0 { return RequestPlanRenderer.render(step, request: request, into: &w) }
            w.indent { nest(levels - 1, &$0) }
        }
        nest(depth, &writer)
        let indentation = String(repeating: " ", count: depth * 4)
        return writer.text.split(separator: "\n").map { String($0.dropFirst(indentation.count)) }
    }

    @Test func oneLineSteps() {
        let cases: [(RequestStep, String)] = [
            (
                .addItem(to: .query, wireName: "request", local: "request", style: nil),
                "request2.query.add(\"request\", request)"
            ),
            (
                .addItem(to: .cookies, wireName: "ids", local: "ids", style: "pipeDelimited"),
                "request2.cookies.add(\"ids\", ids, style: .pipeDelimited)"
            ),
            (.addItem(to: .form("form2"), wireName: "form", local: "form", style: nil), "form2.add(\"form\", form)"),
            (
                .addDeepObject(to: .query, wireName: "filter", local: "filter"),
                "try request2.query.add(deepObject: \"filter\", encoding: filter)"
            ),
            (.addHeader(wireName: "X-Trace", local: "xTrace"), "request2.headers.add(\"X-Trace\", xTrace)"),
            (.setCredential(scheme: "ticket", local: "ticket"), "request2.credentials[\"ticket\"] = .apiKey(ticket)"),
            (.appendConstantQuery(name: "refresh", value: ""), "request2.query.append(QueryItem(\"refresh\", \"\"))"),
            (.setWholeQuery(local: "q", encoding: .json), "try request2.setWholeQuery(json: q)"),
            (.setWholeQuery(local: "q", encoding: .text), "request2.setWholeQuery(text: q)"),
            (.setBody(.encoding(local: "body", contentType: nil)), "request2.body = try .encoding(body)"),
            (
                .setBody(.encoding(local: "body", contentType: "application/merge-patch+json")),
                "request2.body = try .encoding(body, contentType: \"application/merge-patch+json\")"
            ),
            (
                .ifLet("body", [.setBody(.utf8Text(local: "body", contentType: "text/csv"))]),
                "if let body { request2.body = .raw(Data(body.utf8), contentType: \"text/csv\") }"
            ),
            (.ifNotNil("body", [.setBody(.multipart(nil))]), "if body != nil { request2.body = .multipart([]) }"),
            (
                .appendPart(parts: "parts", .json(wireName: "meta", local: "meta")),
                "parts.append(try .json(\"meta\", meta))"
            ),
            (
                .appendTextParts(parts: "parts", wireName: "tag", local: "tags", optional: true),
                "for value in tags ?? [] { parts.append(.field(\"tag\", value.parameterText)) }"
            ),
            (.setResponseKind(.binary), "request2.responseKind = .binary"),
            (.setRetryable(false), "request2.retryable = false"),
            (.requireExclusiveConnection, "request2.needsExclusiveConnection = true"),
            (.refuseRedirects, "request2.followsRedirects = false"),
        ]
        for (step, line) in cases {
            #expect(Self.lines(step) == [line])
        }
    }

    /// A stream asks for its media type: two statements.
    @Test func streamResponseSetsTheFlagAndAccept() {
        #expect(
            Self.lines(.streamResponse(mediaType: "text/event-stream")) == [
                "request2.streamsResponse = true", "request2.headers.add(\"Accept\", \"text/event-stream\")",
            ])
    }

    /// A condition around several steps is a block.
    @Test func conditionAroundSeveralStepsIsABlock() {
        let step = RequestStep.ifLet("body", [.declareParts("parts"), .setBody(.multipart("parts"))])
        #expect(
            Self.lines(step) == [
                "if let body {", "    var parts: [MultipartPart] = []", "    request2.body = .multipart(parts)", "}",
            ])
    }

    /// Parts that fit one line are one expression; the same parts that do not are appended one
    /// by one: a layout choice, the request is the same.
    @Test func multipartBodyIsOneExpressionOnlyWhenItFits() {
        let short = RequestStep.setMultipartBody(
            parts: "parts", [.json(wireName: "a", local: "a"), .field(wireName: "b", local: "b")])
        #expect(
            Self.lines(short) == ["request2.body = try .multipart([.json(\"a\", a), .field(\"b\", b.parameterText)])"])
        let long = String(repeating: "n", count: 60)
        let wide = RequestStep.setMultipartBody(
            parts: "parts",
            [.file(local: long, wireName: long, defaultContentType: nil), .constant(name: "kind", value: "x")])
        #expect(
            Self.lines(wide) == [
                "var parts: [MultipartPart] = []", "parts.append(\(long).part(named: \"\(long)\"))",
                "parts.append(.field(\"kind\", \"x\"))", "request2.body = .multipart(parts)",
            ])
    }

    @Test func pathAndMethodExpressions() {
        let pieces: [PathPiece] = [
            .text("/a\"b/"), .parameter(local: "ids", form: .commaJoined), .text("/"), .unmatched("other"),
        ]
        #expect(
            RequestPlanRenderer.pathExpression(pieces)
                == #""/a\"b/\(ids.map(\.parameterText).joined(separator: ","))/{other}""#)
        // Template names are the document's text: a quote or a backslash in one is escaped too.
        #expect(
            RequestPlanRenderer.pathExpression([.text("/x\n"), .unmatched(#"a"b\"#)]) == #""/x\n{a\"b\\}""#)
        #expect(RequestPlanRenderer.expression(MethodExpression.member("get")) == ".get")
        #expect(
            RequestPlanRenderer.expression(MethodExpression.checked("PURGE")) == #"RequestMethod(rawValue: "PURGE")!"#)
        #expect(RequestPlanRenderer.expression(SecurityExpression.alternatives([["a", "b"], []])) == "[[.a, .b], []]")
    }

    /// The error table is the initialiser's last argument; when it does not fit there, its entries
    /// are packed one level deeper.
    @Test func errorTableWrapsItsEntries() {
        var plan = RequestPlan()
        plan.operationName = "get"
        plan.pathTemplate = "/"
        plan.path = [.text("/")]
        plan.errors = .shared(adding: [])
        var writer = SwiftWriter()
        RequestPlanRenderer.render(plan, into: &writer)
        #expect(
            writer.text == """
                let request = APIRequest(operationName: "get", method: .get, pathTemplate: "/", path: "/", errors: .shared)
                return try await client.perform(request) { $0.empty() }

                """)
        let type = SwiftType.named(String(repeating: "T", count: 40))
        plan.errors = .own((400..<403).map { ErrorEntry(code: String($0), type: type) })
        var wrapped = SwiftWriter()
        RequestPlanRenderer.render(plan, into: &wrapped)
        let lines = wrapped.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "let request = APIRequest(")
        #expect(lines[1] == "    operationName: \"get\", method: .get, pathTemplate: \"/\", path: \"/\", errors: [")
        #expect(lines.dropFirst(2).first?.hasPrefix("        \"400\": \(type.rendered).self,") == true)
        #expect(lines.dropLast().last == "    ])")
    }
}
