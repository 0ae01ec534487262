"""A forty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of DNS providers, ACME clients and mail servers: the certbot DNS
plugins' credential `.ini` files (Cloudflare token and global key, DigitalOcean, OVH, RFC 2136 with
BIND's `tsig-keygen`, Route 53 through AWS variables), acme.sh (`dnsapi` exports, `account.conf`,
`ACCOUNT_THUMBPRINT` and the stateless-mode web server snippets), lego's environment variables and
`_FILE` suffix (Namecheap API user vs key), the provider APIs behind them (GoDaddy's `sso-key`
header, Porkbun's api/secret key pair, Gandi personal access tokens and sharing ids, Hetzner's
`Auth-API-Token` and zone ids, Route 53 hosted zones), ACME external account binding, certbot's
account store (`private_key.json`, `regr.json`, renewal `account =`), Postfix `sasl_passwd`,
`relayhost` and `smtp_sasl_*` settings, Dovecot passwd-file passdbs and `doveadm pw`, OpenDKIM
(`opendkim-genkey` private keys vs the DNS TXT public key, KeyTable, DKIM-Signature headers), and
the mailcow (`X-API-Key`) and Mailu (`mailu.env`) admin APIs, in commands, config files, logs and
tool output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 41):
21 of 24 secrets caught, 2 of 24 look-alikes altered (missed: a JWK's private `"d"` printed by `grep`, a
Postfix `sasl_passwd` line's password, a Dovecot `{PLAIN}` password; altered: a path under
`dns_cloudflare_credentials`, an ACME DNS-01 TXT value).
"""

from __future__ import annotations

import random

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    counting,
    digits,
    groups,
    hexl,
    hexu,
    join,
    keyboard_run,
    password,
    upper_alnum,
    uuid,
)

AC = "acme"

SPKI_HEAD = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"


def rsa_pkcs1_body(rng: random.Random) -> str:
    """The base64 lines of an RSA-2048 PKCS#1 private key, as `opendkim-genkey` writes `<selector>.private`."""
    lines = ["MIIEpAIBAAKCAQEA" + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(52)(rng)]
    return "\n".join(lines)


def ec_p256_body(rng: random.Random) -> str:
    """The three base64 lines of a SEC1 P-256 private key (acme.sh's `account.key` with `--accountkeylength ec-256`)."""
    return "\n".join(["MHcCAQEEI" + b64(55)(rng), b64(64)(rng), b64(34)(rng) + "=="])


dkim_public = join(SPKI_HEAD, b64(342), "IDAQAB")
acme_token = b64url(43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 2, 24, "the rules for 24 to 41")

TEMPLATES = [
    # ---- secrets: certbot DNS plugin credential files
    S(
        AC,
        "certbot_cloudflare_token",
        "$ sudo cat /etc/letsencrypt/cloudflare.ini\n# Cloudflare API token used by Certbot\ndns_cloudflare_api_token = {v}",
        b64url(40),
    ),
    S(
        AC,
        "certbot_cloudflare_global_key",
        "# Cloudflare API credentials used by Certbot\ndns_cloudflare_email = hostmaster@brightkite.dev\n"
        "dns_cloudflare_api_key = {v}",
        hexl(37),
    ),
    S(
        AC,
        "certbot_digitalocean_token",
        "# DigitalOcean API credentials used by Certbot\ndns_digitalocean_token = {v}",
        join("dop_v1_", hexl(64)),
    ),
    S(
        AC,
        "certbot_ovh_secret",
        "# OVH API credentials used by Certbot\ndns_ovh_endpoint = ovh-eu\ndns_ovh_application_key = {ak}\n"
        "dns_ovh_application_secret = {v}\ndns_ovh_consumer_key = {ck}",
        b62(32),
        ak=b62(16),
        ck=b62(32),
    ),
    S(
        AC,
        "certbot_rfc2136_secret",
        "# Target DNS server\ndns_rfc2136_server = 192.0.2.53\ndns_rfc2136_port = 53\n"
        "# TSIG key name\ndns_rfc2136_name = certbot.\n# TSIG key secret\ndns_rfc2136_secret = {v}\n"
        "# TSIG key algorithm\ndns_rfc2136_algorithm = HMAC-SHA256",
        b64(43, "="),
    ),
    S(
        AC,
        "tsig_keygen_output",
        '$ tsig-keygen -a hmac-sha512 acme-update.\nkey "acme-update." {\n\talgorithm hmac-sha512;\n\tsecret "{v}";\n};',
        b64(86, "=="),
    ),
    S(
        AC,
        "route53_docker_env",
        "$ docker run --rm -v /etc/letsencrypt:/etc/letsencrypt -e AWS_ACCESS_KEY_ID={kid}"
        " -e AWS_SECRET_ACCESS_KEY={v} certbot/dns-route53 certonly --dns-route53 -d '*.brightkite.dev'",
        b64(40),
        kid=join("AKIA", upper_alnum(16)),
    ),
    # ---- secrets: acme.sh and lego provider variables
    S(
        AC,
        "acmesh_saved_token",
        "$ grep CF_ ~/.acme.sh/account.conf\nSAVED_CF_Token='{v}'\nSAVED_CF_Account_ID='{acct}'",
        b64url(40),
        acct=hexl(32),
    ),
    S(
        AC,
        "acmesh_godaddy_secret",
        'export GD_Key="{key}"\nexport GD_Secret="{v}"\nacme.sh --issue --dns dns_gd -d brightkite.dev -d "*.brightkite.dev"',
        b62(22),
        key=join(b62(13), "_", b62(22)),
    ),
    S(
        AC,
        "godaddy_sso_key_header",
        '$ curl -s -X GET -H "Authorization: sso-key {key}:{v}" "https://api.godaddy.com/v1/domains/brightkite.dev/records/TXT"',
        b62(22),
        key=join(b62(13), "_", b62(22)),
    ),
    S(
        AC,
        "namecheap_api_key",
        "$ NAMECHEAP_API_USER=brightkite NAMECHEAP_API_KEY={v} \\\n"
        "  lego --email ops@brightkite.dev --dns namecheap -d '*.brightkite.dev' -d brightkite.dev run",
        hexl(32),
    ),
    S(
        AC,
        "porkbun_json_body",
        "$ curl -s -X POST https://api.porkbun.com/api/json/v3/ping -H 'Content-Type: application/json'"
        ' -d \'{"secretapikey": "{v}", "apikey": "{pk}"}\'\n{"status":"SUCCESS","yourIp":"198.51.100.23"}',
        join("sk1_", hexl(64)),
        pk=join("pk1_", hexl(64)),
    ),
    S(
        AC,
        "gandi_pat_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" https://api.gandi.net/v5/livedns/domains/brightkite.dev/records',
        hexl(40),
    ),
    S(
        AC,
        "hetzner_auth_api_token",
        "$ curl -s 'https://dns.hetzner.com/api/v1/zones?name=brightkite.dev' -H 'Auth-API-Token: {v}'",
        b62(32),
    ),
    S(
        AC,
        "eab_hmac_key",
        "$ certbot register --email ops@brightkite.dev --no-eff-email --server https://acme.zerossl.com/v2/DV90"
        " --eab-kid {kid} --eab-hmac-key {v}",
        b64url(86),
        kid=b64url(22),
    ),
    # ---- secrets: ACME account keys
    S(
        AC,
        "certbot_account_jwk_d",
        "$ sudo python3 -m json.tool /etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/{acct}"
        '/private_key.json | grep \'"d"\'\n    "d": "{v}",',
        b64url(342),
        acct=hexl(32),
    ),
    S(
        AC,
        "acmesh_account_key",
        "$ cat ~/.acme.sh/ca/acme-v02.api.letsencrypt.org/directory/account.key\n"
        "-----BEGIN EC PRIVATE KEY-----\n{v}\n-----END EC PRIVATE KEY-----",
        ec_p256_body,
    ),
    # ---- secrets: mail servers
    S(
        AC,
        "opendkim_private",
        "$ sudo opendkim-genkey -b 2048 -d brightkite.dev -D /etc/opendkim/keys/brightkite.dev -s mail -v\n"
        "$ sudo cat /etc/opendkim/keys/brightkite.dev/mail.private\n"
        "-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
        rsa_pkcs1_body,
    ),
    S(
        AC,
        "postfix_sasl_passwd",
        "# /etc/postfix/sasl_passwd\n[relay.brightkite.dev]:submission relay-user:{v}",
        password(18),
    ),
    S(
        AC,
        "postfix_sasl_passwd_apikey",
        "$ echo '[smtp.sendgrid.net]:587 apikey:{v}' | sudo tee /etc/postfix/sasl_passwd && sudo postmap /etc/postfix/sasl_passwd",
        join("SG.", b64url(22), ".", b64url(43)),
    ),
    S(
        AC,
        "dovecot_plain_passdb",
        "# /etc/dovecot/users\nbilling@brightkite.dev:{PLAIN}{v}:5000:5000::/var/vmail/brightkite.dev/billing::",
        password(14),
    ),
    S(
        AC,
        "doveadm_pw_arg",
        "$ doveadm pw -s SHA512-CRYPT -p '{v}'",
        password(15),
    ),
    S(
        AC,
        "mailcow_api_key",
        '$ curl -s -H "X-API-Key: {v}" https://mail.brightkite.dev/api/v1/get/domain/all',
        groups(hexu(6), 5),
    ),
    S(
        AC,
        "mailu_api_token",
        "# mailu.env\nAPI=true\nWEB_API=/api\nAPI_TOKEN={v}",
        b62(32),
    ),
    # ---- look-alikes: ACME account identifiers, thumbprints and challenge values
    L(
        AC,
        "account_thumbprint",
        "[Mon Mar 11 09:14:02 UTC 2024] Update success.\n[Mon Mar 11 09:14:02 UTC 2024] ACCOUNT_THUMBPRINT='{v}'",
        b64url(43),
    ),
    L(
        AC,
        "stateless_nginx",
        "        location ~ ^/\\.well-known/acme-challenge/([-_a-zA-Z0-9]+)$ {\n"
        '            default_type text/plain;\n            return 200 "$1.{v}";\n        }',
        b64url(43),
    ),
    L(
        AC,
        "certbot_renewal_account",
        "[renewalparams]\naccount = {v}\nauthenticator = dns-cloudflare\n"
        "dns_cloudflare_credentials = /etc/letsencrypt/cloudflare.ini\nserver = https://acme-v02.api.letsencrypt.org/directory",
        hexl(32),
    ),
    L(
        AC,
        "acme_account_url",
        '  "uri": "https://acme-v02.api.letsencrypt.org/acme/acct/{v}",\n  "terms_of_service": null',
        digits(10),
    ),
    L(
        AC,
        "account_public_jwk",
        '{"body": {"key": {"n": "{v}", "e": "AQAB", "kty": "RSA"}, "contact": ["mailto:ops@brightkite.dev"], "status": "valid"}}',
        b64url(342),
    ),
    L(
        AC,
        "dns01_txt_value",
        "[Mon Mar 11 09:14:10 UTC 2024] Adding txt value: {v} for domain:  _acme-challenge.brightkite.dev",
        acme_token,
    ),
    L(
        AC,
        "http01_token_path",
        '172.31.4.9 - - [11/Mar/2024:09:15:02 +0000] "GET /.well-known/acme-challenge/{v} HTTP/1.1" 200 87 "-"'
        ' "Mozilla/5.0 (compatible; Let\'s Encrypt validation server; +https://www.letsencrypt.org)"',
        acme_token,
    ),
    L(
        AC,
        "cert_serial",
        "  Certificate Name: brightkite.dev\n    Serial Number: {v}\n    Key Type: ECDSA\n"
        "    Domains: brightkite.dev *.brightkite.dev\n    Expiry Date: 2024-06-09 08:14:55+00:00 (VALID: 89 days)",
        hexl(36),
    ),
    # ---- look-alikes: provider ids and non-secret settings
    L(AC, "cloudflare_account_id", 'export CF_Account_ID="{v}"', hexl(32)),
    L(
        AC,
        "namecheap_api_user",
        "NAMECHEAP_API_USER={v}\nNAMECHEAP_SANDBOX=false\nNAMECHEAP_PROPAGATION_TIMEOUT=3600",
        join("brightkite", digits(2)),
    ),
    L(
        AC,
        "hetzner_zone_id",
        '  "record": {\n    "type": "TXT",\n    "id": "{rid}",\n    "name": "_acme-challenge",\n'
        '    "zone_id": "{v}",\n    "ttl": 120\n  }',
        b62(22),
        rid=hexl(32),
    ),
    L(
        AC,
        "route53_hosted_zone",
        '      "Resource": "arn:aws:route53:::hostedzone/{v}"',
        join("Z0", upper_alnum(18)),
    ),
    L(
        AC,
        "gandi_sharing_id",
        "$ curl -s 'https://api.gandi.net/v5/livedns/domains?sharing_id={v}' -H \"Authorization: Bearer $GANDIV5_PERSONAL_ACCESS_TOKEN\"",
        uuid,
    ),
    # ---- look-alikes: DKIM public material
    L(
        AC,
        "dkim_txt_public",
        'mail._domainkey\tIN\tTXT\t( "v=DKIM1; h=sha256; k=rsa; "\n\t  "p={v}" )  ; ----- DKIM key mail for brightkite.dev',
        dkim_public,
    ),
    L(
        AC,
        "dkim_signature_bh",
        "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=brightkite.dev; s=mail; t=1710148502;\n"
        "\tbh={v};\n\th=From:To:Subject:Date:Message-ID",
        b64(43, "="),
    ),
    L(
        AC,
        "opendkim_keytable",
        "# /etc/opendkim/KeyTable\nmail._domainkey.brightkite.dev brightkite.dev:mail:{v}",
        const("/etc/opendkim/keys/brightkite.dev/mail.private"),
    ),
    # ---- look-alikes: placeholders, references and masks
    L(
        AC,
        "placeholder_counting",
        "# Cloudflare API token used by Certbot (example, replace before use)\ndns_cloudflare_api_token = {v}",
        counting(40, hex_digits=True),
    ),
    L(
        AC,
        "placeholder_keyboard",
        'export CF_Key="{v}"\nexport CF_Email="you@example.com"',
        keyboard_run(28),
    ),
    L(
        AC,
        "lego_file_suffix",
        "$ CLOUDFLARE_DNS_API_TOKEN_FILE={v} lego --email ops@brightkite.dev --dns cloudflare -d brightkite.dev run",
        const("/run/secrets/cloudflare_dns_api_token"),
    ),
    L(
        AC,
        "cert_manager_secret_ref",
        "      dns01:\n        cloudflare:\n          apiTokenSecretRef:\n            name: {v}\n            key: api-token",
        const("cloudflare-api-token-secret"),
    ),
    L(
        AC,
        "compose_env_ref",
        "    environment:\n      - CF_Token={v}\n      - CF_Account_ID=${CF_ACCOUNT_ID}",
        const("${CF_DNS_API_TOKEN}"),
    ),
    L(
        AC,
        "ci_masked",
        "Run acme.sh --issue --dns dns_porkbun -d brightkite.dev\n  env:\n    PORKBUN_API_KEY: ***\n"
        "    PORKBUN_SECRET_API_KEY: {v}",
        const("***"),
    ),
    L(
        AC,
        "postfix_password_maps",
        "relayhost = [relay.brightkite.dev]:submission\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = {v}\n"
        "smtp_sasl_security_options = noanonymous",
        const("hash:/etc/postfix/sasl_passwd"),
    ),
    L(
        AC,
        "dovecot_scheme",
        "passdb {\n  driver = passwd-file\n  args = scheme={v} username_format=%u /etc/dovecot/users\n}",
        const("SHA512-CRYPT"),
    ),
]
