/// What a package tells the generator beyond its OpenAPI documents: one YAML (or JSON) file,
/// read by `GeneratorConfiguration.parse`. Every field is optional; a document with no
/// configuration still generates a module.
///
/// ```yaml
/// module: PetStoreAPI
/// access: public                 # public | package | internal
/// regenerate: make generate      # the command the generated files' header names
/// documents: [openapi.yaml, extra-routes.yaml]   # the first is the contract; the rest are merged in
/// perCallCredentials: [signerAccessCode]
/// operations:
///   listPets: allPets            # operationId (or `METHOD path`) → function name
///   POST /pets:
///     name: createPet
///     retry: never               # never | always (default: the client's retry policy)
///     exclusiveConnection: true
///     followsRedirects: false    # a redirect is an error to report (default: followed)
///     requestMediaType: application/x-www-form-urlencoded
/// types:
///   Pet: Animal                  # the name the generator would give → the one to use
/// widening: error                # warning (default) | error: refuse a schema generated wider than it is
/// fileLineBudget: 1500           # the most lines a generated file holds (one declaration may exceed it)
/// testing:                       # also write the <module>Testing module (typed stubs, APITesting)
///   output: Sources/PetStoreAPITesting   # relative to this file
/// ```
///
/// `widening`: where a schema says something its generated type cannot hold (a type list, a
/// tuple, `not`, an `allOf` that does not merge, a member a merge made nullable), the type admits
/// more than the schema and the generator warns; `error` makes generation fail listing them, so
/// a generated SDK's CI can refuse silent widening. Free-form data the schema asks for (`{}`,
/// an object without properties) is not a widening.
public struct GeneratorConfiguration: Sendable, Equatable {
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, package, `internal`
    }

    public enum RetryRule: String, Sendable, CaseIterable {
        /// The request is never repeated automatically, even for an idempotent method.
        case never
        /// The request may be repeated even when its method is not idempotent.
        case always

        /// `APIRequest.retryable`.
        public var retryable: Bool { self == .always }
    }

    /// What a widening (see `widening`) is.
    public enum WideningRule: String, Sendable, CaseIterable {
        /// Reported, and generation goes on.
        case warning
        /// Generation fails, listing every widening; nothing is written.
        case error
    }

    /// `testing`: the `<Module>Testing` module of typed stubs, and where it goes.
    public struct TestingOutput: Sendable, Equatable {
        /// Relative to the configuration file, as `documents` are.
        public var output: String

        public init(output: String) { self.output = output }
    }

    public struct OperationSettings: Sendable, Equatable {
        public var name: String?
        public var retry: RetryRule?
        public var exclusiveConnection: Bool?
        /// `false`: `APIRequest.followsRedirects` is off, so a redirect is reported, not followed.
        public var followsRedirects: Bool?
        public var requestMediaType: String?

        public init(
            name: String? = nil, retry: RetryRule? = nil, exclusiveConnection: Bool? = nil,
            followsRedirects: Bool? = nil, requestMediaType: String? = nil
        ) {
            self.name = name
            self.retry = retry
            self.exclusiveConnection = exclusiveConnection
            self.followsRedirects = followsRedirects
            self.requestMediaType = requestMediaType
        }
    }

    public var module: String?
    public var access: AccessLevel?
    public var regenerateCommand: String?
    /// Paths relative to the configuration file: the contract first, then documents merged in.
    public var documents: [String]
    public var perCallCredentials: [String]
    /// By `operationId` or `METHOD path` (`GET /v1/sign`).
    public var operations: [String: OperationSettings]
    /// The name the generator would otherwise give a type → the name to give it.
    public var types: [String: String]
    /// Whether a widening fails generation (nil: a warning).
    public var widening: WideningRule?
    /// `fileLineBudget`; `nil` is `FileLayout.defaultLineBudget`.
    public var fileLineBudget: Int?
    /// `testing`; nil: no testing module.
    public var testing: TestingOutput?

    public init(
        module: String? = nil, access: AccessLevel? = nil, regenerateCommand: String? = nil, documents: [String] = [],
        perCallCredentials: [String] = [], operations: [String: OperationSettings] = [:], types: [String: String] = [:],
        widening: WideningRule? = nil
    ) {
        self.module = module
        self.access = access
        self.regenerateCommand = regenerateCommand
        self.documents = documents
        self.perCallCredentials = perCallCredentials
        self.operations = operations
        self.types = types
        self.widening = widening
    }

    /// The default module name when neither the configuration nor the command line gives one.
    public static let defaultModule = "GeneratedAPI"

    /// `operationId` → function name, the form `Translator.Options.names` takes (keys may also be
    /// `METHOD path`).
    public var functionNames: [String: String] {
        operations.compactMapValues(\.name)
    }

    /// The settings for an operation: its `operationId` entry, completed by its `METHOD path` one.
    public func settings(operationId: String?, method: String, path: String) -> OperationSettings? {
        let byId = operationId.flatMap { operations[$0] }
        let byRoute = operations[Self.routeKey(method: method, path: path)]
        guard var settings = byId ?? byRoute else { return nil }
        if let byId, let byRoute {
            settings.name = byId.name ?? byRoute.name
            settings.retry = byId.retry ?? byRoute.retry
            settings.exclusiveConnection = byId.exclusiveConnection ?? byRoute.exclusiveConnection
            settings.followsRedirects = byId.followsRedirects ?? byRoute.followsRedirects
            settings.requestMediaType = byId.requestMediaType ?? byRoute.requestMediaType
        }
        return settings
    }

    /// `GET /v1/sign`: the method in capitals, one space, the path as the document spells it.
    public static func routeKey(method: String, path: String) -> String {
        method.uppercased() + " " + path
    }
}

extension GeneratorConfiguration {
    /// The line budget files are split to.
    var lineBudget: Int { fileLineBudget ?? FileLayout.defaultLineBudget }
}
