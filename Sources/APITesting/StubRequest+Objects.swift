import APIRuntime
import Foundation

/// Object-valued query parameters: `deepObject` (`name[key]=value`) and `in: querystring`.
extension StubRequest {
    /// How an `in: querystring` parameter was written (`APIRequest.setWholeQuery`, `formFields`).
    public enum QuerystringStyle: Sendable {
        /// Each member a field, an array one field per element, a nested object its JSON text.
        case form
        /// The whole query is the value's JSON text.
        case json
        /// The whole query is the text.
        case text
    }

    /// A `deepObject` parameter: `name[key]=value` items (nested keys deeper) as the members of `T`.
    public func deepObject<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        var tree = Tree.object([])
        var found = false
        for item in query where item.name.hasPrefix(name + "[") {
            let keys = item.name.dropFirst(name.count).split(separator: "]").map { String($0.dropFirst()) }
            tree.insert(item.value, at: keys[...])
            found = true
        }
        return found ? try decode(tree, name, as: type) : nil
    }

    /// An `in: querystring` parameter: the whole query read back as `T`.
    public func querystring<T: Decodable>(_ name: String, as type: T.Type, style: QuerystringStyle) throws -> T? {
        guard let encoded = encodedQuery, !encoded.isEmpty else { return nil }
        let whole = encoded.removingPercentEncoding ?? encoded
        switch style {
        case .text: return try value(whole, name, as: type)
        case .json:
            do { return try JSONCoding.decode(type, from: Data(whole.utf8)) } catch {
                throw undecodable(name, "\(error)")
            }
        case .form:
            var tree = Tree.object([])
            for item in query { tree.insert(item.value, at: [item.name][...]) }
            return try decode(tree, name, as: type)
        }
    }

    /// The members' text carries no types: read first with every value a string, then with
    /// values that read as JSON (numbers, booleans, nested JSON) as that JSON.
    private func decode<T: Decodable>(_ tree: Tree, _ name: String, as type: T.Type) throws -> T {
        if let decoded = try? JSONCoding.decode(type, from: Data(tree.json(inferring: false).utf8)) { return decoded }
        do { return try JSONCoding.decode(type, from: Data(tree.json(inferring: true).utf8)) } catch {
            throw undecodable(name, "\(error)")
        }
    }
}

/// Query members gathered into an object: a key seen again makes its value a list.
enum Tree {
    case leaf(String)
    case list([Tree])
    case object([(String, Tree)])

    mutating func insert(_ value: String, at keys: ArraySlice<String>) {
        guard let key = keys.first else {
            self = .leaf(value)
            return
        }
        guard case .object(var members) = self else { return }
        var child = Tree.object([])
        if keys.count == 1 {
            child = .leaf(value)
        } else {
            child.insert(value, at: keys.dropFirst())
        }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            if keys.count > 1, case .object = members[index].1 {
                members[index].1.insert(value, at: keys.dropFirst())
            } else if case .list(let items) = members[index].1 {
                members[index].1 = .list(items + [child])
            } else {
                members[index].1 = .list([members[index].1, child])
            }
        } else {
            members.append((key, child))
        }
        self = .object(members)
    }

    func json(inferring: Bool) -> String {
        switch self {
        case .leaf(let text):
            if inferring, let parsed = try? JSONValue(parsing: Data(text.utf8)) {
                if case .string = parsed {} else { return text }
            }
            return String(decoding: (try? JSONCoding.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
        case .list(let items): return "[" + items.map { $0.json(inferring: inferring) }.joined(separator: ",") + "]"
        case .object(let members):
            let encoded = members.map { key, value in
                String(decoding: (try? JSONCoding.encode(key)) ?? Data(), as: UTF8.self) + ":"
                    + value.json(inferring: inferring)
            }
            return "{" + encoded.joined(separator: ",") + "}"
        }
    }
}
