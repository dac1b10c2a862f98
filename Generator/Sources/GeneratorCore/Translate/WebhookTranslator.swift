/// Webhooks become one open enum of event names and, per event, the type of its body. Every name
/// is claimed in a scope here, so events that normalise alike (`order.created`, `order_created`)
/// still get distinct cases and aliases; rendering only prints them.
enum WebhookTranslator {
    struct Result {
        var events: EnumDecl?
        var payloads: [WebhookPayloadDecl]
    }

    static func translate(_ webhooks: [Operation], types: inout TypeTranslator) -> Result {
        guard !webhooks.isEmpty else { return Result(events: nil, payloads: []) }
        // A webhook's path item may hold several methods; the event is the key, named once.
        var seen = Set<String>()
        let events = webhooks.map(\.path).filter { seen.insert($0).inserted }
        // Names are claimed in the order of the event names themselves, so which of two events
        // that normalise alike gets the suffix never depends on where the document writes them;
        // cases and payloads are still listed in document order.
        var caseNames = SwiftNames.Scope(reserved: SwiftNames.openEnumMembers)
        var caseByEvent: [String: String] = [:]
        for event in events.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            caseByEvent[event] = caseNames.claim(SwiftNames.caseName(event))
        }
        let enumDecl = EnumDecl(
            name: types.claimInline("WebhookEventName"), docs: ["The webhook events the API description declares."],
            rawType: "String", cases: events.map { (caseByEvent[$0] ?? $0, $0) }, deprecated: false)

        var payloadByEvent: [String: WebhookPayloadDecl] = [:]
        // By event name; one event's methods keep the loader's fixed method order.
        let order = webhooks.indices.sorted { lhs, rhs in
            let left = webhooks[lhs].path
            let right = webhooks[rhs].path
            return left == right ? lhs < rhs : left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        for index in order where payloadByEvent[webhooks[index].path] == nil {
            let webhook = webhooks[index]
            guard let media = webhook.requestBody?.content.first(where: \.isJSON), let schema = media.schema else {
                continue
            }
            let suggested = SwiftNames.typeName(webhook.path) + "Webhook"
            let createdBefore = types.createdDeclarations.count
            let payload = types.type(for: schema, suggestedName: suggested, forRequest: false).type
            // A type made for this event already carries the event's name (suffixed if taken).
            let madeHere = types.createdDeclarations[createdBefore...].contains(payload.rendered)
            let alias = madeHere ? nil : types.claimInline(suggested)
            payloadByEvent[webhook.path] = WebhookPayloadDecl(event: webhook.path, alias: alias, type: payload)
        }
        return Result(events: enumDecl, payloads: events.compactMap { payloadByEvent[$0] })
    }
}
