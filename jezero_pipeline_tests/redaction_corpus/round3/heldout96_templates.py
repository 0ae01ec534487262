"""A ninety-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of survey, form and customer-feedback tools: Typeform
(`tfp_` personal access tokens as a Bearer header and in an ingestr `typeform://?token=` URI,
per-webhook secrets set through the Webhooks API, the `typeform-signature: sha256=` header, form
ids), SurveyMonkey (v3 `bearer` access tokens, the OAuth code exchange with `client_secret`, public
client ids), Qualtrics (`X-API-TOKEN`, the qualtRics R package's `qualtrics_api_credentials`,
OAuth client-credentials against `/oauth2/token`, `SV_` survey ids, OAuth client
ids), the Google Forms API (`client_secrets.json` with `GOCSPX-`, `token.json` refresh tokens,
`ya29.` access tokens, OAuth client ids, form ids), Jotform (32-hex `apiKey` query parameter, the
Python client, numeric form ids, masked keys), Wufoo (`XXXX-XXXX-XXXX-XXXX` keys with the
`footastic` basic-auth password, webhook `handshakeKey`, form hashes), Formstack (v2 OAuth2 access
tokens, numeric form ids), Formspree (CLI deploy keys under `-k` and `netlify env:set`, form
hashids in `formspree.io/f/…`, the GitHub action's `deployKey`), Canny (`apiKey` POST parameter,
SSO private keys signing JWTs, 24-hex board and app ids), Tally (`tly-` API keys, webhook signing
secrets, form ids), Hotjar (client-credentials token requests and the bearer token they return,
`hjid` site ids) and Delighted (`-u KEY:` basic auth, the Ruby client, the public web-snippet
token and `mobile-sdk-` ids), in commands, config files, code and tool output, with the public
ids, placeholders, masks and secret-store references the same documentation shows beside them.
Where the documentation found gives no length or alphabet (Hotjar's client id and secret and its
bearer token, Formspree deploy keys, the body of a `tly-` key, SurveyMonkey's access token and
app secret, Formstack tokens) the shape is a plausible guess, not a documented one.

First score, blind, before any rule changed for it (after the rules for 90 to 94):
26 of 26 secrets caught, 2 of 25 look-alikes altered (altered: `-u "<client
id>:$QUALTRICS_CLIENT_SECRET"` taken whole, Wufoo's dummy password after `-u "$WUFOO_API_KEY:`).
"""

from __future__ import annotations

import string

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
    upper_alnum,
    uuid,
)

SV = "surveys"

typeform_pat = join("tfp_", b62(44), "_", b62(14))
sm_token = join(
    pick(string.ascii_letters + string.digits + "-", 44), ".", pick(string.ascii_letters + string.digits + "-", 72)
)
google_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")
google_form_id = join("1", b64url(43))
wufoo_key = groups(upper_alnum(4), 4)
wufoo_hash = join("z", lower_alnum(13))
jwt_like = join("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.", b64url(176), ".", b64url(342))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 2, 25, "the rules for 90 to 94")

TEMPLATES = [
    # ---- secrets: Typeform
    S(
        SV,
        "typeform_pat_header",
        "$ curl -s 'https://api.typeform.com/forms?page_size=50' -H \"Authorization: Bearer {v}\" | jq -r '.items[].id'",
        typeform_pat,
    ),
    S(
        SV,
        "typeform_uri_token",
        '$ ingestr ingest --source-uri "typeform://?token={v}&region=eu" --source-table responses'
        " --dest-uri duckdb:///feedback.duckdb --dest-table raw.typeform_responses",
        typeform_pat,
    ),
    S(
        SV,
        "typeform_webhook_secret",
        '$ curl -X PUT https://api.typeform.com/forms/{fid}/webhooks/nps-sync -H "Authorization: Bearer $TYPEFORM_TOKEN"'
        ' -H "Content-Type: application/json"'
        ' -d \'{"url":"https://hooks.brightkite.dev/typeform","enabled":true,"secret":"{v}","verify_ssl":true}\'',
        b62(32),
        fid=b62(8),
    ),
    # ---- secrets: SurveyMonkey
    S(
        SV,
        "surveymonkey_bearer_code",
        '    headers = {"Authorization": "bearer {v}", "Content-Type": "application/json"}\n'
        '    r = s.get("https://api.surveymonkey.com/v3/surveys/{sid}/responses/bulk?per_page=100", headers=headers)',
        sm_token,
        sid=digits(9),
    ),
    S(
        SV,
        "surveymonkey_client_secret",
        "$ curl -s -X POST https://api.surveymonkey.com/oauth/token"
        ' -d "client_secret={v}&code=$AUTH_CODE&redirect_uri=https%3A%2F%2Fapp.brightkite.dev%2Fsm%2Fcallback'
        '&client_id={cid}&grant_type=authorization_code"',
        digits(40),
        cid=b62(22),
    ),
    # ---- secrets: Qualtrics
    S(
        SV,
        "qualtrics_api_token_header",
        '$ curl -s -X POST "https://iad1.qualtrics.com/API/v3/surveys/{sv}/export-responses"'
        ' -H "X-API-TOKEN: {v}" -H \'Content-Type: application/json\' -d \'{"format":"csv"}\'',
        b62(40),
        sv=join("SV_", b62(15)),
    ),
    S(
        SV,
        "qualtrics_r_credentials",
        '> qualtrics_api_credentials(api_key = "{v}",\n+                           base_url = "fra1.qualtrics.com",\n'
        "+                           install = TRUE)\nYour Qualtrics key and base URL have been stored in your .Renviron.",
        b62(40),
    ),
    S(
        SV,
        "qualtrics_oauth_client_secret",
        '$ curl -s -u "{cid}:{v}" -X POST https://sjc1.qualtrics.com/oauth2/token'
        " -F grant_type=client_credentials -F scope=read:survey_responses",
        b62(64),
        cid=hexl(32),
    ),
    # ---- secrets: Google Forms API
    S(
        SV,
        "google_client_secrets_json",
        '$ cat client_secrets.json\n{"installed":{"client_id":"{cid}","project_id":"feedback-forms-2291",'
        '"auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token",'
        '"client_secret":"{v}","redirect_uris":["http://localhost"]}}',
        join("GOCSPX-", b64url(28)),
        cid=google_client_id,
    ),
    S(
        SV,
        "google_token_json_refresh",
        '$ jq . token.json\n{\n  "refresh_token": "{v}",\n  "token_uri": "https://oauth2.googleapis.com/token",\n'
        '  "client_id": "{cid}",\n  "scopes": ["https://www.googleapis.com/auth/forms.responses.readonly"]\n}',
        join("1//0", b64url(99)),
        cid=google_client_id,
    ),
    S(
        SV,
        "google_forms_bearer",
        '$ curl -s "https://forms.googleapis.com/v1/forms/{fid}/responses?pageSize=100" -H "Authorization: Bearer {v}"',
        join("ya29.a0", b64url(150)),
        fid=google_form_id,
    ),
    # ---- secrets: Jotform
    S(
        SV,
        "jotform_query_apikey",
        '$ curl -s "https://eu-api.jotform.com/form/{fid}/submissions?apiKey={v}&limit=1000&orderby=created_at"'
        " | jq '.content | length'",
        hexl(32),
        fid=join("24", digits(13)),
    ),
    S(
        SV,
        "jotform_python_client",
        "from jotform import JotformAPIClient\n\njotformAPIClient = JotformAPIClient('{v}')\n"
        "forms = jotformAPIClient.get_forms(None, 1, None, None)",
        hexl(32),
    ),
    # ---- secrets: Wufoo
    S(
        SV,
        "wufoo_basic_auth_user",
        "$ curl -s -u {v}:footastic 'https://brightkite.wufoo.com/api/v3/forms/{hash}/entries.json?pageSize=100'",
        wufoo_key,
        hash=wufoo_hash,
    ),
    S(
        SV,
        "wufoo_handshake_key",
        '$ curl -s -u "$WUFOO_API_KEY:footastic" -X PUT -d "url=https://hooks.brightkite.dev/wufoo"'
        ' -d "handshakeKey={v}" -d "metadata=true" https://brightkite.wufoo.com/api/v3/forms/{hash}/webhooks.json',
        password(18),
        hash=wufoo_hash,
    ),
    # ---- secrets: Formstack
    S(
        SV,
        "formstack_tap_config",
        '$ cat tap_formstack_config.json\n{\n  "access_token": "{v}",\n  "start_date": "2024-01-01T00:00:00Z",\n'
        '  "form_ids": ["{fid}"]\n}',
        hexl(32),
        fid=digits(7),
    ),
    # ---- secrets: Formspree
    S(
        SV,
        "formspree_deploy_flag",
        "$ npx formspree deploy -k {v}\n✔ Deployment succeeded ({count} forms synced)",
        hexl(32),
        count=digits(1),
    ),
    S(
        SV,
        "formspree_netlify_env_set",
        "$ netlify env:set FORMSPREE_DEPLOY_KEY {v} --context production\n"
        "Set environment variable FORMSPREE_DEPLOY_KEY in the production context",
        hexl(32),
    ),
    # ---- secrets: Canny
    S(
        SV,
        "canny_apikey_post",
        "$ curl https://canny.io/api/v1/posts/list -d apiKey={v} -d boardID={bid} -d limit=100",
        uuid,
        bid=hexl(24),
    ),
    S(
        SV,
        "canny_sso_private_key",
        "const jwt = require('jsonwebtoken');\nconst PrivateKey = '{v}';\n\nfunction createCannyToken(user) {\n"
        "  return jwt.sign({ email: user.email, id: user.id, name: user.name }, PrivateKey, { algorithm: 'HS256' });\n}",
        uuid,
    ),
    # ---- secrets: Tally
    S(
        SV,
        "tally_bearer_fetch",
        'const res = await fetch("https://api.tally.so/forms?page=1", {\n'
        '  headers: { Authorization: "Bearer {v}", "Content-Type": "application/json" },\n});',
        join("tly-", b62(32)),
    ),
    S(
        SV,
        "tally_signing_secret_docker",
        "$ docker run -d --name feedback-relay -e TALLY_SIGNING_SECRET={v} -p 8080:8080"
        " ghcr.io/brightkite/feedback-relay:1.4.2",
        b62(32),
    ),
    # ---- secrets: Hotjar
    S(
        SV,
        "hotjar_client_secret",
        '$ curl -s -X POST https://api.hotjar.io/v1/oauth/token -H "Content-Type: application/x-www-form-urlencoded"'
        ' -d "grant_type=client_credentials&client_id={cid}&client_secret={v}"',
        b62(48),
        cid=b62(32),
    ),
    S(
        SV,
        "hotjar_access_token_output",
        '{"access_token":"{v}","token_type":"Bearer","expires_in":3600}',
        jwt_like,
    ),
    # ---- secrets: Delighted
    S(
        SV,
        "delighted_basic_user",
        "$ curl -s https://api.delighted.com/v1/metrics.json -u {v}: -G -d since=1714521600 -d trend={trend}",
        b62(32),
        trend=digits(3),
    ),
    S(
        SV,
        "delighted_ruby_initializer",
        "# config/initializers/delighted.rb\nrequire 'delighted'\n\nDelighted.api_key = '{v}'",
        b62(32),
    ),
    # ---- look-alikes: public ids
    L(
        SV,
        "typeform_form_id",
        '$ curl -s "https://api.typeform.com/forms/{v}/responses?page_size=1000&since=2024-05-01T00:00:00Z"'
        ' -H "Authorization: Bearer $TYPEFORM_TOKEN"',
        b62(8),
    ),
    L(
        SV,
        "surveymonkey_client_id",
        "Open this URL to authorize the app:\nhttps://api.surveymonkey.com/oauth/authorize?response_type=code"
        "&redirect_uri=https%3A%2F%2Fapp.brightkite.dev%2Fsm%2Fcallback&client_id={v}",
        b62(22),
    ),
    L(
        SV,
        "qualtrics_survey_id",
        '> utd <- fetch_survey(surveyID = "{v}", force_request = TRUE, verbose = FALSE)',
        join("SV_", b62(15)),
    ),
    L(
        SV,
        "qualtrics_client_id",
        '$ curl -s -u "{v}:$QUALTRICS_CLIENT_SECRET" -X POST https://sjc1.qualtrics.com/oauth2/token'
        " -F grant_type=client_credentials -F scope=read:survey_responses",
        hexl(32),
    ),
    L(
        SV,
        "google_client_id",
        "flow = InstalledAppFlow.from_client_config(\n"
        '    {"installed": {"client_id": "{v}", "client_secret": os.environ["GOOGLE_CLIENT_SECRET"],\n'
        '                   "token_uri": "https://oauth2.googleapis.com/token"}}, SCOPES)',
        google_client_id,
    ),
    L(
        SV,
        "google_form_id",
        'form_id = "{v}"\nresult = service.forms().get(formId=form_id).execute()',
        google_form_id,
    ),
    L(
        SV,
        "jotform_form_id",
        '<script type="text/javascript" src="https://form.jotform.com/jsform/{v}"></script>',
        join("24", digits(13)),
    ),
    L(
        SV,
        "wufoo_form_hash",
        "$ curl -s -u \"$WUFOO_API_KEY:footastic\" 'https://brightkite.wufoo.com/api/v3/forms/{v}/fields.json'",
        wufoo_hash,
    ),
    L(
        SV,
        "formstack_form_id",
        '$ curl -s "https://www.formstack.com/api/v2/form/{v}/submission.json?per_page=100&data=true"'
        ' -H "Authorization: Bearer $FORMSTACK_TOKEN"',
        digits(7),
    ),
    L(
        SV,
        "formspree_form_hashid",
        '<form action="https://formspree.io/f/{v}" method="POST">\n  <input type="email" name="email">\n'
        '  <textarea name="message"></textarea>\n  <button type="submit">Send</button>\n</form>',
        pick(string.ascii_lowercase, 8),
    ),
    L(
        SV,
        "canny_board_id",
        '{\n  "id": "{v}",\n  "created": "2024-03-11T09:14:22.000Z",\n  "name": "Feature Requests",\n  "postCount": 412,',
        hexl(24),
    ),
    L(
        SV,
        "canny_app_id",
        "Canny('identify', {\n  appID: '{v}',\n  user: { email: user.email, id: user.id, name: user.name },\n});",
        hexl(24),
    ),
    L(
        SV,
        "tally_form_id",
        '<iframe data-tally-src="https://tally.so/embed/{v}?alignLeft=1&hideTitle=1&dynamicHeight=1"'
        ' loading="lazy" width="100%" height="316" title="Product feedback"></iframe>',
        b62(6),
    ),
    L(
        SV,
        "hotjar_site_id",
        "    (function(h,o,t,j,a,r){\n        h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};\n"
        "        h._hjSettings={hjid:{v},hjsv:6};",
        digits(7),
    ),
    L(
        SV,
        "delighted_web_snippet_token",
        'l.parentNode.insertBefore(o,l)}}(window,document,"{v}","delighted");\n\n  delighted.survey();',
        b62(16),
    ),
    L(
        SV,
        "delighted_mobile_sdk_id",
        '        Delighted.survey(delightedID: "{v}", person: person, callback: nil)',
        join("mobile-sdk-", b62(16)),
    ),
    # ---- look-alikes: signatures and checksums
    L(
        SV,
        "typeform_signature_header",
        "POST /typeform HTTP/1.1\nHost: hooks.brightkite.dev\ncontent-type: application/json\ntypeform-signature: {v}",
        join("sha256=", b64(43), "="),
    ),
    L(
        SV,
        "wheel_checksum",
        "delighted==4.1.0 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
    # ---- look-alikes: placeholders, masks, references
    L(
        SV,
        "typeform_placeholder",
        "# .env.example\nTYPEFORM_TOKEN={v}",
        const("tfp_" + "X" * 44 + "_" + "X" * 14),
    ),
    L(
        SV,
        "tally_placeholder",
        "Use your API key as a bearer token on every request:\n\n    Authorization: Bearer {v}",
        const("tly-xxxx"),
    ),
    L(
        SV,
        "jotform_placeholder",
        "jotformAPIClient = JotformAPIClient('{v}')\nsubmissions = jotformAPIClient.get_submissions(0, 100, None, 'created_at')",
        const("YOUR API KEY"),
    ),
    L(
        SV,
        "jotform_masked",
        "Name           Key                                Access        Created\nzapier-sync    {v}   Read Access   2024-04-02",
        join("*" * 28, hexl(4)),
    ),
    L(
        SV,
        "qualtrics_env_ref",
        '> qualtrics_api_credentials(api_key = {v}, base_url = Sys.getenv("QUALTRICS_BASE_URL"))',
        const('Sys.getenv("QUALTRICS_API_KEY")'),
    ),
    L(
        SV,
        "formspree_gha_secret_ref",
        "      - name: Deploy\n        uses: formspree/cli-action@main\n        with:\n          deployKey: {v}",
        const("${{ secrets.FORMSPREE_DEPLOY_KEY }}"),
    ),
    L(
        SV,
        "vault_path_ref",
        "$ export DELIGHTED_API_KEY=$(vault kv get -field=api_key {v})",
        const("secret/surveys/delighted"),
    ),
]
