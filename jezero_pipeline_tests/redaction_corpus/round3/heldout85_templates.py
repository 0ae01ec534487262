"""An eighty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of device management (MDM) and endpoint security platforms: Jamf
Pro API clients (`/api/oauth/token` with a UUID client id and a 64-character client secret, the
JWT bearer tokens from `/api/v1/auth/token`, Classic API basic auth), Microsoft Intune through
Microsoft Graph app registrations (`…Q~…` client secrets in `Connect-MgGraph`, MSAL and
`az ad app credential reset` output, beside tenant ids, key ids and certificate thumbprints),
Kandji (UUID-shaped tenant bearer tokens, `KANDJI_TOKEN` for cartography, device and blueprint
UUIDs), Fleet and osquery (enroll secrets under `fleetctl package --enroll-secret`, `fleetctl get
enroll-secret`, orbit's `secret.txt`, `ENROLL_SECRET` with `--enroll_secret_env`, Fleet API tokens
in `~/.fleet/config`, GitOps `$FLEET_GLOBAL_ENROLL_SECRET` references), CrowdStrike Falcon
(FalconPy and PSFalcon client secrets beside 32-hex client ids, the CID with its checksum, agent
ids, sensor SHA-256 sums), SentinelOne (`Authorization: ApiToken …`, site and account ids),
Tanium (`session: token-…` headers and the API token response), SimpleMDM (the API key as the
basic-auth user of `curl -u key:`, the Ruby client), Mosyle (the `accessToken` of `/v2/login` and
the returned bearer JWT), Workspace ONE UEM (`aw-tenant-code` and basic-auth headers) and Addigy
(the Node client's clientSecret), in commands, config files, code and tool output, with the public
ids, references, placeholders and masked values the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 80 to 84):
26 of 27 secrets caught, 0 of 25 look-alikes altered (missed: a Workspace ONE tenant code, a base64
key, in its `aw-tenant-code` header).
"""

from __future__ import annotations

import base64
import random

from build import (
    B62,
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

EP = "endpoint"


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


# An Entra ID (Azure AD) app registration client secret: three characters, a digit, `Q~`, 34 more.
graph_secret = join(b62(3), digits(1), "Q~", pick(B62 + "_~.-", 34))

# HS256 JWTs as Jamf Pro and Mosyle hand them back.
jamf_jwt = join("eyJhbGciOiJIUzI1NiJ9.eyJ", b64url(196), ".", b64url(43))
mosyle_jwt = join("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJ", b64url(150), ".", b64url(43))

fleet_enroll = b64(32)
fleet_api_token = b64(86, "==")
falcon_secret = b62(40)
s1_token = b62(80)
tanium_token = join("token-", hexl(38))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 27, 0, 25, "the rules for 80 to 84")

TEMPLATES = [
    # ---- secrets: Jamf Pro
    S(
        EP,
        "jamf_client_secret_curl",
        '$ curl -s -X POST "https://lumenhall.jamfcloud.com/api/oauth/token" \\\n'
        '    --header "Content-Type: application/x-www-form-urlencoded" \\\n'
        '    --data-urlencode "grant_type=client_credentials" \\\n'
        '    --data-urlencode "client_id={cid}" \\\n'
        '    --data-urlencode "client_secret={v}"',
        b64url(64),
        cid=uuid,
    ),
    S(
        EP,
        "jamf_token_response",
        '$ curl -s -u "svc-inventory:$JAMF_PW" -X POST https://lumenhall.jamfcloud.com/api/v1/auth/token | jq .\n'
        '{\n  "token": "{v}",\n  "expires": "2024-09-18T14:37:02.118Z"\n}',
        jamf_jwt,
    ),
    S(
        EP,
        "jamf_classic_basic_auth",
        "$ curl -s -u 'jss-api-reader:{v}' -H 'Accept: application/xml' "
        "https://jss.lumenhall.net:8443/JSSResource/computergroups/id/42",
        password(18),
    ),
    # ---- secrets: Intune via Microsoft Graph app registrations
    S(
        EP,
        "graph_secret_pwsh",
        '$SecureSecret = ConvertTo-SecureString -String "{v}" -AsPlainText -Force\n'
        '$Cred = New-Object System.Management.Automation.PSCredential("{appid}", $SecureSecret)\n'
        'Connect-MgGraph -TenantId "{tid}" -ClientSecretCredential $Cred -NoWelcome',
        graph_secret,
        appid=uuid,
        tid=uuid,
    ),
    S(
        EP,
        "az_credential_reset_output",
        "$ az ad app credential reset --id {appid} --display-name intune-sync --years 1\n"
        'The output includes credentials that you must protect.\n{\n  "appId": "{appid}",\n'
        '  "password": "{v}",\n  "tenant": "{tid}"\n}',
        graph_secret,
        appid=uuid,
        tid=uuid,
    ),
    S(
        EP,
        "msal_client_credential",
        "app = msal.ConfidentialClientApplication(\n"
        '    "{appid}",\n'
        '    authority="https://login.microsoftonline.com/{tid}",\n'
        '    client_credential="{v}",\n)\n'
        'result = app.acquire_token_for_client(scopes=["https://graph.microsoft.com/.default"])',
        graph_secret,
        appid=uuid,
        tid=uuid,
    ),
    # ---- secrets: Kandji
    S(
        EP,
        "kandji_bearer_uuid",
        '$ curl -s "https://lumenhall.api.kandji.io/api/v1/devices?platform=Mac&limit=300" '
        '-H "Authorization: Bearer {v}" | jq length\n214',
        uuid,
    ),
    S(
        EP,
        "kandji_token_env",
        "$ KANDJI_TOKEN={v} cartography --neo4j-uri bolt://localhost:7687 "
        "--kandji-base-uri https://lumenhall.api.kandji.io --kandji-tenant-id lumenhall",
        uuid,
    ),
    # ---- secrets: Fleet and osquery
    S(
        EP,
        "fleetctl_package_enroll_secret",
        "$ fleetctl package --type=pkg --fleet-url=https://fleet.lumenhall.dev --enroll-secret={v}"
        " --fleet-desktop --enable-scripts",
        fleet_enroll,
    ),
    S(
        EP,
        "fleet_get_enroll_secret",
        "$ fleetctl get enroll-secret\n---\napiVersion: v1\nkind: enroll_secret\nspec:\n  secrets:\n"
        '  - created_at: "2024-06-03T09:12:44Z"\n    secret: {v}',
        fleet_enroll,
    ),
    S(EP, "orbit_secret_file", "$ sudo cat /opt/orbit/secret.txt\n{v}", fleet_enroll),
    S(
        EP,
        "osquery_docker_env",
        "$ docker run -d --name osq -e ENROLL_SECRET={v} -v /etc/osquery:/etc/osquery:ro osquery/osquery:5.12.1"
        " osqueryd --flagfile=/etc/osquery/osquery.flags --enroll_secret_env=ENROLL_SECRET",
        fleet_enroll,
    ),
    S(
        EP,
        "fleetctl_config_token",
        "$ fleetctl config set --address https://fleet.lumenhall.dev --token {v}\n"
        '[+] Set the address config key to "https://fleet.lumenhall.dev" in the "default" context',
        fleet_api_token,
    ),
    S(
        EP,
        "fleet_config_yaml",
        "$ cat ~/.fleet/config\ncontexts:\n  default:\n    address: https://fleet.lumenhall.dev\n"
        "    email: it-automation@lumenhall.dev\n    tls-skip-verify: false\n    token: {v}",
        fleet_api_token,
    ),
    # ---- secrets: CrowdStrike Falcon
    S(
        EP,
        "falconpy_client_secret",
        "from falconpy import Hosts\n\n"
        'falcon = Hosts(client_id="{cid}",\n               client_secret="{v}",\n               base_url="us2")',
        falcon_secret,
        cid=hexl(32),
    ),
    S(
        EP,
        "psfalcon_request_token",
        "PS C:\\> Request-FalconToken -ClientId {cid} -ClientSecret {v} -Cloud eu-1\n"
        "PS C:\\> Get-FalconHost -Filter \"platform_name:'Windows'\" -Limit 50",
        falcon_secret,
        cid=hexl(32),
    ),
    # ---- secrets: SentinelOne
    S(
        EP,
        "s1_apitoken_header",
        '$ curl -s -H "Authorization: ApiToken {v}" '
        '"https://usea1-lumenhall.sentinelone.net/web/api/v2.1/agents?siteIds={site}&limit=200&isActive=true"',
        s1_token,
        site=digits(18),
    ),
    S(
        EP,
        "s1_ini",
        "$ cat ~/.config/s1-export/config.ini\n[sentinelone]\nconsole_url = https://euce1-lumenhall.sentinelone.net\n"
        "api_token = {v}\naccount_ids = {acct}",
        s1_token,
        acct=digits(18),
    ),
    # ---- secrets: Tanium
    S(
        EP,
        "tanium_session_header",
        "$ curl -s -X POST 'https://lumenhall-api.cloud.tanium.com/api/v2/questions' "
        "--header 'Content-Type: application/json' --header 'session: {v}' "
        '--data-raw \'{"query_text": "Get Computer Name and Operating System from all machines"}\'',
        tanium_token,
    ),
    S(
        EP,
        "tanium_token_response",
        '$ curl -s -X POST https://tanium.lumenhall.net/api/v2/api_tokens -H "session: $TANIUM_SESSION" '
        '-d \'{"expire_in_days": 14, "notes": "servicenow sgc"}\' | jq -c .\n'
        '{"data":{"id":218,"token_string":"{v}","expiration":"2024-10-02T00:00:00Z",'
        '"trusted_ip_addresses":"10.20.0.0/16"}}',
        tanium_token,
    ),
    # ---- secrets: SimpleMDM
    S(
        EP,
        "simplemdm_curl_user",
        "$ curl -s 'https://a.simplemdm.com/api/v1/devices?limit=100' -u {v}: | jq -r '.data[].attributes.name'",
        b62(64),
    ),
    S(
        EP,
        "simplemdm_ruby",
        "require 'simplemdm'\n\nSimpleMDM.api_key = \"{v}\"\nSimpleMDM::Device.all.each { |d| puts d.name }",
        b62(64),
    ),
    # ---- secrets: Mosyle
    S(
        EP,
        "mosyle_login_access_token",
        'resp = requests.post(\n    "https://managerapi.mosyle.com/v2/login",\n'
        '    json={"accessToken": "{v}", "email": os.environ["MOSYLE_EMAIL"],'
        ' "password": os.environ["MOSYLE_PASSWORD"]},\n    timeout=30,\n)',
        hexl(64),
    ),
    S(
        EP,
        "mosyle_bearer_response",
        "< HTTP/2 200\n< content-type: application/json\n< authorization: Bearer {v}\n< x-ratelimit-remaining: 59",
        mosyle_jwt,
    ),
    # ---- secrets: Workspace ONE UEM
    S(
        EP,
        "ws1_tenant_code_header",
        '$ curl -s "https://as1831.awmdm.com/API/mdm/devices/search?pagesize=500" -H "aw-tenant-code: {v}" '
        '-H "Accept: application/json;version=2" -H "Authorization: Bearer $WS1_TOKEN"',
        b64(43, "="),
    ),
    S(
        EP,
        "ws1_basic_auth",
        'headers = {\n    "aw-tenant-code": os.environ["AW_TENANT_CODE"],\n    "Authorization": "Basic {v}",\n'
        '    "Accept": "application/json",\n}',
        basic_auth("svc-ws1-api", password(16)),
    ),
    # ---- secrets: Addigy
    S(
        EP,
        "addigy_client_secret",
        "const addigy = new Addigy({\n  clientId: '{cid}',\n  clientSecret: '{v}',\n"
        "  adminUsername: 'it@lumenhall.dev',\n  adminPassword: process.env.ADDIGY_ADMIN_PASSWORD,\n})",
        hexl(64),
        cid=hexl(32),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        EP,
        "jamf_client_id",
        '    --data-urlencode "client_id={v}" \\\n    --data-urlencode "client_secret=${JAMF_CLIENT_SECRET}"',
        uuid,
    ),
    L(
        EP,
        "jamf_token_claims",
        '$ jwt decode -j "$JAMF_TOKEN" | jq .payload\n{\n  "sub": "{sub}",\n  "token-uuid": "{v}",\n'
        '  "subject-type": "REGISTERED_CLIENT_ID",\n  "authentication-type": "CLIENT_CREDENTIALS",\n'
        '  "scope": ["api-role:7"]\n}',
        uuid,
        sub=uuid,
    ),
    L(
        EP,
        "hardware_uuid",
        "$ system_profiler SPHardwareDataType | grep -E 'Serial|UUID'\n"
        "      Serial Number (system): {serial}\n      Hardware UUID: {v}",
        upper_uuid,
        serial=upper_alnum(10),
    ),
    L(
        EP,
        "graph_cert_thumbprint",
        'Connect-MgGraph -ClientId "{appid}" -TenantId "{tid}" -CertificateThumbprint "{v}"',
        hexu(40),
        appid=uuid,
        tid=uuid,
    ),
    L(
        EP,
        "graph_managed_device_id",
        "GET https://graph.microsoft.com/v1.0/deviceManagement/managedDevices/{v}"
        "?$select=deviceName,complianceState,lastSyncDateTime",
        uuid,
    ),
    L(
        EP,
        "graph_credential_key_id",
        "$ az ad app credential list --id {appid} -o json\n[\n  {\n"
        '    "displayName": "intune-sync",\n    "endDateTime": "2025-09-18T10:02:11Z",\n'
        '    "hint": "{hint}",\n    "keyId": "{v}",\n    "secretText": null\n  }\n]',
        uuid,
        appid=uuid,
        hint=b62(3),
    ),
    L(
        EP,
        "kandji_device_id",
        '$ curl -s -H "Authorization: Bearer $KANDJI_API_TOKEN" '
        "https://lumenhall.api.kandji.io/api/v1/devices/{v}/details | jq .general.device_name",
        uuid,
    ),
    L(
        EP,
        "kandji_blueprint_id",
        '    "device_name": "LH-MBP-0417",\n    "blueprint_id": "{v}",\n    "blueprint_name": "Engineering Macs",',
        uuid,
    ),
    L(
        EP,
        "fleet_host_uuid",
        "$ fleetctl get hosts\n+--------------+--------------------------------------+----------+----------+\n"
        "|   HOSTNAME   |                 UUID                 | PLATFORM |  STATUS  |\n"
        "+--------------+--------------------------------------+----------+----------+\n"
        "| lh-mbp-0417  | {v} | darwin   | online   |",
        upper_uuid,
    ),
    L(
        EP,
        "falcon_cid_checksum",
        '$ sudo /opt/CrowdStrike/falconctl -s --cid={v} --tags="linux,prod"',
        join(hexu(32), "-", hexu(2)),
        note="the customer id with its checksum, set on every sensor",
    ),
    L(EP, "falcon_aid", '$ sudo /opt/CrowdStrike/falconctl -g --aid\naid="{v}".', hexl(32)),
    L(
        EP,
        "falcon_client_id",
        "    env:\n      FALCON_CLIENT_ID: {v}\n      FALCON_CLIENT_SECRET: ${{ secrets.FALCON_CLIENT_SECRET }}",
        hexl(32),
    ),
    L(
        EP,
        "falcon_sensor_sha256",
        '  {"name": "falcon-sensor-7.14.0-16703.el9.x86_64.rpm", "sha256": "{v}", "version": "7.14.16703"},',
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        EP,
        "fleet_gitops_env_ref",
        "org_settings:\n  secrets:\n    - secret: {v}\n  server_settings:\n    server_url: https://fleet.lumenhall.dev",
        const("$FLEET_GLOBAL_ENROLL_SECRET"),
    ),
    L(
        EP,
        "osquery_secret_path",
        "$ cat /etc/osquery/osquery.flags\n--tls_hostname=fleet.lumenhall.dev\n--enroll_secret_path={v}\n"
        "--tls_server_certs=/etc/osquery/fleet.pem\n--host_identifier=uuid",
        const("/etc/osquery/enroll_secret"),
    ),
    L(
        EP,
        "s1_site_id",
        '$ curl -s -H "Authorization: ApiToken $S1_API_TOKEN" '
        '"https://usea1-lumenhall.sentinelone.net/web/api/v2.1/agents?siteIds={v}&computerName__contains=LH-MBP"',
        digits(18),
    ),
    L(
        EP,
        "s1_masked_token",
        "Service user: svc-soar-export\nAPI token: {v}\nExpires: 2025-03-01",
        join("*" * 76, b62(4)),
    ),
    L(EP, "tanium_env_ref", '  --header "session: {v}" \\', const("$TANIUM_TOKEN")),
    L(
        EP,
        "tanium_placeholder",
        "# .env.example\nTANIUM_URL=https://<customer>-api.cloud.tanium.com\nTANIUM_API_TOKEN={v}",
        join("token-", const("x" * 38)),
    ),
    L(
        EP,
        "simplemdm_env_ref",
        "$ curl -s https://a.simplemdm.com/api/v1/account -u {v}:",
        const("${SIMPLEMDM_API_KEY}"),
    ),
    L(
        EP,
        "ios_udid",
        '      "name": "Warehouse iPad 12",\n      "serial_number": "{serial}",\n      "unique_identifier": "{v}",',
        join("0000", digits(4), "-00", hexu(14)),
        serial=upper_alnum(12),
    ),
    L(
        EP,
        "mosyle_gha_secret_ref",
        "      - run: python sync_mosyle.py\n        env:\n          MOSYLE_ACCESS_TOKEN: {v}",
        const("${{ secrets.MOSYLE_ACCESS_TOKEN }}"),
    ),
    L(
        EP,
        "ws1_postman_variable",
        "GET {{base_url}}/API/mdm/devices/search\naw-tenant-code: {v}\nAccept: application/json;version=2",
        const("{{aw_tenant_code}}"),
    ),
    L(
        EP,
        "apns_topic",
        "$ openssl x509 -in MDM_Lumenhall_Certificate.pem -noout -subject\n"
        "subject=UID = com.apple.mgmt.External.{v}, CN = APSP:{cn}, C = US",
        uuid,
        cn=uuid,
    ),
    L(
        EP,
        "addigy_policy_download",
        "    download_path: 'https://prod.addigy.com/download/addigy_agent/{org}/{v}',",
        uuid,
        org=uuid,
    ),
]
