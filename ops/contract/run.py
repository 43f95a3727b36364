#!/usr/bin/env python3
"""Contract test: schemathesis against a running eform server, signed in as the platform admin.

Reads the served OpenAPI document, makes one of each resource of 'Demo Gemeente' through the
API (so every path parameter names something real and the fuzzing reaches past the 404s),
writes a schemathesis config with those ids and the api key (and hooks.py, for the ids inside
JSON:API bodies), runs every check, and ends with
one line `contract: N passed, N failed` for ops/test. `user_logout` is left out: it would end
the session every other call uses.

    run.py --base http://127.0.0.1:PORT --schemathesis .venv/bin/schemathesis [--max-time S]
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ADMIN = "admin@demo.eform.nl"
PASSWORD = "eform-demo"
# `client_delete` erases the demo client the rest of the run works in.
EXCLUDED = ["user_logout", "client_delete"]
# Calls whose input is judged against something a JSON Schema cannot hold, so that input
# the document allows can still be refused with 422 (and only 422):
SEMANTIC_422 = {
    "registration_send": "values are checked against the form's own elements and rules",
    "guest_send": "values are checked against the form's own elements and rules",
    "form_create": "schema and rules must make a valid form (names, operators, formulas)",
    "form_update": "schema and rules must make a valid form (names, operators, formulas)",
    "file_upload": "the file's content must match its name (and be an image for kind=image)",
    "file_upload_hd": "the file's content must match its name (and be an image for kind=image)",
    "file_upload_imagetag": "only jpeg, png and gif content is taken",
    "file_upload_static_file": "only pdf, docx, txt, jpeg, png and gif content is taken",
    "file_upload_email_word": "only docx content is taken (a Word template)",
    "file_upload_datasource": "only csv and Excel content is taken; client_id and guest_id exclude each other",
    "client_restore": "the file must be a snapshot of a client (a .tar made by eform)",
    "credit_buy": "the bundle must be one on offer, and the contact fields filled in",
    "module_buy": "the module must be one on offer that the client does not have yet",
    "credit_create": "the JSON:API type must be eform_credit--eform_credit; contact fields, credits and date are checked as the buy form's",
    "registrations_list": "a filter's value must fit its field (a date for dates, a number with integer)",
    "registrations_export": "a filter's value must fit its field, as in the list (same parameters)",
    "file_find_by_digest": "client_id and guest_id exclude each other, which a parameter list cannot say",
    "client_create": "the JSON:API type must be client--client and the name not blank",
    "client_update": "the JSON:API type and id must name this client; limits and modules are checked",
    "user_group_create": "the JSON:API type must be user_group--user_group and the label not blank",
    "user_group_update": "the JSON:API type and id must name this group and the label not be blank",
    "user_permission_create": "each role must be a role of a client",
    "user_permission_update": "each role must be a role of a client",
    "datasource_create": "the JSON:API type must be eform_datasource--{type}, the name not blank and the file a csv or Excel upload",
    "datasource_update": "the JSON:API type and id must name this datasource and the name not be blank",
    "datasource_read": "a viewport's four edges go together, west of east and south of north",
    "guest_map_by_uuid": "a viewport's four edges go together, west of east and south of north",
    "guest_map_by_element": "a viewport's four edges go together, west of east and south of north",
    "client_add_user": "the address must be a valid e-mail address and each role a role of a client",
}
# The query parameters that name the client a JSON:API list is of.
CLIENT_FILTERS = ["filter[field_client.id]", "filter[client.id]", "filter[client_id.id]"]
# Calls that would remove a fixture every other call works on get an id that names nothing.
UNKNOWN_ID = "00000000-0000-7000-8000-000000000000"
OWN_IDS = {"datasource_delete": {"datasource_id": UNKNOWN_ID},
           "user_group_delete": {"group_id": UNKNOWN_ID}}
POSITIVE_STATUSES = '["2xx", "3xx", 401, 403, 404, 409, 422, 429]'


def call(base, method, path, key=None, body=None, form=None, raw=None, content_type=None):
    headers = {"Accept": "application/json"}
    data = None
    if key:
        headers["api-key"] = key
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif raw is not None:
        data = raw
        headers["Content-Type"] = content_type
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def upload(base, key, path, filename, content):
    """A multipart upload of one file, as the web sends it."""
    boundary = uuid.uuid4().hex
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n\r\n"
        f"{content}\r\n--{boundary}--\r\n"
    ).encode()
    return call(base, "POST", path, key, raw=body, content_type=f"multipart/form-data; boundary={boundary}")


def fixtures(base):
    """The admin's key and an id for the path parameters of the document. Favourites are
    left to the stateful phase, which makes and removes its own (a fixed id there would make
    a removed favourite look like a created one that cannot be found)."""
    key = call(base, "POST", "/api/user/login", form={"username": ADMIN, "password": PASSWORD})["api_key"]
    info = call(base, "GET", "/api/user/info", key)
    client = next(c["id"] for c in info["clients"] if c["name"] == "Demo Gemeente")
    tree = call(base, "GET", f"/api/client/{client}/folder", key)

    def forms(folders):
        for folder in folders:
            for form in folder["forms"]:
                yield folder["folder_id"], form
            yield from forms(folder["children"])

    found = {form["form_name"]: (folder, form["form_id"]) for folder, form in forms(tree)}
    folder_id, form_id = found["Demo melding"]
    guest_form = call(base, "GET", f"/api/form/{found['Gastmelding'][1]}", key)
    map_form = call(base, "GET", f"/api/form/{found['Demo kaartmelding'][1]}", key)
    guest_map = next(e for e in map_form["schema"] if e["name"] == "lantaarnpaal")
    # A revision to restore: a change of the summary makes one.
    call(base, "PATCH", f"/api/form/{form_id}", key, body={"form_summary": "$omschrijving$"})
    revision = call(base, "GET", f"/api/form/{form_id}/revisions", key)[0]["revision_id"]
    uploaded = upload(base, key, f"/api/file-upload/form?client_id={client}", "contract.pdf",
                      "%PDF-1.7 contract")
    # A search list's file, for the datasource creates (hooks.py puts its id in their bodies).
    source = upload(base, key, f"/api/file-upload/datasource_source?client_id={client}",
                    "straten.csv", "naam\r\nMarkt\r\nKerkstraat\r\n")
    sent = call(base, "POST", "/api/registration/", key, body={
        "form_id": form_id, "fill_token": f"contract-{uuid.uuid4().hex}",
        "values": {"omschrijving": "Contracttest", "aantal": 1}})
    search = call(base, "GET", f"/api/datasource/list/search/{client}", key)
    # A bundle ordered on invoice waits for its confirmation.
    bundle = call(base, "GET", f"/api/clients/{client}/credit-bundles", key)[0]
    ordered = call(base, "POST", f"/api/clients/{client}/credit-buy", key, body={
        "bundle": bundle["id"], "terms": True, "contact_company": "Demo Gemeente",
        "contact_firstname": "Anna", "contact_lastname": "de Vries", "contact_street": "Markt 1",
        "contact_postal_code": "1234 AB", "contact_city": "Demostad",
        "contact_email": "inkoop@demo.test", "contact_tax_number": ""})
    users = call(base, "GET", f"/api/form/{form_id}/get_users", key)
    groups = call(base, "GET", f"/api/form/{form_id}/get_user_groups", key)
    ids = {
        "client_id": client,
        "form_id": form_id,
        "folder_id": folder_id,
        "guest_id": guest_form["form_guest_id"],
        "revision_id": revision,
        "registration_id": sent["_id"],
        "file_id": uploaded["fid"],
        "sha256": hashlib.sha256(b"%PDF-1.7 contract").hexdigest(),
        "user_id": next(u["user_id"] for u in users if u["email"] == "invuller@demo.eform.nl"),
        "group_id": groups[0]["group_id"],
        "datasource_type": "search",
        "datasource_id": next(d["id"] for d in search if d["name"] == "Demo straten"),
        "purchase_id": ordered["purchase_id"],
        "datasource_file_id": source["fid"],
        "map_uuid": guest_map["uuid"],
    }
    # The guest map of a form's map element (the demo's map form) needs that form's own ids.
    own_ids = dict(OWN_IDS, guest_map_by_element={
        "form_id": found["Demo kaartmelding"][1], "element_name": guest_map["name"]})
    # The lists that take their client as a filter answer 404 for any other text, so without
    # it the fuzzing never reached them.
    queries = {name: client for name in CLIENT_FILTERS}
    return key, ids, queries, own_ids


def config(key, ids, queries, own_ids, max_time):
    # Every check runs (as `--checks all` would, whose names on the command line would also
    # outrank an operation's own check settings below), the response time's with a 10 s limit.
    lines = [
        f"max-time = {max_time}",
        "[checks]",
        "max_response_time = 10.0",
        "[headers]",
        f'api-key = "{key}"',
        "[parameters]",
    ]
    lines += [f'"path.{name}" = "{value}"' for name, value in sorted(ids.items())]
    lines += [f'"query.{name}" = "{value}"' for name, value in sorted(queries.items())]
    for operation, own in own_ids.items():
        # An operation whose ids are fixed here never acts on what a create made in the run:
        # the stateful phase still links it to one, and takes its 404 for a lost resource.
        lines += ["", "[[operations]]", f'include-operation-id = "{operation}"',
                  "checks.ensure_resource_availability.enabled = false",
                  "[operations.parameters]"]
        lines += [f'"path.{name}" = "{value}"' for name, value in sorted(own.items())]
    for operation, reason in SEMANTIC_422.items():
        lines += [
            "",
            f"# {reason}",
            "[[operations]]",
            f'include-operation-id = "{operation}"',
            f"checks.positive_data_acceptance.expected-statuses = {POSITIVE_STATUSES}",
        ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--schemathesis", required=True)
    parser.add_argument("--max-time", type=int, default=300)
    args = parser.parse_args()
    key, ids, queries, own_ids = fixtures(args.base)
    with tempfile.TemporaryDirectory() as work:
        config_file = Path(work) / "schemathesis.toml"
        config_file.write_text(config(key, ids, queries, own_ids, args.max_time))
        command = [args.schemathesis, "--no-color", "--config-file", str(config_file), "run",
                   f"{args.base}/api/openapi.json"]
        # One flag per call: the flag takes one exact id, and a joined list matches none.
        for operation in EXCLUDED:
            command += ["--exclude-operation-id", operation]
        # In the temporary directory: schemathesis keeps a cache where it runs.
        env = dict(os.environ, SCHEMATHESIS_HOOKS=str(Path(__file__).with_name("hooks.py")),
                   EFORM_CONTRACT_IDS=json.dumps(ids))
        result = subprocess.run(command, capture_output=True, text=True, cwd=work, env=env)
    output = result.stdout + result.stderr
    print(output)
    failed = result.returncode != 0
    print(f"contract: {0 if failed else 1} passed, {1 if failed else 0} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
