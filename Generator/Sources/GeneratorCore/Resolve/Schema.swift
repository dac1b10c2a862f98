/// A JSON Schema as OpenAPI 3.0 and 3.1 use it, normalised to one spelling: 3.0 `nullable` becomes
/// a `"null"` member of `types`, boolean `exclusiveMinimum` becomes the numeric form.
/// References to component schemas stay references (`ref`), so recursive schemas are finite.
public struct Schema: Sendable {
    /// The component name when this schema is a `$ref` to `#/components/schemas/<name>`.
    public var ref: String?
    public var types: [String] = []
    public var format: String?
    public var title: String?
    public var description: String?
    public var enumValues: [Node]?
    public var const: Node?
    public var properties: [(name: String, schema: Schema)] = []
    public var required: [String] = []
    public var additionalProperties: AdditionalProperties = .unspecified
    /// Stored as an array so the struct can contain itself.
    public var itemsStorage: [Schema] = []
    public var prefixItems: [Schema] = []
    public var allOf: [Schema] = []
    public var oneOf: [Schema] = []
    public var anyOf: [Schema] = []
    public var notStorage: [Schema] = []
    public var discriminator: Discriminator?
    public var defaultValue: Node?
    public var deprecated = false
    public var readOnly = false
    public var writeOnly = false
    public var minimum: Double?
    public var maximum: Double?
    public var exclusiveMinimum: Double?
    public var exclusiveMaximum: Double?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var minItems: Int?
    public var maxItems: Int?
    public var uniqueItems = false
    public var extensions: [(name: String, value: Node)] = []
    /// Where the schema was written, for diagnostics and naming.
    public var pointer = JSONPointer()
    public var location: SourceLocation?

    public init() {}

    public var items: Schema? {
        get { itemsStorage.first }
        set { itemsStorage = newValue.map { [$0] } ?? [] }
    }
    public var not: Schema? {
        get { notStorage.first }
        set { notStorage = newValue.map { [$0] } ?? [] }
    }

    public enum AdditionalProperties: Sendable {
        case unspecified
        case allowed(Bool)
        case schema(SchemaBox)
    }

    public struct Discriminator: Sendable {
        public var propertyName: String
        /// Discriminator value → component schema name.
        public var mapping: [(value: String, schema: String)]
    }

    /// Allows `true`, `false` and the nullable marker to be asked in one place.
    public var isNullable: Bool { types.contains("null") }
    public var nonNullTypes: [String] { types.filter { $0 != "null" } }

    /// `{}` or only annotations: accepts any JSON value.
    public var isUnconstrained: Bool {
        ref == nil && types.isEmpty && enumValues == nil && const == nil && properties.isEmpty
            && itemsStorage.isEmpty && prefixItems.isEmpty && allOf.isEmpty && oneOf.isEmpty && anyOf.isEmpty
            && notStorage.isEmpty
            && { if case .unspecified = additionalProperties { return true } else { return false } }()
    }

    /// `{type: null}` alone.
    public var isNullOnly: Bool { ref == nil && types == ["null"] && properties.isEmpty && enumValues == nil }
}

/// A heap box so `additionalProperties` can hold a schema inside a schema.
public final class SchemaBox: Sendable {
    public let schema: Schema
    public init(_ schema: Schema) { self.schema = schema }
}
