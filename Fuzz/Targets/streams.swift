// libFuzzer target: the framers of streamed answers (Server-Sent Events, JSON Lines, JSON text
// sequences) on arbitrary bytes cut into arbitrary chunks. Built by scripts/fuzz.sh (`make fuzz`).
// Input: the first byte chooses the cut (chunks of 1 to 17 bytes); the rest is the body, fed to
// every framer whole, in those chunks and byte by byte.
// Invariants: how the bytes arrive never changes what comes out (events, texts, or the error
// for a record cut short); every text a splitter hands over is parsed or refused, never a trap.
import Foundation

@testable import APIRuntime

/// `body` fed to `feed` in pieces of `step` bytes (the whole body when `step` is nil).
func pieces(_ body: Data, step: Int?) -> [Data] {
    guard let step else { return [body] }
    var result: [Data] = []
    var index = body.startIndex
    while index < body.endIndex {
        let end = min(index + step, body.endIndex)
        result.append(body[index..<end])
        index = end
    }
    return result
}

func events(_ body: Data, step: Int?) -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for piece in pieces(body, step: step) { events += parser.feed(piece) }
    return events + parser.finish()
}

/// The texts, then the truncated record's bytes if the stream ended inside one.
func texts(_ body: Data, framing: JSONRecordSplitter.Framing, step: Int?) -> ([Data], Data?) {
    var splitter = JSONRecordSplitter(framing)
    var texts: [Data] = []
    for piece in pieces(body, step: step) { texts += splitter.feed(piece) }
    do {
        texts += try splitter.finish()
        return (texts, nil)
    } catch let truncated as JSONRecordSplitter.TruncatedRecord {
        return (texts, truncated.bytes)
    } catch {
        preconditionFailure("finish() threw \(error)")
    }
}

@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    InputBudget.check(bytes: count) { _ = fuzz(start, count) }
    return 0
}

func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard let first = data.first else { return 0 }
    let step = Int(first) % 17 + 1
    let body = Data(data.dropFirst())

    let whole = events(body, step: nil)
    precondition(events(body, step: step) == whole, "the events depend on how the bytes were cut")
    precondition(events(body, step: 1) == whole, "the events depend on how the bytes were cut (byte by byte)")
    for event in whole { _ = try? JSONValue(parsing: Data(event.data.utf8)) }

    for framing in [JSONRecordSplitter.Framing.lines, .recordSeparated] {
        let (all, truncated) = texts(body, framing: framing, step: nil)
        let cut = texts(body, framing: framing, step: step)
        precondition(cut.0 == all && cut.1 == truncated, "the texts depend on how the bytes were cut")
        let single = texts(body, framing: framing, step: 1)
        precondition(
            single.0 == all && single.1 == truncated, "the texts depend on how the bytes were cut (byte by byte)")
        for text in all {
            precondition(!text.isEmpty, "an empty text was handed over")
            _ = try? JSONValue(parsing: text)
        }
    }
    return 0
}
