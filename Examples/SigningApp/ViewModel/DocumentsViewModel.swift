import Assinafy

/// A screen's logic, kept free of UI frameworks so it is tested on every platform: it lists the
/// workspace's documents and says what the screen shows. The view (`DocumentsView`, Apple only)
/// only renders `state`.
@MainActor
public final class DocumentsViewModel {
    public struct Row: Equatable, Identifiable, Sendable {
        public let id: String
        public let name: String
        public let status: String

        public init(id: String, name: String, status: String) {
            self.id = id
            self.name = name
            self.status = status
        }
    }

    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Row])
        case failed(String)
    }

    public private(set) var state = State.idle
    private let client: AssinafyClient

    public init(client: AssinafyClient) { self.client = client }

    public func load() async {
        state = .loading
        do {
            let page = try await client.documents.list()
            state = .loaded(
                page.data.map { Row(id: $0.id ?? "", name: $0.name ?? "Untitled", status: $0.status ?? "unknown") })
        } catch let error as APIError {
            state = .failed("The server answered \(error.statusCode): \(error.message)")
        } catch let error as NetworkError {
            state = .failed("No connection: \(error.message)")
        } catch {
            state = .failed("Something went wrong")
        }
    }
}
