"""A sixteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from three secret managers' own documentation: Doppler (its auth token formats for
personal, service, CLI, service-account, service-account-identity and SCIM tokens, `doppler
configure set token`, `doppler secrets get --plain`, `doppler secrets download`, `doppler run`,
`doppler configs tokens`, API basic auth), 1Password (the `op` CLI: service account tokens,
Connect server tokens, account Secret Keys, `op://vault/item/field` secret references, `op read`,
`op inject` templates, `op item get` output, the Go and Python SDKs) and Infisical (its CLI and
SDKs: service tokens, universal-auth client IDs and secrets, machine identity access tokens,
`infisical run`, `infisical export` output, `.infisical.json`, the Kubernetes operator and the
self-hosting settings). Every value is generated from a seeded random source in the documented
shape; none is copied from those docs and none belongs to a real account.

First score, blind, before any rule changed for it (after the rules for heldout 14 and 15):
20 of 25 secrets caught, 2 of 23 look-alikes altered (values printed by
`doppler secrets get --plain` and `op read`, a value in a NAME │ VALUE table, a 1Password
field's `"label": "password", "value"`, a generated key in prose; an `op://` reference, an
env var's name under `secretKey`).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    interleaved,
    join,
    keyboard_run,
    lower_alnum,
    password,
    pick,
    repeated,
    upper_alnum,
    uuid,
)

DP, OP, IF = "doppler", "1password", "infisical"

OPS_TOKEN = join("ops_eyJ", b64(236))
CONNECT_JWT = join("eyJhbGciOiJFUzI1NiIsImtpZCI6I", b64url(34), ".eyJ", b64url(310), ".", b64url(86))
MACHINE_JWT = join("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ", b64url(196), ".", b64url(43))
ST_TOKEN = join("st.", hexl(24), ".", hexl(32), ".", hexl(32))
SECRET_KEY = join(
    "A3-",
    upper_alnum(6),
    "-",
    upper_alnum(6),
    "-",
    upper_alnum(5),
    "-",
    upper_alnum(5),
    "-",
    upper_alnum(5),
    "-",
    upper_alnum(5),
)
STAMP = join(
    "2025-0",
    pick("123456789", 1),
    "-",
    pick("12", 1),
    digits(1),
    "T",
    pick("01", 1),
    digits(1),
    ":",
    pick("012345", 1),
    digits(1),
    ":",
    pick("012345", 1),
    digits(1),
    ".",
    digits(3),
    "Z",
)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 25, 2, 23, "the rules for 14 and 15")

TEMPLATES = [
    # ---- credentials as positional arguments, short or vendor-specific flags, SDK constructors
    S(
        DP,
        "positional",
        "$ doppler configure set token {v} --scope /home/deploy/checkout-api",
        join("dp.st.prd.", b62(43)),
    ),
    S(
        DP,
        "short_flag",
        "$ curl -s -u {v}: 'https://api.doppler.com/v3/configs/config/secrets/download?format=env-no-quotes' > .env.runtime",
        join("dp.st.stg.", b62(43)),
    ),
    S(DP, "constructor", "const dopplerApi = new DopplerSDK({ accessToken: '{v}' });", join("dp.sa.", b62(43))),
    S(
        OP,
        "vendor_flag",
        "$ op account add --address acme-eng.1password.com --email build-bot@acme-eng.io --secret-key {v} --signin",
        SECRET_KEY,
    ),
    S(
        OP,
        "positional",
        "$ op item create --category=login --title='grafana-admin' --vault=Ops 'username=admin' 'password={v}'",
        password(19),
    ),
    S(
        OP,
        "constructor",
        'client, err := onepassword.NewClient(ctx, onepassword.WithServiceAccountToken("{v}"), onepassword.WithIntegrationInfo("release-bot", "v1.4.0"))',
        OPS_TOKEN,
    ),
    S(OP, "constructor", 'op_connect = new_client("http://op-connect.internal:8080", "{v}")', CONNECT_JWT),
    S(
        IF,
        "vendor_flag",
        "$ export INFISICAL_TOKEN=$(infisical login --method=universal-auth --client-id={k} --client-secret={v} --silent --plain)",
        hexl(64),
        k=uuid,
    ),
    S(IF, "constructor", 'ident = sdk.auth.universal_auth.login("{k}", "{v}")', hexl(64), k=uuid),
    # ---- vendor formats, unprefixed keys named only by the words around them
    S(DP, "vendor_prefix", "- SCIM bearer for the Okta app (Team > Settings > SCIM): `{v}`", join("dp.scim.", b62(43))),
    S(IF, "vendor_prefix", '  infisicalServiceToken: "{v}"', ST_TOKEN),
    S(
        IF,
        "bare_hex",
        "Self-hosted Infisical is up; the instance encryption key I generated with `openssl rand -hex 16` is {v}, put it in the break-glass vault.",
        hexl(32),
    ),
    S(OP, "named_unusual", "OP_SVC_ACCT_TOK={v}", OPS_TOKEN),
    S(IF, "named_unusual", 'infisical_machine_identity_jwt = "{v}"', MACHINE_JWT),
    # ---- secrets inside URLs
    S(
        DP,
        "url_userinfo",
        'curl -sf "https://{v}@api.doppler.com/v3/configs/config/secrets/download?format=json" | jq -r .SEARCH_CLUSTER_URL',
        join("dp.st.", b62(44)),
    ),
    S(
        IF,
        "url_userinfo",
        "export ORDERS_PG_DSN='postgresql://billing_rw:{v}@pg-prod.internal:5432/billing?sslmode=require'",
        b62(20),
    ),
    S(IF, "url_query", "PAGER_INGEST_URL='https://events.pagerhub.example/v2/enqueue?routing_key={v}'", hexl(32)),
    S(DP, "url_path", "│ DISCORD_DEPLOY_HOOK   │ https://discord.com/api/webhooks/{k}/{v} │", b64url(68), k=digits(19)),
    # ---- secrets printed by the tools themselves
    S(DP, "tool_output", "$ doppler secrets get LEDGER_HMAC_KEY --plain -p ledger -c prd\n{v}", b64(43, "=")),
    S(DP, "tool_output_table", "│ SMTP_RELAY_PASSWD     │ {v}     │", password(20)),
    S(
        DP,
        "env_dump",
        "$ doppler run -p ingest -c prd -- printenv | grep -i repl\nREPLICA_SYNC_PASSPHRASE={v}",
        password(24),
    ),
    S(OP, "tool_output", '$ op read "op://Payments Prod/adyen-live/credential"\n{v}', b62(48)),
    S(
        OP,
        "tool_output_json",
        '{"id": "password", "type": "CONCEALED", "purpose": "PASSWORD", "label": "password", "value": "{v}", "reference": "op://Infra/mssql-reporting/password"}',
        password(22),
    ),
    S(
        IF,
        "tool_output_dotenv",
        "$ infisical export --env=prod --path=/api --format=dotenv | grep COOKIE\nSESSION_COOKIE_KEY='{v}'",
        b64(44),
    ),
    S(
        IF,
        "tool_output_json",
        '{"secret":{"id":"{i}","workspace":"{w}","environment":"prod","secretKey":"PAYOUTS_HMAC","secretValue":"{v}","version":3,"type":"shared"}}',
        b64(43, "="),
        i=uuid,
        w=hexl(24),
    ),
    # ---- look-alikes: references instead of values
    L(OP, "reference", "LEDGER_DB_PASSWORD={v}", const("op://Platform Prod/ledger-db/password")),
    L(DP, "reference", "          DOPPLER_TOKEN: {v}", const("${{ secrets.DOPPLER_TOKEN_PRD }}")),
    L(OP, "reference", '  signing_secret: "{v}"', const("{{ op://ci-cd/analytics-webhook/credential }}")),
    L(IF, "reference", "      INFISICAL_TOKEN: {v}", const("${INFISICAL_TOKEN:?run infisical login first}")),
    L(
        IF,
        "named_non_secret",
        "      serviceToken: {v}",
        const("{serviceTokenSecretReference: {secretName: infisical-svc-token, secretNamespace: payments}}"),
    ),
    L(
        OP,
        "env_ref",
        'client, err := onepassword.NewClient(ctx, onepassword.WithServiceAccountToken({v}), onepassword.WithIntegrationInfo("release-bot", "v1.4.0"))',
        const('os.Getenv("OP_SERVICE_ACCOUNT_TOKEN")'),
    ),
    # ---- ids, slugs, masked values
    L(
        IF,
        "public_id",
        '{"workspaceId": "{v}", "defaultEnvironment": "dev", "gitBranchToEnvironmentMapping": null}',
        hexl(24),
    ),
    L(OP, "public_id", "$ op item get {v} --vault Engineering --fields label=username", lower_alnum(26)),
    L(DP, "public_id", "│ gha-deploy-prd │ {v} │ prd    │ checkout │ 2024-05-02T10:14:33.812Z │", uuid),
    L(OP, "masked", "  password:    [use 'op item get {v} --reveal' to reveal]", lower_alnum(26)),
    L(
        IF,
        "masked",
        '{"secretKey": "PAYOUTS_HMAC", "secretValueHidden": true, "secretValue": "{v}", "version": 4, "type": "shared"}',
        const("<hidden-by-infisical>"),
    ),
    # ---- placeholders and documentation tokens
    L(
        DP,
        "doc_placeholder",
        "$ doppler configure set token {v} --scope .",
        join("dp.st.dev.", repeated(const("x"), 44)),
    ),
    L(
        IF,
        "placeholder",
        "$ infisical run --token={v} --projectId={p} -- npm run migrate",
        const("<service-token>"),
        p=uuid,
    ),
    L(OP, "placeholder", "export OP_SERVICE_ACCOUNT_TOKEN={v}", join("ops_", interleaved(48))),
    L(IF, "placeholder", '    clientSecret: "{v}",', counting(64, hex_digits=True)),
    L(DP, "placeholder", "DOPPLER_PERSONAL_TOKEN={v}", join("dp.pt.", keyboard_run(43))),
    # ---- hashes, SHAs, checksums, timestamps
    L(DP, "hash", "FROM dopplerhq/cli:3.69.0@sha256:{v} AS doppler", hexl(64)),
    L(OP, "commit_sha", "      - uses: 1password/load-secrets-action@{v} # v2", hexl(40)),
    L(IF, "checksum", "{v}  infisical_0.31.1_linux_amd64.tar.gz", hexl(64)),
    L(
        DP,
        "timestamp",
        '{"name": "ci-reader", "slug": "{s}", "access": "read", "expires_at": "{v}", "created_at": "2024-11-04T08:00:12.004Z"}',
        STAMP,
        s=uuid,
    ),
    # ---- non-secret values under secret-sounding names
    L(IF, "uuid", "INFISICAL_UNIVERSAL_AUTH_CLIENT_ID={v}", uuid),
    L(
        IF,
        "named_non_secret",
        'stripe_row = sdk.secrets.get_secret_by_name(secret_name="{v}", project_id=PROJECT_ID, environment_slug="prod", secret_path="/billing")',
        const("STRIPE_SECRET_KEY"),
    ),
    L(
        OP,
        "access_level",
        '$ op service-account create "gha-release" --expires-in 720h --vault "{v}"',
        const("Release Keys:read_items,write_items"),
    ),
]
