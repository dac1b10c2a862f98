/// How a scalar was written; only plain scalars go through core-schema resolution.
enum YAMLScalarStyle: Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// The scanner's output. Block structure is made explicit (block starts/ends come from
/// indentation) so the parser never has to look at columns.
enum YAMLTokenKind {
    case streamStart, streamEnd
    case directive
    case documentStart, documentEnd
    case blockSequenceStart, blockMappingStart, blockEnd
    case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
    case blockEntry, flowEntry, key, value
    case alias(String)
    case anchor(String)
    case tag(String)
    case scalar(String, YAMLScalarStyle)

    /// Used in "expected X, but found Y" messages.
    var description: String {
        switch self {
        case .streamStart: return "start of input"
        case .streamEnd: return "end of input"
        case .directive: return "a directive"
        case .documentStart: return "'---'"
        case .documentEnd: return "'...'"
        case .blockSequenceStart: return "a sequence"
        case .blockMappingStart: return "a mapping"
        case .blockEnd: return "end of an indented block"
        case .flowSequenceStart: return "'['"
        case .flowSequenceEnd: return "']'"
        case .flowMappingStart: return "'{'"
        case .flowMappingEnd: return "'}'"
        case .blockEntry: return "'-'"
        case .flowEntry: return "','"
        case .key: return "a mapping key"
        case .value: return "':'"
        case .alias(let name): return "alias '*\(name)'"
        case .anchor(let name): return "anchor '&\(name)'"
        case .tag(let tag): return "tag '\(tag)'"
        case .scalar: return "a scalar"
        }
    }
}

struct YAMLToken {
    var kind: YAMLTokenKind
    var location: SourceLocation
}
