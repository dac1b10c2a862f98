import APIRuntime
import AssinafyTestSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Python with openapi-core for the contract checks: `$ASSINAFY_PYTHON` (exported by `make test`),
/// else `.venv/bin/python` in the package root.
enum ContractPython {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let path: String? = {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return nil
        #else
        let configured = ProcessInfo.processInfo.environment["ASSINAFY_PYTHON"] ?? ""
        let venv = packageRoot.appendingPathComponent(".venv/bin/python").path
        let found = [configured, venv].first { !$0.isEmpty && FileManager.default.isExecutableFile(atPath: $0) }
        if found == nil {
            // A skip must say why, or a green run could hide that nothing was checked.
            print("conformance: skipped, no Python with openapi-core (set ASSINAFY_PYTHON or run `make venv`)")
        }
        return found
        #endif
    }()

    static var available: Bool { path != nil }

    /// Runs `tools/emulator/validate_exchanges.py` over `exchanges`: one finding per exchange.
    static func validate(_ exchanges: [JSONValue]) throws -> [JSONValue] {
        guard let path else { return [] }
        let script = packageRoot.appendingPathComponent("tools/emulator/validate_exchanges.py").path
        let output = try ReferenceTool.run(path, [script], input: JSONValue.array(exchanges).jsonData())
        return try JSONValue(parsing: output).arrayValue ?? []
    }
}

#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
/// `tools/emulator/emulator.py` as a child process for one test, stopped by closing its
/// standard input (how the emulator knows to exit).
final class EmulatorProcess: @unchecked Sendable {
    // Process and Pipe are not Sendable; only init and stop() touch them.
    private let process: Process
    private let input: Pipe
    let baseURL: URL
    let adminURL: URL

    init(python: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            ContractPython.packageRoot.appendingPathComponent("tools/emulator/emulator.py").path, "--port", "0",
            "--processing-delay", "0.1",
        ]
        process.currentDirectoryURL = ContractPython.packageRoot
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ReferenceTool.Failure(description: "the emulator exited at start-up") }
            line.append(chunk)
        }
        let announcement = try JSONValue(parsing: Data(line.prefix { $0 != UInt8(ascii: "\n") }))
        guard let base = announcement["base_url"]?.stringValue.flatMap(URL.init(string:)),
            let admin = announcement["admin_url"]?.stringValue.flatMap(URL.init(string:))
        else { throw ReferenceTool.Failure(description: "the emulator announced unusable URLs") }
        baseURL = base
        adminURL = admin
    }

    /// An admin API answer (`/state`, `/violations`).
    func admin(_ path: String) async throws -> JSONValue {
        guard let url = URL(string: adminURL.absoluteString + path) else { return .null }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(from: url)
        return try JSONValue(parsing: data)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitForExitOrKill(within: 10)  // our own child, by handle
    }
}
#endif
