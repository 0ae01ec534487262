"""A hundred-and-seventeenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of no-code databases and internal-tool builders: NocoDB
(40-character `xc-token` API tokens, `nc_pat_` fine-grained tokens, `xc-auth` JWTs, the `NC_DB`
connection URL, `m…` table and `vw…` view ids), Baserow (32-character database tokens sent as
`Authorization: Token …`, `Authorization: JWT …`, Django `SECRET_KEY`), Retool (`retool_01…` API
and RPC access tokens, `retool_wk_` workflow keys in `startTrigger` URLs, `ENCRYPTION_KEY` in
`docker.env`, embed `landingPageUuid` and RPC `resourceId`), Appsmith (`APPSMITH_ENCRYPTION_PASSWORD`,
`APPSMITH_DB_URL`, Git deploy keys, page ids), Budibase (`x-budibase-api-key` keys of 32 + 80 hex,
`app_`/`app_dev_`/`ta_` ids, Helm `globals.internalApiKey`), Grist (40-hex API keys, doc ids,
`GRIST_SESSION_SECRET`), Teable (`teable_acc…` personal access tokens, `tbl…` ids), SeaTable (40-hex
base API tokens, the JWT of `app-access-token`, `dtable_uuid`), Xano (Metadata API bearer JWTs, JWE
`authToken`s, `…xano.io/api:XXXXXXXX` group URLs), Glide (`GLIDE_TOKEN` UUID secret tokens, app ids,
`native-table-…` ids), Softr (`Softr-Api-Key` keys, database ids), Bubble (32-character Data API
admin tokens, `…x…` thing ids) and ToolJet (`LOCKBOX_MASTER_KEY`, the all-zero `.env.example`
value), in shell commands, HTTP headers, URLs, JSON/YAML/.env files, client code and tool output,
with the public ids, placeholders, masked values and secret references the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 110 to 114):
24 of 26 secrets caught, 1 of 24 look-alikes altered (missed: the password in NocoDB's
`pg://host?u=…&p=…&d=…`, a Postman variable's `value` beside `"type": "secret"` under a key named
`bubble_admin_token`; altered: Glide's `native-table-<20>` id).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    pick,
    uuid,
)

NC = "nocode"

CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"


def _b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def jwt(header: dict, claims, sig_len: int = 43):
    """A compact JWT: our header, claims from `claims(rng)`, a random signature."""

    def make(rng: random.Random) -> str:
        head = _b64u(json.dumps(header, separators=(",", ":")).encode())
        body = _b64u(json.dumps(claims(rng), separators=(",", ":")).encode())
        return f"{head}.{body}.{b64url(sig_len)(rng)}"

    return make


def _iat(rng: random.Random) -> int:
    return 1714000000 + rng.randrange(20_000_000)


def nocodb_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "email": "ines.varga@brightkite.dev",
        "id": "us" + lower_alnum(14)(rng),
        "roles": {"org-level-creator": True, "super": True},
        "token_version": hexl(64)(rng),
        "iat": iat,
        "exp": iat + 36000,
    }


def baserow_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    uid = int(digits(5)(rng))
    return {
        "token_type": "access",
        "exp": iat + 600,
        "iat": iat,
        "jti": hexl(32)(rng),
        "user_id": uid,
        "user_profile_id": [uid],
        "original_iat": iat,
    }


def seatable_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "exp": iat + 259200,
        "dtable_uuid": hexl(32)(rng),
        "username": hexl(32)(rng) + "@auth.local",
        "permission": "rw",
        "app_name": "ci-sync",
    }


def xano_meta_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "iss": "xano",
        "sub": int(digits(6)(rng)),
        "aud": "xano:meta",
        "scope": {"workspace:database": 15, "workspace:content": 15},
        "iat": iat,
        "exp": iat + 2592000,
    }


def xano_jwe(rng: random.Random) -> str:
    """A five-part JWE like Xano's `authToken` (A256KW / A256CBC-HS512, deflated)."""
    head = _b64u(json.dumps({"alg": "A256KW", "enc": "A256CBC-HS512", "zip": "DEF"}, separators=(",", ":")).encode())
    parts = [
        _rand_bytes(rng, 72),
        _rand_bytes(rng, 16),
        _rand_bytes(rng, 16 * (8 + rng.randrange(6))),
        _rand_bytes(rng, 32),
    ]
    return ".".join([head] + [_b64u(p) for p in parts])


def ecdsa_pubkey(rng: random.Random) -> str:
    """An OpenSSH ecdsa-sha2-nistp256 public key (a deploy key shown to be pasted into GitHub)."""

    def s(b: bytes) -> bytes:
        return len(b).to_bytes(4, "big") + b

    blob = s(b"ecdsa-sha2-nistp256") + s(b"nistp256") + s(b"\x04" + _rand_bytes(rng, 64))
    return "ecdsa-sha2-nistp256 " + base64.b64encode(blob).decode()


retool_token = join("retool_01", pick(CROCKFORD, 24))
nocodb_table = join("m", lower_alnum(14))
xano_host = join("x", lower_alnum(3), "-", pick(string.ascii_lowercase, 4), "-", lower_alnum(4), ".n7")
xano_group = b64url(8)
bubble_id = join("17", digits(11), "x", digits(18))


def num(n: int):
    """An n-digit number with no leading zero."""
    return join(pick("123456789", 1), digits(n - 1))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 24, "the rules for 110 to 114")

TEMPLATES: list = [
    # ---- secrets: NocoDB
    S(
        NC,
        "nocodb_xc_token",
        '$ curl -s -H "xc-token: {v}" "https://nocodb.brightkite.dev/api/v2/tables/{tbl}/records'
        "?limit=25&where=(Status,eq,Open)\" | jq '.pageInfo'",
        b64url(40),
        tbl=nocodb_table,
    ),
    S(
        NC,
        "nocodb_pat_bearer",
        'NOCODB_HEADERS = {"Authorization": "Bearer {v}", "Content-Type": "application/json"}',
        join("nc_pat_", b62(40)),
    ),
    S(
        NC,
        "nocodb_xc_auth_httpie",
        "$ http POST :8080/api/v1/db/meta/projects/{base}/api-tokens xc-auth:{v} description='ci sync'",
        jwt({"alg": "HS256", "typ": "JWT"}, nocodb_claims),
        base=join("p", lower_alnum(14)),
    ),
    S(
        NC,
        "nocodb_nc_db_url",
        '    environment:\n      NC_DB: "pg://nocodb-postgres:5432?u=nocodb&p={v}&d=nocodb_meta"\n'
        '      NC_PUBLIC_URL: https://nocodb.brightkite.dev\n      NC_DISABLE_TELE: "true"',
        b62(24),
    ),
    # ---- secrets: Baserow
    S(
        NC,
        "baserow_database_token",
        '$ curl -X PATCH -H "Authorization: Token {v}" -H "Content-Type: application/json" '
        "'https://api.baserow.io/api/database/rows/table/{tid}/{rid}/?user_field_names=true' "
        '-d \'{"Status": "Shipped"}\'',
        b62(32),
        tid=num(6),
        rid=num(3),
    ),
    S(
        NC,
        "baserow_jwt",
        '$ http GET https://api.baserow.io/api/applications/workspace/{ws}/ "Authorization: JWT {v}"',
        jwt({"alg": "HS256", "typ": "JWT"}, baserow_claims),
        ws=num(5),
    ),
    S(
        NC,
        "baserow_secret_key",
        "$ docker run -d --name baserow -e BASEROW_PUBLIC_URL=https://rows.brightkite.dev -e SECRET_KEY={v}"
        " -v baserow_data:/baserow/data -p 80:80 -p 443:443 --restart unless-stopped baserow/baserow:1.29.3",
        b62(48),
    ),
    # ---- secrets: Retool
    S(
        NC,
        "retool_api_token",
        'resp = requests.get(f"{RETOOL_HOST}/api/v2/users", headers={"Authorization": "Bearer {v}"}, timeout=30)',
        retool_token,
    ),
    S(
        NC,
        "retool_workflow_key_url",
        "$ curl -X POST 'https://api.retool.com/v1/workflows/{wf}/startTrigger?workflowApiKey={v}'"
        " -H 'Content-Type: application/json' -d '{\"orderId\": 48213}'",
        join("retool_wk_", hexl(32)),
        wf=uuid,
    ),
    S(
        NC,
        "retool_rpc_config",
        "const rpc = new RetoolRPC({\n  apiToken: '{v}',\n  host: 'https://brightkite.retool.com/',\n"
        "  resourceId: '{rid}',\n  environmentName: 'production',\n  pollingIntervalMs: 1000,\n})",
        retool_token,
        rid=uuid,
    ),
    S(
        NC,
        "retool_docker_env",
        "$ sudo cat retool-onpremise/docker.env\nDEPLOYMENT_TEMPLATE_TYPE=docker-compose\n"
        "BASE_DOMAIN=https://retool.brightkite.dev\nENCRYPTION_KEY={v}\nPOSTGRES_HOST=postgres\nPOSTGRES_PORT=5432",
        b64(48),
    ),
    # ---- secrets: Appsmith
    S(
        NC,
        "appsmith_encryption_password",
        "$ docker exec appsmith grep ENCRYPTION_PASSWORD /appsmith-stacks/configuration/docker.env\n"
        "APPSMITH_ENCRYPTION_PASSWORD={v}",
        b62(28),
    ),
    S(
        NC,
        "appsmith_db_url",
        "APPSMITH_DB_URL=mongodb+srv://appsmith-prod:{v}@cluster0.{c}.mongodb.net/appsmith?retryWrites=true&w=majority",
        b62(20),
        c=lower_alnum(5),
    ),
    # ---- secrets: Budibase
    S(
        NC,
        "budibase_api_key",
        "const res = await fetch(`${BB_URL}/api/public/v1/tables/${tableId}/rows/search`, {\n"
        '  method: "POST",\n  headers: {\n    "x-budibase-api-key": "{v}",\n    "x-budibase-app-id": "{app}",\n'
        '    "Content-Type": "application/json",\n  },\n  body: JSON.stringify({ query: {}, paginate: true }),\n});',
        join(hexl(32), "-", hexl(80)),
        app=join("app_", hexl(32)),
    ),
    S(
        NC,
        "budibase_helm_internal_key",
        "$ helm upgrade --install budibase budibase/budibase -n budibase --set globals.appVersion=v3.2.11"
        " --set globals.internalApiKey={v} --set ingress.enabled=true",
        b62(32),
    ),
    # ---- secrets: Grist
    S(
        NC,
        "grist_api_key",
        'api = GristDocAPI("{doc}", server="https://grist.brightkite.dev", api_key="{v}")',
        hexl(40),
        doc=b58(22),
    ),
    S(
        NC,
        "grist_session_secret",
        "$ docker run -d -p 8484:8484 -v $PWD/persist:/persist -e GRIST_SESSION_SECRET={v}"
        " -e GRIST_DEFAULT_EMAIL=ops@brightkite.dev -e APP_HOME_URL=https://grist.brightkite.dev gristlabs/grist",
        b64url(43),
    ),
    # ---- secrets: Teable, SeaTable
    S(
        NC,
        "teable_pat_env",
        "$ cat .env.local\nTEABLE_API_URL=https://app.teable.io/api\nTEABLE_ACCESS_TOKEN={v}\nTEABLE_BASE_ID={base}",
        join("teable_acc", b62(16), "_", b64(43), "="),
        base=join("bse", b62(16)),
    ),
    S(
        NC,
        "seatable_api_token",
        'from seatable_api import Base\n\nbase = Base("{v}", "https://cloud.seatable.io")\nbase.auth()',
        hexl(40),
    ),
    S(
        NC,
        "seatable_base_token",
        '$ curl -s -H "Authorization: Token $SEATABLE_API_TOKEN" https://cloud.seatable.io/api/v2.1/dtable/app-access-token/ | jq .\n'
        '{\n  "app_name": "ci-sync",\n  "access_token": "{v}",\n  "dtable_uuid": "{du}",\n'
        '  "dtable_server": "https://cloud.seatable.io/api-gateway/",\n  "workspace_id": {ws},\n  "dtable_name": "Orders"\n}',
        jwt({"alg": "HS256", "typ": "JWT"}, seatable_claims),
        du=uuid,
        ws=num(5),
    ),
    # ---- secrets: Xano
    S(
        NC,
        "xano_metadata_token",
        '$ curl -s -H "Authorization: Bearer {v}" https://{host}.xano.io/api:meta/workspace/{ws}/table | jq length',
        jwt({"alg": "RS256", "typ": "JWT"}, xano_meta_claims, sig_len=342),
        host=xano_host,
        ws=num(5),
    ),
    S(
        NC,
        "xano_auth_token_jwe",
        'POST https://{host}.xano.io/api:{grp}/auth/login -> 200 OK (412 ms)\n{"authToken":"{v}","user_id":{uid}}',
        xano_jwe,
        host=xano_host,
        grp=xano_group,
        uid=num(4),
    ),
    # ---- secrets: Glide, Softr, Bubble, ToolJet
    S(
        NC,
        "glide_token_positional",
        "$ GLIDE_TOKEN={v} npx @glideapps/tables {app} src/glide/tables.ts",
        uuid,
        app=b62(20),
    ),
    S(
        NC,
        "softr_api_key",
        "$ curl --request POST 'https://studio-api.softr.io/v1/api/users' --header 'Softr-Api-Key: {v}'"
        " --header 'Softr-Domain: portal.brightkite.dev' --header 'Content-Type: application/json'"
        ' --data-raw \'{"full_name": "Ada Moreau", "email": "ada@brightkite.dev", "generate_magic_link": true}\'',
        b62(25),
    ),
    S(
        NC,
        "bubble_admin_token_postman",
        '    {\n      "key": "bubble_admin_token",\n      "value": "{v}",\n      "type": "secret",\n      "enabled": true\n    },',
        hexl(32),
    ),
    S(
        NC,
        "tooljet_lockbox_key",
        "TOOLJET_HOST=https://tools.brightkite.dev\nLOCKBOX_MASTER_KEY={v}\nPG_HOST=postgres\nPG_DB=tooljet_production",
        hexl(64),
    ),
    # ---- look-alikes: public ids in URLs and configs
    L(
        NC,
        "nocodb_table_id",
        'curl -s -H "xc-token: $NOCODB_TOKEN" "https://app.nocodb.com/api/v2/tables/{v}/records?viewId={view}&limit=10"',
        nocodb_table,
        view=join("vw", lower_alnum(13)),
    ),
    L(NC, "nocodb_image_digest", "    image: nocodb/nocodb:0.263.1@sha256:{v}\n    restart: always", hexl(64)),
    L(
        NC,
        "retool_landing_page_uuid",
        '  body = {\n    "landingPageUuid": "{v}",\n    "groupIds": [14, 22],\n    "externalIdentifier": "cust-4821",\n'
        '    "userInfo": {"email": "ines@brightkite.dev"},\n  }',
        uuid,
    ),
    L(
        NC,
        "retool_resource_id",
        "  host: process.env.RETOOL_HOST,\n  resourceId: '{v}',\n  apiToken: process.env.RETOOL_RPC_TOKEN,",
        uuid,
    ),
    L(
        NC,
        "appsmith_page_id",
        "Opened https://apps.brightkite.dev/app/ops-console/orders-{v}?branch=main in view mode",
        hexl(24),
    ),
    L(
        NC,
        "appsmith_commit_sha",
        "Appsmith Git: committed {v} and pushed to brightkite/ops-console (branch main)",
        hexl(40),
    ),
    L(
        NC,
        "appsmith_deploy_key",
        "Copy this deploy key and add it to your repository (Settings > Deploy keys, allow write access):\n{v} appsmith",
        ecdsa_pubkey,
    ),
    L(
        NC,
        "budibase_app_dev_id",
        "Builder ready at http://localhost:10000/builder/app/{v}/design",
        join("app_dev_", hexl(32)),
    ),
    L(
        NC,
        "budibase_table_id",
        'POST /api/public/v1/tables/{v}/rows/search  (x-budibase-api-key: "${BUDIBASE_API_KEY}")',
        join("ta_", hexl(32)),
    ),
    L(NC, "grist_doc_id", "GET https://docs.getgrist.com/api/docs/{v}/tables/Orders/records?limit=50 -> 200", b58(22)),
    L(
        NC,
        "teable_table_id",
        "const url = `https://app.teable.io/api/table/{v}/record?fieldKeyType=name&take=100`;",
        join("tbl", b62(16)),
    ),
    L(NC, "seatable_dtable_uuid", "[sync] authenticated, dtable_uuid={v}, 3 tables, 1,204 rows", uuid),
    L(
        NC,
        "xano_group_url",
        "VITE_XANO_BASE_URL={v}",
        join("https://", xano_host, ".xano.io/api:", xano_group),
    ),
    L(
        NC,
        "glide_app_id",
        'const inventory = glide.table({\n  token: process.env.GLIDE_TOKEN,\n  app: "{v}",\n  table: "{tbl}",',
        b62(20),
        tbl=join("native-table-", b62(20)),
    ),
    L(NC, "softr_database_id", "GET https://tables-api.softr.io/api/v1/databases/{v}/tables -> 200 (4 tables)", uuid),
    L(NC, "bubble_thing_id", 'GET /version-test/api/1.1/obj/order/{v} -> 200 {"Status": "Open"}', bubble_id),
    # ---- look-alikes: references, masks, placeholders
    L(
        NC,
        "nocodb_masked_token",
        "│ ci-sync        │ {v} │ 2025-03-02 │",
        join("nc_pat_", const("*" * 36), b62(4)),
    ),
    L(NC, "nocodb_placeholder", '{\n  "headers": {\n    "xc-token": "{v}"\n  }\n}', const("<paste-api-token-here>")),
    L(
        NC,
        "baserow_env_ref",
        'BASEROW_HEADERS = {"Authorization": f"Token {v}"}',
        const("{os.environ['BASEROW_DB_TOKEN']}"),
    ),
    L(
        NC,
        "retool_gha_secret_ref",
        '      - run: curl -fsS -X POST "https://api.retool.com/v1/workflows/$WF_ID/startTrigger" -H "X-Workflow-Api-Key: {v}"',
        const("${{ secrets.RETOOL_WORKFLOW_KEY }}"),
    ),
    L(NC, "retool_placeholder", "# .env.example\nRETOOL_API_TOKEN={v}", const("retool_01" + "x" * 24)),
    L(
        NC,
        "grist_secret_store_ref",
        'curl -H "Authorization: Bearer {v}" https://grist.brightkite.dev/api/orgs',
        const("$(pass show grist/api-key)"),
    ),
    L(
        NC,
        "seatable_masked_token",
        "API token  ci-sync  Read-Write  {v}  created 2025-01-14",
        join(const("*" * 36), hexl(4)),
    ),
    L(
        NC,
        "tooljet_example_key",
        "# .env.example\nLOCKBOX_MASTER_KEY={v}\nSECRET_KEY_BASE=replace_with_secret_key_base",
        const("0" * 64),
    ),
]
