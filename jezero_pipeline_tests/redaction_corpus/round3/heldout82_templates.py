"""An eighty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of build systems, monorepo tools and remote build caches: Turborepo's
remote cache (`--token`/`--team`, TURBO_TOKEN, TURBO_TEAM `team_…`, TURBO_REMOTE_CACHE_SIGNATURE_KEY,
self-hosted `/v8/artifacts` caches with a bearer token, task hashes in run
output), Nx Cloud (NX_CLOUD_ACCESS_TOKEN as base64 of `uuid|read-write`, `nxCloudAccessToken` and
the public 24-hex `nxCloudId` in nx.json, run links), Bazel with BuildBuddy (`x-buildbuddy-api-key`
in `.bazelrc`, curl headers and Pants headers; invocation links) and EngFlow
(`x-engflow-auth-method: jwt-v0` plus a JWT in `x-engflow-auth-token`, Buck2 `http_headers`), a Bazel
remote cache with basic auth in its URL, Gradle Develocity (DEVELOCITY_ACCESS_KEY as `host=key`,
`keys.properties`, HttpBuildCache credentials, Build Scan links, masked keys), sccache (WebDAV token
pointed at Depot Cache, Redis URLs with a password, `[dist.auth]` tokens, GitHub Actions cache
runtime tokens, hash keys), Pants (`remote_store_headers`, `%(env.X)s` interpolation), Earthly
(EARTHLY_TOKEN for satellites, masked tokens), Depot (`depot_org_…` tokens, `depot build --token`,
the public project id in depot.json), Chromatic (`chpt_…` project tokens, public `appId`), Percy
(`web_…` tokens, `Authorization: Token token=…`, build links), Codecov (UUID upload tokens for the
CLI and codecov.yml, the public graphing token in badge URLs) and Expo EAS (bearer tokens to the
GraphQL API, the public `projectId`), in commands, config files and tool output, with the public
ids, hashes, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 75 to 79):
25 of 26 secrets caught, 3 of 25 look-alikes altered (missed: a Develocity access key in
`keys.properties` as `host=key`; altered: Codecov's badge `?token=`, sccache's `Hash key:` digest,
an Earthly token masked in its middle).
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
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

BC = "buildcache"


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(issuer: str, audience: str, subject: str):
    """An RS256 JWT: a real header and claims, a random 256-byte signature."""

    def make(rng: random.Random) -> str:
        iat = 1717000000 + rng.randrange(20000000)
        header = {"alg": "RS256", "typ": "JWT", "kid": hexl(16)(rng)}
        claims = {"iss": issuer, "sub": subject, "aud": audience, "iat": iat, "exp": iat + 86400, "jti": uuid(rng)}
        return b64url_json(header) + "." + b64url_json(claims) + "." + b64url(342)(rng)

    return make


def actions_runtime_jwt(rng: random.Random) -> str:
    iat = 1717000000 + rng.randrange(20000000)
    header = {"typ": "JWT", "alg": "RS256", "x5t": b64url(27)(rng)}
    claims = {
        "nameid": uuid(rng),
        "scp": "Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:"
        + uuid(rng)
        + ":"
        + uuid(rng),
        "iss": "vstoken.actions.githubusercontent.com",
        "aud": "vso:" + uuid(rng),
        "nbf": iat,
        "exp": iat + 21600,
    }
    return b64url_json(header) + "." + b64url_json(claims) + "." + b64url(342)(rng)


def nx_ci_token(scope: str):
    """Nx Cloud CI access token: base64 of `<uuid>|<scope>`."""
    return lambda rng: base64.b64encode(f"{uuid(rng)}|{scope}".encode()).decode()


develocity_key = pick("abcdefghijklmnopqrstuvwxyz234567", 52)
vercel_token = b62(24)
depot_org_token = join("depot_org_", hexl(64))
chromatic_token = join("chpt_", hexl(15))
percy_token = join("web_", hexl(64))
bb_key = b62(20)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 3, 25, "the rules for 75 to 79")

TEMPLATES: list = [
    # ---- secrets: Turborepo remote cache
    S(
        BC,
        "turbo_token_flag",
        "$ npx turbo run build test --filter=...[origin/main] --token={v} --team=harbor-labs --summarize",
        vercel_token,
    ),
    S(
        BC,
        "turbo_signature_key",
        "$ cat .env.ci\nTURBO_API=https://turbo-cache.harbor.internal\nTURBO_TEAM=team_{team}\n"
        "TURBO_TOKEN=${TURBO_TOKEN}\nTURBO_REMOTE_CACHE_SIGNATURE_KEY={v}",
        hexl(64),
        team=b62(24),
    ),
    S(
        BC,
        "turbo_selfhosted_bearer",
        '$ curl -sS -H "Authorization: Bearer {v}" "https://turbo-cache.harbor.internal/v8/artifacts/status?teamId=team_harbor"\n'
        '{"status":"enabled"}',
        b62(48),
    ),
    # ---- secrets: Nx Cloud
    S(
        BC,
        "nx_cloud_env",
        "$ NX_CLOUD_ACCESS_TOKEN={v} npx nx affected -t lint test build --base=origin/main --parallel=6",
        nx_ci_token("read-write"),
    ),
    S(
        BC,
        "nx_json_access_token",
        '{\n  "$schema": "./node_modules/nx/schemas/nx-schema.json",\n  "nxCloudAccessToken": "{v}",\n'
        '  "defaultBase": "main",',
        nx_ci_token("read"),
    ),
    # ---- secrets: Bazel with BuildBuddy, EngFlow, a plain remote cache
    S(
        BC,
        "buildbuddy_bazelrc",
        "$ cat .bazelrc.user\nbuild --bes_results_url=https://app.buildbuddy.io/invocation/\n"
        "build --bes_backend=grpcs://remote.buildbuddy.io\nbuild --remote_cache=grpcs://remote.buildbuddy.io\n"
        "build --remote_header=x-buildbuddy-api-key={v}",
        bb_key,
    ),
    S(
        BC,
        "buildbuddy_curl_header",
        "$ curl -s https://app.buildbuddy.io/api/v1/GetInvocation -H 'Content-Type: application/json'"
        ' -H \'x-buildbuddy-api-key: {v}\' -d \'{"selector": {"invocation_id": "{inv}"}}\'',
        bb_key,
        inv=uuid,
    ),
    S(
        BC,
        "pants_remote_headers",
        '[GLOBAL]\nremote_cache_read = true\nremote_cache_write = true\nremote_store_address = "grpcs://remote.buildbuddy.io"\n'
        'remote_store_headers = { "x-buildbuddy-api-key" = "{v}" }',
        bb_key,
    ),
    S(
        BC,
        "engflow_remote_header",
        "build:engflow --remote_executor=grpcs://opal.cluster.engflow.com\n"
        "build:engflow --remote_header=x-engflow-auth-method=jwt-v0\nbuild:engflow --remote_header=x-engflow-auth-token={v}",
        jwt("https://opal.cluster.engflow.com", "opal.cluster.engflow.com", "ci-release@harbor.dev"),
    ),
    S(
        BC,
        "engflow_buckconfig",
        "[buck2_re_client]\nengine_address       = opal.cluster.engflow.com\ncas_address          = opal.cluster.engflow.com\n"
        "http_headers         = x-engflow-auth-method:jwt-v0,x-engflow-auth-token:{v}",
        jwt("https://opal.cluster.engflow.com", "opal.cluster.engflow.com", "buck2-ci@harbor.dev"),
    ),
    S(
        BC,
        "bazel_remote_basic_auth",
        "common:ci --remote_cache=https://bazel-ci:{v}@bazel-cache.harbor.internal:9092\ncommon:ci --remote_timeout=60s",
        b62(22),
    ),
    # ---- secrets: Gradle Develocity
    S(
        BC,
        "develocity_env",
        "export DEVELOCITY_ACCESS_KEY=ge.harbor.dev={v}\n./gradlew build --scan --build-cache",
        develocity_key,
    ),
    S(
        BC,
        "develocity_keys_properties",
        "$ cat ~/.gradle/develocity/keys.properties\nge.harbor.dev={v}",
        develocity_key,
    ),
    S(
        BC,
        "gradle_http_build_cache",
        'buildCache {\n    remote<HttpBuildCache> {\n        url = uri("https://ge.harbor.dev/cache/")\n'
        '        isPush = System.getenv("CI") != null\n        credentials {\n            username = "ci-cache"\n'
        '            password = "{v}"\n        }\n    }\n}',
        password(24),
    ),
    # ---- secrets: sccache and Depot
    S(
        BC,
        "sccache_webdav_depot",
        "export SCCACHE_WEBDAV_ENDPOINT=https://cache.depot.dev\nexport SCCACHE_WEBDAV_TOKEN={v}\n"
        "export RUSTC_WRAPPER=sccache",
        depot_org_token,
    ),
    S(
        BC,
        "sccache_redis_password",
        "  env:\n    SCCACHE_REDIS: redis://:{v}@10.20.4.17:6379/3\n    RUSTC_WRAPPER: sccache",
        b62(24),
    ),
    S(
        BC,
        "sccache_dist_token",
        '$ cat ~/.config/sccache/config\n[dist]\nscheduler_url = "https://sccache-sched.harbor.internal:10600"\n\n'
        '[dist.auth]\ntype = "token"\ntoken = "{v}"',
        b64url(43),
    ),
    S(
        BC,
        "actions_runtime_token",
        "$ env | grep ^ACTIONS_\nACTIONS_RESULTS_URL=https://results-receiver.actions.githubusercontent.com/\n"
        "ACTIONS_RUNTIME_TOKEN={v}\nACTIONS_CACHE_SERVICE_V2=True",
        actions_runtime_jwt,
    ),
    S(
        BC,
        "depot_build_token",
        "$ depot build --project {proj} --token {v} --platform linux/amd64,linux/arm64 -t ghcr.io/harbor/api:sha-{sha} --push .",
        depot_org_token,
        proj=lower_alnum(10),
        sha=hexl(7),
    ),
    # ---- secrets: visual testing, coverage, Earthly, Expo
    S(
        BC,
        "chromatic_flag",
        "$ npx chromatic --project-token={v} --only-changed --exit-zero-on-changes --storybook-build-dir storybook-static",
        chromatic_token,
    ),
    S(
        BC,
        "percy_env_exec",
        "$ PERCY_TOKEN={v} npx percy exec -- cypress run --spec 'cypress/e2e/visual/**'",
        percy_token,
    ),
    S(
        BC,
        "percy_api_header",
        '$ curl -s "https://percy.io/api/v1/projects/harbor/web-app/builds?page[limit]=5" -H "Authorization: Token token={v}"',
        hexl(64),
    ),
    S(
        BC,
        "codecov_cli_token",
        "$ ./codecov upload-process -t {v} -f coverage/cobertura.xml --git-service github -F backend",
        uuid,
    ),
    S(
        BC,
        "codecov_yml_token",
        "$ cat codecov.yml\ncodecov:\n  token: {v}\n  require_ci_to_pass: true\ncoverage:\n  precision: 2",
        uuid,
    ),
    S(
        BC,
        "earthly_satellite_token",
        "$ docker run --privileged -v satellite-cache:/tmp/earthly:rw -p 8372:8372 -e EARTHLY_TOKEN={v}"
        " -e EARTHLY_ORG=harbor -e SATELLITE_NAME=builder-1 -e SATELLITE_HOST=10.20.8.4 earthly/satellite:v0.8.3",
        b62(40),
    ),
    S(
        BC,
        "expo_graphql_bearer",
        "$ curl -s https://api.expo.dev/graphql -H 'Content-Type: application/json' -H 'Authorization: Bearer {v}'"
        ' -d \'{"query":"{ me { username } }"}\'',
        b64url(40),
    ),
    # ---- look-alikes: public ids and links
    L(
        BC,
        "turbo_team_id",
        '$ cat .turbo/config.json\n{\n  "teamid": "{v}",\n  "apiurl": "https://turbo-cache.harbor.internal"\n}',
        join("team_", b62(24)),
    ),
    L(BC, "nx_cloud_id", '  "nxCloudId": "{v}",\n  "parallel": 6,', hexl(24)),
    L(
        BC,
        "nx_run_link",
        " NX   Successfully ran targets lint, test, build for 14 projects\n\n"
        "View logs and investigate cache misses at https://cloud.nx.app/runs/{v}",
        b62(10),
    ),
    L(
        BC,
        "buildbuddy_invocation",
        "INFO: Streaming build results to: https://app.buildbuddy.io/invocation/{v}\nINFO: Analyzed 412 targets",
        uuid,
    ),
    L(
        BC,
        "engflow_invocation",
        "INFO: Streaming build results to: https://opal.cluster.engflow.com/invocations/default/{v}",
        uuid,
    ),
    L(
        BC,
        "develocity_scan_link",
        "BUILD SUCCESSFUL in 3m 12s\n187 actionable tasks: 41 executed, 146 from cache\n\n"
        "Publishing Build Scan to Develocity...\nhttps://ge.harbor.dev/s/{v}",
        lower_alnum(13),
    ),
    L(
        BC,
        "chromatic_app_id",
        "✔ Build 418 published\nView it online at https://www.chromatic.com/build?appId={v}&number=418",
        hexl(24),
    ),
    L(
        BC,
        "percy_build_link",
        "[percy] Finalized build #231: https://percy.io/{org}/web-app/builds/{v}",
        digits(8),
        org=hexl(8),
    ),
    L(
        BC,
        "codecov_graph_token",
        "[![codecov](https://codecov.io/gh/harbor/api/graph/badge.svg?token={v})](https://codecov.io/gh/harbor/api)",
        upper_alnum(10),
    ),
    L(
        BC,
        "depot_project_id",
        '$ cat depot.json\n{"id":"{v}"}',
        lower_alnum(10),
    ),
    L(
        BC,
        "expo_project_id",
        '    "extra": {\n      "eas": {\n        "projectId": "{v}"\n      }\n    },',
        uuid,
    ),
    # ---- look-alikes: hashes and digests
    L(
        BC,
        "turbo_task_hash",
        "@harbor/web:build: cache hit, replaying logs {v}\n@harbor/web:build: > next build",
        hexl(16),
    ),
    L(
        BC,
        "codecov_commit_sha",
        "info - 2024-06-11 14:02:11,412 -- Process Commit creating complete\n"
        'info - 2024-06-11 14:02:11,413 -- Commit creating process complete --- {"commitid": "{v}"}',
        hexl(40),
    ),
    L(
        BC,
        "sccache_hash_key",
        "[2024-06-11T14:02:11Z DEBUG sccache::compiler::compiler] [serde_derive]: Hash key: {v}",
        hexl(64),
    ),
    L(
        BC,
        "bazel_remote_ac_path",
        '10.20.4.31 - - [11/Jun/2024:14:02:11 +0000] "GET /ac/{v} HTTP/1.1" 200 142',
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        BC,
        "turbo_secret_ref",
        "    env:\n      TURBO_TOKEN: {v}\n      TURBO_TEAM: ${{ vars.TURBO_TEAM }}",
        const("${{ secrets.TURBO_TOKEN }}"),
    ),
    L(
        BC,
        "buildbuddy_env_ref",
        "bazel test //... --config=ci --remote_header=x-buildbuddy-api-key={v}",
        const("${BUILDBUDDY_API_KEY}"),
    ),
    L(
        BC,
        "pants_env_interpolation",
        'remote_store_headers = { "Authorization" = "{v}" }',
        const("Bearer %(env.REMOTE_CACHE_TOKEN)s"),
    ),
    L(
        BC,
        "develocity_secret_ref",
        "      - uses: gradle/actions/setup-gradle@v4\n        with:\n          develocity-access-key: {v}",
        const("${{ secrets.DEVELOCITY_ACCESS_KEY }}"),
    ),
    L(
        BC,
        "develocity_masked",
        "develocity.instances.main.uri=https://ge.harbor.dev\ndevelocity.instances.main.access-key={v}",
        const("************"),
    ),
    L(
        BC,
        "percy_masked",
        "PERCY_TOKEN   {v}   (write-only, created 2024-05-02)",
        join("web_", const("************"), hexl(4)),
    ),
    L(
        BC,
        "earthly_masked",
        "Run docker run --privileged -p 8372:8372 -e EARTHLY_TOKEN={v} -e EARTHLY_ORG=harbor -e SATELLITE_NAME=builder-1"
        " earthly/satellite:v0.8.3",
        join(b62(5), "*****", b62(5)),
    ),
    L(
        BC,
        "codecov_placeholder",
        "# .env.example\nCODECOV_TOKEN={v}\nCHROMATIC_PROJECT_TOKEN=<chromatic-project-token>",
        const("<codecov-upload-token>"),
    ),
    L(
        BC,
        "sccache_key_path",
        "export SCCACHE_GCS_BUCKET=harbor-sccache\nexport SCCACHE_GCS_KEY_PATH={v}\nexport SCCACHE_GCS_RW_MODE=READ_WRITE",
        const("/run/secrets/sccache-gcs-writer.json"),
    ),
    L(
        BC,
        "engflow_auth_method",
        "$ grep -n engflow .bazelrc\n41:build:engflow --credential_helper=*.cluster.engflow.com=%workspace%/tools/engflow_auth\n"
        "42:build:engflow --remote_header=x-engflow-auth-method={v}",
        const("jwt-v0"),
    ),
]
