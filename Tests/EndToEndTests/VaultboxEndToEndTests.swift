import Foundation
import Testing
import VaultboxAPI

/// storage-3.0.yaml (OpenAPI 3.0): HTTP basic credentials, a server URL with variables, raw
/// octet-stream uploads and downloads, a text/plain body, HEAD, pipe-delimited arrays and
/// additionalProperties maps.
@Suite(.enabled(if: MockServer.python != nil, "no Python for the mock server"))
struct VaultboxEndToEndTests {
    @Test func serverVariablesExpandAndRefuseValuesOutsideTheirEnum() throws {
        #expect(try Servers.server1().absoluteString == "https://eu-west.vaultbox.example.invalid/storage/v3")
        #expect(
            try Servers.server1(region: "sa-east", version: "v4").absoluteString
                == "https://sa-east.vaultbox.example.invalid/storage/v4")
        #expect(throws: RequestValidationError.self) { try Servers.server1(region: "mars") }
    }

    @Test func twelveOperationsPassTheMocksValidation() async throws {
        try await MockServer.run("storage-3.0.yaml", minimumOperations: 12) { mock in
            let engine = mock.engine(["vaultBasic": .basic(username: "ada", password: "pa ss:wörd")])
            let buckets = BucketsAPI(client: engine)
            _ = try await buckets.listBuckets(prefix: "logs-", pageSize: 50)
            let bucket = try await buckets.createBucket(
                body: CreateBucketRequest(name: "logs-2026", versioning: true, storageClass: .infrequent))
            #expect(bucket.statusCode == 201)
            _ = try await buckets.getBucket(bucket: "logs-2026")
            #expect(try await buckets.deleteBucket(bucket: "logs-2026", force: true).statusCode == 204)
            #expect(try await buckets.getUsage().body.totalBytes >= 0)

            let objects = ObjectsAPI(client: engine)
            let bytes = Data((0...255).map { UInt8($0) })
            let stored = try await objects.putObject(
                bucket: "logs", key: "day 1.bin", body: bytes, xChecksumSHA256: "abc123")
            #expect(stored.body.size >= 0)
            let downloaded = try await objects.getObject(bucket: "logs", key: "day 1.bin", range: "bytes=0-99")
            #expect(!downloaded.body.isEmpty)
            #expect(try await objects.headObject(bucket: "logs", key: "day 1.bin").statusCode == 200)
            _ = try await objects.listObjects(
                bucket: "logs", fields: [.key, .size], modifiedAfter: Date(timeIntervalSince1970: 1_700_000_000))
            #expect(try await objects.replaceMetadata(bucket: "logs", key: "k", body: ["owner": "ada"]).body.count >= 0)
            let note = try await objects.putNote(bucket: "logs", key: "k", body: "résumé: first day")
            #expect(!note.body.isEmpty)
            #expect(try await objects.deleteObject(bucket: "logs", key: "k").statusCode == 204)

            let recorded = try await mock.requests()
            let upload = recorded.first { $0.operationId == "putObject" }
            #expect(upload?.header("Content-Type") == "application/octet-stream")
            #expect(upload?.path == "/storage/v3/buckets/logs/objects/day 1.bin")
            let noteCall = recorded.first { $0.operationId == "putNote" }
            #expect(noteCall?.body == "résumé: first day")
            let expected = "Basic " + Data("ada:pa ss:wörd".utf8).base64EncodedString()
            #expect(recorded.allSatisfy { $0.header("Authorization") == expected })
            let list = recorded.first { $0.operationId == "listObjects" }
            #expect(list?.query.first == ["fields", "key|size"])
        }
    }
}
