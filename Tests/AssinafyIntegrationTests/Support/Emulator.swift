import Assinafy
import AssinafyTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The local emulator (tools/emulator/emulator.py) as one child process for the whole suite.
///
/// Started by `EmulatorScope` before the first test and stopped after the last one by closing
/// its standard input, which is how the emulator knows to exit (no signal, so nothing else
/// named like it can be hit). Tests reach it through `Emulator.current`.
final class Emulator: @unchecked Sendable {
    /// The running emulator, bound for the duration of the suite by `EmulatorScope`.
    @TaskLocal static var current: Emulator?

    let baseURL: URL
    let altBaseURL: URL
    let admin: EmulatorAdmin
    /// How many operations the contract has (what `/operations` counts against).
    let operationCount: Int

    // Process and Pipe are not Sendable; they are only touched by init and stop().
    private let process: Process
    private let input: Pipe
    private let logURL: URL

    /// The emulator's start-up line.
    private struct Announcement: Decodable {
        let baseURL: String
        let altBaseURL: String
        let adminURL: String
        let operations: Int

        enum CodingKeys: String, CodingKey {
            case baseURL = "base_url"
            case altBaseURL = "alt_base_url"
            case adminURL = "admin_url"
            case operations
        }
    }

    private init(process: Process, input: Pipe, logURL: URL, announcement: Announcement) throws {
        guard let base = URL(string: announcement.baseURL), let alt = URL(string: announcement.altBaseURL),
            let admin = URL(string: announcement.adminURL)
        else { throw EmulatorError("the emulator announced unusable URLs") }
        self.process = process
        self.input = input
        self.logURL = logURL
        baseURL = base
        altBaseURL = alt
        self.admin = EmulatorAdmin(url: admin)
        operationCount = announcement.operations
    }

    /// Starts `python tools/emulator/emulator.py --port 0` and waits for its one-line announcement.
    static func start(python: URL, packageRoot: URL) throws -> Emulator {
        let script = packageRoot.appendingPathComponent("tools/emulator/emulator.py")
        let logURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("assinafy-integration-emulator-\(ProcessInfo.processInfo.processIdentifier).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--port", "0", "--processing-delay", "0.1", "--webhook-retry-wait", "0.5"]
        process.currentDirectoryURL = packageRoot
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()

        // The emulator prints exactly one JSON line once every listener is up.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
                throw EmulatorError("the emulator exited before announcing its ports:\n\(log)")
            }
            line.append(chunk)
        }
        let announcement = try JSONDecoder().decode(Announcement.self, from: line.prefix { $0 != UInt8(ascii: "\n") })
        return try Emulator(process: process, input: input, logURL: logURL, announcement: announcement)
    }

    /// Closes the emulator's standard input and waits (bounded) for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitForExitOrKill(within: 10)  // our own child, by handle: never a name match
        try? FileManager.default.removeItem(at: logURL)
    }

    // MARK: - Clients

    /// A client with the seeded account's API key and default account, as an app would build it.
    func client(
        apiKey: String, accountId: String?, retryPolicy: RetryPolicy = .default, timeout: TimeInterval = 60
    ) -> AssinafyClient {
        var configuration = AssinafyClientConfiguration(apiKey: apiKey, baseURL: baseURL, defaultAccountId: accountId)
        configuration.allowsInsecureLoopback = true
        configuration.retryPolicy = retryPolicy
        configuration.timeout = timeout
        return AssinafyClient(configuration: configuration)
    }

    /// A client sending `Authorization: Bearer <token>` (login sessions, OAuth access tokens).
    func client(token: String, accountId: String? = nil) -> AssinafyClient {
        var configuration = AssinafyClientConfiguration(token: token, baseURL: baseURL, defaultAccountId: accountId)
        configuration.allowsInsecureLoopback = true
        configuration.timeout = 60
        return AssinafyClient(configuration: configuration)
    }

    /// A client without any credential: what a signer's device or a login screen has.
    func anonymousClient() -> AssinafyClient {
        let configuration = AssinafyClientConfiguration(
            token: nil, apiKey: nil, baseURL: baseURL, timeout: 60, allowsInsecureLoopback: true)
        return AssinafyClient(configuration: configuration)
    }
}

struct EmulatorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where the Python that runs the emulator is: `$ASSINAFY_PYTHON` (exported by `make test`),
/// else `.venv/bin/python` in the package root (found from this file's path).
enum EmulatorLocator {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // AssinafyIntegrationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let python: URL? = {
        let fileManager = FileManager.default
        var tried: [String] = []
        if let configured = ProcessInfo.processInfo.environment["ASSINAFY_PYTHON"], !configured.isEmpty {
            if fileManager.isExecutableFile(atPath: configured) { return URL(fileURLWithPath: configured) }
            tried.append("ASSINAFY_PYTHON=\(configured)")
        }
        let venv = packageRoot.appendingPathComponent(".venv/bin/python")
        if fileManager.isExecutableFile(atPath: venv.path) { return venv }
        tried.append(venv.path)
        // A skip must say why, or a green run could hide that nothing was tested.
        print(
            "integration: skipped, no Python for the emulator (tried \(tried.joined(separator: ", "))); run `make venv`"
        )
        return nil
    }()

    static var available: Bool { python != nil }
}

/// Runs the whole suite inside one emulator: started before its first test, stopped after its last.
struct EmulatorScope: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard let python = EmulatorLocator.python else { return try await function() }
        let emulator = try Emulator.start(python: python, packageRoot: EmulatorLocator.packageRoot)
        defer { emulator.stop() }
        try await Emulator.$current.withValue(emulator) { try await function() }
    }
}

extension Trait where Self == EmulatorScope {
    static var emulator: EmulatorScope { EmulatorScope() }
}
