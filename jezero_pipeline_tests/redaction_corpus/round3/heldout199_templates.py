"""A hundred-and-ninety-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from self-hosted LLM apps and gateways: LiteLLM proxy (master keys and `LITELLM_SALT_KEY`
in `config.yaml` and `docker run`, virtual keys `sk-` + 22 url-safe characters from `/key/generate`,
the hashed token and the abbreviated `key_name` `sk-...abcd` from `/key/info`, `os.environ/NAME`
references), Dify (app keys `app-` + 24 alphanumerics, knowledge-base keys `dataset-` + 24, the
`SECRET_KEY` made with `openssl rand -base64 42`, conversation and dataset UUIDs, the docs'
`Bearer {api_key}`), Flowise (API keys of 43 url-safe characters, `FLOWISE_SECRETKEY_OVERWRITE`,
the `flowise-sdk` client, chatflow UUIDs, 32-hex key ids), Langflow (`sk-` + 43 url-safe API keys
under `x-api-key` and from `langflow api-key`, `LANGFLOW_SECRET_KEY` from `token_urlsafe(32)`, flow
UUIDs), Open WebUI (`sk-` + 32 hex API keys, `WEBUI_SECRET_KEY`, image digests, user ids),
AnythingLLM (developer API keys of four dash-joined groups of seven Crockford base32 characters,
`JWT_SECRET` and `SIG_KEY`, the `.env.example` filler), LibreChat (`CREDS_KEY` 64 hex, `CREDS_IV` 32
hex, `JWT_REFRESH_SECRET` 64 hex, `librechat.yaml` custom endpoints with `${OPENROUTER_KEY}` and
`user_provided`), Portkey (API keys under `x-portkey-api-key` and in the Python client, `pc-` config
ids, trace ids), Helicone (`sk-helicone-` + four groups of seven lowercase base32 under
`Helicone-Auth`, `helicone-id` request ids), OpenRouter (`sk-or-v1-` + 64 hex inference and
provisioning keys, the `/api/v1/keys` listing with its `hash` and masked `label`, `gen-` generation
ids) and vLLM (`--api-key` and `VLLM_API_KEY`, the docs' `token-abc123` and `EMPTY`, `--revision`
commit hashes), in commands, config files, client code and tool output, with the public ids the
same documentation shows beside them.

The search tool's budget was already spent when this set was written: no documentation page was
read for it, and the shapes above are written from the author's own knowledge of these projects.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
24 of 26 secrets caught, 2 of 25 look-alikes altered (missed: Flowise's `SECRETKEY_OVERWRITE` after
grep's `14:` gutter, LibreChat's `CREDS_IV` (32 hex); altered: a LiteLLM key's hash (64 hex) under
`key` in `/key/info`'s output, a commented example `my-random-string-for-seeding`; written from
memory).
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
    groups,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

LLMGW = "llmgateways"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

litellm_virtual = join("sk-", b64url(22))
dify_app = join("app-", b62(24))
dify_dataset = join("dataset-", b62(24))
flowise_key = b64url(43)
langflow_key = join("sk-", b64url(43))
openwebui_key = join("sk-", hexl(32))
anythingllm_key = groups(pick(CROCKFORD, 7), 4)
helicone_key = join("sk-helicone-", groups(pick(CROCKFORD.lower(), 7), 4))
openrouter_key = join("sk-or-v1-", hexl(64))
portkey_key = b64(32)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 25, "the rules for 185 to 189")

TEMPLATES: list = [
    # ---- secrets: LiteLLM proxy
    S(
        LLMGW,
        "litellm_master_key_yaml",
        "$ cat litellm/config.yaml\nmodel_list:\n  - model_name: gpt-4o\n    litellm_params:\n"
        "      model: azure/gpt-4o-eu\n      api_key: os.environ/AZURE_API_KEY\n"
        "general_settings:\n  master_key: {v}\n  database_url: os.environ/DATABASE_URL",
        join("sk-", hexl(32)),
    ),
    S(
        LLMGW,
        "litellm_generate_response",
        '$ curl -s -X POST http://0.0.0.0:4000/key/generate -H "Authorization: Bearer $LITELLM_MASTER_KEY"'
        ' -H "Content-Type: application/json" -d \'{"models": ["gpt-4o"], "key_alias": "support-bot", "max_budget": 25}\'\n'
        '{"key_alias":"support-bot","key":"{v}","expires":null,"models":["gpt-4o"],"max_budget":25.0,'
        '"token_id":"{tid}","key_name":null}',
        litellm_virtual,
        tid=hexl(64),
    ),
    S(
        LLMGW,
        "litellm_salt_key_docker",
        "$ docker run -d --name litellm -p 4000:4000 -v $(pwd)/config.yaml:/app/config.yaml"
        ' -e LITELLM_SALT_KEY="{v}" -e DATABASE_URL="$DATABASE_URL"'
        " ghcr.io/berriai/litellm:main-stable --config /app/config.yaml",
        join("sk-", b64url(40)),
    ),
    # ---- secrets: Dify
    S(
        LLMGW,
        "dify_app_key_curl",
        "$ curl -X POST 'https://dify.quarrylabs.io/v1/chat-messages' \\\n"
        "  --header 'Authorization: Bearer {v}' \\\n  --header 'Content-Type: application/json' \\\n"
        '  --data-raw \'{"inputs": {}, "query": "What is our refund policy?", "response_mode": "blocking", "user": "abc-123"}\'',
        dify_app,
    ),
    S(
        LLMGW,
        "dify_dataset_key_python",
        '    resp = requests.post(\n        f"{DIFY_BASE}/datasets/{dataset_id}/document/create-by-text",\n'
        '        headers={"Authorization": "Bearer {v}"},\n        json={"name": doc.title, "text": doc.body,'
        ' "indexing_technique": "high_quality"},\n    )',
        dify_dataset,
    ),
    S(
        LLMGW,
        "dify_secret_key_env",
        "$ openssl rand -base64 42\n{v}\n$ sed -i 's|^SECRET_KEY=.*|SECRET_KEY={v}|' docker/.env",
        b64(56),
    ),
    # ---- secrets: Flowise
    S(
        LLMGW,
        "flowise_prediction_curl",
        "$ curl http://localhost:3000/api/v1/prediction/{flow} \\\n     -X POST \\\n"
        '     -H "Content-Type: application/json" \\\n     -H "Authorization: Bearer {v}" \\\n'
        '     -d \'{"question": "Summarise ticket 4812"}\'',
        flowise_key,
        flow=uuid,
    ),
    S(
        LLMGW,
        "flowise_sdk_client",
        "import { FlowiseClient } from 'flowise-sdk'\n\n"
        "const client = new FlowiseClient({ baseUrl: 'https://flows.quarrylabs.io', apiKey: '{v}' })",
        flowise_key,
    ),
    S(
        LLMGW,
        "flowise_secretkey_overwrite",
        "$ grep -n SECRETKEY packages/server/.env\n14:FLOWISE_SECRETKEY_OVERWRITE={v}",
        password(28),
    ),
    # ---- secrets: Langflow
    S(
        LLMGW,
        "langflow_x_api_key",
        '$ curl -s -X POST "http://127.0.0.1:7860/api/v1/run/{flow}?stream=false" \\\n'
        '  -H "Content-Type: application/json" -H "x-api-key: {v}" \\\n'
        '  -d \'{"input_value": "hello", "output_type": "chat", "input_type": "chat"}\'',
        langflow_key,
        flow=uuid,
    ),
    S(
        LLMGW,
        "langflow_cli_output",
        "$ uv run langflow api-key\n"
        "╭──────────────────────────────────────────────────────────────────╮\n"
        "│ API Key Created Successfully:                                    │\n"
        "│                                                                  │\n"
        "│ {v}                   │\n"
        "│                                                                  │\n"
        "│ This is the only time the API key will be displayed.             │\n"
        "╰──────────────────────────────────────────────────────────────────╯",
        langflow_key,
    ),
    S(
        LLMGW,
        "langflow_secret_key",
        "$ python -c \"from secrets import token_urlsafe; print(f'LANGFLOW_SECRET_KEY={token_urlsafe(32)}')\"\n"
        "LANGFLOW_SECRET_KEY={v}",
        b64url(43),
    ),
    # ---- secrets: Open WebUI
    S(
        LLMGW,
        "openwebui_api_key_curl",
        "$ curl -X POST http://localhost:3000/api/chat/completions \\\n"
        '-H "Authorization: Bearer {v}" \\\n-H "Content-Type: application/json" \\\n'
        '-d \'{"model": "llama3.1:8b", "messages": [{"role": "user", "content": "Why is the sky blue?"}]}\'',
        openwebui_key,
    ),
    S(
        LLMGW,
        "openwebui_secret_key_docker",
        "$ docker run -d -p 3000:8080 -e WEBUI_SECRET_KEY={v} -e OLLAMA_BASE_URL=http://ollama:11434"
        " -v open-webui:/app/backend/data --name open-webui --restart always ghcr.io/open-webui/open-webui:main",
        b64url(32),
    ),
    # ---- secrets: AnythingLLM
    S(
        LLMGW,
        "anythingllm_api_key",
        "$ curl -s http://localhost:3001/api/v1/workspace/support-desk/chat \\\n"
        '  -H "Authorization: Bearer {v}" -H "Content-Type: application/json" \\\n'
        '  -d \'{"message": "list open incidents", "mode": "query"}\'',
        anythingllm_key,
    ),
    S(
        LLMGW,
        "anythingllm_sig_key",
        '$ tail -n 3 server/.env\nSTORAGE_DIR="/app/server/storage"\nSIG_KEY=\'{v}\'\nDISABLE_TELEMETRY="true"',
        password(40),
    ),
    # ---- secrets: LibreChat
    S(
        LLMGW,
        "librechat_creds_key",
        "#==================================================#\n#                      Security                    #\n"
        "#==================================================#\n\nCREDS_KEY={v}",
        hexl(64),
    ),
    S(LLMGW, "librechat_creds_iv", "  - CREDS_IV={v}\n  - ALLOW_REGISTRATION=false", hexl(32)),
    S(
        LLMGW,
        "librechat_jwt_refresh",
        "$ docker compose config | grep -n JWT_REFRESH\n41:      JWT_REFRESH_SECRET: {v}",
        hexl(64),
    ),
    S(
        LLMGW,
        "librechat_yaml_inline_key",
        'endpoints:\n  custom:\n    - name: "OpenRouter"\n      apiKey: "{v}"\n'
        '      baseURL: "https://openrouter.ai/api/v1"\n      models:\n        default: ["meta-llama/llama-3.1-70b-instruct"]',
        openrouter_key,
    ),
    # ---- secrets: Portkey, Helicone
    S(
        LLMGW,
        "portkey_python_client",
        'portkey = Portkey(\n    api_key="{v}",\n    config="pc-fallba-{cfg}",\n)',
        portkey_key,
        cfg=hexl(6),
    ),
    S(
        LLMGW,
        "portkey_header",
        "$ curl https://api.portkey.ai/v1/chat/completions \\\n"
        '  -H "x-portkey-api-key: {v}" \\\n  -H "x-portkey-config: pc-prod-r-{cfg}" \\\n'
        '  -d \'{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "ping"}]}\'',
        portkey_key,
        cfg=hexl(6),
    ),
    S(
        LLMGW,
        "helicone_auth_header",
        "client = OpenAI(\n"
        '    base_url="https://oai.helicone.ai/v1",\n'
        '    default_headers={"Helicone-Auth": "Bearer {v}", "Helicone-Cache-Enabled": "true"},\n)',
        helicone_key,
    ),
    # ---- secrets: OpenRouter, vLLM
    S(
        LLMGW,
        "openrouter_provisioning_curl",
        "$ curl -s https://openrouter.ai/api/v1/keys -H 'Authorization: Bearer {v}' | jq '.data | length'\n7",
        openrouter_key,
    ),
    S(
        LLMGW,
        "vllm_serve_api_key",
        "$ vllm serve Qwen/Qwen2.5-7B-Instruct --host 0.0.0.0 --port 8000 --api-key {v} --max-model-len 16384",
        hexl(32),
    ),
    S(
        LLMGW,
        "vllm_k8s_secret",
        "$ kubectl -n inference create secret generic vllm-auth --from-literal=VLLM_API_KEY={v}\n"
        "secret/vllm-auth created",
        b64url(32),
    ),
    # ---- look-alikes: hashes, masks and ids from the same responses
    L(
        LLMGW,
        "litellm_key_info_hash",
        '$ curl -s "http://0.0.0.0:4000/key/info?key=$VIRTUAL_KEY" -H "Authorization: Bearer $LITELLM_MASTER_KEY" | jq -c\n'
        '{"key":"{v}","info":{"key_alias":"support-bot","spend":0.0417,"max_budget":25.0,"models":["gpt-4o"]}}',
        hexl(64),
    ),
    L(
        LLMGW,
        "litellm_key_name_masked",
        '      "key_name": "{v}",\n      "key_alias": "support-bot",\n      "spend": 0.0417,',
        join("sk-...", lower_alnum(4)),
    ),
    L(
        LLMGW,
        "litellm_env_ref",
        'general_settings:\n  master_key: {v}\n  alerting: ["slack"]',
        const("os.environ/LITELLM_MASTER_KEY"),
    ),
    L(
        LLMGW,
        "dify_conversation_id",
        '{"event": "message", "task_id": "{task}", "id": "{mid}", "conversation_id": "{v}",'
        ' "mode": "chat", "answer": "Refunds are processed within 14 days."}',
        uuid,
        task=uuid,
        mid=uuid,
    ),
    L(
        LLMGW,
        "dify_docs_placeholder",
        "curl -X GET 'https://api.dify.ai/v1/datasets?page=1&limit=20' \\\n--header 'Authorization: Bearer {v}'",
        const("{api_key}"),
    ),
    L(
        LLMGW,
        "dify_dataset_id",
        'DIFY_DATASET_ID = "{v}"  # Knowledge > Settings > API',
        uuid,
    ),
    L(
        LLMGW,
        "flowise_chatflow_id",
        'API_URL = "http://localhost:3000/api/v1/prediction/{v}"\n'
        'headers = {"Authorization": f"Bearer {os.environ[\'FLOWISE_API_KEY\']}"}',
        uuid,
    ),
    L(
        LLMGW,
        "flowise_key_id",
        "$ curl -s localhost:3000/api/v1/apikey -H \"Authorization: Bearer $FLOWISE_API_KEY\" | jq '.[0] | {id, keyName, createdAt}'\n"
        '{\n  "id": "{v}",\n  "keyName": "DefaultKey",\n  "createdAt": "12-Jun-24"\n}',
        hexl(32),
    ),
    L(
        LLMGW,
        "langflow_flow_id",
        "[06/12/24 14:02:51] INFO     Running flow {v} (name='Support Triage') with 3 inputs",
        uuid,
    ),
    L(
        LLMGW,
        "langflow_env_ref",
        '      - name: Trigger flow\n        run: >\n          curl -fsS -X POST "$LANGFLOW_URL/api/v1/run/triage"\n'
        '          -H "x-api-key: {v}"',
        const("${{ secrets.LANGFLOW_API_KEY }}"),
    ),
    L(
        LLMGW,
        "openwebui_compose_ref",
        "    environment:\n      - 'OLLAMA_BASE_URL=http://ollama:11434'\n      - 'WEBUI_SECRET_KEY={v}'",
        const("${WEBUI_SECRET_KEY}"),
    ),
    L(
        LLMGW,
        "openwebui_image_digest",
        "$ docker inspect --format '{{index .RepoDigests 0}}' ghcr.io/open-webui/open-webui:main\n"
        "ghcr.io/open-webui/open-webui@sha256:{v}",
        hexl(64),
    ),
    L(
        LLMGW,
        "openwebui_user_id",
        '{"id":"{v}","email":"ops@quarrylabs.io","name":"Ops","role":"admin","profile_image_url":"/user.png"}',
        uuid,
    ),
    L(
        LLMGW,
        "anythingllm_env_example",
        '# JWT_SECRET="{v}" # Please generate random string at least 12 chars long.',
        const("my-random-string-for-seeding"),
    ),
    L(
        LLMGW,
        "librechat_env_ref",
        '    - name: "OpenRouter"\n      apiKey: "{v}"\n      baseURL: "https://openrouter.ai/api/v1"',
        const("${OPENROUTER_KEY}"),
    ),
    L(
        LLMGW,
        "librechat_user_provided",
        "OPENAI_API_KEY={v}\nANTHROPIC_API_KEY=user_provided\nDEBUG_OPENAI=false",
        const("user_provided"),
    ),
    L(
        LLMGW,
        "portkey_config_id",
        '    config="{v}",  # fallback: gpt-4o -> claude-3-5-sonnet',
        join("pc-fallba-", hexl(6)),
    ),
    L(
        LLMGW,
        "portkey_trace_id",
        "< x-portkey-trace-id: {v}\n< x-portkey-cache-status: MISS",
        uuid,
    ),
    L(
        LLMGW,
        "helicone_request_id",
        "< HTTP/2 200\n< content-type: application/json\n< helicone-id: {v}\n< helicone-cache: MISS",
        uuid,
    ),
    L(
        LLMGW,
        "openrouter_key_hash",
        '  {\n    "name": "ci-eval-runner",\n    "label": "sk-or-v1-{a}...{b}",\n    "limit": 50,\n'
        '    "disabled": false,\n    "hash": "{v}"\n  },',
        hexl(64),
        a=hexl(3),
        b=hexl(3),
    ),
    L(
        LLMGW,
        "openrouter_label_masked",
        "  ci-eval-runner   {v}   $12.37 / $50.00   enabled",
        join("sk-or-v1-", hexl(3), "...", hexl(3)),
    ),
    L(
        LLMGW,
        "openrouter_generation_id",
        '$ curl -s "https://openrouter.ai/api/v1/generation?id={v}" -H "Authorization: Bearer $OPENROUTER_API_KEY" | jq .data.total_cost',
        join("gen-", digits(10), "-", b62(20)),
    ),
    L(
        LLMGW,
        "vllm_docs_example_token",
        'client = OpenAI(\n    base_url="http://localhost:8000/v1",\n    api_key="{v}",\n)',
        const("token-abc123"),
    ),
    L(
        LLMGW,
        "vllm_empty_key",
        'openai_api_key = "{v}"\nopenai_api_base = "http://localhost:8000/v1"',
        const("EMPTY"),
    ),
    L(
        LLMGW,
        "vllm_revision_sha",
        '$ vllm serve meta-llama/Llama-3.1-8B-Instruct --revision {v} --api-key "$VLLM_API_KEY"',
        hexl(40),
    ),
]
