import AssinafyTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 receiver on 127.0.0.1 for the emulator's webhook deliveries: it records
/// each POST (path, headers, exact body bytes) and answers 200. Blocking BSD sockets on one
/// thread, because Foundation has no server API on Linux and a delivery at a time is plenty.
final class WebhookListener: @unchecked Sendable {
    struct Delivery: Sendable {
        let path: String
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data
    }

    let port: UInt16
    var url: String { "http://127.0.0.1:\(port)/hooks" }

    private let listening: Int32
    private let answerDelay: TimeInterval
    // Guarded by `lock`: written by the accept thread, read by the tests.
    private let lock = NSLock()
    private var deliveries: [Delivery] = []
    private var stopped = false

    /// `answerDelay` holds the 200 back after a delivery is recorded. A sender records the
    /// outcome only once the answer arrives, so a delay makes that window certain in tests that
    /// read the sender's delivery history.
    init(answerDelay: TimeInterval = 0) throws {
        self.answerDelay = answerDelay
        #if os(Linux)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw EmulatorError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // any free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        #if !os(Linux)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            _ = Self.closeDescriptor(descriptor)
            throw EmulatorError("cannot listen on 127.0.0.1: errno \(errno)")
        }
        var actual = sockaddr_in()
        var actualSize = size
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualSize) }
        }
        listening = descriptor
        port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "webhook-listener"
        thread.start()
    }

    /// Stops accepting (shutting the socket down wakes the blocked `accept`).
    func close() {
        let already: Bool = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !already else { return }
        _ = shutdown(listening, Int32(SHUT_RDWR))
        _ = Self.closeDescriptor(listening)
    }

    var received: [Delivery] { lock.withLock { deliveries } }

    /// Waits until at least `count` deliveries arrived, or `seconds` passed.
    func waitFor(count: Int, seconds: Double = 10) async throws -> [Delivery] {
        _ = try await waitUntil(within: seconds, every: .milliseconds(25)) { received.count >= count }
        return received
    }

    // MARK: - Serving

    private func acceptLoop() {
        while true {
            let client = accept(listening, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                continue  // EINTR and friends: try again
            }
            serve(client)
            _ = Self.closeDescriptor(client)
        }
    }

    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)  // a stuck sender must not wedge the listener
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard let chunk = receive(client) else { return }
            buffer.append(chunk)
        }
        guard let end = buffer.range(of: separator) else { return }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Data(buffer[end.upperBound...])
        while body.count < length {
            guard let chunk = receive(client) else { return }
            body.append(chunk)
        }
        let requestLine = head.first?.split(separator: " ") ?? []
        let path = requestLine.count > 1 ? String(requestLine[1]) : "/"
        lock.withLock { deliveries.append(Delivery(path: path, headers: headers, body: body.prefix(length))) }
        if answerDelay > 0 { Thread.sleep(forTimeInterval: answerDelay) }
        respond(client)
    }

    private func receive(_ client: Int32) -> Data? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Data(chunk[0..<count]) : nil
    }

    private func respond(_ client: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n"
        let answer = Data((head + "\r\n{\"ok\":true}").utf8)
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)  // a sender that hung up must not SIGPIPE the test process
        #else
        let flags: Int32 = 0
        #endif
        _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
    }

    private static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.close(descriptor)
        #else
        return Darwin.close(descriptor)
        #endif
    }
}
