"""A hundred-and-thirty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of IoT and cellular connectivity platforms: the Airalo Partner
API (`POST /v2/token` with `client_id`/`client_secret` form fields, the PHP SDK's constructor array,
bearer JWTs, `qrcode` activation strings `LPA:1$<SM-DP+>$<matching id>`), emnify (application tokens
posted to `/api/v1/authenticate`, `EMnify(app_token=...)` in the Python SDK), 1NCE (Basic-auth
username/password against `/management-api/oauth/token`), Soracom (AuthKey ids `keyId-…` and
secrets `secret-…`, `soracom auth --auth-key`, the CLI profile JSON, `X-Soracom-API-Key` /
`X-Soracom-Token` headers, operator ids `OP…`, IMSIs), Twilio Super SIM (account SIDs `AC…`, Sim SIDs
`HS…`, API key SIDs `SK…`, auth tokens and API secrets), Hologram (`-u apikey:KEY`, the `apikey`
query parameter, eight-character device keys for `hologram send --devicekey`), Monogoto
(`POST /Auth` with UserName/Password, OrganizationId values), Onomondo (a bare API key in the
`Authorization` header, `next_page` cursors, ICCIDs), Truphone Connect (Keycloak client-credentials
with a UUID-shaped `client_secret`, eSIM `matching_id` activation codes, `X-Correlation-ID`), Telnyx
Wireless (`KEY…_…` API keys, `sim_card_group_id` UUIDs, the webhook-signing public key) and Particle
(`particle token create`, `access_token` query parameters, 24-hex device ids), in commands, config
files, code and tool output, with the public ids, placeholders, masks and references the same
documentation shows beside them (ICCIDs, IMSIs, EIDs, IMEIs, SIDs, key ids, checksums).

First score, blind, before any rule changed for it (after the rules for 125 to 129):
22 of 25 secrets caught, 2 of 24 look-alikes altered (missed: an eSIM activation code
`LPA:1$host$<matching id>` under `qrcode`, a Hologram device key of eight characters after
`--devicekey` in quotes, a `matching_id` of dashed groups; altered: a Twilio account SID `AC<hex>`
and an API key SID `SK<hex>` (ids, their secrets apart)).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    groups,
    hexl,
    hexu,
    join,
    password,
    upper_alnum,
    uuid,
)

IOT = "iot_cellular"


def _b64u(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def jwt(alg: str, claims, sig_len: int):
    """A JWT whose header and payload are real base64url JSON, with a random signature."""

    def make(rng: random.Random) -> str:
        return f"{_b64u({'typ': 'JWT', 'alg': alg})}.{_b64u(claims(rng))}.{b64url(sig_len)(rng)}"

    return make


def passport_claims(rng: random.Random) -> dict:
    iat = 1715000000 + rng.randrange(9000000)
    return {
        "aud": digits(4)(rng),
        "jti": hexl(80)(rng),
        "iat": iat,
        "nbf": iat,
        "exp": iat + 31622400,
        "sub": "",
        "scopes": [],
    }


def soracom_claims(rng: random.Random) -> dict:
    iat = 1715000000 + rng.randrange(9000000)
    return {
        "iss": "https://auth.soracom.io",
        "aud": "soracom-api",
        "exp": iat + 86400,
        "iat": iat,
        "operatorId": "OP" + digits(10)(rng),
        "sub": "SAM:fleet-provisioner",
    }


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def ed25519_public_b64(rng: random.Random) -> str:
    """A 32-byte Ed25519 public key in standard base64, as a webhook-verification key is shown."""
    return base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()


def b64_of_digits(n: int):
    """A pagination cursor: base64 of a zero-padded record number."""
    return lambda rng: base64.b64encode(digits(n)(rng).encode()).decode()


TELNYX_KEY = join("KEY01", hexu(30), "_", b62(22))
SORACOM_SECRET = join("secret-", b62(64))
SORACOM_KEY_ID = join("keyId-", b62(32))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 2, 24, "the rules for 125 to 129")

TEMPLATES: list = [
    # ---- secrets: Airalo Partner API
    S(
        IOT,
        "airalo_client_secret_form",
        "$ curl --location --request POST 'https://partners-api.airalo.com/v2/token' \\\n"
        "    --header 'Accept: application/json' \\\n"
        "    --form 'client_id=\"{cid}\"' \\\n"
        "    --form 'client_secret=\"{v}\"' \\\n"
        "    --form 'grant_type=\"client_credentials\"'",
        b62(40),
        cid=b62(32),
    ),
    S(
        IOT,
        "airalo_php_sdk",
        "$alo = new Airalo([\n    'client_id' => '{cid}',\n    'client_secret' => '{v}',\n    'env' => 'sandbox',\n]);",
        b62(40),
        cid=b62(32),
    ),
    S(
        IOT,
        "airalo_bearer_jwt",
        "$ curl -s 'https://sandbox-partners-api.airalo.com/v2/packages?filter[type]=local&filter[country]=PT&limit=5' \\\n"
        "    -H 'Accept: application/json' -H 'Authorization: Bearer {v}' | jq '.data[0].slug'",
        jwt("RS256", passport_claims, 342),
    ),
    S(
        IOT,
        "airalo_qrcode_lpa",
        '      "iccid": "{iccid}",\n      "lpa": "lpa.airalo.com",\n'
        '      "qrcode": "{v}",\n      "apn_type": "automatic",',
        join("LPA:1$lpa.airalo.com$", upper_alnum(16)),
        iccid=join("894446", digits(13)),
        note="the QR payload (activation code) of a sold eSIM",
    ),
    # ---- secrets: emnify
    S(
        IOT,
        "emnify_application_token",
        "$ curl -s -X POST https://cdn.emnify.net/api/v1/authenticate -H 'Content-Type: application/json' \\\n"
        '    -d \'{"application_token": "{v}"}\' | jq -r .auth_token > /tmp/emnify.jwt',
        b64url(77),
    ),
    S(
        IOT,
        "emnify_sdk_app_token",
        '>>> from emnify import EMnify\n>>> emnify = EMnify(app_token="{v}")\n'
        ">>> [d.name for d in emnify.devices.get_devices_list()][:3]\n['cold-chain-017', 'cold-chain-018', 'gw-lisbon-2']",
        b64url(77),
    ),
    # ---- secrets: 1NCE
    S(
        IOT,
        "once_basic_user_password",
        "$ curl -s -X POST https://api.1nce.com/management-api/oauth/token \\\n"
        "    -u 'fleet-api@brightkite.dev:{v}' \\\n"
        "    -H 'Content-Type: application/json' -d '{\"grant_type\":\"client_credentials\"}'",
        password(18),
    ),
    S(
        IOT,
        "once_basic_header",
        "POST /management-api/oauth/token HTTP/1.1\nHost: api.1nce.com\nAuthorization: Basic {v}\n"
        "Content-Type: application/json",
        basic_auth("fleet-api@brightkite.dev", password(16)),
    ),
    S(
        IOT,
        "once_yaml_password",
        "$ cat deploy/sim-monitor/values.yaml\nconnectivity:\n  provider: 1nce\n  apiBase: https://api.1nce.com/management-api\n"
        '  username: fleet-api@brightkite.dev\n  password: "{v}"\n  pollInterval: 15m',
        password(20),
    ),
    # ---- secrets: Soracom
    S(
        IOT,
        "soracom_profile_json",
        '$ cat ~/.soracom/default.json\n{\n  "coverageType": "g",\n  "authKeyId": "{kid}",\n  "authKey": "{v}"\n}',
        SORACOM_SECRET,
        kid=SORACOM_KEY_ID,
    ),
    S(
        IOT,
        "soracom_auth_flag",
        "$ soracom auth --auth-key-id {kid} --auth-key {v} --token-timeout-seconds 600 | jq -r .apiKey",
        SORACOM_SECRET,
        kid=SORACOM_KEY_ID,
    ),
    S(
        IOT,
        "soracom_api_token_header",
        "$ curl -s 'https://g.api.soracom.io/v1/sims?limit=10' \\\n"
        "    -H 'X-Soracom-API-Key: api-{ak}' \\\n    -H 'X-Soracom-Token: {v}'",
        jwt("RS256", soracom_claims, 342),
        ak=uuid,
    ),
    # ---- secrets: Twilio Super SIM
    S(
        IOT,
        "twilio_auth_token_curl",
        "$ curl -s 'https://supersim.twilio.com/v1/Sims?Status=active&PageSize=20' -u AC{acct}:{v} | jq '.sims[].iccid'",
        hexl(32),
        acct=hexl(32),
    ),
    S(
        IOT,
        "twilio_api_key_secret_code",
        "from twilio.rest import Client\n\n"
        'client = Client("SK{sk}", "{v}", "AC{acct}")\n'
        'sim = client.supersim.v1.sims("HS{hs}").update(status="active", fleet="HF{hf}")',
        b62(32),
        sk=hexl(32),
        acct=hexl(32),
        hs=hexl(32),
        hf=hexl(32),
    ),
    # ---- secrets: Hologram
    S(
        IOT,
        "hologram_apikey_basic",
        "$ curl --silent 'https://dashboard.hologram.io/api/1/devices?orgid={org}&limit=3' -u apikey:{v}",
        b62(30),
        org=join("1", digits(4)),
    ),
    S(
        IOT,
        "hologram_apikey_query",
        "[sync] GET https://dashboard.hologram.io/api/1/links/cellular?orgid={org}&limit=500&apikey={v} -> 200 (412 links)",
        b62(30),
        org=join("1", digits(4)),
    ),
    S(
        IOT,
        "hologram_devicekey_flag",
        "pi@gw-04:~ $ sudo hologram send --devicekey '{v}' --topic SENSOR_DATA \"temp=21.4,rh=48\"\nMessage sent successfully",
        b62(8),
    ),
    # ---- secrets: Monogoto, Onomondo
    S(
        IOT,
        "monogoto_auth_password",
        "$ curl -s -X POST 'https://console.monogoto.io/Auth' -H 'Content-Type: application/json' \\\n"
        '    -d \'{"UserName": "noc@brightkite.dev", "Password": "{v}"}\' | jq -r .token',
        password(17),
    ),
    S(
        IOT,
        "onomondo_raw_authorization",
        'resp = requests.get(\n    "https://api.onomondo.com/sims",\n    headers={"Authorization": "{v}"},\n'
        '    params={"limit": 1000},\n    timeout=10,\n)',
        b64url(48),
    ),
    # ---- secrets: Truphone
    S(
        IOT,
        "truphone_uuid_client_secret",
        "$ export ACCESS_TOKEN=$(curl -s --data \\\n"
        '    "grant_type=client_credentials&client_id=brightkite-fleet&client_secret={v}" \\\n'
        "    https://services.truphone.com/auth/realms/tru-staff/protocol/openid-connect/token | jq -r .access_token)",
        uuid,
        note="a Keycloak client secret shaped like a UUID",
    ),
    S(
        IOT,
        "truphone_matching_id",
        '{\n  "iccid": "{iccid}",\n  "matching_id": "{v}",\n  "status": "Released",\n  "last_modified": "2024-09-12T08:41:07Z"\n}',
        groups(upper_alnum(5), 4),
        iccid=join("894447", digits(13)),
        note="an eSIM activation code not yet installed",
    ),
    # ---- secrets: Telnyx
    S(
        IOT,
        "telnyx_api_key_env",
        "$ export TELNYX_API_KEY={v}\n$ telnyx sim-cards list --filter[status]=enabled --page[size]=5",
        TELNYX_KEY,
    ),
    S(
        IOT,
        "telnyx_sdk_key",
        "import Telnyx from 'telnyx';\n\nconst client = new Telnyx({ apiKey: '{v}' });\n"
        "await client.simCards.update('{sim}', { sim_card_group_id: '{grp}' });",
        TELNYX_KEY,
        sim=uuid,
        grp=uuid,
    ),
    # ---- secrets: Particle
    S(
        IOT,
        "particle_token_create",
        "$ particle token create --expires-in 7776000\n? Using account ops@brightkite.dev\n"
        "New access token expires on Tue Dec 10 2024 09:12:44 GMT+0000\n    {v}",
        hexl(40),
    ),
    S(
        IOT,
        "particle_access_token_query",
        "$ curl -s 'https://api.particle.io/v1/products/{prod}/devices/{dev}?access_token={v}' | jq .iccid",
        hexl(40),
        prod=digits(5),
        dev=hexl(24),
    ),
    # ---- look-alikes: SIM and device identifiers
    L(
        IOT,
        "iccid",
        '    {\n      "id": "{sid}",\n      "iccid": "{v}",\n      "label": "pump-station-12",\n'
        '      "network_whitelist": "Europe",\n      "online": true,',
        join("8945738730", digits(10)),
        sid=digits(9),
    ),
    L(
        IOT,
        "imsi",
        "$ soracom sims get --sim-id {simid} | jq '.profiles[].primaryImsi'\n\"{v}\"",
        join("29505", digits(10)),
        simid=join("8942310", digits(12)),
    ),
    L(
        IOT,
        "eid",
        '  "esim_installation_status": "installed",\n  "eid": "{v}",\n  "version": "4.3",',
        join("8904903200", digits(22)),
    ),
    L(
        IOT,
        "imei",
        '        "name": "Soil Sensor ({short})",\n        "imei": "{v}",\n        "model": "BG95-M3",',
        digits(15),
        short=digits(5),
    ),
    L(
        IOT,
        "particle_device_id",
        "$ particle identify\nYour device id is {v}\nYour IMEI is {imei}\nYour ICCID is {iccid}",
        hexl(24),
        imei=digits(15),
        iccid=join("8901410", digits(13)),
    ),
    # ---- look-alikes: account and resource ids
    L(IOT, "twilio_account_sid", "export TWILIO_ACCOUNT_SID={v}", join("AC", hexl(32))),
    L(
        IOT,
        "twilio_sim_sid",
        '  "url": "https://supersim.twilio.com/v1/Sims/{v}",\n  "status": "active",',
        join("HS", hexl(32)),
    ),
    L(
        IOT,
        "twilio_api_key_sid",
        "$ twilio api:core:keys:list\nSID                                 Friendly Name       Date Created\n"
        "{v}  supersim-provision  Mar 04 2024 10:22:51 GMT+0000",
        join("SK", hexl(32)),
    ),
    L(
        IOT,
        "soracom_operator_id",
        '{\n  "apiKey": "api-********-****-****-****-************",\n  "operatorId": "{v}",\n  "userName": "fleet-provisioner"\n}',
        join("OP", digits(10)),
    ),
    L(
        IOT,
        "soracom_auth_key_id",
        "$ soracom users auth-keys list --user-name fleet-provisioner\n"
        '[\n  {\n    "authKeyId": "{v}",\n    "createDateTime": 1714381122\n  }\n]',
        SORACOM_KEY_ID,
    ),
    L(
        IOT,
        "telnyx_group_uuid",
        '      "sim_card_group_id": "{v}",\n      "status": { "value": "enabled" },',
        uuid,
    ),
    L(
        IOT,
        "monogoto_org_id",
        '  "Realm": "customer",\n  "OrganizationId": "{v}",\n  "AccountSettings": { "TwoFactorAuthentication": true },',
        join("OrganizationId_", uuid),
    ),
    L(
        IOT,
        "truphone_correlation_id",
        "$ curl -s https://services.truphone.com/connect-api/v1/sim/{iccid} \\\n"
        "    -H \"Authorization: Bearer $ACCESS_TOKEN\" \\\n    -H 'X-Correlation-ID: {v}'",
        uuid,
        iccid=join("894447", digits(13)),
    ),
    L(
        IOT,
        "onomondo_cursor",
        "GET /sims?limit=1000&next_page={v} HTTP/1.1\nHost: api.onomondo.com",
        b64_of_digits(9),
    ),
    # ---- look-alikes: public keys, hashes
    L(
        IOT,
        "telnyx_webhook_public_key",
        "# Mission Control > Keys & Credentials > Public Key (verifies webhook signatures, safe to ship)\n"
        "TELNYX_PUBLIC_KEY={v}",
        ed25519_public_b64,
    ),
    L(
        IOT,
        "commit_sha",
        "$ git log -1 --format='%H %s' -- provisioning/esim/\n{v} esim: retry LPA download on 429",
        hexl(40),
    ),
    L(
        IOT,
        "firmware_sha256",
        "$ sha256sum target/6.1.1/boron/tracker-fw.bin\n{v}  target/6.1.1/boron/tracker-fw.bin",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, references, masks
    L(
        IOT,
        "placeholder",
        "$alo = new Airalo([\n    'client_id' => '<YOUR_API_CLIENT_ID>',\n    'client_secret' => '{v}',\n]);",
        const("<YOUR_API_CLIENT_SECRET>"),
    ),
    L(
        IOT,
        "placeholder_lpa",
        "Manual install: Settings > Cellular > Add eSIM > Use QR code > Enter details manually\n"
        "Activation code format: {v}",
        const("LPA:1$<SM-DP+ address>$<matching ID>"),
    ),
    L(
        IOT,
        "truncated_example_jwt",
        'A successful response returns:\n{ "token_type": "Bearer", "access_token": "{v}", "refresh_token": "..." }',
        const("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9..."),
    ),
    L(
        IOT,
        "gha_secret_ref",
        "      - name: Sync SIM inventory\n        env:\n          EMNIFY_APPLICATION_TOKEN: {v}\n"
        "        run: python scripts/sync_sims.py --provider emnify",
        const("${{ secrets.EMNIFY_APPLICATION_TOKEN }}"),
    ),
    L(
        IOT,
        "shell_var_ref",
        'auth_info=$(soracom auth --auth-key-id "$SORACOM_AUTH_KEY_ID" --auth-key {v} --token-timeout-seconds 60)',
        const('"$SORACOM_AUTH_KEY"'),
    ),
    L(
        IOT,
        "secret_store_ref",
        "$ aws secretsmanager get-secret-value --secret-id {v} --query SecretString --output text | jq -r .client_id",
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:iot/airalo-partner-", b62(6)),
    ),
    L(
        IOT,
        "masked_key",
        "Settings > API\n  Key:      {v}\n  Created:  2024-02-19 by ops@brightkite.dev   [Regenerate]",
        join("*" * 26, b62(4)),
    ),
]
