// libFuzzer target: the runtime's JSON parser, writer and tree decoder, on arbitrary bytes.
// Built by scripts/fuzz.sh (`make fuzz`); a crash, sanitizer report or failed invariant fails.
import AssinafyAPI
import Foundation

@testable import APIRuntime

@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    InputBudget.check(bytes: count) { _ = fuzz(start, count) }
    return 0
}

func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // Generated models (what every response body goes through): must throw, never trap.
    _ = try? JSONCoding.decode(Document.self, from: data)
    _ = try? JSONCoding.decode([Signer].self, from: data)
    _ = try? JSONCoding.decode(Workspace.self, from: data)
    _ = try? JSONCoding.decode(Field.self, from: data)
    _ = try? JSONCoding.decode(DocumentActivity.self, from: data)
    _ = try? JSONCoding.decode(ExchangeOAuthTokenResponse.self, from: data)
    _ = try? JSONCoding.decode([String: Decimal].self, from: data)
    _ = try? JSONCoding.decode([UInt64].self, from: data)

    guard let value = try? JSONValue(parsing: data) else { return 0 }
    // The envelope probe is laxer than the parser: whatever parses, it accepts.
    precondition(JSONMemberProbe(data, capture: ["status"]) != nil, "the envelope probe refused valid JSON")
    // Writing and reading back gives the same tree, and writing is stable.
    let written = value.jsonData()
    guard let again = try? JSONValue(parsing: written) else { preconditionFailure("written JSON does not parse") }
    precondition(again == value, "a write/read round trip changed the value")
    precondition(again.jsonData() == written, "writing is not stable")
    // Re-encoding a decoded model must succeed (members are kept exactly).
    if let document = try? JSONCoding.decode(Document.self, from: data) {
        precondition((try? JSONCoding.encode(document)) != nil, "a decoded Document does not encode")
    }
    return 0
}
