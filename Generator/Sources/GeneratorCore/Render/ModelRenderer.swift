/// Declarations → Swift source.
enum ModelRenderer {
    static func render(_ declaration: Declaration, into writer: inout SwiftWriter) {
        switch declaration {
        case .structure(let decl): renderStruct(decl, into: &writer)
        case .openEnum(let decl): renderEnum(decl, into: &writer)
        case .union(let decl): renderUnion(decl, into: &writer)
        case .alias(let name, let type, let docs):
            writer.docs(docs)
            writer.line(writer.head("typealias", name) + " = \(type.rendered)")
        }
    }

    /// Types are marked in prose only: an attribute would make every generated use of the type
    /// a warning, and generated code must build with warnings as errors.
    static func deprecationNote(_ deprecated: Bool) -> [String] {
        deprecated ? ["", "- Warning: Deprecated by the API description."] : []
    }

    // MARK: Structs

    static func renderStruct(_ decl: StructDecl, into writer: inout SwiftWriter) {
        writer.docs(decl.docs + deprecationNote(decl.deprecated))
        let generics =
            decl.genericParameters.isEmpty
            ? ""
            : "<" + decl.genericParameters.map { "\($0): Codable & Hashable & Sendable" }.joined(separator: ", ") + ">"
        // `OpenAPIModel` is `Codable, Hashable, Sendable` with one shared `==` and `hash(into:)`.
        let head = writer.head("struct", decl.name, genericClause: generics, conformances: ["OpenAPIModel"])
        writer.block(head) { w in
            let members = storedMembers(decl)
            for property in decl.properties {
                w.docs(property.docs)
                if property.deprecated { w.line("@available(*, deprecated)") }
                w.line(
                    w.head("var", property.swiftName, emittedIntoClient: true)
                        + ": \(property.storedType.rendered) { \(read(property.swiftName, members, decl.storage)) }"
                )
            }
            if let extras = decl.extrasType {
                w.line("/// Members the API description does not name, kept so that nothing received is lost.")
                w.line(
                    w.head("var", "additionalFields", emittedIntoClient: true)
                        + ": \(extras.rendered) { \(read("additionalFields", members, decl.storage)) }"
                )
            }
            if decl.storage.isClass {
                renderStoredClass(decl, members, into: &w)
            } else if members.count == 1 {
                w.line("@usableFromInline let \(storageName): ModelStorage<\(members[0].type.rendered)>")
            } else if !members.isEmpty {
                let elements = members.map { "\($0.label): \($0.type.rendered)" }
                w.list("@usableFromInline let \(storageName): ModelStorage<(", elements, ")>", closesLastLine: true)
            }
            if decl.extrasType != nil || decl.composedMember != nil {
                let keys = decl.properties.filter { $0.coding != .wholeObject }.map { swiftLiteral($0.wireName) }
                    .joined(separator: ", ")
                // Generic types cannot have stored statics. `MemberNames`, not a `Set` literal: the
                // set is built once in the runtime rather than by inlined hashing in every model.
                let storage =
                    decl.genericParameters.isEmpty ? "let knownKeys: MemberNames =" : "var knownKeys: MemberNames {"
                let close = decl.genericParameters.isEmpty ? "" : " }"
                w.line("private static \(storage) [\(keys)]\(close)")
            }
            w.line()
            renderInitializer(decl, into: &w)
            w.line()
            renderDecoder(decl, into: &w)
            w.line()
            renderEncoder(decl, into: &w)
        }
    }

    /// The initialiser's internal parameter name: a keyword label (`self`, `class`) gets a plain
    /// one, so it can be used as an expression without shadowing `self`.
    static func parameterName(_ property: PropertyDecl) -> String {
        property.swiftName.hasPrefix("`") ? "_" + SwiftNames.bare(property.swiftName) : property.swiftName
    }

    /// Every stored member of a model lives in one `ModelStorage` reference: the struct is a pointer
    /// wide, a copy retains once, its value witnesses are the runtime's own rather than code for
    /// each model, and a recursive member needs no box of its own. Members are read by label; a
    /// model with one member stores it bare (a tuple of one cannot be labelled).
    ///
    /// The properties and the memberwise initialiser are `@_alwaysEmitIntoClient` and the storage
    /// `@usableFromInline`: on ELF every public symbol survives dead stripping, so an accessor
    /// compiled into the model's module is paid for by every app whether it reads the member or
    /// not; compiled into its caller, it costs only where it is used. Only the `Codable`
    /// conformance, which every app that decodes the model needs, stays in the module.
    static let storageName = SwiftNames.modelStorage

    struct StoredMember {
        let label: String
        let type: SwiftType
    }

    static func storedMembers(_ decl: StructDecl) -> [StoredMember] {
        var members = decl.properties.map { StoredMember(label: $0.swiftName, type: $0.storedType) }
        if let extras = decl.extrasType { members.append(StoredMember(label: "additionalFields", type: extras)) }
        return members
    }

    static func read(_ label: String, _ members: [StoredMember], _ shape: ModelStorageShape) -> String {
        if shape == .partedClass, let index = members.firstIndex(where: { $0.label == label }) {
            return "\(storageName).\(partProperty(index / ModelStorageShape.partLimit)).\(label)"
        }
        if shape == .storedClass { return "\(storageName).\(label)" }
        return members.count == 1 ? "\(storageName).value" : "\(storageName).value.\(label)"
    }

    /// The class a wide model keeps its members in (see `ModelStorageShape`); nested, so it is
    /// generic with the model, and named so no document's type can be shadowed by it.
    static let storedClassName = "_Stored"

    /// The parts of a `partedClass` model, nested in it like the class.
    static func partName(_ index: Int) -> String { "_Part\(index)" }
    static func partProperty(_ index: Int) -> String { "p\(index)" }

    /// The members of each initialiser: all of them, or `partLimit` at a time for a parted class.
    static func parts<Element>(_ elements: [Element], _ shape: ModelStorageShape) -> [ArraySlice<Element>] {
        guard shape == .partedClass else { return [elements[...]] }
        return stride(from: 0, to: elements.count, by: ModelStorageShape.partLimit).map {
            elements[$0..<min($0 + ModelStorageShape.partLimit, elements.count)]
        }
    }

    /// Decoding assigns the members one by one in the class's own initialiser: a throwing call
    /// per member among the arguments of one call would need, on each call's error path, the
    /// clean-up of every argument before it (quadratic code); assigned stored properties are
    /// cleaned up from one record of which are set. A parted class does the same in each part.
    private static func renderStoredClass(
        _ decl: StructDecl, _ members: [StoredMember], into writer: inout SwiftWriter
    ) {
        writer.line("@usableFromInline let \(storageName): \(storedClassName)")
        let extrasType = decl.extrasType
        let decoded = decodedValues(decl) + (extrasType == nil ? [] : ["additionalFields"])
        let memberParts = parts(members, decl.storage)
        let valueParts = parts(decoded, decl.storage)
        let extras = extrasType.map { ", _ additionalFields: \($0.rendered)" } ?? ""
        writer.block("@usableFromInline final class \(storedClassName): Sendable") { w in
            if decl.storage == .partedClass {
                let stored = memberParts.indices.map {
                    StoredMember(label: partProperty($0), type: .named(partName($0)))
                }
                renderStoredMembers(stored, into: &w)
                w.block("init(_ container: KeyedDecodingContainer<DynamicCodingKey>\(extras)) throws") { w in
                    for index in memberParts.indices {
                        let last = index == memberParts.count - 1 && !extras.isEmpty
                        w.line(
                            "self.\(partProperty(index)) = try \(partName(index))(container\(last ? ", additionalFields" : ""))"
                        )
                    }
                }
            } else {
                renderStoredMembers(members, into: &w)
                renderDecodingInit(memberParts[0], valueParts[0], extras: extras, into: &w)
            }
        }
        guard decl.storage == .partedClass else { return }
        for (index, (part, values)) in zip(memberParts, valueParts).enumerated() {
            let last = index == memberParts.count - 1
            writer.block("@usableFromInline struct \(partName(index)): Sendable") { w in
                renderStoredMembers(Array(part), into: &w)
                renderDecodingInit(part, values, extras: last ? extras : "", into: &w)
            }
        }
    }

    /// `@usableFromInline let` for each member and the memberwise initialiser.
    private static func renderStoredMembers(_ members: [StoredMember], into writer: inout SwiftWriter) {
        for member in members { writer.line("@usableFromInline let \(member.label): \(member.type.rendered)") }
        let parameters = members.indices.map { "_ m\($0): \(members[$0].type.rendered)" }
        writer.list("@usableFromInline init(", parameters, ") {")
        writer.indent { w in
            for (index, member) in members.enumerated() { w.line("self.\(member.label) = m\(index)") }
        }
        writer.line("}")
    }

    /// Each member assigned from `container` (the last, `additionalFields`, from the parameter).
    private static func renderDecodingInit(
        _ members: ArraySlice<StoredMember>, _ values: ArraySlice<String>, extras: String,
        into writer: inout SwiftWriter
    ) {
        writer.block("init(_ container: KeyedDecodingContainer<DynamicCodingKey>\(extras)) throws") { w in
            for (member, value) in zip(members, values) {
                let isExtras = !extras.isEmpty && member.label == "additionalFields" && value == "additionalFields"
                w.line(isExtras ? "self.additionalFields = additionalFields" : "self.\(member.label) = try \(value)")
            }
        }
    }

    /// `prefix` + the storage made from `values` (the stored members in order).
    static func storing(_ values: [String], _ shape: ModelStorageShape, prefix: String, into writer: inout SwiftWriter)
    {
        if shape == .partedClass {
            let made = parts(values, shape)
            writer.line("\(storageName) = \(prefix)\(storedClassName)(")
            writer.indent { w in
                for (index, part) in made.enumerated() {
                    let last = index == made.count - 1
                    w.list("\(partName(index))(", Array(part), last ? "))" : "),", closesLastLine: true)
                }
            }
        } else if shape == .storedClass {
            writer.list("\(storageName) = \(prefix)\(storedClassName)(", values, ")", closesLastLine: true)
        } else if values.count == 1 {
            writer.line("\(storageName) = \(prefix)ModelStorage(\(values[0]))")
        } else if !values.isEmpty {
            writer.list("\(storageName) = \(prefix)ModelStorage((", values, "))", closesLastLine: true)
        }
    }

    private static func renderInitializer(_ decl: StructDecl, into writer: inout SwiftWriter) {
        let settable = decl.properties.filter { $0.constValue == nil }
        var arguments = settable.map { property -> String in
            let label =
                property.swiftName == parameterName(property)
                ? property.swiftName : "\(property.swiftName) \(parameterName(property))"
            return "\(label): \(property.declaredType.rendered)\(property.isOptional ? " = nil" : "")"
        }
        if let extras = decl.extrasType {
            arguments.append("additionalFields: \(extras.rendered) = [:]")
        }
        if arguments.isEmpty {
            writer.line(writer.head("init", emittedIntoClient: true) + "() {")
        } else {
            writer.list(writer.head("init", emittedIntoClient: true) + "(", arguments, ") {")
        }
        var values = decl.properties.map { property in
            property.constValue.map(swiftLiteral) ?? parameterName(property)
        }
        if decl.extrasType != nil { values.append("additionalFields") }
        writer.indent { w in storing(values, decl.storage, prefix: "", into: &w) }
        writer.line("}")
    }

    /// The decoder hands every member to the memberwise initialiser, so the assignments are
    /// written once. An optional constant cannot go that way (the initialiser always sets it, a
    /// decoded one may be absent), so a type with one assigns each member here instead.
    private static func renderDecoder(_ decl: StructDecl, into writer: inout SwiftWriter) {
        if decl.storage.isClass {
            writer.block(writer.head("init") + "(from decoder: any Decoder) throws") { w in
                w.line("let container = try decoder.container(keyedBy: DynamicCodingKey.self)")
                let extras = decl.extrasType != nil ? ", decoder.members(except: Self.knownKeys)" : ""
                w.line("\(storageName) = try \(storedClassName)(container\(extras))")
            }
            return
        }
        if decl.decodesByAssignment {
            renderAssigningDecoder(decl, into: &writer)
            return
        }
        writer.block(writer.head("init") + "(from decoder: any Decoder) throws") { w in
            var arguments: [String] = []
            var checks: [String] = []
            for property in decl.properties {
                let key = swiftLiteral(property.wireName)
                let presence = property.decodesIfPresent ? "IfPresent" : ""
                let label = argumentLabel(property)
                switch property.coding {
                case .wholeObject: arguments.append("\(label): \(property.type.rendered)(from: decoder)")
                case .constant(let constant):
                    checks.append("_ = try container.decodeConstant(\(swiftLiteral(constant)), forKey: \(key))")
                case .dateTime: arguments.append("\(label): container.decodeDateTime\(presence)(\(key))")
                case .nullable: arguments.append("\(label): container.decodeNullableIfPresent(\(key))")
                case .value: arguments.append("\(label): container.decode\(presence)(\(key))")
                }
            }
            if !arguments.isEmpty || !checks.isEmpty {
                w.line("let container = try decoder.container(keyedBy: DynamicCodingKey.self)")
            } else if decl.extrasType == nil {
                // Nothing to read, but the value must still be an object.
                w.line("_ = try decoder.container(keyedBy: DynamicCodingKey.self)")
            }
            for check in checks { w.line(check) }
            if decl.extrasType != nil {
                arguments.append("additionalFields: decoder.members(except: Self.knownKeys)")
            }
            if arguments.isEmpty {
                w.line("self.init()")
            } else {
                w.list("try self.init(", arguments, ")", closesLastLine: true)
            }
        }
    }

    /// A keyword needs no backticks as an argument label in a call (swiftc warns), except these.
    static func argumentLabel(_ property: PropertyDecl) -> String {
        SwiftNames.callLabel(property.swiftName)
    }

    private static func renderAssigningDecoder(_ decl: StructDecl, into writer: inout SwiftWriter) {
        writer.block(writer.head("init") + "(from decoder: any Decoder) throws") { w in
            w.line("let container = try decoder.container(keyedBy: DynamicCodingKey.self)")
            var values = decodedValues(decl)
            if decl.extrasType != nil { values.append("decoder.members(except: Self.knownKeys)") }
            storing(values, decl.storage, prefix: "try ", into: &w)
        }
    }

    /// Each property read from `container`, in order, as one expression.
    private static func decodedValues(_ decl: StructDecl) -> [String] {
        var values: [String] = []
        for property in decl.properties {
            let key = swiftLiteral(property.wireName)
            let presence = property.decodesIfPresent ? "IfPresent" : ""
            switch property.coding {
            case .wholeObject: values.append("\(property.type.rendered)(from: decoder)")
            case .constant(let constant):
                values.append("container.decodeConstant\(presence)(\(swiftLiteral(constant)), forKey: \(key))")
            case .dateTime: values.append("container.decodeDateTime\(presence)(forKey: \(key))")
            case .nullable(let inner):
                values.append("container.decodeNullableIfPresent(\(inner.rendered).self, forKey: \(key))")
            case .value:
                values.append("container.decode\(presence)(\(property.type.rendered).self, forKey: \(key))")
            }
        }
        return values
    }

    /// Steps of one `MemberWriter` statement in a wide model.
    static let chainLimit = 8

    /// One `MemberWriter` chain in wire order, steps packed as the printer's width allows.
    private static func renderEncoder(_ decl: StructDecl, into writer: inout SwiftWriter) {
        let members = storedMembers(decl)
        var steps: [String] = []
        // `self.` only where a bare name would not do: a keyword member, or one named like the
        // parameter here or a method of the type.
        // A deprecated member is read from storage: its getter would warn.
        func readValue(_ property: PropertyDecl) -> String {
            property.deprecated
                ? read(property.swiftName, members, decl.storage)
                : property.swiftName.hasPrefix("`") || ["encoder", "encode", "hash"].contains(property.swiftName)
                    ? "self." + property.swiftName : property.swiftName
        }
        for property in decl.properties where property.coding != .wholeObject {
            let key = swiftLiteral(property.wireName)
            let value = readValue(property)
            let presence = property.encodesIfPresent ? "IfPresent" : ""
            let method = property.encodesDateTime ? "encodeDateTime" : "encode"
            steps.append(".\(method)\(presence)(\(key), \(value))")
        }
        if decl.extrasType != nil {
            let method = decl.extrasAreUntyped ? "additionalFields" : "additionalMembers"
            steps.append(".\(method)(additionalFields)")
        }
        // The composed member's object first: the model's own members then replace what it says
        // about their keys.
        let start = decl.composedMember.map {
            "try MemberWriter(encoder, startingWith: \(readValue($0)), except: Self.knownKeys)"
        }
        writer.block(writer.head("func", "encode") + "(to encoder: any Encoder) throws") { w in
            guard !steps.isEmpty else {
                w.line("_ = MemberWriter(encoder)")
                return
            }
            if decl.storage.isClass {
                // Statements of a bounded number of steps: one chain of hundreds costs the type
                // checker more than linear time.
                w.line("let writer = MemberWriter(encoder)")
                for start in stride(from: 0, to: steps.count, by: chainLimit) {
                    w.line("try writer" + steps[start..<min(start + chainLimit, steps.count)].joined())
                }
                return
            }
            // The chain starts on the writer's line, as a builder reads; continuation lines are
            // indented once.
            var current = start ?? "try MemberWriter(encoder)"
            var width = characterCount(current)
            var continuation = false
            for step in steps {
                let stepWidth = characterCount(step)
                if w.fits(width: width + stepWidth, levels: continuation ? 1 : 0) {
                    current += step
                    width += stepWidth
                } else {
                    if continuation { w.indent { $0.line(current) } } else { w.line(current) }
                    current = step
                    width = stepWidth
                    continuation = true
                }
            }
            if continuation { w.indent { $0.line(current) } } else { w.line(current) }
        }
    }

    // MARK: Enums

    static func renderEnum(_ decl: EnumDecl, into writer: inout SwiftWriter) {
        writer.docs(decl.docs + deprecationNote(decl.deprecated))
        let literal = decl.rawType == "String" ? "ExpressibleByStringLiteral" : "ExpressibleByIntegerLiteral"
        writer.block(writer.head("struct", decl.name, conformances: ["OpenEnum", literal])) { w in
            w.line(w.head("let", "rawValue") + ": \(decl.rawType)")
            w.line(w.head("init") + "(rawValue: \(decl.rawType)) { self.rawValue = rawValue }")
            w.line()
            for (name, raw) in decl.cases {
                let value = decl.rawType == "String" ? swiftLiteral(raw) : raw
                w.line(
                    w.head("var", name, modifiers: ["static"], emittedIntoClient: true)
                        + ": Self { Self(rawValue: \(value)) }"
                )
            }
            w.line(
                w.head("let", "knownValues", modifiers: ["static"])
                    + ": [Self] = [\(decl.cases.map { "." + $0.name }.joined(separator: ", "))]")
        }
    }

    // MARK: Unions

    static func renderUnion(_ decl: UnionDecl, into writer: inout SwiftWriter) {
        writer.docs(decl.docs + deprecationNote(decl.deprecated))
        let modifiers = decl.isIndirect ? ["indirect"] : []
        writer.block(writer.head("enum", decl.name, modifiers: modifiers, conformances: ["OpenAPIModel"])) { w in
            for member in decl.members {
                let storage = member.isIndirect && !decl.isIndirect ? "indirect " : ""
                w.line("\(storage)case \(member.caseName)(\(member.type.rendered))")
            }
            w.line("/// A value matching no member this version of the SDK knows, kept as sent.")
            w.line("case unknown(JSONValue)")
            w.line()
            w.block(w.head("init") + "(from decoder: any Decoder) throws") { w in
                if let discriminator = decl.discriminator {
                    w.line("let container = try? decoder.container(keyedBy: DynamicCodingKey.self)")
                    w.switchBlock(
                        "switch try container?.decodeIfPresent(String.self, forKey: \(swiftLiteral(discriminator)))"
                    ) { w in
                        for member in decl.members where !member.discriminatorValues.isEmpty {
                            let values = member.discriminatorValues.map(swiftLiteral).joined(separator: ", ")
                            w.line(
                                "case \(values): self = .\(SwiftNames.bare(member.caseName))(try \(member.type.rendered)(from: decoder))"
                            )
                        }
                        w.line("default: self = .unknown(try JSONValue(from: decoder))")
                    }
                } else {
                    // One chain, first match wins: the same tries in the same order as early returns.
                    for (index, member) in decl.members.enumerated() {
                        let opening = index == 0 ? "if" : "} else if"
                        w.line("\(opening) let value = try? \(member.type.rendered)(from: decoder) {")
                        w.indent { $0.line("self = .\(SwiftNames.bare(member.caseName))(value)") }
                    }
                    if decl.members.isEmpty {
                        w.line("self = .unknown(try JSONValue(from: decoder))")
                    } else {
                        w.line("} else {")
                        w.indent { $0.line("self = .unknown(try JSONValue(from: decoder))") }
                        w.line("}")
                    }
                }
            }
            w.line()
            w.block(w.head("func", "encode") + "(to encoder: any Encoder) throws") { w in
                w.switchBlock("switch self") { w in
                    for member in decl.members {
                        w.line("case .\(SwiftNames.bare(member.caseName))(let value): try value.encode(to: encoder)")
                    }
                    w.line("case .unknown(let value): try value.encode(to: encoder)")
                }
            }
        }
    }
}
