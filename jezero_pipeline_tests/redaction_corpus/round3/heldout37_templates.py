"""A thirty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of MCP server configuration in coding agents: Claude Desktop's
`claude_desktop_config.json` and Claude Code's `.mcp.json`, `claude mcp add` / `add-json` (`-e`,
`--header`, `--client-id`/`--client-secret` with `MCP_CLIENT_SECRET`, `oauth.clientId`), the Codex CLI
(`codex mcp add --env`, `config.toml` `[mcp_servers.*]` with `http_headers`, `env_http_headers` and
`bearer_token_env_var`, and what `codex mcp list`/`get` print), Cursor and Windsurf `mcp.json` /
`mcp_config.json` (`serverUrl`, `${env:…}`), VS Code `mcp.json` (`inputs` with `promptString`), Cline's
`cline_mcp_settings.json`, Continue's `mcpServers` YAML (`${{ secrets.… }}`), Zed's `context_servers`,
and `mcp-remote`'s `--header` with an `AUTH_HEADER` env; the servers' own READMEs for GitHub (PATs,
GitHub App ids, the ghcr.io image), Slack (bot tokens, team and channel ids), Linear, Notion
(`OPENAPI_MCP_HEADERS`), Sentry (`--access-token`, `--sentry-dsn`), Brave Search (`--brave-api-key`),
Supabase (`--access-token`, `project_ref`, publishable keys), Stripe (`--api-key`, `--stripe-account`),
Figma, Atlassian, GitLab, Postgres and MySQL servers, Context7, Tavily, Apify, Perplexity, Exa,
Cloudflare and Zapier (whose server URL is itself the credential); the MCP Inspector's printed proxy
session token; and the MCP authorization flow (RFC 7591 dynamic client registration responses, PKCE
authorize URLs, token responses), with the references, placeholders and public ids the same docs show.

First score, blind, before any rule changed for it (after the rules for 24 to 33):
24 of 25 secrets caught, 4 of 24 look-alikes altered (missed: a Zapier token as a URL path segment; altered: a
Sentry DSN as a flag's value, an OAuth `state` in an authorize URL, a Stripe connected account id after
`--stripe-account`, a Figma file key).
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
    groups,
    hexl,
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

MCP = "mcp"

DOM = "tidewell.dev"


def _b64url_json(d: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).rstrip(b"=").decode()


def jwt_access_token(rng: random.Random) -> str:
    """An RS256 `at+jwt` access token as an MCP authorization server issues it (our own claims and signature)."""
    iat = 1_718_000_000 + rng.randrange(40_000_000)
    header = {"alg": "RS256", "typ": "at+jwt", "kid": hexl(16)(rng)}
    payload = {
        "iss": f"https://auth.{DOM}",
        "sub": uuid(rng),
        "aud": f"https://mcp.{DOM}/mcp",
        "client_id": uuid(rng),
        "scope": "mcp:tools mcp:resources",
        "iat": iat,
        "exp": iat + 3600,
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


def zapier_connection_token(rng: random.Random) -> str:
    """The opaque token Zapier puts in the server URL path (`/api/mcp/s/<token>/mcp`)."""
    raw = f"{uuid(rng)}:{hexl(32)(rng)}"
    return base64.urlsafe_b64encode(raw.encode()).rstrip(b"=").decode()


github_pat = join("github_pat_", b62(22), "_", b62(59))
slack_team = join("T0", upper_alnum(8))
slack_channel = join("C0", upper_alnum(8))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 25, 4, 24, "the rules for 24 to 33")

TEMPLATES = [
    # ---- secrets: credentials in client config files (env blocks, headers, args)
    S(
        MCP,
        "claude_desktop_env_github_pat",
        '$ cat ~/Library/Application\\ Support/Claude/claude_desktop_config.json\n{\n  "mcpServers": {\n'
        '    "github": {\n      "command": "docker",\n'
        '      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN",'
        ' "ghcr.io/github/github-mcp-server"],\n'
        '      "env": {\n        "GITHUB_PERSONAL_ACCESS_TOKEN": "{v}"\n      }\n    }\n  }\n}',
        github_pat,
    ),
    S(
        MCP,
        "claude_mcp_add_env",
        "$ claude mcp add github -e GITHUB_PERSONAL_ACCESS_TOKEN={v} -- docker run -i --rm -e"
        " GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server\n"
        "Added stdio MCP server github with command: docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN"
        " ghcr.io/github/github-mcp-server to local config",
        join("ghp_", b62(36)),
    ),
    S(
        MCP,
        "mcp_json_slack_bot_token",
        '{\n  "mcpServers": {\n    "slack": {\n      "command": "npx",\n'
        '      "args": ["-y", "@modelcontextprotocol/server-slack"],\n      "env": {\n'
        '        "SLACK_BOT_TOKEN": "{v}",\n        "SLACK_TEAM_ID": "{team}"\n      }\n    }\n  }\n}',
        join("xoxb-", digits(12), "-", digits(13), "-", b62(24)),
        team=slack_team,
    ),
    S(
        MCP,
        "cursor_header_linear",
        '// .cursor/mcp.json\n{\n  "mcpServers": {\n    "linear": {\n      "url": "https://mcp.linear.app/mcp",\n'
        '      "headers": { "Authorization": "Bearer {v}" }\n    }\n  }\n}',
        join("lin_api_", b62(40)),
    ),
    S(
        MCP,
        "notion_openapi_headers",
        '    "notionApi": {\n      "command": "npx",\n      "args": ["-y", "@notionhq/notion-mcp-server"],\n'
        '      "env": {\n        "OPENAPI_MCP_HEADERS": "{\\"Authorization\\": \\"Bearer {v}\\",'
        ' \\"Notion-Version\\": \\"2022-06-28\\" }"\n      }\n    }',
        join("ntn_", digits(11), b62(35)),
    ),
    S(
        MCP,
        "sentry_access_token_flag",
        "$ npx @sentry/mcp-server@latest --access-token={v} --host=sentry.{org}.internal\n"
        "Sentry MCP server running on stdio",
        join("sntryu_", hexl(64)),
        org=const("harbourline"),
    ),
    S(
        MCP,
        "zed_brave_api_key_arg",
        '  "context_servers": {\n    "brave-search": {\n      "command": "npx",\n'
        '      "args": ["-y", "@brave/brave-search-mcp-server", "--transport", "stdio", "--brave-api-key", "{v}"],\n'
        '      "env": {}\n    }\n  },',
        join("BSA", b64url(28)),
    ),
    S(
        MCP,
        "postgres_positional_url",
        '    "postgres": {\n      "command": "npx",\n      "args": [\n        "-y",\n'
        '        "@modelcontextprotocol/server-postgres",\n'
        '        "postgresql://analytics_ro:{v}@db-replica.{dom}:5432/orders"\n      ]\n    }',
        b62(24),
        dom=const(DOM),
    ),
    S(
        MCP,
        "cline_mysql_password",
        '{\n  "mcpServers": {\n    "mysql": {\n      "command": "uvx",\n'
        '      "args": ["--from", "mysql-mcp-server", "mysql_mcp_server"],\n      "env": {\n'
        '        "MYSQL_HOST": "127.0.0.1",\n        "MYSQL_PORT": "3306",\n        "MYSQL_USER": "inventory_app",\n'
        '        "MYSQL_PASSWORD": "{v}",\n        "MYSQL_DATABASE": "inventory"\n      },\n'
        '      "alwaysAllow": ["list_tables"],\n      "disabled": false\n    }\n  }\n}',
        password(18),
    ),
    S(
        MCP,
        "codex_mcp_add_env",
        "$ codex mcp add figma --env FIGMA_API_KEY={v} -- npx -y figma-developer-mcp --stdio\n"
        "Added global MCP server 'figma'.",
        join("figd_", b64url(40)),
    ),
    S(
        MCP,
        "codex_toml_args_access_token",
        "[mcp_servers.supabase]\n"
        'command = "npx"\n'
        'args = ["-y", "@supabase/mcp-server-supabase@latest", "--read-only", "--project-ref={ref}",'
        ' "--access-token", "{v}"]\n'
        "startup_timeout_sec = 20",
        join("sbp_", hexl(40)),
        ref=pick(string.ascii_lowercase, 20),
    ),
    S(
        MCP,
        "codex_toml_http_header_uuid_key",
        '[mcp_servers.exa]\nurl = "https://mcp.exa.ai/mcp"\nhttp_headers = { "x-api-key" = "{v}" }\n'
        "tool_timeout_sec = 90",
        uuid,
    ),
    S(
        MCP,
        "zed_remote_bearer",
        '  "context_servers": {\n    "apify": {\n      "url": "https://mcp.apify.com/",\n'
        '      "headers": { "Authorization": "Bearer {v}" }\n    }\n  }',
        join("apify_api_", b62(36)),
    ),
    S(
        MCP,
        "windsurf_url_query_key",
        '{\n  "mcpServers": {\n    "tavily": {\n'
        '      "serverUrl": "https://mcp.tavily.com/mcp/?tavilyApiKey={v}"\n    }\n  }\n}',
        join("tvly-", b62(32)),
    ),
    S(
        MCP,
        "zapier_url_path_token",
        "Done: I added Zapier to `.mcp.json` as a remote server at https://mcp.zapier.com/api/mcp/s/{v}/mcp."
        " That URL embeds your connection token, so I also added `.mcp.json` to `.gitignore`.",
        zapier_connection_token,
    ),
    S(
        MCP,
        "mcp_remote_auth_header_env",
        '    "cloudflare-observability": {\n      "command": "npx",\n'
        '      "args": ["mcp-remote", "https://observability.mcp.cloudflare.com/mcp", "--header",'
        ' "Authorization:${AUTH_HEADER}"],\n'
        '      "env": { "AUTH_HEADER": "Bearer {v}" }\n    }',
        b64url(40),
    ),
    S(
        MCP,
        "atlassian_api_token",
        '      "args": ["run", "-i", "--rm", "-e", "JIRA_URL", "-e", "JIRA_USERNAME", "-e", "JIRA_API_TOKEN",'
        ' "ghcr.io/sooperset/mcp-atlassian:latest"],\n'
        '      "env": {\n        "JIRA_URL": "https://harbourline.atlassian.net",\n'
        '        "JIRA_USERNAME": "platform-bot@{dom}",\n        "JIRA_API_TOKEN": "{v}"\n      }',
        join("ATATT3xFfGF0", b64url(172), "=", pick("0123456789ABCDEF", 8)),
        dom=const(DOM),
    ),
    S(
        MCP,
        "context7_custom_header",
        '$ claude mcp add --header "CONTEXT7_API_KEY: {v}" --transport http context7 https://mcp.context7.com/mcp\n'
        "Added HTTP MCP server context7 with URL: https://mcp.context7.com/mcp to local config",
        join("ctx7sk-", uuid),
    ),
    S(
        MCP,
        "vscode_stripe_api_key_arg",
        '{\n  "servers": {\n    "stripe": {\n      "type": "stdio",\n      "command": "npx",\n'
        '      "args": ["-y", "@stripe/mcp", "--tools=all", "--api-key={v}"]\n    }\n  }\n}',
        join("rk_live_", b62(99)),
    ),
    S(
        MCP,
        "continue_yaml_gitlab_pat",
        "name: GitLab MCP\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: gitlab\n    command: npx\n"
        '    args:\n      - "-y"\n      - "@zereight/mcp-gitlab"\n    env:\n'
        "      GITLAB_PERSONAL_ACCESS_TOKEN: {v}\n      GITLAB_API_URL: https://gitlab.{dom}/api/v4",
        join("glpat-", b64url(20)),
        dom=const(DOM),
    ),
    # ---- secrets: values a command prints
    S(
        MCP,
        "inspector_session_token",
        "$ npx @modelcontextprotocol/inspector node build/index.js\nStarting MCP inspector...\n"
        "⚙️ Proxy server listening on localhost:6277\n🔑 Session token: {v}\n"
        "   Use this token to authenticate requests or set DANGEROUSLY_OMIT_AUTH=true to disable auth\n\n"
        "🚀 MCP Inspector is up and running at:\n   http://localhost:6274/?MCP_PROXY_AUTH_TOKEN={v}",
        hexl(64),
    ),
    S(
        MCP,
        "codex_mcp_get_unmasked_env",
        "$ codex mcp get perplexity\nperplexity\n  transport: stdio\n  command: npx\n  args: -y server-perplexity-ask\n"
        "  env: PERPLEXITY_API_KEY={v}\n  remove: codex mcp remove perplexity",
        join("pplx-", b62(48)),
    ),
    # ---- secrets: OAuth for remote MCP servers
    S(
        MCP,
        "mcp_client_secret_env",
        "$ MCP_CLIENT_SECRET={v} claude mcp add --transport http --client-id {cid} --client-secret"
        " --callback-port 8080 acme-crm https://mcp.{dom}/mcp",
        b64url(48),
        cid=join("Ov23li", b62(14)),
        dom=const(DOM),
    ),
    S(
        MCP,
        "dcr_client_secret",
        "$ curl -s -X POST https://auth.{dom}/oauth/register -H 'Content-Type: application/json'"
        ' -d \'{"client_name":"codex","redirect_uris":["http://127.0.0.1:1455/callback"],'
        '"token_endpoint_auth_method":"client_secret_post"}\'\n'
        '{"client_id":"{cid}","client_secret":"{v}","client_id_issued_at":1721904417,'
        '"client_secret_expires_at":0,"redirect_uris":["http://127.0.0.1:1455/callback"],'
        '"token_endpoint_auth_method":"client_secret_post"}',
        hexl(64),
        cid=uuid,
        dom=const(DOM),
    ),
    S(
        MCP,
        "oauth_token_response",
        '$ curl -s https://auth.{dom}/oauth/token -d grant_type=authorization_code -d "code=$CODE"'
        ' -d "code_verifier=$VERIFIER" -d redirect_uri=http://localhost:8080/callback\n'
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3600,"scope":"mcp:tools mcp:resources"}',
        jwt_access_token,
        dom=const(DOM),
    ),
    # ---- look-alikes: references to secrets held elsewhere
    L(
        MCP,
        "vscode_input_reference",
        '{\n  "inputs": [\n    { "type": "promptString", "id": "github_pat", "description": "GitHub Personal Access'
        ' Token", "password": true }\n  ],\n  "servers": {\n    "github": {\n      "type": "http",\n'
        '      "url": "https://api.githubcopilot.com/mcp/",\n      "headers": { "Authorization": "Bearer {v}" }\n'
        "    }\n  }\n}",
        const("${input:github_pat}"),
    ),
    L(
        MCP,
        "cursor_env_interpolation",
        '// .cursor/mcp.json\n{\n  "mcpServers": {\n    "linear": {\n      "url": "https://mcp.linear.app/mcp",\n'
        '      "headers": { "Authorization": "Bearer {v}" }\n    }\n  }\n}',
        const("${env:LINEAR_API_KEY}"),
    ),
    L(
        MCP,
        "continue_secrets_reference",
        'mcpServers:\n  - name: Brave Search\n    command: npx\n    args:\n      - "-y"\n'
        '      - "@brave/brave-search-mcp-server"\n    env:\n      BRAVE_API_KEY: {v}',
        const("${{ secrets.BRAVE_API_KEY }}"),
    ),
    L(
        MCP,
        "codex_bearer_token_env_var",
        '[mcp_servers.figma]\nurl = "https://mcp.figma.com/mcp"\nbearer_token_env_var = "{v}"',
        const("FIGMA_OAUTH_TOKEN"),
    ),
    L(
        MCP,
        "codex_env_http_headers",
        '[mcp_servers.exa]\nurl = "https://mcp.exa.ai/mcp"\nenv_http_headers = { "x-api-key" = "{v}" }',
        const("EXA_API_KEY"),
    ),
    L(
        MCP,
        "op_secret_reference",
        '$ cat .env.mcp\nGITHUB_PERSONAL_ACCESS_TOKEN="{v}"\n$ op run --env-file=.env.mcp -- claude',
        const("op://Engineering/github-mcp-server/credential"),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        MCP,
        "slack_team_id",
        '      "env": {\n        "SLACK_BOT_TOKEN": "${SLACK_BOT_TOKEN}",\n        "SLACK_TEAM_ID": "{v}"\n      }',
        slack_team,
    ),
    L(
        MCP,
        "slack_channel_ids",
        '$ claude mcp add slack -e SLACK_BOT_TOKEN="$SLACK_BOT_TOKEN" -e SLACK_TEAM_ID={team}'
        " -e SLACK_CHANNEL_IDS={v} -- npx -y @modelcontextprotocol/server-slack",
        groups(slack_channel, 3, ","),
        team=slack_team,
    ),
    L(
        MCP,
        "supabase_project_ref",
        '$ claude mcp add --transport http supabase "https://mcp.supabase.com/mcp?project_ref={v}&read_only=true"',
        pick(string.ascii_lowercase, 20),
    ),
    L(
        MCP,
        "supabase_publishable_key",
        '⏺ supabase - get_publishable_keys (MCP)(project_id: "{ref}")\n'
        '  ⎿  [{"name":"default","api_key":"{v}","type":"publishable"}]',
        join("sb_publishable_", b64url(31)),
        ref=pick(string.ascii_lowercase, 20),
    ),
    L(
        MCP,
        "sentry_dsn",
        '$ npx @sentry/mcp-server@latest --access-token="$SENTRY_ACCESS_TOKEN" --sentry-dsn={v}',
        join("https://", hexl(32), "@o", digits(6), ".ingest.us.sentry.io/", digits(7)),
    ),
    L(
        MCP,
        "oauth_client_id_config",
        '{\n  "mcpServers": {\n    "acme-issues": {\n      "type": "http",\n      "url": "https://mcp.{dom}/mcp",\n'
        '      "oauth": { "clientId": "{v}", "callbackPort": 8080 }\n    }\n  }\n}',
        join("Ov23li", b62(14)),
        dom=const(DOM),
    ),
    L(
        MCP,
        "dcr_public_client_id",
        "HTTP/1.1 201 Created\nContent-Type: application/json\n\n"
        '{"client_id":"{v}","client_id_issued_at":1719835522,"client_name":"Claude Code (acme-crm)",'
        '"redirect_uris":["http://localhost:53917/callback"],"grant_types":["authorization_code","refresh_token"],'
        '"response_types":["code"],"token_endpoint_auth_method":"none"}',
        uuid,
    ),
    L(
        MCP,
        "pkce_code_challenge",
        "Opening browser for authentication: https://auth.{dom}/authorize?response_type=code&client_id={cid}"
        "&code_challenge={v}&code_challenge_method=S256&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fcallback"
        "&state={state}&scope=mcp%3Atools",
        b64url(43),
        dom=const(DOM),
        cid=uuid,
        state=b64url(32),
    ),
    L(
        MCP,
        "github_app_id",
        '      "env": {\n        "GITHUB_APP_ID": "{v}",\n        "GITHUB_APP_INSTALLATION_ID": "{inst}",\n'
        '        "GITHUB_APP_PRIVATE_KEY_PATH": "~/.config/github-mcp/app.private-key.pem"\n      }',
        digits(7),
        inst=digits(8),
    ),
    L(
        MCP,
        "stripe_connected_account",
        '$ npx -y @stripe/mcp --tools=all --api-key="$STRIPE_SECRET_KEY" --stripe-account={v}',
        join("acct_", b62(16)),
    ),
    L(
        MCP,
        "notion_database_id",
        '⏺ notion - API-post-database-query (MCP)(database_id: "{v}", page_size: 25)\n'
        "  ⎿  Returned 25 pages (has_more: true)",
        hexl(32),
    ),
    L(
        MCP,
        "figma_file_key",
        "Fetching the frame from https://www.figma.com/design/{v}/Checkout?node-id=1204-889\n"
        '⏺ figma - get_figma_data (MCP)(fileKey: "{v}", nodeId: "1204:889")',
        b62(22),
    ),
    # ---- look-alikes: digests and commits
    L(
        MCP,
        "image_digest",
        "$ docker pull ghcr.io/github/github-mcp-server:latest\nlatest: Pulling from github/github-mcp-server\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for ghcr.io/github/github-mcp-server:latest",
        hexl(64),
    ),
    L(
        MCP,
        "pinned_commit",
        '    "jira": {\n      "command": "uvx",\n'
        '      "args": ["--from", "git+https://github.com/harbourline/mcp-jira@{v}", "mcp-jira"]\n    }',
        hexl(40),
    ),
    # ---- look-alikes: masked output and placeholders
    L(
        MCP,
        "codex_list_masked_env",
        "$ codex mcp list\n"
        "Name   Command  Args                                   Env                                         Cwd  Status"
        "   Auth\n"
        "slack  npx      -y @modelcontextprotocol/server-slack  {v}  -    enabled  Unsupported",
        const("SLACK_BOT_TOKEN=*****, SLACK_TEAM_ID=*****"),
    ),
    L(
        MCP,
        "placeholder_angle",
        '      "args": ["-y", "@supabase/mcp-server-supabase@latest", "--read-only", "--access-token", "{v}"]',
        const("<supabase-personal-access-token>"),
    ),
    L(
        MCP,
        "placeholder_vendor_shape",
        "# .env.example (copy to .env; the Slack MCP server reads these)\nSLACK_BOT_TOKEN={v}\nSLACK_TEAM_ID=T00000000",
        const("xoxb-000000000000-0000000000000-xxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    L(
        MCP,
        "placeholder_interleaved",
        "# .env.example: put your own key here, then `claude mcp add linear -e LINEAR_API_KEY=... -- npx -y"
        " linear-mcp-server`\nLINEAR_API_KEY={v}",
        join("lin_api_", interleaved(40)),
    ),
]
