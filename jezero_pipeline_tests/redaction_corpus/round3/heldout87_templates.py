"""An eighty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of document, PDF and OCR APIs: DocRaptor (API key as the
basic-auth username or the `user_credentials` query parameter, the public `YOUR_API_KEY_HERE`
test key, async `status_id`), PDFShift (`sk_` keys in the `X-API-Key` header), CloudConvert (API
v2 keys that are RS256 JWTs, `cloudconvert.configure(api_key=…, sandbox=…)`, webhook signing
secrets and the `CloudConvert-Signature` HMAC digest, job ids), ConvertAPI (16-character secret
in `?auth=` or `api_credentials`, `FileId`s), Adobe PDF Services (`pdfservices-api-credentials.json`,
`p8e-` client secrets posted to `/token`, `…@AdobeOrg` organisation ids, `urn:aaid:` asset ids),
Azure AI Document Intelligence (32-hex resource keys in `Ocp-Apim-Subscription-Key`, `az
cognitiveservices account keys list`, `AzureKeyCredential`, `Operation-Location` result ids,
resource ids, Key Vault references), Google Document AI (`ya29.` access tokens, processor ids,
service-account key ids), Mindee (v1 `Authorization: Token …`, v2 `md_` keys sent bare in
`Authorization`, model ids), Nutrient DWS and Document Engine / PSPDFKit Server (`pdf_live_`
keys, `Authorization: Token token=…`, `SECRET_KEY_BASE`, `JWT_PUBLIC_KEY`, ULID document ids),
Gotenberg behind basic auth (`GOTENBERG_API_BASIC_AUTH_PASSWORD`, `--user`, webhook extra
headers, request trace ids), Docparser (40-hex keys as the basic-auth username, parser and
document ids), ABBYY Cloud OCR SDK (Application ID and Password in a basic-auth header, task ids)
and iLovePDF (`project_public_…` public keys beside `secret_key_…` keys), in commands, config
files, code and tool output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 80 to 84):
23 of 26 secrets caught, 3 of 25 look-alikes altered (missed: DocRaptor's `?user_credentials=`, its
key as the client's `config.username`, a CloudConvert webhook secret as `Webhook.verify!`'s
argument; altered: `Bearer pdf_live_<rest_of_your_key>`, a JWT cut short with `...`, iLovePDF's
`project_public_` key).
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

DOC = "docapi"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def cloudconvert_jwt(rng: random.Random) -> str:
    """A CloudConvert API v2 key: an RS256 personal access token (header.payload.signature)."""
    header = _b64url_json({"typ": "JWT", "alg": "RS256"})
    iat = 1700000000 + rng.randrange(20000000)
    payload = _b64url_json(
        {
            "aud": "1",
            "jti": hexl(80)(rng),
            "iat": iat,
            "nbf": iat,
            "exp": iat + 10 * 365 * 86400,
            "sub": digits(8)(rng),
            "scopes": ["user.read", "task.read", "task.write"],
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def cloudconvert_jwt_truncated(rng: random.Random) -> str:
    """The truncated key a README shows as an example: the JWT header and the start of its payload."""
    header = _b64url_json({"typ": "JWT", "alg": "RS256"})
    start = base64.urlsafe_b64encode(b'{"aud":"1","jti":"').decode().rstrip("=")
    return f"{header}.{start}{hexl(3)(rng)}..."


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def rsa_public_pem_body(rng: random.Random) -> str:
    """An RSA-2048 SubjectPublicKeyInfo body (392 base64 characters) in 64-character lines."""
    body = RSA_PUB_HEAD + b64(342)(rng) + "IDAQAB"
    return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def pdfshift_masked(rng: random.Random) -> str:
    return "sk_" + hexl(4)(rng) + "…" + hexl(4)(rng)


adobe_secret = join("p8e-", b64url(32))
azure_key = hexl(32)
docraptor_key = b62(20)
pdfshift_key = join("sk_", hexl(40))
convertapi_secret = b62(16)
ulid = pick(CROCKFORD, 26)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 3, 25, "the rules for 80 to 84")

TEMPLATES: list = [
    # ---- secrets: DocRaptor
    S(
        DOC,
        "docraptor_url_userinfo",
        "$ curl https://{v}@api.docraptor.com/docs --fail --silent --show-error"
        " --header 'Content-Type: application/json' --data @invoice_params.json > invoice-2024-118.pdf",
        docraptor_key,
    ),
    S(
        DOC,
        "docraptor_user_credentials",
        "I, [2024-06-03T10:14:22.481 #4411]  INFO -- : GET https://api.docraptor.com/status/{sid}"
        '?user_credentials={v} -> 200 {"status":"completed","number_of_pages":3}',
        docraptor_key,
        sid=uuid,
    ),
    S(
        DOC,
        "docraptor_ruby_config",
        'DocRaptor.configure do |config|\n  config.username = "{v}"\n  # config.debugging = true\nend',
        docraptor_key,
    ),
    # ---- secrets: PDFShift
    S(
        DOC,
        "pdfshift_x_api_key",
        "$ curl -sS https://api.pdfshift.io/v3/convert/pdf -H 'X-API-Key: {v}' -H 'Content-Type: application/json'"
        ' -d \'{"source": "https://billing.larkspur.dev/invoices/8812", "sandbox": true}\' -o inv-8812.pdf',
        pdfshift_key,
    ),
    # ---- secrets: CloudConvert
    S(
        DOC,
        "cloudconvert_env_file",
        "$ cat .env.local\nNEXT_PUBLIC_APP_URL=http://localhost:3000\nCLOUDCONVERT_API_KEY={v}\nCLOUDCONVERT_SANDBOX=false",
        cloudconvert_jwt,
    ),
    S(
        DOC,
        "cloudconvert_configure",
        ">>> import cloudconvert\n>>> cloudconvert.configure(api_key='{v}', sandbox=True)",
        cloudconvert_jwt,
    ),
    S(
        DOC,
        "cloudconvert_webhook_secret",
        "  def cloudconvert\n    CloudConvert::Webhook.verify!(request.raw_post,"
        ' request.headers["CloudConvert-Signature"], "{v}")\n    head :ok\n  end',
        b62(32),
    ),
    # ---- secrets: ConvertAPI
    S(
        DOC,
        "convertapi_auth_query",
        "$ curl -X POST 'https://v2.convertapi.com/convert/docx/to/pdf?auth={v}'"
        " -F 'File=@contracts/msa-v3.docx' -F 'StoreFile=true'",
        convertapi_secret,
    ),
    S(
        DOC,
        "convertapi_credentials",
        "import convertapi\n\nconvertapi.api_credentials = '{v}'\n"
        "convertapi.convert('pdf', {'File': 'reports/q2.xlsx'}, from_format='xlsx').save_files('out/')",
        convertapi_secret,
    ),
    # ---- secrets: Adobe PDF Services
    S(
        DOC,
        "adobe_credentials_json",
        '$ cat pdfservices-api-credentials.json\n{\n  "client_credentials": {\n    "client_id": "{cid}",\n'
        '    "client_secret": "{v}"\n  },\n  "service_principal_credentials": {\n'
        '    "organization_id": "{org}@AdobeOrg"\n  }\n}',
        adobe_secret,
        cid=hexl(32),
        org=hexu(24),
    ),
    S(
        DOC,
        "adobe_token_curl",
        "$ curl --location 'https://pdf-services.adobe.io/token' --header 'Content-Type: application/x-www-form-urlencoded'"
        " --data-urlencode 'client_id={cid}' --data-urlencode 'client_secret={v}'",
        adobe_secret,
        cid=hexl(32),
    ),
    # ---- secrets: Azure AI Document Intelligence
    S(
        DOC,
        "azure_subscription_key_header",
        '$ curl -i -X POST "https://di-invoices-weu.cognitiveservices.azure.com/documentintelligence/documentModels/'
        'prebuilt-invoice:analyze?api-version=2024-11-30" -H "Ocp-Apim-Subscription-Key: {v}"'
        ' -H "Content-Type: application/json" -d \'{"urlSource": "https://files.larkspur.dev/samples/invoice-0042.pdf"}\'',
        azure_key,
    ),
    S(
        DOC,
        "azure_keys_list_tsv",
        "$ az cognitiveservices account keys list -n di-invoices-weu -g rg-docs-prod --query key1 -o tsv\n{v}",
        azure_key,
    ),
    S(
        DOC,
        "azure_key_credential",
        "var client = new DocumentIntelligenceClient(\n"
        '    new Uri("https://di-invoices-weu.cognitiveservices.azure.com/"),\n'
        '    new AzureKeyCredential("{v}"));',
        azure_key,
    ),
    # ---- secrets: Google Document AI
    S(
        DOC,
        "gcloud_access_token",
        "$ gcloud auth print-access-token --impersonate-service-account=docai-runner@larkspur-ocr.iam.gserviceaccount.com\n"
        "WARNING: This command is using service account impersonation. All API calls will be executed as"
        " [docai-runner@larkspur-ocr.iam.gserviceaccount.com].\n{v}",
        join("ya29.c.c0A", b64url(228)),
    ),
    # ---- secrets: Mindee
    S(
        DOC,
        "mindee_v1_token_header",
        '$ curl -X POST https://api.mindee.net/v1/products/mindee/invoices/v4/predict -H "Authorization: Token {v}"'
        " -F document=@scans/receipt_0193.jpg",
        hexl(32),
    ),
    S(
        DOC,
        "mindee_v2_bare_authorization",
        '$ curl -X POST https://api-v2.mindee.net/v2/inferences/enqueue -H "Authorization: {v}"'
        " -F model_id={mid} -F file=@scans/po-5510.pdf",
        join("md_", b62(43)),
        mid=uuid,
    ),
    # ---- secrets: Nutrient DWS and Document Engine
    S(
        DOC,
        "nutrient_dws_bearer",
        '$ curl -X POST https://api.nutrient.io/build -H "Authorization: Bearer {v}" -F "contract.docx=@contract.docx"'
        ' -F \'instructions={"parts":[{"file":"contract.docx"}]}\' -o contract.pdf',
        join("pdf_live_", b62(43)),
    ),
    S(
        DOC,
        "document_engine_token",
        "$ curl -s http://localhost:5000/api/documents -H \"Authorization: Token token={v}\" | jq '.data | length'\n14",
        b64url(40),
    ),
    S(
        DOC,
        "document_engine_secret_key_base",
        "  document_engine:\n    image: pspdfkit/document-engine:1.5.3\n    environment:\n      PGUSER: de-user\n"
        "      PGHOST: db\n      SECRET_KEY_BASE: {v}\n      DASHBOARD_USERNAME: dashboard",
        hexl(128),
    ),
    # ---- secrets: Gotenberg behind basic auth
    S(
        DOC,
        "gotenberg_compose_password",
        '  gotenberg:\n    image: gotenberg/gotenberg:8\n    command: ["gotenberg", "--api-enable-basic-auth"]\n'
        '    environment:\n      GOTENBERG_API_BASIC_AUTH_USERNAME: pdfsvc\n      GOTENBERG_API_BASIC_AUTH_PASSWORD: "{v}"',
        password(22),
    ),
    S(
        DOC,
        "gotenberg_curl_user",
        "$ curl --user 'pdfsvc:{v}' --request POST http://gotenberg.internal:3000/forms/chromium/convert/url"
        " --form url=https://status.larkspur.dev -o status.pdf",
        password(18),
    ),
    S(
        DOC,
        "gotenberg_webhook_extra_headers",
        '$ curl -X POST http://gotenberg:3000/forms/libreoffice/convert -H "Gotenberg-Webhook-Url: https://api.larkspur.dev/hooks/pdf-ready"'
        ' -H \'Gotenberg-Webhook-Extra-Http-Headers: {"Authorization": "Bearer {v}"}\' -F files=@quote-2291.docx',
        b62(40),
    ),
    # ---- secrets: Docparser, ABBYY, iLovePDF
    S(
        DOC,
        "docparser_basic_username",
        "$ curl -s https://api.docparser.com/v1/parsers -u {v}: | jq -r '.[].label'\nPurchase orders\nCarrier invoices",
        hexl(40),
    ),
    S(
        DOC,
        "abbyy_basic_header",
        "POST /v2/processImage?exportFormat=pdfSearchable&language=English HTTP/1.1\nHost: cloud-westus.ocrsdk.com\n"
        "Authorization: Basic {v}\nContent-Type: application/octet-stream",
        basic_auth("larkspur-invoices", b62(24)),
    ),
    S(
        DOC,
        "ilovepdf_secret_key",
        "$ilovepdf = new Ilovepdf('{pub}', '{v}');\n$task = $ilovepdf->newTask('compress');",
        join("secret_key_", hexl(32), "_", b62(5)),
        pub=join("project_public_", hexl(32), "_", b62(5)),
    ),
    # ---- look-alikes: public test keys, placeholders and examples
    L(
        DOC,
        "docraptor_public_test_key",
        "$ curl https://{v}@api.docraptor.com/docs --fail --silent --show-error --header 'Content-Type:application/json'"
        ' --data \'{"test": true, "document_type": "pdf", "document_url": "https://larkspur.dev/invoice.html"}\' > test.pdf',
        const("YOUR_API_KEY_HERE"),
    ),
    L(
        DOC,
        "nutrient_placeholder",
        "curl -X POST https://api.nutrient.io/tokens \\\n  -H 'Authorization: Bearer {v}' \\\n"
        '  -H "Content-Type: application/json" \\\n  -d \'{"allowedOperations": ["pdfa_api"], "expirationTime": 3600}\'',
        const("pdf_live_<rest_of_your_key>"),
    ),
    L(
        DOC,
        "cloudconvert_truncated_example",
        "# .env.example: paste the full key from the CloudConvert dashboard (API > Authorization > API keys)\n"
        "CLOUDCONVERT_API_KEY={v}",
        cloudconvert_jwt_truncated,
    ),
    L(
        DOC,
        "ilovepdf_public_key",
        "const instance = new ILovePDFApi('{v}');  // browser bundle: public key only, the secret key stays server-side",
        join("project_public_", hexl(32), "_", b62(5)),
    ),
    # ---- look-alikes: references and masks
    L(
        DOC,
        "pdfshift_masked",
        "[billing-worker] pdfshift convert ok (412 ms) key={v} credits_remaining=2381",
        pdfshift_masked,
    ),
    L(
        DOC,
        "pdfshift_gha_secret_ref",
        "      - name: Render invoices\n        env:\n          PDFSHIFT_API_KEY: {v}\n        run: npm run render:invoices",
        const("${{ secrets.PDFSHIFT_API_KEY }}"),
    ),
    L(
        DOC,
        "azure_keyvault_reference",
        "AZURE_DOCUMENT_INTELLIGENCE_ENDPOINT=https://di-invoices-weu.cognitiveservices.azure.com/\n"
        "AZURE_DOCUMENT_INTELLIGENCE_KEY={v}",
        const("@Microsoft.KeyVault(SecretUri=https://kv-larkspur-prod.vault.azure.net/secrets/di-key/)"),
    ),
    L(
        DOC,
        "mindee_env_ref",
        'mindee_client = ClientV2({v})\nparams = InferenceParameters(model_id=os.environ["MINDEE_MODEL_ID"])',
        const('os.environ["MINDEE_V2_API_KEY"]'),
    ),
    L(
        DOC,
        "gotenberg_env_ref",
        "    environment:\n      GOTENBERG_API_BASIC_AUTH_USERNAME: pdfsvc\n      GOTENBERG_API_BASIC_AUTH_PASSWORD: {v}",
        const("${GOTENBERG_BASIC_AUTH_PASSWORD:?set it in .env}"),
    ),
    # ---- look-alikes: resource, job and document ids
    L(
        DOC,
        "docraptor_status_id",
        '$ curl -s https://$DOCRAPTOR_API_KEY@api.docraptor.com/async_docs -H "Content-Type: application/json"'
        ' -d @report_params.json\n{"status_id":"{v}"}',
        uuid,
    ),
    L(
        DOC,
        "cloudconvert_job_id",
        ">>> job = cloudconvert.Job.create(payload=tasks)\n>>> job['id'], job['status']\n('{v}', 'waiting')",
        uuid,
    ),
    L(
        DOC,
        "convertapi_file_id",
        '{"ConversionCost":1,"Files":[{"FileName":"msa-v3.pdf","FileExt":"pdf","FileSize":88214,"FileId":"{v}"}]}',
        lower_alnum(32),
    ),
    L(
        DOC,
        "adobe_asset_id",
        '{"uploadUri":"https://dcplatformstorageservice-prod-us-east-1.s3-accelerate.amazonaws.com/…","assetID":"{v}"}',
        join("urn:aaid:AS:UE1:", uuid),
    ),
    L(
        DOC,
        "adobe_org_id",
        "adobe:\n  pdf_services:\n    organization_id: {v}   # Developer Console > project overview\n"
        "    client_secret_ref: vault:secret/data/adobe#client_secret",
        join(hexu(24), "@AdobeOrg"),
    ),
    L(
        DOC,
        "azure_resource_id",
        "$ az cognitiveservices account show -n di-invoices-weu -g rg-docs-prod --query id -o tsv\n{v}",
        join(
            "/subscriptions/",
            uuid,
            "/resourceGroups/rg-docs-prod/providers/Microsoft.CognitiveServices/accounts/di-invoices-weu",
        ),
    ),
    L(
        DOC,
        "azure_operation_location",
        "< HTTP/1.1 202 Accepted\n< Operation-Location: https://di-invoices-weu.cognitiveservices.azure.com/"
        "documentintelligence/documentModels/prebuilt-invoice/analyzeResults/{v}?api-version=2024-11-30\n"
        "< apim-request-id: {req}",
        uuid,
        req=uuid,
    ),
    L(
        DOC,
        "docai_processor_id",
        '$ curl -X POST -H "Authorization: Bearer $(gcloud auth print-access-token)"'
        ' -H "Content-Type: application/json; charset=utf-8" -d @request.json'
        ' "https://eu-documentai.googleapis.com/v1/projects/larkspur-ocr/locations/eu/processors/{v}:process"',
        hexl(16),
    ),
    L(
        DOC,
        "gcp_sa_key_id",
        "$ gcloud iam service-accounts keys list --iam-account=docai-runner@larkspur-ocr.iam.gserviceaccount.com\n"
        "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n"
        "{v}  2024-04-02T09:11:37Z  9999-12-31T23:59:59Z",
        hexl(40),
    ),
    L(
        DOC,
        "mindee_model_id",
        'params = InferenceParameters(model_id="{v}", rag=False)\nresponse = mindee_client.enqueue_and_get_inference(input_source, params)',
        uuid,
    ),
    L(
        DOC,
        "document_engine_document_id",
        '{"data":{"document_id":"{v}","password_protected":false,"sourcePdfSha256":"{sha}","title":"lease-2024-07"}}',
        ulid,
        sha=hexl(64),
    ),
    L(
        DOC,
        "gotenberg_trace_id",
        '{"level":"info","ts":1717409421.118,"logger":"api","msg":"request handled","trace":"{v}",'
        '"remote_ip":"10.4.0.12","method":"POST","uri":"/forms/chromium/convert/url","status":200,"latency_human":"1.84s"}',
        uuid,
    ),
    L(
        DOC,
        "docparser_document_id",
        '$ curl -s https://api.docparser.com/v1/document/upload/{parser} -u "$DOCPARSER_API_KEY:" -F file=@po-7781.pdf\n'
        '{"id":"{v}","file_size":48213,"quota_used":212,"quota_left":788,"quota_refill":"2024-07-01T00:00:00+00:00"}',
        hexl(32),
        parser=pick(string.ascii_lowercase, 12),
    ),
    L(
        DOC,
        "abbyy_task_id",
        '<response>\n  <task id="{v}" registrationTime="2024-06-03T10:22:41Z" statusChangeTime="2024-06-03T10:22:41Z"'
        ' status="Queued" filesCount="1" credits="0" estimatedProcessingTime="5" />\n</response>',
        uuid,
    ),
    # ---- look-alikes: hashes and public keys
    L(
        DOC,
        "cloudconvert_signature",
        "POST /webhooks/cloudconvert 200 in 38ms event=job.finished CloudConvert-Signature={v}",
        hexl(64),
    ),
    L(
        DOC,
        "jwt_public_key",
        "$ cat keys/jwt_public.pem\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa_public_pem_body,
    ),
]
