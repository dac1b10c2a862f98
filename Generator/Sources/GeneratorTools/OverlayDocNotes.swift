import Foundation
import GeneratorCore

/// What the API reference says about a member beyond the operations it reaches, read from the
/// overlay's doc comments and attributes. The convention, in a member's `///` comment:
///
/// - `- Throws:` the errors the member itself raises, with the fields that say why, e.g.
///   ``- Throws: `ValidationError` (`errors["documentIds"]`) before any request when the list is empty.``
/// - `- Note: Compatibility:` behaviour kept or added for callers: idempotent creation and the
///   recoveries it performs, polling, forwarding, what is checked locally before any request.
///
/// Either may continue on following lines indented under it. `@available(*, deprecated, …)`
/// is read from the attribute itself (`renamed:` or `message:`). Files `twins` generated are
/// skipped, wherever they are: they repeat their async method's behaviour.
public struct OverlayDocNotes: Sendable, Hashable {
    public var throwing: [String] = []
    public var compatibility: [String] = []
    /// `renamed:` target or `message:` of a deprecated overload, `""` when it gives neither.
    public var deprecations: [String] = []

    public init() {}

    public var isEmpty: Bool { throwing.isEmpty && compatibility.isEmpty && deprecations.isEmpty }

    mutating func merge(_ other: OverlayDocNotes) {
        for line in other.throwing where !throwing.contains(line) { throwing.append(line) }
        for line in other.compatibility where !compatibility.contains(line) { compatibility.append(line) }
        for line in other.deprecations where !deprecations.contains(line) { deprecations.append(line) }
    }

    /// The notes of the declaration whose keyword is on `line` (1-based) of `lines`.
    static func read(_ lines: [Substring], declarationLine line: Int) -> OverlayDocNotes {
        var notes = OverlayDocNotes()
        var comment: [String] = []
        var index = line - 1
        // Attributes and modifiers written on the lines above the keyword's line.
        var attributes: [String] = [index >= 0 && index < lines.count ? String(lines[index]) : ""]
        // A line past the end (a file changed since it was indexed) has nothing above it to read.
        index = min(index, lines.count) - 1
        while index >= 0 {
            let text = lines[index].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("///") {
                comment.insert(String(text.dropFirst(3)), at: 0)
            } else if text.hasPrefix("@") || text.hasPrefix(")") || text.hasPrefix("public") {
                attributes.append(text)
            } else {
                break
            }
            index -= 1
        }
        for attribute in attributes where attribute.contains("@available(") && attribute.contains("deprecated") {
            notes.deprecations.append(value(of: "renamed", in: attribute) ?? value(of: "message", in: attribute) ?? "")
        }
        var current: WritableKeyPath<OverlayDocNotes, [String]>?
        for raw in comment {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if let rest = text.strippingPrefix("- Throws:") {
                notes.throwing.append(rest.trimmingCharacters(in: .whitespaces))
                current = \.throwing
            } else if let rest = text.strippingPrefix("- Note: Compatibility:") {
                notes.compatibility.append(rest.trimmingCharacters(in: .whitespaces))
                current = \.compatibility
            } else if let path = current, raw.hasPrefix("   "), !text.hasPrefix("- "), !text.isEmpty {
                // A continuation line, indented under its item.
                let last = notes[keyPath: path].count - 1
                notes[keyPath: path][last] += " " + text
            } else {
                current = nil
            }
        }
        return notes
    }

    /// `name: "value"` inside an attribute.
    static func value(of name: String, in attribute: String) -> String? {
        guard let start = attribute.range(of: name + ": \"") else { return nil }
        let rest = attribute[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

extension CoverageAnalysis {
    /// Fills `notes` from the overlay sources under `overlayDirectory`.
    mutating func readNotes(overlayDirectory: String) {
        var files: [String: [Substring]] = [:]
        var generated: Set<String> = []
        for index in methods.indices {
            var notes = OverlayDocNotes()
            for declaration in methods[index].declarations {
                if files[declaration.file] == nil {
                    let path = (overlayDirectory as NSString).appendingPathComponent(declaration.file)
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    if text.hasPrefix(TwinRenderer.headerPrefix) { generated.insert(declaration.file) }
                    files[declaration.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
                }
                if generated.contains(declaration.file) { continue }
                notes.merge(OverlayDocNotes.read(files[declaration.file] ?? [], declarationLine: declaration.line))
            }
            methods[index].notes = notes
        }
    }
}

extension String {
    fileprivate func strippingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
