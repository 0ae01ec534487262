"""A two-hundred-and-twenty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of webhook and background-job infrastructure: Svix (`sk_…`/`testsk_…`
API tokens ending in a region, `whsec_` endpoint secrets, `appsk_` app-portal tokens, the Terraform
provider, `svix-id`/`svix-signature` headers, `app_`/`ep_`/`msg_` ids), Hookdeck (CLI `ci --api-key`,
its `hookdeck.toml`, `hkdk.events` source URLs, `x-hookdeck-*` headers), Inngest (`signkey-prod-`
signing keys and their fallback, event keys in `inn.gs/e/<key>` and the client constructor, run ids),
Trigger.dev (`tr_dev_`/`tr_prod_` secret keys, `tr_pat_` access tokens, `proj_` refs, `run_` ids),
Upstash QStash (the base64 `{"UserID","Password"}` token in a header and in `?qstash_token=`, `sig_`
signing keys, `msg_`/`scd_` ids), Convoy (`CO.<id>.<secret>` project keys, ULID project ids,
`X-Convoy-Signature`), Temporal Cloud (ES256 JWT API keys on `--api-key` and in a TOML profile,
mTLS client keys and certificates, namespaces `<name>.<acct>`, run ids, fingerprints), Hatchet
(JWT `HATCHET_CLIENT_TOKEN`, tenant ids), Quirrel (the bare UUID token printed by `PUT /tokens/…`,
`QUIRREL_ENCRYPTION_SECRET`, job ids), Zeplo (`_token` in a `zeplo.to/` URL) and Defer
(`DEFER_TOKEN`), in commands, config files, code and tool output, with the public ids, references,
placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
19 of 25 secrets caught, 0 of 25 look-alikes altered (missed: Svix's key with its `.eu` region
suffix as a client's argument, Inngest's event key in an `inn.gs/e/<key>` URL and under `eventKey`,
a Trigger.dev key piped into `vercel env add …_SECRET_KEY`, QStash's signing key printed by `jq -r
.next`, a Quirrel token printed after `PUT …/tokens/<name>`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    hexl,
    hexu,
    join,
    lower_alnum,
    pick,
    uuid,
)

WH = "eventinfra"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(rng: random.Random) -> str:
    return "01J" + pick(CROCKFORD, 23)(rng)


def ksuid(prefix: str):
    """Svix-style ids: a prefix and a 27-character base62 KSUID starting with `2`."""
    return join(prefix, "2", b62(26))


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt(header: dict, payload: dict, rng: random.Random) -> str:
    h = b64u(json.dumps(header, separators=(",", ":")).encode())
    p = b64u(json.dumps(payload, separators=(",", ":")).encode())
    return f"{h}.{p}.{b64url(86)(rng)}"


def temporal_api_key(rng: random.Random) -> str:
    """A Temporal Cloud API key: an ES256 JWT naming the account and the key."""
    iat = 1717000000 + rng.randrange(20000000)
    header = {"alg": "ES256", "kid": b62(6)(rng)}
    payload = {
        "account_id": lower_alnum(5)(rng),
        "aud": ["temporal.io"],
        "exp": iat + 90 * 86400,
        "iss": "temporal.io",
        "jti": b62(32)(rng),
        "key_id": b62(32)(rng),
        "sub": hexl(32)(rng),
    }
    return jwt(header, payload, rng)


def hatchet_token(rng: random.Random) -> str:
    """A Hatchet API token: a JWT whose claims carry the tenant and the server addresses."""
    iat = 1717000000 + rng.randrange(20000000)
    header = {"alg": "ES256", "kid": b62(6)(rng)}
    payload = {
        "aud": "https://cloud.onhatchet.run",
        "exp": iat + 90 * 86400,
        "grpc_broadcast_address": "grpc.cloud.onhatchet.run:443",
        "iat": iat,
        "iss": "https://cloud.onhatchet.run",
        "server_url": "https://cloud.onhatchet.run",
        "sub": uuid(rng),
        "token_id": uuid(rng),
    }
    return jwt(header, payload, rng)


def qstash_token(rng: random.Random) -> str:
    """The classic QStash token: base64 of {"UserID": <uuid>, "Password": <32 hex>}."""
    body = json.dumps({"UserID": uuid(rng), "Password": hexl(32)(rng)}, separators=(",", ":"))
    return base64.b64encode(body.encode()).decode()


def ec_pkcs8_body(rng: random.Random) -> str:
    """An EC P-256 PKCS#8 private key (with its public point), base64 in 64-column lines."""
    der = (
        bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
        + rng.randbytes(32)
        + bytes.fromhex("a144034200")
        + b"\x04"
        + rng.randbytes(64)
    )
    b = base64.b64encode(der).decode()
    return "\n".join(b[i : i + 64] for i in range(0, len(b), 64))


def cert_body(rng: random.Random) -> str:
    """The base64 body of a small EC client certificate (public), 64-column lines."""
    b = (
        "MIIB"
        + rng.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        + "jCCAW"
        + rng.choice("abcdefghijklmnopqrstuvwxyz")
        + "gAwIBAgIU"
        + b64(64 * 7 - 21)(rng)
        + "="
    )
    return "\n".join(b[i : i + 64] for i in range(0, len(b), 64))


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def convoy_key(rng: random.Random) -> str:
    return f"CO.{b62(16)(rng)}.{b62(64)(rng)}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (19, 25, 0, 25, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: Svix
    S(
        WH,
        "svix_token_client",
        'from svix.api import Svix\n\nsvix = Svix("{v}")\nsvix.message.create("{app}", MessageIn(event_type="invoice.paid", payload=payload))',
        join("sk_", b62(32), ".eu"),
        app=ksuid("app_"),
    ),
    S(
        WH,
        "svix_terraform_token",
        'provider "svix" {\n  server_url = "https://api.us.svix.com"\n  token      = "{v}"\n}',
        join("testsk_", b62(32), ".us"),
    ),
    S(
        WH,
        "svix_endpoint_secret_output",
        '$ svix endpoint get-secret {app} {ep}\n{\n  "key": "{v}"\n}',
        join("whsec_", b64(32)),
        app=ksuid("app_"),
        ep=ksuid("ep_"),
    ),
    S(
        WH,
        "svix_app_portal_token",
        "$ curl -s -X POST https://api.eu.svix.com/api/v1/auth/app-portal-access/{app} "
        "-H \"Authorization: Bearer $SVIX_TOKEN\" -d '{}' | jq -r .token\n{v}",
        join("appsk_", b62(32)),
        app=ksuid("app_"),
    ),
    # ---- secrets: Hookdeck
    S(
        WH,
        "hookdeck_ci_api_key",
        "      - name: Forward webhooks to the preview\n        run: |\n          hookdeck ci --api-key {v}\n"
        "          hookdeck listen 3000 stripe-preview --path /api/webhooks/stripe",
        b62(50),
    ),
    S(
        WH,
        "hookdeck_toml",
        '$ cat ~/.config/hookdeck/config.toml\nprofile = "default"\n\n[default]\n  api_key = "{v}"\n'
        '  project_id = "tm_{proj}"\n  project_mode = "inbound"',
        b62(50),
        proj=b62(12),
    ),
    # ---- secrets: Inngest
    S(
        WH,
        "inngest_signing_key_env",
        "INNGEST_SIGNING_KEY={v}\nINNGEST_SIGNING_KEY_FALLBACK=signkey-prod-<previous key, remove after 2024-09-30>",
        join("signkey-prod-", hexl(64)),
    ),
    S(
        WH,
        "inngest_event_key_url",
        "$ curl -X POST https://inn.gs/e/{v} -H 'Content-Type: application/json' "
        '-d \'{"name": "tender/sync.requested", "data": {"region": "eu"}}\'\n{"ids":["{id}"],"status":200}',
        b64url(86),
        id=ulid,
    ),
    S(
        WH,
        "inngest_event_key_ctor",
        'export const inngest = new Inngest({\n  id: "storefront",\n  eventKey: "{v}",\n  signingKey: process.env.INNGEST_SIGNING_KEY,\n});',
        b64url(86),
    ),
    # ---- secrets: Trigger.dev
    S(
        WH,
        "trigger_secret_vercel",
        "$ echo '{v}' | vercel env add TRIGGER_SECRET_KEY production\nVercel CLI 34.2.7\n"
        "✅  Added Environment Variable TRIGGER_SECRET_KEY to Project courier-web [412ms]",
        join("tr_prod_", b62(20)),
    ),
    S(
        WH,
        "trigger_configure",
        'import { configure } from "@trigger.dev/sdk/v3";\n\nconfigure({\n  secretKey: "{v}",\n'
        '  baseURL: "https://trigger.internal.brightkite.dev",\n});',
        join("tr_dev_", b62(20)),
    ),
    S(
        WH,
        "trigger_pat_deploy",
        "$ TRIGGER_ACCESS_TOKEN={v} npx trigger.dev@latest deploy --env staging --skip-update-check",
        join("tr_pat_", b62(40)),
    ),
    # ---- secrets: Upstash QStash
    S(
        WH,
        "qstash_token_header",
        "$ curl -XPOST -H 'Authorization: Bearer {v}' -H 'Upstash-Delay: 10m' "
        "-H 'Content-Type: application/json' -d '{\"orderId\": 8841}' "
        "'https://qstash.upstash.io/v2/publish/https://courier.brightkite.dev/api/reminders'",
        qstash_token,
    ),
    S(
        WH,
        "qstash_token_query",
        "POST https://qstash.upstash.io/v2/publish/https://hooks.brightkite.dev/cron/digest?qstash_token={v} 201 Created",
        qstash_token,
    ),
    S(
        WH,
        "qstash_receiver_key",
        'const receiver = new Receiver({\n  currentSigningKey: "{v}",\n  nextSigningKey: process.env.QSTASH_NEXT_SIGNING_KEY!,\n});',
        join("sig_", b58(28)),
    ),
    S(
        WH,
        "qstash_keys_output",
        '$ curl -s https://qstash.upstash.io/v2/keys -H "Authorization: Bearer $QSTASH_TOKEN" | jq -r .next\n{v}',
        join("sig_", b58(28)),
    ),
    # ---- secrets: Convoy
    S(
        WH,
        "convoy_bearer",
        "$ curl -s https://us.getconvoy.cloud/api/v1/projects/{proj}/endpoints "
        '-H "Authorization: Bearer {v}" -H "Content-Type: application/json"',
        convoy_key,
        proj=ulid,
    ),
    # ---- secrets: Temporal Cloud
    S(
        WH,
        "temporal_api_key_flag",
        "$ temporal workflow list --address us-east-1.aws.api.temporal.io:7233 "
        "--namespace payments-prod.{acct} --api-key {v} --limit 5",
        temporal_api_key,
        acct=lower_alnum(5),
    ),
    S(
        WH,
        "temporal_toml_profile",
        '$ cat ~/.config/temporalio/temporal.toml\n[profile.prod]\naddress = "eu-west-1.aws.api.temporal.io:7233"\n'
        'namespace = "ledger.{acct}"\napi_key = "{v}"',
        temporal_api_key,
        acct=lower_alnum(5),
    ),
    S(
        WH,
        "temporal_mtls_key",
        "$ cat certs/ledger-worker.key\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        ec_pkcs8_body,
    ),
    # ---- secrets: Hatchet
    S(
        WH,
        "hatchet_compose",
        "  worker:\n    image: ghcr.io/brightkite/jobs-worker:1.14.0\n    environment:\n"
        "      HATCHET_CLIENT_TOKEN: {v}\n      HATCHET_CLIENT_TLS_STRATEGY: tls",
        hatchet_token,
    ),
    # ---- secrets: Quirrel, Zeplo, Defer
    S(
        WH,
        "quirrel_token_output",
        "$ curl --user ignored:$PASSPHRASES -X PUT https://quirrel.brightkite.dev/tokens/courier-prod\n{v}",
        uuid,
    ),
    S(
        WH,
        "quirrel_encryption_secret",
        "$ fly secrets set QUIRREL_ENCRYPTION_SECRET={v} QUIRREL_BASE_URL=https://courier.brightkite.dev -a courier-web",
        hexl(32),
    ),
    S(
        WH,
        "zeplo_token_url",
        "const res = await fetch(`https://zeplo.to/https://api.brightkite.dev/jobs/resize?_delay=30&_retry=3&_token={v}`, {",
        b62(32),
    ),
    S(
        WH,
        "defer_token",
        "$ gh secret set DEFER_TOKEN --body '{v}' --repo brightkite/courier\n✓ Set Actions secret DEFER_TOKEN for brightkite/courier",
        b62(36),
    ),
    # ---- look-alikes: public ids
    L(
        WH,
        "svix_app_id",
        '$ svix message list {v} --event-types invoice.paid\n{\n  "data": [\n    {\n      "eventType": "invoice.paid",',
        ksuid("app_"),
    ),
    L(
        WH,
        "svix_signature_header",
        "svix-id: {id}\nsvix-timestamp: 1718203344\nsvix-signature: {v}",
        join("v1,", b64(43), "="),
        id=ksuid("msg_"),
    ),
    L(
        WH,
        "hookdeck_source_url",
        "Source   stripe-prod\nURL      {v}\nStatus   active (requests are verified with the Stripe signing secret)",
        join("https://hkdk.events/", lower_alnum(14)),
        note="an ingestion address; the source's own auth is configured separately",
    ),
    L(
        WH,
        "hookdeck_event_id",
        "x-hookdeck-eventid: {v}\nx-hookdeck-source-name: stripe-prod\nx-hookdeck-attempt-count: 2",
        join("evt_", b62(22)),
    ),
    L(
        WH,
        "inngest_run_id",
        "[inngest] function billing-reconcile finished\n  event: billing/invoice.paid\n  run_id: {v}\n  status: Completed (1.42s)",
        ulid,
    ),
    L(
        WH,
        "trigger_project_ref",
        'export default defineConfig({\n  project: "{v}",\n  runtime: "node",\n  dirs: ["./src/trigger"],\n});',
        join("proj_", pick("abcdefghijklmnopqrstuvwxyz", 20)),
    ),
    L(
        WH,
        "trigger_run_id",
        "Triggered resize-image → {v}\nView the run: https://cloud.trigger.dev/projects/v3/proj_qmfytbpvxzwhsnjkrdla/runs/{v}",
        join("run_", lower_alnum(25)),
    ),
    L(
        WH,
        "qstash_message_id",
        "$ curl -s -XPOST https://qstash.upstash.io/v2/publish/https://courier.brightkite.dev/api/reminders \\\n"
        '    -H "Authorization: Bearer $QSTASH_TOKEN" -d \'{}\'\n{"messageId":"{v}"}',
        join("msg_", b58(60)),
    ),
    L(
        WH,
        "qstash_schedule_id",
        "Created schedule {v} (cron: 0 9 * * 1) → https://courier.brightkite.dev/api/cron/weekly",
        join("scd_", b58(28)),
    ),
    L(
        WH,
        "convoy_project_id",
        "CONVOY_PROJECT_ID={v}\nCONVOY_API_KEY=${CONVOY_API_KEY:?set it in .env.local}",
        ulid,
    ),
    L(
        WH,
        "convoy_signature",
        'POST /webhooks/convoy 200 in 14ms  X-Convoy-Signature: {v}  X-Convoy-Event-Type: "payment.success"',
        hexl(64),
    ),
    L(
        WH,
        "temporal_namespace_endpoint",
        "2024/06/12 09:14:02 INFO  Connected to Temporal Cloud HostPort {v}.tmprl.cloud:7233 Namespace {v}",
        join("payments-prod.", lower_alnum(5)),
    ),
    L(
        WH,
        "temporal_run_id",
        "$ temporal workflow start --type SettleBatch --task-queue settlements --workflow-id settle-2024-06-12\n"
        "Running execution:\n  WorkflowId  settle-2024-06-12\n  RunId       {v}\n  Type        SettleBatch",
        uuid,
    ),
    L(
        WH,
        "temporal_client_cert",
        "$ cat certs/ledger-worker.pem\n-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        cert_body,
    ),
    L(
        WH,
        "temporal_cert_fingerprint",
        "$ openssl x509 -in certs/ca.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        WH,
        "hatchet_tenant_id",
        "HATCHET_CLIENT_TENANT_ID={v}\nHATCHET_CLIENT_HOST_PORT=grpc.cloud.onhatchet.run:443",
        uuid,
    ),
    L(
        WH,
        "quirrel_job_id",
        "$ curl -s https://quirrel.brightkite.dev/queues/https%3A%2F%2Fcourier.brightkite.dev%2Fapi%2Fqueues%2Femail "
        "-H \"Authorization: Bearer $QUIRREL_TOKEN\" | jq '.jobs[0] | {id, runAt}'\n"
        '{\n  "id": "{v}",\n  "runAt": "2024-06-12T09:30:00.000Z"\n}',
        uuid,
    ),
    L(
        WH,
        "commit_sha",
        "$ git log --oneline -1 --format='%H %s'\n{v} rotate QStash signing keys and move TRIGGER_SECRET_KEY to Vercel",
        hexl(40),
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        WH,
        "gha_secret_ref",
        "      - run: npx trigger.dev@latest deploy\n        env:\n          TRIGGER_ACCESS_TOKEN: {v}",
        const("${{ secrets.TRIGGER_ACCESS_TOKEN }}"),
    ),
    L(
        WH,
        "zeplo_env_ref",
        "const url = `https://zeplo.to/${target}?_delay_until=${runAt}&_token={v}`;",
        const("${process.env.ZEPLO_TOKEN}"),
    ),
    L(
        WH,
        "whsec_placeholder",
        "# .env.example — copy to .env.local\nSVIX_WEBHOOK_SECRET={v}",
        const("whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        WH,
        "hatchet_doc_truncated",
        "Create an API token under Settings → API Tokens and put it in `.env`:\n\n    HATCHET_CLIENT_TOKEN={v}",
        const("eyJhbGciOiJFUzI1NiIs..."),
    ),
    L(
        WH,
        "qstash_masked",
        "Signing Keys\n  Current   {v}    [Reveal] [Copy]\n  Next      sig_••••••••••••••••••••••••    [Reveal] [Copy]",
        join("sig_", const("••••••••••••••••••••••••")),
    ),
    L(
        WH,
        "defer_placeholder",
        "export DEFER_TOKEN={v}   # from https://app.defer.run → Settings → Tokens",
        const("<your-defer-token>"),
    ),
    L(
        WH,
        "inngest_key_id_prefix",
        "Signing key rotated by maria@brightkite.dev · previous key {v}… now the fallback (expires in 7 days)",
        join("signkey-prod-", hexl(6)),
        note="the first characters the dashboard shows of a rotated key",
    ),
]
