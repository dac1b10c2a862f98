import GeneratorCore

/// Component schemas, security schemes and servers: compared by name (or URL).
extension DocumentComparer {
    // MARK: Schemas

    mutating func compareSchemas() {
        let oldNames = Set(old.schemas.map(\.name))
        let newNames = Set(new.schemas.map(\.name))
        for (name, schema) in new.schemas where !oldNames.contains(name) {
            changes.append(
                SpecChange(.additive, .schema, subject: name, pointer: schema.pointer.description, message: "added"))
        }
        for (name, schema) in old.schemas where !newNames.contains(name) {
            changes.append(
                SpecChange(.breaking, .schema, subject: name, pointer: schema.pointer.description, message: "removed"))
        }
        var usage = Self.directions(of: old)
        for (name, directions) in Self.directions(of: new) { usage[name, default: []].formUnion(directions) }
        for (name, before) in old.schemas {
            guard let after = new.schema(named: name) else { continue }
            // A component that nothing uses is judged both ways, to be safe.
            let directions = usage[name].flatMap { $0.isEmpty ? nil : $0 } ?? Set(DataDirection.allCases)
            for direction in DataDirection.allCases where directions.contains(direction) {
                var comparer = schemaComparer(direction, .schema, name)
                comparer.compare(before, after, at: .init(context: ""))
                // The report keeps the harsher verdict when both directions see the same change.
                changes += comparer.sink.changes
            }
        }
    }

    /// Which way each component schema travels: what request bodies and parameters reach is sent,
    /// what responses reach is received (webhooks the other way round), closed over references.
    static func directions(of document: OpenAPIDocument) -> [String: Set<DataDirection>] {
        var roots: [DataDirection: Set<String>] = [.request: [], .response: []]
        func collect(_ schema: Schema?, _ direction: DataDirection) {
            guard let schema else { return }
            var names = Set<String>()
            ReferenceGraph.collect(schema, into: &names)
            roots[direction, default: []].formUnion(names)
        }
        func visit(_ operation: Operation, sent: DataDirection, received: DataDirection) {
            for parameter in operation.parameters {
                collect(parameter.schema, sent)
                for media in parameter.content { collect(media.schema, sent) }
            }
            for media in operation.requestBody?.content ?? [] { collect(media.schema, sent) }
            for response in operation.responses {
                for media in response.content { collect(media.schema, received) }
                for header in response.headers { collect(header.header.schema, received) }
            }
        }
        for operation in document.operations { visit(operation, sent: .request, received: .response) }
        for webhook in document.webhooks { visit(webhook, sent: .response, received: .request) }
        let edges = ReferenceGraph(document).edges
        var result: [String: Set<DataDirection>] = [:]
        for (direction, names) in roots {
            var stack = Array(names)
            var seen = Set<String>()
            while let name = stack.popLast() {
                guard seen.insert(name).inserted else { continue }
                result[name, default: []].insert(direction)
                stack.append(contentsOf: edges[name] ?? [])
            }
        }
        return result
    }

    // MARK: Security schemes

    mutating func compareSecuritySchemes() {
        let oldByName = Dictionary(old.securitySchemes.map { ($0.name, $0.scheme) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.securitySchemes.map { ($0.name, $0.scheme) }, uniquingKeysWith: { a, _ in a })
        func pointer(_ name: String) -> String { (JSONPointer(["components", "securitySchemes"]) / name).description }
        for (name, _) in new.securitySchemes where oldByName[name] == nil {
            changes.append(
                SpecChange(.additive, .securityScheme, subject: name, pointer: pointer(name), message: "added"))
        }
        for (name, _) in old.securitySchemes where newByName[name] == nil {
            changes.append(
                SpecChange(.breaking, .securityScheme, subject: name, pointer: pointer(name), message: "removed"))
        }
        for (name, before) in old.securitySchemes {
            guard let after = newByName[name] else { continue }
            let fields: [(String, String?, String?)] = [
                ("type", before.type, after.type), ("scheme", before.scheme, after.scheme),
                ("in", before.location, after.location), ("name", before.parameterName, after.parameterName),
            ]
            for (field, was, now) in fields where was != now {
                changes.append(
                    SpecChange(
                        .breaking, .securityScheme, subject: name, pointer: pointer(name) + "/" + field,
                        message: "\(field) changed from \(was ?? "none") to \(now ?? "none")"))
            }
            if before.bearerFormat != after.bearerFormat {
                changes.append(
                    SpecChange(
                        .additive, .securityScheme, subject: name, pointer: pointer(name) + "/bearerFormat",
                        message:
                            "bearerFormat changed from \(before.bearerFormat ?? "none") to \(after.bearerFormat ?? "none")"
                    ))
            }
        }
    }

    // MARK: Servers

    mutating func compareServers() {
        func key(_ server: Server) -> String {
            var url = server.url
            while url.hasSuffix("/") { url.removeLast() }
            return url.lowercased()
        }
        let oldIndexed = old.servers.enumerated().map { (key($0.element), $0.offset, $0.element) }
        let newIndexed = new.servers.enumerated().map { (key($0.element), $0.offset, $0.element) }
        let oldByKey = Dictionary(oldIndexed.map { ($0.0, $0.2) }, uniquingKeysWith: { a, _ in a })
        let newByKey = Dictionary(newIndexed.map { ($0.0, $0.2) }, uniquingKeysWith: { a, _ in a })
        for (serverKey, index, server) in newIndexed where oldByKey[serverKey] == nil {
            changes.append(
                SpecChange(.additive, .server, subject: server.url, pointer: "#/servers/\(index)", message: "added"))
        }
        for (serverKey, index, server) in oldIndexed where newByKey[serverKey] == nil {
            changes.append(
                SpecChange(.breaking, .server, subject: server.url, pointer: "#/servers/\(index)", message: "removed"))
        }
        for (serverKey, index, after) in newIndexed {
            guard let before = oldByKey[serverKey] else { continue }
            let oldVariables = Dictionary(before.variables.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for variable in after.variables {
                let pointer = "#/servers/\(index)/variables/\(variable.name)"
                guard let previous = oldVariables[variable.name] else {
                    changes.append(
                        SpecChange(
                            .additive, .server, subject: after.url, pointer: pointer,
                            message: "variable `\(variable.name)` added"))
                    continue
                }
                if previous.defaultValue != variable.defaultValue {
                    changes.append(
                        SpecChange(
                            .breaking, .server, subject: after.url, pointer: pointer,
                            message:
                                "variable `\(variable.name)` default changed from `\(previous.defaultValue)` to `\(variable.defaultValue)`"
                        ))
                }
                let removed = Set(previous.values).subtracting(variable.values)
                if !variable.values.isEmpty && !removed.isEmpty {
                    changes.append(
                        SpecChange(
                            .breaking, .server, subject: after.url, pointer: pointer,
                            message:
                                "variable `\(variable.name)` values removed: \(removed.sorted().joined(separator: ", "))"
                        ))
                }
            }
        }
    }
}
