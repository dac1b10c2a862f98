import Foundation
import PackagePlugin

/// `swift package generate-api [--target NAME]...`: regenerates the committed sources of every
/// target (or the named ones) whose directory holds `assinafy-generator.yaml`, into that
/// directory. Generated files carry a header the generator recognises, so files it no longer
/// produces are removed and hand-written ones are left alone.
@main
struct GenerateCommand: CommandPlugin {
    static let configName = "assinafy-generator.yaml"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first {
            throw PluginFailure("unknown argument '\(unknown)'; usage: swift package generate-api [--target NAME]...")
        }
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let generator = try context.tool(named: "assinafy-generator").url
        var generated = 0
        for target in targets {
            // Swift targets: `Target.directoryURL` needs tools 6.1, the concrete type's does not.
            guard let module = target as? SwiftSourceModuleTarget else { continue }
            let directory = module.directoryURL
            let config = directory.appendingPathComponent(Self.configName)
            guard FileManager.default.fileExists(atPath: config.path) else {
                if !names.isEmpty { throw PluginFailure("\(target.name) has no \(Self.configName)") }
                continue
            }
            try run(
                generator,
                ["generate", "--config", config.path, "--module", target.name, "--output", directory.path])
            generated += 1
        }
        if generated == 0 { throw PluginFailure("no target has \(Self.configName) in its directory") }
    }

    private func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure("assinafy-generator exited with status \(process.terminationStatus)")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
