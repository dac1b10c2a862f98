import APIRuntime
import AssinafyAPI
import Foundation

/// API keys, the password reset, social logins and the management of second factors (the
/// emulator's `h_users.py`). Secrets the API would send by e-mail are read with
/// `AssinafyFake.passwordResetToken(for:)`; the authenticator shows `AssinafyFake.authenticatorCode`.
extension FakeServer {
    static let oauthRefused = "OAuth tokens cannot reach credential management."
    static let reauthFailed = "Re-authentication failed: send the current password or a valid code."

    func credentialsHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        let credentials = state.credentials
        let user = state.user
        switch operation {
        case "resetPassword":
            let body = try request.object()
            let email = body.string("email")?.lowercased() ?? ""
            guard email == user.email.lowercased(), let token = body.string("token"),
                credentials.resetTokens[email] == token
            else { throw FakeAPIError.invalid("The password reset token is invalid.") }
            guard let new = body.string("new_password"), new.count >= 8 else {
                throw FakeAPIError.invalid("new_password should contain at least 8 characters.")
            }
            user.password = new
            return try .ok(ResetPasswordResponseData(email: user.email))
        case "socialLogin", "linkSocialLogin":
            let body = try request.object()
            guard body.string("provider") == "google", body.trimmed("token") != nil else {
                throw FakeAPIError.invalid("Invalid social login token.")
            }
            guard operation == "linkSocialLogin" else { return try .ok(session()) }
            credentials.socialProviders.append("google")
            return try .message("Conta vinculada.")
        case "getAPIKey":
            try refuseOAuth(context)
            let masked = credentials.apiKey.map {
                String($0.prefix(8)) + String(repeating: "*", count: 12) + String($0.suffix(4))
            }
            return try .ok(ApiKey(additionalFields: ["api_key": masked.map(JSONValue.string) ?? .null]))
        case "createAPIKey":
            try refuseOAuth(context)
            guard try request.object().string("password") == user.password else {
                throw FakeAPIError.invalid("Incorrect password.")
            }
            let key = "fake-api-key-" + state.newId("key")
            credentials.apiKey = key
            return try .ok(ApiKey(apiKey: key))
        case "deleteAPIKey":
            try refuseOAuth(context)
            credentials.apiKey = nil
            return try .ok([JSONValue?]())
        default:
            return try mfaHandler(operation, context)
        }
    }

    /// RFC 4648 base32 without padding, the alphabet of TOTP secrets.
    static func base32(_ data: Data) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var output = ""
        var buffer = 0
        var bits = 0
        for byte in data {
            buffer = ((buffer << 8) | Int(byte)) & 0xFFFF
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return output
    }

    private func refuseOAuth(_ context: FakeContext) throws {
        if context.principal?.isOAuth == true { throw FakeAPIError.forbidden(Self.oauthRefused) }
    }

    /// The password, or a second factor under `field`, or a 400.
    private func reauthenticate(_ body: JSONObject, field: String = "code") throws {
        if let password = body.string("password"), password == state.user.password { return }
        if state.secondFactorAccepted(body.string(field)) { return }
        throw FakeAPIError.invalid(Self.reauthFailed)
    }

    private func mfaHandler(_ operation: String, _ context: FakeContext) throws -> FakeReply? {
        let request = context.request
        let credentials = state.credentials
        switch operation {
        case "listMFAMethods":
            let methods = credentials.confirmedMethods.map {
                MFAMethod(
                    id: $0.id, type: $0.type, label: $0.label, confirmedAt: $0.confirmedAt,
                    lastUsedAt: $0.lastUsedAt ?? $0.confirmedAt)
            }
            return try .ok(MFAStatus(methods: methods, recoveryCodesRemaining: credentials.recoveryCodes.count))
        case "startTOTPEnrollment":
            try refuseOAuth(context)
            let label = try request.object().trimmed("label") ?? "Authenticator"
            let serial = state.newId("mfa")
            // A base32 secret, as an authenticator app would scan (the fake's authenticator
            // nevertheless always shows `AssinafyFake.authenticatorCode`).
            let secret = Self.base32(Data("assinafy-fake-\(serial)".utf8))
            let method = FakeMFAMethod(id: serial, label: label, secret: secret)
            credentials.mfaMethods.append(method)
            let account = state.user.email.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return try .ok(
                TOTPEnrollment(
                    id: method.id, secret: secret,
                    provisioningUri: "otpauth://totp/Assinafy:\(account)?secret=\(secret)&issuer=Assinafy"))
        case "confirmTOTPEnrollment":
            try refuseOAuth(context)
            let body = try request.object()
            guard
                let method = credentials.mfaMethods.first(where: { $0.id == body.string("id") && $0.confirmedAt == nil }
                )
            else { throw FakeAPIError.notFound() }
            guard body.string("code") == AssinafyFake.authenticatorCode else {
                throw FakeAPIError.invalid("Invalid authenticator code.")
            }
            let previous = credentials.confirmedMethods.filter { $0.type == method.type }
            if !previous.isEmpty {
                try reauthenticate(body, field: "reauth_code")
                credentials.mfaMethods.removeAll { candidate in previous.contains { $0 === candidate } }
            }
            method.confirmedAt = state.now
            return try .ok(ConfirmTOTPEnrollmentResponseData(recoveryCodes: state.newRecoveryCodes()))
        case "regenerateRecoveryCodes":
            try refuseOAuth(context)
            guard !credentials.confirmedMethods.isEmpty else {
                throw FakeAPIError.invalid("Two-factor authentication is not enabled.")
            }
            try reauthenticate(try request.object())
            return try .ok(RegenerateRecoveryCodesResponseData(recoveryCodes: state.newRecoveryCodes()))
        case "deleteMFAMethod":
            try refuseOAuth(context)
            guard let method = credentials.mfaMethods.first(where: { $0.id == context.param("customId") }) else {
                throw FakeAPIError.notFound()
            }
            try reauthenticate(try request.object())
            credentials.mfaMethods.removeAll { $0 === method }
            if credentials.confirmedMethods.isEmpty { credentials.recoveryCodes = [] }
            return try .ok(MFAMethodRemoval(isMfaEnabled: !credentials.confirmedMethods.isEmpty))
        default:
            return nil
        }
    }
}
