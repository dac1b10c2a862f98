import Assinafy
import Foundation
import Testing

// Every Swift code sample of the product READMEs (English and Portuguese), as functions that
// must compile and are never called: if a public name, label or type the READMEs promise changes,
// this file stops compiling. Sample bodies are kept as published; placeholders the READMEs leave
// undefined (`bearerToken`, `pdfData`, the app's Keychain functions…) are parameters, and
// `keep(…)` only silences "never used" for the values a sample binds and leaves for the reader.
// The Objective-C sample lives in `Sources/Assinafy/ObjectiveC/` and cannot be compiled here.

/// Marks sample results as used.
private func keep(_ values: Any...) {}

// MARK: - English README

private func sampleEnQuickStart(bearerToken: String, accountId: String, pdfData: Data) async throws {
    let client = AssinafyClient(token: bearerToken, defaultAccountId: accountId)

    let uploaded = try await client.documents.upload(pdfData)
    let document = try await client.documents.waitUntilReady(documentId: uploaded.id)

    let signer = try await client.signers.create(
        CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid")
    )

    let assignment = try await client.assignments.create(
        documentId: document.id,
        payload: .withSignerIds([signer.id], method: .virtual, message: "Please review and sign.")
    )
    keep(assignment)
}

private func sampleEnConfiguringTheClient(bearerToken: String, accountId: String) throws {
    let configuration = AssinafyClientConfiguration(
        token: bearerToken,        // or apiKey:, never both
        baseURL: AssinafyClientConfiguration.productionBaseURL,
        defaultAccountId: accountId,
        timeout: 30,
        logger: NoopLogger()
    )
    try configuration.validate()
    let client = AssinafyClient(configuration: configuration)
    keep(client)
}

private func sampleEnPublicClientLogin(email: String, password: String) async throws {
    let publicClient = AssinafyClient(configuration: AssinafyClientConfiguration())

    let session = try await publicClient.auth.login(
        LoginPayload(email: email, password: password)
    )
    keep(session)
}

private func sampleEnLifecycle(client: AssinafyClient, accountId: String, pdfData: Data) async throws {
    // 1. Upload the document
    let uploaded = try await client.documents.upload(
        pdfData,
        options: DocumentUploadOptions(accountId: accountId)
    )

    // 2. Wait for processing
    let document = try await client.documents.waitUntilReady(
        documentId: uploaded.id,
        options: WaitUntilReadyOptions(maxWaitSeconds: 60, pollIntervalSeconds: 2)
    )

    // 3. Create the signers
    let signer = try await client.signers.create(
        CreateSignerPayload(fullName: "Ana Souza", email: "ana@example.invalid")
    )

    // 4. Estimate the cost
    let request = CreateAssignmentPayload.withSignerIds(
        [signer.id],
        method: .virtual,
        message: "Please review and sign."
    )

    let estimate = try await client.assignments.estimateCost(
        documentId: document.id,
        payload: request
    )
    guard estimate.hasSufficientResources else {
        throw AssinafySDKError(estimate.blockingReason ?? "Insufficient account resources")
    }

    // 5. Create the assignment
    let assignment = try await client.assignments.create(
        documentId: document.id,
        payload: request
    )
    keep(assignment)
}

private func sampleEnTrackingAndRetrieving(client: AssinafyClient, document: Document, hash: String) async throws {
    let progress = try await client.documents.getSigningProgress(documentId: document.id)
    let done     = try await client.documents.isFullySigned(documentId: document.id)
    let history  = try await client.documents.activities(documentId: document.id)

    let signedPDF = try await client.documents.downloadArtifact(
        documentId: document.id,
        artifact: .certificated
    )

    let verification = try await client.documents.verifyDetails(signatureHash: hash)
    keep(progress, done, history, signedPDF, verification)
}

private func sampleEnAllInOneCall(client: AssinafyClient, pdfData: Data) async throws {
    let options = AssinafyClient.UploadOptions(signers: [
        AssinafyClient.SignerInput(name: "Ana Souza", email: "ana@example.invalid"),
    ])
    options.message = "Please review and sign."

    let (document, assignment) = try await client.uploadAndRequestSignatures(
        documentData: pdfData,
        options: options
    )
    keep(document, assignment)
}

// Published as a complete function; only the name differs, to keep it apart from the Portuguese one.
private func sampleEnSignVirtualAssignment(
    client: AssinafyClient,
    documentId: String,
    assignmentId: String,
    accessCode: String,
    fullName: String,
    email: String
) async throws {
    _ = try await client.signers.getSelf(signerAccessCode: accessCode)
    try await client.signers.acceptTermsWithoutResponse(signerAccessCode: accessCode)
    _ = try await client.documents.confirmSignerDataAndReturnSigner(
        documentId: documentId,
        signerAccessCode: accessCode,
        payload: ConfirmSignerDataPayload(
            fullName: fullName,
            email: email,
            hasAcceptedTerms: true
        )
    )
    try await client.assignments.sign(
        documentId: documentId,
        assignmentId: assignmentId,
        signerAccessCode: accessCode
    )
}

private func sampleEnSignerSide(
    client: AssinafyClient, documentId: String, assignmentId: String, accessCode: String, pngData: Data
) async throws {
    try await client.assignments.decline(
        documentId: documentId,
        assignmentId: assignmentId,
        signerAccessCode: accessCode,
        reason: "Wrong recipient"
    )

    try await client.signers.uploadSignature(
        signerAccessCode: accessCode,
        type: .signature,
        imageData: pngData,
        reuse: true
    )

    let info = try await client.documents.getPublicInfo(documentId: documentId)

    try await client.documents.sendPublicSignToken(
        documentId: documentId,
        email: "ana@example.invalid"
    )
    keep(info)
}

private func sampleEnTemplates(client: AssinafyClient, templateId: String, roleId: String, signer: Signer)
    async throws
{
    let templates = try await client.templates.list(
        params: TemplateListParams(search: "Hiring")
    )

    let document = try await client.documents.createFromTemplate(
        templateId: templateId,
        signers: [TemplateSigner(roleId: roleId, id: signer.id)],
        options: CreateDocumentFromTemplateOptions(name: "Offer letter")
    )
    keep(templates, document)
}

private func sampleEnTagsAndFields(client: AssinafyClient, documentId: String, fieldId: String) async throws {
    let tag = try await client.tags.create(
        CreateTagPayload(name: "Contracts", color: "ff8800")
    )
    _ = try await client.tags.appendDocumentTags(documentId: documentId, tagIds: [tag.id])

    let result = try await client.fields.validate(
        fieldId: fieldId,
        value: JSONValue(.integer(42))
    )

    let batch = try await client.fields.validateMultiple(items: [
        FieldValidateMultipleItem(fieldId: fieldId, value: "2026-08-27"),
    ])
    keep(result, batch)
}

private func sampleEnWorkspacesAndWebhooks(client: AssinafyClient, pngData: Data) async throws {
    let theme = try await client.workspaces.theme()
    try await client.workspaces.uploadLogo(pngData)

    let subscription = try await client.webhooks.register(
        WebhookRegisterPayload(
            url: "https://example.invalid/hooks/assinafy",
            email: "ops@example.invalid",
            events: ["document.completed"]
        )
    )

    let types    = try await client.webhooks.listEventTypes()
    let attempts = try await client.webhooks.listDispatches()
    try await client.webhooks.retryDispatch(dispatchId: attempts.data[0].id)
    keep(theme, subscription, types)
}

// MARK: - Portuguese README (samples that differ from the English ones)

private func samplePtBRInicioRapido(bearerToken: String, accountId: String, pdfData: Data) async throws {
    let client = AssinafyClient(token: bearerToken, defaultAccountId: accountId)

    let enviado = try await client.documents.upload(pdfData)
    let documento = try await client.documents.waitUntilReady(documentId: enviado.id)

    let signatario = try await client.signers.create(
        CreateSignerPayload(fullName: "Ana Souza", email: "ana@exemplo.invalid")
    )

    let assignment = try await client.assignments.create(
        documentId: documento.id,
        payload: .withSignerIds([signatario.id], method: .virtual, message: "Por favor, revise e assine.")
    )
    keep(assignment)
}

private func samplePtBROauthDescobertaEAutorizacao(
    client: AssinafyClient, clientId: String, callbackURL: URL
) async throws {
    // 1. Descubra o servidor de autorização
    let recurso = try await client.oauth.protectedResourceMetadata()
    let servidor = try await client.oauth.authorizationServerMetadata(
        issuer: recurso.authorizationServers[0]
    )

    // 2. Monte a URL de autorização
    let pedido = OAuthAuthorizationRequest(
        clientId: clientId,
        redirectURI: "https://meuapp.exemplo.invalid/oauth/callback",
        scopes: [.documentsRead, .documentsWrite, .offlineAccess],
        resource: recurso.resource
    )

    let url = pedido.authorizationURL(endpoint: servidor.authorizationEndpoint)!

    // 3. Verifique o retorno
    let codigo = try OAuthCallback(callbackURL: callbackURL)!
        .validate(against: pedido, issuer: servidor.issuer)

    // 4. Troque o código por um token
    let token = try await client.oauth.exchangeAuthorizationCode(
        .authorizationCode(
            code: codigo,
            redirectURI: pedido.redirectURI,
            codeVerifier: pedido.pkce.codeVerifier,
            clientId: clientId,
            resource: recurso.resource
        )
    )

    var clienteDoUsuario = AssinafyClient(token: token.accessToken)
    let workspaceId = try await clienteDoUsuario.workspaces.list().data[0].id
    clienteDoUsuario = AssinafyClient(token: token.accessToken, defaultAccountId: workspaceId)
    keep(url, clienteDoUsuario)
}

private func samplePtBROauthRenoveERevogue(
    client: AssinafyClient, clientId: String, token: OAuthToken, workspaceId: String,
    gravarTokens: (OAuthToken) throws -> Void, refreshTokenGravado: () throws -> String,
    apagarTokens: () throws -> Void
) async throws {
    var clienteDoUsuario = AssinafyClient(token: token.accessToken, defaultAccountId: workspaceId)

    // 5. Renove e revogue
    // Grave os tokens assim que chegarem, junto de `workspaceId`.
    try gravarTokens(token)

    // Quando o access token expirar, ou uma chamada responder 401: envie o último refresh token gravado.
    let enviado = try refreshTokenGravado()
    let novo = try await client.oauth.refreshAccessToken(
        .refreshToken(enviado, clientId: clientId)
    )
    try gravarTokens(novo)   // antes de tudo: `enviado` já está aposentado
    clienteDoUsuario = AssinafyClient(token: novo.accessToken, defaultAccountId: workspaceId)

    // Quando o usuário desconectar: revogue o último refresh token gravado e apague os tokens.
    let ultimo = try refreshTokenGravado()
    try await client.oauth.revoke(OAuthRevokePayload(token: ultimo, clientId: clientId))
    try apagarTokens()

    // Quem é o usuário
    let claims = try await clienteDoUsuario.oauth.userInfo()
    print(claims.sub, claims.name as Any, claims.email as Any)
}

private func samplePtBROauthFalhas(client: AssinafyClient, payload: OAuthAuthorizationCodePayload) async throws {
    do {
        _ = try await client.oauth.exchangeAuthorizationCode(payload)
    } catch let error as APIError {
        switch error.oauthError?.code {
        case "invalid_grant":  break // código expirado, reutilizado, ou verifier errado
        case "invalid_client": break // client_id desconhecido ou desabilitado
        case "invalid_target": break // `resource` divergente do autorizado
        default: break
        }
    }
}

private func samplePtBRMetodosDeVerificacao(primeiro: Signer, segundo: Signer) {
    let pedido = CreateAssignmentPayload(
        method: .virtual,
        signers: [
            .signer(id: primeiro.id, verification: .email, step: 1),
            .signer(id: segundo.id, verification: .digitalCertificate, step: 2),
        ]
    )
    keep(pedido)
}

private func samplePtBRLadoDoSignatario(
    client: AssinafyClient, documentId: String, assignmentId: String, accessCode: String
) async throws {
    try await client.assignments.decline(
        documentId: documentId,
        assignmentId: assignmentId,
        signerAccessCode: accessCode,
        reason: "Destinatário incorreto"
    )

    try await client.documents.sendPublicSignToken(
        documentId: documentId,
        email: "ana@exemplo.invalid"
    )
}

private func samplePtBRAssinarAssignmentVirtual(
    client: AssinafyClient,
    documentId: String,
    assignmentId: String,
    accessCode: String,
    nomeCompleto: String,
    email: String
) async throws {
    _ = try await client.signers.getSelf(signerAccessCode: accessCode)
    try await client.signers.acceptTermsWithoutResponse(signerAccessCode: accessCode)
    _ = try await client.documents.confirmSignerDataAndReturnSigner(
        documentId: documentId,
        signerAccessCode: accessCode,
        payload: ConfirmSignerDataPayload(
            fullName: nomeCompleto,
            email: email,
            hasAcceptedTerms: true
        )
    )
    try await client.assignments.sign(
        documentId: documentId,
        assignmentId: assignmentId,
        signerAccessCode: accessCode
    )
}

private func samplePtBRTemplates(client: AssinafyClient, templateId: String, roleId: String, signatario: Signer)
    async throws
{
    let templates = try await client.templates.list(
        params: TemplateListParams(search: "Contratação")
    )

    let documento = try await client.documents.createFromTemplate(
        templateId: templateId,
        signers: [TemplateSigner(roleId: roleId, id: signatario.id)],
        options: CreateDocumentFromTemplateOptions(name: "Carta proposta")
    )

    let comMetodo = TemplateSigner(roleId: roleId, id: signatario.id, verification: .whatsapp)
    keep(templates, documento, comMetodo)
}

private func samplePtBRTagsECampos(client: AssinafyClient, documentId: String, fieldId: String) async throws {
    let tag = try await client.tags.create(
        CreateTagPayload(name: "Contratos", color: "ff8800")
    )
    _ = try await client.tags.appendDocumentTags(documentId: documentId, tagIds: [tag.id])

    let resultado = try await client.fields.validate(
        fieldId: fieldId,
        value: JSONValue(.integer(42))
    )

    let lote = try await client.fields.validateMultiple(items: [
        FieldValidateMultipleItem(fieldId: fieldId, value: "2026-08-27"),
    ])
    keep(resultado, lote)
}

private func samplePtBRWorkspacesEWebhooks(client: AssinafyClient, pngData: Data) async throws {
    let tema = try await client.workspaces.theme()
    try await client.workspaces.uploadLogo(pngData)

    let assinatura = try await client.webhooks.register(
        WebhookRegisterPayload(
            url: "https://exemplo.invalid/hooks/assinafy",
            email: "ops@exemplo.invalid",
            events: ["document.completed"]
        )
    )

    let tipos      = try await client.webhooks.listEventTypes()
    let tentativas = try await client.webhooks.listDispatches()
    try await client.webhooks.retryDispatch(dispatchId: tentativas.data[0].id)
    keep(tema, assinatura, tipos)
}

// MARK: - Pagination and error handling (both languages)

private func sampleEnPagination(client: AssinafyClient) async throws {
    var page = 1
    var all: [DocumentListItem] = []
    repeat {
        let result = try await client.documents.list(params: ListParams(page: page, perPage: 100))
        all += result.data
        guard let meta = result.meta, page < meta.lastPage else { break }
        page += 1
    } while true
    keep(all)
}

private func sampleEnHandlingErrors(client: AssinafyClient, documentId: String) async throws {
    do {
        _ = try await client.documents.get(documentId: documentId)
    } catch let error as APIError {
        print(error.statusCode, error.message, error.responseData as Any)
        for restriction in error.workspaceDeletionRestrictions {
            print(restriction.code, restriction.accountIds)
        }
    } catch let error as ValidationError {
        print(error.message, error.errors)
    } catch let error as NetworkError {
        print(error.message, error.underlyingError as Any)
    } catch is CancellationError {
        // Task cancellation is preserved rather than converted.
    }
}

private func samplePtBRPaginacao(client: AssinafyClient) async throws {
    var pagina = 1
    var todos: [DocumentListItem] = []
    repeat {
        let resultado = try await client.documents.list(params: ListParams(page: pagina, perPage: 100))
        todos += resultado.data
        guard let meta = resultado.meta, pagina < meta.lastPage else { break }
        pagina += 1
    } while true
    keep(todos)
}

private func samplePtBRTratamentoDeErros(client: AssinafyClient, documentId: String) async throws {
    do {
        _ = try await client.documents.get(documentId: documentId)
    } catch let error as APIError {
        print(error.statusCode, error.message, error.responseData as Any)
        for restricao in error.workspaceDeletionRestrictions {
            print(restricao.code, restricao.accountIds)
        }
    } catch let error as ValidationError {
        print(error.message, error.errors)
    } catch let error as NetworkError {
        print(error.message, error.underlyingError as Any)
    } catch is CancellationError {
        // O cancelamento de tarefa é preservado, não convertido.
    }
}
// MARK: - Names the READMEs' prose promises outside code samples

private func sampleInlineReferences(
    client: AssinafyClient, accessCode: String, signerId: String, templateId: String, roleId: String, signer: Signer,
    activity: DocumentActivity, item: AssignmentItem, placement: TemplateFieldPlacement, dispatch: WebhookDispatch,
    error: APIError, request: APIRequest, pdfData: Data
) async throws {
    // Ordered signing (English and Portuguese spellings).
    let ordered = [
        SignerReference.descriptor(id: signer.id, verificationMethod: .email, notificationMethods: [.email], step: 1),
        SignerReference.signer(id: signer.id, verification: .whatsapp, notifications: [.whatsapp], step: 2),
    ]
    // Lossless JSON next to the legacy string views.
    let lossless = [
        activity.originJSON, activity.payloadJSON, item.valueJSON, placement.displaySettingsJSON, dispatch.payloadJSON,
    ]
    // Typed signer methods read back.
    let methods: (Any, Any) = (signer.verification as Any, signer.notifications as Any)
    // Discovery defaults and OAuth scopes.
    let defaults: [Any] = [OAuthResource.defaultAuthorizationEndpoint, OAuthResource.defaultIssuer]
    let webhookScope = OAuthScope.webhooksWrite
    // Credentials on hand-built requests and scope challenges.
    let credentialClass = request.credential.credentialClass
    let bare = request.withoutWorkspaceCredential()
    let missingScope = error.insufficientScope
    // Template definition management (unpublished routes).
    let template = try await client.templates.create(name: "Offer letter", pdfData: pdfData)
    keep(ordered, lossless, methods, defaults, webhookScope, credentialClass, bare, missingScope as Any, template)
    try await client.signers.signMultipleDocuments(signerAccessCode: accessCode, documentIds: [])
    try await client.signers.declineMultipleDocuments(signerAccessCode: accessCode, documentIds: [], reason: "")
    let signing = try await client.signers.getSigningDocument(signerAccessCode: accessCode)
    let price = try await client.documents.estimateCostFromTemplate(
        templateId: templateId, signers: [TemplateSigner(roleId: roleId, id: signer.id)])
    try await client.tags.replaceDocumentTags(documentId: signerId, tagIds: [])
    try await client.webhooks.inactivate()
    keep(signing, price)
}

// MARK: - Types the READMEs' prose names, written as explicit annotations

/// "CostEstimate carries the typed breakdown, the current documentBalance and creditBalance, and a
/// blockingReason of PendingPayment, InsufficientDocuments, or InsufficientCredits"; "List
/// operations return PaginatedResult<T>"; the error table's key details. An annotation the README
/// makes true must compile with the type it names, not a same-named raw one.
private func sampleNamedTypes(
    client: AssinafyClient, documentId: String, request: CreateAssignmentPayload, templateId: String,
    signers: [TemplateSigner], apiError: APIError, validationError: ValidationError, networkError: NetworkError,
    sdkError: AssinafySDKError
) async throws {
    let estimate: CostEstimate = try await client.assignments.estimateCost(documentId: documentId, payload: request)
    let fromTemplate: CostEstimate = try await client.documents.estimateCostFromTemplate(
        templateId: templateId, signers: signers)
    let sufficient: Bool = estimate.hasSufficientResources
    let breakdown: [CostEstimateBreakdownItem] = estimate.breakdown
    let balances: (Double?, Double?) = (estimate.documentBalance, estimate.creditBalance)
    let reasons: [CostEstimate.BlockingReason] = [.pendingPayment, .insufficientDocuments, .insufficientCredits]
    let blocked: Bool = estimate.blockingReason.map(reasons.contains) ?? false

    let documents: PaginatedResult<DocumentListItem> = try await client.documents.list(params: ListParams())
    let dispatches: PaginatedResult<WebhookDispatch> = try await client.webhooks.listDispatches()
    let lastPage: Int? = documents.meta?.lastPage

    let api: (Int, String, JSONValue?) = (apiError.statusCode, apiError.message, apiError.responseData)
    let fields: [String: [String]] = validationError.errors
    let underlying: URLError? = networkError.underlyingError
    let contract: ([String: String], (any Error)?) = (sdkError.context, sdkError.underlyingError)
    keep(fromTemplate, sufficient, breakdown, balances, blocked, dispatches, lastPage as Any, api, fields, underlying as Any, contract)
}

/// Keeps Swift Testing aware of this file (the samples above are compile-only).
@Suite struct ReadmeSamplesTests {
    @Test func samplesCompile() {}
}
