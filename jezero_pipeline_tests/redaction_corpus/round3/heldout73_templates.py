"""A seventy-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of developer environments and remote development: VS Code Remote
Tunnels (`code tunnel user login`), Dev Tunnels (`X-Tunnel-Authorization`, web-forwarding hosts) and
the Settings Sync log and extension files, JetBrains (activation codes as checked by the marketplace
`CheckLicense` sample, `dataSources.xml`/`dataSources.local.xml`, Hub `perm:` tokens for Marketplace
publishing, Space permanent tokens and application client ids), Gitpod (`gitpod_pat_` tokens,
workspace variables), Coder (`coder tokens create`/`ls`, `CODER_AGENT_TOKEN` and template references),
GitHub Codespaces secrets (`gh secret set`/`list --app codespaces`, recommended secrets in
`devcontainer.json`), the Dev Containers CLI `--secrets-file` and `remoteEnv`, Docker Desktop and
Podman (`config.json` auths and `credsStore`, `podman login`, `podman machine inspect` and the
machine's SSH identity), Teleport (`tctl tokens add`, static tokens, delegated join-method token
names, CA pins, identity files), Boundary (`boundary config get-token`, `authenticate password`,
worker activation tokens and key ids, resource ids, password HMACs, `env://` references), StrongDM
(`SDM_ADMIN_TOKEN`), mise (sops and age: age keys and recipients, age- and sops-encrypted values),
direnv `.envrc`, and Warp (`WARP_API_KEY`, masked keys), in commands, config files and tool output,
with the public ids, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 65 to 69):
24 of 25 secrets caught, 1 of 23 look-alikes altered (missed: a JetBrains activation code in prose; altered:
Boundary's `Password HMAC`).
"""

from __future__ import annotations

import base64
import json
import random
import string
import struct

from build import (
    L,
    S,
    b58,
    b62,
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

DV = "devenv"

BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
WORDS = (
    "amber",
    "basket",
    "canyon",
    "dapper",
    "ember",
    "fable",
    "granite",
    "harbor",
    "juniper",
    "kettle",
    "lantern",
    "meadow",
    "nimble",
    "orchard",
    "pebble",
    "quiver",
    "ripple",
    "saddle",
    "timber",
    "velvet",
)


def rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt(header: dict, claims, sig_bytes: int):
    """A JWT of our own: the header and claims we choose, a random signature of the algorithm's size."""

    def make(rng: random.Random) -> str:
        h = b64u(json.dumps(header, separators=(",", ":")).encode())
        p = b64u(json.dumps(claims(rng), separators=(",", ":")).encode())
        return f"{h}.{p}.{b64u(rand_bytes(rng, sig_bytes))}"

    return make


def sdm_claims(rng: random.Random) -> dict:
    return {
        "exp": 1767225600 + rng.randrange(10**7),
        "organizationId": int(digits(4)(rng)),
        "creator": "platform@brightkite.dev",
        "creatorId": int("1" + digits(18)(rng)),
        "guid": uuid(rng),
        "name": "ci-audit-export",
    }


def space_claims(rng: random.Random) -> dict:
    return {
        "sub": lower_alnum(12)(rng),
        "aud": "circlet-web-ui",
        "orgDomain": "brightkite",
        "name": "release-bot",
        "iss": "https://brightkite.jetbrains.space",
        "perm_token": b62(12)(rng),
        "principal_type": "USER",
        "iat": 1767225600 + rng.randrange(10**7),
    }


def tunnel_claims(rng: random.Random) -> dict:
    return {
        "clusterId": "usw2",
        "tunnelId": lower_alnum(8)(rng),
        "scp": "connect",
        "exp": 1767225600 + rng.randrange(10**7),
        "iss": "https://tunnels.api.visualstudio.com/",
        "nbf": 1767225600,
    }


def ec_pkcs8_body(rng: random.Random) -> str:
    """A P-256 PKCS#8 private key (138 DER bytes of our own), as PEM body lines."""
    der = (
        bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
        + rand_bytes(rng, 32)
        + bytes.fromhex("a14403420004")
        + rand_bytes(rng, 64)
    )
    s = base64.b64encode(der).decode()
    return "\n".join(s[i : i + 64] for i in range(0, len(s), 64))


def ssh_string(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def openssh_ed25519_body(rng: random.Random) -> str:
    """An OpenSSH ed25519 private key (our own random key bytes), as the base64 lines between the PEM markers."""
    pub = rand_bytes(rng, 32)
    pub_blob = ssh_string(b"ssh-ed25519") + ssh_string(pub)
    check = rand_bytes(rng, 4)
    priv = check + check + pub_blob + ssh_string(rand_bytes(rng, 32) + pub) + ssh_string(b"core@localhost")
    priv += bytes(range(1, 1 + (-len(priv)) % 8))
    blob = (
        b"openssh-key-v1\x00"
        + ssh_string(b"none")
        + ssh_string(b"none")
        + ssh_string(b"")
        + struct.pack(">I", 1)
        + ssh_string(pub_blob)
        + ssh_string(priv)
    )
    s = base64.b64encode(blob).decode()
    return "\n".join(s[i : i + 70] for i in range(0, len(s), 70))


def jetbrains_activation_code(rng: random.Random) -> str:
    """licenseId-base64(license JSON)-base64(signature)-base64(certificate), our own values throughout."""
    lid = upper_alnum(10)(rng)
    lic = {
        "licenseId": lid,
        "licenseeName": "Brightkite Labs B.V.",
        "assigneeName": "",
        "assigneeEmail": "",
        "licenseRestriction": "",
        "checkConcurrentUse": False,
        "products": [{"code": "II", "fallbackDate": "2026-09-30", "paidUpTo": "2026-09-30", "extended": False}],
        "metadata": "0120250930PSAX000005",
        "hash": digits(8)(rng) + "/0",
        "gracePeriodDays": 7,
        "autoProlongated": True,
        "isAutoProlongated": True,
    }
    part = base64.b64encode(json.dumps(lic, separators=(",", ":")).encode()).decode()
    sig = base64.b64encode(rand_bytes(rng, 256)).decode()
    cert = base64.b64encode(bytes.fromhex("308204") + rand_bytes(rng, 1100)).decode()
    return f"{lid}-{part}-{sig}-{cert}"


def docker_auth(rng: random.Random) -> str:
    token = "dckr_pat_" + b64url(27)(rng)
    return base64.b64encode(f"brightkite-ci:{token}".encode()).decode()


def age_secret_key(rng: random.Random) -> str:
    return "AGE-SECRET-KEY-1" + "".join(rng.choice(BECH32) for _ in range(58)).upper()


def age_recipient(rng: random.Random) -> str:
    return "age1" + "".join(rng.choice(BECH32) for _ in range(58))


def age_ciphertext_b64(rng: random.Random) -> str:
    """A binary age file (X25519 stanza, header MAC, payload) of our own random bytes, base64 encoded."""
    head = (
        "age-encryption.org/v1\n-> X25519 "
        + b64u(rand_bytes(rng, 32))
        + "\n"
        + b64u(rand_bytes(rng, 32))
        + "\n--- "
        + b64u(rand_bytes(rng, 32))
        + "\n"
    )
    return base64.b64encode(head.encode() + rand_bytes(rng, 16 + 14 + 16)).decode()


def sops_enc(rng: random.Random) -> str:
    data = base64.b64encode(rand_bytes(rng, 18)).decode()
    iv = base64.b64encode(rand_bytes(rng, 32)).decode()
    tag = base64.b64encode(rand_bytes(rng, 16)).decode()
    return f"ENC[AES256_GCM,data:{data},iv:{iv},tag:{tag},type:str]"


def worker_key_id(rng: random.Random) -> str:
    return "-".join(rng.choice(WORDS) for _ in range(8))


gitpod_pat = join("gitpod_pat_", b64url(43), ".", b62(40))
coder_token = join(b62(10), "-", b62(22))
boundary_token = join("at_", b62(10), "_s1", b58(112))
teleport_token = hexl(32)
warp_key = join("wk-1.", hexl(64))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 1, 23, "the rules for 65 to 69")

TEMPLATES = [
    # ---- secrets: Coder
    S(
        DV,
        "coder_tokens_create",
        "$ coder tokens create --name ci-runner --lifetime 720h\n{v}",
        coder_token,
    ),
    S(
        DV,
        "coder_agent_token_uuid",
        'CODER_AGENT_TOKEN="{v}" CODER_AGENT_URL=https://coder.brightkite.dev \\\n'
        '  sh -c "$(curl -fsSL https://coder.brightkite.dev/api/v2/init-script/linux/amd64)"',
        uuid,
        note="the external-agent command: the agent token is a bare UUID",
    ),
    # ---- secrets: Gitpod
    S(
        DV,
        "gitpod_pat",
        'curl -s https://api.gitpod.io/gitpod.v1.WorkspaceService/ListWorkspaces -H "Authorization: Bearer {v}"'
        " -H 'Content-Type: application/json' -d '{}'",
        gitpod_pat,
    ),
    # ---- secrets: Boundary
    S(DV, "boundary_get_token", "$ boundary config get-token\n{v}", boundary_token),
    S(
        DV,
        "boundary_password_env",
        "$ BOUNDARY_AUTHENTICATE_PASSWORD_PASSWORD='{v}' boundary authenticate password \\\n"
        "    -auth-method-id {am} -login-name ops-admin -keyring-type none -format json",
        password(18),
        am=join("ampw_", b62(10)),
    ),
    S(
        DV,
        "boundary_activation_token",
        'worker {\n  auth_storage_path = "/var/lib/boundary/worker"\n  initial_upstreams = ["10.20.0.5"]\n'
        '  controller_generated_activation_token = "{v}"\n}',
        join("neslat_", b58(93)),
    ),
    # ---- secrets: Teleport
    S(
        DV,
        "teleport_invite_token",
        "$ tctl tokens add --type=node --ttl=15m\nThe invite token: {v}\nThis token will expire in 15 minutes.",
        teleport_token,
    ),
    S(
        DV,
        "teleport_static_token",
        'auth_service:\n  enabled: true\n  tokens:\n    - "proxy,node:{v}"\n    - "auth:/etc/teleport/auth-token"',
        b62(36),
    ),
    S(
        DV,
        "teleport_identity_key",
        "$ tctl auth sign --user=ci-deployer --format=file --out=./identity --ttl=8h && head -n 5 ./identity\n"
        "-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        ec_pkcs8_body,
    ),
    # ---- secrets: StrongDM
    S(
        DV,
        "sdm_admin_token_env",
        "export SDM_ADMIN_TOKEN='{v}'\nsdm admin users list --json | jq length",
        jwt({"alg": "HS256", "typ": "JWT"}, sdm_claims, 32),
    ),
    # ---- secrets: VS Code tunnels and Settings Sync
    S(
        DV,
        "code_tunnel_access_token",
        "$ code tunnel user login --provider github --access-token {v}\n"
        "$ code tunnel --name courier-devbox --accept-server-license-terms",
        join("gho_", b62(36)),
    ),
    S(
        DV,
        "devtunnel_connect_token",
        'curl -s https://{tid}-5173.usw2.devtunnels.ms/api/health -H "X-Tunnel-Authorization: tunnel {v}"',
        jwt({"alg": "ES256", "typ": "JWT"}, tunnel_claims, 64),
        tid=lower_alnum(8),
    ),
    S(
        DV,
        "settings_sync_hex_token",
        "// ~/.config/Code/User/syncLocalSettings.json\n{\n"
        '    "ignoreUploadFiles": ["state.*", "syncLocalSettings.json"],\n'
        '    "token": "{v}",\n    "downloadPublicGist": false\n}',
        hexl(40),
        note="a pre-2021 GitHub token is 40 hex characters, the shape of a commit SHA",
    ),
    # ---- secrets: JetBrains
    S(
        DV,
        "jetbrains_jdbc_url_password",
        '    <data-source source="LOCAL" name="ledger@db.internal" uuid="{u}">\n'
        "      <driver-ref>postgresql</driver-ref>\n"
        "      <jdbc-url>jdbc:postgresql://db.internal:5432/ledger?user=ledger_app&amp;password={v}</jdbc-url>",
        b62(16),
        u=uuid,
    ),
    S(
        DV,
        "jetbrains_publishing_token",
        "$ ./gradlew publishPlugin -PintellijPlatformPublishingToken={v}",
        lambda rng: (
            "perm:"
            + base64.b64encode(b"brightkite-release").decode()
            + "."
            + base64.b64encode(("MP-" + digits(4)(rng)).encode()).decode()
            + "."
            + b62(30)(rng)
        ),
    ),
    S(
        DV,
        "space_permanent_token",
        "$ curl -s https://brightkite.jetbrains.space/api/http/team-directory/profiles/me"
        ' -H "Authorization: Bearer {v}" -H "Accept: application/json"',
        jwt({"alg": "RS512"}, space_claims, 256),
    ),
    S(
        DV,
        "jetbrains_activation_code",
        "The trial on the Gateway host ran out, so I pasted the team activation code into Help | Register… > "
        "Activation code: {v}",
        jetbrains_activation_code,
    ),
    # ---- secrets: containers, Codespaces, dev containers
    S(
        DV,
        "docker_config_auth",
        '{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "{v}"\n    }\n  }\n}',
        docker_auth,
    ),
    S(DV, "podman_login_password", "$ podman login -u brightkite -p '{v}' quay.io\nLogin Succeeded!", password(22)),
    S(
        DV,
        "podman_machine_ssh_key",
        "$ cat ~/.local/share/containers/podman/machine/machine\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n"
        "-----END OPENSSH PRIVATE KEY-----",
        openssh_ed25519_body,
    ),
    S(
        DV,
        "codespaces_secret_body",
        '$ gh secret set NPM_TOKEN --app codespaces --repos brightkite/courier --body "{v}"',
        join("npm_", b62(36)),
    ),
    S(
        DV,
        "devcontainer_secrets_file",
        "$ cat .devcontainer/secrets.local.json\n"
        '{ "PGUSER": "courier", "PGPASSWORD": "{v}" }\n'
        "$ devcontainer up --workspace-folder . --secrets-file .devcontainer/secrets.local.json",
        password(19),
    ),
    # ---- secrets: mise, direnv, Warp
    S(DV, "mise_sops_age_key", "export MISE_SOPS_AGE_KEY={v}", age_secret_key),
    S(
        DV,
        "direnv_url_password",
        '# .envrc\nexport DATABASE_URL="postgres://courier:{v}@localhost:5432/courier_dev"\n'
        "export RAILS_ENV=development",
        b62(24),
    ),
    S(
        DV,
        "warp_api_key",
        '$ export WARP_API_KEY="{v}"\n$ oz agent run --prompt "triage the failing e2e job"',
        warp_key,
    ),
    # ---- look-alikes: ids printed beside credentials
    L(
        DV,
        "coder_token_id",
        "$ coder tokens ls\nID          NAME       LAST USED  EXPIRES AT            CREATED AT\n"
        "{v}  ci-runner  never      2026-08-14T09:12:03Z  2026-07-15T09:12:03Z",
        b62(10),
        note="the id half of a Coder token, listed by `coder tokens ls`",
    ),
    L(
        DV,
        "boundary_auth_method_id",
        "Authentication information:\n  Account ID:      {acct}\n  Auth Method ID:  {v}\n"
        "  User ID:         {uid}\nThe token was successfully stored in the chosen keyring and is not displayed here.",
        join("ampw_", b62(10)),
        acct=join("acctpw_", b62(10)),
        uid=join("u_", b62(10)),
    ),
    L(
        DV,
        "boundary_password_hmac",
        "Attributes:\n  Password HMAC:  {v}\n  Username:       ssh-user",
        b64url(43),
        note="an HMAC of the stored password that Boundary prints in place of it",
    ),
    L(
        DV,
        "boundary_worker_key_id",
        "==> Boundary server configuration:\n  Worker Auth Current Key Id: {v}\n"
        "  Worker Public Proxy Addr: 0.0.0.0:9202",
        worker_key_id,
    ),
    L(
        DV,
        "teleport_ca_pin",
        "$ tctl status\nCluster      teleport.brightkite.dev\nCA pin       {v}",
        join("sha256:", hexl(64)),
    ),
    L(
        DV,
        "teleport_delegated_token_name",
        "      - name: Fetch Teleport credentials\n        uses: teleport-actions/auth@v2\n        with:\n"
        "          proxy: teleport.brightkite.dev:443\n          token: {v}",
        const("gha-courier-deploy"),
        note="for the github join method the token name is not a secret",
    ),
    L(
        DV,
        "gitpod_workspace_id",
        "gitpod /workspace/courier (main) $ echo $GITPOD_WORKSPACE_ID\n{v}",
        lambda rng: f"{rng.choice(WORDS)}-{rng.choice(WORDS)}-{lower_alnum(8)(rng)}",
    ),
    L(
        DV,
        "coder_template_reference",
        '  env = ["CODER_AGENT_TOKEN={v}"]\n  entrypoint = ["sh", "-c", coder_agent.main.init_script]',
        const("${coder_agent.main.token}"),
    ),
    L(
        DV,
        "vscode_sync_session_id",
        '[trace] Sending request to server {"url":"https://vscode-sync.trafficmanager.net/v1/manifest","type":"GET",'
        '"headers":{"X-Client-Name":"code","X-Account-Type":"github","X-Machine-Session-Id":"{v}"}}',
        uuid,
    ),
    L(
        DV,
        "vscode_client_commit",
        '"headers":{"X-Client-Version":"1.96.2","X-Client-Commit":"{v}","X-Account-Type":"microsoft"}',
        hexl(40),
    ),
    L(
        DV,
        "jetbrains_secret_storage",
        '    <data-source name="ledger@db.internal" uuid="{u}">\n'
        "      <secret-storage>{v}</secret-storage>\n      <user-name>ledger_app</user-name>",
        const("master_key"),
        u=uuid,
    ),
    L(
        DV,
        "space_client_id",
        'val spaceClientId = "{v}"\nval spaceClientSecret = System.getenv("SPACE_CLIENT_SECRET")',
        uuid,
    ),
    # ---- look-alikes: references, names and masks
    L(
        DV,
        "devcontainer_local_env",
        '  "remoteEnv": {\n    "GITHUB_TOKEN": "{v}",\n    "PGHOST": "db"\n  },',
        const("${localEnv:GITHUB_TOKEN}"),
    ),
    L(
        DV,
        "devcontainer_recommended_secret",
        '  "secrets": {\n    "NPM_TOKEN": {\n      "description": "{v}",\n'
        '      "documentationUrl": "https://docs.npmjs.com/creating-and-viewing-access-tokens"\n    }\n  }',
        const("Read-only npm token for the @brightkite scope"),
    ),
    L(
        DV,
        "codespaces_secret_names",
        "$ gh secret list --app codespaces\n{v}\tUpdated 2026-06-02\tVisible to 1 selected repository",
        const("NPM_TOKEN"),
    ),
    L(
        DV,
        "boundary_env_reference",
        "$ boundary authenticate password -login-name ops-admin -password {v}",
        const("env://BOUNDARY_PASSWORD"),
    ),
    L(DV, "docker_creds_store", '{\n  "auths": {\n    "ghcr.io": {}\n  },\n  "credsStore": "{v}"\n}', const("desktop")),
    L(
        DV,
        "podman_identity_path",
        '    "SSHConfig": {\n      "IdentityPath": "{v}",\n'
        '      "Port": 50261,\n      "RemoteUsername": "core"\n    },',
        const("/Users/dev/.local/share/containers/podman/machine/machine"),
    ),
    L(DV, "age_recipient", "$ age-keygen -o ~/.config/mise/age.txt\nPublic key: {v}", age_recipient),
    L(
        DV,
        "mise_age_ciphertext",
        '[env]\nRAILS_ENV = "development"\nDB_PASSWORD = { age = { value = "{v}" } }',
        age_ciphertext_b64,
        note="mise documents age-encrypted values as safe to commit",
    ),
    L(DV, "sops_encrypted_value", '{\n  "STRIPE_WEBHOOK_SECRET": "{v}",', sops_enc),
    L(
        DV,
        "direnv_command_substitution",
        "# .envrc\nexport GITHUB_TOKEN={v}\ndotenv_if_exists .env.local",
        const("$(gh auth token)"),
    ),
    L(
        DV,
        "warp_masked_key",
        "Name         Scope     Key        Expires at\nci-pipeline  Personal  {v}  2026-10-01",
        join("wk-**", pick(string.ascii_lowercase + string.digits, 4)),
    ),
]
