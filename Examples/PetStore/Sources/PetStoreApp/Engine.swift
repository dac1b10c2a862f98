import APIRuntime
import PetsAPI

/// The engine the generated APIs call through: a server from the document, and a credential for
/// each security scheme the app uses, keyed by the scheme's name in the document.
func petStoreEngine(token: String, user: String, password: String, partnerKey: String) -> APIEngine {
    APIEngine(
        configuration: APIEngineConfiguration(
            baseURL: Servers.production,
            credentials: [
                // `http` `bearer` (also `oauth2` and `openIdConnect`): Authorization: Bearer <token>
                SecurityScheme.petsToken.name: .token(token),
                // `http` `basic`: Authorization: Basic base64(user:password)
                SecurityScheme.staffLogin.name: .basic(username: user, password: password),
                // `apiKey`: the value alone, sent where the scheme says (here the X-Partner-Key header)
                SecurityScheme.partnerKey.name: .apiKey(partnerKey),
            ]))
}
