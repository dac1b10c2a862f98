/// `SwiftNames` results by input. The same wire names (`id`, `name`, `status`) and enum values
/// come back in nearly every object of a large document, and deriving a name (split into words,
/// recase, join) costs thousands of instructions each time: naming was a tenth of translation.
struct NameMemo {
    private var members: [String: String] = [:]
    private var pascal: [String: String] = [:]
    private var cases: [String: String] = [:]

    mutating func memberName(_ raw: String) -> String {
        if let known = members[raw] { return known }
        let name = SwiftNames.memberName(raw)
        members[raw] = name
        return name
    }

    mutating func pascalCase(_ raw: String) -> String {
        if let known = pascal[raw] { return known }
        let name = SwiftNames.pascalCase(raw)
        pascal[raw] = name
        return name
    }

    mutating func caseName(_ raw: String) -> String {
        if let known = cases[raw] { return known }
        let name = SwiftNames.caseName(raw)
        cases[raw] = name
        return name
    }
}
