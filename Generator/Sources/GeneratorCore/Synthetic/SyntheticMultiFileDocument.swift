/// A document split over many files the way large public descriptions are (one file per path
/// item and per schema, nested folders, shared parameters, references between referenced files
/// and back), for the multi-file benchmark and tests. Deterministic; never committed as data.
public enum SyntheticMultiFileDocument {
    /// `fileCount` files (at least 4) keyed by path relative to the root folder; the root is
    /// `openapi.yaml`. Every third schema file is JSON.
    public static func files(count fileCount: Int) -> [String: String] {
        let pairs = max(1, (fileCount - 2) / 2)
        var files: [String: String] = [:]
        var paths = ""
        for index in 0..<pairs {
            paths += "  /things\(index):\n    $ref: 'paths/group\(index % 10)/things\(index).yaml'\n"
            files["paths/group\(index % 10)/things\(index).yaml"] = pathItem(index)
            files["schemas/" + schemaFile(index)] = index % 3 == 2 ? jsonSchema(index) : yamlSchema(index)
        }
        files["shared/parameters.yaml"] = """
            limit: {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 100}}
            cursor: {name: cursor, in: query, schema: {type: string}}

            """
        files["openapi.yaml"] = """
            openapi: 3.1.0
            info: {title: Synthetic multi-file, version: '1'}
            paths:
            \(paths)components:
              schemas:
                Problem:
                  type: object
                  required: [title]
                  properties:
                    title: {type: string}
                    detail: {type: string}

            """
        return files
    }

    static func schemaFile(_ index: Int) -> String { "Thing\(index).\(index % 3 == 2 ? "json" : "yaml")" }

    static func pathItem(_ index: Int) -> String {
        """
        get:
          operationId: listThings\(index)
          parameters:
            - $ref: '../../shared/parameters.yaml#/limit'
            - $ref: '../../shared/parameters.yaml#/cursor'
          responses:
            '200':
              description: A page.
              content:
                application/json:
                  schema:
                    type: array
                    items: {$ref: '../../schemas/\(schemaFile(index))'}
            default:
              description: A problem.
              content:
                application/json:
                  schema: {$ref: '../../openapi.yaml#/components/schemas/Problem'}
        post:
          operationId: createThing\(index)
          requestBody:
            required: true
            content:
              application/json:
                schema: {$ref: '../../schemas/\(schemaFile(index))'}
          responses:
            '201':
              description: Created.
              content:
                application/json:
                  schema: {$ref: '../../schemas/\(schemaFile(index))'}

        """
    }

    /// Each schema refers to the previous one, so references from referenced files are followed.
    static func yamlSchema(_ index: Int) -> String {
        let previous = index > 0 ? "\n  previous: {$ref: './\(schemaFile(index - 1))'}" : ""
        return """
            type: object
            required: [id]
            properties:
              id: {type: string, format: uuid}
              name: {type: string}
              count: {type: integer}
              tags: {type: array, items: {type: string}}
              state: {type: string, enum: [new, active, closed]}\(previous)

            """
    }

    static func jsonSchema(_ index: Int) -> String {
        let previous = index > 0 ? #", "previous": {"$ref": "./\#(schemaFile(index - 1))"}"# : ""
        return #"""
            {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, \#
            "label": {"type": "string"}, "size": {"type": "number"}\#(previous)}}

            """#
    }
}
