"""A two-hundred-and-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from threat-intelligence and scanning services: VirusTotal (API v3 `x-apikey` header, the
v2 `apikey` query parameter, vt-cli and vt-py; 64 lower-hex keys, with file hashes, base64
analysis ids and url ids beside them), Shodan (`shodan init`, `shodan.Shodan(...)`, `?key=`;
32 alphanumeric), AbuseIPDB (`Key:` header; 80 lower-hex), GreyNoise (`key:` header, `greynoise
setup --api-key`), urlscan.io (`API-Key:` header holding a UUID, with scan UUIDs as public ids),
Censys (UUID API id as public id, 32 alphanumeric API secret, `censys config`, basic auth),
AlienVault OTX (`X-OTX-API-KEY`, `OTXv2(...)`; 64 lower-hex, with 24-hex pulse ids), MISP (40
alphanumeric auth keys in the `Authorization` header and `PyMISP(...)`, event UUIDs, masked key
listings), Hybrid Analysis (`api-key` header with the `Falcon Sandbox` user agent, 24-hex job
ids), SecurityTrails (`APIKEY` header), IPinfo (14 lower-hex tokens as `?token=` and in
`ipinfo.getHandler`), Have I Been Pwned (`hibp-api-key`, 32 lower-hex, and the Pwned Passwords
range API's SHA-1 prefixes and suffixes), and a TheHive/Cortex analyzer config, in commands,
config files, code and tool output.

The search tool's budget was spent before this set was written, so no documentation page was
read for it: the shapes (lengths, alphabets, header names, CLI flags) are written from the
author's own knowledge of these vendors' public docs. GreyNoise and Hybrid Analysis key lengths
and alphabets in particular are best recollection (64 alphanumeric), not checked.

First score, blind, before any rule changed for it (after the rules for 190 to 199):
25 of 27 secrets caught, 0 of 24 look-alikes altered (missed: a Shodan key as `shodan init`'s
argument, IPinfo's fourteen-hex token as `getHandler`'s argument; written from memory).
"""

from __future__ import annotations

import base64
import random

from build import (
    L,
    S,
    b62,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    uuid,
)

TI = "threatintel"


def vt_analysis_id(rng: random.Random) -> str:
    """VirusTotal analysis ids: base64 of `<md5>:<unix time>`."""
    raw = f"{hexl(32)(rng)}:17{digits(8)(rng)}"
    return base64.b64encode(raw.encode()).decode()


def vt_url_id(rng: random.Random) -> str:
    """VirusTotal url ids: unpadded base64url of the URL."""
    url = f"http://{lower_alnum(9)(rng)}-login.top/verify/{lower_alnum(6)(rng)}.php"
    return base64.urlsafe_b64encode(url.encode()).decode().rstrip("=")


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexl(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def masked_misp(rng: random.Random) -> str:
    return b62(4)(rng) + "*" * 32 + b62(4)(rng)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 27, 0, 24, "the rules for 190 to 199")

TEMPLATES: list = [
    # ---- secrets: VirusTotal
    S(
        TI,
        "vt_x_apikey_header",
        "$ curl --request GET --url https://www.virustotal.com/api/v3/files/{sha} \\\n"
        "    --header 'accept: application/json' --header 'x-apikey: {v}'",
        hexl(64),
        sha=hexl(64),
    ),
    S(
        TI,
        "vt_cli_flag",
        "$ vt file {sha} --apikey {v} --include=last_analysis_stats,meaningful_name --format json",
        hexl(64),
        sha=hexl(64),
    ),
    S(
        TI,
        "vt_py_client",
        'import vt\n\nclient = vt.Client("{v}")\nfile = client.get_object("/files/{sha}")\nprint(file.last_analysis_stats)',
        hexl(64),
        sha=hexl(64),
    ),
    S(
        TI,
        "vt_v2_query",
        "requests.get('https://www.virustotal.com/vtapi/v2/file/report', params={'apikey': '{v}', 'resource': '{md5}'})",
        hexl(64),
        md5=hexl(32),
    ),
    S(
        TI,
        "cortex_analyzer_conf",
        'analyzer {\n  config {\n    VirusTotal_GetReport_3_1 {\n      key = "{v}"\n      polling_interval = 60\n'
        "    }\n  }\n}",
        hexl(64),
    ),
    # ---- secrets: Shodan
    S(
        TI,
        "shodan_init_positional",
        "$ shodan init {v}\nSuccessfully initialized\n$ shodan count 'product:\"Apache httpd\" port:8080'\n48213",
        b62(32),
    ),
    S(
        TI,
        "shodan_py_client",
        "import shodan\n\napi = shodan.Shodan('{v}')\nresults = api.search('hostname:{host}.example.net')",
        b62(32),
        host=lower_alnum(6),
    ),
    S(
        TI,
        "shodan_url_query",
        "GET https://api.shodan.io/shodan/host/203.0.113.{o}?key={v}&minify=true -> 200 OK (1.2 KB)",
        b62(32),
        o=digits(2),
    ),
    # ---- secrets: AbuseIPDB
    S(
        TI,
        "abuseipdb_key_header",
        '$ curl -G https://api.abuseipdb.com/api/v2/check --data-urlencode "ipAddress=198.51.100.{o}" '
        '-d maxAgeInDays=90 -d verbose -H "Key: {v}" -H "Accept: application/json"',
        hexl(80),
        o=digits(2),
    ),
    S(
        TI,
        "abuseipdb_headers_dict",
        "    headers = {\n        'Accept': 'application/json',\n        'Key': '{v}'\n    }\n"
        "    response = requests.request(method='POST', url=url, headers=headers, params=querystring)",
        hexl(80),
    ),
    # ---- secrets: GreyNoise
    S(
        TI,
        "greynoise_setup_flag",
        "$ greynoise setup --api-key {v}\nConfiguration saved to '/home/analyst/.config/greynoise/config'",
        b62(64),
    ),
    S(
        TI,
        "greynoise_key_header",
        "curl -s https://api.greynoise.io/v3/community/192.0.2.{o} -H 'key: {v}' | jq .classification",
        b62(64),
        o=digits(2),
    ),
    # ---- secrets: urlscan.io
    S(
        TI,
        "urlscan_api_key_header",
        '$ curl -X POST "https://urlscan.io/api/v1/scan/" -H "Content-Type: application/json" '
        '-H "API-Key: {v}" -d \'{"url": "https://login-{d}.example.com/", "visibility": "unlisted"}\'',
        uuid,
        d=lower_alnum(5),
    ),
    # ---- secrets: Censys
    S(
        TI,
        "censys_cfg",
        "$ cat ~/.config/censys/censys.cfg\n[DEFAULT]\napi_id = {id}\napi_secret = {v}\nasm_api_key =\ncolor = auto",
        b62(32),
        id=uuid,
    ),
    S(
        TI,
        "censys_basic_auth",
        "$ curl -s -u {id}:{v} https://search.censys.io/api/v2/hosts/198.51.100.{o} | jq '.result.services[].port'",
        b62(32),
        id=uuid,
        o=digits(2),
    ),
    S(TI, "censys_env_secret", "export CENSYS_API_SECRET='{v}'", b62(32)),
    # ---- secrets: AlienVault OTX
    S(
        TI,
        "otx_header",
        'curl -H "X-OTX-API-KEY: {v}" https://otx.alienvault.com/api/v1/indicators/domain/{d}.example.org/general',
        hexl(64),
        d=lower_alnum(7),
    ),
    S(
        TI,
        "otx_py_client",
        "from OTXv2 import OTXv2, IndicatorTypes\notx = OTXv2(\"{v}\", server='https://otx.alienvault.com/')",
        hexl(64),
    ),
    # ---- secrets: MISP
    S(
        TI,
        "pymisp_positional",
        ">>> from pymisp import PyMISP\n>>> misp = PyMISP('https://misp.soc.internal', '{v}', False)\n"
        ">>> misp.search(controller='attributes', type_attribute='ip-dst', last='1d')",
        b62(40),
    ),
    S(
        TI,
        "misp_authorization_header",
        "$ curl -k -H 'Authorization: {v}' -H 'Accept: application/json' -H 'Content-Type: application/json' "
        "https://misp.soc.internal/events/index",
        b62(40),
    ),
    S(
        TI,
        "misp_cake_output",
        "$ sudo -u www-data /var/www/MISP/app/Console/cake user change_authkey admin@soc.internal\n"
        "Old authentication keys disabled and new key created: {v}",
        b62(40),
    ),
    # ---- secrets: Hybrid Analysis, SecurityTrails, IPinfo, HIBP
    S(
        TI,
        "hybrid_analysis_header",
        "$ curl -X GET 'https://www.hybrid-analysis.com/api/v2/overview/{sha}' -H 'accept: application/json' "
        "-H 'user-agent: Falcon Sandbox' -H 'api-key: {v}'",
        lower_alnum(64),
        sha=hexl(64),
    ),
    S(
        TI,
        "securitytrails_header",
        "curl --request GET --url https://api.securitytrails.com/v1/domain/{d}.com/subdomains "
        "--header 'APIKEY: {v}' --header 'accept: application/json'",
        b62(32),
        d=lower_alnum(8),
    ),
    S(
        TI,
        "ipinfo_token_query",
        '$ curl ipinfo.io/8.8.4.4?token={v}\n{\n  "ip": "8.8.4.4",\n  "hostname": "dns.google",',
        hexl(14),
    ),
    S(
        TI,
        "ipinfo_handler",
        "import ipinfo\nhandler = ipinfo.getHandler('{v}')\ndetails = handler.getDetails('198.51.100.7')",
        hexl(14),
    ),
    S(
        TI,
        "hibp_header",
        "$ curl -s -H 'hibp-api-key: {v}' -H 'user-agent: soc-breach-check' "
        "'https://haveibeenpwned.com/api/v3/breachedaccount/ops%40example.com?truncateResponse=false'",
        hexl(32),
    ),
    S(
        TI,
        "hibp_dotenv",
        "$ cat .env\nHIBP_USER_AGENT=soc-breach-check/1.4\nHIBP_API_KEY={v}\nHIBP_RATE_LIMIT_RPM=10",
        hexl(32),
    ),
    # ---- look-alikes: hashes and public ids in tool output
    L(
        TI,
        "vt_sha256",
        '{\n  "data": {\n    "id": "{v}",\n    "type": "file",\n    "links": {\n'
        '      "self": "https://www.virustotal.com/api/v3/files/{v}"\n    },',
        hexl(64),
    ),
    L(
        TI,
        "vt_md5",
        '      "md5": "{v}",\n      "meaningful_name": "invoice_0423.xlsm",\n      "type_tag": "xlsx",',
        hexl(32),
    ),
    L(
        TI,
        "vt_analysis_id",
        '{\n  "data": {\n    "type": "analysis",\n    "id": "{v}",\n    "links": {\n'
        '      "self": "https://www.virustotal.com/api/v3/analyses/{v}"\n    }\n  }\n}',
        vt_analysis_id,
    ),
    L(
        TI,
        "vt_url_id",
        '$ curl -s https://www.virustotal.com/api/v3/urls/{v} -H "x-apikey: $VT_API_KEY" | jq .data.attributes.last_analysis_stats',
        vt_url_id,
    ),
    L(
        TI,
        "vt_env_ref",
        "$ curl --request GET --url https://www.virustotal.com/api/v3/ip_addresses/203.0.113.9 --header 'x-apikey: {v}'",
        const("${VT_API_KEY}"),
    ),
    L(TI, "shodan_placeholder", "api = shodan.Shodan('{v}')  # from https://account.shodan.io", const("YOUR_API_KEY")),
    L(
        TI,
        "shodan_ssh_fingerprint",
        '    "ssh": {\n      "type": "ssh-rsa",\n      "fingerprint": "{v}",\n      "kex": {',
        colon_hex(16),
    ),
    L(
        TI,
        "abuseipdb_gha_secret",
        "      - run: python scripts/enrich_ips.py --input iocs.txt\n        env:\n          ABUSEIPDB_API_KEY: {v}",
        const("${{ secrets.ABUSEIPDB_API_KEY }}"),
    ),
    L(
        TI,
        "greynoise_masked",
        "$ greynoise account\napi_key: {v}\noffering: community\nexpiration: 2025-09-30",
        join("*" * 60, hexl(4)),
    ),
    L(
        TI,
        "urlscan_scan_uuid",
        '{\n  "message": "Submission successful",\n  "uuid": "{v}",\n  "result": "https://urlscan.io/result/{v}/",\n'
        '  "api": "https://urlscan.io/api/v1/result/{v}/",\n  "visibility": "unlisted"\n}',
        uuid,
    ),
    L(
        TI,
        "urlscan_screenshot",
        "Saved screenshot: https://urlscan.io/screenshots/{v}.png -> artifacts/phish_landing.png",
        uuid,
    ),
    L(TI, "censys_api_id", 'export CENSYS_API_ID={v}\nexport CENSYS_API_SECRET="$(pass show censys/secret)"', uuid),
    L(
        TI,
        "censys_cert_fingerprint",
        "Matched certificate: https://search.censys.io/certificates/{v} (CN=*.{d}.example.net)",
        hexl(64),
        d=lower_alnum(6),
    ),
    L(
        TI,
        "otx_pulse_id",
        '  {\n    "id": "{v}",\n    "name": "QakBot C2 infrastructure",\n    "TLP": "white",\n'
        '    "author_name": "AlienVault",',
        hexl(24),
    ),
    L(
        TI,
        "otx_sha1_indicator",
        'details = otx.get_indicator_details_full(IndicatorTypes.FILE_HASH_SHA1, "{v}")',
        hexl(40),
    ),
    L(
        TI,
        "misp_event_uuid",
        '    "Event": {\n      "id": "1842",\n      "orgc_id": "1",\n      "uuid": "{v}",\n'
        '      "info": "Phishing campaign targeting finance",',
        uuid,
    ),
    L(
        TI,
        "misp_env_ref",
        "misp = PyMISP(misp_url, {v}, misp_verifycert, debug=False)",
        const('os.environ["MISP_KEY"]'),
    ),
    L(
        TI,
        "misp_masked_authkey",
        "| ID | User                 | Auth key                                 | Expiration |\n"
        "| 7  | sync@partner.example | {v} | Never      |",
        masked_misp,
    ),
    L(
        TI,
        "hybrid_job_id",
        '{\n  "job_id": "{v}",\n  "submission_id": "{sub}",\n  "environment_id": 160,\n  "sha256": "{sha}"\n}',
        hexl(24),
        sub=hexl(24),
        sha=hexl(64),
    ),
    L(
        TI,
        "securitytrails_placeholder",
        "curl --request GET --url https://api.securitytrails.com/v1/ping --header 'APIKEY: {v}'",
        const("<YOUR_API_KEY>"),
    ),
    L(
        TI,
        "ipinfo_secret_store",
        "ipinfo:\n  token: {v}\n  cache_ttl: 86400",
        const("\"{{ vault('secret/data/enrichment', 'ipinfo_token') }}\""),
    ),
    L(
        TI,
        "hibp_postman_var",
        "GET https://haveibeenpwned.com/api/v3/breaches\nhibp-api-key: {v}\nuser-agent: soc-breach-check",
        const("{{HIBP_API_KEY}}"),
    ),
    L(
        TI,
        "pwned_range_prefix",
        "$ curl -s https://api.pwnedpasswords.com/range/{v} -H 'Add-Padding: true' | head -3",
        hexu(5),
    ),
    L(
        TI,
        "pwned_range_suffix",
        "{v}\n{other}:0\n{third}:0",
        join(hexu(35), ":", digits(2)),
        other=hexu(35),
        third=hexu(35),
    ),
]
