"""A fifty-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of password managers and signing and encryption command-line tools:
git's credential protocol (`git credential fill` output, `password_expiry_utc`) and `git-credential-store`
(`~/.git-credentials`, percent-encoded), the GitHub CLI (`hosts.yml` with per-user tokens, `gh auth status`
masked and `--show-token`), macOS `security` (`add-generic-password -w`, `find-generic-password -w` and
`-g`, its attribute dump with `<timedate>` hex), pass (`pass generate`, `pass ls`), KeePassXC's
`keepassxc-cli show` (`PROTECTED`, `-s -a Password`), the Bitwarden CLI (`bw unlock` session key,
`BW_CLIENTID`/`BW_CLIENTSECRET` personal API key, an item's `totp`), age and rage (`AGE-SECRET-KEY-1…`
identities, `age1…` recipients in `.sops.yaml`, armored ciphertext), minisign and signify key and
signature files, GnuPG (`--export-secret-keys --armor`, loopback `--passphrase`, `--passphrase-file`,
gpg-agent `PRESET_PASSPHRASE` with its hex passphrase, fingerprints and long key ids), ssh-keygen
(`-N`, OpenSSH private keys, public keys and SHA256 fingerprints), cosign (`COSIGN_PASSWORD`, the
encrypted sigstore key, `cosign.pub`, KMS key URIs), `openssl enc` (`-pass pass:`, `-P`, `-iv`) and
Tink/Tinkey JSON keysets (cleartext, public, `--master-key-uri`), in commands, config files and tool
output, with the public ids and references the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 46 to 49):
19 of 25 secrets caught, 3 of 23 look-alikes altered (missed: the password `pass generate` prints, `keepassxc-cli
show -a Password` after its unlock prompt, a Bitwarden item's `totp` seed, minisign and signify secret key files
under their `untrusted comment`, a hex `PRESET_PASSPHRASE`; altered: a `sed` expression after `password=`, a
minisign public key after `-P`, a Tink public keyset's `value`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
from urllib.parse import quote

from build import (
    L,
    S,
    b62,
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

VT = "vaults"

BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
BASE32 = string.ascii_uppercase + "234567"
ED25519_OID = bytes.fromhex("2b06010401da470f01")
CV25519_OID = bytes.fromhex("2b060104019755010501")
P256_SPKI_HEAD = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")


def _bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.randrange(256) for _ in range(n))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _wrap(s: str, width: int) -> str:
    return "\n".join(s[i : i + width] for i in range(0, len(s), width))


# --------------------------------------------------------------------------- age (bech32, BIP 173)


def _polymod(values: list[int]) -> int:
    gen = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            if (top >> i) & 1:
                chk ^= gen[i]
    return chk


def _bech32(hrp: str, data: bytes) -> str:
    acc = bits = 0
    five: list[int] = []
    for b in data:
        acc = ((acc << 8) | b) & 0xFFFF
        bits += 8
        while bits >= 5:
            bits -= 5
            five.append((acc >> bits) & 31)
    if bits:
        five.append((acc << (5 - bits)) & 31)
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    pm = _polymod(expanded + five + [0] * 6) ^ 1
    five += [(pm >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(BECH32[d] for d in five)


def age_identity(rng: random.Random) -> str:
    """`AGE-SECRET-KEY-1…`: a 32-byte X25519 scalar, bech32 with a valid checksum, upper-cased."""
    return _bech32("age-secret-key-", _bytes(rng, 32)).upper()


def age_recipient(rng: random.Random) -> str:
    """`age1…`: a 32-byte X25519 public key, bech32."""
    return _bech32("age", _bytes(rng, 32))


def age_armored(rng: random.Random) -> str:
    """The body of an `age -a` file: header, X25519 stanza and MAC, then the payload, base64 in 64 columns."""

    def raw(n: int) -> str:
        return _b64(_bytes(rng, n)).rstrip("=")

    header = f"age-encryption.org/v1\n-> X25519 {raw(32)}\n{raw(32)}\n--- {raw(32)}\n".encode()
    return _wrap(_b64(header + _bytes(rng, 16 + 24 + 16)), 64)


# --------------------------------------------------------------------------- minisign / signify


def minisign_secret(rng: random.Random) -> str:
    """Ed || Sc || B2 || salt[32] || opslimit || memlimit || encrypted(keynum, sk, checksum)."""
    ops = (33554432).to_bytes(8, "little")
    mem = (1073741824).to_bytes(8, "little")
    return _b64(b"EdScB2" + _bytes(rng, 32) + ops + mem + _bytes(rng, 104))


def minisign_public(rng: random.Random) -> str:
    return _b64(b"Ed" + _bytes(rng, 8) + _bytes(rng, 32))


def minisign_signature(rng: random.Random) -> str:
    return _b64(b"ED" + _bytes(rng, 8) + _bytes(rng, 64))


def signify_secret(rng: random.Random) -> str:
    """Ed || BK || rounds (0 with -n) || salt[16] || checksum[8] || keynum[8] || seckey[64]."""
    return _b64(b"EdBK" + (0).to_bytes(4, "big") + _bytes(rng, 16 + 8 + 8 + 64))


def signify_public(rng: random.Random) -> str:
    return _b64(b"Ed" + _bytes(rng, 8 + 32))


# --------------------------------------------------------------------------- OpenPGP


def _crc24(data: bytes) -> int:
    crc = 0xB704CE
    for b in data:
        crc ^= b << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def _armor_body(data: bytes) -> str:
    return _wrap(_b64(data), 64) + "\n=" + _b64(_crc24(data).to_bytes(3, "big"))


def _pgp_packets(rng: random.Random, secret: bool) -> bytes:
    created = (1_700_000_000 + rng.randrange(30_000_000)).to_bytes(4, "big")
    primary = b"\x04" + created + b"\x16\x09" + ED25519_OID + b"\x01\x07\x40" + _bytes(rng, 32)
    sub = b"\x04" + created + b"\x12\x0a" + CV25519_OID + b"\x01\x07\x40" + _bytes(rng, 32) + b"\x03\x01\x08\x07"
    if secret:
        # s2k usage 254, AES-128, iterated+salted SHA-256, salt, count, IV, then the encrypted MPI and SHA-1.
        protect = b"\xfe\x07\x03\x08"
        primary += protect + _bytes(rng, 8) + b"\xff" + _bytes(rng, 16) + _bytes(rng, 54)
        sub += protect + _bytes(rng, 8) + b"\xff" + _bytes(rng, 16) + _bytes(rng, 54)
    uid = b"Tessellate Release Signing <release@tessellate.dev>"
    out = bytes([0x94 if secret else 0x98, len(primary)]) + primary
    out += bytes([0xB4, len(uid)]) + uid
    out += b"\x88\x93\x04\x13\x16\x0a" + _bytes(rng, 0x93 - 4)
    out += bytes([0x9C if secret else 0xB8, len(sub)]) + sub
    out += b"\x88\x78\x04\x18\x16\x0a" + _bytes(rng, 0x78 - 4)
    return out


def pgp_secret_block(rng: random.Random) -> str:
    return _armor_body(_pgp_packets(rng, secret=True))


def pgp_public_block(rng: random.Random) -> str:
    return _armor_body(_pgp_packets(rng, secret=False))


def hex_passphrase(rng: random.Random) -> str:
    """gpg-agent's PRESET_PASSPHRASE takes the passphrase hex-encoded."""
    return password(18)(rng).encode().hex().upper()


# --------------------------------------------------------------------------- OpenSSH


def _sshstr(b: bytes) -> bytes:
    return len(b).to_bytes(4, "big") + b


def _ssh_pub_blob(pk: bytes) -> bytes:
    return _sshstr(b"ssh-ed25519") + _sshstr(pk)


def openssh_private_body(rng: random.Random) -> str:
    """An unencrypted `openssh-key-v1` ed25519 key, base64 in 70 columns as ssh-keygen writes it."""
    pk, sk, check = _bytes(rng, 32), _bytes(rng, 32), _bytes(rng, 4)
    priv = check + check + _ssh_pub_blob(pk) + _sshstr(sk + pk) + _sshstr(b"deploy@tessellate")
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (
        b"openssh-key-v1\x00"
        + _sshstr(b"none")
        + _sshstr(b"none")
        + _sshstr(b"")
        + (1).to_bytes(4, "big")
        + _sshstr(_ssh_pub_blob(pk))
        + _sshstr(priv)
    )
    return _wrap(_b64(blob), 70)


def ssh_public_b64(rng: random.Random) -> str:
    return _b64(_ssh_pub_blob(_bytes(rng, 32)))


def ssh_fingerprint(rng: random.Random) -> str:
    return "SHA256:" + _b64(hashlib.sha256(_ssh_pub_blob(_bytes(rng, 32))).digest()).rstrip("=")


# --------------------------------------------------------------------------- cosign


def cosign_private_body(rng: random.Random) -> str:
    doc = {
        "kdf": {"name": "scrypt", "params": {"N": 65536, "r": 8, "p": 1}, "salt": _b64(_bytes(rng, 32))},
        "cipher": {"name": "nacl/secretbox", "nonce": _b64(_bytes(rng, 24))},
        "ciphertext": _b64(_bytes(rng, 154)),
    }
    return _wrap(_b64(json.dumps(doc, separators=(",", ":")).encode()), 64)


def p256_public_body(rng: random.Random) -> str:
    return _wrap(_b64(P256_SPKI_HEAD + _bytes(rng, 64)), 64)


# --------------------------------------------------------------------------- Tink


def tink_aes256_gcm_value(rng: random.Random) -> str:
    """AesGcmKey proto: field 3 (key_value) of 32 bytes."""
    return _b64(b"\x1a\x20" + _bytes(rng, 32))


def tink_ecdsa_public_value(rng: random.Random) -> str:
    """EcdsaPublicKey proto: params (SHA256, NIST_P256, DER), then x and y."""
    params = b"\x12\x06\x08\x03\x10\x02\x18\x02"
    return _b64(params + b"\x1a\x21\x00" + _bytes(rng, 32) + b"\x22\x21\x00" + _bytes(rng, 32))


def tink_key_id(rng: random.Random) -> str:
    return str(rng.randrange(10**8, 2**31))


# --------------------------------------------------------------------------- small shapes


def percent_encoded_password(rng: random.Random) -> str:
    """A password with reserved characters, as git-credential-store writes it (percent-encoded)."""
    pw = pick(string.ascii_letters + string.digits + "@/:#?%+", 20)(rng)
    if not any(c in pw for c in "@/:#?%+"):
        pw = pw[:9] + "@" + pw[10:]
    return quote(pw, safe="")


def keychain_timedate(rng: random.Random) -> str:
    stamp = f"20{rng.randrange(22, 26)}{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}"
    stamp += f"{rng.randrange(24):02d}{rng.randrange(60):02d}{rng.randrange(60):02d}Z"
    return "0x" + (stamp.encode() + b"\x00").hex().upper() + f'  "{stamp}\\000"'


base32_totp = pick(BASE32, 32)


def bw_session_key(rng: random.Random) -> str:
    """`bw unlock` prints a 64-byte session key, base64 (88 characters)."""
    return _b64(_bytes(rng, 64))


gho_token = join("gho_", b62(36))
fine_grained_pat = join("github_pat_", b62(22), "_", b62(59))
npm_token = join("npm_", b62(36))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (19, 25, 3, 23, "the rules for 46 to 49")

TEMPLATES = [
    # ---- secrets: git credential helpers and the GitHub CLI
    S(
        VT,
        "git_credential_fill",
        "$ printf 'protocol=https\\nhost=git.tessellate.dev\\n\\n' | git credential fill\n"
        "protocol=https\nhost=git.tessellate.dev\nusername=release-bot\npassword={v}",
        password(24),
    ),
    S(
        VT,
        "git_credentials_store",
        "$ cat ~/.git-credentials\nhttps://deploy%40tessellate.dev:{v}@bitbucket.org",
        percent_encoded_password,
    ),
    S(
        VT,
        "gh_hosts_users_token",
        "$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        octo-release:\n"
        "            oauth_token: {v}\n    git_protocol: ssh\n    user: octo-release",
        gho_token,
    ),
    S(
        VT,
        "gh_auth_show_token",
        "$ gh auth status --hostname ghe.tessellate.dev --show-token\nghe.tessellate.dev\n"
        "  ✓ Logged in to ghe.tessellate.dev account build-svc (GH_ENTERPRISE_TOKEN)\n"
        "  - Active account: true\n  - Git operations protocol: https\n  - Token: {v}",
        fine_grained_pat,
    ),
    # ---- secrets: macOS keychain, pass, KeePassXC, Bitwarden
    S(
        VT,
        "security_add_generic_password",
        "$ security add-generic-password -U -a ci-bot -s npm-publish -w '{v}' ~/Library/Keychains/build.keychain-db",
        npm_token,
    ),
    S(
        VT,
        "security_find_generic_password_w",
        '$ security find-generic-password -a "$USER" -s "tessellate-webhook-signing" -w\n{v}',
        hexl(64),
    ),
    S(
        VT,
        "security_find_generic_password_g",
        '$ security find-generic-password -s "artifactory-deploy" -g 2>&1 >/dev/null\npassword: "{v}"',
        password(16),
    ),
    S(
        VT,
        "pass_generate",
        "$ pass generate Infra/postgres/replica 24\n[main 4f1c2ab] Add generated password for Infra/postgres/replica.\n"
        " 1 file changed, 0 insertions(+), 0 deletions(-)\n create mode 100644 Infra/postgres/replica.gpg\n"
        "The generated password for Infra/postgres/replica is:\n{v}",
        password(24),
    ),
    S(
        VT,
        "keepassxc_show_attribute",
        '$ keepassxc-cli show -s -a Password ~/Vaults/platform.kdbx "Servers/bastion-eu"\n'
        "Enter password to unlock ~/Vaults/platform.kdbx: \n{v}",
        password(20),
    ),
    S(
        VT,
        "bw_session",
        "$ bw unlock --passwordenv BW_MASTER\nYour vault is now unlocked!\n\n"
        "To unlock your vault, set your session key to the `BW_SESSION` environment variable. ex:\n"
        '$ export BW_SESSION="{v}"',
        bw_session_key,
    ),
    S(
        VT,
        "bw_clientsecret",
        '# .envrc (direnv)\nexport BW_CLIENTID="user.{cid}"\nexport BW_CLIENTSECRET="{v}"',
        b62(30),
        cid=uuid,
    ),
    S(
        VT,
        "bw_item_totp",
        '$ bw get item "Registry admin" | jq \'.login | del(.password)\'\n{\n  "uris": [\n'
        '    { "match": null, "uri": "https://registry.tessellate.dev" }\n  ],\n  "username": "release-bot",\n'
        '  "totp": "{v}",\n  "passwordRevisionDate": null\n}',
        base32_totp,
    ),
    # ---- secrets: age, minisign, signify
    S(
        VT,
        "age_identity_file",
        "$ cat ~/.config/sops/age/keys.txt\n# created: 2024-05-12T10:15:30Z\n# public key: {pub}\n{v}",
        age_identity,
        pub=age_recipient,
    ),
    S(
        VT,
        "minisign_secret_key",
        "$ cat ~/.minisign/minisign.key\nuntrusted comment: minisign encrypted secret key\n{v}",
        minisign_secret,
    ),
    S(
        VT,
        "signify_secret_key",
        '$ signify -G -n -c "tessellate release 2.4" -p keys/tessellate-24.pub -s keys/tessellate-24.sec'
        " && cat keys/tessellate-24.sec\nuntrusted comment: tessellate release 2.4 secret key\n{v}",
        signify_secret,
    ),
    # ---- secrets: GnuPG
    S(
        VT,
        "gpg_secret_key_block",
        "$ gpg --armor --export-secret-keys release@tessellate.dev\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{v}\n"
        "-----END PGP PRIVATE KEY BLOCK-----",
        pgp_secret_block,
    ),
    S(
        VT,
        "gpg_loopback_passphrase",
        "$ gpg --batch --yes --pinentry-mode loopback --passphrase '{v}' --local-user {fpr}"
        " --armor --detach-sign dist/tessellate-2.4.1.tar.gz",
        password(22),
        fpr=hexu(40),
    ),
    S(
        VT,
        "gpg_agent_preset_hex",
        "$ echo allow-preset-passphrase >> ~/.gnupg/gpg-agent.conf && gpg-connect-agent reloadagent /bye\nOK\n"
        "$ gpg-connect-agent 'PRESET_PASSPHRASE {grip} -1 {v}' /bye\nOK",
        hex_passphrase,
        grip=hexu(40),
    ),
    # ---- secrets: ssh-keygen
    S(
        VT,
        "openssh_private_key",
        "$ cat ~/.ssh/deploy_tessellate\n-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
        openssh_private_body,
    ),
    S(
        VT,
        "ssh_keygen_new_passphrase",
        "$ ssh-keygen -t ed25519 -a 100 -C deploy@tessellate -N '{v}' -f ~/.ssh/deploy_tessellate",
        password(20),
    ),
    # ---- secrets: cosign, openssl, Tink
    S(
        VT,
        "cosign_password",
        "$ COSIGN_PASSWORD='{v}' cosign sign --yes --key cosign.key ghcr.io/tessellate/api@sha256:{digest}",
        password(18),
        digest=hexl(64),
    ),
    S(
        VT,
        "cosign_private_key",
        "$ cat cosign.key\n-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\n{v}\n"
        "-----END ENCRYPTED SIGSTORE PRIVATE KEY-----",
        cosign_private_body,
    ),
    S(
        VT,
        "openssl_pass_arg",
        "$ tar czf - ./pgdump | openssl enc -aes-256-cbc -pbkdf2 -iter 200000 -salt -pass pass:{v}"
        " -out pgdump-2024-05-12.tar.gz.enc",
        password(20),
    ),
    S(
        VT,
        "openssl_printed_key",
        "$ openssl enc -aes-256-cbc -pbkdf2 -P -pass env:BACKUP_PASS\nsalt={salt}\nkey={v}\niv ={iv}",
        hexu(64),
        salt=hexu(16),
        iv=hexu(32),
    ),
    S(
        VT,
        "tink_cleartext_keyset",
        "$ tinkey create-keyset --key-template AES256_GCM --out-format json --out aead_keyset.json"
        ' && cat aead_keyset.json\n{\n  "primaryKeyId": {kid},\n  "key": [{\n    "keyData": {\n'
        '      "typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey",\n      "value": "{v}",\n'
        '      "keyMaterialType": "SYMMETRIC"\n    },\n    "status": "ENABLED",\n    "keyId": {kid},\n'
        '    "outputPrefixType": "TINK"\n  }]\n}',
        tink_aes256_gcm_value,
        kid=tink_key_id,
    ),
    # ---- look-alikes: masked output, settings and placeholders
    L(
        VT,
        "gh_token_masked",
        "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account octo-release (keyring)\n"
        "  - Active account: true\n  - Git operations protocol: https\n  - Token: {v}\n"
        "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
        const("gho_" + "*" * 36),
    ),
    L(
        VT,
        "git_credential_expiry",
        "$ printf 'protocol=https\\nhost=dev.azure.com\\n\\n' | git credential fill | sed 's/^password=.*/password=<hidden>/'\n"
        "protocol=https\nhost=dev.azure.com\nusername=PersonalAccessToken\npassword=<hidden>\n"
        "password_expiry_utc={v}",
        join("17", digits(8)),
    ),
    L(
        VT,
        "keychain_timedate",
        '$ security find-generic-password -s npm-publish\nkeychain: "~/Library/Keychains/build.keychain-db"\n'
        'version: 512\nclass: "genp"\nattributes:\n    "acct"<blob>="ci-bot"\n    "cdat"<timedate>={v}\n'
        '    "svce"<blob>="npm-publish"',
        keychain_timedate,
    ),
    L(
        VT,
        "keepassxc_protected",
        '$ keepassxc-cli show ~/Vaults/platform.kdbx "Servers/bastion-eu"\n'
        "Enter password to unlock ~/Vaults/platform.kdbx: \nTitle: bastion-eu\nUserName: ops\nPassword: {v}\n"
        "URL: ssh://bastion-eu.tessellate.dev\nNotes: rotate quarterly",
        const("PROTECTED"),
    ),
    L(
        VT,
        "pass_entry_name",
        "$ pass ls Infra\nInfra\n├── aws\n│   └── {v}\n└── postgres\n    └── replica",
        const("deploy-token"),
    ),
    L(
        VT,
        "bw_client_id",
        '$ BW_CLIENTID={v} BW_CLIENTSECRET="$(cat ~/.config/bw/client_secret)" bw login --apikey',
        join("user.", uuid),
    ),
    L(
        VT,
        "bw_session_substitution",
        'export BW_SESSION="{v}"\nbw sync --quiet',
        const("$(bw unlock --passwordenv BW_MASTER --raw)"),
    ),
    L(
        VT,
        "placeholder",
        'export BW_CLIENTSECRET="{v}"   # Settings → Security → Keys → View API key',
        const("<client_secret>"),
    ),
    # ---- look-alikes: public keys, recipients and signatures
    L(
        VT,
        "age_recipient",
        "$ cat .sops.yaml\ncreation_rules:\n  - path_regex: secrets/.*\\.enc\\.yaml$\n    age: {v}",
        age_recipient,
    ),
    L(
        VT,
        "age_armored_ciphertext",
        "$ age -r {rcpt} -a -o db-password.txt.age db-password.txt && cat db-password.txt.age\n"
        "-----BEGIN AGE ENCRYPTED FILE-----\n{v}\n-----END AGE ENCRYPTED FILE-----",
        age_armored,
        rcpt=age_recipient,
    ),
    L(
        VT,
        "minisign_public_key",
        "$ minisign -Vm tessellate-2.4.1.tar.gz -P {v}\nSignature and comment signature verified\n"
        "Trusted comment: timestamp:1715511111\tfile:tessellate-2.4.1.tar.gz\thashed",
        minisign_public,
    ),
    L(
        VT,
        "minisign_signature",
        "$ cat tessellate-2.4.1.tar.gz.minisig\nuntrusted comment: signature from minisign secret key\n{v}\n"
        "trusted comment: timestamp:1715511111\tfile:tessellate-2.4.1.tar.gz\thashed\n{gsig}",
        minisign_signature,
        gsig=lambda rng: _b64(_bytes(rng, 64)),
    ),
    L(
        VT,
        "signify_public_key",
        "$ cat keys/tessellate-24.pub\nuntrusted comment: tessellate release 2.4 public key\n{v}",
        signify_public,
    ),
    L(
        VT,
        "gpg_fingerprint",
        "$ gpg --list-secret-keys --keyid-format=long release@tessellate.dev\n"
        "sec   ed25519/{kid} 2024-05-12 [SC] [expires: 2026-05-12]\n      {v}\n"
        "uid                 [ultimate] Tessellate Release Signing <release@tessellate.dev>\n"
        "ssb   cv25519/{sid} 2024-05-12 [E] [expires: 2026-05-12]",
        hexu(40),
        kid=hexu(16),
        sid=hexu(16),
    ),
    L(
        VT,
        "gpg_public_key_block",
        "$ gpg --armor --export release@tessellate.dev\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n{v}\n"
        "-----END PGP PUBLIC KEY BLOCK-----",
        pgp_public_block,
    ),
    L(
        VT,
        "gpg_passphrase_file_path",
        "      - run: gpg --batch --pinentry-mode loopback --passphrase-file {v} --armor --detach-sign SHA256SUMS",
        const("./.ci/signing.pass"),
    ),
    L(
        VT,
        "ssh_public_key",
        "$ cat ~/.ssh/deploy_tessellate.pub\nssh-ed25519 {v} deploy@tessellate",
        ssh_public_b64,
    ),
    L(
        VT,
        "ssh_fingerprint",
        "Your identification has been saved in ~/.ssh/deploy_tessellate\n"
        "Your public key has been saved in ~/.ssh/deploy_tessellate.pub\nThe key fingerprint is:\n{v} deploy@tessellate",
        ssh_fingerprint,
    ),
    L(
        VT,
        "cosign_public_key",
        "$ cat cosign.pub\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        p256_public_body,
    ),
    # ---- look-alikes: key references and non-secret parameters
    L(
        VT,
        "cosign_kms_ref",
        "$ cosign sign --yes --key {v} ghcr.io/tessellate/api:2.4.1",
        join("awskms:///arn:aws:kms:eu-west-1:", digits(12), ":key/", uuid),
    ),
    L(
        VT,
        "openssl_iv",
        '$ openssl enc -d -aes-256-ctr -K "$(cat keys/archive.hex)" -iv {v} -in archive.bin.enc -out archive.bin',
        hexl(32),
    ),
    L(
        VT,
        "tink_public_keyset",
        "$ tinkey create-public-keyset --in private_keyset.json --out-format json\n"
        '{\n  "primaryKeyId": {kid},\n  "key": [{\n    "keyData": {\n'
        '      "typeUrl": "type.googleapis.com/google.crypto.tink.EcdsaPublicKey",\n      "value": "{v}",\n'
        '      "keyMaterialType": "ASYMMETRIC_PUBLIC"\n    },\n    "status": "ENABLED",\n    "keyId": {kid},\n'
        '    "outputPrefixType": "TINK"\n  }]\n}',
        tink_ecdsa_public_value,
        kid=tink_key_id,
    ),
    L(
        VT,
        "tink_kek_uri",
        "$ tinkey create-keyset --key-template AES256_GCM --out-format json --out keyset.enc.json"
        " --master-key-uri {v} --credential ~/.config/gcloud/application_default_credentials.json",
        join("gcp-kms://projects/tessellate-prod-", digits(4), "/locations/global/keyRings/tink/cryptoKeys/keyset-kek"),
    ),
]
