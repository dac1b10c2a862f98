// libFuzzer target: the generator's document readers (YAML 1.2 and JSON) on arbitrary bytes.
// Compiled together with Generator/Sources/GeneratorCore/Parse by scripts/fuzz.sh.
import Foundation

@c(LLVMFuzzerTestOneInput)
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    InputBudget.check(bytes: count) { _ = fuzz(start, count) }
    return 0
}

func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    // Errors are fine (ParseError); traps, hangs and sanitizer reports are not.
    _ = try? DocumentReader.read(bytes: bytes, file: "fuzz.yaml")
    _ = try? YAMLParser.parse(bytes, file: "fuzz.yaml")
    _ = try? JSONParser.parse(bytes, file: "fuzz.json")
    return 0
}
