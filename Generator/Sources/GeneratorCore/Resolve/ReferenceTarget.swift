import Foundation

/// Where a `$ref` value points: a file of the document (relative to the root folder) and a JSON
/// pointer fragment inside it.
struct ReferenceTarget: Hashable {
    var file: String
    /// The fragment without `#`: empty for the whole file, otherwise `/a/b`.
    var fragment: String

    var key: String { file + "#" + fragment }

    /// Why a reference is not followed; the message says what to write instead.
    struct Refusal: Error {
        var message: String
    }

    /// Resolves `reference`, written in `file`. Only relative paths inside the root folder are
    /// followed: the generator reads no network and nothing outside the tree it was pointed at.
    ///
    /// With `selfBase` (the root document's OpenAPI 3.2 `$self`, see `SelfBase`), a URL under the
    /// folder `$self` names is the file at the same place under the root document's folder.
    static func resolve(
        _ reference: String, from file: String, rootFile: String = "", selfBase: SelfBase? = nil
    ) throws(Refusal) -> ReferenceTarget {
        let (pathPart, fragment) = split(reference)
        guard !pathPart.isEmpty else { return ReferenceTarget(file: file, fragment: fragment) }
        if let selfBase, let scheme = scheme(of: pathPart) {
            if pathPart == selfBase.document { return ReferenceTarget(file: rootFile, fragment: fragment) }
            guard pathPart.hasPrefix(selfBase.folder) else {
                throw Refusal(
                    message: "'\(reference)' is a \(scheme): URL outside the folder of the document's $self "
                        + "('\(selfBase.folder)'); only files under it are read, from beside the document "
                        + "(the generator does not use the network)")
            }
            let relative = String(pathPart.dropFirst(selfBase.folder.count))
            return try resolve(relative + (fragment.isEmpty ? "" : "#" + fragment), from: rootFile)
        }
        if let scheme = scheme(of: pathPart) {
            throw Refusal(
                message: "'\(reference)' is a \(scheme): URL; only relative file references are followed "
                    + "(the generator does not use the network): download the file next to the document "
                    + "and refer to it by a relative path")
        }
        if pathPart.hasPrefix("/") || pathPart.hasPrefix("\\") || isDrivePath(pathPart) {
            throw Refusal(
                message: "'\(reference)' is an absolute path; write it relative to the referring file")
        }
        let decoded = pathPart.removingPercentEncoding ?? pathPart
        var components = file.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard components.popLast() != nil else {
                    throw Refusal(
                        message: "'\(reference)' leaves the folder of the root document; "
                            + "references may only reach files inside it")
                }
            default: components.append(String(part))
            }
        }
        guard !components.isEmpty else {
            throw Refusal(message: "'\(reference)' does not name a file")
        }
        return ReferenceTarget(file: components.joined(separator: "/"), fragment: fragment)
    }

    /// `a.yaml#/b` → (`a.yaml`, `/b`); a reference without `#` names a whole file.
    static func split(_ reference: String) -> (path: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    /// The URI scheme (`https`, `file`, …) a reference starts with, if any. One letter before `:`
    /// is a Windows drive, which is refused as an absolute path instead.
    static func scheme(of path: String) -> String? {
        guard let colon = path.firstIndex(of: ":") else { return nil }
        let scheme = path[..<colon]
        guard scheme.count > 1, let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }

    static func isDrivePath(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic
    }

    /// Whether `file` is text to take as it is (a Markdown description) rather than YAML or JSON.
    static func isTextFile(_ file: String) -> Bool {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return false }
        return textExtensions.contains(file[file.index(after: dot)...].lowercased())
    }

    static let textExtensions: Set<String> = ["md", "markdown", "txt"]

    /// Whether a `$ref` value names another file (or is a URL) rather than a place in its own file.
    static func isExternal(_ reference: String) -> Bool { ReferenceNote.isExternal(reference) }
}

extension JSONPointer {
    /// The pointer a `ReferenceTarget` fragment spells, nil when it is not a JSON pointer.
    init?(fragment: String) {
        self.init(reference: "#" + fragment)
    }
}

/// The root document's `$self` (OpenAPI 3.2): the URI its references resolve against. The
/// generator never fetches, so a URL reference is read from the local file at the same place
/// relative to the root document as the URL is relative to `$self`.
struct SelfBase: Hashable {
    /// `$self` without a fragment.
    var document: String
    /// `document` up to and including its last `/`.
    var folder: String

    init?(_ value: String?) {
        guard let value, let slash = value.lastIndex(of: "/"), ReferenceTarget.scheme(of: value) != nil else {
            return nil
        }
        document = ReferenceTarget.split(value).path
        folder = String(value[...slash])
    }
}
