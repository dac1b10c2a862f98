extension GeneratorConfiguration {
    /// Reads a configuration from the bytes of its file (the core reads no files: the command
    /// line, or a plugin through it, hands them over). `file` names it in errors.
    ///
    /// Throws `ParseError` at the offending key or value's `line:column`: a key the reader does
    /// not know is an error, not ignored, so a misspelt `retyr: never` cannot silently do nothing.
    public static func parse(_ bytes: [UInt8], file: String) throws -> GeneratorConfiguration {
        let root = try DocumentReader.read(validating: bytes, file: file, format: .inferred(from: file))
        do {
            return try ConfigurationReader(file: file).configuration(root)
        } catch var error as ParseError {
            error.attachExcerpt(from: bytes)
            throw error
        }
    }

    /// The keys of the top-level mapping, in the order the documentation lists them.
    public static let topLevelKeys = [
        "module", "access", "regenerate", "documents", "perCallCredentials", "operations", "types", "widening",
        "fileLineBudget", "testing",
    ]
    /// The keys of `testing`.
    public static let testingKeys = ["output"]
    /// The keys of an `operations` entry written as a mapping.
    public static let operationKeys = ["name", "retry", "exclusiveConnection", "followsRedirects", "requestMediaType"]
}

private struct ConfigurationReader {
    let file: String

    static let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "QUERY"]

    func error(_ message: String, at location: SourceLocation, hint: String? = nil) -> ParseError {
        ParseError(file: file, location: location, message: message, hint: hint)
    }

    func mapping(_ node: Node, _ what: String) throws -> [Node.Entry] {
        if case .null = node.value { return [] }
        guard let entries = node.entries else { throw error("\(what) must be a mapping", at: node.location) }
        return entries
    }

    func checkKeys(_ entries: [Node.Entry], allowed: [String], in what: String) throws {
        for entry in entries where !allowed.contains(entry.key) {
            throw error(
                "unknown key '\(entry.key)' in \(what)", at: entry.keyLocation,
                hint: "expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    func string(_ node: Node, _ what: String) throws -> String {
        guard let text = node.string, !text.isEmpty else {
            throw error("\(what) must be a non-empty string", at: node.location)
        }
        return text
    }

    func strings(_ node: Node, _ what: String) throws -> [String] {
        if let single = node.string { return [single] }
        guard let elements = node.elements else {
            throw error("\(what) must be a string or a list of strings", at: node.location)
        }
        return try elements.map { try string($0, "each entry of \(what)") }
    }

    func identifier(_ node: Node, _ what: String) throws -> String {
        let text = try string(node, what)
        guard SwiftNames.isIdentifier(text) else {
            throw error("\(what) '\(text)' is not a Swift identifier", at: node.location)
        }
        return text
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ node: Node, _ what: String) throws -> Choice
    where Choice.RawValue == String {
        let all = Choice.allCases.map(\.rawValue)
        guard let text = node.string, let value = Choice(rawValue: text) else {
            throw error("\(what) must be one of: \(all.joined(separator: ", "))", at: node.location)
        }
        return value
    }

    func configuration(_ root: Node) throws -> GeneratorConfiguration {
        let entries = try mapping(root, "the configuration")
        try checkKeys(entries, allowed: GeneratorConfiguration.topLevelKeys, in: "the configuration")
        var result = GeneratorConfiguration()
        for entry in entries {
            let node = entry.value
            switch entry.key {
            case "module": result.module = try identifier(node, "module")
            case "access": result.access = try choice(node, "access")
            case "regenerate": result.regenerateCommand = try string(node, "regenerate")
            case "documents": result.documents = try strings(node, "documents")
            case "perCallCredentials": result.perCallCredentials = try strings(node, "perCallCredentials")
            case "operations": result.operations = try operations(node)
            case "widening": result.widening = try choice(node, "widening")
            case "fileLineBudget": result.fileLineBudget = try lineBudget(node)
            case "testing": result.testing = try testing(node)
            default: result.types = try types(node)
            }
        }
        return result
    }

    func testing(_ node: Node) throws -> GeneratorConfiguration.TestingOutput {
        let entries = try mapping(node, "testing")
        try checkKeys(entries, allowed: GeneratorConfiguration.testingKeys, in: "testing")
        guard let output = entries.first(where: { $0.key == "output" }) else {
            throw error("testing needs an output directory", at: node.location)
        }
        return GeneratorConfiguration.TestingOutput(output: try string(output.value, "testing.output"))
    }

    func lineBudget(_ node: Node) throws -> Int {
        guard let value = node.int, value > 0, value <= Int64(Int32.max) else {
            throw error("fileLineBudget must be a positive whole number", at: node.location)
        }
        return Int(value)
    }

    func operations(_ node: Node) throws -> [String: GeneratorConfiguration.OperationSettings] {
        var result: [String: GeneratorConfiguration.OperationSettings] = [:]
        for entry in try mapping(node, "operations") {
            let key = Self.normalizedKey(entry.key)
            guard result[key] == nil else {
                throw error("operation '\(entry.key)' is configured twice", at: entry.keyLocation)
            }
            if entry.value.string != nil {
                result[key] = .init(name: try identifier(entry.value, "the name of '\(entry.key)'"))
                continue
            }
            let what = "operation '\(entry.key)'"
            let fields = try mapping(entry.value, what)
            try checkKeys(fields, allowed: GeneratorConfiguration.operationKeys, in: what)
            var settings = GeneratorConfiguration.OperationSettings()
            for field in fields {
                switch field.key {
                case "name": settings.name = try identifier(field.value, "name")
                case "retry": settings.retry = try choice(field.value, "retry")
                case "exclusiveConnection":
                    guard let flag = field.value.bool else {
                        throw error("exclusiveConnection must be true or false", at: field.value.location)
                    }
                    settings.exclusiveConnection = flag
                case "followsRedirects":
                    guard let flag = field.value.bool else {
                        throw error("followsRedirects must be true or false", at: field.value.location)
                    }
                    settings.followsRedirects = flag
                default: settings.requestMediaType = try string(field.value, "requestMediaType")
                }
            }
            result[key] = settings
        }
        return result
    }

    func types(_ node: Node) throws -> [String: String] {
        var result: [String: String] = [:]
        var targets: [String: String] = [:]
        for entry in try mapping(node, "types") {
            guard SwiftNames.isIdentifier(entry.key) else {
                throw error("type '\(entry.key)' is not a Swift identifier", at: entry.keyLocation)
            }
            let name = try identifier(entry.value, "the new name of '\(entry.key)'")
            if let other = targets[name] {
                throw error("'\(entry.key)' and '\(other)' are both renamed to '\(name)'", at: entry.value.location)
            }
            result[entry.key] = name
            targets[name] = entry.key
        }
        return result
    }

    /// `get /pets` and `GET /pets` name the same operation; an `operationId` is kept as written.
    static func normalizedKey(_ key: String) -> String {
        let parts = key.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, methods.contains(parts[0].uppercased()) else { return key }
        return GeneratorConfiguration.routeKey(method: String(parts[0]), path: String(parts[1]))
    }
}
