import Foundation
import PipelineCRMAPI
import Testing

/// crm-3.1.yaml (OpenAPI 3.1): an API key in the query string, a deepObject filter,
/// space-delimited arrays, a required header, multipart with a file and a JSON part, a form
/// body, allOf bodies and answers, a discriminated oneOf both ways, and an allOf of that oneOf and
/// an object both ways.
@Suite(.enabled(if: MockServer.python != nil, "no Python for the mock server"))
struct PipelineCRMEndToEndTests {
    static let contactId = "3f2c1a9e-0000-4000-8000-00000000abcd"

    @Test func fourteenOperationsPassTheMocksValidation() async throws {
        try await MockServer.run("crm-3.1.yaml", minimumOperations: 14) { mock in
            let engine = mock.engine(["crmQueryKey": .apiKey("crm-key-7")])
            let contacts = ContactsAPI(client: engine)
            let found = try await contacts.searchContacts(
                filter: SearchContactsFilter(email: "x@example.invalid", company: "Acme & Co", scoreMin: 10),
                sort: ["name", "-created"], page: 2)
            #expect(found.body.total >= 0)
            let input = ContactInput(name: "Ada", email: .value("ada@example.invalid"), phones: ["+1 555"])
            #expect(try await contacts.createContact(body: input).statusCode == 201)
            _ = try await contacts.getContact(contactId: Self.contactId)
            _ = try await contacts.replaceContact(
                contactId: Self.contactId, body: ContactInput(name: "Ada L.", email: .null))
            let avatar = try await contacts.uploadAvatar(
                contactId: Self.contactId,
                image: MultipartFile(data: Data([0x89, 0x50, 0x4E, 0x47]), filename: "ada.png"),
                caption: "Profile", crop: UploadAvatarCrop(x: 4, y: 8))
            #expect(avatar.body.url.isEmpty == false)
            #expect(
                try await contacts.exportContacts(format: .csv, include: ["email", "phones"]).body.isEmpty == false)

            // 70 members: more than one initialiser sets, so the model keeps them in two parts.
            let custom = try await contacts.getCustomFields(contactId: Self.contactId).body
            let copy = try JSONDecoder().decode(CustomFields.self, from: JSONEncoder().encode(custom))
            #expect(copy == custom)
            let edited = CustomFields(
                field0: "tier", field1: 3, field63: "last of the first part", field64: 4, field66: 2.5,
                field69: ["a", "b"], additionalFields: ["extra": "kept"])
            #expect(edited.field63 == "last of the first part" && edited.field64 == 4 && edited.field69 == ["a", "b"])
            _ = try await contacts.replaceCustomFields(contactId: Self.contactId, body: edited)

            let deals = DealsAPI(client: engine)
            _ = try await deals.listDeals(xTenant: "acme", stage: [.lead, .won])
            _ = try await deals.createDeal(
                body: CreateDealRequest(title: "Pilot", amount: 1500.5, contactId: Self.contactId))
            _ = try await deals.moveDeal(dealId: 7, body: MoveDealRequest(stage: .proposal, reason: .null))

            let activities = ActivitiesAPI(client: engine)
            let feed = try await activities.listActivities(contactId: Self.contactId)
            #expect(feed.body.allSatisfy { if case .unknown = $0 { false } else { true } })
            let logged = try await activities.logActivity(body: .meeting(MeetingActivity(attendees: ["ada"])))
            #expect(logged.statusCode == 201)
            _ = try await activities.logActivity(body: .email(EmailActivity(subject: "Hello")))
            guard case .call = try await activities.getActivity(activityId: "act_1").body else {
                Issue.record("the discriminator did not route to CallActivity")
                return
            }

            // allOf of the discriminated union and an object: one answer decodes into both, and
            // both go back as one object.
            let event = try await activities.getActivityEvent(activityId: "act_1").body
            #expect(event.sequence >= 1)
            guard case .call(let call) = event.activity else {
                Issue.record("the union beside the object did not decode its member: \(event.activity)")
                return
            }
            #expect(try JSONDecoder().decode(ActivityEvent.self, from: JSONEncoder().encode(event)) == event)
            #expect(try await activities.replayActivityEvent(body: event).statusCode == 202)
            let meeting = ActivityEvent(activity: .meeting(MeetingActivity(attendees: ["ada"])), sequence: 7)
            #expect(try await activities.replayActivityEvent(body: meeting).statusCode == 202)

            let recorded = try await mock.requests()
            #expect(recorded.allSatisfy { $0.query.contains(["api_key", "crm-key-7"]) })
            let search = recorded.first { $0.operationId == "searchContacts" }
            #expect(search?.query.contains(["filter[company]", "Acme & Co"]) == true)
            #expect(search?.query.contains(["sort", "name -created"]) == true)
            let replaced = recorded.first { $0.operationId == "replaceCustomFields" }
            let sent = try replaced.map { try JSONValue(parsing: Data($0.body.utf8)) }
            #expect(sent?["field64"] == 4 && sent?["field69"] == ["a", "b"] && sent?["extra"] == "kept")
            #expect(sent?["field2"] == nil)
            let replays = try recorded.filter { $0.operationId == "replayActivityEvent" }
                .map { try JSONValue(parsing: Data($0.body.utf8)) }
            #expect(replays.count == 2)
            #expect(replays.first?["type"] == "call" && replays.first?["sequence"] == .integer(Int64(event.sequence)))
            #expect(replays.first?["durationSeconds"] == .integer(Int64(call.durationSeconds)))
            #expect(replays.last == ["type": "meeting", "attendees": ["ada"], "sequence": 7])
            let upload = recorded.first { $0.operationId == "uploadAvatar" }
            #expect(upload?.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        }
    }
}
