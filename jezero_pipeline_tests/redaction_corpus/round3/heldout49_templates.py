"""A forty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of LLM serving, vector databases and ML API vendors: Pinecone (`Api-Key`
header, `pcsk_` keys, index hosts, Admin API key listings), Qdrant (Cloud JWT database keys,
cluster URLs), Weaviate (`AUTHENTICATION_APIKEY_*`, Weaviate Cloud endpoints), Milvus
and Zilliz Cloud (`MilvusClient(uri=..., token=...)`, `user:password` tokens, cluster ids), Chroma
(token and htpasswd auth, Cloud tenants), LangSmith (`lsv2_pt_` keys, workspace ids), Langfuse
(public `pk-lf-` vs secret `sk-lf-` keys, Basic auth, self-host `ENCRYPTION_KEY`, trace URLs),
Replicate (the webhook signing secret, model version ids), Together, Fireworks
(`firectl set-api-key`, `auth.ini`), Groq (`gsk_`), Mistral, Cohere (`CO_API_KEY`), DeepSeek,
vLLM (`--api-key`, the `EMPTY` client key), Ollama (the `id_ed25519.pub` public key, `ollama list`),
LiteLLM proxy (master key, salt key, virtual keys from `/key/generate`, `os.environ/` references,
masked key names), OpenRouter (`sk-or-v1-` keys, key hashes from the provisioning API), Helicone
(`Helicone-Auth`, whose `pk-` keys are write keys, not public ones), Portkey (`x-portkey-*` headers
and config ids), Modal (token id `ak-` vs token secret `as-`, proxy auth
`Modal-Key`/`Modal-Secret`, named secrets) and Hugging Face (`hf auth login`, Inference Endpoints,
revisions), in commands, config files, code, tool output and an agent's prose, with the public ids,
references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 45):
24 of 26 secrets caught, 1 of 24 look-alikes altered (missed: a password as `htpasswd -Bbn`'s argument inside
`docker run`, a key said in brackets a few words after `key`; altered: LiteLLM's `os.environ/NAME` reference).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    groups,
    hexl,
    join,
    lower_alnum,
    password,
    uuid,
)

LO = "llmops"

JWT_HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def qdrant_cloud_key(rng: random.Random) -> str:
    """A Qdrant Cloud database API key with granular access: an HS256 JWT (starts with `eyJhb`)."""
    collection = rng.choice(("support_docs", "product_faq", "tickets_v2"))
    payload = {"access": [{"collection": collection, "access": "rw"}], "exp": rng.randrange(1760000000, 1800000000)}
    return f"{JWT_HS256_HEAD}.{_b64url_json(payload)}.{b64url(43)(rng)}"


def pinecone_host(rng: random.Random) -> str:
    return f"docs-rag-{lower_alnum(7)(rng)}.svc.{lower_alnum(4)(rng)}-{digits(4)(rng)}-{hexl(4)(rng)}.pinecone.io"


pinecone_key = join("pcsk_", b62(6), "_", b62(63))
langfuse_public = join("pk-lf-", uuid)
langfuse_secret = join("sk-lf-", uuid)
modal_token_id = join("ak-", b62(22))
modal_token_secret = join("as-", b62(22))
helicone_write = join("pk-helicone-", groups(lower_alnum(7), 4))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 24, "the rules for 24 to 45")

TEMPLATES = [
    # ---- secrets: vector databases
    S(
        LO,
        "pinecone_api_key_header",
        '$ curl -s "https://api.pinecone.io/indexes" \\\n'
        '    -H "Api-Key: {v}" \\\n    -H "X-Pinecone-Api-Version: 2025-04"',
        pinecone_key,
    ),
    S(
        LO,
        "qdrant_cloud_jwt",
        "from qdrant_client import QdrantClient\n\nclient = QdrantClient(\n"
        '    url="https://{cluster}.eu-central-1-0.aws.cloud.qdrant.io:6333",\n    api_key="{v}",\n)',
        qdrant_cloud_key,
        cluster=uuid,
    ),
    S(
        LO,
        "weaviate_allowed_keys",
        "    environment:\n      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false'\n"
        "      AUTHENTICATION_APIKEY_ENABLED: 'true'\n      AUTHENTICATION_APIKEY_ALLOWED_KEYS: '{v}'\n"
        "      AUTHENTICATION_APIKEY_USERS: 'ingest@northwind.dev'",
        b64url(36),
    ),
    S(
        LO,
        "zilliz_token",
        "from pymilvus import MilvusClient\n\n"
        'client = MilvusClient(\n    uri="https://in03-{cid}.serverless.gcp-us-west1.cloud.zilliz.com",\n'
        '    token="{v}",\n)',
        hexl(104),
        cid=hexl(15),
    ),
    S(
        LO,
        "milvus_user_password_token",
        '$ curl -s --request POST "http://milvus.internal:19530/v2/vectordb/collections/list" \\\n'
        '    --header "Authorization: Bearer svc_ingest:{v}" \\\n'
        "    --header \"Content-Type: application/json\" -d '{}'",
        password(18),
    ),
    S(
        LO,
        "chroma_client_credentials",
        "client = chromadb.HttpClient(\n"
        '    host="chroma.internal",\n    port=8000,\n    settings=Settings(\n'
        '        chroma_client_auth_provider="chromadb.auth.token_authn.TokenAuthClientProvider",\n'
        '        chroma_client_auth_credentials="{v}",\n    ),\n)',
        b62(40),
    ),
    S(
        LO,
        "chroma_htpasswd_password",
        "$ docker run --rm --entrypoint htpasswd httpd:2 -Bbn chroma-admin {v} > server.htpasswd",
        password(14),
    ),
    # ---- secrets: tracing and evaluation
    S(
        LO,
        "langfuse_basic_auth",
        '$ curl -s -u "{pk}:{v}" https://cloud.langfuse.com/api/public/projects | jq .',
        langfuse_secret,
        pk=langfuse_public,
    ),
    S(
        LO,
        "langfuse_encryption_key",
        "  langfuse-web:\n    image: docker.io/langfuse/langfuse:3\n    environment:\n"
        "      NEXTAUTH_URL: http://localhost:3000\n      ENCRYPTION_KEY: {v}\n      TELEMETRY_ENABLED: 'false'",
        hexl(64),
    ),
    S(
        LO,
        "langsmith_pat",
        "export LANGSMITH_TRACING=true\nexport LANGSMITH_ENDPOINT=https://api.smith.langchain.com\n"
        'export LANGSMITH_API_KEY="{v}"\nexport LANGSMITH_PROJECT=support-bot-evals',
        join("lsv2_pt_", hexl(32), "_", hexl(10)),
    ),
    S(
        LO,
        "helicone_write_key",
        "const openai = new OpenAI({\n  apiKey: process.env.OPENAI_API_KEY,\n"
        '  baseURL: "https://oai.helicone.ai/v1",\n  defaultHeaders: { "Helicone-Auth": "Bearer {v}" },\n});',
        helicone_write,
        note="Helicone's pk- keys are write-permission API keys, not publishable ones",
    ),
    # ---- secrets: inference vendors
    S(
        LO,
        "replicate_webhook_secret",
        '$ curl -s -H "Authorization: Bearer $REPLICATE_API_TOKEN" \\\n'
        "    https://api.replicate.com/v1/webhooks/default/secret\n"
        '{"key":"{v}"}',
        join("whsec_", b64(32)),
    ),
    S(
        LO,
        "groq_key_in_code",
        'client = Groq(api_key="{v}")\n'
        'resp = client.chat.completions.create(model="llama-3.3-70b-versatile", messages=msgs)',
        join("gsk_", b62(52)),
    ),
    S(
        LO,
        "together_key_litellm_config",
        "model_list:\n  - model_name: llama-70b\n    litellm_params:\n"
        "      model: together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo\n      api_key: {v}",
        hexl(64),
    ),
    S(
        LO,
        "fireworks_set_api_key",
        "$ firectl set-api-key {v}\nAPI key saved to ~/.fireworks/auth.ini",
        join("fw_", b62(24)),
    ),
    S(
        LO,
        "mistral_key_prose",
        "The key you pasted ({v}) returned 200 from https://api.mistral.ai/v1/models, so I wrote it to "
        ".env as MISTRAL_API_KEY and left .env in .gitignore.",
        b62(32),
    ),
    S(
        LO,
        "cohere_positional",
        'import cohere\n\nco = cohere.ClientV2("{v}")\n'
        'response = co.rerank(model="rerank-v3.5", query=q, documents=docs)',
        b62(40),
    ),
    S(
        LO,
        "deepseek_key",
        'client = OpenAI(base_url="https://api.deepseek.com", api_key="{v}")',
        join("sk-", hexl(32)),
    ),
    S(
        LO,
        "openrouter_key",
        '$ curl -s https://openrouter.ai/api/v1/key -H "Authorization: Bearer {v}"\n'
        '{"data":{"label":"ci-runner","usage":0.4215,"limit":25,"is_free_tier":false}}',
        join("sk-or-v1-", hexl(64)),
    ),
    # ---- secrets: self-hosted serving and gateways
    S(
        LO,
        "vllm_api_key_flag",
        "$ vllm serve Qwen/Qwen2.5-7B-Instruct --host 127.0.0.1 --port 8000 --api-key {v} --max-model-len 8192",
        join(b62(8), b64url(35)),
    ),
    S(
        LO,
        "litellm_master_key",
        "general_settings:\n  master_key: {v}\n  database_url: os.environ/DATABASE_URL\n"
        "litellm_settings:\n  drop_params: true",
        join("sk-", b62(32)),
    ),
    S(
        LO,
        "litellm_virtual_key_output",
        '$ curl -s -X POST http://localhost:4000/key/generate -H "Authorization: Bearer $LITELLM_MASTER_KEY" \\\n'
        '    -H "Content-Type: application/json" -d \'{"key_alias": "support-bot", "duration": "30d"}\'\n'
        '{"key_alias":"support-bot","duration":"30d","models":[],"key":"{v}","expires":"2025-07-14T09:12:03Z"}',
        join("sk-", b64url(22)),
    ),
    S(
        LO,
        "litellm_salt_key",
        "      - LITELLM_MASTER_KEY=${LITELLM_MASTER_KEY}\n      - LITELLM_SALT_KEY={v}\n"
        "      - STORE_MODEL_IN_DB=True",
        join("sk-", b62(40)),
    ),
    S(
        LO,
        "modal_token_secret_flag",
        "$ modal token set --token-id {tid} --token-secret {v} --profile northwind\n"
        "Verifying token against https://api.modal.com\nToken verified successfully!",
        modal_token_secret,
        tid=modal_token_id,
    ),
    S(
        LO,
        "modal_proxy_secret",
        '$ curl -H "Modal-Key: {wk}" -H "Modal-Secret: {v}" https://northwind--rerank-serve.modal.run/health',
        join("ws-", b62(22)),
        wk=join("wk-", b62(22)),
    ),
    S(
        LO,
        "hf_login_token",
        "$ hf auth login --token {v} --add-to-git-credential\nToken is valid (permission: fineGrained).",
        join("hf_", b62(34)),
    ),
    # ---- look-alikes: public keys and identifiers
    L(
        LO,
        "langfuse_public_key",
        "# browser-side scoring only needs the public key\nNEXT_PUBLIC_LANGFUSE_PUBLIC_KEY={v}\n"
        "NEXT_PUBLIC_LANGFUSE_BASE_URL=https://cloud.langfuse.com",
        langfuse_public,
    ),
    L(
        LO,
        "modal_token_id",
        "$ modal token info\nToken ID: {v}\nWorkspace: northwind\nUser: build-bot",
        modal_token_id,
    ),
    L(
        LO,
        "ollama_public_key",
        "$ cat ~/.ollama/id_ed25519.pub\n{v}\n# paste this into ollama.com/settings/keys to push models",
        join("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
    ),
    L(
        LO,
        "pinecone_api_key_id",
        '$ curl -s "https://api.pinecone.io/admin/projects/$PROJECT_ID/api-keys" \\\n'
        "    -H \"Authorization: Bearer $PINECONE_ADMIN_TOKEN\" | jq '.data[0]'\n"
        '{"id": "{v}", "name": "rag-ingest", "project_id": "{proj}", "roles": ["DataPlaneEditor"]}',
        uuid,
        proj=uuid,
    ),
    L(LO, "pinecone_index_host", '  "host": "{v}",\n  "name": "docs-rag",\n  "dimension": 1536,', pinecone_host),
    L(
        LO,
        "zilliz_cluster_id",
        'CLUSTER_ENDPOINT = "https://{v}.serverless.gcp-us-west1.cloud.zilliz.com"\n'
        'TOKEN = os.environ["ZILLIZ_API_KEY"]',
        join("in03-", hexl(15)),
    ),
    L(
        LO,
        "qdrant_cluster_id",
        "$ curl -s https://{v}.eu-central-1-0.aws.cloud.qdrant.io:6333/healthz\nhealthz check passed",
        uuid,
    ),
    L(
        LO,
        "weaviate_cluster_host",
        'client = weaviate.connect_to_weaviate_cloud(\n    cluster_url="{v}",\n'
        '    auth_credentials=Auth.api_key(os.environ["WEAVIATE_API_KEY"]),\n)',
        join(lower_alnum(22), ".c0.europe-west3.gcp.weaviate.cloud"),
    ),
    L(
        LO,
        "chroma_tenant_id",
        "CHROMA_API_KEY=${CHROMA_API_KEY}\nCHROMA_TENANT={v}\nCHROMA_DATABASE=support-docs",
        uuid,
    ),
    L(
        LO,
        "langsmith_workspace_id",
        "LANGSMITH_WORKSPACE_ID={v}\nLANGSMITH_PROJECT=support-bot-evals",
        uuid,
    ),
    L(
        LO,
        "langfuse_trace_url",
        "Trace: https://cloud.langfuse.com/project/{proj}/traces/{v}",
        hexl(32),
        proj=join("c", lower_alnum(24)),
    ),
    L(
        LO,
        "hf_endpoint_host",
        '$ curl https://{v}/v1/chat/completions \\\n    -H "Authorization: Bearer $HF_TOKEN" \\\n'
        '    -H "Content-Type: application/json" -d @request.json',
        join(lower_alnum(16), ".us-east-1.aws.endpoints.huggingface.cloud"),
    ),
    L(
        LO,
        "fireworks_account_id",
        "$ grep account_id ~/.fireworks/auth.ini\naccount_id = {v}",
        join("northwind-", lower_alnum(6)),
    ),
    # ---- look-alikes: digests, versions and hashes
    L(
        LO,
        "replicate_version_id",
        'output = replicate.run(\n    "stability-ai/sdxl:{v}",\n    input={"prompt": "a lighthouse at dusk"},\n)',
        hexl(64),
    ),
    L(
        LO,
        "hf_revision_sha",
        "$ hf download Qwen/Qwen2.5-7B-Instruct --revision {v} --local-dir ./models/qwen2.5-7b",
        hexl(40),
    ),
    L(
        LO,
        "ollama_model_id",
        "$ ollama list\nNAME                  ID              SIZE      MODIFIED\n"
        "llama3.1:8b           {v}    4.9 GB    3 days ago",
        hexl(12),
    ),
    L(
        LO,
        "openrouter_key_hash",
        "$ curl -s https://openrouter.ai/api/v1/keys \\\n"
        "    -H \"Authorization: Bearer $OPENROUTER_PROVISIONING_KEY\" | jq '.data[0]'\n"
        '{"hash": "{v}", "name": "ci-runner", "label": "sk-or-v1-{a}...{b}", "disabled": false}',
        hexl(64),
        a=hexl(3),
        b=hexl(3),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        LO,
        "litellm_env_reference",
        "  - model_name: mixtral\n    litellm_params:\n      model: together_ai/mistralai/Mixtral-8x7B-Instruct-v0.1\n"
        "      api_key: {v}",
        const("os.environ/TOGETHERAI_API_KEY"),
    ),
    L(
        LO,
        "litellm_masked_key_name",
        '$ curl -s "http://localhost:4000/key/info?key=$KEY" \\\n'
        '    -H "Authorization: Bearer $LITELLM_MASTER_KEY" | jq .info\n'
        '{"key_name": "{v}", "key_alias": "support-bot", "spend": 0.0318, "max_budget": 25.0}',
        join("sk-...", b62(4)),
    ),
    L(
        LO,
        "helicone_env_placeholder",
        'export OPENAI_BASE_URL="https://oai.helicone.ai/v1"\n'
        'curl "$OPENAI_BASE_URL/models" -H "Helicone-Auth: Bearer {v}" -H "Authorization: Bearer $OPENAI_API_KEY"',
        const("${HELICONE_API_KEY}"),
    ),
    L(
        LO,
        "portkey_config_id",
        '$ curl https://api.portkey.ai/v1/chat/completions \\\n    -H "x-portkey-api-key: $PORTKEY_API_KEY" \\\n'
        '    -H "x-portkey-config: {v}" \\\n    -H "Content-Type: application/json" -d @chat.json',
        join("pc-fallba-", hexl(6)),
    ),
    L(
        LO,
        "modal_secret_env_reference",
        "$ modal secret create huggingface-secret HF_TOKEN={v}\n"
        "Created a new secret 'huggingface-secret' with the key 'HF_TOKEN'",
        const("$HF_TOKEN"),
    ),
    L(
        LO,
        "vllm_empty_key",
        'client = OpenAI(base_url="http://localhost:8000/v1", api_key="{v}")  # server started without --api-key',
        const("EMPTY"),
    ),
    L(
        LO,
        "placeholder_counting",
        "# .env.example, copy to .env and fill in\nCO_API_KEY={v}\nCO_API_URL=https://api.cohere.com",
        counting(40),
    ),
]
