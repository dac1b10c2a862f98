/// Prints a `RequestPlan` as an operation's body: each step and expression as the Swift it stands
/// for. What the request holds was decided in translation; the only choices made here are where
/// lines break.
enum RequestPlanRenderer {
    static func render(_ plan: RequestPlan, into writer: inout SwiftWriter) {
        renderInitializer(plan, into: &writer)
        for step in plan.steps { render(step, request: plan.request, into: &writer) }
        writer.line("return try await client.perform(\(plan.request)) { \(expression(plan.response)) }")
    }

    /// `var request = APIRequest(…)`. The error table is always the last argument: on one line
    /// when it fits there, its entries packed one level deeper when it does not.
    private static func renderInitializer(_ plan: RequestPlan, into writer: inout SwiftWriter) {
        var arguments = [
            "operationName: \(swiftLiteral(plan.operationName))", "method: \(expression(plan.method))",
            "pathTemplate: \(swiftLiteral(plan.pathTemplate))", "path: \(pathExpression(plan.path))",
        ]
        if let security = plan.security { arguments.append("security: " + expression(security)) }
        // Swift warns about a `var` never mutated.
        let opening = "\(plan.steps.isEmpty ? "let" : "var") \(plan.request) = APIRequest("
        guard let errors = plan.errors else { return writer.list(opening, arguments, ")", closesLastLine: true) }
        let (errorsOpening, entries, errorsClosing): (String, [ErrorEntry], String)
        switch errors {
        case .shared(let adding): (errorsOpening, entries, errorsClosing) = ("errors: .shared(adding: [", adding, "])")
        case .own(let own): (errorsOpening, entries, errorsClosing) = ("errors: [", own, "]")
        }
        let entryTexts = entries.map { "\(swiftLiteral($0.code)): \($0.type.rendered).self" }
        let whole =
            errors == .shared(adding: [])
            ? "errors: .shared" : errorsOpening + entryTexts.joined(separator: ", ") + errorsClosing
        if writer.fits(whole + ")", levels: 1) {
            writer.list(opening, arguments + [whole], ")", closesLastLine: true)
        } else {
            writer.line(opening)
            writer.indent { w in
                w.pack(arguments + [errorsOpening])
                w.indent { w in w.pack(entryTexts) }
                w.line(errorsClosing + ")")
            }
        }
    }

    static func render(_ step: RequestStep, request: String, into writer: inout SwiftWriter) {
        if let statement = statement(step, request: request) { return writer.line(statement) }
        switch step {
        case .setMultipartBody(let parts, let expressions):
            // One expression when it fits; otherwise the same parts, appended one per line.
            let tried = expressions.contains(where: \.canThrow) ? "try " : ""
            let list = expressions.map(expression).joined(separator: ", ")
            let oneLine = "\(request).body = \(tried).multipart([\(list)])"
            if writer.fits(oneLine) { return writer.line(oneLine) }
            let steps =
                [RequestStep.declareParts(parts)] + expressions.map { .appendPart(parts: parts, $0) }
                + [.setBody(.multipart(parts))]
            for step in steps { render(step, request: request, into: &writer) }
        case .ifLet(let local, let steps):
            writer.block("if let \(local)") { w in for step in steps { render(step, request: request, into: &w) } }
        case .ifNotNil(let local, let steps):
            writer.block("if \(local) != nil") { w in for step in steps { render(step, request: request, into: &w) } }
        case .switchForms(let local, let cases):
            writer.switchBlock("switch \(local)") { w in
                for form in cases {
                    let pattern = "case .\(form.caseName)"
                    if form.bound.isEmpty {
                        w.line(pattern + ":")
                    } else {
                        w.list(pattern + "(", form.bound.map { "let " + $0 }, "):")
                    }
                    w.indent { w in for step in form.steps { render(step, request: request, into: &w) } }
                }
            }
        case .streamResponse(let mediaType):
            writer.line("\(request).streamsResponse = true")
            writer.line("\(request).headers.add(\"Accept\", \(swiftLiteral(mediaType)))")
        default:
            // Every other step is one statement (`statement`).
            break
        }
    }

    /// The step as one line of Swift, or nil for a step that takes several lines. A condition
    /// around a single one-line step shares its line.
    static func statement(_ step: RequestStep, request: String) -> String? {
        switch step {
        case .setCredential(let scheme, let local):
            return "\(request).credentials[\(swiftLiteral(scheme))] = .apiKey(\(local))"
        case .appendConstantQuery(let name, let value):
            return "\(request).query.append(QueryItem(\(swiftLiteral(name)), \(swiftLiteral(value))))"
        case .addItem(let list, let wireName, let local, let style):
            let styleText = style.map { ", style: .\($0)" } ?? ""
            return "\(target(list, request: request)).add(\(swiftLiteral(wireName)), \(local)\(styleText))"
        case .addDeepObject(let list, let wireName, let local):
            return
                "try \(target(list, request: request)).add(deepObject: \(swiftLiteral(wireName)), encoding: \(local))"
        case .addJSONItem(let form, let wireName, let local):
            return
                "\(form).add(\(swiftLiteral(wireName)), String(decoding: try JSONCoding.encode(\(local)), as: UTF8.self))"
        case .addQueryFormFields(let wireName, let local):
            return "try \(request).query.add(formFields: \(swiftLiteral(wireName)), encoding: \(local))"
        case .setWholeQuery(let local, .json): return "try \(request).setWholeQuery(json: \(local))"
        case .setWholeQuery(let local, .text): return "\(request).setWholeQuery(text: \(local))"
        case .addHeader(let wireName, let local): return "\(request).headers.add(\(swiftLiteral(wireName)), \(local))"
        case .declareFormItems(let form): return "var \(form): [QueryItem] = []"
        case .declareParts(let parts): return "var \(parts): [MultipartPart] = []"
        case .appendPart(let parts, let part):
            return "\(parts).append(\(part.canThrow ? "try " : "")\(expression(part)))"
        case .appendTextParts(let parts, let wireName, let local, let optional):
            let values = optional ? local + " ?? []" : local
            return "for value in \(values) { \(parts).append(.field(\(swiftLiteral(wireName)), value.parameterText)) }"
        case .setBody(let body): return "\(request).body = \(expression(body))"
        case .ifLet(let local, let steps):
            guard steps.count == 1, let only = statement(steps[0], request: request) else { return nil }
            return "if let \(local) { \(only) }"
        case .ifNotNil(let local, let steps):
            guard steps.count == 1, let only = statement(steps[0], request: request) else { return nil }
            return "if \(local) != nil { \(only) }"
        case .setResponseKind(let kind): return "\(request).responseKind = .\(kind.rawValue)"
        case .setRetryable(let retryable): return "\(request).retryable = \(retryable)"
        case .requireExclusiveConnection: return "\(request).needsExclusiveConnection = true"
        case .refuseRedirects: return "\(request).followsRedirects = false"
        case .setMultipartBody, .switchForms, .streamResponse: return nil
        }
    }

    private static func target(_ list: ItemList, request: String) -> String {
        switch list {
        case .query: return request + ".query"
        case .cookies: return request + ".cookies"
        case .form(let local): return local
        }
    }

    static func expression(_ part: MultipartPartExpression) -> String {
        switch part {
        case .file(let local, let wireName, let contentType):
            let type = contentType.map { ", defaultContentType: \(swiftLiteral($0))" } ?? ""
            return "\(local).part(named: \(swiftLiteral(wireName))\(type))"
        case .json(let wireName, let local): return ".json(\(swiftLiteral(wireName)), \(local))"
        case .field(let wireName, let local): return ".field(\(swiftLiteral(wireName)), \(local).parameterText)"
        case .constant(let name, let value): return ".field(\(swiftLiteral(name)), \(swiftLiteral(value)))"
        }
    }

    static func expression(_ body: BodyExpression) -> String {
        switch body {
        case .encoding(let local, let contentType):
            return "try .encoding(\(local)\(contentType.map { ", contentType: \(swiftLiteral($0))" } ?? ""))"
        case .raw(let local, let contentType): return ".raw(\(local), contentType: \(swiftLiteral(contentType)))"
        case .utf8Text(let local, let contentType):
            return ".raw(Data(\(local).utf8), contentType: \(swiftLiteral(contentType)))"
        case .form(let local): return ".form(\(local ?? "[]"))"
        case .multipart(let local): return ".multipart(\(local ?? "[]"))"
        }
    }

    static func expression(_ response: ResponseRead) -> String {
        switch response {
        case .serverSentEvents: return "$0.serverSentEvents()"
        case .stream(let item, let framing): return "$0.stream(of: \(item.rendered).self, framing: .\(framing))"
        case .text: return "try $0.text()"
        case .data: return "$0.data()"
        case .decode(let type): return "try $0.decode(\(type.rendered).self)"
        case .empty: return "$0.empty()"
        }
    }

    static func expression(_ method: MethodExpression) -> String {
        switch method {
        case .member(let name): return "." + name
        case .checked(let name): return "RequestMethod(rawValue: \(swiftLiteral(name)))!"
        }
    }

    /// `[[.bearerAuth], [.apiKeyAuth]]`, or `.shared`.
    static func expression(_ security: SecurityExpression) -> String {
        switch security {
        case .shared: return ".shared"
        case .alternatives(let alternatives):
            let sets = alternatives.map { set in "[" + set.map { "." + $0 }.joined(separator: ", ") + "]" }
            return "[" + sets.joined(separator: ", ") + "]"
        }
    }

    /// `"/v1/accounts/\(accountId)/documents"`.
    static func pathExpression(_ pieces: [PathPiece]) -> String {
        var result = "\""
        for piece in pieces {
            switch piece {
            case .text(let text): result += literalBody(text)
            case .parameter(let local, let form): result += "\\(" + interpolation(local, form) + ")"
            case .unmatched(let name): result += literalBody("{" + name + "}")
            }
        }
        return result + "\""
    }

    /// Text inside the path's literal: escaped as any literal is, since a document's path and
    /// template names may hold quotes, backslashes or control characters.
    private static func literalBody(_ text: String) -> Substring {
        swiftLiteral(text).dropFirst().dropLast()
    }

    private static func interpolation(_ local: String, _ form: ParameterDecl.PathText) -> String {
        switch form {
        case .commaJoined: return "\(local).map(\\.parameterText).joined(separator: \",\")"
        case .parameterText: return "\(local).parameterText"
        case .interpolated: return local
        }
    }
}
