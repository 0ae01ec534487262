"""A two-hundred-and-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of vector databases and embedding stores: Pinecone (the `pc`
CLI's `auth configure --api-key` / `--client-id --client-secret`, the `Api-Key` header on an index
host, the Admin API's create-key response with its `pcsk_<label>_<key>` value), Weaviate Cloud
(`connect_to_weaviate_cloud` with `Auth.api_key`, both the base64 `..._v200` keys and the older
36-character ones, cluster hosts under `.c0.<region>.gcp.weaviate.cloud`), Qdrant (Cloud database
keys in the `api-key` header, granular JWT keys starting `eyJhb`, the .NET client, and the
self-hosted `QDRANT__SERVICE__API_KEY`, `qcloud context set --account-id`), Zilliz Cloud / Milvus
(104-hex API keys as `token=`, the control-plane Bearer, `in03-` cluster ids, a Node client's
`password`), Chroma Cloud (`ck-` keys in `~/.chroma/credentials` and the `x-chroma-token` header,
tenant UUIDs), turbopuffer (`tpuf_` keys as Bearer and in the TypeScript client), LanceDB Cloud
(`sk_` keys for `db://` URIs and the `x-api-key` header; the key length follows the sanitized
examples), Vespa Cloud (`vespa_cloud_` data-plane tokens, the EC developer key from
`vespa auth api-key` and the public key it prints), DataStax Astra DB (`AstraCS:<24 letters>:<64 hex>`
tokens for `astra setup` and `~/.astrarc`), Upstash Vector (REST tokens that base64-wrap the index
name, role and a base64 UUID), and MongoDB Atlas Vector Search (`mongodb+srv://` passwords,
programmatic API keys with an 8-letter public half and a UUID private half, `mdb_sa_id_` /
`mdb_sa_sk_` service accounts), in commands, config files, code and tool output, with the public
ids, hosts, checksums, placeholders, masks and secret-store references the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 200 to 204):
26 of 26 secrets caught, 0 of 25 look-alikes altered (nothing missed or altered).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    B62,
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    repeated,
    uuid,
)

VD = "vectordb"

PINECONE_HOST_SUFFIX = ".svc.aped-4627-b74a.pinecone.io"
WEAVIATE_HOST_SUFFIX = ".c0.europe-west3.gcp.weaviate.cloud"
JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
EC_P256_HEAD = "MHcCAQEEI"
EC_P256_MID = "oAoGCCqGSM49AwEHoUQDQgAE"
SPKI_P256_HEAD = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"

pinecone_key = join("pcsk_", b62(6), "_", b62(63))
pinecone_host = join("support-kb-", lower_alnum(7), PINECONE_HOST_SUFFIX)
weaviate_host = join(lower_alnum(22), WEAVIATE_HOST_SUFFIX)
zilliz_cluster = join("in03-", hexl(15))
chroma_key = join("ck-", b58(44))
tpuf_key = join("tpuf_", b62(32))
lancedb_key = join("sk_", b62(26))
lancedb_db = join("support-kb-", lower_alnum(6))
vespa_endpoint = join(hexl(8), ".", hexl(8))
astra_token = join("AstraCS:", pick(string.ascii_letters, 24), ":", hexl(64))


def weaviate_key(rng: random.Random) -> str:
    """The current Weaviate Cloud shape: base64 of a 60-character key followed by `=_v200`."""
    inner = pick(B62 + "+/_", 60)(rng) + "=_v200"
    return base64.b64encode(inner.encode()).decode()


def b64url_nopad(data: str) -> str:
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def qdrant_jwt(rng: random.Random) -> str:
    """A Qdrant granular-access database key: an HS256 JWT whose payload names access and expiry."""
    exp = 1767225600 + rng.randrange(0, 30_000_000)
    access = rng.choice(("r", "m", [{"collection": "tickets", "access": "rw"}]))
    payload = json.dumps({"access": access, "exp": exp}, separators=(",", ":"))
    return f"{JWT_HEAD}.{b64url_nopad(payload)}.{b64url(43)(rng)}"


def wrap64(body: str) -> str:
    return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def ec_point(rng: random.Random) -> str:
    """The last 64 bytes of a P-256 point in base64: 86 characters, a final one with two free bits, `==`."""
    return b64(85)(rng) + pick("AQgw", 1)(rng) + "=="


def ec_private_key_body(rng: random.Random) -> str:
    """The base64 body of a SEC1 P-256 private key (164 characters, three PEM lines)."""
    scalar = pick("ABCDEFGHIJKLMNOP", 1)(rng) + b64(42)(rng)
    return wrap64(EC_P256_HEAD + scalar + EC_P256_MID + ec_point(rng))


def ec_public_key_body(rng: random.Random) -> str:
    """The base64 body of a P-256 SubjectPublicKeyInfo (124 characters, two PEM lines)."""
    return wrap64(SPKI_P256_HEAD + ec_point(rng))


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


class UpstashIndex:
    """An Upstash Vector REST token and the matching index host, drawn as a pair.

    The token is base64 of: a zero byte, the lengths of the index name, the role and the
    base64 UUID, then those three strings. `token` is the template's value maker and runs
    first; `host` is a fill maker that reuses the name it drew.
    """

    ADJ = ("definite", "communal", "quiet", "steady", "amused", "humble")
    ANIMAL = ("man", "garfish", "loon", "ferret", "mole", "heron")

    def __init__(self, role: str, region: str) -> None:
        self.role = role
        self.region = region
        self.name = ""

    def _name(self, rng: random.Random) -> str:
        return f"{rng.choice(self.ADJ)}-{rng.choice(self.ANIMAL)}-{digits(5)(rng)}-{self.region}"

    def token(self, rng: random.Random) -> str:
        self.name = self._name(rng)
        secret = base64.b64encode(uuid(rng).encode())
        raw = bytes([0, len(self.name), len(self.role), len(secret)]) + self.name.encode() + self.role.encode() + secret
        return base64.b64encode(raw).decode()

    def host(self, rng: random.Random) -> str:
        return f"{self.name or self._name(rng)}-vector.upstash.io"


upstash_admin = UpstashIndex("admin", "us1")
upstash_public = UpstashIndex("readonly", "eu1")


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 0, 25, "the rules for 200 to 204")

TEMPLATES: list = [
    # ---- secrets: Pinecone
    S(
        VD,
        "pinecone_cli_api_key",
        "$ pc auth configure --api-key {v} && pc index list",
        pinecone_key,
    ),
    S(
        VD,
        "pinecone_index_header",
        '$ curl -s "https://{host}/query" \\\n    -H "Api-Key: {v}" \\\n    -H "X-Pinecone-Api-Version: 2025-04" \\\n'
        '    -d \'{"namespace": "kb-articles", "topK": 5, "includeMetadata": true, "id": "faq-0192"}\'',
        pinecone_key,
        host=pinecone_host,
    ),
    S(
        VD,
        "pinecone_admin_create_key",
        '{\n  "key": {\n    "id": "{kid}",\n    "name": "ci-ingest",\n    "project_id": "{proj}",\n'
        '    "roles": [\n      "DataPlaneEditor"\n    ]\n  },\n  "value": "{v}"\n}',
        pinecone_key,
        kid=uuid,
        proj=uuid,
    ),
    S(
        VD,
        "pinecone_client_secret",
        "$ pc auth configure --client-id {cid} --client-secret {v}",
        b64url(64),
        cid=b62(32),
    ),
    # ---- secrets: Weaviate Cloud
    S(
        VD,
        "weaviate_connect_cloud",
        'client = weaviate.connect_to_weaviate_cloud(\n    cluster_url="https://{host}",\n'
        '    auth_credentials=Auth.api_key("{v}"),\n'
        '    headers={"X-OpenAI-Api-Key": os.environ["OPENAI_API_KEY"]},\n)',
        weaviate_key,
        host=weaviate_host,
    ),
    S(
        VD,
        "weaviate_env_legacy",
        "$ cat .env\nWEAVIATE_URL=https://{host}\nWEAVIATE_API_KEY={v}\nWEAVIATE_COLLECTION=SupportArticle",
        b62(36),
        host=weaviate_host,
    ),
    # ---- secrets: Qdrant
    S(
        VD,
        "qdrant_jwt_header",
        "$ curl -s -X POST 'https://{cid}.eu-central-1-0.aws.cloud.qdrant.io:6333/collections/tickets/points/query' \\\n"
        "    --header 'api-key: {v}' \\\n    --header 'Content-Type: application/json' \\\n"
        '    -d \'{"query": [0.12, 0.48, 0.31], "limit": 3}\'',
        qdrant_jwt,
        cid=uuid,
    ),
    S(
        VD,
        "qdrant_dotnet_client",
        'var client = new QdrantClient(\n    host: "{cid}.us-east4-0.gcp.cloud.qdrant.io",\n    https: true,\n'
        '    apiKey: "{v}"\n);',
        b64url(54),
        cid=uuid,
    ),
    S(
        VD,
        "qdrant_compose_env",
        '$ cat docker-compose.yml\nservices:\n  qdrant:\n    image: qdrant/qdrant:v1.13.4\n    ports:\n      - "6333:6333"\n'
        '    environment:\n      QDRANT__SERVICE__API_KEY: {v}\n      QDRANT__SERVICE__ENABLE_TLS: "true"',
        hexl(64),
        note="a self-hosted key from `openssl rand -hex 32`",
    ),
    # ---- secrets: Zilliz Cloud / Milvus
    S(
        VD,
        "zilliz_milvus_client",
        'client = MilvusClient(\n    uri="https://{cid}.serverless.gcp-us-west1.cloud.zilliz.com",\n    token="{v}",\n)',
        hexl(104),
        cid=zilliz_cluster,
    ),
    S(
        VD,
        "zilliz_control_plane",
        '$ curl --request GET \\\n    --url "https://api.cloud.zilliz.com/v2/clusters?pageSize=10" \\\n'
        '    --header "Authorization: Bearer {v}" \\\n    --header "Accept: application/json"',
        hexl(104),
    ),
    S(
        VD,
        "milvus_node_password",
        "const client = new MilvusClient({\n  address: 'milvus.search.internal:19530',\n  username: 'root',\n"
        "  password: '{v}',\n  ssl: true,\n});",
        password(18),
    ),
    # ---- secrets: Chroma Cloud
    S(
        VD,
        "chroma_credentials_file",
        '$ cat ~/.chroma/credentials\n{\n  "acme-support": {\n    "api_key": "{v}",\n    "tenant_id": "{tenant}"\n  }\n}',
        chroma_key,
        tenant=uuid,
    ),
    S(
        VD,
        "chroma_token_header",
        'client = chromadb.HttpClient(\n    host="api.trychroma.com",\n    ssl=True,\n    tenant="{tenant}",\n'
        '    database="support-kb",\n    headers={"x-chroma-token": "{v}"},\n)',
        chroma_key,
        tenant=uuid,
    ),
    # ---- secrets: turbopuffer
    S(
        VD,
        "turbopuffer_bearer",
        "$ curl -s https://gcp-us-central1.turbopuffer.com/v2/namespaces/support-articles/query \\\n"
        '    -H "Authorization: Bearer {v}" \\\n'
        '    -d \'{"rank_by": ["vector", "ANN", [0.1, 0.2, 0.3]], "top_k": 5}\'',
        tpuf_key,
    ),
    S(
        VD,
        "turbopuffer_ts_client",
        'const tpuf = new Turbopuffer({\n  apiKey: "{v}",\n  region: "aws-us-east-1",\n});\n'
        'const ns = tpuf.namespace("support-articles");',
        tpuf_key,
    ),
    # ---- secrets: LanceDB Cloud
    S(
        VD,
        "lancedb_connect",
        'db = lancedb.connect(\n    "db://{db}",\n    api_key="{v}",\n    region="us-east-1",\n)',
        lancedb_key,
        db=lancedb_db,
    ),
    S(
        VD,
        "lancedb_api_key_header",
        '$ curl -X GET "https://{db}.us-east-1.api.lancedb.com/v1/table/" \\\n'
        '    -H "Content-Type: application/json" \\\n    -H "x-api-key: {v}"',
        lancedb_key,
        db=lancedb_db,
    ),
    # ---- secrets: Vespa Cloud
    S(
        VD,
        "vespa_data_plane_token",
        '$ curl -s -G "https://{ep}.z.vespa-app.cloud/search/" \\\n    -H "Authorization: Bearer {v}" \\\n'
        "    --data-urlencode 'yql=select * from doc where userQuery()' \\\n    --data-urlencode 'query=reset password'",
        join("vespa_cloud_", b62(43)),
        ep=vespa_endpoint,
    ),
    S(
        VD,
        "vespa_developer_key",
        "$ cat ~/.vespa/acme.api-key.pem\n-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_private_key_body,
    ),
    # ---- secrets: Astra DB
    S(
        VD,
        "astra_cli_setup",
        "$ astra setup --token {v}\n[OK]    Configuration has been saved.\n[OK]    Setup completed.",
        astra_token,
    ),
    S(
        VD,
        "astrarc_ini",
        "$ cat ~/.astrarc\n[default]\nASTRA_DB_APPLICATION_TOKEN={v}\n\n[staging]\n"
        "ASTRA_DB_APPLICATION_TOKEN=${ASTRA_STAGING_TOKEN}",
        astra_token,
    ),
    # ---- secrets: Upstash Vector
    S(
        VD,
        "upstash_vector_env",
        '$ cat .env.local\nUPSTASH_VECTOR_REST_URL="https://{host}"\nUPSTASH_VECTOR_REST_TOKEN="{v}"',
        upstash_admin.token,
        host=upstash_admin.host,
    ),
    # ---- secrets: MongoDB Atlas Vector Search
    S(
        VD,
        "atlas_uri_password",
        "vector_store = MongoDBAtlasVectorSearch.from_connection_string(\n"
        '    "mongodb+srv://rag-app:{v}@cluster0.{cl}.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0",\n'
        '    namespace="support.articles",\n    embedding=embeddings,\n    index_name="vector_index",\n)',
        b62(20),
        cl=lower_alnum(5),
    ),
    S(
        VD,
        "atlas_private_api_key",
        "$ export MONGODB_ATLAS_PUBLIC_API_KEY={pub}\n$ export MONGODB_ATLAS_PRIVATE_API_KEY={v}\n"
        "$ atlas clusters search indexes list --clusterName Cluster0 --db support --collection articles",
        uuid,
        pub=pick(string.ascii_lowercase, 8),
    ),
    S(
        VD,
        "atlas_service_account_secret",
        '    "mongodb": {\n      "command": "npx",\n      "args": ["-y", "mongodb-mcp-server", "--readOnly",'
        ' "--apiClientId", "{cid}", "--apiClientSecret", "{v}"]\n    }',
        join("mdb_sa_sk_", b64url(40)),
        cid=join("mdb_sa_id_", hexl(24)),
    ),
    # ---- look-alikes: public hosts and resource ids
    L(
        VD,
        "pinecone_index_host",
        "$ pc index describe --name support-kb\nName        support-kb\nDimension   1536\nMetric      cosine\n"
        "Host        {v}\nStatus      Ready",
        pinecone_host,
    ),
    L(
        VD,
        "pinecone_api_key_id",
        "$ pc api-key list\nNAME        ID                                     ROLES\n"
        "ci-ingest   {v}   DataPlaneEditor\nlocal-dev   {other}   ProjectEditor",
        uuid,
        other=uuid,
    ),
    L(
        VD,
        "pinecone_client_id",
        'export PINECONE_CLIENT_ID="{v}"\nexport PINECONE_CLIENT_SECRET="$(op read op://eng/pinecone-sa/client-secret)"',
        b62(32),
    ),
    L(
        VD,
        "weaviate_cluster_host",
        'INFO:httpx:HTTP Request: GET https://{v}/v1/meta "HTTP/1.1 200 OK"',
        weaviate_host,
    ),
    L(
        VD,
        "qdrant_cluster_id",
        "$ qcloud cluster list\nID                                     NAME       STATUS    CLOUD  REGION\n"
        "{v}   rag-prod   HEALTHY   aws    eu-central-1",
        uuid,
    ),
    L(
        VD,
        "qdrant_snapshot_checksum",
        '{"result":{"name":"tickets-5812337512941047-2025-03-02-10-41-07.snapshot",'
        '"creation_time":"2025-03-02T10:41:07","size":48293376,"checksum":"{v}"},"status":"ok","time":1.83}',
        hexl(64),
    ),
    L(
        VD,
        "qdrant_image_digest",
        "  qdrant:\n    image: qdrant/qdrant@sha256:{v}\n    restart: unless-stopped",
        hexl(64),
    ),
    L(
        VD,
        "zilliz_cluster_id",
        '{"code":0,"data":{"clusterId":"{v}","clusterName":"support-kb","status":"RUNNING",'
        '"regionId":"gcp-us-west1","plan":"Serverless"}}',
        zilliz_cluster,
    ),
    L(
        VD,
        "chroma_tenant",
        "CHROMA_TENANT={v}\nCHROMA_DATABASE=support-kb",
        uuid,
    ),
    L(
        VD,
        "lancedb_db_uri",
        "LANCEDB_URI=db://{v}\nLANCEDB_REGION=us-east-1\nLANCEDB_TABLE=articles_v3",
        lancedb_db,
    ),
    L(
        VD,
        "vespa_public_key",
        "$ vespa auth api-key -a acme.search.default\n"
        "Success: Developer private key for tenant acme written to /home/dev/.vespa/acme.api-key.pem\n\n"
        "This is your public key:\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        ec_public_key_body,
    ),
    L(
        VD,
        "vespa_cert_fingerprint",
        "$ openssl x509 -in security/clients.pem -noout -fingerprint -sha256\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        VD,
        "astra_database_id",
        "$ astra db list\n| Name        | id                                   | Regions   | Status |\n"
        "| support-kb  | {v} | us-east1  | ACTIVE |",
        uuid,
    ),
    L(
        VD,
        "upstash_index_host",
        'index = Index(url="https://{v}", token=os.environ["UPSTASH_VECTOR_REST_TOKEN"])',
        upstash_public.host,
    ),
    L(
        VD,
        "atlas_public_api_key",
        "$ atlas organizations apiKeys list\nID                         DESCRIPTION        PUBLIC KEY\n"
        "{id}   vector-search-ci   {v}",
        pick(string.ascii_lowercase, 8),
        id=hexl(24),
    ),
    L(
        VD,
        "atlas_service_account_id",
        "ATLAS_CLIENT_ID={v}\nATLAS_CLIENT_SECRET=${ATLAS_CLIENT_SECRET:?missing}",
        join("mdb_sa_id_", hexl(24)),
    ),
    L(
        VD,
        "atlas_project_id",
        "$ atlas clusters search indexes create --clusterName Cluster0 --projectId {v} --file vector-index.json",
        hexl(24),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        VD,
        "pinecone_doc_placeholder",
        'Copy your generated key:\nPINECONE_API_KEY="{v}"\n\n# This API key has ReadWrite access to all indexes in your project.',
        const("{{YOUR_API_KEY}}"),
    ),
    L(
        VD,
        "weaviate_env_reference",
        "    auth_credentials=Auth.api_key({v}),",
        const('os.environ["WEAVIATE_API_KEY"]'),
    ),
    L(
        VD,
        "qcloud_env_reference",
        '$ qcloud context set prod --api-key "{v}" --account-id {acct}',
        const("$QDRANT_CLOUD_API_KEY"),
        acct=uuid,
    ),
    L(
        VD,
        "zilliz_doc_placeholder",
        'TOKEN="{v}" # Set your token',
        const("YOUR_CLUSTER_TOKEN"),
    ),
    L(
        VD,
        "chroma_masked_key",
        "$ python scripts/print_config.py\nCHROMA_API_KEY   = {v}\nCHROMA_TENANT    = {tenant}",
        join("ck-", repeated(const("*"), 36), b58(4)),
        tenant=uuid,
    ),
    L(
        VD,
        "turbopuffer_placeholder",
        "# .env.example\nTURBOPUFFER_API_KEY={v}\nTURBOPUFFER_REGION=gcp-us-central1",
        join("tpuf_", repeated(const("x"), 32)),
    ),
    L(
        VD,
        "turbopuffer_gha_secret",
        "      - name: Reindex\n        env:\n          TURBOPUFFER_API_KEY: {v}\n        run: python scripts/reindex.py",
        const("${{ secrets.TURBOPUFFER_API_KEY }}"),
    ),
    L(
        VD,
        "atlas_uri_placeholder",
        "mongodb+srv://rag-app:{v}@cluster0.{cl}.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0",
        const("<db_password>"),
        cl=lower_alnum(5),
    ),
]
