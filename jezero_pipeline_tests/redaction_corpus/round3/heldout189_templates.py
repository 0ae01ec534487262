"""A hundred-and-eighty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from e-invoicing and tax-authority integrations: India's GST e-invoice IRP (NIC's
`eivital/v1.04/auth` with `client_id`/`client_secret`/`Gstin` headers, the 32-byte AppKey in
base64, the AuthToken in the auth response; ClearTax's `X-Cleartax-Auth-Token`), Mexico's CFDI
(Facturapi `sk_test_`/`sk_live_` keys in the Node client and an env var, Finkok's SOAP
`stamp` username/password, CSD `.key` passwords under `openssl pkcs8 -passin` and `satcfdi`'s
`Signer.load`), Brazil's NF-e (A1 `.pfx` passwords in NFePHP `Certificate::readPfx`, ACBr's
`[Certificados] Senha=`, PyNFe's positional `ComunicacaoSefaz` argument, a Focus NFe token as the
basic-auth user), Italy's SDI (Aruba's `auth/signin` password form, A-Cube's login JWT, an SDICoop
keystore password as a JVM flag), Peppol access points (Storecove bearer keys, Pagero OAuth client
secrets in `curl -u`, a Tickstar Galaxy Gateway key in Helm values), Saudi ZATCA/Fatoora (the CSID
`secret`, the `Basic base64(binarySecurityToken:secret)` header, the EGS secp256k1 private key),
Chile (OpenFactura's `apikey` header), Colombia (the DIAN software PIN) and Avalara E-Invoicing
client credentials in its SDK configuration, in commands, config files, code and tool output. The
look-alikes are the public values the same documentation shows beside them: GSTINs, IRNs and
AckNos, CFDI folio-fiscal UUIDs, certificate numbers, the public `.cer` under `Certificado=`,
Facturapi organization ids, NF-e access keys, CNPJs and certificate fingerprints, SDI recipient
codes, Peppol/Storecove identifiers and GUIDs, ZATCA invoice hashes, PIH and request ids, DIAN CUFEs
and test-set ids, Chilean RUTs, placeholders, masked values, env/secret-store references and
secret names.

The search budget was spent after four look-ups (NIC IRP with ClearTax and Masters India,
Storecove, ZATCA CSID onboarding, Facturapi); every other vendor's shape here is written from the
author's own knowledge of their public documentation, not checked against it in this session.
Every value is generated from the makers in build.py; none is copied from a vendor's docs.

First score, blind, before any rule changed for it (after the rules for 180 to 184):
23 of 25 secrets caught, 0 of 24 look-alikes altered (missed: a certificate's password as
`Certificate::readPfx($content, '…')`'s second argument, DIAN's five-digit `SoftwarePin`; mostly
from memory, the search budget spent after four look-ups).
"""

from __future__ import annotations

import base64
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
    password,
    pick,
    upper_alnum,
    uuid,
)

EI = "einvoice"

UPPER = string.ascii_uppercase


def gstin(rng: random.Random) -> str:
    """A GSTIN: state code, PAN (5 letters, 4 digits, letter), entity number, 'Z', check character."""
    check = rng.choice(UPPER + string.digits)
    return join(digits(2), pick(UPPER, 5), digits(4), pick(UPPER, 1), pick("123456789", 1), "Z")(rng) + check


def rfc(rng: random.Random) -> str:
    return join(pick(UPPER, 3), digits(6), upper_alnum(3))(rng)


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def cnpj(rng: random.Random) -> str:
    d = digits(12)(rng) + digits(2)(rng)
    return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"


def rut(rng: random.Random) -> str:
    d = digits(8)(rng)
    return f"{d[:2]}.{d[2:5]}.{d[5:]}-{rng.choice('0123456789K')}"


def app_key_b64(rng: random.Random) -> str:
    return base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()


def sha256_b64(rng: random.Random) -> str:
    return base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()


def pih_b64(rng: random.Random) -> str:
    """ZATCA's previous-invoice hash: base64 of the hex SHA-256 text."""
    return base64.b64encode(hexl(64)(rng).encode()).decode()


def zatca_token(rng: random.Random) -> str:
    """A binarySecurityToken: base64 of the base64 certificate body (so it starts `TUlJ`)."""
    return base64.b64encode(join("MIICPTCCAeOgAwIBAgIG", b64(560))(rng).encode()).decode()


def zatca_basic(rng: random.Random) -> str:
    secret = join(b64(43), "=")(rng)
    return base64.b64encode(f"{zatca_token(rng)}:{secret}".encode()).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def jwt(payload_len: int):
    return join("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.", b64url(payload_len), ".", b64url(43))


sec256k1_pem_body = join("MHQCAQEEI", b64(55), "\n", b64(20), "oAcGBSuBBAAKoUQDQgAE", b64(24), "\n", b64(30), "==")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 0, 24, "the rules for 180 to 184")

TEMPLATES: list = [
    # ---- secrets: India GST e-invoice (IRP / GSPs)
    S(
        EI,
        "irp_client_secret_header",
        "$ curl -s -X POST https://einv-apisandbox.nic.in/eivital/v1.04/auth \\\n"
        '    -H "client_id: {cid}" -H "client_secret: {v}" -H "Gstin: {gstin}" \\\n'
        "    -H 'Content-Type: application/json' -d @auth_payload.json",
        b62(20),
        cid=join("AA", upper_alnum(13)),
        gstin=gstin,
    ),
    S(
        EI,
        "irp_app_key_log",
        "2024-06-14 10:42:07,118 DEBUG einvoice.auth generated session app_key={v} (32 bytes, encrypting with NIC public key)",
        app_key_b64,
    ),
    S(
        EI,
        "irp_auth_token_response",
        '{"Status":1,"Data":{"ClientId":"{cid}","UserName":"API_sarvamtex","AuthToken":"{v}",'
        '"TokenExpiry":"2024-06-14 16:42:00"},"ErrorDetails":null,"InfoDtls":null}',
        b62(25),
        cid=join("AA", upper_alnum(13)),
    ),
    S(
        EI,
        "cleartax_auth_header",
        "  -H 'X-Cleartax-Auth-Token: {v}' \\\n  -H 'gstin: {gstin}' \\",
        join("1.", uuid, "_", hexl(64)),
        gstin=gstin,
    ),
    # ---- secrets: Mexico CFDI
    S(
        EI,
        "facturapi_client",
        "const Facturapi = require('facturapi').default;\nconst facturapi = new Facturapi('{v}');",
        join("sk_live_", b62(40)),
    ),
    S(
        EI,
        "facturapi_env_inline",
        "$ FACTURAPI_KEY={v} python scripts/emitir_factura.py --cliente {rfc} --uso G03",
        join("sk_test_", b62(40)),
        rfc=rfc,
    ),
    S(
        EI,
        "finkok_soap_password",
        "<soapenv:Body>\n  <stamp:stamp>\n    <stamp:xml>PD94bWwgdmVyc2lvbj0iMS4wIj8+...</stamp:xml>\n"
        "    <stamp:username>facturacion@ferreterialomas.mx</stamp:username>\n"
        "    <stamp:password>{v}</stamp:password>\n  </stamp:stamp>\n</soapenv:Body>",
        password(16),
    ),
    S(
        EI,
        "csd_key_passin",
        "$ openssl pkcs8 -inform DER -in CSD_Sucursal_Centro_{rfc}.key -passin pass:{v} -out csd_key.pem",
        password(12),
        rfc=rfc,
    ),
    S(
        EI,
        "satcfdi_signer_load",
        "signer = Signer.load(\n    certificate=open('csd/00001000000712345678.cer', 'rb').read(),\n"
        "    key=open('csd/CSD_{rfc}.key', 'rb').read(),\n    password='{v}',\n)",
        b62(12),
        rfc=rfc,
    ),
    # ---- secrets: Brazil NF-e
    S(
        EI,
        "nfephp_readpfx",
        "$content = file_get_contents(__DIR__ . '/certs/expedito_a1.pfx');\n"
        "$certificate = Certificate::readPfx($content, '{v}');\n$tools = new Tools($configJson, $certificate);",
        password(10),
    ),
    S(
        EI,
        "acbr_ini_senha",
        "[Certificados]\nSSLCryptLib=1\nArquivoPFX=C:\\ACBrMonitorPLUS\\certs\\loja01.pfx\nSenha={v}\nNumeroSerie=",
        b62(11),
    ),
    S(
        EI,
        "pynfe_positional",
        "con = ComunicacaoSefaz('SP', 'certs/loja01_a1.pfx', '{v}', homologacao=True)",
        password(9),
    ),
    S(
        EI,
        "focusnfe_basic_user",
        '$ curl -u "{v}:" "https://homologacao.focusnfe.com.br/v2/nfe?ref=PED-{ref}" -X POST -d @nfe.json',
        b62(32),
        ref=digits(6),
    ),
    # ---- secrets: Italy SDI
    S(
        EI,
        "aruba_signin_form",
        "$ curl -s https://demoauth.fatturazioneelettronica.aruba.it/auth/signin \\\n"
        "    -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "    -d 'grant_type=password&username=MDCLRA87&password={v}'",
        password(15),
    ),
    S(
        EI,
        "acube_login_token",
        '$ curl -s -X POST https://common-sandbox.api.acubeapi.com/login -d @login.json\n{"token":"{v}"}',
        join("eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.", b64url(220), ".", b64url(342)),
    ),
    S(
        EI,
        "sdicoop_keystore_flag",
        "$ java -Djavax.net.ssl.keyStore=/opt/sdicoop/keystore/client_sdi.p12 -Djavax.net.ssl.keyStoreType=PKCS12"
        " -Djavax.net.ssl.keyStorePassword={v} -jar sdicoop-ricezione.jar",
        password(18),
    ),
    # ---- secrets: Peppol access points
    S(
        EI,
        "storecove_bearer",
        "curl -s https://api.storecove.com/api/v2/document_submissions \\\n"
        "  -H 'Accept: application/json' -H 'Content-Type: application/json' \\\n"
        "  -H 'Authorization: Bearer {v}' \\\n  -d @submission.json",
        b64url(43),
    ),
    S(
        EI,
        "pagero_client_credentials",
        "$ curl -s -u {cid}:{v} -d grant_type=client_credentials https://api.pagero.com/oauth2/token",
        b64url(40),
        cid=uuid,
    ),
    S(
        EI,
        "tickstar_helm_values",
        "accessPoint:\n  provider: tickstar\n  endpoint: https://galaxy-gateway.tickstar.com/api/v1\n"
        "  apiKey: {v}\n  senderParticipant: '0007:5567321707'",
        hexl(40),
    ),
    # ---- secrets: Saudi ZATCA / Fatoora
    S(
        EI,
        "zatca_csid_secret",
        '  "dispositionMessage": "ISSUED",\n  "binarySecurityToken": "TUlJQ1BUQ0NBZU9nQXdJQkFnSUdBWk...",\n'
        '  "secret": "{v}",\n  "errors": null',
        join(b64(43), "="),
    ),
    S(
        EI,
        "zatca_basic_header",
        "POST /e-invoicing/simulation/invoices/reporting/single HTTP/1.1\nHost: gw-fatoora.zatca.gov.sa\n"
        "Accept-Version: V2\nAuthorization: Basic {v}",
        zatca_basic,
    ),
    S(
        EI,
        "zatca_egs_private_key",
        "$ cat egs/ec-secp256k1-priv-key.pem\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        sec256k1_pem_body,
    ),
    # ---- secrets: Chile, Colombia, Avalara
    S(
        EI,
        "openfactura_apikey_header",
        "requests.post(f'{BASE}/v2/dte/document', headers={'apikey': '{v}', 'Idempotency-Key': str(uuid4())}, json=dte)",
        hexl(32),
    ),
    S(
        EI,
        "dian_software_pin",
        '  "Dian": {\n    "SoftwareId": "{sid}",\n    "SoftwarePin": "{v}",\n    "CertificatePath": "certs/empresa.p12"\n  }',
        digits(5),
        sid=uuid,
    ),
    S(
        EI,
        "avalara_einvoicing_sdk",
        "configuration = Configuration(\n    environment='sandbox',\n    client_id='{cid}',\n"
        "    client_secret='{v}',\n    app_name='erp-einvoice-bridge',\n)",
        b64url(48),
        cid=uuid,
    ),
    # ---- look-alikes: India
    L(
        EI,
        "gstin",
        '    "SellerDtls": {\n      "Gstin": "{v}",\n      "LglNm": "SARVAM TEXTILES PVT LTD",\n      "Stcd": "29"\n    },',
        gstin,
    ),
    L(
        EI,
        "irn_hash",
        '{"AckNo":{ack},"AckDt":"2024-06-14 10:43:12","Irn":"{v}","Status":"ACT"}',
        hexl(64),
        ack=join("1121", digits(11)),
    ),
    L(
        EI,
        "irp_secret_ref",
        "        env:\n          IRP_CLIENT_ID: ${{ vars.IRP_CLIENT_ID }}\n          IRP_CLIENT_SECRET: {v}",
        const("${{ secrets.IRP_CLIENT_SECRET }}"),
    ),
    L(
        EI,
        "irp_masked_secret",
        "GSP credentials loaded: client_id=AAACS{tail} client_secret={v} gstin=29AAGCS4412R1ZK",
        join("****************", b62(4)),
        tail=upper_alnum(10),
    ),
    # ---- look-alikes: Mexico
    L(
        EI,
        "cfdi_folio_fiscal",
        '<tfd:TimbreFiscalDigital Version="1.1" UUID="{v}" FechaTimbrado="2024-06-14T11:02:33" RfcProvCertif="SPR190613I52"/>',
        upper_uuid,
    ),
    L(
        EI,
        "cfdi_no_certificado",
        '<cfdi:Comprobante Version="4.0" Serie="A" Folio="10482" NoCertificado="{v}" Moneda="MXN" Exportacion="01">',
        join("0000100000", digits(10)),
    ),
    L(
        EI,
        "cfdi_public_certificate",
        '    Certificado="{v}"',
        join("MIIFuzCCA6OgAwIBAgIUMDAwMDEwMDAwMDA", b64(1480), "="),
        note="the CSD's public .cer in base64, not the key",
    ),
    L(
        EI,
        "facturapi_organization_id",
        '$ curl -s https://www.facturapi.io/v2/organizations/{v}/apikeys/test -H "Authorization: Bearer $FACTURAPI_USER_KEY"',
        hexl(24),
    ),
    L(
        EI,
        "facturapi_placeholder",
        "# .env.example\nFACTURAPI_KEY={v}",
        const("sk_test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    # ---- look-alikes: Brazil
    L(
        EI,
        "nfe_chave_acesso",
        "cStat=100 xMotivo=Autorizado o uso da NF-e chNFe={v} nProt=135240001234567",
        join("3524", digits(2), digits(14), "55001", digits(9), digits(10)),
    ),
    L(EI, "cnpj", '{\n  "razaosocial": "Expedito Comercio de Pecas LTDA",\n  "cnpj": "{v}",\n  "siglaUF": "SP",', cnpj),
    L(
        EI,
        "pfx_fingerprint",
        "$ openssl pkcs12 -in loja01.pfx -nokeys -passin env:NFE_PFX_PASS | openssl x509 -noout -fingerprint -sha1\n"
        "SHA1 Fingerprint={v}",
        colon_hex(20),
    ),
    L(
        EI,
        "nfephp_getenv",
        "$certificate = Certificate::readPfx($content, {v});",
        const("getenv('NFE_CERT_PASSWORD')"),
    ),
    # ---- look-alikes: Italy and Peppol
    L(
        EI,
        "sdi_codice_destinatario",
        "<DatiTrasmissione>\n  <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>{piva}</IdCodice></IdTrasmittente>\n"
        "  <ProgressivoInvio>00042</ProgressivoInvio>\n  <FormatoTrasmissione>FPR12</FormatoTrasmissione>\n"
        "  <CodiceDestinatario>{v}</CodiceDestinatario>\n</DatiTrasmissione>",
        upper_alnum(7),
        piva=digits(11),
    ),
    L(
        EI,
        "peppol_participant_id",
        '  "routing": {\n    "eIdentifiers": [{ "scheme": "NL:KVK", "id": "{v}" }],\n    "emails": []\n  },',
        digits(8),
    ),
    L(
        EI,
        "storecove_guid",
        '{"guid":"{v}"}\n$ curl -s https://api.storecove.com/api/v2/document_submissions/evidence/{v} -H "Authorization: Bearer $STORECOVE_API_KEY"',
        uuid,
    ),
    L(
        EI,
        "pagero_secret_store_ref",
        "pagero:\n  clientId: {cid}\n  clientSecret: {v}",
        const("vault:secret/data/einvoice/pagero#client_secret"),
        cid=uuid,
    ),
    # ---- look-alikes: ZATCA
    L(
        EI,
        "zatca_invoice_hash",
        '{\n  "invoiceHash": "{v}",\n  "uuid": "{u}",\n  "invoice": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4..."\n}',
        sha256_b64,
        u=uuid,
    ),
    L(
        EI,
        "zatca_pih",
        "<cac:AdditionalDocumentReference>\n    <cbc:ID>PIH</cbc:ID>\n    <cac:Attachment>\n"
        '        <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">{v}</cbc:EmbeddedDocumentBinaryObject>\n'
        "    </cac:Attachment>\n</cac:AdditionalDocumentReference>",
        pih_b64,
    ),
    L(
        EI,
        "zatca_request_id",
        "[onboarding] compliance CSID issued, requestID={v}; now running the six compliance invoice checks",
        join("1", digits(12)),
    ),
    # ---- look-alikes: Chile, Colombia, generic
    L(EI, "chile_rut", "RUTEmisor: {v}  TipoDTE: 33  Folio: 1840  Estado: EPR - Envio Procesado", rut),
    L(
        EI,
        "dian_cufe",
        '<cbc:UUID schemeID="2" schemeName="CUFE-SHA384">{v}</cbc:UUID>',
        hexl(96),
    ),
    L(
        EI,
        "dian_test_set_id",
        "$ dotnet run -- enviar-set --nit 900123456 --test-set-id {v} --factura FE-SETT-1",
        uuid,
    ),
    L(
        EI,
        "secret_names",
        "$ kubectl get secret einvoice-credentials -o jsonpath='{.data}' | jq 'keys'\n"
        '[\n  "{v}",\n  "ZATCA_CSID_SECRET",\n  "STORECOVE_API_KEY"\n]',
        const("FACTURAPI_KEY"),
    ),
]
