/// A JSON Schema as OpenAPI 3.0 and 3.1 use it, normalised to one spelling: 3.0 `nullable` becomes
/// a `"null"` member of `types`, boolean `exclusiveMinimum` becomes the numeric form.
/// References to component schemas stay references (`ref`), so recursive schemas are finite.
public struct Schema: @unchecked Sendable {
    // Every member lives in one copy-on-write box: a schema is copied wherever the translator walks
    // the document (each `for (name, schema) in properties` copies), and as a struct of some twenty
    // references each copy retained, and each drop released, all of them; boxed, a copy is one
    // retain (issue 17: copying and destroying schemas was a sixteenth of generation).
    private var box: ManagedBuffer<Members, Void>

    /// The members, as the box's header.
    private struct Members {
        var ref: String? = nil
        var types: [String] = []
        var format: String? = nil
        var title: String? = nil
        var description: String? = nil
        var enumValues: [Node]? = nil
        var const: Node? = nil
        var properties: [(name: String, schema: Schema)] = []
        var required: [String] = []
        var additionalProperties: AdditionalProperties = .unspecified
        var itemsStorage: [Schema] = []
        var prefixItems: [Schema] = []
        var allOf: [Schema] = []
        var oneOf: [Schema] = []
        var anyOf: [Schema] = []
        var notStorage: [Schema] = []
        var contentSchemaStorage: [Schema] = []
        var contentMediaType: String? = nil
        var discriminator: Discriminator? = nil
        var defaultValue: Node? = nil
        /// `example` (3.0) and `examples` (3.1), in that order: what stubs answer with.
        var examples: [Node] = []
        var deprecated: Bool = false
        var readOnly: Bool = false
        var writeOnly: Bool = false
        var minimum: Double? = nil
        var maximum: Double? = nil
        var exclusiveMinimum: Double? = nil
        var exclusiveMaximum: Double? = nil
        var minLength: Int? = nil
        var maxLength: Int? = nil
        var pattern: String? = nil
        var minItems: Int? = nil
        var maxItems: Int? = nil
        var uniqueItems: Bool = false
        var extensions: [(name: String, value: Node)] = []
        var nonNullProperties: Set<String> = []
        var pointer: JSONPointer = JSONPointer()
        var location: SourceLocation? = nil
    }

    private static func makeBox(_ members: Members) -> ManagedBuffer<Members, Void> {
        .create(minimumCapacity: 0) { _ in members }
    }

    // The header is read and written through its address: `header` itself is a stored class
    // property, which costs a dynamic exclusivity check on every access. The address stays valid
    // while this value holds the box, which it does for every access below.
    private var members: UnsafeMutablePointer<Members> { box.withUnsafeMutablePointerToHeader { $0 } }

    /// The members to write, copied first unless this value holds the only reference to the box:
    /// a shared box is never written, which is what makes the value safe to send.
    private var mutableMembers: UnsafeMutablePointer<Members> {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = Self.makeBox(members.pointee) }
            return members
        }
    }

    /// The component name when this schema is a `$ref` to `#/components/schemas/<name>`.
    public var ref: String? {
        get { members.pointee.ref }
        _modify { yield &mutableMembers.pointee.ref }
    }
    public var types: [String] {
        get { members.pointee.types }
        _modify { yield &mutableMembers.pointee.types }
    }
    public var format: String? {
        get { members.pointee.format }
        _modify { yield &mutableMembers.pointee.format }
    }
    public var title: String? {
        get { members.pointee.title }
        _modify { yield &mutableMembers.pointee.title }
    }
    public var description: String? {
        get { members.pointee.description }
        _modify { yield &mutableMembers.pointee.description }
    }
    public var enumValues: [Node]? {
        get { members.pointee.enumValues }
        _modify { yield &mutableMembers.pointee.enumValues }
    }
    public var const: Node? {
        get { members.pointee.const }
        _modify { yield &mutableMembers.pointee.const }
    }
    public var properties: [(name: String, schema: Schema)] {
        get { members.pointee.properties }
        _modify { yield &mutableMembers.pointee.properties }
    }
    public var required: [String] {
        get { members.pointee.required }
        _modify { yield &mutableMembers.pointee.required }
    }
    public var additionalProperties: AdditionalProperties {
        get { members.pointee.additionalProperties }
        _modify { yield &mutableMembers.pointee.additionalProperties }
    }
    /// Stored as an array so the struct can contain itself.
    public var itemsStorage: [Schema] {
        get { members.pointee.itemsStorage }
        _modify { yield &mutableMembers.pointee.itemsStorage }
    }
    public var prefixItems: [Schema] {
        get { members.pointee.prefixItems }
        _modify { yield &mutableMembers.pointee.prefixItems }
    }
    public var allOf: [Schema] {
        get { members.pointee.allOf }
        _modify { yield &mutableMembers.pointee.allOf }
    }
    public var oneOf: [Schema] {
        get { members.pointee.oneOf }
        _modify { yield &mutableMembers.pointee.oneOf }
    }
    public var anyOf: [Schema] {
        get { members.pointee.anyOf }
        _modify { yield &mutableMembers.pointee.anyOf }
    }
    public var notStorage: [Schema] {
        get { members.pointee.notStorage }
        _modify { yield &mutableMembers.pointee.notStorage }
    }
    /// `contentSchema`, in an array as `notStorage` is (a struct cannot hold itself).
    public var contentSchemaStorage: [Schema] {
        get { members.pointee.contentSchemaStorage }
        _modify { yield &mutableMembers.pointee.contentSchemaStorage }
    }
    /// The media type of a string's content (`contentMediaType`), with `contentSchema` its shape.
    public var contentMediaType: String? {
        get { members.pointee.contentMediaType }
        _modify { yield &mutableMembers.pointee.contentMediaType }
    }
    public var discriminator: Discriminator? {
        get { members.pointee.discriminator }
        _modify { yield &mutableMembers.pointee.discriminator }
    }
    public var defaultValue: Node? {
        get { members.pointee.defaultValue }
        _modify { yield &mutableMembers.pointee.defaultValue }
    }
    public var examples: [Node] {
        get { members.pointee.examples }
        _modify { yield &mutableMembers.pointee.examples }
    }
    public var deprecated: Bool {
        get { members.pointee.deprecated }
        _modify { yield &mutableMembers.pointee.deprecated }
    }
    public var readOnly: Bool {
        get { members.pointee.readOnly }
        _modify { yield &mutableMembers.pointee.readOnly }
    }
    public var writeOnly: Bool {
        get { members.pointee.writeOnly }
        _modify { yield &mutableMembers.pointee.writeOnly }
    }
    /// Properties an `allOf` merge ruled null out for (one member allows null, another does
    /// not): a value must satisfy both, so these are never null whatever their schema says.
    var nonNullProperties: Set<String> {
        get { members.pointee.nonNullProperties }
        _modify { yield &mutableMembers.pointee.nonNullProperties }
    }
    public var minimum: Double? {
        get { members.pointee.minimum }
        _modify { yield &mutableMembers.pointee.minimum }
    }
    public var maximum: Double? {
        get { members.pointee.maximum }
        _modify { yield &mutableMembers.pointee.maximum }
    }
    public var exclusiveMinimum: Double? {
        get { members.pointee.exclusiveMinimum }
        _modify { yield &mutableMembers.pointee.exclusiveMinimum }
    }
    public var exclusiveMaximum: Double? {
        get { members.pointee.exclusiveMaximum }
        _modify { yield &mutableMembers.pointee.exclusiveMaximum }
    }
    public var minLength: Int? {
        get { members.pointee.minLength }
        _modify { yield &mutableMembers.pointee.minLength }
    }
    public var maxLength: Int? {
        get { members.pointee.maxLength }
        _modify { yield &mutableMembers.pointee.maxLength }
    }
    public var pattern: String? {
        get { members.pointee.pattern }
        _modify { yield &mutableMembers.pointee.pattern }
    }
    public var minItems: Int? {
        get { members.pointee.minItems }
        _modify { yield &mutableMembers.pointee.minItems }
    }
    public var maxItems: Int? {
        get { members.pointee.maxItems }
        _modify { yield &mutableMembers.pointee.maxItems }
    }
    public var uniqueItems: Bool {
        get { members.pointee.uniqueItems }
        _modify { yield &mutableMembers.pointee.uniqueItems }
    }
    public var extensions: [(name: String, value: Node)] {
        get { members.pointee.extensions }
        _modify { yield &mutableMembers.pointee.extensions }
    }
    /// Where the schema was written, for diagnostics and naming.
    public var pointer: JSONPointer {
        get { members.pointee.pointer }
        _modify { yield &mutableMembers.pointee.pointer }
    }
    public var location: SourceLocation? {
        get { members.pointee.location }
        _modify { yield &mutableMembers.pointee.location }
    }

    public init() { box = Self.makeBox(Members()) }

    public var items: Schema? {
        get { itemsStorage.first }
        set { itemsStorage = newValue.map { [$0] } ?? [] }
    }
    public var not: Schema? {
        get { notStorage.first }
        set { notStorage = newValue.map { [$0] } ?? [] }
    }
    public var contentSchema: Schema? {
        get { contentSchemaStorage.first }
        set { contentSchemaStorage = newValue.map { [$0] } ?? [] }
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
