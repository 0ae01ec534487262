"""A hundred-and-thirty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of reference managers and scholarly publishing APIs: the Zotero Web
API (24-character keys in `Zotero-API-Key`, pyzotero's positional `Zotero(library_id, type, key)`,
numeric user ids, 8-character item keys), Mendeley OAuth (numeric client ids, 16-character
secrets, `-u id:secret` on the token endpoint), Crossref (Metadata Plus tokens in
`Crossref-Plus-API-Token: Bearer`, `login_id`/`login_passwd` form fields on the deposit servlet,
`doi_batch_id`), DataCite (MDS basic auth with `REPO.ID:password`, Invenio's `DATACITE_*`
settings), Semantic Scholar (`x-api-key`, 40-hex paper ids), Elsevier/Scopus (32-hex `apiKey`,
`X-ELS-Insttoken`, pybliometrics' config file, EIDs), Springer Nature (`api_key=` query),
OpenAlex (`api_key=`, W-ids), Dimensions (dimcli `dsl.ini` and `dimcli.login(key=…)`, `ur.` ids),
Web of Science Starter (`X-ApiKey`, `WOS:` uids), OJS/PKP (`api_key_secret` in config.inc.php,
JWT `apiToken=`), ORCID (`APP-` client ids, UUID client secrets and tokens, iDs), Zenodo
(`access_token=`, bucket UUIDs) and figshare (`Authorization: token`, `computed_md5`), in
commands, config files, code and tool output, with the public ids, placeholders, references
and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 130 to 134):
24 of 25 secrets caught, 0 of 24 look-alikes altered (missed: Crossref's deposit password in curl's
`-F 'login_passwd=…'` starting with `$`).
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
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

SCH = "scholarly"


def b64url_json(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def crossref_plus_jwt(rng: random.Random) -> str:
    """A Metadata Plus token of the pre-2023 kind: an HS256 JWT."""
    header = b64url_json({"alg": "HS256", "typ": "JWT"})
    payload = b64url_json(
        {
            "jti": uuid(rng),
            "iat": int("17" + digits(8)(rng)),
            "iss": "https://api.crossref.org",
            "aud": "mdpapi",
        }
    )
    sig = pick(string.ascii_letters + string.digits + "-_", 43)(rng)
    return f"{header}.{payload}.{sig}"


def ojs_api_token(rng: random.Random) -> str:
    """OJS 3 API token: an HS256 JWT whose payload is the user's JSON-encoded api key string."""
    header = b64url_json({"typ": "JWT", "alg": "HS256"})
    payload = base64.urlsafe_b64encode(json.dumps(hexl(40)(rng)).encode()).decode().rstrip("=")
    sig = pick(string.ascii_letters + string.digits + "-_", 43)(rng)
    return f"{header}.{payload}.{sig}"


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def orcid_id(rng: random.Random) -> str:
    """An ORCID iD with a valid ISO 7064 11,2 check character."""
    base = "0000000" + rng.choice("1239") + digits(7)(rng)
    total = 0
    for c in base:
        total = (total + int(c)) * 2
    check = (12 - total % 11) % 11
    full = base + ("X" if check == 10 else str(check))
    return "-".join(full[i : i + 4] for i in range(0, 16, 4))


def upper_letters(n: int):
    return pick(string.ascii_uppercase, n)


datacite_repo = join(upper_letters(4), ".", upper_letters(6))
orcid_app = join("APP-", upper_alnum(16))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 0, 24, "the rules for 130 to 134")

TEMPLATES = [
    # ---- secrets: Zotero
    S(
        SCH,
        "zotero_pyzotero_positional",
        '>>> from pyzotero import zotero\n>>> zot = zotero.Zotero("{uid}", "user", "{v}")\n>>> len(zot.top(limit=5))\n5',
        b62(24),
        uid=digits(7),
    ),
    S(
        SCH,
        "zotero_api_key_header",
        '$ curl -s -H "Zotero-API-Version: 3" -H "Zotero-API-Key: {v}"'
        " \"https://api.zotero.org/users/{uid}/items/top?limit=5&format=json\" | jq -r '.[].data.title'",
        b62(24),
        uid=digits(7),
    ),
    # ---- secrets: Mendeley
    S(
        SCH,
        "mendeley_config_yml",
        "$ cat config.yml\nclientId: {cid}\nclientSecret: {v}\nredirect_uri: http://localhost:5000/oauth",
        b62(16),
        cid=digits(4),
    ),
    S(
        SCH,
        "mendeley_basic_user_flag",
        "$ curl -s -X POST https://api.mendeley.com/oauth/token -u {cid}:{v}"
        " -d grant_type=client_credentials -d scope=all | jq .expires_in",
        b62(16),
        cid=digits(5),
    ),
    # ---- secrets: Crossref
    S(
        SCH,
        "crossref_plus_header",
        '$ curl -sI -H "Crossref-Plus-API-Token: Bearer {v}"'
        ' "https://api.crossref.org/v1/works?rows=0&mailto=library-dev@harwell-univ.ac.uk" | grep -i x-api-pool\n'
        "x-api-pool: plus",
        crossref_plus_jwt,
    ),
    S(
        SCH,
        "crossref_deposit_passwd",
        "$ curl -F 'operation=doMDUpload' -F 'login_id={user}' -F 'login_passwd={v}'"
        " -F 'fname=@build/crossref/issue-14-3.xml' https://test.crossref.org/servlet/deposit",
        password(14),
        user=join("hwlp", digits(2)),
    ),
    # ---- secrets: DataCite
    S(
        SCH,
        "datacite_mds_user_flag",
        '$ curl -X PUT --user {repo}:{v} -H "Content-Type: text/plain;charset=UTF-8"'
        " --data-binary $'doi=10.5072/hwl-{num}\\nurl=https://data.harwell-univ.ac.uk/records/{num}'"
        " https://mds.test.datacite.org/doi/10.5072/hwl-{num}",
        password(16),
        repo=datacite_repo,
        num=digits(5),
    ),
    S(
        SCH,
        "datacite_invenio_cfg",
        'DATACITE_ENABLED = True\nDATACITE_USERNAME = "{repo}"\nDATACITE_PASSWORD = "{v}"\n'
        'DATACITE_PREFIX = "10.{pfx}"\nDATACITE_TEST_MODE = False',
        password(18),
        repo=datacite_repo,
        pfx=join("5", digits(4)),
    ),
    # ---- secrets: Semantic Scholar
    S(
        SCH,
        "s2_requests_header",
        '    r = requests.get(\n        "https://api.semanticscholar.org/graph/v1/paper/search",\n'
        '        params={"query": "protein folding", "fields": "title,year,externalIds", "limit": 100},\n'
        '        headers={"x-api-key": "{v}"},\n    )',
        b62(40),
    ),
    # ---- secrets: Elsevier / Scopus
    S(
        SCH,
        "pybliometrics_cfg",
        "$ cat ~/.config/pybliometrics.cfg\n[Directories]\nAbstractRetrieval = /home/rtaylor/.cache/pybliometrics/abstract\n"
        "\n[Authentication]\nAPIKey = {v}\n\n[Requests]\nTimeout = 20\nRetries = 5",
        hexl(32),
    ),
    S(
        SCH,
        "scopus_url_apikey",
        '$ curl -s "https://api.elsevier.com/content/search/scopus?query=AF-ID%28{afid}%29%20AND%20PUBYEAR%20%3E%202021'
        '&count=25&apiKey={v}" -H "Accept: application/json" | jq ".\\"search-results\\".\\"opensearch:totalResults\\""',
        hexl(32),
        afid=join("601", digits(5)),
    ),
    S(
        SCH,
        "elsevier_insttoken_header",
        '$ curl -s -H "X-ELS-APIKey: $ELSEVIER_API_KEY" -H "X-ELS-Insttoken: {v}" -H "Accept: application/json"'
        ' "https://api.elsevier.com/content/abstract/doi/10.1016/j.jhydrol.2023.{num}"',
        hexl(32),
        num=digits(6),
    ),
    # ---- secrets: Springer Nature
    S(
        SCH,
        "springer_url_log",
        "2024-06-03 11:42:19 INFO  httpx: HTTP Request: GET https://api.springernature.com/meta/v2/json"
        '?q=doi%3A10.1007%2Fs10288-023-{num}&p=10&api_key={v} "HTTP/1.1 200 OK"',
        hexl(32),
        num=join("0", digits(4), "-", digits(1)),
    ),
    # ---- secrets: OpenAlex
    S(
        SCH,
        "openalex_pyalex_config",
        'import pyalex\n\npyalex.config.email = "rtaylor@harwell-univ.ac.uk"\npyalex.config.api_key = "{v}"\n'
        "pyalex.config.max_retries = 3",
        b62(22),
    ),
    # ---- secrets: Dimensions
    S(
        SCH,
        "dimensions_dsl_ini",
        "$ cat ~/.dimensions/dsl.ini\n[instance.live]\nurl=https://app.dimensions.ai\nkey={v}",
        hexu(32),
    ),
    S(
        SCH,
        "dimcli_login_call",
        '>>> import dimcli\n>>> dimcli.login(key="{v}", endpoint="https://app.dimensions.ai/api/dsl/v2")\n'
        "Dimcli - Dimensions API Client (v1.3)\nConnected to: <https://app.dimensions.ai/api/dsl/v2> - DSL v2.9",
        hexu(32),
    ),
    # ---- secrets: Web of Science
    S(
        SCH,
        "wos_starter_header",
        '$ curl -s -H "X-ApiKey: {v}" "https://api.clarivate.com/apis/wos-starter/v1/documents'
        '?db=WOS&q=TS%3D%28peatland%20carbon%29&limit=50&page=1" | jq .metadata.total',
        hexl(40),
    ),
    # ---- secrets: OJS / PKP
    S(
        SCH,
        "ojs_api_key_secret",
        "; The unique secret used for encoding and decoding API keys\n"
        'api_key_secret = "{v}"\n\n; The number of seconds before a password reset hash expires\nreset_seconds = 7200',
        password(40),
    ),
    S(
        SCH,
        "ojs_api_token_query",
        '$ curl -s "https://journals.harwell-univ.ac.uk/index.php/jhs/api/v1/submissions?apiToken={v}&status=3&count=20"'
        " | jq '.items[].id'",
        ojs_api_token,
    ),
    # ---- secrets: ORCID
    S(
        SCH,
        "orcid_client_secret_form",
        '$ curl -s -H "Accept: application/json" -d "client_id={app}" -d "client_secret={v}"'
        ' -d "grant_type=client_credentials" -d "scope=/read-public" https://orcid.org/oauth/token',
        uuid,
        app=orcid_app,
    ),
    S(
        SCH,
        "orcid_token_output",
        '{"access_token":"{v}","token_type":"bearer","refresh_token":"{rt}","expires_in":631138518,'
        '"scope":"/read-public","name":null,"orcid":null}',
        uuid,
        rt=uuid,
    ),
    # ---- secrets: Zenodo
    S(
        SCH,
        "zenodo_access_token_query",
        '$ curl --upload-file dist/hwl-survey-2024.zip "https://zenodo.org/api/files/{bucket}/hwl-survey-2024.zip?access_token={v}"',
        b62(60),
        bucket=uuid,
    ),
    S(
        SCH,
        "zenodo_gh_secret_set",
        '$ gh secret set ZENODO_TOKEN --repo harwell-rse/peat-model --body "{v}"\n'
        "✓ Set Actions secret ZENODO_TOKEN for harwell-rse/peat-model",
        b62(60),
    ),
    # ---- secrets: figshare
    S(
        SCH,
        "figshare_token_header",
        '$ curl -s -H "Authorization: token {v}" "https://api.figshare.com/v2/account/articles?page_size=10" | jq ".[].id"',
        hexl(128),
    ),
    S(
        SCH,
        "figshare_python_headers",
        'FIGSHARE_TOKEN = "{v}"\nHEADERS = {"Authorization": "token " + FIGSHARE_TOKEN}\n'
        'BASE = "https://api.figshare.com/v2"',
        hexl(128),
    ),
    # ---- look-alikes: public ids
    L(
        SCH,
        "zotero_user_id",
        "Your userID for use in API calls is {v}\nPrivate key 'hwl-sync' — Library: read/write, Notes: read/write",
        digits(7),
    ),
    L(
        SCH,
        "zotero_item_key",
        '  {\n    "key": "{v}",\n    "version": 2941,\n    "library": {"type": "user", "id": {uid}, "name": "rtaylor"},\n'
        '    "data": {"itemType": "journalArticle", "title": "Peatland carbon under drought"}',
        upper_alnum(8),
        uid=digits(7),
    ),
    L(
        SCH,
        "zotero_env_ref",
        'zot = zotero.Zotero(os.environ["ZOTERO_LIBRARY_ID"], "user", {v})',
        const('os.environ["ZOTERO_API_KEY"]'),
    ),
    L(
        SCH,
        "mendeley_client_id",
        "export MENDELEY_CLIENT_ID={v}\nexport MENDELEY_CLIENT_SECRET=$(pass show mendeley/client-secret)",
        digits(4),
    ),
    L(
        SCH,
        "s2_paper_id",
        '$ curl -s "https://api.semanticscholar.org/graph/v1/paper/{v}?fields=title,year,citationCount"\n'
        '{"paperId": "{v}", "title": "Attention Is All You Need", "year": 2017, "citationCount": 118604}',
        hexl(40),
    ),
    L(
        SCH,
        "s2_placeholder",
        "# .env.example\nSEMANTIC_SCHOLAR_API_KEY = {v}",
        const("x" * 40),
    ),
    L(
        SCH,
        "scopus_eid",
        "EID: {v}    Source: Journal of Hydrology    Cited-by: 37",
        join("2-s2.0-85", digits(9)),
    ),
    L(
        SCH,
        "elsevier_placeholder",
        "[Authentication]\nAPIKey = {v}\nInstToken = <your-insttoken-if-any>",
        const("<your-elsevier-api-key>"),
    ),
    L(
        SCH,
        "springer_env_ref",
        'curl -s "https://api.springernature.com/openaccess/jats?q=journal:%22Complex%20Intell.%20Syst.%22&api_key={v}"',
        const("${SPRINGER_API_KEY}"),
    ),
    L(
        SCH,
        "crossref_gha_ref",
        '      - name: Snapshot check\n        run: |\n          curl -sI -H "Crossref-Plus-API-Token: Bearer {v}"'
        ' "https://api.crossref.org/snapshots/monthly/latest/all.json.tar.gz"',
        const("${{ secrets.CROSSREF_PLUS_TOKEN }}"),
    ),
    L(
        SCH,
        "crossref_doi_batch_id",
        "  <head>\n    <doi_batch_id>{v}</doi_batch_id>\n    <timestamp>{ts}</timestamp>\n"
        "    <depositor>\n      <depositor_name>Harwell University Press</depositor_name>",
        hexl(32),
        ts=join("20240611", digits(6)),
    ),
    L(
        SCH,
        "datacite_repo_id",
        'DATACITE_USERNAME = "{v}"\nDATACITE_PASSWORD = os.environ.get("DATACITE_PASSWORD")',
        datacite_repo,
    ),
    L(
        SCH,
        "datacite_password_ref",
        '        username: "{repo}"\n        password: {v}',
        const("${{ secrets.DATACITE_REPOSITORY_PASSWORD }}"),
        repo=datacite_repo,
    ),
    L(
        SCH,
        "orcid_client_id",
        "ORCID_CLIENT_ID={v}\nORCID_REDIRECT_URI=https://repo.harwell-univ.ac.uk/oauth/orcid/callback",
        orcid_app,
    ),
    L(
        SCH,
        "orcid_id",
        '  "orcid-identifier": {\n    "uri": "https://orcid.org/{v}",\n    "path": "{v}",\n    "host": "orcid.org"\n  },',
        orcid_id,
    ),
    L(
        SCH,
        "orcid_masked_token",
        "[orcid-sync] refreshed token for 0000-0002-… access_token={v} expires_in=631138518",
        join("********-****-****-****-", hexl(12)),
    ),
    L(
        SCH,
        "openalex_work_id",
        '$ curl -s "https://api.openalex.org/works/{v}?select=id,doi,cited_by_count" | jq .cited_by_count',
        join("W", digits(10)),
    ),
    L(
        SCH,
        "openalex_placeholder",
        'curl "https://api.openalex.org/works?filter=institutions.ror:02jx3x895,publication_year:2024&api_key={v}"',
        const("YOUR_OPENALEX_KEY"),
    ),
    L(
        SCH,
        "dimensions_researcher_id",
        "{'researchers': [{'id': '{v}', 'count': 41, 'last_name': 'Okafor', 'first_name': 'Chidi'},",
        join("ur.0", digits(10), ".", digits(2)),
    ),
    L(
        SCH,
        "dimensions_masked_key",
        "Dimcli - Dimensions API Client (v1.3)\nUsing config file: ~/.dimensions/dsl.ini [instance.live]\nkey={v}",
        join("*" * 28, hexu(4)),
    ),
    L(
        SCH,
        "wos_uid",
        '    {\n      "uid": "{v}",\n      "title": "Drought legacy effects on peatland CO2 exchange",',
        join("WOS:001", digits(12)),
    ),
    L(
        SCH,
        "ojs_truncated_token",
        "Your API token can be found under User Profile > API Key, e.g. ?apiToken={v}",
        join("eyJ0e", "…", pick(string.ascii_letters + string.digits, 4)),
    ),
    L(
        SCH,
        "zenodo_bucket_uuid",
        '  "links": {\n    "bucket": "https://zenodo.org/api/files/{v}",\n    "html": "https://zenodo.org/deposit/{num}"',
        uuid,
        num=digits(8),
    ),
    L(
        SCH,
        "figshare_md5",
        '  "name": "peat_fluxes_2019-2023.csv",\n  "computed_md5": "{v}",\n  "status": "available",',
        hexl(32),
    ),
]
