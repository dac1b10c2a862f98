import Foundation
import Testing

@testable import APIRuntime

/// OpenAPI 3.2's additions to a request: any token as the method, and a query string that is
/// one parameter (form fields, or one percent-encoded text).
@Suite struct QuerystringAndMethodTests {
    struct Filter: Encodable, Sendable {
        var breed: String
        var tags: [String]
        var size: Int?
        var near: [String: Int]
    }

    @Test func aMethodIsAnyTokenAndKeepsItsCase() {
        #expect(RequestMethod(rawValue: "PURGE")?.rawValue == "PURGE")
        #expect(RequestMethod(rawValue: "copy")?.rawValue == "copy")
        #expect(RequestMethod(rawValue: "GET") == .get)
        #expect(RequestMethod.query.rawValue == "QUERY")
        #expect(RequestMethod(rawValue: "BAD METHOD") == nil)
        #expect(RequestMethod(rawValue: "") == nil)
    }

    @Test func queryIsRetriedLikeGetAndAnOtherMethodIsNot() {
        let policy = RetryPolicy.default
        #expect(policy.shouldRetry(method: .query, statusCode: 503, attempt: 1))
        let purge = RequestMethod(rawValue: "PURGE") ?? .post
        #expect(!policy.shouldRetry(method: purge, statusCode: 503, attempt: 1))
    }

    @Test func aFormQuerystringSendsTheMembersAsFields() throws {
        var query: [QueryItem] = []
        try query.add(
            formFields: "filter", encoding: Filter(breed: "a b", tags: ["x", "y"], size: nil, near: ["km": 2]))
        let names = query.map { "\($0.name)=\($0.value)" }
        #expect(names.contains("breed=a b") && names.contains("tags=x") && names.contains("tags=y"))
        #expect(names.contains("near={\"km\":2}") && !names.contains { $0.hasPrefix("size") })
        #expect(throws: RequestValidationError.self) { try query.add(formFields: "filter", encoding: "text") }
    }

    @Test func aWholeQueryIsPercentEncodedTextBeforeAnyItems() throws {
        var request = APIRequest(operationName: "find", method: .get, pathTemplate: "/a", path: "/a")
        try request.setWholeQuery(json: ["ids": [1, 2]])
        #expect(request.wholeQuery == "%7B%22ids%22%3A%5B1%2C2%5D%7D")
        let base = try #require(URL(string: "https://api.example.invalid"))
        let url = try URLBuilder.url(
            base: base, path: "/a", query: [QueryItem("key", "k")], wholeQuery: request.wholeQuery)
        #expect(url.absoluteString == "https://api.example.invalid/a?%7B%22ids%22%3A%5B1%2C2%5D%7D&key=k")
        request.setWholeQuery(text: "$.a[1:1]")
        #expect(request.wholeQuery == "%24.a%5B1%3A1%5D")
    }
}
