"""A hundred-and-seventy-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of EDI and B2B integration tooling: the X12 ISA envelope
(ISA01 to ISA04, a ten-character Security Information under qualifier 01 "Password", from
Stedi's X12 reference) and the EDIFACT UNB S005 recipient reference/password (up to 14
characters, qualifier 0025); OpenAS2 (`config.xml` `<certificates password=…>`,
`-Dorg.openas2.cert.Password=`) and phax as2-lib
(`AS2ClientSettings.setKeyStore (EKeyStoreType.PKCS12, file, password)`); Files.com AS2 partners
in Terraform (`http_auth_password`, `hex_public_certificate_serial`); Stedi (API keys sent as
`Authorization: Key …`, a seven-character id, a dot and a 24-character secret; `STEDI_API_KEY`
for the SDK and CLI); Orderful (the 32-hex token in the `orderful-api-key` header, the
`X-ActingOrgId` header, the MCP server's positional key); MuleSoft Anypoint (connected-app
client id 32 hex and mixed-case hex secret, `anypoint-cli-v4 conf`, the
`/accounts/api/v2/oauth2/token` exchange that returns a UUID bearer token, organisation and
environment UUIDs, the `mule.key` secure-properties key and `![…]` encrypted values); Boomi
(installer tokens `atom-`/`molecule-` plus a UUID, `-VinstallToken=`, Platform API Basic auth
as `BOOMI_TOKEN.<email>:<token>`, account ids like `company-A1B2C3`, container ids); Celigo integrator.io (32-hex bearer API tokens, masked `******` in
responses, 24-hex resource ids); SPS Commerce (OAuth client credentials at
`auth.spscommerce.com`, audience `api://api.spscommerce.com/`, JWT access tokens); SFTP/VAN
mailboxes (lftp, WinSCP, paramiko, host-key fingerprints, ed25519 public keys) and a
Cleo Harmony REST `/api/authentication` password grant. The Cleo and SPS shapes (Auth0-style
client id and secret lengths) and the Boomi Platform API token shape (taken as a UUID) are
written from the author's own knowledge: the search tool found no public page stating them.
Every value is generated; none is copied from a vendor's page or a scanner's fixtures.

First score, blind, before any rule changed for it (after the rules for 165 to 169):
20 of 25 secrets caught, 1 of 24 look-alikes altered (missed: an X12 ISA04 password, and under
`isa04_security_information`, an EDIFACT UNB password, phax as2-lib's `setKeyStore(type, file,
"<password>")`, an Orderful key (32 hex) as an MCP command's positional argument; altered: a
MuleSoft encrypted property `![<base64>]`).
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
    password,
    pick,
    upper_alnum,
    uuid,
)

EDI = "edi"

ED25519_HEAD = "AAAAC3NzaC1lZDI1NTE5AAAAI"


def raw_b64(n_bytes: int):
    """Standard base64 of n random bytes (with its padding), like a digest or a ciphertext."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n_bytes))).decode()

    return make


def mixed_hex(n: int):
    return pick("0123456789abcdefABCDEF", n)


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def boomi_basic(email: str):
    def make(rng: random.Random) -> str:
        return base64.b64encode(f"BOOMI_TOKEN.{email}:{uuid(rng)}".encode()).decode()

    return make


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def sps_jwt(rng: random.Random) -> str:
    """An RS256 access token as an OAuth client-credentials exchange returns it."""
    iat = 1717000000 + rng.randrange(20_000_000)
    header = {"alg": "RS256", "typ": "JWT", "kid": b64url(22)(rng)}
    payload = {
        "iss": "https://auth.spscommerce.com/",
        "sub": b62(32)(rng) + "@clients",
        "aud": "api://api.spscommerce.com/",
        "iat": iat,
        "exp": iat + 3600,
        "gty": "client-credentials",
    }
    return f"{_b64url_json(header)}.{_b64url_json(payload)}.{b64url(342)(rng)}"


stedi_key = join(b62(7), ".", b62(24))
edifact_upper = pick(string.ascii_uppercase + string.digits, 12)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 25, 1, 24, "the rules for 165 to 169")

TEMPLATES: list = [
    # ---- secrets: passwords inside EDI envelopes
    S(
        EDI,
        "x12_isa04_password",
        "$ head -c 106 outbound/850_000000417.edi\n"
        "ISA*00*          *01*{v}*ZZ*ACMEFOODS      *12*5551234567     *240611*0930*U*00401*000000417*0*P*>~",
        b62(10),
        note="ISA03 01 = Password, ISA04 fixed 10 characters",
    ),
    S(
        EDI,
        "x12_envelope_yaml",
        "# partners/wholesale-grocer.yml\nenvelope:\n  isa01_authorization_qualifier: '00'\n"
        "  isa03_security_qualifier: '01'\n  isa04_security_information: '{v}'\n  isa05_sender_qualifier: ZZ\n"
        "  isa06_sender_id: ACMEFOODS",
        upper_alnum(10),
    ),
    S(
        EDI,
        "edifact_unb_password",
        "UNA:+.? 'UNB+UNOA:2+ACMEFOODS:ZZ+EUROGROCER01:ZZ+240611:0930+00000000000417+{v}:AA'UNH+1+ORDERS:D:96A:UN'",
        edifact_upper,
        note="S005 recipient reference/password with qualifier",
    ),
    # ---- secrets: AS2 keystores and partner auth
    S(
        EDI,
        "openas2_certificates_password",
        '    <certificates classname="org.openas2.cert.PKCS12CertificateFactory"\n'
        '                  filename="%home%/as2_certs.p12"\n                  password="{v}"\n'
        '                  interval="300"/>',
        password(16),
    ),
    S(
        EDI,
        "openas2_sysprop",
        "$ java -Xmx756m -Dorg.openas2.cert.Password={v} -Dorg.apache.commons.logging.Log=org.openas2.logging.Log"
        " -cp 'lib/*' org.openas2.app.OpenAS2Server config/config.xml",
        b62(18),
    ),
    S(
        EDI,
        "as2lib_setkeystore",
        "    final AS2ClientSettings aSettings = new AS2ClientSettings ();\n"
        '    aSettings.setKeyStore (EKeyStoreType.PKCS12, new File ("certs/acmefoods-as2.p12"), "{v}");\n'
        '    aSettings.setSenderData ("ACMEFOODS_AS2", "edi@acmefoods.com", "acmefoods_signing");',
        b62(20),
    ),
    S(
        EDI,
        "files_com_as2_partner",
        'resource "files_as2_partner" "grocer" {\n  name               = "Wholesale Grocer AS2"\n'
        '  as2_station_id     = 3\n  http_auth_username = "acmefoods"\n  http_auth_password = "{v}"\n'
        '  public_certificate = file("certs/grocer-as2.pem")\n}',
        password(22),
    ),
    # ---- secrets: Stedi
    S(
        EDI,
        "stedi_key_header",
        "$ curl -s https://core.us.stedi.com/2023-08-01/partnerships \\\n  -H 'Authorization: Key {v}' | jq '.items[].partnershipId'",
        stedi_key,
    ),
    S(
        EDI,
        "stedi_sdk_client",
        'const bucketsClient = new BucketsClient({\n  region: "us",\n  apiKey: "{v}",\n});',
        stedi_key,
    ),
    # ---- secrets: Orderful
    S(
        EDI,
        "orderful_header",
        '$ curl -s "https://api.orderful.com/v3/transactions?limit=5" -H "orderful-api-key: {v}" '
        '-H "X-ActingOrgId: {org}" -H "Content-Type: application/json"',
        hexl(32),
        org=digits(4),
    ),
    S(
        EDI,
        "orderful_mcp_positional",
        "$ claude mcp add orderful npx orderful {v}\nAdded stdio MCP server orderful with command: npx orderful {v}",
        hexl(32),
    ),
    # ---- secrets: MuleSoft Anypoint
    S(
        EDI,
        "anypoint_conf_positional",
        "$ anypoint-cli-v4 conf client_id {cid}\n$ anypoint-cli-v4 conf client_secret {v}",
        mixed_hex(32),
        cid=hexl(32),
    ),
    S(
        EDI,
        "anypoint_token_exchange",
        "$ curl -s -X POST https://anypoint.mulesoft.com/accounts/api/v2/oauth2/token -H 'Content-Type: application/json' "
        '-d \'{"grant_type":"client_credentials","client_id":"{cid}","client_secret":"{v}"}\'',
        mixed_hex(32),
        cid=hexl(32),
    ),
    S(
        EDI,
        "anypoint_bearer_output",
        '{\n  "access_token": "{v}",\n  "token_type": "bearer",\n  "expires_in": 3600\n}',
        uuid,
        note="a connected app's bearer token is UUID-shaped",
    ),
    S(
        EDI,
        "mule_key_flag",
        "$ mvn clean deploy -DmuleDeploy -Denv=prod -Dmule.key={v} -DconnectedAppClientId=$ANYPOINT_CLIENT_ID",
        b62(16),
    ),
    # ---- secrets: Boomi
    S(
        EDI,
        "boomi_install_token_flag",
        "$ sudo ./molecule_install64.sh -q -console -VinstallToken={v} -VatomName=edi-prod-molecule"
        " -VlocalPath=/mnt/boomi/molecule -dir /opt/boomi",
        join("molecule-", uuid),
    ),
    S(
        EDI,
        "boomi_token_curl_user",
        '$ curl -s -u "BOOMI_TOKEN.jane.okafor@acmefoods.com:{v}" -H "Accept: application/json" '
        "https://api.boomi.com/api/rest/v1/{acct}/Atom/query -d '{}'",
        uuid,
        acct=join("acmefoods-", upper_alnum(6)),
    ),
    S(
        EDI,
        "boomi_basic_header",
        '    headers = {\n        "Authorization": "Basic {v}",\n        "Accept": "application/json",\n    }',
        boomi_basic("svc-deploy@acmefoods.com"),
    ),
    # ---- secrets: Celigo, SPS Commerce
    S(
        EDI,
        "celigo_bearer",
        '$ curl -s "https://api.integrator.io/v1/flows?integrationId={iid}" -H "Authorization: Bearer {v}"',
        hexl(32),
        iid=hexl(24),
    ),
    S(
        EDI,
        "sps_client_secret",
        "$ curl -s https://auth.spscommerce.com/oauth/token -d grant_type=client_credentials "
        "-d client_id={cid} -d client_secret={v} -d audience=api://api.spscommerce.com/",
        b64url(64),
        cid=b62(32),
    ),
    S(
        EDI,
        "sps_access_token",
        "> GET /transactions/v5/data/in/ HTTP/1.1\n> Host: api.spscommerce.com\n> Authorization: Bearer {v}",
        sps_jwt,
    ),
    # ---- secrets: SFTP / VAN mailboxes, Cleo
    S(
        EDI,
        "lftp_user_pass",
        '$ lftp -u ACMEEDI01,{v} sftp://edi-gw.tradelinkvan.com -e "mirror --Remove-source-files /out ./inbound; bye"',
        b62(14),
    ),
    S(
        EDI,
        "winscp_url",
        'open sftp://acmefoods:{v}@sftp.grocerhub-edi.com/ -hostkey="ssh-ed25519 255 {fp}"',
        b62(16),
        fp=b64(43),
    ),
    S(
        EDI,
        "paramiko_password",
        '    transport = paramiko.Transport(("sftp.lorenvan.net", 22))\n'
        '    transport.connect(username="ACMEEDI01", password="{v}")',
        password(15),
    ),
    S(
        EDI,
        "cleo_password_grant",
        "$ curl -sk -X POST https://harmony01.acme.internal:6080/api/authentication "
        "-H 'Content-Type: application/x-www-form-urlencoded' -d 'grant_type=password&username=administrator&password={v}'",
        b62(14),
    ),
    # ---- look-alikes: EDI envelope values that are not passwords
    L(
        EDI,
        "x12_isa_no_security",
        "ISA*00*          *00*          *ZZ*ACMEFOODS      *12*5551234567     *240611*0930*U*00401*{v}*0*P*>~",
        digits(9),
        note="ISA13 interchange control number; ISA03 00 means no security information",
    ),
    L(
        EDI,
        "edifact_control_reference",
        "UNB+UNOC:3+5412345000013:14+4012345000009:14+240611:0930+{v}'",
        digits(14),
    ),
    L(
        EDI,
        "isa04_placeholder",
        "  isa03_security_qualifier: '01'\n  isa04_security_information: '{v}'   # from the VAN welcome letter",
        const("<10-char-password>"),
    ),
    # ---- look-alikes: AS2 public material
    L(
        EDI,
        "as2_mdn_mic",
        "Disposition: automatic-action/MDN-sent-automatically; processed\nReceived-Content-MIC: {v}, sha-256",
        raw_b64(32),
    ),
    L(
        EDI,
        "as2_cert_fingerprint",
        "$ keytool -list -keystore as2_certs.p12 -storetype PKCS12 -storepass:env AS2_STOREPASS\n"
        "grocer_as2, Jun 11, 2024, trustedCertEntry,\nCertificate fingerprint (SHA-256): {v}",
        colon_hex(32),
    ),
    L(
        EDI,
        "files_com_cert_serial",
        '  "name": "Wholesale Grocer AS2",\n  "server_certificate": "require_match",\n'
        '  "hex_public_certificate_serial": "{v}",',
        colon_hex(8),
    ),
    L(
        EDI,
        "openas2_env_ref",
        'JAVA_OPTS="$JAVA_OPTS -Dorg.openas2.cert.Password={v}"',
        const("${AS2_CERT_PASSWORD}"),
    ),
    # ---- look-alikes: SFTP public keys and fingerprints
    L(
        EDI,
        "sftp_host_fingerprint",
        "ED25519 key fingerprint is {v}.\nThis key is not known by any other names.",
        join("SHA256:", b64(43)),
    ),
    L(
        EDI,
        "sftp_public_key",
        "$ cat ~/.ssh/van_edi.pub\n{v} acmefoods-edi@build01",
        join("ssh-ed25519 ", ED25519_HEAD, b64(43)),
    ),
    # ---- look-alikes: platform ids
    L(EDI, "anypoint_org_id", "$ anypoint-cli-v4 conf organization {v}", uuid),
    L(
        EDI,
        "anypoint_client_id",
        "ANYPOINT_CLIENT_ID={v}\nANYPOINT_CLIENT_SECRET=${{ secrets.ANYPOINT_CLIENT_SECRET }}",
        hexl(32),
    ),
    L(
        EDI,
        "anypoint_env_id",
        "ID                                    Name        Type\n{v}  Production  production",
        uuid,
    ),
    L(
        EDI,
        "mule_encrypted_property",
        "# src/main/resources/prod.yaml (encrypted with the secure-properties tool)\nvan:\n  sftp:\n"
        '    password: "{v}"',
        join("![", raw_b64(32), "]"),
    ),
    L(
        EDI,
        "gha_secret_ref",
        "      - run: mvn -B deploy -DmuleDeploy -Dmule.key={v}",
        const("${{ secrets.MULE_KEY }}"),
    ),
    L(
        EDI,
        "stedi_transaction_id",
        '  "transactionId": "{v}",\n  "direction": "OUTBOUND",\n  "mode": "production",',
        uuid,
    ),
    L(
        EDI,
        "stedi_env_placeholder",
        "# .env.example\nSTEDI_API_KEY={v}\nDESTINATION_WEBHOOK_URL=<YOUR_WEBHOOK_URL>",
        const("<YOUR_STEDI_API_KEY>"),
    ),
    L(
        EDI,
        "orderful_masked",
        "Organization Settings > API Credentials\nAPI Token   {v}   [Copy]",
        join("•" * 28, hexl(4)),
    ),
    L(
        EDI,
        "boomi_account_id",
        "BOOMI_ACCOUNT_ID={v}\nBOOMI_USERNAME=jane.okafor@acmefoods.com",
        join("acmefoods-", upper_alnum(6)),
    ),
    L(
        EDI,
        "boomi_container_id",
        "$ cat /opt/boomi/edi-prod-molecule/conf/container.properties\ncom.boomi.container.id={v}\n"
        "com.boomi.container.name=edi-prod-molecule",
        uuid,
    ),
    L(
        EDI,
        "installer_checksum",
        "$ sha256sum molecule_install64.sh\n{v}  molecule_install64.sh",
        hexl(64),
    ),
    L(
        EDI,
        "celigo_connection_id",
        '  "_connectionId": "{v}",\n  "type": "ftp",\n  "ftp": {\n    "hostURI": "sftp.lorenvan.net",',
        hexl(24),
    ),
    L(
        EDI,
        "celigo_masked_token",
        '$ celigo accesstokens get {tid}\n{\n  "name": "CI/CD Pipeline",\n  "token": "{v}",\n  "fullAccess": false,',
        const("******"),
        tid=hexl(24),
    ),
    L(
        EDI,
        "sps_client_id",
        "SPS_CLIENT_ID={v}\nSPS_CLIENT_SECRET=${SPS_CLIENT_SECRET}\nSPS_AUDIENCE=api://api.spscommerce.com/",
        b62(32),
    ),
    L(
        EDI,
        "vault_reference",
        "van:\n  host: mbx.lorenvan.net\n  username: ACMEEDI01\n  password: {v}",
        const("vault:secret/data/edi/van#password"),
    ),
]
