"""A hundred-and-eighty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of VPN and zero-trust networking tools: WireGuard (`wg genkey`,
`wg pubkey`, `wg show`, `wg showconf`, `wg-quick` configs, OpenWrt UCI `private_key`), OpenVPN
(inline `<tls-crypt>` "OpenVPN Static key V1" blocks of 16 lines of 32 hex, `auth-user-pass`
files, `peer-fingerprint`), ZeroTier (Central API tokens under `Authorization: token`, the local
service's `authtoken.secret` under `X-ZT1-Auth`, `identity.secret` vs `identity.public`, 16-hex
network ids and 10-hex node addresses), NetBird (upper-case UUID setup keys under `--setup-key`,
`nbp_` personal access tokens under `Authorization: Token`, masked keys in API output),
Headscale (`hskey-auth-<prefix>-<secret>` pre-auth keys, legacy 48-hex keys, `hskey-api-` API
keys, masked `hskey-auth-<prefix>-***` listings, `mkey:` machine keys), Tailscale (`tskey-auth-`
and `tskey-client-` keys vs their `k…CNTRL` key ids), Cloudflare Tunnel (the base64 JSON tunnel
token given to `cloudflared service install`, `TunnelSecret` in the credentials JSON, 32-hex
account tags and tunnel UUIDs), Twingate (connector access tokens as ES256 JWTs and refresh
tokens, base64 GraphQL node ids), Pritunl (API token/secret HMAC signing code), OpenConnect /
ocserv (`--passwd-on-stdin`, `--servercert pin-sha256:`), strongSwan (`ipsec.secrets` PSK / EAP
entries, `swanctl.conf` 0x-hex secrets, `subjkeyId`s), Firezone (`.SFMyNTY.` Phoenix gateway
tokens vs `FIREZONE_ID`), and Nebula (`NEBULA ED25519 PRIVATE KEY` CA keys vs the public
`NEBULA CERTIFICATE` and fingerprints), in commands, config files, code and tool output, with
the public ids the same documentation shows beside them. Every value is generated here in the
documented shape; none is copied from a vendor's docs or a scanner's fixtures.

Where the documentation read did not state a length (the secret half of Headscale's `hskey-`
keys, Tailscale's key ids and secrets, ZeroTier's token lengths, Twingate's refresh token), the
length was taken from public code and examples seen in the search results or from memory, not
from a vendor specification.

First score, blind, before any rule changed for it (after the rules for 175 to 179):
25 of 27 secrets caught, 3 of 25 look-alikes altered (missed: a Cloudflare tunnel token (base64
JSON) as `cloudflared service install`'s argument, an `ipsec.secrets` EAP password; altered: a
WireGuard peer's public key after `peer:`, a Headscale machine key (`mkey:<hex>`) after `--key`, a
Tailscale key's id in an API path after `/keys/`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    lower_alnum,
    password,
    upper_alnum,
    uuid,
)

ZT = "zerotrust"


def raw_b64(n_bytes: int):
    """Standard base64 of `n_bytes` random bytes (a WireGuard key is 32 bytes, 44 characters)."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n_bytes))).decode()

    return make


def b64url_nopad(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def pem_body(n_bytes: int):
    """Base64 of random bytes wrapped at 64 columns, as in a PEM block."""

    def make(rng: random.Random) -> str:
        s = raw_b64(n_bytes)(rng)
        return "\n".join(s[i : i + 64] for i in range(0, len(s), 64))

    return make


def openvpn_static_key(rng: random.Random) -> str:
    """The 16 lines of 32 hex digits of a 2048-bit OpenVPN static key."""
    return "\n".join(hexl(32)(rng) for _ in range(16))


def zt_identity_secret(rng: random.Random) -> str:
    return f"{hexl(10)(rng)}:0:{hexl(128)(rng)}:{hexl(128)(rng)}"


def zt_identity_public(rng: random.Random) -> str:
    return f"{hexl(10)(rng)}:0:{hexl(128)(rng)}"


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def cf_tunnel_token(rng: random.Random) -> str:
    body = {"a": hexl(32)(rng), "t": uuid(rng), "s": raw_b64(32)(rng)}
    return base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()


def twingate_access_token(rng: random.Random) -> str:
    header = {"alg": "ES256", "kid": b64url(43)(rng), "typ": "DAT"}
    iat = 1_700_000_000 + rng.randrange(40_000_000)
    payload = {
        "nt": "AN",
        "aid": digits(6)(rng),
        "did": digits(7)(rng),
        "jti": uuid(rng),
        "iss": "twingate",
        "aud": "halyard",
        "exp": iat + 3600,
        "iat": iat,
        "ver": "4",
        "tid": digits(6)(rng),
        "rnetid": digits(6)(rng),
    }
    parts = [
        b64url_nopad(json.dumps(header, separators=(",", ":")).encode()),
        b64url_nopad(json.dumps(payload, separators=(",", ":")).encode()),
        b64url(86)(rng),
    ]
    return ".".join(parts)


def firezone_token(rng: random.Random) -> str:
    """A Phoenix.Token: `.SFMyNTY.` then an Erlang term in base64url, then the HMAC."""
    term = (
        b"\x83h\x03h\x03m\x00\x00\x00$"
        + uuid(rng).encode()
        + b"m\x00\x00\x00$"
        + uuid(rng).encode()
        + b"m\x00\x00\x008"
        + upper_alnum(56)(rng).encode()
        + b"n\x06\x00"
        + bytes(rng.getrandbits(8) for _ in range(6))
        + b"b\x00\x01Q\x80"
    )
    return ".SFMyNTY." + b64url_nopad(term) + "." + b64url(43)(rng)


def graphql_id(kind: str):
    return lambda rng: base64.b64encode(f"{kind}:{digits(6)(rng)}".encode()).decode()


def colon_hex(n_bytes: int, upper: bool = True):
    def make(rng: random.Random) -> str:
        h = (hexu if upper else hexl)(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


wg_key = raw_b64(32)
ts_key_id = join("k", b62(11), "CNTRL")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 27, 3, 25, "the rules for 175 to 179")

TEMPLATES = [
    # ---- secrets: WireGuard
    S(
        ZT,
        "wg_quick_private_key",
        "$ sudo cat /etc/wireguard/wg0.conf\n[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = {v}\nDNS = 10.8.0.1\n\n"
        "[Peer]\nPublicKey = {pub}\nEndpoint = vpn.halyard.dev:51820\nAllowedIPs = 0.0.0.0/0, ::/0\nPersistentKeepalive = 25",
        wg_key,
        pub=wg_key,
    ),
    S(
        ZT,
        "wg_genkey_output",
        "$ umask 077 && wg genkey | tee /etc/wireguard/private.key | wg pubkey > /etc/wireguard/public.key\n"
        "$ cat /etc/wireguard/private.key\n{v}",
        wg_key,
    ),
    S(
        ZT,
        "wg_showconf_psk",
        "$ sudo wg showconf wg0 | sed -n '5,9p'\n[Peer]\nPublicKey = {pub}\nPresharedKey = {v}\n"
        "AllowedIPs = 10.8.0.7/32\nEndpoint = 198.51.100.23:41641",
        wg_key,
        pub=wg_key,
    ),
    S(
        ZT,
        "uci_private_key",
        "root@edge-gw:~# uci set network.wg0.private_key='{v}'\nroot@edge-gw:~# uci commit network && ifup wg0",
        wg_key,
    ),
    # ---- secrets: OpenVPN
    S(
        ZT,
        "openvpn_tls_crypt_inline",
        "remote-cert-tls server\ncipher AES-256-GCM\n<tls-crypt>\n#\n# 2048 bit OpenVPN static key\n#\n"
        "-----BEGIN OpenVPN Static key V1-----\n{v}\n-----END OpenVPN Static key V1-----\n</tls-crypt>",
        openvpn_static_key,
    ),
    S(
        ZT,
        "openvpn_auth_user_pass_file",
        "$ sudo cat /etc/openvpn/client/halyard.auth\nsvc-backup-runner\n{v}\n"
        "$ sudo openvpn --config halyard.ovpn --auth-user-pass /etc/openvpn/client/halyard.auth --daemon",
        password(18),
    ),
    # ---- secrets: ZeroTier
    S(
        ZT,
        "zerotier_central_token",
        '$ curl -s -H "Authorization: token {v}" https://api.zerotier.com/api/v1/network/{nwid}/member | jq length\n14',
        b62(32),
        nwid=hexl(16),
    ),
    S(
        ZT,
        "zerotier_local_authtoken",
        "$ curl -s -H 'X-ZT1-Auth: {v}' http://127.0.0.1:9993/network | jq -r '.[].status'\nOK",
        lower_alnum(24),
    ),
    S(
        ZT,
        "zerotier_identity_secret",
        "$ sudo cat /var/lib/zerotier-one/identity.secret\n{v}",
        zt_identity_secret,
    ),
    # ---- secrets: NetBird
    S(
        ZT,
        "netbird_setup_key_flag",
        "$ sudo netbird up --management-url https://netbird.halyard.dev:33073 --setup-key {v} --hostname ci-runner-07\n"
        "Connected",
        upper_uuid,
    ),
    S(
        ZT,
        "netbird_pat_client",
        'from netbird import APIClient\n\nclient = APIClient(host="api.netbird.io", api_token="{v}")\n'
        "peers = client.peers.list()",
        join("nbp_", b62(36)),
    ),
    # ---- secrets: Headscale / Tailscale
    S(
        ZT,
        "headscale_preauth_output",
        "$ docker exec headscale headscale preauthkeys create --user 3 --reusable --expiration 24h\n{v}",
        join("hskey-auth-", b62(12), "-", b62(64)),
    ),
    S(
        ZT,
        "headscale_legacy_preauth",
        "$ sudo tailscale up --login-server https://hs.halyard.dev --authkey {v} --accept-routes",
        hexl(48),
    ),
    S(
        ZT,
        "headscale_cli_api_key",
        'export HEADSCALE_CLI_ADDRESS="hs.halyard.dev:50443"\nexport HEADSCALE_CLI_API_KEY="{v}"',
        join("hskey-api-", b62(12), "-", b62(64)),
    ),
    S(
        ZT,
        "tailscale_authkey_compose",
        "  tailscale:\n    image: tailscale/tailscale:latest\n    hostname: grafana\n    environment:\n"
        "      - TS_AUTHKEY={v}\n      - TS_STATE_DIR=/var/lib/tailscale",
        join("tskey-auth-", ts_key_id, "-", b62(33)),
    ),
    S(
        ZT,
        "tailscale_client_secret_tf",
        'provider "tailscale" {\n  oauth_client_id     = "{cid}"\n  oauth_client_secret = "{v}"\n  tailnet             = "halyard.dev"\n}',
        join("tskey-client-", ts_key_id, "-", b62(33)),
        cid=ts_key_id,
    ),
    # ---- secrets: Cloudflare Tunnel
    S(
        ZT,
        "cloudflared_service_install",
        "$ sudo cloudflared service install {v}\n2024-06-03T09:12:44Z INF Using Systemd\n"
        "2024-06-03T09:12:46Z INF Linux service for cloudflared installed successfully",
        cf_tunnel_token,
    ),
    S(
        ZT,
        "cloudflared_credentials_json",
        '$ cat ~/.cloudflared/{tid}.json\n{"AccountTag":"{acct}","TunnelSecret":"{v}","TunnelID":"{tid}"}',
        raw_b64(32),
        tid=uuid,
        acct=hexl(32),
    ),
    # ---- secrets: Twingate
    S(
        ZT,
        "twingate_access_token",
        'docker run -d --sysctl net.ipv4.ping_group_range="0 2147483647" --env TWINGATE_NETWORK="halyard"'
        ' --env TWINGATE_ACCESS_TOKEN="{v}" --env TWINGATE_LABEL_HOSTNAME="`hostname`" --name "twingate-amber-heron"'
        " --restart=unless-stopped twingate/connector:1",
        twingate_access_token,
    ),
    S(
        ZT,
        "twingate_refresh_token",
        "$ sudo cat /etc/twingate/connector.conf\nTWINGATE_URL=https://halyard.twingate.com\n"
        "TWINGATE_REFRESH_TOKEN={v}\nTWINGATE_LOG_ANALYTICS=v2",
        b64url(150),
    ),
    # ---- secrets: Pritunl, OpenConnect, strongSwan, Firezone, Nebula
    S(
        ZT,
        "pritunl_api_secret",
        "BASE_URL = 'https://vpn.halyard.dev'\nAPI_TOKEN = os.environ['PRITUNL_API_TOKEN']\nAPI_SECRET = '{v}'\n\n"
        "auth_signature = base64.b64encode(hmac.new(API_SECRET.encode(), auth_string.encode(), hashlib.sha256).digest())",
        b62(32),
    ),
    S(
        ZT,
        "openconnect_passwd_stdin",
        "$ echo '{v}' | sudo openconnect --protocol=anyconnect --user=j.okafor --passwd-on-stdin --background vpn.halyard.dev",
        password(16),
    ),
    S(
        ZT,
        "ipsec_secrets_psk",
        '# /etc/ipsec.secrets\n203.0.113.10 %any : PSK "{v}"\n: RSA gw-halyard-key.pem',
        raw_b64(24),
    ),
    S(
        ZT,
        "swanctl_hex_secret",
        "secrets {\n    ike-branch-ams {\n        id = branch-ams.halyard.dev\n        secret = {v}\n    }\n}",
        join("0x", hexl(64)),
    ),
    S(
        ZT,
        "ipsec_secrets_eap",
        'j.okafor@halyard.dev : EAP "{v}"',
        password(14),
    ),
    S(
        ZT,
        "firezone_gateway_token",
        "    environment:\n      - FIREZONE_ID={fid}\n      - FIREZONE_TOKEN={v}\n      - RUST_LOG=info",
        firezone_token,
        fid=uuid,
    ),
    S(
        ZT,
        "nebula_ca_key",
        "$ cat ca.key\n-----BEGIN NEBULA ED25519 PRIVATE KEY-----\n{v}\n-----END NEBULA ED25519 PRIVATE KEY-----",
        pem_body(64),
    ),
    # ---- look-alikes: public keys, ids, fingerprints
    L(ZT, "wg_pubkey_output", "$ wg pubkey < /etc/wireguard/private.key\n{v}", wg_key),
    L(
        ZT,
        "wg_show_hidden",
        "$ sudo wg show wg0\ninterface: wg0\n  public key: {v}\n  private key: (hidden)\n  listening port: 51820\n\n"
        "peer: {peer}\n  preshared key: (hidden)\n  endpoint: 198.51.100.23:41641\n  allowed ips: 10.8.0.7/32",
        wg_key,
        peer=wg_key,
    ),
    L(
        ZT,
        "wg_peer_public_key",
        "[Peer]\n# laptop-okafor\nPublicKey = {v}\nAllowedIPs = 10.8.0.7/32",
        wg_key,
    ),
    L(
        ZT,
        "openvpn_peer_fingerprint",
        "<peer-fingerprint>\n{v}\n</peer-fingerprint>",
        colon_hex(32),
    ),
    L(ZT, "zerotier_network_id", "$ sudo zerotier-cli join {v}\n200 join OK", hexl(16)),
    L(ZT, "zerotier_node_address", "$ sudo zerotier-cli info\n200 info {v} 1.14.0 ONLINE", hexl(10)),
    L(
        ZT,
        "zerotier_identity_public",
        "$ cat /var/lib/zerotier-one/identity.public\n{v}",
        zt_identity_public,
    ),
    L(
        ZT,
        "netbird_masked_setup_key",
        '  {\n    "id": "{id}",\n    "name": "ci-runners",\n    "key": "{v}",\n    "type": "reusable",\n    "valid": true,',
        join(hexu(5), "****"),
        id=digits(10),
    ),
    L(
        ZT,
        "headscale_masked_preauth",
        "$ headscale preauthkeys list --user 3\nID | Key                         | Reusable | Ephemeral | Used  | Expiration\n"
        "7  | {v} | true     | false     | false | 2024-06-04 09:12:44",
        join("hskey-auth-", b62(12), "-***"),
    ),
    L(
        ZT,
        "headscale_machine_key",
        "$ headscale nodes register --user ops --key {v}\nNode build-box-2 registered",
        join("mkey:", hexl(64)),
    ),
    L(
        ZT,
        "tailscale_key_id",
        '$ curl -s -u "${TS_API_KEY}:" https://api.tailscale.com/api/v2/tailnet/-/keys/{v} | jq .expires\n'
        '"2024-09-01T10:00:00Z"',
        ts_key_id,
    ),
    L(
        ZT,
        "tailscale_authkey_file",
        "$ sudo tailscale up --auth-key={v} --advertise-tags=tag:ci",
        const("file:/run/secrets/ts_authkey"),
    ),
    L(
        ZT,
        "cloudflared_config_tunnel_id",
        "tunnel: {v}\ncredentials-file: /etc/cloudflared/{v}.json\ningress:\n  - hostname: grafana.halyard.dev\n"
        "    service: http://localhost:3000\n  - service: http_status:404",
        uuid,
    ),
    L(
        ZT,
        "cloudflare_account_id",
        '$ curl -s "https://api.cloudflare.com/client/v4/accounts/{v}/cfd_tunnel?is_deleted=false"'
        ' --header "Authorization: Bearer $CLOUDFLARE_API_TOKEN" | jq ".result[].name"',
        hexl(32),
    ),
    L(
        ZT,
        "twingate_env_ref",
        "    environment:\n      - TWINGATE_NETWORK=halyard\n      - TWINGATE_ACCESS_TOKEN={v}\n"
        "      - TWINGATE_REFRESH_TOKEN=${TWINGATE_REFRESH_TOKEN}",
        const("${TWINGATE_ACCESS_TOKEN}"),
    ),
    L(
        ZT,
        "twingate_graphql_id",
        'mutation { connectorCreate(remoteNetworkId: "{v}", name: "amber-heron") { ok error entity { id } } }',
        graphql_id("RemoteNetwork"),
    ),
    L(
        ZT,
        "pritunl_nonce",
        "    auth_headers = {\n        'Auth-Token': API_TOKEN,\n        'Auth-Timestamp': '{ts}',\n"
        "        'Auth-Nonce': '{v}',\n",
        hexl(32),
        ts=join("17", digits(8)),
    ),
    L(
        ZT,
        "pritunl_server_id",
        '$ curl -s -X PUT https://vpn.halyard.dev/server/{v}/operation/restart -H "Auth-Token: $PRITUNL_API_TOKEN"',
        hexl(24),
    ),
    L(
        ZT,
        "openconnect_servercert_pin",
        "$ sudo openconnect --protocol=anyconnect --servercert pin-sha256:{v} --user=j.okafor vpn.halyard.dev",
        raw_b64(32),
    ),
    L(
        ZT,
        "swanctl_subjkeyid",
        '$ sudo swanctl --list-certs\n\nList of X.509 End Entity Certificates\n\n  subject:  "CN=gw.halyard.dev"\n'
        '  issuer:   "CN=Halyard Root CA"\n  subjkeyId: {v}',
        colon_hex(20, upper=False),
    ),
    L(
        ZT,
        "ipsec_secrets_placeholder",
        '# fill in from the vault before deploying\n203.0.113.10 %any : PSK "{v}"',
        const("<pre-shared-key-from-vault>"),
    ),
    L(ZT, "firezone_id", "export FIREZONE_ID={v}\nexport FIREZONE_NAME=gw-ams-1", uuid),
    L(
        ZT,
        "firezone_secret_ref",
        "      - name: Start Firezone gateway\n        env:\n          FIREZONE_TOKEN: {v}\n"
        "        run: sudo -E ./firezone-gateway",
        const("${{ secrets.FIREZONE_TOKEN }}"),
    ),
    L(
        ZT,
        "nebula_fingerprint",
        '$ nebula-cert print -json -path ca.crt | jq .\n{\n  "details": {\n    "isCa": true,\n    "name": "Halyard Nebula CA",\n'
        '    "publicKey": "{pub}"\n  },\n  "fingerprint": "{v}",',
        hexl(64),
        pub=hexl(64),
    ),
    L(
        ZT,
        "nebula_ca_cert",
        "$ scp lighthouse:/etc/nebula/ca.crt . && cat ca.crt\n-----BEGIN NEBULA CERTIFICATE-----\n{v}\n"
        "-----END NEBULA CERTIFICATE-----",
        pem_body(140),
    ),
]
