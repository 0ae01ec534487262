"""A fiftieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of message brokers and streaming platforms: Apache Kafka's security
guide (SASL/JAAS `sasl.jaas.config`, SCRAM users via `kafka-configs --add-config`, config providers,
`[hidden]` values in client config dumps), the Confluent CLI reference (`confluent api-key create`,
`confluent secret master-key generate`, `${securepass:…}`), Confluent Cloud client and Schema Registry
settings, kcat, Strimzi / Streams for Apache Kafka KafkaUser secrets, Azure Event Hubs for Kafka
(`$ConnectionString`, SAS policies, `az eventhubs`), Amazon MSK (SASL/SCRAM secrets named
`AmazonMSK_…`, the IAM login module), RabbitMQ (`rabbitmqctl`, `rabbitmq.conf`, the management HTTP
API, amqps URLs, the Erlang cookie), NATS (`nk`, nkeys seeds vs public keys, `.creds` files, `nsc`,
token auth, `nats context`), Redis and Valkey (`requirepass`, `ACL SETUSER`, `redis-cli -a`,
`REDISCLI_AUTH`, `rediss://` URLs), Apache Pulsar token auth (`authParams`, `tokenSecretKey` and
`tokenPublicKey` data URLs) and ZeroMQ CURVE (`curve_keygen`, zcert certificate files), in commands,
config files, tool output, code and prose, with the public keys, names, references and masks the
same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 46 to 49):
19 of 26 secrets caught, 1 of 24 look-alikes altered (missed: an Erlang cookie printed by `cat`, a password said in
prose after `logs in with`, NATS nkey seeds printed by `nk` and in a `.creds` file, a token as a `nats://` URL's
user, a Redis `ACL SETUSER` password after `>`, a CURVE secret key under `curve_keygen`'s header; altered: ZeroMQ's
`curve_serverkey`, the server's public key).
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
    const,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

BR = "brokers"

B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"

# nkeys prefix bytes (seed, operator, account, user), as the nkeys library documents them.
NKEY_PREFIX = {"S": 18 << 3, "O": 14 << 3, "A": 0, "U": 20 << 3}

RSA_PUB_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def _crc16(data: bytes) -> int:
    """CRC-16/XMODEM, the checksum nkeys appends (little-endian) before base32."""
    crc = 0
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def _b32(raw: bytes) -> str:
    return base64.b32encode(raw + _crc16(raw).to_bytes(2, "little")).decode().rstrip("=")


def nkey_public(kind: str):
    """A 56-character public nkey (`U…` user, `A…` account, `O…` operator) with a valid checksum."""
    return lambda rng: _b32(bytes([NKEY_PREFIX[kind]]) + _bytes(rng, 32))


def nkey_seed(kind: str):
    """A 58-character nkey seed (`SU…`, `SA…`, `SO…`): the private half."""

    def make(rng: random.Random) -> str:
        p = NKEY_PREFIX[kind]
        return _b32(bytes([NKEY_PREFIX["S"] | (p >> 5), (p & 31) << 3]) + _bytes(rng, 32))

    return make


def z85_key(rng: random.Random) -> str:
    """A 32-byte CURVE key in Z85 (40 characters)."""
    raw = _bytes(rng, 32)
    out = []
    for i in range(0, 32, 4):
        value = int.from_bytes(raw[i : i + 4], "big")
        out += [Z85[(value // 85**k) % 85] for k in (4, 3, 2, 1, 0)]
    return "".join(out)


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def pulsar_token(rng: random.Random) -> str:
    """An HS256 token as `pulsar tokens create --secret-key … --subject …` prints it."""
    claims = {"sub": rng.choice(("orders-svc", "billing-consumer", "ingest")), "exp": 1735000000 + rng.randrange(10**7)}
    sig = base64.urlsafe_b64encode(_bytes(rng, 32)).decode().rstrip("=")
    return f"{_b64url_json({'alg': 'HS256'})}.{_b64url_json(claims)}.{sig}"


def nats_user_jwt(rng: random.Random) -> str:
    """A v2 NATS user JWT (the non-secret half of a .creds file)."""
    claims = {
        "jti": pick(B32, 52)(rng),
        "iat": 1717000000 + rng.randrange(10**7),
        "iss": nkey_public("A")(rng),
        "name": "orders-svc",
        "sub": nkey_public("U")(rng),
        "nats": {"pub": {}, "sub": {}, "subs": -1, "data": -1, "payload": -1, "type": "user", "version": 2},
    }
    sig = base64.urlsafe_b64encode(_bytes(rng, 64)).decode().rstrip("=")
    return f"{_b64url_json({'typ': 'JWT', 'alg': 'ed25519-nkey'})}.{_b64url_json(claims)}.{sig}"


def b64_bytes(n: int):
    """Standard base64 of n random bytes (a 32-byte key gives 44 characters ending in `=`)."""
    return lambda rng: base64.b64encode(_bytes(rng, n)).decode()


erlang_cookie = pick(string.ascii_uppercase, 20)
confluent_key = upper_alnum(16)
confluent_secret = b64(64)
ccloud_host = join("pkc-", lower_alnum(5), ".eu-west-1.aws.confluent.cloud")
rsa_public_der = join(RSA_PUB_HEAD, b64(342), "IDAQAB")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (19, 26, 1, 24, "the rules for 46 to 49")

TEMPLATES = [
    # ---- secrets: Kafka, Confluent Cloud, Event Hubs, MSK
    S(
        BR,
        "kafka_plain_jaas",
        "# client.properties\nbootstrap.servers={host}:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
        "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{key}'"
        " password='{v}';",
        confluent_secret,
        host=ccloud_host,
        key=confluent_key,
    ),
    S(
        BR,
        "kafka_scram_add_config",
        "$ bin/kafka-configs.sh --bootstrap-server broker-1.kafka.internal:9094 --command-config admin.properties"
        " --alter --add-config 'SCRAM-SHA-512=[iterations=8192,password={v}]' --entity-type users"
        " --entity-name orders-svc",
        password(18),
    ),
    S(
        BR,
        "confluent_api_key_create",
        '$ confluent api-key create --resource lkc-{cl} --service-account sa-{sa} --description "orders producer"\n'
        "It may take a couple of minutes for the API key to be ready.\n"
        "Save the API key and secret. The secret is not retrievable later.\n"
        "+------------+------------------------------------------------------------------+\n"
        "| API Key    | {key}" + " " * 48 + " |\n"
        "| API Secret | {v} |\n"
        "+------------+------------------------------------------------------------------+",
        confluent_secret,
        cl=lower_alnum(6),
        sa=lower_alnum(6),
        key=confluent_key,
    ),
    S(
        BR,
        "schema_registry_user_info",
        "schema.registry.url=https://psrc-{sr}.eu-central-1.aws.confluent.cloud\n"
        "basic.auth.credentials.source=USER_INFO\nbasic.auth.user.info={key}:{v}",
        confluent_secret,
        sr=lower_alnum(5),
        key=confluent_key,
    ),
    S(
        BR,
        "confluent_master_key",
        "$ confluent secret master-key generate --local-secrets-file /etc/kafka/secrets/secrets.txt"
        " --passphrase @/root/.kafka-passphrase\nSave the master key. It cannot be retrieved later.\n"
        "+------------+----------------------------------------------+\n"
        "| Master Key | {v} |\n"
        "+------------+----------------------------------------------+",
        b64_bytes(32),
    ),
    S(
        BR,
        "eventhubs_connection_string_jaas",
        "bootstrap.servers={ns}.servicebus.windows.net:9093\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
        'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="$ConnectionString"'
        ' password="Endpoint=sb://{ns}.servicebus.windows.net/;SharedAccessKeyName=kafka-producer;SharedAccessKey={v}";',
        b64_bytes(32),
        ns=join("evhns-orders-", lower_alnum(4)),
    ),
    S(
        BR,
        "eventhubs_keys_list",
        "$ az eventhubs namespace authorization-rule keys list --resource-group rg-streaming --namespace-name {ns}"
        " --name RootManageSharedAccessKey --query primaryKey -o tsv\n{v}",
        b64_bytes(32),
        ns=join("evhns-orders-", lower_alnum(4)),
    ),
    S(
        BR,
        "msk_scram_secret_string",
        "$ aws secretsmanager create-secret --name AmazonMSK_orders --kms-key-id alias/msk-scram"
        ' --secret-string \'{"username":"orders","password":"{v}"}\'',
        password(20),
    ),
    S(
        BR,
        "kcat_sasl_password",
        "$ kcat -b {host}:9092 -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN -X sasl.username={key}"
        " -X sasl.password={v} -t orders -C -c 5 -e",
        confluent_secret,
        host=ccloud_host,
        key=confluent_key,
    ),
    S(
        BR,
        "strimzi_user_secret",
        "$ kubectl get secret orders-consumer -n kafka -o jsonpath='{.data.password}' | base64 -d\n{v}",
        b62(32),
    ),
    # ---- secrets: RabbitMQ
    S(
        BR,
        "rabbitmqctl_add_user",
        "$ rabbitmqctl add_user 'billing' '{v}'\nAdding user \"billing\" ...",
        password(18),
    ),
    S(BR, "amqps_url", "CELERY_BROKER_URL=amqps://billing:{v}@rabbit.internal:5671/billing", b62(24)),
    S(
        BR,
        "rabbitmq_mgmt_basic_auth",
        "$ curl -s -u admin:{v} -H 'content-type:application/json' -X PUT http://rabbit.internal:15672/api/vhosts/billing",
        b62(20),
    ),
    S(BR, "erlang_cookie", "$ sudo cat /var/lib/rabbitmq/.erlang.cookie\n{v}", erlang_cookie),
    S(
        BR,
        "rabbitmq_password_prose",
        "Done: the RabbitMQ user `reporting` now logs in with `{v}` (set via `rabbitmqctl change_password`), and I"
        " granted it read-only permissions on the `/analytics` vhost.",
        password(16),
    ),
    # ---- secrets: NATS
    S(BR, "nk_seed_output", "$ nk -gen user -pubout\n{v}\n{pub}", nkey_seed("U"), pub=nkey_public("U")),
    S(
        BR,
        "nats_creds_seed",
        "$ cat ~/.nats/orders-svc.creds\n-----BEGIN NATS USER JWT-----\n{jwt}\n------END NATS USER JWT------\n\n"
        "************************* IMPORTANT *************************\n"
        "NKEY Seed printed below can be used to sign and prove identity.\n\n"
        "-----BEGIN USER NKEY SEED-----\n{v}\n------END USER NKEY SEED------",
        nkey_seed("U"),
        jwt=nats_user_jwt,
    ),
    S(BR, "nats_token_url", "export NATS_URL=nats://{v}@nats-0.nats.messaging.svc:4222", b62(32)),
    # ---- secrets: Redis and Valkey
    S(
        BR,
        "redis_requirepass",
        "# /etc/redis/redis.conf\nbind 10.0.4.12\nport 6379\nrequirepass {v}\nmaxmemory 2gb",
        hexl(64),
    ),
    S(
        BR,
        "redis_acl_setuser",
        "127.0.0.1:6379> ACL SETUSER worker on >{v} ~jobs:* &jobs:* +@list +@connection\nOK",
        password(20),
    ),
    S(
        BR,
        "valkey_cli_a",
        "$ valkey-cli -h cache-01.internal -p 6380 --tls --cacert ca.crt -a '{v}' --no-auth-warning INFO replication",
        b62(32),
    ),
    S(BR, "rediss_url", "REDIS_URL=rediss://default:{v}@cache-01.internal:6380/0", b62(32)),
    # ---- secrets: Pulsar
    S(
        BR,
        "pulsar_client_conf_token",
        "webServiceUrl=https://pulsar.internal:8443/\nbrokerServiceUrl=pulsar+ssl://pulsar.internal:6651/\n"
        "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:{v}",
        pulsar_token,
    ),
    S(
        BR,
        "pulsar_token_secret_key_inline",
        "authenticationEnabled=true\n"
        "authenticationProviders=org.apache.pulsar.broker.authentication.AuthenticationProviderToken\n"
        "tokenSecretKey=data:;base64,{v}",
        b64_bytes(32),
    ),
    # ---- secrets: ZeroMQ CURVE
    S(
        BR,
        "curve_keygen_secret",
        "$ curve_keygen\n\n== CURVE PUBLIC KEY ==\n{pub}\n\n== CURVE SECRET KEY ==\n{v}",
        z85_key,
        pub=z85_key,
    ),
    S(
        BR,
        "zcert_secret_file",
        "$ cat certificates/server.key_secret\n#   ****  Generated on 2024-05-02 10:12:44 by pyzmq  ****\n"
        "#   ZeroMQ CURVE **Secret** Certificate\n"
        "#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change its permissions.\n\n"
        'metadata\ncurve\n    public-key = "{pub}"\n    secret-key = "{v}"',
        z85_key,
        pub=z85_key,
    ),
    # ---- look-alikes: public identifiers and public keys
    L(
        BR,
        "confluent_api_key_id",
        "`{v}` is only the API key (Confluent uses it as the SASL username); the matching secret lives in Vault at"
        " kv/kafka/orders-producer, so I left it out of client.properties.",
        confluent_key,
    ),
    L(
        BR,
        "nats_user_public_nkey",
        'authorization: {\n  users: [\n    { nkey: {v}, permissions: { publish: "orders.>" } }\n  ]\n}',
        nkey_public("U"),
    ),
    L(
        BR,
        "nsc_operator_key",
        '$ nsc add operator acme\n[ OK ] generated and stored operator key "{v}"\n[ OK ] added operator "acme"',
        nkey_public("O"),
    ),
    L(
        BR,
        "zmq_server_public_key",
        "client = ctx.socket(zmq.REQ)\nclient.curve_secretkey = client_secret\nclient.curve_publickey = client_public\n"
        'client.curve_serverkey = b"{v}"\nclient.connect("tcp://ingest.internal:5556")',
        z85_key,
    ),
    L(
        BR,
        "zcert_public_file",
        "$ cat certificates/server.key\n#   ****  Generated on 2024-05-02 10:12:44 by pyzmq  ****\n"
        "#   ZeroMQ CURVE Public Certificate\n"
        "#   Exchange securely, or use a secure mechanism to verify the contents\n\n"
        'metadata\ncurve\n    public-key = "{v}"',
        z85_key,
    ),
    L(
        BR,
        "pulsar_token_public_key",
        "authenticationProviders=org.apache.pulsar.broker.authentication.AuthenticationProviderToken\n"
        "tokenPublicAlg=RS256\ntokenPublicKey=data:;base64,{v}",
        rsa_public_der,
    ),
    L(
        BR,
        "msk_iam_role_arn",
        "security.protocol=SASL_SSL\nsasl.mechanism=AWS_MSK_IAM\n"
        'sasl.jaas.config=software.amazon.msk.auth.iam.IAMLoginModule required awsRoleArn="{v}"'
        ' awsStsRegion="eu-west-1";\n'
        "sasl.client.callback.handler.class=software.amazon.msk.auth.iam.IAMClientCallbackHandler",
        join("arn:aws:iam::", digits(12), ":role/msk-orders-producer"),
    ),
    L(
        BR,
        "msk_scram_secret_arn",
        "$ aws kafka batch-associate-scram-secret --cluster-arn arn:aws:kafka:eu-west-1:{acct}:cluster/orders/{cid}-3"
        " --secret-arn-list {v}",
        join("arn:aws:secretsmanager:eu-west-1:", digits(12), ":secret:AmazonMSK_orders-", b62(6)),
        acct=digits(12),
        cid=uuid,
    ),
    L(
        BR,
        "eventhubs_policy_name",
        "$ az eventhubs namespace authorization-rule list --resource-group rg-streaming --namespace-name {ns}\n[\n  {\n"
        '    "name": "{v}",\n    "resourceGroup": "rg-streaming",\n    "rights": ["Listen", "Manage", "Send"]\n  }\n]',
        const("RootManageSharedAccessKey"),
        ns=join("evhns-orders-", lower_alnum(4)),
    ),
    L(
        BR,
        "eventhubs_connection_string_user",
        'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="{v}"'
        ' password="${EVENTHUBS_CONNECTION_STRING}";',
        const("$ConnectionString"),
    ),
    # ---- look-alikes: references, paths and names of secrets
    L(
        BR,
        "confluent_securepass_ref",
        "config.providers=securepass\n"
        "config.providers.securepass.class=io.confluent.kafka.security.config.provider.SecurePassConfigProvider\n"
        "ssl.keystore.password={v}",
        const("${securepass:/etc/kafka/secrets/secrets.txt:server.properties/ssl.keystore.password}"),
    ),
    L(
        BR,
        "kafka_file_config_provider",
        "config.providers=file\nconfig.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\n"
        'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="orders"'
        ' password="{v}";',
        const("${file:/etc/kafka/secrets/orders.properties:password}"),
    ),
    L(
        BR,
        "strimzi_secret_ref",
        "        env:\n          - name: KAFKA_SASL_PASSWORD\n            valueFrom:\n              secretKeyRef:\n"
        "                name: {v}\n                key: password",
        const("orders-consumer"),
    ),
    L(
        BR,
        "nats_creds_path",
        "$ nats context save orders --server tls://nats.internal:4222 --creds {v} --select",
        const("~/.local/share/nats/nsc/keys/creds/acme/ORDERS/orders-svc.creds"),
    ),
    L(
        BR,
        "pulsar_token_file",
        "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams={v}",
        const("file:///etc/pulsar/tokens/orders-svc.jwt"),
    ),
    L(
        BR,
        "rediscli_auth_ref",
        '$ export REDISCLI_AUTH="{v}"\n$ redis-cli -h cache-01.internal -p 6380 --tls PING\nPONG',
        const("$(cat /run/secrets/redis_password)"),
    ),
    # ---- look-alikes: masks, placeholders and non-secret settings under secret-sounding keys
    L(
        BR,
        "kafka_hidden_config",
        "[2024-06-11 09:14:02,118] INFO ProducerConfig values:\n\tacks = -1\n\tbootstrap.servers = [{host}:9092]\n"
        "\tsasl.jaas.config = {v}\n\tsasl.mechanism = PLAIN\n\tsecurity.protocol = SASL_SSL\n"
        " (org.apache.kafka.clients.producer.ProducerConfig)",
        const("[hidden]"),
        host=ccloud_host,
    ),
    L(
        BR,
        "kafka_scram_describe",
        "$ bin/kafka-configs.sh --bootstrap-server localhost:9092 --describe --entity-type users --entity-name orders-svc\n"
        "SCRAM credential configs for user-principal 'orders-svc' are {v}",
        const("SCRAM-SHA-256=iterations=8192, SCRAM-SHA-512=iterations=4096"),
    ),
    L(
        BR,
        "redis_conf_placeholder",
        "# aclfile /etc/redis/users.acl\n# requirepass {v}\nmaxmemory-policy allkeys-lru",
        const("foobared"),
    ),
    L(
        BR,
        "rabbitmq_hashing_module",
        "# /etc/rabbitmq/rabbitmq.conf\nloopback_users.guest = true\npassword_hashing_module = {v}",
        const("rabbit_password_hashing_sha512"),
    ),
    L(
        BR,
        "schema_registry_credentials_source",
        "schema.registry.url=https://psrc-{sr}.eu-central-1.aws.confluent.cloud\n"
        "basic.auth.credentials.source={v}\nbasic.auth.user.info=${SR_API_KEY}:${SR_API_SECRET}",
        const("USER_INFO"),
        sr=lower_alnum(5),
    ),
    L(
        BR,
        "placeholder",
        "# .env.example: copy to .env and paste the key pair from `confluent api-key create`\n"
        "CONFLUENT_CLOUD_API_KEY=<api-key>\nCONFLUENT_CLOUD_API_SECRET={v}",
        interleaved(64),
    ),
    L(
        BR,
        "placeholder",
        "$ rabbitmqctl add_user billing '{v}'   # runbook step 3, use the value from the password manager",
        const("<strong-password>"),
    ),
    L(
        BR,
        "image_digest",
        "$ docker pull rabbitmq:3.13-management\n3.13-management: Pulling from library/rabbitmq\n"
        "Digest: sha256:{v}\nStatus: Downloaded newer image for rabbitmq:3.13-management",
        hexl(64),
    ),
]
