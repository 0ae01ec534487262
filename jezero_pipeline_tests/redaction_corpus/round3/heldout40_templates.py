"""A fortieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of container registries and artifact repositories: `docker login`, its
warnings and `~/.docker/config.json` (`auths`, credential helpers), Docker Hub personal and organization
access tokens (`dckr_pat_`, `dckr_oat_`) and the Hub access-token API, GHCR's `CR_PAT` login, AWS ECR
(`get-login-password`, `get-authorization-token`, `describe-images`, ECS `repositoryCredentials`), Google
Artifact Registry (`_json_key`, `_json_key_base64`, `oauth2accesstoken`), Azure Container Registry (`az acr
credential show/renew`, `--expose-token` with the null-GUID username, repository-scoped tokens, service
principals), Quay robot accounts, Harbor robot accounts (`robot$project+name`, the downloaded robot JSON),
GitLab deploy tokens and CI variables (`gldt-`, `gitlab+deploy-token-n`, Kaniko's config), Sonatype Nexus
(`admin.password`, `.npmrc` `_auth`, Maven `settings.xml`), Helm (`repo add`, `registry login`,
`repositories.yaml`), skopeo, oras, `kubectl create secret docker-registry`, BuildKit build secrets, and image
digests and IDs, in commands, config files and tool output, with the public ids, references, masks and
placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 38 and 41):
24 of 27 secrets caught, 1 of 25 look-alikes altered (missed: the token `aws ecr get-login-password` prints, a
robot token after `-p=` in quotes, a UUID password printed by `cat admin.password; echo`; altered: a deploy
token's user name after `docker login -u`).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

RG = "registry"

NULL_GUID = "00000000-0000-0000-0000-000000000000"
RSA_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD"


def b64encode(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def basic_auth(user: str, secret):
    """`base64(user:secret)`, the `auth` value of a Docker config entry or an `.npmrc` `_auth`."""
    return lambda rng: b64encode(f"{user}:{secret(rng)}")


def ecr_token(rng: random.Random) -> str:
    """What `aws ecr get-login-password` prints: base64 of a JSON envelope with payload and data key."""
    envelope = {
        "payload": b64(1180)(rng) + "==",
        "datakey": b64(276)(rng) + "=",
        "version": "2",
        "type": "DATA_KEY",
        "expiration": int("17" + digits(8)(rng)),
    }
    return b64encode(json.dumps(envelope, separators=(",", ":")))


def ecr_authorization_token(rng: random.Random) -> str:
    """`authorizationToken` of `get-authorization-token`: base64 of `AWS:<password>`."""
    return b64encode("AWS:" + ecr_token(rng))


def acr_refresh_jwt(rng: random.Random) -> str:
    """An ACR refresh token as `az acr login --expose-token` prints it (the password for the null GUID)."""
    kid = ":".join(pick(string.ascii_uppercase + "234567", 4)(rng) for _ in range(12))
    iat = int("17" + digits(8)(rng))
    payload = {
        "jti": uuid(rng),
        "sub": "dev@acme.example",
        "nbf": iat,
        "exp": iat + 10800,
        "iat": iat,
        "iss": "Azure Container Registry",
        "aud": "acmeprod.azurecr.io",
        "version": "1.0",
        "rid": hexl(32)(rng),
        "grant_type": "refresh_token",
        "tenant": uuid(rng),
        "permissions": {"actions": ["read", "write", "delete"], "notActions": []},
        "roles": [],
    }
    header = {"alg": "RS256", "typ": "JWT", "kid": kid}
    return b64url_json(header) + "." + b64url_json(payload) + "." + b64url(342)(rng)


def sa_key_base64(rng: random.Random) -> str:
    """A service-account key file, base64-encoded, as the `_json_key_base64` password."""
    body = "\n".join([RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(24)(rng) + "="])
    key = {
        "type": "service_account",
        "project_id": "acme-prod-4471",
        "private_key_id": hexl(40)(rng),
        "private_key": "-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n",
        "client_email": "ar-pusher@acme-prod-4471.iam.gserviceaccount.com",
        "client_id": digits(21)(rng),
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
        "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/"
        "ar-pusher%40acme-prod-4471.iam.gserviceaccount.com",
        "universe_domain": "googleapis.com",
    }
    return b64encode(json.dumps(key, indent=2) + "\n")


def dockerconfigjson(rng: random.Random) -> str:
    """The `.dockerconfigjson` data of a pull secret as `kubectl create secret docker-registry` writes it."""
    user, secret = "robot$payments+deployer", b62(32)(rng)
    auths = {
        "auths": {
            "harbor.acme.internal": {
                "username": user,
                "password": secret,
                "auth": b64encode(f"{user}:{secret}"),
            }
        }
    }
    return b64encode(json.dumps(auths, separators=(",", ":")))


dckr_pat = join("dckr_pat_", b64url(27))
acr_password = join(b62(42), "+ACR", b62(6))
harbor_secret = b62(32)
sha256_digest = join("sha256:", hexl(64))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 27, 1, 25, "the rules for 24 to 38 and 41")

TEMPLATES = [
    # ---- secrets: Docker Hub and GHCR
    S(
        RG,
        "dockerhub_pat_cli",
        "$ docker login -u octoship -p {v}\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\n"
        "WARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\n"
        "Configure a credential helper to remove this warning. See\nhttps://docs.docker.com/go/credential-store/\n\n"
        "Login Succeeded",
        dckr_pat,
    ),
    S(
        RG,
        "dockerhub_oat_env",
        "# .env on the build runner (org token: the username is the organization)\n"
        "DOCKERHUB_USERNAME=acmeplatform\nDOCKERHUB_OAT={v}",
        join("dckr_oat_", b62(32)),
    ),
    S(
        RG,
        "docker_config_auth",
        '$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"https://index.docker.io/v1/": {\n\t\t\t"auth": "{v}"\n'
        "\t\t}\n\t}\n}",
        basic_auth("octoship", dckr_pat),
    ),
    S(
        RG,
        "credential_helper_get",
        '$ echo "https://index.docker.io/v1/" | docker-credential-pass get\n'
        '{"ServerURL":"https://index.docker.io/v1/","Username":"octoship","Secret":"{v}"}',
        password(18),
    ),
    S(
        RG,
        "ghcr_cr_pat",
        "$ export CR_PAT={v}\n$ echo $CR_PAT | docker login ghcr.io -u octoship --password-stdin\nLogin Succeeded",
        join("ghp_", b62(36)),
    ),
    # ---- secrets: AWS ECR
    S(RG, "ecr_login_password", "$ aws ecr get-login-password --region eu-west-1\n{v}", ecr_token),
    S(
        RG,
        "ecr_authorization_token",
        '$ aws ecr get-authorization-token --region eu-west-1\n{\n    "authorizationData": [\n        {\n'
        '            "authorizationToken": "{v}",\n            "expiresAt": "2024-06-12T02:14:37.150000+00:00",\n'
        '            "proxyEndpoint": "https://{acct}.dkr.ecr.eu-west-1.amazonaws.com"\n        }\n    ]\n}',
        ecr_authorization_token,
        acct=digits(12),
    ),
    # ---- secrets: Google Artifact Registry
    S(RG, "gar_access_token", "$ gcloud auth print-access-token\n{v}", join("ya29.a0", b64url(236))),
    S(
        RG,
        "gar_json_key_base64",
        '$ docker login -u _json_key_base64 -p "{v}" https://europe-west3-docker.pkg.dev',
        sa_key_base64,
    ),
    # ---- secrets: Azure Container Registry
    S(
        RG,
        "acr_admin_password",
        '$ az acr credential show --name acmeprod --query "passwords[0].value" --output tsv\n{v}',
        acr_password,
    ),
    S(
        RG,
        "acr_token_password",
        "$ docker login acmeprod.azurecr.io --username ci-pull-token --password {v}\n"
        "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
        acr_password,
    ),
    S(
        RG,
        "acr_expose_token",
        "$ az acr login --name acmeprod --expose-token\nYou can perform manual login using the provided access token"
        " below, for example: 'docker login loginServer -u 00000000-0000-0000-0000-000000000000 -p accessToken'\n"
        '{\n  "accessToken": "{v}",\n  "loginServer": "acmeprod.azurecr.io"\n}',
        acr_refresh_jwt,
    ),
    S(
        RG,
        "oras_identity_token",
        "$ oras login acmeprod.azurecr.io --identity-token {v}\nLogin Succeeded",
        acr_refresh_jwt,
    ),
    S(
        RG,
        "kubectl_docker_password",
        "$ kubectl create secret docker-registry acr-pull --namespace payments --docker-server=acmeprod.azurecr.io"
        " --docker-username={appid} --docker-password='{v}'",
        join(b62(3), "8Q~", pick(B62 + "_~.-", 34)),
        appid=uuid,
    ),
    # ---- secrets: Quay, Harbor, GitLab
    S(RG, "quay_robot_login", '$ docker login -u="acme+ci_pusher" -p="{v}" quay.io\nLogin Succeeded', upper_alnum(64)),
    S(
        RG,
        "harbor_robot_json",
        "$ cat ~/Downloads/'robot$payments+ci.json'\n"
        '{"creation_time":"2024-05-02T09:14:51.407Z","expires_at":1722503691,"id":17,'
        '"name":"robot$payments+ci","secret":"{v}"}',
        harbor_secret,
    ),
    S(
        RG,
        "harbor_helm_registry_login",
        "$ helm registry login harbor.acme.internal --username 'robot$charts+publisher' --password {v}\n"
        "WARNING: Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
        harbor_secret,
    ),
    S(
        RG,
        "gitlab_deploy_token",
        "$ docker login registry.gitlab.com -u gitlab+deploy-token-{num} -p {v}",
        join("gldt-", b64url(20)),
        num=digits(7),
    ),
    S(
        RG,
        "dockerconfigjson_secret",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: harbor-pull\n  namespace: payments\n"
        "type: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: {v}",
        dockerconfigjson,
    ),
    S(
        RG,
        "kaniko_config_auth",
        "    - mkdir -p /kaniko/.docker\n"
        '    - echo \'{"auths":{"harbor.acme.internal":{"auth":"{v}"}}}\' > /kaniko/.docker/config.json',
        basic_auth("robot$ci+kaniko", harbor_secret),
    ),
    # ---- secrets: Sonatype Nexus and Helm
    S(RG, "nexus_admin_password", "$ docker exec nexus cat /nexus-data/admin.password; echo\n{v}", uuid),
    S(
        RG,
        "nexus_npmrc_auth",
        "registry=https://nexus.acme.internal/repository/npm-group/\n"
        "//nexus.acme.internal/repository/npm-group/:_auth={v}\nalways-auth=true",
        basic_auth("npm-deployer", password(16)),
    ),
    S(
        RG,
        "maven_settings_password",
        "    <server>\n      <id>nexus-releases</id>\n      <username>deployment</username>\n"
        "      <password>{v}</password>\n    </server>",
        pick(B62 + "!#%^*@$", 16),
    ),
    S(
        RG,
        "helm_repositories_yaml",
        '$ cat ~/.config/helm/repositories.yaml\napiVersion: ""\ngenerated: "0001-01-01T00:00:00Z"\nrepositories:\n'
        '- caFile: ""\n  certFile: ""\n  insecure_skip_tls_verify: false\n  keyFile: ""\n  name: acme-charts\n'
        "  pass_credentials_all: false\n  password: {v}\n"
        "  url: https://nexus.acme.internal/repository/helm-hosted/\n  username: helm-ci",
        b62(24),
    ),
    # ---- secrets: skopeo and BuildKit
    S(
        RG,
        "skopeo_src_creds",
        "$ skopeo copy --src-creds mirror-bot:{v} docker://nexus.acme.internal:8443/base/python:3.12-slim"
        " docker://{acct}.dkr.ecr.eu-west-1.amazonaws.com/base/python:3.12-slim",
        b62(20),
        acct=digits(12),
    ),
    S(
        RG,
        "buildx_build_arg",
        "$ docker buildx build --build-arg NEXUS_USER=ci --build-arg NEXUS_PASSWORD={v} -t acme/api:dev .",
        b62(18),
    ),
    S(
        RG,
        "buildx_git_auth_token",
        "$ GIT_AUTH_TOKEN={v} docker buildx build --secret id=GIT_AUTH_TOKEN https://github.com/acme/private-svc.git",
        join("github_pat_", b62(22), "_", b62(59)),
    ),
    # ---- look-alikes: usernames and names that are not credentials
    L(
        RG,
        "acr_null_guid_username",
        "$ TOKEN=$(az acr login --name acmeprod --expose-token --output tsv --query accessToken)\n"
        "$ docker login acmeprod.azurecr.io --username {v} --password-stdin <<< $TOKEN\nLogin Succeeded",
        const(NULL_GUID),
    ),
    L(
        RG,
        "acr_auth_username_only",
        "$ jq -r '.auths[\"acmeprod.azurecr.io\"].auth' ~/.docker/config.json\n{v}",
        const(b64encode(NULL_GUID + ":")),
        note="base64 of the null-GUID username and an empty password: the refresh token sits in identitytoken",
    ),
    L(RG, "acr_password_name", "$ az acr credential renew --name acmeprod --password-name {v}", const("password2")),
    L(
        RG,
        "gar_oauth2_username",
        "$ gcloud auth print-access-token | docker login -u {v} --password-stdin https://europe-west3-docker.pkg.dev",
        const("oauth2accesstoken"),
    ),
    L(
        RG,
        "gar_json_key_username",
        "$ cat ar-pusher-key.json | docker login -u {v} --password-stdin https://europe-west3-docker.pkg.dev\n"
        "Login Succeeded",
        const("_json_key"),
    ),
    L(
        RG,
        "gitlab_deploy_username",
        '$ docker login -u {v} -p "$CI_DEPLOY_PASSWORD" "$CI_REGISTRY"',
        join("gitlab+deploy-token-", digits(6)),
    ),
    L(
        RG,
        "harbor_robot_username",
        "$ echo \"$HARBOR_ROBOT_SECRET\" | docker login harbor.acme.internal -u '{v}' --password-stdin",
        const("robot$payments+ci"),
    ),
    L(RG, "quay_token_username", "$ docker login quay.io\nUsername: {v}\nPassword:\nLogin Succeeded", const("$token")),
    L(
        RG,
        "pull_secret_name",
        "    spec:\n      imagePullSecrets:\n        - name: {v}\n      containers:\n        - name: api\n"
        "          image: quay.io/acme/api:v3.2.0",
        const("acme-ci-pusher-pull-secret"),
    ),
    L(
        RG,
        "buildx_secret_id",
        "$ docker buildx build --secret id={v},env=NEXUS_PASSWORD -t acme/api:dev .",
        const("nexus_password"),
    ),
    # ---- look-alikes: public ids and digests
    L(
        RG,
        "ecr_registry_account",
        "$ aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin"
        " {v}.dkr.ecr.eu-west-1.amazonaws.com\nLogin Succeeded",
        digits(12),
    ),
    L(
        RG,
        "ecr_image_digest",
        "$ aws ecr describe-images --repository-name payments/api --image-ids imageTag=v2.14.0\n"
        '{\n    "imageDetails": [\n        {\n            "registryId": "{acct}",\n'
        '            "repositoryName": "payments/api",\n            "imageDigest": "{v}",\n'
        '            "imageTags": [\n                "v2.14.0"\n            ],\n'
        '            "imageSizeInBytes": 48213377,',
        sha256_digest,
        acct=digits(12),
    ),
    L(
        RG,
        "dockerhub_token_uuid",
        "$ curl -s -H \"Authorization: Bearer $HUB_JWT\" https://hub.docker.com/v2/access-tokens | jq '.results[0]'\n"
        '{\n  "uuid": "{v}",\n  "client_id": "HUB",\n  "created_at": "2024-04-18T07:31:02.52Z",\n'
        '  "last_used": "2024-05-30T11:02:44Z",\n  "generated_by": "manual",\n  "is_active": true,\n'
        '  "token": "",\n  "token_label": "ci-push",\n  "scopes": [\n    "repo:write"\n  ]\n}',
        uuid,
    ),
    L(
        RG,
        "push_digest",
        "$ docker push acme/payments-api:2.14.0\nThe push refers to repository [docker.io/acme/payments-api]\n"
        "{layer}: Layer already exists\n2.14.0: digest: sha256:{v} size: 1783",
        hexl(64),
        layer=hexl(12),
    ),
    L(
        RG,
        "image_id",
        "$ docker images acme/payments-api\nREPOSITORY          TAG       IMAGE ID       CREATED       SIZE\n"
        "acme/payments-api   2.14.0    {v}   3 hours ago   212MB",
        hexl(12),
    ),
    # ---- look-alikes: references, masks, paths and placeholders
    L(
        RG,
        "cr_pat_reference",
        "$ echo {v} | docker login ghcr.io -u octoship --password-stdin\nLogin Succeeded",
        const("$CR_PAT"),
    ),
    L(
        RG,
        "gha_secret_ref",
        "      - name: Login to Docker Hub\n        uses: docker/login-action@v3\n        with:\n"
        "          username: ${{ vars.DOCKERHUB_USERNAME }}\n          password: {v}",
        const("${{ secrets.DOCKERHUB_TOKEN }}"),
    ),
    L(
        RG,
        "gha_masked",
        "Run docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: octoship\n    password: {v}\n"
        "    logout: true\nLogging into ghcr.io...\nLogin Succeeded!",
        const("***"),
    ),
    L(
        RG,
        "kaniko_ci_reference",
        '    - echo "{\\"auths\\":{\\"${CI_REGISTRY}\\":{\\"auth\\":\\"{v}\\"}}}" > /kaniko/.docker/config.json',
        const('$(printf "%s:%s" "${CI_REGISTRY_USER}" "${CI_REGISTRY_PASSWORD}" | base64 | tr -d \'\\n\')'),
    ),
    L(
        RG,
        "ecs_secret_arn",
        '      "image": "octoship/private-api:2.14.0",\n      "repositoryCredentials": {\n'
        '        "credentialsParameter": "{v}"\n      },',
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:ci/dockerhub-pull-", b62(6)),
    ),
    L(
        RG,
        "nexus_password_path",
        "Nexus is up on :8081. The generated admin password is in {v} inside the container; the file is deleted"
        " once the setup wizard changes it.",
        const("/nexus-data/admin.password"),
    ),
    L(
        RG,
        "helm_keyfile_path",
        "- caFile: /etc/ssl/certs/acme-root.pem\n  certFile: /etc/ssl/certs/helm-client.crt\n  keyFile: {v}\n"
        "  name: acme-charts\n  url: https://nexus.acme.internal/repository/helm-hosted/",
        const("/etc/ssl/private/helm-client.key"),
    ),
    L(RG, "skopeo_authfile", "$ skopeo login --authfile {v} quay.io", const("${XDG_RUNTIME_DIR}/containers/auth.json")),
    L(
        RG,
        "placeholder",
        "# .env.example (copy to .env and paste a Docker Hub PAT)\nDOCKERHUB_USERNAME=octoship\nDOCKERHUB_TOKEN={v}",
        const("dckr_pat_" + "x" * 27),
    ),
    L(
        RG,
        "placeholder",
        "# README: replace the filler below with the robot token shown in the Quay UI\n"
        'docker login -u="acme+ci_pusher" -p="{v}" quay.io',
        interleaved(64, upper=True),
    ),
]
