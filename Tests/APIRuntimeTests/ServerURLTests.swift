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

    /// Issue 31: `servers: [{url: /api/v1}]` is relative to where the description is served.
    @Test func aRelativeServerURLIsResolvedAgainstTheOriginTheAppGives() throws {
        let origin = try #require(URL(string: "https://tenant.example.invalid:8443/docs/openapi.yaml"))
        #expect(try ServerURL.relative("/api/v1", to: origin).absoluteString == "https://tenant.example.invalid:8443/api/v1")
        #expect(
            try ServerURL.relative("api/v1", to: origin).absoluteString
                == "https://tenant.example.invalid:8443/docs/api/v1")
        let expanded = try ServerURL.expand("{basePath}/v2", [("basePath", "/tenants/a", [])], relativeTo: origin)
        #expect(expanded.absoluteString == "https://tenant.example.invalid:8443/tenants/a/v2")
    }

    @Test func aRelativeServerURLNeedsAnAbsoluteOriginAndCheckedValues() throws {
        let error = try #require(throws: RequestValidationError.self) {
            try ServerURL.relative("/api/v1", to: URL(fileURLWithPath: "relative/path"))
        }
        #expect(error.errors["origin"] != nil)
        let origin = try #require(URL(string: "https://example.invalid"))
        for value in ["../admin", "/x?admin=1", "/x#y", ""] {
            #expect(throws: RequestValidationError.self, "\(value)") {
                try ServerURL.expand("{basePath}/v2", [("basePath", value, [])], relativeTo: origin)
            }
        }
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

    @Test func aValueIsNeverExpandedAgain() {
        // `{tenant}` holding the text `{basePath}` must not pull the path value into the host.
        let error = #expect(throws: RequestValidationError.self) {
            try ServerURL.expand(
                "https://{tenant}.api.example.invalid/{basePath}",
                [("tenant", "{basePath}", []), ("basePath", "evil.example.invalid:443/x", [])])
        }
        #expect(error?.errors["tenant"] != nil)
    }

    @Test func aValueThatNamesAnotherVariableStaysLiteralInThePath() throws {
        // One pass: the later variable's placeholder inside an earlier value is text, not a slot.
        let url = try? ServerURL.expand(
            "https://example.invalid/{first}/{second}", [("first", "a", []), ("second", "b", [])])
        #expect(url?.absoluteString == "https://example.invalid/a/b")
        #expect(throws: RequestValidationError.self) {
            try ServerURL.expand(
                "https://example.invalid/{first}/{second}", [("first", "{second}", []), ("second", "b", [])])
        }
    }

    @Test(arguments: ["%2e%2e/admin", "..%2f..%2fadmin", "%2E%2e", "v1/%2e/x", "v1%3fadmin=1", "v1%23x", "v1%zz", "a\\..\\b"])
    func aPercentEncodedClimbOrDelimiterIsRefusedInThePath(value: String) {
        #expect(throws: RequestValidationError.self, "\(value)") {
            try ServerURL.expand("https://example.invalid/{basePath}", [("basePath", value, [])])
        }
    }

    @Test(arguments: ["evil%2einvalid%2fx", "eu%40evil", "eu\\evil", "{region}"])
    func anEncodedDelimiterIsRefusedInTheHost(value: String) {
        #expect(throws: RequestValidationError.self, "\(value)") {
            try ServerURL.expand("https://{region}.example.invalid/v1", [("region", value, [])])
        }
    }

    @Test func aVariableUsedTwiceIsCheckedWhereEachCopyLands() {
        // Fine in the path, but its second copy sits in the host.
        #expect(throws: RequestValidationError.self) {
            try ServerURL.expand("https://{v}.example.invalid/{v}", [("v", "a/b", [])])
        }
    }
}
