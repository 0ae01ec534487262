"""A fifty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of web servers, reverse proxies and tunnels: nginx (`auth_basic_user_file`
and its `{PLAIN}` scheme, `proxy_set_header Authorization`, the API-gateway `map $http_apikey` block),
Apache httpd (`htpasswd -nbB`, `SSLPassPhraseDialog exec:`, mod_authn_dbd `DBDParams`, mod_authnz_ldap,
mod_auth_openidc), Caddy (`caddy hash-password`, caddy-dns `dns cloudflare {env.CF_API_TOKEN}`, `acme_eab`,
`caddy version`), Traefik (the BasicAuth `htpasswd | sed` recipe for `$$`, lego DNS-provider environment
variables and their `_FILE` suffix), HAProxy (`userlist` with `insecure-password`, `stats auth`, quoted
environment variables), Envoy (the OAuth2 filter's `client_id`, SDS `generic_secret`), Varnish (the `-S`
secret file and the CLI's 107 challenge), Cloudflare Tunnel (credentials JSON with AccountTag, TunnelSecret
and TunnelID, `eyJ…` tunnel tokens, `cert.pem`), frp (`auth.method`/`auth.token`, stcp `secretKey`,
`{{ .Envs.… }}` templates), Tailscale (`tskey-auth-`/`tskey-client-`/`tskey-api-` keys, `--auth-key file:`,
key ids, node keys, the GitHub Action) and ZeroTier (`authtoken.secret` behind `X-ZT1-Auth`, identity
files, network ids), in commands, config files, tool output and prose, with the public ids the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 50 to 54):
21 of 26 secrets caught, 2 of 22 look-alikes altered (missed: API keys as an nginx `map`'s entries, a passphrase
echoed by an `SSLPassPhraseDialog` script, Caddy's `dns cloudflare <token>`, `cloudflared service install <token>`,
the body of an `ARGO TUNNEL TOKEN` block; altered: Apache's `exec:` reference, a `file:` reference after `--auth-
key=`).
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
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

PX = "proxies"


def basic_auth(user: str, secret):
    return lambda rng: base64.b64encode(f"{user}:{secret(rng)}".encode()).decode()


def cf_tunnel_token(rng: random.Random) -> str:
    """A remotely-managed tunnel token: base64 of {"a": account tag, "t": tunnel id, "s": tunnel secret}."""
    body = {"a": hexl(32)(rng), "t": uuid(rng), "s": b64(43, "=")(rng)}
    return base64.b64encode(json.dumps(body, separators=(",", ":")).encode()).decode()


def argo_cert_token(rng: random.Random) -> str:
    """The ARGO TUNNEL TOKEN block of `cert.pem`: base64 JSON with zone, account and API token, wrapped at 64."""
    body = {"zoneID": hexl(32)(rng), "accountID": hexl(32)(rng), "apiToken": b64url(40)(rng)}
    enc = base64.b64encode(json.dumps(body).encode()).decode()
    return "\n".join(enc[i : i + 64] for i in range(0, len(enc), 64))


def zt_identity(secret: bool):
    """`address:0:public` (identity.public) or `address:0:public:private` (identity.secret), hex."""

    def make(rng: random.Random) -> str:
        parts = [hexl(10)(rng), "0", hexl(128)(rng)]
        if secret:
            parts.append(hexl(128)(rng))
        return ":".join(parts)

    return make


def ts_key(kind: str):
    return join(f"tskey-{kind}-k", b62(7), "CNTRL-", b62(32))


azure_client_secret = join(pick(B62, 3), "8Q~", pick(B62 + "~._-", 34))
google_client_id = join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com")

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 26, 2, 22, "the rules for 50 to 54")

TEMPLATES = [
    # ---- secrets: nginx
    S(
        PX,
        "nginx_proxy_basic",
        "    location /upstream-admin/ {\n        proxy_pass https://10.0.4.12:8443/;\n"
        '        proxy_set_header Authorization "Basic {v}";\n    }',
        basic_auth("gateway", b62(20)),
    ),
    S(
        PX,
        "nginx_map_apikey",
        '$ cat /etc/nginx/api_keys.conf\nmap $http_apikey $api_client_name {\n    default "";\n\n'
        '    "{v}" "warehouse_batch";\n}',
        b62(24),
    ),
    S(
        PX,
        "nginx_plain_htpasswd",
        "# /etc/nginx/conf.d/.htpasswd-staging (temporary, RFC 2307 scheme)\ndeploy:{PLAIN}{v}",
        password(14),
    ),
    # ---- secrets: Apache httpd
    S(
        PX,
        "htpasswd_nbB",
        "$ echo $(htpasswd -nbB ops {v}) | sed -e s/\\\\$/\\\\$\\\\$/g",
        b62(16),
    ),
    S(
        PX,
        "ssl_passphrase_exec",
        "$ sudo cat /usr/local/sbin/ssl-pass.sh\n#!/bin/sh\n# called by SSLPassPhraseDialog as: $0 servername:port RSA\n"
        'echo "{v}"',
        pick(B62 + "!#%^*@&", 20),
    ),
    S(
        PX,
        "dbd_params",
        "DBDriver pgsql\n"
        'DBDParams "hostaddr=127.0.0.1 port=5432 dbname=apacheauth user=apache password={v}"\n'
        'AuthDBDUserPWQuery "SELECT password FROM authn WHERE user = %s"',
        b62(18),
    ),
    S(
        PX,
        "oidc_client_secret",
        "OIDCProviderMetadataURL https://login.microsoftonline.com/{tenant}/v2.0/.well-known/openid-configuration\n"
        "OIDCClientID {cid}\nOIDCClientSecret {v}\nOIDCRedirectURI https://intranet.example.org/secure/redirect_uri",
        azure_client_secret,
        tenant=uuid,
        cid=uuid,
    ),
    # ---- secrets: Caddy
    S(PX, "caddy_hash_password", "$ caddy hash-password --plaintext '{v}'", password(18)),
    S(
        PX,
        "caddy_dns_token",
        "*.lab.example.net {\n\ttls {\n\t\tdns cloudflare {v}\n\t}\n\treverse_proxy 127.0.0.1:3000\n}",
        b64url(40),
    ),
    S(
        PX,
        "caddy_acme_eab",
        "{\n\tacme_ca https://acme.zerossl.com/v2/DV90\n\tacme_eab {\n\t\tkey_id {kid}\n\t\tmac_key {v}\n\t}\n}",
        b64url(86),
        kid=b64url(22),
    ),
    # ---- secrets: Traefik (lego DNS providers)
    S(
        PX,
        "traefik_cf_dns_token",
        "    environment:\n      - CF_DNS_API_TOKEN={v}\n    command:\n"
        '      - "--certificatesresolvers.le.acme.dnschallenge.provider=cloudflare"',
        b64url(40),
    ),
    S(
        PX,
        "lego_duckdns_token",
        "$ DUCKDNS_TOKEN={v} lego --dns duckdns -d '*.homelab-vx.duckdns.org' --email ops@example.org run",
        uuid,
        note="a DuckDNS account token is shaped like a UUID",
    ),
    # ---- secrets: HAProxy
    S(
        PX,
        "haproxy_insecure_password",
        "userlist stats-users\n    group admin users ops\n    user ops insecure-password {v}\n",
        b62(16),
    ),
    S(
        PX,
        "haproxy_stats_auth",
        "listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats refresh 10s\n"
        "    stats auth admin:{v}",
        b62(14),
    ),
    # ---- secrets: Envoy
    S(
        PX,
        "envoy_sds_generic_secret",
        'resources:\n- "@type": "type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.Secret"\n'
        '  name: hmac\n  generic_secret:\n    secret:\n      inline_string: "{v}"',
        b64(43, "="),
    ),
    # ---- secrets: Varnish
    S(
        PX,
        "varnish_secret_file",
        "$ sudo cat /etc/varnish/secret\n{v}\n$ sudo varnishadm -T 127.0.0.1:6082 -S /etc/varnish/secret ping",
        uuid,
        note="the packaged secret file is written by uuidgen",
    ),
    # ---- secrets: Cloudflare Tunnel
    S(
        PX,
        "cf_tunnel_secret",
        '$ cat ~/.cloudflared/{tid}.json\n{"AccountTag":"{acct}","TunnelSecret":"{v}","TunnelID":"{tid}"}',
        b64(43, "="),
        tid=uuid,
        acct=hexl(32),
    ),
    S(PX, "cf_tunnel_token", "$ sudo cloudflared service install {v}", cf_tunnel_token),
    S(
        PX,
        "cf_cert_pem_token",
        "$ tail -n 6 ~/.cloudflared/cert.pem\n-----BEGIN ARGO TUNNEL TOKEN-----\n{v}\n-----END ARGO TUNNEL TOKEN-----",
        argo_cert_token,
    ),
    # ---- secrets: frp
    S(
        PX,
        "frp_auth_token",
        "I set the same token on both ends so the login handshake matches: "
        '`auth.token = "{v}"` in frps.toml and frpc.toml.',
        b62(32),
    ),
    S(
        PX,
        "frp_stcp_secret_key",
        '[[proxies]]\nname = "secret_ssh"\ntype = "stcp"\nsecretKey = "{v}"\nlocalIP = "127.0.0.1"\nlocalPort = 22',
        b62(20),
    ),
    # ---- secrets: Tailscale
    S(
        PX,
        "tailscale_authkey",
        "$ sudo tailscale up --auth-key={v} --advertise-tags=tag:edge --ssh",
        ts_key("auth"),
    ),
    S(
        PX,
        "tailscale_oauth_secret",
        "      TS_AUTHKEY: {v}?ephemeral=false&preauthorized=true\n      TS_EXTRA_ARGS: --advertise-tags=tag:proxy",
        ts_key("client"),
    ),
    S(
        PX,
        "tailscale_api_token",
        '$ curl -s -u "{v}:" https://api.tailscale.com/api/v2/tailnet/-/devices | jq ".devices | length"',
        ts_key("api"),
    ),
    # ---- secrets: ZeroTier
    S(
        PX,
        "zerotier_authtoken",
        '$ curl -s -H "X-ZT1-Auth: {v}" http://localhost:9993/status | jq .online\ntrue',
        lower_alnum(24),
    ),
    S(
        PX,
        "zerotier_identity_secret",
        "$ sudo cat /var/lib/zerotier-one/identity.secret\n{v}",
        zt_identity(secret=True),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        PX,
        "nginx_header_passthrough",
        "        proxy_set_header Authorization {v};\n        proxy_pass_request_headers on;",
        const("$http_authorization"),
    ),
    L(
        PX,
        "caddy_env_placeholder",
        "example.com {\n\ttls {\n\t\tdns cloudflare {v}\n\t}\n}",
        const("{env.CF_API_TOKEN}"),
    ),
    L(
        PX,
        "lego_file_suffix",
        "    environment:\n      - CF_DNS_API_TOKEN_FILE={v}\n    secrets:\n      - cf_dns_api_token",
        const("/run/secrets/cf_dns_api_token"),
    ),
    L(
        PX,
        "haproxy_env_ref",
        "userlist stats-users\n    user ops insecure-password {v}\n    # value comes from the unit's EnvironmentFile",
        const('"${STATS_PASSWORD}"'),
    ),
    L(
        PX,
        "frp_env_template",
        'serverAddr = "{{ .Envs.FRP_SERVER_ADDR }}"\nserverPort = 7000\nauth.token = {v}',
        const('"{{ .Envs.FRP_AUTH_TOKEN }}"'),
    ),
    L(PX, "frp_auth_method", 'bindPort = 7000\nauth.method = "{v}"', const("token")),
    L(
        PX,
        "ldap_bindpw_exec",
        'AuthLDAPBindDN "cn=httpd-bind,ou=services,dc=example,dc=org"\nAuthLDAPBindPassword "{v}"',
        const("exec:/usr/local/sbin/ldap-bind-pw"),
    ),
    L(
        PX,
        "tailscale_authkey_file",
        "$ sudo tailscale up --auth-key={v} --advertise-tags=tag:edge",
        const("file:/etc/tailscale/authkey"),
    ),
    L(
        PX,
        "gha_masked",
        "Run tailscale/github-action@v3\n  with:\n    oauth-client-id: {v}\n    oauth-secret: ***\n    tags: tag:ci",
        const("***"),
    ),
    L(
        PX,
        "placeholder",
        "# .env.example - copy to .env and put the real token in\nCF_DNS_API_TOKEN={v}",
        interleaved(40),
    ),
    # ---- look-alikes: public identifiers
    L(
        PX,
        "cf_account_tag",
        "Account ID {v} is shown on the zone overview page; it is the AccountTag field in the credentials JSON.",
        hexl(32),
    ),
    L(
        PX,
        "cf_tunnel_id",
        "$ cloudflared tunnel create edge-lab\nTunnel credentials written to /home/ops/.cloudflared/{v}.json."
        " cloudflared chose this file based on where your origin certificate was found. Keep this file secret."
        " To revoke these credentials, delete the tunnel.\n\nCreated tunnel edge-lab with id {v}",
        uuid,
    ),
    L(
        PX,
        "cf_credentials_file",
        "tunnel: edge-lab\ncredentials-file: {v}\n\ningress:\n  - hostname: grafana.example.net\n"
        "    service: http://localhost:3000\n  - service: http_status:404",
        join("/etc/cloudflared/", uuid, ".json"),
    ),
    L(
        PX,
        "envoy_client_id",
        "      credentials:\n        client_id: {v}\n        token_secret:\n          name: token\n"
        "          sds_config:\n            path_config_source:\n              path: /etc/envoy/token-secret.yaml",
        google_client_id,
    ),
    L(
        PX,
        "oidc_client_id",
        'OIDCClientID {v}\nOIDCClientSecret ${OIDC_CLIENT_SECRET}\nOIDCScope "openid email profile"',
        uuid,
    ),
    L(
        PX,
        "tailscale_key_id",
        '$ curl -s -u "$TS_API_KEY:" https://api.tailscale.com/api/v2/tailnet/-/keys\n{"keys":[{"id":"{v}"}]}',
        join("k", b62(7), "CNTRL"),
    ),
    L(
        PX,
        "tailscale_nodekey",
        '    "Self": {\n      "HostName": "edge-01",\n      "PublicKey": "{v}",\n      "Online": true,',
        join("nodekey:", hexl(64)),
    ),
    L(PX, "zerotier_network_id", "$ sudo zerotier-cli join {v}\n200 join OK", hexl(16)),
    L(
        PX,
        "zerotier_identity_public",
        "$ cat /var/lib/zerotier-one/identity.public\n{v}",
        zt_identity(secret=False),
    ),
    # ---- look-alikes: challenges, hashes and digests
    L(
        PX,
        "varnish_cli_challenge",
        "$ nc localhost 6082\n107 59      \n{v}\n\nAuthentication required.",
        pick(string.ascii_lowercase, 32),
    ),
    L(PX, "caddy_version_h1", "$ caddy version\nv2.8.4 {v}", join("h1:", b64(43, "="))),
    L(
        PX,
        "image_digest",
        "    image: traefik:v3.1@sha256:{v}\n    restart: unless-stopped",
        hexl(64),
    ),
]
