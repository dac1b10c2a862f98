import Assinafy
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the demo runs: the local emulator (seeded account read from its admin API) or a real
/// environment (credentials from the environment only; only the sandbox host is accepted).
struct Setup {
    let configuration: AssinafyClientConfiguration
    private let emulatorAdmin: URL?

    init(arguments: [String]) async throws {
        var emulatorAdmin: URL?
        var baseURL: URL?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--emulator-admin": emulatorAdmin = iterator.next().flatMap(URL.init(string:))
            case "--base-url": baseURL = iterator.next().flatMap(URL.init(string:))
            default: throw ValidationError("unknown argument \(argument); use --emulator-admin URL or --base-url URL")
            }
        }
        self.emulatorAdmin = emulatorAdmin
        if let emulatorAdmin {
            let state = try await Setup.fetchJSON(emulatorAdmin.appendingPathComponent("state"))
            guard let base = state["base_url"]?.stringValue.flatMap(URL.init(string:)),
                let apiKey = state["api_key"]?.stringValue, let account = state["account_id"]?.stringValue
            else { throw AssinafySDKError("The emulator's /state did not describe a seeded account") }
            var configuration = AssinafyClientConfiguration(apiKey: apiKey, baseURL: base, defaultAccountId: account)
            configuration.allowsInsecureLoopback = true
            self.configuration = configuration
        } else {
            let environment = ProcessInfo.processInfo.environment
            guard let baseURL, baseURL.host == "sandbox.assinafy.com.br" else {
                throw ValidationError("--base-url must be https://sandbox.assinafy.com.br/v1 (or use --emulator-admin)")
            }
            guard let apiKey = environment["ASSINAFY_API_KEY"], let account = environment["ASSINAFY_ACCOUNT_ID"] else {
                throw ValidationError("set ASSINAFY_API_KEY and ASSINAFY_ACCOUNT_ID in the environment")
            }
            configuration = AssinafyClientConfiguration(apiKey: apiKey, baseURL: baseURL, defaultAccountId: account)
        }
        try configuration.validate()
    }

    /// The code the signer's invitation carries: the emulator shows it on its admin API.
    func signerAccessCode(documentId: String) async throws -> String? {
        guard let emulatorAdmin else { return ProcessInfo.processInfo.environment["ASSINAFY_SIGNER_ACCESS_CODE"] }
        let state = try await Setup.fetchJSON(emulatorAdmin.appendingPathComponent("state"))
        let codes = state["access_codes"]?.arrayValue ?? []
        return codes.first { $0["document_id"]?.stringValue == documentId }?["code"]?.stringValue
    }

    static func fetchJSON(_ url: URL) async throws -> JSONValue {
        let (data, response) = try await URLSession.shared.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw AssinafySDKError("The emulator admin API did not answer \(url.path)")
        }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }
}

/// A small, valid one-page PDF built in memory (cross-reference offsets computed), so the demo
/// needs no file.
enum SamplePDF {
    static func make(title: String) -> Data {
        let text = title.unicodeScalars.filter { $0.isASCII && $0 != "(" && $0 != ")" && $0 != "\\" }
        let stream = "BT /F1 18 Tf 72 720 Td (\(String(String.UnicodeScalarView(text)))) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
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
}
