"""A hundred-and-forty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the developer documentation of fitness wearables and health-tracking APIs, as their
author recalled it (the documentation search was not available while writing): Strava's OAuth
token exchange and refresh (40-hex client secrets, access and refresh tokens, numeric client ids,
`stravalib`), Oura's API v2 personal access tokens (32 upper-case alphanumerics, as a bearer
header and the older `access_token=` query), Garmin (Health API OAuth 1.0a consumer key and
secret, `garth`'s `oauth1_token.json` and base64 `GARTH_TOKEN`, `garminconnect` logins, push
summaries with their 32-hex user ids), WHOOP's developer platform (UUID client ids, client secrets,
bearer tokens), Withings' `wbsapi` (64-hex client ids and secrets, 40-hex access tokens, device
ids), Polar AccessLink (UUID client id and secret under HTTP basic auth, `config.yml`, numeric
Polar user ids), the Fitbit Web API (six-character client ids, 32-hex client secrets, JWT access
tokens, 64-hex refresh tokens, PKCE challenges), Google Fit / Health Connect (`GOCSPX-` client
secrets, `.apps.googleusercontent.com` client ids, record ids), Apple HealthKit exports
(`export.xml` metadata and Health Auto Export's REST automation), Terra API (`dev-id` and
`x-api-key` headers, the SDK's signing secret, `terra-signature`), Suunto's API Zone
(`Ocp-Apim-Subscription-Key`), and COROS partner API configs, in commands, config files, code and
tool output, with the public ids, placeholders, references and masks the same pages show beside them.

First score, blind, before any rule changed for it (after the rules for 140 to 144):
24 of 26 secrets caught, 0 of 24 look-alikes altered (missed: garth's base64 token printed after a
login's `Password:` prompt, a Fitbit client secret as the client's second argument after a short id;
its author wrote it from memory, the search budget spent).
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
    hexl,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

WT = "wearables"

POLYLINE = "".join(chr(c) for c in range(63, 127) if chr(c) not in "\\{}")


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def fitbit_jwt(rng: random.Random) -> str:
    """A Fitbit-style HS256 access token: header, claims for a client and user, signature."""
    iat = 1_712_000_000 + rng.randrange(20_000_000)
    claims = {
        "aud": upper_alnum(6)(rng),
        "sub": upper_alnum(6)(rng),
        "iss": "Fitbit",
        "typ": "access_token",
        "scopes": "ract rhr rpro rsle rwei rtem",
        "exp": iat + 28_800,
        "iat": iat,
    }
    return "eyJhbGciOiJIUzI1NiJ9." + b64url_json(claims) + "." + b64url(43)(rng)


def garth_token(rng: random.Random) -> str:
    """`garth`'s dumped session: base64 of the OAuth1 and OAuth2 token pair as JSON."""
    iat = 1_712_000_000 + rng.randrange(20_000_000)
    oauth1 = {
        "oauth_token": hexl(32)(rng),
        "oauth_token_secret": b62(27)(rng),
        "mfa_token": None,
        "mfa_expiration_timestamp": None,
        "domain": "garmin.com",
    }
    access = (
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9."
        + b64url_json(
            {"scope": ["CONNECT_READ"], "iss": "https://diauth.garmin.com", "exp": iat + 3600, "jti": uuid(rng)}
        )
        + "."
        + b64url(342)(rng)
    )
    oauth2 = {
        "scope": "CONNECT_READ CONNECT_WRITE",
        "jti": uuid(rng),
        "token_type": "Bearer",
        "access_token": access,
        "refresh_token": "eyJyZWZyZXNoVG9rZW5WYWx1ZSI6I" + b64url(120)(rng),
        "expires_in": 3600,
        "expires_at": iat + 3600,
    }
    return base64.b64encode(json.dumps([oauth1, oauth2]).encode()).decode()


def basic_pair(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def google_client_id(rng: random.Random) -> str:
    return digits(12)(rng) + "-" + pick("abcdefghijklmnopqrstuvwxyz0123456789", 32)(rng) + ".apps.googleusercontent.com"


hex40 = hexl(40)
epoch = join("17", digits(8))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 24, "the rules for 140 to 144")

TEMPLATES: list = [
    # ---- Strava
    S(
        WT,
        "strava_client_secret_flag",
        "$ curl -X POST https://www.strava.com/oauth/token -F client_id={cid} -F client_secret={v}"
        ' -F code="$CODE" -F grant_type=authorization_code',
        hex40,
        cid=digits(6),
    ),
    S(
        WT,
        "strava_refresh_token_output",
        "$ curl -s -X POST https://www.strava.com/api/v3/oauth/token -d client_id=$STRAVA_CLIENT_ID"
        " -d client_secret=$STRAVA_CLIENT_SECRET -d grant_type=refresh_token -d refresh_token=$STRAVA_REFRESH"
        ' | jq \'{refresh_token, expires_at}\'\n{\n  "refresh_token": "{v}",\n  "expires_at": {exp}\n}',
        hex40,
        exp=epoch,
    ),
    S(
        WT,
        "strava_bearer",
        '$ curl -s "https://www.strava.com/api/v3/athlete/activities?per_page=30&page=1"'
        ' -H "Authorization: Bearer {v}" | jq length\n30',
        hex40,
    ),
    S(
        WT,
        "stravalib_refresh_call",
        "    token = client.refresh_access_token(\n        client_id={cid},\n"
        '        client_secret=os.environ["STRAVA_CLIENT_SECRET"],\n        refresh_token="{v}",\n    )',
        hex40,
        cid=digits(6),
    ),
    # ---- Oura
    S(
        WT,
        "oura_pat_bearer",
        "$ curl -s --location 'https://api.ouraring.com/v2/usercollection/daily_sleep?start_date=2024-05-01"
        "&end_date=2024-05-08' --header 'Authorization: Bearer {v}'",
        upper_alnum(32),
    ),
    S(
        WT,
        "oura_v1_query_token",
        "GET https://api.ouraring.com/v1/sleep?start=2024-03-01&end=2024-03-31&access_token={v} -> 200 (31 periods)",
        upper_alnum(32),
    ),
    S(
        WT,
        "oura_client_positional",
        'from oura_ring import OuraClient\n\nwith OuraClient("{v}") as client:\n'
        '    sleep = client.get_daily_sleep(start_date="2024-05-01")',
        upper_alnum(32),
    ),
    # ---- Garmin
    S(
        WT,
        "garth_oauth1_json",
        '$ cat ~/.garminconnect/oauth1_token.json\n{"oauth_token": "{tok}", "oauth_token_secret": "{v}",'
        ' "mfa_token": null, "mfa_expiration_timestamp": null, "domain": "garmin.com"}',
        b62(27),
        tok=hexl(32),
    ),
    S(
        WT,
        "garth_login_output",
        "$ uvx garth login\nEmail: marit.okafor@fastmail.com\nPassword: \n{v}",
        garth_token,
    ),
    S(
        WT,
        "garminconnect_password_positional",
        '    api = Garmin("marit.okafor@fastmail.com", "{v}", is_cn=False, return_on_mfa=True)\n'
        "    result1, result2 = api.login()",
        password(15),
    ),
    S(
        WT,
        "garmin_health_consumer_secret_ini",
        "[garmin_health_api]\nconsumer_key = {ck}\nconsumer_secret = {v}\n"
        "callback_url = https://sync.trailhead-coach.io/garmin/callback",
        b62(27),
        ck=uuid,
    ),
    # ---- WHOOP
    S(
        WT,
        "whoop_client_secret_docker",
        "$ docker run -d --name whoop-sync -e WHOOP_CLIENT_ID={cid} -e WHOOP_CLIENT_SECRET={v}"
        " -p 8080:8080 ghcr.io/trailhead/whoop-sync:0.4.1",
        hexl(64),
        cid=uuid,
    ),
    S(
        WT,
        "whoop_bearer_httpie",
        '$ http GET "https://api.prod.whoop.com/developer/v1/recovery?limit=10" "Authorization:Bearer {v}"',
        b64url(43),
    ),
    # ---- Withings
    S(
        WT,
        "withings_client_secret_code",
        '    resp = requests.post("https://wbsapi.withings.net/v2/oauth2", data={\n'
        '        "action": "requesttoken",\n        "grant_type": "authorization_code",\n'
        '        "client_id": WITHINGS_CLIENT_ID,\n        "client_secret": "{v}",\n'
        '        "code": code,\n        "redirect_uri": REDIRECT_URI,\n    })',
        hexl(64),
    ),
    S(
        WT,
        "withings_bearer_getmeas",
        '$ curl --header "Authorization: Bearer {v}" --data "action=getmeas&meastype=1&category=1&lastupdate={ts}"'
        " 'https://wbsapi.withings.net/measure'",
        hex40,
        ts=epoch,
    ),
    # ---- Polar AccessLink
    S(
        WT,
        "polar_basic_auth",
        "$ curl -X POST https://polarremote.com/v2/oauth2/token -H 'Authorization: Basic {v}'"
        " -H 'Accept: application/json;charset=UTF-8' --data-urlencode 'grant_type=authorization_code'"
        ' --data-urlencode "code=$POLAR_CODE"',
        basic_pair(uuid, uuid),
    ),
    S(
        WT,
        "polar_config_yml_uuid_secret",
        "$ cat accesslink-example-python/config.yml\nclient_id: {cid}\nclient_secret: {v}\n"
        "redirect_url: http://localhost:5000/oauth2_callback",
        uuid,
        cid=uuid,
    ),
    # ---- Fitbit Web API
    S(
        WT,
        "fitbit_client_secret_positional",
        'authd_client = fitbit.Fitbit("{cid}", "{v}", oauth2=True,\n'
        '                             access_token=tokens["access_token"], refresh_token=tokens["refresh_token"])',
        hexl(32),
        cid=upper_alnum(6),
    ),
    S(
        WT,
        "fitbit_jwt_bearer",
        "GET https://api.fitbit.com/1/user/-/activities/heart/date/today/1d.json\nAuthorization: Bearer {v}\n"
        "Accept-Language: en_US",
        fitbit_jwt,
    ),
    S(
        WT,
        "fitbit_refresh_token_data",
        '$ curl -X POST https://api.fitbit.com/oauth2/token -H "Authorization: Basic $FITBIT_BASIC"'
        ' -H "Content-Type: application/x-www-form-urlencoded" --data "grant_type=refresh_token&refresh_token={v}"',
        hexl(64),
    ),
    # ---- Google Fit / Health Connect
    S(
        WT,
        "google_fit_client_secret_json",
        '{"installed":{"client_id":"{cid}","project_id":"fit-sync-41822",'
        '"auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token",'
        '"client_secret":"{v}","redirect_uris":["http://localhost"]}}',
        join("GOCSPX-", b64url(28)),
        cid=google_client_id,
    ),
    # ---- Terra API
    S(
        WT,
        "terra_api_key_header",
        "$ curl -s -X POST https://api.tryterra.co/v2/auth/generateWidgetSession"
        ' -H "dev-id: {dev}" -H "x-api-key: {v}" -H "Content-Type: application/json"'
        ' -d \'{"providers": "GARMIN,OURA,WHOOP", "language": "en"}\'',
        b62(40),
        dev=join("trailhead-prod-", b62(8)),
    ),
    S(
        WT,
        "terra_sdk_signing_secret",
        'terra = Terra(api_key=os.environ["TERRA_API_KEY"], dev_id="{dev}", secret="{v}")',
        hexl(64),
        dev=join("trailhead-testing-", b62(8)),
    ),
    # ---- Suunto, COROS, Apple Health exports
    S(
        WT,
        "suunto_apim_key",
        '$ curl -s https://cloudapi.suunto.com/v2/workouts?since=1714521600000 -H "Authorization: Bearer $SUUNTO_TOKEN"'
        ' -H "Ocp-Apim-Subscription-Key: {v}"',
        hexl(32),
    ),
    S(
        WT,
        "coros_client_secret_yaml",
        "providers:\n  coros:\n    base_url: https://open.coros.com\n    client_id: {cid}\n    client_secret: {v}\n"
        "    scopes: [workout, sleep]",
        hexl(32),
        cid=join("trailhead", digits(4)),
    ),
    S(
        WT,
        "health_auto_export_header",
        '  "automation": "REST API",\n  "url": "https://health.trailhead-coach.io/ingest/healthkit",\n'
        '  "headers": [{"key": "x-api-key", "value": "{v}"}],\n  "exportFormat": "json",',
        b62(32),
    ),
    # ---- look-alikes: Strava public values
    L(
        WT,
        "strava_client_id_url",
        "Open this URL to authorise: https://www.strava.com/oauth/authorize?client_id={v}&response_type=code"
        "&redirect_uri=http://localhost/exchange_token&approval_prompt=force&scope=read,activity:read_all",
        digits(6),
    ),
    L(
        WT,
        "strava_summary_polyline",
        '    "map": {\n      "id": "a{aid}",\n      "summary_polyline": "{v}",\n      "resource_state": 2\n    },',
        pick(POLYLINE, 140),
        aid=digits(11),
    ),
    L(WT, "strava_gear_id", '    "gear_id": "{v}",\n    "average_speed": 3.112,', join("b", digits(8))),
    L(
        WT,
        "strava_gha_secret_ref",
        "      - run: python sync_strava.py\n        env:\n          STRAVA_CLIENT_SECRET: {v}\n"
        "          STRAVA_REFRESH_TOKEN: ${{ secrets.STRAVA_REFRESH_TOKEN }}",
        const("${{ secrets.STRAVA_CLIENT_SECRET }}"),
    ),
    L(WT, "strava_token_expires_at", "STRAVA_TOKEN_EXPIRES_AT={v}", epoch),
    # ---- look-alikes: Oura
    L(
        WT,
        "oura_document_id",
        '{"data": [{"id": "{v}", "contributors": {"activity_balance": 81, "resting_heart_rate": 96},'
        ' "day": "2024-05-06", "score": 84}], "next_token": null}',
        uuid,
    ),
    L(WT, "oura_placeholder", "# .env.sample\nOURA_PERSONAL_ACCESS_TOKEN={v}", const("X" * 32)),
    L(WT, "oura_env_ref", "client = OuraClient({v})", const('os.environ["OURA_PERSONAL_ACCESS_TOKEN"]')),
    # ---- look-alikes: Garmin
    L(
        WT,
        "garmin_push_user_id",
        'POST /garmin/push/dailies 200 {"dailies": [{"userId": "{v}", "calendarDate": "2024-05-06",'
        ' "steps": 11482, "activeKilocalories": 612}]}',
        hexl(32),
    ),
    L(
        WT,
        "garth_commit_pin",
        "$ pip install 'garth @ git+https://github.com/matin/garth.git@{v}'",
        hex40,
    ),
    # ---- look-alikes: WHOOP, Withings, Polar
    L(
        WT,
        "whoop_client_id_url",
        "https://api.prod.whoop.com/oauth/oauth2/auth?client_id={v}&response_type=code"
        "&scope=read:recovery%20read:cycles%20offline&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fcb&state=k3vq8xr2",
        uuid,
    ),
    L(
        WT,
        "withings_client_id_url",
        "https://account.withings.com/oauth2_user/authorize2?response_type=code&client_id={v}"
        "&scope=user.info,user.metrics,user.activity&redirect_uri=https://sync.trailhead-coach.io/withings&state=w1",
        hexl(64),
    ),
    L(
        WT,
        "withings_deviceid",
        '{"status":0,"body":{"devices":[{"type":"Scale","model":"Body+","battery":"high","deviceid":"{v}",'
        '"timezone":"Europe/Oslo","last_session_date":{ts}}]}}',
        hex40,
        ts=epoch,
    ),
    L(
        WT,
        "polar_user_id",
        '{\n  "polar-user-id": {v},\n  "member-id": "athlete_0427",\n  "registration-date": "2024-04-11T09:21:37.000Z",',
        digits(8),
    ),
    # ---- look-alikes: Fitbit
    L(
        WT,
        "fitbit_client_id_url",
        "https://www.fitbit.com/oauth2/authorize?response_type=code&client_id={v}&scope=activity+heartrate+sleep"
        "&code_challenge={cc}&code_challenge_method=S256",
        upper_alnum(6),
        cc=b64url(43),
    ),
    L(
        WT,
        "fitbit_code_challenge",
        "[auth] PKCE code_challenge={v} (S256), waiting for redirect on http://127.0.0.1:8189/callback",
        b64url(43),
    ),
    # ---- look-alikes: Google, Apple
    L(
        WT,
        "google_oauth_client_id",
        "GOOGLE_FIT_CLIENT_ID={v}",
        google_client_id,
    ),
    L(
        WT,
        "health_connect_record_id",
        'StepsRecord(count=8421, startTime=2024-05-06T06:00:00Z, metadata=Metadata(id="{v}",'
        ' dataOrigin=DataOrigin(packageName="com.fitbit.FitbitMobile")))',
        uuid,
    ),
    L(
        WT,
        "healthkit_external_uuid",
        ' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="41.2" durationUnit="min"'
        ' sourceName="Forerunner 265">\n  <MetadataEntry key="HKExternalUUID" value="{v}"/>',
        upper_uuid,
    ),
    # ---- look-alikes: Terra, Suunto, COROS
    L(
        WT,
        "terra_user_id",
        '{"type": "auth", "user": {"user_id": "{v}", "provider": "OURA", "reference_id": "athlete_0427"},'
        ' "status": "success"}',
        uuid,
    ),
    L(WT, "terra_signature", "terra-signature: t={ts},v1={v}", hexl(64), ts=epoch),
    L(
        WT,
        "terra_placeholder",
        "curl --request GET --url 'https://api.tryterra.co/v2/userInfo' --header 'dev-id: <YOUR_DEV_ID>'"
        " --header 'x-api-key: {v}'",
        const("<YOUR_API_KEY>"),
    ),
    L(
        WT,
        "suunto_masked_key",
        "Subscription: Suunto Standard\n  Primary key    {v}   Show | Regenerate",
        join("*" * 28, hexl(4)),
    ),
    L(
        WT,
        "coros_env_ref",
        "    environment:\n      COROS_CLIENT_ID: trailhead0427\n      COROS_CLIENT_SECRET: {v}",
        const("${COROS_CLIENT_SECRET}"),
    ),
]
