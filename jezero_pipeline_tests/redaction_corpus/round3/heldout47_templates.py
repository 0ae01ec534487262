"""A forty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of product-analytics, feature-flag and customer-messaging tools:
PostHog (project API key `phc_` vs personal API key `phx_` and the feature-flags secure key `phs_`,
the MCP server config), Mixpanel (public project token vs the project secret as a basic-auth
username and service accounts `<name>.<hex>.mp-service-account`), Amplitude ("Keys and Tokens":
public API key vs secret key on the Export API, client vs server Experiment deployment keys),
Segment (analytics.js write key, which the Segment docs say is exposed by design, vs `sgp_` Public
API tokens), Intercom (Messenger `app_id` vs access tokens and the identity-verification secret),
Heap (environment id in `heap.load`), LaunchDarkly ("SDK credentials": secret `sdk-` keys, mobile
`mob-` keys and client-side ids that need not be kept secret, `api-` access tokens, Relay Proxy
`LD_ENV_*` variables and `rel-` auto-config keys, `ldcli` output), Statsig (server `secret-`, client
`client-`, console `console-` keys and the STATSIG-API-KEY header), Split (server-side, client-side
and admin API keys, `localhost` mode), Optimizely (secure-environment datafile access token),
Customer.io (site id in the track.js snippet vs the Track API key and the App API bearer key),
Braze (REST API keys vs app identifiers in `braze.xml`, campaign ids, REST endpoints) and OneSignal
("Keys & IDs": public App ID vs `os_v2_app_` and legacy REST API keys), in commands, config files,
SDK snippets and tool output, with the public ids, placeholders and references the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 45):
21 of 24 secrets caught, 5 of 23 look-alikes altered (missed: Mixpanel's secret as `-u <secret>:`, a
LaunchDarkly SDK key as `LD_ENV_production=sdk-<uuid>`, a Split server key as `get_factory`'s argument;
altered: client-side keys and ids the vendors publish (Amplitude `client-…`, Segment's write key,
LaunchDarkly's client-side id, Statsig's `client-…`, Split's browser key)).
"""

from __future__ import annotations

import base64
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    uuid,
)

AN = "analytics"

MP_NAMES = ("etl-reader", "warehouse-sync", "growth-bot", "dbt-export", "ci-importer")


def mp_service_account(rng: random.Random) -> str:
    """A Mixpanel service-account username: `<name>.<6 hex>.mp-service-account`."""
    return f"{rng.choice(MP_NAMES)}.{hexl(6)(rng)}.mp-service-account"


def intercom_token(rng: random.Random) -> str:
    """An Intercom access token: base64 of `tok:<uuid with underscores>:1:0`."""
    u = uuid(rng).replace("-", "_")
    return base64.b64encode(f"tok:{u}:1:0".encode()).decode()


def onesignal_v2(kind: str):
    """`os_v2_<kind>_` then lowercase base32 (no padding) of a 16-byte id and 48 random bytes."""

    def make(rng: random.Random) -> str:
        raw = bytes(rng.randrange(256) for _ in range(64))
        return f"os_v2_{kind}_" + base64.b32encode(raw).decode().lower().rstrip("=")

    return make


def onesignal_legacy(rng: random.Random) -> str:
    """A legacy OneSignal REST API key: base64 of a UUID string (48 characters)."""
    return base64.b64encode(uuid(rng).encode()).decode()


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 5, 23, "the rules for 24 to 45")

TEMPLATES = [
    # ---- secrets: PostHog
    S(
        AN,
        "posthog_personal_key_mcp",
        '    "posthog": {\n      "command": "npx",\n'
        '      "args": ["-y", "mcp-remote@latest", "https://mcp.posthog.com/sse",'
        ' "--header", "Authorization:${POSTHOG_AUTH_HEADER}"],\n'
        '      "env": {\n        "POSTHOG_AUTH_HEADER": "Bearer {v}"\n      }\n    }',
        join("phx_", b62(43)),
    ),
    S(
        AN,
        "posthog_flags_secure_key",
        "const posthog = new PostHog('{phc}', {\n  host: 'https://eu.i.posthog.com',\n"
        "  personalApiKey: '{v}',\n  featureFlagsPollingInterval: 30000,\n})",
        join("phs_", b62(43)),
        phc=join("phc_", b62(43)),
    ),
    # ---- secrets: Mixpanel
    S(
        AN,
        "mixpanel_project_secret_basic_user",
        "$ curl 'https://api.mixpanel.com/import?strict=1' -u {v}: \\\n"
        "    -H 'Content-Type: application/x-ndjson' --data-binary @events-2024-06.ndjson",
        hexl(32),
    ),
    S(
        AN,
        "mixpanel_service_account_secret",
        '$ curl "https://mixpanel.com/api/query/insights?project_id={pid}&bookmark_id={bm}" \\\n'
        '    --user "{user}:{v}"',
        b62(32),
        pid=digits(7),
        bm=digits(8),
        user=mp_service_account,
    ),
    # ---- secrets: Amplitude
    S(
        AN,
        "amplitude_secret_key_basic",
        "$ curl -u '{api}:{v}' 'https://analytics.eu.amplitude.com/api/2/export?start=20240601T00&end=20240601T23'"
        " -o export.zip",
        hexl(32),
        api=hexl(32),
    ),
    S(
        AN,
        "amplitude_server_deployment_key",
        "import { Experiment } from '@amplitude/experiment-node-server';\n"
        "const experiment = Experiment.initializeLocal('{v}', { debug: false });\nawait experiment.start();",
        join("server-", b62(32)),
    ),
    # ---- secrets: Segment, Intercom
    S(
        AN,
        "segment_public_api_token",
        "$ curl -s https://api.segmentapis.com/sources -H \"Authorization: Bearer {v}\" | jq '.data.sources[].slug'",
        join("sgp_", b62(64)),
    ),
    S(
        AN,
        "intercom_access_token",
        "$ curl https://api.intercom.io/admins -H 'Intercom-Version: 2.11' -H 'Authorization: Bearer {v}'"
        " -H 'Accept: application/json'",
        intercom_token,
    ),
    S(
        AN,
        "intercom_identity_secret_hmac",
        "  def intercom_user_hash\n    OpenSSL::HMAC.hexdigest('sha256', '{v}', current_user.id.to_s)\n  end",
        b62(40),
    ),
    # ---- secrets: LaunchDarkly
    S(
        AN,
        "ld_relay_env_sdk_key",
        "$ docker run --name ld-relay -p 8030:8030 -e LD_ENV_production={v} -e USE_REDIS=1"
        " -e REDIS_HOST=redis launchdarkly/ld-relay:8",
        join("sdk-", uuid),
    ),
    S(
        AN,
        "ld_api_access_token_header",
        '$ curl -s "https://app.launchdarkly.com/api/v2/flags/storefront/checkout-v2?summary=true"'
        ' -H "Authorization: {v}"',
        join("api-", uuid),
    ),
    S(
        AN,
        "ld_relay_autoconfig_key",
        "[Main]\nport = 8030\n\n[AutoConfig]\nkey = {v}\n\n[Events]\nsendEvents = true",
        join("rel-", uuid),
    ),
    S(
        AN,
        "ld_environment_json_apikey",
        "$ ldcli environments get --project storefront --environment production -o json | jq '{key, apiKey, mobileKey}'\n"
        '{\n  "key": "production",\n  "apiKey": "{v}",\n  "mobileKey": "{mob}"\n}',
        join("sdk-", uuid),
        mob=join("mob-", uuid),
    ),
    # ---- secrets: Statsig
    S(
        AN,
        "statsig_server_secret_positional",
        'statsig.initialize("{v}", StatsigOptions(tier="production", init_timeout=3))',
        join("secret-", b62(43)),
    ),
    S(
        AN,
        "statsig_console_key_header",
        '$ curl -s https://statsigapi.net/console/v1/gates -H "STATSIG-API-KEY: {v}" -H "STATSIG-API-VERSION: 20240601"',
        join("console-", b62(43)),
    ),
    # ---- secrets: Split, Optimizely
    S(
        AN,
        "split_server_sdk_key_positional",
        "from splitio import get_factory\n"
        "factory = get_factory('{v}', config={'impressionsMode': 'optimized'})\nfactory.block_until_ready(5)",
        lower_alnum(36),
    ),
    S(
        AN,
        "split_admin_key_bearer",
        '$ curl -s https://api.split.io/internal/api/v2/workspaces -H "Authorization: Bearer {v}"',
        lower_alnum(36),
    ),
    S(
        AN,
        "optimizely_datafile_access_token",
        "optimizely_client = optimizely.Optimizely(\n    sdk_key='{sdk}',\n    datafile_access_token='{v}',\n)",
        b64url(48),
        sdk=b62(22),
    ),
    # ---- secrets: Customer.io
    S(
        AN,
        "customerio_track_api_key",
        "cio = CustomerIO(site_id='{site}', api_key='{v}', region=Regions.EU)",
        hexl(20),
        site=hexl(20),
    ),
    S(
        AN,
        "customerio_track_url_userinfo",
        '$ curl -i -X PUT "https://{site}:{v}@track.customer.io/api/v1/customers/8812"'
        " -H 'Content-Type: application/json' -d '{\"email\": \"ops@quillfeather.io\"}'",
        hexl(20),
        site=hexl(20),
    ),
    S(
        AN,
        "customerio_app_api_key",
        "const api = new APIClient('{v}', { region: RegionUS });\n"
        "await api.sendEmail(new SendEmailRequest({ transactional_message_id: '{tmid}', to: user.email,"
        " identifiers: { id: user.id } }));",
        hexl(32),
        tmid=digits(2),
    ),
    # ---- secrets: Braze, OneSignal
    S(
        AN,
        "braze_rest_api_key",
        '$ curl -X POST https://rest.fra-02.braze.eu/users/track -H "Content-Type: application/json"'
        ' -H "Authorization: Bearer {v}" -d @attributes.json',
        uuid,
    ),
    S(
        AN,
        "onesignal_v2_app_key",
        "$ curl --request POST 'https://api.onesignal.com/notifications?c=push' -H 'Authorization: Key {v}'"
        " -H 'Content-Type: application/json' --data @push.json",
        onesignal_v2("app"),
    ),
    S(
        AN,
        "onesignal_legacy_rest_key",
        "ONESIGNAL_APP_ID={app}\nONESIGNAL_REST_API_KEY={v}",
        onesignal_legacy,
        app=uuid,
    ),
    # ---- look-alikes: public client-side keys and ids
    L(
        AN,
        "posthog_project_key",
        "posthog.init('{v}', {\n    api_host: 'https://us.i.posthog.com',\n    person_profiles: 'identified_only',\n})",
        join("phc_", b62(43)),
    ),
    L(
        AN,
        "mixpanel_project_token_prose",
        "The `{v}` string in `src/analytics.ts` is the Mixpanel project token, which only identifies the project"
        " and is meant for client code; the project secret and the service-account secret stay on the server.",
        hexl(32),
    ),
    L(
        AN,
        "mixpanel_service_account_username",
        '$ export MP_SA_USER="{v}"\n$ curl "https://mixpanel.com/api/app/me" --user "$MP_SA_USER:$MP_SA_SECRET"',
        mp_service_account,
    ),
    L(
        AN,
        "amplitude_api_key_browser",
        "amplitude.init('{v}', { defaultTracking: { sessions: true, pageViews: true } });",
        hexl(32),
    ),
    L(
        AN,
        "amplitude_client_deployment_key",
        "const experiment = Experiment.initializeWithAmplitudeAnalytics('{v}');\nawait experiment.fetch();",
        join("client-", b62(32)),
    ),
    L(
        AN,
        "segment_write_key_snippet",
        '  analytics._writeKey="{v}";analytics.SNIPPET_VERSION="5.2.0";\n  analytics.load("{v}");\n'
        "  analytics.page();\n  }}();</script>",
        b62(32),
    ),
    L(
        AN,
        "intercom_app_id",
        '  window.intercomSettings = {\n    api_base: "https://api-iam.intercom.io",\n    app_id: "{v}",\n'
        "    user_id: currentUser.id,\n    user_hash: userHash\n  };",
        lower_alnum(8),
    ),
    L(
        AN,
        "heap_env_id",
        '<script type="text/javascript">\n  window.heapReadyCb=window.heapReadyCb||[],window.heap=window.heap||[];\n'
        '  heap.load("{v}", { disableTextCapture: true });\n</script>',
        digits(10),
    ),
    L(
        AN,
        "ld_client_side_id",
        "const client = initialize('{v}', { kind: 'user', key: 'anon-visitor', anonymous: true });",
        hexl(24),
    ),
    L(
        AN,
        "ld_mobile_key",
        "$ ldcli environments get --project storefront --environment staging -o json | jq -r .mobileKey\n{v}",
        join("mob-", uuid),
    ),
    L(
        AN,
        "statsig_client_key",
        "const client = new StatsigClient('{v}', { userID: session.userId }, { environment: { tier: 'production' } });\n"
        "await client.initializeAsync();",
        join("client-", b62(43)),
    ),
    L(
        AN,
        "split_client_side_key",
        "import { SplitFactory } from '@splitsoftware/splitio-browserjs';\n"
        "const factory = SplitFactory({\n  core: { authorizationKey: '{v}', key: account.id, trafficType: 'account' },\n});",
        lower_alnum(36),
    ),
    L(
        AN,
        "split_localhost_mode",
        "factory = get_factory('{v}', config={'splitFile': 'config/split.yaml'})",
        const("localhost"),
    ),
    L(
        AN,
        "customerio_site_id",
        "          t.setAttribute('data-site-id', '{v}');\n          t.setAttribute('data-use-array-params', 'true');\n"
        "          t.src = 'https://assets.customer.io/assets/track.js';",
        hexl(20),
    ),
    L(
        AN,
        "braze_app_identifier",
        '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
        '  <string translatable="false" name="com_braze_api_key">{v}</string>\n'
        '  <string translatable="false" name="com_braze_custom_endpoint">sdk.fra-02.braze.eu</string>\n</resources>',
        uuid,
    ),
    L(
        AN,
        "braze_campaign_id",
        '$ cat send.json\n{\n  "campaign_id": "{v}",\n  "recipients": [{ "external_user_id": "user_4471" }],\n'
        '  "trigger_properties": { "plan": "pro" }\n}',
        uuid,
    ),
    L(
        AN,
        "onesignal_app_id",
        'OneSignal.init({ appId: "{v}", allowLocalhostAsSecureOrigin: true });',
        uuid,
    ),
    # ---- look-alikes: placeholders, references, masks, hashes
    L(
        AN,
        "posthog_placeholder",
        "# .env.example\nNEXT_PUBLIC_POSTHOG_KEY=phc_your_project_api_key\nPOSTHOG_PERSONAL_API_KEY={v}",
        join("phx_", "x" * 43),
    ),
    L(
        AN,
        "ld_sdk_key_placeholder",
        "# ld-relay.env (template)\nLD_ENV_production={v}\nLD_MOBILE_KEY_production=mob-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
        const("sdk-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        AN,
        "customerio_placeholder",
        "# copy to .env and fill in from Workspace Settings > API Credentials\nCUSTOMERIO_APP_API_KEY={v}",
        interleaved(32),
    ),
    L(
        AN,
        "onesignal_masked",
        "$ heroku config:get ONESIGNAL_REST_API_KEY -a quill-push | sed -E 's/(os_v2_app_).*/\\1****/'\n{v}",
        const("os_v2_app_****"),
    ),
    L(
        AN,
        "secretsmanager_arn_ref",
        "BRAZE_REST_API_KEY_ARN={v}\nBRAZE_REST_ENDPOINT=https://rest.fra-02.braze.eu",
        join("arn:aws:secretsmanager:eu-central-1:", digits(12), ":secret:braze/rest-api-key-", b62(6)),
    ),
    L(
        AN,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore: read MIXPANEL_API_SECRET from Vault instead of .env",
        hexl(40),
    ),
]
