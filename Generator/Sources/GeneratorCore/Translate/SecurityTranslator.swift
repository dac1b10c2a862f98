/// Security schemes, operation requirements and servers → their declarations.
///
/// Every scheme of the document becomes a `SecurityScheme` constant; every operation carries
/// its requirements as the document states them (alternatives of scheme sets), so the runtime
/// attaches exactly what the document asks for. A scheme named in `perCallCredentialSchemes`
/// (configuration) is a value each call supplies, such as a per-user access code: it becomes a
/// parameter of every operation that requires it instead of a client-wide setting.
extension TypeTranslator {
    func securitySchemeDecls() -> [SecuritySchemeDecl] {
        var names = SwiftNames.Scope(reserved: ["init", "name", "kind"])
        var result: [SecuritySchemeDecl] = []
        for (name, scheme) in document.securitySchemes {
            let kind: SecuritySchemeDecl.Kind
            switch scheme.type {
            case "http" where scheme.scheme?.lowercased() == "basic": kind = .basic
            case "http" where scheme.scheme?.lowercased() == "bearer", "oauth2", "openIdConnect": kind = .bearer
            case "apiKey":
                guard let parameter = scheme.parameterName,
                    let location = SecuritySchemeDecl.Location(rawValue: scheme.location ?? "")
                else { continue }
                kind = .apiKey(name: parameter, location: location)
            default:
                // mutualTLS and other http schemes carry nothing the runtime can attach.
                continue
            }
            var decl = SecuritySchemeDecl(
                swiftName: names.claim(SwiftNames.memberName(name)), name: name, kind: kind,
                docs: DocText.paragraph(scheme.description).joined(separator: " "))
            decl.sourceDocs = Self.tokenSources(scheme)
            result.append(decl)
        }
        return result
    }

    /// Where the bearer token comes from, as the document says: one line per OAuth 2.0 flow with
    /// its URLs, the authorization server's metadata (3.2), the OpenID Connect discovery URL. The
    /// client only attaches the token; getting one is the app's (or an OAuth library's) part.
    static func tokenSources(_ scheme: SecurityScheme) -> [String] {
        let labels = [
            "authorizationUrl": "authorization", "deviceAuthorizationUrl": "device authorization",
            "tokenUrl": "token", "refreshUrl": "refresh",
        ]
        var lines = scheme.oauthFlows.map { flow in
            let urls = flow.urls.map { "\(labels[$0.field] ?? $0.field) `\($0.url)`" }
            return "- `\(flow.flow)` flow" + (urls.isEmpty ? "" : ": " + urls.joined(separator: ", ")) + "."
        }
        if let metadata = scheme.oauth2MetadataURL { lines.append("- Authorization server metadata: `\(metadata)`.") }
        if let discovery = scheme.openIdConnectURL { lines.append("- OpenID Connect discovery: `\(discovery)`.") }
        return lines.isEmpty ? [] : ["Tokens:"] + lines
    }

    /// The operation's requirements (its own, else the document's), with per-call schemes
    /// turned into parameters named in `names`.
    func security(
        for operation: Operation, schemes: [SecuritySchemeDecl], perCall perCallSchemes: Set<String>,
        names: inout SwiftNames.Scope
    ) -> SecurityDecl {
        let requirements = operation.security ?? document.security ?? []
        var alternatives: [[SecuritySchemeDecl]] = []
        var perCall: [PerCallCredentialDecl] = []
        for requirement in requirements {
            let known = requirement.schemes.compactMap { entry in schemes.first { $0.name == entry.name } }
            // A requirement naming a scheme the runtime cannot attach can never be met by it.
            guard known.count == requirement.schemes.count else { continue }
            alternatives.append(known)
            for scheme in known where perCallSchemes.contains(scheme.name) {
                guard !perCall.contains(where: { $0.scheme.name == scheme.name }) else { continue }
                perCall.append(PerCallCredentialDecl(scheme: scheme, swiftName: names.claim(scheme.swiftName)))
            }
        }
        return SecurityDecl(alternatives: alternatives, perCall: perCall)
    }

    /// Whether `parameter` is the wire form of one of the operation's apiKey credentials (the
    /// runtime sends those; a parameter of the same name would let a caller set it twice).
    func isCredential(_ parameter: Parameter, of security: SecurityDecl) -> Bool {
        security.alternatives.joined().contains { scheme in
            guard case .apiKey(let name, let location) = scheme.kind else { return false }
            return location.rawValue == parameter.location.rawValue && name.lowercased() == parameter.name.lowercased()
        }
    }

    func serverDecls() -> [ServerDecl] {
        var names = SwiftNames.Scope(reserved: ["init"])
        return document.servers.enumerated().map { index, server in
            let base = server.description.flatMap { (1...5).contains(SwiftNames.words($0).count) ? $0 : nil }
            let swiftName = names.claim(SwiftNames.memberName(base ?? "server\(index + 1)"))
            var variableNames = SwiftNames.Scope(reserved: [])
            let variables = server.variables.map {
                ServerDecl.Variable(
                    name: $0.name, swiftName: variableNames.claim(SwiftNames.memberName($0.name)),
                    defaultValue: $0.defaultValue, values: $0.values)
            }
            let isRelative = !server.url.contains("://")
            var docs = DocText.paragraph(server.description)
            if isRelative {
                docs += (docs.isEmpty ? [] : [""]) + ["Relative to where the API is served: `origin` is that address."]
            }
            return ServerDecl(
                swiftName: swiftName, url: server.url, docs: docs, variables: variables, isRelative: isRelative)
        }
    }
}
