"""A sixty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of email marketing, newsletter and customer-data tools: Mailchimp's
Marketing API (keys with a `-usNN` data-center suffix, basic auth with any user name, audience and
campaign ids, subscriber hashes, the `u=`/`id=` of embedded signup forms, the OAuth token exchange)
and Mailchimp Transactional (Mandrill keys in a JSON body and as the SMTP password), Brevo (the
`api-key` header with `xkeysib-` keys, `xsmtpsib-` SMTP keys for smtp-relay.brevo.com, the tracker's
public `client_key`, masked key listings), Klaviyo (`Klaviyo-API-Key pk_…` private keys against the
six-character public key / site id of `klaviyo.js` and `company_id`, ULID profile ids), Kit/ConvertKit
(v3 `api_secret`, v4 `X-Kit-Api-Key`), ActiveCampaign (`Api-Token` header and account URL vs the
site-tracking account id), Customer.io (site id in the JS snippet vs the Track API key, basic auth,
the bearer App API key, reporting-webhook signing keys), MailerLite API tokens, Iterable `Api-Key`
and message ids, Loops API keys and transactional ids, beehiiv bearer keys and `pub_` ids,
RudderStack write keys in `rudderanalytics.load` vs the self-hosted data plane's workspace token,
Attio bearer tokens and `/v2/self`, Close API keys as a basic-auth user with an empty password,
Pipedrive `api_token` in URLs, and Salesforce Marketing Cloud's `/v2/token` client credentials with
the MID and tenant subdomain, in commands, config files, code and tool output, with the public ids,
references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 55 to 59):
24 of 26 secrets caught, 2 of 24 look-alikes altered (missed: Klaviyo's private `pk_` keys (read as publishable) in
a header and a constructor; altered: Brevo's tracker `client_key`, a Close `lead_` id in an API path).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    alphabet_run,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    pick,
    uuid,
)

MK = "mkting"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def mailchimp_key(dc: str):
    """A Marketing API key: 32 hex characters and the account's data-center suffix."""
    return join(hexl(32), "-" + dc)


def brevo_key(prefix: str):
    """`xkeysib-` / `xsmtpsib-`, 64 hex characters, a dash and 16 alphanumerics."""
    return join(prefix, hexl(64), "-", b62(16))


def ulid(rng: random.Random) -> str:
    return "01" + pick(CROCKFORD, 24)(rng)


def cio_basic(rng: random.Random) -> str:
    """Customer.io Track API basic auth: base64 of `site_id:api_key`."""
    return base64.b64encode(f"{hexl(20)(rng)}:{hexl(20)(rng)}".encode()).decode()


def _b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def passport_jwt(rng: random.Random) -> str:
    """A MailerLite API token: an RS256 JWT (Laravel Passport claims) with a 2048-bit signature."""
    header = {"typ": "JWT", "alg": "RS256"}
    iat = 1_700_000_000 + rng.randrange(40_000_000)
    payload = {
        "aud": "4",
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 10 * 365 * 86400,
        "sub": digits(6)(rng),
        "scopes": [],
    }
    parts = [_b64u(json.dumps(p, separators=(",", ":")).encode()) for p in (header, payload)]
    return ".".join(parts + [b64url(342)(rng)])


sfmc_subdomain = join("mc", lower_alnum(26))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 24, "the rules for 55 to 59")

TEMPLATES = [
    # ---- secrets: Mailchimp and Mandrill
    S(
        MK,
        "mailchimp_sdk_config",
        'import mailchimp from "@mailchimp/mailchimp_marketing";\n\nmailchimp.setConfig({\n  apiKey: "{v}",\n'
        '  server: "us21",\n});',
        mailchimp_key("us21"),
    ),
    S(
        MK,
        "mailchimp_basic_auth",
        '$ curl -sS --user "anystring:{v}" "https://us14.api.mailchimp.com/3.0/lists/{list}/members?count=50"'
        " | jq '.total_items'",
        mailchimp_key("us14"),
        list=hexl(10),
    ),
    S(
        MK,
        "mailchimp_oauth_token",
        "$ curl -s -X POST https://login.mailchimp.com/oauth2/token -d grant_type=authorization_code"
        " -d client_id={cid} -d client_secret=$MC_CLIENT_SECRET"
        " -d redirect_uri=https://app.brightkite.dev/oauth/mailchimp/callback -d code=$CODE\n"
        '{"access_token":"{v}","expires_in":0,"scope":null}',
        hexl(32),
        cid=digits(12),
    ),
    S(
        MK,
        "mandrill_json_key",
        "$ curl -s https://mandrillapp.com/api/1.0/messages/send-template -H 'Content-Type: application/json'"
        ' -d \'{"key": "{v}", "template_name": "order-shipped", "template_content": [],'
        ' "message": {"to": [{"email": "ops@brightkite.dev"}]}}\'',
        join("md-", b64url(22)),
    ),
    S(
        MK,
        "mandrill_sasl_passwd",
        "$ sudo cat /etc/postfix/sasl_passwd\n[smtp.mandrillapp.com]:587 notifications@brightkite.dev:{v}",
        b62(22),
    ),
    # ---- secrets: Brevo
    S(
        MK,
        "brevo_api_key_header",
        "$ curl -s https://api.brevo.com/v3/account -H 'accept: application/json' -H 'api-key: {v}'",
        brevo_key("xkeysib-"),
    ),
    S(
        MK,
        "brevo_smtp_key_env",
        "MAIL_MAILER=smtp\nMAIL_HOST=smtp-relay.brevo.com\nMAIL_PORT=587\nMAIL_USERNAME=newsletter@brightkite.dev\n"
        "MAIL_PASSWORD={v}\nMAIL_ENCRYPTION=tls",
        brevo_key("xsmtpsib-"),
    ),
    # ---- secrets: Klaviyo
    S(
        MK,
        "klaviyo_auth_header",
        "$ curl --request GET --url 'https://a.klaviyo.com/api/lists/'"
        " --header 'Authorization: Klaviyo-API-Key {v}' --header 'revision: 2024-10-15'"
        " --header 'accept: application/vnd.api+json'",
        join("pk_", hexl(34)),
    ),
    S(
        MK,
        "klaviyo_sdk_positional",
        'from klaviyo_api import KlaviyoAPI\n\nklaviyo = KlaviyoAPI("{v}", max_delay=60, max_retries=3)',
        join("pk_", hexl(34)),
    ),
    # ---- secrets: Kit / ConvertKit
    S(
        MK,
        "convertkit_api_secret_query",
        '$ curl -s "https://api.convertkit.com/v3/subscribers?api_secret={v}&from=2024-01-01&sort_order=desc"'
        " | jq '.total_subscribers'",
        b64url(43),
    ),
    S(
        MK,
        "kit_v4_header",
        '$ curl -s https://api.kit.com/v4/broadcasts -H "X-Kit-Api-Key: {v}" -H "Accept: application/json"',
        join("kit_", hexl(32)),
    ),
    # ---- secrets: ActiveCampaign
    S(
        MK,
        "activecampaign_api_token",
        '$ curl -s -H "Api-Token: {v}" "https://brightkite.api-us1.com/api/3/contacts?email=ops%40brightkite.dev"',
        hexl(72),
    ),
    S(
        MK,
        "activecampaign_php_positional",
        '<?php\nrequire_once "vendor/autoload.php";\n\n$ac = new ActiveCampaign("https://brightkite.api-us1.com",'
        ' "{v}");\n$account = $ac->api("account/view");',
        hexl(72),
    ),
    # ---- secrets: Customer.io
    S(
        MK,
        "customerio_track_key",
        'from customerio import CustomerIO, Regions\n\ncio = CustomerIO(site_id="{site}", api_key="{v}",'
        " region=Regions.EU)",
        hexl(20),
        site=hexl(20),
    ),
    S(
        MK,
        "customerio_app_key_bearer",
        '$ curl -s -X POST https://api.customer.io/v1/send/email -H "Authorization: Bearer {v}"'
        ' -H "Content-Type: application/json"'
        ' -d \'{"transactional_message_id": "3", "to": "ops@brightkite.dev", "identifiers": {"id": "u_1042"}}\'',
        hexl(32),
    ),
    S(
        MK,
        "customerio_basic_b64",
        "> PUT /api/v1/customers/u_1042 HTTP/2\n> Host: track-eu.customer.io\n> user-agent: curl/8.5.0\n"
        "> authorization: Basic {v}\n> content-type: application/json",
        cio_basic,
    ),
    S(
        MK,
        "customerio_webhook_signing_key",
        'const expected = crypto\n  .createHmac("sha256", "{v}")\n  .update(`v0:${req.headers["x-cio-timestamp"]}:'
        '${rawBody}`)\n  .digest("hex");',
        hexl(64),
    ),
    # ---- secrets: MailerLite, Loops, Iterable, beehiiv
    S(
        MK,
        "mailerlite_jwt",
        "use MailerLite\\MailerLite;\n\n$mailerLite = new MailerLite(['api_key' => '{v}']);",
        passport_jwt,
    ),
    S(
        MK,
        "loops_positional",
        'import { LoopsClient } from "loops";\n\nconst loops = new LoopsClient("{v}");',
        hexl(32),
    ),
    S(
        MK,
        "iterable_api_key_header",
        '$ curl -s -X POST https://api.iterable.com/api/users/update -H "Api-Key: {v}"'
        ' -H "Content-Type: application/json" -d \'{"email": "ops@brightkite.dev", "dataFields": {"plan": "pro"}}\'',
        hexl(32),
    ),
    S(
        MK,
        "beehiiv_bearer",
        'BASE = "https://api.beehiiv.com/v2"\n'
        'headers = {"Authorization": "Bearer {v}", "Content-Type": "application/json"}',
        b62(64),
    ),
    # ---- secrets: RudderStack, Attio, Close, Pipedrive, Salesforce Marketing Cloud
    S(
        MK,
        "rudderstack_workspace_token",
        "# rudder-server/.env (self-hosted data plane)\nJOBS_DB_HOST=localhost\nJOBS_DB_USER=rudder\n"
        "CONFIG_BACKEND_URL=https://api.rudderstack.com\nWORKSPACE_TOKEN={v}",
        b62(27),
    ),
    S(
        MK,
        "attio_bearer",
        '$ curl -s https://api.attio.com/v2/self -H "Authorization: Bearer {v}" | jq .workspace_name',
        hexl(64),
    ),
    S(
        MK,
        "close_basic_user",
        "$ curl -s https://api.close.com/api/v1/me/ -u {v}: | jq '.organizations[0].name'",
        join("api_", b62(22), ".", b62(22)),
    ),
    S(
        MK,
        "pipedrive_url_query",
        "[sync] GET https://brightkite.pipedrive.com/api/v1/deals?status=open&limit=100&api_token={v}"
        " -> 200 OK (412 ms)",
        hexl(40),
    ),
    S(
        MK,
        "sfmc_client_secret",
        "$ curl -s -X POST https://{sub}.auth.marketingcloudapis.com/v2/token -H 'Content-Type: application/json'"
        ' -d \'{"grant_type": "client_credentials", "client_id": "{cid}", "client_secret": "{v}",'
        ' "account_id": "{mid}"}\'',
        b62(24),
        sub=sfmc_subdomain,
        cid=lower_alnum(24),
        mid=digits(9),
    ),
    # ---- look-alikes: Mailchimp ids, form parameters, placeholders
    L(
        MK,
        "mailchimp_list_id",
        'response = client.lists.get_list_members_info("{v}", count=100, status="subscribed")',
        hexl(10),
    ),
    L(
        MK,
        "mailchimp_subscriber_hash",
        "DEBUG mailchimp_marketing: PUT https://us21.api.mailchimp.com/3.0/lists/{list}/members/{v} -> 200",
        hexl(32),
        list=hexl(10),
    ),
    L(
        MK,
        "mailchimp_form_u",
        '<form action="https://brightkite.us21.list-manage.com/subscribe/post?u={v}&amp;id={list}&amp;f_id={fid}"'
        ' method="post" id="mc-embedded-subscribe-form" name="mc-embedded-subscribe-form" target="_blank">',
        hexl(25),
        list=hexl(10),
        fid=hexl(10),
    ),
    L(
        MK,
        "placeholder",
        "# .env.example: paste the key from Account > Extras > API keys\nMAILCHIMP_API_KEY={v}\nMAILCHIMP_SERVER=us19",
        join(counting(32, hex_digits=True), "-us19"),
    ),
    # ---- look-alikes: Klaviyo public ids
    L(
        MK,
        "klaviyo_site_id",
        '<script async type="text/javascript" src="https://static.klaviyo.com/onsite/js/{v}/klaviyo.js"></script>',
        b62(6),
    ),
    L(
        MK,
        "klaviyo_company_id",
        "$ curl -s -X POST 'https://a.klaviyo.com/client/subscriptions/?company_id={v}' -H 'revision: 2024-10-15'"
        " -H 'content-type: application/vnd.api+json' -d @subscribe.json",
        b62(6),
    ),
    L(
        MK,
        "klaviyo_profile_id",
        '{"data": {"type": "profile", "id": "{v}", "attributes": {"email": "ops@brightkite.dev"}}}',
        ulid,
    ),
    L(
        MK,
        "placeholder",
        "KLAVIYO_PUBLIC_KEY=AbC123\nKLAVIYO_PRIVATE_KEY={v}   # replace before running the sync",
        join("pk_", alphabet_run(34)),
    ),
    # ---- look-alikes: Customer.io, ActiveCampaign, Brevo public values and references
    L(
        MK,
        "customerio_site_id",
        "          t.id    = 'cio-tracker';\n          t.setAttribute('data-site-id', '{v}');\n"
        "          t.src = 'https://assets.customer.io/assets/track.js';",
        hexl(20),
    ),
    L(
        MK,
        "activecampaign_account_id",
        "    pgo('setAccount', {v});\n    pgo('setTrackByDefault', true);\n    pgo('process');",
        digits(9),
    ),
    L(
        MK,
        "gha_secret_ref",
        "      - name: Sync contacts\n        env:\n          AC_API_URL: https://brightkite.api-us1.com\n"
        "          AC_API_TOKEN: {v}\n        run: python scripts/sync_ac.py",
        const("${{ secrets.ACTIVECAMPAIGN_API_TOKEN }}"),
    ),
    L(
        MK,
        "brevo_tracker_client_key",
        '    window.Brevo = window.Brevo || [];\n    Brevo.push([\n        "init",\n        {\n'
        '            client_key: "{v}",\n        }\n    ]);',
        lower_alnum(24),
    ),
    L(
        MK,
        "masked_key",
        "SMTP keys\n  NAME           KEY                       CREATED\n  laravel-prod   {v}    2024-03-02",
        join("••••••••••••••••", lower_alnum(6)),
    ),
    L(
        MK,
        "secret_names",
        "$ gh secret list\nBREVO_API_KEY\tUpdated 2024-05-12\n{v}\tUpdated 2024-05-12",
        const("BREVO_SMTP_KEY"),
    ),
    # ---- look-alikes: ids from Salesforce Marketing Cloud, Pipedrive, Close, Attio, beehiiv, Iterable, Loops
    L(
        MK,
        "sfmc_rest_instance_url",
        '  "token_type": "Bearer",\n  "expires_in": 1079,\n'
        '  "rest_instance_url": "https://{v}.rest.marketingcloudapis.com/",',
        sfmc_subdomain,
    ),
    L(
        MK,
        "env_reference",
        '$ curl -s "https://api.pipedrive.com/v1/users/me" --header "x-api-token: {v}" | jq .data.company_domain',
        const("$PIPEDRIVE_API_TOKEN"),
    ),
    L(
        MK,
        "close_lead_id",
        "lead = api.get('lead/{v}/', params={'_fields': 'id,display_name,status_label'})",
        join("lead_", b62(43)),
    ),
    L(
        MK,
        "attio_workspace_id",
        '{"active": true, "scope": "record_permission:read object_configuration:read", "client_id": null,'
        ' "workspace_id": "{v}", "workspace_name": "Brightkite", "workspace_slug": "brightkite"}',
        uuid,
    ),
    L(
        MK,
        "beehiiv_publication_id",
        "POST https://api.beehiiv.com/v2/publications/{v}/subscriptions 201 Created",
        join("pub_", uuid),
    ),
    L(
        MK,
        "iterable_message_id",
        '  "email": "ops@brightkite.dev",\n  "campaignId": {cid},\n  "templateId": {tid},\n  "messageId": "{v}",',
        hexl(32),
        cid=digits(7),
        tid=digits(8),
    ),
    L(
        MK,
        "loops_transactional_id",
        'await loops.sendTransactionalEmail({\n  transactionalId: "{v}",\n  email: "ops@brightkite.dev",\n});',
        join("c", lower_alnum(24)),
    ),
    L(
        MK,
        "rudderstack_write_key",
        'rudderanalytics.load("{v}", "https://brightkitewp.dataplane.rudderstack.com");\nrudderanalytics.page();',
        b62(27),
    ),
    # ---- look-alikes: digests and secret-manager references
    L(
        MK,
        "npm_integrity",
        '    "node_modules/@mailchimp/mailchimp_marketing": {\n      "version": "3.0.80",\n'
        '      "resolved": "https://registry.npmjs.org/@mailchimp/mailchimp_marketing/-/'
        'mailchimp_marketing-3.0.80.tgz",\n'
        '      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
    L(
        MK,
        "op_reference",
        "export KLAVIYO_PRIVATE_KEY=\"$(op read '{v}')\"",
        const("op://Marketing/Klaviyo Private Key/credential"),
    ),
]
