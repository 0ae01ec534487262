"""A two-hundred-and-fifteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of private PKI and certificate services: Smallstep step-ca and the
`step` CLI (`--password-file`, `step ca token` one-time JWTs, JWK provisioners with their public
`x`/`y` and kid, `step crypto jwe decrypt`, `step ca acme eab add`, root fingerprints), HashiCorp
Vault's PKI secrets engine (`hvs.` tokens, `vault write pki_int/issue/...` output with its
`private_key` and colon-separated `serial_number`, `acme/new-eab`, token accessors, issuer ids),
ACME External Account Binding as ZeroSSL (`/acme/eab-credentials`, `access_key` query), Google
Public CA (`gcloud publicca external-account-keys create`, `b64MacKey`/`keyId`) and Sectigo
(`certbot register --eab-kid --eab-hmac-key`) document it, acme.sh, Sectigo Certificate Manager's
`login`/`password`/`customerUri` headers, DigiCert CertCentral's `X-DC-DEVKEY` header and the
DigiCert ONE `x-api-key`, Venafi / CyberArk `vcert` (`-k` API key, `getcred` tokens, INI
`tpp_password`, `--thumbprint`), EJBCA (`ejbca.sh ra addendentity --password`, the REST client's
`--authkeystorepass`), Keyfactor Command (Basic auth with `x-keyfactor-requested-with`, the
Terraform provider), AWS Private CA (credentials profile, CA and certificate ARNs,
`export-certificate --passphrase fileb://`), cfssl `auth_keys`, and certbot (Cloudflare DNS
credentials INI, deploy hooks, account directories, `certbot certificates` serials), in commands,
config files, code and tool output, with the public ids, fingerprints, placeholders, masks and
secret-store references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
25 of 26 secrets caught, 2 of 24 look-alikes altered (missed: step-ca's password written by `echo
'…' | sudo tee …/password.txt`; altered: a host name as `step ca token`'s subject and the
provisioner's key id after `--kid`, a CA's name after `--ca` beside a key store's password in a
command substitution).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    B62,
    L,
    S,
    b62,
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

PKI = "pki"

EC_P256_HEAD = bytes([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20])
EC_P256_MID = bytes(
    [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0xA1, 0x44, 0x03, 0x42, 0x00, 0x04]
)


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def rb64url(n_bytes: int):
    """n random bytes, base64url without padding (a JWK coordinate, an HMAC key)."""
    return lambda rng: base64.urlsafe_b64encode(_bytes(rng, n_bytes)).decode().rstrip("=")


def rb64(n_bytes: int):
    return lambda rng: base64.b64encode(_bytes(rng, n_bytes)).decode()


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def ec_private_key_body(rng: random.Random) -> str:
    """The base64 body of a SEC1 P-256 `EC PRIVATE KEY` (121 DER bytes, lines of 64)."""
    der = EC_P256_HEAD + _bytes(rng, 32) + EC_P256_MID + _bytes(rng, 64)
    s = base64.b64encode(der).decode()
    return "\n".join(s[i : i + 64] for i in range(0, len(s), 64))


def step_ott(rng: random.Random) -> str:
    """A `step ca token` one-time token: an ES256 JWT signed by a JWK provisioner."""
    iat = 1717400000 + rng.randrange(2_000_000)
    header = {"alg": "ES256", "kid": rb64url(32)(rng), "typ": "JWT"}
    payload = {
        "aud": "https://ca.internal.brightkite.dev:9000/1.0/sign",
        "exp": iat + 300,
        "iat": iat,
        "iss": "ops@brightkite.dev",
        "jti": hexl(64)(rng),
        "nbf": iat,
        "sans": ["api.internal.brightkite.dev"],
        "sha": hexl(64)(rng),
        "sub": "api.internal.brightkite.dev",
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{rb64url(64)(rng)}"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def colon_hex_lower(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexl(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def arn_ca(rng: random.Random) -> str:
    return f"arn:aws:acm-pca:eu-west-1:{digits(12)(rng)}:certificate-authority/{uuid(rng)}"


tpp_token = rb64(16)
aws_secret = pick(B62 + "+/", 40)
masked = join(const("*" * 20), upper_alnum(4))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 2, 24, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: Smallstep step-ca
    S(
        PKI,
        "step_password_file",
        "$ echo '{v}' | sudo tee /etc/step-ca/password.txt >/dev/null && sudo chmod 600 /etc/step-ca/password.txt",
        password(32),
    ),
    S(
        PKI,
        "step_ca_token",
        "$ TOKEN=$(step ca token api.internal.brightkite.dev --provisioner ops@brightkite.dev"
        " --provisioner-password-file /run/secrets/prov_pw)\n$ echo $TOKEN\n{v}",
        step_ott,
    ),
    S(
        PKI,
        "step_private_jwk",
        "$ step crypto jwe decrypt < $(step path)/secrets/provisioner.key\n"
        "Please enter the password to decrypt the content encryption key: \n"
        '{"use":"sig","kty":"EC","kid":"{kid}","crv":"P-256","alg":"ES256","x":"{x}","y":"{y}","d":"{v}"}',
        rb64url(32),
        kid=rb64url(32),
        x=rb64url(32),
        y=rb64url(32),
    ),
    S(
        PKI,
        "step_eab_add",
        "$ step ca acme eab add acme-eab ci-runner-07\n"
        "Key ID                            Provisioner  Key (base64, raw url encoded)                Reference\n"
        "{kid}  acme-eab     {v}  ci-runner-07",
        rb64url(32),
        kid=b62(32),
    ),
    # ---- secrets: HashiCorp Vault PKI
    S(
        PKI,
        "vault_token_env",
        "$ VAULT_ADDR=https://vault.brightkite.dev:8200 VAULT_TOKEN={v} vault write -format=json"
        " pki_int/issue/web-servers common_name=api.internal.brightkite.dev ttl=72h",
        join("hvs.CAESI", b64url(87)),
    ),
    S(
        PKI,
        "vault_pki_private_key",
        "private_key         -----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----\n"
        "private_key_type    ec\nserial_number       {serial}",
        ec_private_key_body,
        serial=colon_hex_lower(20),
    ),
    S(
        PKI,
        "vault_acme_new_eab",
        "$ vault write -f pki_int/roles/web-servers/acme/new-eab\nKey               Value\n---               -----\n"
        "acme_directory    roles/web-servers/acme/directory\ncreated_on        2024-06-03T09:14:22Z\n"
        "id                {id}\nkey               {v}\nkey_type          hs",
        rb64url(32),
        id=uuid,
    ),
    # ---- secrets: ACME EAB and CA REST keys
    S(
        PKI,
        "zerossl_eab_response",
        '$ curl -s -X POST "https://api.zerossl.com/acme/eab-credentials?access_key=$ZEROSSL_API_KEY"\n'
        '{"success":true,"eab_kid":"{kid}","eab_hmac_key":"{v}"}',
        rb64url(40),
        kid=rb64url(16),
    ),
    S(
        PKI,
        "zerossl_access_key_query",
        '$ curl -s "https://api.zerossl.com/certificates?access_key={v}&certificate_status=issued&limit=50" | jq ".results[].common_name"',
        hexl(32),
    ),
    S(
        PKI,
        "gcloud_publicca_eab",
        "$ gcloud publicca external-account-keys create --project bk-edge-prod\n"
        "Created an external account key\n[b64MacKey: {v}\nkeyId: {kid}]",
        rb64url(64),
        kid=hexl(32),
    ),
    S(
        PKI,
        "acme_sh_google_eab",
        "$ acme.sh --register-account -m pki@brightkite.dev --server google --eab-kid {kid} --eab-hmac-key {v}",
        rb64url(64),
        kid=hexl(32),
    ),
    S(
        PKI,
        "certbot_sectigo_eab",
        "$ sudo certbot register --server https://acme.sectigo.com/v2/OV --eab-kid {kid} \\\n"
        "    --eab-hmac-key {v} --email pki@brightkite.dev --agree-tos --no-eff-email",
        rb64url(64),
        kid=rb64url(16),
    ),
    S(
        PKI,
        "sectigo_scm_headers",
        "$ curl -s https://cert-manager.com/api/ssl/v1/types -H 'login: svc-scm-api' -H 'password: {v}'"
        " -H 'customerUri: brightkite'",
        password(16),
    ),
    S(
        PKI,
        "digicert_devkey_header",
        "$ curl -s -X GET 'https://www.digicert.com/services/v2/order/certificate?filters[status]=issued' \\\n"
        "    -H 'Content-Type: application/json' -H 'X-DC-DEVKEY: {v}'",
        upper_alnum(80),
    ),
    S(
        PKI,
        "digicert_one_api_key",
        'resp = requests.get(\n    "https://one.digicert.com/mpki/api/v1/certificate",\n'
        '    headers={"x-api-key": "{v}", "Accept": "application/json"},\n    timeout=30,\n)',
        join(hexl(24), "_", hexl(64)),
    ),
    # ---- secrets: Venafi / CyberArk vcert
    S(
        PKI,
        "vcert_vaas_apikey",
        '$ vcert enroll -k {v} -z "Brightkite\\Web Default" --cn api.brightkite.dev --key-type ecdsa --no-prompt',
        uuid,
    ),
    S(
        PKI,
        "vcert_getcred_output",
        "$ vcert getcred -u https://tpp.brightkite.dev --username svc-vcert --client-id vcert-cli --scope 'certificate:manage'\n"
        "access_token:  {v}\naccess_token_expires:  2024-09-02T11:40:07Z\nrefresh_token:  {rt}",
        tpp_token,
        rt=tpp_token,
    ),
    S(
        PKI,
        "vcert_ini_tpp_password",
        "$ cat ~/.vcert/tpp.ini\ntpp_url = https://tpp.brightkite.dev\ntpp_user = svc-vcert\n"
        "tpp_password = {v}\ntpp_zone = DevOps\\Web",
        password(18),
    ),
    # ---- secrets: EJBCA and Keyfactor Command
    S(
        PKI,
        "ejbca_addendentity",
        '$ bin/ejbca.sh ra addendentity --username web01 --dn "CN=web01.brightkite.dev,O=Brightkite" --caname IssuingCA-G2'
        " --type 1 --token PEM --password {v} --certprofile TLS-SERVER --eeprofile TLS-SERVER",
        password(14),
    ),
    S(
        PKI,
        "ejbca_authkeystorepass",
        "$ java -jar erce.jar enroll genkeys --authkeystore /opt/ejbca/p12/raadmin.p12 --authkeystorepass {v} \\\n"
        '    --hostname ejbca.brightkite.dev --ca IssuingCA-G2 --username web02.brightkite.dev --subjectdn "CN=web02.brightkite.dev"',
        b62(16),
    ),
    S(
        PKI,
        "keyfactor_basic_auth",
        "$ curl -s 'https://kf.brightkite.dev/KeyfactorAPI/Certificates?pq.queryString=IssuedCN%20-contains%20%22api%22' \\\n"
        "    -H 'Authorization: Basic {v}' -H 'x-keyfactor-requested-with: APIClient' -H 'x-keyfactor-api-version: 1'",
        basic_auth("BRIGHTKITE\\svc-kfapi", password(18)),
    ),
    S(
        PKI,
        "keyfactor_terraform_provider",
        'provider "keyfactor" {\n  hostname = "kf.brightkite.dev"\n  username = "BRIGHTKITE\\\\svc-terraform"\n'
        '  password = "{v}"\n}',
        password(20),
    ),
    # ---- secrets: AWS Private CA, cfssl, certbot
    S(
        PKI,
        "aws_pca_credentials_profile",
        "$ cat ~/.aws/credentials\n[pki-issuer]\naws_access_key_id = AKIA{akid}\naws_secret_access_key = {v}\nregion = eu-west-1",
        aws_secret,
        akid=upper_alnum(16),
    ),
    S(
        PKI,
        "cfssl_auth_key",
        '$ cat /etc/cfssl/config.json\n{\n  "auth_keys": {\n    "primary": {\n      "type": "standard",\n'
        '      "key": "{v}"\n    }\n  },\n  "signing": {\n    "default": {\n      "auth_key": "primary",\n      "expiry": "8760h"',
        hexu(32),
    ),
    S(
        PKI,
        "certbot_cloudflare_ini",
        "$ sudo cat /etc/letsencrypt/cloudflare.ini\n# Cloudflare API token used by Certbot\ndns_cloudflare_api_token = {v}",
        b64url(40),
    ),
    S(
        PKI,
        "certbot_deploy_hook_passout",
        "#!/bin/sh\n# /etc/letsencrypt/renewal-hooks/deploy/10-export-pfx.sh\n"
        'openssl pkcs12 -export -in "$RENEWED_LINEAGE/fullchain.pem" -inkey "$RENEWED_LINEAGE/privkey.pem" \\\n'
        "    -out /srv/iis/brightkite.pfx -passout pass:{v}",
        password(16),
    ),
    # ---- look-alikes: fingerprints, key ids, public key material
    L(
        PKI,
        "step_root_fingerprint",
        "✔ Root certificate: /etc/step-ca/certs/root_ca.crt\n✔ Root private key: /etc/step-ca/secrets/root_ca_key\n"
        "✔ Root fingerprint: {v}\n✔ Intermediate certificate: /etc/step-ca/certs/intermediate_ca.crt",
        hexl(64),
    ),
    L(
        PKI,
        "step_provisioner_kid",
        "$ step ca token db01.internal.brightkite.dev --kid {v} --ca-url https://ca.internal.brightkite.dev:9000"
        " --root /etc/step/certs/root_ca.crt --provisioner-password-file /run/secrets/prov_pw",
        rb64url(32),
    ),
    L(
        PKI,
        "step_jwk_public_x",
        '        "type": "JWK",\n        "name": "ops@brightkite.dev",\n        "key": {\n'
        '          "use": "sig", "kty": "EC", "kid": "{kid}", "crv": "P-256", "alg": "ES256",\n'
        '          "x": "{v}",\n          "y": "{y}"\n        },',
        rb64url(32),
        kid=rb64url(32),
        y=rb64url(32),
    ),
    L(
        PKI,
        "vault_serial_number",
        "$ vault write pki_int/revoke serial_number={v}\nKey                        Value\n---                        -----\n"
        "revocation_time            1717412062",
        colon_hex_lower(20),
    ),
    L(
        PKI,
        "vault_token_accessor",
        "$ vault token lookup -accessor {v}\nKey                 Value\n---                 -----\n"
        "accessor            {v}\ndisplay_name        approle-pki-issuer\npolicies            [default pki-issue]",
        b62(24),
    ),
    L(
        PKI,
        "vault_issuer_id",
        "$ vault read pki_int/issuer/{v} -format=json | jq -r .data.issuer_name\nbrightkite-intermediate-2024",
        uuid,
    ),
    L(
        PKI,
        "vault_gha_secret_ref",
        "      - uses: hashicorp/vault-action@v3\n        with:\n          url: https://vault.brightkite.dev:8200\n"
        "          token: {v}\n          secrets: pki_int/issue/ci common_name=ci.internal.brightkite.dev | certificate",
        const("${{ secrets.VAULT_TOKEN }}"),
    ),
    L(
        PKI,
        "aws_pca_ca_arn",
        "$ aws acm-pca issue-certificate --certificate-authority-arn {v} \\\n"
        "    --csr fileb://api.csr --signing-algorithm SHA256WITHECDSA --validity Value=90,Type=DAYS --profile pki-issuer",
        arn_ca,
    ),
    L(
        PKI,
        "aws_pca_certificate_arn",
        '{\n    "CertificateArn": "{v}"\n}',
        lambda rng: f"{arn_ca(rng)}/certificate/{hexl(32)(rng)}",
    ),
    L(
        PKI,
        "aws_export_passphrase_ref",
        "$ aws acm export-certificate --certificate-arn $CERT_ARN --passphrase {v} --query PrivateKey --output text > api.key",
        const("fileb://passphrase.txt"),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        PKI,
        "digicert_doc_placeholder",
        "curl -X GET \\\n  'https://www.digicert.com/services/v2/user' \\\n  -H 'Content-Type: application/json' \\\n"
        "  -H 'X-DC-DEVKEY: {v}'",
        const("{{api_key}}"),
    ),
    L(
        PKI,
        "digicert_masked_key",
        "DigiCert request: GET /services/v2/order/certificate/{order}\n  headers: {'X-DC-DEVKEY': '{v}'}",
        masked,
        order=digits(9),
    ),
    L(
        PKI,
        "venafi_doc_placeholder",
        "$ kubectl create secret generic vaas-secret --namespace=cert-manager --from-literal=apikey='{v}'",
        const("YOUR_CLOUD_API_KEY_HERE"),
    ),
    L(
        PKI,
        "venafi_thumbprint",
        "$ vcert renew -u https://tpp.brightkite.dev -t $VCERT_TOKEN --thumbprint {v} --key-file api.key --cert-file api.crt",
        hexu(40),
    ),
    L(
        PKI,
        "ejbca_cmd_subst",
        '$ java -jar erce.jar enroll pkcs10 --authkeystore /opt/ejbca/p12/raadmin.p12 --authkeystorepass "{v}"'
        " --csr web03.csr --ca IssuingCA-G2",
        const("$(cat /run/secrets/raadmin_p12_pass)"),
    ),
    L(
        PKI,
        "keyfactor_var_ref",
        'provider "keyfactor" {\n  hostname = "kf.brightkite.dev"\n  username = var.keyfactor_username\n  password = {v}\n}',
        const("var.keyfactor_password"),
    ),
    L(
        PKI,
        "keyfactor_doc_placeholder",
        "-H 'Authorization: Basic {v}' -H 'x-keyfactor-requested-with: APIClient'",
        const("<base64 of DOMAIN\\username:password>"),
    ),
    L(
        PKI,
        "cfssl_env_ref",
        '  "auth_keys": {\n    "ca-auth": {\n      "type": "standard",\n      "key": "{v}"\n    }\n  },',
        const("env:CFSSL_AUTH_KEY"),
    ),
    L(
        PKI,
        "certbot_hook_env_passout",
        'openssl pkcs12 -export -in "$RENEWED_LINEAGE/fullchain.pem" -inkey "$RENEWED_LINEAGE/privkey.pem"'
        " -out /srv/iis/brightkite.pfx -passout {v}",
        const("env:PFX_EXPORT_PASSWORD"),
    ),
    # ---- look-alikes: identifiers and serials
    L(
        PKI,
        "zerossl_certificate_id",
        '$ curl -s "https://api.zerossl.com/certificates/{v}/download/return?access_key=$ZEROSSL_API_KEY" | jq -r \'."certificate.crt"\'',
        hexl(32),
    ),
    L(
        PKI,
        "google_eab_kid",
        '$ certbot register --server https://dv.acme-v02.api.pki.goog/directory --eab-kid {v} --eab-hmac-key "$GTS_EAB_HMAC_KEY" -m pki@brightkite.dev',
        hexl(32),
    ),
    L(
        PKI,
        "certbot_account_dir",
        "$ sudo ls /etc/letsencrypt/accounts/acme.sectigo.com/v2/OV/\n{v}\n"
        "$ sudo ls /etc/letsencrypt/accounts/acme.sectigo.com/v2/OV/{v}\nmeta.json  private_key.json  regr.json",
        hexl(32),
    ),
    L(
        PKI,
        "certbot_serial",
        "  Certificate Name: brightkite.dev\n    Serial Number: {v}\n    Key Type: ECDSA\n"
        "    Domains: brightkite.dev www.brightkite.dev\n    Expiry Date: 2024-09-01 07:12:44+00:00 (VALID: 89 days)",
        hexl(36),
    ),
    L(
        PKI,
        "cfssl_certinfo_serial",
        '$ cfssl certinfo -cert api.pem | jq \'{serial_number, not_after}\'\n{\n  "serial_number": "{v}",\n'
        '  "not_after": "2025-06-03T09:10:00Z"\n}',
        join(pick("123456789", 1), digits(37)),
    ),
]
