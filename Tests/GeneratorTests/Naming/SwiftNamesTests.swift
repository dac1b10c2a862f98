import Foundation
import Testing

@testable import GeneratorCore

/// The naming policy on its own: every identifier the generator writes comes from `SwiftNames`.
@Suite struct SwiftNamesTests {
    @Test func wordsSplitEveryCommonSpelling() {
        #expect(SwiftNames.words("account_id") == ["account", "id"])
        #expect(SwiftNames.words("per-page") == ["per", "page"])
        #expect(SwiftNames.words("signer.access.code") == ["signer", "access", "code"])
        #expect(SwiftNames.words("createdAt") == ["created", "At"])
        #expect(SwiftNames.words("HTTPServerError") == ["HTTP", "Server", "Error"])
        #expect(SwiftNames.words("  ") == [])
    }

    @Test func keywordsAreEscapedOnlyWhereSwiftNeedsIt() {
        #expect(SwiftNames.memberName("default") == "`default`")
        #expect(SwiftNames.memberName("self") == "`self`")
        #expect(SwiftNames.memberName("protocol") == "`protocol`")
        #expect(SwiftNames.memberName("type") == "type")
        #expect(SwiftNames.memberName("value") == "value")
        #expect(SwiftNames.bare("`default`") == "default")
        #expect(SwiftNames.bare("plain") == "plain")
        #expect(SwiftNames.escaped("class") == "`class`")
    }

    @Test func typeNamesAvoidWhatGeneratedCodeUses() {
        #expect(SwiftNames.typeName("account") == "Account")
        #expect(SwiftNames.typeName("error") == "ErrorModel")
        #expect(SwiftNames.typeName("Data") == "DataModel")
        #expect(SwiftNames.typeName("APIRequest") == "APIRequestModel")
        #expect(SwiftNames.typeName("document-status") == "DocumentStatus")
        #expect(SwiftNames.typeName("") == "Value")
    }

    @Test func typeNamesAvoidTheRuntimeAndShadowedStandardTypes() {
        #expect(SwiftNames.typeName("range") == "RangeModel")
        #expect(SwiftNames.typeName("Identifiable") == "IdentifiableModel")
        #expect(SwiftNames.typeName("security_scheme") == "SecuritySchemeModel")
        #expect(SwiftNames.typeName("ServerURL") == "ServerURLModel")
        #expect(SwiftNames.typeName("header-fields") == "HeaderFieldsModel")
        #expect(SwiftNames.typeName("date_range") == "DateRange")
    }

    /// The runtime's public top-level types, read from its sources: a type added there must be
    /// reserved here too, or a schema of that name would make apps' lookups ambiguous.
    @Test func everyPublicRuntimeTypeIsReserved() throws {
        let runtime = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/APIRuntime")
        let pattern = try NSRegularExpression(
            pattern: #"^public (?:final )?(?:class|struct|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
            options: [.anchorsMatchLines])
        var declared: Set<String> = []
        let files = FileManager.default.enumerator(at: runtime, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                if let name = Range(match.range(at: 1), in: text) { declared.insert(String(text[name])) }
            }
        }
        #expect(declared.count > 30, "read \(runtime.path)")
        #expect(declared.subtracting(SwiftNames.runtimeTypeNames).sorted() == [])
        #expect(SwiftNames.runtimeTypeNames.subtracting(declared).sorted() == [])
    }

    @Test func punctuationIsDroppedBetweenWords() {
        #expect(SwiftNames.memberName("x-request-id") == "xRequestId")
        #expect(SwiftNames.memberName("$filter") == "filter")
        #expect(SwiftNames.memberName("page[size]") == "pageSize")
        #expect(SwiftNames.memberName("a b/c") == "aBC")
        #expect(SwiftNames.memberName("@@@") == "_value")
        #expect(SwiftNames.caseName("application/json") == "applicationJson")
    }

    @Test func acronymsAndCapitals() {
        #expect(SwiftNames.memberName("URL") == "url")
        #expect(SwiftNames.memberName("ID") == "id")
        // A single leading capital is a word of its own, as in `XRequestId` (OAuth reads oAuth).
        #expect(SwiftNames.memberName("XRequestId") == "xRequestId")
        #expect(SwiftNames.memberName("OAuthToken") == "oAuthToken")
        #expect(SwiftNames.memberName("HTTPStatus") == "httpStatus")
        #expect(SwiftNames.memberName("isValid") == "isValid")
    }

    @Test func digitsNeverStartAName() {
        #expect(SwiftNames.memberName("2fa") == "_2fa")
        #expect(SwiftNames.typeName("3d_model") == "_3dModel")
        #expect(SwiftNames.caseName("1") == "_1")
        #expect(SwiftNames.caseName("-1") == "minus1")
        #expect(SwiftNames.caseName("+") == "plus")
        #expect(SwiftNames.caseName("") == "empty")
        #expect(SwiftNames.memberName("page2") == "page2")
    }

    @Test func unicodeLettersAreKeptAndSymbolsSpelled() {
        #expect(SwiftNames.memberName("situação") == "situação")
        #expect(SwiftNames.memberName("nome_do_signatário") == "nomeDoSignatário")
        #expect(SwiftNames.typeName("ação") == "Ação")
        // A value with no letter or digit at all still gets a distinct, valid case.
        #expect(SwiftNames.caseName("★") == "u2605")
        #expect(SwiftNames.caseName("→") != SwiftNames.caseName("★"))
        #expect(SwiftNames.words("café-com leite") == SwiftNames.unicodeWords("café-com leite"))
    }

    @Test func scopesNumberCollisionsInOrder() {
        var scope = SwiftNames.Scope()
        #expect(scope.claim("name") == "name")
        #expect(scope.claim("name") == "name2")
        #expect(scope.claim("name") == "name3")
        #expect(scope.claim("name2") == "name22")
        #expect(scope.contains("name3"))
        #expect(!scope.contains("name4"))
    }

    @Test func escapedNamesCollideWithTheirBareSpelling() {
        var scope = SwiftNames.Scope()
        #expect(scope.claim("`default`") == "`default`")
        #expect(scope.claim("default") == "default2")
        #expect(scope.contains("`default`"))
    }

    @Test func reservedMembersAreNumberedOthersAreNot() {
        // A struct's scope reserves only what the generated type itself declares as an instance
        // member or initialiser; `hash`, `encode` and `knownKeys` live beside `hash(into:)`,
        // `encode(to:)` and the static `knownKeys` without a clash.
        var members = SwiftNames.Scope(reserved: ["additionalFields", "init"])
        #expect(members.claim("additionalFields") == "additionalFields2")
        #expect(members.claim("hash") == "hash")
        #expect(members.claim("encode") == "encode")
        #expect(members.claim("knownKeys") == "knownKeys")
    }

    /// Sizing a scope up front changes nothing it decides, reserved names included.
    @Test func aSizedScopeClaimsLikeAGrowingOne() {
        let names = (0..<40).map { "member\($0 % 25)" } + ["init", "additionalFields", "default"]
        var growing = SwiftNames.Scope(reserved: ["additionalFields", "init"])
        var sized = SwiftNames.Scope(reserved: ["additionalFields", "init"], expectedCount: names.count)
        #expect(names.map { sized.claim($0) } == names.map { growing.claim($0) })
        #expect(sized.claim("init") == "init3")
        #expect(sized.claim("default") == "default2")
    }

    /// Names that are already PascalCase ASCII come back as they are, which is what splitting
    /// them into words and joining the capitalised words gives.
    @Test func pascalCaseNamesAreKeptAsSplittingWouldKeepThem() {
        var generator = SystemRandomNumberGenerator()
        let tail = Array("abcxyzABCXYZ0189")
        var samples = ["A", "HTTPServer", "Account0", "Option1value", "X9y", "ABC", "Z1", "OAuthTokenRequest"]
        for _ in 0..<300 {
            let head = String(Array("ABCXYZ").randomElement(using: &generator) ?? "A")
            samples.append(head + String((0..<Int.random(in: 0..<12)).compactMap { _ in tail.randomElement() }))
        }
        for raw in samples {
            #expect(SwiftNames.isPascalCaseASCII(raw))
            #expect(
                SwiftNames.pascalCase(raw) == SwiftNames.words(raw).map(SwiftNames.capitalizeFirst).joined(), "\(raw)")
        }
        for raw in ["account_id", "aB", "0Abc", "Ação", "Two Words", ""] { #expect(!SwiftNames.isPascalCaseASCII(raw)) }
        #expect(SwiftNames.pascalCase("account_id") == "AccountId")
        #expect(SwiftNames.typeName("2fa-status") == "_2faStatus")
    }

    @Test func identifiersAConfigurationMayGive() {
        #expect(SwiftNames.isIdentifier("listPets"))
        #expect(SwiftNames.isIdentifier("_private"))
        #expect(SwiftNames.isIdentifier("Ação"))
        #expect(!SwiftNames.isIdentifier(""))
        #expect(!SwiftNames.isIdentifier("2fa"))
        #expect(!SwiftNames.isIdentifier("list-pets"))
        #expect(!SwiftNames.isIdentifier("class"))
        #expect(!SwiftNames.isIdentifier("a b"))
    }
}
