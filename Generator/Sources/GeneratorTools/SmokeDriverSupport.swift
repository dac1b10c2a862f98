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
            let adminURL: URL
            let samples: [String: JSONValue]

            static func load() async -> SmokeSamples {
                let arguments = CommandLine.arguments
                guard arguments.count == 3, let base = URL(string: arguments[1]), let admin = URL(string: arguments[2])
                else { fail("usage: smoke BASE_URL ADMIN_URL") }
                do {
                    let session = URLSession(configuration: .ephemeral)
                    defer { session.finishTasksAndInvalidate() }
                    let (data, _) = try await session.data(from: admin.appendingPathComponent("samples"))
                    let samples = try JSONCoding.decode([String: JSONValue].self, from: data)
                    return SmokeSamples(baseURL: base, adminURL: admin, samples: samples)
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

            /// Calls one operation, then reports what the mock recorded for it alone (and clears it):
            /// two routes the mock cannot tell apart must not credit one operation with another's call.
            func run(_ key: String, _ call: @Sendable (SmokeOperation) async throws -> Void) async {
                var line: [String: Any] = ["operation": key]
                do {
                    try await call(SmokeOperation(key: key, sample: samples[key]))
                    line["outcome"] = "decoded"
                } catch let error as SmokeOperation.NoSample {
                    line["outcome"] = "skipped"
                    line["detail"] = error.description
                } catch let error as RequestValidationError {
                    line["outcome"] = "failed"
                    line["detail"] = "\(error) \(error.errors.sorted { $0.key < $1.key })"
                } catch {
                    line["outcome"] = "failed"
                    line["detail"] = String(String(describing: error).prefix(2000))
                }
                do {
                    line["requests"] = try await admin("requests", method: "GET").count
                    line["violations"] = try await admin("violations", method: "GET").map { violation in
                        ["kind": violation["kind"]?.stringValue ?? "", "message": violation["message"]?.stringValue ?? ""]
                    }
                    _ = try await admin("reset", method: "POST")
                } catch {
                    Self.fail("cannot read the mock's record: \(error)")
                }
                if let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
                    print(String(decoding: data, as: UTF8.self))
                }
            }

            func skip(_ key: String, _ reason: String) {
                let line = ["operation": key, "outcome": "skipped", "detail": reason]
                if let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
                    print(String(decoding: data, as: UTF8.self))
                }
            }

            private func admin(_ route: String, method: String) async throws -> [JSONValue] {
                var request = URLRequest(url: adminURL.appendingPathComponent(route))
                request.httpMethod = method
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                let (data, _) = try await session.data(for: request)
                return method == "GET" ? try JSONCoding.decode([JSONValue].self, from: data) : []
            }
        }

        /// One operation's sample: `location:name` parameters and a body per media type.
        struct SmokeOperation: Sendable {
            struct NoSample: Error, CustomStringConvertible { let description: String }

            let key: String
            let sample: JSONValue?
            let file = MultipartFile(data: Data("smoke".utf8), filename: "smoke.txt", contentType: "text/plain")

            /// A raw body: the sample's text (base64 where the schema says `format: byte`).
            func bytes(body mediaType: String) -> Data {
                if case .string(let text)? = sample?["bodies"]?[mediaType] { return Data(text.utf8) }
                return Data("smoke".utf8)
            }

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
