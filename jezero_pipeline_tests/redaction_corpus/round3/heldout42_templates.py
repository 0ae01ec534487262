"""A forty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of code that builds cloud and service SDK clients in Python, Node.js/TypeScript,
Go, Java/Kotlin and C#: boto3 and the AWS SDKs for JavaScript v3 and Go v2 (explicit keys, session tokens,
`aws configure list`, STS, Secrets Manager, S3 response metadata, moto's test fixture), the Azure SDKs
(azure-identity's `ClientSecretCredential` and Entra client secrets, `StorageSharedKeyCredential`, storage,
Service Bus and Cosmos DB keys and connection strings, SAS URLs, Azurite, `az ad app credential list`, App
Service Key Vault references), google-auth (`from_service_account_info`, service-account key JSON, `gcloud iam
service-accounts keys list`, web OAuth client configs, bearer tokens), database and cache clients (psycopg
conninfo, node-postgres `Pool`, redis-py, StackExchange.Redis for Azure Cache for Redis, MongoDB Atlas URIs,
Sequelize, SQLAlchemy `URL.create`, pgJDBC URLs, Spring datasource properties, EF Core connection strings), HTTP
clients with auth (requests `auth=`, axios `auth`, OkHttp `Credentials.basic` and `HttpLoggingInterceptor`, .NET
`HttpClient` headers), and the lock files, digests, references and placeholders the same pages show beside them,
in code, config files, commands, tool output and log lines.

First score, blind, before any rule changed for it (after the rules for 24 to 41):
26 of 27 secrets caught, 1 of 23 look-alikes altered (missed: a Cosmos key as the second literal of C#'s
target-typed `new(…)`; altered: an App Service `@Microsoft.KeyVault(SecretUri=…)` reference).
"""

from __future__ import annotations

import base64
import random
import urllib.parse

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
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

SDK = "sdk"

RSA_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD"

akid = join("AKIA", upper_alnum(16))
aws_secret = pick(B62 + "+/", 40)
session_token = join("IQoJb3JpZ2luX2VjE", b64(372))
entra_secret = join(b62(3), pick("78", 1), "Q~", pick(B62 + "_.~-", 34))
gocspx = join("GOCSPX-", b64url(28))
ya29 = join("ya29.a0", b64url(176))
db_password = password(22)


def b64_bytes(n: int):
    """Standard base64 of n random bytes, padding and final character exactly as an encoder writes them."""
    return lambda rng: base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n))).decode()


key88 = b64_bytes(64)
key44 = b64_bytes(32)


def sas_sig(rng: random.Random) -> str:
    """An HMAC-SHA256 signature in base64, percent-encoded as it sits in a SAS query string."""
    return urllib.parse.quote(key44(rng), safe="")


def rsa_json_body(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body as a service-account JSON holds it: 64-column lines joined by a literal \\n."""
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(24)(rng) + "="]
    return "\\n".join(lines)


def basic_header(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def secret_arn(rng: random.Random) -> str:
    return f"arn:aws:secretsmanager:eu-west-1:{digits(12)(rng)}:secret:prod/orders/postgres-{b62(6)(rng)}"


def role_arn(rng: random.Random) -> str:
    return f"arn:aws:iam::{digits(12)(rng)}:role/orders-ci-deploy"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 27, 1, 23, "the rules for 24 to 41")

TEMPLATES = [
    # ---- secrets: AWS keys handed straight to SDK constructors
    S(
        SDK,
        "boto3_secret_kwarg",
        's3 = boto3.client(\n    "s3",\n    region_name="eu-west-1",\n    aws_access_key_id="{akid}",\n'
        '    aws_secret_access_key="{v}",\n)',
        aws_secret,
        akid=akid,
    ),
    S(
        SDK,
        "boto3_session_token",
        "session = boto3.Session(\n    aws_access_key_id=creds_id,\n    aws_secret_access_key=creds_secret,\n"
        '    aws_session_token="{v}",\n)',
        session_token,
    ),
    S(
        SDK,
        "aws_js_v3_credentials",
        'const client = new DynamoDBClient({\n  region: "us-east-2",\n  credentials: {\n'
        '    accessKeyId: "{akid}",\n    secretAccessKey: "{v}",\n  },\n});',
        aws_secret,
        akid=akid,
    ),
    S(
        SDK,
        "aws_go_static_provider",
        '\tcfg, err := config.LoadDefaultConfig(ctx,\n\t\tconfig.WithRegion("eu-central-1"),\n'
        '\t\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("{akid}", "{v}", "")),\n\t)',
        aws_secret,
        akid=akid,
    ),
    # ---- secrets: Azure credentials, keys and connection strings
    S(
        SDK,
        "entra_client_secret_positional",
        'credential = ClientSecretCredential("{tenant}", "{client}", "{v}")\n'
        'client = SecretClient(vault_url="https://orders-kv.vault.azure.net", credential=credential)',
        entra_secret,
        tenant=uuid,
        client=uuid,
    ),
    S(
        SDK,
        "entra_client_secret_appsettings",
        '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "TenantId": "{tenant}",\n'
        '    "ClientId": "{client}",\n    "ClientSecret": "{v}"\n  },',
        entra_secret,
        tenant=uuid,
        client=uuid,
    ),
    S(
        SDK,
        "storage_shared_key_positional",
        'const sharedKeyCredential = new StorageSharedKeyCredential("ordersexports", "{v}");\n'
        "const blobServiceClient = new BlobServiceClient(`https://ordersexports.blob.core.windows.net`, "
        "sharedKeyCredential);",
        key88,
    ),
    S(
        SDK,
        "storage_conn_string_fixture",
        "@pytest.fixture\ndef blob_service():\n    return BlobServiceClient.from_connection_string(\n"
        '        "DefaultEndpointsProtocol=https;AccountName=ordersstaging;AccountKey={v};"\n'
        '        "EndpointSuffix=core.windows.net"\n'
        "    )",
        key88,
    ),
    S(
        SDK,
        "sas_url_sig",
        'blob = BlobClient.from_blob_url(\n    "https://ordersexports.blob.core.windows.net/reports/2024-06.csv'
        '?sp=r&st=2024-06-03T08:00:00Z&se=2024-06-10T08:00:00Z&spr=https&sv=2022-11-02&sr=b&sig={v}"\n)',
        sas_sig,
    ),
    S(
        SDK,
        "servicebus_conn_string",
        "await using var client = new ServiceBusClient(\n"
        '    "Endpoint=sb://orders-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;'
        'SharedAccessKey={v}");',
        key44,
    ),
    S(
        SDK,
        "cosmos_key_positional",
        'using CosmosClient cosmos = new("https://orders-db.documents.azure.com:443/", "{v}");',
        key88,
    ),
    S(
        SDK,
        "azure_redis_config_string",
        "var muxer = ConnectionMultiplexer.Connect(\n"
        '    "orders-cache.redis.cache.windows.net:6380,password={v},ssl=True,abortConnect=False");',
        key44,
    ),
    # ---- secrets: Google
    S(
        SDK,
        "gcp_service_account_info",
        'info = {\n    "type": "service_account",\n    "project_id": "orders-prod-3317",\n'
        '    "private_key_id": "{kid}",\n'
        '    "private_key": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n",\n'
        '    "client_email": "orders-api@orders-prod-3317.iam.gserviceaccount.com",\n}\n'
        "creds = service_account.Credentials.from_service_account_info(info)",
        rsa_json_body,
        kid=hexl(40),
    ),
    S(
        SDK,
        "google_web_client_secret",
        'flow = Flow.from_client_config(\n    {"web": {"client_id": "{cid}", "client_secret": "{v}",\n'
        '             "auth_uri": "https://accounts.google.com/o/oauth2/auth",'
        ' "token_uri": "https://oauth2.googleapis.com/token"}},\n'
        '    scopes=["openid", "email"],\n)',
        gocspx,
        cid=join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    S(
        SDK,
        "httpclient_bearer_header",
        'http.DefaultRequestHeaders.Authorization =\n    new AuthenticationHeaderValue("Bearer", "{v}");',
        ya29,
    ),
    # ---- secrets: database and cache client constructors
    S(
        SDK,
        "psycopg_conninfo",
        'conn = psycopg.connect("host=orders-db.internal port=5432 dbname=orders user=orders_app password={v} '
        'sslmode=require")',
        db_password,
    ),
    S(
        SDK,
        "pg_pool_password",
        "const pool = new Pool({\n  host: 'orders-db.internal',\n  user: 'orders_app',\n  database: 'orders',\n"
        "  password: '{v}',\n  port: 5432,\n});",
        db_password,
    ),
    S(
        SDK,
        "redis_py_password",
        'r = redis.Redis(host="cache.orders.internal", port=6380, username="orders", password="{v}", ssl=True)',
        b62(32),
    ),
    S(
        SDK,
        "mongo_srv_uri",
        'client = MongoClient("mongodb+srv://orders-svc:{v}@cluster0.{host}.mongodb.net/?retryWrites=true&w=majority")',
        b62(20),
        host=lower_alnum(5),
    ),
    S(
        SDK,
        "sequelize_positional",
        "const sequelize = new Sequelize('orders', 'orders_app', '{v}', {\n  host: 'orders-db.internal',\n"
        "  dialect: 'postgres',\n});",
        db_password,
    ),
    S(
        SDK,
        "sqlalchemy_url_create",
        'url = URL.create(\n    "postgresql+psycopg",\n    username="reporting",\n    password="{v}",\n'
        '    host="orders-db.internal",\n    database="orders",\n)\nengine = create_engine(url)',
        password(20),
    ),
    S(
        SDK,
        "jdbc_url_password",
        'ds.setURL("jdbc:postgresql://orders-db.internal:5432/orders?user=orders_app&password={v}&sslmode=require");',
        b62(24),
    ),
    S(
        SDK,
        "efcore_conn_string",
        "    options.UseNpgsql(\n"
        '        "Host=orders-db.internal;Database=orders;Username=orders_app;Password={v};SSL Mode=Require"));',
        db_password,
    ),
    # ---- secrets: HTTP clients with auth
    S(
        SDK,
        "requests_auth_tuple",
        'resp = requests.get("https://registry.internal/api/v2/repos", auth=("svc-deploy", "{v}"), timeout=10)',
        b62(32),
    ),
    S(
        SDK,
        "axios_auth",
        "const res = await axios.get('https://ci.internal/api/json', {\n"
        "  auth: { username: 'release-bot', password: '{v}' },\n});",
        join("11", hexl(32)),
    ),
    S(
        SDK,
        "okhttp_credentials_basic",
        '    val credential = Credentials.basic("nexus-ci", "{v}")\n'
        '    response.request.newBuilder().header("Authorization", credential).build()',
        password(20),
    ),
    S(
        SDK,
        "okhttp_logged_basic_header",
        "I/okhttp.OkHttpClient: --> GET https://nexus.internal/service/rest/v1/components?repository=releases\n"
        "I/okhttp.OkHttpClient: Authorization: Basic {v}\nI/okhttp.OkHttpClient: --> END GET",
        basic_header("nexus-ci", password(20)),
    ),
    # ---- look-alikes: public identifiers beside the credentials
    L(
        SDK,
        "entra_tenant_id",
        'credential = ClientSecretCredential(\n    tenant_id="{v}",\n    client_id=os.environ["AZURE_CLIENT_ID"],\n'
        '    client_secret=os.environ["AZURE_CLIENT_SECRET"],\n)',
        uuid,
    ),
    L(
        SDK,
        "entra_credential_key_id",
        "$ az ad app credential list --id {app} -o json\n[\n  {\n"
        '    "displayName": "orders-ci",\n    "endDateTime": "2025-06-03T08:12:44Z",\n'
        '    "hint": "Zq4",\n    "keyId": "{v}",\n    "secretText": null\n  }\n]',
        uuid,
        app=uuid,
    ),
    L(
        SDK,
        "managed_identity_client_id",
        '    "OrdersDb": "Server=tcp:orders-sql.database.windows.net,1433;Database=orders;'
        'Authentication=Active Directory Managed Identity;User Id={v};Encrypt=True;"',
        uuid,
    ),
    L(
        SDK,
        "iam_role_arn",
        'resp = sts.assume_role(RoleArn="{v}", RoleSessionName="orders-ci")',
        role_arn,
    ),
    L(
        SDK,
        "secrets_manager_arn",
        'secret = sm.get_secret_value(SecretId="{v}")["SecretString"]',
        secret_arn,
    ),
    L(
        SDK,
        "gcp_sa_key_id",
        "$ gcloud iam service-accounts keys list --iam-account=orders-api@orders-prod-3317.iam.gserviceaccount.com\n"
        "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n"
        "{v}  2024-05-21T09:14:02Z  9999-12-31T23:59:59Z",
        hexl(40),
    ),
    L(
        SDK,
        "gcp_sa_client_id",
        '  "client_email": "orders-api@orders-prod-3317.iam.gserviceaccount.com",\n  "client_id": "{v}",\n'
        '  "auth_uri": "https://accounts.google.com/o/oauth2/auth",\n'
        '  "token_uri": "https://oauth2.googleapis.com/token",',
        digits(21),
    ),
    L(
        SDK,
        "google_oauth_client_id",
        "GOOGLE_CLIENT_ID={v}\nGOOGLE_CLIENT_SECRET=${GOOGLE_CLIENT_SECRET}",
        join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    # ---- look-alikes: hashes, digests and response metadata
    L(
        SDK,
        "s3_host_id",
        '>>> s3.put_object(Bucket="orders-exports", Key="2024/06/report.csv", Body=data)[\'ResponseMetadata\']\n'
        "{'RequestId': '{rid}', 'HostId': '{v}', 'HTTPStatusCode': 200, 'RetryAttempts': 0}",
        b64(76),
        rid=upper_alnum(16),
    ),
    L(
        SDK,
        "s3_etag",
        "{'ETag': '\"{v}\"', 'ServerSideEncryption': 'AES256', 'VersionId': 'null'}",
        hexl(32),
    ),
    L(
        SDK,
        "go_sum_hash",
        "github.com/aws/aws-sdk-go-v2/credentials v1.17.11 h1:{v}\n"
        "github.com/aws/aws-sdk-go-v2/credentials v1.17.11/go.mod h1:{mod}",
        key44,
        mod=key44,
    ),
    L(
        SDK,
        "npm_integrity",
        '    "node_modules/@azure/identity": {\n      "version": "4.2.0",\n'
        '      "resolved": "https://registry.npmjs.org/@azure/identity/-/identity-4.2.0.tgz",\n'
        '      "integrity": "sha512-{v}",',
        key88,
    ),
    L(
        SDK,
        "image_digest",
        '  cache:\n    image: redis@sha256:{v}\n    ports:\n      - "6379:6379"',
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders, masks and test stand-ins
    L(
        SDK,
        "aws_configure_masked",
        "$ aws configure list\n      Name                    Value             Type    Location\n"
        "      ----                    -----             ----    --------\n"
        "   profile                <not set>             None    None\n"
        "access_key     ****************{ak}   shared-credentials-file\n"
        "secret_key     {v}   shared-credentials-file",
        join("****************", b62(4)),
        ak=upper_alnum(4),
    ),
    L(
        SDK,
        "moto_fixture",
        '@pytest.fixture\ndef aws_credentials():\n    os.environ["AWS_ACCESS_KEY_ID"] = "testing"\n'
        '    os.environ["AWS_SECRET_ACCESS_KEY"] = "{v}"\n    os.environ["AWS_SESSION_TOKEN"] = "testing"',
        const("testing"),
    ),
    L(
        SDK,
        "azurite_dev_storage",
        '  "Values": {\n    "AzureWebJobsStorage": "{v}",\n    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n  }',
        const("UseDevelopmentStorage=true"),
    ),
    L(
        SDK,
        "keyvault_reference",
        '  "OrdersDbPassword": "{v}"',
        join(
            "@Microsoft.KeyVault(SecretUri=https://orders-kv.vault.azure.net/secrets/OrdersDbPassword/", hexl(32), ")"
        ),
    ),
    L(
        SDK,
        "atlas_placeholder",
        'uri = "mongodb+srv://orders-svc:{v}@cluster0.{host}.mongodb.net/?retryWrites=true&w=majority"',
        const("<db_password>"),
        host=lower_alnum(5),
    ),
    L(
        SDK,
        "pg_pool_env_ref",
        "const pool = new Pool({\n  host: process.env.PGHOST,\n  user: 'orders_app',\n  password: {v},\n});",
        const("process.env.PGPASSWORD"),
    ),
    L(
        SDK,
        "spring_placeholder",
        "spring.datasource.url=jdbc:postgresql://orders-db.internal:5432/orders\n"
        "spring.datasource.username=orders_app\nspring.datasource.password={v}",
        const("${DB_PASSWORD}"),
    ),
    L(
        SDK,
        "cosmos_env_ref",
        "using CosmosClient cosmos = new(endpoint, {v});",
        const('Environment.GetEnvironmentVariable("COSMOS_KEY")'),
    ),
    L(
        SDK,
        "az_cli_key_id_placeholder",
        "$ az ad app credential delete --id {app} --key-id {v}",
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
        app=uuid,
    ),
    L(
        SDK,
        "env_example_placeholder",
        "# .env.example -- copy to .env, never commit real values\nREDIS_URL=redis://cache:6379/0\nREDIS_PASSWORD={v}",
        const("changeme"),
    ),
]
