"""A hundred-and-thirteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of code-signing and app-release tooling: Microsoft SignTool
(`/f … /p`, `/sha1` thumbprints), `Import-PfxCertificate` and `certutil -importpfx` for Authenticode
`.pfx` files, osslsigncode (`-pkcs12 … -pass`), electron-builder (`CSC_LINK`, `CSC_KEY_PASSWORD`,
`WIN_CSC_KEY_PASSWORD`, its signing log), AzureSignTool (`-kvu/-kvi/-kvt/-kvs`), Azure Trusted
Signing (the DLib `metadata.json`, a native client's metadata with an Entra ID client secret,
`AZURE_CLIENT_ID`), DigiCert KeyLocker / Software Trust Manager (`SM_API_KEY` in an `x-api-key`
header, `SM_CLIENT_CERT_PASSWORD`, `SM_CODE_SIGNING_CERT_SHA1_HASH`, keypair aliases), SignPath
(bearer token on the REST API, `Submit-SigningRequest -ApiToken`, the GitHub action's organization
id), Apple `notarytool` and `altool` (app-specific passwords, `@keychain:` references, App Store
Connect key ids, issuer ids, team ids, submission ids, an `rcodesign` API-key JSON with its `.p8`
body), `security add-generic-password`, the Maven jarsigner and GPG plugins, GnuPG loopback
passphrases and fingerprints, the Gradle signing plugin (`signing.password`, in-memory armored
keys and key ids), Sigstore cosign (`COSIGN_PASSWORD`, encrypted `cosign.key`, `cosign.pub`, KMS
key references, signature tags), the Tauri updater (minisign private key and password, `pubkey`,
`latest.json` signatures, a key path under a key-named variable) and Android `apksigner`
(`--ks-pass pass:`, certificate digests), in commands, config files, scripts and tool output, with
the public ids, hashes, placeholders, masks and secret-store references the same documentation
shows beside them. Every value is generated here in the documented shape.

First score, blind, before any rule changed for it (after the rules for 105 to 109):
22 of 25 secrets caught, 3 of 25 look-alikes altered (missed: signtool's `/p '<password>'` quoted,
`security add-generic-password -w` with an app-specific password, Maven's `<storepass>`/`<keypass>`
elements; altered: notarytool's profile name after `store-credentials`, a `.p8` key file's path
after `--key`, altool's `@keychain:AC_PASSWORD` reference).
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
    const,
    digits,
    groups,
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

SG = "signing"

P8_HEAD = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
EC_PUB_HEAD = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


# Entra ID (Azure AD) application client secret: three characters, a digit, `Q~`, then 34 more.
azure_client_secret = join(b62(3), digits(1), "Q~", pick(B62 + "_.-~", 34))

# DigiCert ONE API key: a 26-hex-character id, an underscore, 64 hex characters.
digicert_api_key = join(hexl(26), "_", hexl(64))

app_specific = groups(pick(string.ascii_lowercase, 4), 4)

diceware = groups(pick(string.ascii_lowercase, 6), 5)


def p8_json_body(rng: random.Random) -> str:
    """A `.p8` EC key body as it sits inside a JSON string: three base64 lines joined by a literal \\n."""
    return "\\n".join([P8_HEAD + b64(16)(rng), b64(64)(rng), b64(56)(rng)])


def cosign_encrypted_key(rng: random.Random) -> str:
    """The body of an ENCRYPTED SIGSTORE PRIVATE KEY: base64 of the scrypt/secretbox JSON, wrapped at 64."""
    doc = {
        "kdf": {"name": "scrypt", "params": {"N": 32768, "r": 8, "p": 1}, "salt": _b64(rng.randbytes(32))},
        "cipher": {"name": "nacl/secretbox", "nonce": _b64(rng.randbytes(24))},
        "ciphertext": _b64(rng.randbytes(154)),
    }
    body = _b64(json.dumps(doc, separators=(",", ":")).encode())
    return "\n".join(body[i : i + 64] for i in range(0, len(body), 64))


def cosign_public_key(rng: random.Random) -> str:
    """An EC P-256 SubjectPublicKeyInfo body in two PEM lines."""
    return EC_PUB_HEAD + b64(28)(rng) + "\n" + b64(57)(rng) + rng.choice("AQgw") + "=="


def tauri_private_key(rng: random.Random) -> str:
    """What TAURI_SIGNING_PRIVATE_KEY holds: base64 of an rsign encrypted minisign secret-key file."""
    raw = b"EdScB2" + rng.randbytes(152)
    text = "untrusted comment: rsign encrypted secret key\n" + _b64(raw) + "\n"
    return _b64(text.encode())


def tauri_public_key(rng: random.Random) -> str:
    """The updater `pubkey`: base64 of a minisign public-key file."""
    key_id = rng.randbytes(8)
    text = (
        f"untrusted comment: minisign public key: {key_id[::-1].hex().upper()}\n"
        + _b64(b"Ed" + key_id + rng.randbytes(32))
        + "\n"
    )
    return _b64(text.encode())


def tauri_signature(rng: random.Random) -> str:
    """A `.sig` / latest.json signature: base64 of a minisign signature file."""
    ts = rng.randrange(1_700_000_000, 1_760_000_000)
    text = (
        "untrusted comment: signature from tauri secret key\n"
        + _b64(b"ED" + rng.randbytes(8) + rng.randbytes(64))
        + f"\ntrusted comment: timestamp:{ts}\tfile:Halyard_2.3.1_x64-setup.exe\n"
        + _b64(rng.randbytes(64))
        + "\n"
    )
    return _b64(text.encode())


def pgp_inmemory_key(rng: random.Random) -> str:
    """An ASCII-armored RSA-4096 secret key as the Gradle docs want it: header, checksum and newlines removed."""
    ts = rng.randrange(1_700_000_000, 1_760_000_000).to_bytes(4, "big")
    packet = b"\x95\x07\x46\x04" + ts + b"\x01" + rng.randbytes(1853)
    return _b64(packet + b"\xb4\x2d" + rng.randbytes(45) + b"\x9d\x07\x46\x04" + rng.randbytes(1858))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 3, 25, "the rules for 105 to 109")

TEMPLATES = [
    # ---- secrets: Authenticode .pfx passwords
    S(
        SG,
        "signtool_pfx_password",
        'PS C:\\src\\halyard> & "C:\\Program Files (x86)\\Windows Kits\\10\\bin\\10.0.22621.0\\x64\\signtool.exe" sign'
        " /fd SHA256 /f .\\certs\\halyard-codesign.pfx /p '{v}' /tr http://timestamp.digicert.com /td SHA256"
        " .\\dist\\HalyardSetup-2.3.1.exe",
        password(16),
    ),
    S(
        SG,
        "import_pfx_securestring",
        "PS> $pfxPass = ConvertTo-SecureString -String '{v}' -Force -AsPlainText\n"
        "PS> Import-PfxCertificate -FilePath .\\certs\\halyard-codesign.pfx -CertStoreLocation Cert:\\CurrentUser\\My"
        " -Password $pfxPass",
        password(14),
    ),
    S(
        SG,
        "certutil_importpfx",
        "C:\\agent\\_work\\1\\s> certutil -f -user -p {v} -importpfx .\\build\\halyard-ev.pfx NoRoot\n"
        'Certificate "Halyard Labs B.V." added to store.\nCertUtil: -importPFX command completed successfully.',
        b62(18),
    ),
    S(
        SG,
        "osslsigncode_pass",
        "$ osslsigncode sign -pkcs12 certs/halyard-codesign.p12 -pass '{v}' -n \"Halyard Desktop\""
        " -i https://halyard.app -t http://timestamp.sectigo.com -in build/Halyard.exe -out dist/Halyard.exe",
        password(20),
    ),
    # ---- secrets: electron-builder
    S(
        SG,
        "electron_env_file",
        "$ cat .env.signing\nCSC_LINK=~/certs/halyard-developer-id.p12\nCSC_KEY_PASSWORD={v}\nAPPLE_TEAM_ID={team}",
        password(18),
        team=upper_alnum(10),
    ),
    S(
        SG,
        "electron_win_csc",
        '$ WIN_CSC_LINK=./build/certs/win-codesign.pfx WIN_CSC_KEY_PASSWORD="{v}"'
        " npx electron-builder --win nsis --x64 --publish never",
        b62(22),
    ),
    # ---- secrets: Azure Key Vault / Trusted Signing
    S(
        SG,
        "azuresigntool_kvs",
        "> AzureSignTool sign -kvu https://halyard-signing.vault.azure.net -kvi {client} -kvt {tenant}"
        " -kvs {v} -kvc halyard-ev-2025 -tr http://timestamp.digicert.com -td sha256 -fd sha256"
        " dist\\HalyardSetup.exe",
        azure_client_secret,
        client=uuid,
        tenant=uuid,
    ),
    S(
        SG,
        "trusted_signing_client_metadata",
        '$ cat build/acs-metadata.json\n{\n  "tenant": "{tenant}",\n  "client_id": "{client}",\n  "secret": "{v}",\n'
        '  "endpoint": "https://weu.codesigning.azure.net/",\n  "account": "halyard-signing",\n'
        '  "profile": "halyard-public-trust"\n}',
        azure_client_secret,
        client=uuid,
        tenant=uuid,
    ),
    # ---- secrets: DigiCert KeyLocker
    S(
        SG,
        "digicert_x_api_key",
        '$ curl -H "x-api-key:{v}" -o Keylockertools-windows-x64.msi --continue-at -'
        " https://one.digicert.com/signingmanager/api-ui/v1/releases/Keylockertools-windows-x64.msi/download",
        digicert_api_key,
    ),
    S(
        SG,
        "digicert_client_cert_password",
        'PS> $env:SM_HOST = "https://clientauth.one.digicert.com"\n'
        'PS> $env:SM_CLIENT_CERT_FILE = "C:\\certs\\Certificate_pkcs12.p12"\n'
        'PS> $env:SM_CLIENT_CERT_PASSWORD = "{v}"\nPS> smctl healthcheck',
        b62(12),
    ),
    # ---- secrets: SignPath
    S(
        SG,
        "signpath_bearer",
        '$ curl -H "Authorization: Bearer {v}" -F "ProjectSlug=halyard-desktop" -F "SigningPolicySlug=release-signing"'
        ' -F "Artifact=@dist/halyard-win-x64.zip" https://app.signpath.io/API/v1/{org}/SigningRequests',
        b64(44),
        org=uuid,
    ),
    S(
        SG,
        "signpath_powershell",
        "PS> Submit-SigningRequest -InputArtifactPath .\\dist\\halyard-win-x64.zip -ApiToken '{v}'"
        " -OrganizationId '{org}' -ProjectSlug 'halyard-desktop' -SigningPolicySlug 'release-signing'"
        " -WaitForCompletion -OutputArtifactPath .\\dist\\halyard-win-x64-signed.zip",
        b64(44),
        org=uuid,
    ),
    # ---- secrets: Apple notarization
    S(
        SG,
        "notarytool_password",
        "$ xcrun notarytool submit dist/Halyard-2.3.1-arm64.dmg --apple-id release@halyard.app --team-id {team}"
        " --password {v} --wait",
        app_specific,
        team=upper_alnum(10),
    ),
    S(
        SG,
        "keychain_add_password",
        '$ security add-generic-password -a "release@halyard.app" -w "{v}" -s "AC_PASSWORD" -T /usr/bin/xcrun',
        app_specific,
    ),
    S(
        SG,
        "rcodesign_api_key_json",
        '$ cat ~/.config/rcodesign/asc-key.json\n{"issuer_id": "{iss}", "key_id": "{kid}", "private_key":'
        ' "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n"}',
        p8_json_body,
        iss=uuid,
        kid=upper_alnum(10),
    ),
    # ---- secrets: Java / Maven / GnuPG / Gradle
    S(
        SG,
        "maven_jarsigner_pom",
        "        <configuration>\n          <keystore>${project.basedir}/signing/halyard.jks</keystore>\n"
        "          <alias>halyard</alias>\n          <storepass>{v}</storepass>\n"
        "          <keypass>{v}</keypass>\n        </configuration>",
        password(16),
    ),
    S(
        SG,
        "mvn_gpg_passphrase",
        "$ mvn -B -P release deploy -DskipTests -Dgpg.passphrase='{v}'",
        password(24),
    ),
    S(
        SG,
        "gpg_loopback_passphrase",
        '$ gpg --batch --yes --pinentry-mode loopback --passphrase "{v}" --local-user release@halyard.app'
        " --armor --detach-sign dist/halyard-2.3.1-linux-x64.tar.gz",
        diceware,
    ),
    S(
        SG,
        "gradle_signing_password",
        "$ cat ~/.gradle/gradle.properties\nsigning.keyId={kid}\nsigning.password={v}\n"
        "signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg",
        password(20),
        kid=hexu(8),
    ),
    S(
        SG,
        "gradle_inmemory_key",
        "# ~/.gradle/gradle.properties on the release runner\nsigningInMemoryKey={v}",
        pgp_inmemory_key,
    ),
    # ---- secrets: cosign
    S(
        SG,
        "cosign_password",
        "$ COSIGN_PASSWORD='{v}' cosign sign --yes --key cosign.key ghcr.io/halyard/agent@sha256:{digest}",
        password(20),
        digest=hexl(64),
    ),
    S(
        SG,
        "cosign_key_file",
        "$ cat cosign.key\n-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\n{v}\n-----END ENCRYPTED SIGSTORE PRIVATE KEY-----",
        cosign_encrypted_key,
    ),
    # ---- secrets: Tauri updater
    S(SG, "tauri_private_key", 'export TAURI_SIGNING_PRIVATE_KEY="{v}"', tauri_private_key),
    S(
        SG,
        "tauri_key_password",
        "$ TAURI_SIGNING_PRIVATE_KEY_PASSWORD={v} pnpm tauri build --bundles nsis",
        b62(20),
    ),
    # ---- secrets: Android apksigner
    S(
        SG,
        "apksigner_ks_pass",
        "$ apksigner sign --ks release.jks --ks-key-alias halyard --ks-pass pass:{v} --key-pass pass:{v}"
        " --out app-release.apk app-release-aligned.apk",
        b62(16),
    ),
    # ---- look-alikes: certificate thumbprints, aliases, hashes
    L(
        SG,
        "signtool_sha1_thumbprint",
        "> signtool sign /sha1 {v} /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 dist\\HalyardSetup.exe",
        hexu(40),
    ),
    L(
        SG,
        "digicert_cert_sha1",
        "      - name: Sign installer\n        env:\n          SM_HOST: https://clientauth.one.digicert.com\n"
        "          SM_API_KEY: ${{ secrets.SM_API_KEY }}\n          SM_CODE_SIGNING_CERT_SHA1_HASH: {v}\n"
        "        run: smctl sign --fingerprint $env:SM_CODE_SIGNING_CERT_SHA1_HASH --input dist\\HalyardSetup.exe",
        hexl(40),
    ),
    L(
        SG,
        "digicert_keypair_alias",
        "> smctl sign --keypair-alias {v} --certificate C:\\certs\\halyard-ev.pem --input dist\\Halyard.msi",
        join("key_", digits(9)),
    ),
    L(
        SG,
        "ci_masked",
        "  env:\n    SM_HOST: https://clientauth.one.digicert.com\n    SM_CLIENT_CERT_FILE: D:\\Certificate_pkcs12.p12\n"
        "    SM_CLIENT_CERT_PASSWORD: {v}",
        const("***"),
    ),
    L(
        SG,
        "electron_identity_hash",
        "  • signing         file=dist/mac-arm64/Halyard.app identityName=Developer ID Application: Halyard Labs B.V."
        " ({team}) identityHash={v} provisioningProfile=none",
        hexu(40),
        team=upper_alnum(10),
    ),
    L(
        SG,
        "apksigner_cert_digest",
        "$ apksigner verify --print-certs app-release.apk\nSigner #1 certificate DN: CN=Halyard Labs, O=Halyard, C=NL\n"
        "Signer #1 certificate SHA-256 digest: {v}",
        hexl(64),
    ),
    L(
        SG,
        "gpg_fingerprint",
        "$ gpg --list-secret-keys release@halyard.app\nsec   rsa4096 2024-03-11 [SC] [expires: 2027-03-11]\n"
        "      {v}\nuid           [ultimate] Halyard Release Signing <release@halyard.app>",
        hexu(40),
    ),
    L(
        SG,
        "gradle_key_id",
        'export ORG_GRADLE_PROJECT_signingInMemoryKey="$SIGNING_KEY"\n'
        "export ORG_GRADLE_PROJECT_signingInMemoryKeyId={v}\n"
        'export ORG_GRADLE_PROJECT_signingInMemoryKeyPassword="$SIGNING_PASSWORD"',
        hexu(8),
    ),
    # ---- look-alikes: Azure ids and references
    L(
        SG,
        "azure_client_id",
        "      - name: Trusted Signing\n        env:\n          AZURE_TENANT_ID: {tenant}\n"
        "          AZURE_CLIENT_ID: {v}\n          AZURE_CLIENT_SECRET: ${{ secrets.AZURE_CLIENT_SECRET }}",
        uuid,
        tenant=uuid,
    ),
    L(
        SG,
        "azuresigntool_env_ref",
        "> AzureSignTool sign -kvu https://halyard-signing.vault.azure.net -kvi {client} -kvt {tenant}"
        ' -kvs "{v}" -kvc halyard-ev-2025 -tr http://timestamp.digicert.com -td sha256 dist\\HalyardSetup.exe',
        const("$env:AZURE_KV_CLIENT_SECRET"),
        client=uuid,
        tenant=uuid,
    ),
    L(
        SG,
        "trusted_signing_correlation_id",
        '{\n  "Endpoint": "https://weu.codesigning.azure.net",\n  "CodeSigningAccountName": "halyard-signing",\n'
        '  "CertificateProfileName": "halyard-public-trust",\n  "CorrelationId": "{v}"\n}',
        uuid,
    ),
    # ---- look-alikes: SignPath
    L(
        SG,
        "signpath_org_id",
        "      - uses: signpath/github-action-submit-signing-request@v1\n        with:\n"
        "          api-token: '${{ secrets.SIGNPATH_API_TOKEN }}'\n          organization-id: '{v}'\n"
        "          project-slug: 'halyard-desktop'\n          signing-policy-slug: 'release-signing'",
        uuid,
    ),
    # ---- look-alikes: Apple
    L(
        SG,
        "notary_submission_id",
        "Conducting pre-submission checks for Halyard-2.3.1-arm64.dmg and initiating connection to the Apple notary"
        " service...\nSubmission ID received\n  id: {v}\nSuccessfully uploaded file\nWaiting for processing to complete.",
        uuid,
    ),
    L(
        SG,
        "notary_team_id",
        '$ xcrun notarytool store-credentials "halyard-notary" --apple-id "release@halyard.app" --team-id {v}\n'
        "Password for release@halyard.app:",
        upper_alnum(10),
    ),
    L(
        SG,
        "asc_key_id",
        "$ xcrun notarytool submit dist/Halyard.zip --key ~/private_keys/AuthKey_{kid}.p8 --key-id {v}"
        " --issuer {iss} --wait",
        upper_alnum(10),
        kid=upper_alnum(10),
        iss=uuid,
    ),
    L(
        SG,
        "app_specific_placeholder",
        "# .env.example\nAPPLE_ID=release@halyard.app\nAPPLE_APP_SPECIFIC_PASSWORD={v}   # generate at appleid.apple.com",
        const("xxxx-xxxx-xxxx-xxxx"),
    ),
    L(
        SG,
        "altool_keychain_ref",
        "$ xcrun altool --notarize-app -f Halyard.zip --primary-bundle-id app.halyard.desktop"
        ' -u release@halyard.app -p "{v}"',
        const("@keychain:AC_PASSWORD"),
    ),
    # ---- look-alikes: cosign
    L(
        SG,
        "cosign_public_key",
        "$ cat cosign.pub\n-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        cosign_public_key,
    ),
    L(
        SG,
        "cosign_signature_tag",
        "Pushing signature to: ghcr.io/halyard/agent:sha256-{v}.sig",
        hexl(64),
    ),
    L(
        SG,
        "cosign_kms_ref",
        "$ cosign sign --yes --key {v} ghcr.io/halyard/agent@sha256:{digest}",
        const("awskms:///alias/halyard-release-signing"),
        digest=hexl(64),
    ),
    # ---- look-alikes: Tauri
    L(
        SG,
        "tauri_pubkey",
        '  "plugins": {\n    "updater": {\n      "pubkey": "{v}",\n'
        '      "endpoints": ["https://releases.halyard.app/{{target}}/{{arch}}/{{current_version}}"]\n    }\n  }',
        tauri_public_key,
    ),
    L(
        SG,
        "tauri_latest_signature",
        '    "windows-x86_64": {\n      "signature": "{v}",\n'
        '      "url": "https://releases.halyard.app/2.3.1/Halyard_2.3.1_x64-setup.exe"\n    }',
        tauri_signature,
    ),
    L(
        SG,
        "tauri_key_path",
        'export TAURI_SIGNING_PRIVATE_KEY={v}\nexport TAURI_SIGNING_PRIVATE_KEY_PASSWORD="$(cat /run/secrets/tauri_pw)"',
        const("/home/runner/.tauri/halyard.key"),
    ),
    # ---- look-alikes: placeholders and references
    L(
        SG,
        "maven_settings_env_ref",
        "    <server>\n      <id>gpg.passphrase</id>\n      <passphrase>{v}</passphrase>\n    </server>",
        const("${env.MAVEN_GPG_PASSPHRASE}"),
    ),
    L(
        SG,
        "pfx_placeholder",
        "SignTool sign /f MyCert.pfx /p {v} MyControl.exe",
        const("<pfx-password>"),
    ),
]
