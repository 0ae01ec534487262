"""A seventieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of education, research and science platforms: Canvas LMS (developer
keys with their numeric client ids and secrets, `1~` access tokens, the OAuth2 token response,
the `canvasapi` client, LTI 1.3 deployment ids), Moodle (`login/token.php`, `wstoken` on the REST
server, `config.php`, the `MoodleSession` cookie, `contenthash` in the file table), Anthology
Blackboard Learn REST (application id beside the key and secret), ORCID (public `APP-` client ids
beside UUID-shaped client secrets and tokens, iDs with their ISO 7064 check digit), Zenodo (personal
tokens as `access_token`, bucket links, GitHub Actions secrets), Figshare (`Authorization: token`,
`~/.figshare/token`, `computed_md5`), OSF (`osfclient`'s `OSF_TOKEN` and `.osfcli.config`), Globus
(CLI client-credentials variables, `ConfidentialAppAuthClient`, collection ids), NCBI E-utilities
(`api_key`, Biopython's `Entrez.api_key`, WebEnv), NASA's api.nasa.gov (`DEMO_KEY`), the Semantic
Scholar Graph API (`x-api-key`, 40-hex paper ids), Overleaf's Git integration (`olp_` tokens,
24-hex project ids), Qualtrics (`X-API-TOKEN`, `SV_` survey ids, `qualtRics`), and REDCap (32-hex
project tokens, PyCap, `database.php`, public survey links), in commands, config files and tool
output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 65 to 69):
24 of 26 secrets caught, 0 of 24 look-alikes altered (missed: a `MoodleSession` cookie after `curl -b`, a REDCap
token as PyCap's `Project` argument).
"""

from __future__ import annotations

import random

from build import (
    L,
    S,
    alphabet_run,
    b62,
    b64,
    const,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

ED = "edu"


def canvas_id(rng: random.Random) -> str:
    """A sharded Canvas id: shard number then a 13-digit local id (developer key client ids look like this)."""
    return f"{rng.randint(1, 29)}{rng.randint(1, 99999):013d}"


def orcid_id(rng: random.Random) -> str:
    """An ORCID iD with a valid ISO 7064 MOD 11-2 check character."""
    base = "0000000" + str(rng.randint(1, 3)) + digits(7)(rng)
    total = 0
    for d in base:
        total = (total + int(d)) * 2
    res = (12 - total % 11) % 11
    full = base + ("X" if res == 10 else str(res))
    return "-".join(full[i : i + 4] for i in range(0, 16, 4))


def lti_deployment_id(rng: random.Random) -> str:
    return f"{rng.randint(1, 400)}:{hexl(40)(rng)}"


canvas_token = join("1~", b62(64))
globus_secret = b64(43, pad="=")
overleaf_token = join("olp_", b62(36))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 24, "the rules for 65 to 69")

TEMPLATES = [
    # ---- secrets: Canvas LMS
    S(
        ED,
        "canvas_bearer",
        '$ curl -s -H "Authorization: Bearer {v}"'
        " 'https://canvas.lindgren.edu/api/v1/courses?per_page=50' | jq '.[].name'",
        canvas_token,
    ),
    S(
        ED,
        "canvas_refresh_token",
        '  "token_type": "Bearer",\n  "user": {"id": 42, "name": "Ines Adeyemi"},\n'
        '  "refresh_token": "{v}",\n  "expires_in": 3600\n}',
        canvas_token,
    ),
    S(
        ED,
        "canvasapi_positional",
        'from canvasapi import Canvas\n\ncanvas = Canvas("https://canvas.lindgren.edu", "{v}")\n'
        "course = canvas.get_course(1187)",
        canvas_token,
    ),
    S(
        ED,
        "canvas_developer_key_secret",
        "# settings/canvas.yml\nproduction:\n  base_url: https://canvas.lindgren.edu\n  client_id: {cid}\n"
        "  client_secret: {v}\n  redirect_uri: https://gradesync.lindgren.edu/oauth/callback",
        b62(64),
        cid=canvas_id,
    ),
    # ---- secrets: Moodle
    S(
        ED,
        "moodle_token_php",
        "$ curl -s 'https://moodle.kestrel-academy.org/login/token.php' --data-urlencode 'username=svc_gradebook'"
        " --data-urlencode 'password@/run/secrets/moodle_pw' -d service=moodle_mobile_app\n"
        '{"token":"{v}","privatetoken":null}',
        hexl(32),
    ),
    S(
        ED,
        "moodle_wstoken",
        "GET https://moodle.kestrel-academy.org/webservice/rest/server.php?wstoken={v}"
        "&wsfunction=core_course_get_courses&moodlewsrestformat=json 200 (412 ms)",
        hexl(32),
    ),
    S(
        ED,
        "moodle_dbpass",
        "$CFG->dbtype    = 'pgsql';\n$CFG->dblibrary = 'native';\n$CFG->dbhost    = 'db.internal';\n"
        "$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '{v}';\n"
        "$CFG->prefix    = 'mdl_';",
        password(20),
    ),
    S(
        ED,
        "moodle_session_cookie",
        "$ curl -s -b 'MoodleSession={v}'"
        " https://moodle.kestrel-academy.org/grade/report/grader/index.php?id=88 | head -c 200",
        lower_alnum(26),
    ),
    # ---- secrets: Blackboard Learn, ORCID
    S(
        ED,
        "blackboard_secret",
        '{\n    "url": "https://learn.harrowgate.ac.uk",\n    "secret": "{v}",\n    "verify_certs": "True"\n}',
        b62(32),
    ),
    S(
        ED,
        "orcid_client_secret",
        '$ curl -i -L -H "Accept: application/json" -d "client_id={cid}" -d "client_secret={v}"'
        ' -d "scope=/read-public" -d "grant_type=client_credentials" "https://orcid.org/oauth/token"',
        uuid,
        cid=join("APP-", upper_alnum(16)),
    ),
    S(
        ED,
        "orcid_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":631138518,"scope":"/read-public","orcid":null}',
        uuid,
    ),
    # ---- secrets: research data repositories
    S(
        ED,
        "zenodo_access_token_url",
        '$ curl -s "https://zenodo.org/api/deposit/depositions/{dep}?access_token={v}" | jq .links.bucket',
        b62(60),
        dep=digits(8),
    ),
    S(
        ED,
        "figshare_token_header",
        "$ curl -s -H 'Authorization: token {v}' https://api.figshare.com/v2/account/articles?page_size=10",
        hexl(128),
    ),
    S(
        ED,
        "figshare_token_file",
        "$ cat ~/.figshare/token\n{v}",
        hexl(128),
    ),
    S(ED, "osf_token_env", "$ export OSF_TOKEN={v}\n$ osf -p {guid} ls", b62(70), guid=lower_alnum(5)),
    # ---- secrets: Globus
    S(
        ED,
        "globus_cli_client_secret",
        "export GLOBUS_CLI_CLIENT_ID={cid}\nexport GLOBUS_CLI_CLIENT_SECRET='{v}'\nglobus whoami",
        globus_secret,
        cid=uuid,
    ),
    S(
        ED,
        "globus_confidential_client",
        'client = globus_sdk.ConfidentialAppAuthClient("{cid}", "{v}")\n'
        "authorizer = globus_sdk.ClientCredentialsAuthorizer(client, globus_sdk.TransferClient.scopes.all)",
        globus_secret,
        cid=uuid,
    ),
    # ---- secrets: science APIs
    S(
        ED,
        "ncbi_api_key_url",
        "GET https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=crispr+AND+2024[pdat]"
        "&retmax=200&api_key={v} -> 200",
        hexl(36),
    ),
    S(
        ED,
        "biopython_entrez_key",
        'from Bio import Entrez\n\nEntrez.email = "lab-pipeline@lindgren.edu"\nEntrez.api_key = "{v}"',
        hexl(36),
    ),
    S(
        ED,
        "nasa_api_key",
        '$ curl -s "https://api.nasa.gov/planetary/apod?date=2024-03-14&api_key={v}" | jq -r .hdurl',
        b62(40),
    ),
    S(
        ED,
        "semantic_scholar_key",
        '$ curl -s -H "x-api-key: {v}" '
        '"https://api.semanticscholar.org/graph/v1/paper/search?query=graph+neural+networks&fields=title,year"',
        b62(40),
    ),
    # ---- secrets: Overleaf, Qualtrics, REDCap
    S(
        ED,
        "overleaf_git_url",
        "$ git clone https://git:{v}@git.overleaf.com/{pid} thesis",
        overleaf_token,
        pid=hexl(24),
    ),
    S(
        ED,
        "qualtrics_api_token",
        "$ curl -s -H 'X-API-TOKEN: {v}' https://iad1.qualtrics.com/API/v3/surveys/{sid}/export-responses"
        " -H 'Content-Type: application/json' -d '{\"format\":\"csv\"}'",
        b62(40),
        sid=join("SV_", b62(15)),
    ),
    S(
        ED,
        "redcap_curl_token",
        "$ curl -s -X POST https://redcap.lindgren.edu/api/ -d token={v} -d content=record -d format=json"
        " -d type=flat | jq length",
        hexu(32),
    ),
    S(
        ED,
        "pycap_positional",
        'from redcap import Project\n\nproject = Project("https://redcap.lindgren.edu/api/", "{v}")\n'
        'records = project.export_records(format_type="df")',
        hexu(32),
    ),
    S(
        ED,
        "redcap_database_php",
        "$hostname   = 'mysql-redcap.internal';\n$db         = 'redcap';\n$username   = 'redcap_app';\n"
        "$password   = '{v}';",
        password(18),
    ),
    # ---- look-alikes: public ids next to the credentials
    L(
        ED,
        "canvas_client_id",
        "Redirecting to https://canvas.lindgren.edu/login/oauth2/auth?client_id={v}&response_type=code"
        "&redirect_uri=https%3A%2F%2Fgradesync.lindgren.edu%2Foauth%2Fcallback&state=af1c",
        canvas_id,
    ),
    L(
        ED,
        "lti_deployment_id",
        '  "https://purl.imsglobal.org/spec/lti/claim/deployment_id": "{v}",',
        lti_deployment_id,
    ),
    L(
        ED,
        "blackboard_application_id",
        "Learn admin: System Admin > REST API Integrations > Create Integration, Application ID {v},"
        " Learn User svc_gradesync, End User Access No.",
        uuid,
    ),
    L(
        ED,
        "orcid_client_id",
        "ORCID_CLIENT_ID={v}\nORCID_REDIRECT_URI=https://repository.lindgren.edu/orcid/callback",
        join("APP-", upper_alnum(16)),
    ),
    L(
        ED,
        "orcid_id",
        '$ curl -s -H "Accept: application/json" https://pub.orcid.org/v3.0/{v}/works | jq ".group | length"',
        orcid_id,
    ),
    L(
        ED,
        "globus_client_id",
        "The app registered fine: Client UUID {v}. I'll generate the secret under Client Secrets"
        " and store it in Vault.",
        uuid,
    ),
    L(
        ED,
        "globus_collection_id",
        "$ globus ls '{v}:/~/cryo-em/2024-03/'\nrun_0001.mrc\nrun_0002.mrc\nmetadata.json",
        uuid,
    ),
    L(
        ED,
        "osf_project_guid",
        "$ cat .osfcli.config\n[osf]\nusername = j.okafor@lindgren.edu\nproject = {v}",
        lower_alnum(5),
    ),
    L(
        ED,
        "zenodo_bucket",
        '  "links": {\n    "bucket": "https://zenodo.org/api/files/{v}",\n'
        '    "html": "https://zenodo.org/deposit/11820455"\n  },',
        uuid,
    ),
    L(
        ED,
        "figshare_md5",
        '    "name": "spectra_batch7.h5",\n    "size": 48211023,\n    "computed_md5": "{v}",\n'
        '    "is_link_only": false',
        hexl(32),
    ),
    L(
        ED,
        "moodle_contenthash",
        " id  | contextid | component        | contenthash                              | filename\n"
        " 912 |      1408 | mod_assign       | {v} | essay_draft.pdf",
        hexl(40),
    ),
    L(
        ED,
        "semantic_scholar_paper_id",
        '{"paperId": "{v}", "title": "Message Passing on Molecular Graphs", "year": 2021}',
        hexl(40),
    ),
    L(
        ED,
        "overleaf_project_remote",
        "$ git remote -v\norigin\thttps://git.overleaf.com/{v} (fetch)\norigin\thttps://git.overleaf.com/{v} (push)",
        hexl(24),
    ),
    L(
        ED,
        "qualtrics_survey_id",
        "Exporting responses for survey {v} from the iad1 datacenter (format=csv, useLabels=true)",
        join("SV_", b62(15)),
    ),
    L(
        ED,
        "ncbi_webenv",
        "<QueryKey>1</QueryKey>\n<WebEnv>{v}</WebEnv>",
        join("MCID_", hexl(24)),
    ),
    L(
        ED,
        "nasa_demo_key",
        '$ curl -s "https://api.nasa.gov/neo/rest/v1/feed?start_date=2024-05-01&api_key={v}" | jq .element_count',
        const("DEMO_KEY"),
    ),
    L(
        ED,
        "redcap_public_survey",
        "Share this public survey link with participants: https://redcap.lindgren.edu/surveys/?s={v}",
        upper_alnum(10),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        ED,
        "canvas_placeholder",
        "curl -H \"Authorization: Bearer {v}\" 'https://<canvas>/api/v1/accounts/<account_id>/courses.json'",
        const("<token>"),
    ),
    L(
        ED,
        "redcap_placeholder",
        "curl -X POST https://redcap.example.org/api/ -d token={v} -d content=version",
        const("X" * 32),
    ),
    L(
        ED,
        "osf_env_example",
        "# .env.example: copy to .env, then paste your own token from https://osf.io/settings/tokens/\nOSF_TOKEN={v}",
        interleaved(70),
    ),
    L(
        ED,
        "qualtrics_env_ref",
        'qualtrics_api_credentials(api_key = {v}, base_url = Sys.getenv("QUALTRICS_BASE_URL"))',
        const('Sys.getenv("QUALTRICS_API_KEY")'),
    ),
    L(
        ED,
        "gha_secret_ref",
        "      - name: Upload release to Zenodo\n        env:\n          ZENODO_TOKEN: {v}\n"
        "        run: python scripts/zenodo_upload.py dist/*.tar.gz",
        const("${{ secrets.ZENODO_TOKEN }}"),
    ),
    L(
        ED,
        "gha_masked",
        "Run python scripts/zenodo_upload.py dist/*.tar.gz\n  env:\n    ZENODO_TOKEN: {v}\n"
        "Uploaded analysis-toolkit-2.3.0.tar.gz (1.2 MB)",
        const("***"),
    ),
    L(
        ED,
        "semantic_scholar_placeholder",
        "# Semantic Scholar works without a key at a shared rate; set one for a dedicated limit\nS2_API_KEY={v}",
        alphabet_run(40),
    ),
]
