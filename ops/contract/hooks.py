"""Schemathesis hooks of the contract run (loaded through SCHEMATHESIS_HOOKS by run.py).

A JSON:API create names its client (and a permission its user, a datasource its uploaded
file) inside the body, where the config's parameters do not reach. Drawn at random, such an
id names nothing, and the call ends in a 404 before anything else of the body is judged; so
most drawn bodies get the run's real ids, and one in four keeps its own to go on testing the
404.
"""
import hashlib
import json
import os

import schemathesis

# The relationship's name in a body -> the fixture id it takes (run.py's `ids`).
RELATIONSHIPS = {"client": "client_id", "client_id": "client_id", "user": "user_id",
                 "file": "datasource_file_id"}
CREATES = {"user_group_create", "user_permission_create", "credit_create", "datasource_create"}
IDS = json.loads(os.environ.get("EFORM_CONTRACT_IDS", "{}"))


@schemathesis.hook
def map_body(ctx, body):
    operation = ctx.operation.definition.raw.get("operationId") if ctx.operation else None
    # The draw must give the same body each time (Hypothesis replays it): one in four by its hash.
    drawn = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).digest()
    if operation not in CREATES or drawn[0] < 64:
        return body
    data = body.get("data") if isinstance(body, dict) else None
    relationships = data.get("relationships") if isinstance(data, dict) else None
    if not isinstance(relationships, dict):
        return body
    for name, fixture in RELATIONSHIPS.items():
        one = relationships.get(name)
        ref = one.get("data") if isinstance(one, dict) else None
        # Only an id that is there as text: a body drawn without one, or with another kind of
        # value, is a case of a wrong body and stays one.
        if isinstance(ref, dict) and isinstance(ref.get("id"), str) and fixture in IDS:
            ref["id"] = IDS[fixture]
    return body
