"""A seventy-seventh held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of healthcare and HL7/FHIR integration tooling: Epic on FHIR backend
services (key pairs made with `openssl`, JWKS URLs, non-production client ids, JWT assertions), the
SMART App Launch guide (token and refresh requests, launch context, `fhirclient` configs), Oracle
Health/Cerner system accounts (tenant-scoped token URLs, `SYSTEM_ACCOUNT_CLIENT_ID`/`_SECRET`, Basic
auth), Mirth Connect/NextGen Connect (`mirth.properties`, the connect-docker environment, the
`mccommand` CLI, the REST API login, Database Reader channels and `DatabaseConnectionFactory`), the
HAPI FHIR JPA starter (`application.yaml`, docker-compose with `SPRING_DATASOURCE_*` and
`SERVER_SSL_*`), Redox (legacy apiKey/secret and refreshToken authentication, destination
verification tokens and challenges, source ids in `Meta`), athenahealth 2-legged OAuth and practice
ids, Azure Health Data Services (service principals from `az ad sp create-for-rbac`, Postman
environments, `az role assignment`, Key Vault references), Particle Health's `/auth` headers and
sample READMEs, Allscripts Unity/TouchWorks clients and Magic calls, Orthanc (`RegisteredUsers`, the
orthancteam Docker `ORTHANC__*` variables, DICOMweb servers, REST output), DCMTK `storescu` AE titles
and HL7 v2 over MLLP, in commands, config files, code and tool output, with the public ids the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 70 to 74):
22 of 25 secrets caught, 0 of 23 look-alikes altered (missed: a password holding `&` in a form body, Orthanc's
`RegisteredUsers` map, a DICOMweb server's password as an array's third item).
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
    groups,
    hexl,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

HC = "health"

AZURE_HEAD = string.ascii_letters + string.digits + "_~."
AZURE_TAIL = AZURE_HEAD + "-"


def azure_client_secret(rng: random.Random) -> str:
    """A Microsoft Entra client secret: three characters, a digit, `Q~`, then 34 more (40 in all)."""
    return pick(AZURE_HEAD, 3)(rng) + rng.choice(string.digits) + "Q~" + pick(AZURE_TAIL, 34)(rng)


def ec_sec1_body(rng: random.Random) -> str:
    """The three base64 lines of an `openssl ecparam -genkey` P-256 key (SEC1, 121 bytes of DER)."""
    return join("MHcCAQEEI", b64(55), "\n", b64(8), "oAoGCCqGSM49AwEHoUQDQgAE", b64(32), "\n", b64(34), "==")(rng)


def basic_auth(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


okta_client_id = join("0oa", b62(17))
epic_fhir_id = join("e", b62(23))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 0, 23, "the rules for 70 to 74")

TEMPLATES = [
    # ---- secrets: Epic / SMART backend-services key material and tokens
    S(
        HC,
        "epic_ec_private_key",
        "$ openssl ecparam -name prime256v1 -genkey -noout -out keys/epic-nonprod/privatekey.pem\n"
        "$ cat keys/epic-nonprod/privatekey.pem\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_sec1_body,
    ),
    S(
        HC,
        "jwk_private_d",
        '// keys/jwks-private.json (never served; the JKU only publishes x and y)\n{"keys": [{\n  "kty": "EC",\n'
        '  "crv": "P-256",\n  "kid": "{kid}",\n  "x": "{x}",\n  "y": "{y}",\n  "d": "{v}"\n}]}',
        b64url(43),
        kid=b64url(43),
        x=b64url(43),
        y=b64url(43),
    ),
    S(
        HC,
        "smart_refresh_grant",
        "$ curl -s -X POST https://fhir.epic.com/interconnect-fhir-oauth/oauth2/token -d grant_type=refresh_token"
        " --data-urlencode 'refresh_token={v}' -d client_id={cid}",
        b64url(86),
        cid=uuid,
    ),
    S(
        HC,
        "fhirclient_client_secret",
        'FHIR.oauth2.authorize({\n  clientId: "{cid}",\n  clientSecret: "{v}",\n'
        '  scope: "launch/patient openid fhirUser offline_access patient/*.read",\n  redirectUri: "./index.html"\n});',
        b64url(40),
        cid=uuid,
    ),
    S(
        HC,
        "cerner_basic_auth",
        "$ curl -s -X POST 'https://authorization.cerner.com/tenants/{tenant}/protocols/oauth2/profiles/smart-v1/token'"
        " -H 'Accept: application/json' -H 'Authorization: Basic {v}'"
        " -d 'grant_type=client_credentials&scope=system%2FObservation.read%20system%2FPatient.read'",
        basic_auth(uuid, b62(32)),
        tenant=uuid,
    ),
    # ---- secrets: Mirth Connect
    S(
        HC,
        "mirth_keystore_storepass",
        "# conf/mirth.properties\nkeystore.path = ${dir.appdata}/keystore.jks\nkeystore.storepass = {v}\n"
        "keystore.type = JCEKS",
        b62(12),
    ),
    S(
        HC,
        "mirth_docker_db_password",
        "    image: nextgenhealthcare/connect:4.5\n    environment:\n      - DATABASE=postgres\n"
        "      - DATABASE_URL=jdbc:postgresql://mc-db:5432/mirthdb\n      - DATABASE_USERNAME=mirthdb\n"
        "      - DATABASE_PASSWORD={v}\n      - DATABASE_MAX_CONNECTIONS=20",
        password(18),
    ),
    S(
        HC,
        "mccommand_password",
        "$ ./mccommand -a https://127.0.0.1:8443 -u admin -p {v} -s scripts/deploy-adt.txt\n"
        "Connected to Mirth Connect server @ https://127.0.0.1:8443 (4.5.0)",
        password(14),
    ),
    S(
        HC,
        "mirth_api_login",
        "$ curl -sk -X POST https://mirth.bk.internal:8443/api/users/_login -H 'X-Requested-With: OpenAPI'"
        " -d 'username=integration&password={v}' -c cookies.txt",
        password(16),
    ),
    S(
        HC,
        "mirth_channel_db_reader",
        '      <properties class="com.mirth.connect.connectors.jdbc.DatabaseReceiverProperties" version="4.5.0">\n'
        "        <driver>org.postgresql.Driver</driver>\n"
        "        <url>jdbc:postgresql://ehr-replica.bk.internal:5432/clinical</url>\n"
        "        <username>mirth_reader</username>\n        <password>{v}</password>",
        b62(20),
    ),
    S(
        HC,
        "mirth_db_connection_factory",
        "var dbConn = DatabaseConnectionFactory.createDatabaseConnection('org.postgresql.Driver',"
        " 'jdbc:postgresql://10.40.1.20:5432/lab', 'mirth_lab', '{v}');",
        password(15),
    ),
    # ---- secrets: HAPI FHIR
    S(
        HC,
        "hapi_datasource_password",
        "spring:\n  datasource:\n    url: 'jdbc:postgresql://hapi-db:5432/hapi'\n    username: hapi_admin\n"
        "    password: {v}\n    driverClassName: org.postgresql.Driver",
        b62(24),
    ),
    S(
        HC,
        "hapi_ssl_keystore_password",
        "    environment:\n      SERVER_SSL_ENABLED: true\n      SERVER_SSL_KEY_STORE_TYPE: PKCS12\n"
        "      SERVER_SSL_KEY_STORE: file:/keystore/keystore.p12\n      SERVER_SSL_KEY_STORE_PASSWORD: {v}\n"
        "      SERVER_SSL_KEY_ALIAS: tomcat",
        password(16),
    ),
    # ---- secrets: Redox
    S(
        HC,
        "redox_source_secret",
        "$ curl -s -X POST https://api.redoxengine.com/auth/authenticate -H 'Content-Type: application/json'"
        ' -d \'{"apiKey": "{key}", "secret": "{v}"}\'',
        b62(40),
        key=uuid,
    ),
    S(
        HC,
        "redox_refresh_token",
        "$ curl -s -X POST https://api.redoxengine.com/auth/refreshToken -H 'Content-Type: application/json'"
        ' -d \'{"apiKey": "{key}", "refreshToken": "{v}"}\'',
        uuid,
        key=uuid,
    ),
    S(
        HC,
        "redox_verification_token",
        "2024-05-14T09:12:03.114Z [redox-webhook] POST /redox/inbound headers="
        '{"application-name":"RedoxEngine","verification-token":"{v}","content-type":"application/json"}',
        b62(32),
    ),
    # ---- secrets: Orthanc / DICOM
    S(
        HC,
        "orthanc_registered_users",
        '  "RemoteAccessAllowed" : true,\n  "AuthenticationEnabled" : true,\n  "RegisteredUsers" : {\n'
        '    "radiology" : "{v}"\n  },',
        password(14),
    ),
    S(
        HC,
        "orthanc_dicomweb_server_password",
        '    environment:\n      DICOM_WEB_PLUGIN_ENABLED: "true"\n'
        '      ORTHANC__DICOM_WEB__SERVERS: \'{"vna": ["https://vna.bk.internal/dicom-web/", "orthanc-sync", "{v}"]}\'',
        b62(18),
    ),
    S(
        HC,
        "orthanc_curl_basic",
        "$ curl -s -u radiology:{v} 'http://localhost:8042/studies?expand' | jq length\n412",
        password(12),
    ),
    # ---- secrets: athenahealth, Azure, Particle, Allscripts
    S(
        HC,
        "athena_client_credentials",
        "$ curl -s -u \"{cid}:{v}\" -d 'grant_type=client_credentials&scope=athena/service/Athenanet.MDP.*'"
        " https://api.preview.platform.athenahealth.com/oauth2/v1/token",
        b64url(40),
        cid=okta_client_id,
    ),
    S(
        HC,
        "azure_sp_password",
        '$ az ad sp create-for-rbac -n bk-fhir-loader\n{\n  "appId": "{app}",\n  "displayName": "bk-fhir-loader",\n'
        '  "password": "{v}",\n  "tenant": "{tenant}"\n}',
        azure_client_secret,
        app=uuid,
        tenant=uuid,
    ),
    S(
        HC,
        "az_login_service_principal",
        "$ az login --service-principal -u {app} -p '{v}' --tenant {tenant} --allow-no-subscriptions",
        azure_client_secret,
        app=uuid,
        tenant=uuid,
    ),
    S(
        HC,
        "particle_auth_header",
        '$ curl -s https://sandbox.particlehealth.com/auth -H "client_id: {cid}" -H "client_secret: {v}"'
        ' -H "scope: projects/{proj}"',
        b62(40),
        cid=b62(32),
        proj=uuid,
    ),
    S(
        HC,
        "touchworks_svc_password",
        'tw = TouchWorks("https://tw171.unitysandbox.com/Unity/UnityService.svc", "BrightK-7f31-Unity", "{v}",'
        ' "Brightkite.Intake.TestApp")',
        password(16),
    ),
    S(
        HC,
        "unity_security_token",
        '{"Action": "GetPatient", "AppUserID": "jmedici", "Appname": "Brightkite.Intake.TestApp",'
        ' "PatientID": "{pid}", "Token": "{v}", "Parameter1": "", "Parameter2": "", "Data": null}',
        upper_uuid,
        pid=digits(5),
    ),
    # ---- look-alikes: public client ids, tenant ids, key ids, public keys
    L(
        HC,
        "epic_client_id",
        'client_id = "{v}"  # Non-Production Client ID from the Epic on FHIR app listing\n'
        'token_url = "https://fhir.epic.com/interconnect-fhir-oauth/oauth2/token"',
        uuid,
    ),
    L(
        HC,
        "jwks_public_modulus",
        "$ curl -s https://keys.brightkite.health/epic/jwks.json\n"
        '{"keys":[{"kty":"RSA","alg":"RS384","use":"sig","kid":"{kid}","n":"{v}","e":"AQAB"}]}',
        b64url(342),
        kid=hexl(16),
    ),
    L(
        HC,
        "jwk_thumbprint_kid",
        "In the Nango Epic integration I set Key ID to `{v}` (the kid published in our JWKS) and left the"
        " private key itself in the secret manager.",
        b64url(43),
    ),
    L(
        HC,
        "cerner_tenant_id",
        "FHIR base for the Oracle Health code sandbox: https://fhir-ehr-code.cerner.com/r4/{v}/ (every endpoint is"
        " tenant-scoped)",
        uuid,
    ),
    L(
        HC,
        "cerner_system_account_id",
        "export SYSTEM_ACCOUNT_CLIENT_ID={v}\n"
        "export SYSTEM_ACCOUNT_CLIENT_SECRET=$(vault kv get -field=secret kv/cerner/system-account)",
        uuid,
    ),
    L(
        HC,
        "smart_launch_patient",
        "[smart] launch context: patient={v} encounter={enc} need_patient_banner=true",
        epic_fhir_id,
        enc=epic_fhir_id,
    ),
    L(
        HC,
        "athena_client_id",
        "ATHENA_CLIENT_ID={v}\nATHENA_BASE_URL=https://api.preview.platform.athenahealth.com",
        okta_client_id,
    ),
    L(
        HC,
        "athena_practice_id",
        '$ http GET https://api.preview.platform.athenahealth.com/v1/{v}/departments "Authorization:Bearer $TOKEN"',
        digits(6),
    ),
    L(
        HC,
        "azure_app_id",
        '$ az role assignment create --assignee {v} --role "FHIR Data Contributor" --scope'
        " /subscriptions/{sub}/resourceGroups/rg-bk-health/providers/Microsoft.HealthcareApis/workspaces/bkhealth",
        uuid,
        sub=uuid,
    ),
    # ---- look-alikes: message, resource and imaging identifiers
    L(
        HC,
        "redox_source_id",
        '  "Meta": {\n    "DataModel": "PatientAdmin",\n    "EventType": "NewPatient",\n    "Test": true,\n'
        '    "Source": {"ID": "{v}", "Name": "Brightkite Intake (dev)"},',
        uuid,
    ),
    L(
        HC,
        "redox_challenge",
        '<- 200 OK  body: {"challenge":"{v}"}  (echoed Redox\'s verification challenge)',
        uuid,
    ),
    L(
        HC,
        "mirth_channel_id",
        "$> channel list\nSTARTED   {v}   ADT Inbound - Epic\nSTOPPED   {other}   ORU Outbound - Lab",
        uuid,
        other=uuid,
    ),
    L(
        HC,
        "orthanc_study_id",
        '$ curl -s http://localhost:8042/studies\n[\n  "{v}",\n  "{other}"\n]',
        groups(hexl(8), 5),
        other=groups(hexl(8), 5),
    ),
    L(
        HC,
        "dicom_ae_title",
        "$ storescu -v -aet {v} -aec ORTHANC pacs.bk.internal 4242 exports/CT/IM0001.dcm\n"
        "I: Association Accepted (Max Send PDV: 16372)",
        join("BKCT", upper_alnum(6)),
    ),
    L(
        HC,
        "dicom_study_uid",
        '  "MainDicomTags" : {\n    "AccessionNumber" : "BK24051401",\n    "StudyInstanceUID" : "{v}",',
        join("1.2.826.0.1.3680043.8.498.", digits(20), ".", digits(12)),
    ),
    L(
        HC,
        "hl7_control_id",
        "2024-05-14 09:12:03,114 INFO  [MLLP 0.0.0.0:6661] received ADT^A04 MSH-10={v} from 10.40.2.17:51822, sent AA",
        join("BK", digits(16)),
    ),
    # ---- look-alikes: references, placeholders, defaults and settings
    L(
        HC,
        "redox_env_ref",
        "  if (req.get('verification-token') !== {v}) return res.sendStatus(401);",
        const("process.env.REDOX_VERIFICATION_TOKEN"),
    ),
    L(
        HC,
        "hapi_env_ref",
        "      SPRING_DATASOURCE_URL: jdbc:postgresql://postgres:5432/hapi\n      SPRING_DATASOURCE_USERNAME: hapi\n"
        "      SPRING_DATASOURCE_PASSWORD: {v}",
        const("${POSTGRES_PASSWORD}"),
    ),
    L(
        HC,
        "postman_var_ref",
        "POST https://login.microsoftonline.com/{{tenantid}}/oauth2/token\ngrant_type: client_credentials\n"
        "client_id: {{clientid}}\nclient_secret: {v}\nresource: {{fhirurl}}",
        const("{{clientsecret}}"),
    ),
    L(
        HC,
        "keyvault_secret_version",
        '  "FHIR_CLIENT_SECRET": "@Microsoft.KeyVault(SecretUri=https://bk-fhir-kv.vault.azure.net/secrets/'
        'ahds-loader-secret/{v})"',
        hexl(32),
    ),
    L(
        HC,
        "particle_placeholder",
        "$ node index.js --BASE_URL=https://sandbox.particlehealth.com --CLIENT_ID=<CLIENT_ID> --CLIENT_SECRET={v}",
        const("<CLIENT_SECRET>"),
    ),
    L(
        HC,
        "mirth_default_storepass",
        "The connect-docker entrypoint pins keystore.storepass to the public default `{v}` before merging the"
        " environment, so that value is not a secret of ours; the real one comes from KEYSTORE_STOREPASS.",
        const("changeme"),
    ),
    L(
        HC,
        "mirth_password_policy",
        "# conf/mirth.properties\npassword.minlength = {v}\npassword.minupper = 1\npassword.retrylimit = 5\n"
        "password.lockoutperiod = 2",
        const("14"),
    ),
]
