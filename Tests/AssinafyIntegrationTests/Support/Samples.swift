import Foundation

/// Small, valid files built in memory so the suite needs no fixtures on disk.
enum Samples {
    /// A PDF with `pages` pages (cross-reference offsets computed, so strict readers accept it).
    static func pdf(title: String, pages: Int = 2) -> Data {
        let text = title.unicodeScalars.filter { $0.isASCII && $0 != "(" && $0 != ")" && $0 != "\\" }
        let safe = String(String.UnicodeScalarView(text))
        let kids = (0..<pages).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        for page in 0..<pages {
            let stream = "BT /F1 18 Tf 72 720 Td (\(safe) - \(page + 1)) Tj ET"
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(5 + 2 * page) 0 R"
                    + " /Resources << /Font << /F1 3 0 R >> >> >>")
            objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
        }
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(body.utf8.count)
            body += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = body.utf8.count
        body += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            body += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }

    /// A 1×1 PNG (signature images, workspace logo).
    static let png =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
        ?? Data()

    static func isPDF(_ data: Data) -> Bool { data.starts(with: Data("%PDF".utf8)) }
    static func isPNG(_ data: Data) -> Bool { data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }
    static func isZIP(_ data: Data) -> Bool { data.starts(with: [0x50, 0x4B, 0x03, 0x04]) }
}
