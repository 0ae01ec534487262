"""A hundred-and-seventy-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of applicant tracking and recruiting systems: Ashby (an API key
sent as the Basic-auth username with a blank password, `curl -u KEY:`, RPC-style `POST /candidate.list`),
Workable (`Authorization: Bearer` access tokens against `https://<subdomain>.workable.com/spi/v3`, partner
tokens with `X-WORKABLE-CLIENT-ID`), SmartRecruiters (`X-SmartToken` customer API keys, `DCRA1-` plus 32
hex, and 64-character Marketplace partner tokens; public postings by company identifier), Teamtailor
(`Authorization: Token token=…` with a dated `X-Api-Version`, the docs' own `abc123abc123` placeholder),
Tellent Recruitee (personal API tokens as `Bearer` under `https://api.recruitee.com/c/<company_id>`,
`X-Careers-Sites-Token`), JazzHR (`https://api.resumatorapi.com/v1/...?apikey=`, public `job_…` ids),
Breezy HR (`POST /v3/signin` with e-mail and password returning an `access_token`, 12-hex company and
position ids), Pinpoint (`X-API-KEY` on `https://<subdomain>.pinpointhq.com/api/v1`), Greenhouse
(Harvest keys of 32 hex as the Basic username with `On-Behalf-Of` user ids, Job Board API keys, public
board tokens), Lever (Data API keys as the Basic username, public Postings API ids, `perform_as`),
Personio (`papi-` client ids and `papi-` client secrets for `/v1/auth` and `/v2/auth/token`, the JWT it
returns, the Recruiting access token with `X-Company-ID`), Manatal (`Authorization: Token <40 hex>` on
`https://api.manatal.com/open/v3`) and Gem (`X-API-Key` on `https://api.gem.com/v0`). The vendors document
a few exact shapes (SmartRecruiters' `DCRA1-` keys, Personio's `papi-` pair, Greenhouse's 32 hex, JazzHR's
32-character keys); for the others (Ashby, Workable, Teamtailor, Recruitee, Breezy, Pinpoint, Lever, Gem)
the length and alphabet were chosen to be plausible, not read from a specification. Values sit in
commands, flags, headers, URLs, JSON/YAML/INI/PHP/TypeScript files and tool output, beside the public ids,
placeholders, masks and secret-store references the same documentation shows.

First score, blind, before any rule changed for it (after the rules for 170 to 174):
25 of 25 secrets caught, 0 of 23 look-alikes altered (nothing missed or altered).
"""

from __future__ import annotations

import base64
import json
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
    password,
    pick,
    upper_alnum,
    uuid,
)

ATS = "ats"


def basic_user(key):
    """`Authorization: Basic` value for an API key used as the username with a blank password."""
    return lambda rng: base64.b64encode(f"{key(rng)}:".encode()).decode()


def papi_secret(rng: random.Random) -> str:
    """A Personio client secret: `papi-` and the base64 of a UUID string."""
    return "papi-" + base64.b64encode(uuid(rng).encode()).decode()


def papi_id(rng: random.Random) -> str:
    return "papi-" + uuid(rng)


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def personio_jwt(rng: random.Random) -> str:
    head = _b64url_json({"typ": "JWT", "alg": "HS256"})
    iat = 1718000000 + rng.randrange(20000000)
    body = _b64url_json(
        {
            "iss": "https://api.personio.de/v1/auth",
            "iat": iat,
            "exp": iat + 86400,
            "nbf": iat,
            "jti": b62(16)(rng),
            "sub": str(rng.randrange(1000000, 9999999)),
            "prv": hexl(40)(rng),
        }
    )
    return f"{head}.{body}.{b64url(43)(rng)}"


def nz_digits(n: int):
    """n digits with no leading zero (company and user ids)."""
    return join(pick("123456789", 1), digits(n - 1))


def jazz_job_id(rng: random.Random) -> str:
    """A JazzHR job id: `job_` and a creation timestamp, `_` and 16 upper-case characters."""
    stamp = f"2024{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}{rng.randrange(24):02d}"
    stamp += f"{rng.randrange(60):02d}{rng.randrange(60):02d}"
    return f"job_{stamp}_{upper_alnum(16)(rng)}"


def masked_tail(prefix: str, stars: int, tail):
    return lambda rng: prefix + "*" * stars + tail(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 0, 23, "the rules for 170 to 174")

TEMPLATES = [
    # ---- secrets: Ashby (API key as Basic username, blank password)
    S(
        ATS,
        "ashby_curl_user",
        "$ curl -s https://api.ashbyhq.com/candidate.list -u {v}: -H 'Accept: application/json; version=1'"
        " -H 'Content-Type: application/json' -X POST -d '{\"limit\": 25}' | jq '.results | length'\n25",
        hexl(64),
    ),
    S(
        ATS,
        "ashby_basic_header",
        "POST /application.list HTTP/1.1\nHost: api.ashbyhq.com\nAccept: application/json; version=1\n"
        "Authorization: Basic {v}\nContent-Type: application/json",
        basic_user(hexl(64)),
    ),
    # ---- secrets: Workable
    S(
        ATS,
        "workable_bearer_curl",
        '$ curl -H "Authorization:Bearer {v}" "https://brightkite.workable.com/spi/v3/jobs?state=published&limit=50"',
        hexl(64),
    ),
    S(
        ATS,
        "workable_partner_token",
        "    headers = {\n"
        '        "Authorization": "Bearer {v}",\n'
        '        "X-WORKABLE-CLIENT-ID": WORKABLE_CLIENT_ID,\n'
        '        "Content-Type": "application/json",\n'
        "    }",
        hexl(64),
    ),
    # ---- secrets: SmartRecruiters
    S(
        ATS,
        "smartrecruiters_key_header",
        '$ curl -i -H "X-SmartToken: {v}" -X GET "https://api.smartrecruiters.com/jobs?limit=20&status=SOURCING"',
        join("DCRA1-", hexl(32)),
    ),
    S(
        ATS,
        "smartrecruiters_partner_yaml",
        "smartrecruiters:\n  marketplace:\n    base_url: https://api.smartrecruiters.com\n    smart_token: {v}\n"
        "    feed_path: /feed/publications",
        lower_alnum(64),
    ),
    # ---- secrets: Teamtailor
    S(
        ATS,
        "teamtailor_token_headers",
        "TT_HEADERS = {\n"
        '    "Authorization": "Token token={v}",\n'
        '    "X-Api-Version": "20240404",\n'
        '    "Accept": "application/vnd.api+json",\n'
        "}",
        b62(40),
    ),
    S(
        ATS,
        "teamtailor_httpie",
        "$ http --print=H GET https://api.na.teamtailor.com/v1/candidates 'Authorization:Token token={v}'"
        " X-Api-Version:20240404\nGET /v1/candidates HTTP/1.1\nAccept: */*\nAuthorization: Token token={v}\n"
        "Host: api.na.teamtailor.com\nX-Api-Version: 20240404",
        b62(40),
    ),
    # ---- secrets: Recruitee
    S(
        ATS,
        "recruitee_bearer",
        "$ curl -s https://api.recruitee.com/c/{cid}/candidates?limit=10 -H 'Authorization: Bearer {v}' | head -c 200",
        b62(44),
        cid=nz_digits(6),
    ),
    S(
        ATS,
        "recruitee_careers_token",
        "const res = await fetch(`https://brightkite.recruitee.com/api/offers`, {\n"
        "  headers: { 'X-Careers-Sites-Token': '{v}' },\n"
        "});",
        b62(32),
    ),
    # ---- secrets: JazzHR
    S(
        ATS,
        "jazzhr_apikey_query",
        '$ curl -s "https://api.resumatorapi.com/v1/applicants/page/1?apikey={v}&from_apply_date=2024-05-01" | jq length\n100',
        b62(32),
    ),
    S(
        ATS,
        "jazzhr_php_define",
        "<?php\n// wp-content/mu-plugins/careers-feed.php\ndefine( 'JAZZHR_API_KEY', '{v}' );\n"
        "define( 'JAZZHR_SUBDOMAIN', 'brightkitelabs' );",
        b62(32),
    ),
    # ---- secrets: Breezy HR
    S(
        ATS,
        "breezy_signin_password",
        "$ curl -s -X POST https://api.breezy.hr/v3/signin -H 'Content-Type: application/json'"
        ' -d \'{"email": "talent-ops@brightkite.dev", "password": "{v}"}\'',
        password(16),
    ),
    S(
        ATS,
        "breezy_signin_response",
        '{\n  "access_token": "{v}",\n  "created": "2024-06-03T09:14:22.118Z",\n'
        '  "user": { "_id": "{uid}", "email": "talent-ops@brightkite.dev" }\n}',
        hexl(64),
        uid=hexl(12),
    ),
    # ---- secrets: Pinpoint
    S(
        ATS,
        "pinpoint_x_api_key",
        '$ curl -v -H "x-api-key: {v}" "https://brightkite.pinpointhq.com/api/v1/applications?page[size]=50"',
        b62(32),
    ),
    # ---- secrets: Greenhouse
    S(
        ATS,
        "greenhouse_harvest_curl",
        "$ curl -s 'https://harvest.greenhouse.io/v1/candidates?per_page=100&updated_after=2024-06-01T00:00:00Z'"
        " -u {v}: | jq '.[0].id'\n48211093007",
        hexl(32),
    ),
    S(
        ATS,
        "greenhouse_harvest_basic_on_behalf",
        "PATCH https://harvest.greenhouse.io/v1/applications/61023347007\nAuthorization: Basic {v}\n"
        "On-Behalf-Of: 4080112\nContent-Type: application/json",
        basic_user(hexl(32)),
    ),
    S(
        ATS,
        "greenhouse_job_board_key",
        "$ EDITOR=cat bin/rails credentials:show\ngreenhouse:\n  board_token: brightkitelabs\n"
        "  job_board_api_key: {v}\nactive_storage:\n  service: amazon",
        hexl(32),
    ),
    # ---- secrets: Lever
    S(
        ATS,
        "lever_requests_auth",
        '>>> r = requests.get("https://api.lever.co/v1/opportunities", params={"limit": 100},'
        ' auth=("{v}", ""))\n>>> r.status_code\n200',
        b64(48),
    ),
    S(
        ATS,
        "lever_env_file",
        "$ cat .env.production\nLEVER_ENV=production\nLEVER_API_KEY={v}\nLEVER_BASE_URL=https://api.lever.co/v1",
        b64(48),
    ),
    # ---- secrets: Personio
    S(
        ATS,
        "personio_v1_auth_payload",
        "payload = {\n"
        '    "client_id": "{cid}",\n'
        '    "client_secret": "{v}",\n'
        "}\n"
        'resp = requests.post("https://api.personio.de/v1/auth", json=payload, timeout=10)',
        papi_secret,
        cid=papi_id,
    ),
    S(
        ATS,
        "personio_v2_token_form",
        "$ curl -s -X POST https://api.personio.de/v2/auth/token -H 'content-type: application/x-www-form-urlencoded'"
        " -d grant_type=client_credentials -d client_id={cid} -d client_secret={v}",
        papi_secret,
        cid=papi_id,
    ),
    S(
        ATS,
        "personio_auth_jwt_output",
        '{"success":true,"data":{"token":"{v}"}}',
        personio_jwt,
    ),
    # ---- secrets: Manatal and Gem
    S(
        ATS,
        "manatal_token_axios",
        "export const manatal = axios.create({\n"
        "  baseURL: 'https://api.manatal.com/open/v3/',\n"
        "  headers: { Authorization: 'Token {v}' },\n"
        "});",
        hexl(40),
    ),
    S(
        ATS,
        "gem_kubectl_secret",
        "$ kubectl -n sourcing create secret generic gem-api --from-literal=GEM_API_KEY={v}"
        " --dry-run=client -o yaml | kubectl apply -f -\nsecret/gem-api configured",
        b62(40),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        ATS,
        "greenhouse_board_token",
        '$ curl -s "https://boards-api.greenhouse.io/v1/boards/{v}/jobs?content=true" | jq .meta\n{\n  "total": 41\n}',
        const("brightkitelabs"),
    ),
    L(
        ATS,
        "greenhouse_on_behalf_of",
        "$ curl -s -X POST https://harvest.greenhouse.io/v1/candidates/48211093007/activity_feed/notes"
        ' -u "$GREENHOUSE_API_KEY:" -H "On-Behalf-Of: {v}" -H "Content-Type: application/json" -d @note.json',
        nz_digits(7),
    ),
    L(
        ATS,
        "greenhouse_masked_key",
        "API Credential Management\nAPI Type   Partner   Description            Key\n"
        "Harvest    Custom    nightly-warehouse-sync {v}",
        masked_tail("", 28, hexl(4)),
    ),
    L(
        ATS,
        "workable_shortcode",
        "  - title: Senior Backend Engineer\n    shortcode: {v}\n    url: https://apply.workable.com/brightkite/j/{v}/",
        upper_alnum(10),
    ),
    L(
        ATS,
        "workable_env_ref",
        "      - name: Sync Workable jobs\n        env:\n          WORKABLE_SUBDOMAIN: brightkite\n"
        "          WORKABLE_TOKEN: {v}\n        run: python scripts/sync_workable.py",
        const("${{ secrets.WORKABLE_TOKEN }}"),
    ),
    L(
        ATS,
        "smartrecruiters_posting_uuid",
        '$ curl -s "https://api.smartrecruiters.com/v1/companies/BrightkiteLabs/postings/{v}" | jq .name\n'
        '"Quality Assurance Lead"',
        uuid,
    ),
    L(
        ATS,
        "smartrecruiters_placeholder",
        "# .env.example\nSMARTRECRUITERS_API_KEY={v}",
        const("DCRA1-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        ATS,
        "smartrecruiters_masked",
        "Credential Manager\nName: warehouse-export    Type: API key    Value: {v}    Created: 2024-04-18",
        join("DCRA1-", const("*" * 28), hexl(4)),
    ),
    L(
        ATS,
        "teamtailor_docs_placeholder",
        'curl -X "GET" "https://api.teamtailor.com/v1/jobs" \\\n     -H "Authorization: Token token={v}" \\\n'
        '     -H "X-Api-Version: 20240404"',
        const("abc123abc123"),
    ),
    L(
        ATS,
        "teamtailor_api_version",
        "TEAMTAILOR_API_KEY=${TEAMTAILOR_API_KEY:?unset}\nTEAMTAILOR_API_VERSION={v}",
        const("20240404"),
    ),
    L(
        ATS,
        "recruitee_company_id",
        "RECRUITEE_COMPANY_ID = {v}\n"
        'RECRUITEE_BASE = f"https://api.recruitee.com/c/{RECRUITEE_COMPANY_ID}"\n'
        'HEADERS = {"Authorization": f"Bearer {os.environ[\'RECRUITEE_TOKEN\']}"}',
        nz_digits(6),
    ),
    L(
        ATS,
        "jazzhr_env_ref",
        "const url = `https://api.resumatorapi.com/v1/jobs?apikey={v}&status=Open`;",
        const("${process.env.JAZZHR_API_KEY}"),
    ),
    L(
        ATS,
        "jazzhr_job_id",
        '[\n  {\n    "id": "{v}",\n    "title": "Field Service Technician",\n    "status": "Open",\n'
        '    "board_code": "{bc}"\n  }\n]',
        jazz_job_id,
        bc=b62(10),
    ),
    L(
        ATS,
        "breezy_company_id",
        '$ curl -s -H "Authorization: $BREEZY_TOKEN" https://api.breezy.hr/v3/company/{v}/positions?state=published'
        " | jq '.[]._id' | head -3",
        hexl(12),
    ),
    L(
        ATS,
        "pinpoint_docs_placeholder",
        'curl -v -H "x-api-key: {v}" https://your-subdomain.pinpointhq.com/api/v1/jobs',
        const("your-api-key"),
    ),
    L(
        ATS,
        "lever_posting_id",
        "$ curl -s 'https://api.lever.co/v0/postings/brightkite/{v}?mode=json' | jq -r .text\nStaff Data Engineer",
        uuid,
    ),
    L(
        ATS,
        "lever_perform_as",
        'curl -u "$LEVER_API_KEY:" -X POST "https://api.lever.co/v1/opportunities?perform_as={v}&parse=true"'
        " -F resumeFile=@cv.pdf",
        uuid,
    ),
    L(
        ATS,
        "personio_client_id",
        "Integration created\n  Name:      warehouse-recruiting-export\n  Client ID: {v}\n"
        "  Scopes:    personio:recruiting:read",
        papi_id,
    ),
    L(
        ATS,
        "personio_placeholder",
        '    "api_config": {\n        "client_id": "papi-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",\n'
        '        "client_secret": "{v}"\n    }',
        const("papi-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        ATS,
        "personio_company_id",
        '$ curl -s -X POST https://api.personio.de/v1/recruiting/applications -H "Authorization: Bearer $PERSONIO_RECRUITING_TOKEN"'
        ' -H "X-Company-ID: {v}" -H "Content-Type: application/json" -d @application.json',
        nz_digits(6),
    ),
    L(
        ATS,
        "manatal_docs_placeholder",
        "Authorization: Token {v}",
        const("<TokenProvidedByManatal>"),
    ),
    L(
        ATS,
        "ashby_candidate_id",
        '{\n  "success": true,\n  "results": {\n    "id": "{v}",\n    "name": "Priya Raman",\n'
        '    "primaryEmailAddress": { "value": "priya.raman@example.org" }\n  }\n}',
        uuid,
    ),
    L(
        ATS,
        "gem_vault_ref",
        "gem:\n  base_url: https://api.gem.com/v0\n  api_key: {v}",
        const("vault:secret/data/sourcing/gem#api_key"),
    ),
]
