import Foundation

/// Stage 1 of the pipeline: reads an OpenAPI document (YAML 1.2 or JSON) into a `Node` tree.
public enum DocumentReader {
    /// Reads a YAML 1.2 or JSON document (JSON detected when the first non-space byte is `{` or `[`,
    /// but YAML parsing of JSON must also work) into a Node tree. Throws ParseError.
    public static func read(_ text: String, file: String) throws -> Node {
        try read(bytes: Array(text.utf8), file: file)
    }

    /// Reads the file at `path`; errors name the file by `path`.
    public static func read(contentsOf path: String) throws -> Node {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ParseError(
                file: path, location: SourceLocation(line: 1, column: 1),
                message: "cannot read file: \(error.localizedDescription)")
        }
        let bytes = [UInt8](data)
        try validateUTF8(bytes, file: path)
        return try read(bytes: bytes, file: path)
    }

    static func read(bytes: [UInt8], file: String) throws -> Node {
        guard looksLikeJSON(bytes) else { return try YAMLParser.parse(bytes, file: file) }
        do {
            return try JSONParser.parse(bytes, file: file)
        } catch let jsonError as ParseError {
            // JSON-looking input may still be YAML flow style (comments, unquoted keys, ...). When
            // both fail, the reader that got further understood the document better.
            do {
                return try YAMLParser.parse(bytes, file: file)
            } catch let yamlError as ParseError {
                let jsonFurther =
                    (jsonError.location.line, jsonError.location.column)
                    >= (yamlError.location.line, yamlError.location.column)
                throw jsonFurther ? jsonError : yamlError
            }
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
