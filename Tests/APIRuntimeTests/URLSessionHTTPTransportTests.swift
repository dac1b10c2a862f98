import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import APIRuntime

@Suite struct URLSessionHTTPTransportTests {
    @Test func sessionIsHardenedAndTimeoutsAreWholeSeconds() {
        #expect(URLSessionHTTPTransport.wholeSeconds(0.5) == 1)
        #expect(URLSessionHTTPTransport.wholeSeconds(1.5) == 2)
        #expect(URLSessionHTTPTransport.wholeSeconds(2) == 2)
        #expect(URLSessionHTTPTransport.wholeSeconds(.nan) == 30)
        let given = URLSessionConfiguration.default
        given.httpAdditionalHeaders = ["X-Leak": "1"]
        given.timeoutIntervalForRequest = 7
        let session = URLSessionHTTPTransport.hardened(given)
        #expect(session.httpCookieStorage == nil)
        #expect(session.urlCache == nil)
        #expect(session.urlCredentialStorage == nil)
        #expect(session.httpShouldSetCookies == false)
        #expect(session.httpCookieAcceptPolicy == .never)
        #expect(session.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(session.httpAdditionalHeaders == nil)
        // What the caller chose and the engine has no opinion on is kept; the caller's own
        // object is left alone.
        #expect(session.timeoutIntervalForRequest == 7)
        #expect(given.httpAdditionalHeaders?["X-Leak"] as? String == "1")
        #expect(given.httpCookieStorage != nil)
    }
}
