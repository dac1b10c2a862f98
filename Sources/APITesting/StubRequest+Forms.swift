import APIRuntime
import Foundation

/// `application/x-www-form-urlencoded` and `multipart/form-data` bodies, read back field by field.
extension StubRequest {
    /// The form body's fields, percent-decoded.
    public var formFields: [QueryItem] { Self.queryItems(String(decoding: body, as: UTF8.self)) }

    public func form<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try formFields.first { $0.name == name }.map { try value($0.value, name, as: type) }
    }

    public func formArray<T: Decodable>(_ name: String, of type: T.Type, style: ArrayStyle = .exploded) throws -> [T]? {
        try array(formFields.filter { $0.name == name }.map(\.value), name, of: type, style: style)
    }

    /// A form field that holds JSON text.
    public func formJSON<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try formFields.first { $0.name == name }.map { try decodeJSON(Data($0.value.utf8), name, as: type) }
    }

    /// The multipart body's parts in order.
    public func parts() throws -> [MultipartPart] {
        let boundary = try headers["Content-Type"].flatMap(Self.boundary)
            .orThrow(undecodable("the body", "no multipart boundary"))
        return try MultipartReader.parts(body, boundary: boundary).orThrow(
            undecodable("the body", "malformed multipart"))
    }

    public func part<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try parts().first { $0.name == name }.map { try value(text(of: $0), name, as: type) }
    }

    public func partArray<T: Decodable>(_ name: String, of type: T.Type) throws -> [T]? {
        let texts = try parts().filter { $0.name == name }.map(text)
        return texts.isEmpty ? nil : try texts.map { try value($0, name, as: type) }
    }

    public func partJSON<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        try parts().first { $0.name == name }.map { try decodeJSON(bytes(of: $0), name, as: type) }
    }

    /// A file part, with the filename and media type it was sent with.
    public func partFile(_ name: String) throws -> MultipartFile? {
        try parts().first { $0.name == name }.map {
            MultipartFile(data: bytes(of: $0), filename: $0.filename, contentType: $0.contentType)
        }
    }

    /// Every file part called `name` (a field of several files).
    public func partFiles(_ name: String) throws -> [MultipartFile]? {
        let files = try parts().filter { $0.name == name }.map {
            MultipartFile(data: bytes(of: $0), filename: $0.filename, contentType: $0.contentType)
        }
        return files.isEmpty ? nil : files
    }

    private func bytes(of part: MultipartPart) -> Data {
        if case .data(let data) = part.content { return data }
        return Data()
    }

    private func text(of part: MultipartPart) -> String { String(decoding: bytes(of: part), as: UTF8.self) }

    private func decodeJSON<T: Decodable>(_ data: Data, _ name: String, as type: T.Type) throws -> T {
        do { return try JSONCoding.decode(type, from: data) } catch { throw undecodable(name, "\(error)") }
    }

    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

/// A `multipart/form-data` body split into parts (RFC 7578): enough to read back what the
/// engine's own body builder writes.
enum MultipartReader {
    static func parts(_ body: Data, boundary: String) -> [MultipartPart]? {
        let delimiter = Data("--\(boundary)".utf8)
        let bytes = [UInt8](body)
        var starts: [Int] = []
        var searchFrom = 0
        while let range = body.range(of: delimiter, in: searchFrom..<body.count) {
            starts.append(range.lowerBound)
            searchFrom = range.upperBound
        }
        guard starts.count >= 2 else { return nil }
        var result: [MultipartPart] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            var partBytes = Array(bytes[(start + delimiter.count)..<end])
            // Each part begins after its delimiter's line break and ends before the next one's.
            if partBytes.starts(with: [13, 10]) { partBytes.removeFirst(2) }
            if partBytes.suffix(2) == [13, 10] { partBytes.removeLast(2) }
            guard let split = find([13, 10, 13, 10], in: partBytes) else { return nil }
            let head = String(decoding: partBytes[..<split], as: UTF8.self)
            let content = Data(partBytes[(split + 4)...])
            var name = ""
            var filename: String?
            var contentType: String?
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = quoted("name", in: line) ?? ""
                    filename = quoted("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            result.append(
                MultipartPart(name: name, filename: filename, contentType: contentType, content: .data(content)))
        }
        return result
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    /// `name="value"` inside a header line (the builder percent-encodes `"`, CR and LF in it).
    private static func quoted(_ key: String, in line: String) -> String? {
        guard let range = line.range(of: "; \(key)=\""),
            let end = line[range.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(line[range.upperBound..<end]).replacingOccurrences(of: "%22", with: "\"")
            .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
    }
}
