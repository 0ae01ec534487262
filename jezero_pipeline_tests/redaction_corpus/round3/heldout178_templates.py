"""A hundred-and-seventy-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of issue trackers and project tools beyond Jira and GitHub: YouTrack
permanent tokens (`Authorization: Bearer perm:<b64 login>.<b64 name>.<30 chars>` in the JetBrains
developer portal, and the newer `perm-<b64 login>.<b64 "NN-N">.<30 chars>` seen in client code),
Redmine API keys (40 hex, `X-Redmine-API-Key` header, `?key=` query, python-redmine's `key=`),
OpenProject API keys (64 hex, basic auth with the user name `apikey`, both `curl -u` and an encoded
`Authorization: Basic` header), Phabricator/Phorge Conduit tokens (`api-`/`cli-` and 28 lowercase
letters and digits, in `~/.arcrc` and as `api.token=`), MantisBT API tokens (32 URI-safe random
characters sent bare in `Authorization`, stored as a SHA-256 hash), Taiga `auth_token`/`refresh`
JWTs from `POST /api/v1/auth`, Plane personal access tokens (`plane_api_` and 32 hex, `X-API-Key`),
Shortcut API tokens (UUIDs in `Shortcut-Token`), Wrike permanent access tokens (a JWT whose header
is `{"tt":"p","alg":"HS256","tv":"1"}`), Basecamp 4 OAuth tokens from Launchpad (`BAhbB0kiAbB7…`,
a signed Rails message ending `--` and 40 hex), Pivotal Tracker tokens (32 hex, `X-TrackerToken`),
Height API keys (`Authorization: api-key secret_…`; the length after `secret_` is not documented,
32 letters and digits are used here) and Bugzilla API keys (40 letters and digits,
`X-BUGZILLA-API-KEY` and python-bugzilla's `bugzillarc`), in commands, config files, code and tool
output. The look-alikes are the public values the same documentation shows beside them: YouTrack
token ids, Redmine changeset revisions, OpenProject OAuth client ids, Phabricator PHIDs, MantisBT's
stored token hash, a Taiga token's `jti`, Plane and Height resource UUIDs, a Shortcut member UUID,
Wrike folder ids, Basecamp account ids and the docs' truncated token, placeholders, masked values,
environment and secret-store references.

First score, blind, before any rule changed for it (after the rules for 170 to 174):
25 of 25 secrets caught, 1 of 25 look-alikes altered (altered: a docs example token cut short,
`BAhbB0kiAbB7…...`, under `access_token` in prose).
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
    pick,
    repeated,
    upper_alnum,
    uuid,
)

TR = "trackers"

LOGINS = ("m.okafor", "ci-bot", "dvasquez", "release.eng", "tkowalski", "svc-sync")
TOKEN_NAMES = ("ci-sync", "release-notes", "backlog-export", "triage-bot", "mcp")


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def _b64url(s: str) -> str:
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def youtrack_perm_colon(rng: random.Random) -> str:
    """`perm:<base64 login>.<base64 token name>.<30 random>` (the developer portal's sample shape)."""
    return f"perm:{_b64(rng.choice(LOGINS))}.{_b64(rng.choice(TOKEN_NAMES))}.{b62(30)(rng)}"


def youtrack_perm_dash(rng: random.Random) -> str:
    """The newer `perm-<base64 login>.<base64 "NN-N">.<30 random>` shape."""
    ident = f"{rng.randrange(10, 99)}-{rng.randrange(0, 9)}"
    return f"perm-{_b64(rng.choice(LOGINS))}.{_b64(ident)}.{b62(30)(rng)}"


def openproject_basic(rng: random.Random) -> str:
    return _b64("apikey:" + hexl(64)(rng))


def taiga_jwt(token_type: str):
    def make(rng: random.Random) -> str:
        head = _b64url(json.dumps({"typ": "JWT", "alg": "HS256"}, separators=(",", ":")))
        exp = 1_730_000_000 + rng.randrange(40_000_000)
        body = {"token_type": token_type, "exp": exp, "jti": hexl(32)(rng), "user_id": rng.randrange(1000, 900000)}
        return f"{head}.{_b64url(json.dumps(body, separators=(',', ':')))}.{b64url(43)(rng)}"

    return make


def wrike_permanent(rng: random.Random) -> str:
    head = _b64url(json.dumps({"tt": "p", "alg": "HS256", "tv": "1"}, separators=(",", ":")))
    inner = {
        "a": rng.randrange(100000, 9000000),
        "i": rng.randrange(1000000, 9900000),
        "c": rng.randrange(4500000, 4800000),
        "u": rng.randrange(1000000, 26000000),
        "r": "US",
        "s": ["W", "F", "I", "U", "K", "C", "D", "M", "A", "L"],
        "z": [],
        "t": 0,
    }
    body = {"d": json.dumps(inner, separators=(",", ":")), "iat": 1_700_000_000 + rng.randrange(60_000_000)}
    return f"{head}.{_b64url(json.dumps(body, separators=(',', ':')))}.{b64url(43)(rng)}"


basecamp_token = join("BAhbB0kiAbB7ImNsaWVudF9pZCI6I", b64(236), "--", hexl(40))
phab_token = join("api-", lower_alnum(28))
mantis_token = b64url(32)
plane_key = join("plane_api_", hexl(32))
bugzilla_key = b62(40)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 25, "the rules for 170 to 174")

TEMPLATES = [
    # ---- secrets: YouTrack permanent tokens
    S(
        TR,
        "youtrack_perm_header",
        "$ curl -s -X GET 'https://{org}.youtrack.cloud/api/issues?query=project:%20OPS%20%23Unresolved&fields=idReadable,summary'"
        " \\\n    -H 'Authorization: Bearer {v}' -H 'Accept: application/json' | jq length\n17",
        youtrack_perm_colon,
        org=pick("abcdefghijklmnopqrstuvwxyz", 7),
    ),
    S(
        TR,
        "youtrack_perm_mcp_json",
        '{\n  "mcpServers": {\n    "youtrack": {\n      "url": "https://youtrack.internal.brightkite.dev/mcp",\n'
        '      "headers": { "Authorization": "Bearer {v}" }\n    }\n  }\n}',
        youtrack_perm_dash,
    ),
    # ---- secrets: Redmine API keys
    S(
        TR,
        "redmine_header",
        '$ curl -s -H "X-Redmine-API-Key: {v}" -H "Content-Type: application/json" \\\n'
        "    'https://redmine.brightkite.dev/issues.json?project_id=courier&status_id=open&limit=5'",
        hexl(40),
    ),
    S(
        TR,
        "redmine_key_query",
        "[sync] GET https://tracker.halden-labs.eu/projects/firmware/issues.xml?key={v}&offset=0&limit=100 -> 200 (43 issues)",
        hexl(40),
    ),
    S(
        TR,
        "redmine_python_client",
        ">>> from redminelib import Redmine\n>>> redmine = Redmine('https://redmine.brightkite.dev', key='{v}')\n"
        ">>> redmine.project.get('courier').name\n'Courier Android'",
        hexl(40),
    ),
    # ---- secrets: OpenProject API keys (basic auth, user `apikey`)
    S(
        TR,
        "openproject_curl_u",
        "$ curl -s -u apikey:{v} https://openproject.halden-labs.eu/api/v3/work_packages/{wp} | jq -r .subject\n"
        "Migrate CI runners to arm64",
        hexl(64),
        wp=digits(4),
    ),
    S(
        TR,
        "openproject_basic_header",
        "GET /api/v3/projects/firmware/work_packages?pageSize=50 HTTP/1.1\nHost: openproject.halden-labs.eu\n"
        "Authorization: Basic {v}\nAccept: application/hal+json",
        openproject_basic,
    ),
    # ---- secrets: Phabricator / Phorge Conduit tokens
    S(
        TR,
        "phabricator_arcrc",
        '$ cat ~/.arcrc\n{\n  "hosts": {\n    "https://phab.brightkite.dev/api/": {\n      "token": "{v}"\n    }\n  },\n'
        '  "config": {\n    "default": "https://phab.brightkite.dev/"\n  }\n}',
        phab_token,
    ),
    S(
        TR,
        "phabricator_conduit_curl",
        "$ curl -s https://phorge.halden-labs.eu/api/maniphest.search -d api.token={v} \\\n"
        "    -d 'constraints[statuses][0]=open' -d 'limit=10'",
        join("cli-", lower_alnum(28)),
    ),
    # ---- secrets: MantisBT API tokens (sent bare in Authorization)
    S(
        TR,
        "mantis_authorization",
        "$ curl -s 'https://bugs.halden-labs.eu/api/rest/issues?project_id=3&page_size=10' -H 'Authorization: {v}'",
        mantis_token,
    ),
    S(
        TR,
        "mantis_requests",
        'resp = requests.get(\n    f"{MANTIS_URL}/api/rest/issues/{issue_id}",\n'
        '    headers={"Authorization": "{v}", "Content-Type": "application/json"},\n    timeout=15,\n)',
        mantis_token,
    ),
    # ---- secrets: Taiga JWTs
    S(
        TR,
        "taiga_login_output",
        '$ curl -s -X POST https://api.taiga.io/api/v1/auth -H "Content-Type: application/json" \\\n'
        '    -d "$DATA" | jq \'{id, username, auth_token}\'\n{\n  "id": {uid},\n  "username": "dvasquez",\n'
        '  "auth_token": "{v}"\n}',
        taiga_jwt("access"),
        uid=digits(6),
    ),
    S(
        TR,
        "taiga_python_refresh",
        "api = TaigaAPI(host='https://taiga.brightkite.dev')\napi.auth(token='{v}')  # refresh from .taiga_session",
        taiga_jwt("refresh"),
    ),
    # ---- secrets: Plane personal access tokens
    S(
        TR,
        "plane_header",
        '$ curl -s "https://api.plane.so/api/v1/workspaces/brightkite/projects/" -H "X-API-Key: {v}" | jq \'.results[].identifier\'\n'
        '"COUR"\n"WEB"',
        plane_key,
    ),
    S(
        TR,
        "plane_compose_env",
        "  plane-sync:\n    image: ghcr.io/brightkite/plane-sync:1.4.0\n    environment:\n"
        "      PLANE_BASE_URL: https://plane.brightkite.dev\n      PLANE_WORKSPACE_SLUG: brightkite\n      PLANE_API_KEY: {v}",
        plane_key,
    ),
    # ---- secrets: Shortcut API tokens (UUIDs)
    S(
        TR,
        "shortcut_header",
        '$ curl -s -X GET -H "Content-Type: application/json" -H "Shortcut-Token: {v}" \\\n'
        '    -L "https://api.app.shortcut.com/api/v3/search/stories?query=owner:dvasquez%20state:started"',
        uuid,
    ),
    S(
        TR,
        "shortcut_client_js",
        "import { ShortcutClient } from '@shortcut/client';\n\nconst shortcut = new ShortcutClient('{v}');\n"
        "const { data: members } = await shortcut.listMembers();",
        uuid,
    ),
    # ---- secrets: Wrike permanent access token
    S(
        TR,
        "wrike_permanent_token",
        "WRIKE_HOST = 'https://www.wrike.com/api/v4'\n"
        "HEADERS = {'Authorization': 'Bearer {v}'}\n"
        "tasks = requests.get(f'{WRIKE_HOST}/folders/{folder}/tasks', headers=HEADERS).json()['data']",
        wrike_permanent,
        folder=join("IEA", upper_alnum(13)),
    ),
    # ---- secrets: Basecamp 4 OAuth tokens
    S(
        TR,
        "basecamp_token_response",
        "$ curl -s -X POST https://launchpad.37signals.com/authorization/token -d grant_type=authorization_code \\\n"
        "    -d client_id=$BC_CLIENT_ID -d client_secret=$BC_CLIENT_SECRET -d code=$CODE | jq '{access_token, expires_in}'\n"
        '{\n  "access_token": "{v}",\n  "expires_in": 1209600\n}',
        basecamp_token,
    ),
    S(
        TR,
        "basecamp_bearer",
        "$ curl -s -H 'Authorization: Bearer {v}' -A 'Brightkite Ops (ops@brightkite.dev)' \\\n"
        "    https://3.basecampapi.com/{acct}/projects.json | jq -r '.[].name'",
        basecamp_token,
        acct=digits(8),
    ),
    # ---- secrets: Pivotal Tracker tokens
    S(
        TR,
        "pivotal_tracker_token",
        '$ curl -X GET -H "X-TrackerToken: {v}" \\\n'
        '    "https://www.pivotaltracker.com/services/v5/projects/{proj}/stories?with_state=started&fields=name,owned_by(name)"',
        hexl(32),
        proj=digits(7),
    ),
    S(
        TR,
        "pivotal_rc_file",
        "$ cat ~/.pivotalrc\napi_token: {v}\nproject_id: {proj}\nme: DV",
        hexl(32),
        proj=digits(7),
    ),
    # ---- secrets: Height API key
    S(
        TR,
        "height_api_key",
        "$ curl -s https://api.height.app/workspace -H 'Authorization: api-key {v}' | jq -r .name\nBrightkite",
        join("secret_", b62(32)),
    ),
    # ---- secrets: Bugzilla API keys
    S(
        TR,
        "bugzilla_header",
        '$ curl -s -H "X-BUGZILLA-API-KEY: {v}" -H "Accept: application/json" \\\n'
        '    "https://bugzilla.halden-labs.eu/rest/bug?product=Firmware&resolution=---&include_fields=id,summary"',
        bugzilla_key,
    ),
    S(
        TR,
        "bugzillarc",
        "$ cat ~/.config/python-bugzilla/bugzillarc\n[DEFAULT]\nurl = bugzilla.redhat.com\n\n[bugzilla.redhat.com]\napi_key = {v}",
        bugzilla_key,
    ),
    # ---- look-alikes: YouTrack
    L(
        TR,
        "youtrack_doc_placeholder",
        "3. Paste the token into `.mcp.json` as `Authorization: Bearer {v}` (Profile → Account Security → New token).",
        join("perm-", repeated(const("x"), 44)),
    ),
    L(
        TR,
        "youtrack_token_id",
        '$ curl -s "$YT/hub/api/rest/users/me/permanenttokens?fields=id,name,scope(key)" -H "Authorization: Bearer $YOUTRACK_TOKEN"\n'
        '{"permanenttokens":[{"id":"{v}","name":"ci-sync","scope":[{"key":"youtrack"}]}]}',
        uuid,
    ),
    L(
        TR,
        "youtrack_gha_secret_ref",
        "      - name: Close fixed issues\n        env:\n          YOUTRACK_URL: https://brightkite.youtrack.cloud\n"
        "          YOUTRACK_TOKEN: {v}\n        run: ./scripts/yt-close-fixed.sh",
        const("${{ secrets.YOUTRACK_TOKEN }}"),
    ),
    # ---- look-alikes: Redmine
    L(
        TR,
        "redmine_changeset_revision",
        '    "changesets": [\n      {\n        "revision": "{v}",\n        "user": {"id": 5, "name": "Dana Vasquez"},\n'
        '        "comments": "Fix crash on resume, refs #4412",\n        "committed_on": "2024-05-14T09:12:44Z"\n      }\n    ]',
        hexl(40),
    ),
    L(
        TR,
        "redmine_env_ref",
        '$ curl -s -H "X-Redmine-API-Key: {v}" "$REDMINE_URL/issues/4412.json?include=changesets"',
        const("$REDMINE_API_KEY"),
    ),
    L(
        TR,
        "redmine_placeholder",
        "my $c = Redmine::API->new('auth_key' => '{v}', base_url => 'https://redmine.example.org');",
        const("MYREDMINE_REST_API_KEY"),
    ),
    # ---- look-alikes: OpenProject
    L(
        TR,
        "openproject_env_ref",
        '$ curl -s -u "{v}" "$OPENPROJECT_URL/api/v3/projects?pageSize=100" | jq \'.total\'',
        const("apikey:$OPENPROJECT_API_KEY"),
    ),
    L(
        TR,
        "openproject_oauth_client_id",
        "Administration → Authentication → OAuth applications → Nextcloud\n  Client ID: {v}\n"
        "  Redirect URI: https://cloud.halden-labs.eu/index.php/apps/integration_openproject/oauth-redirect",
        b64url(43),
    ),
    # ---- look-alikes: Phabricator
    L(
        TR,
        "phabricator_phid",
        '$ echo \'{"constraints": {"query": "firmware"}}\' | arc call-conduit -- project.search | jq -r \'.response.data[0].phid\'\n{v}',
        join("PHID-PROJ-", lower_alnum(20)),
    ),
    L(
        TR,
        "phabricator_cli_placeholder",
        "[phabricator.auth]\nexample.url = https://phab.example.com/\n# API token. Get it from https://$HOST/conduit/login/\n"
        "example.token = {v}",
        join("cli-", repeated(const("x"), 28)),
    ),
    # ---- look-alikes: MantisBT
    L(
        TR,
        "mantis_token_hash",
        "mysql> SELECT id, user_id, name, hash FROM mantis_api_token_table WHERE user_id = 7;\n"
        "| 12 |       7 | ci-export | {v} |",
        hexl(64),
    ),
    L(
        TR,
        "mantis_placeholder",
        "curl 'https://bugs.example.com/api/rest/issues?project_id=1' -H 'Authorization: {v}'",
        const("<your-api-token>"),
    ),
    # ---- look-alikes: Taiga
    L(
        TR,
        "taiga_env_ref",
        'curl -X GET -H "Content-Type: application/json" -H "Authorization: Bearer {v}" \\\n'
        "  https://api.taiga.io/api/v1/userstories?project=1124",
        const("${AUTH_TOKEN}"),
    ),
    L(
        TR,
        "taiga_jti",
        '$ jq -R \'split(".")[1] | @base64d | fromjson\' <<< "$AUTH_TOKEN"\n'
        '{\n  "token_type": "access",\n  "exp": 1767312000,\n  "jti": "{v}",\n  "user_id": 48213\n}',
        hexl(32),
    ),
    # ---- look-alikes: Plane
    L(
        TR,
        "plane_project_uuid",
        'GET https://api.plane.so/api/v1/workspaces/brightkite/projects/{v}/work-items/?per_page=50 -> 200 (50 items, next_cursor "50:1:0")',
        uuid,
    ),
    L(
        TR,
        "plane_placeholder",
        "# .env.example\nPLANE_BASE_URL=https://api.plane.so\nPLANE_WORKSPACE_SLUG=your-workspace\nPLANE_API_KEY={v}",
        join("plane_api_", repeated(const("x"), 32)),
    ),
    # ---- look-alikes: Shortcut
    L(
        TR,
        "shortcut_member_uuid",
        "$ curl -s -H \"Shortcut-Token: $SHORTCUT_API_TOKEN\" https://api.app.shortcut.com/api/v3/member | jq '{id, mention_name}'\n"
        '{\n  "id": "{v}",\n  "mention_name": "dvasquez"\n}',
        uuid,
    ),
    L(
        TR,
        "shortcut_env_ref",
        'export SHORTCUT_API_TOKEN="{v}"',
        const("YOUR API TOKEN HERE"),
    ),
    # ---- look-alikes: Wrike, Basecamp, Pivotal, Height, Bugzilla
    L(
        TR,
        "wrike_folder_id",
        "$ wrike-cli tasks list --folder {v} --status Active\nID                 TITLE                         STATUS\n"
        "{task}   Renew APNs certificate        Active",
        join("IEA", upper_alnum(13)),
        task=join("IEA", upper_alnum(13)),
    ),
    L(
        TR,
        "basecamp_account_id",
        "BASECAMP_ACCOUNT_ID={v}\nBASECAMP_ACCESS_TOKEN=${BASECAMP_ACCESS_TOKEN:?run ./bin/bc-login first}",
        digits(8),
    ),
    L(
        TR,
        "basecamp_truncated_doc",
        'The response includes an access token and a refresh token, e.g. `"access_token": "{v}"` (valid for two weeks).',
        join("BAhbB0kiAbB7ImNsaWVudF9pZCI6I", b64(4), "..."),
    ),
    L(
        TR,
        "pivotal_masked",
        "$ pivotal config show\nproject_id : 2451187\napi_token  : {v}\nme         : DV",
        join(repeated(const("*"), 28), hexl(4)),
    ),
    L(
        TR,
        "pivotal_secret_store_ref",
        "PIVOTAL_TRACKER_TOKEN={v}\nPIVOTAL_PROJECT_ID=2451187",
        const("op://Engineering/Pivotal Tracker/api_token"),
    ),
    L(
        TR,
        "height_task_uuid",
        '{\n  "id": "{v}",\n  "model": "task",\n  "index": 1182,\n  "name": "Rotate signing keys before release",\n  "status": "inProgress"\n}',
        uuid,
    ),
    L(
        TR,
        "bugzilla_placeholder",
        "# ~/.config/python-bugzilla/bugzillarc (create the key under Preferences → API Keys)\n[bugzilla.mozilla.org]\napi_key = {v}",
        const("YOUR_API_KEY"),
    ),
]
