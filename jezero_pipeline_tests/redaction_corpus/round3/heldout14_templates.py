"""A fourteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from Nightfall AI's documented secret detectors (its API key detector and the vendors it
labels: Confluent, Okta, Postman, Postmark, Salesforce, Snyk, Splunk, and its own webhook signing
key), from the entries of Cloudflare DLP's predefined "Credentials and Secrets" profile (AWS,
Azure and Google Cloud keys, SSH keys, and the cfk_/cfut_/cfat_ Cloudflare API tokens with their
CRC32 hex suffix, beside the legacy Global API Key), and from Atlassian's and Bitbucket's secret
scanning (ATATT API tokens, ATBB app passwords, ATCTT access tokens, Jira and Confluence Data
Center personal access tokens, Opsgenie GenieKey and Statuspage OAuth keys, Jira Automation
incoming webhooks). Every value is generated here from a seeded random source in the documented
shape; commands, vendors and names are ones heldout5 does not use.

First score, blind, before any rule changed for it (after the rules for heldout 12, 13 and 15):
18 of 24 secrets caught, 1 of 24 look-alikes altered (a Confluent secret after its key id,
a Salesforce session token, passwords under Portuguese, German and French names, a Splunk
token built into an Authorization header; `X-Atlassian-Token: no-check`).
"""

from __future__ import annotations

from build import (
    B62,
    L,
    S,
    alphabet_run,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

NF, CF, AT = "nightfall", "cloudflare-dlp", "atlassian"

ATATT = join("ATATT3xFfGF0", b64url(170), "=", hexu(8))
ATCTT = join("ATCTT3xFfGN0", b64url(170), "=", hexu(8))
ATBB = join("ATBB", b62(24), hexu(8))
AZURE_SECRET = join(b62(3), digits(1), "Q~", pick(B62 + "_~.-", 34))
SALESFORCE_SESSION = join("00D", b62(12), "!", pick(B62 + "._", 96))
JWT = join("eyJraWQiOi", b64url(40), ".eyJ", b64url(160), ".", b64url(342))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (18, 24, 1, 24, "the rules for 12, 13 and 15")

TEMPLATES = [
    # ---- positional arguments, short and vendor-specific options, constructors
    S(
        NF,
        "positional",
        '$ confluent api-key store {key} {v} --resource lkc-{c}\nStored secret for API key "{key}".',
        b64(64),
        note="Confluent Cloud API secret, second positional argument",
        key=upper_alnum(16),
        c=lower_alnum(5),
    ),
    S(
        NF,
        "positional",
        "$ snyk auth {v}\n\nYour account has been authenticated. Snyk is now ready to be used.",
        uuid,
        note="Snyk API token (a UUID) as the positional argument",
    ),
    S(
        CF,
        "short_flag",
        "$ az login --service-principal -u {app} -p {v} --tenant {tenant}",
        AZURE_SECRET,
        note="Azure client secret: Q~ marker in the middle, no leading prefix",
        app=uuid,
        tenant=uuid,
    ),
    S(
        AT,
        "short_flag",
        "+ curl -sf -u ci-bot:{v} -X POST https://api.bitbucket.org/2.0/repositories/northwind-eng/billing-api/commit/{sha}/statuses/build",
        ATBB,
        note="Bitbucket app password after -u user: in a bash -x CI log",
        sha=hexl(40),
    ),
    S(
        NF,
        "constructor",
        'sf = Salesforce(instance_url="https://northwind.my.salesforce.com", session_id="{v}")',
        SALESFORCE_SESSION,
        note="Salesforce session id: org id, ! marker, then the token body",
    ),
    # ---- vendor formats, formats without a prefix, bare keys named only by their context
    S(
        CF,
        "prefix",
        'provider "cloudflare" { api_token = "{v}" }',
        join("cfat_", b62(40), hexl(8)),
        note="Cloudflare Account Owned API Token: cfat_, 40 alphanumerics, 8-hex checksum",
    ),
    S(
        CF,
        "bare_key",
        '$ curl -s "https://api.cloudflare.com/client/v4/zones?name=example.org" -H "X-Auth-Email: ops@example.org" -H "X-Auth-Key: {v}"',
        hexl(37),
        note="Cloudflare legacy Global API Key, 37 hex",
    ),
    S(
        CF,
        "bare_key",
        "$ cat ~/.ssh/bitbucket_deploy\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
        join(
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD",
            b64(57),
            "\n",
            b64(70),
            "\n",
            b64(70),
            "\n",
            b64(40),
            "=",
        ),
        note="SSH private key body",
    ),
    S(
        AT,
        "bare_key",
        "> GET /rest/api/space?limit=50 HTTP/1.1\n> Host: wiki.corp.example.net\n> Authorization: Bearer {v}",
        b64(44),
        note="Confluence Data Center personal access token: bare base64, no prefix",
    ),
    S(
        NF,
        "bare_key",
        "I stored it in Secrets Manager as well; for reference, the Nightfall webhook signing secret is {v} (rotate after the demo).",
        b64url(43),
        note="webhook signing key named only in prose",
    ),
    S(
        AT,
        "no_prefix",
        "BITBUCKET_USERNAME=release-bot\nBITBUCKET_APP_PASSWORD={v}",
        b62(20),
        note="pre-ATBB Bitbucket app password, no prefix",
    ),
    # ---- secrets in URLs
    S(
        AT,
        "url_userinfo",
        "$ git remote set-url origin https://x-token-auth:{v}@bitbucket.org/northwind-eng/billing-api.git",
        ATCTT,
        note="Bitbucket repository access token in the userinfo",
    ),
    S(
        AT,
        "url_path",
        "$ curl -X POST -H 'Content-Type: application/json' https://automation.atlassian.com/pro/hooks/{v} -d '{\"issues\":[\"OPS-1288\"]}'",
        hexl(40),
        note="Jira Automation incoming webhook secret in the path",
    ),
    S(
        AT,
        "url_query",
        'r = requests.get("https://api.statuspage.io/v1/pages/{page}/components.json?api_key={v}", timeout=10)',
        hexl(64),
        note="Statuspage API key as a query parameter",
        page=lower_alnum(12),
    ),
    S(
        CF,
        "url_query",
        "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://translation.googleapis.com/language/translate/v2?q=Hallo&target=en&key={v}",
        join("AIza", b64url(35)),
        note="Google Cloud API key in a query string inside a traceback",
    ),
    S(
        NF,
        "url_fragment",
        '  navigated to "https://portal.example.com/implicit/callback#access_token={v}&token_type=Bearer&expires_in=3600&scope=openid%20profile&state={st}"',
        JWT,
        note="Okta access token (JWT) in the fragment of an implicit-flow callback",
        st=b64url(16),
    ),
    # ---- named secrets: unusual spellings, other languages, headers
    S(
        AT,
        "named",
        'private val jiraApiToken = "{v}"',
        ATATT,
        note="Atlassian API token under jiraApiToken in Kotlin",
    ),
    S(
        AT,
        "named",
        "$senha = '{v}'; // usuário integracao-jira no Jira Data Center",
        password(14),
        note="password under a Portuguese name",
    ),
    S(
        NF,
        "named",
        "splunk:\n  host: splunk.intern.example.de\n  benutzer: hec-admin\n  kennwort: {v}",
        password(16),
        note="password under a German name",
    ),
    S(
        NF,
        "named",
        'const motDePasse = process.env.MDP_RAPPORTS || "{v}";',
        password(13),
        note="password under a French name, as a fallback default",
    ),
    S(
        NF,
        "header",
        'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Splunk", "{v}");',
        uuid,
        note="Splunk HEC token (a UUID) under the Splunk auth scheme",
    ),
    S(
        AT,
        "header",
        'req.Header.Set("Authorization", "GenieKey {v}")',
        uuid,
        note="Opsgenie API key (a UUID) under the GenieKey scheme",
    ),
    S(
        AT,
        "header",
        "GET /2.0/user HTTP/1.1\nHost: api.bitbucket.org\nAuthorization: Basic {v}",
        join(b64(63), "="),
        note="base64 user:app-password in a raw request",
    ),
    S(
        NF,
        "header",
        "$ http GET https://api.getpostman.com/collections X-Api-Key:{v}",
        join("PMAK-", hexl(24), "-", hexl(34)),
        note="Postman API key in an HTTPie header argument",
    ),
    # ---- look-alikes: placeholders and documentation examples
    L(
        AT,
        "placeholder",
        "ATLASSIAN_API_TOKEN={v}",
        interleaved(24, upper=True, digit_first=True),
        note="interleaved digit-letter filler",
    ),
    L(
        AT,
        "placeholder",
        "GET https://api.statuspage.io/v1/pages/{{page_id}}/incidents/unresolved.json\nAuthorization: OAuth {v}",
        const("{{statuspage_api_key}}"),
        note="REST-client file variable",
    ),
    L(
        AT,
        "placeholder",
        'C:\\ops> curl -s -X POST -H "Authorization: GenieKey {v}" https://api.opsgenie.com/v2/heartbeats/nightly-backup/ping',
        const("%OPSGENIE_API_KEY%"),
        note="cmd.exe variable",
    ),
    L(
        NF,
        "placeholder",
        "1. Authenticate the CLI once per machine with `snyk auth {v}` (token from Account settings).",
        const("<API_TOKEN>"),
        note="angle-bracket placeholder in a note",
    ),
    L(
        AT,
        "placeholder",
        "$ git clone https://x-token-auth:{v}@bitbucket.org/northwind-eng/infra-modules.git",
        const("$BITBUCKET_ACCESS_TOKEN"),
        note="shell variable in the userinfo",
    ),
    L(
        AT,
        "placeholder",
        "2024-05-14 09:12:44,331+0000 JIRA-Bootstrap INFO [c.a.j.c.database.DatabaseConfigurationManagerImpl] Connecting to jdbc:postgresql://pg-jira:5432/jiradb as jiradbuser, password {v}",
        const("********"),
        note="masked value in a log",
    ),
    L(
        NF,
        "placeholder",
        "POSTMARK_SERVER_TOKEN={v}",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
        note="x-filled UUID shape",
    ),
    L(
        CF,
        "placeholder",
        'os.environ.setdefault("CLOUDFLARE_API_TOKEN", "{v}")',
        join("cfut_", alphabet_run(40), counting(8)),
        note="cfut_ prefix over an alphabet run and a counting run",
    ),
    L(
        NF,
        "placeholder",
        '  "nightfallApiKey": "{v}",',
        const("PASTE_YOUR_NIGHTFALL_KEY_HERE"),
        note="REPLACE_ME-like word",
    ),
    L(
        NF,
        "doc_example",
        'curl -k https://localhost:8088/services/collector/event -H "Authorization: Splunk {v}" -d \'{"event": "hello world"}\'',
        const("12345678-1234-1234-1234-123456789012"),
        note="counting-run UUID from a HEC quick start",
    ),
    # ---- look-alikes: public identifiers next to credentials
    L(
        AT,
        "public_id",
        '$ curl -s https://northwind.atlassian.net/_edge/tenant_info\n{"cloudId":"{v}"}',
        uuid,
        note="Atlassian cloud id",
    ),
    L(
        CF,
        "public_id",
        '<div class="cf-turnstile" data-sitekey="{v}" data-theme="light"></div>',
        join("0x4AAAAAAA", b64url(13)),
        note="Turnstile site key (public)",
    ),
    L(
        CF,
        "public_id",
        "$ cat ~/.ssh/bb_deploy.pub\nssh-ed25519 {v} ci@runner-07",
        join("AAAAC3NzaC1lZDI1NTE5AAAAI", b64(43)),
        note="SSH public key",
    ),
    L(
        CF,
        "public_id",
        '{"result":{"id":"{v}","status":"active"},"success":true,"errors":[],"messages":[{"code":10000,"message":"This API Token is valid and active"}]}',
        hexl(32),
        note="Cloudflare API token id from /user/tokens/verify",
    ),
    # ---- look-alikes: hashes, commits, request ids
    L(
        AT,
        "hash",
        '+ echo "deploying $BITBUCKET_BRANCH@$BITBUCKET_COMMIT"\ndeploying main@{v}',
        hexl(40),
        note="commit SHA in a Pipelines log",
    ),
    L(
        CF,
        "request_id",
        "< HTTP/2 403\n< server: cloudflare\n< cf-ray: {v}",
        join(hexl(16), "-AMS"),
        note="Cloudflare ray id",
    ),
    L(
        AT,
        "request_id",
        '$ curl -s -X POST https://api.opsgenie.com/v2/alerts -H "Authorization: GenieKey $OG_KEY" -d @alert.json\n{"result":"Request will be processed","took":0.012,"requestId":"{v}"}',
        uuid,
        note="Opsgenie request id (a UUID) beside a key held in a variable",
    ),
    # ---- look-alikes: non-secret values under secret-sounding names
    L(
        AT,
        "named_non_secret",
        'curl -X POST -H "X-Atlassian-Token: {v}" -F "file=@build.log" "$JIRA_URL/rest/api/2/issue/OPS-412/attachments" --netrc',
        const("no-check"),
        note="XSRF opt-out header value",
    ),
    L(
        AT,
        "named_non_secret",
        '$ jq -c \'del(.access_token, .refresh_token)\' token.json\n{"expires_in":3600,"scope":"{v}","token_type":"Bearer"}',
        const("read:jira-work write:jira-work read:jira-user offline_access"),
        note="token scope",
    ),
    L(
        NF,
        "named_non_secret",
        "$ vault kv get -field=api_key {v}",
        const("secret/platform/nightfall/dlp-scanner"),
        note="secret manager path",
    ),
    L(
        NF,
        "named_non_secret",
        '  "passwordComplexity": {v},',
        const('{"minLength": 14, "minUpperCase": 1, "minNumber": 1, "minSymbol": 1, "excludeUsername": true}'),
        note="Okta password policy",
    ),
    L(
        AT,
        "named_non_secret",
        'JVM_SUPPORT_RECOMMENDED_ARGS="-Datlassian.pats.enabled={v}"',
        const("false"),
        note="boolean under a token-ish property",
    ),
    L(
        AT,
        "named_non_secret",
        'token = os.environ["{v}"]',
        const("CONFLUENCE_PAT"),
        note="env var name",
    ),
    L(
        CF,
        "named_non_secret",
        "Create the token at {v} (template: Edit zone DNS) and export it as CLOUDFLARE_API_TOKEN.",
        const("https://dash.cloudflare.com/profile/api-tokens"),
        note="token settings page URL",
    ),
]
