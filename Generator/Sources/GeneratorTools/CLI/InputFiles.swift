import Foundation
import GeneratorCore

/// An input the command line cannot read, said in one sentence (`cannot read openapi.yaml: no such
/// file`) rather than as Foundation's error dump, and without the usage text after it.
public struct InputError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

enum InputFiles {
    /// Throws `InputError` unless `path` is a file that can be read; `role` names it when the path
    /// alone would not say what it is ("the configuration").
    static func requireReadable(_ path: String, role: String? = nil) throws {
        guard let reason = problem(reading: path) else { return }
        throw InputError("cannot read \(role.map { "\($0) " } ?? "")\(path): \(reason)")
    }

    /// Why `path` cannot be read, in a few words; nil when it can.
    static func problem(reading path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        return FileManager.default.isReadableFile(atPath: path) ? nil : "permission denied"
    }
}

/// The document's files on disk, with read failures in a few words: the bundler quotes the
/// source's error inside its diagnostic at the `$ref`, where an NSError dump would bury it.
struct PlainErrorFileSource: DocumentSource {
    let files: FileSystemDocumentSource

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func forDocument(at path: String) -> GeneratorPipeline.DocumentRoot {
        let (source, root) = FileSystemDocumentSource.forDocument(at: path)
        return GeneratorPipeline.DocumentRoot(source: PlainErrorFileSource(files: source), rootFile: root)
    }

    func bytes(at path: String) throws -> [UInt8] {
        do {
            return try files.bytes(at: path)
        } catch let error as FileSystemDocumentSource.OutsideFolder {
            throw error
        } catch {
            throw ReadFailure(
                description: InputFiles.problem(reading: displayName(of: path)) ?? error.localizedDescription)
        }
    }

    func displayName(of path: String) -> String { files.displayName(of: path) }
}

/// What a document that did not resolve still holds, counted on its root file as read: the
/// summary then says how much was there before the errors, not zero.
struct ReadCounts {
    var operations = 0
    var schemas = 0

    init(rootOf path: String, format: DocumentFormat?) {
        guard let root = try? DocumentReader.read(contentsOf: path, format: format) else { return }
        schemas = root["components"]?["schemas"]?.entries?.count ?? 0
        for entry in root["paths"]?.entries ?? [] {
            var item = entry.value
            // A path item kept under components is still this document's; one in another file is
            // not counted (that file may be the one that failed).
            if let reference = item["$ref"]?.string, let pointer = JSONPointer(reference: reference),
                let target = root.resolve(pointer)
            {
                item = target
            }
            operations += DocumentLoader.httpMethods.filter { item[$0] != nil }.count
        }
    }
}
