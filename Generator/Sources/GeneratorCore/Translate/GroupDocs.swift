/// The doc comment of each operation group (`<Tag>API`), from the tag it is named for.
///
/// A group is one top-level tag: its doc comment names the tag as written, then its summary,
/// description and kind, then the nested tags whose operations it also holds, so a reader of the
/// Swift sees the document's navigation even though nested tags get no type of their own. A group
/// with no declared tag behind it (untagged operations, a tag the document never declares) keeps
/// the renderer's one-line default.
enum GroupDocs {
    static func decide(_ groupTags: [String: String], tree: TagTree) -> [String: [String]] {
        var nestedByTop: [String: [Tag]] = [:]
        for tag in tree.tags {
            let top = tree.top(of: tag.name)
            if top != tag.name { nestedByTop[top, default: []].append(tag) }
        }
        var result: [String: [String]] = [:]
        for (group, name) in groupTags {
            guard let tag = tree.tag(named: name) else { continue }
            var lines = ["The operations tagged `\(name)`" + title(tag) + "."]
            let description = DocText.paragraph(tag.description)
            if !description.isEmpty { lines += [""] + description }
            if let kind = tag.kind, !kind.isEmpty { lines += ["", "Tag kind: `\(kind)`."] }
            if let nested = nestedByTop[name] {
                let names = nested.map { "`\($0.name)`" + title($0) }.joined(separator: ", ")
                lines += ["", "Also the operations tagged with its nested tags: \(names)."]
            }
            result[group] = lines
        }
        return result
    }

    /// ` (Summary)`, when the tag has a summary that says more than its name.
    private static func title(_ tag: Tag) -> String {
        guard let summary = tag.summary?.trimmed, !summary.isEmpty, summary != tag.name else { return "" }
        return " (\(summary))"
    }
}
