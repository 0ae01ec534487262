"""A thirty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of blockchain developer tooling: Hardhat (`hardhat.config` networks
and `accounts`, HD `mnemonic` accounts, `vars set/get`, `configVariable` and the keystore plugin,
hardhat-verify's `etherscan.apiKey`), Foundry (`forge script --broadcast --private-key`, `forge
create`, `forge verify-contract --etherscan-api-key`, `cast send`, `cast wallet new/import/address/
decrypt-keystore`, `--ledger --hd-paths`, `foundry.toml` `[etherscan]` tables), the Web3 Secret
Storage keystore format (ciphertext beside address and file name), the Solana CLI and Anchor
(`solana-keygen new`, `id.json` byte arrays, `solana address`, `declare_id!`, `Anchor.toml`),
Etherscan/Polygonscan API keys and their `apikey=` query, Alchemy, Infura (API key and API key
secret) and QuickNode RPC URLs, Tenderly access keys (`~/.tenderly/config.yaml`, `X-Access-Key`),
thirdweb secret keys versus client ids, Moralis API keys, and WalletConnect project ids, in
commands, config files and tool output, with the public addresses, hashes, ids, paths, references
and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 33):
16 of 25 secrets caught, 1 of 23 look-alikes altered (missed: a private key in Hardhat's `accounts: ["0x…"]`,
a keystore's `ciphertext`, a seed phrase on the line after the one that names it, `id.json`'s bytes printed by
`cat`, a base58 secret in `bs58.decode(…)` inside `Keypair.fromSecretKey`, a per-network `apiKey: { … }` map,
an Alchemy key after `/v2/`, a key printed by `hardhat vars get`, a QuickNode token as a URL's whole path;
altered: an IPFS content id).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b58,
    b62,
    b64url,
    const,
    counting,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

W3 = "web3"

# A subset of the BIP-39 English word list (every word checked against the published list).
BIP39_WORDS = """
abandon ability absorb access acoustic actress adjust advice agent airport album alley amateur anchor ankle antique
apology arctic arena armor arrow artist asset athlete auction autumn avocado bacon balcony bamboo banner barrel basket
beach behave bench bicycle biology blanket blossom border bottom bracket brave breeze bridge bronze bubble buffalo
bundle cabbage cactus canyon capital carbon casino castle cattle ceiling cement cereal chalk cherry chimney cinnamon
citizen clarify clinic coconut comfort copper coral cotton coyote cradle crater cricket crystal cupboard curtain
cushion daughter debris decade deposit desert diamond dinosaur dolphin donkey dragon drastic dwarf eagle echo elbow
elephant embark empower engine enrich envelope episode erosion essay estate exhibit exotic fabric fantasy feature
fiction flavor fossil fragile frozen galaxy garlic gesture giraffe glimpse gorilla gravity grocery guitar habit hamster
harbor harvest hedgehog helmet hollow hybrid icon immune inherit injury island ivory jacket jaguar jewel journey jungle
kangaroo ketchup kidney kitten ladder laundry lecture lemon leopard liberty lizard lobster lumber lunar luxury magnet
mammal mango mansion maple marble meadow melody mercy midnight mirror monkey mosquito muffin mushroom napkin nephew
noodle nuclear oak obscure october olive olympic orbit orchard ostrich oxygen oyster paddle panther parade parrot
peanut pelican pepper pigeon pioneer pistol planet pottery powder pudding pumpkin puzzle pyramid quantum quarter rabbit
raccoon radar ranch raven recipe reunion rhythm ribbon ripple robot rookie saddle salmon satoshi sausage scorpion
shrimp siren sketch slender slogan soccer sphere spider squirrel stadium stereo stove subway sunset swamp symptom syrup
talent tattoo tennis thunder timber tobacco tomato tornado tortoise trophy trumpet tunnel turtle umbrella unveil vacuum
valley velvet vessel vintage violin volcano voyage wagon walnut wasp weasel whisper wisdom wolf yellow zebra
"""
BIP39_SUBSET = BIP39_WORDS.split()


def mnemonic(n_words: int):
    """A BIP-39-shaped recovery phrase of `n_words` words."""
    return lambda rng: " ".join(rng.choice(BIP39_SUBSET) for _ in range(n_words))


def checksum_address(rng: random.Random) -> str:
    """A 0x address in mixed (EIP-55-looking) case."""
    h = hexl(40)(rng)
    return "0x" + "".join(c.upper() if c.isalpha() and rng.random() < 0.5 else c for c in h)


def solana_id_json(rng: random.Random) -> str:
    """The 64 bytes of a Solana CLI keypair file, as the comma-separated list inside `[...]`."""
    return ",".join(str(rng.randrange(256)) for _ in range(64))


def b64url_nopad(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def moralis_jwt(rng: random.Random) -> str:
    """A Moralis-shaped API key: an HS256 JWT whose claims name a PROJECT key."""
    header = b64url_nopad(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    iat = 1_700_000_000 + rng.randrange(40_000_000)
    claims = {
        "nonce": uuid(rng),
        "orgId": digits(6)(rng),
        "userId": digits(6)(rng),
        "typeId": uuid(rng),
        "type": "PROJECT",
        "iat": iat,
        "exp": iat + 3_155_760_000,
    }
    payload = b64url_nopad(json.dumps(claims, separators=(",", ":")).encode())
    return f"{header}.{payload}.{b64url(43)(rng)}"


def eth_path(rng: random.Random) -> str:
    """A Ledger Live style Ethereum derivation path."""
    return f"m/44'/60'/{rng.randrange(6)}'/0/0"


pk_hex = hexl(64)
etherscan_key = upper_alnum(34)
alchemy_key = b64url(32)
sol_pubkey = b58(44)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (16, 25, 1, 23, "the rules for 24 to 33")

TEMPLATES = [
    # ---- secrets: EVM private keys in configs, flags and command output
    S(
        W3,
        "hardhat_accounts_literal",
        '  networks: {\n    sepolia: {\n      url: "https://ethereum-sepolia-rpc.publicnode.com",\n'
        '      chainId: 11155111,\n      accounts: ["0x{v}"],\n    },\n  },',
        pk_hex,
    ),
    S(
        W3,
        "forge_script_private_key",
        "$ forge script script/DeployVault.s.sol:DeployVault --rpc-url sepolia --broadcast --verify -vvvv"
        " --private-key {v}",
        pk_hex,
    ),
    S(
        W3,
        "cast_wallet_new_output",
        "$ cast wallet new\nSuccessfully created new keypair.\nAddress:     {addr}\nPrivate key: {v}",
        join("0x", pk_hex),
        addr=checksum_address,
    ),
    S(
        W3,
        "cast_decrypt_keystore_output",
        "$ cast wallet decrypt-keystore deployer\nEnter password:\ndeployer's private key is: {v}",
        join("0x", pk_hex),
    ),
    S(
        W3,
        "cast_import_unsafe_password",
        "$ cast wallet import deployer --interactive --unsafe-password '{v}'\n"
        "Enter private key:\n`deployer` keystore was saved successfully. Address: {addr}",
        password(20),
        addr=checksum_address,
    ),
    S(
        W3,
        "keystore_ciphertext",
        '  "crypto": {\n    "cipher": "aes-128-ctr",\n    "cipherparams": { "iv": "{iv}" },\n'
        '    "ciphertext": "{v}",\n    "kdf": "scrypt",',
        pk_hex,
        iv=hexl(32),
    ),
    # ---- secrets: recovery phrases and Solana keypairs
    S(
        W3,
        "mnemonic_env",
        '# .env (local only)\nMNEMONIC="{v}"\nSEPOLIA_RPC_URL=https://ethereum-sepolia-rpc.publicnode.com',
        mnemonic(12),
    ),
    S(
        W3,
        "hardhat_hd_accounts",
        '      accounts: {\n        mnemonic: "{v}",\n        path: "m/44\'/60\'/0\'/0",\n'
        "        initialIndex: 0,\n        count: 5,\n      },",
        mnemonic(12),
    ),
    S(
        W3,
        "cast_import_mnemonic",
        '$ cast wallet import treasury-hot --mnemonic "{v}" --mnemonic-index 0',
        mnemonic(24),
    ),
    S(
        W3,
        "solana_keygen_seed_phrase",
        "Wrote new keypair to /home/dev/.config/solana/id.json\n"
        "================================================================================\n"
        "pubkey: {pub}\n"
        "================================================================================\n"
        "Save this seed phrase and your BIP39 passphrase to recover your new keypair:\n{v}\n"
        "================================================================================",
        mnemonic(12),
        pub=sol_pubkey,
    ),
    S(W3, "solana_id_json", "$ cat ~/.config/solana/id.json\n[{v}]", solana_id_json),
    S(
        W3,
        "solana_bs58_secret",
        'const payer = Keypair.fromSecretKey(bs58.decode("{v}"));',
        b58(88),
    ),
    # ---- secrets: explorer API keys
    S(
        W3,
        "hardhat_etherscan_apikey",
        '  etherscan: {\n    apiKey: {\n      mainnet: "{v}",\n      sepolia: "{v}",\n    },\n  },',
        etherscan_key,
    ),
    S(
        W3,
        "foundry_toml_polygonscan",
        '[etherscan]\npolygon = { key = "{v}", chain = 137, url = "https://api.polygonscan.com/api" }',
        etherscan_key,
    ),
    S(
        W3,
        "forge_verify_etherscan_flag",
        "$ forge verify-contract {addr} src/Vault.sol:Vault --chain sepolia --etherscan-api-key {v} --watch",
        etherscan_key,
        addr=checksum_address,
    ),
    S(
        W3,
        "etherscan_apikey_query",
        '$ curl -s "https://api.etherscan.io/v2/api?chainid=1&module=account&action=balance'
        '&address={addr}&tag=latest&apikey={v}"',
        etherscan_key,
        addr=checksum_address,
    ),
    # ---- secrets: RPC provider keys in URLs and printed by tools
    S(
        W3,
        "alchemy_rpc_url",
        '    sepolia: {\n      url: "https://eth-sepolia.g.alchemy.com/v2/{v}",\n'
        '      accounts: [configVariable("SEPOLIA_PRIVATE_KEY")],\n    },',
        alchemy_key,
    ),
    S(W3, "hardhat_vars_get_output", "$ npx hardhat vars get ALCHEMY_API_KEY\n{v}", alchemy_key),
    S(
        W3,
        "infura_api_key_secret",
        "$ curl --user :{v} https://mainnet.infura.io/v3/{key} \\\n"
        '  -d \'{"jsonrpc": "2.0", "method": "eth_blockNumber", "params": [], "id": 1}\'',
        hexl(32),
        key=hexl(32),
    ),
    S(
        W3,
        "quicknode_url_token",
        "QUICKNODE_BASE_URL=https://{sub}.base-mainnet.quiknode.pro/{v}/",
        hexl(40),
        sub=const("withered-frosty-lagoon"),
    ),
    # ---- secrets: platform keys (Tenderly, thirdweb, Moralis)
    S(
        W3,
        "tenderly_config_yaml",
        "$ cat ~/.tenderly/config.yaml\naccess_key: {v}",
        b62(32),
    ),
    S(
        W3,
        "tenderly_access_key_header",
        "$ curl -X POST https://api.tenderly.co/api/v1/account/{acct}/project/vault-prod/simulate \\\n"
        '  -H "X-Access-Key: {v}" -H "Content-Type: application/json" -d @sim.json',
        b62(32),
        acct=const("brightkite-labs"),
    ),
    S(W3, "thirdweb_cli_secret", "$ npx thirdweb deploy -k {v}", b64url(86)),
    S(
        W3,
        "thirdweb_secret_key",
        'export const serverClient = createThirdwebClient({\n  secretKey: "{v}",\n});',
        b64url(86),
    ),
    S(W3, "moralis_api_key", 'await Moralis.start({\n  apiKey: "{v}",\n});', moralis_jwt),
    # ---- look-alikes: public ids the same docs show beside the keys
    L(
        W3,
        "walletconnect_project_id",
        "export const config = getDefaultConfig({\n  appName: 'Vault Console',\n"
        "  projectId: '{v}',\n  chains: [mainnet, sepolia],\n});",
        hexl(32),
    ),
    L(
        W3,
        "thirdweb_client_id",
        'export const client = createThirdwebClient({\n  clientId: "{v}",\n});',
        hexl(32),
    ),
    L(
        W3,
        "eth_address_output",
        "$ cast wallet address --account deployer\nEnter keystore password:\n{v}",
        checksum_address,
    ),
    L(
        W3,
        "keystore_address_field",
        '{\n  "address": "{v}",\n  "id": "{id}",\n  "version": 3,',
        hexl(40),
        id=uuid,
    ),
    L(
        W3,
        "keystore_filename",
        "$ ls ~/.ethereum/keystore\nUTC--2024-03-11T09-14-52.118412000Z--{v}",
        hexl(40),
    ),
    L(
        W3,
        "solana_pubkey_output",
        "Wrote new keypair to /home/dev/.config/solana/devnet-deployer.json\n"
        "================================================================================\n"
        "pubkey: {v}\n"
        "================================================================================",
        sol_pubkey,
    ),
    L(W3, "solana_address_output", "$ solana address -k target/deploy/vault-keypair.json\n{v}", sol_pubkey),
    L(W3, "anchor_declare_id", 'use anchor_lang::prelude::*;\n\ndeclare_id!("{v}");', sol_pubkey),
    L(
        W3,
        "ledger_hd_path",
        '$ forge script script/DeployVault.s.sol --rpc-url mainnet --broadcast --ledger --hd-paths "{v}"'
        " --sender {addr}",
        eth_path,
        addr=checksum_address,
    ),
    # ---- look-alikes: hashes and receipts
    L(
        W3,
        "tx_hash",
        "$ forge create src/Counter.sol:Counter --rpc-url sepolia --account deployer --broadcast\n"
        "Deployer: {a}\nDeployed to: {b}\nTransaction hash: 0x{v}",
        hexl(64),
        a=checksum_address,
        b=checksum_address,
    ),
    L(
        W3,
        "etherscan_guid",
        "Submitting verification for [src/Vault.sol:Vault] {addr}.\n"
        "Submitted contract for verification:\n\tResponse: `OK`\n\tGUID: `{v}`",
        lower_alnum(50),
        addr=checksum_address,
    ),
    L(
        W3,
        "metadata_ipfs",
        '      "urls": [\n        "bzz-raw://{swarm}",\n        "dweb:/ipfs/{v}"\n      ]',
        join("Qm", b58(44)),
        swarm=hexl(64),
    ),
    L(W3, "submodule_sha", "$ git submodule status\n {v} lib/forge-std (v1.9.4)", hexl(40)),
    # ---- look-alikes: references, placeholders, masks, paths
    L(
        W3,
        "config_variable_ref",
        '      url: configVariable("SEPOLIA_RPC_URL"),\n      accounts: [{v}],',
        const('configVariable("SEPOLIA_PRIVATE_KEY")'),
    ),
    L(W3, "vars_get_ref", "const ETHERSCAN_API_KEY = {v};", const('vars.get("ETHERSCAN_API_KEY")')),
    L(
        W3,
        "url_template_ref",
        "      url: `https://eth-sepolia.g.alchemy.com/v2/{v}`,",
        const("${ALCHEMY_API_KEY}"),
    ),
    L(W3, "foundry_toml_env_ref", '[etherscan]\nmainnet = { key = "{v}" }', const("${ETHERSCAN_API_KEY}")),
    L(
        W3,
        "secret_manager_ref",
        '$ PRIVATE_KEY=$(op read "{v}") forge script script/DeployVault.s.sol --rpc-url sepolia --broadcast',
        const("op://web3/sepolia-deployer/private-key"),
    ),
    L(
        W3,
        "hardhat_vars_masked",
        "$ npx hardhat vars set ETHERSCAN_API_KEY\n✔ Enter value: {v}",
        const("*" * 34),
    ),
    L(
        W3,
        "placeholder_flag",
        "$ forge create --rpc-url <your_rpc_url> --private-key {v} src/MyContract.sol:MyContract",
        const("<your_private_key>"),
    ),
    L(W3, "placeholder_counting", "# .env.example\nPRIVATE_KEY=0x{v}", counting(64, hex_digits=True)),
    L(
        W3,
        "password_file_path",
        "$ cast send {to} --value 0.01ether --keystore ~/.foundry/keystores/deployer --password-file {v}",
        const(".secrets/deployer.pass"),
        to=checksum_address,
    ),
    L(
        W3,
        "anchor_wallet_path",
        '[provider]\ncluster = "devnet"\nwallet = "{v}"',
        const("~/.config/solana/id.json"),
    ),
]
