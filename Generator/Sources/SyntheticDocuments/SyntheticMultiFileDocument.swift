/// A document split over many files the way large public descriptions (DigitalOcean's, say) are:
/// operations, responses, models and examples each in a file of their own, nested
/// folders, shared parameters and errors, references between referenced files and back into the
/// root. For the multi-file benchmark and tests; deterministic, never committed as data.
public enum SyntheticMultiFileDocument {
    static let filesPerResource = 6
    static let sharedFiles = 4

    /// Exactly `count` files (at least 10) keyed by path relative to the root folder; the root
    /// is `openapi.yaml`. Every third model is JSON.
    public static func files(count: Int) -> [String: String] {
        let resources = max(1, (count - sharedFiles) / filesPerResource)
        let extras = max(0, count - sharedFiles - resources * filesPerResource)
        var files: [String: String] = [:]
        var paths = ""
        for index in 0..<resources {
            let folder = "resources/group\(index % 25)"
            paths += "  /v2/things\(index):\n    get: {$ref: '\(folder)/list_things\(index).yaml'}\n"
            paths += "    post: {$ref: '\(folder)/create_things\(index).yaml'}\n"
            files["\(folder)/list_things\(index).yaml"] = listOperation(index)
            files["\(folder)/create_things\(index).yaml"] = createOperation(index)
            files["\(folder)/responses/things\(index).yaml"] = listResponse(index)
            files["\(folder)/examples/things\(index).yaml"] = "summary: Two things.\nvalue: [{id: a}, {id: b}]\n"
            files["\(folder)/models/" + model(index)] = index % 3 == 2 ? jsonModel(index) : yamlModel(index)
            files["\(folder)/models/thing\(index)_input.yaml"] =
                "type: object\nproperties:\n  name: {type: string, maxLength: 64}\n"
        }
        var extraSchemas = ""
        for index in 0..<extras {
            files["shared/models/extra\(index).yaml"] = "type: object\nproperties:\n  note: {type: string}\n"
            extraSchemas += "    Extra\(index): {$ref: 'shared/models/extra\(index).yaml'}\n"
        }
        files["shared/parameters.yaml"] = """
            per_page: {name: per_page, in: query, schema: {type: integer, minimum: 1, maximum: 200}}
            page: {name: page, in: query, schema: {type: integer, minimum: 1}}

            """
        files["shared/errors.yaml"] = """
            description: Something went wrong.
            headers:
              ratelimit-remaining: {$ref: 'headers.yaml#/ratelimit-remaining'}
            content:
              application/json:
                schema: {$ref: '../openapi.yaml#/components/schemas/Problem'}

            """
        files["shared/headers.yaml"] = "ratelimit-remaining:\n  schema: {type: integer}\n"
        files["openapi.yaml"] = """
            openapi: 3.1.0
            info: {title: Synthetic multi-file, version: '1'}
            paths:
            \(paths)components:
              schemas:
                Problem:
                  type: object
                  required: [id, message]
                  properties:
                    id: {type: string}
                    message: {type: string}
            \(extraSchemas)
            """
        return files
    }

    static func model(_ index: Int) -> String { "thing\(index).\(index % 3 == 2 ? "json" : "yaml")" }

    static func listOperation(_ index: Int) -> String {
        """
        operationId: listThings\(index)
        tags: [Things\(index % 25)]
        parameters:
          - $ref: '../../shared/parameters.yaml#/per_page'
          - $ref: '../../shared/parameters.yaml#/page'
        responses:
          '200': {$ref: 'responses/things\(index).yaml'}
          default: {$ref: '../../shared/errors.yaml'}

        """
    }

    static func createOperation(_ index: Int) -> String {
        """
        operationId: createThing\(index)
        tags: [Things\(index % 25)]
        requestBody:
          required: true
          content:
            application/json:
              schema: {$ref: 'models/thing\(index)_input.yaml'}
        responses:
          '201':
            description: Created.
            content:
              application/json:
                schema: {$ref: 'models/\(model(index))'}
          default: {$ref: '../../shared/errors.yaml'}

        """
    }

    static func listResponse(_ index: Int) -> String {
        """
        description: A page of things.
        content:
          application/json:
            schema:
              type: object
              properties:
                things: {type: array, items: {$ref: '../models/\(model(index))'}}
                total: {type: integer}
            examples:
              two: {$ref: '../examples/things\(index).yaml'}

        """
    }

    /// Each model refers to the previous one in its folder, so references between referenced
    /// files are followed.
    static func yamlModel(_ index: Int) -> String {
        let previous = index >= 25 ? "\n  previous: {$ref: './\(model(index - 25))'}" : ""
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

    static func jsonModel(_ index: Int) -> String {
        let previous = index >= 25 ? #", "previous": {"$ref": "./\#(model(index - 25))"}"# : ""
        return #"""
            {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, \#
            "label": {"type": "string"}, "size": {"type": "number"}\#(previous)}}

            """#
    }
}
