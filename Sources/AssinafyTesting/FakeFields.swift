import APIRuntime
import AssinafyAPI
import AssinafyAPITesting
import Foundation

final class FakeField {
    let id: String
    var name: String
    let type: String
    var regex: String?
    var isPreDefined = false
    var isActive = true
    var isRequired = false
    var isStandard = false
    var isReadOnly = false
    var isVisible = true
    var deleted = false

    init(id: String, name: String, type: String) {
        self.id = id
        self.name = name
        self.type = type
    }
}

/// Field definitions and value validation (the emulator's `h_catalog.py`, fields part).
extension FakeServer {
    static let fieldTypes = [
        ("text", "Texto"), ("name", "Nome"), ("email", "E-mail"), ("cpf", "CPF"), ("cnpj", "CNPJ"),
        ("phone", "Telefone"), ("date", "Data"), ("number", "Número"), ("checkbox", "Caixa de seleção"),
    ]
    static let standardFieldTypes: Set = ["signature", "initial", "signatureDate"]

    func fieldsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        switch operation {
        case "listFieldTypes":
            return try .ok(Self.fieldTypes.map { FieldType(type: $0.0, name: $0.1) })
        case "listFields":
            let call = try request.call(AssinafyAPIStubs.ListFieldsCall.init)
            try state.requireAccount(call.accountId)
            let found = state.fieldList.filter {
                !$0.deleted && $0.isVisible && (call.includeInactive == true || $0.isActive)
                    && (call.includeStandard == true || !Self.standardFieldTypes.contains($0.type))
            }
            return try .ok(found.map(Self.view))
        case "createField":
            let call = try request.call(AssinafyAPIStubs.CreateFieldCall.init)
            try state.requireAccount(call.accountId)
            let name = call.body.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw FakeAPIError.invalid("name cannot be blank.") }
            guard Self.fieldTypes.contains(where: { $0.0 == call.body.type }) else {
                throw FakeAPIError.invalid(
                    "type must be one of: \(Self.fieldTypes.map(\.0).joined(separator: ", ")).")
            }
            let regex = call.body.regex?.value.flatMap { $0.isEmpty ? nil : $0 }
            if let regex, (try? NSRegularExpression(pattern: regex)) == nil {
                throw FakeAPIError.invalid("regex is not a valid regular expression.")
            }
            let field = state.addField(name: name, type: call.body.type)
            field.regex = regex
            field.isRequired = call.body.isRequired ?? false
            return try .ok(Self.view(field))
        case "getField":
            let call = try request.call(AssinafyAPIStubs.GetFieldCall.init)
            return try .ok(Self.view(try field(call.accountId, call.fieldId)))
        case "updateField":
            let call = try request.call(AssinafyAPIStubs.UpdateFieldCall.init)
            let field = try field(call.accountId, call.fieldId)
            if field.isStandard || field.isReadOnly { throw FakeAPIError.invalid("This field cannot be changed.") }
            if let name = call.body.name { field.name = name }
            if let regex = call.body.regex { field.regex = regex.value }
            if let active = call.body.isActive { field.isActive = active }
            return try .ok(Self.view(field))
        case "deleteField":
            let call = try request.call(AssinafyAPIStubs.DeleteFieldCall.init)
            let field = try field(call.accountId, call.fieldId)
            if field.isStandard || field.isPreDefined {
                throw FakeAPIError.invalid("Standard and pre-defined fields cannot be deleted.")
            }
            field.deleted = true
            return try .ok([JSONValue]())
        case "validateFieldValue":
            let call = try request.call(AssinafyAPIStubs.ValidateFieldValueCall.init)
            let field = try field(call.accountId, call.fieldId)
            guard let value = call.body.value else { throw FakeAPIError.invalid("value cannot be blank.") }
            let problem = Self.problem(field, value.value ?? .null)
            return try .ok(FieldValidation(type: field.type, success: problem == nil, errorMessage: problem ?? ""))
        case "validateFieldValues":
            let call = try request.call(AssinafyAPIStubs.ValidateFieldValuesCall.init)
            try state.requireAccount(call.accountId)
            return try .ok(
                call.body.map { item in
                    guard let field = state.fields[item.fieldId], !field.deleted else {
                        return FieldValidationResult(
                            fieldId: item.fieldId, type: "", success: false, errorMessage: "Campo não encontrado.")
                    }
                    let problem = Self.problem(field, item.value?.value ?? .null)
                    return FieldValidationResult(
                        fieldId: field.id, type: field.type, success: problem == nil, errorMessage: problem ?? "")
                })
        default:
            return nil
        }
    }

    private func field(_ accountId: String, _ fieldId: String) throws -> FakeField {
        try state.requireAccount(accountId)
        guard let field = state.fields[fieldId], !field.deleted else { throw FakeAPIError.notFound() }
        return field
    }

    static func view(_ field: FakeField) -> Field {
        Field(
            resource: "field", id: field.id, name: field.name, type: field.type, regex: field.regex,
            isPreDefined: field.isPreDefined, isActive: field.isActive, isRequired: field.isRequired,
            isStandard: field.isStandard, isReadOnly: field.isReadOnly, isVisible: field.isVisible)
    }

    /// The emulator's `check_value`: the value's text against the field's type and pattern.
    static func problem(_ field: FakeField, _ value: JSONValue) -> String? {
        let text: String
        switch value {
        case .null: text = ""
        case .string(let string): text = string
        case .bool(let flag): text = flag ? "True" : "False"
        case .integer(let number): text = String(number)
        case .bigInteger(let digits): text = digits
        case .double(let number): text = String(number)
        default: text = String(decoding: value.jsonData(), as: UTF8.self)
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return field.isRequired ? "O valor é obrigatório." : nil
        }
        let stripped = text.replacingOccurrences(of: #"[.\-/\s()]"#, with: "", options: .regularExpression)
            .uppercased()
        func matches(_ pattern: String, _ subject: String) -> Bool {
            subject.range(of: "^(?:\(pattern))$", options: .regularExpression) != nil
        }
        switch field.type {
        case "cpf" where !FakeDocumentNumbers.cpf(stripped): return "CPF inválido."
        case "cnpj" where !FakeDocumentNumbers.cnpj(stripped): return "CNPJ inválido."
        case "email" where !matches(#"[^@\s]+@[^@\s]+\.[^@\s]+"#, text): return "E-mail inválido."
        case "number" where !matches(#"-?\d+([.,]\d+)?"#, text): return "Número inválido."
        case "date" where !matches(#"\d{4}-\d{2}-\d{2}|\d{2}/\d{2}/\d{4}"#, text): return "Data inválida."
        case "phone" where !matches(#"\+?\d{10,13}"#, stripped): return "Telefone inválido."
        default: break
        }
        if let regex = field.regex, !matches(regex, text) { return "O valor não corresponde ao formato esperado." }
        return nil
    }
}

/// The check digits of Brazilian taxpayer numbers, as the emulator computes them.
enum FakeDocumentNumbers {
    static func cpf(_ digits: String) -> Bool {
        let numbers = digits.compactMap(\.wholeNumberValue)
        guard numbers.count == 11, digits.count == 11, Set(numbers).count > 1 else { return false }
        for size in [9, 10] {
            let total = zip(numbers.prefix(size), stride(from: size + 1, to: 1, by: -1)).reduce(0) { $0 + $1.0 * $1.1 }
            if (total * 10) % 11 % 10 != numbers[size] { return false }
        }
        return true
    }

    static func cnpj(_ value: String) -> Bool {
        let characters = Array(value)
        guard characters.count == 14, characters.suffix(2).allSatisfy(\.isNumber),
            characters.prefix(12).allSatisfy({ $0.isASCII && ($0.isNumber || $0.isUppercase) })
        else { return false }
        let numbers = characters.map { Int($0.asciiValue ?? 0) - 48 }
        let weights = [[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]]
        for (size, weight) in zip([12, 13], weights) {
            let remainder = zip(numbers.prefix(size), weight).reduce(0) { $0 + $1.0 * $1.1 } % 11
            if (remainder < 2 ? 0 : 11 - remainder) != numbers[size] { return false }
        }
        return true
    }
}
