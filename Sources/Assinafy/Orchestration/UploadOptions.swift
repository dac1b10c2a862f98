import APIRuntime
import AssinafyAPI
import Foundation

extension AssinafyClient {
    /// One person to ask for a signature in `uploadAndRequestSignatures`.
    public struct SignerInput: Sendable, Hashable {
        /// The signer's full name.
        public var name: String
        public var email: String?
        /// A WhatsApp number in international format.
        public var whatsapp: String?
        /// `nil` is inferred from `notification` (e-mail when both are left out, WhatsApp when
        /// the signer has only a WhatsApp number).
        public var verification: SignerVerificationMethod?
        public var notification: SignerNotificationMethod?
        /// 1-based signing order; `nil` is step 1.
        public var step: Int?

        public init(
            name: String, email: String? = nil, whatsapp: String? = nil,
            verification: SignerVerificationMethod? = nil, notification: SignerNotificationMethod? = nil,
            step: Int? = nil
        ) {
            self.name = name
            self.email = email
            self.whatsapp = whatsapp
            self.verification = verification
            self.notification = notification
            self.step = step
        }
    }

    /// Settings for `uploadAndRequestSignatures`. A class so that `options.message = …` works on
    /// a `let`; every property is guarded by a lock, so one instance may be shared across tasks
    /// (the call reads one consistent snapshot when it starts).
    public final class UploadOptions: @unchecked Sendable {
        private let lock = NSLock()
        private var state: Snapshot

        public init(
            signers: [SignerInput], message: String? = nil, accountId: String? = nil, documentName: String? = nil,
            expiresAt: Date? = nil, onProgress: (@Sendable (Int64, Int64) -> Void)? = nil
        ) {
            state = Snapshot(
                signers: signers, message: message, accountId: accountId, documentName: documentName,
                expiresAt: expiresAt, onProgress: onProgress)
        }

        /// Who is asked to sign, in order.
        public var signers: [SignerInput] {
            get { read(\.signers) }
            set { write(\.signers, newValue) }
        }
        /// The message sent to the signers.
        public var message: String? {
            get { read(\.message) }
            set { write(\.message, newValue) }
        }
        /// The workspace; `nil` uses the client's `defaultAccountId`.
        public var accountId: String? {
            get { read(\.accountId) }
            set { write(\.accountId, newValue) }
        }
        /// The uploaded file's name, which becomes the document's; `nil` sends `document.pdf`.
        public var documentName: String? {
            get { read(\.documentName) }
            set { write(\.documentName, newValue) }
        }
        public var expiresAt: Date? {
            get { read(\.expiresAt) }
            set { write(\.expiresAt, newValue) }
        }
        /// Upload progress, (bytes sent, total bytes).
        public var onProgress: (@Sendable (Int64, Int64) -> Void)? {
            get { read(\.onProgress) }
            set { write(\.onProgress, newValue) }
        }

        @usableFromInline struct Snapshot: Sendable {
            @usableFromInline var signers: [SignerInput]
            @usableFromInline var message: String?
            @usableFromInline var accountId: String?
            @usableFromInline var documentName: String?
            @usableFromInline var expiresAt: Date?
            @usableFromInline var onProgress: (@Sendable (Int64, Int64) -> Void)?
        }

        /// Every setting, read at once.
        @usableFromInline func snapshot() -> Snapshot { read(\.self) }

        // `NSLock.withLock` needs macOS 13; the package supports macOS 12.
        private func read<T>(_ keyPath: KeyPath<Snapshot, T>) -> T {
            lock.lock()
            defer { lock.unlock() }
            return state[keyPath: keyPath]
        }

        private func write<T>(_ keyPath: WritableKeyPath<Snapshot, T>, _ value: T) {
            lock.lock()
            defer { lock.unlock() }
            state[keyPath: keyPath] = value
        }
    }
}
