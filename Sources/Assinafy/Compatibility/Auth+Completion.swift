import APIRuntime
import AssinafyAPI
import Foundation

// Completion-handler variants of every public async method of `AuthResource`, one per method with
// the same labels plus `completion:`. Each returns the `Task` doing the work: cancel it to stop
// the request (the handler then receives `CancellationError`). See `deliverOnMain`.
extension AuthResource {
    /// Completion-handler variant of `login(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func login(
        _ payload: LoginPayload,
        completion: @escaping @Sendable (Result<AuthSession, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await login(payload) }
    }

    /// Completion-handler variant of `verifyMFA(mfaToken:code:)`; `completion` runs on the main queue.
    @discardableResult
    public func verifyMFA(
        mfaToken: String,
        code: String,
        completion: @escaping @Sendable (Result<AuthSession, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await verifyMFA(mfaToken: mfaToken, code: code) }
    }

    /// Completion-handler variant of `socialLogin(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func socialLogin(
        _ payload: SocialLoginPayload,
        completion: @escaping @Sendable (Result<AuthSession, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await socialLogin(payload) }
    }

    /// Completion-handler variant of `linkSocialLogin(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func linkSocialLogin(
        _ payload: LinkSocialLoginPayload,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await linkSocialLogin(payload) }
    }

    /// Completion-handler variant of `mfaStatus()`; `completion` runs on the main queue.
    @discardableResult
    public func mfaStatus(
        completion: @escaping @Sendable (Result<MFAStatus, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await mfaStatus() }
    }

    /// Completion-handler variant of `enrollTOTP(label:)`; `completion` runs on the main queue.
    @discardableResult
    public func enrollTOTP(
        label: String? = nil,
        completion: @escaping @Sendable (Result<TOTPEnrollment, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await enrollTOTP(label: label) }
    }

    /// Completion-handler variant of `confirmTOTP(methodId:code:reauthentication:)`; `completion` runs on the main queue.
    @discardableResult
    public func confirmTOTP(
        methodId: String,
        code: String,
        reauthentication: MFAReauthentication? = nil,
        completion: @escaping @Sendable (Result<[String], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) {
            try await confirmTOTP(methodId: methodId, code: code, reauthentication: reauthentication)
        }
    }

    /// Completion-handler variant of `regenerateRecoveryCodes(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func regenerateRecoveryCodes(
        _ reauthentication: MFAReauthentication,
        completion: @escaping @Sendable (Result<[String], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await regenerateRecoveryCodes(reauthentication) }
    }

    /// Completion-handler variant of `removeMFAMethod(methodId:reauthentication:)`; `completion` runs on the main queue.
    @discardableResult
    public func removeMFAMethod(
        methodId: String,
        reauthentication: MFAReauthentication,
        completion: @escaping @Sendable (Result<MFAMethodRemoval, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await removeMFAMethod(methodId: methodId, reauthentication: reauthentication) }
    }

    /// Completion-handler variant of `requestPasswordReset(email:)`; `completion` runs on the main queue.
    @discardableResult
    public func requestPasswordReset(
        email: String,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await requestPasswordReset(email: email) }
    }

    /// Completion-handler variant of `resetPassword(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func resetPassword(
        _ payload: ResetPasswordPayload,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await resetPassword(payload) }
    }

    /// Completion-handler variant of `changePassword(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func changePassword(
        _ payload: ChangePasswordPayload,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await changePassword(payload) }
    }

    /// Completion-handler variant of `getAPIKey()`; `completion` runs on the main queue.
    @discardableResult
    public func getAPIKey(
        completion: @escaping @Sendable (Result<ApiKey, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await getAPIKey() }
    }

    /// Completion-handler variant of `createAPIKey(password:)`; `completion` runs on the main queue.
    @discardableResult
    public func createAPIKey(
        password: String,
        completion: @escaping @Sendable (Result<ApiKey, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await createAPIKey(password: password) }
    }

    /// Completion-handler variant of `deleteAPIKey()`; `completion` runs on the main queue.
    @discardableResult
    public func deleteAPIKey(
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await deleteAPIKey() }
    }

    /// Completion-handler variant of `currentUser()`; `completion` runs on the main queue.
    @discardableResult
    public func currentUser(
        completion: @escaping @Sendable (Result<AuthUser, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await currentUser() }
    }

    /// Completion-handler variant of `notificationPreferences()`; `completion` runs on the main queue.
    @discardableResult
    public func notificationPreferences(
        completion: @escaping @Sendable (Result<NotificationPreferences, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await notificationPreferences() }
    }

    /// Completion-handler variant of `updateNotificationPreferences(_:)`; `completion` runs on the main queue.
    @discardableResult
    public func updateNotificationPreferences(
        _ preferences: NotificationPreferences,
        completion: @escaping @Sendable (Result<NotificationPreferences, any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await updateNotificationPreferences(preferences) }
    }

    /// Completion-handler variant of `userStats(granularity:month:)`; `completion` runs on the main queue.
    @discardableResult
    public func userStats(
        granularity: UserStatsGranularity? = nil,
        month: String? = nil,
        completion: @escaping @Sendable (Result<[DocumentStatsRow], any Error>) -> Void
    ) -> Task<Void, Never> {
        deliverOnMain(completion) { try await userStats(granularity: granularity, month: month) }
    }
}
