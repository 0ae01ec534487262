"""A hundred-and-fortieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of background-check and payroll-connectivity APIs: Checkr
(HTTP basic auth with the API key as the user and an empty password, staging host
api.checkr-staging.com, partner OAuth tokens, 24-hex object ids, webhook signatures), Check
(checkhq.com payroll, `Authorization: Bearer` with a 40-character key), Argyle (basic auth of
`api_key_id:api_key_secret`, api-sandbox.argyle.com, user tokens, the client-side Link key, user
ids), Pinwheel (`x-api-secret` header, `/v1/link_tokens` and the `link_token_id` of webhooks),
Atomic (`x-api-key`/`x-api-secret` exchanged at `/access-token`), Truv (`X-Access-Client-Id` and
`X-Access-Secret`, secrets prefixed `sandbox-`/`dev-`/`prod-`), Finch (client id and client
secret, `/auth/token` returning a UUID-shaped access token beside UUID connection, company and
account ids, `Finch-API-Version`), Merge (`Authorization: Bearer` API key plus `X-Account-Token`,
linked-account ids), Gusto Embedded and app integrations (the legacy 56-hex `Token` api_token,
URL-safe base64 client secrets beside OAuth client ids of the same shape,
company UUIDs), Rippling (Bearer API tokens, company ids), Certn (team API keys) and Sterling
(OAuth client credentials at api.sterlingcheck.app, the older On Demand base64 `user:password`
CREDENTIALS), in shell commands, SDK code, config files, CI and tool output, with the public
ids, placeholders, masks, signatures, package hashes and secret-store references the same
documentation shows beside them. Where a vendor documents no alphabet or length (Pinwheel,
Atomic, Rippling, Certn, Argyle and Sterling secrets, Finch and Merge keys) a generic shape of
plausible length is used.

First score, blind, before any rule changed for it (after the rules for 135 to 139):
25 of 25 secrets caught, 0 of 23 look-alikes altered (nothing missed or altered).
"""

from __future__ import annotations

import base64
import json
import random
import string

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
    uuid,
)

BG = "background"


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt(iss: str, sub_maker, exp_span: int = 3600):
    """A JWT with a real JSON header and payload and a random 256-byte RS256 signature."""

    def make(rng: random.Random) -> str:
        header = {"alg": "RS256", "typ": "JWT", "kid": hexl(16)(rng)}
        iat = 1716000000 + rng.randrange(20000000)
        payload = {"iss": iss, "sub": sub_maker(rng), "iat": iat, "exp": iat + exp_span, "jti": uuid(rng)}
        sig = bytes(rng.randrange(256) for _ in range(256))
        return ".".join(
            (b64u(json.dumps(header, separators=(",", ":")).encode()), b64u(json.dumps(payload).encode()), b64u(sig))
        )

    return make


def basic_auth(user_maker, secret_maker):
    return lambda rng: base64.b64encode(f"{user_maker(rng)}:{secret_maker(rng)}".encode()).decode()


def masked(prefix: str, stars: int, tail: int):
    return join(prefix, "*" * stars, hexl(tail))


def sri_sha512(rng: random.Random) -> str:
    """A Subresource Integrity value: base64 of a 64-byte SHA-512 digest."""
    return "sha512-" + base64.b64encode(bytes(rng.randrange(256) for _ in range(64))).decode()


def arn_suffix(rng: random.Random) -> str:
    return pick(string.ascii_letters + string.digits, 6)(rng)


checkr_key = hexl(40)
truv_sandbox = join("sandbox-", hexl(40))
truv_prod = join("prod-", hexl(40))
gusto_token = b64url(43)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 0, 23, "the rules for 135 to 139")

TEMPLATES = [
    # ---- secrets: Checkr
    S(
        BG,
        "checkr_curl_basic",
        "$ curl -s -u {v}: https://api.checkr-staging.com/v1/candidates \\\n"
        '    -d email=jordan.ames@example.org -d first_name=Jordan -d last_name=Ames | jq .id\n"{cand}"',
        checkr_key,
        cand=hexl(24),
    ),
    S(
        BG,
        "checkr_netrc",
        "$ cat ~/.netrc\nmachine api.checkr.com\n  login {v}\n  password\nmachine github.com\n  login kestrel-ci",
        checkr_key,
    ),
    S(
        BG,
        "checkr_partner_oauth",
        "$ curl -s -X POST https://api.checkr.com/oauth/tokens -d client_id={cid} -d client_secret=$CHECKR_CLIENT_SECRET"
        ' -d code={code}\n{"access_token":"{v}","token_type":"bearer","checkr_account_id":"{acct}"}',
        hexl(40),
        cid=hexl(20),
        code=hexl(32),
        acct=hexl(24),
    ),
    S(
        BG,
        "checkhq_bearer",
        '$ http GET https://sandbox.checkhq.com/companies "Authorization: Bearer {v}" Accept:application/json',
        hexl(40),
    ),
    # ---- secrets: Argyle
    S(
        BG,
        "argyle_curl_basic",
        "$ curl -s -u {kid}:{v} 'https://api-sandbox.argyle.com/v2/users?limit=5' | jq '.results[].id'",
        b62(32),
        kid=hexl(32),
    ),
    S(
        BG,
        "argyle_basic_header",
        'DEBUG urllib3.connectionpool: https://api.argyle.com:443 "POST /v2/users HTTP/1.1" 201 412\n'
        "DEBUG argyle_client: request headers={'Authorization': 'Basic {v}', 'Content-Type': 'application/json'}",
        basic_auth(hexl(32), b62(32)),
    ),
    S(
        BG,
        "argyle_url_userinfo",
        "ARGYLE_URL=https://{kid}:{v}@api-sandbox.argyle.com/v2",
        b62(32),
        kid=hexl(32),
    ),
    S(
        BG,
        "argyle_user_token",
        '{\n  "id": "{uid}",\n  "user_token": "{v}"\n}',
        jwt("https://api-sandbox.argyle.com", uuid, 86400),
        uid=uuid,
    ),
    # ---- secrets: Pinwheel, Atomic, Truv
    S(
        BG,
        "pinwheel_header",
        "$ curl -s https://sandbox.getpinwheel.com/v1/link_tokens -H 'Content-Type: application/json' \\\n"
        "    -H 'x-api-secret: {v}' \\\n"
        '    -d \'{"org_name": "Kestrel Lending", "required_jobs": ["income"], "end_user_id": "u-48213"}\'',
        hexl(64),
    ),
    S(
        BG,
        "pinwheel_docker_env",
        "$ docker run --rm -p 8080:8080 -e PINWHEEL_ENV=sandbox -e PINWHEEL_API_SECRET={v} kestrel/income-svc:1.14.0",
        hexl(64),
    ),
    S(
        BG,
        "atomic_access_token",
        "$ curl -s -X POST https://api.atomicfi.com/access-token -H 'Content-Type: application/json' \\\n"
        "    -H 'x-api-key: {key}' -H 'x-api-secret: {v}' \\\n"
        '    -d \'{"identifier": "cust-20931", "tokenLifetime": 3600}\'',
        b62(32),
        key=hexl(32),
    ),
    S(
        BG,
        "truv_headers",
        "$ curl -s -X POST https://prod.truv.com/v1/users/ -H 'X-Access-Client-Id: {cid}' \\\n"
        "    -H 'X-Access-Secret: {v}' -H 'Content-Type: application/json' -d '{\"external_user_id\": \"ab-7781\"}'",
        truv_sandbox,
        cid=hexl(32),
    ),
    S(
        BG,
        "truv_k8s_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: truv-credentials\n  namespace: verifications\ntype: Opaque\n"
        'stringData:\n  TRUV_CLIENT_ID: "{cid}"\n  TRUV_ACCESS_SECRET: "{v}"',
        truv_prod,
        cid=hexl(32),
    ),
    # ---- secrets: Finch, Merge
    S(
        BG,
        "finch_bearer_uuid",
        "$ curl -s https://api.tryfinch.com/employer/directory -H 'Authorization: Bearer {v}' \\\n"
        "    -H 'Finch-API-Version: 2020-09-17' | jq '.individuals | length'\n42",
        uuid,
    ),
    S(
        BG,
        "finch_token_response",
        '{"access_token": "{v}", "token_type": "bearer", "connection_id": "{conn}", "client_type": "sandbox",'
        ' "connection_type": "provider", "provider_id": "gusto", "products": ["directory", "individual"]}',
        uuid,
        conn=uuid,
    ),
    S(
        BG,
        "finch_client_secret",
        'finch = Finch(\n    client_id="{cid}",\n    client_secret="{v}",\n)',
        b64url(40),
        cid=uuid,
    ),
    S(
        BG,
        "merge_api_key_gh",
        '$ gh secret set MERGE_API_KEY --repo kestrel/hris-sync --body "{v}"\n'
        "✓ Set Actions secret MERGE_API_KEY for kestrel/hris-sync",
        b64url(64),
    ),
    S(
        BG,
        "merge_account_token",
        '    client = Merge(\n        api_key=os.environ["MERGE_API_KEY"],\n'
        '        account_token="{v}",\n    )\n    employees = client.hris.employees.list(page_size=100)',
        b64url(48),
    ),
    # ---- secrets: Gusto, Rippling, Certn, Sterling
    S(
        BG,
        "gusto_legacy_api_token",
        "> POST /v1/partner_managed_companies HTTP/2\n> Host: api.gusto-demo.com\n"
        "> Authorization: Token {v}\n> Content-Type: application/json",
        hexl(56),
    ),
    S(
        BG,
        "gusto_refresh_body",
        "$ curl -s -X POST https://api.gusto-demo.com/oauth/token -H 'Content-Type: application/json' -d @- <<EOF\n{\n"
        '  "client_id": "{cid}",\n  "client_secret": "{v}",\n'
        '  "redirect_uri": "https://app.kestrel.dev/gusto/callback",\n'
        '  "refresh_token": "$GUSTO_REFRESH_TOKEN",\n  "grant_type": "refresh_token"\n}\nEOF',
        gusto_token,
        cid=gusto_token,
    ),
    S(
        BG,
        "rippling_axios",
        "const rippling = axios.create({\n  baseURL: 'https://api.rippling.com/platform/api',\n"
        "  headers: { Authorization: 'Bearer {v}' },\n});",
        b62(48),
    ),
    S(
        BG,
        "certn_api_key",
        '$ http POST https://api.certn.co/hr/v1/applications/invite/ "Authorization: Api-Key {v}"'
        " email=r.okafor@example.org request_criminal_record_check:=true",
        join(lower_alnum(8), ".", b62(32)),
    ),
    S(
        BG,
        "sterling_client_credentials",
        "$ curl -s -u '{cid}:{v}' -d grant_type=client_credentials https://api.sterlingcheck.app/v2/oauth/token",
        b64url(40),
        cid=b62(32),
    ),
    S(
        BG,
        "sterling_ondemand_credentials",
        "# .env.local (On Demand integration tests)\nCREDENTIALS={v}\nSTERLING_BASE_PATH=https://api-int.kennect.com/v1",
        basic_auth(const("screening-api@kestrel.dev"), password(18)),
    ),
    S(
        BG,
        "sterling_token_output",
        "[sterling] token refreshed: {v} (expires in 3600s)",
        jwt("https://auth.sterlingcheck.app/", b62(24)),
    ),
    # ---- look-alikes: public ids
    L(
        BG,
        "checkr_candidate_id",
        "$ curl -s -u $CHECKR_API_KEY: https://api.checkr.com/v1/candidates/{v} | jq '{id, object, email}'",
        hexl(24),
    ),
    L(
        BG,
        "checkr_report_json",
        '  "id": "{v}",\n  "object": "report",\n  "status": "pending",\n  "package": "tasker_standard",\n'
        '  "candidate_id": "{cand}",',
        hexl(24),
        cand=hexl(24),
    ),
    L(
        BG,
        "checkr_webhook_signature",
        "POST /webhooks/checkr 200 4ms\n  X-Checkr-Signature: {v}\n  Content-Type: application/json",
        hexl(64),
    ),
    L(
        BG,
        "finch_connect_client_id",
        "Redirecting to https://connect.tryfinch.com/authorize?client_id={v}"
        "&products=directory%20individual%20employment&redirect_uri=https%3A%2F%2Fapp.kestrel.dev%2Ffinch&sandbox=finch",
        uuid,
    ),
    L(
        BG,
        "finch_connection_id",
        "INFO finch.sync: directory sync done connection_id={v} provider=adp_run individuals=318",
        uuid,
    ),
    L(
        BG,
        "merge_linked_account_id",
        '    {\n      "id": "{v}",\n      "category": "hris",\n      "status": "COMPLETE",\n'
        '      "end_user_origin_id": "org-5521",\n      "integration": "BambooHR"\n    },',
        uuid,
    ),
    L(
        BG,
        "gusto_company_uuid",
        '$ curl -s https://api.gusto-demo.com/v1/companies/{v}/employees -H "Authorization: Bearer $GUSTO_TOKEN"'
        " -H 'X-Gusto-API-Version: 2024-04-01'",
        uuid,
    ),
    L(
        BG,
        "gusto_oauth_client_id",
        "Open this URL to connect Gusto:\nhttps://api.gusto-demo.com/oauth/authorize?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fapp.kestrel.dev%2Fgusto%2Fcallback&response_type=code",
        gusto_token,
    ),
    L(
        BG,
        "pinwheel_link_token_id",
        '{"event": "direct_deposit_switch.added", "payload": {"link_token_id": "{v}", "end_user_id": "u-48213",'
        ' "platform_name": "Workday"}}',
        uuid,
    ),
    L(
        BG,
        "argyle_link_key",
        "  const link = Argyle.create({\n    linkKey: '{v}',\n    userToken: session.userToken,\n    sandbox: true,\n  });",
        uuid,
    ),
    L(
        BG,
        "argyle_user_id",
        '$ curl -s -u "$ARGYLE_ID:$ARGYLE_SECRET" https://api-sandbox.argyle.com/v2/users/{v}',
        uuid,
    ),
    L(
        BG,
        "rippling_company_id",
        '$ curl -s https://api.rippling.com/platform/api/companies/current -H "Authorization: Bearer $RIPPLING_TOKEN"'
        ' | jq -c "{id, name}"\n{"id":"{v}","name":"Kestrel Labs Inc."}',
        hexl(24),
    ),
    L(
        BG,
        "sterling_screening_id",
        'Screening created: {"id": "{v}", "packageId": "{pkg}", "status": "Pending", "candidateId": "{cand}"}',
        uuid,
        pkg=digits(6),
        cand=uuid,
    ),
    # ---- look-alikes: hashes
    L(
        BG,
        "npm_integrity",
        '    "node_modules/@tryfinch/finch-api": {\n      "version": "6.21.0",\n'
        '      "resolved": "https://registry.npmjs.org/@tryfinch/finch-api/-/finch-api-6.21.0.tgz",\n'
        '      "integrity": "{v}",',
        sri_sha512,
    ),
    L(
        BG,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore: move Checkr and Truv keys to Secrets Manager",
        hexl(40),
    ),
    L(
        BG,
        "image_digest",
        "Successfully pushed ghcr.io/kestrel/payroll-connector:2.3.1\ndigest: {v} size: 2419",
        join("sha256:", hexl(64)),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        BG,
        "gha_secret_ref",
        "      - run: python scripts/sync_candidates.py --env staging\n        env:\n"
        "          CHECKR_API_KEY: {v}\n          TRUV_ACCESS_SECRET: ${{ secrets.TRUV_ACCESS_SECRET }}",
        const("${{ secrets.CHECKR_API_KEY }}"),
    ),
    L(
        BG,
        "aws_secret_arn",
        "$ aws secretsmanager get-secret-value --secret-id {v} --query SecretString --output text > /dev/null && echo ok\nok",
        join("arn:aws:secretsmanager:us-east-1:", digits(12), ":secret:payroll/argyle-api-", arn_suffix),
    ),
    L(
        BG,
        "vault_ref",
        "pinwheel:\n  environment: production\n  api_secret: {v}\n  webhook_url: https://hooks.kestrel.dev/pinwheel",
        const("vault:secret/data/payroll/pinwheel#api_secret"),
    ),
    L(
        BG,
        "truv_masked",
        "API keys\n  Client ID        (hidden)\n  Access secret    {v}   created 2024-03-02",
        masked("prod-", 36, 4),
    ),
    L(BG, "pinwheel_placeholder", "    -H 'x-api-secret: {v}' \\", const("<PINWHEEL_API_SECRET>")),
    L(
        BG,
        "merge_placeholder",
        "# .env.example\nMERGE_API_KEY={v}\nMERGE_ACCOUNT_TOKEN=YOUR_ACCOUNT_TOKEN",
        const("YOUR_API_KEY"),
    ),
    L(
        BG,
        "rails_filtered",
        'Parameters: {"code"=>"[FILTERED]", "gusto"=>{"access_token"=>"{v}", "company_uuid"=>"{cu}"}}',
        const("[FILTERED]"),
        cu=uuid,
    ),
]
