"""A hundred-and-fifty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of feature-flag and experimentation platforms: LaunchDarkly (SDK keys
`sdk-<uuid>` kept secret vs client-side IDs, 24 hex characters and public; `api-<uuid>` access tokens
for ldcli and ld-find-code-refs; the Relay Proxy's ini file), Statsig (`secret-` server keys,
`console-` Console API keys under `STATSIG-API-KEY`, public `client-` keys), ConfigCat
(`configcat-sdk-1/<22>/<22>` SDK keys handed to the Proxy in `CONFIGCAT_SDKS`, the CLI's basic-auth
Public API credential, the `configcat-proxy/<sdk-id>` stand-in and config GUIDs), PostHog (public
`phc_` project keys vs `phx_` personal keys and `phs_` feature-flag secure keys used for local
evaluation), GrowthBook (`secret_` REST API keys over basic auth vs public `sdk-` client keys, which
share LaunchDarkly's prefix), DevCycle (`dvc_server_` keys, `dvc keys get` output, the CLI's
Management API client id and secret, the hashed `dvc_server_<sha1>_v1` SSE channel name), Unleash
(`project:environment.<hex>` backend tokens for Edge and SDKs, `user:<hex>` personal access tokens,
and the docker-compose `unleash-insecure-api-token` demo value), Flagsmith (`ser.` server-side
environment keys vs public client-side environment keys sent as `X-Environment-Key`; `Api-Key
<prefix>.<secret>` Admin API keys), Optimizely (the public SDK key in the CDN datafile URL, account
and project ids, a `2:`-prefixed REST API token), Eppo (SDK keys whose part after the dot is
base64url of `cs=…&eh=…`, md5-obfuscated flag keys in client configs), Flipt (v1 static client
tokens printed by `POST /auth/v1/method/token`, v2 `credential:` entries and `${ENV}` substitution)
and Split / Harness FME (SDK `authorizationKey`, `pat.<account>.<token-id>.<secret>` Harness PATs,
the account identifier in console URLs), in commands, config files, code and tool output, with the
public ids, placeholders, secret-store references and masks the same documentation shows beside
them. Lengths the documentation does not state (Statsig, PostHog, Split, the Optimizely token,
the random half of an Eppo key) are common observed lengths, generated here, never copied.

First score, blind, before any rule changed for it (after the rules for 145 to 149):
21 of 25 secrets caught, 5 of 23 look-alikes altered (missed: LaunchDarkly's `sdk-<uuid>` as
`Config`'s first argument, DevCycle's `dvc_server_<uuid with underscores>_<hash>` in a client call
and printed by `dvc keys get`, Unleash's `project:environment.<hex>` token after `--tokens`;
altered: Statsig's `client-` key, GrowthBook's `sdk-` client key, Flagsmith's `X-Environment-Key`,
Eppo's obfuscated flag keys (MD5 digests) under `key`, Unleash's documented `unleash-insecure-api-
token`).
"""

from __future__ import annotations

import base64
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
    uuid,
)

FF = "flags"

# shortuuid's alphabet, which Flagsmith uses for its environment keys.
SHORTUUID = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def shortuuid(n: int):
    return pick(SHORTUUID, n)


def ld_uuid(prefix: str):
    return join(prefix, uuid)


def dvc_server_key(rng: random.Random) -> str:
    """`dvc_server_` + a UUID written with underscores + `_` + a short hash."""
    return "dvc_server_" + uuid(rng).replace("-", "_") + "_" + hexl(7)(rng)


def eppo_sdk_key(rng: random.Random) -> str:
    """A random part, a dot, then base64url (unpadded) of `cs=<sub>&eh=<sub>.e.eppo.cloud`."""
    sub = lower_alnum(6)(rng)
    payload = f"cs={sub}&eh={sub}.e.eppo.cloud"
    return b62(24)(rng) + "." + base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")


harness_pat = join("pat.", b64url(22), ".", hexl(24), ".", b62(20))
unleash_hash = hexl(64)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 25, 5, 23, "the rules for 145 to 149")

TEMPLATES = [
    # ---- secrets: LaunchDarkly
    S(
        FF,
        "ld_relay_ini_sdk_key",
        '$ cat /etc/ld-relay.conf\n[Main]\nport = 8030\n\n[Environment "production"]\nsdkKey = "{v}"\n'
        'envId = "{envid}"\n\n[Redis]\nurl = "redis://ld-relay-cache:6379"',
        ld_uuid("sdk-"),
        envid=hexl(24),
    ),
    S(
        FF,
        "ldcli_access_token",
        "$ ldcli flags list --project checkout-web --access-token {v} --output json | jq -r '.items[].key'",
        ld_uuid("api-"),
    ),
    S(
        FF,
        "ld_python_config",
        'ldclient.set_config(Config("{v}", stream_uri="https://stream.launchdarkly.com", send_events=True))',
        ld_uuid("sdk-"),
    ),
    # ---- secrets: Statsig
    S(
        FF,
        "statsig_server_secret_header",
        '$ curl -s -X POST https://api.statsig.com/v1/check_gate -H "statsig-api-key: {v}"'
        ' -H \'Content-Type: application/json\' -d \'{"user": {"userID": "42"}, "gateName": "new_checkout"}\'',
        join("secret-", b62(43)),
    ),
    S(
        FF,
        "statsig_console_key_header",
        "$ curl -s https://statsigapi.net/console/v1/gates -H 'STATSIG-API-KEY: {v}' -H 'STATSIG-API-VERSION: 20240601'",
        join("console-", b62(43)),
    ),
    S(
        FF,
        "statsig_node_initialize",
        "await Statsig.initialize('{v}', { environment: { tier: 'production' } });",
        join("secret-", b62(43)),
    ),
    # ---- secrets: ConfigCat
    S(
        FF,
        "configcat_cli_setup",
        "$ configcat setup -H api.configcat.com -u {user} -p {v}",
        b64(43, "="),
        user=b62(28),
    ),
    S(
        FF,
        "configcat_proxy_sdks_env",
        '$ docker run -d --name configcat-proxy -p 8050:8050 -e CONFIGCAT_SDKS=\'{"backend":"{v}"}\' configcat/proxy',
        join("configcat-sdk-1/", b64url(22), "/", b64url(22)),
    ),
    # ---- secrets: PostHog
    S(
        FF,
        "posthog_personal_api_key",
        "posthog = Posthog('{phc}', host='https://eu.i.posthog.com', personal_api_key='{v}', poll_interval=30)",
        join("phx_", b62(43)),
        phc=join("phc_", b62(43)),
    ),
    S(
        FF,
        "posthog_flags_secure_key",
        "const client = new PostHog(process.env.POSTHOG_PROJECT_TOKEN, {\n  host: 'https://us.i.posthog.com',\n"
        "  personalApiKey: '{v}',\n  featureFlagsPollingInterval: 30000,\n})",
        join("phs_", b62(43)),
    ),
    # ---- secrets: GrowthBook
    S(
        FF,
        "growthbook_secret_basic_auth",
        "$ curl -s 'https://api.growthbook.io/api/v1/features?limit=5' -u {v}:",
        join("secret_", b62(40)),
    ),
    # ---- secrets: DevCycle
    S(
        FF,
        "devcycle_go_client",
        'client, err := devcycle.NewClient("{v}", &devcycle.Options{EnableEdgeDB: false})',
        dvc_server_key,
    ),
    S(
        FF,
        "devcycle_keys_get_output",
        "$ dvc keys get --env production --type server --headless\n{v}",
        dvc_server_key,
    ),
    S(
        FF,
        "devcycle_client_secret_flag",
        "$ dvc features list --client-id {cid} --client-secret {v} --project checkout-web --headless",
        b64url(64),
        cid=b62(32),
    ),
    # ---- secrets: Unleash
    S(
        FF,
        "unleash_edge_tokens",
        "$ unleash-edge edge --upstream-url https://unleash.internal.acme.dev/api --tokens '{v}'",
        join("default:production.", unleash_hash),
    ),
    S(
        FF,
        "unleash_personal_access_token",
        '$ curl -s https://unleash.internal.acme.dev/api/admin/projects -H "Authorization: {v}" | jq -r ".projects[].id"',
        join("user:", hexl(56)),
    ),
    S(
        FF,
        "unleash_python_custom_headers",
        'client = UnleashClient(\n    url="https://unleash.internal.acme.dev/api",\n    app_name="billing-worker",\n'
        '    custom_headers={"Authorization": "{v}"},\n)',
        join("*:development.", unleash_hash),
    ),
    # ---- secrets: Flagsmith
    S(
        FF,
        "flagsmith_server_key",
        'flagsmith = Flagsmith(environment_key="{v}", enable_local_evaluation=True, environment_refresh_interval_seconds=60)',
        join("ser.", shortuuid(22)),
    ),
    S(
        FF,
        "flagsmith_admin_api_key",
        '$ curl -s https://api.flagsmith.com/api/v1/projects/ -H "Authorization: Api-Key {v}"',
        join(b62(8), ".", b62(32)),
    ),
    # ---- secrets: Optimizely, Eppo
    S(
        FF,
        "optimizely_rest_token",
        "$ curl -s https://api.optimizely.com/v2/projects -H 'Authorization: Bearer {v}'",
        join("2:", b64url(43)),
    ),
    S(
        FF,
        "eppo_sdk_key",
        'client_config = Config(api_key="{v}", assignment_logger=SegmentAssignmentLogger())\n'
        "eppo_client.init(client_config)",
        eppo_sdk_key,
    ),
    # ---- secrets: Flipt
    S(
        FF,
        "flipt_v2_static_credential",
        "authentication:\n  required: true\n  methods:\n    token:\n      enabled: true\n      storage:\n"
        '        tokens:\n          "checkout-web":\n            credential: "{v}"\n            metadata:\n'
        "              team: payments",
        hexl(64),
    ),
    S(
        FF,
        "flipt_client_token_output",
        '$ curl -s -X POST localhost:8080/auth/v1/method/token -H "Authorization: Bearer $FLIPT_BOOTSTRAP_TOKEN"'
        ' -H \'Content-Type: application/json\' --data \'{"name":"billing-worker","description":"evaluation only"}\'\n'
        '{"clientToken":"{v}","authentication":{"id":"{aid}","method":"METHOD_TOKEN","expiresAt":null}}',
        join(b64url(43), "="),
        aid=uuid,
    ),
    # ---- secrets: Split / Harness FME
    S(
        FF,
        "split_server_sdk_key",
        "const factory = SplitFactory({\n  core: {\n    authorizationKey: '{v}',\n  },\n  startup: { readyTimeout: 5 },\n});",
        lower_alnum(36),
    ),
    S(
        FF,
        "harness_pat_header",
        "$ curl -s https://app.harness.io/gateway/ng/api/user/currentUser -H 'x-api-key: {v}' | jq .data.email",
        harness_pat,
    ),
    # ---- look-alikes: public client-side keys and ids
    L(
        FF,
        "ld_client_side_id",
        "const client = LDClient.initialize('{v}', { kind: 'user', key: user.id });",
        hexl(24),
    ),
    L(
        FF,
        "statsig_client_key",
        '<StatsigProvider sdkKey="{v}" user={{ userID: session.userId }}>',
        join("client-", b62(43)),
    ),
    L(
        FF,
        "posthog_project_key",
        "posthog.init('{v}', { api_host: 'https://us.i.posthog.com', person_profiles: 'identified_only' })",
        join("phc_", b62(43)),
    ),
    L(
        FF,
        "growthbook_client_key",
        'const gb = new GrowthBook({\n  apiHost: "https://cdn.growthbook.io",\n  clientKey: "{v}",\n  enableDevMode: true,\n});',
        join("sdk-", b62(16)),
    ),
    L(
        FF,
        "flagsmith_client_env_key",
        'flagsmith.init({ environmentID: "{v}", cacheFlags: true });',
        shortuuid(22),
    ),
    L(
        FF,
        "flagsmith_environment_header",
        '$ curl -s https://edge.api.flagsmith.com/api/v1/flags/ -H "X-Environment-Key: {v}" | jq length\n14',
        shortuuid(22),
    ),
    L(
        FF,
        "optimizely_datafile_sdk_key",
        '$ curl -s https://cdn.optimizely.com/datafiles/{v}.json | jq .revision\n"412"',
        b62(22),
    ),
    L(
        FF,
        "optimizely_account_id",
        '{\n  "version": "4",\n  "accountId": "{v}",\n  "projectId": "{pid}",\n  "revision": "412",',
        digits(11),
        pid=digits(11),
    ),
    L(
        FF,
        "devcycle_client_id",
        '$ dvc login again --client-id {v} --client-secret "$DEVCYCLE_CLIENT_SECRET"',
        b62(32),
    ),
    L(
        FF,
        "configcat_proxy_sdk_id",
        'const configCatClient = configcat.getClient("{v}", configcat.PollingMode.AutoPoll, {\n'
        '  baseUrl: "http://configcat-proxy:8050",\n});',
        const("configcat-proxy/backend"),
    ),
    L(FF, "configcat_config_id", "$ configcat flag ls -c {v} --json | jq -r '.[].key'", uuid),
    L(
        FF,
        "harness_account_id",
        "Open https://app.harness.io/ng/account/{v}/module/fme/orgs/default/projects/checkout/setup"
        " and create a server-side SDK API key for the staging environment.",
        b64url(22),
    ),
    L(
        FF,
        "flipt_auth_id",
        "$ curl -s localhost:8080/auth/v1/self -H \"Authorization: Bearer $FLIPT_CLIENT_TOKEN\" | jq -c '{id, method}'\n"
        '{"id":"{v}","method":"METHOD_TOKEN"}',
        uuid,
    ),
    L(
        FF,
        "posthog_distinct_id",
        "const variant = await client.getFeatureFlag('new-onboarding', '{v}')\n// => 'test'",
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        FF,
        "devcycle_sse_channel",
        '[devcycle] SSE connected channel="{v}" etag="{etag}"',
        join("dvc_server_", hexl(40), "_v1"),
        etag=hexl(32),
    ),
    L(
        FF,
        "eppo_obfuscated_flag_key",
        '  "obfuscated": true,\n  "format": "CLIENT",\n  "flags": {\n    "{v}": {\n      "key": "{v}",\n'
        '      "enabled": true,',
        hexl(32),
    ),
    L(
        FF,
        "npm_integrity",
        '    "node_modules/@launchdarkly/node-server-sdk": {\n      "version": "9.7.1",\n'
        '      "resolved": "https://registry.npmjs.org/@launchdarkly/node-server-sdk/-/node-server-sdk-9.7.1.tgz",\n'
        '      "integrity": "{v}",',
        join("sha512-", b64(86), "=="),
    ),
    L(
        FF,
        "commit_sha",
        '$ ld-find-code-refs --dir . --repoName checkout-web --accessToken "$LD_ACCESS_TOKEN"\n'
        "INFO: 2024/05/14 10:02:11 Scanning repository checkout-web at commit {v}\n"
        "INFO: 2024/05/14 10:02:12 Found 37 code references across 9 flags",
        hexl(40),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        FF,
        "ld_sdk_key_placeholder",
        "# .env.example (copy to .env)\nLAUNCHDARKLY_SDK_KEY={v}\nLAUNCHDARKLY_CLIENT_SIDE_ID=",
        const("sdk-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        FF,
        "unleash_demo_token",
        "    environment:\n      UNLEASH_URL: http://localhost:4242\n      INIT_CLIENT_API_TOKENS: {v}",
        const("default:development.unleash-insecure-api-token"),
    ),
    L(
        FF,
        "gha_secret_ref",
        "      - run: npx ld-find-code-refs --dir . --repoName checkout-web\n        env:\n          LD_ACCESS_TOKEN: {v}",
        const("${{ secrets.LD_ACCESS_TOKEN }}"),
    ),
    L(
        FF,
        "flipt_env_substitution",
        '        tokens:\n          "checkout-web":\n            credential: {v}',
        const("${FLIPT_CHECKOUT_WEB_TOKEN}"),
    ),
    L(
        FF,
        "gha_masked",
        "Run node scripts/verify-flags.mjs\n  env:\n    LAUNCHDARKLY_SDK_KEY: {v}\n    LD_PROJECT: checkout-web",
        const("***"),
    ),
]
