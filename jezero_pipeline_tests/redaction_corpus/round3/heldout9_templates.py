"""A ninth held-out set, written before any rule of the speed rework changed, scored once.

Shapes from vendors' own documentation of their credentials (HashiCorp Vault and Terraform,
Okta, Auth0, Cloudflare, Fastly, Datadog, Algolia, Pusher, Segment, Postmark, Snowflake,
WireGuard, Ethereum and Solana wallets, node providers), in CLI output, config and code, with
the public halves and ids the same documentation shows beside them.
"""

from __future__ import annotations

from build import L, S, b58, b62, b64, b64url, const, hexl, join, password, upper_alnum, uuid

VD = "vendor-docs"

TEMPLATES = [
    # ---- secrets
    S(VD, "vault_unseal", "Unseal Key 2: {v}", b64(43, "=")),
    S(VD, "vault_root", "Initial Root Token: {v}", join("s.", b62(24))),
    S(VD, "vault_unseal", "$ vault operator unseal {v}", b64(43, "=")),
    S(VD, "tfc", 'credentials "app.terraform.io" {{ token = "{v}" }}', join(b62(14), ".atlasv1.", b62(67))),
    S(VD, "okta", "curl -H 'Authorization: SSWS {v}' https://dev-1.okta.com/api/v1/users", join("00", b64url(40))),
    S(VD, "okta", "OKTA_API_TOKEN={v}", join("00", b64url(40))),
    S(VD, "auth0", "AUTH0_CLIENT_SECRET={v}", b64url(64)),
    S(
        VD,
        "auth0",
        "auth0 = Auth0('tenant.eu.auth0.com', '{v}')",
        join("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.", b64url(160), ".", b64url(86)),
    ),
    S(
        VD,
        "cloudflare",
        "$ curl -H 'X-Auth-Key: {v}' -H 'X-Auth-Email: ops@example.com' https://api.cloudflare.com/client/v4/zones",
        hexl(37),
    ),
    S(VD, "cloudflare", "export CLOUDFLARE_API_TOKEN={v}", b64url(40)),
    S(VD, "fastly", "$ fastly purge --all --service-id 7i6HN3TK9wS159v2gPAZ8A --token {v}", b64url(32)),
    S(VD, "datadog", "DD-API-KEY: {v}", hexl(32)),
    S(VD, "datadog", "datadog:\n  api_key: {k}\n  app_key: {v}", hexl(40), k=hexl(32)),
    S(VD, "algolia_admin", "client = SearchClient.create('LATENCY1X9', '{v}')  # admin key", hexl(32)),
    S(VD, "pusher", "PUSHER_APP_SECRET={v}", hexl(20)),
    S(VD, "segment", "analytics.write_key = '{v}'", b62(32)),
    S(VD, "postmark", "X-Postmark-Server-Token: {v}", uuid),
    S(VD, "snowflake", "$ snowsql -a xy12345.eu-central-1 -u LOADER --private-key-passphrase {v}", password(20)),
    S(VD, "snowflake", "snowflake://LOADER:{v}@xy12345.eu-central-1/ANALYTICS/PUBLIC?warehouse=WH", password(16)),
    S(VD, "wireguard", "[Interface]\nPrivateKey = {v}\nAddress = 10.8.0.2/24", b64(43, "=")),
    S(VD, "eth", "PRIVATE_KEY=0x{v}", hexl(64)),
    S(VD, "eth", "const wallet = new ethers.Wallet('0x{v}', provider);", hexl(64)),
    S(
        VD,
        "solana",
        "$ solana-keygen recover\n[recover] seed phrase: {v}",
        const("ripple vessel cabin eager trumpet laptop orbit gentle frozen muscle yellow decade"),
    ),
    S(VD, "solana", "SOLANA_SECRET_KEY={v}", b58(88)),
    S(VD, "node_url", "RPC_URL=https://eth-mainnet.g.alchemy.com/v2/{v}", b64url(32)),
    S(VD, "node_url", "web3 = Web3(HTTPProvider('https://mainnet.infura.io/v3/{v}'))", hexl(32)),
    # ---- look-alikes
    L(VD, "vault_accessor", "token_accessor       {v}", b62(24)),
    L(VD, "vault_lease", "lease_id: database/creds/readonly/{v}", b62(24)),
    L(VD, "okta_client_id", "OKTA_CLIENT_ID={v}", join("0oa", b62(17))),
    L(VD, "auth0_client_id", "AUTH0_CLIENT_ID={v}", b62(32)),
    L(VD, "cloudflare_zone", "$ curl https://api.cloudflare.com/client/v4/zones/{v}/purge_cache", hexl(32)),
    L(VD, "cloudflare_account", 'account_id = "{v}"', hexl(32)),
    L(VD, "fastly_service", "FASTLY_SERVICE_ID={v}", b62(22)),
    L(VD, "algolia_search", "ALGOLIA_SEARCH_ONLY_KEY={v}", hexl(32)),
    L(VD, "algolia_app", "ALGOLIA_APP_ID={v}", upper_alnum(10)),
    L(VD, "pusher_key", "PUSHER_APP_KEY={v}", hexl(20)),
    L(VD, "wireguard_pub", "[Peer]\nPublicKey = {v}\nAllowedIPs = 0.0.0.0/0", b64(43, "=")),
    L(VD, "eth_address", "deployer: 0x{v}", hexl(40)),
    L(VD, "eth_tx", "tx hash 0x{v} confirmed in block 19283746", hexl(64)),
    L(VD, "solana_pubkey", "Wrote new keypair to id.json\npubkey: {v}", b58(44)),
    L(VD, "contract", "USDC_CONTRACT=0x{v}", hexl(40)),
    L(VD, "ens", "resolver for {v} set", const("vitalik-fan.eth")),
    L(VD, "datadog_site", "DD_SITE={v}", const("datadoghq.eu")),
    L(
        VD,
        "placeholder",
        "PRIVATE_KEY={v}",
        const("0x0000000000000000000000000000000000000000000000000000000000000000"),
    ),
    L(VD, "placeholder", "OKTA_API_TOKEN={v}", const("{yourOktaApiToken}")),
    L(VD, "placeholder", "AUTH0_CLIENT_SECRET={v}", const("YOUR_CLIENT_SECRET")),
    L(VD, "segment_source", "source id: {v}", b62(22)),
]
