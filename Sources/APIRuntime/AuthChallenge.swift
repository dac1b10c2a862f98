/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1).
///
/// A real parser rather than a regular expression: quoted values may contain commas, `=` and
/// escaped quotes (`scope="a b", error_description="say \"hi\", please"`), and one header may carry
/// several challenges (`Bearer realm="x", Basic realm="y"`).
package struct AuthChallenge: Sendable, Hashable {
    package var scheme: String
    /// Parameter names lowercased (they are case-insensitive), values unquoted and unescaped.
    package var parameters: [String: String] = [:]
    package var token68: String?

    package func parameter(_ name: String) -> String? { parameters[name.lowercased()] }

    package static func parse(_ header: String) -> [AuthChallenge] {
        var scanner = Scanner(Array(header.utf8))
        var challenges: [AuthChallenge] = []
        var current: AuthChallenge?
        while true {
            scanner.skip { $0 == .space || $0 == .tab || $0 == .comma }
            if scanner.atEnd { break }
            guard let token = scanner.readToken() else {
                scanner.advance()  // stray character: skip it rather than give up on the header
                continue
            }
            let afterToken = scanner.index
            scanner.skip { $0 == .space || $0 == .tab }
            if current != nil, scanner.peek == .equals {
                scanner.advance()
                scanner.skip { $0 == .space || $0 == .tab }
                let value = scanner.peek == .quote ? scanner.readQuoted() : scanner.readBareValue()
                current?.parameters[token.lowercased()] = value
                continue
            }
            scanner.index = afterToken
            if let finished = current { challenges.append(finished) }
            current = AuthChallenge(scheme: token)
            current?.token68 = scanner.readToken68()
        }
        if let finished = current { challenges.append(finished) }
        return challenges
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }
        mutating func advance() { index += 1 }

        mutating func skip(while predicate: (UInt8) -> Bool) {
            while let byte = peek, predicate(byte) { index += 1 }
        }

        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }

        mutating func readToken() -> String? {
            let start = index
            skip(while: Scanner.isTokenCharacter)
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// A token68 credential right after the scheme (`Basic dXNlcg==`); restores the position
        /// when what follows is really an auth-param list.
        mutating func readToken68() -> String? {
            let start = index
            skip { $0 == .space || $0 == .tab }
            let valueStart = index
            skip { byte in
                Scanner.isTokenCharacter(byte) || byte == UInt8(ascii: "/")
            }
            let bodyEnd = index
            skip { $0 == .equals }
            let valueEnd = index
            skip { $0 == .space || $0 == .tab }
            // A token68 must be followed by the end or a comma, and not be `name=value`.
            if valueEnd > valueStart, bodyEnd > valueStart, atEnd || peek == .comma {
                return String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            }
            index = start
            return nil
        }

        mutating func readQuoted() -> String {
            advance()  // opening quote
            var value: [UInt8] = []
            while let byte = peek {
                advance()
                if byte == .backslash, let escaped = peek {
                    value.append(escaped)
                    advance()
                } else if byte == .quote {
                    break
                } else {
                    value.append(byte)
                }
            }
            return String(decoding: value, as: UTF8.self)
        }

        /// An unquoted value; lenient (accepts `/` and other non-token characters) up to the next
        /// separator, because real servers send `scope=documents/read` unquoted.
        mutating func readBareValue() -> String {
            let start = index
            skip { $0 != .comma && $0 != .space && $0 != .tab }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}

extension UInt8 {
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
}
