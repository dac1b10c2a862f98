import Foundation
import PackagePlugin

/// Generates a target's client at build time from the `openapi.yaml` (or `.json`) and the
/// optional `assinafy-generator.yaml` in the target's directory, into one file in the plugin's
/// work directory: a build command must name its outputs before the document is read, so the
/// generator joins its files (`--single-file`). The module is the target.
@main
struct GenerateBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        // Swift targets: `Target.directoryURL` needs tools 6.1, the concrete type's does not.
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let directory = module.directoryURL
        let manager = FileManager.default
        let config = directory.appendingPathComponent(GeneratorInputs.configName)
        let hasConfig = manager.fileExists(atPath: config.path)
        let spec = GeneratorInputs.documentNames.map(directory.appendingPathComponent).first {
            manager.fileExists(atPath: $0.path)
        }
        guard hasConfig || spec != nil else {
            Diagnostics.warning(
                "\(target.name): no \(GeneratorInputs.configName) or openapi.yaml in the target's directory; nothing to generate"
            )
            return []
        }
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let fileName = "\(target.name)+Generated.swift"
        var arguments = [
            "generate", "--module", target.name, "--single-file", fileName, "--output", outputDirectory.path,
        ]
        if hasConfig { arguments += ["--config", config.path] }
        // Without `documents` in the configuration the target's openapi.yaml is the document.
        if let spec, !GeneratorInputs.listsDocuments(config) { arguments += ["--spec", spec.path] }
        // Every YAML or JSON file of the target may be a document the configuration names (or
        // one they refer to): all of them are inputs, so editing any one regenerates.
        let inputs = module.sourceFiles.map(\.url).filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
        return [
            .buildCommand(
                displayName: "Generating \(fileName) from \(spec?.lastPathComponent ?? GeneratorInputs.configName)",
                executable: try context.tool(named: "assinafy-generator").url, arguments: arguments,
                inputFiles: inputs + (hasConfig ? [config] : []),
                outputFiles: [outputDirectory.appendingPathComponent(fileName)])
        ]
    }
}

enum GeneratorInputs {
    static let configName = "assinafy-generator.yaml"
    static let documentNames = ["openapi.yaml", "openapi.yml", "openapi.json"]

    /// Whether the configuration has a top-level `documents:` key (a line-level look: the
    /// generator itself reads and checks the file).
    static func listsDocuments(_ config: URL) -> Bool {
        guard let text = try? String(contentsOf: config, encoding: .utf8) else { return false }
        return text.split(separator: "\n").contains { $0.hasPrefix("documents:") }
    }
}
