"""A seventy-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of CI services other than GitHub Actions and GitLab: CircleCI (personal
and project API tokens with their `CCIPAT_`/`CCIPRJ_` formats, `Circle-Token`, `~/.circleci/cli.yml`,
`circleci context store-secret`, the v1.1 envvar API that masks values as `xxxx` plus the last four),
Travis CI (`travis encrypt`, `travis encrypt-file -K/--iv`, `secure:` values, `$encrypted_<id>_key`
names, API v3 `Authorization: token`), AppVeyor (`secure:` values, the `secure-file` tool), Azure
Pipelines (`##vso[task.setvariable …;issecret=true]`, `az pipelines variable-group variable create
--secret`, `AZURE_DEVOPS_EXT_PAT`, `$(System.AccessToken)`, `***` masking, AzureKeyVault@2), Bitbucket
Pipelines (app passwords, repository variables, `$VAR` references in pipes), Drone (`drone secret add`,
`from_secret`, `DRONE_RPC_SECRET`, the GitHub OAuth client id/secret), Woodpecker (`WOODPECKER_AGENT_SECRET`,
`woodpecker-cli repo secret add`, Gitea OAuth client), Buildkite (cluster agent tokens `bkct_`, API
access tokens `bkua_`, `buildkite-agent secret get`), Semaphore (`sem connect`, `sem create secret -e`,
`secrets:` in pipelines), Codemagic (`x-auth-token`, app ids, `Encrypted(…)` values), Bitrise (the
Build Trigger API, app slugs, `build_trigger_token`), Cirrus CI (`ENCRYPTED[…]` ids, `SECURED[!…]`,
`VAULT[…]`, `HIDDEN-BY-CIRRUS-CI`) and Harness (`pat.` API tokens, delegate `ACCOUNT_ID`/`DELEGATE_TOKEN`,
`<+secrets.getValue(…)>`), in commands, config files, logs and API calls, with the encrypted envelopes,
public ids, references and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 70 to 74):
22 of 25 secrets caught, 5 of 23 look-alikes altered (missed: a secret piped into `circleci context store-secret`, a
key after `travis encrypt-file -K`, a token after `sem connect HOST`; altered: AppVeyor's `secure:` ciphertext,
Cirrus's `ENCRYPTED[…]`, `VAULT[…]` and `HIDDEN-BY-CIRRUS-CI`, a Harness account id).
"""

from __future__ import annotations

import base64
import random

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

CI = "ciconf"

BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567"


def azure_pat(rng: random.Random) -> str:
    """A classic 52-character Azure DevOps personal access token (lowercase base32)."""
    return pick(BASE32_LOWER, 52)(rng)


def bk_cluster_token(rng: random.Random) -> str:
    """`bkct_` + base64 of the org number, a dot, then a base58 body."""
    org = base64.b64encode(digits(6)(rng).encode()).decode().rstrip("=")
    return "bkct_" + org + "." + b58(69)(rng)


def harness_delegate_token(rng: random.Random) -> str:
    return base64.b64encode(hexl(32)(rng).encode()).decode()


def codemagic_encrypted(rng: random.Random) -> str:
    """A Fernet token, base64-encoded once more, as legacy `Encrypted(…)` values carry it."""
    fernet = "gAAAAAB" + b64url(113)(rng) + "="
    return base64.b64encode(fernet.encode()).decode()


ccipat = join("CCIPAT_", b58(22), "_", hexl(40))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 5, 23, "the rules for 70 to 74")

TEMPLATES = [
    # ---- secrets: CircleCI
    S(
        CI,
        "circleci_pat_header",
        '$ curl -s -H "Circle-Token: {v}" https://circleci.com/api/v2/me | jq .login',
        ccipat,
    ),
    S(
        CI,
        "circleci_cli_yml",
        "$ cat ~/.circleci/cli.yml\nhost: https://circleci.com\nendpoint: graphql-unstable\ntoken: {v}",
        hexl(40),
    ),
    S(
        CI,
        "circleci_context_store_secret",
        "$ printf '%s' '{v}' | circleci context store-secret github acme-robotics deploy-prod PYPI_PASSWORD",
        password(24),
    ),
    # ---- secrets: Travis CI
    S(
        CI,
        "travis_api_token",
        '$ curl -s -H "Travis-API-Version: 3" -H "Authorization: token {v}"'
        " https://api.travis-ci.com/repo/acme-robotics%2Ffirmware",
        b64url(22),
    ),
    S(
        CI,
        "travis_encrypt_file_key",
        "$ travis encrypt-file .travis/deploy_key -K {v} --iv {iv} --com --add",
        hexl(64),
        iv=hexl(32),
    ),
    S(
        CI,
        "travis_encrypt_plaintext",
        "$ travis encrypt DEPLOY_PASSWORD='{v}' --add env.global --com",
        password(20),
    ),
    # ---- secrets: AppVeyor
    S(
        CI,
        "appveyor_secure_file_secret",
        "install:\n  - ps: nuget install secure-file -ExcludeVersion\n"
        "  - cmd: secure-file\\tools\\secure-file -decrypt build\\signing.pfx.enc -secret {v} -salt %pfx_salt%",
        b62(18),
    ),
    # ---- secrets: Azure Pipelines
    S(
        CI,
        "azure_devops_pat",
        "$ export AZURE_DEVOPS_EXT_PAT={v}\n"
        "$ az devops configure --defaults organization=https://dev.azure.com/acme-robotics",
        azure_pat,
    ),
    S(
        CI,
        "azure_setvariable_issecret",
        '  - bash: echo "##vso[task.setvariable variable=NUGET_API_KEY;issecret=true]{v}"\n'
        "    displayName: Export feed key",
        join("oy2", lower_alnum(43)),
    ),
    S(
        CI,
        "azure_variable_group_secret",
        "$ az pipelines variable-group variable create --group-id 14 --name SONAR_TOKEN --secret true --value {v}",
        join("sqp_", hexl(40)),
    ),
    # ---- secrets: Bitbucket Pipelines
    S(
        CI,
        "bitbucket_app_password",
        "$ curl -s -u acme-ci:{v}"
        " https://api.bitbucket.org/2.0/repositories/acme-robotics/firmware/pipelines_config/variables/",
        join("ATBB", b62(28), hexu(8)),
    ),
    # ---- secrets: Drone and Woodpecker
    S(
        CI,
        "drone_secret_add",
        "$ drone secret add --repository acme-robotics/firmware --name docker_password --data {v}",
        password(22),
    ),
    S(
        CI,
        "drone_rpc_secret",
        "$ docker run --detach --name=drone-runner --env=DRONE_RPC_PROTO=https --env=DRONE_RPC_HOST=drone.acme.dev"
        " --env=DRONE_RPC_SECRET={v} --env=DRONE_RUNNER_CAPACITY=2 drone/drone-runner-docker:1",
        hexl(32),
    ),
    S(
        CI,
        "drone_github_client_secret",
        "DRONE_GITHUB_CLIENT_ID={cid}\nDRONE_GITHUB_CLIENT_SECRET={v}\nDRONE_SERVER_HOST=drone.acme.dev",
        hexl(40),
        cid=hexl(20),
    ),
    S(
        CI,
        "woodpecker_agent_secret",
        "  woodpecker-agent:\n    image: woodpeckerci/woodpecker-agent:v3\n    environment:\n"
        "      - WOODPECKER_SERVER=woodpecker-server:9000\n      - WOODPECKER_AGENT_SECRET={v}",
        hexl(64),
    ),
    S(
        CI,
        "woodpecker_cli_secret",
        "$ woodpecker-cli repo secret add --repository acme-robotics/web --name npm_token --event tag --value {v}",
        join("npm_", b62(36)),
    ),
    S(
        CI,
        "woodpecker_gitea_secret",
        "WOODPECKER_GITEA=true\nWOODPECKER_GITEA_URL=https://git.acme.dev\nWOODPECKER_GITEA_CLIENT={cid}\n"
        "WOODPECKER_GITEA_SECRET={v}",
        join("gto_", pick(BASE32_LOWER, 52)),
        cid=uuid,
    ),
    # ---- secrets: Buildkite
    S(
        CI,
        "buildkite_cluster_token",
        '$ buildkite-agent start --token {v} --tags "queue=linux-large" --name "ci-linux-%spawn"',
        bk_cluster_token,
    ),
    S(
        CI,
        "buildkite_api_token",
        '$ curl -s -H "Authorization: Bearer {v}" https://api.buildkite.com/v2/organizations/acme-robotics/pipelines',
        join("bkua_", hexl(40)),
    ),
    # ---- secrets: Harness
    S(
        CI,
        "harness_pat",
        "$ curl -s -H 'x-api-key: {v}' 'https://app.harness.io/ng/api/user/currentUser?accountIdentifier={acct}'",
        join("pat.", b64url(22), ".", hexl(24), ".", b62(20)),
        acct=b64url(22),
    ),
    S(
        CI,
        "harness_delegate_token",
        "$ docker run --cpus=1 --memory=2g -e DELEGATE_NAME=docker-delegate -e NEXT_GEN=true -e ACCOUNT_ID={acct}"
        " -e DELEGATE_TOKEN={v} -e MANAGER_HOST_AND_PORT=https://app.harness.io harness/delegate:24.07.83605",
        harness_delegate_token,
        acct=b64url(22),
    ),
    # ---- secrets: Semaphore
    S(CI, "semaphore_connect", "$ sem connect acme-robotics.semaphoreci.com {v}", b62(20)),
    S(
        CI,
        "semaphore_create_secret",
        "$ sem create secret aws-deploy -e AWS_ACCESS_KEY_ID={kid} -e AWS_SECRET_ACCESS_KEY={v}",
        b64(40),
        kid=join("AKIA", pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)),
    ),
    # ---- secrets: Bitrise and Cirrus
    S(
        CI,
        "bitrise_trigger_token",
        "$ curl https://app.bitrise.io/app/{slug}/build/start.json --data "
        '\'{"hook_info":{"type":"bitrise","build_trigger_token":"{v}"},"build_params":{"branch":"main"}}\'',
        b64url(22),
        slug=hexl(16),
    ),
    S(
        CI,
        "cirrus_plain_env_uuid",
        "coverage_task:\n  env:\n    CODECOV_TOKEN: {v}\n  upload_script: codecov --token $CODECOV_TOKEN",
        uuid,
        note="a Codecov upload token committed in plain text where ENCRYPTED[…] belonged",
    ),
    # ---- look-alikes: encrypted envelopes, safe to commit by design
    L(
        CI,
        "travis_secure_blob",
        'env:\n  global:\n    - secure: "{v}"',
        b64(342, "=="),
    ),
    L(
        CI,
        "travis_encrypted_var_id",
        "before_install:\n  - openssl aes-256-cbc -K $encrypted_{v}_key -iv $encrypted_{v}_iv"
        " -in .travis/deploy_key.enc -out ~/.ssh/id_ed25519 -d",
        hexl(12),
    ),
    L(
        CI,
        "appveyor_secure",
        "environment:\n  NUGET_API_KEY:\n    secure: {v}\n  PYTHON: C:\\Python312-x64",
        b64(64),
    ),
    L(
        CI,
        "appveyor_placeholder",
        "  GITHUB_TOKEN:\n    secure: {v}   # paste the value from Account > Encrypt YAML",
        const("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    L(
        CI,
        "cirrus_encrypted_id",
        "publish_task:\n  only_if: $CIRRUS_TAG != ''\n  environment:\n    TWINE_PASSWORD: ENCRYPTED[{v}]\n"
        "  publish_script: twine upload dist/*",
        hexl(96),
    ),
    L(
        CI,
        "codemagic_encrypted",
        "    publishing:\n      google_play:\n        credentials: Encrypted({v})\n        track: internal",
        codemagic_encrypted,
    ),
    # ---- look-alikes: references and secret names
    L(CI, "cirrus_vault_ref", "  environment:\n    PYPI_TOKEN: VAULT[{v}]", const("secret/data/pypi data.api_token")),
    L(
        CI,
        "azure_system_accesstoken",
        "  - script: ./scripts/tag-release.sh\n    env:\n      SYSTEM_ACCESSTOKEN: {v}",
        const("$(System.AccessToken)"),
    ),
    L(
        CI,
        "azure_keyvault_filter",
        "  - task: AzureKeyVault@2\n    inputs:\n      azureSubscription: 'acme-prod-arm'\n"
        "      KeyVaultName: 'kv-acme-prod'\n      SecretsFilter: '{v}'",
        const("sonar-token,nuget-api-key"),
    ),
    L(
        CI,
        "drone_from_secret",
        "  - name: publish\n    image: plugins/docker\n    settings:\n      username: acmebot\n"
        "      password:\n        from_secret: {v}",
        const("docker_password"),
    ),
    L(
        CI,
        "buildkite_secret_get",
        '    command:\n      - export NPM_TOKEN="$$(buildkite-agent secret get {v})"\n      - npm publish',
        const("npm_publish_token"),
    ),
    L(
        CI,
        "harness_secret_ref",
        "            spec:\n              connectorRef: account.dockerhub\n              password: {v}",
        const('<+secrets.getValue("account.dockerhub_pat")>'),
    ),
    L(
        CI,
        "bitbucket_pipe_var_ref",
        "        - pipe: atlassian/aws-s3-deploy:1.6.0\n          variables:\n"
        "            AWS_ACCESS_KEY_ID: $AWS_ACCESS_KEY_ID\n            AWS_SECRET_ACCESS_KEY: {v}",
        const("$AWS_SECRET_ACCESS_KEY"),
    ),
    L(
        CI,
        "semaphore_secret_name",
        "  - name: Deploy\n    task:\n      secrets:\n        - name: {v}\n      jobs:\n        - name: Push\n",
        const("aws-deploy"),
    ),
    # ---- look-alikes: masks
    L(
        CI,
        "circleci_masked_envvar",
        "$ curl -s https://circleci.com/api/v1.1/project/gh/acme-robotics/firmware/envvar"
        ' -H "Circle-Token: $CIRCLE_TOKEN"\n'
        '[{"name":"NPM_TOKEN","value":"{v}"},{"name":"SENTRY_AUTH_TOKEN","value":"xxxx91fa"}]',
        join("xxxx", b62(4)),
    ),
    L(
        CI,
        "azure_masked",
        "##[section]Starting: Push packages\n"
        "/usr/bin/dotnet nuget push out/*.nupkg --source https://api.nuget.org/v3/index.json"
        " --api-key {v}",
        const("***"),
    ),
    L(
        CI,
        "cirrus_hidden_mask",
        "publish_script\n+ twine upload --username __token__ --password {v} dist/*",
        const("HIDDEN-BY-CIRRUS-CI"),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        CI,
        "circleci_org_id",
        "$ circleci context create --org-id {v} deploy-prod",
        uuid,
    ),
    L(
        CI,
        "drone_github_client_id",
        "DRONE_GITHUB_CLIENT_ID={v}\nDRONE_GITHUB_CLIENT_SECRET=${GH_OAUTH_SECRET}",
        hexl(20),
    ),
    L(
        CI,
        "woodpecker_gitea_client",
        "WOODPECKER_GITEA_URL=https://git.acme.dev\nWOODPECKER_GITEA_CLIENT={v}\n"
        "WOODPECKER_GITEA_SECRET=${GITEA_OAUTH_SECRET}",
        uuid,
    ),
    L(
        CI,
        "harness_account_id",
        "$ docker run -e DELEGATE_NAME=docker-delegate -e ACCOUNT_ID={v} -e DELEGATE_TOKEN=$HARNESS_DELEGATE_TOKEN"
        " harness/delegate:24.07.83605",
        b64url(22),
    ),
    L(
        CI,
        "bitrise_app_slug",
        "$ curl https://app.bitrise.io/app/{v}/build/start.json --data "
        '\'{"hook_info":{"type":"bitrise","build_trigger_token":"\'"$BITRISE_TRIGGER_TOKEN"\'"},'
        '"build_params":{"branch":"main"}}\'',
        hexl(16),
    ),
    L(
        CI,
        "codemagic_app_id",
        '$ curl -H "Content-Type: application/json" -H "x-auth-token: $CM_API_TOKEN" --data '
        '\'{"appId": "{v}", "workflowId": "ios-release", "branch": "main"}\' https://api.codemagic.io/builds',
        hexl(24),
    ),
]
