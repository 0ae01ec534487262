"""A hundred-and-seventy-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of email verification, enrichment and inbox-testing APIs: Mailtrap
(32-hex API tokens sent as `Authorization: Bearer` or the legacy `Api-Token` header, the same token
as the password of user `api` on live.smtp.mailtrap.io, 14-hex per-sandbox SMTP credentials on
sandbox.smtp.mailtrap.io:2525, numeric account and inbox ids in `/api/accounts/{id}` and
`/api/send/{inbox_id}`, template UUIDs, `alias-hash@inbox.mailtrap.io` addresses), MailSlurp
(64-hex keys in the `x-api-key` header, `API_KEY`/`MAILSLURP_API_KEY`, inbox UUIDs and
`uuid@mailslurp.biz` addresses), Mailosaur (keys sent as basic auth `-u api:KEY`,
`MAILOSAUR_API_KEY`, the `/api/servers/:id/password` answer, 8-character server ids and
`@id.mailosaur.net` addresses), testmail.app (UUID keys in `?apikey=` or a GraphQL Bearer header,
5-character namespaces), ZeroBounce (32-hex `api_key` query parameter, `Zerobounce.configure`,
its documented `<zerobounce-api-key>` placeholder), NeverBounce (`secret_` + 32 hex in
`~/.neverbounce.yml` and `key=`, the documented `secret_xxxx…` placeholder, `public_` widget keys,
numeric job ids), Kickbox (`live_` + 64 characters in `apikey=` and `require('kickbox').client`),
Hunter.io (40-hex `api_key` on `/v2/domain-search`), Clearbit / Breeze (`sk_` + 32 hex as the basic
auth username, `Clearbit.key`, `pk_` publishable keys in the tag script URL), Apollo.io (22
alphanumerics in the `x-api-key` header, 24-hex organization ids), Abstract API (32-hex `api_key`),
Emailable (`live_`/`test_` keys, `Emailable.api_key`, batch ids) and DeBounce (`api=` query
parameter), in commands, config files, code and tool output, with the public ids the same
documentation shows beside them.

Not every shape was stated in the pages the search returned. The `secret_` + 32 length
(NeverBounce), Kickbox's 64 and Apollo's 22 characters (public scanner rules), Hunter's 40 hex,
Mailosaur's `-u api:KEY` and `abcd1234`-style server ids, and testmail.app's `apikey` query
parameter were; these were written from what the author knows of the vendors: Mailtrap's 32-hex
tokens and 14-hex sandbox SMTP credentials, MailSlurp's 64-hex keys, Mailosaur keys as 16
mixed-case alphanumerics, testmail.app keys as UUIDs, the 32 hex after Clearbit's `sk_`/`pk_` and
its tag-script URL, NeverBounce's `public_` widget keys, ZeroBounce and Abstract keys as 32 hex,
Emailable's `live_` + 20, DeBounce keys as 13 hex, and the 24-hex Apollo and Emailable ids.

First score, blind, before any rule changed for it (after the rules for 165 to 169):
24 of 26 secrets caught, 0 of 24 look-alikes altered (missed: a password Mailosaur's `/password`
endpoint printed as `{"value": …}`, DeBounce's thirteen-hex `api=` in a query).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    pick,
    uuid,
)

EV = "emailverify"


def numeric_id(n: int):
    """A numeric id of n digits that does not start with 0."""
    return join(pick("123456789", 1), digits(n - 1))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 0, 24, "the rules for 165 to 169")

TEMPLATES = [
    # ---- secrets: Mailtrap
    S(
        EV,
        "mailtrap_bearer_curl",
        "$ curl -s -X POST https://send.api.mailtrap.io/api/send \\\n"
        '  -H "Authorization: Bearer {v}" \\\n'
        '  -H "Content-Type: application/json" \\\n'
        "  -d @fixtures/welcome-email.json",
        hexl(32),
    ),
    S(
        EV,
        "mailtrap_api_token_header",
        "### list sandboxes (requests.http)\nGET https://mailtrap.io/api/accounts/{acct}/inboxes\n"
        "Api-Token: {v}\nAccept: application/json",
        hexl(32),
        acct=numeric_id(7),
    ),
    S(
        EV,
        "mailtrap_sandbox_smtp_password",
        "# settings/staging.py\nEMAIL_HOST = 'sandbox.smtp.mailtrap.io'\nEMAIL_HOST_USER = '{user}'\n"
        "EMAIL_HOST_PASSWORD = '{v}'\nEMAIL_PORT = '2525'",
        hexl(14),
        user=hexl(14),
    ),
    S(
        EV,
        "mailtrap_live_smtp_url",
        "$ heroku config:set SMTP_URL=smtp://api:{v}@live.smtp.mailtrap.io:587 -a brightkite-api\n"
        "Setting SMTP_URL and restarting ⬢ brightkite-api... done, v142",
        hexl(32),
    ),
    S(
        EV,
        "mailtrap_python_client",
        'import mailtrap as mt\n\nclient = mt.MailtrapClient(token="{v}", sandbox=True, inbox_id={inbox})\n'
        "client.send(mail)",
        hexl(32),
        inbox=numeric_id(7),
    ),
    # ---- secrets: MailSlurp
    S(
        EV,
        "mailslurp_x_api_key",
        '$ curl -s -X POST "https://api.mailslurp.com/inboxes?expiresIn=600000" -H "x-api-key: {v}" | jq .emailAddress',
        hexl(64),
    ),
    S(
        EV,
        "mailslurp_cypress_env_json",
        '$ cat cypress.env.json\n{\n  "MAILSLURP_API_KEY": "{v}",\n  "baseUrl": "http://localhost:3000"\n}',
        hexl(64),
    ),
    # ---- secrets: Mailosaur
    S(
        EV,
        "mailosaur_basic_auth",
        "$ curl -s -u api:{v} 'https://mailosaur.com/api/messages?server={srv}' | jq '.items | length'\n3",
        b62(16),
        srv=lower_alnum(8),
    ),
    S(
        EV,
        "mailosaur_cypress_env",
        "$ CYPRESS_MAILOSAUR_API_KEY={v} npx cypress run --spec cypress/e2e/password-reset.cy.ts",
        b62(16),
    ),
    S(
        EV,
        "mailosaur_server_password",
        '$ curl -s -u api:$MAILOSAUR_API_KEY https://mailosaur.com/api/servers/{srv}/password\n{"value":"{v}"}',
        b62(16),
        srv=lower_alnum(8),
    ),
    # ---- secrets: testmail.app
    S(
        EV,
        "testmail_apikey_query",
        '$ curl -s "https://api.testmail.app/api/json?apikey={v}&namespace={ns}&tag=signup-ci&livequery=true"'
        " | jq -r '.emails[0].subject'\nConfirm your Brightkite account",
        uuid,
        ns=lower_alnum(5),
    ),
    S(
        EV,
        "testmail_graphql_bearer",
        'const testmail = new GraphQLClient("https://api.testmail.app/api/graphql", {\n'
        '  headers: { Authorization: "Bearer {v}" },\n});',
        uuid,
    ),
    # ---- secrets: ZeroBounce
    S(
        EV,
        "zerobounce_validate_query",
        "[tool: fetch] GET https://api.zerobounce.net/v2/validate?api_key={v}&email=ops%40brightkite.dev&ip_address=\n"
        '→ 200 {"address":"ops@brightkite.dev","status":"valid","sub_status":"","free_email":false}',
        hexl(32),
    ),
    S(
        EV,
        "zerobounce_ruby_configure",
        "Zerobounce.configure do |config|\n  config.apikey = '{v}'\n"
        "  config.api_root_url = Zerobounce::ApiUrls::EU_URL\nend",
        hexl(32),
    ),
    # ---- secrets: NeverBounce
    S(
        EV,
        "neverbounce_yml",
        "$ cat ~/.neverbounce.yml\napi_key: {v}\n$ bin/nb-account-info\nBillingType: default, CreditsInfo: 9841",
        join("secret_", hexl(32)),
    ),
    S(
        EV,
        "neverbounce_v4_key_query",
        "    resp = requests.get(\n"
        '        "https://api.neverbounce.com/v4.2/single/check",\n'
        '        params={"key": "{v}", "email": address, "timeout": 10},\n    )',
        join("secret_", hexl(32)),
    ),
    # ---- secrets: Kickbox
    S(
        EV,
        "kickbox_verify_apikey",
        '$ curl -s "https://api.kickbox.com/v2/verify?email=billing%40brightkite.dev&apikey={v}" | jq .result\n'
        '"deliverable"',
        join("live_", hexl(64)),
    ),
    S(
        EV,
        "kickbox_node_client",
        "const kickbox = require('kickbox').client('{v}').kickbox();",
        join("live_", hexl(64)),
    ),
    # ---- secrets: Hunter.io
    S(
        EV,
        "hunter_domain_search",
        "Running: curl -s 'https://api.hunter.io/v2/domain-search?domain=brightkite.dev&type=personal&api_key={v}'\n"
        '{"data":{"domain":"brightkite.dev","pattern":"{first}","organization":"Brightkite"',
        hexl(40),
    ),
    # ---- secrets: Clearbit / Breeze
    S(
        EV,
        "clearbit_basic_username",
        "$ curl 'https://person.clearbit.com/v2/combined/find?email=alex@brightkite.dev' -u {v}:",
        join("sk_", hexl(32)),
    ),
    S(
        EV,
        "clearbit_ruby_key",
        "# config/initializers/clearbit.rb\nClearbit.key = '{v}'",
        join("sk_", hexl(32)),
    ),
    # ---- secrets: Apollo.io
    S(
        EV,
        "apollo_x_api_key",
        "$ curl -s -X POST https://api.apollo.io/api/v1/people/match \\\n"
        "    -H 'Content-Type: application/json' -H 'x-api-key: {v}' \\\n"
        '    -d \'{"email": "alex@brightkite.dev", "reveal_personal_emails": false}\'',
        b62(22),
    ),
    S(
        EV,
        "apollo_compose_env",
        "  enrich-worker:\n    image: ghcr.io/brightkite/enrich-worker:1.9.3\n    environment:\n"
        "      APOLLO_API_KEY: {v}\n      APOLLO_BASE_URL: https://api.apollo.io/api/v1",
        b62(22),
    ),
    # ---- secrets: Abstract API, Emailable, DeBounce
    S(
        EV,
        "abstract_query",
        "> GET /v1/?api_key={v}&email=alex%40brightkite.dev HTTP/2\n> Host: emailvalidation.abstractapi.com\n"
        "< HTTP/2 200",
        hexl(32),
    ),
    S(
        EV,
        "emailable_ruby",
        "require 'emailable'\n\nEmailable.api_key = '{v}'\nEmailable.verify('jarrett@brightkite.dev')",
        join("live_", lower_alnum(20)),
    ),
    S(
        EV,
        "debounce_query",
        "$ curl -s 'https://api.debounce.io/v1/?api={v}&email=alex@brightkite.dev' | jq .debounce.result\n"
        '"Safe to Send"',
        hexl(13),
    ),
    # ---- look-alikes: public ids
    L(
        EV,
        "mailtrap_account_id",
        '$ curl -s -H "Authorization: Bearer $MAILTRAP_API_TOKEN" https://mailtrap.io/api/accounts\n'
        '[{"id":{v},"name":"Brightkite","access_levels":[1000]}]',
        numeric_id(7),
    ),
    L(
        EV,
        "mailtrap_inbox_id_url",
        '$ curl -s https://sandbox.api.mailtrap.io/api/send/{v} -H "Authorization: Bearer $MAILTRAP_TOKEN"'
        " -d @fixtures/reset.json",
        numeric_id(7),
    ),
    L(
        EV,
        "mailtrap_template_uuid",
        '  "from": {"email": "hello@brightkite.dev", "name": "Brightkite"},\n'
        '  "template_uuid": "{v}",\n  "template_variables": {"user_name": "Alex"}',
        uuid,
    ),
    L(
        EV,
        "mailtrap_sandbox_address",
        "Sandbox address (Email Address tab): {v}",
        join("qa-signup-", lower_alnum(6), "@inbox.mailtrap.io"),
    ),
    L(
        EV,
        "mailslurp_inbox_id",
        "$ node scripts/new-inbox.js\ninbox id: {v}\naddress:  {v}@mailslurp.biz",
        uuid,
    ),
    L(
        EV,
        "mailosaur_server_id",
        "const serverId = '{v}';\nconst testEmail = mailosaur.servers.generateEmailAddress(serverId);",
        lower_alnum(8),
    ),
    L(
        EV,
        "mailosaur_address",
        "[cypress] ✓ sends the reset link to {v} (4812ms)",
        join("pw-reset-", digits(4), "@", lower_alnum(8), ".mailosaur.net"),
    ),
    L(
        EV,
        "testmail_namespace",
        "TESTMAIL_NAMESPACE={v}\n# addresses look like {v}.<tag>@inbox.testmail.app",
        lower_alnum(5),
    ),
    L(
        EV,
        "neverbounce_job_id",
        '$ bin/nb-jobs-create --input leads-2024-05.csv\n{"status":"success","job_id":{v},"execution_time":388}',
        numeric_id(6),
    ),
    L(
        EV,
        "neverbounce_public_widget_key",
        "<script>\n  _NBSettings = { apiKey: '{v}', displayPoweredBy: false };\n</script>\n"
        '<script src="https://cdn.neverbounce.com/widget/dist/NeverBounce.js"></script>',
        join("public_", hexl(32)),
    ),
    L(
        EV,
        "clearbit_publishable_tag",
        '<script src="https://tag.clearbitscripts.com/v1/{v}/tags.js" referrerpolicy="strict-origin-when-cross-origin"></script>',
        join("pk_", hexl(32)),
    ),
    L(
        EV,
        "apollo_organization_id",
        '    "organization_id": "{v}",\n    "organization": {"name": "Brightkite", "primary_domain": "brightkite.dev"},',
        hexl(24),
    ),
    L(
        EV,
        "emailable_batch_id",
        '$ curl -s -X POST https://api.emailable.com/v1/batch -H "Authorization: Bearer $EMAILABLE_API_KEY" -d @batch.json\n'
        '{"message":"Batch successfully created.","id":"{v}"}',
        hexl(24),
    ),
    # ---- look-alikes: hashes
    L(
        EV,
        "commit_sha",
        "$ git commit -qm 'move hunter key to SSM' && git rev-parse HEAD\n{v}",
        hexl(40),
    ),
    L(
        EV,
        "list_checksum",
        "$ sha256sum exports/leads-2024-05.csv\n{v}  exports/leads-2024-05.csv",
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        EV,
        "gha_secret_ref",
        "      - run: npm run test:e2e\n        env:\n          MAILSLURP_API_KEY: {v}",
        const("${{ secrets.MAILSLURP_API_KEY }}"),
    ),
    L(
        EV,
        "testmail_env_ref",
        'curl -s "https://api.testmail.app/api/json?apikey={v}&namespace=$TESTMAIL_NAMESPACE&tag=$TAG"',
        const("${TESTMAIL_API_KEY}"),
    ),
    L(
        EV,
        "kickbox_vault_ref",
        "export KICKBOX_API_KEY={v}",
        const('"$(vault kv get -field=api_key secret/growth/kickbox)"'),
    ),
    L(
        EV,
        "mailtrap_placeholder",
        'client = mt.MailtrapClient(token="{v}")  # from Settings > API Tokens',
        const("YOUR_API_TOKEN"),
    ),
    L(
        EV,
        "zerobounce_doc_placeholder",
        "Zerobounce.configure do |config|\n  config.apikey = '{v}'\nend",
        const("<zerobounce-api-key>"),
    ),
    L(
        EV,
        "neverbounce_x_placeholder",
        "# ~/.neverbounce.yml (template, copy and fill in)\napi_key: {v}",
        join("secret_", const("x" * 32)),
    ),
    L(
        EV,
        "abstract_placeholder",
        "GET https://emailvalidation.abstractapi.com/v1/?api_key={v}&email=alex@brightkite.dev",
        const("<ABSTRACT_API_KEY>"),
    ),
    L(
        EV,
        "zerobounce_masked",
        "Integrations › ZeroBounce\n  Status:  connected\n  API key: {v}\n  Credits: 18,204",
        join("*" * 28, hexl(4)),
    ),
    L(
        EV,
        "apollo_masked",
        "DEBUG enrich.apollo POST /api/v1/people/match headers={'x-api-key': '{v}'} status=200",
        join("*" * 18, b62(4)),
    ),
]
