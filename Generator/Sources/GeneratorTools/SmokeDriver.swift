import Foundation
import GeneratorCore

/// A `main.swift` that calls a generated module's operations through the real engine, with the
/// arguments tools/mockserver proposes (`GET /__mock/samples`): the corpus suite's driver
/// (scripts/corpus.sh). Each argument is decoded from the sample into the argument's Swift type,
/// so the driver needs no literal of any generated type. It prints one JSON line per operation.
public enum SmokeDriver {
    /// How one operation is called, or why it is not.
    public struct Plan: Sendable, Equatable {
        /// The mock's key: the operationId, else `METHOD /path`.
        public var key: String
        /// The call expression (`try await GroupAPI(client: engine).name(a: …)`), nil when skipped.
        public var call: String?
        public var skipReason: String?
    }

    public static func plans(_ module: ModuleDecl) -> [Plan] {
        module.operations.map(plan)
    }

    static func plan(_ operation: OperationDecl) -> Plan {
        let key = operation.operationId ?? "\(operation.method.wire.uppercased()) \(operation.path)"
        var arguments: [String] = []
        for argument in operation.arguments {
            guard let value = value(for: argument, in: operation) else {
                if argument.required {
                    return Plan(key: key, call: nil, skipReason: "no sample for argument `\(argument.label)`")
                }
                continue
            }
            if !argument.required, !isBody(argument, in: operation) { continue }
            arguments.append("\(SwiftNames.callLabel(argument.label)): \(value)")
        }
        let call =
            "try await \(operation.group)(client: engine).\(operation.swiftName)(\(arguments.joined(separator: ", ")))"
        return Plan(key: key, call: call, skipReason: nil)
    }

    private static func isBody(_ argument: ArgumentDecl, in operation: OperationDecl) -> Bool {
        operation.parameters.allSatisfy { $0.localName != argument.localName }
    }

    /// The expression that builds `argument` from the samples, nil when nothing can.
    static func value(for argument: ArgumentDecl, in operation: OperationDecl) -> String? {
        let type = argument.type.unwrapped.rendered
        if let parameter = operation.parameters.first(where: { $0.localName == argument.localName }) {
            let key = literal("\(parameter.location.rawValue):\(parameter.wireName)")
            return "try s.decode(\(type).self, parameter: \(key))"
        }
        switch operation.body {
        case .json(_, let contentType, _)? where argument.localName == operation.locals.body:
            return "try s.decode(\(type).self, body: \(literal(contentType)))"
        case .text(let contentType, _)? where argument.localName == operation.locals.body:
            return "try s.decode(\(type).self, body: \(literal(contentType)))"
        case .raw(let contentType, _)? where argument.localName == operation.locals.body:
            return type == "Data" ? "s.bytes(body: \(literal(contentType)))" : nil
        case .form(let fields, _)?, .multipart(let fields, _)?:
            guard let field = fields.first(where: { $0.parameter.localName == argument.localName }) else { return nil }
            let contentType = operation.body.map(mediaType) ?? ""
            switch type {
            case "MultipartFile": return "s.file"
            case "[MultipartFile]": return "[s.file]"
            case "Data": return "Data(\"smoke\".utf8)"
            default:
                return "try s.decode(\(type).self, field: \(literal(field.parameter.wireName)), "
                    + "body: \(literal(contentType)))"
            }
        case .multipartForms(_, let forms, _)? where argument.localName == operation.locals.body:
            // The mock's sample is of the first form (its first alternative); optional values are
            // left out, as optional arguments are.
            guard let form = forms.first else { return nil }
            let values = form.fields.filter(\.parameter.required).map { field -> String in
                let label = SwiftNames.callLabel(field.parameter.swiftName)
                switch field.parameter.type.rendered {
                case "MultipartFile": return "\(label): s.file"
                case "[MultipartFile]": return "\(label): [s.file]"
                default:
                    return "\(label): try s.decode(\(field.parameter.type.rendered).self, "
                        + "field: \(literal(field.parameter.wireName)), body: \"multipart/form-data\")"
                }
            }
            return "." + SwiftNames.bare(form.caseName) + (values.isEmpty ? "" : "(\(values.joined(separator: ", ")))")
        default:
            return nil
        }
    }

    private static func mediaType(_ body: BodyDecl) -> String {
        switch body {
        case .json(_, let contentType, _), .raw(let contentType, _), .text(let contentType, _): return contentType
        case .form: return "application/x-www-form-urlencoded"
        case .multipart, .multipartForms: return "multipart/form-data"
        }
    }

    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }

    /// The credential each scheme gets: any value of the right kind passes the mock.
    static func credential(_ scheme: SecuritySchemeDecl) -> String {
        switch scheme.kind {
        case .basic: return ".basic(username: \"smoke\", password: \"smoke\")"
        case .bearer: return ".token(\"smoke-token\")"
        case .apiKey: return ".apiKey(\"smoke-key\")"
        }
    }

    /// The whole `main.swift` (compiled with `-parse-as-library`).
    public static func render(_ module: ModuleDecl, limit: Int? = nil) -> String {
        let all = plans(module)
        let chosen = limit.map { Array(all.prefix($0)) } ?? all
        let credentials = module.securitySchemes.map { "\(literal($0.name)): \(credential($0))" }
        var lines = [
            "// Generated by `assinafy-generator smoke` for \(module.moduleName) — the corpus suite's driver.",
            "import APIRuntime", "import Foundation", "import \(module.moduleName)", "",
            "@main struct Smoke {", "    static func main() async {",
            "        let s = await SmokeSamples.load()",
            "        let engine = s.engine(credentials: [\(credentials.isEmpty ? ":" : credentials.joined(separator: ", "))])",
            "        // Through the protocol: a direct call of the deprecated witness would warn.",
            "        await (SmokeCalls.self as any SmokeCallList.Type).run(s, engine)",
            "    }", "}", "",
            "protocol SmokeCallList { static func run(_ s: SmokeSamples, _ engine: APIEngine) async }", "",
            "enum SmokeCalls: SmokeCallList {",
            "    // Deprecated itself, so calling the document's deprecated operations and types here",
            "    // does not warn: the driver calls every operation on purpose.",
            "    @available(*, deprecated, message: \"calls deprecated operations on purpose\")",
            "    static func run(_ s: SmokeSamples, _ engine: APIEngine) async {",
        ]
        for plan in chosen {
            if let call = plan.call {
                lines.append("        await s.run(\(literal(plan.key))) { s in _ = \(call) }")
            } else {
                lines.append("        s.skip(\(literal(plan.key)), \(literal(plan.skipReason ?? "")))")
            }
        }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n") + SmokeDriverSupport.source
    }
}
