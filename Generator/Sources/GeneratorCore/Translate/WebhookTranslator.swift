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
        var caseNames = SwiftNames.Scope(reserved: SwiftNames.openEnumMembers)
        let enumDecl = EnumDecl(
            name: types.claimInline("WebhookEventName"), docs: ["The webhook events the API description declares."],
            rawType: "String", cases: events.map { (caseNames.claim(SwiftNames.caseName($0)), $0) }, deprecated: false)

        var payloads: [WebhookPayloadDecl] = []
        var described = Set<String>()
        for webhook in webhooks where !described.contains(webhook.path) {
            guard let media = webhook.requestBody?.content.first(where: \.isJSON), let schema = media.schema else {
                continue
            }
            described.insert(webhook.path)
            let suggested = SwiftNames.typeName(webhook.path) + "Webhook"
            let createdBefore = types.createdDeclarations.count
            let payload = types.type(for: schema, suggestedName: suggested, forRequest: false).type
            // A type made for this event already carries the event's name (suffixed if taken).
            let madeHere = types.createdDeclarations[createdBefore...].contains(payload.rendered)
            let alias = madeHere ? nil : types.claimInline(suggested)
            payloads.append(WebhookPayloadDecl(event: webhook.path, alias: alias, type: payload))
        }
        return Result(events: enumDecl, payloads: payloads)
    }
}
