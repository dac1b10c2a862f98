import Foundation
import GeneratorCore

// The generator's file system side: the core parses, resolves, translates and renders bytes
// and text; reading documents and writing sources happens here, in the tools.

/// Files under one folder on disk; the CLI's source.
public struct FileSystemDocumentSource: DocumentSource {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The source for the document at `path`, and the root's path inside it.
    public static func forDocument(at path: String) -> (source: FileSystemDocumentSource, root: String) {
        let url = URL(fileURLWithPath: path)
        let folder = (path as NSString).deletingLastPathComponent
        return (FileSystemDocumentSource(folder: folder), url.lastPathComponent)
    }

    public struct OutsideFolder: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "'\(path)' is a link to a file outside the folder of the root document" }
    }

    public func bytes(at path: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: displayName(of: path))
        // The bundler only asks for paths inside the folder, but a symbolic link could still lead out.
        let resolved = url.resolvingSymlinksInPath().path
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { throw OutsideFolder(path: path) }
        return [UInt8](try Data(contentsOf: url))
    }

    public func displayName(of path: String) -> String {
        folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}

extension DocumentReader {
    /// Reads the file at `path`; errors name the file by `path`.
    public static func read(contentsOf path: String, format: DocumentFormat? = nil) throws -> Node {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ParseError(
                file: path, location: SourceLocation(line: 1, column: 1),
                message: "cannot read file: \(error.localizedDescription)")
        }
        return try read(validating: [UInt8](data), file: path, format: format ?? .inferred(from: path))
    }
}

extension DocumentLoader {
    /// Reads the document at `path` and every file it refers to, then loads it.
    public static func load(contentsOf path: String, format: DocumentFormat? = nil, firstFileIndex: Int32 = 1)
        throws -> LoadedDocument
    {
        let (source, root) = FileSystemDocumentSource.forDocument(at: path)
        return try load(root, from: source, format: format, firstFileIndex: firstFileIndex)
    }
}

extension GeneratorPipeline {
    /// The documents at these paths, read from disk (see `load(specPath:extraPaths:format:sources:)`).
    public static func load(specPath: String, extraPaths: [String] = [], format: DocumentFormat? = nil) throws
        -> MergedDocument
    {
        try load(specPath: specPath, extraPaths: extraPaths, format: format, sources: fileSystem)
    }

    /// Generation from files on disk; every option as in `generate(specPath:…:sources:)`.
    public static func generate(
        specPath: String, moduleName: String? = nil, names: [String: String] = [:], extraPaths: [String] = [],
        perCallCredentialSchemes: Set<String> = [], format: DocumentFormat? = nil,
        preferredRequestMediaTypes: [String: String] = [:],
        configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws -> Output {
        try generate(
            specPath: specPath, moduleName: moduleName, names: names, extraPaths: extraPaths,
            perCallCredentialSchemes: perCallCredentialSchemes, format: format,
            preferredRequestMediaTypes: preferredRequestMediaTypes, configuration: configuration,
            sources: fileSystem)
    }

    static let fileSystem: SourceProvider = { path in
        let (source, root) = FileSystemDocumentSource.forDocument(at: path)
        return DocumentRoot(source: source, rootFile: root)
    }

    /// Writes `files` into `directory`, removing generated files that are no longer produced and
    /// leaving anything else alone. Unchanged files are not rewritten.
    public static func write(_ files: [GeneratedFile], to directory: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let produced = Set(files.map(\.name))
        for existing in try manager.contentsOfDirectory(atPath: directory) where existing.hasSuffix(".swift") {
            guard !produced.contains(existing) else { continue }
            let path = (directory as NSString).appendingPathComponent(existing)
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasPrefix(FileLayout.headerMarker) {
                try manager.removeItem(atPath: path)
            }
        }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            if let current = try? String(contentsOfFile: path, encoding: .utf8), current == file.contents { continue }
            try writeUnsynced(file.contents, to: path)
        }
    }
}

/// Foundation's `Data.write` fsyncs every file (atomic or not), which on a large API was a
/// tenth of the run. Generated sources need no durability: a file cut short by an
/// interrupted run differs from what the next run produces, so that run rewrites it.
private func writeUnsynced(_ contents: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    defer { close(descriptor) }
    let bytes = Array(contents.utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { buffer in
            write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        written += result
    }
}
