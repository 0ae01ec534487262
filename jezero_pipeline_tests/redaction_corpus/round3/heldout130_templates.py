"""A hundred-and-thirtieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of nonprofit fundraising and donor CRMs: Blackbaud SKY API (the
`Bb-Api-Subscription-Key` header with its 32-hex subscription key, OAuth applications with a GUID
Application ID and a primary/secondary application secret, JWT access tokens and 32-hex refresh
tokens from oauth2.sky.blackbaud.com, the `environment_id` beside them), Bloomerang (private v2.0
API keys in `X-API-KEY`, OAuth client id/secret as Parsons takes them), Donorbox (HTTP Basic with
the organization login email and the API key, also as a `https://email:key@donorbox.org/...` URL),
Givebutter (Bearer API keys in the `id|secret` form of its laravel-keyable keys, widget ids),
Classy / GoFundMe Pro (client_credentials against api.classy.org/oauth2/auth with a 32-hex
client_id), Little Green Light (the three documented ways: `curl -u key:`, `?access_token=` and
Bearer), Neon CRM (HTTP Basic with org id and API key, `NEON-API-VERSION`), Virtuous (Bearer API
keys and the password grant on /Token), Kindful (`Authorization: Token token="..."`), Every.org
(public keys that the docs call safe for client-side use in `?apiKey=`, private keys only over
Basic auth with a public key as username, EINs), Salesforce Nonprofit Cloud via the Salesforce CLI
(`00D...!AQ...` access tokens as `--target-org`, `force://PlatformCLI::5Aep861...@` auth URLs,
connected-app consumer key and secret, 18-character org ids, the CLI's own truncated display) and
Tiltify v5 (64-hex client ids, secrets and bearer tokens, campaign UUIDs). Where a vendor's
documentation gives no shape for its key, a generic alphanumeric key of a plausible length is used.
Values sit in commands, headers, URLs, INI/YAML/JSON/.env files, client constructors and tool
output, with the public ids, placeholders, masked and truncated values, secret-store references,
hashes and key ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 125 to 129):
25 of 26 secrets caught, 2 of 25 look-alikes altered (missed: a refresh token printed by a Python
REPL after `tokens["refresh_token"]`; altered: Every.org's public `apiKey` in a query, a Salesforce
access token the CLI printed cut short (`!AQA6YGICDCb (truncated for security)`)).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

NP = "nonprofit"


def basic_auth(user: str, token):
    """The base64 of `user:token` as an HTTP Basic `Authorization` value carries it."""
    return lambda rng: base64.b64encode(f"{user}:{token(rng)}".encode()).decode()


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def sky_jwt(rng: random.Random) -> str:
    """A JWT in the shape of a SKY API access token (RS256 header, Blackbaud claims, 256-byte signature)."""
    header = {"alg": "RS256", "kid": b64url(27)(rng), "typ": "JWT"}
    claims = {
        "1bb.perm": "read",
        "application_id": uuid(rng),
        "aud": "blackbaud",
        "environment_id": "p-" + b64url(22)(rng),
        "exp": 1_760_000_000 + rng.randrange(10_000_000),
        "iss": "https://oauth2.sky.blackbaud.com/",
        "sub": uuid(rng),
    }
    return f"{_b64url_json(header)}.{_b64url_json(claims)}.{b64url(342)(rng)}"


sky_subscription_key = hexl(32)
sky_app_secret = join(b64(43), "=")
givebutter_key = join(digits(4), "|", b62(40))
neon_key = hexl(32)
tiltify_hex = hexl(64)
sf_access_token = join("00D", upper_alnum(12), "!AQ", b62(3), b62(40), ".", b62(52))
sf_refresh_token = join("5Aep861", b62(34), ".", b62(45))
sf_org_id = join("00D", upper_alnum(12), upper_alnum(3))
sf_consumer_key = join("3MVG9", b62(38), ".", b62(41))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 25, "the rules for 125 to 129")

TEMPLATES: list = [
    # ---- secrets: Blackbaud SKY API
    S(
        NP,
        "sky_subscription_key_header",
        '$ curl -s "https://api.sky.blackbaud.com/constituent/v1/constituents?limit=5&sort_token=last_name" \\\n'
        '    -H "Authorization: Bearer $SKY_ACCESS_TOKEN" \\\n'
        '    -H "Bb-Api-Subscription-Key: {v}" | jq ".value[].name"',
        sky_subscription_key,
    ),
    S(
        NP,
        "sky_subscription_key_ini",
        "$ cat config/sky.ini\n[sky_api]\napp_id = {appid}\nsubscription_key = {v}\n"
        "redirect_uri = http://localhost:13631/\ntoken_file = .sky-token",
        sky_subscription_key,
        appid=uuid,
    ),
    S(
        NP,
        "sky_app_secret_env",
        "# Blackbaud SKY (RE NXT gift sync)\nBB_APPLICATION_ID={appid}\nBB_APPLICATION_SECRET={v}\n"
        "BB_REDIRECT_URI=https://sync.harborlightfoodbank.org/oauth/callback",
        sky_app_secret,
        appid=uuid,
    ),
    S(
        NP,
        "sky_refresh_token_repl",
        '>>> tokens = resp.json()\n>>> tokens["expires_in"], tokens["refresh_token_expires_in"]\n'
        "(3600, 31536000)\n>>> tokens[\"refresh_token\"]\n'{v}'",
        hexl(32),
    ),
    S(
        NP,
        "sky_access_token_http",
        "GET /gift/v1/gifts?limit=50&date_added=2024-11-01T00:00:00Z HTTP/1.1\nHost: api.sky.blackbaud.com\n"
        "Authorization: Bearer {v}\nBb-Api-Subscription-Key: {{sky_subscription_key}}",
        sky_jwt,
    ),
    # ---- secrets: Bloomerang
    S(
        NP,
        "bloomerang_x_api_key",
        "$ curl -s 'https://api.bloomerang.co/v2/constituents?skip=0&take=50&orderBy=Id' -H 'X-API-KEY: {v}'",
        b62(40),
    ),
    S(
        NP,
        "bloomerang_oauth_client_secret",
        "from parsons import Bloomerang\n\n"
        'bloomerang = Bloomerang(client_id="{cid}", client_secret="{v}")\n'
        "donations = bloomerang.get_transactions(type='Donation')",
        b62(32),
        cid=lower_alnum(24),
    ),
    # ---- secrets: Donorbox
    S(
        NP,
        "donorbox_curl_user",
        "$ curl -s --user finance@harborlightfoodbank.org:{v} "
        '"https://donorbox.org/api/v1/donations?date_from=2024-12-01&per_page=100"',
        b62(50),
    ),
    S(
        NP,
        "donorbox_url_userinfo",
        "Open this in the browser to check the key works:\n"
        "https://ops@riverbendshelter.org:{v}@donorbox.org/api/v1/campaigns",
        b62(50),
    ),
    # ---- secrets: Givebutter
    S(
        NP,
        "givebutter_fetch_bearer",
        "const res = await fetch('https://api.givebutter.com/v1/transactions?page=1', {\n"
        "  headers: { Authorization: 'Bearer {v}', Accept: 'application/json' },\n});",
        givebutter_key,
    ),
    S(
        NP,
        "givebutter_env_default",
        "    'api_key' => env('GIVEBUTTER_API_KEY', '{v}'),\n    'base_uri' => 'https://api.givebutter.com/v1/',",
        givebutter_key,
    ),
    # ---- secrets: Classy / GoFundMe Pro
    S(
        NP,
        "classy_client_secret_curl",
        "$ curl -s -X POST https://api.classy.org/oauth2/auth \\\n    -d grant_type=client_credentials \\\n"
        "    -d client_id={cid} \\\n    -d client_secret={v}",
        b62(48),
        cid=hexl(32),
    ),
    S(
        NP,
        "classy_access_token_output",
        '{"access_token":"{v}","token_type":"bearer","expires_in":3600}',
        b62(40),
    ),
    # ---- secrets: Little Green Light
    S(
        NP,
        "lgl_basic_user",
        '$ curl -s -u {v}: "https://api.littlegreenlight.com/api/v1/constituents?limit=25&offset=0"',
        b62(64),
    ),
    S(
        NP,
        "lgl_access_token_query",
        '[sync] 2025-01-14T06:00:03Z GET "https://api.littlegreenlight.com/api/v1/gifts?access_token={v}'
        '&updated_from=2025-01-13" -> 200 (84 items)',
        b62(64),
    ),
    # ---- secrets: Neon CRM
    S(
        NP,
        "neon_curl_user",
        '$ curl -s -u "hopefoodpantry:{v}" -H "NEON-API-VERSION: 2.10" '
        "https://api.neoncrm.com/v2/accounts?userType=INDIVIDUAL&pageSize=20",
        neon_key,
    ),
    S(
        NP,
        "neon_basic_header",
        "  headers:\n    Authorization: Basic {v}\n    NEON-API-VERSION: '2.10'\n    Content-Type: application/json",
        basic_auth("hopefoodpantry", neon_key),
    ),
    # ---- secrets: Virtuous
    S(
        NP,
        "virtuous_password_grant",
        '$ curl -s -X POST https://api.virtuoussoftware.com/Token -d "grant_type=password'
        '&username=devops@cedarcommunityfund.org&password={v}"',
        pick(B62 + "!#^*", 16),
    ),
    S(
        NP,
        "virtuous_yaml_api_key",
        "virtuous:\n  base_url: https://api.virtuoussoftware.com\n  api_key: {v}\n  rate_limit_per_hour: 1500",
        b64url(86),
    ),
    # ---- secrets: Kindful
    S(
        NP,
        "kindful_token_header",
        "$ curl -s https://app.kindful.com/api/v1/contacts/email_exist?email=jo%40example.org \\\n"
        '    -H \'Authorization: Token token="{v}"\' -H "Content-Type: application/json"',
        b62(44),
    ),
    # ---- secrets: Every.org private key
    S(
        NP,
        "everyorg_private_key_basic",
        '$ curl -X POST "https://partners.every.org/v0.2/fundraiser" -H "Content-Type: application/json" '
        '-d @fundraiser.json -u "{pk}:{v}"',
        hexl(32),
        pk=hexl(32),
    ),
    # ---- secrets: Salesforce Nonprofit Cloud (Salesforce CLI, connected app)
    S(
        NP,
        "sf_access_token_target_org",
        '$ sf data query --query "SELECT Id, Name, npsp__Primary_Contact__c FROM Opportunity LIMIT 10" '
        "--target-org '{v}'",
        sf_access_token,
    ),
    S(
        NP,
        "sf_auth_url",
        "$ sf org display --target-org npsp-prod --verbose --json | jq -r .result.sfdxAuthUrl\n"
        "force://PlatformCLI::{v}@harborlight.my.salesforce.com",
        sf_refresh_token,
    ),
    S(
        NP,
        "sf_consumer_secret_env",
        "SF_LOGIN_URL=https://login.salesforce.com\nSF_CLIENT_ID={ck}\nSF_CLIENT_SECRET={v}\nSF_USERNAME=integration@harborlight.org",
        hexu(64),
        ck=sf_consumer_key,
    ),
    # ---- secrets: Tiltify
    S(
        NP,
        "tiltify_client_secret_ctor",
        "const client = new TiltifyClient({\n  clientId: '{cid}',\n  clientSecret: '{v}',\n});\n"
        "await client.initialize();",
        tiltify_hex,
        cid=tiltify_hex,
    ),
    S(
        NP,
        "tiltify_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" '
        '"https://v5api.tiltify.com/api/public/campaigns/{camp}/donations?limit=100"',
        tiltify_hex,
        camp=uuid,
    ),
    # ---- look-alikes: public ids beside the secrets
    L(
        NP,
        "sky_application_id",
        "https://app.blackbaud.com/oauth/authorize?client_id={v}&response_type=code"
        "&redirect_uri=http%3A%2F%2Flocalhost%3A13631%2F&state=9f3c",
        uuid,
    ),
    L(
        NP,
        "sky_environment_id",
        '  "environment_id": "{v}",\n  "environment_name": "Harbor Light Food Bank",\n  "legal_entity_name": "Harbor Light"',
        join("p-", b64url(22)),
    ),
    L(
        NP,
        "sky_docs_truncated_key",
        "Authorization: Bearer eyJ0eXAiOiJKV1...CTtP0CQ\nbb-api-subscription-key: {v}",
        join(hexl(9), "...", hexl(7)),
    ),
    L(
        NP,
        "gha_secret_ref",
        "      - name: Sync gifts to RE NXT\n        env:\n          BB_SUBSCRIPTION_KEY: {v}\n"
        "          BB_REFRESH_TOKEN: ${{ secrets.BB_REFRESH_TOKEN }}\n        run: python sync_gifts.py",
        const("${{ secrets.BB_SUBSCRIPTION_KEY }}"),
    ),
    L(
        NP,
        "bloomerang_client_id",
        "Redirecting to https://crm.bloomerang.co/Authorize?client_id={v}&response_type=code&state=q81x&scope=Standard",
        lower_alnum(24),
    ),
    L(
        NP,
        "placeholder",
        "$ curl -s 'https://api.bloomerang.co/v2/transactions?take=50' -H 'X-API-KEY: {v}'",
        const("<your-private-api-key>"),
    ),
    L(
        NP,
        "placeholder",
        "curl -X GET --user login@email.com:{v} https://donorbox.org/api/v1/plans",
        const("YOUR_API_KEY"),
    ),
    L(
        NP,
        "givebutter_key_id",
        '$ php artisan api-key:generate --id=1 --type="App\\Models\\Account" --name="donor sync"\n'
        "API key created. id: {v}",
        join(pick("123456789", 1), digits(4)),
    ),
    L(
        NP,
        "givebutter_widget_id",
        '<script async src="https://widgets.givebutter.com/latest.umd.cjs?acct=harborlight"></script>\n'
        '<givebutter-widget id="{v}"></givebutter-widget>',
        b62(6),
    ),
    L(
        NP,
        "givebutter_masked",
        "NAME            KEY              CREATED\nzapier-export   {v}    2024-09-02\nwarehouse-sync  ••••••••Qe7b    2025-01-05",
        join("••••••••", b62(4)),
    ),
    L(
        NP,
        "classy_client_id",
        "$ curl -s -X POST https://api.classy.org/oauth2/auth -d grant_type=client_credentials "
        '-d client_id={v} -d client_secret="$CLASSY_CLIENT_SECRET"',
        hexl(32),
    ),
    L(
        NP,
        "classy_org_id",
        "GET https://api.classy.org/2.0/organizations/{v}/campaigns?filter=status%3Dactive 200 OK",
        digits(6),
    ),
    L(
        NP,
        "placeholder",
        '$ curl -H "Authorization: Bearer {v}" "https://api.littlegreenlight.com/api/v1/constituents"',
        const("<LGL_API_KEY>"),
    ),
    L(
        NP,
        "neon_org_id",
        "# Neon CRM: Settings > Organization Profile > Account Information\nNEON_ORG_ID={v}\n"
        "NEON_API_KEY=${NEON_API_KEY:?set NEON_API_KEY from 1Password}",
        join("cedarhouse", digits(2)),
    ),
    L(
        NP,
        "ansible_vault_ref",
        "virtuous_sync:\n  base_url: https://api.virtuoussoftware.com\n  api_key: {v}",
        const('"{{ vault_virtuous_api_key }}"'),
    ),
    L(
        NP,
        "kindful_env_ref",
        '$ curl -s https://app.kindful.com/api/v1/contacts -H "Authorization: Token token={v}"',
        const('\\"$KINDFUL_TOKEN\\"'),
    ),
    L(
        NP,
        "everyorg_public_key",
        'fetch("https://partners.every.org/v0.2/search/food%20bank?apiKey={v}&take=10")',
        hexl(32),
    ),
    L(
        NP,
        "everyorg_ein",
        '    "name": "Harbor Light Food Bank",\n    "ein": "{v}",\n    "primarySlug": "harborlightfoodbank",',
        join(digits(2), "-", digits(7)),
    ),
    L(
        NP,
        "sf_org_id",
        "=== Org Description\n\n KEY              VALUE\n ──────────────── ─────────────────────────────\n"
        " Access Token     [REDACTED] Use 'sf org auth show-access-token' to view\n Id               {v}\n"
        " Instance Url     https://harborlight.my.salesforce.com",
        sf_org_id,
    ),
    L(
        NP,
        "sf_truncated_token",
        " Access Token    {v} (truncated for security)\n Client Id       PlatformCLI",
        join("00D", upper_alnum(12), "!AQ", b62(9)),
    ),
    L(
        NP,
        "sf_consumer_key",
        "$ sf org login jwt --client-id {v} --jwt-key-file server.key --username integration@harborlight.org",
        sf_consumer_key,
    ),
    L(
        NP,
        "tiltify_client_id",
        "https://v5api.tiltify.com/oauth/authorize?client_id={v}"
        "&redirect_uri=https%3A%2F%2Foverlay.example.dev%2Fcallback&response_type=code&scope=public",
        tiltify_hex,
    ),
    L(
        NP,
        "tiltify_campaign_id",
        "  campaign_id: {v}\n  poll_seconds: 15\n  currency: USD",
        uuid,
    ),
    L(
        NP,
        "commit_sha",
        "$ git log -1 --format=%H -- integrations/neon_sync.py\n{v}",
        hexl(40),
    ),
    L(
        NP,
        "checksum",
        "$ sha256sum exports/lgl_gifts_2024.csv\n{v}  exports/lgl_gifts_2024.csv",
        hexl(64),
    ),
]
