"""A hundred-and-forty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of document-generation and PDF services: DocRaptor (the API key
as the basic-auth user in `https://KEY@api.docraptor.com/docs`, the `user_credentials` query parameter,
the Ruby client's `config.username`, and its public `YOUR_API_KEY_HERE` test key), PDFShift (`sk_` keys
in the `X-API-Key` header), PDFMonkey (the API secret key as a Bearer token, `document_template_id`),
APITemplate.io (`X-API-KEY` and `Authorization: Token …`, hex template ids, `transaction_ref`),
CraftMyPDF (regional `api-eu` endpoint, `X-API-KEY`, template ids), Carbone Cloud (JWT API tokens, the
`test_` prefix of test keys, the SDK constructor, 64-hex template ids), Gotenberg (`--api-enable-basic-auth`
with `GOTENBERG_API_BASIC_AUTH_USERNAME`/`_PASSWORD`, webhook extra headers, `Gotenberg-Trace`), Anvil
(the API key as basic-auth user with an empty password, PDF template eids), PSPDFKit / Nutrient
(Document Engine's `API_AUTH_TOKEN` sent as `Token token=…`, `SECRET_KEY_BASE`, dashboard credentials,
`JWT_PUBLIC_KEY`, Processor `LICENSE_KEY`, DWS `pdf_live_` keys and their documented placeholder),
Adobe PDF Services (`PDF_SERVICES_CLIENT_ID`/`_CLIENT_SECRET`, the `/token` exchange, the client id in
`X-API-Key`, `urn:aaid:` asset ids, `@AdobeOrg` organisation ids), pdfcrowd (username plus API key in
the client constructor and basic auth) and HTML/CSS to Image (user id and API key, both UUIDs, image ids
and HMAC-signed create-and-render URLs). Secrets sit in shell commands, curl flags and verbose output,
URLs, env files, compose and Kubernetes output, XML, YAML, `.netrc`, `.http` files and client code;
look-alikes are the public ids, hashes, references, placeholders and masks shown beside them.

First score, blind, before any rule changed for it (after the rules for 135 to 139):
27 of 27 secrets caught, 1 of 24 look-alikes altered (altered: Adobe PDF Services' client id sent as
`X-API-Key` beside its bearer token).
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
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

DG = "docgen"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def carbone_jwt(rng: random.Random) -> str:
    """An ES512 JWT of the shape Carbone Cloud hands out as an API token."""
    header = _b64url_json({"alg": "ES512", "typ": "JWT"})
    claims = _b64url_json(
        {"iss": digits(18)(rng), "aud": "carbone", "exp": int(digits(10)(rng)) % 900000000 + 2000000000, "data": {}}
    )
    return f"{header}.{claims}.{b64url(176)(rng)}"


def adobe_access_token(rng: random.Random) -> str:
    """An IMS-style RS256 access token as the PDF Services `/token` exchange prints it."""
    header = _b64url_json({"alg": "RS256", "x5u": "ims_na1-key-at-1.cer", "kid": "ims_na1-key-at-1", "itt": "at"})
    claims = _b64url_json(
        {
            "id": f"{digits(13)(rng)}_{uuid(rng)}_ue1",
            "type": "access_token",
            "client_id": hexl(32)(rng),
            "user_id": f"{hexu(24)(rng)}@techacct.adobe.com",
            "as": "ims-na1",
            "scope": "DCAPI,openid,AdobeID",
            "created_at": digits(13)(rng),
            "expires_in": "86400000",
        }
    )
    return f"{header}.{claims}.{b64url(342)(rng)}"


def key_only_basic(token):
    """Base64 of `KEY:` (the key as the basic-auth user, empty password)."""
    return lambda rng: base64.b64encode(f"{token(rng)}:".encode()).decode()


def craftmypdf_key(rng: random.Random) -> str:
    inner = f"{digits(5)(rng)}:{digits(5)(rng)}:{b62(16)(rng)}"
    return hexl(4)(rng) + base64.b64encode(inner.encode()).decode().rstrip("=")


def rsa_public_key_body(rng: random.Random) -> str:
    """An RSA-2048 SubjectPublicKeyInfo body, lines indented as in a compose file."""
    lines = ["MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + b64(20)(rng)]
    lines += [b64(64)(rng) for _ in range(5)]
    lines.append(b64(2)(rng) + "IDAQAB")
    return "\n        ".join(lines)


docraptor_key = b62(20)
pdfshift_key = join("sk_", hexl(40))
anvil_key = b62(32)
anvil_eid = b62(20)
de_id = pick(CROCKFORD, 26)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (27, 27, 1, 24, "the rules for 135 to 139")

TEMPLATES: list = [
    # ---- DocRaptor
    S(
        DG,
        "docraptor_url_userinfo",
        "$ curl https://{v}@api.docraptor.com/docs --fail --silent --show-error \\\n"
        '    --header "Content-Type:application/json" --data @docraptor_parameters.json > statements/2024-06.pdf',
        docraptor_key,
    ),
    S(
        DG,
        "docraptor_user_credentials",
        "I, [2024-06-14T09:12:03.118 #4411]  INFO -- : GET https://api.docraptor.com/status/{sid}"
        "?user_credentials={v} -> 200 (41ms)",
        docraptor_key,
        sid=uuid,
    ),
    S(
        DG,
        "docraptor_ruby_config",
        'DocRaptor.configure do |config|\n  config.username = "{v}"\n  # config.debugging = true\nend',
        docraptor_key,
    ),
    # ---- PDFShift
    S(
        DG,
        "pdfshift_header",
        "$ curl -sS https://api.pdfshift.io/v3/convert/pdf -H 'X-API-Key: {v}' -H 'Content-Type: application/json'"
        ' -d \'{"source": "https://staging.ledgerly.app/invoices/8812/print", "sandbox": true}\' -o invoice-8812.pdf',
        pdfshift_key,
    ),
    S(
        DG,
        "pdfshift_web_config",
        '  <appSettings>\n    <add key="PdfShift:Endpoint" value="https://api.pdfshift.io/v3/convert/pdf" />\n'
        '    <add key="PdfShift:ApiKey" value="{v}" />\n  </appSettings>',
        pdfshift_key,
    ),
    # ---- PDFMonkey
    S(
        DG,
        "pdfmonkey_bearer",
        '$ curl -s https://api.pdfmonkey.io/api/v1/current_user -H "Authorization: Bearer {v}" | jq -r .current_user.email',
        b64url(22),
    ),
    # ---- APITemplate.io
    S(
        DG,
        "apitemplate_python_header",
        "resp = requests.post(\n"
        '    "https://rest-us.apitemplate.io/v2/create-pdf?template_id={tid}",\n'
        '    headers={"X-API-KEY": "{v}"},\n    json=payload,\n    timeout=60,\n)',
        b62(29),
        tid=hexl(16),
    ),
    S(
        DG,
        "apitemplate_token_http_file",
        "### render the shipping label\nPOST https://rest.apitemplate.io/v2/create-image?template_id={tid}\n"
        "Authorization: Token {v}\nContent-Type: application/json",
        b62(29),
        tid=hexl(16),
    ),
    # ---- CraftMyPDF
    S(
        DG,
        "craftmypdf_curl",
        'curl -X POST "https://api-eu.craftmypdf.com/v1/create" -H "X-API-KEY: {v}" -H "Content-Type: application/json"'
        ' -d \'{"template_id": "{tid}", "data": {"invoice_no": "INV-3391"}, "export_type": "json", "expiration": 60}\'',
        craftmypdf_key,
        tid=hexl(16),
    ),
    S(
        DG,
        "craftmypdf_credentials_yaml",
        "$ bin/rails credentials:show --environment production\ncraftmypdf:\n  region: eu\n  api_key: {v}\n"
        "aws:\n  region: eu-central-1",
        craftmypdf_key,
    ),
    # ---- Carbone
    S(
        DG,
        "carbone_test_token_env",
        'export CARBONE_API_TOKEN="{v}"  # test key: watermarked PDFs only',
        join("test_", carbone_jwt),
    ),
    S(
        DG,
        "carbone_sdk_positional",
        'csdk = carbone_sdk.CarboneSDK("{v}")\ncsdk.set_api_version("5")\nreport_bytes, name = csdk.render(template_path, json_data)',
        carbone_jwt,
    ),
    # ---- Gotenberg
    S(
        DG,
        "gotenberg_docker_env_flag",
        "$ docker run --rm -p 3000:3000 -e GOTENBERG_API_BASIC_AUTH_USERNAME=pdf-renderer"
        " -e GOTENBERG_API_BASIC_AUTH_PASSWORD='{v}' gotenberg/gotenberg:8 gotenberg --api-enable-basic-auth",
        password(20),
    ),
    S(
        DG,
        "gotenberg_webhook_extra_headers",
        "$ curl --request POST http://gotenberg.internal:3000/forms/chromium/convert/url \\\n"
        "    -H 'Gotenberg-Webhook-Url: https://api.ledgerly.app/hooks/pdf-ready' \\\n"
        '    -H \'Gotenberg-Webhook-Extra-Http-Headers: {"Authorization": "Bearer {v}"}\' \\\n'
        "    --form url=https://reports.ledgerly.app/q2",
        b64url(43),
    ),
    # ---- Anvil
    S(
        DG,
        "anvil_verbose_basic",
        "> POST /api/v1/fill/{eid}.pdf HTTP/2\n> Host: app.useanvil.com\n> user-agent: curl/8.5.0\n"
        "> authorization: Basic {v}\n> content-type: application/json",
        key_only_basic(anvil_key),
        eid=anvil_eid,
    ),
    S(
        DG,
        "anvil_python_client",
        'anvil = Anvil(api_key="{v}")\npdf_bytes = anvil.fill_pdf("{eid}", payload)',
        anvil_key,
        eid=anvil_eid,
    ),
    # ---- PSPDFKit / Nutrient
    S(
        DG,
        "document_engine_compose_token",
        "  document_engine:\n    image: pspdfkit/document-engine:1.5.0\n    environment:\n      PGUSER: de-user\n"
        "      PGDATABASE: document_engine\n      API_AUTH_TOKEN: {v}\n      JWT_ALGORITHM: RS256",
        b62(32),
    ),
    S(
        DG,
        "document_engine_token_header",
        '$ curl -s http://localhost:5000/api/documents -H "Authorization: Token token={v}" -F file=@contract.pdf',
        b62(40),
    ),
    S(
        DG,
        "document_engine_secret_key_base",
        "$ kubectl -n docs get secret document-engine -o jsonpath='{.data.SECRET_KEY_BASE}' | base64 -d\n{v}",
        b62(64),
    ),
    S(
        DG,
        "document_engine_dashboard_password",
        "# document-engine.env\nDASHBOARD_USERNAME=dashboard\nDASHBOARD_PASSWORD={v}",
        password(16),
    ),
    S(
        DG,
        "processor_license_key",
        '    image: "pspdfkit/processor:2023.11.1"\n    environment:\n      LICENSE_KEY: "{v}"\n    ports:\n      - "5000:5000"',
        b64url(120),
    ),
    S(
        DG,
        "dws_live_key",
        'curl -X POST https://api.nutrient.io/build -H "Authorization: Bearer {v}" -o result.pdf --fail'
        ' -F document=@scan.pdf -F instructions=\'{"parts":[{"file":"document"}],"actions":[{"type":"ocr","language":"english"}]}\'',
        join("pdf_live_", b62(32)),
    ),
    # ---- Adobe PDF Services
    S(
        DG,
        "adobe_client_secret_env",
        "$ cat .env\nPDF_SERVICES_CLIENT_ID={cid}\nPDF_SERVICES_CLIENT_SECRET={v}",
        join("p8e-", b62(32)),
        cid=hexl(32),
    ),
    S(
        DG,
        "adobe_access_token_output",
        '$ curl -s -X POST https://pdf-services.adobe.io/token -d "client_id=$PDF_SERVICES_CLIENT_ID"'
        ' -d "client_secret=$PDF_SERVICES_CLIENT_SECRET"\n{"access_token":"{v}","token_type":"bearer","expires_in":86399}',
        adobe_access_token,
    ),
    # ---- pdfcrowd
    S(
        DG,
        "pdfcrowd_client_positional",
        'client = pdfcrowd.HtmlToPdfClient("northwind-billing", "{v}")\nclient.convertUrlToFile(url, "out/statement.pdf")',
        hexl(32),
    ),
    S(
        DG,
        "pdfcrowd_netrc",
        "$ cat ~/.netrc\nmachine api.pdfcrowd.com\n  login northwind-billing\n  password {v}",
        hexl(32),
    ),
    # ---- HTML/CSS to Image
    S(
        DG,
        "hcti_basic_auth_flag",
        "$ curl -X POST https://hcti.io/v1/image -u '{uid}:{v}'"
        " --data-urlencode html='<div class=\"card\">Q2 revenue</div>' -d google_fonts=Inter",
        uuid,
        uid=uuid,
    ),
    # ---- look-alikes: public test keys, placeholders and references
    L(
        DG,
        "docraptor_public_test_key",
        'curl https://{v}@api.docraptor.com/docs --fail --silent --show-error --header "Content-Type:application/json"'
        ' --data \'{"test": true, "document_type": "pdf", "document_url": "https://ledgerly.app/print/demo"}\' > demo.pdf',
        const("YOUR_API_KEY_HERE"),
    ),
    L(
        DG,
        "pdfshift_placeholder",
        "response = requests.post(\n    'https://api.pdfshift.io/v3/convert/pdf',\n"
        "    headers={'X-API-Key': '{v}'},\n    json={'source': html, 'landscape': False},\n)",
        join("sk_", const("x" * 40)),
    ),
    L(
        DG,
        "pdfmonkey_masked",
        "PDFMonkey  ✓ connected  (API secret key {v}, workspace Ledgerly)",
        join("*" * 16, b62(4)),
    ),
    L(
        DG,
        "craftmypdf_secret_ref",
        "        env:\n          CRAFTMYPDF_API_KEY: {v}\n        run: node scripts/render-invoices.mjs",
        const("${{ secrets.CRAFTMYPDF_API_KEY }}"),
    ),
    L(
        DG,
        "carbone_placeholder",
        'export CARBONE_API_TOKEN="{v}" # replace with the key from account.carbone.io',
        const("test_eyJhbGc..."),
    ),
    L(
        DG,
        "gotenberg_password_ref",
        "      GOTENBERG_API_BASIC_AUTH_USERNAME: pdf-renderer\n      GOTENBERG_API_BASIC_AUTH_PASSWORD: {v}",
        const("${GOTENBERG_PASSWORD:?missing}"),
    ),
    L(
        DG,
        "anvil_env_ref",
        "const anvilClient = new Anvil({ apiKey: {v} })",
        const("process.env.ANVIL_API_KEY"),
    ),
    L(
        DG,
        "dws_placeholder",
        "curl -X POST https://api.nutrient.io/tokens \\\n -H 'Authorization: Bearer {v}' \\\n"
        ' -H "Content-Type: application/json" \\\n -d \'{"allowedOperations": ["pdfa_api"], "expirationTime": 3600}\'',
        const("pdf_live_<rest_of_your_api_key>"),
    ),
    L(
        DG,
        "pdfcrowd_env_ref",
        'client = pdfcrowd.HtmlToPdfClient(os.environ["PDFCROWD_USERNAME"], {v})',
        const('os.environ["PDFCROWD_API_KEY"]'),
    ),
    # ---- look-alikes: public ids of templates, documents and jobs
    L(
        DG,
        "docraptor_status_id",
        '$ ruby bin/render_async.rb statements/2024-06.html\nqueued: {"status_id":"{v}"}',
        uuid,
    ),
    L(
        DG,
        "pdfmonkey_template_id",
        '{\n  "document": {\n    "document_template_id": "{v}",\n    "status": "pending",\n'
        '    "meta": "{\\"_filename\\": \\"invoice-8812.pdf\\"}"\n  }\n}',
        uuid,
    ),
    L(
        DG,
        "apitemplate_template_id",
        "POST https://rest-us.apitemplate.io/v2/create-pdf?template_id={v}&export_type=json&expiration=30 -> 200 OK",
        hexl(16),
    ),
    L(
        DG,
        "apitemplate_transaction_ref",
        '{"download_url":"https://pub-cdn.apitemplate.io/2024/06/{v}.pdf","transaction_ref":"{v}","status":"success"}',
        uuid,
    ),
    L(
        DG,
        "carbone_template_id",
        '{"success":true,"data":{"templateId":"{v}","templateExtension":"docx"}}',
        hexl(64),
    ),
    L(
        DG,
        "gotenberg_trace",
        "< HTTP/1.1 200 OK\n< Content-Type: application/pdf\n< Gotenberg-Trace: {v}",
        uuid,
    ),
    L(
        DG,
        "anvil_template_eid",
        'const { statusCode, data } = await anvilClient.fillPDF("{v}", exampleData)',
        anvil_eid,
    ),
    L(
        DG,
        "document_engine_jwt_public_key",
        "      JWT_PUBLIC_KEY: |\n        -----BEGIN PUBLIC KEY-----\n        {v}\n        -----END PUBLIC KEY-----\n"
        "      JWT_ALGORITHM: RS256",
        rsa_public_key_body,
    ),
    L(
        DG,
        "document_engine_document_id",
        '{"data":{"document_id":"{v}","errors":[],"sourcePdfSha256":"{sha}","title":"contract.pdf"}}',
        de_id,
        sha=hexl(64),
    ),
    L(
        DG,
        "adobe_client_id_header",
        '$ curl -s https://pdf-services.adobe.io/assets -H "X-API-Key: {v}" -H "Authorization: Bearer $ACCESS_TOKEN"'
        ' -H "Content-Type: application/json" -d \'{"mediaType": "application/pdf"}\'',
        hexl(32),
    ),
    L(
        DG,
        "adobe_asset_id",
        '{"uploadUri":"https://dcplatformstorageservice-prod-us-east-1.s3-accelerate.amazonaws.com/…","assetID":"{v}"}',
        join("urn:aaid:AS:UE1:", uuid),
    ),
    L(
        DG,
        "adobe_org_id",
        '  "service_principal_credentials": {\n    "organization_id": "{v}"\n  },',
        join(hexu(24), "@AdobeOrg"),
    ),
    L(
        DG,
        "hcti_image_id",
        '{"url":"https://hcti.io/v1/image/{v}","id":"{v}"}',
        uuid,
    ),
    L(
        DG,
        "hcti_signed_token",
        '<img src="https://hcti.io/v1/image/create-and-render/{uid}/{v}?url=https%3A%2F%2Fledgerly.app%2Fog%2Fq2'
        '&viewport_width=1200" alt="Q2 card">',
        hexl(64),
        uid=uuid,
    ),
    L(
        DG,
        "pdf_checksum",
        "$ sha256sum build/statements/2024-06.pdf\n{v}  build/statements/2024-06.pdf",
        hexl(64),
    ),
]
