import Foundation

/// Runs reference tools (openssl, python3) as subprocesses so our primitives are checked against an
/// independent implementation at test time rather than against numbers copied into the tests.
public enum ReferenceTool {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static let opensslPath = executablePath("openssl")
    public static let python3Path = executablePath("python3")
    public static var hasOpenSSL: Bool { opensslPath != nil }
    public static var hasPython3: Bool { python3Path != nil }

    public static func executablePath(_ name: String) -> String? {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // No subprocesses on these platforms: the cross-checks report themselves as skipped.
        return nil
        #else
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
        #endif
    }

    /// Runs `executable` with `arguments`, feeding `input` on stdin; returns stdout.
    /// Output goes through temporary files so large outputs cannot deadlock on a full pipe.
    public static func run(_ executable: String, _ arguments: [String], input: Data = Data()) throws -> Data {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        throw Failure(description: "subprocesses are unavailable on this platform")
        #else
        let directory = try TemporaryDirectory()
        let inputURL = directory.url.appendingPathComponent("stdin")
        let outputURL = directory.url.appendingPathComponent("stdout")
        let errorURL = directory.url.appendingPathComponent("stderr")
        try input.write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = try FileHandle(forReadingFrom: inputURL)
        let stdout = try FileHandle(forWritingTo: outputURL)
        let stderr = try FileHandle(forWritingTo: errorURL)
        defer {
            try? stdin.close()
            try? stdout.close()
            try? stderr.close()
        }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let status = process.waitForExit()
        guard status == 0 else {
            let message = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw Failure(description: "\(executable) \(arguments) exited \(status): \(message)")
        }
        return try Data(contentsOf: outputURL)
        #endif
    }

    public static func openssl(_ arguments: [String], input: Data = Data()) throws -> Data {
        guard let path = opensslPath else { throw Failure(description: "openssl not found") }
        return try run(path, arguments, input: input)
    }

    public static func python3(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> Data {
        guard let path = python3Path else { throw Failure(description: "python3 not found") }
        return try run(path, ["-c", script] + arguments, input: input)
    }
}

/// A directory removed when the value is released; test keys never outlive the test run.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("assinafy-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }
}

extension Data {
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = Data.nibble(digits[index]), let low = Data.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    public var hex: String { map { String(format: "%02x", $0) }.joined() }
}
