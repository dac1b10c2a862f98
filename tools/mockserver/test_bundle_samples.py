"""Documents split over files are served as one; the samples the smoke driver sends pass the
mock's own validation; a document that breaks the OpenAPI schema is served when asked to be."""

import json

import pytest

from mock_app import MockApp, load_document

ROOT_DOC = """openapi: 3.1.0
info: {title: split, version: '1'}
tags:
  - name: things
    description: {$ref: ./notes/things.md}
paths:
  /things/{id}:
    $ref: paths/thing.yaml
components:
  schemas:
    Local: {type: string}
"""
PATH_DOC = """get:
  operationId: getThing
  parameters:
    - $ref: ../parameters.yaml#/Id
    - {name: since, in: query, required: true, schema: {type: string, format: date-time}}
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema: {$ref: ../schemas/Thing.yaml}
          examples:
            shipped: {$ref: examples/missing.json}
put:
  operationId: putThing
  parameters:
    - $ref: ../parameters.yaml#/Id
  requestBody:
    required: true
    content:
      application/json:
        schema: {$ref: ../schemas/Thing.yaml}
  responses:
    '204': {description: done}
"""
PARAMETERS = "Id: {name: id, in: path, required: true, schema: {type: integer, minimum: 3}}\n"
THING = """type: object
required: [name, created, parts]
properties:
  name: {type: string, minLength: 2}
  created: {type: string, format: date-time, example: 2024-05-06T07:08:09Z}
  parts: {type: array, items: {$ref: ./Part.yaml}}
"""
PART = "type: object\nrequired: [label]\nproperties: {label: {type: string}}\n"


@pytest.fixture
def split(tmp_path):
    files = {"openapi.yaml": ROOT_DOC, "paths/thing.yaml": PATH_DOC, "parameters.yaml": PARAMETERS,
             "schemas/Thing.yaml": THING, "schemas/Part.yaml": PART, "notes/things.md": "Things.\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path / "openapi.yaml"


def test_split_document_is_inlined_with_text_refs_and_dates_as_strings(split):
    document = load_document(str(split))
    thing = document["paths"]["/things/{id}"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert thing["properties"]["parts"]["items"]["required"] == ["label"]
    assert thing["properties"]["created"]["example"] == "2024-05-06T07:08:09Z"  # not a datetime
    assert document["tags"][0]["description"] == "Things.\n"
    assert document["paths"]["/things/{id}"]["get"]["parameters"][0]["name"] == "id"
    shipped = document["paths"]["/things/{id}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert shipped["examples"]["shipped"] == {"$ref": "examples/missing.json"}  # a missing file stays


def test_cyclic_references_across_files_are_refused(tmp_path):
    (tmp_path / "openapi.yaml").write_text("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n"
                                           "components: {schemas: {A: {$ref: a.yaml}}}\n")
    (tmp_path / "a.yaml").write_text("type: object\nproperties: {next: {$ref: a.yaml}}\n")
    with pytest.raises(ValueError, match="cyclic"):
        load_document(str(tmp_path / "openapi.yaml"))


def test_samples_pass_validation_and_answers_skip_missing_example_files(split):
    app = MockApp(load_document(str(split)))
    status, _, payload = app._admin("GET", "/samples")
    samples = json.loads(payload)
    assert status == 200 and set(samples) == {"getThing", "putThing"}
    get, put = samples["getThing"], samples["putThing"]
    assert get["parameters"] == {"path:id": 3, "query:since": "2024-01-02T03:04:05Z"} and get["bodies"] == {}
    body = put["bodies"]["application/json"]
    assert len(body["name"]) >= 2 and body["parts"] == [{"label": "string"}]
    status, _, _ = app.handle("GET", "/things/3", [("since", get["parameters"]["query:since"])], [], {}, b"", "")
    assert status == 200
    app.handle("PUT", "/things/3", [], [], {}, json.dumps(body).encode(), "application/json")
    assert app.violations == []


def test_a_document_breaking_the_openapi_schema_is_served_only_when_lenient():
    # The template's variable is never declared as a parameter.
    document = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/flags/{id}": {"get": {
        "operationId": "flags", "responses": {"200": {"description": "ok"}}}}}}
    with pytest.raises(Exception):
        MockApp(document)
    app = MockApp(document, validate_document=False)
    assert app.handle("GET", "/flags/7", [], [], {}, b"", "")[0] == 200
    assert app.violations == []


def test_a_default_of_the_wrong_type_is_not_blamed_on_the_request():
    document = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/flags": {"post": {
        "operationId": "flags",
        "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
            "on": {"type": "boolean", "default": "false"}, "name": {"type": "string"}}}}}},
        "responses": {"204": {"description": "done"}}}}}}
    app = MockApp(document, validate_document=False)
    app.handle("POST", "/flags", [], [], {}, b'{"name": "x"}', "application/json")
    assert app.violations == []
    assert document["paths"]["/flags"]["post"]["requestBody"]["content"]["application/json"]["schema"][
        "properties"]["on"]["default"] == "false"  # only the validator's copy loses it


def test_request_samples_leave_out_read_only_members_and_check_formats():
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/people": {"post": {
        "operationId": "addPerson",
        "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Person"}}}},
        "responses": {"201": {"description": "made", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Person"}}}}}}}},
        "components": {"schemas": {"Person": {"type": "object", "required": ["id", "born"], "properties": {
            "id": {"type": "string", "readOnly": True},
            "born": {"type": "string", "format": "date", "example": "1999-01-01T00:00:00Z"}}}}}}
    app = MockApp(document)
    sample = json.loads(app._admin("GET", "/samples")[2])["addPerson"]["bodies"]["application/json"]
    assert sample == {"born": "2024-01-02"}
    status, _, payload = app.handle("POST", "/people", [], [], {}, json.dumps(sample).encode(), "application/json")
    assert status == 201 and set(json.loads(payload)) == {"id", "born"}
    assert app.violations == []


def test_discriminator_alternatives_in_other_files_become_components(tmp_path):
    (tmp_path / "openapi.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /items:\n    get:\n"
        "      operationId: items\n      responses:\n        '200':\n          description: ok\n"
        "          content: {application/json: {schema: {$ref: schemas/Wrapper.yaml}}}\n")
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "Wrapper.yaml").write_text(
        "type: object\nrequired: [item]\nproperties:\n  item:\n    allOf: [{$ref: ./Item.yaml}]\n    readOnly: true\n")
    (tmp_path / "schemas" / "Item.yaml").write_text(
        "discriminator: {propertyName: kind, mapping: {cup: ./Cup.yaml, pot: ./Pot.yaml}}\n"
        "oneOf: [{$ref: ./Cup.yaml}, {$ref: ./Pot.yaml}]\nrequired: [kind]\n")
    for name in ("Cup", "Pot"):
        (tmp_path / "schemas" / f"{name}.yaml").write_text(
            f"type: object\nrequired: [kind, size]\nproperties: {{kind: {{type: string}}, size: {{type: integer}}}}\n")
    document = load_document(str(tmp_path / "openapi.yaml"))
    assert set(document["components"]["schemas"]) == {"Cup", "Pot"}
    app = MockApp(document)
    status, _, payload = app.handle("GET", "/items", [], [], {}, b"", "")
    # An allOf part that chooses among alternatives is built as a choice, its key set.
    assert status == 200 and json.loads(payload) == {"item": {"kind": "cup", "size": 1}}
    assert app.violations == []


def test_examples_that_break_their_schema_are_not_used_and_undeclared_path_variables_get_a_value():
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/boxes/{box}": {"put": {
        "operationId": "putBox",
        "requestBody": {"content": {"application/json": {
            "schema": {"type": "object", "properties": {"labels": {
                "type": "object", "additionalProperties": {"type": "object"},
                "example": {"note": "a string where an object belongs"}}}},
            "example": {"labels": 3}}}},
        "responses": {"204": {"description": "done"}}}}}}
    app = MockApp(document, validate_document=False)
    sample = json.loads(app._admin("GET", "/samples")[2])["putBox"]
    assert sample["parameters"] == {"path:box": "value"}
    assert sample["bodies"]["application/json"] == {"labels": {}}


def test_routes_of_the_same_shape_are_told_apart_by_their_parameter_schemas():
    def get(operation_id, name, schema):
        return {"get": {"operationId": operation_id, "parameters": [
            {"name": name, "in": "path", "required": True, "schema": schema}],
            "responses": {"200": {"description": "ok"}}}}
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/files/{FileID}": get("byId", "FileID", {"type": "string", "format": "uuid"}),
        "/files/{FileName}": get("byName", "FileName", {"type": "string"}),
        "/journals/{JournalID}": get("journalById", "JournalID", {"type": "string", "format": "uuid"}),
        "/journals/{JournalNumber}": get("journalByNumber", "JournalNumber", {"type": "integer"})}}
    app = MockApp(document)
    for path in ("/files/00000000-0000-4000-8000-000000000001", "/files/photo.jpg", "/journals/1000",
                 "/journals/00000000-0000-4000-8000-000000000001"):
        assert app.handle("GET", path, [], [], {}, b"", "")[0] == 200
    assert [r["operationId"] for r in app.requests] == ["byId", "byName", "journalByNumber", "journalById"]
    assert app.violations == []


def test_an_alternative_narrowing_a_member_of_its_base_is_met():
    document = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {}}
    schema = {"type": "object", "required": ["letter"],
              "properties": {"letter": {"type": "string", "enum": ["A", "B", "F"]}},
              "oneOf": [{"properties": {"letter": {"enum": ["F"]}}}, {"properties": {"letter": {"enum": ["B"]}}}]}
    from instances import InstanceBuilder
    assert InstanceBuilder(document).build(schema) == {"letter": "F"}
