import Foundation

/// Which grammar a document is read with.
public enum DocumentFormat: String, Sendable, CaseIterable {
    /// YAML 1.2, of which JSON is a subset.
    case yaml
    /// RFC 8259 only: a typo in a JSON description must be an error at its line, not a YAML reading.
    case json

    /// `.json` files are JSON; everything else (`.yaml`, `.yml`, no extension) is YAML.
    public static func inferred(from path: String) -> DocumentFormat {
        path.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}

/// Stage 1 of the pipeline: reads an OpenAPI document (YAML 1.2 or JSON) into a `Node` tree.
public enum DocumentReader {
    /// Reads a document into a Node tree; the format defaults to the one `file`'s extension names.
    /// Throws ParseError.
    public static func read(_ text: String, file: String, format: DocumentFormat? = nil) throws -> Node {
        let bytes = Array(text.utf8)
        do {
            return try read(bytes: bytes, file: file, format: format ?? .inferred(from: file))
        } catch var error as ParseError {
            error.attachExcerpt(from: bytes)
            throw error
        }
    }

    /// Bytes straight from a file: checked for UTF-8 first, and errors carry the offending line.
    package static func read(validating bytes: [UInt8], file: String, format: DocumentFormat) throws -> Node {
        try readNotingReferences(validating: bytes, file: file, format: format).node
    }

    /// `read(validating:file:format:)`, also telling whether the tree may hold a `$ref` to
    /// another file: when it cannot, bundling need not walk the tree to find out.
    package static func readNotingReferences(validating bytes: [UInt8], file: String, format: DocumentFormat)
        throws -> (node: Node, mayReferOutside: Bool)
    {
        do {
            try validateUTF8(bytes, file: file)
            return try readNotingReferences(bytes: bytes, file: file, format: format)
        } catch var error as ParseError {
            error.attachExcerpt(from: bytes)
            throw error
        }
    }

    static func read(bytes: [UInt8], file: String, format: DocumentFormat = .yaml) throws -> Node {
        try readNotingReferences(bytes: bytes, file: file, format: format).node
    }

    static func readNotingReferences(bytes: [UInt8], file: String, format: DocumentFormat) throws -> (
        node: Node, mayReferOutside: Bool
    ) {
        if format == .json { return try JSONParser.parseNotingReferences(bytes, file: file) }
        guard looksLikeJSON(bytes) else { return try YAMLParser.parseNotingReferences(bytes, file: file) }
        // The JSON reader is the faster one; for a YAML file it is only a shortcut, and whatever
        // it cannot read is read as the YAML it is.
        do {
            return try JSONParser.parseNotingReferences(bytes, file: file)
        } catch is ParseError {
            return try YAMLParser.parseNotingReferences(bytes, file: file)
        }
    }

    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case ReaderByte.space, ReaderByte.tab, ReaderByte.lineFeed, ReaderByte.carriageReturn: index += 1
            case ReaderByte.leftBrace, ReaderByte.leftBracket: return true
            default: return false
            }
        }
        return false
    }

    /// Reports the position of the first byte that is not UTF-8, instead of silently replacing it.
    static func validateUTF8(_ bytes: [UInt8], file: String) throws {
        if String(validating: bytes, as: UTF8.self) != nil { return }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == ReaderByte.lineFeed {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                throw ParseError(
                    file: file, location: SourceLocation(line: line, column: column),
                    message: "invalid UTF-8 at byte offset \(offset)")
            case .emptyInput:
                return
            }
        }
    }
}
