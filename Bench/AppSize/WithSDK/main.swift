import Assinafy
import Foundation

// `make bench` app-size probe (issue 17): the smallest app that uses the SDK for two calls. Its
// stripped size minus `assinafy-appsize-baseline`'s is what an app pays for the SDK. Never run
// by the benchmark; the arguments only keep the optimiser from folding the calls away.
let arguments = CommandLine.arguments
let client = AssinafyClient(apiKey: arguments.count > 1 ? arguments[1] : "key", defaultAccountId: "account")
do {
    let document = try await client.documents.get(documentId: arguments.count > 2 ? arguments[2] : "document")
    print(document.id ?? "")
    let signers = try await client.signers.list()
    print(signers.data.count)
} catch {
    print(error)
}
