"""A hundred-and-tenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of lab-informatics and bioinformatics platforms: Benchling
(`sk_` API keys used as the Basic-auth user with an empty password, `ApiKeyAuth(...)` in the Python
SDK, `appdef_`/`ts_` ids, scripts that print a key's first ten characters), DNAnexus (`dx login
--token`, `DX_SECURITY_CONTEXT` as printed by `dx env --bash`, bearer headers, `project-`/`file-`/
`job-` ids), Seven Bridges / Velsera (`~/.sevenbridges/credentials` profiles, `X-SBG-Auth-Token`,
`sbg.Api(...)`, 24-hex file ids), Synapse (`.synapseConfig` `[authentication] authtoken`, JWT
personal access tokens, `SYNAPSE_AUTH_TOKEN`, `syn` ids), NCBI E-utilities and Datasets
(`api_key=` in URLs, `Entrez.api_key`, `--api-key`, `WebEnv` history strings), Nextflow Tower /
Seqera Platform (base64 `{"tid":…}` access tokens in `nextflow.config`, `TOWER_ACCESS_TOKEN`,
workspace, run and credentials ids, a masked token as shown in a gist), Illumina BaseSpace
(`~/.basespace/default.cfg`, `--access-token`, `ds.` dataset ids), Galaxy (BioBlend, `x-api-key`,
planemo `--galaxy_user_key`, `id_secret`, 16-hex encoded ids, Tool Shed changeset revisions),
Terra / FireCloud (Google `ya29.` bearer tokens, `fc-` workspace buckets), LabArchives (Access
Key ID and Access Password in `.env`) and Quartzy (`Access-Token` header, lab uuids), in
commands, config files, code and tool output, with the public ids the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 105 to 109):
25 of 25 secrets caught, 2 of 25 look-alikes altered (altered: DNAnexus's `-i<input>=file-…` typed
id after `dx run`, a Seqera run id after `tw runs view -i`).
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
    password,
    pick,
    upper_alnum,
    uuid,
)

BIO = "bio"

# DNAnexus object ids: a class prefix and 24 characters from a reduced alphabet.
DX_ALPHABET = "0123456789BFGJKPQVXYZbfgjkpqvxyz"


def dx_id(kind: str):
    return join(kind + "-", pick(DX_ALPHABET, 24))


def tower_token(rng: random.Random) -> str:
    """A Seqera Platform / Tower personal access token: base64 of a small JSON document."""
    doc = {"tid": rng.randrange(1000, 99999), "secret": hexl(40)(rng)}
    return base64.b64encode(json.dumps(doc, separators=(",", ":")).encode()).decode()


def _b64url_json(doc: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(doc, separators=(",", ":")).encode()).decode().rstrip("=")


def synapse_pat(rng: random.Random) -> str:
    """A Synapse personal access token: an RS256 JWT."""
    kid = ":".join(upper_alnum(4)(rng) for _ in range(12))
    iat = rng.randrange(1_690_000_000, 1_730_000_000)
    header = {"typ": "JWT", "kid": kid, "alg": "RS256"}
    payload = {
        "access": {"scope": ["view", "download", "modify"], "oidc_claims": {}},
        "token_type": "PERSONAL_ACCESS_TOKEN",
        "iss": "https://repo-prod.prod.sagebase.org/auth/v1",
        "aud": "0",
        "nbf": iat,
        "iat": iat,
        "jti": str(rng.randrange(10_000, 99_999)),
        "sub": str(rng.randrange(3_300_000, 3_499_999)),
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


google_access_token = join("ya29.a0", b64url(176))
benchling_key = join("sk_", b62(30))
akid = join(pick(string.ascii_lowercase, 7), "_", digits(4))
workspace_id = join(pick("123456789", 1), digits(14))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 2, 25, "the rules for 105 to 109")

TEMPLATES = [
    # ---- secrets: Benchling
    S(
        BIO,
        "benchling_basic_user",
        "$ curl -s -u \"{v}:\" 'https://helixbio.benchling.com/api/v2/dna-sequences?pageSize=5' | jq -r '.dnaSequences[].name'",
        benchling_key,
    ),
    S(
        BIO,
        "benchling_sdk_key",
        'benchling = Benchling(\n    url="https://helixbio.benchling.com",\n    auth_method=ApiKeyAuth("{v}"),\n)',
        benchling_key,
    ),
    # ---- secrets: DNAnexus
    S(BIO, "dx_login_token", "$ dx login --token {v} --noprojects\n$ dx select {proj}", b62(32), proj=dx_id("project")),
    S(
        BIO,
        "dx_env_bash",
        "$ dx env --bash\nexport DX_APISERVER_HOST=api.dnanexus.com\nexport DX_APISERVER_PORT=443\n"
        "export DX_APISERVER_PROTOCOL=https\nexport DX_PROJECT_CONTEXT_ID={proj}\n"
        'export DX_SECURITY_CONTEXT=\'{"auth_token_type": "Bearer", "auth_token": "{v}"}\'',
        b62(32),
        proj=dx_id("project"),
    ),
    S(
        BIO,
        "dx_bearer_header",
        "$ curl -s -X POST https://api.dnanexus.com/system/whoami -H 'Authorization: Bearer {v}' "
        "-H 'Content-Type: application/json' -d '{}'",
        b62(32),
    ),
    # ---- secrets: Seven Bridges / Velsera
    S(
        BIO,
        "sbg_credentials_file",
        "$ cat ~/.sevenbridges/credentials\n[default]\napi_endpoint = https://api.sbgenomics.com/v2\n"
        "auth_token = {v}\n\n[cavatica]\napi_endpoint = https://cavatica-api.sbgenomics.com/v2\nauth_token = {other}",
        hexl(32),
        other=hexl(32),
    ),
    S(
        BIO,
        "sbg_header",
        '$ curl -s -H "X-SBG-Auth-Token: {v}" -H "Content-Type: application/json" '
        '"https://cgc-api.sbgenomics.com/v2/projects?limit=10"',
        hexl(32),
    ),
    S(
        BIO,
        "sbg_python_client",
        'import sevenbridges as sbg\napi = sbg.Api(url="https://cavatica-api.sbgenomics.com/v2", token="{v}")',
        hexl(32),
    ),
    # ---- secrets: Synapse
    S(BIO, "synapse_config", "$ cat ~/.synapseConfig\n[authentication]\nauthtoken = {v}", synapse_pat),
    S(
        BIO,
        "synapse_env_cli",
        "$ SYNAPSE_AUTH_TOKEN={v} synapse get -r syn{sid} --downloadLocation ./raw",
        synapse_pat,
        sid=digits(8),
    ),
    # ---- secrets: NCBI
    S(
        BIO,
        "ncbi_url_api_key",
        "$ curl -s 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed"
        "&term=crispr+off-target&retmax=200&usehistory=y&api_key={v}'",
        hexl(36),
    ),
    S(
        BIO,
        "entrez_api_key",
        'from Bio import Entrez\nEntrez.email = "m.okafor@helixbio.org"\nEntrez.api_key = "{v}"\n'
        'handle = Entrez.efetch(db="nucleotide", id="MN908947.3", rettype="fasta")',
        hexl(36),
    ),
    S(
        BIO,
        "ncbi_datasets_flag",
        '$ datasets download genome taxon "mus musculus" --reference --include genome,gtf --api-key {v} --filename mm39.zip',
        hexl(36),
    ),
    # ---- secrets: Nextflow Tower / Seqera Platform
    S(
        BIO,
        "nextflow_config_tower",
        "tower {\n    enabled     = true\n    endpoint    = 'https://api.cloud.seqera.io'\n"
        "    accessToken = '{v}'\n    workspaceId = '{ws}'\n}",
        tower_token,
        ws=workspace_id,
    ),
    S(
        BIO,
        "tower_env_inline",
        "$ TOWER_ACCESS_TOKEN={v} nextflow run nf-core/rnaseq -r 3.14.0 -profile docker --input samplesheet.csv -with-tower",
        tower_token,
    ),
    S(
        BIO,
        "seqera_api_bearer",
        '$ curl -s "https://api.cloud.seqera.io/workflow?workspaceId={ws}&max=5" '
        '-H "Accept: application/json" -H "Authorization: Bearer {v}"',
        tower_token,
        ws=workspace_id,
    ),
    # ---- secrets: Illumina BaseSpace
    S(
        BIO,
        "basespace_default_cfg",
        "$ cat ~/.basespace/default.cfg\napiServer   = https://api.basespace.illumina.com\naccessToken = {v}",
        hexl(32),
    ),
    S(
        BIO,
        "basespace_access_token_flag",
        "$ bs list biosamples --api-server=https://api.euc1.sh.basespace.illumina.com --access-token={v} -f csv",
        hexl(32),
    ),
    # ---- secrets: Galaxy
    S(
        BIO,
        "bioblend_key",
        'from bioblend.galaxy import GalaxyInstance\ngi = GalaxyInstance(url="https://usegalaxy.eu", key="{v}")',
        hexl(32),
    ),
    S(
        BIO,
        "galaxy_x_api_key",
        "$ curl -s -H 'x-api-key: {v}' 'https://usegalaxy.org/api/histories?view=summary&limit=3'",
        hexl(32),
    ),
    S(
        BIO,
        "planemo_user_key",
        "$ planemo run qc-workflow.ga job.yml --engine external_galaxy --galaxy_url https://usegalaxy.eu"
        " --galaxy_user_key {v} --history_name qc-batch-07",
        hexl(32),
    ),
    S(
        BIO,
        "galaxy_id_secret",
        "galaxy:\n  admin_users: ops@helixbio.org\n  id_secret: {v}\n  allow_user_creation: false",
        b62(40),
    ),
    # ---- secrets: Terra / FireCloud, LabArchives, Quartzy
    S(
        BIO,
        "terra_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" '
        '"https://api.firecloud.org/api/workspaces/helix-terra-prod/wgs-cohort-2024"',
        google_access_token,
    ),
    S(
        BIO,
        "labarchives_env",
        "# .env\nAPI_URL=https://api.labarchives.com\nACCESS_KEYID={akid}\nACCESS_PWD={v}",
        password(24),
        akid=akid,
    ),
    S(
        BIO,
        "quartzy_header",
        'headers = {"Access-Token": "{v}"}\n'
        'response = requests.get("https://api.quartzy.com/order-requests", headers=headers, params={"page": 1})',
        b62(40),
    ),
    # ---- look-alikes: public ids
    L(
        BIO,
        "benchling_schema_id",
        '# Update this value to specify which schema this script will poll\nentity_schema_to_check = "{v}"',
        join("ts_", b62(8)),
    ),
    L(
        BIO,
        "benchling_appdef_id",
        "BENCHLING_TENANT=helixbio\nBENCHLING_APP_DEFINITION_ID={v}\nPKG_PREFIX=benchling",
        join("appdef_", b62(10)),
    ),
    L(
        BIO,
        "dx_project_id",
        "$ dx describe {v} --json | jq -r '.name, .region'\nUKB-WGS-QC\naws:eu-west-2",
        dx_id("project"),
    ),
    L(
        BIO,
        "dx_job_id",
        "$ dx run app-bwa_mem_fastq_read_mapper -ireads_fastqgzs=file-{f} -y --brief\n{v}",
        dx_id("job"),
        f=pick(DX_ALPHABET, 24),
    ),
    L(
        BIO,
        "sbg_file_id",
        'f = api.files.get(id="{v}")\nprint(f.name, f.size)',
        hexl(24),
    ),
    L(BIO, "synapse_id", 'entity = syn.get("{v}", downloadLocation="./raw")', join("syn", digits(8))),
    L(
        BIO,
        "ncbi_webenv",
        "<eSearchResult><Count>4182</Count><RetMax>200</RetMax><RetStart>0</RetStart>"
        "<QueryKey>1</QueryKey><WebEnv>{v}</WebEnv>",
        join("MCID_", hexl(24)),
    ),
    L(BIO, "seqera_workspace_id", "export TOWER_WORKSPACE_ID={v}\n$ tw runs list", workspace_id),
    L(
        BIO,
        "seqera_run_id",
        "$ tw runs view -i {v} --workspace=helixbio/rnaseq-prod\n  Run at [helixbio / rnaseq-prod] workspace:",
        b62(14),
    ),
    L(
        BIO,
        "seqera_credentials_id",
        "$ tw credentials add aws --name=aws-batch-eu --assume-role-arn=arn:aws:iam::381492004417:role/SeqeraBatch\n"
        "New AWS credentials 'aws-batch-eu ({v})' added at [helixbio / rnaseq-prod] workspace",
        b62(22),
    ),
    L(
        BIO,
        "basespace_dataset_id",
        "$ bs download dataset -i {v} -o ./fastq --extension=fastq.gz",
        join("ds.", hexl(32)),
    ),
    L(
        BIO,
        "galaxy_history_id",
        "$ curl -s https://usegalaxy.eu/api/histories/{v}/contents?v=dev | jq length\n42",
        hexl(16),
    ),
    L(
        BIO,
        "toolshed_changeset",
        "tools:\n- name: fastqc\n  owner: devteam\n  tool_panel_section_label: Quality Control\n  revisions:\n  - {v}",
        hexl(12),
    ),
    L(
        BIO,
        "terra_bucket",
        "$ gsutil ls gs://{v}/submissions/ | head -3",
        join("fc-", uuid),
    ),
    L(
        BIO,
        "labarchives_akid",
        'client = Client("https://api.labarchives.com", "{v}", os.environ["ACCESS_PWD"])',
        akid,
    ),
    L(
        BIO,
        "quartzy_lab_id",
        'params = {"page": 1, "lab_id": "{v}"}\nitems = requests.get(f"{BASE}/inventory-items", headers=headers, params=params).json()',
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        BIO,
        "datasets_md5",
        "$ md5sum mm39.zip\n{v}  mm39.zip",
        hexl(32),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        BIO,
        "benchling_masked_key",
        "✅ Found credentials:\n   API URL: https://helixbio.benchling.com\n   API Key: {v}",
        join("sk_", b62(7), "...", b62(4)),
    ),
    L(
        BIO,
        "benchling_placeholder",
        '$ curl -X GET https://your-tenant.benchling.com/api/v2/dna-sequences -u "{v}:"',
        const("your_api_key_here"),
    ),
    L(
        BIO,
        "dx_env_ref",
        'echo "Logging into dnanexus"\ndx login --token {v} --noprojects',
        const("$DX_API_TOKEN"),
    ),
    L(
        BIO,
        "sbg_secret_ref",
        "      - name: Sync manifests\n        env:\n          SB_API_ENDPOINT: https://cavatica-api.sbgenomics.com/v2\n"
        "          SB_AUTH_TOKEN: {v}",
        const("${{ secrets.CAVATICA_TOKEN }}"),
    ),
    L(
        BIO,
        "synapse_placeholder",
        "# ~/.synapseConfig (template)\n[authentication]\nauthtoken = {v}",
        const("<authtoken>"),
    ),
    L(
        BIO,
        "tower_masked",
        "export TOWER_API_ENDPOINT=https://api.tower.nf\nexport TOWER_ACCESS_TOKEN={v}",
        join("eyJ0aWQiO", "********", b62(12)),
    ),
    L(
        BIO,
        "terra_gcloud_ref",
        '$ curl -s -H "Authorization: Bearer {v}" https://api.firecloud.org/me',
        const("$(gcloud auth print-access-token)"),
    ),
    L(
        BIO,
        "ncbi_example_key",
        "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/einfo.fcgi?db=pubmed&api_key={v}",
        const("ABCDE123"),
    ),
]
