"""A sixtieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of mobile backends and push-notification services: Firebase Cloud
Messaging (legacy `key=AAAA…:APA91b…` server keys, HTTP v1 OAuth access tokens from `gcloud auth
print-access-token`, service-account fields, sender ids, message names, web-push VAPID key pairs),
Apple Push Notification service (token-based `.p8` signing keys, ES256 provider JWTs with their
`kid`/`iss`, node-apn), Amazon SNS platform applications (`create-platform-application`
PlatformCredential/PlatformPrincipal, ARNs, Terraform `aws_sns_platform_application`), OneSignal
(public App ID vs `os_v2_app_`/`os_v2_org_` API keys, legacy `Basic` REST keys), Expo (access
tokens for enhanced push security, EAS environment variables, push tickets, projectId), Pusher
Channels and Beams (app id, public key, secret, `PUSHER_URL`, encryption master key, Beams
instance id vs secret key, publish ids), Ably (`appId.keyId:secret`, public key names in token
requests), Airship (app key vs master secret) and Braze (REST API keys vs app identifier API keys),
in commands, config files, code, tool output and an agent's prose, with the public ids the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 55 to 59):
22 of 25 secrets caught, 4 of 24 look-alikes altered (missed: a VAPID private key printed under `Private Key:`,
Pusher's secret as the PHP constructor's second argument, an Airship master secret said in prose after a semicolon;
altered: a VAPID public key under `vapidKey`, a Firebase secret's version path, Pusher's public `auth_key` in a
query, an Airship app key).
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
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    pick,
    upper_alnum,
    uuid,
)

PU = "push"

BASE32_LOWER = string.ascii_lowercase + "234567"
EC_P256_PKCS8_HEAD = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
RSA_2048_PKCS8_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def apns_jwt(rng: random.Random) -> str:
    """An APNs provider token: ES256 header with the 10-character key id, `iss` = team id, `iat`."""
    header = _b64url_json({"alg": "ES256", "kid": upper_alnum(10)(rng)})
    payload = _b64url_json({"iss": upper_alnum(10)(rng), "iat": 1717000000 + rng.randrange(3_000_000)})
    return f"{header}.{payload}.{b64url(86)(rng)}"


def p8_escaped(rng: random.Random) -> str:
    """The base64 lines of an EC P-256 PKCS#8 signing key, joined by a literal backslash-n."""
    lines = [EC_P256_PKCS8_HEAD + b64(16)(rng), b64(64)(rng), b64(56)(rng)]
    return "\\n".join(lines)


def rsa_escaped(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body as a `.env` holds it, lines joined by a literal backslash-n."""
    lines = [RSA_2048_PKCS8_HEAD + b64(14)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(24)(rng) + "=="]
    return "\\n".join(lines)


def b64_of(maker):
    return lambda rng: base64.b64encode(maker(rng).encode()).decode()


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def b64_bytes(n: int):
    """Standard base64 of n random bytes (a 32-byte key gives 44 characters ending in `=`)."""
    return lambda rng: base64.b64encode(_bytes(rng, n)).decode()


def vapid_public(rng: random.Random) -> str:
    """An uncompressed P-256 point (0x04 || X || Y), base64url without padding: 87 characters."""
    return base64.urlsafe_b64encode(b"\x04" + _bytes(rng, 64)).decode().rstrip("=")


def vapid_private(rng: random.Random) -> str:
    return base64.urlsafe_b64encode(_bytes(rng, 32)).decode().rstrip("=")


fcm_server_key = join("AAAA", b64url(7), ":APA91b", b64url(134))
gcp_access_token = join("ya29.c.", b64url(196))
onesignal_app_key = join("os_v2_app_", pick(BASE32_LOWER, 103))
onesignal_org_key = join("os_v2_org_", pick(BASE32_LOWER, 103))
onesignal_legacy_key = b64_of(uuid)
pusher_hex = hexl(20)
pusher_app_id = digits(7)
beams_secret = hexu(64)
ably_part = pick(B62 + "_-", 6)
ably_key_name = join(ably_part, ".", ably_part)
ably_secret = b64url(43)
ably_full_key = join(ably_key_name, ":", ably_secret)
airship_key = b64url(22)
expo_token = b64url(40)
aws_account = digits(12)
project_number = digits(12)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 4, 24, "the rules for 55 to 59")

TEMPLATES = [
    # ---- secrets: Firebase Cloud Messaging
    S(
        PU,
        "fcm_legacy_server_key",
        '$ curl -s https://fcm.googleapis.com/fcm/send -H "Authorization: key={v}" -H "Content-Type: application/json"'
        ' -d \'{"to":"/topics/dispatch","notification":{"title":"New job nearby"}}\'',
        fcm_server_key,
    ),
    S(
        PU,
        "sns_gcm_platform_credential",
        "$ aws sns create-platform-application --name kestrel-android --platform GCM"
        " --attributes PlatformCredential={v} --region eu-west-1",
        fcm_server_key,
    ),
    S(
        PU,
        "gcloud_access_token_output",
        "$ gcloud auth print-access-token"
        " --impersonate-service-account=fcm-sender@kestrel-prod-{num}.iam.gserviceaccount.com\n"
        "WARNING: This command is using service account impersonation. All API calls will be executed as"
        " [fcm-sender@kestrel-prod-{num}.iam.gserviceaccount.com].\n{v}",
        gcp_access_token,
        num=digits(4),
    ),
    S(
        PU,
        "firebase_admin_env_private_key",
        "FIREBASE_PROJECT_ID=kestrel-prod-{num}\n"
        "FIREBASE_CLIENT_EMAIL=firebase-adminsdk-{sfx}@kestrel-prod-{num}.iam.gserviceaccount.com\n"
        'FIREBASE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n"',
        rsa_escaped,
        num=digits(4),
        sfx=pick(string.ascii_lowercase + string.digits, 5),
    ),
    S(
        PU,
        "vapid_private_key_output",
        "$ npx web-push generate-vapid-keys\n\n=======================================\n\nPublic Key:\n{pub}\n\n"
        "Private Key:\n{v}\n\n=======================================",
        vapid_private,
        pub=vapid_public,
    ),
    # ---- secrets: APNs token-based authentication
    S(
        PU,
        "apns_p8_node_apn",
        "const provider = new apn.Provider({\n  token: {\n"
        '    key: "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----",\n'
        '    keyId: "{kid}",\n    teamId: "{team}",\n  },\n  production: false,\n});',
        p8_escaped,
        kid=upper_alnum(10),
        team=upper_alnum(10),
    ),
    S(
        PU,
        "apns_provider_jwt",
        '$ curl -v --http2 --header "apns-topic: nl.kestrelride.driver" --header "apns-push-type: alert"'
        ' --header "authorization: bearer {v}" --data \'{"aps":{"alert":"Pickup in 3 min"}}\''
        " https://api.sandbox.push.apple.com/3/device/$DEVICE_TOKEN",
        apns_jwt,
    ),
    # ---- secrets: OneSignal
    S(
        PU,
        "onesignal_v2_app_key",
        "$ curl -s --request POST --url 'https://api.onesignal.com/notifications?c=push'"
        " --header 'Authorization: Key {v}' --header 'content-type: application/json'"
        ' --data \'{"app_id":"{app}","target_channel":"push","included_segments":["Active Users"],'
        '"contents":{"en":"Your shift starts in 1h"}}\'',
        onesignal_app_key,
        app=uuid,
    ),
    S(
        PU,
        "onesignal_legacy_rest_key",
        'headers = {\n    "Content-Type": "application/json; charset=utf-8",\n    "Authorization": "Basic {v}",\n}\n'
        'resp = requests.post("https://onesignal.com/api/v1/notifications", headers=headers, json=payload, timeout=10)',
        onesignal_legacy_key,
    ),
    S(
        PU,
        "onesignal_org_key_ruby",
        'OneSignal::OneSignal.tap do |c|\n  c.user_auth_key = "{v}"\n  c.api_key = ENV["ONESIGNAL_API_KEY"]\nend',
        onesignal_org_key,
    ),
    # ---- secrets: Expo
    S(
        PU,
        "expo_access_token_bearer",
        '$ curl -H "Content-Type: application/json" -H "Authorization: Bearer {v}"'
        " -X POST https://exp.host/--/api/v2/push/send -d @messages.json",
        expo_token,
    ),
    S(
        PU,
        "eas_env_create_value",
        "$ eas env:create --environment production --name BEAMS_SECRET_KEY --value {v} --visibility secret",
        beams_secret,
    ),
    # ---- secrets: Pusher Channels and Beams
    S(
        PU,
        "pusher_url_heroku",
        "$ heroku config:get PUSHER_URL -a kestrel-api\nhttp://{key}:{v}@api-eu.pusher.com/apps/{id}",
        pusher_hex,
        key=pusher_hex,
        id=pusher_app_id,
    ),
    S(
        PU,
        "pusher_php_positional",
        "$pusher = new Pusher\\Pusher('{key}', '{v}', '{id}', ['cluster' => 'eu', 'useTLS' => true]);",
        pusher_hex,
        key=pusher_hex,
        id=pusher_app_id,
    ),
    S(
        PU,
        "pusher_client_repr_log",
        "2024-06-11 09:14:03,118 DEBUG dispatch.realtime: Pusher(app_id='{id}', key='{key}', secret='{v}',"
        " cluster='eu', ssl=True)",
        pusher_hex,
        key=pusher_hex,
        id=pusher_app_id,
    ),
    S(
        PU,
        "pusher_encryption_master_key",
        "const pusher = new Pusher({\n  appId: process.env.PUSHER_APP_ID,\n  key: process.env.PUSHER_KEY,\n"
        '  secret: process.env.PUSHER_SECRET,\n  cluster: "eu",\n  encryptionMasterKeyBase64: "{v}",\n});',
        b64_bytes(32),
    ),
    S(
        PU,
        "beams_secret_key_python",
        "beams_client = PushNotifications(\n    instance_id='{inst}',\n    secret_key='{v}',\n)",
        beams_secret,
        inst=uuid,
    ),
    # ---- secrets: Ably
    S(
        PU,
        "ably_api_key_env",
        "$ docker run -e ABLY_API_KEY={v} -p 8080:8080 kestrel/realtime-gateway:1.9.2",
        ably_full_key,
    ),
    S(
        PU,
        "ably_curl_user_secret",
        '$ curl -X POST https://rest.ably.io/channels/dispatch/messages -u "{name}:{v}"'
        ' -H "Content-Type: application/json" --data \'{"name":"status","data":"en-route"}\'',
        ably_secret,
        name=ably_key_name,
    ),
    S(
        PU,
        "ably_basic_header",
        "> POST /channels/dispatch/messages HTTP/1.1\n> Host: rest.ably.io\n> Authorization: Basic {v}\n"
        "> Content-Type: application/json",
        b64_of(ably_full_key),
    ),
    # ---- secrets: Airship
    S(
        PU,
        "airship_master_secret_curl",
        '$ curl https://go.airship.eu/api/push -X POST -u "{key}:{v}"'
        ' -H "Accept: application/vnd.urbanairship+json; version=3" -H "Content-Type: application/json"'
        ' -d \'{"audience":"all","device_types":["ios","android"],"notification":{"alert":"Service update"}}\'',
        airship_key,
        key=airship_key,
    ),
    S(
        PU,
        "airship_python_positional",
        'import urbanairship as ua\n\nairship = ua.Airship("{key}", "{v}", location="eu")\n'
        "push = airship.create_push()",
        airship_key,
        key=airship_key,
    ),
    S(
        PU,
        "airship_prose",
        "I reset the Airship master secret from the dashboard; the new one is {v}. Update UA_MASTER_SECRET on the"
        " worker before the 14:00 campaign, the old secret stops working immediately.",
        airship_key,
    ),
    # ---- secrets: Braze
    S(
        PU,
        "braze_rest_key_bearer",
        "$ curl -X POST https://rest.fra-02.braze.eu/users/track -H 'Content-Type: application/json'"
        ' -H \'Authorization: Bearer {v}\' --data \'{"attributes":[{"external_id":"drv-2291","push_opt_in":true}]}\'',
        uuid,
    ),
    S(
        PU,
        "braze_query_api_key",
        "$ curl 'https://rest.iad-03.braze.com/email/hard_bounces?api_key={v}&start_date=2024-05-01&end_date=2024-06-01"
        "&limit=100'",
        uuid,
    ),
    # ---- look-alikes: APNs and SNS identifiers
    L(
        PU,
        "apns_key_id",
        '$ echo "$APNS_JWT" | cut -d. -f1 | base64 -d\n{"alg":"ES256","kid":"{v}"}',
        upper_alnum(10),
    ),
    L(
        PU,
        "sns_platform_application_arn",
        "$ aws sns create-platform-application --name kestrel-ios --platform APNS --attributes file://apns-attrs.json\n"
        '{\n    "PlatformApplicationArn": "{v}"\n}',
        join("arn:aws:sns:eu-west-1:", aws_account, ":app/APNS/kestrel-ios"),
    ),
    L(
        PU,
        "apple_team_id",
        "$ aws sns get-platform-application-attributes --platform-application-arn"
        " arn:aws:sns:eu-west-1:{acct}:app/APNS/kestrel-ios\n"
        '{\n    "Attributes": {\n        "Enabled": "true",\n        "ApplePlatformTeamID": "{v}",\n'
        '        "ApplePlatformBundleID": "nl.kestrelride.driver"\n    }\n}',
        upper_alnum(10),
        acct=aws_account,
    ),
    L(
        PU,
        "sns_credential_reference",
        'resource "aws_sns_platform_application" "apns" {\n  name                     = "kestrel-ios"\n'
        '  platform                 = "APNS"\n  platform_credential      = {v}\n'
        '  platform_principal       = "{kid}"\n  apple_platform_team_id   = "{team}"\n'
        '  apple_platform_bundle_id = "nl.kestrelride.driver"\n}',
        const("data.aws_secretsmanager_secret_version.apns_signing_key.secret_string"),
        kid=upper_alnum(10),
        team=upper_alnum(10),
    ),
    # ---- look-alikes: Firebase identifiers
    L(
        PU,
        "fcm_sender_id",
        'const firebaseConfig = {\n  projectId: "kestrel-prod-4471",\n  messagingSenderId: "{v}",\n'
        '  appId: "1:{v}:web:{web}",\n};',
        project_number,
        web=hexl(22),
    ),
    L(
        PU,
        "fcm_message_name",
        '{\n  "name": "{v}"\n}',
        join("projects/kestrel-prod-4471/messages/0:", digits(16), "%", hexl(16)),
    ),
    L(
        PU,
        "service_account_private_key_id",
        '  "type": "service_account",\n  "project_id": "kestrel-prod-4471",\n  "private_key_id": "{v}",\n'
        '  "client_email": "fcm-sender@kestrel-prod-4471.iam.gserviceaccount.com",',
        hexl(40),
    ),
    L(
        PU,
        "vapid_public_key",
        'const token = await getToken(messaging, {\n  vapidKey: "{v}",\n'
        "  serviceWorkerRegistration: registration,\n});",
        vapid_public,
    ),
    L(
        PU,
        "firebase_secret_version_path",
        "$ firebase functions:secrets:set ONESIGNAL_API_KEY\n? Enter a value for ONESIGNAL_API_KEY [input is hidden]\n"
        "✔  Created a new secret version {v}",
        join("projects/", project_number, "/secrets/ONESIGNAL_API_KEY/versions/", pick("123456789", 1)),
    ),
    # ---- look-alikes: OneSignal and Expo
    L(
        PU,
        "onesignal_app_id",
        'OneSignal.Debug.setLogLevel(LogLevel.Warn);\nOneSignal.initialize("{v}");\n'
        "OneSignal.Notifications.requestPermission(true);",
        uuid,
    ),
    L(
        PU,
        "onesignal_masked_key",
        "[push] onesignal client ready app_id={app} auth=Key {v} segments=['Active Users']",
        const("os_v2_app_" + "*" * 16),
        app=uuid,
    ),
    L(
        PU,
        "expo_project_id",
        '    "extra": {\n      "eas": {\n        "projectId": "{v}"\n      }\n    },\n    "owner": "kestrel-ride"',
        uuid,
    ),
    L(
        PU,
        "expo_push_ticket_id",
        '{"data":[{"status":"ok","id":"{v}"}]}',
        uuid,
    ),
    L(
        PU,
        "expo_push_token_placeholder",
        'messages.append({"to": "{v}", "sound": "default", "body": "Your ride is here"})',
        const("ExponentPushToken[<token-from-device>]"),
    ),
    # ---- look-alikes: Pusher Channels and Beams
    L(
        PU,
        "pusher_public_key",
        'const pusher = new Pusher("{v}", {\n  cluster: "eu",\n'
        '  channelAuthorization: { endpoint: "/pusher/auth" },\n});',
        pusher_hex,
    ),
    L(
        PU,
        "pusher_auth_key_query",
        "POST https://api-eu.pusher.com/apps/{id}/events?auth_key={v}&auth_timestamp=1718098443&auth_version=1.0"
        "&body_md5={md5} -> 200 OK (41ms)",
        pusher_hex,
        id=pusher_app_id,
        md5=hexl(32),
    ),
    L(
        PU,
        "laravel_env_reference",
        "        'pusher' => [\n            'driver' => 'pusher',\n            'key' => env('PUSHER_APP_KEY'),\n"
        "            'secret' => {v},\n            'app_id' => env('PUSHER_APP_ID'),",
        const("env('PUSHER_APP_SECRET')"),
    ),
    L(
        PU,
        "beams_instance_id",
        'PushNotifications.start(applicationContext, "{v}")\nPushNotifications.addDeviceInterest("dispatch-eu")',
        uuid,
    ),
    L(
        PU,
        "beams_publish_id",
        "Just published: {v}",
        join("pubid-", uuid),
    ),
    L(
        PU,
        "beams_test_placeholder",
        '# tests/conftest.py\nBEAMS_SECRET_KEY = "{v}"  # fake: the publish endpoint is mocked with `responses`',
        interleaved(64, upper=True),
    ),
    # ---- look-alikes: Ably, Airship, Braze
    L(
        PU,
        "ably_key_name",
        '{"keyName":"{v}","ttl":3600000,"capability":"{\\"dispatch:*\\":[\\"subscribe\\"]}","clientId":"drv-2291"}',
        ably_key_name,
    ),
    L(
        PU,
        "airship_app_key",
        "\t<key>inProduction</key>\n\t<true/>\n\t<key>productionAppKey</key>\n\t<string>{v}</string>\n"
        "\t<key>site</key>\n\t<string>EU</string>",
        airship_key,
    ),
    L(
        PU,
        "airship_shell_references",
        '$ curl https://go.airship.eu/api/push -X POST -u "{v}"'
        ' -H "Accept: application/vnd.urbanairship+json; version=3" -d @push.json',
        const("$UA_APP_KEY:$UA_MASTER_SECRET"),
    ),
    L(
        PU,
        "braze_app_identifier",
        '<string translatable="false" name="com_braze_api_key">{v}</string>\n'
        '<string translatable="false" name="com_braze_custom_endpoint">sdk.fra-02.braze.eu</string>',
        uuid,
    ),
]
