"""A hundred-and-seventieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of medical-imaging, DICOM and PACS tooling: Orthanc (the
`RegisteredUsers` block and its commented `alice` example in the default configuration, the
`ORTHANC__…` environment variables of the orthancteam/orthanc Docker images, `OrthancPeers` in
array form, `DicomWeb.Servers` with `HttpHeaders`, the authorization plugin's
`WebServicePassword`, `?token=` on the Stone Web viewer and Orthanc Explorer, resource ids of five
groups of eight hex digits), DICOMweb clients (dicomweb-client's `DICOMwebClient`, dcm4che's
`wadors --bearer`), dcm4chee-arc-light with Keycloak (the "Get OIDC Access Token using curl" wiki
page: a 32-character client secret sent by the client-credentials grant, `LDAP_ROOTPASS`,
`KEYCLOAK_ADMIN_PASSWORD`, RS256 access tokens and the realm's JWKS `kid` and modulus), the Google
Cloud Healthcare API (`ya29.` access tokens from `gcloud auth print-access-token`, service-account
JSON with `private_key_id` and numeric `client_id`, the OAuth client id in OHIF's `oidc` block),
AWS HealthImaging (`aws medical-imaging` with 32-hex datastore and image-set ids, a shared
credentials file, an `IQoJ…` session token, `aws configure list` masking), the Azure DICOM service
(`az account get-access-token --resource=https://dicom.healthcareapis.azure.com`, an Entra client
secret of the `xxxNQ~…` shape, `az ad app credential list` key ids), Ambra / Intelerad InteleShare v3
(a `sid` from `/session/login`, taken here to be a UUID, beside UUID `account_id`s; `Api.with_creds`
and `Api.with_sid` of ambra-sdk), the OHIF viewer's `app-config.js` (`requestOptions.auth`), DCMTK
`storescu` (`-usr`/`-pwd` user identity negotiation, `+pw` for the TLS key, AE titles), pynetdicom's
`UserIdentityNegotiation` (`primary_field`/`secondary_field`), and XNAT alias tokens (a UUID alias
and a 64-character alphanumeric secret from `/data/services/tokens/issue`, in `curl -u`, `.netrc`
and xnatpy). Every value is generated from those shapes; none is copied from the documentation.
Two shapes rest on memory rather than a page read for this set: OHIF's `requestOptions.auth`
(`'user:password'`) and the Ambra `sid` as a UUID. Horos / OsiriX were left out (no usable public
documentation of their web-portal credentials was found).

First score, blind, before any rule changed for it (after the rules for 165 to 169):
20 of 26 secrets caught, 0 of 25 look-alikes altered (missed: Orthanc's `RegisteredUsers` (a user's
name, then its password) printed by `jq` and in a block under `ORTHANC__REGISTERED_USERS`, a peer's
password as the third member of an `OrthancPeers` array, DCMTK's `+pw` for a TLS key, pynetdicom's
`secondary_field`, Ambra's `sid=` (a UUID) in a query).
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
    b64,
    b64url,
    const,
    digits,
    groups,
    hexl,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

IMG = "imaging"

RSA_PKCS8_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ"


def _b64u(data: str) -> str:
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def keycloak_jwt(rng: random.Random) -> str:
    """An RS256 access token as Keycloak issues it for the dcm4che realm."""
    header = '{"alg":"RS256","typ" : "JWT","kid" : "' + b64url(43)(rng) + '"}'
    now = 1716000000 + rng.randrange(10_000_000)
    payload = json.dumps(
        {
            "exp": now + 300,
            "iat": now,
            "jti": uuid(rng),
            "iss": "https://arc.radiology.lan:8843/realms/dcm4che",
            "sub": uuid(rng),
            "typ": "Bearer",
            "azp": "pacs-sync",
            "realm_access": {"roles": ["user"]},
        },
        separators=(",", ":"),
    )
    return f"{_b64u(header)}.{_b64u(payload)}.{b64url(342)(rng)}"


def azure_jwt(rng: random.Random) -> str:
    """An Entra ID v1 access token for the DICOM service audience."""
    thumb = b64url(27)(rng)
    tid = uuid(rng)
    header = json.dumps({"typ": "JWT", "alg": "RS256", "x5t": thumb, "kid": thumb}, separators=(",", ":"))
    now = 1716000000 + rng.randrange(10_000_000)
    payload = json.dumps(
        {
            "aud": "https://dicom.healthcareapis.azure.com",
            "iss": f"https://sts.windows.net/{tid}/",
            "iat": now,
            "nbf": now,
            "exp": now + 4799,
            "appid": uuid(rng),
            "oid": uuid(rng),
            "tid": tid,
            "ver": "1.0",
        },
        separators=(",", ":"),
    )
    return f"{_b64u(header)}.{_b64u(payload)}.{b64url(342)(rng)}"


def rsa_key_json_body(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body inside a service-account JSON, lines joined by a literal \\n."""
    lines = [RSA_PKCS8_HEAD + b64(14)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(27)(rng) + "="]
    return "\\n".join(lines)


ya29 = join("ya29.a0", b64url(176))
orthanc_id = groups(hexl(8), 5)
entra_secret = join(b62(3), digits(1), "Q~", pick(B62 + "_~.-", 34))
aws_session = join("IQoJb3JpZ2luX2VjE", b64(420), "=")
dicom_uid = join("1.2.826.0.1.3680043.8.498.", pick("123456789", 1), digits(19), ".", pick("123456789", 1), digits(11))
gcp_project = join("rad-archive-", digits(6))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 26, 0, 25, "the rules for 165 to 169")

TEMPLATES: list = [
    # ---- secrets: Orthanc
    S(
        IMG,
        "orthanc_registered_users",
        '$ jq .RegisteredUsers /etc/orthanc/orthanc.json\n{\n  "radiology-bot": "{v}"\n}',
        password(20),
    ),
    S(
        IMG,
        "orthanc_env_registered_users",
        '    image: orthancteam/orthanc:24.6.2\n    environment:\n      ORTHANC__NAME: "PACS-RESEARCH"\n'
        '      ORTHANC__REGISTERED_USERS: |\n        {"admin": "{v}"}\n      DICOM_WEB_PLUGIN_ENABLED: "true"',
        b62(24),
    ),
    S(
        IMG,
        "orthanc_curl_basic",
        "$ curl -s -u uploader:{v} -X POST http://10.20.4.31:8042/instances --data-binary @IM-0001-0001.dcm",
        b62(18),
    ),
    S(
        IMG,
        "orthanc_peer_array",
        '  "OrthancPeers" : {\n    "dr-site" : [ "https://dr.radiology.lan/orthanc/", "replicator", "{v}" ]\n  },',
        password(22),
    ),
    S(
        IMG,
        "orthanc_dicomweb_http_headers",
        '  "DicomWeb" : {\n    "Servers" : {\n      "gcp-archive" : {\n'
        '        "Url" : "https://healthcare.googleapis.com/v1/projects/{proj}/locations/europe-west4/datasets/'
        'imaging/dicomStores/research/dicomWeb/",\n'
        '        "HttpHeaders" : { "Authorization" : "Bearer {v}" }\n      }\n    }\n  }',
        ya29,
        proj=gcp_project,
    ),
    S(
        IMG,
        "orthanc_auth_webservice_password",
        '  "Authorization" : {\n    "WebServiceRootUrl" : "http://orthanc-auth-service:8000/",\n'
        '    "WebServiceUsername" : "share-user",\n    "WebServicePassword" : "{v}",\n'
        '    "StandardConfigurations" : [ "orthanc-explorer-2", "stone-webviewer" ]',
        b62(32),
    ),
    S(
        IMG,
        "stone_viewer_token_url",
        "Shared link for the referring physician:\n"
        "https://pacs.radiology.lan/stone-webviewer/index.html?study={uid}&token={v}",
        b64url(48),
        uid=dicom_uid,
    ),
    S(
        IMG,
        "ohif_request_options_auth",
        "      configuration: {\n        name: 'orthanc',\n        wadoRoot: 'https://pacs.radiology.lan/dicom-web',\n"
        "        qidoRoot: 'https://pacs.radiology.lan/dicom-web',\n        requestOptions: {\n"
        "          auth: 'viewer:{v}',\n        },",
        b62(16),
    ),
    # ---- secrets: DICOMweb clients, Google Cloud Healthcare API
    S(
        IMG,
        "dicomweb_client_password",
        'client = DICOMwebClient(url="https://pacs.northvale-hospital.org/dicom-web", username="qido-svc", password="{v}")',
        password(18),
    ),
    S(
        IMG,
        "gcloud_access_token_output",
        "$ gcloud auth print-access-token --impersonate-service-account=dicom-reader@{proj}.iam.gserviceaccount.com\n"
        "WARNING: This command is using service account impersonation. All API calls will be executed as "
        "[dicom-reader@{proj}.iam.gserviceaccount.com].\n{v}",
        ya29,
        proj=gcp_project,
    ),
    S(
        IMG,
        "gcp_service_account_key",
        '  "private_key_id": "{kid}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n",\n'
        '  "client_email": "dicom-ingest@{proj}.iam.gserviceaccount.com",',
        rsa_key_json_body,
        kid=hexl(40),
        proj=gcp_project,
    ),
    # ---- secrets: AWS HealthImaging, Azure DICOM service
    S(
        IMG,
        "aws_credentials_file",
        "$ cat ~/.aws/credentials\n[healthimaging]\naws_access_key_id = AKIA{kid}\naws_secret_access_key = {v}\n"
        "region = us-east-1",
        b64(40),
        kid=upper_alnum(16),
    ),
    S(
        IMG,
        "aws_session_token",
        "export AWS_SESSION_TOKEN={v}\naws medical-imaging list-datastores --region us-east-1",
        aws_session,
    ),
    S(
        IMG,
        "azure_dicom_access_token",
        "$ az account get-access-token --resource=https://dicom.healthcareapis.azure.com\n{\n"
        '  "accessToken": "{v}",\n  "expiresOn": "2024-06-03 17:42:10.000000",\n'
        '  "subscription": "{sub}",\n  "tenant": "{ten}",\n  "tokenType": "Bearer"\n}',
        azure_jwt,
        sub=uuid,
        ten=uuid,
    ),
    S(
        IMG,
        "azure_client_secret",
        "$ curl -s https://login.microsoftonline.com/{ten}/oauth2/v2.0/token"
        ' -d "client_id={cid}&client_secret={v}&grant_type=client_credentials'
        '&scope=https%3A%2F%2Fdicom.healthcareapis.azure.com%2F.default"',
        entra_secret,
        ten=uuid,
        cid=uuid,
    ),
    # ---- secrets: dcm4chee-arc-light and Keycloak
    S(
        IMG,
        "keycloak_client_secret",
        '$ RESULT=`curl -k --data "grant_type=client_credentials&client_id=pacs-sync&client_secret={v}"'
        " https://arc.radiology.lan:8843/realms/dcm4che/protocol/openid-connect/token`",
        b62(32),
    ),
    S(
        IMG,
        "dcm4che_wadors_bearer",
        "$ wadors --bearer {v} -a dicom --out-dir /tmp/retrieved"
        " https://arc.radiology.lan:8443/dcm4chee-arc/aets/DCM4CHEE/rs/studies/{uid}",
        keycloak_jwt,
        uid=dicom_uid,
    ),
    S(
        IMG,
        "dcm4chee_ldap_rootpass",
        "$ docker run --network=dcm4chee_network --name ldap -p 389:389 -e LDAP_ROOTPASS={v} -e LDAP_CONFIGPASS={v}"
        " -v /var/local/dcm4chee-arc/ldap:/var/lib/openldap/openldap-data -d dcm4che/slapd-dcm4chee:2.6.7-33.0",
        b62(16),
    ),
    S(
        IMG,
        "keycloak_admin_password",
        "  keycloak:\n    image: dcm4che/keycloak:25.0.5\n    environment:\n      KC_HOSTNAME: arc.radiology.lan\n"
        '      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: "{v}"\n      KC_DB: mariadb',
        password(18),
    ),
    # ---- secrets: DIMSE tools
    S(
        IMG,
        "dcmtk_storescu_pwd",
        "$ storescu -v -aet CT_SCANNER_2 -aec ORTHANC -usr modality-ct2 -pwd {v} pacs.radiology.lan 4242 +sd ./export",
        b62(14),
    ),
    S(
        IMG,
        "dcmtk_tls_key_password",
        "$ storescu --tls-aes --key-file ct2.key --cert-file ct2.crt +pw {v} +cf pacs-ca.pem"
        " -aec ARCHIVE_TLS pacs.radiology.lan 2762 +sd study/",
        b62(12),
    ),
    S(
        IMG,
        "pynetdicom_secondary_field",
        ">>> user_identity = UserIdentityNegotiation()\n>>> user_identity.user_identity_type = 2\n"
        '>>> user_identity.primary_field = b"ris-gateway"\n>>> user_identity.secondary_field = b"{v}"',
        password(14),
    ),
    # ---- secrets: XNAT alias tokens
    S(
        IMG,
        "xnat_netrc",
        "$ cat ~/.netrc\nmachine xnat.neurolab.example.org\n  login {alias}\n  password {v}",
        b62(64),
        alias=uuid,
    ),
    S(
        IMG,
        "xnat_token_issue",
        "$ curl -s -u jdoe https://xnat.neurolab.example.org/data/services/tokens/issue | jq .\n"
        'Enter host password for user \'jdoe\':\n{\n  "alias": "{alias}",\n  "xdatUserId": "jdoe",\n'
        '  "secret": "{v}",\n  "singleUse": false,\n  "estimatedExpirationTime": 1718031604412,',
        b62(64),
        alias=uuid,
    ),
    # ---- secrets: Ambra / Intelerad
    S(
        IMG,
        "ambra_sid_query",
        '$ curl -s "https://access.dicomgrid.com/api/v3/study/list?sid={v}&filter.phi_namespace.equals={ns}"',
        uuid,
        ns=uuid,
    ),
    S(
        IMG,
        "ambra_with_creds",
        'api = Api.with_creds("https://access.dicomgrid.com/api/v3", "router@northvale-imaging.com", "{v}")',
        password(16),
    ),
    # ---- look-alikes: Orthanc
    L(
        IMG,
        "orthanc_doc_example",
        "  // The list of the registered users. Because Orthanc uses HTTP\n"
        "  // Basic Authentication, the passwords are stored as plain text.\n"
        '  "RegisteredUsers" : {\n    // "alice" : "{v}"\n  },',
        const("alicePassword"),
    ),
    L(
        IMG,
        "orthanc_env_substitution",
        '    "dr-site" : {\n      "Url" : "https://dr.radiology.lan/orthanc/",\n'
        '      "Username" : "replicator",\n      "Password" : "{v}"\n    }',
        const("${PEER_PASSWORD}"),
    ),
    L(
        IMG,
        "orthanc_study_id",
        '$ curl -s -u "$ORTHANC_USER:$ORTHANC_PASSWORD" http://localhost:8042/studies/{v}/archive -o study.zip',
        orthanc_id,
    ),
    L(
        IMG,
        "orthanc_upload_response",
        '{\n   "ID" : "{v}",\n   "ParentPatient" : "{pp}",\n   "ParentSeries" : "{ps}",\n'
        '   "Path" : "/instances/{v}",\n   "Status" : "Success"\n}',
        orthanc_id,
        pp=orthanc_id,
        ps=orthanc_id,
    ),
    L(
        IMG,
        "token_placeholder",
        "Open http://localhost:8042/ui/app/index.html?token={v} to test a share link.",
        const("YOUR_TOKEN_HERE"),
    ),
    # ---- look-alikes: Google Cloud Healthcare API and OHIF
    L(
        IMG,
        "google_oauth_client_id",
        "  oidc: [\n    {\n      authority: 'https://accounts.google.com',\n      client_id: '{v}',\n"
        "      redirect_uri: '/callback',\n      response_type: 'id_token token',",
        join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    L(
        IMG,
        "gcloud_substitution",
        '$ curl -X GET -H "Authorization: Bearer {v}" "https://healthcare.googleapis.com/v1/projects/{proj}'
        '/locations/europe-west4/datasets/imaging/dicomStores/research/dicomWeb/studies"',
        const("$(gcloud auth print-access-token)"),
        proj=gcp_project,
    ),
    L(
        IMG,
        "gcp_private_key_id",
        '{\n  "type": "service_account",\n  "project_id": "{proj}",\n  "private_key_id": "{v}",',
        hexl(40),
        proj=gcp_project,
    ),
    L(
        IMG,
        "gcp_sa_client_id",
        '  "client_email": "dicom-ingest@{proj}.iam.gserviceaccount.com",\n  "client_id": "{v}",\n'
        '  "auth_uri": "https://accounts.google.com/o/oauth2/auth",',
        join(pick("123456789", 1), digits(20)),
        proj=gcp_project,
    ),
    # ---- look-alikes: AWS HealthImaging
    L(
        IMG,
        "healthimaging_datastore_id",
        "$ aws medical-imaging get-image-set-metadata --datastore-id {v} --image-set-id {isid} metadata.json.gz",
        hexl(32),
        isid=hexl(32),
    ),
    L(
        IMG,
        "healthimaging_image_set_id",
        '{\n    "imageSetPropertiesList": [\n        {\n            "imageSetId": "{v}",\n'
        '            "version": 1,\n            "imageSetState": "ACTIVE",',
        hexl(32),
    ),
    L(
        IMG,
        "aws_configure_list_masked",
        "$ aws configure list --profile healthimaging\n      Name                    Value             Type    Location\n"
        "      ----                    -----             ----    --------\n"
        "   profile            healthimaging           manual    --profile\n"
        "access_key     ****************{tail} shared-credentials-file\n"
        "secret_key     {v} shared-credentials-file",
        join("****************", b62(4)),
        tail=upper_alnum(4),
    ),
    # ---- look-alikes: Azure
    L(
        IMG,
        "azure_credential_key_id",
        '$ az ad app credential list --id {app}\n[\n  {\n    "customKeyIdentifier": null,\n'
        '    "displayName": "dicom-uploader",\n    "endDateTime": "2025-12-01T09:14:22Z",\n'
        '    "hint": "{hint}",\n    "keyId": "{v}",\n    "secretText": null,',
        uuid,
        app=uuid,
        hint=b62(3),
    ),
    # ---- look-alikes: Keycloak / dcm4chee
    L(
        IMG,
        "keycloak_jwks_kid",
        '$ curl -s https://arc.radiology.lan:8843/realms/dcm4che/protocol/openid-connect/certs | jq ".keys[0].kid"\n"{v}"',
        b64url(43),
    ),
    L(
        IMG,
        "keycloak_jwks_modulus",
        '      "kty": "RSA",\n      "alg": "RS256",\n      "use": "sig",\n      "n": "{v}",\n      "e": "AQAB"',
        b64url(342),
    ),
    L(
        IMG,
        "gha_secret_ref",
        "      - name: Fetch archive token\n        env:\n          CLIENT_SECRET: {v}\n"
        '        run: ./scripts/get-token.sh "$CLIENT_SECRET"',
        const("${{ secrets.DCM4CHEE_CLIENT_SECRET }}"),
    ),
    L(
        IMG,
        "study_instance_uid",
        "$ wadors -a dicom https://arc.radiology.lan:8443/dcm4chee-arc/aets/DCM4CHEE/rs/studies/{v}",
        dicom_uid,
    ),
    # ---- look-alikes: DIMSE tools
    L(
        IMG,
        "ae_title",
        "$ findscu -v -S -aet WS{ws} -aec {v} pacs.radiology.lan 11112 -k QueryRetrieveLevel=STUDY -k PatientID=",
        join("ARC", upper_alnum(5)),
        ws=digits(3),
    ),
    L(
        IMG,
        "dcmtk_env_password",
        '$ storescu -aet CT_SCANNER_2 -aec ORTHANC -usr modality-ct2 -pwd "{v}" pacs.radiology.lan 4242 IM00001.dcm',
        const("$PACS_PASSWORD"),
    ),
    L(
        IMG,
        "dicom_file_checksum",
        "$ sha256sum export/IM-0001-0001.dcm\n{v}  export/IM-0001-0001.dcm",
        hexl(64),
    ),
    L(
        IMG,
        "commit_sha",
        "$ git -C Viewers log -1 --format='%H %s'\n{v} fix(dicomweb): honour requestOptions in the data source",
        hexl(40),
    ),
    # ---- look-alikes: XNAT and Ambra
    L(
        IMG,
        "xnat_alias",
        'Alias token created for jdoe:\n  "alias": "{v}",\n  "estimatedExpirationTime": 1718031604412',
        uuid,
    ),
    L(
        IMG,
        "xnatpy_env_ref",
        'session = xnat.connect("https://xnat.neurolab.example.org", user=os.environ["XNAT_ALIAS"], password={v})',
        const('os.environ["XNAT_SECRET"]'),
    ),
    L(
        IMG,
        "ambra_account_id",
        "$ curl -s https://access.dicomgrid.com/api/v3/account/get -d \"sid=$AMBRA_SID\" -d 'uuid={v}'",
        uuid,
    ),
    L(
        IMG,
        "ambra_sid_placeholder",
        'api = Api.with_sid("https://access.dicomgrid.com/api/v3", "{v}")',
        const("<your-sid>"),
    ),
]
