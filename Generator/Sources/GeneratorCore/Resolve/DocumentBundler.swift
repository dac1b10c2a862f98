/// A document split over several files, as the one tree the loader reads: every `$ref` to another
/// file is replaced by a local `#/components/…` reference to a copy of its target (or, for path
/// items, by the target itself), so the later stages never learn that files existed.
public struct DocumentBundle: Sendable {
    public var root: Node
    /// Every file read, the root first, named as diagnostics name them.
    public var files: [String]
    /// Problems with references between files (a missing file, a URL, an escape from the tree).
    public var diagnostics: [Diagnostic]
    /// The files other than the root, by the number their nodes' locations carry.
    public var fileNames: [Int32: String]
}

/// The loaded result of a document read from files.
public struct LoadedDocument: Sendable {
    /// Nil when errors make the document unusable.
    public var document: OpenAPIDocument?
    public var diagnostics: [Diagnostic]
    public var files: [String]
    /// The files other than the root, by the number their nodes' locations carry.
    public var fileNames: [Int32: String]
}

extension DocumentLoader {
    /// Reads `rootFile` (a path inside `source`) and the files it refers to, then loads it.
    /// Files other than the root are numbered from `firstFileIndex`, so documents loaded apart
    /// and merged later (`--extra`) keep telling their files apart.
    public static func load(
        _ rootFile: String, from source: some DocumentSource, format: DocumentFormat? = nil,
        firstFileIndex: Int32 = 1
    ) throws -> LoadedDocument {
        let bundle = try DocumentBundler.bundle(rootFile, from: source, format: format, firstIndex: firstFileIndex)
        // A broken reference between files would come back from the loader as a second, vaguer
        // error at the same `$ref`; the bundler's message is the one that says what to fix.
        guard !bundle.diagnostics.contains(where: { $0.severity == .error }) else {
            return LoadedDocument(
                document: nil, diagnostics: bundle.diagnostics.map { $0.attributed(bundle.fileNames) },
                files: bundle.files, fileNames: bundle.fileNames)
        }
        var (document, diagnostics) = load(bundle.root)
        document?.sourceFileNames = bundle.fileNames
        return LoadedDocument(
            document: document, diagnostics: (bundle.diagnostics + diagnostics).map { $0.attributed(bundle.fileNames) },
            files: bundle.files, fileNames: bundle.fileNames)
    }
}

struct DocumentBundler {
    static let componentKinds: Set<String> = [
        "schemas", "parameters", "responses", "requestBodies", "headers", "securitySchemes", "examples", "links",
        "callbacks", "pathItems",
    ]

    let source: any DocumentSource
    let rootFile: String
    /// The root's `$self`, when it is an absolute URI: URL references under it are local files.
    var selfBase: SelfBase?
    let firstIndex: Int32
    var trees: [String: Node] = [:]
    /// Each file's number in locations; the root has none (0).
    var indices: [String: Int32] = [:]
    var fileNames: [Int32: String] = [:]
    var unreadable: Set<String> = []
    var files: [String] = []
    var diagnostics = Diagnostics()
    /// Target key → the local reference that stands for it, so each target is copied once and
    /// cycles between files end at a reference instead of recursing.
    var placed: [String: String] = [:]
    /// Component names in use per kind, lowercased: generated type names differ only in case.
    var taken: [String: Set<String>] = [:]
    var additions: [(kind: String, name: String, node: Node)] = []
    /// Text files (Markdown descriptions) already read, as the string node that stands for each.
    var texts: [String: Node] = [:]
    /// Targets being copied inline (path items), to report a cycle instead of recursing.
    var inlining: [String] = []
    /// The first file that is not valid YAML/JSON; thrown once the walk ends, so it is reported
    /// like a broken root (with its line and caret) rather than as one diagnostic among many.
    var syntaxError: ParseError?

    static func bundle(
        _ rootFile: String, from source: some DocumentSource, format: DocumentFormat?, firstIndex: Int32 = 1
    ) throws -> DocumentBundle {
        var bundler = DocumentBundler(source: source, rootFile: rootFile, firstIndex: firstIndex)
        let name = source.displayName(of: rootFile)
        let bytes: [UInt8]
        do {
            bytes = try source.bytes(at: rootFile)
        } catch {
            throw ParseError(
                file: name, location: SourceLocation(line: 1, column: 1), message: "cannot read file: \(error)")
        }
        let (root, mayReferOutside) = try DocumentReader.readNotingReferences(
            validating: bytes, file: name, format: format ?? .inferred(from: rootFile))
        bundler.files = [name]
        // The readers note any `$ref` that names another file; without one there is nothing to
        // bundle and the tree need not be walked (a twentieth of generation on large documents).
        guard mayReferOutside, Self.containsExternalReference(root) else {
            return DocumentBundle(root: root, files: bundler.files, diagnostics: [], fileNames: [:])
        }
        bundler.trees[rootFile] = root
        bundler.selfBase = SelfBase(root["$self"]?.string)
        bundler.reserveComponents(of: root)
        var tree = root
        bundler.visit(&tree, file: rootFile, position: [], shape: .document, stamp: nil)
        if let syntaxError = bundler.syntaxError { throw syntaxError }
        bundler.appendAdditions(to: &tree)
        return DocumentBundle(
            root: tree, files: bundler.files, diagnostics: bundler.diagnostics.items, fileNames: bundler.fileNames)
    }

    /// Names the root already uses stay its own; a component the root defines as a reference
    /// to another file (`Pet: {$ref: pet.yaml}`) becomes that file's copy, under the root's name.
    mutating func reserveComponents(of root: Node) {
        for kindEntry in root["components"]?.entries ?? [] where Self.componentKinds.contains(kindEntry.key) {
            for entry in kindEntry.value.entries ?? [] {
                taken[kindEntry.key, default: []].insert(entry.key.lowercased())
                guard let reference = entry.value["$ref"]?.string, ReferenceTarget.isExternal(reference),
                    let target = try? ReferenceTarget.resolve(
                        reference, from: rootFile, rootFile: rootFile, selfBase: selfBase),
                    target.file != rootFile
                else { continue }
                let local = JSONPointer(["components", kindEntry.key, entry.key]).description
                if placed[target.key] == nil { placed[target.key] = local }
            }
        }
    }

    // MARK: Walking

    enum Outcome {
        case unchanged
        case rewritten(String)
        case inline(Node)
    }

    /// Rewrites the external references under `node`, which came from `file` and now sits at
    /// `position` of the bundled tree, where OpenAPI expects a value of `shape`. `stamp` numbers
    /// the file on every location taken from a file other than the root, so diagnostics point
    /// into the file that holds the text.
    mutating func visit(_ node: inout Node, file: String, position: [String], shape: DocumentShape, stamp: Int32?) {
        if let stamp { node.location.fileIndex = stamp }
        switch node.value {
        case .mapping(var entries):
            // Emptied first so `entries` is the only owner and is edited in place.
            node.value = .null
            var replacement: Node?
            for index in entries.indices {
                if let stamp { entries[index].keyLocation.fileIndex = stamp }
                let key = entries[index].key
                if key == "$ref", let reference = entries[index].value.string {
                    if let stamp { entries[index].value.location.fileIndex = stamp }
                    let here = JSONPointer(position) / "$ref"
                    switch follow(
                        reference, in: file, at: position, as: shape, reportedAt: here, node: entries[index].value)
                    {
                    case .unchanged: break
                    case .rewritten(let local): entries[index].value.value = .string(local)
                    case .inline(let target): replacement = target
                    }
                    continue
                }
                if shape == .discriminator, key == "mapping" {
                    resolveMapping(&entries[index].value, file: file, position: position + [key], stamp: stamp)
                    continue
                }
                let child = shape.child(key, value: entries[index].value, parent: position.last)
                if child == .literal {
                    if let stamp { Self.number(&entries[index].value, stamp) }
                } else {
                    visit(&entries[index].value, file: file, position: position + [key], shape: child, stamp: stamp)
                }
            }
            if var replacement, case .mapping(var merged) = replacement.value {
                // Siblings of `$ref` (3.1 allows `summary`, `description`) override the target's.
                for entry in entries where entry.key != "$ref" {
                    merged.removeAll { $0.key == entry.key }
                    merged.append(entry)
                }
                replacement.value = .mapping(merged)
                node = replacement
            } else if let replacement {
                node = replacement
            } else {
                node.value = .mapping(entries)
            }
        case .sequence(var items):
            node.value = .null
            let element = shape.element
            for index in items.indices {
                if element == .literal {
                    if let stamp { Self.number(&items[index], stamp) }
                } else {
                    visit(&items[index], file: file, position: position + [String(index)], shape: element, stamp: stamp)
                }
            }
            node.value = .sequence(items)
        default:
            break
        }
    }

    /// A discriminator's `mapping` may name the file that holds a schema (`./Beverage.yaml`,
    /// `other.yaml#/Thing`); that schema is hoisted like a `$ref` to it and the mapping names
    /// the component. A local pointer written in another file (`'#/cat_action'`) means that
    /// file's own value, as a `$ref` there would, when that file has it; bare component names,
    /// and pointers the file lacks (`#/components/schemas/Pet`, written for the bundled
    /// document), are left to the loader.
    mutating func resolveMapping(_ mapping: inout Node, file: String, position: [String], stamp: Int32?) {
        if let stamp { Self.number(&mapping, stamp) }
        guard case .mapping(var entries) = mapping.value else { return }
        mapping.value = .null
        for index in entries.indices {
            guard let value = entries[index].value.string,
                Self.namesFile(value) || pointsIntoItsOwnFile(value, file: file)
            else { continue }
            let here = JSONPointer(position + [entries[index].key])
            let outcome = follow(
                value, in: file, at: position + [entries[index].key], as: .schema, reportedAt: here,
                node: entries[index].value)
            if case .rewritten(let local) = outcome { entries[index].value.value = .string(local) }
        }
        mapping.value = .mapping(entries)
    }

    /// Whether `value` is a local pointer, written outside the root, to something `file` holds.
    func pointsIntoItsOwnFile(_ value: String, file: String) -> Bool {
        guard file != rootFile, value.hasPrefix("#/"), let tree = trees[file],
            let pointer = JSONPointer(fragment: String(value.dropFirst()))
        else { return false }
        return tree.resolve(pointer) != nil
    }

    /// Whether a discriminator mapping value is a file reference rather than a schema's name:
    /// component names hold no `/`, and do not end like a YAML or JSON file.
    static func namesFile(_ value: String) -> Bool {
        let path = ReferenceTarget.split(value).path
        guard !path.isEmpty else { return false }
        if path.contains("/") || path.contains("\\") { return true }
        let lowered = path.lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") || lowered.hasSuffix(".json")
    }

    /// Values that are data, not description: a `$ref` inside an example, a default or an
    /// extension is text the API sends, and is neither followed nor refused. `parent` is the key
    /// above the entry, so a property named `example` is still a schema and `responses/default`
    /// still a response.
    static func isLiteral(_ entry: Node.Entry, under parent: String?) -> Bool {
        if parent == "properties" { return false }
        switch entry.key {
        case "example", "const", "enum": return true
        case "default": return parent != "responses"  // there, the default response
        case "value": return parent != nil
        case "examples": return entry.value.elements != nil
        default: return entry.key.hasPrefix("x-")
        }
    }

    /// Numbers every location under `node` with `file`, changing nothing else.
    static func number(_ node: inout Node, _ file: Int32) {
        node.location.fileIndex = file
        switch node.value {
        case .mapping(var entries):
            node.value = .null
            for index in entries.indices {
                entries[index].keyLocation.fileIndex = file
                number(&entries[index].value, file)
            }
            node.value = .mapping(entries)
        case .sequence(var items):
            node.value = .null
            for index in items.indices { number(&items[index], file) }
            node.value = .sequence(items)
        default:
            break
        }
    }

    /// Resolves `reference`, found at `position` where a value of `shape` is expected: a schema,
    /// parameter, response… is hoisted into `components`; anything else (a path item, a map of
    /// names, a description) is replaced by the value it points at.
    mutating func follow(
        _ reference: String, in file: String, at position: [String], as shape: DocumentShape,
        reportedAt here: JSONPointer, node: Node
    ) -> Outcome {
        if file == rootFile && !ReferenceTarget.isExternal(reference) { return .unchanged }
        let target: ReferenceTarget
        do {
            target = try ReferenceTarget.resolve(reference, from: file, rootFile: rootFile, selfBase: selfBase)
        } catch {
            // A security scheme in another document is never needed to generate code: the loader
            // leaves it out with a warning (a requirement naming it is reported where it is used).
            let tokens = here.tokens
            if tokens.count >= 2, tokens[0] == "components", tokens[1] == "securitySchemes",
                ReferenceTarget.scheme(of: ReferenceTarget.split(reference).0) != nil
            {
                return .unchanged
            }
            diagnostics.error(error.message, at: here, node)
            return .unchanged
        }
        if ReferenceTarget.isTextFile(target.file) {
            return followText(reference, target: target, as: shape, reportedAt: here, node: node)
        }
        guard let pointer = JSONPointer(fragment: target.fragment) else {
            diagnostics.error(
                "in '\(reference)', the part after '#' must be a JSON pointer such as '#/a/b'", at: here, node)
            return .unchanged
        }
        guard let tree = tree(for: target.file, referencedAt: here, node: node) else { return .unchanged }
        let kind = Self.componentKind(at: position) ?? shape.componentKind
        // Back into the root: its own pointer, which the loader resolves (and reports) as usual,
        // where the loader follows references; a description or a map of names gets the value.
        if target.file == rootFile, kind != nil || shape == .pathItem || shape == .operation {
            return .rewritten(pointer.description)
        }
        let fileName = source.displayName(of: target.file)
        guard let resolved = tree.resolve(pointer) else {
            diagnostics.error(
                "'\(reference)' points at nothing: \(fileName) has no '#\(target.fragment)'", at: here, node)
            return .unchanged
        }
        guard let kind else {
            return inline(resolved, target: target, at: position, as: shape, reportedAt: here, node: node)
        }
        let positionPointer = JSONPointer(position).description
        if let local = placed[target.key] {
            guard local == positionPointer else { return .rewritten(local) }
            // The root's own component entry for this target: the copy goes right here.
            var copy = resolved
            visit(&copy, file: target.file, position: position, shape: shape, stamp: indices[target.file])
            return .inline(copy)
        }
        let name = uniqueName(kind, Self.derivedName(target, pointer: pointer))
        let local = JSONPointer(["components", kind, name]).description
        placed[target.key] = local
        // Its slot is taken before its own references are followed, so components keep the order
        // in which they are first referenced (a file's schema before the ones it uses).
        let slot = additions.count
        additions.append((kind, name, Node(.null, at: resolved.location)))
        var copy = resolved
        let copyShape = DocumentShape.componentShapes[kind] ?? shape
        visit(
            &copy, file: target.file, position: ["components", kind, name], shape: copyShape,
            stamp: indices[target.file])
        additions[slot].node = copy
        return .rewritten(local)
    }

    /// The root's own component entries (`components/<kind>/<name>: {$ref: …}`) hold their copy.
    static func componentKind(at position: [String]) -> String? {
        guard position.count == 3, position[0] == "components", componentKinds.contains(position[1]) else { return nil }
        return position[1]
    }

    private mutating func inline(
        _ resolved: Node, target: ReferenceTarget, at position: [String], as shape: DocumentShape,
        reportedAt here: JSONPointer, node: Node
    ) -> Outcome {
        guard !inlining.contains(target.key) else {
            let chain = (inlining + [target.key]).joined(separator: " → ")
            diagnostics.error("reference cycle across files: \(chain)", at: here, node)
            return .unchanged
        }
        inlining.append(target.key)
        defer { inlining.removeLast() }
        var copy = resolved
        visit(&copy, file: target.file, position: position, shape: shape, stamp: indices[target.file])
        return .inline(copy)
    }

    /// A Markdown file given for a description (Redocly's convention): its text is the value.
    private mutating func followText(
        _ reference: String, target: ReferenceTarget, as shape: DocumentShape, reportedAt here: JSONPointer,
        node: Node
    ) -> Outcome {
        guard shape.acceptsText else {
            diagnostics.error(
                "'\(reference)' is a text file; a text file can only give a description, not an object",
                at: here, node)
            return .unchanged
        }
        guard target.fragment.isEmpty else {
            diagnostics.error(
                "in '\(reference)', a text file has no parts to point at; refer to the whole file", at: here, node)
            return .unchanged
        }
        guard let text = text(of: target.file, referencedAt: here, node: node) else { return .unchanged }
        return .inline(text)
    }

    /// The parsed file, read on first use. A file that cannot be read is reported at each
    /// reference to it; one that cannot be parsed stops reading, as a broken root does.
    mutating func tree(for file: String, referencedAt pointer: JSONPointer, node: Node) -> Node? {
        if let tree = trees[file] { return tree }
        let name = source.displayName(of: file)
        guard !unreadable.contains(file) else {
            diagnostics.error("cannot read '\(name)'", at: pointer, node)
            return nil
        }
        do {
            let bytes = try source.bytes(at: file)
            // An empty referenced file is a mistake, not a `null` schema: it gets the no-document error.
            let tree = try DocumentReader.read(
                validating: bytes, file: name, format: .inferred(from: file), emptyStream: .refused)
            trees[file] = tree
            register(file)
            return tree
        } catch let error as ParseError {
            unreadable.insert(file)
            if syntaxError == nil { syntaxError = error }
            return nil
        } catch {
            unreadable.insert(file)
            diagnostics.error("cannot read '\(name)': \(error)", at: pointer, node)
            return nil
        }
    }

    /// The text of a Markdown file, as one string node at its first line. It must be UTF-8: a
    /// description in another encoding would reach the generated comments garbled.
    mutating func text(of file: String, referencedAt pointer: JSONPointer, node: Node) -> Node? {
        if let text = texts[file] { return text }
        let name = source.displayName(of: file)
        guard !unreadable.contains(file) else {
            diagnostics.error("cannot read '\(name)'", at: pointer, node)
            return nil
        }
        var bytes: [UInt8]
        do {
            bytes = try source.bytes(at: file)
        } catch {
            unreadable.insert(file)
            diagnostics.error("cannot read '\(name)': \(error)", at: pointer, node)
            return nil
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            unreadable.insert(file)
            diagnostics.error("'\(name)' is not UTF-8 text", at: pointer, node)
            return nil
        }
        register(file)
        let text = Node(.string(string), at: SourceLocation(line: 1, column: 1, fileIndex: indices[file] ?? 0))
        texts[file] = text
        return text
    }

    /// Numbers a file just read, for the locations taken from it.
    mutating func register(_ file: String) {
        let number = firstIndex + Int32(files.count - 1)
        indices[file] = number
        fileNames[number] = source.displayName(of: file)
        files.append(source.displayName(of: file))
    }
}
