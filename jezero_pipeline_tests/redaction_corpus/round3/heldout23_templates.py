"""A twenty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of AI model providers and AI coding tools: the OpenAI API
reference (project keys, organisation and project headers, Batch and Assistants ids, the 401
error body) and the Codex config.toml reference (model_providers, env_key); the Anthropic API
and Claude Code settings pages (x-api-key, settings.json env, apiKeyHelper, setup-token); the
Gemini API (key in the query string); Azure OpenAI REST (api-key header, resource and
deployment names); Amazon Bedrock API keys (AWS_BEARER_TOKEN_BEDROCK); the key pages of
Hugging Face, Groq, Replicate, OpenRouter, Perplexity, xAI, DeepSeek, Mistral, Together and
Cohere; LangSmith API keys and trace URLs; Pinecone and Qdrant Cloud client setup; Weights &
Biases (wandb login); SerpAPI as a LangChain tool; MCP client configs (mcpServers with env and
headers); opencode provider options ({env:...}); LiteLLM proxy config.yaml (virtual keys,
model_list); aider's API-key switches; ollama model blobs. Every value is drawn from the
seeded makers in build.py; none is a documented example or a real key.

First score, blind, before any rule changed for it (after the rules for 18 to 21):
23 of 24 secrets caught, 1 of 22 look-alikes altered (a W&B key after `wandb login --relogin`; an `{env:NAME}` reference).
"""

from __future__ import annotations

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
    pick,
    repeated,
    uuid,
)

AI = "ai-tools"

letters = lambda n: pick(string.ascii_letters, n)  # noqa: E731
url_safe_password = pick(B62 + "-_~", 18)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 24, 1, 22, "the rules for 18 to 21")

TEMPLATES = [
    # ================================================================ secrets
    # ---- vendor prefixes
    S(
        AI,
        "prefix",
        'client = OpenAI(api_key="{v}", timeout=30.0)',
        join("sk-proj-", b64url(74), "T3BlbkFJ", b64url(74)),
        note="OpenAI project key passed to the SDK constructor",
    ),
    S(
        AI,
        "header",
        'curl -s https://api.anthropic.com/v1/messages -H "x-api-key: {v}" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @prompt.json',
        join("sk-ant-api03-", b64url(93), "AA"),
        note="Anthropic key in the x-api-key header",
    ),
    S(
        AI,
        "flag",
        "$ huggingface-cli login --token {v} --add-to-git-credential",
        join("hf_", letters(34)),
        note="Hugging Face user access token as a CLI flag",
    ),
    S(
        AI,
        "mcp_env",
        '    "groq-search": { "command": "uvx", "args": ["groq-mcp"], "env": { "GROQ_API_KEY": "{v}" } },',
        join("gsk_", b62(52)),
        note="Groq key in an MCP server env block",
    ),
    S(
        AI,
        "prefix",
        "export REPLICATE_API_TOKEN={v}   # added by setup.sh",
        join("r8_", b62(37)),
        note="Replicate API token exported in a shell",
    ),
    S(
        AI,
        "flag",
        "$ aider --model openrouter/{slug} --api-key openrouter={v}",
        join("sk-or-v1-", hexl(64)),
        note="OpenRouter key through aider's --api-key provider=key switch",
        slug=const("qwen/qwen3-coder"),
    ),
    S(
        AI,
        "prefix",
        'LANGSMITH_API_KEY="{v}"',
        join("lsv2_pt_", hexl(32), "_", hexl(10)),
        note="LangSmith personal access token in a .env file",
    ),
    S(
        AI,
        "header",
        '"perplexity": { "type": "http", "url": "https://mcp.{host}/mcp", "headers": { "Authorization": "Bearer {v}" } }',
        join("pplx-", b62(48)),
        note="Perplexity key as a Bearer header of a remote MCP server",
        host=const("pplx-tools.dev"),
    ),
    S(
        AI,
        "prefix",
        'const grok = new OpenAI({ apiKey: "{v}", baseURL: "https://api.x.ai/v1" });',
        join("xai-", b62(80)),
        note="xAI key in a TypeScript OpenAI-compatible client",
    ),
    S(
        AI,
        "url_query",
        'curl "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent?key={v}" -H "Content-Type: application/json" -X POST -d @body.json',
        join("AIza", b64url(35)),
        note="Gemini API key in the ?key= query parameter",
    ),
    S(
        AI,
        "prefix",
        "  - model_name: ds-chat\n    litellm_params: {model: deepseek/deepseek-chat, api_key: {v}}",
        join("sk-", hexl(32)),
        note="DeepSeek key inline in a LiteLLM model_list entry",
    ),
    S(
        AI,
        "chat",
        "I added `CLAUDE_CODE_OAUTH_TOKEN={v}` to your ~/.zshrc after running `claude setup-token`; open a new shell before retrying.",
        join("sk-ant-oat01-", b64url(93), "AA"),
        note="Claude Code long-lived OAuth token in an agent chat line",
    ),
    S(
        AI,
        "settings_json",
        '{"env": {"ANTHROPIC_API_KEY": "{v}", "ANTHROPIC_MODEL": "{model}"}, "permissions": {"allow": ["Bash(pnpm test:*)"]}}',
        join("sk-ant-api03-", b64url(93), "AA"),
        note="Anthropic key in .claude/settings.local.json env",
        model=const("claude-sonnet-4-5"),
    ),
    S(
        AI,
        "prefix",
        "export AWS_BEARER_TOKEN_BEDROCK={v}",
        join("ABSKQmVkcm9ja0FQSUtleS1", b64(108, "=")),
        note="Amazon Bedrock long-term API key as the bearer-token env var",
    ),
    S(
        AI,
        "header",
        '$ curl http://localhost:4000/v1/chat/completions -H \'Authorization: Bearer {v}\' -d \'{"model": "team-gpt", "messages": [{"role": "user", "content": "ping"}]}\'',
        join("sk-", b64url(22)),
        note="LiteLLM proxy virtual key as a Bearer header",
    ),
    # ---- no prefix: recognisable only from the line
    S(
        AI,
        "header",
        'curl "https://{res}.openai.azure.com/openai/deployments/{dep}/chat/completions?api-version=2024-10-21" -H "api-key: {v}" -d @req.json',
        hexl(32),
        note="Azure OpenAI 32-hex key in the api-key header",
        res=const("northwind-aoai-eus2"),
        dep=const("gpt4o-mini-prod"),
    ),
    S(
        AI,
        "mcp_env",
        '      "env": { "MISTRAL_API_KEY": "{v}", "MISTRAL_MODEL": "codestral-latest" }',
        b62(32),
        note="Mistral bare key in an MCP server env block",
    ),
    S(
        AI,
        "positional",
        'co = cohere.ClientV2("{v}")',
        b62(40),
        note="Cohere bare key passed positionally",
    ),
    S(
        AI,
        "no_prefix",
        "$ export TOGETHER_API_KEY={v} && python eval_llama.py --model meta-llama/Llama-3.3-70B-Instruct-Turbo",
        hexl(64),
        note="Together bare 64-hex key exported before a script",
    ),
    S(
        AI,
        "no_prefix",
        'pc = Pinecone(api_key="{v}")',
        uuid,
        note="Pinecone UUID-shaped key in the client constructor",
    ),
    S(
        AI,
        "positional",
        "$ wandb login --relogin {v}",
        hexl(40),
        note="Weights & Biases 40-hex key passed positionally",
    ),
    S(
        AI,
        "no_prefix",
        'qdrant = QdrantClient(url="https://{cid}.us-east4-0.gcp.cloud.qdrant.io:6333", api_key="{v}")',
        join("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOj", b64url(30), ".", b64url(43)),
        note="Qdrant Cloud database key (JWT) in the client; the cluster id beside it is not secret",
        cid=uuid,
    ),
    # ---- keys inside URLs
    S(
        AI,
        "url_query",
        'search = requests.get("https://serpapi.com/search.json?engine=google&q=vllm+paged+attention&api_key={v}", timeout=20)',
        hexl(64),
        note="SerpAPI key (LangChain search tool) in ?api_key=",
    ),
    S(
        AI,
        "url_userinfo",
        "HTTPS_PROXY=http://svc-agent:{v}@egress.corp.internal:3128 claude -p 'summarise the failing tests'",
        url_safe_password,
        note="proxy password in userinfo in front of a Claude Code run",
    ),
    # ================================================================ look-alikes
    # ---- model names, deployment and resource names
    L(
        AI,
        "model_id",
        'msg = client.messages.create(model="{v}", max_tokens=4096, messages=history)',
        const("claude-opus-4-1-20250805"),
    ),
    L(
        AI,
        "deployment_name",
        'emb = AzureOpenAIEmbeddings(azure_deployment="{v}", azure_endpoint="https://{res}.openai.azure.com/", dimensions=1536)',
        const("emb-3-large-sweden"),
        res=const("fabrikam-aoai-swc"),
    ),
    # ---- organisation / project / request / object ids
    L(
        AI,
        "public_id",
        'curl https://api.openai.com/v1/models -H "Authorization: Bearer $OPENAI_API_KEY" -H "OpenAI-Organization: {v}"',
        join("org-", b62(24)),
    ),
    L(
        AI,
        "public_id",
        'client = OpenAI(project="{v}")  # key comes from OPENAI_API_KEY',
        join("proj_", b62(24)),
    ),
    L(
        AI,
        "request_id",
        "anthropic.RateLimitError: Error code: 429 - {'type': 'error', 'error': {'type': 'rate_limit_error', 'message': 'rate limit exceeded'}, 'request_id': '{v}'}",
        join("req_011C", b62(20)),
    ),
    L(
        AI,
        "request_id",
        '{"type": "tool_use", "id": "{v}", "name": "Bash", "input": {"command": "pytest -q tests/unit"}}',
        join("toolu_01", b62(22)),
    ),
    L(
        AI,
        "file_id",
        'batch = client.batches.create(input_file_id="{v}", endpoint="/v1/chat/completions", completion_window="24h")',
        join("file-", b62(22)),
    ),
    L(
        AI,
        "thread_id",
        'run = client.beta.threads.runs.create(thread_id="{v}", assistant_id="{asst}")',
        join("thread_", b62(24)),
        asst=join("asst_", b62(24)),
    ),
    L(
        AI,
        "trace_id",
        "View trace: https://smith.langchain.com/o/{org}/projects/p/{proj}/r/{v}?poll=true",
        uuid,
        org=uuid,
        proj=uuid,
    ),
    L(
        AI,
        "public_id",
        '"ANTHROPIC_BASE_URL": "https://gateway.ai.cloudflare.com/v1/{v}/agents-gw/anthropic"',
        hexl(32),
        note="Cloudflare account id in an AI Gateway URL: an identifier, not a credential",
    ),
    # ---- masked keys and env references
    L(
        AI,
        "masked",
        "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: {v}. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'param': None, 'code': 'invalid_api_key'}}",
        join("sk-proj-", const("*" * 148), b62(4)),
        note="the error echoes only four characters of the key",
    ),
    L(
        AI,
        "masked",
        "Using ANTHROPIC_API_KEY from environment ({v})",
        join("sk-ant-***", b62(4)),
    ),
    L(
        AI,
        "env_ref",
        '      "env": { "OPENAI_API_KEY": "{v}" }',
        const("${OPENAI_API_KEY}"),
    ),
    L(
        AI,
        "env_ref",
        '"provider": { "anthropic": { "options": { "apiKey": "{v}" } } }',
        const("{env:ANTHROPIC_API_KEY}"),
    ),
    # ---- placeholders
    L(AI, "placeholder", "XAI_API_KEY={v}", join("xai-", repeated(const("x"), 48))),
    L(AI, "placeholder", 'GROQ_API_KEY="{v}"', join("gsk_", interleaved(52))),
    L(AI, "placeholder", '"PERPLEXITY_API_KEY": "{v}"', const("<your-perplexity-api-key>")),
    # ---- hashes
    L(
        AI,
        "hash",
        "$ ollama show qwen2.5-coder:7b --modelfile | grep ^FROM\nFROM /home/dev/.ollama/models/blobs/sha256-{v}",
        hexl(64),
    ),
    L(
        AI,
        "hash",
        'tok = AutoTokenizer.from_pretrained("mistralai/Mistral-7B-Instruct-v0.3", revision="{v}")',
        hexl(40),
    ),
    # ---- non-secret values under secret-sounding names
    L(
        AI,
        "named_non_secret",
        '[model_providers.deepseek]\nname = "DeepSeek"\nbase_url = "https://api.deepseek.com/v1"\nenv_key = "{v}"',
        const("DEEPSEEK_API_KEY"),
    ),
    L(
        AI,
        "named_non_secret",
        '  "apiKeyHelper": "{v}",',
        const("~/.claude/bin/fetch-anthropic-key.sh"),
    ),
    L(
        AI,
        "named_non_secret",
        '"usage": {"input_tokens": {v}, "output_tokens": {out}, "cache_read_input_tokens": 0}',
        join("2", digits(4)),
        out=join("6", digits(2)),
    ),
]
