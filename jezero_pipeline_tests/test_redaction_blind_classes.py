"""The kinds of case the blind held-out sets (round3/heldout10 to 234) found missing, each with
lines of our own: the rule must hold for the kind, not for the held-out line.

Every secret must lie wholly inside a marker; every look-alike must come back byte-identical.
"""

from __future__ import annotations

import base64
import json

import pytest

from jezero_pipeline.redaction import Redactor

R = Redactor()
HEX = "7c1e5a93f04b8d62e9a17c3f5b08d4e6a2f91c7d3b5e08a4f6c29d1e7b3a5f08"  # random, 64 hex digits
TOKEN = "Xk9Qm2LpR7vT4wZs8NcY3hJd"
B64 = "q3Vt8Lm2Zx9Rk4Wp7Yc1Nf6Hs0Jd5Gb2Ta8Ue3Mo6Ki9="  # random, a 32-byte key's length
PW = "Vq8#rT2m!Lx9"
UUID = "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f"
UUID2 = "9b1e7c2d-4a3f-4e8b-b6d1-0c2f5a8e7d39"
# An encrypted JWT as its compact form writes it: header (RSA-OAEP, A256GCM), key, IV, ciphertext, tag.
JWE = (
    "eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ."
    + "Kx9mQ2vLp4Rt7vZ1sWc3Nb6H" * 3
    + ".q3Vt8Lm2Zx9R"
    + ".Yc1Nf6Hs0Jd5Gb2Ta8Ue3Mo6" * 1
    + ".Ki9Rk4Wp7Yc1Nf6Hs0Jd5A"
)
B58 = "4Z7kQm9XpLr2vT8wNcY5hJdBfGs3aE6uRqWx1yK9oPz2MnV7tC4eH8iDj5LbFg3S"  # random, base58
# A tunnel token as Cloudflare writes one: base64 of its account, tunnel and secret
TUNNEL = base64.b64encode(json.dumps({"a": HEX[:32], "t": UUID, "s": B64}, separators=(",", ":")).encode()).decode()


def covered(text: str, secret: str) -> bool:
    start = text.index(secret)
    spans = R.spans(text)
    return all(any(s.start <= i < s.end for s in spans) for i in range(start, start + len(secret)))


SECRETS = [
    # a key in a conversion (`[]byte(…)`, `bytes.fromhex(…)`, `Buffer.from(…)`): the keyed call decides
    (f'sig = hmac.new(bytes.fromhex("{HEX}"), body, hashlib.sha256)', HEX),
    (f"const h = crypto.createHmac('sha512', Buffer.from('{HEX}', 'hex'));", HEX),
    (f'using var h = new HMACSHA256(Encoding.UTF8.GetBytes("{HEX[:40]}"));', HEX[:40]),
    (f'cipher = AES.new(unhexlify("{HEX[:32]}"), AES.MODE_GCM)', HEX[:32]),
    # a token piped into a login that reads it from its input
    (f'echo "{TOKEN}" | gh auth login --with-token', TOKEN),
    (f"printf {TOKEN} | npm login --registry https://npm.example.org", TOKEN),
    # a PHP constant defined with a secret name, and a configured salt under any spelling
    ("define('DB_PASSWORD', 'Tr0ub4dor&3x');", "Tr0ub4dor&3x"),
    ("define( 'SECURE_AUTH_SALT', 'H`q}5Zp;Rw8|x!Lm2^cV@9nB' );", "H`q}5Zp;Rw8|x!Lm2^cV@9nB"),
    ("HASHIDS_SALT=9fKq2Lm7Rx4Tz8Wb", "9fKq2Lm7Rx4Tz8Wb"),
    # a password among `;name=value` pairs holds `&`; in a query string `&` still ends it
    ("Server=tcp:db.example.net,1433;Database=app;User ID=app;Password=p&ssW0rd!x9;Encrypt=True;", "p&ssW0rd!x9"),
    ("jdbc:sqlserver://db:1433;user=sa;password=Zk8&Tq1vR4;encrypt=true", "Zk8&Tq1vR4"),
    # a signed token whose header names its algorithm, whatever its payload
    (
        "https://bi.example.org/embed/question/eyJhbGciOiJIUzI1NiJ9.c29tZSByZXNvdXJjZSBpZA.Q7vB2nK9xLm4Tz8RwY1sPd6F#x",
        "eyJhbGciOiJIUzI1NiJ9.c29tZSByZXNvdXJjZSBpZA.Q7vB2nK9xLm4Tz8RwY1sPd6F",
    ),
    # an app password as Google prints it, quoted or not
    ('MAIL_PASSWORD="qwhe rtzu pkld mnbv"', "qwhe rtzu pkld mnbv"),
    ("smtp_password: bxkq wnze rtyl opsd", "bxkq wnze rtyl opsd"),
    # an Azure DevOps token without a label: its checksum block and AZDO marker
    (
        "the PAT is 8fK2mQ9xLp4Rt7vZ1sWc3Nb6Hy0Jd5Ge8uAo2Ti4Yr7Ek9Pl1Mn3JQQJ99BCa7Xz2Qw5Ld8Ks1Vf4AZDOg7Hk now",
        "8fK2mQ9xLp4Rt7vZ1sWc3Nb6Hy0Jd5Ge8uAo2Ti4Yr7Ek9Pl1Mn3JQQJ99BCa7Xz2Qw5Ld8Ks1Vf4AZDOg7Hk",
    ),
    # a live webhook stays redacted whole
    (
        f"WEBHOOK=https://hooks.slack.com/services/T024BE7LD/B01ABCDE2FG/{TOKEN}",
        f"https://hooks.slack.com/services/T024BE7LD/B01ABCDE2FG/{TOKEN}",
    ),
    # a reset link's token after the action word, and in its query
    (f"https://app.example.com/account/reset-password/{TOKEN}", TOKEN),
    (f"https://app.example.com/u/confirm?token={TOKEN}&x=1", TOKEN),
    # heldout12 and 13: a name under one key, its value under the next
    ('- name: SMTP_PASSWD\n  value: "Tq8#vLm2!xRz"', "Tq8#vLm2!xRz"),
    ('"secrets": [{"name": "SIGNING_SECRET", "value": "Hk3$pQ9zLw2xVb7N"}]', "Hk3$pQ9zLw2xVb7N"),
    # a YAML anchor before the value
    ("redis:\n  auth_token: &redis_token Wc4Lq9Zx2Rt7Vb5Nm8Kp", "Wc4Lq9Zx2Rt7Vb5Nm8Kp"),
    # Vault's AppRole secret id, as an argument and in a table
    (
        "vault write auth/approle/login role_id=ci secret_id=4c2e8a1f-9b7d-4e3a-8f6c-1d2b3a4c5e6f",
        "4c2e8a1f-9b7d-4e3a-8f6c-1d2b3a4c5e6f",
    ),
    ("secret_id        7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f", "7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f"),
    # a key given to a factory whose result is named a client
    (f'const adminSdk = createAdminClient("proj-42", "{HEX[:32]}")', HEX[:32]),
    (f'session = boto3_like.connect("eu-1", "{TOKEN}")', TOKEN),
    # older held-out sets and heldout15: a converted literal under a key name, an ftp script's user
    # line, a user and password a slash apart, a flag named for what it takes
    (f'DATA_KEY = base64.b64decode("{HEX[:44]}")', HEX[:44]),
    ("ftp -inv mirror.example.net <<END\nuser uploader Qz7!vR2#kLm9\nbinary\nEND", "Qz7!vR2#kLm9"),
    ("staging creds: root / Tq8#vLm2!xRz (rotate after the demo)", "Tq8#vLm2!xRz"),
    (f"aws secretsmanager put-secret-value --secret-id prod/api --secret-string '{TOKEN}'", TOKEN),
    # heldout14: a password under a name in another language
    ("db:\n  wachtwoord: Zx9!kLm2#Qw7", "Zx9!kLm2#Qw7"),
    ('$config["hasło"] = "Zx9!kLm2#Qw7";', "Zx9!kLm2#Qw7"),
    ("пароль: Zx9!kLm2#Qw7", "Zx9!kLm2#Qw7"),
    ("const motDePasse = 'Zx9!kLm2#Qw7';", "Zx9!kLm2#Qw7"),
    # a fallback literal after a lookup, under the name it is assigned to
    ('const senha = process.env.DB_SENHA || "Zx9!kLm2#Qw7";', "Zx9!kLm2#Qw7"),
    # the secret after a key's id, and a UUID built into an Authorization header
    (f"$ ccloud api-key store ABCD2345EFGH6789 {TOKEN} --resource lkc-1", TOKEN),
    (
        'req.Headers.Authorization = new AuthenticationHeaderValue("Splunk", "7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f");',
        "7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f",
    ),
    # a Salesforce token: the org id, a `!`, the body
    (
        "SF_ACCESS_TOKEN=00D8d000001AbCd!AQEAQKx9Lm2Qw7Rt4Zp8Vb3Nc6Hd1Fg5Js0Ye2Uo7Ii4Mk9Pl3Tq8Wr6Xs1Az5",
        "00D8d000001AbCd!AQEAQKx9Lm2Qw7Rt4Zp8Vb3Nc6Hd1Fg5Js0Ye2Uo7Ii4Mk9Pl3Tq8Wr6Xs1Az5",
    ),
    # heldout16 and 17: what a command printed that prints a secret, on the next line or said after it
    (f"$ gcloud secrets versions access latest --secret=stripe-live\n{TOKEN}", TOKEN),
    (f"$ printenv SENTRY_AUTH_TOKEN\n{TOKEN}", TOKEN),
    (f"I made the key with `openssl rand -base64 32`, which gave {HEX[:44]}", HEX[:44]),
    # a value in a table a CLI drew, a password manager's field, a secret's value under its own key
    ("│ STRIPE_SECRET   │ Hk3$pQ9zLw2xVb7N   │", "Hk3$pQ9zLw2xVb7N"),
    ('{"label": "password", "value": "Tq8#vLm2!xRz", "type": "CONCEALED"}', "Tq8#vLm2!xRz"),
    (f'{{"secretKey": "STRIPE_KEY", "secretValue": "{TOKEN}"}}', TOKEN),
    # a flag and its value as two elements of an argv list; a format before the piped value
    ('command: ["valkey-server", "--requirepass", "Tq8#vLm2!xRz"]', "Tq8#vLm2!xRz"),
    (f"printf '%s' '{TOKEN}' | wrangler secret put STRIPE_KEY", TOKEN),
    # heldout19: a password after a repository's user, a token as a URL's user, a key under `-k`
    (f"poetry config http-basic.internal deploy '{TOKEN}'", TOKEN),
    (f"pip install --extra-index-url https://{TOKEN}:@pkgs.example.org/simple/ app", TOKEN),
    (f"+ uploader push dist/app.whl -k {HEX[:40]}", HEX[:40]),
    # heldout20 and 21: a secret field printed as text, a token printed after a warning, a long
    # session token under its name, a request's signature, a NATS seed
    (f"$ aws iam get-thing --query Thing.SecretKey --output text\n{TOKEN}", TOKEN),
    (f"$ gcloud auth print-identity-token\nWARNING: impersonating\n{HEX}", HEX),
    ("export AWS_SESSION_TOKEN=" + "FwoGZXIvYXdz" + TOKEN * 30, "FwoGZXIvYXdz" + TOKEN * 30),
    (
        "Authorization: AWS4-HMAC-SHA256 Credential=X/20250101/eu-west-1/s3/aws4_request, "
        f"SignedHeaders=host;x-amz-date, Signature={HEX}",
        HEX,
    ),
    (
        'seed = "SUAM3T6XQ2W4YF5ZKJ7LPGR3NHSDB6VEC2XW7Q4ZJ5K3MLYT6PRAN2Q4SE"',
        "SUAM3T6XQ2W4YF5ZKJ7LPGR3NHSDB6VEC2XW7Q4ZJ5K3MLYT6PRAN2Q4SE",
    ),
    # heldout22 and 23: a key after a flag of the login, a UUID that is a client's only argument
    (f"$ wandb login --relogin {HEX[:40]}", HEX[:40]),
    ('var mail = new MailClient("7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f");', "7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f"),
    # heldout24 and 25: a DSL's call without parentheses, a property list's key and string, a
    # command's --name and --value, a vendor's key header in a list of headers
    ("    keyPassword 'Tq8#vLm2!xRz'\n    keyAlias 'upload'", "Tq8#vLm2!xRz"),
    (f"<key>SentryAuthToken</key>\n<string>{TOKEN}</string>", TOKEN),
    (f"aws ssm put-parameter --name /prod/stripe/secret --type SecureString --value {TOKEN}", TOKEN),
    (f'OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team={TOKEN},x-honeycomb-dataset=api"', TOKEN),
    # a name standing apart from its value is read with the words a name before its value is: a
    # password in another language, a salt, a pre-shared key, an AppRole secret id
    (f'        - name: DB_SENHA\n          value: "{TOKEN}"', TOKEN),
    (f'        - name: APP_PASSWORT\n          value: "{TOKEN}"', TOKEN),
    (f'export WP_AUTH_SALT="${{WP_AUTH_SALT:-{TOKEN}}}"', TOKEN),
    (f"<key>IPSEC_PSK</key>\n<string>{TOKEN}</string>", TOKEN),
    (
        "$ az keyvault secret set --vault-name kv-prod --name approle-secret-id --value 5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f",
        "5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f",
    ),
    # heldout26 to 29: a value printed by a generator, by a `config get` of a secret's name, by a
    # command that makes a credential (after its scheme), or by `cat` of a file named for a secret
    (f"$ node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"\n{B64}", B64),
    (f"$ mix phx.gen.secret\n{TOKEN}{TOKEN}", TOKEN + TOKEN),
    (f"$ bin/rails secret\n{HEX}{HEX}", HEX + HEX),
    (f"$ wg genkey\n{B64}", B64),
    (f"$ pnpm config get //npm.pkg.example.com/:_authToken\n{TOKEN}", TOKEN),
    (f"$ gh variable get DEPLOY_TOKEN --repo acme/api\n{TOKEN}", TOKEN),
    (f"$ acme tokens create --name ci\nAcmeV2 {TOKEN}", TOKEN),
    (f"$ cat /run/secrets/db_password\n{PW}", PW),
    (f"$ head -2 deploy.creds\nci-bot\n{PW}", PW),
    # a network device's password after its encoding type, an SNMP community, a static key block
    ("enable password 7 0822455D0A16", "0822455D0A16"),
    (f" username admin privilege 15 secret 0 {PW}", PW),
    ("tacacs-server host 10.0.0.5 key 7 045802150C2E", "045802150C2E"),
    ("snmp-server community n0tPub1icR04x RO", "n0tPub1icR04x"),
    (
        f"-----BEGIN OpenVPN Static key V1-----\n{HEX[:32]}\n{HEX[32:]}\n{HEX[:32]}\n-----END OpenVPN Static key V1-----",
        HEX[32:],
    ),
    # a dotted setting with the secret word inside it, as a pair or as a setter's two arguments
    (f'hadoopConf.set("fs.azure.account.key.mystore.blob.core.windows.net", "{B64}{B64}")', B64 + B64),
    (f"schema.registry.basic.auth.user.info: ABCD1234EFGH5678:{TOKEN}", TOKEN),
    # `--auth`, a quoted `--user` whose password holds spaces, a setter's quoted name, a list of keys
    (f"$ acme deploy --prod --auth {TOKEN}", TOKEN),
    (
        "$ curl --user 'admin:ab12 CD34 ef56 GH78 ij90 KL12' https://wp.example.com/wp-json/wp/v2/users/me",
        "ab12 CD34 ef56 GH78 ij90 KL12",
    ),
    (f'$ dotnet user-secrets set "Smtp:Password" "{PW}"', PW),
    (
        "SESSION_KEYS=Zm9vYmFyYmF6cXV4MTIzNA==,cXV4YmF6YmFyZm9vNDU2Nw==,YmF6cXV4Zm9vYmFyNzg5MA==",
        "cXV4YmF6YmFyZm9vNDU2Nw==",
    ),
    ('curl "https://api.example.org/v1/run?key=Xq7mP2vL9k"', "Xq7mP2vL9k"),
    # heldout31 to 33: a batch-mode `…passwd FILE USER PW`, a pre-shared key's flag, a key as 16
    # bytes, a query printed as tsv, a token made among other lines, NickServ's IDENTIFY, a token
    # under a login, a key named for what it may do
    (f"$ sudo mosquitto_passwd -b passwd.txt mqtt-bridge {PW}", PW),
    (f"$ openssl s_client -connect edge:8443 -psk_identity edge-01 -psk {HEX[:32]}", HEX[:32]),
    (f"$ mosquitto_sub -h broker -p 8884 --psk {HEX[:32]} --psk-identity node-3 -t 'sensors/#'", HEX[:32]),
    (
        "aes_key = [12, 200, 7, 93, 141, 66, 250, 3, 188, 19, 77, 230, 54, 101, 9, 172]",
        "12, 200, 7, 93, 141, 66, 250, 3, 188, 19, 77, 230, 54, 101, 9, 172",
    ),
    (f"$ az cosmosdb keys list -n orders -g prod --query primaryMasterKey -o tsv\n{B64}", B64),
    (f"$ acme token create --ttl 90d\nUsing profile ops\nToken (shown once):\n    {HEX[:40]}", HEX[:40]),
    (f"/msg NickServ IDENTIFY {PW}", PW),
    (f"SCANNER_LOGIN={HEX[:40]}", HEX[:40]),
    ("INGEST_KEY=5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f", "5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f"),
    # heldout30: a list's one element under a secret name, SSSD's `authtok`, a `…PW` name, a value in
    # brackets after its backticked command, a YAML list under a key that names secrets, a vendor
    # token's signature after a dot, a key file in base64 under a name that says so
    (f'      "clientSecret" : [ "{TOKEN}" ],', TOKEN),
    (f"ldap_default_authtok = {PW}", PW),
    (f"    adminPW: {PW}", PW),
    (
        f"I made the session key with `openssl rand -hex 32 | tr 'a-f' 'A-F'` ({HEX.upper()}) and stored it.",
        HEX.upper(),
    ),
    (f"api_keys:\n  - {TOKEN}\n  - {TOKEN[::-1]}\nport: 8080", TOKEN[::-1]),
    (f"secrets:\n- {TOKEN}\nport: 8080", TOKEN),
    (f"Authorization: Bearer vnd_at_{TOKEN}.{TOKEN[::-1]}", TOKEN[::-1]),
    (f"KEYSTORE_BASE64: {B64[:-1] * 4}=", B64[:-1] * 4),
    # heldout34 to 37: a key as a DSN's user, a credential made by a script, a key said in prose a
    # few words before `is` or in brackets, a literal of a call written one argument a line, an auth
    # code, a hex key under `accounts`, a phrase on the line after the one naming it, key bytes
    # printed by `cat`, a base58 key decoded for a keypair, a map of keys per network, a key as an
    # RPC URL's path, a value printed by `vars get`
    (f"MAILER_DSN=mailer+api://{TOKEN}:mg.example.org@default", TOKEN),
    (f"$ ./scripts/tokens_create.py ci\nstored in the vault too\n{TOKEN}", TOKEN),
    (f"The deploy token for staging is {TOKEN}; rotate it monthly.", TOKEN),
    (f"I stored the signing secret ({TOKEN}) in the vault.", TOKEN),
    (f'ok = verify_webhook_signature(\n    payload,\n    headers["X-Sig"],\n    "{PW}",\n)', PW),
    (f"$ curl https://vendors.example.com/api -d vendor_auth_code={HEX[:40]}", HEX[:40]),
    (f'      accounts: ["0x{HEX}"],', "0x" + HEX),
    (
        "Write down this recovery phrase to restore your wallet:\n"
        "apple river stone cloud maple tiger ocean pilot lemon frost honey candle",
        "apple river stone cloud maple tiger ocean pilot lemon frost honey candle",
    ),
    (
        "$ cat keys/deployer.json\n[12, 200, 7, 93, 141, 66, 250, 3, 188, 19, 77, 230, 54, 101, 9, 172]",
        "12, 200, 7, 93, 141, 66, 250, 3, 188, 19, 77, 230, 54, 101, 9, 172",
    ),
    (f'const kp = Keypair.fromSecretKey(bs58.decode("{B58}"));', B58),
    (f'  etherscan: {{\n    apiKey: {{\n      mainnet: "{TOKEN}",\n      base: "{PW}",\n    }},\n  }},', PW),
    (f"RPC=https://rpc.example-node.io/v3/{HEX[:32]}", HEX[:32]),
    (f"RPC=https://edge-1.nodes.example.net/{HEX[:40]}/", HEX[:40]),
    (f"$ npx hardhat vars get INFURA_API_KEY\n{TOKEN}", TOKEN),
    # heldout38 to 41: a password printed on the line below the one that names it, a password as
    # an account-making call's literal, a Secret's data printed by jsonpath, a value printed by
    # `keystore show` or among a reset's lines, a token in a table's `Token` column, a token a
    # `get-…-password` command prints, `-p=` in quotes, a key as `authorize`'s second argument
    (f"Please use the following password to proceed to installation:\n{HEX[:32]}\n", HEX[:32]),
    (f'realm.createAccount("admin", "{PW}")', PW),
    (f'$ kubectl get secret app-admin -o jsonpath="{{.data.password}}"\n{B64}', B64),
    (f"$ bin/app-keystore show smtp.secure_password\n{TOKEN}", TOKEN),
    (f"$ bin/app-reset-password -u admin\nThe password will be printed below.\n\nNew value: {TOKEN}", TOKEN),
    (f"$ acme auth list\nID\tName\tToken\tCreated\n7f3e2a1b\tci reader\t{TOKEN}\t2026-01-02", TOKEN),
    (f"$ aws codeartifact get-authorization-token --domain acme --query authorizationToken\n{B64}", B64),
    (f'$ docker login -u="acme+bot" -p="{TOKEN}" registry.example.com', TOKEN),
    (f"$ store account authorize 00578c4763b39cb0000005647 {TOKEN}", TOKEN),
    # heldout42 to 45: a literal of C#'s target-typed `new(…)`, PowerShell's plain-text secure
    # strings, printed credentials and `[byte[]](…)` keys, `-Name … -Value …`, a `…_PAT`, a
    # recovery password below `Password:`, `+login`, a map of keys, `{PLAIN}`, `sasl_passwd`
    (f'CosmosClient c = new("https://db.example.com:443/", "{B64[:-1] * 2}==");', B64[:-1] * 2),
    (f"$pw = ConvertTo-SecureString '{PW}' -AsPlainText -Force", PW),
    (f"PS> $cred.GetNetworkCredential().Password\n{PW}", PW),
    (f"PS> Get-AcmeVaultSecret -Name db -AsPlainText\n{TOKEN}", TOKEN),
    (
        "$Key = [byte[]](12, 200, 7, 93, 141, 66, 250, 3, 188, 19, 77, 230, 54, 101, 9, 172)",
        "12, 200, 7, 93, 141, 66, 250, 3, 188, 19, 77, 230, 54, 101, 9, 172",
    ),
    (f"Set-ItemProperty -Path cfg -Name 'apiSecret' -Value '{TOKEN}'", TOKEN),
    (f"$env:BUILD_PAT = '{TOKEN}'", TOKEN),
    (
        "    Password:\n      087087-536470-382481-663058-316888-516615-240922-004411",
        "087087-536470-382481-663058-316888-516615-240922-004411",
    ),
    (f"$ ./steamcmd.sh +login builder {PW} +quit", PW),
    (f"keys:\n  APIk3x9Qm2Lp: {TOKEN}{TOKEN[::-1]}", TOKEN + TOKEN[::-1]),
    (f"admin@example.org:{{PLAIN}}{PW}:5000:5000::/var/vmail", PW),
    (f"# /etc/postfix/sasl_passwd\n[smtp.example.net]:587 relay:{PW}", PW),
    # heldout46 to 49: a `.auth` file printed by `cat`, a decrypted credential, a passphrase piped to
    # a key file on stdin, a key as `-u`'s user with no password, a key in brackets after `key`
    (f"$ sudo cat /etc/openvpn/client/site.auth\nvpn-user\n{PW}", PW),
    (f"$ systemd-creds decrypt /etc/credstore.encrypted/db.cred -\n{TOKEN}", TOKEN),
    (f"$ printf '%s' '{PW}' | sudo cryptsetup open /dev/sdb1 vault --key-file=-", PW),
    (f"$ curl https://api.example.com/import -u {HEX[:32]}: -d @events.json", HEX[:32]),
    (f"The key you pasted ({TOKEN}) works against the API.", TOKEN),
    # a licence key is generated; a licence's name is not (below)
    (f"license_key: {HEX}", HEX),
    ('licence_key = "Q2F4-9XKL-77PA-ZZ3M"', "Q2F4-9XKL-77PA-ZZ3M"),
    # heldout50 to 54: a tool's `token` subcommand prints one, as a command or a tool call
    (f"$ jupyterhub token svc-backup\n{HEX[:32]}", HEX[:32]),
    (
        f'[2026-05-10 00:41] assistant: tool call: Bash {{"command":"hubctl token ci"}}\n'
        f"[2026-05-10 00:41] assistant: tool result: Bash: {HEX[:40]}",
        HEX[:40],
    ),
    # a generator named before what it makes, and a long label that names what was made
    (f"$ ./bin/app generate secret JWT_SECRET\n{TOKEN}{TOKEN}", TOKEN + TOKEN),
    (
        f"$ forgejo admin user generate-access-token --username ci\nAccess token was successfully created: {HEX[:40]}",
        HEX[:40],
    ),
    ("The generated password for infra/db/replica is:\n" + PW, PW),
    # triple-quoted values, a user made by their email address, a password said as what one logs in with
    (f'DATABASE_PASSWORD = """{PW}"""', PW),
    (f"$ ./app admin create ops@example.org {PW}", PW),
    (f"The service account now logs in with `{PW}` until the rotation.", PW),
    # a NATS seed whose body reads like a public key, a token as a URL's user in any scheme
    (
        "SUAUJZDEGXDNCF32EPF3DHODZDOCIS2JHTLGMXGEDN73U55XTPLPFT7V4S",
        "SUAUJZDEGXDNCF32EPF3DHODZDOCIS2JHTLGMXGEDN73U55XTPLPFT7V4S",
    ),
    (f"MQTT_URL=mqtt://{TOKEN}{TOKEN}@broker.internal:1883", TOKEN + TOKEN),
    # Redis adds a password with `>`; a key file under its `untrusted comment`; an authenticator's seed
    (f"redis-cli ACL SETUSER reporter on >{PW} ~reports:* +get", PW),
    (f"$ cat release.sec\nuntrusted comment: signify secret key\n{B64}", B64),
    ('"totp": "EH2KVJ72CEUVW75EFR6EDT4SYWB5WKH7",', "EH2KVJ72CEUVW75EFR6EDT4SYWB5WKH7"),
    # an entry's password shown after the store asks for its own
    (f"$ keepassxc-cli show -a password vault.kdbx web/db\nEnter password to unlock vault.kdbx:\n{PW}", PW),
    (f"$ op item get db --fields label=password\n{PW}", PW),
    # heldout55 to 59: a `name`/`value` pair as XML attributes; a user@domain or an XMPP account, then its password
    (f'<entry name="db_password" value="{PW}"/>', PW),
    (f"$ ejabberdctl register ops chat.example.org {PW}", PW),
    (f"$ sipctl add 2001@pbx.example.net {PW}", PW),
    # a digest login's `_cred`, a key in a folded YAML block
    (f"db_cred={HEX[:32]}", HEX[:32]),
    (f"    signingKey: >-\n      {B64}", B64),
    # a call's literal after an options object; a literal compared with a lookup whose name says secret
    (f'sig = jwt.encode({{"iat": now, "exp": now + 60}}, "{TOKEN}{TOKEN}", algorithm="HS256")', TOKEN + TOKEN),
    (f'if req.headers.get("X-Hook-Token") != "{TOKEN}":', TOKEN),
    # a prefix a dot apart that says key; an armoured block whose label says token or seed
    (f"Saved it for the script: sk.{HEX[:32]} (management only).", "sk." + HEX[:32]),
    (f"-----BEGIN SERVICE TOKEN-----\n{B64}\n{B64}\n-----END SERVICE TOKEN-----", B64),
    # heldout60 to 64: a key printed below the label that says private or secret; a UUID read as a password
    (f"$ keyctl generate\nPublic Key:\nBOfu52Fe818w5JtI\n\nSecret Key:\n{TOKEN}{TOKEN[:8]}", TOKEN + TOKEN[:8]),
    (
        '$ podman login quay.example.org -u robot --password-stdin <<< "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f"',
        "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f",
    ),
    # `pass_phrase`, a Fernet token, a session id in a tool's `--cookie`
    (f"pass_phrase={PW}", PW),
    (
        "| id | gAAAAABmXxI08omzScMFv_eM63QASuG8U61rHmYmrM8sCR9yLtjjOdhFoFMaVyrN1vD0xA8qYoW2ucWeOoF4q7q-Ww7D3BANcdoWxmg0cFsnjBLdjf-wGus= |",
        "gAAAAABmXxI08omzScMFv_eM63QASuG8U61rHmYmrM8sCR9yLtjjOdhFoFMaVyrN1vD0xA8qYoW2ucWeOoF4q7q-Ww7D3BANcdoWxmg0cFsnjBLdjf-wGus=",
    ),
    (f'$ sqlmap -u "http://10.0.0.5/item?id=2" --cookie="SESSIONID={HEX[:26]}; lang=en" --batch', HEX[:26]),
    # heldout65 to 69: a JSON field named for a secret read out raw; a subcommand that shows or derives a key
    (f"$ jq -r .access_token session.json\n{TOKEN}{TOKEN}", TOKEN + TOKEN),
    (f'$ cloudctl iot compute-device-key --id pump-1\n"{B64}"', B64),
    # an `X-<vendor>-Key` header's UUID; a dotted setting's key as a flag; `-P` after `-u` takes hex too
    (
        "curl -H 'x-acme-key: 5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f' https://api.acme.example/v1/jobs",
        "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f",
    ),
    (f"$ server --auth.signing_key {HEX[:32]} --port 7350", HEX[:32]),
    (f"$ mosquitto_pub -h broker.example -u 845b3f6f-53b4-4e8d-a4bb-654134f09e7c -P {HEX} -t t/1 -m hi", HEX),
    # vendor formats: The Things Stack's `NNSXS.` keys, Adafruit IO's `aio_` keys
    (
        "-P NNSXS.QW7B3PDKHX4PY8GPAN0RLYKEI2IIAANNKKSUM8N.LMYTBX0KJQEVTAVETWT4UL44LDQBWZB90XYA2CLMHP3W6W7Q3GXS",
        "NNSXS.QW7B3PDKHX4PY8GPAN0RLYKEI2IIAANNKKSUM8N.LMYTBX0KJQEVTAVETWT4UL44LDQBWZB90XYA2CLMHP3W6W7Q3GXS",
    ),
    ("It was hardcoded in code.py (aio_cB8fnvGNx6jvr7SIftRutlZfOjUS); rotate it.", "aio_cB8fnvGNx6jvr7SIftRutlZfOjUS"),
    # a lower-case base32 token piped into a login that reads it
    (
        '$ echo "q7zk2mw4xhp3v6n5ta2r4b7c3dyfgj6ks5lp2wq7e3rn4ty6uz5a" | vendorctl login --org acme',
        "q7zk2mw4xhp3v6n5ta2r4b7c3dyfgj6ks5lp2wq7e3rn4ty6uz5a",
    ),
    # heldout70 to 74: a session cookie after curl's `-b`; SQL's `USER name USING pw`; a keyed primitive's UUID key
    (f"$ curl -s -b 'PortalSession={HEX[:26]}' https://lms.example.edu/grades", HEX[:26]),
    (f'$ db2 "connect to SALES user appuser using {PW}"', PW),
    (
        'mac = hmac.new(b"5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f", body, hashlib.sha256)',
        "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f",
    ),
    # passwords in a reversible encoding its tag names; an element's `<Value>` child; `clear-text=`
    (f'<keyStore id="defaultKeyStore" password="{{xor}}{B64[:24]}"/>', B64[:24]),
    (f"password={{AES256}}{B64}", B64),
    (f"ChannelPassword=<MQI>!2!{B64[:32]}!{B64[:24]}", f"<MQI>!2!{B64[:32]}!{B64[:24]}"),
    (f"<DomainPassword>\n  <Value>{PW}</Value>\n</DomainPassword>", PW),
    (f"/subsystem=elytron/credential-store=cs:add(credential-reference={{clear-text={PW}}})", PW),
    # a password an app server's own encrypt tool takes
    (f"$ java weblogic.security.Encrypt {PW}", PW),
    # heldout75 to 79: a secret piped into a `store-secret`; `-K` takes a key; `connect HOST TOKEN`
    (f"$ printf '%s' '{PW}' | ci context store-secret org deploy PYPI_PASSWORD", PW),
    (f"$ openssl enc -aes-256-cbc -K {HEX} -iv {HEX[:32]} -in deploy_key -out deploy_key.enc", HEX),
    (f"$ cictl connect acme.ci.example.com {TOKEN}", TOKEN),
    # a namespaced command's credential subcommand; an element with attributes; an SMTP user that holds an `@`
    (f"$ bin/app security:tfa:set-secret ops.deploy {B58[:32]}", B58[:32]),
    (f'<wsse:BinarySecurityToken valueType="String">{TOKEN}{TOKEN}</wsse:BinarySecurityToken>', TOKEN + TOKEN),
    (f"EMAIL_URL=smtp://postmaster@mg.example.org:{TOKEN}@smtp.example.net:465", TOKEN),
    # each of a user and a password quoted; an org token with its `!` escaped for the shell
    (f"$ curl --user 'svc.api':'{PW}' https://acme.service-now.example/api", PW),
    (
        "--target-org 00D8K00000RL3WP\\!AQiPlP3eMcjyUNxABYOGPC.7Me2hz3xq9ZkR4vT8wNcY5hJdBfGs3aE6uRqWx1",
        "00D8K00000RL3WP\\!AQiPlP3eMcjyUNxABYOGPC.7Me2hz3xq9ZkR4vT8wNcY5hJdBfGs3aE6uRqWx1",
    ),
    # heldout80 to 84: a device's password hash (a guess can be tried against it) and its reversible `ENC`
    ("enable secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0", "$1$mERr$hx5rVt7rPNoS4wqbXKX7m0"),
    (f"username ops privilege 15 secret 8 $8$dsYGNam3K1SIJO${B64[:43]}", f"$8$dsYGNam3K1SIJO${B64[:43]}"),
    (f"    set passwd ENC {B64}", B64),
    # a key as curl's user before a dummy password; a key file's `host=key` lines
    (f'$ curl -s -u "{HEX[:40]}:X" https://acme.example-desk.com/api/v2/tickets', HEX[:40]),
    (f"$ cat ~/.config/acme/keys.properties\nbuild.acme.dev={B58[:44].lower()}", B58[:44].lower()),
    # a key element in an API's XML answer; a client class named for its API, given the key
    (f"<response status='success'><result><key>{B64}{B64}</key></result></response>", B64 + B64),
    (f'api = netbox.NetBoxAPI("{HEX[:40]}", timeout=30)', HEX[:40]),
    # a sign-in's second literal is the password, whatever its shape
    ('session = api.authenticate("ops@acme.example", "kq7z-4mwp-x2vb-9tnr")', "kq7z-4mwp-x2vb-9tnr"),
    # a secret stored by a command, whatever its shape; a long generated value after `-w`
    (f"$ forge secret set DEPLOY_KEY --body {HEX[:40]}", HEX[:40]),
    (f"$ i18n-sync push -w {HEX[:20]}-{HEX} --branch main", f"{HEX[:20]}-{HEX}"),
    # heldout85 to 89: a credential as a query's `user_credentials`, a client's `username`, a webhook
    # verifier's literal, a custom header's generated value
    (f"GET https://api.pdfgen.example/status/12?user_credentials={TOKEN} -> 200", TOKEN),
    (f'  config.username = "{TOKEN}"', TOKEN),
    (f'Acme::Webhook.verify!(request.body, request.headers["Acme-Signature"], "{TOKEN}")', TOKEN),
    (f'$ curl -s https://mdm.example.com/api/devices -H "x-tenant-code: {B64}"', B64),
    # a key in a post's path after `alert`, and in any URL a crontab line calls
    (
        "curl -X POST https://events.example.com/integrations/generic/1/alert/5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f/db",
        "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f",
    ),
    (f"*/5 * * * * /opt/job.sh && curl -fsS https://status.example.net/p/{HEX[:32]}/job?state=ok", HEX[:32]),
    # a key file printed in base64; a UUID key after the client's URL; a session id that is a token
    (f"$ base64 -w0 /etc/acme/master.key\n{B64[:-1]}{B64}", B64[:-1] + B64),
    (
        'api = RepoApi("https://repo.example.edu", "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f")',
        "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f",
    ),
    (f'{{"credentials":{{"sessionId":"{TOKEN}","userName":"ops@example.com"}}}}', TOKEN),
    # a secret that ends in `!`, the pair in quotes
    ("--data-urlencode 'client_secret=cs-live.Q8v_Zk2Lm9Tq4!'", "cs-live.Q8v_Zk2Lm9Tq4!"),
    # heldout90 to 94: a YAML list item holding `#` under a secret's block; an `appid` of a key's
    # length; a client's first argument in hex; a token piped by a bare `printf %s`; httpie's `k==v`
    ("secrets:\n  keys:\n    - Vq8#rT2m!Lx9Zq", "Vq8#rT2m!Lx9Zq"),
    (f"GET https://api.weather.example/data/2.5/forecast?q=Oslo&appid={HEX[:32]}", HEX[:32]),
    (f'geo = GeoCoder("{HEX[:32]}")', HEX[:32]),
    (f"$ printf %s {TOKEN} | vaultctl secrets create deploy-key --data-file=-", TOKEN),
    (f"$ http GET https://api.example.com/v1/items api_key=={TOKEN} page==2", TOKEN),
    # a key of letters alone; a licence key of 16 hex digits; a token after a bare `login`; a proxy's password
    ('options(geokey = "kTqWZrMdpXvLbQnYesHJguCFoaRtVimE")', "kTqWZrMdpXvLbQnYesHJguCFoaRtVimE"),
    ("client.withSecurity({ accountId: '2000134479', licenseKey: '7C1E5A93F04B8D62' })", "7C1E5A93F04B8D62"),
    ("$ scrapectl auth login 5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f", "5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f"),
    (
        "$ curl --proxy proxy.example.net:22225 --proxy-user cust-zone-res:k5nfj7gfcty2 https://ip.example",
        "k5nfj7gfcty2",
    ),
    # heldout95 to 99: a setter's second argument under the name its first gives; OAuth 1.0's PLAINTEXT signature
    (f'req.setRequestHeader("X-Session-Token", "{TOKEN}");', TOKEN),
    (f'Authorization: OAuth oauth_signature="{TOKEN}&", oauth_signature_method="PLAINTEXT"', TOKEN + "&"),
    # heldout100 to 104: an encrypted JWT (five parts) whole; a key as a `…_api_key(…)` call's argument;
    # a key of two UUIDs as a client's; a file that `cat` prints as one value, wrapped or not
    (f'set_api_token("{JWE}")', JWE),
    (f'> geo_api_key("{HEX[:40]}", install = TRUE)', HEX[:40]),
    (f'notify = NotifyClient("live_key-{UUID}-{UUID2}")', f"live_key-{UUID}-{UUID2}"),
    (f"[root@panel ~]# cat /root/.panelhash\n{HEX[:32]}\n{HEX[32:]}", f"{HEX[:32]}\n{HEX[32:]}"),
    (
        f"$ cat ~/.config/player/session.arl\n{HEX}e4d9a1c3b7f2068e",
        HEX + "e4d9a1c3b7f2068e",
    ),
    # a key a `secret_key --create` prints; a password in an element of its own name with attributes
    (f"$ hostctl secret_key --create -description ci\n{UUID[:14]}e954{UUID[18:]}", f"{UUID[:14]}e954{UUID[18:]}"),
    (f'<User>deploy</User>\n<Pass encoding="base64">{B64}</Pass>', B64),
    # heldout105 to 109: the value of an object under a token's name; a key's `…_value` name; a
    # password file and a vault's plaintext (`encrypt_string`, eyaml's `DEC(n)::PKCS7[…]!`)
    (f'"deployApiToken": {{\n  "value": "{PW}",\n  "type": "SECRET_VALUE"\n}}', PW),
    (f'fs = featurestore.login(host="fs.internal", api_key_value="{TOKEN}.{HEX[:40]}")', f"{TOKEN}.{HEX[:40]}"),
    (f"$ cat ~/.ansible/vault_pass.txt\n{PW}Zq\n$ ansible-playbook site.yml", PW + "Zq"),
    (f"$ ansible-vault encrypt_string '{PW}' --name 'db_password'", PW),
    (f"profile::db::admin_password: DEC(2)::PKCS7[{PW}]!", PW),
    # a key with base64's `/`, `+` and padding as curl's user; a scheme with a dot; a signing call's key;
    # a secret of digits alone, a form's next pair after it
    (
        "$ curl -u private_Kx9m/Q2vLp4+Rt7vZ1sWc3Nb6H==: https://api.media.example/v1/files",
        "private_Kx9m/Q2vLp4+Rt7vZ1sWc3Nb6H==",
    ),
    (f"Authorization: Acme.Simple pub3c4a9e0d2b7f:{TOKEN}", TOKEN),
    (f'sig = PaymentsChecksum.generateSignature(json.dumps(body), "{PW}")', PW),
    ('-d "client_secret=48369783008263105956163732535749&code=$CODE"', "48369783008263105956163732535749"),
    # heldout110 to 114: a quoted password after curl's user; a keychain item's password; a key store's
    # password after `/p` beside its .pfx, and in jarsigner's elements; a key marked for its environment
    # under a user's name; a hex key and secret side by side; XML-RPC's third argument
    (f"$ curl -sS --user svc_ledger:'{PW}' https://erp.example.com/odata/v4/Orders", PW),
    (
        'security add-internet-password -a ci@acme.dev -s registry.acme.dev -w "qzvt-mnrk-plhx-wbed" -U',
        "qzvt-mnrk-plhx-wbed",
    ),
    (f"certutil -f -p {PW} -importpfx .\\build\\codesign.p12", PW),
    (f'signtool sign /a /f release.pfx /p "{PW}" /fd sha256 app.exe', PW),
    (f"<configuration><keystorepass>{PW}</keystorepass></configuration>", PW),
    (f"<storepass>{PW}</storepass>", PW),
    (f'  user_name = "live_{HEX[:36]}"', f"live_{HEX[:36]}"),
    (f"client = new Acme\\Billing\\Client('{HEX[:32]}', '{HEX[32:64]}');", HEX[32:64]),
    (f'conn = Connection("{HEX[:40]}", "{HEX[24:64]}")', HEX[24:64]),
    (f"uid = models.execute_kw(DB, 2, '{TOKEN}', 'sale.order', 'read', [ids])", TOKEN),
    (f"uid = common.authenticate('erp-prod', 'ops@acme.dev', '{PW}', {{}})", PW),
    # heldout115 to 119: a script named for fetching a key, then the key; digits after `-P` too long
    # for a port; `p=` beside `u=`; a name/value entry one key a line; a lower-case token after a
    # one-letter flag; a stream's name; a pair in a list of pairs; a signing call's key; a join code
    (f"$ ~/tools/fetch-api-token.py\n{TOKEN}", TOKEN),
    ("$ mqtt pub -h 10.0.0.7 -u printer -P 93817264 -t lab/status -m ok", "93817264"),
    (f'DATABASE_URL="mongo://db.internal:27017/?u=app&p={TOKEN}&authSource=admin"', TOKEN),
    (f'  {{\n    "key": "shop_api_token",\n    "value": "{HEX[:32]}",\n    "enabled": true\n  }}', HEX[:32]),
    ("$ acmecli configure -c 4k2jd9qwe8r7t6y5u4i3o2p1zx -s q7m2x9k4v8t1z6p3w5r0n2b8c4", "q7m2x9k4v8t1z6p3w5r0n2b8c4"),
    ('    stream_name: "k3v9-x2qp-7mzt-4hrw-p8dn"', "k3v9-x2qp-7mzt-4hrw-p8dn"),
    (f"params = [('user', 'ops'), ('token', '{TOKEN}')]", TOKEN),
    (f'node.set_signing_key(bytes.fromhex("{HEX}"))', HEX),
    (f"$ meshctl join fd7a:115c:a1e0:ab12:4843:cd96:6258:b1c1/{TOKEN[:22]} edge-07", TOKEN[:22]),
    # heldout120 to 124: a cookie code sets; a flag's quoted value before the next word; a key in a
    # path before `name:value` parameters, or as a path's first segment; a client's only positional
    # argument; a request's query dict; an element named by its attribute
    (f'jar.cookies.set("AUTHSESS", "{B58[:48]}", domain=".example.gov")', B58[:48]),
    (f'$ flightctl --api-key "{UUID}|{TOKEN}" summary --id 5', f"{UUID}|{TOKEN}"),
    (f"curl https://data.example.com/api/positions/v:3/{HEX[:40]}/period:hourly/format:json", HEX[:40]),
    (f"$ curl http://10.0.0.5:8080/{TOKEN}{TOKEN[:6]}/videos/cam2/", TOKEN + TOKEN[:6]),
    (f'svc = acme.Client("{UUID}", retries=3)', UUID),
    (f'r = httpx.get(URL, params={{"apiKey": "{UUID2}", "stop": "1234"}})', UUID2),
    (f'    <string name="here_api_key">{TOKEN}</string>', TOKEN),
    (f'  <entry key="db.password">{PW}</entry>', PW),
    # heldout125 to 129: a token said on the line before it; a key's id and secret in a header; a jq
    # field that goes on past the word; an activation code's file; a licence key that is a UUID; a
    # licence's serial; digit groups under a key's name; a vendor's prefix on a UUID after `-p`
    (f"Save this API token now, it is shown only once:\n{B58[:40]}", B58[:40]),
    (f'$ curl -H "Api-Credentials: {HEX[:24]}:{HEX[24:64]}" https://pos.example.com/v1/orders', HEX[24:64]),
    (f"$ jq -r .authTokenCurrent ~/.acme/session.json\n{TOKEN}", TOKEN),
    (f"$ cat ~/licenses/product_activation.txt\n{B64}", B64),
    (f"LICENSE_KEY={UUID}", UUID),
    ("$ unityci activate --serial F4-K9QZ-2M7X-B8RT-W3NV-6HJP", "F4-K9QZ-2M7X-B8RT-W3NV-6HJP"),
    ("$ ./setup -installationKey 12345-67890-13579-24680 -mode silent", "12345-67890-13579-24680"),
    (f"$ pkgctl push build.zip -p pkgp_{UUID}", f"pkgp_{UUID}"),
    # heldout130 to 134: a REPL's echo of a secret's field; an eSIM's activation code; a client
    # certificate's passphrase after curl's `--cert file:`; a private JWK member with its key
    # unquoted; a key right after `/api/`; a UUID before a client's URL
    (f">>> session[\"api_key\"]\n'{TOKEN}'", TOKEN),
    (f"  >>> creds.secret\n  '{B58[:32]}'", B58[:32]),
    ("activation: LPA:1$smdp.example.net$K2JF7-QX9MZ-4PL8W-TT3RB", "LPA:1$smdp.example.net$K2JF7-QX9MZ-4PL8W-TT3RB"),
    (f"$ curl --cert client.pfx:{PW[:-1]} https://rp.example.se/auth", PW[:-1]),
    (f"jwk = {{ kty: 'EC', crv: 'P-256', x: '{B58[:43]}', d: '{TOKEN}{TOKEN[:19]}' }}", TOKEN + TOKEN[:19]),
    (f"$ curl http://10.1.1.9/api/{TOKEN}{B58[:16]}/groups/0/action", TOKEN + B58[:16]),
    (f"hub = HubClient('{UUID}', 'https://hub.local/apps/api/7')", UUID),
    # heldout135 to 139: a sign-in whose name goes on (`LoginEx`); Ruby's REPL echo; an
    # `authenticate…` call's key; a password that starts with `$`
    (f'conn.LoginAsync("svc-sync", "{PW}", "Vault01");', PW),
    (f'irb(main):003:0> Client.first.api_token\n=> "{TOKEN}"', TOKEN),
    (f'client.authenticateWith("plugin", "{UUID}", "{HEX}");', HEX),
    ("login_passwd=$k9Q!mR2&vLx7", "$k9Q!mR2&vLx7"),
    # heldout140 to 144: a cookie string kept in an env file; a netrc login that is a key
    (f"SESSION_COOKIE=connect.sid=s%3A{TOKEN}.{B58[:43]}", f"s%3A{TOKEN}.{B58[:43]}"),
    (f"[2026-01-02 10:00] assistant: tool result: Bash: machine api.acme.io\n  login {HEX[:40]}\n  password", HEX[:40]),
    # heldout145 to 149: what a command that reads a stored secret prints, its own options aside; a
    # subcommand that rotates a key, then the key
    (f"$ gcloud secrets versions access 3 --secret=billing-db-password\n{PW}", PW),
    (f"$ acmectl service rotate-api-key --id svc/ci\n{B58[:48]}", B58[:48]),
    # heldout150 to 154: a key sent as a basic-auth user with no password beside it; a prompt
    # library's answer after `›` or `·`; a plural credential flag; a node provider's key ending an
    # RPC URL; the feature-flag and node providers' formats (a key of a UUID after `sdk-`/`api-`,
    # DevCycle's underscored UUID, a network's name and 32 random characters)
    (f'billing = BillingClient(username="{HEX}")', HEX),
    (f'{{"api": {{"username": "{TOKEN}{TOKEN[:10]}"}}}}', TOKEN + TOKEN[:10]),
    (f"? Paste your API key › {TOKEN}", TOKEN),
    (f"✔ Secret value · {TOKEN}", TOKEN),
    (f"✔ Enter the deploy key: · {TOKEN}", TOKEN),
    (f"$ gateway start --listen :8080 --tokens {TOKEN}", TOKEN),
    (f"$ relay serve --secrets '{TOKEN}'", TOKEN),
    (f'w3 = Web3(HTTPProvider("https://eth.rpc.example-nodes.io/mainnet/{HEX}"))', HEX),
    (f"RPC_ENDPOINT=https://rpc.example.net/polygon/{TOKEN}{TOKEN}", TOKEN + TOKEN),
    (f'flags = LDClient("sdk-{UUID}")', f"sdk-{UUID}"),
    (f"$ curl -H 'Authorization: api-{UUID}' https://app.example.com/api/v2/flags/default", f"api-{UUID}"),
    (
        f"$ dvc keys get --type server\ndvc_server_{UUID.replace('-', '_')}_a1b2c3d",
        f"dvc_server_{UUID.replace('-', '_')}_a1b2c3d",
    ),
    (f'cardano = BlockFrostApi(project_id="preview{TOKEN}{TOKEN[:8]}")', f"preview{TOKEN}{TOKEN[:8]}"),
    # heldout155 to 159: a credential tuple bound to a name that says auth; a call that sets
    # credentials; a REPL's echo of a key field; a file a container's secrets are mounted as, or named
    # for an API key, cat'ed; a dotfile's `<key>:<secret>`; any setter with a secret's name; a
    # setting's `--set`; a subscription key; a client's UUID before a service address; a job's check-in
    (f'BASIC_AUTH = ("svc-reports", "{TOKEN}")', TOKEN),
    (f'api.set_credentials("acct-991", "{TOKEN}")', TOKEN),
    (f">>> resp['accessKey']\n'{TOKEN}'", TOKEN),
    (f"$ cat /run/secrets/stripe_webhook\n{TOKEN}{TOKEN}", TOKEN + TOKEN),
    (f"$ cat ~/.config/ledger/api_key\n{TOKEN}", TOKEN),
    (f"$ cat ~/.browserauth\n{TOKEN}:{HEX[:32]}", HEX[:32]),
    (f'driver.setOption("cloud_accessKey", "{TOKEN}");', TOKEN),
    (f"$ voicectl config @token --set {TOKEN}", TOKEN),
    (f"$ ingest settings api_key --value {TOKEN}", TOKEN),
    (f'client = speech.Client(subscription="{HEX[:32]}", region="westus")', HEX[:32]),
    (f'reader = Transcriber("{UUID}", base_url="https://api.example.com")', UUID),
    (f"0 * * * * curl -s https://health.example.net/check/backups/{UUID}", UUID),
    # heldout160 to 164: a client's hex key after its account's number; Ghost's Admin key (an id and
    # a secret, hex) as a positional argument
    (f"vc = Conference('90612345', '{HEX[:40]}')", HEX[:40]),
    (f"$ node post.js {HEX[:24]}:{HEX}", f"{HEX[:24]}:{HEX}"),
    # heldout165 to 169: a client's key after its URL and a user; the session a sign-in's response
    # holds, or a `…-Session` header; a constructor whose result is kept as a client; a prefix that
    # says token (`tkn`); a key marked for its environment as a client's argument
    (f"mgr = new PanelAPI('https://panel.example.net/api.php', 'ops', '{HEX[:20]}')", HEX[:20]),
    (f'$ curl -s -d @creds.json https://archive.example.org/api/login\n{{"sessionKey":"{HEX}","expires":3600}}', HEX),
    (f'$ curl -H "X-Portal-Session: {HEX}" https://portal.example.org/api/items', HEX),
    (f"const client = new Catalog('{UUID}');", UUID),
    (f'sdk = CostSDK("acme_tkn_{HEX[:40]}")', f"acme_tkn_{HEX[:40]}"),
    (f'labels = LabelClient("live_{HEX[:32]}")', f"live_{HEX[:32]}"),
    # heldout170 to 174: a users map's passwords (after its name, or printed by a command that reads
    # it); an (address, user, password) list; a cookie jar's session; a `.login` file cat'ed; a key
    # store's password in its setter; a key named on the line above it; Ably's key
    (f'$ jq .basicUsers /etc/gateway/auth.json\n{{\n  "deploy": "{PW}"\n}}', PW),
    (f'  "WebUsers": {{ "ops": "{PW}", "ci": "{TOKEN}" }}', TOKEN),
    (f'  "mirror" : [ "https://backup.example.lan/api/", "sync", "{PW}" ]', PW),
    (f"$ cat jar.txt\n.portal.example.org\tTRUE\t/\tTRUE\t0\tSESSIONID\t{TOKEN}{TOKEN}", TOKEN + TOKEN),
    (f"$ cat ~/.config/archive.login\nmjones\n{PW}", PW),
    (f'store.loadKeyStore("JKS", "conf/server.jks", "{TOKEN}");', TOKEN),
    (f"$ ./bootstrap.sh\nService key:\n{TOKEN}{TOKEN[:6]}", TOKEN + TOKEN[:6]),
    (f"ABLY_KEY={TOKEN[:6]}.{TOKEN[6:12]}:{B64[:40]}", f"{TOKEN[:6]}.{TOKEN[6:12]}:{B64[:40]}"),
    # heldout175 to 179: the value code printed of a secret's field (`puts`, `print(`, `console.log(`)
    (f"$ rails runner 'puts Account.first.api_token'\n{TOKEN}{TOKEN[:8]}", TOKEN + TOKEN[:8]),
    (f"$ node -e 'console.log(cfg.apiKey)'\n{TOKEN}", TOKEN),
    # heldout180 to 184: a client's key after its URL (hex, or hex in dashed groups); an INI section of
    # users; a list under a name that says tokens; net-snmp's passphrases; a MUNGE credential; a
    # macaroon read out by jq; a UUID under a label that names an API key
    (f"client = Monitor('https://nms.example.org', '{HEX[:32]}')", HEX[:32]),
    ('cli = AdminApiClient("https://mail.example.org", "8F07B8-5C4B31-DF9DBB-39B830")', "8F07B8-5C4B31-DF9DBB-39B830"),
    (f"$ cat conf/users.ini\n[general]\nport=25\n\n[users]\nbackup-bot={PW}", PW),
    (f"$CONFIG['api_tokens'] = array(\n  \"{TOKEN}\",\n);", TOKEN),
    (f"$ snmpget -v3 -u mon -l authPriv -a SHA -A '{PW}' -x AES -X 'Lq7!vR2#pZ9m' 10.0.0.1 sysName.0", PW),
    (f"$ munge -n\nMUNGE:{B64[:-1]}{B64[:-1]}==:", f"MUNGE:{B64[:-1]}{B64[:-1]}=="),
    (f"$ curl -s https://storage.example.org/x | jq -r .macaroon\n{TOKEN}{B64[:30]}", TOKEN + B64[:30]),
    (f"[stream]\n    api key = {UUID}", UUID),
    # heldout185 to 189: a keys file cat'ed; an adder with a secret's name (`AddDefaultHeader`); a
    # certificate's password where a PFX is read
    (f"$ cat ~/.imgopt.keys\n{TOKEN}{TOKEN[:8]}", TOKEN + TOKEN[:8]),
    (f'cfg.AddHeader("X-Vendor-Secret", "{TOKEN}")', TOKEN),
    (f'bundle = KeyTool.loadPfx(data, "{PW}")', PW),
    # heldout190 to 194: a value piped into a flag that takes it from the input; a PIN after `--pin`;
    # a token a subcommand prints when run as another user; a PHP map of users' passwords
    (f"$ echo {TOKEN} | sudo agentctl --set-password default", TOKEN),
    ("$ remote-host start --name ws-7 --pin=730461", "730461"),
    (f"$ sudo -u hub hubctl token --config /etc/hub.py ana\n{HEX[:32]}", HEX[:32]),
    (f"$app_user_passwords = [\n  'ops' => '{PW}',\n];", PW),
    # heldout195 to 199: Rancher's `token-<id>:<secret>`; a bootstrap's `Secret ID`; what `keygen` and
    # `initial-password` subcommands print; a secret's name with a qualifier after it (`_OVERRIDE`)
    (f"$ rancher login https://r.example.net/v3 --token token-ab12c:{HEX[:50]}", f"token-ab12c:{HEX[:50]}"),
    (f"$ nomad acl token create -name=ci\nAccessor ID  = {UUID2}\nSecret ID    = {UUID}", UUID),
    (f"$ consul keygen\n{B64}", B64),
    (f"$ argocd admin initial-password -n cd\n{PW}", PW),
    (f"MYAPP_SECRET_OVERRIDE={TOKEN}", TOKEN),
    # heldout200 to 204: a session's id in a query (`_sid=`, `sid=`)
    (
        f"$ curl -o a.zip 'https://nas.example.lan:5001/webapi/entry.cgi?api=Files.Download&_sid={TOKEN}{TOKEN}'",
        TOKEN + TOKEN,
    ),
    (f"$ curl 'https://imaging.example.com/api/v3/study/list?sid={UUID}&page=2'", UUID),
    # heldout205 to 209: a `passcode`; a prompt's answer after `?`; a credential a request fetched, in
    # its response; a value whose comment says password; what a mask shows after a hidden head; a
    # tunnel token by its shape; a token as an SSH login's user; a Caddyfile's DNS token; hex in `sasl_passwd`
    (f'{{"url": "https://ops.example.org/hook", "passcode": "{HEX[:40]}"}}', HEX[:40]),
    (f"? Paste the value of BILLING_SECRET? {HEX}", HEX),
    (f"? What is your API key? {TOKEN}", TOKEN),
    (f'$ http GET https://ci.example.org/api/v2/runners/7/registration_token\n{{"token": "{TOKEN}"}}', TOKEN),
    (f'$ curl -s https://vault.example.net/users/me/api_key\n"{B64}"', B64),
    (f'DEFAULT_ENTRY = "{PW}"   # initial password', PW),
    (f"Current token [*****{TOKEN}{TOKEN}]:", TOKEN + TOKEN),
    (f"$ ./install-agent.sh {TUNNEL}", TUNNEL),
    (f"$ ssh -R 80:localhost:8080 {TOKEN}@tunnel.example.net", TOKEN),
    (f"example.org {{\n\ttls {{\n\t\tdns digitalocean {TOKEN}{TOKEN[:8]}\n\t}}\n}}", TOKEN + TOKEN[:8]),
    (f"$ cat /etc/postfix/sasl_passwd\n[smtp.example.net]:587 apikey:{HEX[:40]}", HEX[:40]),
    # heldout210 to 224: a dotted token after a token subcommand; a value piped into a secret's file
    # or a platform's secret variable; a listing asked to reveal; an access grant; `option get`; a PUT
    # that makes a token
    ("$ clusterctl token create q7w2e9.x4k8m2n6p1r5t3v7 --ttl 1h", "q7w2e9.x4k8m2n6p1r5t3v7"),
    (f"$ printf '%s' '{PW}' | sudo tee -a /etc/app/db_password >/dev/null", PW),
    (f"$ echo '{TOKEN}' | railway variables set STRIPE_SECRET_KEY", TOKEN),
    (f"$ vaultish get secret db --reveal\n{TOKEN}{TOKEN[:8]}", TOKEN + TOKEN[:8]),
    (f"remote:\n  access-grant: {B58}", B58),
    (f"$ wp option get mailer_api_key\n{HEX[:40]}", HEX[:40]),
    (f"$ curl -s -X PUT https://jobs.example.org/tokens/web-prod\n{UUID}", UUID),
    # heldout225 to 234: a name that says `pswd`
    (f"LOGBOOK_PSWD='{PW}'", PW),
]

LOOKALIKES = [
    # a webhook's documented example: the secret part says placeholder
    "SLACK_HOOK=https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX",
    "url = 'https://discord.com/api/webhooks/000000000000000000/abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz'",
    # a path under a name that says no more than key or auth
    "$ aws s3api get-object --bucket exports --key q3/2024/report-final.csv out.csv",
    "storage:\n  key: uploads/avatars/7f3a9c.png",
    # an id before the action word of an endpoint names the tenant, not a token
    'authority = "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/oauth2/v2.0/authorize"',
    # the defined constant is no secret, the salt is a setting's size
    "define('WP_DEBUG', false);",
    "BCRYPT_SALT_ROUNDS=12",
    "SALT_LENGTH: 32",
    # a digest made with a conversion is still a digest
    f'digest = hashlib.sha256(bytes.fromhex("{HEX}")).hexdigest()',
    'print(bytes("hello world", "utf-8"))',
    # a pipe into a file named login, or a login page
    "echo building | tee login.log",
    "echo deployment-finished | grep -v login-page",
    # a JOSE header alone, or with words that are no signature
    "the header eyJhbGciOiJIUzI1NiJ9 decodes to alg HS256",
    "eyJhbGciOiJIUzI1NiJ9.payload.sig",
    # four words of four letters under a name that is no password
    'description: "abcd efgh ijkl mnop"',
    # heldout12 and 13: counting runs, interleaved or behind a vendor's prefix
    'api_secret = "1a2b3c4d5e6f7g8h"',
    "GITHUB_TOKEN=ghp_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8",
    # words that say placeholder around a vendor's abbreviation
    'auth_token = "INSERT_YOUR_SSH_KEY_HERE"',
    # an HMAC as an audit log writes it
    '"request": {"client_token": "hmac-sha256:0f4b8e1a9c2d7f3e6b5a4d8c1e9f2a7b3c6d5e8f1a4b7c2d9e6f3a8b5c1d4e7f"}',
    # YAML aliases, a store's path, a name inside an identifier
    "replica:\n  auth_token: *redis_token",
    "      secrets: kv/data/prod/payments api_key | PAYMENTS_KEY",
    "aws secretsmanager describe-secret --secret-id arn:aws:secretsmanager:eu-west-1:111122223333:secret:ci/npm-Ab12Cd",
    "--secret-id prod/billing-db",
    # ids and digests under flags, camelCase labels, public addresses and DSNs
    "$ vault token lookup -accessor Zt8Rq2Wm5Kx9Lp3Vn7Bc4Hd",
    "$ git log --format=%H --commit 7c1e5a93f04b8d62e9a17c3f5b08d4e6a2f91c7d",
    '"integrityHash": "q1Zx9Lw2Rt7Vb5Nm8Kp3Hd6Fg4Js0Ac2Ye8Uo1Ii4="',
    "payout to 0x52908400098527886E0F7030069857D2E4169EE7",
    "dsn: https://4f1c2a9e8b7d3f6a0c5e9b2d7f4a1c8e@errors.example.org/17",
    # what a tool printed in place of a value
    'changed: [db-01] => {"login_password": "VALUE_SPECIFIED_IN_NO_LOG_PARAMETER"}',
    # a browser's key of a vendor that publishes it; a token's type before the next pair
    "VITE_PUSHER_APP_KEY=4f1c2a9e8b7d3f6a0c5e",
    "token_type=Bearer expires_in=3600 scope=read",
    # a conversion of something that is no literal, a login page's path
    'key = bytes.fromhex(os.environ["DATA_KEY"])',
    "the login page is /auth/login / see the docs",
    # a setting in words under a token's name; the tests passed (no Portuguese name there)
    'curl -H "X-Requested-Token: no-check" https://jira.example.org/rest',
    "Both tests passed; the parola field is the Italian word list",
    # heldout16 and 17: a reference where the value would be, a variable's name under a key
    "STRIPE_SECRET_KEY=op://Payments/stripe/credential",
    '{"secretKey": "STRIPE_WEBHOOK_SECRET", "version": 3}',
    # a digest of a secret under its annotation, a Secret's name after a resource verb
    "    checksum/secret: 3c6d5e8f1a4b7c2d9e6f3a8b5c1d4e7f0f4b8e1a9c2d7f3e6b5a4d8c1e9f2a7b",
    "$ kubectl describe secret registry-pull-creds-x7k2m",
    # what an unrelated command printed, and a printed variable that names no secret
    "$ echo $HOME\n/home/dev",
    "$ op read op://dev/db/password\n[hidden]",
    '["npm", "run", "build", "--", "--mode", "production"]',
    # heldout19: a build server's reference to a secure parameter; `-k` that takes no key
    'param("env.DEPLOY_PASSWORD", "%secure:teamcity.password.deployPass%")',
    "sort -t, -k 2,2 report.csv",
    "curl -k https://self-signed.example.org/health",
    # heldout18: what a config tool stores encrypted, a config key's name after a boolean flag
    "  db:password:\n    secure: v1:Zk8Lq2Wm5Rt7Vb3N:Q9xLm4Tz8RwY1sPd6FgH3jK5nB7vC2xZ4aS6dF8gH1jK3lM5",
    '  "ciphertext": "AAABAGx9Lm2Qw7Rt4Zp8Vb3Nc6Hd1Fg5Js0Ye2Uo7Ii4Mk9Pl3Tq8Wr6Xs1Az5Cv7Bn9Mm2"',
    "pulumi config set --secret stripe:apiKey",
    # a printing command's output taken into another command, not printed
    'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://run.googleapis.com/v2/projects/p',
    # heldout22 and 23: an agent tool's env reference, a percent-encoded link, a UUID beside options
    '"options": { "apiKey": "{env:OPENROUTER_API_KEY}" }',
    "https://auth.example.com/oauth/authorize?client_id=app&redirect_uri=https%3A%2F%2Fapp.example.org%2Fcallback",
    'client = TenantClient("7e1f3a9c-2b4d-4c6e-8a0f-9d8c7b6a5e4f", region="eu")',
    # heldout24 and 25: what stays beside them
    "<key>CFBundleIdentifier</key>\n<string>com.example.notes</string>",
    "aws ssm put-parameter --name /prod/api/base-url --value https://api.example.com",
    'OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=${HONEYCOMB_KEY},x-honeycomb-dataset=api"',
    'credentials "app.terraform.io" {',
    '[ OK] stored user key "UCXQ7M2PZK4LTR5WVY3NHB6DGJ2FA7ECS4XQW5RZT6PM3KLN2VYHB4Q7"',
    '> storePassword System.getenv("KEYSTORE_PASSWORD")',
    # a name apart from its value that names no secret, or a public one
    '        - name: DB_SENHA_HINT_URL\n          value: "https://wiki.example.com/db"',
    "<key>SENTRY_PUBLIC_KEY</key>\n<string>Xk9Qm2LpR7vT4wZs8NcY3hJd</string>",
    # heldout26 to 29: what stays beside them
    f"$ wg genkey | tee /etc/wireguard/private.key | wg pubkey\n{B64}",
    "$ npm config get registry\nhttps://registry.npmjs.org/",
    "$ cat secret_name.txt\nprod-db-credentials",
    "snmp-server community public RO",
    "The password 7 characters long was rejected by the policy.",
    "ssl.key.location=/etc/kafka/ssl/client.key",
    "fs.azure.account.key.mystore.blob.core.windows.net={{secrets/storage/account-key}}",
    "composer config --global --auth gitlab-oauth.gitlab.example.com",
    f"  server public key: {B64}",
    f'{{"publicKey": "ed25519:{HEX}"}}',
    "$ ssh-keygen -y -f ~/.ssh/deploy_ed25519 > ~/.ssh/deploy_ed25519.pub",
    '"run_id": "01HZX3M9Q4T7VBK2N8R5W6YC0D"',
    "image: ghcr.io/acme/api:build-7Fq2KpL9xR4mZ8wN3vT6yB1cQe5",
    'plug Plug.Session, store: :cookie, key: "_app_key", signing_salt: "aB3dE5fG"',
    "SOKETI_APP_KEY=p9x7w2k4m8n3",
    '"license": "Apache-2.0",',
    "the license is GPL-3.0-or-later",
    "Please identify the failing test first.",
    '"login": "octocat",',
    "login: alice.smith",
    '"idempotency_key": "5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f"',
    "$ docker run --rm -v $PWD:/app -w /app node:20 npm test",
    "keys = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]",
    "$ acme token create --ttl 90d\nerror: not logged in\n$ acme auth login",
    # heldout30: what stays beside them
    '{"kty":"RSA","n":"q-Zk3Vt8Lm2Zx9Rk4Wp7Yc1Nf6Hs0Jd5Gb2Ta8Ue3Mo6Ki_R7vT4wZs8NcY3hJd-a1","e":"AQAB"}',
    "The console shows Client ID Xk9Qm2LpR7vT4wZs8NcY3hJdAb12Cd34Ef56Gh78; it goes in every authorize URL.",
    "Location: https://id.example.com/self-service/login?flow=5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f",
    "GET /authorize?client_id=web&code_challenge=Zk3Vt8Lm2Zx9Rk4Wp7Yc1Nf6Hs0Jd5Gb2Ta8Ue3Mo6Ki&code_challenge_method=S256",
    "  api:\n    secrets:\n      - db_password\n      - API_KEY\n    image: api:1.4",
    "secrets:\n  - 5b1f0c2e-8d4a-4c3e-9f1a-7e2b6d9c0a4f\ntasks:\n  - deploy: ./deploy.sh",
    # heldout34 to 37: what stays beside them, and a number with digit groups (a real session's)
    "        maximum_output_tokens=20_000,",
    f"WEBHOOK_VERIFICATION_KEY={B64[:-1] * 2}=",
    '      "key": "acme_live_key_01hk3x****",',
    "$ aws secretsmanager get-secret-value --secret-id arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db/password-AbC123",
    '"image": "ipfs://QmT5NvUtoM5nWFfrQdVrFtvGfKFmG7AHE8P34isapyhCxX",',
    "$ npx @acme/mcp --sentry-dsn=https://0f3a9c1e7b2d4f6a8c0e1b3d5f7a9c2e@o1.ingest.sentry.io/42",
    "$ acme-cli --billing-account=acct_9Zx8Yw7Vu6Ts5Rq4",
    'get_frame(objectKey: "Xk9Qm2LpR7vT4wZs8NcY3hJd", nodeId: "12:889")',
    "https://id.example.com/authorize?client_id=web&state=Zk3Vt8Lm2Zx9Rk4Wp7Yc1Nf6&response_type=code",
    '{"content":"SLACK_BOT_TOKEN=xoxb-000000000000-xxxxxxxxxxxx\\nSLACK_TEAM_ID=T00000000"}',
    '{"content":"$ solana address -k target/deploy/vault-keypair.json\\nRbLZVB9wdnVQBoBqjfU2JcU4e2FyRwTt4q7tE5vZ17sU"}',
    # heldout38 to 41: what stays beside them
    "$ java -jar cli.jar -s https://ci.example.com/ -auth @/home/ci/.config/cli.auth list-jobs",
    'password("env.REGISTRY_PASSWORD", "credentialsJSON:3bcba9ca-c22d-45f9-aaf8-bd32fc9af54d")',
    "  password: ENC[AES256_GCM,data:fZH+KhQSyrCD9AI2jbAM6NL+NHtbN2j5PPauZJmYtsZn5ckNpw==,iv:yitVLFJlRfr9A402,type:str]",
    "      token: encrypted:s3!r:eu-west-1!b:acme-secrets!f:secrets.yml!k:github.token",
    "$ curl -X PATCH 'http://localhost:7700/keys/d98f788c-de61-4d80-a149-a44c6d9050ed' -d '{\"name\": \"search\"}'",
    '$ docker login -u gitlab+deploy-token-980207 -p "$CI_DEPLOY_PASSWORD" "$CI_REGISTRY"',
    "$ ecr-login | docker login --username AWS --password-stdin 714112066037.dkr.ecr.eu-west-1.amazonaws.com\nLogin Succeeded",
    "$ velero backup-location create dr --bucket dr --credential=bsl-dr-credentials=cloud",
    "$ duplicity incremental --encrypt-key 4CA88431DCA7EFE8 --sign-key 4CA88431DCA7EFE8 /home/ada sftp://nas//srv",
    "$ acme auth list\nID\tName\tToken\tCreated\n7f3e2a1b\tci reader\t********\t2026-01-02",
    # heldout42 to 45: what stays beside them
    '"DbPassword": "@Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/DbPassword/0f3a9c1e7b2d4f6a8c0e1b3d5f7a9c2e)"',
    "Id : https://kv.vault.azure.net:443/secrets/DbPassword/0f3a9c1e7b2d4f6a8c0e1b3d5f7a9c2e",
    "az login --service-principal -u $env:spId -p $env:spKey --tenant $env:tenantId",
    "PS> $token = Get-AzAccessToken -ResourceUrl 'https://management.azure.com/'",
    "$ ugs login --service-key-id 501c0262-10b3-46da-aab2-8a501609d55d --secret-key-stdin < key.txt",
    'widget({ cloudName: "media", apiKey: "004209552214674" })',
    "Slow HTTP Response from http://media.lan:8096/Users/1d3cb807712a6983a891122a2f0f8b7f/Items?Recursive=true",
    "dns_cloudflare_credentials = /etc/letsencrypt/cloudflare.ini",
    "Adding txt value: ry_N9794HJE9Dq7lHuKLTAPWXtP2KqLyifPba9i_yGE for domain: _acme-challenge.example.org",
    "    password:\n      from_secret: docker_password",
    "Currently stored credentials:\n\n    Target: Domain:target=fs55.corp.example.com\n    User: CORP\\svc-backup",
    "$ kubectl get secret pg-conn -o jsonpath='{.data.host}'\ncGctcHJpbWFyeS5kYXRhLnN2Yy5jbHVzdGVyLmxvY2Fs",
    # heldout46 to 49: what stays beside them
    f"$ cat pub-sealed-secrets.pem\n-----BEGIN CERTIFICATE-----\n{B64[:-1]}\n-----END CERTIFICATE-----",
    "      api_key: os.environ/TOGETHER_API_KEY",
    # heldout50 to 54: what stays beside them
    "$ mytool token list\nNAME    CREATED\nci      2026-01-01",
    "$ kubectl create token builder --duration 10m\napiVersion: networking.k8s.io/v1",
    "sed -i 's/^api_key=.*/api_key=<redacted>/' .env",
    'AUTH_SECRET=\'{"jwks_uri":"https://id.example.org/.well-known/jwks.json","alg":"RS256"}\'',
    f"$ cat keys/release.pub\nuntrusted comment: signify public key\n{B64}",
    "<pre>secrets:\n  - grafana_admin_password</pre>",
    "NATS_URL=nats://orders-service-account@nats-0.nats.svc:4222",
    # heldout55 to 59: what stays beside them
    "  Secret       : <Set>\n  MD5Secret    : <Not set>\n  Context      : from-trunk",
    "Authorization: Acme-Auth ********",
    'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Acme", key);',
    'AuthBindPassword "exec:/usr/local/bin/bind-pw"',
    "$ vpnctl up --auth-key=file:/etc/vpn/authkey",
    '["const c = createClient({","  clientId: \\"1b95159fb999a1215d3b79e497125c48\\",","});"]',
    'curl -s -u "$ACME_API_KEY:" https://api.example.com/v2/keys',
    "Authorization: OAuth {{api_key}}</pre>",
    # heldout60 to 64: what stays beside them
    'applicationServerKey: "BOfu52Fe818w5JtILhXK51AHIB4SYXsP7afhZHeW_wIr6o7QKoKhdZMPIzfNN5TFIggAbWsa8MDL1iVliqwsn6o",',
    "Created a new secret version projects/123456789012/secrets/STRIPE_KEY/versions/2",
    '"modelApiKey": "blog_post",',
    "ADMIN_JWT_SECRET=tobemodified",
    "contact = api.get('contact/contact_WBDnqAvalZt5xN5zzi2mAOEeuBR56/')",
    '$ sqlmap -u "https://shop.example/item?id=3" --batch',
    "AuthBindPassword \"exec:/usr/local/bin/bind-pw\"\nCOOKIE='portal=GP-Portal&user=jdoe'",
    # heldout65 to 69: what stays beside them
    'headers = {"x-api-key": os.environ["ACME_API_KEY"], "Accept": "application/json"}',
    "I put the access token ID (0c78da60-e054-4be7-aa72-0ee8dc49a913) in the notes.",
    "[embed] issued embed token tokenId=170bf652-026f-416f-a088-be0b9eaf1f88 accessLevel=View",
    "$ python3 pub.py --ca_file certs/RootCA1.pem --key certs/cff5f1f638-private.pem.key",
    'device = Device("6b1dee7fc7066bc51b90f784", os.environ["ACME_KEY"])',
    '$ mosquitto_sub -h broker.example -t "v3/+/devices/+/up" -v',
    # heldout70 to 74: what stays beside them
    "ACME_API_TOKEN=secret-token:acme_production_...   # keep the secret-token: prefix",
    f"Attributes:\n  Password HMAC:  {TOKEN}{TOKEN}\n  Username:       deploy",
    "$ git checkout -b feature/login-form",
    # heldout75 to 79: what stays beside them
    f"  NUGET_API_KEY:\n    secure: {B64}",
    "  TWINE_PASSWORD: ENCRYPTED[6c752e83be50677069e6090794728e43ea598f226d23f3d08f14f9fa5d1366529]",
    "  PYPI_TOKEN: VAULT[secret/data/pypi data.api_token]",
    "+ twine upload --username __token__ --password HIDDEN-BY-CI dist/*",
    "$ docker run -e DELEGATE_TOKEN=$DELEGATE_TOKEN vendor/delegate:24.07.83605",
    "- openssl aes-256-cbc -K $encrypted_1d57617cc601_key -iv $encrypted_1d57617cc601_iv -in k.enc -d",
    "INFO connectivity.auth token exchange ok ruid=0b226635-2cc5-4157-a351-30a9254dfcaf",
    "Access Token     [REDACTED] Use 'sf org auth show-access-token' to view\n Alias            uat-sandbox",
    "[auth] cached token T1RLAQ7EHI… (expires_in=604800)",
    "    appid: HollowOa-listings-PRD-dee354ecb-d8829be7",
    # heldout80 to 84: what stays beside them
    f"[2025-01-09T10:11:12Z DEBUG builder::cache] [core]: Hash key: {HEX}",
    f"CI_RUNNER_TOKEN=Zq8v2*****4kLmN and REGISTRY_KEY=acme{TOKEN[:6]}******{TOKEN[6:]}",
    "https://accounts.example.com/o/oauth2/auth?response_type=code&client_key=ck7f3a9b2c1d8e4f&scope=read%20write%20admin_read",
    "[![coverage](https://cov.example.io/gh/acme/api/graph/badge.svg?token=QW3RT7YU1I)](https://cov.example.io/gh/acme/api)",
    "GET https://10.0.0.1/proxy/network/integration/v1/sites/4b1d9c2e-77a0-4c1e-9d3f-2e8b6a5c0f14/clients",
    '  "vapid_key": "BPMSXrYDARnDp_U82spLBxHFKIVF-4AAUW7lyJLDUte41p9Rc27VQbmM45SMkGRutc9vfOruIf8NBCuOHCpNdOE="',
    "client = Client(access_token='acme_usercred.secret', api_base_url='https://social.example')",
    "CAREERS_BOARD_TOKEN=brightlabs",
    # heldout85 to 89: what stays beside them
    "-H 'Authorization: Bearer sk_live_<your_secret_key>'",
    f"const widget = new Widget('project_public_{HEX[:32]}_4Q9zX');",
    "GET https://api.example.com/v1/heartbeats/5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f/ping",
    f'curl -s https://api.example.com/v1/models -H "X-Correlation-Id: {TOKEN}" -H "OpenAI-Organization: org-{TOKEN}"',
    "session_id=5f0c9e2a-7b1d-4c3e-9a8f-6d2b1e0c4a7f",
    '{"code": "apiKey: process.env.API_KEY!"}',
    "<pre>$ curl -s https://mdm.example.com/api/v1/account -u ${MDM_API_KEY}:</pre>",
    # heldout90 to 94: what stays beside them
    f"  -> https://verify.example.com/start?inquiry-id=inq_{TOKEN}",
    f"Created inquiry (status: created, template: itmpl_{TOKEN[:20]})",
    'curl -u API_USER_ID:API_SECRET_KEY "https://scheduling.example.com/api/v1/appointments"',
    "-H 'Authorization: Bearer sk-YOUR_SECRET_KEY'",
    '"proxy": "https://YOUR-API-KEY:premium=true@proxy.example.com:8886"',
    "https://graph.example.com/v2/me?appid=1234567890123&fields=name",
    f'c = repo.Commit("{HEX[:40]}")',
    # heldout95 to 99: what stays beside them
    "'X-Api-Key': 'SIGN-UP-FOR-KEY',",
    f'$ curl -s -u "{HEX[:32]}:$ACME_CLIENT_SECRET" -X POST https://auth.example.com/oauth2/token',
    'curl -H "Authorization: kd7oop2lzt9w:$ACME_SERVICE_TOKEN" https://api.example.com/v1/orgs',
    "      password: config.get<string>('DB_PASSWORD'),",
    '"jwt": {"type": "RS256", "key": "-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIB\\n-----END PUBLIC KEY-----"}',
    f"  dbCredentials: {{\n    accountId: '{HEX[:32]}',\n    token: process.env.D1_TOKEN!,\n  }},",
    '$ curl "https://api.example.com/v1/me" --header "Authorization: Bearer q7vXDf...52v1Z"',
    '$ curl https://api.example.com/identity --user-agent "CrateSync/0.4"',
    "> auth_query = SELECT usename, passwd FROM pgbouncer.user_lookup($1)",
    # heldout100 to 104: what stays beside them
    f'<meta-data android:name="io.branch.sdk.BranchKey" android:value="key_live_{TOKEN}" />',
    "  API_TOKEN: vault:secret/data/team/api#token",
    'feed.authenticate(os.environ["FEED_KEY"], "MYFEEDS")',
    f"$ gpuctl create instance 88 --image registry.example.com/app@sha256:{HEX} --disk 64",
    f"$ cat .git/refs/heads/main\n{HEX[:40]}",
    f"$ cat /etc/machine-id\n{HEX[:32]}",
    # heldout105 to 109: what stays beside them
    f'<script src="https://pay.example.com/snap.js" data-client-key="SB-Mid-client-{TOKEN[:16]}"></script>',
    f"CHECKSUMHASH={B64}",
    '    "password": "$encrypted$",',
    f"profile::db::password: ENC[PKCS7,{B64 * 12}]",
    f"$ cat public/verify-{HEX[:32]}.txt\nverify-{HEX[:32]}",
    f'      "value": "https://kv-app.vault.azure.net/secrets/api-token/{HEX[:32]}",',
    "      jwtToken: 'eyJraWQiO...'   # paste the bot's token here",
    "  api_key=676271587594073&timestamp=1718035200&folder=avatars",
    f'"root_password": {{"encrypted_data": "{B64}", "iv": "{TOKEN[:16]}", "cipher": "aes-256-gcm"}}',
    # heldout110 to 114: what stays beside them
    "$ lims samples get -i Qm7RtL2vXk9Pz4 --format json",
    f"$ dxctl run app-align -ireads=file-{TOKEN} -y",
    f"$ cloudctl apply --tenantid {TOKEN}{TOKEN[:8]} --region eu-2",
    '{"api_key": "*Zq4", "mode": "live"}',
    "url = f\"https://api.example.com/v2/events?key={settings['EVENTS_KEY']}&page=2\"",
    "url = f\"https://api.example.com/v2/events?page=2&client_secret={os.environ['EVENTS_SECRET']}\"",
    "redirect_uri=urn:ietf:wg:oauth:2.0:oob&scope=read",
    '$ relctl save-credentials "acme-release" --team-id ABCDE12345',
    "$ notarytool history --key ./private/AuthKey_ABCDE12345.p8 --key-id ABCDE12345",
    '$ relctl upload -u ci@acme.dev -p "@keychain:RELEASE_PASSWORD" app.zip',
    f'commit = Commit("{HEX[:40]}", "{HEX[24:64]}")',
    # heldout115 to 119: what stays beside them
    "device: /dev/disk/by-id/nvme-Samsung_SSD_980_1TB_S64ANS0T512345K",
    f'      "MemberKey": "{HEX[:32]}",',
    "$ curl -u guest:guest http://localhost:15672/api/overview",
    f"GET https://live.example.com/v3/bind?part=id&streamId={TOKEN}",
    f'{{"authentication": {{"challenge": "{B64}", "salt": "{B64[::-1]}"}}}}',
    f"$ meshctl login api-key --key-id={UUID} --key=$MESH_KEY",
    f'  view: "grid-table-{TOKEN[:20]}",',
    "$ feedctl pull --competition q7m2x9k4v8t1z6p3w5r0n2b8c",
    "topic: building/floor/A7K2QX9M1P4L8B/telemetry/raw",
    '  {\n    "name": "x-payments-key",\n    "value": "$env(PAYMENTS_API_KEY)"\n  }',
    # heldout120 to 124: what stays beside them
    'body = {"user": "ops", "password": os.environ.get("PW"), "tenant": "north-42"}',
    "Authorization: Bearer eyJhbGciOiJSUzI1NiIs...",
    f"acme.access.key.id = {TOKEN[:22]}",
    's3.generate_presigned_url("get_object", Params={"Bucket": "b", "Key": "reports/2025/q1-summary.pdf"})',
    f'    <string name="app_name">{TOKEN}</string>',
    # heldout125 to 129: what stays beside them
    "      payment_api_key: '%env(resolve:PAYMENT_API_KEY)%'",
    f'  "key": "MCowBQYDK2VwAyEA{B64[:43]}",',
    '<Password Type="http://docs.example.org/wss/2004/01/example-200401-wss-username-token-profile-1.0#PasswordText">',
    "serial: SN-2024-0042-7781",
    "$ flash --serial /dev/ttyUSB0 firmware.bin",
    # heldout130 to 134: what stays beside them
    'echo "key starts ${API_KEY:0:6}"',
    "<pre>Token: eyJhbGciOi...</pre>",
    ">>> cfg.token_url\n'https://auth.example.com/oauth/token'",
    # heldout135 to 139: what stays beside them
    f"member: svc-{TOKEN}@apps.identity.example.com (role: Reader)",
    f'<script src="https://widgets.example.com/chat.js?key={UUID}"></script>',
    "Authorization: Basic base64encode(EMAIL:API_TOKEN)",
    'session.LoginEx("svc-sync", Environment.GetEnvironmentVariable("PW"), "EngVault", 0);',
    "PASSWORD=$DB_PASSWORD",
    # heldout140 to 144: what stays beside them
    'conn = orionsdk.SwisClient("orion01.corp.example", "CORP\\\\svc-ipam", os.environ["ORION_PASSWORD"])',
    "machine github.com\n  login kestrel-ci",
    # heldout145 to 149: what stays beside them
    'admin_secret = "%{env:MAIL_ADMIN_SECRET}%"',
    # heldout150 to 154: what stays beside them
    f"$ wallet send --no-confirm {B58[:44]} 1.5",
    f"$ chain transfer --allow-unfunded-recipient {B58[:44]} 0.1",
    "ok: session token eyJhbGciOiJFUzI1NiJ9… expires in 3600 s",
    f"api key {TOKEN[:6]}... (rotated 3 days ago)",
    f"flags.init('client-{TOKEN}{TOKEN[:19]}')",
    "ADMIN_TOKEN: '*:*.insecure-admin-token'",
    f"https://rpc.example.org/tx/0x{HEX}",
    f"curl https://rpc.example-forks.dev/fork/{UUID}",
    f'"username": "{UUID}"',
    f'mail = Client(username="{HEX[:32]}", password=os.environ["MAIL_SECRET"])',
    f"dvc_server_{HEX[:40]}_v1",
    # heldout155 to 159: what stays beside them
    'headers = {"authorization": settings["API_TOKEN"], "accept": "application/json"}',
    '$ curl -H "tenantId:48213377" https://api.example.com/v2/items',
    f"$ curl -X DELETE https://api.example.com/v1/auth/keys/{UUID}",
    f'{{"type": "TXT", "name": "_acme-challenge.example.org", "content": "{B64[:43]}"}}',
    f'subscription: "{UUID}"',
    f'ws = Workspace("{UUID}", base_url="https://api.example.com")',
    "$ cat /run/secrets/db_user\nappuser",
    f"$ cat client.csr\n{B64}{B64}",
    # heldout160 to 164: what stays beside them
    '  "Authorization" => "Bearer #{ENV.fetch(\'API_TOKEN\')}"',
    f"pr = PullRequest('48213377', '{HEX[:40]}')",
    f"b = Build('48213377', '{HEX[:40]}')",
    f"r = Repo(102938, '{HEX[:40]}')",
    # heldout165 to 169: what stays beside them
    '$ curl -X POST https://api.example.com/v1/imports -H "Authorization: Bearer $TOKEN" -d @import-2024-07.json',
    f"KEY NAME      KEY ID                            CREATED\nci-runner     {TOKEN}{TOKEN[:8]}  2024-05-02",
    f"$ pip install git+https://github.com/acme/sso-auth-client.git@{HEX[:40]}",
    f"GET /shop/cart?basketKey={UUID}&currency=EUR",
    "StartServer.sh TheIsland?RconPassword=${RCON_PASSWORD}?MaxPlayers=16",
    'params = {"api_key": os.environ["SHOP_API_KEY"], "page_size": 100}',
    f'$ curl https://api.example.com/events\n{{"session":"{UUID}","event":"click"}}',
    # heldout170 to 174: what stays beside them
    f'resp = requests.get(f"{{HOST}}/api/v2/users", headers={{"Accept": "application/json", "X-Trace": "{TOKEN}"}})',
    '"users": {"alice": "$2y$10$Q9kzR1wE8vT5nB3mX7cL2uYp4oJh6gFdSa0eWqZ", "bob": "changeme"}',
    "example.com\tFALSE\t/\tFALSE\t0\ttheme\tdark",
    "SHA256 of the public key:\n" + HEX,
    "Key ID:\n" + TOKEN + TOKEN[:6],
    '  password: "ENC(' + B64 + ')"',
    '  secret: "![' + B64 + ']"',
    f'  subscribeKey: "sub-c-{UUID}",',
    # heldout175 to 179: what stays beside them
    'export TOOL_TOKEN="tk.v2.your-token-here"',
    '{"tokens": [{"name": "ci", "authToken": "Qz9a"}]}',
    'e.g. `"refresh_token": "AQVd8Lm2Zx9Rk4Wp7Yc1Nf6Hs..."` (valid for 30 days)',
    "$ python -c 'print(settings.api_key_url)'\nhttps://keys.example.com/v1",
    # heldout180 to 184: what stays beside them
    "$ snmpwalk -v3 -X 10.1.2.3 system",
    f"<key>{TOKEN}</key>\n<string>enabled</string>",
    f"peer: {B64}\n  allowed ips: 10.8.0.7/32",
    f'"NodeKey": "nodekey:{HEX}"',
    f"key id = {UUID}",
    '"keys": ["id_rsa", "id_ed25519"]',
    # heldout185 to 189: what stays beside them
    f'{{"account": {{"guid": "ACC-{UUID}", "name": "ledger"}}}}',
    # heldout190 to 194: what stays beside them
    "C:\\deploy> echo %DEPLOY_PW% | agent.exe --set-password default_profile",
    "credentials: SVC_USER=ana-lopez SVC_KEY=**********a1b2",
    f'<iframe src="//player.example.com/embed?key={TOKEN}{TOKEN[:8]}"></iframe>',
    'curl "https://graph.example.com/me?access_token=APP|$APP_ID|$APP_SECRET"',
    # heldout195 to 199: what stays beside them
    f'$ curl https://api.keygen.sh/v1/me | jq .data.id\n"{UUID}"',
    f"const c = createClient('public-key-live-{UUID}')",
    f"https://partner.example.com/auth_partner?partner_id=12345&sign={HEX}&redirect=https://x.example.com/cb",
    f"$ nomad acl token create -name=ci\nAccessor ID  = {UUID2}",
    # heldout200 to 204: what stays beside them
    f"DID             did:key:z6Mk{B58[:44]}",
    '  "password": "$var:u/admin/db_password",',
    "GET /feed?rss_sid=12&page=2",
    # heldout205 to 209: a SealedSecret's ciphertext; a template a name stands in; words joined in a
    # query; an id as curl's user beside a password in a variable; a name that starts `public`; a
    # digest under `checksum/secret`; `--password` after a quoted URL; a mask that shows four; a tunnel token cut short
    f"spec:\n  encryptedData:\n    db-password: AgB{B64}{B64}\n    api-token: AgC{B64}{TOKEN}",
    f'["spec:", "  encryptedData:", "    db-password: AgB{B64}{B64}"]',
    'url: "mysql://{{ .user }}:{{ .password }}@db.internal:3306/app"',
    "GET https://search.example.com/api/items?apiKeys=billing_service-prod&sort_token=created_at",
    f'$ curl -u {HEX[:32]}:"$SVC_SECRET" https://api.example.com/v1/me',
    f'init({{ publicApiKey: "{TOKEN}" }});',
    f"  annotations:\n    checksum/secret: {HEX}",
    '$ migrate --url="jdbc:postgresql://db:5432/app" --user=ci --password=$DB_PW',
    f"key: ************{TOKEN[:4]}",
    "TUNNEL_TOKEN=eyJhIjoi...",
    # heldout210 to 224: words after a flag; a key's id after `--kid`; a host as a token's subject; a
    # certificate in base64; a stored secret's name; a credential's id after `get`/`describe`; an id
    # header; a key whose head says public; a URN; a secrets manager's path; a counting placeholder;
    # an account's name of three words; a host's first label; a vault path with its field; a comment
    # that calls an argument public; the fields of a list of maps under a name that says tokens
    "$ ca-tool enroll --csr web.csr --ca ProdIssuing-G3",
    f"$ jwt-sign --kid {TOKEN} --alg ES256 payload.json",
    "$ certctl token issue api.eu.example.net",
    f"$ bootstrap --ca-bundle LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{B64.rstrip('=')}{TOKEN}",
    "credentialsSecret: s3-backup-creds",
    f"$ vendor api-key describe AKX{TOKEN[:16]}",
    f'$ curl -H "x-tenant-guid: {TOKEN}" https://api.example.com/v1/me',
    f'initWidget({{ key: "pubkey-{TOKEN}" }});',
    f'"urn": "urn:acme:token:{HEX}"',
    "dbPassword: secret:/prod/db/primary",
    'API_KEY="test_key_123456789"',
    f"authenticated as deploy-robot-apikey-{UUID}",
    f"using tok-{TOKEN}.cdn.example.net",
    "token: \"{{ lookup('vault', 'secret=kv/data/app:api_token') }}\"",
    f"const w = initWidget('{TOKEN}');  // publishable key",
    "    bootstrapTokens:\n    - usages:\n      - signing\n      ttl: 12h30m0s",
    # heldout225 to 234: a file's name in a URL's path; a header or label that says random or hint; a
    # file's name after any flag; a bearer token cut short inside an HTML element
    f"https://cdn.example.net/assets/v2/{TOKEN}-{TOKEN[:6]}.woff2",
    f"X-Webhook-Random: {TOKEN}{TOKEN}",
    f'{{"hint": "{TOKEN}{B64[:20]}", "distance": 4.2}}',
    "$ openssl x509 -in Ops7-Relay.pem -noout -subject",
    "<pre>Authorization: Bearer eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9...</pre>",
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_a_secret_of_the_kinds_the_blind_sets_found_is_covered(text, secret):
    assert covered(text, secret), R.redact(text)[0]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_lookalike_of_the_kinds_the_blind_sets_found_is_kept(text):
    assert R.redact(text) == (text, 0)


def test_a_secret_echoed_near_where_it_was_found_is_redacted_there_too():
    """A command's output that repeats its argument (`Saved the API key as …`) says nothing of a
    secret itself; the first sighting does, and every copy near it goes."""
    key = B58[:30]
    text = f"$ toolctl apikey add ci-deploy {key}\n  Saved the API key ci-deploy as {key}"
    out, n = R.redact(text)
    assert key not in out and n == 2, out
    far = f"$ toolctl apikey add ci-deploy {key}\n" + "filler line\n" * 400 + f"ci-deploy is {key}"
    assert R.redact(far)[0].count(key) == 1  # too far off to be its echo: said alone, it stays
