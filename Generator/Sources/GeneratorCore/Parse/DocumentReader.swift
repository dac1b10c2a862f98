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
///
/// A YAML file with no document in it (empty, or only comments and `...`) holds no value at
/// all, which YAML tells apart from a document holding null (`---` alone). An OpenAPI
/// description cannot be empty, so that is the error "the file holds no document"; only files
/// whose emptiness means something (a configuration left at its defaults) read it as null.
public enum DocumentReader {
    /// What a YAML stream with no document reads as.
    package enum EmptyStream: Sendable {
        /// The error "the file holds no document", at 1:1.
        case refused
        /// A null node at 1:1.
        case null
    }

    /// The message for a YAML stream with no document in it.
    static let noDocument = "the file holds no document"

    static func noDocumentError(file: String) -> ParseError {
        ParseError(
            file: file, location: SourceLocation(line: 1, column: 1), message: noDocument,
            hint: "the file is empty or holds only comments; YAML reads that as no document at all, not as null")
    }

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
    /// A stream with no document reads as null unless `emptyStream` says otherwise: this is how
    /// the configuration file is read, whose emptiness means the defaults.
    package static func read(
        validating bytes: [UInt8], file: String, format: DocumentFormat, emptyStream: EmptyStream = .null
    ) throws -> Node {
        try readNotingReferences(validating: bytes, file: file, format: format, emptyStream: emptyStream).node
    }

    /// `read(validating:file:format:)` for the description itself, refusing a file with no
    /// document; also tells whether the tree may hold a `$ref` to another file: when it cannot,
    /// bundling need not walk the tree to find out.
    package static func readNotingReferences(
        validating bytes: [UInt8], file: String, format: DocumentFormat, emptyStream: EmptyStream = .refused
    ) throws -> (node: Node, mayReferOutside: Bool) {
        do {
            try validateUTF8(bytes, file: file)
            return try readNotingReferences(bytes: bytes, file: file, format: format, emptyStream: emptyStream)
        } catch var error as ParseError {
            error.attachExcerpt(from: bytes)
            throw error
        }
    }

    static func read(bytes: [UInt8], file: String, format: DocumentFormat = .yaml) throws -> Node {
        try readNotingReferences(bytes: bytes, file: file, format: format, emptyStream: .refused).node
    }

    static func readNotingReferences(
        bytes: [UInt8], file: String, format: DocumentFormat, emptyStream: EmptyStream
    ) throws -> (node: Node, mayReferOutside: Bool) {
        if format == .json { return try JSONParser.parseNotingReferences(bytes, file: file) }
        guard looksLikeJSON(bytes) else { return try readYAML(bytes, file: file, emptyStream: emptyStream) }
        // The JSON reader is the faster one; for a YAML file it is only a shortcut, and whatever
        // it cannot read is read as the YAML it is.
        do {
            return try JSONParser.parseNotingReferences(bytes, file: file)
        } catch is ParseError {
            return try readYAML(bytes, file: file, emptyStream: emptyStream)
        }
    }

    private static func readYAML(_ bytes: [UInt8], file: String, emptyStream: EmptyStream) throws -> (
        node: Node, mayReferOutside: Bool
    ) {
        let (node, mayReferOutside) = try YAMLParser.parseNotingReferences(bytes, file: file)
        if let node { return (node, mayReferOutside) }
        switch emptyStream {
        case .refused: throw noDocumentError(file: file)
        case .null: return (Node(.null, at: SourceLocation(line: 1, column: 1)), false)
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
