"""A hundred-and-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of GPU clouds and model-serving platforms: RunPod (`runpodctl config
--apiKey`, `rpa_` keys and 32-character legacy keys, the serverless `api.runpod.ai/v2/<endpoint>` API,
the S3 API's `user_`/`rps_` pair, pod and endpoint ids), Vast.ai (`vastai set api-key` positional,
64-hex keys under Bearer and the older `api_key=` query, image digests), Lambda Cloud
(`secret_<name>_<hex>.<token>` keys, `curl -u key:`, SkyPilot's `~/.lambda_cloud/lambda_keys`, instance
JSON with `jupyter_token` beside the instance id, SSH public keys), Paperspace (`pspace login <key>`,
machine ids), CoreWeave (Cloud Console tokens in kubeconfigs and their `token: REDACTED` form, AI Object
Storage `accessKeyId`/`secretKey` from `/v1/cwobject/access-key`, masked `aws configure list`), Modal
(`ak-`/`as-` token pairs, `~/.modal.toml`, `modal token set`, `modal secret create NAME=VALUE`,
`Modal-Key`/`Modal-Secret` proxy auth, `ap-` app ids, `modal.Secret.from_name`), Baseten (`Api-Key
<8>.<32>`, `truss login --api-key`, model ids in `model-<id>.api.baseten.co`), fal.ai (`FAL_KEY` as
`key_id:key_secret`, `fal.config({credentials})`, `fal keys list`, `fal secrets set` with a masked value),
Cerebrium (JWT bearer, `p-` project ids, run ids), Beam (`~/.beam/config.ini`, deployment ids), SkyPilot
(`sky api login -e` with basic auth in the URL or `--token sky_…`, `SKYPILOT_SERVICE_ACCOUNT_TOKEN` as a CI
secret reference, `sky api info`, task `secrets:` left null) and SaladCloud (`Salad-Api-Key:
salad_cloud_user_…`, the Python SDK, container gateway hostnames, an x-filled `.env.example`), in commands,
config files, headers, URLs, code and tool output, with the public ids, digests, masks, placeholders and
secret-store references the same documentation shows beside them. Where the documentation shows no
length or alphabet (the tail of RunPod keys, Paperspace keys, CoreWeave token and secret-key bodies, Beam
tokens), the shape is a plausible guess.

First score, blind, before any rule changed for it (after the rules for 95 to 99):
26 of 26 secrets caught, 1 of 25 look-alikes altered (altered: an image pinned by its digest after
`--image`).
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
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

GPU = "gpucloud"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def cerebrium_jwt(rng: random.Random) -> str:
    """An RS256 JWT of the shape Cerebrium's dashboard hands out as an inference key."""
    head = _b64url_json({"alg": "RS256", "typ": "JWT"})
    iat = 1_717_000_000 + rng.randrange(20_000_000)
    body = _b64url_json(
        {
            "projectId": "p-" + hexl(8)(rng),
            "name": "inference-" + lower_alnum(6)(rng),
            "description": "ci key",
            "exp": iat + 31_536_000,
            "iat": iat,
        }
    )
    return f"{head}.{body}.{b64url(342)(rng)}"


def sky_token(rng: random.Random) -> str:
    """`sky_` then an HS256 JWT, as a SkyPilot API server prints for a service account."""
    head = _b64url_json({"alg": "HS256", "typ": "JWT"})
    iat = 1_730_000_000 + rng.randrange(20_000_000)
    body = _b64url_json(
        {
            "sub": "sa-" + hexl(8)(rng),
            "token_id": "sa-" + hexl(12)(rng),
            "type": "service_account",
            "iat": iat,
            "exp": iat + 7_776_000,
        }
    )
    return f"sky_{head}.{body}.{b64url(43)(rng)}"


def ssh_ed25519_pub(rng: random.Random) -> str:
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + pick(string.ascii_letters + string.digits + "+/", 43)(rng)


def salad_gateway_host(rng: random.Random) -> str:
    """`<word>-<vegetable>-<16 lower alnum>.salad.cloud`, the container gateway's access domain."""
    first = rng.choice(("pasta", "tuna", "lemon", "mango", "radish", "olive", "pepper"))
    second = rng.choice(("potato", "rutabaga", "celery", "fennel", "kale", "turnip", "leek"))
    return f"{first}-{second}-{lower_alnum(16)(rng)}.salad.cloud"


octet = join(pick("123456789", 1), digits(1))
runpod_key = join("rpa_", upper_alnum(40), lower_alnum(6))
runpod_legacy = upper_alnum(32)
runpod_id = lower_alnum(14)
vast_key = hexl(64)
lambda_key = join("secret_", pick(string.ascii_lowercase, 6), "-", digits(2), "_", hexl(32), ".", b62(32))
modal_id = join("ak-", b62(22))
modal_secret = join("as-", b62(22))
baseten_key = join(b62(8), ".", b62(32))
baseten_model = lower_alnum(8)
fal_key = join(uuid, ":", hexl(32))
salad_key = join("salad_cloud_user_", b62(49))
beam_token = join(b64url(86), "==")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 1, 25, "the rules for 95 to 99")

TEMPLATES: list = [
    # ---- secrets: RunPod
    S(
        GPU,
        "runpodctl_config_flag",
        "$ runpodctl config --apiKey {v}\nsaved apiKey into config file: /home/dev/.runpod/config.toml",
        runpod_key,
    ),
    S(
        GPU,
        "runpod_serverless_bearer",
        "$ curl -s -X POST https://api.runpod.ai/v2/{ep}/runsync \\\n"
        '    -H "Authorization: Bearer {v}" \\\n'
        '    -H "Content-Type: application/json" -d \'{"input": {"prompt": "a lighthouse at dusk"}}\'',
        runpod_key,
        ep=runpod_id,
    ),
    S(
        GPU,
        "runpod_sdk_legacy_key",
        'import runpod\n\nrunpod.api_key = "{v}"\nendpoint = runpod.Endpoint("{ep}")\n'
        'print(endpoint.run_sync({"input": {"n": 4}}, timeout=120))',
        runpod_legacy,
        ep=runpod_id,
    ),
    S(
        GPU,
        "runpod_s3_credentials",
        "$ cat ~/.aws/credentials\n[default]\nregion = us-east-1\n\n[runpod]\n"
        "aws_access_key_id = user_{uid}\naws_secret_access_key = {v}",
        join("rps_", upper_alnum(40)),
        uid=b62(27),
    ),
    # ---- secrets: Vast.ai
    S(
        GPU,
        "vastai_set_api_key",
        "$ vastai set api-key {v}\nYour api key has been saved in ~/.config/vastai/vast_api_key",
        vast_key,
    ),
    S(
        GPU,
        "vastai_query_api_key",
        "GET https://console.vast.ai/api/v0/instances?owner=me&api_key={v} -> 200 (3 instances)",
        vast_key,
    ),
    S(
        GPU,
        "modal_secret_create_vast",
        "$ modal secret create gpu-brokers VAST_API_KEY={v} VAST_MAX_DPH=2.40\n"
        "✓ Created a new secret 'gpu-brokers' with the keys 'VAST_API_KEY', 'VAST_MAX_DPH'",
        vast_key,
    ),
    # ---- secrets: Lambda Cloud
    S(
        GPU,
        "lambda_keys_file",
        "$ cat ~/.lambda_cloud/lambda_keys\napi_key = {v}",
        lambda_key,
    ),
    S(
        GPU,
        "lambda_curl_basic",
        "$ curl -s -u {v}: https://cloud.lambda.ai/api/v1/instance-types | jq '.data | keys'",
        lambda_key,
    ),
    S(
        GPU,
        "lambda_jupyter_token",
        '      "id": "{iid}",\n      "name": "finetune-h100",\n      "ip": "192.222.{a}.{b}",\n'
        '      "status": "active",\n      "jupyter_token": "{v}",',
        hexl(32),
        iid=hexl(32),
        a=octet,
        b=octet,
    ),
    # ---- secrets: Paperspace
    S(GPU, "pspace_login_positional", "$ pspace login {v}\nLogged in as team tm8e2kxq (dev@lumenlab.io)", hexl(32)),
    # ---- secrets: CoreWeave
    S(
        GPU,
        "coreweave_access_key_json",
        '$ curl -sS -X POST https://api.coreweave.com/v1/cwobject/access-key -H "Authorization: Bearer $CW_API_TOKEN"'
        ' -d \'{"durationSeconds": 0}\' | jq .\n{\n  "accessKeyId": "CW{akid}",\n  "secretKey": "{v}"\n}',
        b62(40),
        akid=upper_alnum(16),
    ),
    S(
        GPU,
        "coreweave_kubeconfig_token",
        "contexts:\n- context:\n    cluster: cks-train-01\n    namespace: tenant-lumen\n    user: token\n"
        "  name: cks-train-01\ncurrent-context: cks-train-01\nkind: Config\nusers:\n- name: token\n  user:\n"
        "    token: {v}",
        b62(48),
    ),
    # ---- secrets: Modal
    S(
        GPU,
        "modal_token_set",
        "$ modal token set --token-id {tid} --token-secret {v} --profile lumenlab\n"
        "Verifying token against https://api.modal.com\nToken verified successfully!",
        modal_secret,
        tid=modal_id,
    ),
    S(
        GPU,
        "modal_toml",
        '$ cat ~/.modal.toml\n[lumenlab]\ntoken_id = "{tid}"\ntoken_secret = "{v}"\nactive = true',
        modal_secret,
        tid=modal_id,
    ),
    S(
        GPU,
        "modal_proxy_auth_secret",
        "$ curl https://lumenlab--embedder-serve.modal.run/embed -H 'Modal-Key: wk-{wk}' -H 'Modal-Secret: {v}'"
        ' -d \'{"text": "hello"}\'',
        join("ws-", b62(22)),
        wk=b62(22),
    ),
    # ---- secrets: Baseten
    S(
        GPU,
        "truss_login_flag",
        "$ truss login --api-key {v}\n💾 Saved API key for remote 'baseten' in ~/.trussrc",
        baseten_key,
    ),
    S(
        GPU,
        "baseten_api_key_header",
        "$ curl -X POST https://model-{mid}.api.baseten.co/environments/production/predict \\\n"
        '    -H "Authorization: Api-Key {v}" -d \'{"prompt": "Summarize the incident"}\'',
        baseten_key,
        mid=baseten_model,
    ),
    # ---- secrets: fal.ai
    S(GPU, "fal_key_export", 'export FAL_KEY="{v}"', fal_key),
    S(
        GPU,
        "fal_js_config",
        'import { fal } from "@fal-ai/client";\n\nfal.config({\n  credentials: "{v}",\n});',
        fal_key,
    ),
    # ---- secrets: Cerebrium, Beam, SkyPilot, Salad
    S(
        GPU,
        "cerebrium_bearer_jwt",
        "$ curl -s -X POST https://api.aws.us-east-1.cerebrium.ai/v4/p-{proj}/whisper-large/predict \\\n"
        "    -H 'Authorization: Bearer {v}' -H 'Content-Type: application/json' -d '{\"url\": \"s3://in/a.wav\"}'",
        cerebrium_jwt,
        proj=hexl(8),
    ),
    S(
        GPU,
        "beam_config_ini",
        "$ cat ~/.beam/config.ini\n[default]\ntoken = {v}\ngateway_host = gateway.beam.cloud\ngateway_port = 443",
        beam_token,
    ),
    S(
        GPU,
        "sky_api_login_basic_url",
        "$ sky api login -e https://skypilot:{v}@sky.lumenlab.internal:30050\n"
        "Logged into SkyPilot API server at: https://sky.lumenlab.internal:30050",
        b62(20),
    ),
    S(
        GPU,
        "sky_service_account_token",
        "      - run: sky api login -e https://sky.lumenlab.internal --token {v}",
        sky_token,
    ),
    S(
        GPU,
        "salad_api_key_header",
        "$ curl -s https://api.salad.com/api/public/organizations/lumenlab/projects/default/containers \\\n"
        "    -H 'Salad-Api-Key: {v}' | jq '.items[].name'",
        salad_key,
    ),
    S(
        GPU,
        "salad_sdk_client",
        'from salad_cloud_sdk import SaladCloudSdk\n\nsdk = SaladCloudSdk(api_key="{v}", timeout=10000)',
        salad_key,
    ),
    # ---- look-alikes: resource ids
    L(
        GPU,
        "runpod_pod_id",
        "$ runpodctl get pod\nID              NAME            GPU             IMAGE NAME                STATUS\n"
        "{v}  sdxl-trainer    1 RTX 4090      runpod/pytorch:2.4.0      RUNNING",
        runpod_id,
    ),
    L(
        GPU,
        "runpod_endpoint_id",
        "RUNPOD_ENDPOINT_ID={v}\nRUNPOD_API_URL=https://api.runpod.ai/v2",
        runpod_id,
    ),
    L(
        GPU,
        "runpod_s3_access_key_id",
        "$ aws configure get aws_access_key_id --profile runpod\n{v}",
        join("user_", b62(27)),
    ),
    L(
        GPU,
        "lambda_instance_id",
        "$ curl -s -u $LAMBDA_API_KEY: -X POST https://cloud.lambda.ai/api/v1/instance-operations/terminate"
        ' -d \'{"instance_ids": ["{v}"]}\'',
        hexl(32),
    ),
    L(
        GPU,
        "paperspace_machine_id",
        "$ pspace machine get {v} --json | jq -r .state\nready",
        join("ps", lower_alnum(7)),
    ),
    L(
        GPU,
        "modal_app_id",
        "✓ App deployed in 41.287s! 🎉\n\nView Deployment: https://modal.com/apps/lumenlab/main/deployed/embedder"
        "\n  app id: {v}",
        join("ap-", b62(22)),
    ),
    L(
        GPU,
        "baseten_model_id",
        'MODEL_URL = f"https://model-{v}.api.baseten.co/environments/production/predict"',
        baseten_model,
    ),
    L(
        GPU,
        "fal_key_id",
        "$ fal keys list\n┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━┓\n"
        "┃ Key ID                               ┃ Alias       ┃ Scope ┃\n"
        "┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━┩\n"
        "│ {v} │ ci-inference │ API   │",
        uuid,
    ),
    L(
        GPU,
        "cerebrium_run_id",
        '{"run_id": "{v}", "run_time_ms": 1873.52, "result": {"text": "thanks for calling"}}',
        uuid,
    ),
    L(
        GPU,
        "beam_deployment_id",
        "=> Deployed 🎉\n=> Invocation details\ncurl -X POST 'https://app.beam.cloud/endpoint/id/{v}' \\\n"
        "  -H 'Authorization: Bearer $BEAM_TOKEN'",
        uuid,
    ),
    L(
        GPU,
        "salad_gateway_host",
        "Access Domain Name: {v}\nStatus: running (3/3 replicas ready)",
        salad_gateway_host,
    ),
    # ---- look-alikes: hashes, public keys, key ids
    L(
        GPU,
        "vast_image_digest",
        "$ vastai create instance 9912834 --image vastai/pytorch@sha256:{v} --disk 64 --ssh",
        hexl(64),
    ),
    L(
        GPU,
        "sky_api_info_commit",
        "$ sky api info\nUsing SkyPilot API server and dashboard: https://sky.lumenlab.internal:30050\n"
        "├── Status: healthy, commit: {v}, version: 1.0.0.dev20250714\n└── User: dev ({uh})",
        hexl(40),
        uh=hexl(8),
    ),
    L(
        GPU,
        "lambda_ssh_public_key",
        '$ curl -s -u $LAMBDA_API_KEY: https://cloud.lambda.ai/api/v1/ssh-keys -d \'{"name": "laptop", '
        '"public_key": "{v} dev@lumenlab"}\'',
        ssh_ed25519_pub,
    ),
    # ---- look-alikes: references, masks, placeholders
    L(
        GPU,
        "gha_secret_ref",
        "        env:\n          SKYPILOT_SERVICE_ACCOUNT_TOKEN: {v}\n          RUNPOD_API_KEY: ${{ secrets.RUNPOD_API_KEY }}",
        const("${{ secrets.SKYPILOT_SERVICE_ACCOUNT_TOKEN }}"),
    ),
    L(
        GPU,
        "modal_secret_from_name",
        '@app.function(gpu="A100", secrets=[{v}])\ndef train():\n    ...',
        const('modal.Secret.from_name("runpod-credentials")'),
    ),
    L(
        GPU,
        "baseten_env_fstring",
        '    headers={"Authorization": {v}},',
        const("f\"Api-Key {os.environ['BASETEN_API_KEY']}\""),
    ),
    L(
        GPU,
        "paperspace_env_ref",
        '$ curl -s https://api.paperspace.com/v1/machines -H "Authorization: Bearer {v}" | jq length',
        const("$PAPERSPACE_API_KEY"),
    ),
    L(
        GPU,
        "kubeconfig_redacted",
        "users:\n- name: token\n  user:\n    token: {v}",
        const("REDACTED"),
    ),
    L(
        GPU,
        "aws_configure_list_masked",
        "$ aws configure list --profile coreweave\n      Name                    Value             Type    Location\n"
        "access_key     {v} shared-credentials-file\nsecret_key     ****************{tail} shared-credentials-file",
        join("****************", upper_alnum(4)),
        tail=b62(4),
    ),
    L(
        GPU,
        "fal_masked_secret",
        "$ fal secrets set RUNPOD_API_KEY={v} --env staging",
        const("rpa_***"),
    ),
    L(
        GPU,
        "runpod_placeholder",
        '$ runpodctl config --apiKey "{v}"',
        const("<your-runpod-api-key>"),
    ),
    L(
        GPU,
        "lambda_keys_placeholder",
        '$ mkdir -p ~/.lambda_cloud && echo "api_key = {v}" > ~/.lambda_cloud/lambda_keys',
        const("<your_api_key_here>"),
    ),
    L(
        GPU,
        "salad_env_example",
        "# .env.example -- copy to .env\nSALAD_API_KEY={v}\nSALAD_ORGANIZATION=lumenlab",
        join("salad_cloud_user_", const("x" * 49)),
    ),
    L(
        GPU,
        "skypilot_secrets_null",
        "secrets:\n  HF_TOKEN: {v}  # value comes from `sky launch --secret HF_TOKEN`\n  WANDB_API_KEY: null",
        const("null"),
    ),
]
