"""A hundred-and-thirty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of government and national digital identity services:
Singpass / Myinfo (EC P-256 signing JWKs with their private `d`, `private_key_jwt` client assertions
sent to the token endpoint, the 40-hex Myinfo v3 client secret of the demo app's `start.sh`, the
32-character client id), Swedish BankID (the RP certificate's PKCS#12 passphrase on `curl --cert`
and in a Node client, the `qrStartSecret` of an `/auth` response beside the public `orderRef`,
`autoStartToken`, `qrStartToken` and animated-QR data), ID.me (32-hex client secret and client id,
sandbox `api.idmelabs.com`), login.gov (`openssl req` RSA key for `private_key_jwt`, the
`urn:gov:gsa:openidconnect.profiles:sp:sso:` client id, the public certificate), DigiD (PKIoverheid
SAML signing key passphrase in SimpleSAMLphp and `xmlsec1 --pwd`, the OIN in the
`urn:nl-eid-gdi:1.0:DV:` entity id, metadata digests), FranceConnect (64-hex client id and secret,
Keycloak `kcadm.sh` identity-provider config), itsme (RSA private JWK, partner client id, public
JWKS), GOV.UK One Login (`openssl genpkey` private key in an env file and base64 in Key Vault, the
64-hex key id, `public_key.pem`), Aadhaar (AUA licence key `lk` in the Auth XML, ASA licence key as
the last path segment of the auth URL, a masked key in a log), DigiLocker / MeriPehchaan (20-hex
client secret, 10-character client id), Verimi (Basic client credentials, client-certificate
keystore password, a documented placeholder), Freja eID (`SslSettings.create` and phpFreja keystore
passwords, the 64-hex `relyingPartyUserId`) and Criipto / Idura Verify (`dotnet user-secrets` client
secret, `urn:` client id), in commands, config files, code and tool output, with the public ids,
key ids, public keys, fingerprints, hashes and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 125 to 129):
22 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a PKCS#12 passphrase after curl's
`--cert 'file.p12:<pass>'`, an RSA JWK's private `d` in a JavaScript object (unquoted keys),
Aadhaar's licence key in an `lk=` attribute; altered: BankID's `autostarttoken` (a UUID, public by
design) in a link).
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
    upper_alnum,
    uuid,
)

GOV = "govid"

SINGPASS_CLIENT_ID = "Qm7XrT2vKd9LwZ4pHs6NcB1yFj8GeA3u"
LOGIN_GOV_CLIENT_ID = "urn:gov:gsa:openidconnect.profiles:sp:sso:va:benefits_portal_int"

RSA_PKCS8_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD"
SPKI_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"
CERT_HEAD = "MIIDezCCAmOgAwIBAgIUS"


def b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def client_assertion(alg: str, kid: str, client_id: str, aud: str, sig_len: int):
    """A signed `private_key_jwt` client assertion: header and claims as documented, random signature."""

    def make(rng: random.Random) -> str:
        iat = 1735700000 + rng.randrange(20_000_000)
        header = {"alg": alg, "kid": kid, "typ": "JWT"}
        claims = {"iss": client_id, "sub": client_id, "aud": aud, "iat": iat, "exp": iat + 120, "jti": uuid(rng)}
        return b64url_json(header) + "." + b64url_json(claims) + "." + b64url(sig_len)(rng)

    return make


def rsa_private_body(sep: str):
    """The base64 body of an RSA-2048 PKCS#8 key, 64-character lines joined by `sep`."""

    def make(rng: random.Random) -> str:
        lines = [RSA_PKCS8_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(26)(rng) + "=="]
        return sep.join(lines)

    return make


def rsa_pem_base64(rng: random.Random) -> str:
    pem = "-----BEGIN PRIVATE KEY-----\n" + rsa_private_body("\n")(rng) + "\n-----END PRIVATE KEY-----\n"
    return base64.b64encode(pem.encode()).decode()


def spki_body(rng: random.Random) -> str:
    """An RSA-2048 SubjectPublicKeyInfo body (public key)."""
    lines = [SPKI_HEAD + b64(20)(rng)] + [b64(64)(rng) for _ in range(5)] + [b64(2)(rng) + "IDAQAB"]
    return "\n".join(lines)


def cert_body(rng: random.Random) -> str:
    """A self-signed X.509 certificate body (public)."""
    lines = [CERT_HEAD + b64(43)(rng)] + [b64(64)(rng) for _ in range(16)] + [b64(34)(rng) + "=="]
    return "\n".join(lines)


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 1, 25, "the rules for 125 to 129")

TEMPLATES: list = [
    # ---- secrets: Singpass / Myinfo
    S(
        GOV,
        "singpass_private_jwk_d",
        '$ cat secrets/singpass/stg-sig-private.jwk.json\n{\n  "kty": "EC",\n  "crv": "P-256",\n'
        '  "kid": "sig-2025-03",\n  "use": "sig",\n  "alg": "ES256",\n  "x": "{x}",\n  "y": "{y}",\n'
        '  "d": "{v}"\n}',
        b64url(43),
        x=b64url(43),
        y=b64url(43),
    ),
    S(
        GOV,
        "singpass_client_assertion",
        "$ curl -s -X POST https://stg-id.singpass.gov.sg/token -H 'Content-Type: application/x-www-form-urlencoded'"
        ' --data-urlencode grant_type=authorization_code --data-urlencode "code=$AUTH_CODE"'
        f" --data-urlencode client_id={SINGPASS_CLIENT_ID}"
        " --data-urlencode client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
        " --data-urlencode 'client_assertion={v}'"
        " --data-urlencode redirect_uri=https://eservice.tideway.sg/singpass/callback",
        client_assertion("ES256", "sig-2025-03", SINGPASS_CLIENT_ID, "https://stg-id.singpass.gov.sg", 86),
    ),
    S(
        GOV,
        "myinfo_v3_client_secret",
        "$ cat start.sh\nexport MYINFO_APP_CLIENT_ID=STG2-MYINFO-TIDEWAY-LOANS\nexport MYINFO_APP_CLIENT_SECRET={v}\n"
        "export MYINFO_APP_REDIRECT_URL=http://localhost:3001/callback\n"
        "export MYINFO_API_TOKEN='https://test.api.myinfo.gov.sg/com/v3/token'",
        hexl(40),
    ),
    # ---- secrets: Swedish BankID
    S(
        GOV,
        "bankid_curl_cert_passphrase",
        "$ curl -sS --cert-type P12 --cert './certs/rp-prod-2025.p12:{v}' --cacert ./certs/bankid-root-prod.pem"
        " -H 'Content-Type: application/json' -d '{\"endUserIp\":\"203.0.113.24\"}' https://appapi2.bankid.com/rp/v6.0/auth",
        password(16),
    ),
    S(
        GOV,
        "bankid_qr_start_secret",
        "HTTP/1.1 200 OK\nContent-Type: application/json\n\n"
        '{"orderRef":"{ref}","autoStartToken":"{ast}","qrStartToken":"{qst}","qrStartSecret":"{v}"}',
        uuid,
        ref=uuid,
        ast=uuid,
        qst=uuid,
    ),
    S(
        GOV,
        "bankid_node_passphrase",
        "const client = new BankIdClient({\n  production: true,\n"
        '  pfx: fs.readFileSync("/run/secrets/bankid-rp.pfx"),\n  passphrase: "{v}",\n'
        '  ca: fs.readFileSync("certs/bankid-prod-root.crt"),\n});',
        password(20),
    ),
    # ---- secrets: ID.me
    S(
        GOV,
        "idme_client_secret_payload",
        "        payload = {\n            'code': auth_code,\n            'client_id': '{cid}',\n"
        "            'client_secret': '{v}',\n            'redirect_uri': 'http://localhost:3000/idme',\n"
        "            'grant_type': 'authorization_code'\n        }",
        hexl(32),
        cid=hexl(32),
    ),
    S(
        GOV,
        "idme_credentials_yaml",
        "$ bin/rails credentials:show -e staging | sed -n '/^idme:/,/^$/p'\nidme:\n  client_id: {cid}\n"
        "  client_secret: {v}\n  sandbox: true\n  scope: military",
        hexl(32),
        cid=hexl(32),
    ),
    # ---- secrets: login.gov
    S(
        GOV,
        "logingov_private_pem",
        "$ openssl req -nodes -x509 -days 365 -newkey rsa:2048 -keyout private.pem -out public.crt"
        ' -subj "/CN=benefits-portal-int"\n$ cat private.pem\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----',
        rsa_private_body("\n"),
    ),
    S(
        GOV,
        "logingov_client_assertion",
        "$ http --form POST https://idp.int.identitysandbox.gov/api/openid_connect/token grant_type=authorization_code"
        " code=$CODE client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer client_assertion={v}",
        client_assertion(
            "RS256",
            "benefits-int-2025",
            LOGIN_GOV_CLIENT_ID,
            "https://idp.int.identitysandbox.gov/api/openid_connect/token",
            342,
        ),
    ),
    # ---- secrets: DigiD (PKIoverheid SAML signing)
    S(
        GOV,
        "digid_simplesaml_privatekey_pass",
        "    'digid-preprod' => [\n        'saml:SP',\n"
        "        'entityID' => 'urn:nl-eid-gdi:1.0:DV:{oin}:entities:9001',\n"
        "        'idp' => 'https://was-preprod1.digid.nl/saml/idp/metadata',\n"
        "        'privatekey' => 'pkio-preprod.key',\n        'privatekey_pass' => '{v}',\n"
        "        'certificate' => 'pkio-preprod.crt',\n    ],",
        password(20),
        oin=join("00000001", digits(12)),
    ),
    S(
        GOV,
        "digid_xmlsec_pwd",
        "$ xmlsec1 --sign --pwd '{v}' --privkey-pem pkio/digid-sp.key,pkio/digid-sp.crt"
        " --id-attr:ID urn:oasis:names:tc:SAML:2.0:metadata:EntityDescriptor --output metadata.signed.xml metadata.xml",
        password(18),
    ),
    # ---- secrets: FranceConnect
    S(
        GOV,
        "franceconnect_kcadm_secret",
        "$ ./kcadm.sh create identity-provider/instances -r usagers -s alias=franceconnect-particulier"
        " -s providerId=franceconnect-particulier -s enabled=true -s 'config.clientId={cid}'"
        " -s 'config.clientSecret={v}' -s config.franceConnectVersion=eidas1",
        hexl(64),
        cid=hexl(64),
    ),
    S(
        GOV,
        "franceconnect_python_client",
        'fc = FranceConnect(\n    client_id="{cid}",\n    client_secret="{v}",\n'
        "    scopes=[Scopes.OPENID, Scopes.GIVEN_NAME, Scopes.FAMILY_NAME, Scopes.BIRTHDATE],\n"
        '    login_callback_url="https://aides.tideway.fr/fc/callback",\n)',
        hexl(64),
        cid=hexl(64),
    ),
    # ---- secrets: itsme
    S(
        GOV,
        "itsme_private_jwk_d",
        "const jwkSet = {\n  keys: [\n    {\n      kty: 'RSA',\n      kid: 'itsme-sig-2025',\n      use: 'sig',\n"
        "      e: 'AQAB',\n      n: '{modulus}',\n      d: '{v}',",
        b64url(342),
        modulus=b64url(342),
    ),
    # ---- secrets: GOV.UK One Login
    S(
        GOV,
        "onelogin_env_private_key",
        "ONE_LOGIN_CLIENT_ID={cid}\nONE_LOGIN_ISSUER=https://oidc.integration.account.gov.uk/\n"
        'ONE_LOGIN_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----"',
        rsa_private_body("\\n"),
        cid=b62(27),
    ),
    S(
        GOV,
        "onelogin_keyvault_value",
        '$ az keyvault secret set --vault-name kv-tideway-onelogin-int --name OneLogin--PrivateKey --value "{v}" --output none',
        rsa_pem_base64,
    ),
    # ---- secrets: Aadhaar
    S(
        GOV,
        "aadhaar_aua_license_key",
        '<Auth uid="{uid}" rc="Y" tid="" ac="{ac}" sa="{ac}" ver="2.5" txn="UKC:{txn}" lk="{v}">',
        b64url(55),
        uid=join("9999", digits(8)),
        ac=upper_alnum(10),
        txn=hexl(24),
    ),
    S(
        GOV,
        "aadhaar_asa_url_path",
        "2025-03-11 09:14:02,118 INFO  AsaGateway - POST https://auth.uidai.gov.in/authserver/2.5/{ac}/{u0}/{u1}/{v}"
        " txn=UKC:{txn} -> 200 ret=y",
        b64url(55),
        ac=upper_alnum(10),
        u0=digits(1),
        u1=digits(1),
        txn=hexl(24),
    ),
    # ---- secrets: DigiLocker / MeriPehchaan
    S(
        GOV,
        "digilocker_client_secret",
        "$ curl -s https://digilocker.meripehchaan.gov.in/public/oauth2/1/token -d grant_type=authorization_code"
        ' -d "code=$DL_CODE" -d client_id={cid} -d client_secret={v}'
        ' -d redirect_uri=https://kyc.tideway.in/digilocker/callback -d "code_verifier=$PKCE_VERIFIER"',
        hexl(20),
        cid=upper_alnum(10),
    ),
    # ---- secrets: Verimi
    S(
        GOV,
        "verimi_basic_auth",
        "$ curl -s -X POST https://api.uat.verimi.cloud/dipp/api/oauth/token -H 'Authorization: Basic {v}'"
        ' -d grant_type=authorization_code -d "code=$CODE" -d redirect_uri=https://app.tideway.de/verimi/callback',
        basic_auth("tideway-uat", b62(32)),
    ),
    S(
        GOV,
        "verimi_keystore_password",
        "$ java -Djavax.net.ssl.keyStore=/etc/tideway/verimi-uat-client.p12 -Djavax.net.ssl.keyStoreType=PKCS12"
        " -Djavax.net.ssl.keyStorePassword={v} -jar verimi-login-sample.jar",
        b62(20),
    ),
    # ---- secrets: Freja eID
    S(
        GOV,
        "freja_ssl_settings",
        'SslSettings sslSettings = SslSettings.create("/opt/tideway/freja/rp-test.jks", "{v}",'
        ' "/opt/tideway/freja/freja-test-server.crt");',
        password(18),
    ),
    S(
        GOV,
        "freja_php_pfx_password",
        "$frejaAPI = new phpFreja('certs/tideway_rp_prod.pfx', '{v}', true);",
        password(14),
    ),
    # ---- secrets: Criipto / Idura Verify
    S(
        GOV,
        "criipto_user_secrets",
        '$ dotnet user-secrets set "Criipto:ClientSecret" "{v}" --project src/Tideway.Web\n'
        "Successfully saved Criipto:ClientSecret = {v} to the secret store.",
        b64(43, "="),
    ),
    # ---- look-alikes: client ids and other public identifiers
    L(
        GOV,
        "singpass_client_id",
        "const singpassClient = new singpassIssuer.Client({\n  client_id: '{v}',\n"
        "  token_endpoint_auth_method: 'private_key_jwt',\n  id_token_signed_response_alg: 'ES256',\n});",
        b62(32),
    ),
    L(
        GOV,
        "singpass_public_jwk_x",
        "$ curl -s https://eservice.tideway.sg/.well-known/jwks.json\n"
        '{"keys":[{"kty":"EC","crv":"P-256","kid":"sig-2025-03","use":"sig","alg":"ES256","x":"{v}","y":"{y}"}]}',
        b64url(43),
        y=b64url(43),
    ),
    L(
        GOV,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} chore(singpass): rotate staging signing key sig-2025-03",
        hexl(40),
    ),
    L(
        GOV,
        "bankid_order_ref",
        "$ curl -sS --cert-type P12 --cert \"./certs/rp-test.p12:$BANKID_PFX_PASS\" -H 'Content-Type: application/json'"
        ' -d \'{"orderRef":"{v}"}\' https://appapi2.test.bankid.com/rp/v6.0/collect',
        uuid,
    ),
    L(
        GOV,
        "bankid_autostart_token",
        "[bankid] same-device flow, opening https://app.bankid.com/?autostarttoken={v}&redirect=null",
        uuid,
    ),
    L(
        GOV,
        "bankid_qr_data",
        "[bankid] qr frame 7 -> {v}",
        join("bankid.", uuid, ".7.", hexl(64)),
    ),
    L(
        GOV,
        "bankid_cert_fingerprint",
        "$ openssl pkcs12 -in rp-prod-2025.p12 -nokeys -passin env:BANKID_PFX_PASS | openssl x509 -noout -fingerprint -sha1\n"
        "SHA1 Fingerprint={v}",
        colon_hex(20),
    ),
    L(
        GOV,
        "idme_client_id",
        "GET https://api.idmelabs.com/oauth/authorize?client_id={v}"
        "&redirect_uri=https%3A%2F%2Fvets.tideway.org%2Fauth%2Fidme%2Fcallback&response_type=code&scope=military",
        hexl(32),
    ),
    L(
        GOV,
        "idme_user_uuid",
        '{"attributes":[{"handle":"uuid","name":"Unique Identifier","value":"{v}"},'
        '{"handle":"fname","name":"First Name","value":"Jordan"}],'
        '"status":[{"group":"military","subgroups":["Veteran"],"verified":true}]}',
        hexl(32),
    ),
    L(
        GOV,
        "logingov_client_id",
        "  config.omniauth :login_dot_gov, client_id: '{v}',\n"
        "    idp_base_url: 'https://idp.int.identitysandbox.gov/',\n"
        "    private_key: OpenSSL::PKey::RSA.new(ENV.fetch('LOGIN_GOV_PRIVATE_KEY'))",
        const(LOGIN_GOV_CLIENT_ID),
    ),
    L(
        GOV,
        "logingov_public_cert",
        "$ cat public.crt\n-----BEGIN CERTIFICATE-----\n{v}\n-----END CERTIFICATE-----",
        cert_body,
    ),
    L(
        GOV,
        "digid_oin",
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" ID="_{id}"'
        ' entityID="urn:nl-eid-gdi:1.0:DV:{v}:entities:9001">',
        join("00000001", digits(12)),
        id=hexl(40),
    ),
    L(
        GOV,
        "digid_metadata_digest",
        '        <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>\n'
        "        <ds:DigestValue>{v}</ds:DigestValue>",
        b64(43, "="),
    ),
    L(
        GOV,
        "franceconnect_client_id",
        "< HTTP/1.1 302 Found\n< Location: https://fcp.integ01.dev-franceconnect.fr/api/v1/authorize?response_type=code"
        "&client_id={v}&redirect_uri=https%3A%2F%2Faides.tideway.fr%2Ffc%2Fcallback"
        "&scope=openid%20given_name%20family_name%20birthdate&state={st}&nonce={nn}&acr_values=eidas1",
        hexl(64),
        st=hexl(32),
        nn=hexl(32),
    ),
    L(
        GOV,
        "franceconnect_env_ref",
        "    environment:\n      FC_CLIENT_ID: ${FC_CLIENT_ID}\n      FC_CLIENT_SECRET: {v}\n"
        "      FC_URL: https://fcp.integ01.dev-franceconnect.fr",
        const("${FC_CLIENT_SECRET:?set FC_CLIENT_SECRET in .env}"),
    ),
    L(
        GOV,
        "itsme_client_id",
        "ITSME_CLIENT_ID={v}\nITSME_SERVICE_CODE=TIDEWAY_LOGIN\n"
        "ITSME_DISCOVERY_URL=https://e2emerchant.itsme.be/oidc/.well-known/openid-configuration",
        b62(10),
    ),
    L(
        GOV,
        "itsme_public_jwk_n",
        "$ curl -s https://api.tideway.be/itsme/jwks.json | jq -c '.keys[0]'\n"
        '{"kty":"RSA","kid":"itsme-sig-2025","use":"sig","e":"AQAB","n":"{v}"}',
        b64url(342),
    ),
    L(
        GOV,
        "onelogin_kid",
        "> jwt.decode(idToken, { complete: true }).header\n{ kid: '{v}', alg: 'ES256' }",
        hexl(64),
    ),
    L(
        GOV,
        "onelogin_public_key",
        "$ openssl rsa -pubout -in private_key.pem -out public_key.pem && cat public_key.pem\nwriting RSA key\n"
        "-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        spki_body,
    ),
    L(
        GOV,
        "aadhaar_masked_license_key",
        "2025-03-11 09:14:01,907 INFO  AuaClient - auth request txn=UKC:{txn} ac={ac} lk={v} ver=2.5",
        join(b64url(4), const("*" * 32), b64url(4)),
        txn=hexl(24),
        ac=upper_alnum(10),
    ),
    L(
        GOV,
        "digilocker_client_id",
        "https://digilocker.meripehchaan.gov.in/public/oauth2/1/authorize?response_type=code&client_id={v}"
        "&redirect_uri=https%3A%2F%2Fkyc.tideway.in%2Fdigilocker%2Fcallback&state={st}"
        "&code_challenge={cc}&code_challenge_method=S256",
        upper_alnum(10),
        st=hexl(16),
        cc=b64url(43),
    ),
    L(
        GOV,
        "digilocker_env_ref",
        "    data = {\n        'grant_type': 'authorization_code',\n        'code': code,\n"
        "        'client_id': DIGILOCKER_CLIENT_ID,\n        'client_secret': {v},\n"
        "        'code_verifier': session.pop('code_verifier'),\n    }",
        const('os.environ["DIGILOCKER_CLIENT_SECRET"]'),
    ),
    L(
        GOV,
        "verimi_placeholder",
        "verimi.client.id=tideway-uat\nverimi.client.secret={v}\nverimi.keystore.path=/etc/tideway/verimi-uat-client.p12",
        const("<client_secret provided by Verimi>"),
    ),
    L(
        GOV,
        "freja_relying_party_user_id",
        '  "status": "APPROVED",\n  "relyingPartyUserId": "{v}",\n  "registrationLevel": "PLUS",',
        hexu(64),
    ),
    L(
        GOV,
        "criipto_client_id",
        '    options.Authority = "https://tideway-test.criipto.id";\n    options.ClientId = "{v}";\n'
        '    options.ClientSecret = builder.Configuration["Criipto:ClientSecret"];',
        join("urn:tideway:verify:", digits(4)),
    ),
]
