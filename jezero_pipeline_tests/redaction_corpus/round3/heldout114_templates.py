"""A hundred-and-fourteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of ERP and accounting systems' APIs: NetSuite token-based
authentication (64-hex consumer key/secret and token id/secret, `suitecloud account:savetoken`,
`account:setup:ci` with a certificate id, SUITECLOUD_CI_PASSKEY, the OAuth 1.0 realm and nonce),
SAP BTP (an XSUAA service key's `uuid$…=` clientsecret beside its `sb-…!b…|…` clientid and
verification public key; S/4HANA Cloud communication users with a 20-plus-character password and
a destination export), Odoo API keys over XML-RPC and the JSON-2 bearer header (40 hex, the same
shape as a commit of odoo/odoo), Dynamics 365 Business Central (Entra client secrets `…Q~…` in
BcContainerHelper, on-premises web service access keys, client/company/key ids from `az`), Sage
Intacct sender and user credentials (XML control block, the SDK's credentials.ini, a Postman
variable), Acumatica connected applications (`GUID@Tenant` client ids), Epicor Kinetic REST v2
(`x-api-key`, TokenResource bearer tokens), Infor ION `.ionapi` files (ci, cs, saak, sask),
FreshBooks (bearer tokens, 64-hex client ids, business UUIDs), Zoho Books (`1000.`
client ids, 42-hex client secrets, `1000.<hex>.<hex>` refresh and access tokens, organization
ids), MYOB (`x-myobapi-cftoken` base64 of user:password, company file URIs), Exact Online
(braced client ids, short client secrets, `stampNL001.` refresh tokens) and QuickBooks Online
(intuit-oauth clients, realm ids), in commands, config files, code and tool output, with the
public ids, references, placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 105 to 109):
23 of 26 secrets caught, 1 of 25 look-alikes altered (missed: a quoted password after curl's `-u
USER:`, an Odoo key as `execute_kw`'s third argument, an Infor `.ionapi` file's `cs`; altered: a
NetSuite `--certificateid`).
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
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

ERP = "erp"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def braced_uuid(rng: random.Random) -> str:
    return "{" + uuid(rng) + "}"


def jwt(rng: random.Random) -> str:
    """A three-part RS256 bearer token: a fixed header, a random claims part and a 256-byte signature."""
    return join("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ", b64url(214), ".", b64url(342))(rng)


entra_secret = join(b62(3), digits(1), "Q~", pick(B62 + "_.-~", 34))
zoho_token = join("1000.", hexl(32), ".", hexl(32))
sap_password = join(password(21), "!", b62(3))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 26, 1, 25, "the rules for 105 to 109")

TEMPLATES = [
    # ---- secrets: NetSuite token-based authentication and SuiteCloud CI
    S(
        ERP,
        "netsuite_savetoken",
        "$ suitecloud account:savetoken --account 4812077_SB1 --authid ns-sb1-deploy --tokenid {tid} --tokensecret {v}",
        hexl(64),
        tid=hexl(64),
    ),
    S(
        ERP,
        "netsuite_env_consumer_secret",
        "$ cat .env.netsuite\nNS_ACCOUNT_ID=4812077\nNS_CONSUMER_KEY={ck}\nNS_CONSUMER_SECRET={v}\nNS_RESTLET_SCRIPT=customscript_bk_sync",
        hexl(64),
        ck=hexl(64),
    ),
    S(
        ERP,
        "netsuite_oauth1_session",
        "auth = OAuth1(\n    client_key=os.environ['NS_CONSUMER_KEY'],\n    client_secret=os.environ['NS_CONSUMER_SECRET'],\n"
        "    resource_owner_key=os.environ['NS_TOKEN_ID'],\n    resource_owner_secret='{v}',\n"
        "    realm='4812077_SB1',\n    signature_method='HMAC-SHA256',\n)",
        hexl(64),
    ),
    S(
        ERP,
        "suitecloud_ci_passkey",
        "$ SUITECLOUD_CI=1 SUITECLOUD_CI_PASSKEY={v} npx suitecloud project:deploy --validate",
        b62(48),
    ),
    # ---- secrets: SAP BTP service keys and S/4HANA Cloud communication users
    S(
        ERP,
        "sap_xsuaa_clientsecret",
        "$ cf service-key s4-ext-xsuaa ci-key\nGetting key ci-key for service instance s4-ext-xsuaa as deploy@brightkite.dev...\n\n{\n"
        '  "credentials": {\n    "clientid": "sb-s4-ext!t{n1}",\n    "clientsecret": "{v}",\n'
        '    "credential-type": "binding-secret",\n    "uaadomain": "authentication.eu10.hana.ondemand.com",',
        join(uuid, "$", b64url(43), "="),
        n1=digits(5),
    ),
    S(
        ERP,
        "s4hana_comm_user_curl",
        "$ curl -s -u ZZ_BP_INBOUND:'{v}' -H 'Accept: application/json'"
        " 'https://my407311-api.s4hana.cloud.sap/sap/opu/odata/sap/API_BUSINESS_PARTNER/A_BusinessPartner?$top=3'",
        sap_password,
    ),
    S(
        ERP,
        "btp_destination_export",
        "$ cat destinations/S4HC_BP\nName=S4HC_BP\nType=HTTP\nURL=https\\://my407311-api.s4hana.cloud.sap\n"
        "Authentication=BasicAuthentication\nProxyType=Internet\nUser=ZZ_BP_INBOUND\nPassword={v}",
        sap_password,
    ),
    # ---- secrets: Odoo API keys
    S(
        ERP,
        "odoo_execute_kw",
        ">>> models.execute_kw('brightkite-prod', 7, '{v}', 'res.partner', 'search_read',"
        " [[['is_company', '=', True]]], {'fields': ['name', 'vat'], 'limit': 5})",
        hexl(40),
    ),
    S(
        ERP,
        "odoo_json2_bearer",
        '$ curl -s https://brightkite.odoo.com/json/2/account.move/search_read -H "Authorization: bearer {v}"'
        ' -H "X-Odoo-Database: brightkite-prod" -H "Content-Type: application/json" -d \'{"domain": [], "limit": 3}\'',
        hexl(40),
    ),
    # ---- secrets: Dynamics 365 Business Central
    S(
        ERP,
        "bc_container_helper_secret",
        'PS> $authContext = New-BcAuthContext -clientID "{cid}" -clientSecret "{v}" -tenantID "{tid}"'
        ' -scopes "https://api.businesscentral.dynamics.com/.default"',
        entra_secret,
        cid=uuid,
        tid=uuid,
    ),
    S(
        ERP,
        "bc_ws_access_key",
        "$ curl --user 'INTEGRATION:{v}'"
        " \"http://bc-onprem:7048/BC/ODataV4/Company('CRONUS%20USA%2C%20Inc.')/Customer?\\$top=2\"",
        b64(43, "="),
    ),
    # ---- secrets: Sage Intacct
    S(
        ERP,
        "intacct_sender_password",
        "  <control>\n    <senderid>brightkite_mp</senderid>\n    <password>{v}</password>\n"
        "    <controlid>{cid}</controlid>\n    <uniqueid>false</uniqueid>\n    <dtdversion>3.0</dtdversion>\n  </control>",
        password(14),
        cid=uuid,
    ),
    S(
        ERP,
        "intacct_credentials_ini",
        "$ cat ~/.intacct/credentials.ini\n[default]\nsender_id = brightkite_mp\nsender_password = {sp}\n\n"
        "[sandbox]\ncompany_id = Brightkite-sandbox\nuser_id = xml_gateway\nuser_password = {v}",
        password(16),
        sp=password(14),
    ),
    # ---- secrets: Acumatica and Epicor
    S(
        ERP,
        "acumatica_token_request",
        "$ curl -s -X POST https://brightkite.acumatica.com/identity/connect/token"
        ' -d "grant_type=password&client_id={cid}@Brightkite&client_secret={v}'
        '&username=api.sync&password=$ACU_PASSWORD&scope=api"',
        b64url(22),
        cid=upper_uuid,
    ),
    S(
        ERP,
        "epicor_x_api_key",
        '$ curl -s -H "x-api-key: {v}" -u "integration:$EPICOR_PASSWORD"'
        ' "https://centralusdtapp01.epicorsaas.com/SaaS512/api/v2/odata/EPIC06/Erp.BO.CustomerSvc/Customers?\\$top=5"',
        b62(64),
    ),
    S(
        ERP,
        "epicor_token_response",
        "$ curl -s -X POST https://erp.brightkite.local/KineticLive/TokenResource.svc/ -H 'Content-Type: application/json'"
        ' -u "integration:$EPICOR_PASSWORD"\n{"AccessToken":"{v}","ExpiresIn":3600,"TokenType":"Bearer"}',
        jwt,
    ),
    # ---- secrets: Infor ION API
    S(
        ERP,
        "infor_ionapi_cs",
        '$ cat BRIGHTKITE_TST.ionapi\n{\n  "ti": "BRIGHTKITE_TST",\n  "cn": "ledger-export",\n'
        '  "ci": "BRIGHTKITE_TST~{ci}",\n  "cs": "{v}",\n  "iu": "https://mingle-ionapi.eu1.inforcloudsuite.com",',
        b64url(86),
        ci=b64url(43),
    ),
    S(
        ERP,
        "infor_ionapi_sask",
        '  "saak": "BRIGHTKITE_TST#{saak}",\n  "sask": "{v}"\n}',
        b64url(86),
        saak=b64url(86),
    ),
    # ---- secrets: FreshBooks
    S(
        ERP,
        "freshbooks_access_token",
        'freshBooksClient = Client(client_id=os.environ["FB_CLIENT_ID"], access_token="{v}")\n'
        "identity = freshBooksClient.current_user()",
        jwt,
    ),
    # ---- secrets: Zoho Books
    S(
        ERP,
        "zoho_refresh_token",
        '$ curl -s -X POST "https://accounts.zoho.eu/oauth/v2/token?refresh_token={v}'
        '&client_id=1000.{cid}&client_secret=$ZOHO_CLIENT_SECRET&grant_type=refresh_token"',
        zoho_token,
        cid=upper_alnum(30),
    ),
    S(
        ERP,
        "zoho_oauthtoken_header",
        "$ curl -s 'https://www.zohoapis.eu/books/v3/invoices?organization_id={org}'"
        " -H 'Authorization: Zoho-oauthtoken {v}'",
        zoho_token,
        org=digits(9),
    ),
    S(
        ERP,
        "zoho_client_secret_yaml",
        "zoho_books:\n  region: eu\n  client_id: 1000.{cid}\n  client_secret: {v}\n  organization_id: '{org}'",
        hexl(42),
        cid=upper_alnum(30),
        org=digits(9),
    ),
    # ---- secrets: MYOB, Exact Online, QuickBooks Online
    S(
        ERP,
        "myob_cftoken",
        "$ curl -s 'https://arl2.api.myob.com/accountright/{cf}/Contact/Customer' -H \"x-myobapi-key: $MYOB_API_KEY\""
        " -H 'x-myobapi-version: v2' -H 'x-myobapi-cftoken: {v}' -H \"Authorization: Bearer $MYOB_TOKEN\"",
        basic_auth("Administrator", password(12)),
        cf=uuid,
    ),
    S(
        ERP,
        "exact_client_secret",
        "$connection = new \\Picqer\\Financials\\Exact\\Connection();\n$connection->setExactClientId('{cid}');\n"
        "$connection->setExactClientSecret('{v}');\n$connection->setRedirectUrl('https://erp-sync.brightkite.dev/exact/callback');",
        b62(12),
        cid=braced_uuid,
    ),
    S(
        ERP,
        "exact_refresh_token",
        "$ cat storage/exact_tokens.json\n"
        '{"access_token": "stampNL001.{at}", "token_type": "bearer", "expires_in": "600", "refresh_token": "{v}"}',
        join("stampNL001.", b62(4), "!IAAAA", b64url(178)),
        at=join("gAAAAA", b64url(220)),
    ),
    S(
        ERP,
        "quickbooks_client_secret",
        "auth_client = AuthClient(\n    client_id='AB{cid}',\n    client_secret='{v}',\n"
        "    environment='sandbox',\n    redirect_uri='https://developer.intuit.com/v2/OAuth2Playground/RedirectUrl',\n)",
        b62(40),
        cid=b62(48),
    ),
    # ---- look-alikes: account, tenant and client identifiers
    L(
        ERP,
        "netsuite_realm",
        'ns_config = {\n    "account_id": "4812077-sb1",\n    "realm": "{v}",\n'
        '    "consumer_key": os.environ["NS_CONSUMER_KEY"],\n}',
        join(digits(7), "_SB1"),
    ),
    L(
        ERP,
        "netsuite_certificate_id",
        "$ suitecloud account:setup:ci --account 4812077 --authid ns-prod-ci --certificateid {v}"
        " --privatekeypath ./keys/ns-ci-private.pem",
        b64url(43),
    ),
    L(
        ERP,
        "netsuite_oauth_nonce",
        "DEBUG nsclient: signing GET /services/rest/record/v1/customer timestamp=1718031212 nonce={v}"
        " signature_method=HMAC-SHA256 realm=4812077_SB1",
        b62(20),
    ),
    L(
        ERP,
        "sap_xsuaa_clientid",
        '    "clientid": "{v}",\n    "clientsecret": "<see BTP cockpit>",\n    "identityzone": "brightkite-dev",',
        join("sb-", uuid, "!b", digits(5), "|xsuaa-abapcp-prod-eu10!b", digits(5)),
    ),
    L(
        ERP,
        "sap_verification_key",
        '    "verificationkey": "-----BEGIN PUBLIC KEY-----{v}-----END PUBLIC KEY-----",\n    "xsappname": "s4-ext!t28817"',
        join("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", b64(342), "IDAQAB"),
    ),
    L(
        ERP,
        "bc_client_id",
        "# Application (client) ID of the Entra app registered on the Microsoft Entra Applications page in BC\n"
        '$clientID = "{v}"\n$clientSecret = $env:BC_CLIENT_SECRET',
        uuid,
    ),
    L(
        ERP,
        "bc_company_id",
        "GET https://api.businesscentral.dynamics.com/v2.0/{tid}/Production/api/v2.0/companies({v})/salesInvoices?$top=10",
        uuid,
        tid=uuid,
    ),
    L(
        ERP,
        "entra_secret_key_id",
        "$ az ad app credential list --id {app} -o table\n"
        "CustomKeyIdentifier    DisplayName    EndDateTime           Hint    KeyId                                 StartDateTime\n"
        "---------------------  -------------  --------------------  ------  ------------------------------------  --------------------\n"
        "                       bc-s2s         2026-03-01T09:14:22Z  {hint}     {v}  2024-03-01T09:14:22Z",
        uuid,
        app=uuid,
        hint=b62(3),
    ),
    L(ERP, "intacct_control_id", "    <controlid>{v}</controlid>\n    <uniqueid>false</uniqueid>", uuid),
    L(
        ERP,
        "acumatica_client_id",
        "Connected Applications (SM303010)\n  Client Name: ledger-sync\n  Client ID:   {v}\n"
        "  OAuth 2.0 Flow: Resource Owner Password Credentials",
        join(upper_uuid, "@Brightkite"),
    ),
    L(
        ERP,
        "infor_client_id_authorize_url",
        "Open https://mingle-sso.eu1.inforcloudsuite.com:443/BRIGHTKITE_TST/as/authorization.oauth2"
        "?client_id={v}&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A8765%2Fcallback",
        join("BRIGHTKITE_TST~", b64url(43)),
    ),
    L(
        ERP,
        "freshbooks_client_id_authorize_url",
        "Redirecting to https://auth.freshbooks.com/oauth/authorize/?response_type=code"
        "&redirect_uri=https%3A%2F%2Flocalhost%3A8443%2Ffreshbooks%2Fcallback&client_id={v}",
        hexl(64),
    ),
    L(
        ERP,
        "freshbooks_business_uuid",
        '        "business_memberships": [{"role": "owner", "business": {"id": {bid}, "account_id": "{acct}",'
        ' "business_uuid": "{v}", "name": "Brightkite Labs"}}]',
        uuid,
        bid=join("1", digits(6)),
        acct=b62(5),
    ),
    L(
        ERP,
        "zoho_client_id",
        "ZOHO_CLIENT_ID={v}\nZOHO_CLIENT_SECRET=${ZOHO_CLIENT_SECRET:?unset}",
        join("1000.", upper_alnum(30)),
    ),
    L(
        ERP,
        "zoho_organization_id",
        '{"code": 0, "message": "success", "organizations": [{"organization_id": "{v}", "name": "Brightkite Labs",'
        ' "currency_code": "EUR", "is_default_org": true}]}',
        digits(9),
    ),
    L(
        ERP,
        "myob_company_file_uri",
        '  {\n    "Id": "{id}",\n    "Name": "Brightkite Labs Pty Ltd",\n    "Uri": "https://arl2.api.myob.com/accountright/{v}",',
        uuid,
        id=uuid,
    ),
    L(ERP, "exact_client_id", "$connection->setExactClientId('{v}');", braced_uuid),
    L(
        ERP,
        "quickbooks_realm_id",
        "INFO qbo-sync: connected company realmId={v} (sandbox) intuit_tid=1-{tid}",
        join("9341", digits(12)),
        tid=join(hexl(8), "-", hexl(24)),
    ),
    # ---- look-alikes: hashes, references, placeholders and masks
    L(
        ERP,
        "odoo_commit_sha",
        "$ git ls-remote https://github.com/odoo/odoo refs/heads/17.0\n{v}\trefs/heads/17.0",
        hexl(40),
    ),
    L(
        ERP,
        "odoo_env_reference",
        "uid = common.authenticate(ODOO_DB, ODOO_USER, {v}, {})",
        const('os.environ["ODOO_API_KEY"]'),
    ),
    L(
        ERP,
        "netsuite_secret_ref",
        "      - run: npx suitecloud project:deploy\n        env:\n          SUITECLOUD_CI: 1\n"
        "          SUITECLOUD_CI_PASSKEY: {v}",
        const("${{ secrets.SUITECLOUD_CI_PASSKEY }}"),
    ),
    L(
        ERP,
        "s4hana_password_env_ref",
        "$ curl -s -u ZZ_BP_INBOUND:{v} 'https://my407311-api.s4hana.cloud.sap/sap/opu/odata/sap/API_SALES_ORDER_SRV/A_SalesOrder?$top=1'",
        const('"$S4_COMM_PASSWORD"'),
    ),
    L(
        ERP,
        "intacct_postman_variable",
        "    <senderid>{{sender_id}}</senderid>\n    <password>{v}</password>",
        const("{{sender_password}}"),
    ),
    L(
        ERP,
        "zoho_masked_secret",
        "Self Client > Client Secret\n  Client ID:     1000.{cid}\n  Client Secret: {v}   (click to reveal)",
        join(hexl(4), "*" * 34, hexl(4)),
        cid=upper_alnum(30),
    ),
    L(
        ERP,
        "epicor_placeholder",
        '    "EpicorApiKey": "{v}",\n    "EpicorCompany": "EPIC06"',
        const("<your-kinetic-api-key>"),
    ),
]
