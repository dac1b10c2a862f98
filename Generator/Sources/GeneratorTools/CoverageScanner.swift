import GeneratorCore

/// A small Swift tokenizer for `coverage`: enough to find declarations and call chains while
/// never mistaking text in comments or string literals for code. It does not parse Swift; it
/// yields identifiers (backticks removed) and single punctuation characters with their lines.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        case identifier
        case punctuation
        /// A whole string literal, interpolations included (their code is not scanned).
        case string
    }
    var kind: Kind
    var text: String
    var line: Int
    /// Unicode-scalar offsets of the token in its source, so a tool can quote it verbatim
    /// (`text` loses a string literal's content and a number's digits).
    var start = 0
    var end = 0

    func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

enum SwiftScanner {
    static func tokens(_ source: String) -> [SwiftToken] {
        var scanner = Cursor(Array(source.unicodeScalars))
        var result: [SwiftToken] = []
        while let scalar = scanner.peek() {
            let line = scanner.line
            let start = scanner.index
            let count = result.count
            defer {
                if result.count > count {
                    result[count].start = start
                    result[count].end = scanner.index
                }
            }
            if scalar == "\n" || scalar.properties.isWhitespace {
                scanner.advance()
            } else if scalar == "/", scanner.peek(1) == "/" {
                while let next = scanner.peek(), next != "\n" { scanner.advance() }
            } else if scalar == "/", scanner.peek(1) == "*" {
                scanner.skipBlockComment()
            } else if scalar == "\"" || (scalar == "#" && scanner.startsRawString()) {
                scanner.skipString()
                result.append(SwiftToken(kind: .string, text: "\"\"", line: line))
            } else if scalar == "`" {
                scanner.advance()
                var name = ""
                while let next = scanner.peek(), next != "`", next != "\n" {
                    name.unicodeScalars.append(next)
                    scanner.advance()
                }
                if scanner.peek() == "`" { scanner.advance() }
                result.append(SwiftToken(kind: .identifier, text: name, line: line))
            } else if isIdentifierStart(scalar) {
                var name = ""
                while let next = scanner.peek(), isIdentifierPart(next) {
                    name.unicodeScalars.append(next)
                    scanner.advance()
                }
                result.append(SwiftToken(kind: .identifier, text: name, line: line))
            } else if scalar.properties.numericType != nil {
                while let next = scanner.peek(),
                    isIdentifierPart(next) || next == "." && scanner.peek(1).map(isDigit) == true
                {
                    scanner.advance()
                }
                result.append(SwiftToken(kind: .identifier, text: "0", line: line))
            } else {
                scanner.advance()
                result.append(SwiftToken(kind: .punctuation, text: String(scalar), line: line))
            }
        }
        return result
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || (scalar.properties.isAlphabetic && scalar.properties.numericType == nil)
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance() {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }

        /// Swift block comments nest.
        mutating func skipBlockComment() {
            var depth = 0
            while let scalar = peek() {
                if scalar == "/", peek(1) == "*" {
                    depth += 1
                    advance()
                    advance()
                } else if scalar == "*", peek(1) == "/" {
                    depth -= 1
                    advance()
                    advance()
                    if depth == 0 { return }
                } else {
                    advance()
                }
            }
        }

        /// `#"`, `##"`, … open raw strings; `#if`, `#available` do not.
        func startsRawString() -> Bool {
            var offset = 0
            while peek(offset) == "#" { offset += 1 }
            return peek(offset) == "\""
        }

        /// Skips a string literal of any form: `"…"`, `"""…"""`, raw `#"…"#` with any number of
        /// `#`. Interpolations `\(…)` (written `\#(…)` in raw strings) may hold further strings and
        /// parentheses; they are skipped as part of the literal.
        mutating func skipString() {
            var hashes = 0
            while peek() == "#" {
                hashes += 1
                advance()
            }
            let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
            for _ in 0..<(multiline ? 3 : 1) { advance() }
            while let scalar = peek() {
                if scalar == "\\" && delimiterHashes(after: 1) >= hashes {
                    advance()
                    for _ in 0..<hashes { advance() }
                    if peek() == "(" {
                        skipInterpolation()
                    } else if peek() != nil {
                        advance()
                    }
                    continue
                }
                if scalar == "\"" {
                    let closes = multiline ? (peek(1) == "\"" && peek(2) == "\"") : true
                    let quoteCount = multiline ? 3 : 1
                    if closes && delimiterHashes(after: quoteCount) >= hashes {
                        for _ in 0..<(quoteCount + hashes) { advance() }
                        return
                    }
                }
                // A single-line literal cannot span lines; stop rather than swallow the file.
                if scalar == "\n" && !multiline { return }
                advance()
            }
        }

        private func delimiterHashes(after offset: Int) -> Int {
            var count = 0
            while peek(offset + count) == "#" { count += 1 }
            return count
        }

        private mutating func skipInterpolation() {
            var depth = 0
            while let scalar = peek() {
                if scalar == "\"" || (scalar == "#" && startsRawString()) {
                    skipString()
                    continue
                }
                if scalar == "(" { depth += 1 }
                if scalar == ")" {
                    depth -= 1
                    if depth == 0 {
                        advance()
                        return
                    }
                }
                advance()
            }
        }
    }
}
