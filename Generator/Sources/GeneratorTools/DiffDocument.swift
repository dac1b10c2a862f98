import GeneratorCore

/// `assinafy-generator diff`: two OpenAPI documents compared by contract. It works on the resolved
/// model, so references to parameters/responses/bodies are already followed, 3.0/3.1 spellings
/// are already partly unified by the loader, and YAML vs JSON and key order do not matter.
public enum SpecDiff {
    public static func compare(
        old: OpenAPIDocument, new: OpenAPIDocument, oldName: String = "old", newName: String = "new"
    ) -> DiffReport {
        var comparer = DocumentComparer(old: old, new: new)
        comparer.compareOperations(old.operations, new.operations, area: .operation)
        comparer.compareOperations(old.webhooks, new.webhooks, area: .webhook)
        comparer.compareSchemas()
        comparer.compareSecuritySchemes()
        comparer.compareServers()
        return DiffReport(oldName: oldName, newName: newName, changes: comparer.changes)
    }

    /// Reads and resolves both files; a document with errors is refused rather than half-compared.
    public static func compare(oldPath: String, newPath: String) throws -> (DiffReport, [Diagnostic]) {
        let (old, oldDiagnostics) = try load(oldPath)
        let (new, newDiagnostics) = try load(newPath)
        return (compare(old: old, new: new, oldName: oldPath, newName: newPath), oldDiagnostics + newDiagnostics)
    }

    static func load(_ path: String) throws -> (OpenAPIDocument, [Diagnostic]) {
        let loaded = try DocumentLoader.load(contentsOf: path)
        guard let document = loaded.document else {
            throw GeneratorPipeline.Failure(diagnostics: loaded.diagnostics, file: path)
        }
        return (document, loaded.diagnostics)
    }
}

struct DocumentComparer {
    let old: OpenAPIDocument
    let new: OpenAPIDocument
    var changes: [SpecChange] = []

    init(old: OpenAPIDocument, new: OpenAPIDocument) {
        self.old = old
        self.new = new
    }

    func schemaComparer(_ direction: DataDirection, _ area: SpecChange.Area, _ subject: String) -> SchemaComparer {
        SchemaComparer(
            oldIsVersion31: old.isVersion31, newIsVersion31: new.isVersion31, direction: direction,
            sink: ChangeSink(area: area, subject: subject))
    }

    // MARK: Operations and webhooks

    /// `/a/{id}` and `/a/{accountId}` are the same route; the template names are not on the wire.
    static func routeKey(_ operation: Operation) -> String {
        var key = operation.method.rawValue + " "
        var inParameter = false
        for character in operation.path {
            if character == "{" {
                inParameter = true
                key += "{}"
            } else if character == "}" {
                inParameter = false
            } else if !inParameter {
                key.append(character)
            }
        }
        return key
    }

    mutating func compareOperations(_ oldList: [Operation], _ newList: [Operation], area: SpecChange.Area) {
        let oldByKey = Dictionary(oldList.map { (Self.routeKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(newList.map { (Self.routeKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        for operation in newList where oldByKey[Self.routeKey(operation)] == nil {
            changes.append(
                SpecChange(
                    .additive, area, subject: subject(operation, area), pointer: operation.pointer.description,
                    message: "added"))
        }
        for operation in oldList where newByKey[Self.routeKey(operation)] == nil {
            changes.append(
                SpecChange(
                    .breaking, area, subject: subject(operation, area), pointer: operation.pointer.description,
                    message: "removed"))
        }
        for before in oldList {
            guard let after = newByKey[Self.routeKey(before)] else { continue }
            compareOperation(before, after, area: area)
        }
    }

    func subject(_ operation: Operation, _ area: SpecChange.Area) -> String {
        area == .webhook
            ? "\(operation.path) (\(operation.method.rawValue.uppercased()))"
            : "\(operation.method.rawValue.uppercased()) \(operation.path)"
    }

    mutating func compareOperation(_ before: Operation, _ after: Operation, area: SpecChange.Area) {
        var sink = ChangeSink(area: area, subject: subject(after, area))
        // A webhook turns the roles round: Assinafy sends the request, the client answers.
        let sent: DataDirection = area == .webhook ? .response : .request
        let received: DataDirection = area == .webhook ? .request : .response
        if before.operationId != after.operationId {
            // Not on the wire; it only moves the operation to another entry of the name map.
            sink.add(
                .additive, after.pointer / "operationId",
                "operationId changed from \(before.operationId ?? "none") to \(after.operationId ?? "none")")
        }
        if before.deprecated != after.deprecated {
            sink.add(.additive, after.pointer, after.deprecated ? "deprecated" : "no longer deprecated")
        }
        compareParameters(before, after, direction: sent, sink: &sink)
        compareRequestBody(before.requestBody, after.requestBody, direction: sent, sink: &sink)
        compareResponses(before, after, direction: received, sink: &sink)
        if area == .operation { compareSecurity(before, after, sink: &sink) }
        changes += sink.changes
    }

    // MARK: Parameters

    static func parameterKey(_ parameter: Parameter) -> String {
        parameter.location.rawValue + ":"
            + (parameter.location == .header ? parameter.name.lowercased() : parameter.name)
    }

    /// The OpenAPI defaults written out, so `style: form` and nothing compare equal.
    static func serialization(_ parameter: Parameter) -> String {
        let style =
            parameter.style ?? ((parameter.location == .query || parameter.location == .cookie) ? "form" : "simple")
        let explode = parameter.explode ?? (style == "form")
        return "\(style)/\(explode ? "explode" : "no-explode")"
    }

    mutating func compareParameters(
        _ before: Operation, _ after: Operation, direction: DataDirection, sink: inout ChangeSink
    ) {
        let isRequest = direction == .request
        // Path parameters are matched by position: a renamed template variable is the same slot.
        func keyed(_ operation: Operation) -> [(String, Parameter)] {
            let pathOrder = pathTemplateNames(operation.path)
            return operation.parameters.map { parameter in
                if parameter.location == .path, let index = pathOrder.firstIndex(of: parameter.name) {
                    return ("path:#\(index)", parameter)
                }
                return (Self.parameterKey(parameter), parameter)
            }
        }
        let oldKeyed = keyed(before)
        let newKeyed = keyed(after)
        let oldByKey = Dictionary(oldKeyed, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(newKeyed, uniquingKeysWith: { first, _ in first })
        for (key, parameter) in newKeyed where oldByKey[key] == nil {
            let label =
                "\(parameter.required ? "required" : "optional") \(parameter.location.rawValue) parameter `\(parameter.name)`"
            sink.add(breakingIf: isRequest && parameter.required, parameter.pointer, "new \(label)")
        }
        for (key, parameter) in oldKeyed where newByKey[key] == nil {
            sink.add(
                .breaking, parameter.pointer, "\(parameter.location.rawValue) parameter `\(parameter.name)` removed")
        }
        for (key, old) in oldKeyed {
            guard let new = newByKey[key] else { continue }
            let label = "\(new.location.rawValue) parameter `\(new.name)`"
            // A renamed path template variable is not on the wire (`diff --swift` shows the label change).
            if old.required != new.required {
                sink.add(
                    breakingIf: isRequest ? new.required : !new.required, new.pointer,
                    "\(label) \(new.required ? "now required" : "now optional")")
            }
            if Self.serialization(old) != Self.serialization(new) {
                sink.add(
                    .breaking, new.pointer,
                    "\(label) serialization changed from \(Self.serialization(old)) to \(Self.serialization(new))")
            }
            if old.deprecated != new.deprecated {
                sink.add(.additive, new.pointer, "\(label) \(new.deprecated ? "deprecated" : "no longer deprecated")")
            }
            let oldSchema = old.schema ?? old.content.first?.schema
            let newSchema = new.schema ?? new.content.first?.schema
            if let oldSchema, let newSchema {
                var schemas = schemaComparer(direction, sink.area, sink.subject)
                schemas.compare(oldSchema, newSchema, at: .init(context: label))
                sink.changes += schemas.sink.changes
            }
        }
    }

    func pathTemplateNames(_ path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            switch character {
            case "{": current = ""
            case "}":
                if let name = current { names.append(name) }
                current = nil
            default: current?.append(character)
            }
        }
        return names
    }

    // MARK: Bodies and responses

    static func mediaKey(_ contentType: String) -> String {
        (contentType.split(separator: ";").first.map(String.init) ?? contentType).trimmed.lowercased()
    }

    mutating func compareRequestBody(
        _ before: RequestBody?, _ after: RequestBody?, direction: DataDirection, sink: inout ChangeSink
    ) {
        let isRequest = direction == .request
        switch (before, after) {
        case (nil, nil): return
        case (nil, let body?):
            sink.add(
                breakingIf: isRequest && body.required, body.pointer,
                "new \(body.required ? "required" : "optional") request body")
        case (let body?, nil):
            sink.add(.breaking, body.pointer, "request body removed")
        case (let old?, let new?):
            if old.required != new.required {
                sink.add(
                    breakingIf: isRequest ? new.required : !new.required, new.pointer,
                    "request body \(new.required ? "now required" : "now optional")")
            }
            compareContent(old.content, new.content, context: "request body", direction: direction, sink: &sink)
        }
    }

    mutating func compareContent(
        _ before: [MediaType], _ after: [MediaType], context: String, direction: DataDirection, sink: inout ChangeSink
    ) {
        let oldByKey = Dictionary(
            before.map { (Self.mediaKey($0.contentType), $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(
            after.map { (Self.mediaKey($0.contentType), $0) }, uniquingKeysWith: { first, _ in first })
        for media in after where oldByKey[Self.mediaKey(media.contentType)] == nil {
            sink.add(.additive, media.pointer, "\(context): media type `\(media.contentType)` added")
        }
        for media in before where newByKey[Self.mediaKey(media.contentType)] == nil {
            sink.add(.breaking, media.pointer, "\(context): media type `\(media.contentType)` removed")
        }
        for old in before {
            guard let new = newByKey[Self.mediaKey(old.contentType)] else { continue }
            let place = "\(context) \(Self.mediaKey(new.contentType))"
            switch (old.schema, new.schema) {
            case (let oldSchema?, let newSchema?):
                var schemas = schemaComparer(direction, sink.area, sink.subject)
                schemas.compare(oldSchema, newSchema, at: .init(context: place))
                sink.changes += schemas.sink.changes
            case (nil, _?):
                sink.add(direction == .request ? .breaking : .additive, new.pointer, "\(place): schema added")
            case (_?, nil):
                sink.add(direction == .request ? .additive : .breaking, new.pointer, "\(place): schema removed")
            case (nil, nil): break
            }
            let oldEncodings = Dictionary(
                old.encoding.map { ($0.name, $0.encoding.contentType ?? "") }, uniquingKeysWith: { a, _ in a })
            for (name, encoding) in new.encoding where (oldEncodings[name] ?? "") != (encoding.contentType ?? "") {
                sink.add(.breaking, new.pointer / "encoding" / name, "\(place): encoding of `\(name)` changed")
            }
        }
    }

    mutating func compareResponses(
        _ before: Operation, _ after: Operation, direction: DataDirection, sink: inout ChangeSink
    ) {
        let oldByCode = Dictionary(before.responses.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        let newByCode = Dictionary(after.responses.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        for response in after.responses where oldByCode[response.code] == nil {
            sink.add(.additive, response.pointer, "response \(response.code) added")
        }
        for response in before.responses where newByCode[response.code] == nil {
            sink.add(.breaking, response.pointer, "response \(response.code) removed")
        }
        for old in before.responses {
            guard let new = newByCode[old.code] else { continue }
            let context = "response \(new.code)"
            compareContent(old.content, new.content, context: context, direction: direction, sink: &sink)
            let oldHeaders = Dictionary(
                old.headers.map { ($0.name.lowercased(), $0.header) }, uniquingKeysWith: { a, _ in a })
            let newHeaders = Dictionary(
                new.headers.map { ($0.name.lowercased(), $0.header) }, uniquingKeysWith: { a, _ in a })
            for (name, _) in new.headers where oldHeaders[name.lowercased()] == nil {
                sink.add(.additive, new.pointer / "headers" / name, "\(context): header `\(name)` added")
            }
            for (name, _) in old.headers where newHeaders[name.lowercased()] == nil {
                sink.add(.breaking, old.pointer / "headers" / name, "\(context): header `\(name)` removed")
            }
            for (name, header) in new.headers {
                guard let previous = oldHeaders[name.lowercased()] else { continue }
                if previous.required && !header.required {
                    sink.add(.breaking, new.pointer / "headers" / name, "\(context): header `\(name)` now optional")
                } else if !previous.required && header.required {
                    sink.add(.additive, new.pointer / "headers" / name, "\(context): header `\(name)` now always sent")
                }
                if let oldSchema = previous.schema, let newSchema = header.schema {
                    var schemas = schemaComparer(direction, sink.area, sink.subject)
                    schemas.compare(oldSchema, newSchema, at: .init(context: "\(context) header `\(name)`"))
                    sink.changes += schemas.sink.changes
                }
            }
        }
    }

    // MARK: Security

    /// Each alternative as a sorted list of `scheme[scope,…]`; "anonymous" when nothing is required.
    /// A missing `security`, a root `security: []` and an empty alternative all mean no credential.
    func securityAlternatives(_ operation: Operation, in document: OpenAPIDocument) -> Set<String> {
        let requirements = operation.security ?? document.security ?? []
        if requirements.isEmpty { return ["anonymous"] }
        return Set(
            requirements.map { alternative in
                if alternative.schemes.isEmpty { return "anonymous" }
                return alternative.schemes.map { scheme in
                    scheme.scopes.isEmpty
                        ? scheme.name : "\(scheme.name)[\(scheme.scopes.sorted().joined(separator: ","))]"
                }.sorted().joined(separator: " + ")
            })
    }

    mutating func compareSecurity(_ before: Operation, _ after: Operation, sink: inout ChangeSink) {
        let oldAlternatives = securityAlternatives(before, in: old)
        let newAlternatives = securityAlternatives(after, in: new)
        for removed in oldAlternatives.subtracting(newAlternatives).sorted() {
            sink.add(.breaking, after.pointer / "security", "security alternative `\(removed)` removed")
        }
        for added in newAlternatives.subtracting(oldAlternatives).sorted() {
            sink.add(.additive, after.pointer / "security", "security alternative `\(added)` added")
        }
    }
}
