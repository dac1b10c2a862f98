import APIRuntime
import AssinafyAPI
import Foundation

// The generated request types already carry the labels the README uses, so the overlay names
// them rather than wrapping them: one source of truth for the wire format.

/// `email` and `password` for `auth.login(_:)`.
public typealias LoginPayload = LoginRequest
/// A social provider's token for `auth.socialLogin(_:)`.
public typealias SocialLoginPayload = SocialLoginRequest
/// A social provider's token for `auth.linkSocialLogin(_:)`.
public typealias LinkSocialLoginPayload = LinkSocialLoginRequest
/// E-mail, reset token and new password for `auth.resetPassword(_:)`.
public typealias ResetPasswordPayload = ResetPasswordRequest
/// E-mail, current and new password for `auth.changePassword(_:)`.
public typealias ChangePasswordPayload = ChangePasswordRequest
/// The series granularity of `auth.userStats(granularity:month:)`.
public typealias UserStatsGranularity = GetUserStatsGranularity
