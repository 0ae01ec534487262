"""A hundred-and-sixty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of data labeling and annotation platforms: Labelbox (API keys that
are JWTs, `LABELBOX_API_KEY`, `Client(api_key=...)`, cuid project ids and global keys), Scale AI
(`live_`/`test_` keys of 32 hex characters sent as the HTTP Basic username with an empty password,
`ScaleClient`, 24-hex task ids, the masked key in the dashboard), Label Studio (40-hex legacy
tokens under `Authorization: Token`, personal access tokens that are JWT refresh tokens exchanged
at `/api/token/refresh`, `LABEL_STUDIO_API_KEY`, `LABEL_STUDIO_USER_TOKEN`), SuperAnnotate
(`SA_TOKEN` in `~/.superannotate/config.ini`, `SAClient(token=...)`, legacy tokens ending in
`t=<team id>`), V7 Darwin (`Authorization: ApiKey <key>`, seven characters, a dot and 32 url-safe
characters, `~/.darwin/config.yaml`, `Client.from_api_key`, the masked `darwin authenticate`
prompt), Roboflow (private API keys, `?api_key=` on hosted inference, the `?key=` of a dataset
download link, and the non-secret publishable key `rf_<workspaceId>`), CVAT (`cvat-cli --auth
USER:PASS`, the 40-hex key returned by `/api/auth/login`), Encord (ed25519 OpenSSH private keys
for `EncordUserClient.create_with_ssh_private_key`, `ENCORD_SSH_KEY_FILE`, with the registered
public key, its fingerprint and UUID project hashes beside them), Kili Technology
(`KILI_API_KEY`, `--api-key`, `Authorization: X-API-Key: <key>`, cuid project ids), Argilla
(`rg.Argilla(api_url, api_key)`, `OWNER_API_KEY`, the documented default `owner.apikey`),
Prolific (`Authorization: Token <token>`, 24-hex participant and study ids in the study URL,
completion codes) and Snorkel Flow (`SnorkelFlowContext` with a per-user API key), in commands,
config files, code and tool output, with the public ids the same documentation shows beside them.

Where a vendor documents the form but not the body of its key, the body is this author's
assumption: the claims inside the Labelbox JWT, the 40 hex characters before SuperAnnotate's
`t=`, and the 20 alphanumerics of a Roboflow private key. Where a vendor does not document the
alphabet or length at all (Kili, Prolific, Snorkel Flow, Argilla's generated keys) the value is a
plain opaque shape (a UUID, url-safe or alphanumeric characters) and its context carries the signal.

First score, blind, before any rule changed for it (after the rules for 160 to 164):
25 of 27 secrets caught, 1 of 24 look-alikes altered (missed: Scale's `test_<32 hex>` as
`ScaleClient`'s only argument, Roboflow's ten-character download `key=`; altered: Prolific's
`SESSION_ID` in a survey link).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

LB = "labeling"

JWT_HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
ED25519_HEAD = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def cuid(rng: random.Random) -> str:
    """A 25-character cuid as Labelbox and Kili print for their resource ids."""
    return "c" + pick(string.ascii_lowercase + string.digits, 24)(rng)


def labelbox_jwt(rng: random.Random) -> str:
    iat = 1_700_000_000 + rng.randrange(40_000_000)
    payload = {
        "userId": cuid(rng),
        "organizationId": cuid(rng),
        "apiKeyId": cuid(rng),
        "secret": hexl(32)(rng),
        "iat": iat,
        "exp": iat + 60 * 60 * 24 * 365 * 2,
    }
    return f"{JWT_HS256_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def ls_refresh_jwt(rng: random.Random) -> str:
    """A Label Studio personal access token: a simplejwt refresh token."""
    iat = 1_720_000_000 + rng.randrange(30_000_000)
    payload = {
        "token_type": "refresh",
        "exp": iat + 60 * 60 * 24 * 200,
        "iat": iat,
        "jti": hexl(32)(rng),
        "user_id": rng.randrange(1, 400),
    }
    return f"{JWT_HS256_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def ls_access_jwt(rng: random.Random) -> str:
    iat = 1_720_000_000 + rng.randrange(30_000_000)
    payload = {
        "token_type": "access",
        "exp": iat + 300,
        "iat": iat,
        "jti": hexl(32)(rng),
        "user_id": rng.randrange(1, 400),
    }
    return f"{JWT_HS256_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def scale_basic(prefix: str):
    """`Authorization: Basic` of `<key>:` (the key is the username, the password is empty)."""
    key = join(prefix, hexl(32))
    return lambda rng: base64.b64encode(f"{key(rng)}:".encode()).decode()


def ed25519_private(rng: random.Random) -> str:
    """The five base64 lines of an unencrypted OpenSSH ed25519 private key."""
    lines = [
        ED25519_HEAD,
        "QyNTUxOQAAACD" + b64(57)(rng),
        b64(70)(rng),
        b64(70)(rng),
        b64(20)(rng) + "AAAAAAECAwQF",
    ]
    return "\n".join(lines)


v7_key = join(b62(7), ".", b64url(32))
sa_legacy = join(hexl(40), "t=", digits(5))
rf_private = b62(20)
mongo_id = hexl(24)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 27, 1, 24, "the rules for 160 to 164")

TEMPLATES: list = [
    # ---- secrets: Labelbox
    S(
        LB,
        "labelbox_env_export",
        'user@annot-01:~$ export LABELBOX_API_KEY="{v}"\nuser@annot-01:~$ python3 scripts/sync_ontology.py --project {proj}',
        labelbox_jwt,
        proj=cuid,
    ),
    S(
        LB,
        "labelbox_graphql_bearer",
        "$ curl -s https://api.labelbox.com/graphql -H 'Content-Type: application/json'"
        ' -H "Authorization: Bearer {v}" -d \'{"query": "{ user { email } }"}\'',
        labelbox_jwt,
    ),
    # ---- secrets: Scale AI
    S(
        LB,
        "scale_basic_user",
        '$ curl "https://api.scale.com/v1/tasks?project=kitchen_bbox_v3&status=completed&limit=100" -u "{v}:"',
        join("live_", hexl(32)),
    ),
    S(
        LB,
        "scale_client_positional",
        'import scaleapi\n\nclient = scaleapi.ScaleClient("{v}")\n'
        'batch = client.create_batch(project="kitchen_bbox_v3", batch_name="smoke-{num}")',
        join("test_", hexl(32)),
        num=digits(4),
    ),
    S(
        LB,
        "scale_basic_header",
        "> POST /v1/task/imageannotation HTTP/1.1\n> Host: api.scale.com\n> Authorization: Basic {v}\n> Content-Type: application/json",
        scale_basic("live_"),
    ),
    # ---- secrets: Label Studio
    S(
        LB,
        "ls_legacy_token_header",
        "$ curl -X GET http://localhost:8080/api/projects/ -H 'Authorization: Token {v}'",
        hexl(40),
    ),
    S(
        LB,
        "ls_pat_refresh",
        "$ curl -s -X POST https://label.corp-vision.io/api/token/refresh -H 'Content-Type: application/json'"
        ' -d \'{"refresh": "{v}"}\'',
        ls_refresh_jwt,
    ),
    S(
        LB,
        "ls_access_response",
        "$ curl -s -X POST http://localhost:8080/api/token/refresh -H 'Content-Type: application/json' -d @refresh.json\n"
        '{"access":"{v}"}',
        ls_access_jwt,
    ),
    S(
        LB,
        "ls_ml_backend_compose",
        "  ml-backend:\n    image: heartexlabs/label-studio-ml-backend:yolo-master\n    environment:\n"
        "      - LABEL_STUDIO_URL=http://label-studio:8080\n      - LABEL_STUDIO_API_KEY={v}\n      - MODEL_DIR=/data/models",
        hexl(40),
    ),
    S(
        LB,
        "ls_user_token_docker",
        "$ docker run -d -p 8080:8080 -v $(pwd)/mydata:/label-studio/data -e LABEL_STUDIO_USERNAME=ops@corp-vision.io"
        " -e LABEL_STUDIO_USER_TOKEN={v} heartexlabs/label-studio:latest",
        hexl(40),
    ),
    # ---- secrets: SuperAnnotate
    S(
        LB,
        "sa_config_ini",
        "$ cat ~/.superannotate/config.ini\n[DEFAULT]\nSA_TOKEN = {v}\nLOGGING_LEVEL = INFO\nLOGGING_PATH = /home/mlops/logs/sa",
        sa_legacy,
    ),
    S(
        LB,
        "sa_client_token",
        ">>> from superannotate import SAClient\n>>> sa = SAClient(token='{v}')\n>>> sa.search_projects('Dogs')",
        sa_legacy,
    ),
    # ---- secrets: V7 Darwin
    S(
        LB,
        "v7_config_yaml",
        "$ cat ~/.darwin/config.yaml\nglobal:\n  api_endpoint: https://darwin.v7labs.com/api/\n"
        "  base_url: https://darwin.v7labs.com\n  default_team: corp-vision\nteams:\n  corp-vision:\n"
        "    api_key: {v}\n    datasets_dir: /home/mlops/.darwin/datasets",
        v7_key,
    ),
    S(
        LB,
        "v7_apikey_header",
        "$ curl -s https://darwin.v7labs.com/api/v2/teams/corp-vision/items?dataset_ids=7{num}"
        ' -H "accept: application/json" -H "Authorization: ApiKey {v}"',
        v7_key,
        num=digits(5),
    ),
    S(
        LB,
        "v7_from_api_key",
        'client = Client.from_api_key("{v}")\ndataset = client.get_remote_dataset("corp-vision/shelf-scans")',
        v7_key,
    ),
    # ---- secrets: Roboflow
    S(
        LB,
        "roboflow_download_link",
        '!curl -L "https://app.roboflow.com/ds/{ds}?key={v}" > roboflow.zip; unzip roboflow.zip; rm roboflow.zip',
        b62(10),
        ds=b62(10),
    ),
    S(
        LB,
        "roboflow_client",
        'from roboflow import Roboflow\nrf = Roboflow(api_key="{v}")\n'
        'project = rf.workspace("corp-vision").project("pallet-damage")\ndataset = project.version(4).download("yolov8")',
        rf_private,
    ),
    S(
        LB,
        "roboflow_inference_query",
        '$ base64 forklift.jpg | curl -d @- "https://detect.roboflow.com/pallet-damage/4?api_key={v}&confidence=40"',
        rf_private,
    ),
    # ---- secrets: CVAT
    S(
        LB,
        "cvat_cli_auth",
        "$ cvat-cli --server-host https://cvat.corp-vision.io --auth annotator1:{v} task ls",
        password(14),
    ),
    S(
        LB,
        "cvat_login_key",
        "$ curl -s -X POST https://cvat.corp-vision.io/api/auth/login -H 'Content-Type: application/json' -d @creds.json\n"
        '{"key":"{v}"}',
        hexl(40),
    ),
    # ---- secrets: Encord
    S(
        LB,
        "encord_private_key",
        "$ cat ~/.ssh/encord-sdk-ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
        ed25519_private,
    ),
    # ---- secrets: Kili
    S(
        LB,
        "kili_cli_api_key",
        "$ kili project list --max 10 --api-key {v}",
        uuid,
        note="Kili key shape not documented; UUID-shaped here",
    ),
    S(
        LB,
        "kili_x_api_key_header",
        'resp = requests.get(asset["content"], headers={"Authorization": "X-API-Key: {v}"})',
        uuid,
        note="Kili key shape not documented; UUID-shaped here",
    ),
    # ---- secrets: Argilla, Prolific, Snorkel Flow
    S(
        LB,
        "argilla_client",
        'client = rg.Argilla(\n    api_url="https://argilla-annot.corp-vision.io",\n    api_key="{v}",\n)',
        b64url(43),
    ),
    S(
        LB,
        "argilla_owner_env",
        "$ docker run -d --name argilla -p 6900:6900 -e OWNER_USERNAME=owner -e OWNER_API_KEY={v} argilla/argilla-quickstart:latest",
        b62(32),
    ),
    S(
        LB,
        "prolific_token_header",
        '$ curl -s https://api.prolific.com/api/v1/users/me/ -H "Authorization: Token {v}"',
        b64url(86),
        note="Prolific token shape not documented; url-safe here",
    ),
    S(
        LB,
        "snorkelflow_context",
        'ctx = SnorkelFlowContext.from_kwargs(\n    host="https://snorkel.corp-vision.io",\n    api_key="{v}",\n'
        '    workspace_name="default",\n)',
        lower_alnum(40),
        note="Snorkel Flow key shape not documented",
    ),
    # ---- look-alikes: public ids
    L(
        LB,
        "labelbox_project_id",
        'project = client.get_project("{v}")\nprint(project.name, project.created_at)',
        cuid,
    ),
    L(
        LB,
        "labelbox_global_key",
        'dataset.create_data_rows([{"row_data": "gs://cv-raw/shelf/0412.jpg", "global_key": "{v}"}])',
        uuid,
    ),
    L(
        LB,
        "scale_task_id",
        '{\n  "task_id": "{v}",\n  "created_at": "2024-06-03T11:42:10.118Z",\n  "type": "imageannotation",\n  "status": "pending",',
        mongo_id,
    ),
    L(
        LB,
        "roboflow_publishable_key",
        'const model = await inferEngine.startWorker("pallet-damage", 4, "{v}");',
        join("rf_", b62(28)),
        note="publishable key rf_<workspaceId>, documented as safe to embed",
    ),
    L(
        LB,
        "encord_public_key",
        "$ cat ~/.ssh/encord-sdk-ed25519.pub\nssh-ed25519 {v} mlops@annot-01",
        join("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
    ),
    L(
        LB,
        "encord_fingerprint",
        "$ ssh-keygen -lf ~/.ssh/encord-sdk-ed25519.pub\n256 {v} mlops@annot-01 (ED25519)",
        join("SHA256:", b64(43)),
    ),
    L(
        LB,
        "encord_project_hash",
        'project = user_client.get_project("{v}")\nfor row in project.list_label_rows_v2():',
        uuid,
    ),
    L(
        LB,
        "kili_project_id",
        '$ kili project create interface.json --title "Shelf QA" --input-type IMAGE\nID                         URL\n'
        "{v}  https://cloud.kili-technology.com/label/projects/{v}/",
        cuid,
    ),
    L(
        LB,
        "v7_item_id",
        '$ curl -s https://darwin.v7labs.com/api/v2/teams/corp-vision/items/{v} -H "Authorization: ApiKey $DARWIN_API_KEY"',
        uuid,
    ),
    L(
        LB,
        "prolific_pid_url",
        'GET /survey/start?PROLIFIC_PID={v}&STUDY_ID={study}&SESSION_ID={sess} HTTP/1.1" 200 5121',
        mongo_id,
        study=mongo_id,
        sess=lower_alnum(32),
    ),
    L(
        LB,
        "prolific_completion_code",
        '  "completion_codes": [\n    {"code": "{v}", "code_type": "COMPLETED", "actions": [{"action": "AUTOMATICALLY_APPROVE"}]}\n  ],',
        upper_alnum(8),
    ),
    L(
        LB,
        "darwin_pin_sha",
        '$ pip install "darwin-py @ git+https://github.com/v7labs/darwin-py@{v}"',
        hexl(40),
    ),
    L(
        LB,
        "ls_export_checksum",
        "$ sha256sum exports/project-12-at-2024-05-30-09-14-{short}.json\n{v}  exports/project-12-at-2024-05-30-09-14-{short}.json",
        hexl(64),
        short=hexl(8),
    ),
    # ---- look-alikes: references, placeholders, masks, defaults
    L(
        LB,
        "labelbox_placeholder",
        'user@machine:~$ export LABELBOX_API_KEY="{v}"',
        const("<your api key here>"),
    ),
    L(
        LB,
        "scale_env_ref",
        "client = scaleapi.ScaleClient({v})",
        const('os.environ["SCALE_API_KEY"]'),
    ),
    L(
        LB,
        "ls_gha_secret",
        "      - name: Push predictions\n        env:\n          LABEL_STUDIO_URL: https://label.corp-vision.io\n"
        "          LABEL_STUDIO_API_KEY: {v}\n        run: python push_predictions.py",
        const("${{ secrets.LABEL_STUDIO_API_KEY }}"),
    ),
    L(
        LB,
        "sa_placeholder_ini",
        "[DEFAULT]\nSA_TOKEN = {v}\nLOGGING_LEVEL = INFO",
        const("<API key>"),
    ),
    L(
        LB,
        "v7_masked_prompt",
        "$ darwin authenticate\nAPI key: {v}\nMake corp-vision the default team? [y/N] y\n"
        "Datasets directory [~/.darwin/datasets]:\nAuthentication succeeded.",
        const("***********"),
    ),
    L(
        LB,
        "scale_masked_key",
        "Live API Key   {v}   Created Mar 4, 2024   [Roll key]",
        join("live_", const("*" * 28), hexl(4)),
    ),
    L(
        LB,
        "cvat_env_ref",
        '$ cvat-cli --server-host https://cvat.corp-vision.io --auth "annotator1:{v}" task ls',
        const("$CVAT_PASSWORD"),
    ),
    L(
        LB,
        "argilla_default_key",
        "# values from the quickstart docs, local only\nARGILLA_API_URL=http://localhost:6900\nARGILLA_API_KEY={v}",
        const("owner.apikey"),
    ),
    L(
        LB,
        "kili_placeholder",
        "  export KILI_API_KEY='{v}'",
        const("<you api key value here>"),
    ),
    L(
        LB,
        "snorkel_placeholder",
        'ctx = SnorkelFlowContext.from_kwargs(host="https://snorkel.corp-vision.io", api_key="{v}")',
        const("YOUR_SNORKELFLOW_API_KEY"),
    ),
    L(
        LB,
        "encord_key_path_ref",
        "user_client = EncordUserClient.create_with_ssh_private_key(ssh_private_key_path={v})",
        const('os.getenv("ENCORD_SSH_KEY_FILE")'),
    ),
]
