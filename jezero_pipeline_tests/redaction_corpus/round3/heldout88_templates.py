"""An eighty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of HPC clusters and research-data services: Slurm (the MUNGE key
made by `mungekey` and read back with `base64`, `slurmdbd.conf`'s `StoragePass`, the HS256 JWTs
that `scontrol token` prints as `SLURM_JWT=…` and slurmrestd takes in `X-SLURM-USER-TOKEN`),
Globus (the CLI's `GLOBUS_CLI_CLIENT_ID`/`GLOBUS_CLI_CLIENT_SECRET`, the SDK's
`ConfidentialAppAuthClient`, `Ag…` access and refresh tokens against transfer.api.globus.org),
iRODS (`server_config.json`'s 32-character `negotiation_key`, python-irodsclient's
`iRODSSession(password=…)`, `ichksum`'s `sha2:` checksums), HTCondor (`condor_store_cred add -c -p`,
IDTOKENS from `condor_token_create` with `kid` POOL, `condor_token_list`, `SEC_PASSWORD_FILE`),
Zenodo (60-character tokens in `?access_token=`, bucket links, `md5:` checksums), Figshare
(128-hex personal tokens in `Authorization: token`, `~/.figshare/token`), OSF (70-character PATs
for `osf_auth()` and `Authorization: Bearer`, five-character project guids), Dataverse (UUID API
tokens in `X-Dataverse-key`, `?key=` and pyDataverse's `NativeApi`, the `xxxxxxxx-xxxx-…`
placeholder, `doi:10.70122/FK2/…` ids), ORCID (`APP-…` client ids, UUID client secrets and
access tokens, ORCID iDs), Kaggle (`kaggle.json`, `KAGGLE_KEY`), Jupyter and JupyterHub on
clusters (48-hex `?token=` server URLs, 64-hex service `api_token`s, kernel ids) and Open
OnDemand (`ood_portal.yml`'s `oidc_client_secret`, the dashboard's `SECRET_KEY_BASE`,
batch-connect session ids), in commands, config files, code and tool output, with the public
ids, checksums, placeholders and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 80 to 84):
25 of 27 secrets caught, 0 of 24 look-alikes altered (missed: a MUNGE key printed by `base64 -w0
munge.key`, a Dataverse token as `NativeApi`'s second argument after its URL).
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
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

RD = "research"


def raw_b64(n_bytes: int):
    """Standard base64 of `n_bytes` random bytes, padded (what `base64 -w0` prints for a binary key)."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n_bytes))).decode()

    return make


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def slurm_jwt(user: str):
    """An HS256 JWT as `scontrol token` makes it: exp, iat and sun (the Slurm user name)."""

    def make(rng: random.Random) -> str:
        iat = 1718000000 + rng.randrange(20_000_000)
        head = _b64url_json({"alg": "HS256", "typ": "JWT"})
        body = _b64url_json({"exp": iat + 7200, "iat": iat, "sun": user})
        return f"{head}.{body}.{pick(string.ascii_letters + string.digits + '-_', 43)(rng)}"

    return make


def condor_idtoken(sub: str, iss: str):
    """An HTCondor IDTOKEN signed with the POOL key."""

    def make(rng: random.Random) -> str:
        iat = 1718000000 + rng.randrange(20_000_000)
        head = _b64url_json({"alg": "HS256", "kid": "POOL"})
        body = _b64url_json(
            {
                "exp": iat + 86400,
                "iat": iat,
                "iss": iss,
                "jti": hexl(32)(rng),
                "scope": "condor:/READ condor:/WRITE",
                "sub": sub,
            }
        )
        return f"{head}.{body}.{pick(string.ascii_letters + string.digits + '-_', 43)(rng)}"

    return make


def orcid_id(rng: random.Random) -> str:
    last = digits(3)(rng) + rng.choice("0123456789X")
    return f"0000-000{rng.choice('123')}-{digits(4)(rng)}-{last}"


globus_access = join("Ag", b62(101))
globus_refresh = join("Ag", b62(91))
globus_secret = raw_b64(32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 27, 0, 24, "the rules for 80 to 84")

TEMPLATES = [
    # ---- secrets: Slurm and MUNGE
    S(
        RD,
        "munge_key_base64",
        "$ sudo mungekey --create --bits 1024 --force && sudo base64 -w0 /etc/munge/munge.key\n{v}",
        raw_b64(128),
        note="the shared MUNGE key read back as base64 before copying it to the compute nodes",
    ),
    S(
        RD,
        "slurmdbd_storagepass",
        "$ sudo cat /etc/slurm/slurmdbd.conf\nAuthType=auth/munge\nDbdHost=sched01\nSlurmUser=slurm\n"
        "StorageType=accounting_storage/mysql\nStorageHost=db01.hpc.internal\nStorageUser=slurm\n"
        "StoragePass={v}\nStorageLoc=slurm_acct_db",
        password(20),
    ),
    S(
        RD,
        "scontrol_token",
        "$ scontrol token username=svc_portal lifespan=7200\nSLURM_JWT={v}",
        slurm_jwt("svc_portal"),
    ),
    S(
        RD,
        "slurmrestd_header",
        "$ curl -s -H 'X-SLURM-USER-NAME: rmehta' -H 'X-SLURM-USER-TOKEN: {v}'"
        " http://sched01:6820/slurm/v0.0.40/jobs | jq '.jobs | length'",
        slurm_jwt("rmehta"),
    ),
    # ---- secrets: Globus
    S(
        RD,
        "globus_cli_client_secret",
        "$ GLOBUS_CLI_CLIENT_ID={cid} GLOBUS_CLI_CLIENT_SECRET='{v}' globus transfer {src}:/scratch/run42/ {dst}:/archive/run42/"
        ' --recursive --label "run42 nightly"',
        globus_secret,
        cid=uuid,
        src=uuid,
        dst=uuid,
    ),
    S(
        RD,
        "globus_confidential_client",
        'confidential_client = globus_sdk.ConfidentialAppAuthClient(\n    "{cid}", "{v}"\n)\n'
        "cc_authorizer = globus_sdk.ClientCredentialsAuthorizer(confidential_client, TRANSFER_SCOPE)",
        globus_secret,
        cid=uuid,
    ),
    S(
        RD,
        "globus_bearer_token",
        "$ curl -s -H 'Authorization: Bearer {v}'"
        " 'https://transfer.api.globus.org/v0.10/endpoint_search?filter_scope=my-endpoints'",
        globus_access,
    ),
    # ---- secrets: iRODS
    S(
        RD,
        "irods_negotiation_key",
        "$ sudo jq '{schema_version, zone_name, zone_port, negotiation_key}' /etc/irods/server_config.json\n{\n"
        '  "schema_version": "v4",\n  "zone_name": "labZone",\n  "zone_port": 1247,\n  "negotiation_key": "{v}"\n}',
        b62(32),
    ),
    S(
        RD,
        "irods_session_password",
        '>>> session = iRODSSession(host="irods.hpc.example.edu", port=1247, user="lab_ingest",'
        ' password="{v}", zone="labZone")',
        password(16),
    ),
    # ---- secrets: HTCondor
    S(
        RD,
        "condor_pool_password",
        "$ sudo condor_store_cred add -c -p {v}\nOperation succeeded.",
        password(24),
    ),
    S(
        RD,
        "condor_idtoken",
        "$ sudo condor_token_create -identity submit@hpc.example.edu -key POOL -lifetime 86400\n{v}",
        condor_idtoken("submit@hpc.example.edu", "cm.hpc.example.edu"),
    ),
    # ---- secrets: Zenodo, Figshare, OSF
    S(
        RD,
        "zenodo_access_token_query",
        "$ curl -s -X POST -H \"Content-Type: application/json\" -d '{}'"
        ' "https://zenodo.org/api/deposit/depositions?access_token={v}" | jq .id',
        b62(60),
    ),
    S(
        RD,
        "figshare_token_header",
        '$ curl -s -H "Authorization: token {v}" "https://api.figshare.com/v2/account/articles?page_size=10"',
        hexl(128),
    ),
    S(RD, "figshare_token_file", "$ cat ~/.figshare/token\n{v}", hexl(128)),
    S(
        RD,
        "osf_auth_call",
        '> osf_auth("{v}")\nRegistered PAT from the provided token',
        b62(70),
    ),
    S(
        RD,
        "osf_bearer",
        "$ curl -s -H 'Authorization: Bearer {v}' https://api.osf.io/v2/users/me/ | jq -r .data.id",
        b62(70),
    ),
    # ---- secrets: Dataverse and ORCID
    S(
        RD,
        "dataverse_key_header",
        '$ curl -H "X-Dataverse-key:{v}" -X POST -F "file=@run42.tar.gz"'
        ' "https://dataverse.example.edu/api/datasets/:persistentId/add?persistentId=doi:10.70122/FK2/{pid}"',
        uuid,
        pid=upper_alnum(6),
    ),
    S(
        RD,
        "dataverse_key_query",
        "wget -O counts.tab 'https://dataverse.example.edu/api/access/datafile/{fid}?key={v}'",
        uuid,
        fid=digits(7),
    ),
    S(
        RD,
        "pydataverse_native_api",
        'from pyDataverse.api import NativeApi\napi = NativeApi("https://dataverse.example.edu", "{v}")',
        uuid,
    ),
    S(
        RD,
        "orcid_client_secret",
        'curl -i -L -H "Accept: application/json" -d "client_id=APP-{cid}" -d "client_secret={v}"'
        ' -d "scope=/read-public" -d "grant_type=client_credentials" "https://orcid.org/oauth/token"',
        uuid,
        cid=upper_alnum(16),
    ),
    S(
        RD,
        "orcid_access_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":631138518,"scope":"/read-public","orcid":null}',
        uuid,
    ),
    # ---- secrets: Kaggle, Jupyter, Open OnDemand
    S(
        RD,
        "kaggle_json",
        '$ cat ~/.kaggle/kaggle.json\n{"username":"mlin-lab","key":"{v}"}',
        hexl(32),
    ),
    S(
        RD,
        "kaggle_env_notebook",
        'import os\nos.environ["KAGGLE_USERNAME"] = "mlin-lab"\nos.environ["KAGGLE_KEY"] = "{v}"\n'
        "!kaggle competitions download -c rsna-2024-lumbar-spine-degenerative-classification -p /scratch/$USER",
        hexl(32),
    ),
    S(
        RD,
        "jupyter_server_url",
        "    To access the server, open this file in a browser:\n"
        "        file:///home/rmehta/.local/share/jupyter/runtime/jpserver-{pid}-open.html\n"
        "    Or copy and paste one of these URLs:\n        http://c0412.hpc.example.edu:8888/lab?token={v}",
        hexl(48),
        pid=digits(6),
    ),
    S(
        RD,
        "jupyterhub_service_token",
        'c.JupyterHub.services = [\n    {\n        "name": "idle-culler",\n        "api_token": "{v}",\n'
        '        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],\n    }\n]',
        hexl(64),
    ),
    S(
        RD,
        "ood_oidc_client_secret",
        'oidc_uri: "/oidc"\noidc_provider_metadata_url: "https://idp.hpc.example.edu/.well-known/openid-configuration"\n'
        'oidc_client_id: "ondemand.hpc.example.edu"\noidc_client_secret: "{v}"\noidc_remote_user_claim: "preferred_username"',
        b62(32),
    ),
    S(
        RD,
        "ood_secret_key_base",
        '$ sudo cat /etc/ood/config/apps/dashboard/env\nOOD_DASHBOARD_TITLE="HPC OnDemand"\nSECRET_KEY_BASE={v}',
        hexl(128),
    ),
    # ---- look-alikes: Slurm and MUNGE
    L(
        RD,
        "slurm_jwt_env_ref",
        '$ export $(scontrol token lifespan=600)\n$ curl -s -H "X-SLURM-USER-NAME: $USER" -H "X-SLURM-USER-TOKEN: {v}"'
        " http://sched01:6820/slurm/v0.0.40/diag",
        const("$SLURM_JWT"),
    ),
    L(
        RD,
        "slurm_jwt_key_path",
        "$ scontrol show config | grep -i ^Auth\nAuthAltParameters       = {v}\nAuthAltTypes            = auth/jwt\n"
        "AuthInfo                = (null)\nAuthType                = auth/munge",
        const("jwt_key=/var/spool/slurm/statesave/jwt_hs256.key"),
    ),
    L(
        RD,
        "munge_key_checksum",
        "$ pdsh -w c[01-04] 'sha256sum /etc/munge/munge.key' | dshbak -c\n----------------\nc[01-04]\n"
        "----------------\n{v}  /etc/munge/munge.key",
        hexl(64),
    ),
    # ---- look-alikes: Globus
    L(
        RD,
        "globus_collection_id",
        "$ globus ls '{v}:/~/projects/run42/'\ncounts.tab\nrun42.tar.gz\nREADME.md",
        uuid,
    ),
    L(RD, "globus_client_id", "export GLOBUS_CLI_CLIENT_ID={v}", uuid),
    L(
        RD,
        "globus_scope_uuid",
        'DATA_ACCESS = "https://auth.globus.org/scopes/{v}/data_access"\n'
        'transfer_scope = globus_sdk.TransferClient.scopes.make_mutable("all")',
        uuid,
    ),
    L(
        RD,
        "globus_task_id",
        "Message: The transfer has been accepted and a task has been created and queued for execution\nTask ID: {v}",
        uuid,
    ),
    L(
        RD,
        "globus_secret_ref",
        "      - name: Push results to the archive collection\n        env:\n"
        "          GLOBUS_CLI_CLIENT_ID: ${{ vars.GLOBUS_CLIENT_ID }}\n          GLOBUS_CLI_CLIENT_SECRET: {v}",
        const("${{ secrets.GLOBUS_CLIENT_SECRET }}"),
    ),
    # ---- look-alikes: iRODS
    L(
        RD,
        "irods_control_plane_placeholder",
        '    "irods_server_control_plane_encryption_num_hash_rounds": 16,\n'
        '    "irods_server_control_plane_key": "{v}",\n    "irods_server_control_plane_port": 1248,',
        const("32_byte_server_control_plane_key"),
    ),
    L(
        RD,
        "irods_checksum",
        "$ ichksum -a /labZone/home/lab_ingest/run42/run42.tar.gz\n    run42.tar.gz    {v}",
        join("sha2:", raw_b64(32)),
    ),
    # ---- look-alikes: HTCondor
    L(
        RD,
        "condor_token_jti",
        '$ condor_token_list\nHeader: {"alg":"HS256","kid":"POOL"} Payload: {"exp":1735689600,"iat":1735603200,'
        '"iss":"cm.hpc.example.edu","jti":"{v}","scope":"condor:\\/READ condor:\\/WRITE","sub":"submit@hpc.example.edu"}'
        " File: /etc/condor/tokens.d/submit",
        hexl(32),
    ),
    L(
        RD,
        "condor_password_file",
        "$ condor_config_val -v SEC_PASSWORD_FILE\nSEC_PASSWORD_FILE = {v}\n # at: /etc/condor/config.d/10-security.conf, line 4",
        const("/etc/condor/passwords.d/POOL"),
    ),
    # ---- look-alikes: Zenodo, Figshare, OSF
    L(
        RD,
        "zenodo_bucket_id",
        '  "links": {\n    "bucket": "https://zenodo.org/api/files/{v}",\n'
        '    "html": "https://zenodo.org/deposit/{dep}",',
        uuid,
        dep=digits(8),
    ),
    L(
        RD,
        "zenodo_file_checksum",
        '      "key": "run42.tar.gz",\n      "size": 48213377,\n      "checksum": "{v}",',
        join("md5:", hexl(32)),
    ),
    L(
        RD,
        "figshare_masked_token",
        "figshare: using personal token {v} from ~/.figshare/token (scopes: all)",
        join("*" * 28, hexl(4)),
    ),
    L(
        RD,
        "figshare_computed_md5",
        '{"id": 4{fid}, "name": "counts.tab", "size": 90211, "status": "available", "computed_md5": "{v}"}',
        hexl(32),
        fid=digits(7),
    ),
    L(
        RD,
        "osf_project_guid",
        "$ osf -p {v} clone ./osf-mirror\n100%|██████████| 14/14 [00:06<00:00,  2.31it/s]",
        lower_alnum(5),
    ),
    # ---- look-alikes: Dataverse, ORCID
    L(
        RD,
        "dataverse_placeholder",
        "export API_TOKEN={v}\nexport SERVER_URL=https://demo.dataverse.org\n"
        "curl -H X-Dataverse-key:$API_TOKEN $SERVER_URL/api/dataverses/root/contents",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        RD,
        "dataverse_persistent_id",
        '$ curl -s "$SERVER_URL/api/datasets/:persistentId/?persistentId={v}" | jq -r .data.latestVersion.versionState\nRELEASED',
        join("doi:10.70122/FK2/", upper_alnum(6)),
    ),
    L(
        RD,
        "orcid_client_id",
        "ORCID_CLIENT_ID={v}\nORCID_CLIENT_SECRET=${ORCID_CLIENT_SECRET:?set in the vault}",
        join("APP-", upper_alnum(16)),
    ),
    L(
        RD,
        "orcid_id",
        '  creators:\n    - name: "Mehta, Riya"\n      orcid: "{v}"\n      affiliation: "HPC Center"',
        orcid_id,
    ),
    # ---- look-alikes: Kaggle, Jupyter, Open OnDemand
    L(
        RD,
        "kaggle_download_md5",
        "$ md5sum /scratch/rmehta/titanic.zip\n{v}  /scratch/rmehta/titanic.zip",
        hexl(32),
    ),
    L(
        RD,
        "jupyter_kernel_id",
        "[I 2024-09-18 10:41:07.552 ServerApp] Kernel started: {v}\n"
        "[I 2024-09-18 10:41:08.113 ServerApp] Connecting to kernel {v}.",
        uuid,
    ),
    L(
        RD,
        "ood_session_id",
        "Your session is ready: https://ondemand.hpc.example.edu/pun/sys/dashboard/batch_connect/sessions#id_{v}"
        " (Jupyter on c0412, 4 cores, 08:00:00)",
        uuid,
    ),
]
