// The sample's view and its preview: Apple only, and thin. The preview answers every call with
// the document's examples, so it needs no server; it lives in its own target so the app never
// links AssinafyTesting.
#if canImport(SwiftUI)
import Assinafy
import AssinafyAPITesting
import SigningAppViewModel
import SwiftUI

struct DocumentsView: View {
    let model: DocumentsViewModel
    @State private var state = DocumentsViewModel.State.idle

    var body: some View {
        Group {
            switch state {
            case .idle, .loading: ProgressView()
            case .loaded(let rows):
                List(rows) { row in
                    HStack {
                        Text(row.name)
                        Spacer()
                        Text(row.status)
                    }
                }
            case .failed(let message): Text(message)
            }
        }
        .task {
            await model.load()
            state = model.state
        }
    }
}

struct DocumentsViewPreviews: PreviewProvider {
    static var previews: some View {
        DocumentsView(
            model: DocumentsViewModel(
                client: AssinafyClient(
                    configuration: AssinafyClientConfiguration(token: "preview", defaultAccountId: "account-1"),
                    httpTransport: AssinafyAPIStubs.examples.transport)))
    }
}
#endif
