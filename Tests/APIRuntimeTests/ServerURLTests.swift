import Foundation
import Testing

@testable import APIRuntime

@Suite("Server URLs from servers")
struct ServerURLTests {
    typealias Variable = (name: String, value: String, allowed: [String])

    @Test func aPathVariableMayHoldSeveralSegments() throws {
        // A document's `{basePath}` default such as `storage/v3` is valid OpenAPI.
        let url = try ServerURL.expand(
            "https://{region}.example.invalid/{basePath}",
            [("region", "eu", []), ("basePath", "storage/v3", [])])
        #expect(url.absoluteString == "https://eu.example.invalid/storage/v3")
    }

    @Test func aHostVariableCannotMoveTheRequestElsewhere() {
        for value in ["evil.invalid/x", "a@evil.invalid", "eu?x", "eu#x", "e u", ""] {
            #expect(throws: RequestValidationError.self, "\(value)") {
                try ServerURL.expand("https://{region}.example.invalid/v1", [("region", value, [])])
            }
        }
    }

    @Test func aPathVariableCannotAddAQueryAFragmentOrClimbOut() {
        for value in ["v1?admin=1", "v1#x", "../admin", "v1/../../x", "v 1", ""] {
            #expect(throws: RequestValidationError.self, "\(value)") {
                try ServerURL.expand("https://example.invalid/{basePath}", [("basePath", value, [])])
            }
        }
    }

    @Test func aValueOutsideTheEnumIsRefusedByName() throws {
        let error = try #require(throws: RequestValidationError.self) {
            try ServerURL.expand("https://{region}.example.invalid", [("region", "mars", ["eu", "us"])])
        }
        #expect(error.errors["region"]?.first == "must be one of eu, us")
    }
}
