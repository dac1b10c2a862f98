import Foundation
import Testing

@testable import APIRuntime

/// Issue 34: a model prints, dumps and reflects as its members, credentials redacted.
@Suite struct ModelMirrorTests {
    struct Guest: OpenAPIModel {
        var name: String
        var accessToken: String?
        enum CodingKeys: String, CodingKey {
            case name
            case accessToken = "access_token"
        }
    }

    struct Booking: OpenAPIModel {
        var id: String
        var nights: Int
        var guest: Guest
        var tags: [String]
        var note: String?
        var rate: Double
        func encode(to encoder: any Encoder) throws {
            // `note` as an explicit null, as a generated Nullable member is sent.
            var container = encoder.container(keyedBy: DynamicCodingKey.self)
            try container.encode(id, forKey: "id")
            try container.encode(nights, forKey: "nights")
            try container.encode(guest, forKey: "guest")
            try container.encode(tags, forKey: "tags")
            try container.encodeNil(forKey: "note")
            try container.encode(rate, forKey: "rate")
            try container.encode("hunter2", forKey: "client_secret")
        }
    }

    static let booking = Booking(
        id: "b1", nights: 3, guest: Guest(name: "Ana", accessToken: "tok-123"), tags: ["a", "b"], note: nil, rate: 1.5)

    @Test func printShowsTheMembersNotTheStorage() {
        let text = String(describing: Self.booking)
        #expect(
            text == #"Booking(id: "b1", nights: 3, guest: (name: "Ana", access_token: "<redacted>"), tags: ["a", "b"], "#
                + #"note: nil, rate: 1.5, client_secret: "<redacted>")"#, "\(text)")
        #expect(!text.contains("tok-123") && !text.contains("hunter2"))
    }

    @Test func dumpAndMirrorListTheMembers() {
        let mirror = Mirror(reflecting: Self.booking)
        #expect(mirror.displayStyle == .struct)
        #expect(mirror.children.map(\.label) == ["id", "nights", "guest", "tags", "note", "rate", "client_secret"])
        var dumped = ""
        dump(Self.booking, to: &dumped)
        #expect(dumped.contains("- id: \"b1\"") && dumped.contains("- name: \"Ana\""), "\(dumped)")
        #expect(!dumped.contains("tok-123") && !dumped.contains("hunter2"), "\(dumped)")
    }

    @Test func credentialNamesAreRecognisedWhateverTheirSpelling() {
        for name in ["password", "Password", "api_key", "apiKey", "X-Api-Key", "refresh_token", "client_secret", "accessCode"] {
            #expect(MirrorValue.isCredential(name), "\(name)")
        }
        for name in ["name", "id", "passport", "status"] {
            #expect(!MirrorValue.isCredential(name), "\(name)")
        }
    }

    struct NotANumber: OpenAPIModel {
        var value: Double
    }

    @Test func anUnencodableModelSaysSoInsteadOfFailing() {
        #expect(String(describing: NotANumber(value: .nan)).contains("unencodable"))
    }
}
