import Foundation

/// An HTTP request method. (Not `HTTPMethod`: apps often import a type of that name already.)
///
/// A struct, not an enum: OpenAPI 3.2 lets an API name any method (`additionalOperations`), and
/// an enum that grows a case breaks every exhaustive `switch` in the apps using it. `.get` and the
/// other members, `rawValue` and the failable `init(rawValue:)` read as the enum's did.
public struct RequestMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name as sent; method names are case-sensitive (RFC 9110), so it is never changed.
    public let rawValue: String

    /// Nil unless `rawValue` is an RFC 9110 token (what a method name must be), so a name can
    /// never break the request line.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.allSatisfy(RequestMethod.isTokenByte) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    public static let get = RequestMethod(known: "GET")
    public static let put = RequestMethod(known: "PUT")
    public static let post = RequestMethod(known: "POST")
    public static let delete = RequestMethod(known: "DELETE")
    public static let patch = RequestMethod(known: "PATCH")
    public static let head = RequestMethod(known: "HEAD")
    public static let options = RequestMethod(known: "OPTIONS")
    public static let trace = RequestMethod(known: "TRACE")
    /// The safe method that carries a body (IETF httpbis safe-method-w-body; OpenAPI 3.2's `query`).
    public static let query = RequestMethod(known: "QUERY")

    public var description: String { rawValue }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default: return tokenSymbols.contains(byte)
        }
    }

    private static let tokenSymbols: [UInt8] = Array("!#$%&'*+-.^_`|~".utf8)
}

public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Header fields with case-insensitive lookup; order and repeated names are kept.
/// (Not `HTTPHeaders`, a name several HTTP packages use.)
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}
    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, compared case-insensitively.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }

    public func values(for name: String) -> [String] {
        let wanted = name.lowercased()
        return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    public mutating func add(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

    /// Replaces every field called `name` (any case) with one, or removes them for `nil`.
    public mutating func set(_ name: String, _ value: String?) {
        let wanted = name.lowercased()
        fields.removeAll { $0.name.lowercased() == wanted }
        if let value { fields.append((name: name, value: value)) }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

/// A request path whose interpolated segments are percent-encoded, so a path parameter can never
/// add a segment, a query or a fragment. Unsafe values are remembered and refused before any I/O.
public struct RequestPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var encoded: String
    /// Raw parameter values that are blank, `.`/`..`, or contain `/ \ ? #` or control characters.
    public private(set) var unsafeValues: [String]

    public init(stringLiteral value: String) {
        encoded = value
        unsafeValues = []
    }
    public init(stringInterpolation: Interpolation) {
        encoded = stringInterpolation.encoded
        unsafeValues = stringInterpolation.unsafeValues
    }
    public var description: String { encoded }

    public struct Interpolation: StringInterpolationProtocol {
        var encoded = ""
        var unsafeValues: [String] = []
        public init(literalCapacity: Int, interpolationCount: Int) {
            encoded.reserveCapacity(literalCapacity + interpolationCount * 24)
        }
        public mutating func appendLiteral(_ literal: String) { encoded += literal }
        public mutating func appendInterpolation(_ value: String) {
            if !RequestPath.isSafeSegment(value) { unsafeValues.append(value) }
            encoded += RequestPath.percentEncode(value)
        }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { encoded += String(value) }
        public mutating func appendInterpolation<T: OpenEnum>(_ value: T) where T.RawValue == String {
            appendInterpolation(value.rawValue)
        }
        public mutating func appendInterpolation<T: OpenEnum>(_ value: T) where T.RawValue == Int {
            appendInterpolation(value.rawValue)
        }
    }

    public static func isSafeSegment(_ value: String) -> Bool {
        // Identifiers are short printable ASCII: decide those without Foundation or Unicode
        // properties (a tenth of a call's own cost otherwise).
        let printableASCII =
            !value.isEmpty && !value.utf8.contains { $0 <= 0x20 || $0 >= 0x7F || forbiddenInSegment.contains($0) }
        if printableASCII { return value != "." && value != ".." }
        if value.trimmingCharacters(in: .whitespaces).isEmpty || value == "." || value == ".." { return false }
        return !value.unicodeScalars.contains {
            $0 == "/" || $0 == "\\" || $0 == "?" || $0 == "#" || $0.properties.generalCategory == .control
        }
    }

    private static let forbiddenInSegment = Array("/\\?#".utf8)

    public static func percentEncode(_ value: String) -> String { PercentEncoding.encode(value) }
}

/// Cookie values as `Cookie` header text: RFC 6265 cookie-octets and `,` (which OpenAPI's `form`
/// style puts between array elements) pass through; anything else (space, `"`, `;`, `\\`, `%`,
/// controls, non-ASCII) is percent-encoded, so a value can never end its cookie or start another.
enum CookieText {
    static func header(_ cookies: [QueryItem]) -> [String] {
        cookies.map { "\($0.name)=\(encode($0.value))" }
    }

    static func encode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            let allowed =
                byte == 0x21 || (0x23...0x3A).contains(byte)
                || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
            if allowed && byte != 0x25 {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// A file or in-memory part of a `multipart/form-data` body.
public struct MultipartPart: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case data(Data)
        /// Streamed from disk when the body is built, never loaded whole.
        case file(URL)
    }
    public var name: String
    public var filename: String?
    public var contentType: String?
    public var content: Content

    public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.content = content
    }

    /// A plain text field.
    public static func field(_ name: String, _ value: String) -> MultipartPart {
        MultipartPart(name: name, content: .data(Data(value.utf8)))
    }
}

public enum RequestBody: Sendable, Hashable {
    /// Encoded JSON, with its media type (`application/json` or a `+json` type).
    case json(Data, contentType: String = "application/json")
    case multipart([MultipartPart])
    case form([QueryItem])
    case raw(Data, contentType: String)
    /// Raw bytes streamed from a file.
    case file(URL, contentType: String)
    /// Raw bytes produced by an `AsyncSequence` while the call runs; sent at most once (see
    /// `ByteStream`).
    case stream(ByteStream, contentType: String = "application/octet-stream")

    /// Encodes `value` the way every generated request body is encoded.
    public static func encoding<T: Encodable>(_ value: T, contentType: String = "application/json") throws
        -> RequestBody
    {
        .json(try JSONCoding.encode(value), contentType: contentType)
    }
}

/// What the operation's success response carries, so the transport can refuse a JSON error body
/// on a download route and never hand it back as file bytes.
public enum ResponseKind: Sendable, Hashable {
    case json
    case binary
    case empty
}

/// Everything the engine needs to perform one operation. Generated functions build one and
/// hand it to an `APIClientProtocol`.
public struct APIRequest: Sendable {
    /// The generated function's name, used in errors, logs and middlewares.
    public var operationName: String
    public var method: RequestMethod
    /// The path as the API description spells it, e.g. `/pets/{petId}` (for logs).
    public var pathTemplate: String
    public var path: RequestPath
    public var query: [QueryItem] = []
    /// The whole query string, already percent-encoded, when an OpenAPI 3.2 `in: querystring`
    /// parameter is not a form (JSON text, for one); `query` items such as a query credential
    /// follow it after `&`.
    public var wholeQuery: String?
    public var headers = HeaderFields()
    /// Cookie parameters (`in: cookie`): the engine sends them in the one `Cookie` header it
    /// owns, together with any cookie credential (a `Cookie` in `headers` is never sent).
    public var cookies: [QueryItem] = []
    public var body: RequestBody?
    /// The operation's security requirements, as its document declares them: any one of the
    /// alternatives (OR) satisfies it, and an alternative needs all of its schemes (AND). An empty
    /// list sends no credential at all.
    public var security: [SecurityRequirement]
    /// Credential values for this request only, by scheme name; they take precedence over the
    /// client's configured ones (a per-call access code, a token a middleware just obtained).
    public var credentials: [String: CredentialValue] = [:]
    public var responseKind: ResponseKind = .json
    /// Per-call timeout in seconds; `nil` uses the client's.
    public var timeout: TimeInterval?
    /// Called with (bytes sent, total bytes) while the body uploads.
    public var uploadProgress: (@Sendable (Int64, Int64) -> Void)?
    /// Decodes a documented error response (by status code) into its generated payload type.
    public var errorPayload: (@Sendable (Int, Data) -> (any Sendable)?)?
    /// `false` never repeats this request automatically, `true` allows it even for a method that
    /// is not idempotent; `nil` leaves it to the retry policy (idempotent methods only).
    public var retryable: Bool?
    /// `false` turns every redirect into an error (token endpoints, for example).
    public var followsRedirects = true
    /// Sends the request on a connection of its own that is closed afterwards, so no HTTP layer
    /// can replay it on a dead keep-alive connection (requests with side effects).
    public var needsExclusiveConnection = false
    /// The largest answer body accepted for this call, in bytes; `nil` uses the client's
    /// (`maximumResponseBytes` for a body held in memory, `maximumDownloadBytes` for one streamed
    /// to `downloadDestination`).
    public var maximumResponseBytes: Int64?
    /// Streams a successful (2xx) answer's body into this file instead of memory: the body is
    /// written to a private file (0600) beside it while it arrives and moved into place only once
    /// the whole call succeeded, replacing what was there; on any failure nothing is left behind.
    /// The answer's `body` is then empty and `RawResponse.bodyFile` is this URL.
    public var downloadDestination: URL?
    /// Called with (bytes received, bytes expected or -1) while a body streams to
    /// `downloadDestination`.
    public var downloadProgress: (@Sendable (Int64, Int64) -> Void)?
    /// Hands a successful (2xx) answer's body over as it arrives (`RawResponse.bodyStream`)
    /// instead of collecting it: for event streams and JSON Lines. The call's timeout then bounds
    /// the wait for the answer's head and each wait for more of its body, not the whole stream,
    /// and the answer is never repeated once it has begun; other answers arrive whole.
    public var streamsResponse = false
    /// The private file a download is written to before it is moved into place (set by the engine).
    var downloadStaging: URL?

    public init(
        operationName: String, method: RequestMethod, pathTemplate: String, path: RequestPath,
        security: [SecurityRequirement] = []
    ) {
        self.operationName = operationName
        self.method = method
        self.pathTemplate = pathTemplate
        self.path = path
        self.security = security
    }
}

extension APIRequest {
    /// An `in: querystring` parameter as JSON: the encoded text, percent-encoded, is the whole query.
    public mutating func setWholeQuery(json value: (some Encodable & Sendable)?) throws {
        guard let value else { return }
        wholeQuery = PercentEncoding.encode(String(decoding: try JSONCoding.encode(value), as: UTF8.self))
    }

    /// An `in: querystring` parameter whose media type takes the value as text.
    public mutating func setWholeQuery(text value: String?) {
        guard let value else { return }
        wholeQuery = PercentEncoding.encode(value)
    }
}
