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
        bundler.reserveComponents(of: root)
        var tree = root
        bundler.visit(&tree, file: rootFile, position: [], stamp: nil)
        if let syntaxError = bundler.syntaxError { throw syntaxError }
        bundler.appendAdditions(to: &tree)
        return DocumentBundle(
            root: tree, files: bundler.files, diagnostics: bundler.diagnostics.items, fileNames: bundler.fileNames)
    }

    static func containsExternalReference(_ node: Node, under parent: String? = nil) -> Bool {
        containsExternalReference(node, under: ParentKey(parent))
    }

    /// The parent keys `isLiteral` tells apart, so the walk compares each parent once.
    enum ParentKey {
        case none, properties, responses, other
        init(_ key: String?) {
            switch key {
            case nil: self = .none
            case "properties": self = .properties
            case "responses": self = .responses
            default: self = .other
            }
        }
    }

    /// `isLiteral` and the walk above it, deciding on each key's first byte before comparing it
    /// whole: every document is walked once to find out whether it needs bundling at all, and the
    /// closure-and-compare form was a twelfth of generation (issue 17).
    private static func containsExternalReference(_ node: Node, under parent: ParentKey) -> Bool {
        switch node.value {
        case .mapping(let entries):
            for index in entries.indices {
                let key = entries[index].key
                let value = entries[index].value
                switch key.utf8.first {
                case UInt8(ascii: "$"):
                    if key == "$ref", case .string(let reference) = value.value {
                        if ReferenceTarget.isExternal(reference) { return true }
                        continue
                    }
                case UInt8(ascii: "e"):
                    if parent != .properties {
                        if key == "example" || key == "enum" { continue }
                        if key == "examples", case .sequence = value.value { continue }
                    }
                case UInt8(ascii: "c"):
                    if parent != .properties, key == "const" { continue }
                case UInt8(ascii: "d"):
                    if parent != .properties, parent != .responses, key == "default" { continue }
                case UInt8(ascii: "v"):
                    if parent != .properties, parent != .none, key == "value" { continue }
                case UInt8(ascii: "x"):
                    if parent != .properties, key.utf8.dropFirst().first == UInt8(ascii: "-") { continue }
                default:
                    break
                }
                switch value.value {
                case .mapping, .sequence:
                    if containsExternalReference(value, under: ParentKey(key)) { return true }
                default:
                    continue
                }
            }
            return false
        case .sequence(let items):
            for item in items where containsExternalReference(item, under: ParentKey.none) { return true }
            return false
        default: return false
        }
    }

    /// Names the root already uses stay its own; a component the root defines as a reference
    /// to another file (`Pet: {$ref: pet.yaml}`) becomes that file's copy, under the root's name.
    mutating func reserveComponents(of root: Node) {
        for kindEntry in root["components"]?.entries ?? [] where Self.componentKinds.contains(kindEntry.key) {
            for entry in kindEntry.value.entries ?? [] {
                taken[kindEntry.key, default: []].insert(entry.key.lowercased())
                guard let reference = entry.value["$ref"]?.string, ReferenceTarget.isExternal(reference),
                    let target = try? ReferenceTarget.resolve(reference, from: rootFile), target.file != rootFile
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
    /// `position` of the bundled tree. `stamp` numbers the file on every location taken from a
    /// file other than the root, so diagnostics point into the file that holds the text.
    mutating func visit(_ node: inout Node, file: String, position: [String], stamp: Int32?) {
        if let stamp { node.location.fileIndex = stamp }
        switch node.value {
        case .mapping(var entries):
            // Emptied first so `entries` is the only owner and is edited in place.
            node.value = .null
            var replacement: Node?
            for index in entries.indices {
                if let stamp { entries[index].keyLocation.fileIndex = stamp }
                if entries[index].key == "$ref", let reference = entries[index].value.string {
                    if let stamp { entries[index].value.location.fileIndex = stamp }
                    switch follow(reference, in: file, at: position, node: entries[index].value) {
                    case .unchanged: break
                    case .rewritten(let local): entries[index].value.value = .string(local)
                    case .inline(let target): replacement = target
                    }
                } else if Self.isLiteral(entries[index], under: position.last) {
                    if let stamp { Self.number(&entries[index].value, stamp) }
                } else {
                    visit(&entries[index].value, file: file, position: position + [entries[index].key], stamp: stamp)
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
            for index in items.indices {
                visit(&items[index], file: file, position: position + [String(index)], stamp: stamp)
            }
            node.value = .sequence(items)
        default:
            break
        }
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

    mutating func follow(_ reference: String, in file: String, at position: [String], node: Node) -> Outcome {
        if file == rootFile && !ReferenceTarget.isExternal(reference) { return .unchanged }
        let here = JSONPointer(position) / "$ref"
        let target: ReferenceTarget
        do {
            target = try ReferenceTarget.resolve(reference, from: file)
        } catch {
            diagnostics.error(error.message, at: here, node)
            return .unchanged
        }
        guard let pointer = JSONPointer(fragment: target.fragment) else {
            diagnostics.error(
                "in '\(reference)', the part after '#' must be a JSON pointer such as '#/a/b'", at: here, node)
            return .unchanged
        }
        guard let tree = tree(for: target.file, referencedAt: here, node: node) else { return .unchanged }
        // Back into the root: its own pointer, which the loader resolves (and reports) as usual.
        if target.file == rootFile { return .rewritten(pointer.description) }
        let fileName = source.displayName(of: target.file)
        guard let resolved = tree.resolve(pointer) else {
            diagnostics.error(
                "'\(reference)' points at nothing: \(fileName) has no '#\(target.fragment)'", at: here, node)
            return .unchanged
        }
        guard let kind = Self.componentKind(at: position) else {
            return inline(resolved, target: target, at: position, reference: reference, node: node)
        }
        let positionPointer = JSONPointer(position).description
        if let local = placed[target.key] {
            guard local == positionPointer else { return .rewritten(local) }
            // The root's own component entry for this target: the copy goes right here.
            var copy = resolved
            visit(&copy, file: target.file, position: position, stamp: indices[target.file])
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
        visit(&copy, file: target.file, position: ["components", kind, name], stamp: indices[target.file])
        additions[slot].node = copy
        return .rewritten(local)
    }

    private mutating func inline(
        _ resolved: Node, target: ReferenceTarget, at position: [String], reference: String, node: Node
    ) -> Outcome {
        guard !inlining.contains(target.key) else {
            let chain = (inlining + [target.key]).joined(separator: " → ")
            diagnostics.error("reference cycle across files: \(chain)", at: JSONPointer(position) / "$ref", node)
            return .unchanged
        }
        inlining.append(target.key)
        defer { inlining.removeLast() }
        var copy = resolved
        visit(&copy, file: target.file, position: position, stamp: indices[target.file])
        return .inline(copy)
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
            let number = firstIndex + Int32(files.count - 1)
            indices[file] = number
            fileNames[number] = name
            files.append(name)
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

    // MARK: Naming and placing copies

    /// Which `components` section a reference found at `position` belongs in, judged by where
    /// OpenAPI allows each kind; nil for path items and operations, which are copied in place.
    static func componentKind(at position: [String]) -> String? {
        let count = position.count
        if count == 3, position[0] == "components", componentKinds.contains(position[1]) { return position[1] }
        if count == 2 || count == 3, position[0] == "paths" || position[0] == "webhooks" {
            // A path item, or one operation of it (`get: {$ref: ops/list.yaml}`), has no component
            // kind in 3.0; either is copied where it is referenced.
            if count == 2 || DocumentLoader.httpMethods.contains(position[2]) { return nil }
        }
        guard let last = position.last else { return nil }
        let parent = count >= 2 ? position[count - 2] : ""
        if parent == "properties" { return "schemas" }
        if last == "requestBody" { return "requestBodies" }
        switch parent {
        case "parameters", "responses", "headers", "examples", "links", "callbacks": return parent
        default: return "schemas"
        }
    }

    static func derivedName(_ target: ReferenceTarget, pointer: JSONPointer) -> String {
        if let last = pointer.tokens.last, !last.isEmpty, Int(last) == nil { return last }
        let fileName = target.file.split(separator: "/").last.map(String.init) ?? target.file
        let stem = fileName.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        let base = stem.isEmpty ? fileName : stem
        return pointer.tokens.isEmpty ? base : ([base] + pointer.tokens).joined(separator: "_")
    }

    mutating func uniqueName(_ kind: String, _ base: String) -> String {
        var name = base
        var suffix = 2
        while taken[kind, default: []].contains(name.lowercased()) {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        taken[kind, default: []].insert(name.lowercased())
        return name
    }

    func appendAdditions(to root: inout Node) {
        guard !additions.isEmpty, case .mapping(var entries) = root.value else { return }
        let origin = root.location
        var componentsIndex = entries.firstIndex { $0.key == "components" }
        if componentsIndex == nil {
            entries.append(Node.Entry(key: "components", keyLocation: origin, value: Node(.mapping([]), at: origin)))
            componentsIndex = entries.count - 1
        }
        guard let componentsIndex, case .mapping(var sections) = entries[componentsIndex].value.value else { return }
        for addition in additions {
            let entry = Node.Entry(key: addition.name, keyLocation: addition.node.location, value: addition.node)
            if let index = sections.firstIndex(where: { $0.key == addition.kind }),
                case .mapping(var members) = sections[index].value.value
            {
                members.append(entry)
                sections[index].value.value = .mapping(members)
            } else {
                sections.append(
                    Node.Entry(key: addition.kind, keyLocation: origin, value: Node(.mapping([entry]), at: origin)))
            }
        }
        entries[componentsIndex].value.value = .mapping(sections)
        root.value = .mapping(entries)
    }
}
