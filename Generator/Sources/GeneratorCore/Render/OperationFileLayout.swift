/// An operation group → files. A group that fits the line budget is one file, `<Group>.swift`.
/// A larger one would be one compiler job's work: its struct stays in `<Group>.swift` and its
/// operations move into extensions of it, by path resource (the first literal segment after the
/// group's common prefix: `/Invoices`, `/Invoices/{id}`, … are one). Resources are packed, in
/// the order of their names, into files of up to the budget, each named for its first resource
/// (`<Group>+Invoices.swift`): a batch build hands each compiler job a run of files by count, not
/// size, so files near one size are what spread the work, where a file per resource would leave
/// one job the small ones and another the models. A resource's operations stay in one file, so a
/// change to it moves no file boundary before it. A resource over the budget alone splits by its
/// next literal segment (`<Group>+Reports+BalanceSheet.swift`); operations with no further segment
/// go on in `<Name>2.swift`, …, and one larger than the budget stays whole. Only file boundaries
/// move: the type, its members and their text are the same.
enum OperationFileLayout {
    /// An operation and the literal segments of its path after the group's common prefix, as
    /// file-name words, each with the path up to it (for the extension's doc comment).
    struct Entry {
        var operation: OperationDecl
        var words: [(word: String, path: String)]
    }

    static func files(
        group: String, docs: [String] = [], operations: [OperationDecl], budget: Int, header: String,
        access: GeneratorConfiguration.AccessLevel
    ) -> [(name: String, contents: String)] {
        var whole = SwiftWriter(access: access)
        OperationRenderer.render(group: group, docs: docs, operations: operations, into: &whole)
        let headerLines = lineBreakCount(header)
        if headerLines + lineBreakCount(whole.text) <= budget { return [("\(group).swift", header + whole.text)] }

        let entries = self.entries(operations)
        var layout = Layout(
            group: group, docs: docs, header: header, headerLines: headerLines, budget: budget, access: access)
        layout.main(entries.filter { $0.words.isEmpty })
        layout.split(entries.filter { !$0.words.isEmpty }, depth: 0, prefix: group + "+")
        return layout.files
    }

    static func entries(_ operations: [OperationDecl]) -> [Entry] {
        let segments = operations.map { $0.path.split(separator: "/").map(String.init) }
        var common = segments.first?.count ?? 0
        for path in segments.dropFirst() {
            common = min(common, zip(segments[0], path).prefix { $0 == $1 }.count)
        }
        return zip(operations, segments).map { operation, path in
            var words: [(String, String)] = []
            for index in common..<path.count where !path[index].hasPrefix("{") {
                let word = fileWord(path[index])
                if !word.isEmpty { words.append((word, "/" + path[...index].joined(separator: "/"))) }
            }
            return Entry(operation: operation, words: words)
        }
    }

    /// `purchase-orders` → `PurchaseOrders`: ASCII letters and digits only, so the name is one a
    /// file system, a shell and a build tool all take as it is.
    static func fileWord(_ segment: String) -> String {
        String(
            SwiftNames.pascalCase(segment).unicodeScalars.filter {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }.map(Character.init))
    }

    struct Layout {
        let group: String
        let docs: [String]
        let header: String
        let headerLines: Int
        let budget: Int
        let access: GeneratorConfiguration.AccessLevel
        var files: [(name: String, contents: String)] = []
        /// Lowercased, so two names that differ only in case never meet on a case-insensitive disk.
        var taken: Set<String> = []

        /// The struct and the operations on the group's common prefix itself (or only parameters
        /// below it); any that do not fit beside it go on in `<Group>2.swift`, ….
        mutating func main(_ entries: [Entry]) {
            let rendered = entries.map { Rendered($0, access: access) }
            var bare = SwiftWriter(access: access)
            OperationRenderer.render(group: group, docs: docs, operations: [], into: &bare)
            let chunks = pack(rendered, firstBase: lineBreakCount(bare.text))
            var writer = SwiftWriter(access: access)
            OperationRenderer.render(group: group, docs: docs, operations: chunks[0].map(\.operation), into: &writer)
            add(group, header + writer.text)
            for (index, chunk) in chunks.enumerated().dropFirst() {
                add(group + String(index + 1), header + extensionText(chunk, paths: []))
            }
        }

        /// Entries sharing a word at `depth` are one resource. Resources, in the order of their
        /// words, are packed into files of up to the budget, each named for its first resource;
        /// a resource over the budget alone splits again one segment deeper.
        mutating func split(_ entries: [Entry], depth: Int, prefix: String) {
            var buckets: [String: [Entry]] = [:]
            for entry in entries { buckets[entry.words[depth].word.lowercased(), default: []].append(entry) }
            var current: [Rendered] = []
            var currentName = ""
            var currentPaths: [String] = []
            func flush(_ layout: inout Layout) {
                guard !current.isEmpty else { return }
                layout.add(currentName, layout.header + layout.extensionText(current, paths: currentPaths))
                current = []
                currentPaths = []
            }
            for key in buckets.keys.sorted() {
                let bucket = buckets[key] ?? []
                let name = prefix + (bucket.map { $0.words[depth].word }.min() ?? key)
                let path = bucket.map { $0.words[depth].path }.min() ?? ""
                let rendered = bucket.map { Rendered($0, access: access) }
                if fits(rendered) {
                    if !current.isEmpty && !fits(current + rendered) { flush(&self) }
                    if current.isEmpty { currentName = name }
                    current += rendered
                    currentPaths.append(path)
                    continue
                }
                flush(&self)
                let own = bucket.filter { $0.words.count == depth + 1 }
                for (index, chunk) in pack(own.map { Rendered($0, access: access) }, firstBase: 0).enumerated()
                where !chunk.isEmpty {
                    add(index == 0 ? name : name + String(index + 1), header + extensionText(chunk, paths: [path]))
                }
                let deeper = bucket.filter { $0.words.count > depth + 1 }
                if !deeper.isEmpty { split(deeper, depth: depth + 1, prefix: name + "+") }
            }
            flush(&self)
        }

        /// An operation's text inside the type and its headers type after it, rendered once.
        struct Rendered {
            var operation: OperationDecl
            var member: String
            var headers: String
            var lines: Int

            init(_ entry: Entry, access: GeneratorConfiguration.AccessLevel) {
                operation = entry.operation
                var member = SwiftWriter(access: access)
                member.indent { OperationRenderer.renderOperation(entry.operation, into: &$0) }
                var headers = SwiftWriter(access: access)
                OperationRenderer.renderCompanions(entry.operation, into: &headers)
                self.member = member.text
                self.headers = headers.text
                // One more for the blank line that sets it apart from the member before it.
                lines = lineBreakCount(member.text) + lineBreakCount(headers.text) + 1
            }
        }

        /// The doc line and `extension <Group> {`, `}`.
        static let extensionLines = 3

        func fits(_ rendered: [Rendered]) -> Bool {
            headerLines + Self.extensionLines + rendered.reduce(0) { $0 + $1.lines } <= budget
        }

        /// In order, as many to a file as fit; the first file also holds `firstBase` lines of its own.
        func pack(_ rendered: [Rendered], firstBase: Int) -> [[Rendered]] {
            var chunks: [[Rendered]] = [[]]
            var lines = headerLines + max(firstBase, Self.extensionLines)
            for item in rendered {
                if !(chunks[chunks.count - 1].isEmpty) && lines + item.lines > budget {
                    chunks.append([])
                    lines = headerLines + Self.extensionLines
                }
                chunks[chunks.count - 1].append(item)
                lines += item.lines
            }
            return chunks
        }

        func extensionText(_ chunk: [Rendered], paths: [String]) -> String {
            var text = "/// Operations of `\(group)`"
            switch paths.count {
            case 0: text += ".\n"
            case 1: text += " on `\(paths[0])` and the paths below it.\n"
            default: text += " on `\(paths[0])` through `\(paths[paths.count - 1])` and the paths below them.\n"
            }
            text += "extension \(group) {\n"
            text += chunk.map(\.member).joined(separator: "\n")
            text += "}\n"
            for item in chunk { text += item.headers }
            return text
        }

        mutating func add(_ name: String, _ contents: String) {
            var unique = name
            var suffix = 2
            while taken.contains(unique.lowercased()) {
                unique = name + "_" + String(suffix)
                suffix += 1
            }
            taken.insert(unique.lowercased())
            files.append((unique + ".swift", contents))
        }
    }
}
