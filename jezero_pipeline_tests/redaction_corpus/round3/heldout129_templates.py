"""A hundred-and-twenty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of software licence servers and licensing services: Keygen
(`admin-`/`prod-`/`activ-` API tokens ending `v3`, `Authorization: License` keys in six-character
hex groups, the validate-key action, account ids and the Ed25519 public key it calls public),
FlexNet Publisher and FlexNet Embedded (`SERVER host hostid port` lines, `flexnetlsadmin
-authorize admin password`), Reprise RLM (`RLMAUTH=user:password`, `rlmadduser options-file user
password`, `rlm -install_service -user -password`, `RLM_LICENSE=port@host`), MATLAB (the File
Installation Key in `installer_input.txt` and on the installer's command line, `MLM_LICENSE_FILE`,
`LicenseNo` comments), Unity (`-serial XY-XXXX-XXXX-XXXX-XXXX-XXXX`, `-password`, `UNITY_SERIAL`
for game-ci containers, a licence file's masked serial), JetBrains (offline activation codes of
licence id, base64 JSON, signature and certificate; the Account API's `X-Api-Key` beside its
public `X-Customer-Code`; `JETBRAINS_LICENSE_SERVER`), Cryptlex (Bearer access tokens for the web
API, LexActivator `SetLicenseKey` keys in six hex groups of six, `SetProductId` ids), LicenseSpring
(the floating server's `setKeys?sharedKey=`, the Python SDK `Configuration(shared_key=…)`,
hardware ids), Gumroad (`/v2/licenses/verify` keys in four groups of eight, `access_token`,
base64 product ids), Lemon Squeezy (UUID licence keys on `/v1/licenses/activate`, JWT API keys,
`key_short` masks and instance ids), Sentinel LDK (vendor codes in C sources, HASP ids), ANSYS
(`ANSYSLMD_LICENSE_FILE`) and Autodesk (`adskflex` SERVER host ids), in commands, config files,
code and tool output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 120 to 124):
17 of 25 secrets caught, 0 of 25 look-alikes altered (missed: a password after FlexNet's `-authorize
admin`, a password as `rlmadduser`'s positional argument, MATLAB's `-fileInstallationKey` of twelve
digit groups, a Unity serial after `-serial` and under `UNITY_SERIAL`, a JetBrains activation code
printed from its file, a Lemon Squeezy `license_key=<uuid>` form field, a Sentinel vendor code in a
C string).
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
    groups,
    hexl,
    hexu,
    join,
    password,
    upper_alnum,
    uuid,
)

LIC = "licensing"


def _b64u(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def keygen_token(prefix: str):
    """A Keygen API token: kind prefix, 64 hex characters, then the `v3` version suffix."""
    return join(prefix, hexl(64), "v3")


keygen_license_key = join(groups(hexu(6), 5), "-V3")
cryptlex_license_key = groups(hexu(6), 6)
gumroad_license_key = groups(hexu(8), 4)
unity_serial = join(upper_alnum(2), "-", groups(upper_alnum(4), 5))
matlab_fik = groups(digits(5), 12)
gumroad_id = join(b64url(22), "==")


def cryptlex_access_token(rng: random.Random) -> str:
    header = _b64u({"alg": "RS256", "typ": "JWT"})
    iat = 1_717_000_000 + rng.randrange(20_000_000)
    payload = _b64u(
        {
            "scope": ["license:read", "license:write", "activation:read"],
            "sub": uuid(rng),
            "tid": uuid(rng),
            "email": "release-bot@orbitfall.games",
            "iss": "https://cryptlex.com",
            "aud": "https://api.cryptlex.com",
            "iat": iat,
            "exp": iat + 31_536_000,
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def lemonsqueezy_api_key(rng: random.Random) -> str:
    header = _b64u({"typ": "JWT", "alg": "RS256"})
    iat = 1_717_000_000 + rng.randrange(20_000_000)
    payload = _b64u(
        {
            "aud": uuid(rng),
            "jti": hexl(80)(rng),
            "iat": iat,
            "nbf": iat,
            "exp": iat + 63_072_000,
            "sub": digits(6)(rng),
            "scopes": [],
        }
    )
    return f"{header}.{payload}.{b64url(683)(rng)}"


def jetbrains_activation_code(rng: random.Random) -> str:
    """Licence id, base64 licence JSON, base64 signature, base64 certificate, joined by dashes."""
    lid = upper_alnum(10)(rng)
    body = {
        "licenseId": lid,
        "licenseeName": "Orbitfall Games GmbH",
        "assigneeName": "Mira Lindqvist",
        "assigneeEmail": "",
        "licenseRestriction": "",
        "checkConcurrentUse": False,
        "products": [
            {"code": "II", "fallbackDate": "2025-03-31", "paidUpTo": "2026-03-31", "extended": False},
            {"code": "PCWMP", "fallbackDate": "2025-03-31", "paidUpTo": "2026-03-31", "extended": True},
        ],
        "metadata": "0120250331PSAN" + digits(6)(rng),
        "hash": digits(8)(rng) + "/0:" + digits(9)(rng),
        "gracePeriodDays": 7,
        "autoProlongated": False,
        "isAutoProlongated": False,
    }
    encoded = base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()
    return f"{lid}-{encoded}-{b64(342)(rng)}==-{join('MIIE', b64(1300))(rng)}"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (17, 25, 0, 25, "the rules for 120 to 124")

TEMPLATES: list = [
    # ---- secrets: Keygen tokens and licence keys
    S(
        LIC,
        "keygen_admin_token",
        "$ curl -s 'https://api.keygen.sh/v1/accounts/{acct}/licenses?limit=5' \\\n"
        "    -H 'Accept: application/vnd.api+json' \\\n"
        "    -H 'Authorization: Bearer {v}'",
        keygen_token("admin-"),
        acct=uuid,
    ),
    S(
        LIC,
        "keygen_product_token_env",
        "# .env.production (license service)\nKEYGEN_ACCOUNT_ID={acct}\nKEYGEN_PRODUCT_ID={prod}\n"
        "KEYGEN_PRODUCT_TOKEN={v}\nKEYGEN_POLICY_ID={pol}",
        keygen_token("prod-"),
        acct=uuid,
        prod=uuid,
        pol=uuid,
    ),
    S(
        LIC,
        "keygen_license_auth_header",
        "POST /v1/accounts/{acct}/machines HTTP/1.1\nHost: api.keygen.sh\n"
        "Content-Type: application/vnd.api+json\nAccept: application/vnd.api+json\nAuthorization: License {v}",
        keygen_license_key,
        acct=uuid,
    ),
    S(
        LIC,
        "keygen_validate_key_body",
        "$ curl -X POST https://api.keygen.sh/v1/accounts/{acct}/licenses/actions/validate-key \\\n"
        "    -H 'Content-Type: application/vnd.api+json' -H 'Accept: application/vnd.api+json' \\\n"
        '    -d \'{"meta": {"key": "{v}", "scope": {"fingerprint": "{fp}"}}}\'',
        keygen_license_key,
        acct=uuid,
        fp=hexl(64),
    ),
    S(
        LIC,
        "keygen_activation_token_output",
        '{\n  "data": {\n    "id": "{tid}",\n    "type": "tokens",\n    "attributes": {\n'
        '      "kind": "activation-token",\n      "token": "{v}",\n      "expiry": null,\n'
        '      "maxActivations": 3,\n      "activations": 0,',
        keygen_token("activ-"),
        tid=uuid,
    ),
    # ---- secrets: licence-server admin and client passwords
    S(
        LIC,
        "flexnetlsadmin_authorize",
        "$ ./flexnetlsadmin.sh -server http://lic-fne01.corp.example:7070/api/1.0/instances/~ "
        "-authorize admin '{v}' -licenses -verbose",
        password(14),
    ),
    S(
        LIC,
        "rlmauth_env",
        "$ export RLMAUTH=cibuild:{v}\n$ ./bin/solverctl --check-license --isv orbitsim",
        b62(10),
    ),
    S(
        LIC,
        "rlmadduser_positional",
        "$ rlmutil rlmadduser /opt/rlm/orbitsim.opt nightly {v}\nUser nightly added to /opt/rlm/orbitsim.opt",
        b62(9),
    ),
    S(
        LIC,
        "rlm_install_service_password",
        "C:\\rlm> rlm -install_service -service_name rlm-orbitsim -user CORP\\svc_rlm "
        '-password "{v}" -dlog +C:\\rlm\\rlm.log',
        password(12),
    ),
    # ---- secrets: MATLAB file installation keys
    S(
        LIC,
        "matlab_fik_input_file",
        "$ grep -v '^#' /tmp/matlab_installer_input.txt | sed '/^$/d'\n"
        "destinationFolder=/usr/local/MATLAB/R2024a\nfileInstallationKey={v}\nagreeToLicense=yes\n"
        "licensePath=/opt/mathworks/network.lic\nmode=silent",
        matlab_fik,
    ),
    S(
        LIC,
        "matlab_fik_flag",
        "$ sudo ./install -mode silent -agreeToLicense yes -destinationFolder /opt/MATLAB/R2023b "
        "-fileInstallationKey {v} -licensePath /srv/licenses/license.lic",
        matlab_fik,
    ),
    # ---- secrets: Unity serials and account passwords
    S(
        LIC,
        "unity_serial_flag",
        "$ /opt/unity/Editor/Unity -quit -batchmode -nographics -serial {v} "
        '-username "builds@orbitfall.games" -password "$UNITY_PASSWORD" -logFile -',
        unity_serial,
    ),
    S(
        LIC,
        "unity_password_flag",
        'PS> & "C:\\Program Files\\Unity\\Hub\\Editor\\2022.3.21f1\\Editor\\Unity.exe" -batchmode -quit '
        "-username ci@orbitfall.games -password '{v}' -serial $env:UNITY_SERIAL",
        password(15),
    ),
    S(
        LIC,
        "unity_serial_docker_env",
        "$ docker run --rm -e UNITY_EMAIL=ci@orbitfall.games -e UNITY_SERIAL={v} -e UNITY_PASSWORD "
        "-v $PWD:/project unityci/editor:ubuntu-2022.3.21f1-linux-il2cpp-3 /bin/bash -c ./ci/activate.sh",
        unity_serial,
    ),
    # ---- secrets: JetBrains
    S(
        LIC,
        "jetbrains_activation_code",
        "$ cat ~/Downloads/IntelliJ_IDEA_activation_code.txt\n{v}",
        jetbrains_activation_code,
    ),
    S(
        LIC,
        "jetbrains_account_api_key",
        '$ curl -s "https://account.jetbrains.com/api/v1/customer/licenses?productCode=II" '
        '-H "X-Customer-Code: {cc}" -H "X-Api-Key: {v}"',
        b62(40),
        cc=digits(7),
    ),
    # ---- secrets: Cryptlex
    S(
        LIC,
        "cryptlex_access_token",
        "$ curl 'https://api.cryptlex.com/v3/licenses?productId={pid}&limit=20' \\\n"
        '    -H "Authorization: Bearer {v}"',
        cryptlex_access_token,
        pid=uuid,
    ),
    S(
        LIC,
        "cryptlex_set_license_key",
        "            LexActivator.SetProductData(productData);\n"
        '            LexActivator.SetProductId("{pid}", LexActivator.PermissionFlags.LA_USER);\n'
        '            LexActivator.SetLicenseKey("{v}");\n'
        "            int status = LexActivator.ActivateLicense();",
        cryptlex_license_key,
        pid=uuid,
    ),
    # ---- secrets: LicenseSpring
    S(
        LIC,
        "licensespring_setkeys_url",
        "$ curl -X GET 'http://localhost:8080/api/v4/setKeys?sharedKey={v}' -H 'Accept: application/json'\n"
        '{"status":"ok"}',
        b64url(43),
    ),
    S(
        LIC,
        "licensespring_python_config",
        'conf = Configuration(product="{code}", api_key=os.environ["LS_API_KEY"],\n'
        '                     shared_key="{v}", file_key=key, file_iv=iv, is_guard_file_enabled=True)',
        b64url(43),
        code=const("orbitpro"),
    ),
    # ---- secrets: Gumroad
    S(
        LIC,
        "gumroad_license_verify",
        "$ curl https://api.gumroad.com/v2/licenses/verify \\\n"
        '    -d "product_id={pid}" \\\n    -d "license_key={v}" \\\n    -d "increment_uses_count=false"',
        gumroad_license_key,
        pid=gumroad_id,
    ),
    S(
        LIC,
        "gumroad_access_token",
        "$ curl -X PUT https://api.gumroad.com/v2/licenses/enable "
        '-d "access_token={v}" -d "product_id={pid}" -d "license_key=$LICENSE_KEY"',
        b64url(43),
        pid=gumroad_id,
    ),
    # ---- secrets: Lemon Squeezy
    S(
        LIC,
        "lemonsqueezy_license_activate",
        "$ curl -X POST https://api.lemonsqueezy.com/v1/licenses/activate \\\n"
        '    -H "Accept: application/json" \\\n    -d "license_key={v}" \\\n    -d "instance_name=build-agent-07"',
        uuid,
    ),
    S(
        LIC,
        "lemonsqueezy_api_key",
        'import { lemonSqueezySetup } from "@lemonsqueezy/lemonsqueezy.js";\n\n'
        'lemonSqueezySetup({\n  apiKey: "{v}",\n  onError: (error) => console.error(error),\n});',
        lemonsqueezy_api_key,
    ),
    # ---- secrets: Sentinel LDK
    S(
        LIC,
        "sentinel_vendor_code",
        "/* vendor code for batch {batch}, exported from Sentinel EMS */\n"
        'static const unsigned char vendor_code[] =\n    "{v}";',
        b64(704),
        batch=upper_alnum(5),
    ),
    # ---- look-alikes: Keygen public ids, public key, placeholders
    L(
        LIC,
        "keygen_account_id",
        "$ curl -s -X POST https://api.keygen.sh/v1/accounts/{v}/licenses/actions/validate-key "
        "-H 'Content-Type: application/vnd.api+json' "
        '-d "{\\"meta\\": {\\"key\\": \\"$LICENSE_KEY\\"}}" | jq .meta',
        uuid,
    ),
    L(
        LIC,
        "keygen_public_key",
        '// account Ed25519 verify key, used to check signed license files offline\nconst KEYGEN_PUBLIC_KEY = "{v}";',
        hexl(64),
    ),
    L(
        LIC,
        "keygen_license_id",
        '$ curl -s https://api.keygen.sh/v1/accounts/orbitfall/me -H "Authorization: License $LICENSE_KEY" '
        '| jq .data.id\n"{v}"',
        uuid,
    ),
    L(
        LIC,
        "keygen_token_placeholder",
        "KEYGEN_TOKEN={v}   # admin-, env- or prod- token; server-side only",
        const("admin-xxxx...xxxx"),
    ),
    # ---- look-alikes: licence-server host ids and port@host specs
    L(
        LIC,
        "flexlm_server_hostid",
        "$ head -3 /opt/flexlm/licenses/orbitsim.lic\nSERVER flexlic01.corp.example {v} 27000\n"
        "VENDOR orbitsimd port=27010\nUSE_SERVER",
        hexl(12),
    ),
    L(
        LIC,
        "autodesk_server_hostid",
        "SERVER adsk-lic01 {v}\nUSE_SERVER\nVENDOR adskflex port=2080",
        hexu(12),
    ),
    L(
        LIC,
        "mlm_license_file",
        "$ export MLM_LICENSE_FILE={v}\n$ matlab -batch 'ver'",
        const("27000@mlm-lic01.corp.example"),
    ),
    L(
        LIC,
        "rlm_license_env",
        "setenv RLM_LICENSE {v}",
        const("5053@rlm01.eng.example:/opt/orbitsim/licenses/orbitsim.lic"),
    ),
    L(
        LIC,
        "ansys_license_env",
        "ANSYSLMD_LICENSE_FILE={v}\nANSYSLI_SERVERS=2325@ansys-lic01.hpc.example",
        const("1055@ansys-lic01.hpc.example"),
    ),
    L(
        LIC,
        "flexnetlsadmin_env_ref",
        "$ flexnetlsadmin -server http://lic-fne01:7070/api/1.0/instances/~ -authorize admin {v} -features",
        const('"$FNLS_ADMIN_PASSWORD"'),
    ),
    # ---- look-alikes: MATLAB
    L(
        LIC,
        "matlab_fik_placeholder",
        "## SPECIFY FILE INSTALLATION KEY\nfileInstallationKey={v}",
        const("xxxxx-xxxxx-xxxxx-xxxxx"),
    ),
    L(
        LIC,
        "matlab_license_number",
        "# MATLAB license passcode file.\n# LicenseNo: {v}   HostID: {hid}\n"
        "SERVER mlm-lic01 {hid} 27000\nDAEMON MLM /usr/local/MATLAB/R2024a/etc/glnxa64/MLM",
        digits(8),
        hid=hexl(12),
    ),
    # ---- look-alikes: Unity
    L(
        LIC,
        "unity_serial_masked",
        '    <SerialHash Value="{hash}"/>\n    <SerialMasked Value="{v}"/>',
        join(upper_alnum(2), "-", upper_alnum(4), "-XXXX-XXXX-XXXX-XXXX"),
        hash=hexl(40),
    ),
    L(
        LIC,
        "unity_secret_ref",
        "      - uses: game-ci/unity-builder@v4\n        env:\n          UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n"
        "          UNITY_EMAIL: ${{ secrets.UNITY_EMAIL }}\n          UNITY_SERIAL: {v}",
        const("${{ secrets.UNITY_SERIAL }}"),
    ),
    # ---- look-alikes: JetBrains
    L(
        LIC,
        "jetbrains_customer_code",
        '$ curl -s https://account.jetbrains.com/api/v1/customer/licenses -H "X-Customer-Code: {v}" '
        '-H "X-Api-Key: $JBA_API_TOKEN"',
        digits(7),
    ),
    L(
        LIC,
        "jetbrains_license_server",
        "JETBRAINS_LICENSE_SERVER={v}",
        const("https://orbitfall.fls.jetbrains.com"),
    ),
    L(
        LIC,
        "jetbrains_license_id",
        "License ID: {v}\nLicensed to: Orbitfall Games GmbH\nSubscription is active until March 31, 2026.",
        upper_alnum(10),
    ),
    # ---- look-alikes: Cryptlex and LicenseSpring
    L(
        LIC,
        "cryptlex_product_id",
        'LexActivator.SetProductId("{v}", PermissionFlags.LA_USER)',
        uuid,
    ),
    L(
        LIC,
        "cryptlex_placeholder",
        'LexActivator.SetLicenseKey("{v}")  # replace with the key from the customer portal',
        const("XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX-XXXXXX"),
    ),
    L(
        LIC,
        "licensespring_hardware_id",
        ">>> license.get_device_info()\n{'hostname': 'build-agent-07', 'os_ver': 'Linux-6.8.0-x86_64',"
        " 'hardware_id': '{v}'}",
        hexl(64),
    ),
    # ---- look-alikes: Gumroad and Lemon Squeezy
    L(
        LIC,
        "gumroad_product_id",
        '  "purchase": {\n    "seller_id": "{seller}",\n    "product_id": "{v}",\n'
        '    "product_name": "Orbitfall Level Kit",\n    "permalink": "orbitkit",',
        gumroad_id,
        seller=gumroad_id,
    ),
    L(
        LIC,
        "lemonsqueezy_key_short",
        '      "status": "active",\n      "key_short": "{v}",\n      "activation_limit": 3,\n      "instances_count": 1,',
        join("XXXX-", hexl(12)),
    ),
    L(
        LIC,
        "lemonsqueezy_instance_id",
        '  "instance": {\n    "id": "{v}",\n    "name": "build-agent-07",\n'
        '    "created_at": "2024-09-02T10:14:51.000000Z"\n  },',
        uuid,
    ),
    L(
        LIC,
        "lemonsqueezy_env_ref",
        "lemonSqueezySetup({ apiKey: {v} });",
        const("process.env.LEMONSQUEEZY_API_KEY"),
    ),
    # ---- look-alikes: Sentinel
    L(
        LIC,
        "sentinel_hasp_id",
        '<?xml version="1.0" encoding="UTF-8" ?>\n<hasp_info>\n  <hasp>\n    <haspid>{v}</haspid>\n'
        "    <typename>Sentinel HL Max</typename>",
        digits(10),
    ),
]
