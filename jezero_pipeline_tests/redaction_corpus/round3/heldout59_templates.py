"""A fifty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of productivity and project-management SaaS APIs: Atlassian's "Basic
auth for REST APIs" pages for Jira and Confluence Cloud (email plus `ATATT…` API token, `curl -u`, the
`acli jira auth login --token` command that reads the token from stdin, the `api.atlassian.com/ex/jira/
{cloudId}` gateway for scoped tokens), Asana's personal access token page, Notion's authentication
reference (`ntn_` integration tokens, database and OAuth client ids), Airtable's personal access
tokens, base/table ids and the webhook `macSecretBase64`, monday.com's API token (a JWT), ClickUp's
`pk_` personal tokens, Linear's API keys, OAuth client credentials and `lin_wh_` webhook signing secrets,
Trello's authorize flow (the API key "intended to be publicly accessible" vs the `ATTA…` token), Todoist's
authorization and sync docs (their counting-run example token, the `sync_token` cursor), Zendesk's
`email/token:` API token auth and Web Widget snippet key, HubSpot private app tokens (`pat-eu1-`, `pat-na1-`), the
`hubspot.config.yml` personal access key and the tracking-code portal id, Intercom access tokens and the
Messenger `app_id`, Calendly personal access tokens, webhook signing keys and user URIs, Typeform personal
tokens and form ids, Miro access tokens, client ids and board ids, Figma personal access tokens
(`X-Figma-Token`) and file keys, Dropbox app key vs refresh token, and Box developer tokens (the Box CLI
`--token` flag) and the JWT `config.json` (client id vs client secret), in commands, config files,
code and tool output, with the public ids, placeholders and references the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 50 to 54):
23 of 26 secrets caught, 4 of 26 look-alikes altered (missed: Airtable's `macSecretBase64`, a ClickUp `pk_` personal
token, a HubSpot key in a folded YAML block; altered: an Airtable base id after `/v0/`, Trello's public API key in a
URL, Todoist's `sync_token`, Zendesk's widget key).
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
    counting,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    upper_alnum,
    uuid,
)

WS = "worksaas"


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def atlassian_token(rng: random.Random) -> str:
    """`ATATT3xFfGF0`, a long base64url body, then `=` and an eight-digit upper-hex checksum (192 characters)."""
    return join("ATATT3xFfGF0", b64url(171), "=", hexu(8))(rng)


def basic_auth(user: str, token):
    return lambda rng: base64.b64encode(f"{user}:{token(rng)}".encode()).decode()


def asana_pat(rng: random.Random) -> str:
    """`2/<user gid>/<token gid>:<32 hex>`."""
    return join("2/", "12", digits(14), "/", "12", digits(14), ":", hexl(32))(rng)


def monday_token(rng: random.Random) -> str:
    """An HS256 JWT whose claims carry token, app, user and account numbers, as monday.com's v2 tokens do."""
    head = b64u(json.dumps({"alg": "HS256"}, separators=(",", ":")).encode())
    claims = {
        "tid": int(digits(9)(rng).lstrip("0") or "7"),
        "aai": int(digits(2)(rng).lstrip("0") or "11"),
        "uid": int(digits(8)(rng).lstrip("0") or "5"),
        "iad": f"2024-0{rng.randrange(1, 10)}-1{rng.randrange(10)}T0{rng.randrange(10)}:2{rng.randrange(10)}:14.000Z",
        "per": "me:write",
        "actid": int(digits(8)(rng).lstrip("0") or "9"),
        "rgn": "use1",
    }
    body = b64u(json.dumps(claims, separators=(",", ":")).encode())
    return f"{head}.{body}.{b64url(43)(rng)}"


def calendly_pat(rng: random.Random) -> str:
    """An ES256 JWT with `typ: PAT`, issued by auth.calendly.com."""
    head = b64u(json.dumps({"kid": hexl(64)(rng), "typ": "PAT", "alg": "ES256"}, separators=(",", ":")).encode())
    claims = {
        "iss": "https://auth.calendly.com",
        "iat": 1714000000 + rng.randrange(10**7),
        "jti": uuid(rng),
        "user_uuid": uuid(rng),
    }
    body = b64u(json.dumps(claims, separators=(",", ":")).encode())
    return f"{head}.{body}.{b64url(86)(rng)}"


def intercom_token(rng: random.Random) -> str:
    """Base64 of `tok:<uuid>:1:0`, so it always opens `dG9rOj`."""
    return base64.b64encode(f"tok:{uuid(rng)}:1:0".encode()).decode()


def hubspot_pak(rng: random.Random) -> str:
    """A HubSpot CLI personal access key: base64 of a small protobuf that opens with the hub's region (`CiRuYTEt…`)."""
    label = "na1-" + "-".join(hexl(4)(rng) for _ in range(6)) + "-" + hexl(2)(rng)
    raw = (
        b"\n$"
        + label.encode()
        + b"\x12\x10"
        + bytes(rng.randrange(256) for _ in range(16))
        + b"\x1a\x18"
        + bytes(rng.randrange(256) for _ in range(24))
    )
    return base64.b64encode(raw).decode()


MIRO_HEAD = b64u(b'{"miro.origin":"eu01"}')
X_UUID = "-".join("x" * k for k in (8, 4, 4, 4, 12))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 4, 26, "the rules for 50 to 54")

TEMPLATES = [
    # ---- secrets: Atlassian (Jira / Confluence Cloud)
    S(
        WS,
        "jira_curl_basic",
        "$ curl -s -D- -u dana.ruiz@fernhollow.dev:{v} -H 'Accept: application/json'"
        " https://fernhollow.atlassian.net/rest/api/3/myself",
        atlassian_token,
    ),
    S(
        WS,
        "acli_token_stdin",
        '$ echo {v} | acli jira auth login --site "fernhollow.atlassian.net" --email "ops-bot@fernhollow.dev" --token',
        atlassian_token,
    ),
    S(
        WS,
        "confluence_basic_header",
        "> GET /wiki/api/v2/pages?space-id=98304 HTTP/1.1\n> Host: fernhollow.atlassian.net\n> Authorization: Basic {v}",
        basic_auth("docs-sync@fernhollow.dev", atlassian_token),
    ),
    # ---- secrets: Asana, Notion, Airtable
    S(
        WS,
        "asana_pat",
        '$ curl https://app.asana.com/api/1.0/users/me -H "Authorization: Bearer {v}"',
        asana_pat,
    ),
    S(
        WS,
        "notion_ntn",
        'const { Client } = require("@notionhq/client");\nconst notion = new Client({ auth: "{v}" });',
        join("ntn_", digits(11), b62(35)),
    ),
    S(
        WS,
        "airtable_pat",
        'from pyairtable import Api\n\napi = Api("{v}")\ntable = api.table("{base}", "Sprint backlog")',
        join("pat", b62(14), ".", hexl(64)),
        base=join("app", b62(14)),
    ),
    S(
        WS,
        "airtable_webhook_mac",
        '$ curl -s -X POST https://api.airtable.com/v0/bases/{base}/webhooks -H "Authorization: Bearer $AIRTABLE_PAT"'
        ' -H "Content-Type: application/json" -d @webhook.json\n'
        '{"id":"ach{hid}","macSecretBase64":"{v}","expirationTime":"2024-06-19T08:41:12.000Z"}',
        b64(43, "="),
        base=join("app", b62(14)),
        hid=b62(14),
    ),
    # ---- secrets: monday.com, ClickUp, Linear
    S(
        WS,
        "monday_token",
        "$ curl -s -X POST https://api.monday.com/v2 -H 'Content-Type: application/json'"
        " -H 'Authorization: {v}' -H 'API-Version: 2024-10' -d '{\"query\": \"{ me { id name } }\"}'",
        monday_token,
    ),
    S(
        WS,
        "clickup_pk",
        '$ curl -s https://api.clickup.com/api/v2/team -H "Authorization: {v}"',
        join("pk_", digits(8), "_", upper_alnum(32)),
    ),
    S(
        WS,
        "linear_api_key",
        'LINEAR_URL = "https://api.linear.app/graphql"\nheaders = {"Authorization": "{v}", "Content-Type": "application/json"}',
        join("lin_api_", b62(40)),
    ),
    S(
        WS,
        "linear_webhook_secret",
        "linear:\n  team_key: ENG\n  webhook:\n    url: https://hooks.fernhollow.dev/linear\n    signing_secret: {v}",
        join("lin_wh_", b62(44)),
    ),
    S(
        WS,
        "linear_client_secret",
        "$ curl -s -X POST https://api.linear.app/oauth/token -H 'Content-Type: application/x-www-form-urlencoded'"
        " -d grant_type=authorization_code -d code=$CODE -d redirect_uri=https://triage.fernhollow.dev/callback"
        " -d client_id={cid} -d client_secret={v}",
        hexl(32),
        cid=hexl(32),
    ),
    # ---- secrets: Trello, Todoist, Zendesk
    S(
        WS,
        "trello_token_query",
        '$ curl -s "https://api.trello.com/1/members/me/boards?fields=name,url&key={key}&token={v}"',
        join("ATTA", hexl(64), hexu(8)),
        key=hexl(32),
    ),
    S(
        WS,
        "todoist_token",
        '$ curl -s https://api.todoist.com/api/v1/tasks -H "Authorization: Bearer {v}"',
        hexl(40),
    ),
    S(
        WS,
        "zendesk_email_token",
        "$ curl -s https://fernhollow.zendesk.com/api/v2/tickets.json -u support-ops@fernhollow.dev/token:{v}",
        b62(40),
    ),
    # ---- secrets: HubSpot, Intercom, Calendly, Typeform
    S(
        WS,
        "hubspot_private_app",
        'from hubspot import HubSpot\n\nclient = HubSpot(access_token="{v}")\n'
        "page = client.crm.contacts.basic_api.get_page(limit=10)",
        join("pat-eu1-", uuid),
    ),
    S(
        WS,
        "hubspot_cli_pak",
        "defaultPortal: fernhollow-dev\nportals:\n  - name: fernhollow-dev\n    portalId: {portal}\n"
        "    authType: personalaccesskey\n    personalAccessKey: >-\n      {v}",
        hubspot_pak,
        portal=digits(8),
    ),
    S(
        WS,
        "intercom_token",
        "const { IntercomClient } = require(\"intercom-client\");\nconst client = new IntercomClient({ token: '{v}' });",
        intercom_token,
    ),
    S(WS, "calendly_pat", "# .env.local\nCALENDLY_API_BASE=https://api.calendly.com\nCALENDLY_TOKEN={v}", calendly_pat),
    S(
        WS,
        "calendly_signing_key",
        '  "url": "https://hooks.fernhollow.dev/calendly",\n  "events": ["invitee.created", "invitee.canceled"],\n'
        '  "organization": "https://api.calendly.com/organizations/{org}",\n  "scope": "organization",\n'
        '  "signing_key": "{v}"',
        hexl(64),
        org=uuid,
    ),
    S(
        WS,
        "typeform_token",
        '$ curl -s "https://api.typeform.com/forms/{form}/responses?page_size=25" -H "Authorization: Bearer {v}"',
        join("tfp_", b62(44), "_", b62(14)),
        form=b62(8),
    ),
    # ---- secrets: Figma, Miro, Dropbox, Box
    S(
        WS,
        "figma_pat",
        "$ curl -s -H 'X-Figma-Token: {v}' 'https://api.figma.com/v1/files/{key}/nodes?ids=12:408'",
        join("figd_", b64url(40)),
        key=b62(22),
    ),
    S(
        WS,
        "miro_token",
        'miro_api = MiroApi("{v}")\nboards = miro_api.get_boards(team_id="{team}")',
        join(MIRO_HEAD, "_", b64url(27)),
        team=digits(19),
    ),
    S(
        WS,
        "dropbox_refresh_token",
        "$ curl -s https://api.dropbox.com/oauth2/token -d grant_type=refresh_token -d refresh_token={v}"
        ' -u "{appkey}:$DROPBOX_APP_SECRET"',
        b64url(64),
        appkey=lower_alnum(15),
    ),
    S(WS, "box_cli_token", "$ box folders:items 0 --token {v} --json --fields name,modified_at", b62(32)),
    S(
        WS,
        "box_client_secret",
        '{\n  "boxAppSettings": {\n    "clientID": "{cid}",\n    "clientSecret": "{v}",\n    "appAuth": {\n'
        '      "publicKeyID": "{kid}",',
        b62(32),
        cid=lower_alnum(32),
        kid=lower_alnum(8),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        WS,
        "atlassian_cloud_id",
        "$ curl -s -u ops-bot@fernhollow.dev:$JIRA_SCOPED_TOKEN https://api.atlassian.com/ex/jira/{v}/rest/api/3/myself",
        uuid,
    ),
    L(
        WS,
        "jira_account_id",
        '{\n  "self": "https://fernhollow.atlassian.net/rest/api/3/user?accountId={v}",\n  "accountId": "{v}",\n'
        '  "accountType": "atlassian",\n  "active": true,',
        join("712020:", uuid),
    ),
    L(
        WS,
        "asana_project_gid",
        "Created the task in the Q3 roadmap project (https://app.asana.com/0/{v}/list) and assigned it to Priya.",
        join("12", digits(14)),
    ),
    L(WS, "notion_database_id", "NOTION_TOKEN=${NOTION_TOKEN}\nNOTION_DATABASE_ID={v}", hexl(32)),
    L(
        WS,
        "notion_oauth_client_id",
        "https://api.notion.com/v1/oauth/authorize?client_id={v}&response_type=code&owner=user"
        "&redirect_uri=https%3A%2F%2Fwiki-sync.fernhollow.dev%2Foauth%2Fcallback",
        uuid,
    ),
    L(
        WS,
        "airtable_base_id",
        '$ curl -s "https://api.airtable.com/v0/{v}/Sprint%20backlog?maxRecords=3" -H "Authorization: Bearer $AIRTABLE_PAT"',
        join("app", b62(14)),
    ),
    L(
        WS,
        "airtable_table_id",
        'table = api.table(os.environ["AIRTABLE_BASE_ID"], "{v}")\nfor record in table.iterate(page_size=100):',
        join("tbl", b62(14)),
    ),
    L(
        WS,
        "trello_api_key",
        "Open this once to grant the bot access: https://trello.com/1/authorize?expiration=never&name=Standup+Bot"
        "&scope=read,write&response_type=token&key={v}",
        hexl(32),
    ),
    L(
        WS,
        "todoist_doc_token",
        "$ curl https://api.todoist.com/api/v1/sync -H \"Authorization: Bearer {v}\" -d sync_token='*'"
        " -d resource_types='[\"projects\"]'",
        counting(40, hex_digits=True),
    ),
    L(
        WS,
        "todoist_sync_token",
        '  "full_sync": true,\n  "temp_id_mapping": {},\n  "sync_token": "{v}"\n}',
        b64url(60),
    ),
    L(
        WS,
        "hubspot_portal_id",
        '<!-- Start of HubSpot Embed Code -->\n<script type="text/javascript" id="hs-script-loader" async defer'
        ' src="//js-eu1.hs-scripts.com/{v}.js"></script>',
        digits(8),
    ),
    L(WS, "hubspot_placeholder", "# .env.example\nHUBSPOT_ACCESS_TOKEN={v}", const("pat-na1-" + X_UUID)),
    L(
        WS,
        "intercom_app_id",
        '<script>\n  window.intercomSettings = {\n    api_base: "https://api-iam.eu.intercom.io",\n    app_id: "{v}",\n  };',
        lower_alnum(8),
    ),
    L(
        WS,
        "zendesk_widget_key",
        '<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key={v}"></script>',
        uuid,
    ),
    L(
        WS,
        "calendly_user_uri",
        '  "resource": {\n    "uri": "https://api.calendly.com/users/{v}",\n    "name": "Priya Natarajan",'
        '\n    "scheduling_url": "https://calendly.com/priya-fernhollow",',
        uuid,
    ),
    L(WS, "typeform_form_id", 'FORM_URL = "https://fernhollow.typeform.com/to/{v}"', b62(8)),
    L(
        WS,
        "figma_file_key",
        "The design file is https://www.figma.com/design/{v}/Onboarding-v3?node-id=12-408; "
        "the exporter only needs that file key plus FIGMA_TOKEN from the environment.",
        b62(22),
    ),
    L(
        WS,
        "miro_client_id",
        "https://miro.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fretro.fernhollow.dev%2Fauth%2Fmiro%2Fcallback",
        digits(19),
    ),
    L(
        WS,
        "miro_board_id",
        '$ curl -s https://api.miro.com/v2/boards/{v}/sticky_notes -H "Authorization: Bearer $MIRO_TOKEN"',
        join("uXjV", b64url(7), "="),
    ),
    L(
        WS,
        "dropbox_app_key",
        "Visit https://www.dropbox.com/oauth2/authorize?client_id={v}&token_access_type=offline&response_type=code"
        " and paste the access code here:",
        lower_alnum(15),
    ),
    L(
        WS,
        "box_client_id",
        '{\n  "boxAppSettings": {\n    "clientID": "{v}",\n    "clientSecret": "${BOX_CLIENT_SECRET}",',
        lower_alnum(32),
    ),
    L(
        WS,
        "linear_client_id",
        "https://linear.app/oauth/authorize?client_id={v}&redirect_uri=https%3A%2F%2Ftriage.fernhollow.dev%2Fcallback"
        "&response_type=code&scope=read,write&actor=app",
        hexl(32),
    ),
    # ---- look-alikes: masks, references, hashes
    L(
        WS,
        "linear_key_masked",
        "[triage-bot] config loaded: team=ENG, apiKey={v}, webhookSecret=<set>, pollInterval=60s",
        join("lin_api_", const("*" * 32), b62(4)),
    ),
    L(
        WS,
        "op_reference",
        '$ export JIRA_API_TOKEN="$(op read "{v}")"',
        const("op://Engineering/Jira ops-bot/credential"),
    ),
    L(
        WS,
        "gha_secret_ref",
        "      - name: Sync sprint to Notion\n        env:\n          NOTION_TOKEN: {v}\n"
        "          JIRA_API_TOKEN: ${{ secrets.JIRA_API_TOKEN }}",
        const("${{ secrets.NOTION_TOKEN }}"),
    ),
    L(
        WS,
        "pip_hash",
        "pyairtable==2.3.3 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
]
