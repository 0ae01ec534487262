"""A thirtieth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of identity providers, SSO and directories: Keycloak (the admin CLI
`kcadm.sh` and its `config credentials`, `create clients -s secret=`, `clients/$CID/client-secret` and
`Created new user with id` output, `KC_DB_PASSWORD` container settings, the `keycloak.json` adapter
file with `credentials.secret` and `realm-public-key`, realm exports with masked client secrets and
`rsa-generated` key components, the realm JWKS), python-keycloak's `KeycloakOpenID`, OpenLDAP's
`ldapsearch` (`-D`, `-w`, `-y`) and Active Directory output (`objectGUID::`, `objectSid::`), Samba's
`net ads join -U user%password`, SSSD (`ldap_default_authtok`, `ldap_default_authtok_type`,
`sss_obfuscate`), Dex (LDAP connector `bindPW`, `secretEnv`, `$VAR` expansion), oauth2-proxy (client
ids, `client_secret_file`, a cookie secret from 32 random bytes), Ory Kratos (`secrets.cipher`,
`secrets.cookie`, the `DSN` variable, self-service flow ids, `ory_st_` session tokens) and Ory Hydra
(`hydra introspect token`, `ory_at_` tokens), authentik (`.env` with `AUTHENTIK_SECRET_KEY`, the
compose file's `${PG_PASS:?...}`, OAuth2 providers' 40-character client ids and 128-character client
secrets), FreeIPA (`ipa-server-install -p/-a`, `ipa host-add --random`, `ipa user-show`, host SSH key
fingerprints), MIT Kerberos and Windows (`klist -kte -K`, the keytab file format, `ktpass /pass`),
SAML (python3-saml `settings.json` SP `privateKey`, IdP metadata `<ds:X509Certificate>`, GitLab's
`idp_cert_fingerprint`) and OIDC PKCE authorize requests, in commands, config files, code, tool
output, logs and prose, with the public ids, references and placeholders the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 29 and 31 to 33):
17 of 25 secrets caught, 4 of 22 look-alikes altered (missed: a private key as a JSON list's one element
(Keycloak's realm export), SSSD's `ldap_default_authtok`, Dex's `bindPW`, a cookie secret said in brackets
after its `openssl rand … | tr …` command, Kratos's `secrets:` / `cipher:` / `- <key>` list, an
`ory_at_<random>.<signature>` token (its signature missed), keys printed by `klist -K`, a keytab in base64
under `KRB5_KEYTAB_B64`; altered: a JWKS modulus piece read as an AWS secret, a client id after `Client ID` in
prose, a login flow's id in a sign-in link, a PKCE `code_challenge`).
"""

from __future__ import annotations

import base64
import random
import struct

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
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

IDP = "idp"

# DER prefixes are structure (sequence/length/version/algorithm), not anyone's key.
RSA_PKCS1 = join("MIIEpAIBAAKCAQEA", b64(1574), "==")
RSA_PKCS8 = join("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", b64(1591), "=")
RSA_SPKI = join("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", b64(342), "IDAQAB")
KC_CERT = join("MIICrTCCAZUCBgGQ", b64(903), "=")
IDP_CERT = join("MIIDdzCCAl+gAwIBAgIU", b64(1003), "=")

kc_secret = b62(32)


def rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def object_guid(rng: random.Random) -> str:
    """An AD objectGUID as ldapsearch prints it: 16 bytes, base64."""
    return base64.b64encode(rand_bytes(rng, 16)).decode()


def object_sid(rng: random.Random) -> str:
    """An AD objectSid (S-1-5-21-a-b-c-RID) as ldapsearch prints it: 28 bytes, base64."""
    sub = [21, rng.randrange(1 << 32), rng.randrange(1 << 32), rng.randrange(1 << 32), rng.randrange(1100, 20000)]
    raw = bytes([1, 5, 0, 0, 0, 0, 0, 5]) + b"".join(struct.pack("<I", s) for s in sub)
    return base64.b64encode(raw).decode()


def sss_obfuscated(rng: random.Random) -> str:
    """`sss_obfuscate` output: method and ciphertext size, key, IV, ciphertext, base64 (reversible)."""
    return base64.b64encode(b"\x00\x00\x10\x00" + rand_bytes(rng, 68)).decode()


def keytab_b64(rng: random.Random) -> str:
    """A v0x0502 keytab holding aes256 and aes128 keys for one HTTP principal, base64 for a CI variable."""
    realm = b"CORP.QUILLMOOR.LAN"
    host = f"web{rng.randrange(1, 40):02d}.corp.quillmoor.lan".encode()
    stamp = rng.randrange(1_690_000_000, 1_730_000_000)
    kvno = rng.randrange(2, 9)
    out = b"\x05\x02"
    for enctype, klen in ((18, 32), (17, 16)):
        entry = struct.pack(">H", 2)
        for part in (realm, b"HTTP", host):
            entry += struct.pack(">H", len(part)) + part
        entry += struct.pack(">IIBHH", 1, stamp, kvno, enctype, klen) + rand_bytes(rng, klen) + struct.pack(">I", kvno)
        out += struct.pack(">i", len(entry)) + entry
    return base64.b64encode(out).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


# 32 random bytes, urlsafe base64: 42 free characters, a last one with its two low bits clear, then "=".
urlsafe_32_bytes = join(b64url(42), lambda rng: rng.choice("AEIMQUYcgkosw048"), "=")
ipa_otp = pick(B62 + ".,-_=+", 24)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (17, 25, 4, 22, "the rules for 24 to 29 and 31 to 33")

TEMPLATES = [
    # ---- secrets: Keycloak admin CLI, container settings, adapter and realm export
    S(
        IDP,
        "kcadm_password",
        "$ /opt/keycloak/bin/kcadm.sh config credentials --server https://sso.quillmoor.dev --realm master"
        " --user admin --password '{v}'\nLogging into https://sso.quillmoor.dev as user admin of realm master",
        password(18),
    ),
    S(
        IDP,
        "kcadm_set_secret_uuid",
        "$ kcadm.sh create clients -r quillmoor -s clientId=grafana -s enabled=true"
        " -s clientAuthenticatorType=client-secret -s secret={v}\nCreated new client with id '{cid}'",
        uuid,
        cid=uuid,
    ),
    S(
        IDP,
        "kcadm_client_secret_output",
        '$ kcadm.sh get clients/$CID/client-secret -r quillmoor\n{\n  "type" : "secret",\n  "value" : "{v}"\n}',
        kc_secret,
    ),
    S(
        IDP,
        "kc_db_password",
        "    environment:\n      KC_DB: postgres\n      KC_DB_URL: jdbc:postgresql://kc-db:5432/keycloak\n"
        "      KC_DB_USERNAME: keycloak\n      KC_DB_PASSWORD: {v}\n      KC_HOSTNAME: sso.quillmoor.dev",
        password(22),
    ),
    S(
        IDP,
        "keycloak_json_secret",
        '{\n  "realm" : "quillmoor",\n  "auth-server-url" : "https://sso.quillmoor.dev/",\n'
        '  "ssl-required" : "external",\n  "resource" : "billing-backend",\n'
        '  "credentials" : {\n    "secret" : "{v}"\n  },\n  "confidential-port" : 0\n}',
        kc_secret,
    ),
    S(
        IDP,
        "python_keycloak_secret_key",
        "keycloak_openid = KeycloakOpenID(\n"
        '    server_url="https://sso.quillmoor.dev/",\n    realm_name="quillmoor",\n'
        '    client_id="orders-api",\n    client_secret_key="{v}",\n)',
        kc_secret,
    ),
    S(
        IDP,
        "kc_realm_export_private_key",
        '        "name" : "rsa-generated",\n        "providerId" : "rsa-generated",\n'
        '        "subComponents" : { },\n        "config" : {\n          "privateKey" : [ "{v}" ],\n'
        '          "keyUse" : [ "SIG" ],\n          "priority" : [ "100" ]',
        RSA_PKCS1,
    ),
    # ---- secrets: LDAP, Active Directory, SSSD, Dex
    S(
        IDP,
        "ldapsearch_bind_password",
        '$ ldapsearch -x -H ldaps://dc01.corp.quillmoor.lan -D "CN=svc-ldap-read,OU=Service Accounts,'
        'DC=corp,DC=quillmoor,DC=lan" -w \'{v}\' -b "DC=corp,DC=quillmoor,DC=lan" "(sAMAccountName=jdoe)" memberOf',
        password(16),
    ),
    S(
        IDP,
        "net_ads_join_password",
        "$ sudo net ads join -U 'Administrator%{v}' createcomputer=Servers/Linux\n"
        "Using short domain name -- CORP\nJoined 'WEB07' to dns domain 'corp.quillmoor.lan'",
        b62(16),
    ),
    S(
        IDP,
        "sssd_authtok",
        "[domain/corp.quillmoor.lan]\nid_provider = ldap\nldap_uri = ldaps://ldap.corp.quillmoor.lan\n"
        "ldap_default_bind_dn = cn=sssd-bind,ou=services,dc=quillmoor,dc=lan\n"
        "ldap_default_authtok_type = password\nldap_default_authtok = {v}",
        password(20),
    ),
    S(
        IDP,
        "sssd_obfuscated_authtok",
        "$ sudo grep authtok /etc/sssd/sssd.conf\nldap_default_authtok_type = obfuscated_password\n"
        "ldap_default_authtok = {v}",
        sss_obfuscated,
    ),
    S(
        IDP,
        "dex_ldap_bindpw",
        "connectors:\n- type: ldap\n  id: ldap\n  name: Corp LDAP\n  config:\n    host: ldap.corp.quillmoor.lan:636\n"
        "    bindDN: uid=dex-svc,ou=services,dc=quillmoor,dc=lan\n    bindPW: {v}\n    usernamePrompt: Corp username",
        password(24),
    ),
    # ---- secrets: oauth2-proxy, Ory Kratos and Hydra, authentik
    S(
        IDP,
        "oauth2_proxy_cookie_secret",
        "I generated a fresh cookie secret with `openssl rand -base64 32 | tr -- '+/' '-_'` ({v}) and put it"
        " in the oauth2-proxy Secret as `cookie-secret`; the old one is invalidated with the next rollout.",
        urlsafe_32_bytes,
    ),
    S(
        IDP,
        "kratos_cipher_secret",
        "secrets:\n  cipher:\n    - {v}\nciphers:\n  algorithm: xchacha20-poly1305",
        b62(32),
    ),
    S(
        IDP,
        "kratos_dsn_password",
        "  kratos:\n    image: oryd/kratos:v1.3.0\n    environment:\n"
        "      - DSN=postgres://kratos:{v}@kratos-db:5432/kratos?sslmode=disable&max_conns=20\n"
        "      - LOG_LEVEL=debug",
        b62(24),
    ),
    S(
        IDP,
        "ory_session_token",
        '$ curl -s https://auth.quillmoor.dev/sessions/whoami -H "Accept: application/json" -H "X-Session-Token: {v}"',
        join("ory_st_", b62(32)),
    ),
    S(
        IDP,
        "hydra_introspect_positional",
        "$ docker compose exec hydra hydra introspect token --format json-pretty --endpoint http://127.0.0.1:4445/ {v}",
        join("ory_at_", b64url(43), ".", b64url(43)),
    ),
    S(
        IDP,
        "authentik_client_secret",
        "[auth.generic_oauth]\nenabled = true\nname = authentik\nclient_id = {cid}\nclient_secret = {v}\n"
        "scopes = openid email profile\nauth_url = https://auth.quillmoor.dev/application/o/authorize/",
        b62(128),
        cid=b62(40),
    ),
    S(
        IDP,
        "authentik_secret_key",
        "$ cat .env\nAUTHENTIK_SECRET_KEY={v}\nAUTHENTIK_ERROR_REPORTING__ENABLED=false\nCOMPOSE_PORT_HTTPS=9443",
        b62(50),
    ),
    # ---- secrets: FreeIPA and Kerberos
    S(
        IDP,
        "ipa_server_install_passwords",
        "# ipa-server-install -U --hostname=ipa01.corp.quillmoor.lan -r CORP.QUILLMOOR.LAN -n corp.quillmoor.lan"
        " -p '{v}' -a '{v}' --setup-dns --no-forwarders --no-reverse",
        password(16),
    ),
    S(
        IDP,
        "ipa_random_otp",
        "$ ipa host-add web07.corp.quillmoor.lan --random\n-------------------------------------\n"
        'Added host "web07.corp.quillmoor.lan"\n-------------------------------------\n'
        "  Host name: web07.corp.quillmoor.lan\n  Random password: {v}\n  Password: True\n  Keytab: False",
        ipa_otp,
    ),
    S(
        IDP,
        "klist_keytab_key",
        "$ sudo klist -kte -K /etc/httpd/conf/http.keytab\nKeytab name: FILE:/etc/httpd/conf/http.keytab\n"
        "KVNO Timestamp           Principal\n---- ------------------- ------------------------------------------\n"
        "   3 02/11/2025 09:20:41 HTTP/web07.corp.quillmoor.lan@CORP.QUILLMOOR.LAN (aes256-cts-hmac-sha1-96)  (0x{v})",
        hexl(64),
    ),
    S(
        IDP,
        "keytab_base64",
        "  - name: Restore service keytab\n    env:\n      KRB5_KEYTAB_B64: {v}\n"
        '    run: echo "$KRB5_KEYTAB_B64" | base64 -d > /tmp/http.keytab',
        keytab_b64,
    ),
    S(
        IDP,
        "ktpass_pass",
        "C:\\> ktpass /out http-web07.keytab /princ HTTP/web07.corp.quillmoor.lan@CORP.QUILLMOOR.LAN"
        " /mapuser CORP\\svc-web07 /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL /pass {v}",
        password(18),
    ),
    # ---- secrets: SAML service-provider signing key
    S(
        IDP,
        "saml_sp_private_key",
        '  "sp": {\n    "entityId": "https://wiki.quillmoor.dev/saml/metadata/",\n'
        '    "NameIDFormat": "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",\n'
        '    "privateKey": "{v}"\n  },',
        RSA_PKCS8,
    ),
    # ---- look-alikes: public ids and public keys
    L(
        IDP,
        "kc_user_id",
        "$ kcadm.sh create users -r quillmoor -s username=jdoe -s enabled=true\nCreated new user with id '{v}'",
        uuid,
    ),
    L(
        IDP,
        "kc_realm_public_key",
        '{\n  "realm" : "quillmoor",\n  "realm-public-key" : "{v}",\n'
        '  "auth-server-url" : "https://sso.quillmoor.dev/",\n'
        '  "resource" : "storefront",\n  "public-client" : true\n}',
        RSA_SPKI,
    ),
    L(
        IDP,
        "jwks_kid",
        '$ curl -s https://sso.quillmoor.dev/realms/quillmoor/protocol/openid-connect/certs | jq -c ".keys[0]"\n'
        '{"kid":"{v}","kty":"RSA","alg":"RS256","use":"sig","n":"{modulus}","e":"AQAB"}',
        b64url(43),
        modulus=b64url(342),
    ),
    L(
        IDP,
        "authentik_client_id",
        "The authentik provider for Grafana shows Client ID {v}; that one is public (it appears in every authorize"
        " URL), so I put it in grafana.ini and left the client secret in the Kubernetes Secret.",
        b62(40),
    ),
    L(
        IDP,
        "google_client_id",
        'provider = "google"\nclient_id = "{v}"\nclient_secret_file = "/etc/oauth2-proxy/client-secret"\n'
        'email_domains = [ "quillmoor.dev" ]',
        join(digits(12), "-", lower_alnum(32), ".apps.googleusercontent.com"),
    ),
    L(
        IDP,
        "kratos_flow_id",
        "level=info msg=completed handling request http_request=map[method:GET path:/self-service/login/browser]"
        " http_response=map[headers:map[location:https://accounts.quillmoor.dev/login?flow={v}] status:303]",
        uuid,
    ),
    L(IDP, "ad_object_guid", "dn: CN=Jane Doe,OU=Staff,DC=corp,DC=quillmoor,DC=lan\nobjectGUID:: {v}", object_guid),
    L(
        IDP,
        "ad_object_sid",
        "sAMAccountName: jdoe\nobjectSid:: {v}\nuserAccountControl: 512\n"
        "memberOf: CN=vpn-users,OU=Groups,DC=corp,DC=quillmoor,DC=lan",
        object_sid,
    ),
    L(
        IDP,
        "ipa_ssh_fingerprint",
        "$ ipa host-show web07.corp.quillmoor.lan\n  Host name: web07.corp.quillmoor.lan\n"
        "  SSH public key fingerprint: SHA256:{v} (ssh-ed25519)\n  Keytab: True",
        b64(43),
    ),
    L(
        IDP,
        "pkce_code_challenge",
        "GET /realms/quillmoor/protocol/openid-connect/auth?client_id=storefront&response_type=code"
        "&redirect_uri=https%3A%2F%2Fshop.quillmoor.dev%2Fcallback&scope=openid&code_challenge={v}"
        "&code_challenge_method=S256 HTTP/1.1",
        b64url(43),
    ),
    # ---- look-alikes: certificates, fingerprints, digests
    L(
        IDP,
        "saml_idp_cert",
        '  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\n'
        '    <md:KeyDescriptor use="signing">\n      <ds:KeyInfo>\n        <ds:X509Data>\n'
        "          <ds:X509Certificate>{v}</ds:X509Certificate>",
        IDP_CERT,
    ),
    L(
        IDP,
        "saml_cert_fingerprint",
        '  gitlab_rails[\'omniauth_providers\'] = [\n    { name: "saml", label: "Quillmoor SSO",\n'
        "      args: { idp_cert_fingerprint: '{v}',\n"
        "              idp_sso_target_url:\n"
        "                'https://sso.quillmoor.dev/realms/quillmoor/protocol/saml/clients/gitlab' } }",
        colon_hex(20),
    ),
    L(
        IDP,
        "keytab_checksum",
        "$ sha256sum /etc/httpd/conf/http.keytab\n{v}  /etc/httpd/conf/http.keytab",
        hexl(64),
    ),
    # ---- look-alikes: masks, references, placeholders, names, settings
    L(
        IDP,
        "kc_masked_secret",
        '      "clientId" : "grafana",\n      "clientAuthenticatorType" : "client-secret",\n'
        '      "secret" : "{v}",\n      "redirectUris" : [ "https://grafana.quillmoor.dev/login/generic_oauth" ],',
        const("**********"),
    ),
    L(
        IDP,
        "kcadm_env_ref",
        "$ kcadm.sh config credentials --server https://sso.quillmoor.dev --realm master --user admin --password {v}",
        const('"$KC_ADMIN_PASSWORD"'),
    ),
    L(
        IDP,
        "compose_required_ref",
        "      AUTHENTIK_POSTGRESQL__USER: authentik\n      AUTHENTIK_POSTGRESQL__PASSWORD: {v}",
        const("${PG_PASS:?set PG_PASS in .env}"),
    ),
    L(
        IDP,
        "kratos_placeholder_secret",
        "# kratos.yml (template; the deploy job swaps in real values)\nsecrets:\n  cookie:\n    - {v}",
        const("REPLACE-WITH-32-RANDOM-CHARACTERS"),
    ),
    L(
        IDP,
        "dex_secret_env",
        "staticClients:\n- id: argo-workflows\n  name: Argo Workflows\n"
        "  redirectURIs:\n  - https://argo.quillmoor.dev/oauth2/callback\n  secretEnv: {v}",
        const("ARGO_WORKFLOWS_SSO_CLIENT_SECRET"),
    ),
    L(
        IDP,
        "dex_env_expansion",
        "- type: github\n  id: github\n  name: GitHub\n  config:\n"
        "    clientID: $GITHUB_CLIENT_ID\n    clientSecret: {v}",
        const("$GITHUB_CLIENT_SECRET"),
    ),
    L(
        IDP,
        "ldap_password_file",
        '$ ldapsearch -x -H ldaps://ldap.corp.quillmoor.lan -D "cn=svc-backup,ou=services,dc=quillmoor,dc=lan"'
        ' -y {v} -b "ou=people,dc=quillmoor,dc=lan" uid=jdoe',
        const("/etc/openldap/svc-backup.passwd"),
    ),
    L(
        IDP,
        "sssd_authtok_type",
        "ldap_default_bind_dn = cn=sssd-bind,ou=services,dc=quillmoor,dc=lan\nldap_default_authtok_type = {v}\n"
        "# the authtok itself lives in /etc/sssd/conf.d/90-bind.conf (mode 0600)",
        const("obfuscated_password"),
    ),
    L(
        IDP,
        "ipa_password_flag",
        "$ ipa user-show jdoe\n  User login: jdoe\n  First name: Jane\n  Last name: Doe\n"
        "  Home directory: /home/jdoe\n  Password: {v}\n  Kerberos keys available: True",
        const("True"),
    ),
]
