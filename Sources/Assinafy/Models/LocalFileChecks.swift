import APIRuntime
import Foundation

/// Checks the SDK runs on files before sending them, so a wrong or oversized file fails at once
/// with `ValidationError` instead of costing an upload the API would refuse.
@usableFromInline enum LocalFileChecks {
    /// The platform's upload limit for documents and templates.
    static let maximumDocumentBytes = 25 * 1024 * 1024
    static let pdfMagic: [UInt8] = Array("%PDF".utf8)
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PDF in memory: `%PDF` magic and at most 25 MB.
    @usableFromInline static func validatePDF(_ data: Data, field: String = "data") throws {
        try validatePDF(prefix: Array(data.prefix(pdfMagic.count)), size: Int64(data.count), field: field)
    }

    /// A PDF on disk, judged by its first bytes and its size; the file is not loaded.
    @usableFromInline static func validatePDF(fileURL: URL, field: String = "fileURL") throws {
        let (prefix, size) = try inspect(fileURL, prefixLength: pdfMagic.count, field: field)
        try validatePDF(prefix: prefix, size: size, field: field)
    }

    /// A PNG image: the eight-byte PNG signature.
    @usableFromInline static func validatePNG(_ data: Data, field: String = "imageData") throws {
        guard Array(data.prefix(pngMagic.count)) == pngMagic else {
            throw ValidationError(
                "The image must be a PNG file", errors: [field: ["must start with the PNG signature"]])
        }
    }

    private static func validatePDF(prefix: [UInt8], size: Int64, field: String) throws {
        guard prefix == pdfMagic else {
            throw ValidationError("The file must be a PDF", errors: [field: ["must start with %PDF"]])
        }
        guard size <= Int64(maximumDocumentBytes) else {
            throw ValidationError(
                "The file is larger than the 25 MB the API accepts", errors: [field: ["must be at most 25 MB"]])
        }
    }

    /// The first bytes and the size of a regular local file.
    private static func inspect(_ url: URL, prefixLength: Int, field: String) throws -> ([UInt8], Int64) {
        let unreadable = ValidationError("The file cannot be read", errors: [field: ["must be a readable local file"]])
        guard url.isFileURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            let handle = try? FileHandle(forReadingFrom: url)
        else { throw unreadable }
        defer { try? handle.close() }
        guard let prefix = try? handle.read(upToCount: prefixLength) else { throw unreadable }
        return (Array(prefix), size)
    }
}

/// Local checks of identifiers and contact details, shared by resources and orchestration.
@usableFromInline enum InputChecks {
    /// An identifier taken from a model whose `id` is optional in the published schema.
    @usableFromInline static func require(_ value: String?, _ field: String) throws -> String {
        guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("\(field) is required", errors: [field: ["required"]])
        }
        return value
    }

    /// A text that must hold something other than whitespace.
    @usableFromInline static func requireText(_ value: String, _ field: String) throws {
        if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("\(field) must not be empty", errors: [field: ["must not be empty"]])
        }
    }

    /// A plain `local@domain.tld` address: one `@`, no whitespace or control characters, a dotted
    /// domain of letters, digits and hyphens, and a top-level label of two or more letters. It
    /// does not try to accept every RFC 5322 form, only to catch typing mistakes locally.
    @usableFromInline static func isWellFormedEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
            (1...64).contains(local.count), (3...253).contains(domain.count),
            !text.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            })
        else { return false }
        let localAllowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$%&'*+/=?^_`{|}~.-"))
        guard local.unicodeScalars.allSatisfy(localAllowed.contains), !local.hasPrefix("."), !local.hasSuffix("."),
            !local.contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let top = labels.last, top.count >= 2, top.allSatisfy(\.isLetter) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    /// An E.164-style number: optional `+`, then 10 to 15 digits (spaces, dots, dashes and
    /// parentheses between them are tolerated; the API normalises on save).
    @usableFromInline static func isWellFormedPhone(_ text: String) -> Bool {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("+") { body = body.dropFirst() }
        guard body.allSatisfy({ $0.isASCII && ($0.isNumber || " .-()".contains($0)) }) else { return false }
        return (10...15).contains(body.filter(\.isNumber).count)
    }

    /// Lower-cased and trimmed, for case-insensitive e-mail comparison.
    @usableFromInline static func normalizedEmail(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
