"""A thirty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of CI/CD servers and GitOps tools other than GitHub Actions: the Jenkins
CLI (`-auth user:token`, `-auth @file`, the `11` + 32-hex API token of the new token system), the setup
wizard's initial admin password, inbound agents' `-secret`, remote-trigger `?token=`, `init.groovy.d`
accounts, JCasC and `withCredentials` with its `****` masking; Buildkite's token-security page (`bkua_`,
`bkct_`), agent tokens in `buildkite-agent.cfg`, `buildkite-agent secret get`, the REST cluster-token
listing and `buildkite-agent tool keygen` JWKS key pairs for signed pipelines; CircleCI's managing-API-tokens
page and token-format changelog (`CCIPAT_`), `circleci setup` and `~/.circleci/cli.yml`, contexts and masked
project variables; Drone (`DRONE_RPC_SECRET`, `drone secret add`, `from_secret`) and Woodpecker
(`WOODPECKER_AGENT_SECRET`); TeamCity access tokens and Kotlin DSL `credentialsJSON:` references; Argo CD
(`argocd login`, `argocd-initial-admin-secret`, `argocd account generate-token` and `account get`,
`argocd-secret`, declarative repository secrets and GitHub App repo-creds); Flux (`flux create secret git`)
with SOPS and age (`age-keygen`, `.sops.yaml`, `ENC[...]` values); Spinnaker Halyard (`hal config security
authn oauth2`, `encrypted:` secret references); and Concourse (`fly login`, `((var))` credential-manager
references, the Vault AppRole settings), in commands, config files and tool output, with the public ids
the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 37 and 41):
22 of 25 secrets caught, 4 of 24 look-alikes altered (missed: Jenkins's initial admin password printed a blank
line after the line that names it (behind a compose gutter), a password as `createAccount("admin", …)`'s
literal, a password printed by `kubectl get secret … -o jsonpath="{.data.password}"`; altered: `-auth @file`
(a file's path), a TeamCity `credentialsJSON:<uuid>` reference, a SOPS `ENC[AES256_GCM,…]` value, a Spinnaker
`encrypted:s3!…` reference).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    b58,
    b62,
    b64url,
    const,
    counting,
    digits,
    hexl,
    join,
    password,
    pick,
    uuid,
)

CI = "cicd"

BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _b64(raw: bytes, pad: bool = True) -> str:
    s = base64.b64encode(raw).decode()
    return s if pad else s.rstrip("=")


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def jenkins_api_token(rng: random.Random) -> str:
    """The new-system Jenkins API token: `11` and 32 hex digits."""
    return "11" + hexl(32)(rng)


def buildkite_cluster_token(rng: random.Random) -> str:
    """`bkct_`, a base64 organisation id, a dot and a base58 body."""
    org = _b64(digits(5)(rng).encode(), pad=False)
    return f"bkct_{org}.{b58(67)(rng)}"


def circleci_pat(rng: random.Random) -> str:
    """`CCIPAT_<base58 UUID>_<40 hex>` from CircleCI's token-format changelog."""
    return f"CCIPAT_{b58(22)(rng)}_{hexl(40)(rng)}"


def teamcity_token(rng: random.Random) -> str:
    """A TeamCity access token: the fixed `{"typ": "TCV2"}` header, a base64 id and a base64 UUID."""
    head = _b64(b'{"typ": "TCV2"}', pad=False)
    mid = _b64(b64url(27)(rng).encode(), pad=False)
    tail = _b64(uuid(rng).encode(), pad=False)
    return f"{head}.{mid}.{tail}"


def argocd_jwt(rng: random.Random) -> str:
    """An Argo CD account API key as `argocd account generate-token` prints it (HS256 JWT)."""
    iat = 1_700_000_000 + rng.randrange(30_000_000)
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {"iss": "argocd", "sub": "ci-bot:apiKey", "nbf": iat, "iat": iat, "jti": uuid(rng)}
    payload = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    return f"{header}.{payload}.{b64url(43)(rng)}"


def argocd_initial_b64(rng: random.Random) -> str:
    """The 16-character initial admin password, base64-encoded as the Secret's `.data.password` holds it."""
    return _b64(b62(16)(rng).encode())


def argocd_secretkey(rng: random.Random) -> str:
    """`server.secretkey` in `argocd-secret`: 32 random bytes, base64 in the Secret's `data`."""
    return _b64(_bytes(rng, 32))


def age_secret_key(rng: random.Random) -> str:
    return "AGE-SECRET-KEY-1" + pick(BECH32.upper(), 58)(rng)


def age_recipient(rng: random.Random) -> str:
    return "age1" + pick(BECH32, 58)(rng)


def sops_enc(rng: random.Random) -> str:
    """A SOPS-encrypted string value, safe to commit by design."""
    data = _b64(_bytes(rng, 24 + rng.randrange(16)))
    return f"ENC[AES256_GCM,data:{data},iv:{_b64(_bytes(rng, 32))},tag:{_b64(_bytes(rng, 16))},type:str]"


def circleci_masked(rng: random.Random) -> str:
    """CircleCI lists project variables as `xxxx` and the value's last four characters."""
    return "xxxx" + b62(4)(rng)


def gitlab_pat(rng: random.Random) -> str:
    return "glpat-" + pick(string.ascii_letters + string.digits + "-_", 20)(rng)


github_oauth_client_id = join("Ov23li", b62(14))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 4, 24, "the rules for 24 to 37 and 41")

TEMPLATES = [
    # ---- secrets: Jenkins
    S(
        CI,
        "jenkins_cli_auth",
        "$ java -jar jenkins-cli.jar -s https://ci.kestrel-labs.net/ -webSocket -auth release-bot:{v}"
        " build payments-api/main -p TAG=v2.14.0 -s -v",
        jenkins_api_token,
    ),
    S(
        CI,
        "jenkins_initial_admin_password",
        "jenkins-1  | *************************************************************\n"
        "jenkins-1  | Jenkins initial setup is required. An admin user has been created and a password generated.\n"
        "jenkins-1  | Please use the following password to proceed to installation:\n"
        "jenkins-1  |\n"
        "jenkins-1  | {v}\n"
        "jenkins-1  |\n"
        "jenkins-1  | This may also be found at: /var/jenkins_home/secrets/initialAdminPassword",
        hexl(32),
    ),
    S(
        CI,
        "jenkins_agent_secret",
        '$ java -jar agent.jar -url https://ci.kestrel-labs.net/ -secret {v} -name "linux-arm64-02"'
        ' -workDir "/home/jenkins/agent"',
        hexl(64),
    ),
    S(
        CI,
        "jenkins_init_groovy",
        "// $JENKINS_HOME/init.groovy.d/basic-security.groovy\n"
        "def realm = new HudsonPrivateSecurityRealm(false)\n"
        'realm.createAccount("admin", "{v}")\n'
        "Jenkins.instance.setSecurityRealm(realm)\nJenkins.instance.save()",
        password(16),
    ),
    S(
        CI,
        "jenkins_trigger_token",
        '$ curl -fsS -X POST "https://ci.kestrel-labs.net/job/nightly-e2e/build?token={v}&cause=cron+rebuild"',
        b62(32),
    ),
    # ---- secrets: Buildkite
    S(
        CI,
        "buildkite_api_token",
        '$ curl -sH "Authorization: Bearer {v}" '
        '"https://api.buildkite.com/v2/organizations/kestrel/pipelines/web-deploy/builds?state=failed"',
        join("bkua_", hexl(40)),
    ),
    S(
        CI,
        "buildkite_agent_cfg",
        '# /etc/buildkite-agent/buildkite-agent.cfg\nname="%hostname-%spawn"\nspawn=4\ntoken="{v}"\n'
        'tags="queue=deploy,os=linux"',
        buildkite_cluster_token,
    ),
    S(
        CI,
        "buildkite_jwks_private",
        "$ cat EdDSA-pipeline-signing-private.json\n"
        '{"keys":[{"alg":"EdDSA","crv":"Ed25519","d":"{v}","kid":"pipeline-signing","kty":"OKP","x":"{x}"}]}',
        b64url(43),
        x=b64url(43),
    ),
    # ---- secrets: CircleCI
    S(
        CI,
        "circleci_setup_token",
        "$ circleci setup --no-prompt --host https://circleci.com --token {v}",
        circleci_pat,
    ),
    S(
        CI,
        "circleci_cli_yml",
        "$ cat ~/.circleci/cli.yml\nhost: https://circleci.com\nendpoint: graphql-unstable\ntoken: {v}",
        hexl(40),
    ),
    S(
        CI,
        "circleci_context_value",
        '$ curl -X PUT -H "Circle-Token: $CIRCLE_TOKEN" -H "Content-Type: application/json" \\\n'
        "    https://circleci.com/api/v2/context/{ctx}/environment-variable/NPM_TOKEN \\\n"
        '    -d \'{"value":"{v}"}\'',
        join("npm_", b62(36)),
        ctx=uuid,
    ),
    # ---- secrets: Drone and Woodpecker
    S(
        CI,
        "drone_rpc_secret",
        "  drone-runner:\n    image: drone/drone-runner-docker:1\n    environment:\n"
        "      - DRONE_RPC_PROTO=https\n      - DRONE_RPC_HOST=drone.kestrel-labs.net\n"
        "      - DRONE_RPC_SECRET={v}\n      - DRONE_RUNNER_CAPACITY=2",
        hexl(32),
    ),
    S(
        CI,
        "drone_secret_add",
        "$ drone secret add --repository kestrel/storefront --name docker_password --data '{v}'",
        password(20),
    ),
    S(
        CI,
        "woodpecker_agent_secret",
        "woodpecker-agent:\n  environment:\n    - WOODPECKER_SERVER=woodpecker-server:9000\n"
        "    - WOODPECKER_AGENT_SECRET={v}",
        hexl(64),
    ),
    # ---- secrets: TeamCity
    S(
        CI,
        "teamcity_access_token",
        '$ curl -s -H "Authorization: Bearer {v}" -H "Accept: application/json" '
        '"https://teamcity.kestrel-labs.net/app/rest/builds?locator=buildType:Storefront_Release,count:5"',
        teamcity_token,
    ),
    # ---- secrets: Argo CD
    S(
        CI,
        "argocd_login_password",
        "$ argocd login argocd.kestrel-labs.net --grpc-web --username admin --password '{v}'",
        password(20),
    ),
    S(
        CI,
        "argocd_initial_secret_b64",
        '$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath="{.data.password}"\n{v}',
        argocd_initial_b64,
    ),
    S(
        CI,
        "argocd_generate_token",
        "$ argocd account generate-token --account ci-bot --expires-in 720h\n{v}",
        argocd_jwt,
    ),
    S(
        CI,
        "argocd_repo_secret",
        "metadata:\n  name: fleet-repo\n  namespace: argocd\n  labels:\n"
        "    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: git\n"
        "  url: https://gitlab.kestrel-labs.net/platform/fleet.git\n  username: argocd-reader\n  password: {v}",
        gitlab_pat,
    ),
    S(
        CI,
        "argocd_server_secretkey",
        "kind: Secret\nmetadata:\n  name: argocd-secret\n  namespace: argocd\ntype: Opaque\ndata:\n"
        "  server.secretkey: {v}",
        argocd_secretkey,
    ),
    # ---- secrets: Flux and SOPS
    S(
        CI,
        "flux_secret_git_password",
        "$ flux create secret git fleet-auth --url=https://git.kestrel-labs.net/platform/fleet-infra"
        " --username=flux --password={v} --export > fleet-auth.yaml",
        hexl(40),
    ),
    S(
        CI,
        "age_secret_key",
        "$ age-keygen -o age.agekey && cat age.agekey\n# created: 2024-05-02T09:12:44Z\n# public key: {pub}\n{v}",
        age_secret_key,
        pub=age_recipient,
    ),
    # ---- secrets: Spinnaker and Concourse
    S(
        CI,
        "spinnaker_oauth_client_secret",
        "$ hal config security authn oauth2 edit --provider github --client-id {cid} --client-secret {v}",
        hexl(40),
        cid=github_oauth_client_id,
    ),
    S(
        CI,
        "concourse_fly_login",
        "$ fly -t ci login -c https://concourse.kestrel-labs.net -n platform -u admin -p '{v}'",
        password(18),
    ),
    S(
        CI,
        "concourse_vault_secret_id",
        "CONCOURSE_VAULT_URL=https://vault.kestrel-labs.net:8200\nCONCOURSE_VAULT_AUTH_BACKEND=approle\n"
        'CONCOURSE_VAULT_AUTH_PARAM="role_id:{role},secret_id:{v}"',
        uuid,
        role=uuid,
    ),
    # ---- look-alikes: references, files and placeholders where a credential would stand
    L(
        CI,
        "jenkins_cli_auth_file",
        "$ java -jar jenkins-cli.jar -s https://ci.kestrel-labs.net/ -auth @{v} list-jobs payments-api",
        const("/home/ci/.config/jenkins-cli.auth"),
    ),
    L(
        CI,
        "jenkins_credentials_id",
        "withCredentials([usernamePassword(credentialsId: '{v}', usernameVariable: 'NEXUS_USER',"
        " passwordVariable: 'NEXUS_PASS')]) {\n    sh 'mvn -s settings.xml deploy'\n}",
        uuid,
    ),
    L(
        CI,
        "jenkins_masked_output",
        "[Pipeline] withCredentials\nMasking supported pattern matches of $NEXUS_PASS\n[Pipeline] sh\n"
        "+ docker login -u deployer -p {v} registry.kestrel-labs.net",
        const("****"),
    ),
    L(
        CI,
        "jenkins_casc_env_ref",
        "jenkins:\n  securityRealm:\n    local:\n      allowsSignup: false\n      users:\n"
        '        - id: "admin"\n          password: "{v}"',
        const("${JENKINS_ADMIN_PASSWORD}"),
    ),
    L(
        CI,
        "jenkins_checkout_sha",
        " > git rev-parse refs/remotes/origin/main^{commit} # timeout=10\n"
        "Checking out Revision {v} (refs/remotes/origin/main)",
        hexl(40),
    ),
    L(
        CI,
        "buildkite_cfg_placeholder",
        '# /etc/buildkite-agent/buildkite-agent.cfg (as shipped)\ntoken="{v}"\nname="%hostname-%spawn"',
        const("xxx"),
    ),
    L(
        CI,
        "buildkite_token_id",
        '[\n  {\n    "id": "{v}",\n    "description": "Linux deploy agents",\n'
        '    "allowed_ip_addresses": "10.40.0.0/16",',
        uuid,
    ),
    L(
        CI,
        "buildkite_jwks_public",
        "$ cat EdDSA-pipeline-signing-public.json\n"
        '{"keys":[{"alg":"EdDSA","crv":"Ed25519","kid":"pipeline-signing","kty":"OKP","x":"{v}"}]}',
        b64url(43),
    ),
    L(
        CI,
        "buildkite_secret_name",
        '  - label: ":npm: publish"\n    command: |\n'
        '      export NPM_TOKEN="$(buildkite-agent secret get {v})"\n      npm publish --access public',
        const("npm_publish_token"),
    ),
    L(
        CI,
        "circleci_env_ref",
        "    docker:\n      - image: cimg/node:20.11\n        auth:\n          username: $DOCKERHUB_USERNAME\n"
        "          password: {v}",
        const("$DOCKERHUB_PASSWORD"),
    ),
    L(
        CI,
        "circleci_masked_value",
        '{"next_page_token":null,"items":[{"name":"NPM_TOKEN","value":"{v}","created-at":"2024-05-02T09:14:11.000Z"}]}',
        circleci_masked,
    ),
    L(
        CI,
        "drone_from_secret",
        "  settings:\n    repo: kestrel/storefront\n    username: kestrel-ci\n    password:\n      from_secret: {v}",
        const("docker_password"),
    ),
    L(
        CI,
        "woodpecker_env_example",
        "# .env.example (generate your own with: openssl rand -hex 32)\nWOODPECKER_AGENT_SECRET={v}",
        counting(64, hex_digits=True),
    ),
    L(
        CI,
        "teamcity_credentials_json",
        '        password("env.DOCKER_PASSWORD", "{v}", display = ParameterDisplay.HIDDEN)',
        join("credentialsJSON:", uuid),
    ),
    L(
        CI,
        "argocd_token_id",
        "$ argocd account get --account ci-bot\nName:               ci-bot\nEnabled:            true\n"
        "Capabilities:       apiKey\n\nTokens:\nID                                    ISSUED AT"
        "             EXPIRING AT\n{v}  2024-05-02T09:14:11Z  2024-06-01T09:14:11Z",
        uuid,
    ),
    L(
        CI,
        "argocd_sync_revision",
        "Sync Policy:        Automated (Prune)\nSync Status:        Synced to main ({v})\nHealth Status:      Healthy",
        hexl(7),
    ),
    L(
        CI,
        "argocd_github_app_id",
        "  labels:\n    argocd.argoproj.io/secret-type: repo-creds\nstringData:\n"
        '  url: https://github.com/kestrel-labs\n  githubAppID: "{v}"\n  githubAppInstallationID: "{inst}"',
        digits(6),
        inst=digits(8),
    ),
    L(
        CI,
        "sops_age_recipient",
        "creation_rules:\n  - path_regex: clusters/.*\\.yaml\n    encrypted_regex: ^(data|stringData)$\n    age: {v}",
        age_recipient,
    ),
    L(
        CI,
        "sops_encrypted_value",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: fleet-auth\n  namespace: flux-system\nstringData:\n"
        "  password: {v}",
        sops_enc,
    ),
    L(
        CI,
        "flux_password_env_ref",
        "$ flux create secret git fleet-auth --url=https://git.kestrel-labs.net/platform/fleet-infra"
        ' --username=flux --password="{v}"',
        const("${GITEA_TOKEN}"),
    ),
    L(
        CI,
        "spinnaker_client_id",
        "$ hal config security authn oauth2 edit --provider github --client-id {v} --client-secret",
        github_oauth_client_id,
    ),
    L(
        CI,
        "spinnaker_encrypted_ref",
        "  github:\n    enabled: true\n    accounts:\n    - name: kestrel-github\n      token: {v}",
        const("encrypted:s3!r:eu-west-1!b:kestrel-spinnaker-secrets!f:spinnaker-secrets.yml!k:github.token"),
    ),
    L(
        CI,
        "concourse_var_ref",
        "- name: app-image\n  type: registry-image\n  source:\n    repository: kestrel/storefront\n"
        "    username: ((docker-hub.username))\n    password: {v}",
        const("((docker-hub.password))"),
    ),
    L(
        CI,
        "concourse_key_path",
        "CONCOURSE_SESSION_SIGNING_KEY={v}\nCONCOURSE_TSA_HOST_KEY=/etc/concourse/keys/tsa_host_key",
        const("/etc/concourse/keys/session_signing_key"),
    ),
]
