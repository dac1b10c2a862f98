import AssinafyAPI
import Foundation

/// The document funnel by period (the emulator's `stats_rows`): twelve months back from the
/// virtual clock's month, or every day of one month, newest first.
enum FakeStats {
    static func rows(_ state: FakeState, granularity: String?, month: String?) throws -> [DocumentStatsRow] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var periods: [String] = []
        switch granularity ?? "monthly" {
        case "monthly":
            formatter.dateFormat = "yyyy-MM"
            let start = calendar.dateInterval(of: .month, for: state.now)?.start ?? state.now
            for back in 0..<12 {
                if let date = calendar.date(byAdding: .month, value: -back, to: start) {
                    periods.append(formatter.string(from: date))
                }
            }
        case "daily":
            formatter.dateFormat = "yyyy-MM"
            let wanted = month ?? formatter.string(from: state.now)
            guard let first = formatter.date(from: wanted), formatter.string(from: first) == wanted,
                let days = calendar.range(of: .day, in: .month, for: first)
            else { throw FakeAPIError.invalid("month must be formatted as YYYY-MM.") }
            periods = days.reversed().map { wanted + ($0 < 10 ? "-0" : "-") + String($0) }
            formatter.dateFormat = "yyyy-MM-dd"
        default:
            throw FakeAPIError.invalid("granularity must be monthly or daily.")
        }
        var counts: [String: [String: Int]] = [:]
        for period in periods { counts[period] = [:] }
        func add(_ key: String, at date: Date?, _ amount: Int = 1) {
            guard let date, counts[formatter.string(from: date)] != nil else { return }
            counts[formatter.string(from: date), default: [:]][key, default: 0] += amount
        }
        for document in state.documents.values where document.accountId == state.accountId {
            add("uploaded", at: document.uploadedAt)
            add("certified", at: document.completedAt)
            guard let id = document.assignmentId, let assignment = state.assignments[id] else { continue }
            add("sent", at: assignment.createdAt)
            for stage in assignment.stages.values {
                add("requests", at: assignment.createdAt)
                add("notify-" + stage.notificationMethod.lowercased(), at: assignment.createdAt)
                add("verify-" + stage.verificationMethod.lowercased(), at: assignment.createdAt)
                add("viewed", at: assignment.createdAt, stage.viewed ? 1 : 0)
                add("completed", at: assignment.createdAt, stage.completed ? 1 : 0)
            }
        }
        return periods.map { period in
            let row = counts[period] ?? [:]
            return DocumentStatsRow(
                period: period, documentsUploaded: row["uploaded", default: 0], documentsSent: row["sent", default: 0],
                signatureRequests: row["requests", default: 0],
                signatureRequestsNotificationEmail: row["notify-email", default: 0],
                signatureRequestsNotificationWhatsapp: row["notify-whatsapp", default: 0],
                signatureRequestsNotificationBypass: row["notify-bypass", default: 0],
                signatureRequestsVerificationEmail: row["verify-email", default: 0],
                signatureRequestsVerificationWhatsapp: row["verify-whatsapp", default: 0],
                signatureRequestsVerificationBypass: row["verify-bypass", default: 0],
                signatureRequestsVerificationDigitalCertificate: row["verify-digitalcertificate", default: 0],
                signatureRequestsViewed: row["viewed", default: 0],
                signatureRequestsCompleted: row["completed", default: 0],
                documentsCertified: row["certified", default: 0])
        }
    }
}
