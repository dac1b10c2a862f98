// libFuzzer target: Standard Webhooks signature verification on arbitrary headers and bodies.
// Input: "<id>\n<timestamp>\n<signature header>\n<secret>\n<body...>" (missing lines are empty).
import Foundation

@testable import Assinafy

let now = Date(timeIntervalSince1970: 1_750_000_000)
let realSecret = "whsec_" + Data("fuzzing-secret-bytes-0123456789".utf8).base64EncodedString()

@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    InputBudget.check(bytes: count) { _ = fuzz(start, count) }
    return 0
}

func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    var fields = data.split(separator: UInt8(ascii: "\n"), maxSplits: 4, omittingEmptySubsequences: false)
        .map { Data($0) }
    while fields.count < 5 { fields.append(Data()) }
    let text = fields.prefix(4).map { String(decoding: $0, as: UTF8.self) }
    let body = fields[4]
    let secret = text[3].isEmpty ? realSecret : text[3]
    // Must never trap, whatever the headers hold; a match is only possible with the right MAC.
    let accepted = WebhookSignature.verify(
        body: body, id: text[0], timestamp: text[1], signatureHeader: text[2], secret: secret, now: now)
    let headers = ["Webhook-Id": text[0], "webhook-timestamp": text[1], "WEBHOOK-SIGNATURE": text[2]]
    precondition(
        WebhookSignature.verify(body: body, headers: headers, secret: secret, now: now) == accepted,
        "header lookup changed the verdict")
    // What sign() signs, verify accepts, for a timestamp in the specification's form (1 to 18
    // digits: verify refuses "+1750000000" or 80 leading zeros by design, while sign takes any
    // text it is given).
    let canonical =
        (1...18).contains(text[1].utf8.count) && text[1].utf8.allSatisfy { (0x30...0x39).contains($0) }
    let (id, timestamp) = (text[0], text[1])
    let signature = try? WebhookSignature.sign(body: body, id: id, timestamp: timestamp, secret: secret)
    let fresh = Int64(timestamp).map { abs(Double($0) - now.timeIntervalSince1970) < 200 } ?? false
    if canonical, fresh, let signature, !id.isEmpty {
        precondition(
            WebhookSignature.verify(
                body: body, id: text[0], timestamp: text[1], signatureHeader: signature, secret: secret, now: now),
            "a signature made by sign() was refused")
    }
    return 0
}
