/// The one naming policy: every Swift identifier the generator writes comes from here.
public enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "Any", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "_", "await", "async", "consume", "copy", "discard", "each", "borrowing",
        "consuming", "some", "any", "Type", "Protocol",
    ]

    /// Type names a generated type may not take: what generated code itself uses, every public
    /// top-level type of APIRuntime and of APITesting (apps and tests import them beside the
    /// module: a schema called `SecurityScheme` or `StubAnswer` would make theirs ambiguous),
    /// Foundation's types an app names beside the module (`Data`, `URL`, `Notification`), the
    /// modules the generated code imports, and standard-library types that any other module's
    /// declaration would silently shadow in apps (`Range<Int>` would stop compiling). The
    /// generated module's own name is reserved as well (`typeName(_:module:declared:)`): a type
    /// named like its module breaks every `Module.Type` lookup; so are the types the module
    /// declares itself, which a schema's type would redeclare.
    static let reservedTypeNames: Set<String> = standardLibraryTypeNames.union(runtimeTypeNames).union(
        testingTypeNames
    ).union(foundationTypeNames).union(importedModuleNames).union([
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "Decimal",
        "Error", "Result", "Optional", "Array", "Dictionary", "Set", "Never", "Void", "Any", "AnyObject",
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable", "Decoder", "Encoder",
        "CodingKey", "Character", "Substring", "Task", "Type", "Protocol", "Self", "Foundation",
        "JSONValue", "JSONObject", "APIRequest", "APIResponse", "HTTPResponse", "HTTPHeaders", "HTTPMethod",
        "RequestBody", "RequestPath", "RequestCredential", "CredentialClass", "QueryItem", "MultipartPart",
        "MultipartFile", "DynamicCodingKey", "Nullable", "OpenEnum", "CalendarDate", "DateTime", "Indirect",
        "JSONCoding", "HTTPClientProtocol", "ResponseKind", "ErrorPayloads", "ParameterValue", "ArrayStyle",
        "APIRuntime", "DateTimeCoding",
    ])

    static let standardLibraryTypeNames: Set<String> = [
        "Range", "ClosedRange", "Sequence", "Collection", "Comparable", "Identifiable", "Duration", "Hasher",
        "Mirror", "Unicode", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Int8", "Int16", "Float16",
        "StaticString", "KeyPath", "RawRepresentable", "CaseIterable", "CustomStringConvertible", "Slice",
    ]

    /// Kept equal to APITesting's public top-level types by `SwiftNamesTests`: a `<Module>Testing`
    /// module imports it beside the generated module.
    static let testingTypeNames: Set<String> = [
        "StubAnswer", "StubError", "StubRecorder", "StubRequest", "StubTransport",
    ]

    /// The modules generated code and its tests import: a type of one of these names would make
    /// `Foundation.Data`-style qualified lookups find the type instead of the module.
    static let importedModuleNames: Set<String> = ["Foundation", "APIRuntime", "APITesting", "Swift", "Dispatch"]

    /// Foundation's types that apps commonly name beside a generated module: one of these declared
    /// there would make every unqualified use in the app ambiguous. (Not its file types: the core
    /// must not name them, `CoreBoundaryTests`, and no API describes one.)
    static let foundationTypeNames: Set<String> = [
        "AffineTransform", "AttributedString", "Bundle", "ByteCountFormatter", "Calendar", "CharacterSet",
        "CocoaError", "Data", "Date", "DateComponents", "DateComponentsFormatter", "DateFormatter", "DateInterval",
        "Decimal", "Dimension", "Formatter", "HTTPCookie", "HTTPURLResponse", "Host",
        "ISO8601DateFormatter", "IndexPath", "IndexSet", "InputStream", "JSONDecoder", "JSONEncoder",
        "JSONSerialization", "Locale", "Measurement", "MeasurementFormatter", "NSError", "NSNull", "NSNumber",
        "NSObject", "NSRange", "NSRegularExpression", "NSString", "Notification", "NotificationCenter",
        "NumberFormatter", "Operation", "OperationQueue", "OutputStream", "PersonNameComponents", "Pipe", "Process",
        "ProcessInfo", "Progress", "PropertyListDecoder", "PropertyListEncoder", "RunLoop", "Scanner", "Stream",
        "Thread", "TimeInterval", "TimeZone", "Timer", "URL", "URLComponents", "URLError", "URLQueryItem",
        "URLRequest", "URLResponse", "URLSession", "URLSessionConfiguration", "URLSessionTask", "UUID", "Unit",
        "UserDefaults",
    ]

    /// Why `name` may not be a generated type's name in module `module`, for the warning that
    /// says so; nil when it may.
    static func reservedTypeNameOwner(_ name: String, module: String? = nil, declared: Set<String> = []) -> String? {
        if name == module { return "the generated module's own name" }
        if declared.contains(name) { return "a type the generated module declares (an operation group or its servers)" }
        guard reservedTypeNames.contains(name) else { return nil }
        if importedModuleNames.contains(name) { return "the name of a module the generated code imports" }
        if runtimeTypeNames.contains(name) { return "a type of APIRuntime" }
        if testingTypeNames.contains(name) { return "a type of APITesting" }
        if foundationTypeNames.contains(name) { return "a Foundation type" }
        if standardLibraryTypeNames.contains(name) { return "a standard-library type" }
        return "a type the generated code uses"
    }

    /// The private property a generated model keeps its members in (`ModelStorage`); no member
    /// may take it, even one a configuration names.
    public static let modelStorage = "_storage"

    /// Kept equal to APIRuntime's public top-level types by `SwiftNamesTests`.
    static let runtimeTypeNames: Set<String> = [
        "APIClientProtocol", "APIEngine", "APIEngineConfiguration", "APIMiddleware", "APIRequest", "APIResponse",
        "ArrayStyle", "CalendarDate", "ClientLogger", "CredentialValue", "DateTime", "DateTimeCoding",
        "DynamicCodingKey",
        "EngineError", "ErrorPayloads", "HTTPTransport", "HeaderFields", "Indirect", "JSONCoding", "JSONObject",
        "JSONParseError", "JSONValue", "LogKey", "MemberNames", "MemberWriter", "ModelStorage", "MultipartFile",
        "MultipartPart",
        "NoopLogger",
        "Nullable",
        "OpenAPIModel", "OpenEnum",
        "ParameterValue", "QueryItem", "RawResponse", "RequestBody",
        "RequestMethod", "RequestPath", "RequestValidationError", "ResponseKind", "ResponseTooLargeError",
        "ResponseBodyStream", "ResponseStream", "RetryPolicy",
        "SecurityRequirement", "SecurityScheme", "ServerResponseError", "ServerSentEvent", "ServerURL",
        "StreamFraming", "TransportError",
        "TransportRequest", "TransportResponse", "URLSessionHTTPTransport",
    ]

    /// Members every generated open enum declares, so no case may take their names.
    static let openEnumMembers: Set<String> = ["rawValue", "knownValues", "isKnown", "description", "init"]

    /// Splits `snake_case`, `kebab-case`, `dotted.names`, `camelCase`, `PascalCase` and `HTTPServer`
    /// into words, keeping runs of capitals (acronyms) together.
    public static func words(_ raw: String) -> [String] {
        raw.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(raw) : unicodeWords(raw)
    }

    static func unicodeWords(_ raw: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(raw)
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = []
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber, character.isASCII || character.isLetter else {
                flush()
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    (character.isUppercase && previous.isLowercase)
                    || (character.isUppercase && previous.isUppercase && (next?.isLowercase ?? false))
                    || (character.isLetter && previous.isNumber && character.isUppercase)
                if startsWord { flush() }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// `words` for ASCII text, on bytes: the same rules without a Unicode property lookup per
    /// character (naming was a tenth of generation time on large documents).
    static func asciiWords(_ raw: String) -> [String] {
        let bytes = Array(raw.utf8)
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var words: [String] = []
        var start = -1
        func flush(_ end: Int) {
            if start >= 0 && end > start { words.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
            start = -1
        }
        for index in bytes.indices {
            let byte = bytes[index]
            guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                flush(index)
                continue
            }
            if start >= 0 {
                let previous = bytes[index - 1]
                let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
                let startsWord =
                    (isUpper(byte) && isLower(previous))
                    || (isUpper(byte) && isUpper(previous) && next.map(isLower) == true)
                    || (isDigit(previous) && isUpper(byte))
                if startsWord { flush(index) }
            }
            if start < 0 { start = index }
        }
        flush(bytes.count)
        return words
    }

    /// `account_id` → `AccountId`; `OAuthTokenRequest` stays; `2fa-status` → `_2faStatus`;
    /// a reserved name (`reservedTypeNames`: `Data`, `Error`, `StubAnswer`) gets a `Model` suffix.
    public static func typeName(_ raw: String) -> String {
        typeName(raw, module: nil, declared: [])
    }

    /// `typeName(_:)` in module `module`, whose own name is reserved too, as are the types it
    /// declares itself (`declared`: its operation groups, `Servers`). The suffix depends on the
    /// name alone, so it is the same wherever the schema is written; a collision it makes is
    /// settled by the scope.
    static func typeName(_ raw: String, module: String?, declared: Set<String> = []) -> String {
        let name = safeStart(pascalCase(raw))
        return name == module || declared.contains(name) || reservedTypeNames.contains(name) ? name + "Model" : name
    }

    /// The words of `raw`, capitalised and joined: for composing names (`Document` + `Data`).
    public static func pascalCase(_ raw: String) -> String {
        // ASCII letters and digits from a capital on (what composed names such as
        // `CreateChargeRequestStatus` are) split into words only before capitals, so capitalising
        // and joining the words gives `raw` back: answered without splitting, which cost
        // thousands of instructions per inline type of a large document.
        if isPascalCaseASCII(raw) { return raw }
        let joined = words(raw).map(capitalizeFirst).joined()
        return joined.isEmpty ? "Value" : joined
    }

    static func isPascalCaseASCII(_ raw: String) -> Bool {
        guard let first = raw.utf8.first, first >= 0x41 && first <= 0x5A else { return false }
        return raw.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
    }

    /// `account_id` → `accountId`; `URL` → `url`; `per-page` → `perPage`; `default` → `` `default` ``.
    public static func memberName(_ raw: String) -> String {
        let parts = words(raw)
        guard let first = parts.first else { return "_value" }
        let head = first.allSatisfy { $0.isUppercase || $0.isNumber } ? first.lowercased() : lowerFirst(first)
        let name = safeStart(head + parts.dropFirst().map(capitalizeFirst).joined())
        return escaped(name)
    }

    /// An enum case name for a raw value: `metadata_ready` → `metadataReady`, `""` → `empty`,
    /// `-1` → `minus1`, `+` → `plus`.
    public static func caseName(_ raw: String) -> String {
        if raw.isEmpty { return "empty" }
        var text = raw
        if text.hasPrefix("-") { text = "minus_" + text.dropFirst() }
        if text.hasPrefix("+") { text = "plus_" + text.dropFirst() }
        if words(text).isEmpty {
            let spelled = text.unicodeScalars.map { "u\(String($0.value, radix: 16))" }.joined(separator: "_")
            return memberName(spelled)
        }
        return memberName(text)
    }

    /// A name a configuration may give: letters, digits and `_`, not starting with a digit, and
    /// not a keyword (a keyword would need backticks at every use).
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber, !keywords.contains(name) else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    /// Backticks around keywords; leaves other names alone.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The name an argument goes by inside a function: a keyword (`self`, `class`) gets a plain
    /// one, so it never shadows `self` or needs backticks in expressions.
    public static func localName(_ swiftName: String) -> String {
        swiftName.hasPrefix("`") ? "_" + bare(swiftName) : swiftName
    }

    /// The name without backticks (for building derived names).
    public static func bare(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// A declared label as a call writes it: a keyword needs no backticks there (the compiler
    /// warns about them), except the three a call's argument list still reads as keywords.
    public static func callLabel(_ name: String) -> String {
        let bare = bare(name)
        return ["inout", "var", "let"].contains(bare) ? name : bare
    }

    static func capitalizeFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        // `OAuth` → `oAuth` reads badly: lower the whole leading capital run but its last letter
        // when followed by lowercase (`OAuthToken` → `oauthToken`).
        let characters = Array(word)
        var index = 0
        while index < characters.count, characters[index].isUppercase { index += 1 }
        if index <= 1 { return first.lowercased() + word.dropFirst() }
        if index == characters.count { return word.lowercased() }
        let run = index - 1
        return String(characters[0..<run]).lowercased() + String(characters[run...])
    }

    static func safeStart(_ name: String) -> String {
        guard let first = name.first else { return "_" }
        return first.isNumber ? "_" + name : name
    }

    /// Makes names unique in a scope, in the order they are asked for (deterministic).
    public struct Scope: Sendable {
        private var used: Set<String>

        /// `expectedCount`, the names the scope will claim, sizes the set once: grown one claim
        /// at a time it was rehashed every few members, a third of the cost of naming them.
        public init(reserved: Set<String> = [], expectedCount: Int = 0) {
            used = reserved
            if expectedCount > 0 { reserveCapacity(expectedCount) }
        }

        /// Room for `additional` more claims, for a scope that learns its size in steps.
        public mutating func reserveCapacity(_ additional: Int) {
            used.reserveCapacity(used.count + additional)
        }

        public mutating func claim(_ name: String) -> String {
            let base = bare(name)
            var candidate = base
            var counter = 2
            while used.contains(candidate) {
                candidate = base + String(counter)
                counter += 1
            }
            used.insert(candidate)
            return name.hasPrefix("`") && candidate == base ? name : escaped(candidate)
        }

        public func contains(_ name: String) -> Bool { used.contains(bare(name)) }
    }
}
