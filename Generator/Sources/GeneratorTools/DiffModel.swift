import Foundation
import GeneratorCore

/// One difference between two API descriptions, judged from the point of view of a client
/// written against the old one.
public struct SpecChange: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// An existing client may stop compiling or working.
        case breaking
        /// Existing clients keep working; new capabilities or looser rules.
        case additive

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .breaking && rhs == .additive }
    }

    /// The part of the API the change belongs to, used to group the report.
    public enum Area: String, Sendable, Hashable, Codable, CaseIterable {
        case operation, webhook, schema, securityScheme, server
        case function, type, webhookPayload

        var heading: String {
            switch self {
            case .operation: return "Operations"
            case .webhook: return "Webhooks"
            case .schema: return "Schemas"
            case .securityScheme: return "Security schemes"
            case .server: return "Servers"
            case .function: return "Functions"
            case .type: return "Types"
            case .webhookPayload: return "Webhook payloads"
            }
        }
    }

    public var severity: Severity
    public var area: Area
    /// What changed, e.g. `GET /v1/documents`, `Signer`, `DocumentsAPI.listDocuments`.
    public var subject: String
    /// Where, as a JSON pointer into the new document (the old one for removals); empty for Swift changes.
    public var pointer: String
    public var message: String

    public init(_ severity: Severity, _ area: Area, subject: String, pointer: String, message: String) {
        self.severity = severity
        self.area = area
        self.subject = subject
        self.pointer = pointer
        self.message = message
    }
}

/// The outcome of a comparison, with the two renderings the CLI offers.
public struct DiffReport: Sendable {
    public var oldName: String
    public var newName: String
    public var changes: [SpecChange]
    /// Set for `diff --swift`: what a release carrying these changes would be.
    public var semver: String?
    /// The one verdict for a release of an SDK generated from the new document, whichever
    /// comparison was printed (see `ReleaseVerdict`).
    public var release: ReleaseVerdict?

    public init(oldName: String, newName: String, changes: [SpecChange], semver: String? = nil) {
        self.oldName = oldName
        self.newName = newName
        // Duplicates arise when one shared component is reached from several places; the
        // harsher verdict wins and the order is made independent of traversal.
        var merged: [String: SpecChange] = [:]
        for change in changes {
            let key = [change.area.rawValue, change.subject, change.pointer, change.message].joined(separator: "\u{1}")
            if let existing = merged[key], existing.severity <= change.severity { continue }
            merged[key] = change
        }
        self.changes = merged.values.sorted {
            ($0.severity, $0.area.rawValue, $0.subject, $0.pointer, $0.message)
                < ($1.severity, $1.area.rawValue, $1.subject, $1.pointer, $1.message)
        }
        self.semver = semver
    }

    public var breakingCount: Int { changes.filter { $0.severity == .breaking }.count }
    public var additiveCount: Int { changes.count - breakingCount }

    /// The line every output ends with; scripts read it.
    public var summaryLine: String { "\(breakingCount) breaking, \(additiveCount) additive changes" }

    public func markdown() -> String {
        var lines = ["# API changes: `\(oldName)` → `\(newName)`", ""]
        if changes.isEmpty {
            lines += ["No contract changes.", ""]
        }
        for severity in [SpecChange.Severity.breaking, .additive] {
            let selected = changes.filter { $0.severity == severity }
            guard !selected.isEmpty else { continue }
            lines += ["## \(severity == .breaking ? "Breaking" : "Additive") changes (\(selected.count))", ""]
            for area in SpecChange.Area.allCases {
                let inArea = selected.filter { $0.area == area }
                guard !inArea.isEmpty else { continue }
                lines += ["### \(area.heading)", ""]
                for change in inArea {
                    let place = change.pointer.isEmpty ? "" : " (`\(change.pointer)`)"
                    lines.append("- `\(change.subject)`: \(change.message)\(place)")
                }
                lines.append("")
            }
        }
        if let semver { lines += ["semver: \(semver)", ""] }
        if let release { lines += ["release: \(release.level.rawValue) — \(release.reason)", ""] }
        lines.append(summaryLine)
        return lines.joined(separator: "\n")
    }

    private struct JSONShape: Codable {
        var old: String
        var new: String
        var breaking: Int
        var additive: Int
        var semver: String?
        var release: ReleaseVerdict?
        var summary: String
        var changes: [SpecChange]
    }

    /// Sorted keys and a fixed change order, so the output can be committed and diffed.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let shape = JSONShape(
            old: oldName, new: newName, breaking: breakingCount, additive: additiveCount, semver: semver,
            release: release, summary: summaryLine, changes: changes)
        return String(decoding: try encoder.encode(shape), as: UTF8.self)
    }
}

/// Collects changes for one subject while a comparison walks down a tree.
struct ChangeSink {
    var changes: [SpecChange] = []
    let area: SpecChange.Area
    let subject: String

    mutating func add(_ severity: SpecChange.Severity, _ pointer: JSONPointer, _ message: String) {
        changes.append(SpecChange(severity, area, subject: subject, pointer: pointer.description, message: message))
    }

    /// A change whose verdict depends on which way the data flows.
    mutating func add(breakingIf condition: Bool, _ pointer: JSONPointer, _ message: String) {
        add(condition ? .breaking : .additive, pointer, message)
    }
}

/// Which way a piece of data travels, seen from the client: what it sends (request bodies and
/// parameters, webhook replies) or what it receives (responses, webhook deliveries). The same
/// change can be harmless one way and breaking the other.
enum DataDirection: Sendable, Hashable, CaseIterable {
    case request
    case response
}

/// What a release of the SDK needs: one verdict from both comparisons.
///
/// Apps compile against the Swift API, so its changes decide (a renamed `operationId` is no change
/// on the wire but a removed function in Swift: major). A change that breaks the wire contract is
/// major as well even when the Swift API keeps its shape (a required parameter the server now
/// demands, a narrower response), because apps already shipped would fail against the new server.
public struct ReleaseVerdict: Codable, Sendable, Hashable {
    public enum Level: String, Codable, Sendable, Comparable {
        case patch, minor, major
        var rank: Int {
            switch self {
            case .patch: 0
            case .minor: 1
            case .major: 2
            }
        }
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    public var level: Level
    public var reason: String

    public init(contract: DiffReport, swift: DiffReport?) {
        let contractLevel: Level =
            contract.breakingCount > 0 ? .major : (contract.changes.isEmpty ? .patch : .minor)
        guard let swift else {
            level = contractLevel
            reason = "from the contract alone (the Swift comparison could not run)"
            return
        }
        let swiftLevel: Level = swift.breakingCount > 0 ? .major : (swift.changes.isEmpty ? .patch : .minor)
        level = max(contractLevel, swiftLevel)
        switch (contractLevel == level, swiftLevel == level) {
        case (true, true): reason = "the contract and the Swift API agree"
        case (false, true): reason = "the Swift API decides (\(swift.summaryLine) in Swift)"
        default: reason = "the wire contract decides (\(contract.summaryLine) on the wire)"
        }
    }
}
