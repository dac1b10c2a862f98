/// The fixed part of the smoke driver (SmokeDriver.render appends it): the samples from the mock,
/// decoding one sample into a Swift type, and one JSON line per operation on standard output.
enum SmokeDriverSupport {
    static let source = #"""

        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif

        /// `smoke BASE_URL ADMIN_URL`: the mock's announced URLs.
        struct SmokeSamples: Sendable {
            let baseURL: URL
            let samples: [String: JSONValue]

            static func load() async -> SmokeSamples {
                let arguments = CommandLine.arguments
                guard arguments.count == 3, let base = URL(string: arguments[1]), let admin = URL(string: arguments[2])
                else { fail("usage: smoke BASE_URL ADMIN_URL") }
                do {
                    let session = URLSession(configuration: .ephemeral)
                    defer { session.finishTasksAndInvalidate() }
                    let (data, _) = try await session.data(from: admin.appendingPathComponent("samples"))
                    return SmokeSamples(baseURL: base, samples: try JSONCoding.decode([String: JSONValue].self, from: data))
                } catch {
                    fail("cannot read the mock's samples: \(error)")
                }
            }

            static func fail(_ message: String) -> Never {
                FileHandle.standardError.write(Data((message + "\n").utf8))
                exit(2)
            }

            func engine(credentials: [String: CredentialValue]) -> APIEngine {
                APIEngine(
                    configuration: APIEngineConfiguration(
                        baseURL: baseURL, credentials: credentials, timeout: 30, allowsInsecureLoopback: true,
                        retryPolicy: .none),
                    transport: URLSessionHTTPTransport())
            }

            func run(_ key: String, _ call: @Sendable (SmokeOperation) async throws -> Void) async {
                do {
                    try await call(SmokeOperation(key: key, sample: samples[key]))
                    report(key, outcome: "decoded", detail: nil)
                } catch let error as SmokeOperation.NoSample {
                    report(key, outcome: "skipped", detail: error.description)
                } catch {
                    report(key, outcome: "failed", detail: String(describing: error))
                }
            }

            func skip(_ key: String, _ reason: String) { report(key, outcome: "skipped", detail: reason) }

            private func report(_ key: String, outcome: String, detail: String?) {
                var line = ["operation": key, "outcome": outcome]
                if let detail { line["detail"] = String(detail.prefix(2000)) }
                if let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
                    print(String(decoding: data, as: UTF8.self))
                }
            }
        }

        /// One operation's sample: `location:name` parameters and a body per media type.
        struct SmokeOperation: Sendable {
            struct NoSample: Error, CustomStringConvertible { let description: String }

            let key: String
            let sample: JSONValue?
            let file = MultipartFile(data: Data("smoke".utf8), filename: "smoke.txt", contentType: "text/plain")

            func decode<T: Decodable>(_ type: T.Type, parameter name: String) throws -> T {
                try decode(type, sample?["parameters"]?[name], what: "parameter \(name)")
            }

            func decode<T: Decodable>(_ type: T.Type, body mediaType: String) throws -> T {
                try decode(type, sample?["bodies"]?[mediaType], what: "body \(mediaType)")
            }

            func decode<T: Decodable>(_ type: T.Type, field: String, body mediaType: String) throws -> T {
                try decode(type, sample?["bodies"]?[mediaType]?[field], what: "field \(field) of \(mediaType)")
            }

            private func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue?, what: String) throws -> T {
                guard let value else { throw NoSample(description: "the mock has no sample for \(what)") }
                return try JSONCoding.decode(type, from: try JSONCoding.encode(value))
            }
        }
        """#
}
