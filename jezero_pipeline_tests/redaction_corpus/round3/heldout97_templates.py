"""A ninety-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of low-code and workflow-automation platforms: n8n (the
`X-N8N-API-KEY` header carrying a JWT with `iss: n8n` and `aud: public-api`, the instance's
`encryptionKey` in `~/.n8n/config`, Postgres settings passed to the container, workflow exports
and `={{ $env.X }}` expressions), Make (`Authorization: Token <uuid>` against `eu1.make.com/api/v2`,
custom webhook URLs on `hook.<zone>.make.com` and the `x-make-apikey` header, `{{connection.apiKey}}`
in a custom app), Zapier (Catch Hook URLs, the platform CLI's `~/.zapierrc` deploy key and
`.zapierapprc`, `sk-ak-` AI Actions keys, `bundle.authData`), IFTTT Webhooks (`/trigger/<event>/with/key/`
and a Home Assistant `ifttt:` block), Pipedream (the `pd` config file's `api_key`/`org_id`, Connect
`proj_` project ids and OAuth client secrets, `this.<app>.$auth`), Retool (`retool_01…` API tokens in
`RetoolRPC`, resource UUIDs, `retoolContext.configVars`), Power Automate / Logic Apps ("When an HTTP
request is received" URLs with `sig=`, environment ids, `listCallbackUrl()`), Workato (API platform
`api-token` basic auth, `wrkprod-` developer API tokens, connector SDK interpolation), Tray.io (webhook
`X-CSRF-Token`, master tokens against the GraphQL API), Bubble (32-character Data API tokens, unique
ids), Windmill (`?token=` webhooks, `wmill workspace add --token`, `/h/<hash>` routes, variable
paths) and Activepieces (`sk-` platform API keys, `AP_ENCRYPTION_KEY`, flow ids), in commands,
config files, code and tool output, with the public ids, references and digests shown beside them.

First score, blind, before any rule changed for it (after the rules for 90 to 94):
24 of 25 secrets caught, 0 of 25 look-alikes altered (missed: a Tray token in
`xhr.setRequestHeader("X-CSRF-Token", "…")`).
"""

from __future__ import annotations

import base64
import json
import random

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
    uuid,
)

AUT = "automation"

JWT_HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
JWT_TYP_FIRST_HEAD = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9"
ULID_LOWER = "0123456789abcdefghjkmnpqrstvwxyz"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def n8n_api_key(rng: random.Random) -> str:
    """An n8n public-API key: an HS256 JWT for a user id, issued by n8n for the public API."""
    payload = {"sub": uuid(rng), "iss": "n8n", "aud": "public-api", "iat": 1714000000 + rng.randrange(40_000_000)}
    return f"{JWT_HS256_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


retool_token = join("retool_01", pick(ULID_LOWER, 24))
workato_token = join("wrkprod-", JWT_TYP_FIRST_HEAD, ".", b64url(118), ".", b64url(43))
bubble_id = join("17", digits(11), "x", digits(18))


def num_id(n: int):
    """A numeric id of n digits without a leading zero, as JSON numbers print."""
    return join(pick("123456789", 1), digits(n - 1))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 0, 25, "the rules for 90 to 94")

TEMPLATES: list = [
    # ---- secrets: n8n
    S(
        AUT,
        "n8n_api_key_header",
        "$ curl -s -X GET 'https://n8n.{host}.dev/api/v1/workflows?active=true' \\\n"
        "    -H 'accept: application/json' \\\n    -H 'X-N8N-API-KEY: {v}' | jq '.data | length'\n14",
        n8n_api_key,
        host=lower_alnum(7),
    ),
    S(
        AUT,
        "n8n_encryption_key_config",
        '$ docker exec n8n cat /home/node/.n8n/config\n{\n\t"encryptionKey": "{v}"\n}',
        b62(32),
    ),
    S(
        AUT,
        "n8n_postgres_password_flag",
        "$ docker run -d --name n8n -p 5678:5678 -e DB_TYPE=postgresdb -e DB_POSTGRESDB_HOST=pg.internal"
        " -e DB_POSTGRESDB_USER=n8n -e DB_POSTGRESDB_PASSWORD={v} -v n8n_data:/home/node/.n8n"
        " docker.n8n.io/n8nio/n8n",
        password(20),
    ),
    # ---- secrets: Make
    S(
        AUT,
        "make_api_token",
        "curl --location 'https://eu1.make.com/api/v2/scenarios?teamId={team}' \\\n"
        "  --header 'Authorization: Token {v}' \\\n  --header 'Content-Type: application/json'",
        uuid,
        team=digits(6),
    ),
    S(
        AUT,
        "make_webhook_url",
        "    resp = requests.post(\n"
        '        "https://hook.eu1.make.com/{v}",\n'
        '        json={"order_id": order.id, "total": str(order.total)},\n        timeout=10,\n    )',
        lower_alnum(32),
    ),
    S(
        AUT,
        "make_webhook_apikey",
        '$ curl -X POST "$MAKE_HOOK_URL" -H "x-make-apikey: {v}" -H "Content-Type: application/json"'
        ' -d \'{"event":"invoice.paid"}\'\nAccepted',
        password(32),
    ),
    # ---- secrets: Zapier
    S(
        AUT,
        "zapier_catch_hook",
        'ZAPIER_HOOK_URL = "https://hooks.zapier.com/hooks/catch/{acct}/{v}/"  # "New lead" Zap',
        lower_alnum(7),
        acct=digits(8),
    ),
    S(AUT, "zapier_deploy_key_rc", '$ cat ~/.zapierrc\n{\n  "deployKey": "{v}"\n}', hexl(32)),
    S(
        AUT,
        "zapier_ai_actions_key",
        "from langchain_community.utilities.zapier import ZapierNLAWrapper\n\n"
        'zapier = ZapierNLAWrapper(zapier_nla_api_key="{v}")',
        join("sk-ak-", b62(28)),
    ),
    # ---- secrets: IFTTT
    S(
        AUT,
        "ifttt_maker_url",
        '$ curl -X POST -H "Content-Type: application/json" -d \'{"value1":"garage","value2":"open"}\''
        " https://maker.ifttt.com/trigger/door_opened/with/key/{v}\n"
        "Congratulations! You've fired the door_opened event",
        b64url(22),
    ),
    S(
        AUT,
        "ifttt_home_assistant",
        "# configuration.yaml\nifttt:\n  key: {v}\n\nhttp:\n  server_port: 8123",
        b64url(22),
    ),
    # ---- secrets: Pipedream
    S(
        AUT,
        "pipedream_cli_config",
        "$ cat ~/.config/pipedream/config\napi_key = {v}\norg_id = o_{org}",
        hexl(32),
        org=b62(7),
    ),
    S(
        AUT,
        "pipedream_client_secret",
        "PIPEDREAM_PROJECT_ID=proj_{proj}\nPIPEDREAM_PROJECT_ENVIRONMENT=production\n"
        "PIPEDREAM_CLIENT_ID={cid}\nPIPEDREAM_CLIENT_SECRET={v}",
        b64url(43),
        proj=b62(7),
        cid=b64url(43),
    ),
    # ---- secrets: Retool
    S(
        AUT,
        "retool_rpc_token",
        "const rpc = new RetoolRPC({\n  apiToken: '{v}',\n  host: 'https://brightkite.retool.com',\n"
        "  resourceId: '{rid}',\n  environmentName: 'production',\n  pollingIntervalMs: 1000,\n})",
        retool_token,
        rid=uuid,
    ),
    S(
        AUT,
        "retool_api_bearer",
        "r = requests.get(\n"
        '    "https://brightkite.retool.com/api/v2/users?limit=50",\n'
        '    headers={"Authorization": "Bearer {v}"},\n)',
        retool_token,
    ),
    # ---- secrets: Power Automate / Logic Apps
    S(
        AUT,
        "power_automate_sig",
        "POST https://prod-{region}.westeurope.logic.azure.com:443/workflows/{wf}/triggers/manual/paths/invoke"
        "?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig={v}",
        b64url(43),
        region=digits(2),
        wf=hexl(32),
    ),
    # ---- secrets: Workato
    S(
        AUT,
        "workato_api_platform_token",
        "$ curl -s -u api-token:{v} https://apim.workato.com/brightkite/orders-v1/orders/18422",
        hexl(64),
    ),
    S(
        AUT,
        "workato_developer_token",
        "# .env (workato-platform-cli)\nWORKATO_API_HOST=https://www.workato.com\nWORKATO_API_TOKEN={v}",
        workato_token,
    ),
    # ---- secrets: Tray.io
    S(
        AUT,
        "tray_csrf_token",
        'xhttp.open("POST", TRAY_WEBHOOK_URL, true);\n'
        'xhttp.setRequestHeader("Content-type", "application/json");\n'
        'xhttp.setRequestHeader("X-CSRF-Token", "{v}");',
        b62(32),
    ),
    S(
        AUT,
        "tray_master_token",
        "$ curl -s https://tray.io/graphql -H 'Content-Type: application/json' -H 'Authorization: Bearer {v}'"
        ' -d \'{"query":"{ users { edges { node { id name } } } }"}\'',
        hexl(64),
    ),
    # ---- secrets: Bubble
    S(
        AUT,
        "bubble_data_api_token",
        'BUBBLE_BASE = "https://brightkite-crm.bubbleapps.io/version-test/api/1.1/obj"\n'
        'HEADERS = {"Authorization": "Bearer {v}"}\n'
        'orders = requests.get(f"{BUBBLE_BASE}/order", headers=HEADERS).json()["response"]["results"]',
        hexl(32),
    ),
    # ---- secrets: Windmill
    S(
        AUT,
        "windmill_webhook_token",
        '$ curl -s -X POST "https://windmill.brightkite.dev/api/w/ops/jobs/run_wait_result/p/f/billing/sync_invoices'
        '?token={v}" -H "Content-Type: application/json" -d \'{"month": "2024-05"}\'',
        b62(32),
    ),
    S(
        AUT,
        "windmill_workspace_add",
        "$ wmill workspace add ops ops https://windmill.brightkite.dev/ --token {v}\n"
        "Adding workspace ops (ops) on https://windmill.brightkite.dev/\nSwitched to workspace ops",
        b62(32),
    ),
    # ---- secrets: Activepieces
    S(
        AUT,
        "activepieces_api_key",
        "$ curl -s 'https://cloud.activepieces.com/api/v1/flows?projectId={pid}&limit=10' \\\n"
        '    -H "Authorization: Bearer {v}"',
        join("sk-", b62(64)),
        pid=b62(21),
    ),
    S(
        AUT,
        "activepieces_encryption_key",
        "    environment:\n      - AP_ENGINE_EXECUTABLE_PATH=dist/packages/engine/main.js\n"
        "      - AP_ENCRYPTION_KEY={v}\n      - AP_FRONTEND_URL=https://flows.brightkite.dev",
        hexl(32),
    ),
    # ---- look-alikes: public ids
    L(
        AUT,
        "n8n_workflow_id",
        '{\n  "name": "Invoice sync",\n  "active": true,\n  "id": "{v}",\n  "versionId": "{ver}",',
        b62(16),
        ver=uuid,
    ),
    L(
        AUT,
        "make_scenario_id",
        '{"scenario": {"id": {v}, "name": "Stripe to Sheets", "teamId": {team}, "hookId": {hook}, "isActive": true}}',
        num_id(7),
        team=num_id(6),
        hook=num_id(6),
    ),
    L(AUT, "zapier_apprc", '$ cat .zapierapprc\n{\n  "id": {v},\n  "key": "App{v}"\n}', num_id(6)),
    L(
        AUT,
        "pipedream_project_id",
        'const pd = new PipedreamClient({\n  projectId: "{v}",\n  projectEnvironment: "production",\n'
        "  clientId: process.env.PIPEDREAM_CLIENT_ID!,\n  clientSecret: process.env.PIPEDREAM_CLIENT_SECRET!,\n})",
        join("proj_", b62(7)),
    ),
    L(
        AUT,
        "retool_resource_id",
        "const rpc = new RetoolRPC({\n  apiToken: process.env.RETOOL_API_TOKEN,\n"
        "  host: 'https://brightkite.retool.com',\n  resourceId: '{v}',\n})",
        uuid,
    ),
    L(
        AUT,
        "power_automate_env_id",
        "Flow details: https://make.powerautomate.com/environments/{v}/flows/{flow}/details",
        join("Default-", uuid),
        flow=uuid,
    ),
    L(AUT, "bubble_unique_id", '      "_id": "{v}",\n      "Status": "paid",\n      "Total": 129.5,', bubble_id),
    L(
        AUT,
        "windmill_job_id",
        '$ wmill script run f/billing/sync_invoices -d \'{"month": "2024-05"}\'\nJob {v} completed in 2.3s',
        uuid,
    ),
    L(
        AUT,
        "windmill_script_hash",
        '$ curl -X POST https://windmill.brightkite.dev/api/w/ops/jobs/run/h/{v} -H "Authorization: Bearer $WM_TOKEN"',
        hexl(16),
    ),
    L(
        AUT,
        "activepieces_flow_id",
        "Opened https://cloud.activepieces.com/projects/{proj}/flows/{v} in the builder",
        b62(21),
        proj=b62(21),
    ),
    L(
        AUT,
        "tray_solution_instance_id",
        '{"data": {"solutionInstances": {"edges": [{"node": {"id": "{v}", "name": "Salesforce sync", "enabled": true}}]}}}',
        uuid,
    ),
    # ---- look-alikes: digests and checksums
    L(
        AUT,
        "n8n_image_digest",
        "$ docker image inspect docker.n8n.io/n8nio/n8n:1.64.2 --format '{{index .RepoDigests 0}}'\n"
        "docker.n8n.io/n8nio/n8n@sha256:{v}",
        hexl(64),
    ),
    L(
        AUT,
        "npm_integrity",
        '    "node_modules/n8n-nodes-base": {\n      "version": "1.64.1",\n      "integrity": "sha512-{v}",',
        b64(86, "=="),
    ),
    # ---- look-alikes: references to secrets held elsewhere
    L(
        AUT,
        "n8n_env_expression",
        '        "headerParameters": {\n          "parameters": [\n            {\n'
        '              "name": "Authorization",\n              "value": "{v}"',
        const("=Bearer {{ $env.SLACK_BOT_TOKEN }}"),
    ),
    L(
        AUT,
        "make_connection_ref",
        '{\n    "baseUrl": "https://api.brightkite.dev/v2",\n    "headers": {\n        "authorization": "{v}"\n    }\n}',
        const("Token {{connection.apiKey}}"),
    ),
    L(
        AUT,
        "zapier_bundle_authdata",
        "  const response = await z.request({\n    url: 'https://api.brightkite.dev/v2/leads',\n"
        "    headers: { Authorization: `Bearer {v}` },\n  });",
        const("${bundle.authData.access_token}"),
    ),
    L(
        AUT,
        "gha_secret_ref",
        "      - run: npx zapier-platform-cli push\n        env:\n          ZAPIER_DEPLOY_KEY: {v}",
        const("${{ secrets.ZAPIER_DEPLOY_KEY }}"),
    ),
    L(
        AUT,
        "pipedream_auth_ref",
        "    return await axios($, {\n      url: `https://slack.com/api/chat.postMessage`,\n"
        "      headers: { Authorization: `Bearer {v}` },",
        const("${this.slack.$auth.oauth_access_token}"),
    ),
    L(
        AUT,
        "retool_config_var",
        "Headers\n  Authorization    Bearer {v}\n  Content-Type     application/json",
        const("{{ retoolContext.configVars.STRIPE_SECRET_KEY }}"),
    ),
    L(
        AUT,
        "logic_apps_callback_ref",
        '            "inputs": {\n                "method": "POST",\n                "uri": "{v}",',
        const("@{listCallbackUrl()}"),
    ),
    L(
        AUT,
        "workato_connection_ref",
        "    authorization: {\n      apply: lambda do |connection|\n"
        '        headers("Authorization" => "Bearer {v}")\n      end\n    },',
        const("#{connection['api_key']}"),
    ),
    L(
        AUT,
        "windmill_variable_path",
        'import wmill\n\nslack_token = wmill.get_variable("{v}")',
        const("f/ops/slack_bot_token"),
    ),
    L(
        AUT,
        "activepieces_env_generator",
        "# deploy.sh: fill in the generated values\nAP_ENCRYPTION_KEY={v}\nAP_JWT_SECRET=$(openssl rand -hex 32)",
        const("$(openssl rand -hex 16)"),
    ),
    # ---- look-alikes: placeholders and masks
    L(
        AUT,
        "ifttt_placeholder",
        "# Fire the applet (replace the key with the one from ifttt.com/maker_webhooks/settings)\n"
        "curl -X POST https://maker.ifttt.com/trigger/door_opened/with/key/{v}",
        const("<your-webhooks-key>"),
    ),
    L(
        AUT,
        "n8n_masked_key",
        '  {\n    "id": "{kid}",\n    "label": "ci-deploy",\n    "apiKey": "{v}",\n    "expiresAt": null\n  }',
        join("eyJhbGciOi", const("*" * 24), b64url(4)),
        kid=b62(16),
    ),
]
