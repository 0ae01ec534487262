"""A hundred-and-fifty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of DNS providers, registrars and ACME DNS-01 tooling: certbot's DNS
plugins (`dns_cloudflare_api_token`, the OVH credentials INI), lego's environment variables and
their `_FILE` variants, acme.sh (`export GD_Secret`, `account.conf` with `SAVED_…` values, its
`[hidden]` debug output, the account thumbprint), cert-manager and external-dns Secrets and
`secretKeyRef`s, python-ovh (application key / application secret / consumer key, and its note that
the application key may be shared), Porkbun (`pk1_`/`sk1_` plus 64 hex, `X-Secret-API-Key`,
`secretapikey`, the MCP server set-up), Namecheap (`ApiKey` of 32 hex in the `xml.response` query,
namecheap-go's `--apiKey`), GoDaddy (`Authorization: sso-key key:secret`), deSEC (28-character
tokens, the token object and its UUID id), DuckDNS (a UUID token in the update query and the
no-parameter path form), Dynu (`API-Key` header, Posh-ACME's client id and secret), NS1
(`X-NSONE-Key`, 20 characters; 24-hex object ids), Hetzner DNS (`Auth-API-Token`, 32 characters;
zone ids), Gandi (deprecated 24-character API key, personal access token as Bearer; a 40-hex PAT
shape is assumed), Name.com (username plus 40-hex token over basic auth), DNSimple (account token,
numeric account id, lego's `1234567890abc…` placeholder) and octoDNS's `env/` references, in
commands, config files, code and tool output, with the public values the same documentation shows
beside them (zone ids, account URLs, ACME TXT values, certificate serials, package hashes).

First score, blind, before any rule changed for it (after the rules for 150 to 154):
22 of 26 secrets caught, 3 of 24 look-alikes altered (missed: OVH's consumer key echoed by a REPL
after `ck['consumerKey']`, a DuckDNS token (a UUID) in a crontab's update path after the domain, a
Hetzner token in a Caddyfile's `dns hetzner <token>`, an NS1 key printed by `cat
/run/secrets/ns1_api_key`; altered: OVH's application key (which its docs call safe to share) under
`X-Ovh-Application`, a deSEC token's id in `/auth/tokens/<uuid>/`, an ACME challenge's TXT value
under `value`).
"""

from __future__ import annotations

import base64
import random

from build import (
    L,
    S,
    alphabet_run,
    b62,
    b64url,
    const,
    counting,
    digits,
    hexl,
    join,
    uuid,
)

DNS = "dns01"

cf_token = b64url(40)
porkbun_pk = join("pk1_", hexl(64))
porkbun_sk = join("sk1_", hexl(64))
acme_txt = b64url(43)


def b64_of(maker):
    """A value as it sits under a Kubernetes Secret's `data:` (base64 of the raw string)."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(maker(rng).encode()).decode()

    return make


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 26, 3, 24, "the rules for 150 to 154")

TEMPLATES: list = [
    # ---- secrets: certbot DNS plugin credential files
    S(
        DNS,
        "certbot_cloudflare_ini",
        "$ sudo cat /etc/letsencrypt/secrets/cloudflare.ini\n# Cloudflare API token used by Certbot\n"
        "dns_cloudflare_api_token = {v}",
        cf_token,
    ),
    S(
        DNS,
        "certbot_ovh_ini",
        "$ sudo head -4 /etc/letsencrypt/ovh.ini\n# OVH API credentials used by Certbot\ndns_ovh_endpoint = ovh-eu\n"
        "dns_ovh_application_key = {ak}\ndns_ovh_application_secret = {v}",
        b62(32),
        ak=b62(16),
    ),
    # ---- secrets: OVH consumer key
    S(
        DNS,
        "ovh_consumer_key_repl",
        ">>> ck = client.request_consumerkey(access_rules)\n>>> ck['state']\n'validated'\n>>> ck['consumerKey']\n'{v}'",
        b62(32),
    ),
    # ---- secrets: Porkbun
    S(
        DNS,
        "porkbun_json_body",
        "$ curl -s -X POST https://api.porkbun.com/api/json/v3/dns/create/wrenfield.dev -d "
        '\'{"secretapikey": "{v}", "apikey": "{pk}", "name": "_acme-challenge", "type": "TXT", '
        '"content": "{txt}", "ttl": "600"}\'\n{"status":"SUCCESS","id":"{rid}"}',
        porkbun_sk,
        pk=porkbun_pk,
        txt=acme_txt,
        rid=digits(9),
    ),
    S(
        DNS,
        "porkbun_mcp_env",
        "$ claude mcp add porkbun \\\n  --env PORKBUN_API_KEY={pk} \\\n  --env PORKBUN_SECRET_API_KEY={v} \\\n"
        "  -- npx -y @porkbunllc/mcp-server\nAdded stdio MCP server porkbun to local config",
        porkbun_sk,
        pk=porkbun_pk,
    ),
    # ---- secrets: Namecheap
    S(
        DNS,
        "namecheap_query",
        'DEBUG:urllib3.connectionpool:https://api.namecheap.com:443 "GET /xml.response?ApiUser=wrenfield&ApiKey={v}'
        '&UserName=wrenfield&Command=namecheap.domains.dns.getHosts&ClientIp=203.0.113.24&SLD=wrenfield&TLD=dev HTTP/1.1" 200 None',
        hexl(32),
    ),
    S(
        DNS,
        "namecheap_cli_flag",
        "$ namecheap domains dns gethosts --sld wrenfield --tld dev --apiUser wrenfield --apiKey {v} --clientIP 203.0.113.24",
        hexl(32),
    ),
    # ---- secrets: GoDaddy
    S(
        DNS,
        "godaddy_sso_key",
        '$ curl -s -X PUT "https://api.godaddy.com/v1/domains/wrenfield.dev/records/TXT/_acme-challenge" '
        '-H "Authorization: sso-key {v}" -H "Content-Type: application/json" -d \'[{"data": "{txt}", "ttl": 600}]\'',
        join(b62(14), "_", b62(20), ":", b62(22)),
        txt=acme_txt,
    ),
    S(
        DNS,
        "acmesh_gd_secret",
        "$ export GD_Secret='{v}'\n$ ~/.acme.sh/acme.sh --issue --dns dns_gd -d wrenfield.dev -d '*.wrenfield.dev'",
        b62(22),
    ),
    # ---- secrets: deSEC
    S(
        DNS,
        "acmesh_account_conf",
        "$ cat ~/.acme.sh/account.conf\nLOG_FILE='/home/deploy/.acme.sh/acme.sh.log'\nACCOUNT_EMAIL='ops@wrenfield.dev'\n"
        "UPGRADE_HASH='{uh}'\nSAVED_DEDYN_TOKEN='{v}'\nUSER_PATH='/usr/local/bin:/usr/bin:/bin'",
        b64url(28),
        uh=hexl(40),
    ),
    S(
        DNS,
        "desec_token_response",
        '$ curl -sX POST https://desec.io/api/v1/auth/tokens/ -H "Authorization: Token $DESEC_ADMIN_TOKEN" '
        "-H 'Content-Type: application/json' -d '{\"name\": \"certbot-renew\"}'\n"
        '{"created": "2024-03-11T08:15:42.118903Z", "id": "{tid}", "last_used": null, "name": "certbot-renew", '
        '"perm_manage_tokens": false, "allowed_subnets": ["0.0.0.0/0", "::/0"], "max_unused_period": "120 00:00:00", '
        '"token": "{v}"}',
        b64url(28),
        tid=uuid,
    ),
    # ---- secrets: DuckDNS (a UUID is the whole credential)
    S(
        DNS,
        "duckdns_update_query",
        '$ curl -s "https://www.duckdns.org/update?domains=wrenfield-nas&token={v}&ip=&verbose=true"\n'
        "OK\n198.51.100.23\n\nUPDATED",
        uuid,
    ),
    S(
        DNS,
        "duckdns_crontab_path",
        "$ crontab -l\n*/5 * * * * curl -fsS https://www.duckdns.org/update/wrenfield-nas/{v} >/dev/null 2>&1",
        uuid,
    ),
    # ---- secrets: Hetzner DNS
    S(
        DNS,
        "hetzner_auth_header",
        '$ curl -s "https://dns.hetzner.com/api/v1/zones?name=wrenfield.dev" -H "Auth-API-Token: {v}" | jq \'.zones[0].id\'',
        b62(32),
    ),
    S(
        DNS,
        "caddyfile_hetzner",
        "*.wrenfield.dev {\n\ttls {\n\t\tdns hetzner {v}\n\t}\n\treverse_proxy 127.0.0.1:8080\n}",
        b62(32),
    ),
    # ---- secrets: Dynu
    S(
        DNS,
        "dynu_api_key_header",
        '$ curl -s https://api.dynu.com/v2/dns -H "accept: application/json" -H "API-Key: {v}"',
        b62(30),
    ),
    S(
        DNS,
        "posh_acme_dynu",
        "PS> $pArgs = @{ DynuClientID = '{cid}'; DynuSecretSecure = (ConvertTo-SecureString '{v}' -AsPlainText -Force) }\n"
        "PS> New-PACertificate '*.wrenfield.dev','wrenfield.dev' -Plugin Dynu -PluginArgs $pArgs -AcceptTOS",
        b62(30),
        cid=uuid,
    ),
    # ---- secrets: NS1
    S(
        DNS,
        "ns1_header",
        "$ curl -s -H \"X-NSONE-Key: {v}\" https://api.nsone.net/v1/zones/wrenfield.dev | jq '.records[].domain'",
        b62(20),
    ),
    S(
        DNS,
        "lego_file_contents",
        "$ sudo cat /run/secrets/ns1_api_key\n{v}\n"
        "$ NS1_API_KEY_FILE=/run/secrets/ns1_api_key lego --email ops@wrenfield.dev --dns ns1 -d '*.wrenfield.dev' run",
        b62(20),
    ),
    # ---- secrets: Gandi
    S(
        DNS,
        "gandi_pat_requests",
        "resp = requests.put(\n"
        '    f"https://api.gandi.net/v5/livedns/domains/{domain}/records/_acme-challenge/TXT",\n'
        '    headers={"Authorization": "Bearer {v}"},\n'
        '    json={"rrset_values": [validation], "rrset_ttl": 300},\n)',
        hexl(40),
    ),
    S(
        DNS,
        "traefik_gandi_env",
        "  traefik:\n    image: traefik:v3.0\n    environment:\n      - GANDIV5_API_KEY={v}\n    command:\n"
        "      - --certificatesresolvers.le.acme.dnschallenge.provider=gandiv5",
        b62(24),
    ),
    # ---- secrets: Name.com, DNSimple
    S(
        DNS,
        "namecom_basic_auth",
        "$ curl -s -u 'wrenfield:{v}' https://api.name.com/v4/domains/wrenfield.dev/records",
        hexl(40),
    ),
    S(
        DNS,
        "dnsimple_terraform",
        'provider "dnsimple" {\n  token   = "{v}"\n  account = "{acct}"\n}',
        b62(32),
        acct=join("1", digits(5)),
    ),
    # ---- secrets: cert-manager / external-dns Secrets
    S(
        DNS,
        "cert_manager_stringdata",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: cloudflare-api-token-secret\n  namespace: cert-manager\n"
        "type: Opaque\nstringData:\n  api-token: {v}",
        cf_token,
    ),
    S(
        DNS,
        "k8s_secret_data_b64",
        "$ kubectl -n cert-manager get secret ovh-credentials -o yaml\napiVersion: v1\ndata:\n"
        "  applicationKey: {ak}\n  applicationSecret: {v}\nkind: Secret",
        b64_of(b62(32)),
        ak=b64_of(b62(16)),
    ),
    S(
        DNS,
        "external_dns_from_literal",
        "$ kubectl -n external-dns create secret generic cloudflare-api-key --from-literal=apiKey={v}\n"
        "secret/cloudflare-api-key created",
        cf_token,
    ),
    # ---- look-alikes: references to where the secret lives
    L(
        DNS,
        "lego_file_ref",
        "$ HETZNER_API_TOKEN_FILE={v} lego --email ops@wrenfield.dev --dns hetzner -d '*.wrenfield.dev' run",
        const("/run/secrets/hetzner_dns_token"),
    ),
    L(
        DNS,
        "octodns_env_ref",
        "providers:\n  hetzner:\n    class: octodns_hetzner.HetznerProvider\n    token: {v}",
        const("env/HETZNER_TOKEN"),
    ),
    L(
        DNS,
        "cert_manager_secret_ref",
        "    solvers:\n    - dns01:\n        cloudflare:\n          apiTokenSecretRef:\n            name: {v}\n"
        "            key: api-token",
        const("cloudflare-api-token-secret"),
    ),
    L(
        DNS,
        "external_dns_secret_key_ref",
        "        env:\n        - name: CF_API_TOKEN\n          valueFrom:\n            secretKeyRef:\n"
        "              name: {v}\n              key: apiKey",
        const("cloudflare-api-key"),
    ),
    L(
        DNS,
        "gha_secret_ref",
        "      - name: Issue certificate\n        env:\n          CF_Token: {v}\n"
        "          CF_Account_ID: ${{ vars.CF_ACCOUNT_ID }}\n"
        "        run: ~/.acme.sh/acme.sh --issue --dns dns_cf -d wrenfield.dev",
        const("${{ secrets.CF_DNS_API_TOKEN }}"),
    ),
    L(
        DNS,
        "terraform_var_ref",
        'provider "dnsimple" {\n  token   = {v}\n  account = var.dnsimple_account\n}',
        const("var.dnsimple_token"),
    ),
    # ---- look-alikes: masks and documentation placeholders
    L(
        DNS,
        "acmesh_hidden",
        "[Mon Mar 11 09:02:17 UTC 2024] GD_Secret={v}",
        const("'[hidden](please add '--output-insecure' to see this value)'"),
    ),
    L(
        DNS,
        "porkbun_doc_placeholder",
        "$ claude mcp add porkbun --env PORKBUN_API_KEY=pk1_... --env PORKBUN_SECRET_API_KEY={v} "
        "-- npx -y @porkbunllc/mcp-server",
        const("sk1_..."),
    ),
    L(
        DNS,
        "lego_doc_placeholder",
        "DNSIMPLE_OAUTH_TOKEN={v} \\\nlego --email you@example.com --dns dnsimple -d '*.example.com' -d example.com run",
        join(counting(10), alphabet_run(26, offset=False)),
    ),
    L(
        DNS,
        "env_example_placeholder",
        "# .env.example: copy to .env and fill in\nGANDIV5_PERSONAL_ACCESS_TOKEN={v}",
        alphabet_run(24, offset=False),
    ),
    L(
        DNS,
        "namecheap_template_placeholder",
        "# ~/.config/namecheap/config.yml (template)\napiKey: {v}\napiUser: XXXXXXXX\nclientIP: 127.0.0.1",
        const("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        DNS,
        "ovh_application_key",
        '$ curl -XPOST -H "X-Ovh-Application: {v}" -H "Content-type: application/json" '
        'https://eu.api.ovh.com/1.0/auth/credential -d \'{"accessRules": [{"method": "POST", '
        '"path": "/domain/zone/*/record"}, {"method": "DELETE", "path": "/domain/zone/*/record/*"}]}\'',
        b62(16),
        note="python-ovh: the application key identifies the app and may safely be shared",
    ),
    L(
        DNS,
        "desec_token_id",
        '$ curl -X DELETE https://desec.io/api/v1/auth/tokens/{v}/ -H "Authorization: Token $DESEC_TOKEN"',
        uuid,
    ),
    L(
        DNS,
        "dnsimple_account_id",
        '$ curl -s -H "Authorization: Bearer $DNSIMPLE_TOKEN" '
        '"https://api.dnsimple.com/v2/{v}/zones/wrenfield.dev/records?type=TXT"',
        join("1", digits(4)),
    ),
    L(
        DNS,
        "hetzner_zone_id",
        '$ curl -s -X POST https://dns.hetzner.com/api/v1/records -H "Auth-API-Token: $HETZNER_DNS_TOKEN" '
        '-H "Content-Type: application/json" -d \'{"zone_id": "{v}", "type": "TXT", "name": "_acme-challenge", '
        '"value": "{txt}", "ttl": 60}\'',
        b62(22),
        txt=acme_txt,
    ),
    L(
        DNS,
        "ns1_zone_id",
        '{\n  "zone": "wrenfield.dev",\n  "id": "{v}",\n  "ttl": 3600,\n  "network_pools": ["p09"],\n  "dnssec": false,',
        hexl(24),
    ),
    L(
        DNS,
        "cloudflare_zone_id",
        "        args:\n        - --source=ingress\n        - --provider=cloudflare\n        - --zone-id-filter={v}\n"
        "        - --domain-filter=wrenfield.dev",
        hexl(32),
    ),
    L(
        DNS,
        "cloudflare_token_id",
        '$ curl -s https://api.cloudflare.com/client/v4/user/tokens/verify -H "Authorization: Bearer $CF_API_TOKEN"\n'
        '{"result":{"id":"{v}","status":"active"},"success":true,"errors":[],'
        '"messages":[{"code":10000,"message":"This API Token is valid and active","type":null}]}',
        hexl(32),
    ),
    L(
        DNS,
        "gandi_sharing_id",
        "GET https://api.gandi.net/v5/livedns/domains?sharing_id={v} -> 200 (3 domains)",
        uuid,
    ),
    L(
        DNS,
        "le_account_url",
        "$ sudo certbot show_account\nAccount details for server https://acme-v02.api.letsencrypt.org/directory:\n"
        "  Account URL: https://acme-v02.api.letsencrypt.org/acme/acct/{v}\n  Email contact: ops@wrenfield.dev",
        join("2", digits(9)),
    ),
    # ---- look-alikes: ACME values that are public by design, and hashes
    L(
        DNS,
        "acme_challenge_txt",
        '$ dig +short TXT _acme-challenge.wrenfield.dev @ns1.desec.io\n"{v}"',
        acme_txt,
    ),
    L(
        DNS,
        "acme_account_thumbprint",
        "[Tue Mar 12 10:14:03 UTC 2024] Registering account: https://acme-v02.api.letsencrypt.org/directory\n"
        "[Tue Mar 12 10:14:05 UTC 2024] Registered\n[Tue Mar 12 10:14:05 UTC 2024] ACCOUNT_THUMBPRINT='{v}'",
        b64url(43),
    ),
    L(
        DNS,
        "cert_serial",
        "Found the following certs:\n  Certificate Name: wrenfield.dev\n    Serial Number: {v}\n    Key Type: ECDSA\n"
        "    Domains: wrenfield.dev *.wrenfield.dev\n    Expiry Date: 2024-06-09 08:14:51+00:00 (VALID: 89 days)",
        hexl(36),
    ),
    L(
        DNS,
        "pip_hash",
        "certbot-dns-ovh==2.11.0 \\\n    --hash=sha256:{v}",
        hexl(64),
    ),
]
