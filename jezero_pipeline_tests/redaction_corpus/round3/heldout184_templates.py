"""A hundred-and-eighty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of HPC schedulers and research data transfer: Slurm's JWT
authentication and slurmrestd (`scontrol token` printing `SLURM_JWT=`, HS256 tokens with a `sun`
claim, `X-SLURM-USER-TOKEN`, the `jwt_hs256.key` in StateSaveLocation, the documented
`SLURM_JWT=daemon`), MUNGE (`munge -n` credentials), HTCondor (`condor_token_create` IDTOKENS with
`kid` POOL, `~/.condor/tokens.d`, `condor_token_list`, `condor_store_cred add -c -p`,
the POOL signing-key path), iRODS (the scrambled `~/.irods/.irodsA`, `irods_environment.json`,
`server_config.json` negotiation and control-plane keys and their documented placeholders, the
Python iRODS client, `sha2:` checksums), Globus (SDK ConfidentialAppAuthClient, `Ag…` access and
refresh tokens keyed by resource server, GLOBUS_CLI_/GCS_CLI_ client variables, collection and
task UUIDs), Open OnDemand (`ood_portal.yml` oidc_client_secret, which its docs show in UUID shape,
and oidc_crypto_passphrase), Apptainer/Singularity (`remote.yaml` tokens, `registry login
--password`, APPTAINER_DOCKER_PASSWORD, `key list` fingerprints), XRootD and WLCG/SciTokens bearer
tokens (`?authz=Bearer%20`, `htgettoken` and BEARER_TOKEN_FILE discovery), dCache macaroons,
Rucio (`-S userpass -u … -pwd`, rucio.cfg, the X-Rucio-Auth-Token header, rule ids), CernVM-FS (gateway `.gw` keys as `plain_text <key_id> <secret>`, repository
`.pub` keys, root hashes), Lmod modulefiles and PBS Pro's `pbs.conf`, in commands, config files,
code and tool output, with the public ids the same documentation shows beside them. The Rucio
token layout (`account-identity-appid-hex`) and the MUNGE credential prefix are written from
memory of those tools' output rather than from a page read here.

First score, blind, before any rule changed for it (after the rules for 175 to 179):
23 of 27 secrets caught, 0 of 23 look-alikes altered (missed: a MUNGE credential printed by `munge
-n`, an iRODS `.irodsA` cat'ed with `; echo`, a dCache macaroon printed by `jq -r .macaroon`, a
CernVM-FS gateway key after `plain_text <name>`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    B62,
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

HPC = "hpc"


def _b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _iat(rng: random.Random) -> int:
    return rng.randrange(1_716_000_000, 1_740_000_000)


def jwt(header: dict, claims, sig_bytes: int):
    """A JWT: the JSON header and the claims made here, base64url-encoded, and a random signature."""

    def make(rng: random.Random) -> str:
        head = _b64u(json.dumps(header, separators=(",", ":")).encode())
        body = _b64u(json.dumps(claims(rng), separators=(",", ":")).encode())
        return f"{head}.{body}.{_b64u(rng.randbytes(sig_bytes))}"

    return make


def slurm_claims(user: str):
    def make(rng: random.Random) -> dict:
        iat = _iat(rng)
        return {"exp": iat + rng.choice((1800, 3600, 7200, 86400)), "iat": iat, "sun": user}

    return make


def condor_claims(sub: str, scope: str):
    def make(rng: random.Random) -> dict:
        return {"iat": _iat(rng), "iss": "cm.hpc.brightwater.ac.uk", "jti": hexl(32)(rng), "scope": scope, "sub": sub}

    return make


def wlcg_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {
        "wlcg.ver": "1.0",
        "sub": uuid(rng),
        "aud": "https://wlcg.cern.ch/jwt/v1/any",
        "nbf": iat,
        "scope": "storage.read:/ storage.create:/user/ehalvorsen",
        "iss": "https://iam.brightwater.ac.uk/",
        "exp": iat + 1200,
        "iat": iat,
        "jti": uuid(rng),
        "client_id": uuid(rng),
    }


def sylabs_claims(rng: random.Random) -> dict:
    iat = _iat(rng)
    return {"user_id": hexl(24)(rng), "exp": iat + 2592000, "iat": iat, "iss": "https://auth.sylabs.io/"}


SLURM_JWT = jwt({"alg": "HS256", "typ": "JWT"}, slurm_claims("ehalvorsen"), 32)
SLURM_JWT_SVC = jwt({"alg": "HS256", "typ": "JWT"}, slurm_claims("svc-portal"), 32)
CONDOR_IDTOKEN = jwt(
    {"alg": "HS256", "kid": "POOL"}, condor_claims("frontend@brightwater.ac.uk", "condor:/READ condor:/WRITE"), 32
)
CONDOR_USER_TOKEN = jwt(
    {"alg": "HS256", "kid": "POOL"}, condor_claims("ehalvorsen@brightwater.ac.uk", "condor:/WRITE"), 32
)
WLCG_TOKEN = jwt({"kid": "rsa1", "alg": "RS256"}, wlcg_claims, 256)
SYLABS_TOKEN = jwt({"alg": "RS256", "typ": "JWT"}, sylabs_claims, 256)


def macaroon(rng: random.Random) -> str:
    """A dCache-style v1 macaroon: length-prefixed packets (location, identifier, caveats, signature)."""

    def packet(key: str, value: bytes) -> bytes:
        body = key.encode() + b" " + value + b"\n"
        return f"{len(body) + 4:04x}".encode() + body

    before = f"before:2025-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T{rng.randrange(24):02d}:14:07.{digits(3)(rng)}Z"
    data = (
        packet("location", b"Optional.empty")
        + packet("identifier", b62(8)(rng).encode())
        + packet("cid", f"iid:{b62(8)(rng)}".encode())
        + packet("cid", b"id:10423;10423,5063;ehalvorsen")
        + packet("cid", before.encode())
        + packet("cid", b"path:/pnfs/brightwater.ac.uk/data/cryoem")
        + packet("cid", b"activity:DOWNLOAD,LIST")
        + packet("signature", rng.randbytes(32))
    )
    return _b64u(data)


SPKI_RSA2048_HEAD = "30820122300d06092a864886f70d01010105000382010f003082010a0282010100"


def b64_bytes(n: int):
    """Standard base64 of n random bytes (so the padding and last character are as real encoders write them)."""
    return lambda rng: base64.b64encode(rng.randbytes(n)).decode()


def munge_credential(rng: random.Random) -> str:
    """`MUNGE:<base64>:` around a version-3 credential (the base64 opens `AwQ`)."""
    body = bytes([3, 4, rng.choice((4, 5)), 0, 0]) + rng.randbytes(rng.randrange(72, 96))
    return "MUNGE:" + base64.b64encode(body).decode() + ":"


def bearer_token_path(rng: random.Random) -> str:
    uid = str(rng.randrange(10000, 60000))
    return f"/run/user/{uid}/bt_u{uid}"


def rsa_pub_body(rng: random.Random) -> str:
    """The base64 body of a 2048-bit RSA SubjectPublicKeyInfo, in 64-character lines."""
    modulus = bytes([rng.randrange(0x80, 0x100)]) + rng.randbytes(255)
    der = bytes.fromhex(SPKI_RSA2048_HEAD) + modulus + bytes.fromhex("0203010001")
    flat = base64.b64encode(der).decode()
    return "\n".join(flat[i : i + 64] for i in range(0, len(flat), 64))


# iRODS scrambles the cached password with its own wheel of printable characters.
irods_scrambled = pick(B62 + "!#$%&()*+,-./", 22)
globus_secret = b64_bytes(32)
globus_token = join("Ag", b62(95))
munge_cred = munge_credential

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 27, 0, 23, "the rules for 175 to 179")

TEMPLATES = [
    # ---- secrets: Slurm and MUNGE
    S(
        HPC,
        "slurm_scontrol_token",
        "$ scontrol token username=ehalvorsen lifespan=7200\nSLURM_JWT={v}",
        SLURM_JWT,
    ),
    S(
        HPC,
        "slurmrestd_user_token",
        '$ curl -s -H "X-SLURM-USER-NAME: svc-portal" -H "X-SLURM-USER-TOKEN: {v}"'
        " http://slurm-rest.hpc.brightwater.ac.uk:6820/slurm/v0.0.40/jobs | jq '.jobs | length'",
        SLURM_JWT_SVC,
    ),
    S(
        HPC,
        "slurm_jwt_key_b64",
        "$ sudo base64 -w0 /var/spool/slurm/statesave/jwt_hs256.key; echo\n{v}",
        b64_bytes(32),
    ),
    S(HPC, "munge_credential", "[ehalvorsen@login02 ~]$ munge -n\n{v}", munge_cred),
    # ---- secrets: HTCondor
    S(
        HPC,
        "condor_token_create",
        "$ condor_token_create -identity frontend@brightwater.ac.uk -key POOL -authz READ -authz WRITE"
        " -lifetime 604800\n{v}",
        CONDOR_IDTOKEN,
    ),
    S(
        HPC,
        "condor_tokens_d",
        "$ cat ~/.condor/tokens.d/submit01.brightwater.ac.uk\n{v}",
        CONDOR_USER_TOKEN,
    ),
    S(
        HPC,
        "condor_pool_password",
        "$ sudo condor_store_cred add -c -p {v}\nAccount: condor_pool@brightwater.ac.uk\n\nOperation succeeded.",
        password(20),
    ),
    # ---- secrets: iRODS
    S(HPC, "irods_irodsA", "$ cat ~/.irods/.irodsA; echo\n{v}", irods_scrambled),
    S(
        HPC,
        "irods_python_session",
        'with iRODSSession(host="irods.data.brightwater.ac.uk", port=1247, user="ehalvorsen",'
        ' password="{v}", zone="bwZone") as session:',
        password(16),
    ),
    S(
        HPC,
        "irods_negotiation_key",
        '    "federation": [],\n    "match_hash_policy": "compatible",\n    "negotiation_key": "{v}",\n'
        '    "schema_validation_base_uri": "file:///var/lib/irods/configuration_schemas",',
        b62(32),
    ),
    S(
        HPC,
        "irods_control_plane_key",
        '    "irods_server_control_plane_encryption_num_hash_rounds": 16,\n'
        '    "irods_server_control_plane_key": "{v}",\n    "irods_server_control_plane_port": 1248,',
        b62(32),
    ),
    # ---- secrets: Globus
    S(
        HPC,
        "globus_confidential_client",
        'auth_client = globus_sdk.ConfidentialAppAuthClient("{cid}", "{v}")',
        globus_secret,
        cid=uuid,
    ),
    S(
        HPC,
        "gcs_cli_client_secret",
        "$ export GCS_CLI_CLIENT_ID={cid}\n$ export GCS_CLI_CLIENT_SECRET={v}\n$ globus-connect-server collection list",
        globus_secret,
        cid=uuid,
    ),
    S(
        HPC,
        "globus_tokens_json",
        '  "transfer.api.globus.org": {\n    "scope": "urn:globus:auth:scope:transfer.api.globus.org:all",\n'
        '    "access_token": "{v}",\n    "expires_at_seconds": 1731402291,\n    "token_type": "Bearer"\n  }',
        globus_token,
    ),
    S(
        HPC,
        "globus_bearer_curl",
        '$ curl -s -H "Authorization: Bearer {v}"'
        ' "https://transfer.api.globus.org/v0.10/endpoint_search?filter_fulltext=brightwater&limit=5"',
        globus_token,
    ),
    S(
        HPC,
        "globus_refresh_authorizer",
        'authorizer = globus_sdk.RefreshTokenAuthorizer("{v}", auth_client, on_refresh=storage.on_refresh)',
        globus_token,
    ),
    # ---- secrets: Open OnDemand
    S(
        HPC,
        "ood_oidc_client_secret",
        'oidc_provider_metadata_url: "https://keycloak.brightwater.ac.uk/realms/hpc/.well-known/openid-configuration"\n'
        'oidc_client_id: "ondemand.hpc.brightwater.ac.uk"\noidc_client_secret: "{v}"\n'
        'oidc_remote_user_claim: "preferred_username"',
        uuid,
        note="Keycloak client secrets have the UUID shape Open OnDemand's example shows",
    ),
    S(
        HPC,
        "ood_crypto_passphrase",
        'oidc_uri: "/oidc"\noidc_crypto_passphrase: "{v}"',
        b62(40),
    ),
    # ---- secrets: Apptainer
    S(
        HPC,
        "apptainer_remote_yaml",
        "$ cat ~/.apptainer/remote.yaml\nActive: SylabsCloud\nRemotes:\n  SylabsCloud:\n    URI: cloud.sylabs.io\n"
        "    Token: {v}\n    System: true",
        SYLABS_TOKEN,
    ),
    S(
        HPC,
        "apptainer_registry_login",
        "$ apptainer registry login --username 'robot$hpc+ci-pull' --password {v} oras://harbor.hpc.brightwater.ac.uk",
        b62(32),
    ),
    S(
        HPC,
        "apptainer_docker_password",
        "#SBATCH --partition=gpu\nexport APPTAINER_DOCKER_USERNAME=bwhpcbuild\nexport APPTAINER_DOCKER_PASSWORD={v}\n"
        "apptainer pull relion.sif docker://bwhpc/relion:5.0",
        join("dckr_pat_", b64url(27)),
    ),
    # ---- secrets: XRootD / WLCG bearer tokens, dCache macaroons
    S(
        HPC,
        "xrootd_authz_bearer",
        '$ xrdcp "root://xrootd.brightwater.ac.uk:1094//store/user/ehalvorsen/run42.root?authz=Bearer%20{v}" /tmp/run42.root',
        WLCG_TOKEN,
    ),
    S(
        HPC,
        "dcache_macaroon",
        "$ curl -s --capath /etc/grid-security/certificates -X POST -H 'Content-Type: application/macaroon-request'"
        ' -d \'{"caveats": ["activity:DOWNLOAD,LIST"], "validity": "PT12H"}\''
        " https://dcache.brightwater.ac.uk:2880/data/cryoem | jq -r .macaroon\n{v}",
        macaroon,
    ),
    # ---- secrets: Rucio
    S(
        HPC,
        "rucio_cli_pwd",
        "$ rucio -S userpass -u ehalvorsen -pwd {v} --account ehalvorsen whoami",
        password(14),
    ),
    S(
        HPC,
        "rucio_cfg_password",
        "[client]\nrucio_host = https://rucio.brightwater.ac.uk\nauth_host = https://rucio-auth.brightwater.ac.uk\n"
        "auth_type = userpass\nusername = ehalvorsen\npassword = {v}\naccount = ehalvorsen",
        password(18),
    ),
    S(
        HPC,
        "rucio_auth_token_header",
        "< HTTP/1.1 200 OK\n< X-Rucio-Auth-Token: {v}\n< X-Rucio-Auth-Token-Expires: Tue, 12 Nov 2024 09:31:40 UTC",
        join("ehalvorsen-ehalvorsen-unknown-", hexl(32)),
    ),
    # ---- secrets: CernVM-FS
    S(
        HPC,
        "cvmfs_gateway_key",
        "$ sudo cat /etc/cvmfs/keys/sw.hpc.brightwater.ac.uk.gw\nplain_text publisher1 {v}",
        b62(48),
    ),
    # ---- look-alikes: Slurm, MUNGE, PBS Pro
    L(
        HPC,
        "slurm_jwt_daemon",
        "$ export SLURM_JWT={v}\n$ export SLURMRESTD_DEBUG=debug\n$ slurmrestd 0.0.0.0:6820",
        const("daemon"),
        note="the value Slurm's REST quick start documents for running slurmrestd",
    ),
    L(
        HPC,
        "slurm_jwt_key_path",
        "$ scontrol show config | grep -i authalt\nAuthAltParameters       = jwt_key={v}\nAuthAltTypes            = auth/jwt",
        const("/var/spool/slurm/statesave/jwt_hs256.key"),
    ),
    L(
        HPC,
        "slurm_token_env_ref",
        '$ curl -s -H "X-SLURM-USER-NAME: $USER" -H "X-SLURM-USER-TOKEN: {v}" http://localhost:6820/slurm/v0.0.40/diag',
        const("$SLURM_JWT"),
    ),
    L(
        HPC,
        "munge_key_checksum",
        "$ sudo sha256sum /etc/munge/munge.key\n{v}  /etc/munge/munge.key",
        hexl(64),
    ),
    L(
        HPC,
        "pbs_auth_method",
        "$ cat /etc/pbs.conf\nPBS_SERVER=pbs01.hpc.brightwater.ac.uk\nPBS_START_SERVER=0\nPBS_AUTH_METHOD={v}\nPBS_EXEC=/opt/pbs",
        const("MUNGE"),
    ),
    # ---- look-alikes: HTCondor
    L(
        HPC,
        "condor_token_list_jti",
        '$ condor_token_list\nHeader: {"alg":"HS256","kid":"POOL"} Payload: {"iat":1724149023,'
        '"iss":"cm.hpc.brightwater.ac.uk","jti":"{v}","scope":"condor:\\/WRITE","sub":"ehalvorsen@brightwater.ac.uk"}'
        " File: /home/ehalvorsen/.condor/tokens.d/submit01",
        hexl(32),
    ),
    L(
        HPC,
        "condor_password_file",
        "SEC_PASSWORD_DIRECTORY = /etc/condor/passwords.d\nSEC_TOKEN_POOL_SIGNING_KEY_FILE = {v}\n"
        "SEC_DEFAULT_AUTHENTICATION_METHODS = FS, IDTOKENS",
        const("/etc/condor/passwords.d/POOL"),
    ),
    # ---- look-alikes: iRODS
    L(
        HPC,
        "irods_placeholder_key",
        '    "irods_server_control_plane_key": "{v}",\n    "irods_server_control_plane_port": 1248,',
        const("32_byte_server_control_plane_key"),
    ),
    L(
        HPC,
        "irods_placeholder_negotiation",
        '    "negotiation_key": "{v}",',
        const("x" * 32),
    ),
    L(
        HPC,
        "irods_sha2_checksum",
        "$ ichksum -K /bwZone/home/ehalvorsen/cryoem/run42.mrcs\n    run42.mrcs    {v}",
        join("sha2:", b64_bytes(32)),
    ),
    # ---- look-alikes: Globus
    L(HPC, "globus_client_id", "export GLOBUS_CLI_CLIENT_ID={v}", uuid),
    L(
        HPC,
        "globus_task_id",
        "$ globus transfer {src}:/~/cryoem/run42/ {dst}:/projects/cryoem/run42/ --recursive --label run42\n"
        "Message: The transfer has been accepted and a task has been created and queued for execution\nTask ID: {v}",
        uuid,
        src=uuid,
        dst=uuid,
    ),
    L(
        HPC,
        "globus_collection_id",
        "$ globus ls '{v}:/projects/cryoem/'\nrun40/\nrun41/\nrun42/",
        uuid,
    ),
    L(
        HPC,
        "gha_secret_ref",
        "      - name: Stage results\n        env:\n          GLOBUS_CLIENT_ID: ${{ vars.GLOBUS_CLIENT_ID }}\n"
        "          GLOBUS_CLIENT_SECRET: {v}",
        const("${{ secrets.GLOBUS_CLIENT_SECRET }}"),
    ),
    # ---- look-alikes: Open OnDemand, Lmod
    L(
        HPC,
        "ood_ansible_var",
        'oidc_client_id: "ondemand.hpc.brightwater.ac.uk"\noidc_client_secret: "{v}"',
        const("{{ vault_ood_oidc_client_secret }}"),
    ),
    L(
        HPC,
        "ansible_no_log_mask",
        'ok: [ondemand01] => (item={"key": "oidc_client_secret", "value": "{v}"})',
        const("VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"),
    ),
    L(
        HPC,
        "lmod_getenv",
        'setenv("APPTAINER_DOCKER_USERNAME", "bwhpcbuild")\npushenv("APPTAINER_DOCKER_PASSWORD", {v})',
        const('os.getenv("HARBOR_ROBOT_SECRET") or ""'),
    ),
    # ---- look-alikes: Apptainer, XRootD / WLCG
    L(
        HPC,
        "apptainer_key_fingerprint",
        "$ apptainer key list\nPublic key listing (/home/ehalvorsen/.apptainer/keys/pgp-public):\n\n"
        "0) U: HPC Build Bot (container signing) <hpc-build@brightwater.ac.uk>\n   C: 2024-03-18 10:22:41 +0000 UTC\n"
        "   F: {v}\n   L: 4096",
        hexu(40),
    ),
    L(
        HPC,
        "bearer_token_file",
        "$ htgettoken -a htvault.brightwater.ac.uk -i bwhpc\nStoring bearer token in {v}\n"
        "$ export BEARER_TOKEN_FILE={v}",
        bearer_token_path,
    ),
    # ---- look-alikes: Rucio
    L(
        HPC,
        "rucio_rule_id",
        "$ rucio add-rule user.ehalvorsen:cryoem.run42 1 BRIGHTWATER_DATADISK --lifetime 2592000\n{v}",
        hexl(32),
    ),
    L(
        HPC,
        "rucio_cfg_placeholder",
        "[client]\nauth_type = userpass\nusername = ehalvorsen\npassword = {v}\naccount = ehalvorsen",
        const("<your-rucio-password>"),
    ),
    # ---- look-alikes: CernVM-FS
    L(
        HPC,
        "cvmfs_public_key",
        "$ cat /etc/cvmfs/keys/sw.hpc.brightwater.ac.uk.pub\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_pub_body,
    ),
    L(
        HPC,
        "cvmfs_root_hash",
        "$ attr -qg root_hash /cvmfs/sw.hpc.brightwater.ac.uk; echo\n{v}",
        hexl(40),
    ),
]
