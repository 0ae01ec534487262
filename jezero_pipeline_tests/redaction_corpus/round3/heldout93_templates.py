"""A ninety-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of scheduling and calendar APIs: Calendly API v2 (personal
access tokens as ES256 JWTs, OAuth client secrets, webhook signing keys and the
`Calendly-Webhook-Signature` header, user and organization URIs), Cal.com (`cal_live_` API keys,
the self-hosting `.env` with `CALENDSO_ENCRYPTION_KEY`), Nylas v3 (`nyk_v0_` API keys in the SDK and
`nylas auth config --api-key`, grant ids), Cronofy (SDK clients, token responses, `cal_`/`acc_` ids,
OAuth client ids), Google Calendar (service-account JSON, `GOCSPX-` OAuth client secrets, the
"secret address in iCal format", public calendar ids), Microsoft Graph calendars (Entra client
secrets from `az ad app credential reset` and `appsettings.json`, masked portal values, event ids),
Acuity Scheduling (numeric user id plus API key over basic auth), SavvyCal (`pt_secret_` tokens,
ES256 signing keys and their `kid_` ids, `x-savvycal-signature`), Zoom (Server-to-Server OAuth basic
auth, webhook secret tokens, `pwd=` join links, account ids), and CalDAV servers and clients
(Radicale's htpasswd, Baikal's `baikal.yaml`, Nextcloud app passwords in vdirsyncer, iCloud
app-specific passwords with python-caldav), in commands, config files, code and tool output, with
the public ids, placeholders, masks and secret-store references the same documentation shows beside
them.

First score, blind, before any rule changed for it (after the rules for 85 to 89):
25 of 25 secrets caught, 1 of 25 look-alikes altered (altered: the docs' `curl -u
ACUITY_USER_ID:ACUITY_API_KEY`).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    groups,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

CAL = "calendar"

EC_HEAD = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg"
RSA_HEAD = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def calendly_pat(rng: random.Random) -> str:
    """A Calendly personal access token: an ES256 JWT whose header says `typ: PAT`."""
    header = {"kid": hexl(64)(rng), "typ": "PAT", "alg": "ES256"}
    payload = {
        "iss": "https://auth.calendly.com",
        "iat": 1_700_000_000 + rng.randrange(10**8),
        "jti": uuid(rng),
        "user_uuid": uuid(rng),
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(86)(rng)}"


def basic_pair(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def entra_secret(rng: random.Random) -> str:
    """An Entra ID client secret: three characters, a digit, `Q~`, then 34 more."""
    return join(b62(3), digits(1), "Q~", pick(B62 + "_.~-", 34))(rng)


def graph_event_id(rng: random.Random) -> str:
    return join("AAMkA", b64(43), "BGAAAAAA", b64(22), "BwB", b64(22), "AAAAAAENAAB", b64(22), "AAAA", b62(3), "AAA=")(
        rng
    )


ec_p256_body = join(EC_HEAD, b64(16), "\n", b64(64), "\n", b64(56))
rsa_first_lines = join(RSA_HEAD, b64(13), "\n", b64(64), "\n", b64(64))
upper16 = pick(string.ascii_uppercase, 16)
icloud_app_password = groups(pick(string.ascii_lowercase, 4), 4)
nextcloud_app_password = groups(b62(5), 5)
google_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")
cronofy_calendar_id = join("cal_", lower_alnum(10), "_", lower_alnum(13))
cronofy_account_id = join("acc_", hexl(24))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 1, 25, "the rules for 85 to 89")

TEMPLATES: list = [
    # ---- secrets: Calendly
    S(
        CAL,
        "calendly_pat_header",
        "$ curl -s --request GET --url https://api.calendly.com/users/me \\\n"
        "    --header 'Authorization: Bearer {v}' | jq .resource.current_organization",
        calendly_pat,
    ),
    S(
        CAL,
        "calendly_webhook_signing_key",
        '$ curl -s -X POST https://api.calendly.com/webhook_subscriptions -H "Authorization: Bearer $CALENDLY_PAT"'
        ' -H \'Content-Type: application/json\' -d \'{"url":"https://hooks.brightkite.dev/calendly",'
        '"events":["invitee.created","invitee.canceled"],"organization":"https://api.calendly.com/organizations/{org}",'
        '"scope":"organization","signing_key":"{v}"}\'',
        hexl(64),
        org=upper16,
    ),
    S(
        CAL,
        "calendly_oauth_client_secret",
        "const calendlyOAuth = new CalendlyOAuthClient({\n  clientId: '{cid}',\n  clientSecret: '{v}',\n"
        "  redirectUri: 'https://app.brightkite.dev/integrations/calendly/callback',\n});",
        b64url(43),
        cid=b64url(43),
    ),
    # ---- secrets: Cal.com
    S(
        CAL,
        "calcom_api_key_httpie",
        '$ http GET https://api.cal.com/v2/bookings status==upcoming "Authorization:Bearer {v}" cal-api-version:2024-08-13',
        join("cal_live_", hexl(32)),
    ),
    S(
        CAL,
        "calcom_encryption_key",
        "$ tail -n 4 /opt/calcom/.env\nNEXT_PUBLIC_WEBAPP_URL=https://cal.brightkite.dev\n"
        "NEXTAUTH_URL=https://cal.brightkite.dev/api/auth\nCALENDSO_ENCRYPTION_KEY={v}",
        b64(32),
    ),
    # ---- secrets: Nylas
    S(
        CAL,
        "nylas_sdk_api_key",
        'from nylas import Client\n\nnylas = Client(api_key="{v}", api_uri="https://api.eu.nylas.com")\n'
        'events = nylas.events.list(grant_id, query_params={"calendar_id": "primary"})',
        join("nyk_v0_", b62(64)),
    ),
    S(CAL, "nylas_cli_flag", "$ nylas auth config --api-key {v} && nylas calendar list", join("nyk_v0_", b62(64))),
    # ---- secrets: Cronofy
    S(
        CAL,
        "cronofy_access_token",
        '>>> import pycronofy\n>>> cronofy = pycronofy.Client(access_token="{v}", data_center="de")\n'
        ">>> [c['calendar_name'] for c in cronofy.list_calendars()]",
        b62(32),
    ),
    S(
        CAL,
        "cronofy_refresh_token",
        '{"token_type":"bearer","access_token":"{at}","expires_in":10800,"refresh_token":"{v}",'
        '"scope":"read_events create_event delete_event","account_id":"{acc}","sub":"{acc}"}',
        b64url(32),
        at=b62(32),
        acc=cronofy_account_id,
    ),
    S(
        CAL,
        "cronofy_client_secret",
        "$ heroku config:set CRONOFY_CLIENT_ID={cid} CRONOFY_CLIENT_SECRET={v} -a brightkite-scheduler",
        b64url(51),
        cid=b62(32),
    ),
    # ---- secrets: Google Calendar
    S(
        CAL,
        "google_sa_private_key",
        "$ jq -r .private_key secrets/calendar-sync-sa.json | head -n 4\n-----BEGIN PRIVATE KEY-----\n{v}",
        rsa_first_lines,
    ),
    S(
        CAL,
        "google_oauth_client_secret",
        '{"installed":{"client_id":"{cid}","project_id":"brightkite-calendar","auth_uri":'
        '"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token",'
        '"client_secret":"{v}","redirect_uris":["http://localhost"]}}',
        join("GOCSPX-", b64url(28)),
        cid=google_client_id,
    ),
    S(
        CAL,
        "google_secret_ical",
        '$ curl -sS "https://calendar.google.com/calendar/ical/oncall.rota%40brightkite.dev/private-{v}/basic.ics"'
        " | grep -c BEGIN:VEVENT\n42",
        hexl(32),
    ),
    # ---- secrets: Microsoft Graph calendars
    S(
        CAL,
        "entra_credential_reset",
        "$ az ad app credential reset --id {app} --append --display-name graph-calendar-sync --years 1\n"
        "The output includes credentials that you must protect. Be sure that you do not include these credentials"
        " in your code or check the credentials into your source control.\n"
        '{\n  "appId": "{app}",\n  "password": "{v}",\n  "tenant": "{tid}"\n}',
        entra_secret,
        app=uuid,
        tid=uuid,
    ),
    S(
        CAL,
        "entra_appsettings",
        '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "TenantId": "{tid}",\n'
        '    "ClientId": "{cid}",\n    "ClientSecret": "{v}"\n  },',
        entra_secret,
        tid=uuid,
        cid=uuid,
    ),
    # ---- secrets: Acuity Scheduling
    S(
        CAL,
        "acuity_basic_auth",
        "$ curl -s -u {uid}:{v} 'https://acuityscheduling.com/api/v1/appointments?max=5&minDate=2024-06-01'",
        hexl(32),
        uid=digits(8),
    ),
    # ---- secrets: SavvyCal
    S(
        CAL,
        "savvycal_pat",
        'const res = await fetch("https://api.savvycal.com/v1/links", {\n'
        '  headers: { Authorization: "Bearer {v}", Accept: "application/json" },\n});',
        join("pt_secret_", hexl(32)),
    ),
    S(
        CAL,
        "savvycal_signing_key",
        "$ cat ~/.config/brightkite/savvycal-signing-key.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        ec_p256_body,
    ),
    # ---- secrets: Zoom
    S(
        CAL,
        "zoom_s2s_basic",
        '$ curl -s -X POST "https://zoom.us/oauth/token?grant_type=account_credentials&account_id={acct}" \\\n'
        '    -H "Authorization: Basic {v}"',
        basic_pair(b62(22), b62(32)),
        acct=b64url(22),
    ),
    S(
        CAL,
        "zoom_webhook_secret_token",
        'ZOOM_WEBHOOK_SECRET_TOKEN = "{v}"\n\n'
        "def encrypted_token(plain_token: str) -> str:\n"
        "    return hmac.new(ZOOM_WEBHOOK_SECRET_TOKEN.encode(), plain_token.encode(), hashlib.sha256).hexdigest()",
        b64url(22),
    ),
    S(
        CAL,
        "zoom_join_pwd",
        "DESCRIPTION:Join Zoom Meeting\\nhttps://us06web.zoom.us/j/{mid}?pwd={v}\\n\\nMeeting ID: {mid}",
        join(b62(32), ".1"),
        note="the pwd= parameter of a join link admits anyone who holds it",
        mid=digits(11),
    ),
    # ---- secrets: CalDAV servers and clients
    S(CAL, "radicale_htpasswd_b", "$ sudo htpasswd -B -b /etc/radicale/users dana '{v}'", password(16)),
    S(
        CAL,
        "baikal_yaml_mysql",
        "database:\n    sqlite_file: /var/www/baikal/Specific/db/db.sqlite\n    backend: mysql\n"
        "    mysql_host: 'mariadb:3306'\n    mysql_dbname: baikal\n    mysql_username: baikal\n"
        "    mysql_password: '{v}'",
        password(20),
    ),
    S(
        CAL,
        "nextcloud_app_password",
        '[storage work_calendar_remote]\ntype = "caldav"\nurl = "https://cloud.brightkite.dev/remote.php/dav/"\n'
        'username = "dana"\npassword = "{v}"',
        nextcloud_app_password,
    ),
    S(
        CAL,
        "icloud_app_specific_password",
        'client = caldav.DAVClient(url="https://caldav.icloud.com/", username="dana.k@icloud.com", password="{v}")',
        icloud_app_password,
    ),
    # ---- look-alikes: public ids
    L(
        CAL,
        "calendly_user_uri",
        '    "uri": "https://api.calendly.com/users/{v}",\n    "scheduling_url": "https://calendly.com/brightkite-sales",\n'
        '    "current_organization": "https://api.calendly.com/organizations/{org}",',
        upper16,
        org=upper16,
    ),
    L(
        CAL,
        "calendly_client_id",
        "https://auth.calendly.com/oauth/authorize?client_id={v}&response_type=code"
        "&redirect_uri=https://app.brightkite.dev/integrations/calendly/callback&code_challenge_method=S256"
        "&code_challenge={cc}",
        b64url(43),
        cc=b64url(43),
    ),
    L(
        CAL,
        "nylas_grant_id",
        '$ curl -s "https://api.us.nylas.com/v3/grants/{v}/events?calendar_id=primary&limit=5" '
        '-H "Authorization: Bearer $NYLAS_API_KEY"',
        uuid,
    ),
    L(
        CAL,
        "cronofy_calendar_id",
        '      "provider_name": "google",\n      "profile_name": "dana@brightkite.dev",\n'
        '      "calendar_id": "{v}",\n      "calendar_name": "On-call rota",\n      "calendar_readonly": false,',
        cronofy_calendar_id,
    ),
    L(
        CAL,
        "cronofy_account_id",
        '  "account": {\n    "account_id": "{v}",\n    "default_tzid": "Europe/Amsterdam",',
        cronofy_account_id,
    ),
    L(
        CAL,
        "cronofy_client_id",
        "https://app.cronofy.com/oauth/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fapp.brightkite.dev%2Foauth%2Fcronofy&scope=read_events%20create_event",
        b62(32),
    ),
    L(
        CAL,
        "google_private_key_id",
        '  "type": "service_account",\n  "project_id": "brightkite-calendar",\n  "private_key_id": "{v}",',
        hexl(40),
    ),
    L(CAL, "google_oauth_client_id", "GOOGLE_CLIENT_ID={v}\nGOOGLE_CLIENT_SECRET=", google_client_id),
    L(
        CAL,
        "google_public_ical",
        '$ curl -sI "https://calendar.google.com/calendar/ical/{v}%40group.calendar.google.com/public/basic.ics"'
        " | head -1\nHTTP/2 200",
        lower_alnum(26),
    ),
    L(
        CAL,
        "entra_app_id",
        '$ az login --service-principal -u {v} -p "$AZURE_CLIENT_SECRET" --tenant {tid} --allow-no-subscriptions',
        uuid,
        tid=uuid,
    ),
    L(
        CAL,
        "graph_event_id",
        "$ mgc users events get --user-id dana@brightkite.dev --event-id {v} --select subject,start,end",
        graph_event_id,
    ),
    L(
        CAL,
        "zoom_account_id",
        '$ curl -s -X POST "https://zoom.us/oauth/token?grant_type=account_credentials&account_id={v}" \\\n'
        '    -H "Authorization: Basic $(printf %s "$ZOOM_CLIENT_ID:$ZOOM_CLIENT_SECRET" | base64)"',
        b64url(22),
    ),
    L(CAL, "savvycal_kid", 'const header = { alg: "ES256", kid: "{v}", typ: "JWT" };', join("kid_", hexl(12))),
    # ---- look-alikes: signatures and hashes
    L(
        CAL,
        "calendly_signature_header",
        "POST /calendly HTTP/1.1\nContent-Type: application/json\nCalendly-Webhook-Signature: t={ts},v1={v}",
        hexl(64),
        ts=join("17", digits(8)),
    ),
    L(CAL, "savvycal_signature_header", "x-savvycal-signature: sha256={v}\nUser-Agent: SavvyCal Webhooks", hexu(64)),
    L(
        CAL,
        "commit_sha",
        "commit {v}\nAuthor: Dana Kovac <dana@brightkite.dev>\n\n    calendar-sync: retry Graph 429s with Retry-After",
        hexl(40),
    ),
    L(
        CAL,
        "checksum",
        "$ sha256sum baikal-0.9.5.zip\n{v}  baikal-0.9.5.zip",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        CAL,
        "calendly_doc_placeholder",
        "curl --request GET \\\n  --url https://api.calendly.com/users/me \\\n  --header 'authorization: Bearer {v}'",
        const("{access_token}"),
    ),
    L(
        CAL,
        "calcom_doc_placeholder",
        'curl -X GET https://api.cal.com/v2/bookings -H "Authorization: Bearer {v}"',
        join("cal_live_", const("x" * 16)),
    ),
    L(
        CAL,
        "acuity_doc_placeholder",
        'curl -u ACUITY_USER_ID:{v} "https://acuityscheduling.com/api/v1/appointments"',
        const("ACUITY_API_KEY"),
    ),
    L(
        CAL,
        "icloud_placeholder",
        '# app-specific password from appleid.apple.com, never the Apple ID password\npassword = "{v}"',
        const("xxxx-xxxx-xxxx-xxxx"),
    ),
    L(
        CAL,
        "nylas_masked",
        "$ nylas auth status\nRegion:   us\nAPI Key:  {v}\nGrants:   3 valid",
        join("nyk_v0_", const("*" * 12), b62(4)),
    ),
    L(
        CAL,
        "entra_masked_value",
        "Description          Expires      Value                                        Secret ID\n"
        "graph-calendar-sync  6/11/2025    {v}     {kid}",
        join(b62(3), const("*" * 37)),
        kid=uuid,
    ),
    L(
        CAL,
        "vdirsyncer_fetch",
        '[storage work_calendar_remote]\ntype = "caldav"\nusername = "dana"\npassword.fetch = {v}',
        const('["command", "pass", "show", "nextcloud/dav-app-password"]'),
    ),
    L(
        CAL,
        "gha_secret_ref",
        "      - run: npm run sync:calendly\n        env:\n          CALENDLY_PAT: {v}",
        const("${{ secrets.CALENDLY_PAT }}"),
    ),
]
