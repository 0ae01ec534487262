"""A hundred-and-eighty-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of contact-center and cloud-telephony platforms: Genesys Cloud
OAuth client credentials (a UUID client id beside a 43-character secret, the `gc` CLI's
`config.toml`, the CX-as-Code `GENESYSCLOUD_OAUTHCLIENT_*` variables and region, the platform
SDKs' `loginClientCredentialsGrant` / `get_client_credentials_token`, the `/oauth/token` answer
and the `POST /api/v2/oauth/clients` answer that carries `secret`), Five9's Web Services admin
API (a user name and password over HTTP Basic), NICE CXone access key id and access key secret
exchanged at `/auth/token`, Talkdesk client credentials at `<account>.talkdeskid.com/oauth/token`,
Aircall's `api_id:api_token` Basic authentication (`curl -u`, the base64 header, the Python
client), Dialpad API keys (bearer header or `apikey=` in the query, "send only the last 4
characters"), RingCentral's `.env` template (`RC_APP_CLIENT_ID`, `RC_APP_CLIENT_SECRET`,
`RC_USER_JWT`, a JWT credential) and its SDK, 8x8 CPaaS bearer API keys with sub-account ids,
Amazon Connect through the AWS CLI (instance ARNs, contact-flow ids, the credentials file and
`aws configure list`'s masked output), Zendesk Talk's `email/token:api_token`, Twilio Flex
(Account SID, auth token, API key SID and secret, TaskRouter workspace SIDs, `twilio-run`),
CloudTalk's access key ID and secret over Basic auth, and JustCall's `api_key:api_secret`
Authorization header, in commands, config files, code and tool output, with the public ids the
same documentation shows beside them.

The search tool's budget was spent after six queries (Genesys, Aircall, RingCentral, NICE
CXone, Dialpad, Talkdesk/CloudTalk/Zendesk Talk); the shapes for Five9, 8x8, Amazon Connect,
Twilio Flex, JustCall and the exact lengths of the Genesys, CXone, Talkdesk, Dialpad and
CloudTalk secrets were written from what the author knew of those vendors' documentation.

First score, blind, before any rule changed for it (after the rules for 180 to 184):
27 of 27 secrets caught, 2 of 24 look-alikes altered (altered: Twilio's account SID and an API key's
SID (which an earlier issue asked to redact on Twilio's lines); partly from memory, the search
budget spent after six look-ups).
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
    interleaved,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

CC = "contactcenter"


def basic_auth(user, token):
    """base64 of `user:token`, both makers (or literal strings)."""

    def make(rng: random.Random) -> str:
        u = user if isinstance(user, str) else user(rng)
        return base64.b64encode(f"{u}:{token(rng)}".encode()).decode()

    return make


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def rc_jwt(rng: random.Random) -> str:
    """A RingCentral-style JWT credential: RS256 header with a hex `kid`, a platform audience, a signature."""
    header = _b64url_json({"kid": hexl(32)(rng), "typ": "JWT", "alg": "RS256"})
    payload = _b64url_json(
        {
            "aud": "https://platform.ringcentral.com/restapi/oauth/token",
            "sub": digits(9)(rng),
            "iss": "https://platform.ringcentral.com",
            "exp": 3900000000 + rng.randrange(10**8),
            "iat": 1700000000 + rng.randrange(10**8),
            "jti": b64url(22)(rng),
        }
    )
    return f"{header}.{payload}.{b64url(342)(rng)}"


def masked(tail):
    return join("****************", tail)


aircall_id = hexl(32)
genesys_secret = b64url(43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (27, 27, 2, 24, "the rules for 180 to 184")

TEMPLATES = [
    # ---- secrets: Genesys Cloud
    S(
        CC,
        "genesys_gc_config",
        "$ cat ~/.gc/config.toml\n[default]\nenvironment = 'mypurecloud.ie'\nclient_id = '{cid}'\n"
        "client_secret = '{v}'\n\n[staging]\nenvironment = 'usw2.pure.cloud'",
        genesys_secret,
        cid=uuid,
    ),
    S(
        CC,
        "genesys_tf_env",
        "export GENESYSCLOUD_OAUTHCLIENT_ID={cid}\nexport GENESYSCLOUD_OAUTHCLIENT_SECRET={v}\n"
        "export GENESYSCLOUD_REGION=eu-west-1\nterraform plan -out genesys.tfplan",
        genesys_secret,
        cid=uuid,
    ),
    S(
        CC,
        "genesys_sdk_login",
        "    apiclient = PureCloudPlatformClientV2.api_client.ApiClient().get_client_credentials_token(\n"
        '        "{cid}", "{v}"\n    )',
        genesys_secret,
        cid=uuid,
    ),
    S(
        CC,
        "genesys_token_basic",
        "$ curl -s -X POST https://login.mypurecloud.de/oauth/token -H 'Content-Type: application/x-www-form-urlencoded'"
        " -H 'Authorization: Basic {v}' -d grant_type=client_credentials",
        basic_auth(uuid, genesys_secret),
    ),
    S(
        CC,
        "genesys_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":86399}',
        b64url(86),
    ),
    S(
        CC,
        "genesys_oauth_client_created",
        "$ gc oauth clients create --file wfm-export-client.json\n{\n"
        '  "id": "{cid}",\n  "name": "wfm-export",\n  "authorizedGrantType": "CLIENT-CREDENTIALS",\n'
        '  "secret": "{v}",\n  "state": "active"\n}',
        genesys_secret,
        cid=uuid,
    ),
    # ---- secrets: Five9
    S(
        CC,
        "five9_python_client",
        'client = Five9("svc-reporting@harborline.com", "{v}")\n'
        'report_id = client.configuration.runReport(folderName="Call Log Reports", reportName="Call Log")',
        password(14),
    ),
    S(
        CC,
        "five9_appconfig_xml",
        '  <appSettings>\n    <add key="Five9User" value="wsadmin@harborline.com" />\n'
        '    <add key="Five9Password" value="{v}" />\n  </appSettings>',
        password(16),
    ),
    # ---- secrets: NICE CXone
    S(
        CC,
        "cxone_auth_token_form",
        "$ curl -s https://cxone.niceincontact.com/auth/token -d grant_type=password"
        ' -d username={akid} -d password={v} -u "$CXONE_CLIENT_ID:$CXONE_CLIENT_SECRET"',
        b62(56),
        akid=upper_alnum(52),
    ),
    S(
        CC,
        "cxone_yaml",
        "cxone:\n  region: na1\n  business_unit: {bu}\n  access_key_id: {akid}\n  access_key_secret: {v}",
        b62(56),
        bu=digits(7),
        akid=upper_alnum(52),
    ),
    # ---- secrets: Talkdesk
    S(
        CC,
        "talkdesk_token_curl",
        "$ curl -X POST https://harborline.talkdeskid.com/oauth/token -u '{cid}:{v}'"
        " -d 'grant_type=client_credentials&scope=reports:read'",
        b64url(52),
        cid=hexl(32),
    ),
    S(
        CC,
        "talkdesk_docker_env",
        "$ docker run --rm -e TALKDESK_ACCOUNT=harborline -e TALKDESK_CLIENT_ID={cid}"
        " -e TALKDESK_CLIENT_SECRET={v} ghcr.io/harborline/td-sync:1.4.0",
        b64url(52),
        cid=hexl(32),
    ),
    # ---- secrets: Aircall
    S(
        CC,
        "aircall_curl_user",
        "$ curl -X GET 'https://api.aircall.io/v1/calls/search?per_page=20&order=desc' -u '{aid}:{v}'",
        hexl(32),
        aid=aircall_id,
    ),
    S(
        CC,
        "aircall_python_client",
        'client = AircallClient(api_id=os.environ["AIRCALL_API_ID"], api_token="{v}", timeout=30)',
        hexl(32),
    ),
    S(
        CC,
        "aircall_basic_header",
        "> GET /v1/users HTTP/1.1\n> Host: api.aircall.io\n> Authorization: Basic {v}\n> Accept: */*",
        basic_auth(aircall_id, hexl(32)),
    ),
    # ---- secrets: Dialpad
    S(
        CC,
        "dialpad_query_apikey",
        "[tool] http_get https://dialpad.com/api/v2/users?limit=50&apikey={v} -> 200 OK (50 items)",
        b62(60),
    ),
    S(
        CC,
        "dialpad_python_client",
        "from dialpad import DialpadClient\n\ndp_client = DialpadClient(sandbox=False, token='{v}')",
        b62(60),
    ),
    # ---- secrets: RingCentral
    S(
        CC,
        "ringcentral_env_jwt",
        "RC_SERVER_URL='https://platform.ringcentral.com'\nRC_APP_CLIENT_ID='{cid}'\nRC_USER_JWT='{v}'",
        rc_jwt,
        cid=b62(22),
    ),
    S(
        CC,
        "ringcentral_sdk_secret",
        "rcsdk = SDK('{cid}', '{v}', 'https://platform.devtest.ringcentral.com')\nplatform = rcsdk.platform()",
        b62(44),
        cid=b62(22),
    ),
    # ---- secrets: 8x8
    S(
        CC,
        "eightxeight_bearer",
        "$ curl -X POST https://sms.8x8.com/api/v1/subaccounts/harborline_hq/messages"
        ' -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        ' -d \'{"destination": "+447700900123", "text": "Your callback is booked"}\'',
        b62(43),
    ),
    # ---- secrets: Amazon Connect
    S(
        CC,
        "aws_connect_credentials",
        "$ cat ~/.aws/credentials\n[connect-admin]\naws_access_key_id = AKIA{kid}\naws_secret_access_key = {v}\n"
        "region = eu-west-2",
        b64(40),
        kid=upper_alnum(16),
    ),
    # ---- secrets: Zendesk Talk
    S(
        CC,
        "zendesk_talk_token",
        "$ curl https://harborline.zendesk.com/api/v2/channels/voice/stats/current_queue_activity.json"
        " -u ops-bot@harborline.com/token:{v}",
        b62(40),
    ),
    # ---- secrets: Twilio Flex
    S(
        CC,
        "twilio_client_auth_token",
        'client = Client("AC{sid}", "{v}")\n'
        'tasks = client.taskrouter.v1.workspaces("WS{ws}").tasks.list(assignment_status="pending")',
        hexl(32),
        sid=hexl(32),
        ws=hexl(32),
    ),
    S(
        CC,
        "twilio_run_password",
        "$ npx twilio-run deploy --service-name flex-dialpad-addon --username SK{sk} --password {v} --production",
        b62(32),
        sk=hexl(32),
    ),
    S(
        CC,
        "twilio_key_create_output",
        "$ twilio api:core:keys:create --friendly-name flex-plugin-ci\n"
        "SID                                 Friendly Name   Date Created                   Secret\n"
        "SK{sk}  flex-plugin-ci  Mar 04 2025 09:12:44 GMT+0000  {v}",
        b62(32),
        sk=hexl(32),
    ),
    # ---- secrets: CloudTalk
    S(
        CC,
        "cloudtalk_basic",
        "$ curl -u '{kid}:{v}' 'https://my.cloudtalk.io/api/calls/index.json?limit=100'",
        b62(40),
        kid=upper_alnum(20),
    ),
    # ---- secrets: JustCall
    S(
        CC,
        "justcall_auth_header",
        "$ curl -s https://api.justcall.io/v2.1/calls -H 'Accept: application/json' -H 'Authorization: {v}'",
        join(hexl(40), ":", hexl(40)),
    ),
    # ---- look-alikes: public ids
    L(
        CC,
        "genesys_client_id",
        "export GENESYSCLOUD_OAUTHCLIENT_ID={v}\nexport GENESYSCLOUD_REGION=ap-southeast-2",
        uuid,
    ),
    L(
        CC,
        "genesys_org_id",
        '$ gc organizations me get\n{\n  "id": "{v}",\n  "name": "Harborline Logistics",\n'
        '  "defaultSiteId": "{site}",\n  "thirdPartyOrgName": "harborline"\n}',
        uuid,
        site=uuid,
    ),
    L(
        CC,
        "cxone_business_unit",
        "[cxone] authenticated as svc-wfm, business unit {v}, cluster c59 (na1)",
        digits(7),
    ),
    L(
        CC,
        "talkdesk_account_id",
        '{\n  "account_id": "{v}",\n  "account_name": "harborline",\n  "region": "td-us-1"\n}',
        hexl(24),
    ),
    L(CC, "aircall_api_id", "AIRCALL_API_ID={v}\nAIRCALL_API_TOKEN=${AIRCALL_API_TOKEN:?missing}", aircall_id),
    L(
        CC,
        "dialpad_user_id",
        '$ curl -s -H "Authorization: Bearer $DIALPAD_API_KEY" https://dialpad.com/api/v2/users/{v} | jq .state',
        digits(16),
    ),
    L(
        CC,
        "ringcentral_client_id",
        "RC_APP_CLIENT_ID={v}\nRC_APP_CLIENT_SECRET=\nRC_SERVER_URL=https://platform.ringcentral.com",
        b62(22),
    ),
    L(
        CC,
        "ringcentral_jwt_kid",
        '$ echo "$RC_USER_JWT" | cut -d. -f1 | base64 -d\n{"kid":"{v}","typ":"JWT","alg":"RS256"}',
        hexl(32),
    ),
    L(
        CC,
        "connect_instance_arn",
        '$ aws connect describe-instance --instance-id {iid} --query Instance.Arn\n"{v}"',
        join("arn:aws:connect:eu-west-2:", digits(12), ":instance/", uuid),
        iid=uuid,
    ),
    L(
        CC,
        "connect_contact_flow_id",
        "$ aws connect start-outbound-voice-contact --instance-id {iid} --contact-flow-id {v}"
        " --destination-phone-number +447700900456 --source-phone-number +442079460321",
        uuid,
        iid=uuid,
    ),
    L(
        CC,
        "twilio_account_sid",
        "TWILIO_ACCOUNT_SID={v}\nTWILIO_AUTH_TOKEN=${{ secrets.TWILIO_AUTH_TOKEN }}",
        join("AC", hexl(32)),
    ),
    L(
        CC,
        "twilio_workspace_sid",
        "$ twilio flex:plugins:describe:release --active\nFlex Account: harborline-prod\nTaskRouter Workspace SID: {v}",
        join("WS", hexl(32)),
    ),
    L(
        CC,
        "twilio_api_key_sid",
        "$ twilio api:core:keys:list\nSID                                 Friendly Name   Date Created\n"
        "{v}  flex-plugin-ci  Mar 04 2025 09:12:44 GMT+0000",
        join("SK", hexl(32)),
    ),
    L(
        CC,
        "eightxeight_subaccount",
        '  "subAccountId": "{v}",\n  "status": "Active",\n  "country": "GB"',
        join("harborline_", lower_alnum(6)),
    ),
    # ---- look-alikes: hashes and store references
    L(
        CC,
        "checksum",
        "$ sha256sum gc_linux_amd64.tar.gz\n{v}  gc_linux_amd64.tar.gz",
        hexl(64),
    ),
    L(
        CC,
        "secret_store_arn",
        "GENESYS_CLIENT_SECRET_ARN={v}",
        join("arn:aws:secretsmanager:us-east-1:", digits(12), ":secret:genesys/prod/oauth-client-", b62(6)),
    ),
    L(
        CC,
        "terraform_var_ref",
        'provider "genesyscloud" {\n  oauthclient_id     = var.genesys_client_id\n'
        '  oauthclient_secret = {v}\n  aws_region         = "eu-central-1"\n}',
        const("var.genesys_client_secret"),
    ),
    L(
        CC,
        "gha_secret_ref",
        "        env:\n          ZENDESK_API_TOKEN: {v}\n          ZENDESK_EMAIL: ops-bot@harborline.com",
        const("${{ secrets.ZENDESK_API_TOKEN }}"),
    ),
    # ---- look-alikes: masks and placeholders
    L(
        CC,
        "aws_configure_masked",
        "$ aws configure list --profile connect-admin\n      Name                    Value             Type    Location\n"
        "access_key     {v} shared-credentials-file",
        masked(upper_alnum(4)),
    ),
    L(
        CC,
        "dialpad_last4",
        "Ticket #48213: API calls return 401 since Monday; the key in question ends in {v} (created by admin@harborline.com).",
        join("...", b62(4)),
    ),
    L(
        CC,
        "genesys_secret_masked",
        '  "name": "wfm-export",\n  "authorizedGrantType": "CLIENT-CREDENTIALS",\n  "secret": "{v}",',
        const("****************************"),
    ),
    L(
        CC,
        "five9_placeholder",
        'client = Five9("<five9-username>", "{v}")  # fill in from the vault, never commit',
        const("<five9-password>"),
    ),
    L(
        CC,
        "justcall_placeholder",
        "curl https://api.justcall.io/v2.1/calls -H 'Authorization: {v}'",
        const("YOUR_API_KEY:YOUR_API_SECRET"),
    ),
    L(
        CC,
        "cloudtalk_env_example",
        "# .env.example\nCLOUDTALK_KEY_ID=\nCLOUDTALK_KEY_SECRET={v}",
        interleaved(40),
    ),
]
