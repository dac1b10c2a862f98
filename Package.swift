// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Assinafy",
    platforms: [.iOS(.v16), .macOS(.v12)],
    products: [
        .library(name: "Assinafy", targets: ["Assinafy"]),
        .library(name: "AssinafyAPI", targets: ["AssinafyAPI"]),
        .library(name: "APIRuntime", targets: ["APIRuntime"]),
        // Typed stubs for tests and previews: add it to test and preview targets only.
        .library(name: "APITesting", targets: ["APITesting"]),
        // For test and preview targets only: an in-process, stateful fake of the Assinafy API, and
        // typed stubs and example answers for every Assinafy operation.
        .library(name: "AssinafyTesting", targets: ["AssinafyTesting", "AssinafyAPITesting"]),
        .executable(name: "assinafy-generator", targets: ["assinafy-generator"]),
        // The generator as other packages use it: `swift package generate-api` regenerates committed
        // sources; the build-tool plugin generates a target's client while it builds.
        .plugin(name: "GenerateCommand", targets: ["GenerateCommand"]),
        .plugin(name: "GenerateBuildTool", targets: ["GenerateBuildTool"]),
    ],
    targets: [
        // Hand-written support that generated code depends on.
        .target(name: "APIRuntime", swiftSettings: strict),
        // The stub transport and request reading that generated `<Module>Testing` modules use.
        .target(name: "APITesting", dependencies: ["APIRuntime"], swiftSettings: strict),
        // Generated from openapi.yaml by assinafy-generator; never edited by hand.
        .target(name: "AssinafyAPI", dependencies: ["APIRuntime"], swiftSettings: strict),
        // Generated with it: typed stubs of every AssinafyAPI operation.
        .target(name: "AssinafyAPITesting", dependencies: ["AssinafyAPI", "APITesting"], swiftSettings: strict),
        // The hand-written overlay apps import.
        // PrivacyInfo.xcprivacy: the privacy manifest App Store Connect reads from the SDK's bundle.
        .target(
            name: "Assinafy", dependencies: ["AssinafyAPI", "APIRuntime"],
            resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: strict),
        // The Assinafy API as an in-process `HTTPTransport` (no socket): apps add it to test and
        // preview targets only.
        .target(
            name: "AssinafyTesting",
            dependencies: ["Assinafy", "AssinafyAPI", "APIRuntime", "AssinafyAPITesting", "APITesting"],
            swiftSettings: strict),

        // The generator: a library with the pipeline stages (it reads and writes no files), the
        // maintainer tools on top of it (diff, coverage, docs, digest, twins), and a thin CLI.
        .target(name: "GeneratorCore", path: "Generator/Sources/GeneratorCore", swiftSettings: strict),
        .target(
            name: "GeneratorTools", dependencies: ["GeneratorCore"], path: "Generator/Sources/GeneratorTools",
            swiftSettings: strict),
        .executableTarget(
            name: "assinafy-generator", dependencies: ["GeneratorCore", "GeneratorTools"],
            path: "Generator/Sources/assinafy-generator", swiftSettings: strict),
        .plugin(
            name: "GenerateCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-api",
                    description: "Regenerate the sources of targets that hold assinafy-generator.yaml"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the generated Swift sources into the target's directory")
                ]),
            dependencies: ["assinafy-generator"], path: "Plugins/GenerateCommand"),
        .plugin(
            name: "GenerateBuildTool", capability: .buildTool(), dependencies: ["assinafy-generator"],
            path: "Plugins/GenerateBuildTool"),
        // Seeded synthetic OpenAPI documents for the benchmarks and tests (not part of the generator).
        .target(name: "SyntheticDocuments", path: "Generator/Sources/SyntheticDocuments", swiftSettings: strict),
        // Release-build benchmarks behind `make bench` (generation, parsing, size, compile, runtime).
        .executableTarget(
            name: "assinafy-bench",
            dependencies: ["Assinafy", "GeneratorCore", "GeneratorTools", "SyntheticDocuments"], path: "Bench",
            exclude: ["AppSize"], swiftSettings: strict),
        // The app-size row of `make bench`: the same tiny app with the SDK (two calls) and without.
        .executableTarget(
            name: "assinafy-appsize-probe", dependencies: ["Assinafy"], path: "Bench/AppSize/WithSDK",
            swiftSettings: strict),
        .executableTarget(
            name: "assinafy-appsize-baseline", path: "Bench/AppSize/Baseline", swiftSettings: strict),

        // A sample app's screen: the view model (every platform; tested with typed stubs and the fake
        // by AssinafyTestingTests) and its SwiftUI view with a preview on example answers (Apple only).
        .target(
            name: "SigningAppViewModel", dependencies: ["Assinafy"], path: "Examples/SigningApp/ViewModel",
            swiftSettings: strict),
        .target(
            name: "SigningAppPreviews", dependencies: ["SigningAppViewModel", "Assinafy", "AssinafyAPITesting"],
            path: "Examples/SigningApp/Previews", swiftSettings: strict),

        // `make demo`: the signing lifecycle against the local emulator (or the sandbox).
        .executableTarget(name: "assinafy-demo", dependencies: ["Assinafy"], path: "Demo", swiftSettings: strict),

        .testTarget(
            name: "GeneratorTests",
            dependencies: ["GeneratorCore", "GeneratorTools", "SyntheticDocuments", "AssinafyTestSupport"],
            exclude: ["Golden/Cases", "Fixtures"], swiftSettings: strict),
        // Subprocess helpers the test targets share (openssl and python3 as reference tools).
        .target(name: "AssinafyTestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(
            // Assinafy only for its standard-error logger, checked by LoggingTests against engine flows.
            name: "APIRuntimeTests", dependencies: ["APIRuntime", "Assinafy", "AssinafyTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "AssinafyTests", dependencies: ["Assinafy", "AssinafyAPI", "APIRuntime", "AssinafyTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "AssinafyTestingTests",
            dependencies: [
                "AssinafyTesting", "AssinafyAPITesting", "Assinafy", "AssinafyAPI", "APIRuntime", "AssinafyTestSupport",
                "SigningAppViewModel", "SigningAppPreviews",
            ],
            swiftSettings: strict),
        // The overlay against the local emulator (tools/emulator): every operation, faults, OAuth.
        .testTarget(
            name: "AssinafyIntegrationTests", dependencies: ["Assinafy", "AssinafyTestSupport"], swiftSettings: strict),
        // Generality: clients generated from other vendors' styles of document (committed,
        // `make generate-e2e`) against tools/mockserver, which validates every request.
        .target(
            name: "PetClinicAPI", dependencies: ["APIRuntime"], path: "Tests/EndToEnd/Generated/PetClinicAPI",
            swiftSettings: strict),
        .target(
            name: "PetClinicAPITesting", dependencies: ["PetClinicAPI", "APITesting"],
            path: "Tests/EndToEnd/Generated/PetClinicAPITesting", swiftSettings: strict),
        .target(
            name: "LedgerlyAPI", dependencies: ["APIRuntime"], path: "Tests/EndToEnd/Generated/LedgerlyAPI",
            swiftSettings: strict),
        .target(
            name: "VaultboxAPI", dependencies: ["APIRuntime"], path: "Tests/EndToEnd/Generated/VaultboxAPI",
            swiftSettings: strict),
        .target(
            name: "PipelineCRMAPI", dependencies: ["APIRuntime"], path: "Tests/EndToEnd/Generated/PipelineCRMAPI",
            swiftSettings: strict),
        .target(
            name: "AtlasTripsAPI", dependencies: ["APIRuntime"], path: "Tests/EndToEnd/Generated/AtlasTripsAPI",
            swiftSettings: strict),
        .target(
            name: "TickerlyAPI", dependencies: ["APIRuntime"], path: "Tests/EndToEnd/Generated/TickerlyAPI",
            swiftSettings: strict),
        .target(
            name: "TickerlyAPITesting", dependencies: ["TickerlyAPI", "APITesting"],
            path: "Tests/EndToEnd/Generated/TickerlyAPITesting", swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "APIRuntime", "AssinafyTestSupport", "PetClinicAPI", "LedgerlyAPI", "VaultboxAPI", "PipelineCRMAPI",
                "AtlasTripsAPI", "TickerlyAPI",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "APITestingTests",
            dependencies: [
                "APITesting", "APIRuntime", "PetClinicAPI", "PetClinicAPITesting", "AssinafyAPI", "AssinafyAPITesting",
                "TickerlyAPI", "TickerlyAPITesting",
            ],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
