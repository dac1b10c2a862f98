import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// `make bench` app-size baseline (issue 17): the same two requests without the SDK (Foundation
// only), so that the size difference to `assinafy-appsize-probe` is the SDK's.
let arguments = CommandLine.arguments
let base = URL(string: "https://api.assinafy.com.br/v1")
for path in ["documents/" + (arguments.count > 2 ? arguments[2] : "document"), "accounts/account/signers"] {
    guard let url = base?.appendingPathComponent(path) else { continue }
    var request = URLRequest(url: url)
    request.setValue(arguments.count > 1 ? arguments[1] : "key", forHTTPHeaderField: "X-Api-Key")
    do {
        let (data, _) = try await URLSession.shared.data(for: request)
        print(try JSONSerialization.jsonObject(with: data))
    } catch {
        print(error)
    }
}
