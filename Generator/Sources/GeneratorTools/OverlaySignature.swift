import GeneratorCore

/// A function's signature as `OverlayIndex` reads it from tokens: enough to compare two
/// declarations (argument labels, parameter and result types, `async`), not to compile them.
/// Types are the token texts joined without spaces (`[String:Int]`, `(Int64,Int64)->Void`),
/// so line breaks and spacing inside a type never matter.
struct OverlaySignature: Hashable {
    struct Parameter: Hashable {
        var label: String
        var type: String
    }

    var parameters: [Parameter]
    var isAsync: Bool
    /// `nil` when the function declares no result.
    var returnType: String?

    /// Reads the signature of the function whose name is the token at `name`.
    static func read(_ tokens: [SwiftToken], name: Int) -> OverlaySignature? {
        let tokens = tokens[...]
        var position = name + 1
        if position < tokens.endIndex, tokens[position].isPunctuation("<") {
            position = closing(tokens, from: position)
        }
        guard position < tokens.endIndex, tokens[position].isPunctuation("(") else { return nil }
        let end = closing(tokens, from: position)
        let parameters = split(tokens[(position + 1)..<max(position + 1, end - 1)]).compactMap(parameter)
        // Effects and result: up to the body, a `where` clause or the next declaration.
        var header: [SwiftToken] = []
        var look = end
        while look < tokens.endIndex, !tokens[look].isPunctuation("{"), !tokens[look].isPunctuation("}"),
            !tokens[look].isIdentifier("where"), !OverlayIndex.declarationKeywords.contains(tokens[look].text)
        {
            header.append(tokens[look])
            look += 1
        }
        let arrow = header.indices.dropLast().first {
            header[$0].isPunctuation("-") && header[$0 + 1].isPunctuation(">")
        }
        let effects = header[..<(arrow ?? header.endIndex)]
        let returnType = arrow.map { joined(header[($0 + 2)...]) }
        return OverlaySignature(
            parameters: parameters, isAsync: effects.contains { $0.isIdentifier("async") }, returnType: returnType)
    }

    /// The position just past the bracket that closes the one at `start` (`(`, `[` or `<`).
    private static func closing(_ tokens: ArraySlice<SwiftToken>, from start: Int) -> Int {
        var depth = 0
        for position in start..<tokens.endIndex {
            depth += bracketDelta(tokens, position)
            if depth == 0 { return position + 1 }
        }
        return tokens.endIndex
    }

    /// +1 for an opening bracket, -1 for a closing one; the `>` of `->` is not a bracket.
    private static func bracketDelta(_ tokens: ArraySlice<SwiftToken>, _ position: Int) -> Int {
        let token = tokens[position]
        guard token.kind == .punctuation else { return 0 }
        switch token.text {
        case "(", "[", "<": return 1
        case ")", "]": return -1
        case ">": return position > tokens.startIndex && tokens[position - 1].isPunctuation("-") ? 0 : -1
        default: return 0
        }
    }

    /// Splits a parameter list at its top-level commas.
    private static func split(_ tokens: ArraySlice<SwiftToken>) -> [ArraySlice<SwiftToken>] {
        var parts: [ArraySlice<SwiftToken>] = []
        var depth = 0
        var start = tokens.startIndex
        for position in tokens.indices {
            depth += bracketDelta(tokens, position)
            if depth == 0, tokens[position].isPunctuation(",") {
                parts.append(tokens[start..<position])
                start = position + 1
            }
        }
        if start < tokens.endIndex { parts.append(tokens[start...]) }
        return parts
    }

    /// `label name: Type = default` → the label (or the name) and `Type`.
    private static func parameter(_ tokens: ArraySlice<SwiftToken>) -> Parameter? {
        guard let colon = tokens.firstIndex(where: { $0.isPunctuation(":") }),
            let label = tokens[..<colon].first(where: { $0.kind == .identifier })
        else { return nil }
        var type = tokens[(colon + 1)...]
        var depth = 0
        for position in type.indices {
            depth += bracketDelta(type, position)
            if depth == 0, type[position].isPunctuation("=") {
                type = type[..<position]
                break
            }
        }
        return Parameter(label: label.text, type: joined(type))
    }

    private static func joined(_ tokens: ArraySlice<SwiftToken>) -> String { tokens.map(\.text).joined() }
}
