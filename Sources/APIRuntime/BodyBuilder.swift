import Foundation

/// A request body ready for URLSession: bytes in memory or a file to stream from.
struct PreparedBody: Sendable {
    enum Source: Sendable {
        case data(Data)
        case file(URL)
    }
    var source: Source
    var contentType: String
    var length: Int64
    /// A file the SDK wrote (multipart), in a private directory of its own; both are deleted
    /// when the request is over, whichever way it ends (the transport defers `cleanUp`).
    var temporary: PrivateTemporaryFile?
    /// `false` for a body that came from a `RequestBody.ByteStream`: the engine sends it at most once.
    var isReplayable = true
    var temporaryFile: URL? { temporary?.url }

    func cleanUp() { temporary?.remove() }
}

enum BodyBuilder {
    /// Copy buffer size: big enough to be fast, small enough that a 25 MB upload never sits in
    /// memory.
    static let chunkSize = 1 << 20

    static func prepare(_ body: RequestBody?) throws -> PreparedBody? {
        guard let body else { return nil }
        switch body {
        case .json(let data, let contentType):
            return PreparedBody(source: .data(data), contentType: contentType, length: Int64(data.count))
        case .raw(let data, let contentType):
            return PreparedBody(source: .data(data), contentType: contentType, length: Int64(data.count))
        case .form(let items):
            let data = Data(URLBuilder.encodeForm(items).utf8)
            return PreparedBody(
                source: .data(data), contentType: "application/x-www-form-urlencoded", length: Int64(data.count))
        case .file(let url, let contentType):
            return PreparedBody(source: .file(url), contentType: contentType, length: try fileSize(url))
        case .multipart(let parts):
            return try multipart(parts)
        case .stream:
            // Asynchronous: `APIEngine` prepares it with `spool(_:contentType:operationName:timeout:)`.
            throw EngineError("A streamed body is prepared by BodyBuilder.spool")
        }
    }

    static func fileSize(_ url: URL) throws -> Int64 {
        guard url.isFileURL else {
            throw EngineError("An upload file must be a file URL", context: ["file": url.lastPathComponent])
        }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular,
                let size = (attributes[.size] as? NSNumber)?.int64Value
            else {
                throw EngineError(
                    "The upload file is not a regular file", context: ["file": url.lastPathComponent])
            }
            return size
        } catch let error as EngineError {
            throw error
        } catch {
            throw EngineError(
                "The upload file cannot be read", context: ["file": url.lastPathComponent], underlyingError: error)
        }
    }

    /// In memory when every part is in memory; otherwise written to a private temporary file
    /// chunk by chunk and streamed from there by `uploadTask(with:fromFile:)`.
    static func multipart(_ parts: [MultipartPart], boundary: String = makeBoundary()) throws -> PreparedBody {
        let contentType = "multipart/form-data; boundary=\(boundary)"
        let hasFiles = parts.contains { if case .file = $0.content { return true } else { return false } }
        if !hasFiles {
            var data = Data()
            for part in parts {
                data.append(partHeader(part, boundary: boundary))
                if case .data(let bytes) = part.content { data.append(bytes) }
                data.append(Data("\r\n".utf8))
            }
            data.append(Data("--\(boundary)--\r\n".utf8))
            return PreparedBody(source: .data(data), contentType: contentType, length: Int64(data.count))
        }
        for part in parts { if case .file(let url) = part.content { _ = try fileSize(url) } }
        let (temporary, output) = try PrivateTemporaryFile.create()
        do {
            defer { try? output.close() }
            for part in parts {
                try output.write(contentsOf: partHeader(part, boundary: boundary))
                switch part.content {
                case .data(let bytes): try output.write(contentsOf: bytes)
                case .file(let url): try copy(url, to: output)
                }
                try output.write(contentsOf: Data("\r\n".utf8))
            }
            try output.write(contentsOf: Data("--\(boundary)--\r\n".utf8))
            try output.synchronize()
            let size = try fileSize(temporary.url)
            return PreparedBody(
                source: .file(temporary.url), contentType: contentType, length: size, temporary: temporary)
        } catch {
            temporary.remove()
            if let sdkError = error as? EngineError { throw sdkError }
            throw EngineError("Cannot write the upload body", underlyingError: error)
        }
    }

    private static func copy(_ url: URL, to output: FileHandle) throws {
        let input: FileHandle
        do { input = try FileHandle(forReadingFrom: url) } catch {
            throw EngineError(
                "The upload file cannot be read", context: ["file": url.lastPathComponent], underlyingError: error)
        }
        defer { try? input.close() }
        while true {
            // autoreleasepool does not exist on Linux; each chunk is released when it goes out of scope.
            guard let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty else { break }
            try output.write(contentsOf: chunk)
        }
    }

    static func makeBoundary() -> String {
        "boundary-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    static func partHeader(_ part: MultipartPart, boundary: String) -> Data {
        var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escapeQuoted(part.name))\""
        if let filename = part.filename { header += "; filename=\"\(escapeQuoted(filename))\"" }
        header += "\r\n"
        if let contentType = part.contentType ?? defaultContentType(part) {
            var safeType = ""
            safeType.unicodeScalars.append(contentsOf: contentType.unicodeScalars.filter { !Validation.isControl($0) })
            header += "Content-Type: \(safeType)\r\n"
        }
        return Data((header + "\r\n").utf8)
    }

    /// Percent-encodes `"`, CR and LF as browsers do (WHATWG multipart/form-data), so a name or
    /// filename can never end the quoted string or inject a header.
    static func escapeQuoted(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// File parts need a type: a PDF is labelled as one (the common case of document APIs), any
    /// other file as octet-stream. Plain fields get none, as browsers send them.
    private static func defaultContentType(_ part: MultipartPart) -> String? {
        var name = part.filename
        if case .file(let url) = part.content { name = name ?? url.lastPathComponent }
        guard let name else { return nil }
        return name.lowercased().hasSuffix(".pdf") ? "application/pdf" : "application/octet-stream"
    }
}
