"""A hundred-and-fifty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of blockchain node, indexer and wallet-infrastructure providers:
Infura (MetaMask developer docs: the 32-hex API key in `https://<network>.infura.io/v3/<key>` and the
API key secret sent as the basic-auth password, `curl --user :<secret>`, `-u key:secret` for IPFS),
Alchemy (`https://eth-mainnet.g.alchemy.com/v2/<key>` in Hardhat configs, `npx hardhat vars set`),
QuickNode (the 40-hex token path of `https://<name>.<chain>.quiknode.pro/<token>/`, the `x-api-key`
of the Admin API, the marketplace `X-QUICKNODE-ID` sha256 and endpoint UUIDs), Moralis (a JWT in the
`X-API-Key` header of `deep-index.moralis.io`), Etherscan API V2 (34-character keys in `apikey=`,
`--etherscan-api-key` and foundry.toml's `[etherscan]` table; `YourApiKeyToken`; verification GUIDs),
Ankr (`https://rpc.ankr.com/<chain>/<64-hex key>`), Chainstack (`https://nd-123-456-789.p2pify.com/<key>`,
`ND-` node ids, shortened `mt_` multichain keys), Blockfrost (`project_id` header, network-prefixed
tokens like `mainnet…`/`preprod…`), Helius (UUID `?api-key=` on `mainnet.helius-rpc.com`), Tatum
(`x-api-key`, `TatumSDK.init({apiKey: {v4: …}})`, `t-…-…` keys), Covalent / GoldRush (`cqt_` keys as the
basic-auth username, `GoldRushClient`), Pinata (scoped-key JWTs, `pinata_secret_api_key`, IPFS CIDs in
upload responses), Fireblocks (the RSA-4096 `fireblocks_secret.key` and its public CSR, transaction ids),
thirdweb (server secret keys via `npx thirdweb deploy -k`, `x-secret-key`; public 32-hex client ids),
Foundry and Hardhat (`--private-key 0x…`, `cast wallet new` output, HD mnemonics, transaction hashes,
deployed addresses, the well-known `test … junk` development mnemonic). Every value is generated here.

First score, blind, before any rule changed for it (after the rules for 145 to 149):
22 of 26 secrets caught, 1 of 24 look-alikes altered (missed: a key typed at `hardhat vars set`'s
`Enter value:` prompt, an Ankr key of 64 hex as an RPC URL's path after the chain's name, two
Blockfrost project ids (`mainnet`/`preprod` and 32 characters) under `project_id`; altered: a Solana
address after a flag that takes no value (`--allow-unfunded-recipient`)).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    b58,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

W3 = "web3infra"

# A slice of the BIP-39 English word list, enough to draw random phrases from.
WORDS = [
    "abandon",
    "ability",
    "absorb",
    "abstract",
    "access",
    "accident",
    "account",
    "achieve",
    "acoustic",
    "acquire",
    "action",
    "actress",
    "adapt",
    "address",
    "adjust",
    "advance",
    "aerobic",
    "affair",
    "afford",
    "agent",
    "airport",
    "aisle",
    "alarm",
    "album",
    "alcohol",
    "alert",
    "alien",
    "alley",
    "alpha",
    "amateur",
    "amazing",
    "amount",
    "anchor",
    "ancient",
    "angle",
    "animal",
    "ankle",
    "announce",
    "antenna",
    "antique",
    "anxiety",
    "apology",
    "apple",
    "april",
    "arctic",
    "arena",
    "armor",
    "arrange",
    "arrow",
    "artefact",
    "artist",
    "asthma",
    "athlete",
    "atom",
    "auction",
    "august",
    "autumn",
    "avocado",
    "awake",
    "axis",
    "bacon",
    "badge",
    "balance",
    "canyon",
    "capital",
    "cargo",
    "harbor",
    "velvet",
    "walnut",
    "zebra",
    "orbit",
    "pepper",
    "ribbon",
    "salmon",
    "tunnel",
    "wagon",
    "lumber",
    "meadow",
    "napkin",
    "oyster",
    "pistol",
]


def mnemonic(n: int):
    return lambda rng: " ".join(rng.choice(WORDS) for _ in range(n))


def b64url_json(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


JWT_HEAD = b64url_json({"alg": "HS256", "typ": "JWT"})


def moralis_jwt(rng: random.Random) -> str:
    iat = rng.randrange(1_690_000_000, 1_730_000_000)
    payload = {
        "nonce": uuid(rng),
        "orgId": digits(6)(rng),
        "userId": digits(6)(rng),
        "typeId": uuid(rng),
        "type": "PROJECT",
        "iat": iat,
        "exp": iat + 3_155_760_000,
    }
    return f"{JWT_HEAD}.{b64url_json(payload)}.{b64url(43)(rng)}"


def pinata_jwt(rng: random.Random) -> str:
    iat = rng.randrange(1_690_000_000, 1_730_000_000)
    payload = {
        "userInformation": {
            "id": uuid(rng),
            "email": "infra@driftwood-labs.io",
            "email_verified": True,
            "pin_policy": {"regions": [{"desiredReplicationCount": 1, "id": "FRA1"}], "version": 1},
            "mfa_enabled": False,
            "status": "ACTIVE",
        },
        "authenticationType": "scopedKey",
        "scopedKeyKey": hexl(20)(rng),
        "scopedKeySecret": hexl(64)(rng),
        "exp": iat + 31_536_000,
        "iat": iat,
    }
    return f"{JWT_HEAD}.{b64url_json(payload)}.{b64url(43)(rng)}"


def checksum_address(rng: random.Random) -> str:
    """A 20-byte address with EIP-55 style mixed case (the case is random here, not a real checksum)."""
    h = hexl(40)(rng)
    return "0x" + "".join(c.upper() if c.isalpha() and rng.random() < 0.5 else c for c in h)


def pem_body(head: str, full_lines: int, last: int):
    """Base64 PEM body: a DER-looking first line, then 64-character lines, then a short padded one."""

    def make(rng: random.Random) -> str:
        lines = [head + b64(64 - len(head))(rng)] + [b64(64)(rng) for _ in range(full_lines)]
        lines.append(b64(last)(rng) + "=")
        return "\n".join(lines)

    return make


RSA4096_HEAD = "MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQ"
CSR_HEAD = "MIIEWzCCAkMCAQAwFjEUMBIGA1UECgwLRHJpZnR3b29k"

cid_v1_raw = join("bafkrei", pick(string.ascii_lowercase + "234567", 52))
etherscan_key = upper_alnum(34)
tatum_key = join("t-", hexl(24), "-", hexl(32))
blockfrost = lambda net: join(net, b62(32))  # noqa: E731

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 1, 24, "the rules for 145 to 149")

TEMPLATES = [
    # ---- secrets: Infura
    S(
        W3,
        "infura_key_secret_user",
        "$ curl --user :{v} https://mainnet.infura.io/v3/$INFURA_API_KEY \\\n"
        '    -d \'{"jsonrpc": "2.0", "method": "eth_blockNumber", "params": [], "id": 1}\'',
        hexl(32),
    ),
    S(
        W3,
        "infura_web3py_url",
        '>>> w3 = Web3(Web3.HTTPProvider("https://sepolia.infura.io/v3/{v}"))\n>>> w3.is_connected()\nTrue',
        hexl(32),
    ),
    # ---- secrets: Alchemy
    S(
        W3,
        "alchemy_forking_url",
        "  networks: {\n    hardhat: {\n      forking: {\n"
        '        url: "https://eth-mainnet.g.alchemy.com/v2/{v}",\n        blockNumber: 19876543,\n      },\n    },',
        b64url(32),
    ),
    S(
        W3,
        "alchemy_hardhat_vars_set",
        "$ npx hardhat vars set ALCHEMY_API_KEY\n✔ Enter value: · {v}\n\n"
        "The configuration variable has been stored in /home/dev/.config/hardhat-nodejs/vars.json",
        b64url(32),
    ),
    # ---- secrets: QuickNode
    S(
        W3,
        "quicknode_token_path",
        "export SOLANA_RPC_URL=https://{name}.solana-mainnet.quiknode.pro/{v}/",
        hexl(40),
        name=const("frosty-polished-meadow"),
    ),
    S(
        W3,
        "quicknode_admin_api_key",
        "$ curl -s -X GET 'https://api.quicknode.com/v0/endpoints?limit=20' -H 'accept: application/json'"
        " -H 'x-api-key: {v}' | jq '.data[].id'",
        join("QN_", hexl(32)),
    ),
    # ---- secrets: Moralis
    S(
        W3,
        "moralis_x_api_key",
        "curl --request GET \\\n"
        "  --url 'https://deep-index.moralis.io/api/v2.2/{addr}/erc20?chain=base' \\\n"
        "  --header 'accept: application/json' \\\n  --header 'X-API-Key: {v}'",
        moralis_jwt,
        addr=checksum_address,
    ),
    # ---- secrets: Etherscan (Foundry)
    S(
        W3,
        "etherscan_foundry_toml",
        '$ cat foundry.toml\n[profile.default]\nsrc = "src"\nout = "out"\nlibs = ["lib"]\n\n'
        '[etherscan]\nmainnet = { key = "{v}" }\nbase = { key = "{v}", chain = 8453 }',
        etherscan_key,
    ),
    S(
        W3,
        "etherscan_verify_flag",
        "$ forge verify-contract --chain sepolia --watch --etherscan-api-key {v} {addr} src/Vault.sol:Vault",
        etherscan_key,
        addr=checksum_address,
    ),
    # ---- secrets: Ankr, Chainstack
    S(
        W3,
        "ankr_rpc_path",
        'const provider = new ethers.JsonRpcProvider("https://rpc.ankr.com/base/{v}");',
        hexl(64),
    ),
    S(
        W3,
        "chainstack_endpoint_key",
        "wscat -c wss://ws-nd-{a}-{b}-{c}.p2pify.com/{v}\nConnected (press CTRL+C to quit)",
        hexl(32),
        a=digits(3),
        b=digits(3),
        c=digits(3),
    ),
    # ---- secrets: Blockfrost
    S(
        W3,
        "blockfrost_project_id_header",
        '$ curl -s -H "project_id: {v}" https://cardano-preprod.blockfrost.io/api/v0/epochs/latest | jq .epoch',
        blockfrost("preprod"),
    ),
    S(
        W3,
        "blockfrost_python_client",
        "from blockfrost import BlockFrostApi, ApiUrls\n\n"
        'api = BlockFrostApi(project_id="{v}", base_url=ApiUrls.mainnet.value)',
        blockfrost("mainnet"),
    ),
    # ---- secrets: Helius
    S(
        W3,
        "helius_solana_config_url",
        '$ solana config set --url "https://mainnet.helius-rpc.com/?api-key={v}"\n'
        "Config File: /home/dev/.config/solana/cli/config.yml\nRPC URL: https://mainnet.helius-rpc.com/?api-key={v}",
        uuid,
    ),
    S(
        W3,
        "helius_sdk_ctor",
        'import { createHelius } from "helius-sdk";\n\nconst helius = createHelius({ apiKey: "{v}" });',
        uuid,
    ),
    # ---- secrets: Tatum
    S(
        W3,
        "tatum_sdk_init",
        "const tatum = await TatumSDK.init<Ethereum>({\n  network: Network.ETHEREUM_SEPOLIA,\n"
        "  apiKey: { v4: '{v}' },\n})",
        tatum_key,
    ),
    # ---- secrets: Covalent / GoldRush
    S(
        W3,
        "goldrush_basic_user",
        "$ curl -s -X GET https://api.covalenthq.com/v1/eth-mainnet/address/{addr}/balances_v2/ -u {v}:"
        " -H 'Content-Type: application/json' | jq '.data.items | length'",
        join("cqt_", b62(26)),
        addr=checksum_address,
    ),
    S(
        W3,
        "goldrush_client_ctor",
        'from covalent import CovalentClient\n\nc = CovalentClient("{v}")\n'
        'b = c.balance_service.get_token_balances_for_wallet_address("matic-mainnet", wallet)',
        join("cqt_", b62(26)),
    ),
    # ---- secrets: Pinata
    S(
        W3,
        "pinata_jwt_env",
        "$ cat .env.local\nNEXT_PUBLIC_GATEWAY_URL=driftwood-gallery.mypinata.cloud\nPINATA_JWT={v}",
        pinata_jwt,
    ),
    S(
        W3,
        "pinata_legacy_secret_header",
        "    headers: {\n      pinata_api_key: '{key}',\n      pinata_secret_api_key: '{v}',\n    },",
        hexl(64),
        key=hexl(20),
    ),
    # ---- secrets: Fireblocks
    S(
        W3,
        "fireblocks_secret_key_file",
        "$ cat ~/keys/fireblocks_secret.key\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        pem_body(RSA4096_HEAD, 48, 24),
    ),
    # ---- secrets: thirdweb
    S(
        W3,
        "thirdweb_cli_k",
        "$ npx thirdweb deploy -k {v}\n\n💎 thirdweb v0.14.12 💎\n\n✔ Detected project type: foundry",
        b64url(86),
    ),
    S(
        W3,
        "thirdweb_secret_header",
        '$ curl -s https://11155111.rpc.thirdweb.com/ -H "x-secret-key: {v}" -H "Content-Type: application/json"'
        ' --data \'{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}\'',
        b64url(86),
    ),
    # ---- secrets: Foundry / Hardhat deployer keys and mnemonics
    S(
        W3,
        "forge_private_key_flag",
        "$ forge script script/DeployVault.s.sol:DeployVault --rpc-url $BASE_SEPOLIA_RPC_URL"
        " --private-key {v} --broadcast --verify -vvvv",
        join("0x", hexl(64)),
    ),
    S(
        W3,
        "cast_wallet_new_output",
        "$ cast wallet new\nSuccessfully created new keypair.\nAddress:     {addr}\nPrivate key: {v}",
        join("0x", hexl(64)),
        addr=checksum_address,
    ),
    S(
        W3,
        "hardhat_mnemonic_accounts",
        "    sepolia: {\n      url: process.env.SEPOLIA_RPC_URL,\n"
        '      accounts: {\n        mnemonic: "{v}",\n        path: "m/44\'/60\'/0\'/0",\n        count: 5,\n      },\n    },',
        mnemonic(12),
    ),
    # ---- look-alikes: public ids
    L(
        W3,
        "chainstack_node_id",
        '{\n  "id": "{v}",\n  "name": "base-archive",\n  "status": "running",\n'
        '  "details": {\n    "https_endpoint": "https://nd-{a}-{b}-{c}.p2pify.com"\n  }\n}',
        join("ND-", digits(3), "-", digits(3), "-", digits(3)),
        a=digits(3),
        b=digits(3),
        c=digits(3),
    ),
    L(
        W3,
        "quicknode_endpoint_id",
        '  "endpoint-id": "{v}",\n  "chain": "ethereum",\n  "network": "mainnet",\n  "plan": "build",',
        uuid,
    ),
    L(
        W3,
        "quicknode_customer_id",
        "[addon] 2024-09-02T10:41:07Z POST /rpc method=qn_getWalletTokenBalance X-QUICKNODE-ID: {v} status=200",
        hexl(64),
    ),
    L(W3, "thirdweb_client_id", "NEXT_PUBLIC_THIRDWEB_CLIENT_ID={v}", hexl(32)),
    L(
        W3,
        "contract_address",
        "Deployer: {dep}\nDeployed to: {v}\nTransaction hash: 0x{tx}",
        checksum_address,
        dep=checksum_address,
        tx=hexl(64),
    ),
    L(
        W3,
        "tx_hash",
        "##### base-sepolia\n✅  [Success] Hash: {v}\nContract Address: {addr}\nBlock: 14820331\nPaid: 0.000004817364 ETH",
        join("0x", hexl(64)),
        addr=checksum_address,
    ),
    L(
        W3,
        "solana_signature",
        "$ solana transfer --allow-unfunded-recipient {to} 0.25\n\nSignature: {v}",
        b58(88),
        to=b58(44),
    ),
    L(
        W3,
        "blockfrost_block_hash",
        '{\n  "time": 1725012345,\n  "height": 10783211,\n  "hash": "{v}",\n  "slot": 133446054,\n  "epoch": 507,',
        hexl(64),
    ),
    L(
        W3,
        "ipfs_cid",
        '{"IpfsHash":"{v}","PinSize":48213,"Timestamp":"2024-09-02T10:44:51.118Z","isDuplicate":false}',
        cid_v1_raw,
    ),
    L(
        W3,
        "etherscan_verify_guid",
        "Submitting verification for [src/Vault.sol:Vault] {addr}.\nSubmitted contract for verification:\n"
        "\tResponse: `OK`\n\tGUID: `{v}`\n\tURL: https://sepolia.etherscan.io/address/{addr}",
        lower_alnum(50),
        addr=checksum_address,
    ),
    L(
        W3,
        "fireblocks_tx_id",
        ">>> fireblocks.transactions.create_transaction(transaction_request=req).result().data\n"
        "CreateTransactionResponse(id='{v}', status='SUBMITTED', system_messages=None)",
        uuid,
    ),
    L(
        W3,
        "fireblocks_csr_public",
        "$ openssl req -new -newkey rsa:4096 -nodes -keyout fireblocks_secret.key -out fireblocks.csr"
        " -subj '/O=Driftwood'\n$ cat fireblocks.csr\n-----BEGIN CERTIFICATE REQUEST-----\n{v}\n"
        "-----END CERTIFICATE REQUEST-----",
        pem_body(CSR_HEAD, 22, 40),
    ),
    L(
        W3,
        "wallet_address_in_url",
        'curl -s "https://api.covalenthq.com/v1/base-mainnet/address/{v}/transactions_v3/?key=$GOLDRUSH_API_KEY"',
        checksum_address,
    ),
    L(
        W3,
        "submodule_commit",
        "$ git submodule status\n {v} lib/forge-std (v1.9.4)\n {other} lib/openzeppelin-contracts (v5.0.2)",
        hexl(40),
        other=hexl(40),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        W3,
        "infura_placeholder",
        'curl https://mainnet.infura.io/v3/{v} \\\n  -X POST \\\n  -H "Content-Type: application/json"',
        const("<YOUR-API-KEY>"),
    ),
    L(
        W3,
        "etherscan_placeholder",
        "https://api.etherscan.io/v2/api?chainid=8453&module=account&action=balance&address={addr}&tag=latest&apikey={v}",
        const("YourApiKeyToken"),
        addr=checksum_address,
    ),
    L(
        W3,
        "blockfrost_placeholder",
        "# .env.example\nBLOCKFROST_PROJECT_ID={v}\nBLOCKFROST_NETWORK=preprod",
        const("preprod" + "X" * 32),
    ),
    L(
        W3,
        "helius_env_ref",
        'const connection = new Connection(`https://devnet.helius-rpc.com/?api-key={v}`, "confirmed");',
        const("${process.env.HELIUS_API_KEY}"),
    ),
    L(
        W3,
        "gha_secret_ref",
        "      - name: Deploy\n        env:\n          ALCHEMY_API_KEY: {v}\n"
        "          DEPLOYER_PRIVATE_KEY: ${{ secrets.DEPLOYER_PRIVATE_KEY }}\n        run: npx hardhat ignition deploy",
        const("${{ secrets.ALCHEMY_API_KEY }}"),
    ),
    L(
        W3,
        "hardhat_vars_get",
        '      url: `https://base-sepolia.g.alchemy.com/v2/{v}`,\n      accounts: [vars.get("DEPLOYER_PRIVATE_KEY")],',
        const('${vars.get("ALCHEMY_API_KEY")}'),
    ),
    L(
        W3,
        "moralis_env_ref",
        "await Moralis.start({\n  apiKey: {v},\n});",
        const("process.env.MORALIS_API_KEY"),
    ),
    L(
        W3,
        "tatum_header_env_ref",
        '$ curl -s -H "x-api-key: {v}" "https://api.tatum.io/v4/data/exchange-rate?currency=ETH&basePair=USD"',
        const("$TATUM_API_KEY"),
    ),
    L(
        W3,
        "chainstack_masked_key",
        "NAME            NODES  API KEY       CREATED\nprod-multichain 4      {v}  2024-08-19",
        join("mt_", b62(4), "…", b62(4)),
    ),
    L(
        W3,
        "hardhat_default_mnemonic",
        '      hardhat: {\n        accounts: {\n          mnemonic: "{v}",   // Hardhat\'s default dev mnemonic\n        },',
        const("test test test test test test test test test test test junk"),
    ),
]
