/// Directives (`%YAML`, `%TAG`) and tags, whose handles the `%TAG` directives define.
extension YAMLScanner {
    // MARK: Directives

    mutating func fetchDirective() throws {
        unwindIndent(to: -1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        let start = location()
        index += 1
        if directivesUsed {
            directivesUsed = false
            sawYAMLDirective = false
            tagHandles = [:]
        }
        let name = ReaderByte.string(scanNonBlank())
        switch name {
        case "YAML": try scanYAMLDirective(at: start)
        case "TAG": try scanTagDirective(at: start)
        default:
            // [83] ns-reserved-directive: other directives are for other tools; ignored, as the spec says.
            while index < bytes.count, !ReaderByte.isBreak(bytes[index]) { index += 1 }
        }
        add(.directive, at: start)
    }

    /// [86] ns-yaml-directive ::= "YAML" s-separate-in-line ns-yaml-version, at most once.
    private mutating func scanYAMLDirective(at start: SourceLocation) throws {
        guard !sawYAMLDirective else { throw error("duplicate %YAML directive", at: start) }
        sawYAMLDirective = true
        skipWhite()
        let versionLocation = location()
        let version = scanNonBlank()
        // [87] ns-yaml-version ::= ns-dec-digit+ "." ns-dec-digit+
        let parts = version.split(separator: ReaderByte.dot, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(ReaderByte.isDigit) }) else {
            throw error(
                "invalid %YAML version '\(ReaderByte.string(version))'; expected one such as 1.2", at: versionLocation)
        }
        guard parts[0].elementsEqual([ReaderByte.one]) else {
            throw error(
                "unsupported YAML version \(ReaderByte.string(version)); this reader reads 1.x", at: versionLocation)
        }
        try finishDirectiveLine(after: "the %YAML version")
    }

    /// [88] ns-tag-directive ::= "TAG" s-separate-in-line c-tag-handle s-separate-in-line ns-tag-prefix.
    private mutating func scanTagDirective(at start: SourceLocation) throws {
        skipWhite()
        let handleLocation = location()
        let handle = ReaderByte.string(scanNonBlank())
        guard Self.isTagHandle(handle) else {
            throw error("invalid %TAG handle '\(handle)'; expected !, !! or !name!", at: handleLocation)
        }
        guard tagHandles[handle] == nil else { throw error("duplicate %TAG directive for '\(handle)'", at: start) }
        skipWhite()
        let prefixStart = index
        while index < bytes.count, !isBlankOrEnd(bytes[index]) {
            try validateTagCharacter(allowFlowIndicators: true)
        }
        guard index > prefixStart else { throw error("expected a tag prefix after '\(handle)'") }
        tagHandles[handle] = ReaderByte.string(bytes[prefixStart..<index])
        try finishDirectiveLine(after: "the %TAG prefix")
    }

    private mutating func finishDirectiveLine(after what: String) throws {
        skipWhite()
        if peek() == ReaderByte.hash {
            try requireWhiteBeforeComment()
            while index < bytes.count, !ReaderByte.isBreak(bytes[index]) { index += 1 }
        }
        guard atEnd || ReaderByte.isBreak(peek()) else {
            let word = ReaderByte.string(scanNonBlank(advancing: false))
            throw error("unexpected '\(word)' after \(what)")
        }
    }

    static func isTagHandle(_ handle: String) -> Bool {
        // [89] c-tag-handle: "!", "!!", or "!" ns-word-char+ "!".
        guard handle.hasPrefix("!") else { return false }
        if handle == "!" || handle == "!!" { return true }
        guard handle.count >= 3, handle.hasSuffix("!") else { return false }
        return handle.dropFirst().dropLast().unicodeScalars.allSatisfy(Self.isWordCharacter)
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
    }

    private mutating func skipWhite() {
        while index < bytes.count, ReaderByte.isWhite(bytes[index]) { index += 1 }
    }

    /// The run of non-blank bytes at the cursor (consumed unless `advancing` is false).
    private mutating func scanNonBlank(advancing: Bool = true) -> ArraySlice<UInt8> {
        var end = index
        while end < bytes.count, !ReaderByte.isWhite(bytes[end]), !ReaderByte.isBreak(bytes[end]) { end += 1 }
        defer { if advancing { index = end } }
        return bytes[index..<end]
    }

    // MARK: Tags

    mutating func fetchTag() throws {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        let start = location()
        index += 1
        let tag: String
        if peek() == ReaderByte.less {
            // [98] c-verbatim-tag ::= "!<" ns-uri-char+ ">"
            index += 1
            let verbatimStart = index
            while index < bytes.count, bytes[index] != ReaderByte.greater, !isBlankOrEnd(bytes[index]) {
                try validateTagCharacter(allowFlowIndicators: true)
            }
            guard peek() == ReaderByte.greater, index > verbatimStart else {
                throw error("expected '>' to close a verbatim tag")
            }
            tag = ReaderByte.string(bytes[verbatimStart..<index])
            index += 1
        } else {
            tag = try scanShorthandTag(start: start)
        }
        guard isBlankOrEnd(peek()) || (flowLevel > 0 && isFlowIndicator(peek())) else {
            throw error("expected a space after the tag")
        }
        add(.tag(tag), at: start)
    }

    /// [99] c-ns-shorthand-tag ::= c-tag-handle ns-tag-char+, or [100] the non-specific `!`.
    private mutating func scanShorthandTag(start: SourceLocation) throws -> String {
        var handle = "!"
        var wordEnd = index
        while wordEnd < bytes.count, Self.isWordCharacter(Unicode.Scalar(bytes[wordEnd])) { wordEnd += 1 }
        if wordEnd < bytes.count, bytes[wordEnd] == ReaderByte.exclamation {
            handle = "!" + ReaderByte.string(bytes[index..<wordEnd]) + "!"
            index = wordEnd + 1
        }
        let suffixStart = index
        while index < bytes.count, !isBlankOrEnd(bytes[index]), !(flowLevel > 0 && isFlowIndicator(bytes[index])) {
            try validateTagCharacter(allowFlowIndicators: false)
        }
        let suffix = ReaderByte.string(bytes[suffixStart..<index])
        if handle == "!" && suffix.isEmpty { return "!" }
        guard !suffix.isEmpty else { throw error("a tag needs a name after '\(handle)'", at: start) }
        if let prefix = tagHandles[handle] { return prefix + suffix }
        switch handle {
        case "!": return "!" + suffix
        case "!!": return "tag:yaml.org,2002:" + suffix
        default: throw error("undefined tag handle '\(handle)'; declare it with a %TAG directive", at: start)
        }
    }

    /// Consumes one [39] ns-uri-char (for a tag suffix, [40] ns-tag-char: no `!` and no flow
    /// indicators), or throws at it.
    private mutating func validateTagCharacter(allowFlowIndicators: Bool) throws {
        let byte = bytes[index]
        if byte == ReaderByte.percent {
            guard ReaderByte.hexValue(peek(1)) != nil, ReaderByte.hexValue(peek(2)) != nil else {
                throw error("invalid character '%' in a tag: '%' must start an escape such as %21")
            }
            index += 3
            return
        }
        let scalar = Unicode.Scalar(byte)
        let allowed =
            Self.isWordCharacter(scalar) || "#;/?:@&=+$_.~*'()".unicodeScalars.contains(scalar)
            || (allowFlowIndicators && "!,[]".unicodeScalars.contains(scalar))
        guard allowed else {
            throw error(
                "invalid character \(ReaderByte.describe(byte)) in a tag",
                hint: "quote the value, or percent-encode the character (%XX) if it belongs to the tag")
        }
        index += 1
    }
}
