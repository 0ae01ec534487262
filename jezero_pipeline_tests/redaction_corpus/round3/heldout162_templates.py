"""A hundred-and-sixty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of newsletter and email-marketing platforms: Ghost (Admin API
keys `{24 hex id}:{64 hex secret}` signed into a short-lived HS256 JWT sent as `Authorization: Ghost
<jwt>`, the 26-hex Content API key its docs call safe for browsers, 24-hex object ids), Kit /
ConvertKit (v3 `api_key` usable client-side versus `api_secret` "treat it as your password", the v4
`X-Kit-Api-Key` header; the `kit_` + 32 hex v4 key shape is written from memory), beehiiv (Bearer API
key, `pub_`/`sub_` + UUID object ids), Buttondown (`Authorization: Token <40 hex>`), MailerLite (the
new RS256 JWT API token, the classic 32-hex `X-MailerLite-ApiKey`), EmailOctopus (legacy v1 UUID
`api_key` in the query string beside UUID list ids, v2 Bearer keys; the `eo_` + 64 hex v2 shape is
from memory), Moosend (UUID `apikey` query parameter beside UUID mailing-list ids), Loops (32-hex
Bearer key), Sendy (20-character `api_key` and the "encrypted & hashed" list id whose `892`/`763`
runs stand for `/` and `+`), listmonk (`Authorization: token api_user:token`, BasicAuth,
`config.toml`), Mautic (OAuth2 client id `N_<random>` and client secret, `local.php` `secret_key`,
HTTP basic auth), Campaign Monitor (API key as the BasicAuth username with `x` as password, 32-hex
ClientID and list ids; the long base64 key length is from memory), ActiveCampaign (`Api-Token`
header with the 72-hex key, `*.api-us1.com` account URL, the numeric site-tracking `actid`) and
Mailchimp (`<32 hex>-usNN` keys, 10-hex audience ids), in commands, config files, code and tool
output, with the public ids, placeholders, masks and references the same documentation shows
beside them. Every value is generated here; none is copied from a vendor's docs.

First score, blind, before any rule changed for it (after the rules for 155 to 159):
25 of 26 secrets caught, 3 of 25 look-alikes altered (missed: a Ghost Admin key (`<24 hex>:<64
hex>`) as a script's positional argument; altered: Ghost's Content API key under `key`, Kit's v3
public `api_key`, Mautic's OAuth client id (`7_<random>`) under `clientKey`).
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
    uuid,
)

NL = "newsletters"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def ghost_admin_jwt(rng: random.Random) -> str:
    """A Ghost Admin API token: HS256, `kid` = the key id, five-minute lifetime, audience /admin/."""
    iat = rng.randrange(1_700_000_000, 1_760_000_000)
    header = {"alg": "HS256", "kid": hexl(24)(rng), "typ": "JWT"}
    payload = {"iat": iat, "exp": iat + 300, "aud": "/admin/"}
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def mailerlite_jwt(rng: random.Random) -> str:
    """A MailerLite (new) API token: an RS256 JWT with an 80-hex jti and a 2048-bit signature."""
    iat = rng.randrange(1_700_000_000, 1_760_000_000)
    header = {"typ": "JWT", "alg": "RS256"}
    payload = {
        "aud": "4",
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 315_360_000,
        "sub": digits(6)(rng),
        "scopes": [],
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def ghost_admin_key(rng: random.Random) -> str:
    return f"{hexl(24)(rng)}:{hexl(64)(rng)}"


def sendy_list_id(rng: random.Random) -> str:
    """Sendy's encrypted list id: base64 with `/` written as 892 and `+` as 763, padding dropped."""
    return f"{b62(7)(rng)}892{b62(6)(rng)}763{b62(5)(rng)}"


def mautic_client_id(rng: random.Random) -> str:
    return f"{rng.randrange(1, 9)}_{lower_alnum(50)(rng)}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 3, 25, "the rules for 155 to 159")

TEMPLATES: list = [
    # ---- secrets: Ghost
    S(
        NL,
        "ghost_admin_key_code",
        "const api = new GhostAdminAPI({\n  url: 'https://quire-press.ghost.io',\n"
        "  key: '{v}',\n  version: 'v5.0'\n});",
        ghost_admin_key,
    ),
    S(
        NL,
        "ghost_admin_key_positional",
        "$ sh ./scripts/ghost-auth.sh {v}\nHTTP/1.1 200 OK",
        ghost_admin_key,
        note="the Ghost team's demo script takes the Admin API key as its only argument",
    ),
    S(
        NL,
        "ghost_admin_jwt_header",
        "$ curl -s 'https://quire-press.ghost.io/ghost/api/admin/posts/?limit=5' "
        "-H 'Authorization: Ghost {v}' -H 'Accept-Version: v5.0'",
        ghost_admin_jwt,
    ),
    S(
        NL,
        "ghost_admin_key_env_file",
        "# deploy/.env.production\nGHOST_API_URL=https://quire-press.ghost.io\n"
        "GHOST_ADMIN_API_KEY={v}\nGHOST_THEME=quire-casper",
        ghost_admin_key,
    ),
    # ---- secrets: Kit / ConvertKit
    S(
        NL,
        "kit_v3_api_secret_query",
        '$ curl -s "https://api.convertkit.com/v3/subscribers?api_secret={v}&from=2024-09-01&sort_order=desc" | jq .total_subscribers',
        b64url(43),
    ),
    S(
        NL,
        "kit_v4_header",
        "$ curl --request GET --url https://api.kit.com/v4/account --header 'X-Kit-Api-Key: {v}'",
        join("kit_", hexl(32)),
    ),
    # ---- secrets: beehiiv
    S(
        NL,
        "beehiiv_client_code",
        'bh = beehiiv.BeeHiiv(api_key="{v}", publicationId="pub_{pub}")\n'
        'subs = bh.subscriptions.index(expand=["stats"], limit=5)',
        b62(64),
        pub=uuid,
    ),
    S(
        NL,
        "beehiiv_bearer_python",
        "        self.headers = {\n"
        '            "Authorization": "Bearer {v}",\n'
        '            "Content-Type": "application/json",\n        }',
        b62(64),
    ),
    # ---- secrets: Buttondown
    S(
        NL,
        "buttondown_token_header",
        '$ http GET https://api.buttondown.com/v1/subscribers "Authorization:Token {v}" page==2',
        hexl(40),
    ),
    # ---- secrets: MailerLite
    S(
        NL,
        "mailerlite_jwt_docker",
        "$ docker run --rm -e MAILERLITE_API_TOKEN={v} -e ML_GROUP=weekly ghcr.io/quire/list-sync:1.4",
        mailerlite_jwt,
    ),
    S(
        NL,
        "mailerlite_classic_header",
        '$ curl -v https://api.mailerlite.com/api/v2/groups -H "X-MailerLite-ApiKey: {v}" -H "Content-Type: application/json"',
        hexl(32),
    ),
    # ---- secrets: EmailOctopus
    S(
        NL,
        "emailoctopus_v1_query",
        "GET https://emailoctopus.com/api/1.6/lists/{lst}/contacts/unsubscribed?api_key={v}&limit=100 -> 200 OK",
        uuid,
        lst=uuid,
    ),
    S(
        NL,
        "emailoctopus_v2_bearer",
        '$ curl https://api.emailoctopus.com/lists/ -H "Authorization: Bearer {v}"',
        join("eo_", hexl(64)),
    ),
    # ---- secrets: Moosend, Loops, Sendy
    S(
        NL,
        "moosend_apikey_query",
        'requests.get("https://api.moosend.com/v3/lists/{lid}/subscribers/Subscribed.json", '
        'params={"apikey": "{v}", "Page": 1, "PageSize": 500})',
        uuid,
        lid=uuid,
    ),
    S(
        NL,
        "loops_client_code",
        'import { LoopsClient } from "loops";\n\nconst loops = new LoopsClient("{v}");\n'
        'await loops.updateContact({ email: "reader@example.org", userGroup: "founders" });',
        hexl(32),
    ),
    S(
        NL,
        "sendy_form_post",
        '$ curl -s -X POST https://mail.quire.press/subscribe -d "api_key={v}" '
        '-d "email=reader@example.org" -d "list={lst}" -d "boolean=true"',
        b62(20),
        lst=sendy_list_id,
    ),
    # ---- secrets: listmonk
    S(
        NL,
        "listmonk_token_header",
        '$ curl -H "Authorization: token ci-sync:{v}" http://localhost:9000/api/lists?per_page=all',
        b62(32),
    ),
    S(
        NL,
        "listmonk_config_toml",
        '$ cat config.toml\n[app]\naddress = "0.0.0.0:9000"\n\n[db]\nhost = "listmonk-db"\nport = 5432\n'
        'user = "listmonk"\npassword = "{v}"\ndatabase = "listmonk"\nssl_mode = "disable"',
        password(22),
    ),
    # ---- secrets: Mautic
    S(
        NL,
        "mautic_oauth_client_secret",
        "$settings = [\n    'baseUrl'      => 'https://crm.quire.press',\n    'version'      => 'OAuth2',\n"
        "    'clientKey'    => '{cid}',\n    'clientSecret' => '{v}',\n"
        "    'callback'     => 'https://quire.press/mautic/callback',\n];",
        lower_alnum(50),
        cid=mautic_client_id,
    ),
    S(
        NL,
        "mautic_local_php_secret_key",
        "  'mailer_from_name' => 'Quire Press',\n  'secret_key' => '{v}',\n  'site_url' => 'https://crm.quire.press',",
        hexl(64),
    ),
    S(
        NL,
        "mautic_basic_auth",
        "$ curl -s -u 'api-bot:{v}' 'https://crm.quire.press/api/contacts?search=segment:weekly&limit=10'",
        password(16),
    ),
    # ---- secrets: Campaign Monitor
    S(
        NL,
        "campaign_monitor_basic_user",
        '$ curl -u "{v}:x" "https://api.createsend.com/api/v3.3/clients.json?pretty=true"',
        join(b64(86), "=="),
    ),
    S(
        NL,
        "campaign_monitor_python_auth",
        ">>> from createsend import CreateSend\n>>> cs = CreateSend({'api_key': '{v}'})\n>>> [c.Name for c in cs.clients()]",
        join(b64(86), "=="),
    ),
    # ---- secrets: ActiveCampaign, Mailchimp
    S(
        NL,
        "activecampaign_api_token_header",
        '$ curl -H "Api-Token: {v}" https://quirepress.api-us1.com/api/3/contacts?limit=20',
        hexl(72),
    ),
    S(
        NL,
        "activecampaign_yaml",
        "source:\n  name: activecampaign\n  config:\n    account_username: quirepress\n    api_key: {v}\n    start_date: 2024-01-01",
        hexl(72),
    ),
    S(
        NL,
        "mailchimp_set_config",
        'mailchimp.setConfig({\n  apiKey: "{v}",\n  server: "us21",\n});',
        join(hexl(32), "-us21"),
    ),
    # ---- look-alikes: public keys and ids the docs show beside the secrets
    L(
        NL,
        "ghost_content_api_key",
        "const api = new GhostContentAPI({\n  url: 'https://quire-press.ghost.io',\n  key: '{v}',\n  version: 'v5.0'\n});",
        hexl(26),
        note="Ghost docs: Content API keys are safe for use in browsers, they only read public data",
    ),
    L(
        NL,
        "ghost_jwt_header_kid",
        '$ echo "$TOKEN" | cut -d. -f1 | base64 -d\n{"alg":"HS256","kid":"{v}","typ":"JWT"}',
        hexl(24),
        note="the Admin API key id, placed in the JWT kid header in clear",
    ),
    L(
        NL,
        "ghost_post_id",
        "PUT https://quire-press.ghost.io/ghost/api/admin/posts/{v}/?source=html -> 200 (updated_at 2024-11-02T09:14:51.000Z)",
        hexl(24),
    ),
    L(
        NL,
        "kit_v3_public_api_key",
        'fetch("https://api.convertkit.com/v3/forms/{form}/subscribe", {\n  method: "POST",\n'
        '  headers: { "Content-Type": "application/json" },\n  body: JSON.stringify({ api_key: "{v}", email }),\n});',
        b64url(22),
        note="Kit v3 docs: api_key is for public endpoints; only api_secret must stay out of client-side code",
        form=digits(7),
    ),
    L(
        NL,
        "kit_form_uid",
        '<script async data-uid="{v}" src="https://quire-press.kit.com/{v}/index.js"></script>',
        hexl(10),
    ),
    L(
        NL,
        "beehiiv_publication_id",
        '$ curl -s "https://api.beehiiv.com/v2/publications/pub_{v}/subscriptions?limit=10" -H "Authorization: Bearer $BEEHIIV_API_KEY"',
        uuid,
    ),
    L(
        NL,
        "beehiiv_subscription_id",
        '{"data": {"id": "{v}", "email": "reader@example.org", "status": "active", "utm_source": "landing"}}',
        join("sub_", uuid),
    ),
    L(
        NL,
        "moosend_list_id",
        'GET https://api.moosend.com/v3/lists/{v}/details.json?apikey=${MOOSEND_API_KEY} -> {"Code":0,"Error":null}',
        uuid,
    ),
    L(
        NL,
        "emailoctopus_list_id",
        '$ curl https://api.emailoctopus.com/lists/{v}/contacts -H "Authorization: Bearer $EMAILOCTOPUS_API_KEY"',
        uuid,
    ),
    L(
        NL,
        "sendy_encrypted_list_id",
        '<form action="https://mail.quire.press/subscribe" method="POST" accept-charset="utf-8">\n'
        '  <input type="email" name="email" id="email"/>\n  <input type="hidden" name="list" value="{v}"/>\n'
        '  <input type="hidden" name="subform" value="yes"/>',
        sendy_list_id,
        note="Sendy prints this list id into every public subscribe form",
    ),
    L(
        NL,
        "campaign_monitor_client_id",
        '[\n  {\n    "ClientID": "{v}",\n    "Name": "Quire Press"\n  }\n]',
        hexl(32),
    ),
    L(
        NL,
        "campaign_monitor_list_id",
        '$ curl -u "$CREATESEND_API_KEY:x" https://api.createsend.com/api/v3.3/subscribers/{v}.json '
        "-d @subscriber.json",
        hexl(32),
    ),
    L(
        NL,
        "activecampaign_site_tracking_actid",
        "  vgo('setAccount', '{v}');\n  vgo('setTrackByDefault', true);\n  vgo('process');",
        digits(9),
    ),
    L(
        NL,
        "mailchimp_audience_id",
        '$ curl -s --user "anystring:${MAILCHIMP_API_KEY}" https://us21.api.mailchimp.com/3.0/lists/{v}/members?count=5',
        hexl(10),
    ),
    L(
        NL,
        "mautic_oauth_client_id",
        "    'clientKey'    => '{v}',\n    'clientSecret' => getenv('MAUTIC_CLIENT_SECRET'),",
        mautic_client_id,
    ),
    L(
        NL,
        "listmonk_list_uuid",
        '{"data": {"results": [{"id": 3, "uuid": "{v}", "name": "Weekly digest", "type": "public", "optin": "double"}]}}',
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        NL,
        "theme_commit_sha",
        "$ git log -1 --format='%H %s'\n{v} Bump quire-casper theme for Ghost 5.96",
        hexl(40),
    ),
    L(
        NL,
        "listmonk_release_checksum",
        "$ sha256sum listmonk_4.1.0_linux_amd64.tar.gz\n{v}  listmonk_4.1.0_linux_amd64.tar.gz",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        NL,
        "listmonk_docs_placeholder",
        '# from the listmonk docs, BasicAuth example\ncurl -u "{v}" http://localhost:9000/api/lists',
        const("api_user:token"),
    ),
    L(
        NL,
        "mailerlite_placeholder",
        "# .env.example\nMAILERLITE_API_TOKEN={v}\nML_GROUP=weekly",
        const("<your-mailerlite-api-token>"),
    ),
    L(
        NL,
        "emailoctopus_x_placeholder",
        "EMAILOCTOPUS_API_KEY={v}  # paste the key from Account > Integrations & API",
        join("eo_", const("x" * 64)),
    ),
    L(
        NL,
        "loops_gha_secret_ref",
        "      - name: Sync contacts to Loops\n        env:\n          LOOPS_API_KEY: {v}\n        run: node scripts/sync-loops.mjs",
        const("${{ secrets.LOOPS_API_KEY }}"),
    ),
    L(
        NL,
        "mautic_env_ref",
        "  'secret_key' => '{v}',\n  'site_url' => 'https://crm.quire.press',",
        const("%env(MAUTIC_SECRET_KEY)%"),
    ),
    L(
        NL,
        "beehiiv_masked_key",
        "✓ BEEHIIV_API_KEY loaded from .env ({v})",
        join(const("*" * 16), b62(4)),
    ),
    L(
        NL,
        "secret_names",
        "$ gh secret list\n{v}\tUpdated 2024-10-28\nKIT_API_SECRET\tUpdated 2024-10-28\nBUTTONDOWN_API_KEY\tUpdated 2024-09-02",
        const("GHOST_ADMIN_API_KEY"),
    ),
]
