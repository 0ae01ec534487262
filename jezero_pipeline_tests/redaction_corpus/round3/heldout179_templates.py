"""A hundred-and-seventy-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of data-versioning tools, lakehouse catalogs and dataset registries:
lakeFS (`lakectl config` and its masked output, `~/.lakectl.yaml`, `lakefs setup
--access-key-id/--secret-access-key`, the Python client, `lakectl auth users credentials list`;
`AKIAJ…` key ids beside a 40-character base64 secret, 64-hex commit ids), DVC (`dvc remote modify --local` for `secret_access_key`,
`account_key`/`connection_string`, `gdrive_client_secret`, `password`; `.dvc/config.local`; Studio
`isat_` tokens; `md5: ….dir` hashes in `.dvc` files), Pachyderm (`pachctl auth activate` printing
"Pachyderm root token:" and a 32-hex token, Helm `rootTokenSecretName`/`enterpriseLicenseKeySecretName`;
32-hex commit ids), DoltHub and Dolt (`authorization: token dhat.v1.…` on the SQL API, `dolt creds ls`
base32 key ids, `~/.dolt/creds/*.jwk`, base32 commit hashes), Oxen (`oxen config --auth hub.oxen.ai
TOKEN`, `~/.config/oxen/auth_config.toml`), Delta Sharing (`config.share` profile files with
`bearerToken`, the Python `DeltaSharingProfile`; Databricks sharing identifiers), Apache Polaris (the
bootstrap line "realm: … root principal credentials: <id>:<secret>", `polaris --client-id
--client-secret`, principal creation output, `oauth/tokens` client-credentials requests, Spark and
PyIceberg `credential=<id>:<secret>`), Tabular (`t-…` credentials for the `api.tabular.io/ws`
REST catalog), Databricks Unity Catalog (`dapi…` personal access tokens in delta-rs storage
options, metastore ids, `dbutils.secrets.get`), Project Nessie (BEARER authentication with an OIDC
JWT, 64-hex reference hashes), Quilt (`qk_…` catalog API keys, package top hashes), Zenodo
(`?access_token=` on deposit and bucket URLs, bucket UUIDs), Figshare (`Authorization: token …`
with 128-hex personal tokens, `FIGSHARE_TOKEN` placeholders, file md5s) and Kaggle (`kaggle.json`
with a 32-hex key), in commands, config files, code and tool output, with the public ids,
hashes, placeholders, masks and secret-store references the same documentation shows beside them.
Lengths the documentation does not state (Oxen, Delta Sharing and Studio tokens, Quilt keys, the
Tabular credential halves) are plausible choices in the documented alphabet and prefix.

First score, blind, before any rule changed for it (after the rules for 170 to 174):
26 of 26 secrets caught, 3 of 24 look-alikes altered (altered: lakeFS's access key ids (`AKIAJ…`,
shaped like AWS's) in a table and after `Access key ID:`, DoltHub's placeholder `dhat.v1.your-token-
here`).
"""

from __future__ import annotations

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
    password,
    pick,
    uuid,
)

DV = "dataversioning"

BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BASE32_HEX_LOWER = "0123456789abcdefghijklmnopqrstuv"

lakefs_key_id = join("AKIAJ", pick(BASE32_UPPER, 14), "Q")
lakefs_secret = b64(40)
aws_secret = b64(40)
dolthub_token = join("dhat.v1.", pick(BASE32_HEX_LOWER, 52))
polaris_id = hexl(16)
polaris_secret = hexl(32)
databricks_pat = join("dapi", hexl(32))
oidc_jwt = join("eyJhbGciOiJSUzI1NiIsInR5cCIgOiAiSldUIn0.", "eyJ", b64url(233), ".", b64url(342))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 3, 24, "the rules for 170 to 174")

TEMPLATES: list = [
    # ---- secrets: lakeFS
    S(
        DV,
        "lakectl_yaml",
        "$ cat ~/.lakectl.yaml\ncredentials:\n    access_key_id: {kid}\n    secret_access_key: {v}\n"
        "server:\n    endpoint_url: https://lakefs.internal.brightkite.dev",
        lakefs_secret,
        kid=lakefs_key_id,
    ),
    S(
        DV,
        "lakefs_setup_flag",
        "$ lakefs setup --local-settings --user-name admin --access-key-id {kid} --secret-access-key {v}",
        lakefs_secret,
        kid=lakefs_key_id,
    ),
    S(
        DV,
        "lakefs_python_client",
        'clt = lakefs.Client(host="http://localhost:8000", username="{kid}", password="{v}")',
        lakefs_secret,
        kid=lakefs_key_id,
    ),
    # ---- secrets: DVC
    S(
        DV,
        "dvc_remote_modify_local",
        "$ dvc remote modify --local storage secret_access_key {v}",
        aws_secret,
    ),
    S(
        DV,
        "dvc_config_local_azure",
        "$ cat .dvc/config.local\n['remote \"azstore\"']\n"
        "    connection_string = DefaultEndpointsProtocol=https;AccountName=mlartifacts7;AccountKey={v};"
        "EndpointSuffix=core.windows.net",
        join(b64(86), "=="),
    ),
    S(
        DV,
        "dvc_gdrive_client_secret",
        "$ dvc remote modify --local gdrive-store gdrive_client_secret '{v}'",
        join("GOCSPX-", b64url(28)),
    ),
    S(
        DV,
        "dvc_ssh_password",
        "dvc remote modify --local ssh-nas password {v} && dvc push -r ssh-nas",
        password(16),
    ),
    S(
        DV,
        "dvc_studio_token",
        "$ dvc studio token\n{v}",
        join("isat_", b62(49)),
    ),
    # ---- secrets: Pachyderm
    S(
        DV,
        "pachyderm_root_token",
        "WARNING: DO NOT LOSE THE AUTH TOKEN BELOW. STORE IT SECURELY FOR THE LIFE OF THE CLUSTER.\n"
        "Pachyderm root token:\n{v}",
        hexl(32),
    ),
    # ---- secrets: DoltHub / Dolt
    S(
        DV,
        "dolthub_sql_api_header",
        "$ curl -s 'https://www.dolthub.com/api/v1alpha1/brightkite/courier-events/main?q=SELECT+COUNT(*)+FROM+events'"
        ' -H "authorization: token {v}"',
        dolthub_token,
    ),
    S(
        DV,
        "dolt_creds_jwk",
        '$ cat ~/.dolt/creds/{kid}.jwk\n{"kty":"OKP","crv":"Ed25519","x":"{x}","d":"{v}"}',
        b64url(43),
        kid=pick(BASE32_HEX_LOWER, 52),
        x=b64url(43),
    ),
    # ---- secrets: Oxen
    S(
        DV,
        "oxen_config_auth",
        "$ oxen config --auth hub.oxen.ai {v}",
        join(b64(86), "=="),
    ),
    S(
        DV,
        "oxen_auth_config_toml",
        '$ cat ~/.config/oxen/auth_config.toml\ndefault_host = "hub.oxen.ai"\n\n[[host_configs]]\n'
        'host = "hub.oxen.ai"\nauth_token = "{v}"',
        join(b64(86), "=="),
    ),
    # ---- secrets: Delta Sharing
    S(
        DV,
        "delta_sharing_profile",
        "$ cat ~/Downloads/config.share\n{\n"
        '  "shareCredentialsVersion": 1,\n'
        '  "bearerToken": "{v}",\n'
        '  "endpoint": "https://sharing.eu-west-1.cloud.databricks.com/api/2.0/delta-sharing/metastores/{mid}",\n'
        '  "expirationTime": "2025-03-09T11:02:47.011Z"\n}',
        b62(64),
        mid=uuid,
    ),
    S(
        DV,
        "delta_sharing_python",
        "profile = DeltaSharingProfile(share_credentials_version=1, "
        'endpoint="https://share.partner-data.io/delta-sharing/", bearer_token="{v}")',
        b62(64),
    ),
    # ---- secrets: Polaris / Iceberg REST / Tabular
    S(
        DV,
        "polaris_bootstrap_line",
        "polaris-service  | realm: POLARIS root principal credentials: {cid}:{v}",
        polaris_secret,
        cid=polaris_id,
    ),
    S(
        DV,
        "polaris_principal_create",
        "$ ./polaris --client-id ${CLIENT_ID} --client-secret ${CLIENT_SECRET} principals create ingest_user\n"
        '{"clientId": "{cid}", "clientSecret": "{v}"}',
        polaris_secret,
        cid=polaris_id,
    ),
    S(
        DV,
        "iceberg_oauth_tokens_curl",
        "curl -s -X POST http://localhost:8181/api/catalog/v1/oauth/tokens -d grant_type=client_credentials"
        " -d client_id={cid} -d client_secret={v} -d scope=PRINCIPAL_ROLE:ALL",
        polaris_secret,
        cid=polaris_id,
    ),
    S(
        DV,
        "spark_iceberg_credential",
        "  --conf spark.sql.catalog.polaris.type=rest \\\n"
        "  --conf spark.sql.catalog.polaris.uri=http://polaris:8181/api/catalog \\\n"
        "  --conf spark.sql.catalog.polaris.credential={cid}:{v} \\\n"
        "  --conf spark.sql.catalog.polaris.scope=PRINCIPAL_ROLE:ALL \\",
        polaris_secret,
        cid=polaris_id,
    ),
    S(
        DV,
        "tabular_pyiceberg_yaml",
        "$ cat ~/.pyiceberg.yaml\ncatalog:\n  tabular:\n    uri: https://api.tabular.io/ws\n"
        "    credential: {v}\n    warehouse: enterprise_data_warehouse",
        join("t-", b64url(11), ":", b64url(27)),
    ),
    # ---- secrets: Unity Catalog, Nessie, Quilt
    S(
        DV,
        "unity_catalog_pat",
        'dt = DeltaTable("uc://main.sales.orders", storage_options={\n'
        '    "DATABRICKS_WORKSPACE_URL": "https://adb-{ws}.7.azuredatabricks.net",\n'
        '    "DATABRICKS_ACCESS_TOKEN": "{v}",\n})',
        databricks_pat,
        ws=digits(16),
    ),
    S(
        DV,
        "nessie_bearer_token",
        "    .config('spark.sql.catalog.nessie.authentication.type', 'BEARER')\n"
        "    .config('spark.sql.catalog.nessie.authentication.token', '{v}')",
        oidc_jwt,
    ),
    S(
        DV,
        "quilt_api_key",
        "$ uvx quiltx catalog login --catalog quilt.brightkite.dev --api-key {v}",
        join("qk_", b62(40)),
    ),
    # ---- secrets: Zenodo, Figshare, Kaggle
    S(
        DV,
        "zenodo_access_token_url",
        '$ curl --upload-file ./courier-events-v3.parquet "https://zenodo.org/api/files/{bucket}/'
        'courier-events-v3.parquet?access_token={v}"',
        b62(60),
        bucket=uuid,
    ),
    S(
        DV,
        "figshare_token_header",
        "curl -s -H 'Authorization: token {v}' 'https://api.figshare.com/v2/account/articles?page_size=50'",
        hexl(128),
    ),
    S(
        DV,
        "kaggle_json",
        '$ cat ~/.kaggle/kaggle.json\n{"username":"brightkite-ml","key":"{v}"}',
        hexl(32),
    ),
    # ---- look-alikes: public ids and key ids
    L(
        DV,
        "lakefs_key_id",
        "$ lakectl auth users credentials list --id ci-runner\n"
        "+----------------------+-------------------------------+\n"
        "| ACCESS KEY ID        | ISSUED DATE                   |\n"
        "+----------------------+-------------------------------+\n"
        "| {v} | 2024-06-03 09:14:51 +0000 UTC |",
        lakefs_key_id,
    ),
    L(DV, "polaris_client_id", "export CLIENT_ID={v}", polaris_id),
    L(
        DV,
        "dolt_creds_ls",
        "$ dolt creds ls\n* {v}\n  {other}",
        pick(BASE32_HEX_LOWER, 52),
        other=pick(BASE32_HEX_LOWER, 52),
    ),
    L(
        DV,
        "delta_sharing_identifier",
        "Sharing identifier: {v}\n(give this to the data provider so they can create a recipient for you)",
        join("azure:westeurope:", uuid),
    ),
    L(
        DV,
        "unity_metastore_id",
        '  "metastore_id": "{v}",\n  "workspace_id": 4208815537192304,\n  "default_catalog_name": "main"',
        uuid,
    ),
    L(
        DV,
        "zenodo_bucket_url",
        '  "links": {\n    "bucket": "https://zenodo.org/api/files/{v}",\n'
        '    "html": "https://zenodo.org/deposit/11874032"\n  }',
        uuid,
    ),
    # ---- look-alikes: commit ids and hashes
    L(
        DV,
        "lakefs_commit_id",
        "$ lakectl commit lakefs://courier-lake/main -m 'nightly ingest'\n"
        'Branch: lakefs://courier-lake/main\nCommit for branch "main" completed.\n\nID: {v}\n'
        "Message: nightly ingest",
        hexl(64),
    ),
    L(
        DV,
        "dvc_dir_md5",
        "outs:\n- md5: {v}\n  size: 734003210\n  nfiles: 18422\n  hash: md5\n  path: data/raw",
        join(hexl(32), ".dir"),
    ),
    L(
        DV,
        "pachyderm_commit_id",
        "$ pachctl list commit images\nREPO   BRANCH COMMIT                           FINISHED       SIZE\n"
        "images master {v} 12 seconds ago 238.3KiB",
        hexl(32),
    ),
    L(
        DV,
        "dolt_commit_hash",
        "$ dolt log -n 1\ncommit {v} (HEAD -> main, origin/main)\nAuthor: ci <ci@brightkite.dev>",
        pick(BASE32_HEX_LOWER, 32),
    ),
    L(
        DV,
        "nessie_ref_hash",
        "  --conf spark.sql.catalog.nessie.ref=main \\\n  --conf spark.sql.catalog.nessie.ref.hash={v} \\",
        hexl(64),
    ),
    L(
        DV,
        "iceberg_snapshot_id",
        '  "current-snapshot-id": {v},\n  "metadata-location": "s3://lake/warehouse/sales/orders/metadata/'
        '00012-{meta}.metadata.json",',
        join("7", digits(18)),
        meta=uuid,
    ),
    L(
        DV,
        "quilt_top_hash",
        'pkg = quilt3.Package.browse("brightkite/courier-events", registry="s3://quilt-data", top_hash="{v}")',
        hexl(64),
    ),
    L(
        DV,
        "figshare_computed_md5",
        '    "supplied_md5": "{v}",\n    "computed_md5": "{v}",\n    "name": "courier-events-v3.parquet",',
        hexl(32),
    ),
    # ---- look-alikes: masks, placeholders, references
    L(
        DV,
        "lakectl_masked",
        "$ lakectl config\nConfig file /home/runner/.lakectl.yaml will be used\nAccess key ID: {kid}\n"
        "Secret access key: {v}\nServer endpoint URL: http://localhost:8000",
        const("*" * 40),
        kid=lakefs_key_id,
    ),
    L(
        DV,
        "dvc_env_ref",
        '$ dvc remote modify --local storage secret_access_key "$AWS_SECRET_ACCESS_KEY"',
        const("$AWS_SECRET_ACCESS_KEY"),
    ),
    L(
        DV,
        "dolthub_placeholder",
        'export DOLTHUB_ORG="brightkite"\nexport DOLTHUB_TOKEN="{v}"',
        const("dhat.v1.your-token-here"),
    ),
    L(
        DV,
        "polaris_secret_ref",
        "./polaris --client-id ${CLIENT_ID} --client-secret {v} catalogs create quickstart_catalog",
        const("${CLIENT_SECRET}"),
    ),
    L(
        DV,
        "tabular_placeholder",
        "    credential: {v}   # from the Tabular console, Credentials tab",
        const("<client-id>:<client-secret>"),
    ),
    L(
        DV,
        "unity_secret_scope",
        "TABULAR_CREDENTIAL = {v}",
        const('dbutils.secrets.get(scope="lakehouse", key="tabular_credential")'),
    ),
    L(
        DV,
        "zenodo_env_ref",
        '$ curl "https://zenodo.org/api/deposit/depositions/11874032?access_token={v}"',
        const("${ZENODO_TOKEN}"),
    ),
    L(
        DV,
        "figshare_placeholder",
        "export FIGSHARE_TOKEN={v}",
        const("x" * 16),
    ),
    L(
        DV,
        "kaggle_gha_ref",
        "      - run: kaggle datasets version -p ./dist -m 'weekly refresh'\n        env:\n"
        "          KAGGLE_USERNAME: brightkite-ml\n          KAGGLE_KEY: {v}",
        const("${{ secrets.KAGGLE_KEY }}"),
    ),
    L(
        DV,
        "pachyderm_secret_name",
        "pachd:\n  enterpriseLicenseKeySecretName: {v}\n  rootTokenSecretName: pachyderm-bootstrap-config",
        const("pachyderm-license"),
    ),
]
