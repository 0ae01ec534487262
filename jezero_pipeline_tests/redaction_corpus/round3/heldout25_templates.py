"""A twenty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of mobile and app-store tooling: Android Gradle signing configs,
`keytool`/`jarsigner` and `gradle.properties` (Android developer docs, React Native's "Publishing
to Google Play" guide), `google-services.json` and `GoogleService-Info.plist` (Firebase), the
Firebase CLI and App Distribution, Apple's `security`, `xcrun altool` and `.p8` App Store Connect
API keys, fastlane (match, Appfile, Fastfile, app_store_connect_api_key, import_certificate,
app-specific passwords), Expo EAS (EXPO_TOKEN, credentials.json), CodePush deployment keys, Play
Console service accounts, and CI setups (GitHub Actions, Azure Pipelines, Bitrise, Codemagic),
in commands, config files and tool output, with the public ids the same documentation shows
beside them.

First score, blind, before any rule changed for it (after the rules for 18 to 23):
21 of 24 secrets caught, 0 of 21 look-alikes altered (Gradle's `storePassword 'x'`, a property list's `<key>…Key</key><string>`, a
`.p12` in base64 under `envman add --key … --value`).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    groups,
    hexl,
    hexu,
    interleaved,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

MB = "mobile"

P8_HEAD = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
RSA_HEAD = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC"


def p8_body(sep: str):
    """The three base64 lines of an EC P-256 PKCS#8 `.p8` key (184 characters)."""
    return join(P8_HEAD, b64(16), sep, b64(64), sep, b64(56))


def p8_pem_base64(rng: random.Random) -> str:
    pem = "-----BEGIN PRIVATE KEY-----\n" + p8_body("\n")(rng) + "\n-----END PRIVATE KEY-----\n"
    return base64.b64encode(pem.encode()).decode()


def rsa_body_json(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body as it sits in a service-account JSON, lines joined by a literal \\n."""
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(23)(rng) + "="]
    return "\\n".join(lines)


def basic_auth(user: str, token):
    return lambda rng: base64.b64encode(f"{user}:{token(rng)}".encode()).decode()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


app_specific = groups(pick(string.ascii_lowercase, 4), 4)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (21, 24, 0, 21, "the rules for 18 to 23")

TEMPLATES = [
    # ---- secrets: passwords under vendor flags and in signing configs
    S(
        MB,
        "keytool_storepass",
        "$ keytool -genkeypair -v -storetype PKCS12 -keystore android/app/upload-keystore.jks -alias upload"
        " -keyalg RSA -keysize 2048 -validity 10000 -storepass {v} -keypass {v}"
        ' -dname "CN=Brightkite Labs, O=Brightkite, C=NL"',
        password(18),
    ),
    S(
        MB,
        "jarsigner_storepass",
        "$ jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore ~/keys/courier-release.jks"
        " -storepass {v} app/build/outputs/apk/release/app-release-unsigned.apk courier",
        b62(16),
    ),
    S(
        MB,
        "gradle_signing",
        "    signingConfigs {\n        release {\n            storeFile file('../keystores/release.keystore')\n"
        "            storePassword '{v}'\n            keyAlias 'release'\n            keyPassword '{v}'\n        }\n    }",
        password(14),
    ),
    S(
        MB,
        "gradle_kts_signing",
        '        create("release") {\n            storeFile = file("upload.jks")\n            keyAlias = "upload"\n'
        '            keyPassword = "{v}"\n        }',
        b62(20),
    ),
    S(
        MB,
        "gradle_properties",
        "MYAPP_UPLOAD_STORE_FILE=my-upload-key.keystore\nMYAPP_UPLOAD_KEY_ALIAS=my-key-alias\n"
        "MYAPP_UPLOAD_STORE_PASSWORD={v}\nMYAPP_UPLOAD_KEY_PASSWORD={v}",
        password(16),
    ),
    S(
        MB,
        "eas_credentials_json",
        '    "keystore": {\n      "keystorePath": "android/keystores/release.keystore",\n'
        '      "keystorePassword": "{v}",\n      "keyAlias": "{alias}",',
        b62(24),
        alias=hexl(32),
    ),
    S(
        MB,
        "security_import_p12",
        "$ security import ./certs/distribution.p12 -k ~/Library/Keychains/build.keychain-db -P {v}"
        " -T /usr/bin/codesign -T /usr/bin/security",
        password(12),
    ),
    S(
        MB,
        "openssl_passin",
        "$ openssl pkcs12 -in apns-prod.p12 -out apns-prod.pem -nodes -clcerts -passin pass:{v}",
        b62(12),
    ),
    S(
        MB,
        "keychain_password",
        '      - name: Create keychain\n        run: |\n          security create-keychain -p "{v}" build.keychain\n'
        "          security default-keychain -s build.keychain",
        b62(24),
    ),
    S(
        MB,
        "fastlane_import_certificate",
        '    import_certificate(certificate_path: "certs/dist.p12", certificate_password: "{v}", keychain_name: "ci")',
        password(15),
    ),
    S(
        MB,
        "match_password",
        "$ MATCH_PASSWORD={v} bundle exec fastlane match appstore --readonly --app_identifier io.brightkite.courier",
        password(20),
    ),
    S(MB, "fastlane_password", "export FASTLANE_PASSWORD='{v}'", password(17)),
    S(MB, "app_specific_password", "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD={v}", app_specific),
    S(
        MB,
        "altool_password",
        '$ xcrun altool --upload-app -f build/Courier.ipa -t ios -u release@brightkite.dev --password "{v}"',
        app_specific,
    ),
    # ---- secrets: tokens and keys
    S(
        MB,
        "expo_token",
        "$ EXPO_TOKEN={v} npx eas-cli build --platform all --profile production --non-interactive",
        b64url(40),
    ),
    S(
        MB,
        "codepush_key",
        "\t<key>CodePushDeploymentKey</key>\n\t<string>{v}</string>",
        b64url(37),
    ),
    S(
        MB,
        "firebase_ci_token",
        "✔  Success! Use this token to login on a CI server:\n\n{v}\n\n"
        'Example: firebase deploy --token "$FIREBASE_TOKEN"',
        join("1//0", b64url(99)),
    ),
    S(
        MB,
        "firebase_appdist_token",
        "$ firebase appdistribution:distribute app-release.apk --app 1:{proj}:android:{appid}"
        ' --groups qa --token "{v}"',
        join("1//0", b64url(99)),
        proj=digits(12),
        appid=hexl(16),
    ),
    S(
        MB,
        "asc_p8",
        "$ cat ~/.appstoreconnect/private_keys/AuthKey_{kid}.p8\n-----BEGIN PRIVATE KEY-----\n{v}\n-----END PRIVATE KEY-----",
        p8_body("\n"),
        kid=upper_alnum(10),
    ),
    S(
        MB,
        "asc_key_content_b64",
        '  api_key = app_store_connect_api_key(\n    key_id: "{kid}",\n    issuer_id: "{iss}",\n'
        '    key_content: "{v}",\n    is_key_content_base64: true\n  )',
        p8_pem_base64,
        kid=upper_alnum(10),
        iss=uuid,
    ),
    S(
        MB,
        "play_service_account",
        '  "private_key_id": "{kid}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n",\n'
        '  "client_email": "play-publisher@courier-android-4471.iam.gserviceaccount.com",',
        rsa_body_json,
        kid=hexl(40),
    ),
    S(
        MB,
        "p12_base64_env",
        'envman add --key BUILD_CERTIFICATE_BASE64 --value "{v}"',
        join("MIIMaQIBAzCC", b64(2983), "="),
    ),
    # ---- secrets in URLs and basic-auth headers for match storage
    S(
        MB,
        "match_git_url",
        'git_url("https://x-access-token:{v}@github.com/brightkite/ios-certificates.git")',
        join("ghp_", b62(36)),
    ),
    S(
        MB,
        "match_basic_auth",
        "MATCH_GIT_BASIC_AUTHORIZATION={v}",
        basic_auth("brightkite-ci", join("ghp_", b62(36))),
    ),
    # ---- look-alikes: public identifiers
    L(
        MB,
        "asc_key_id",
        '  app_store_connect_api_key(key_id: "{v}", issuer_id: "{iss}", key_filepath: "./fastlane/AuthKey.p8")',
        upper_alnum(10),
        iss=uuid,
    ),
    L(MB, "asc_issuer_id", "export APP_STORE_CONNECT_API_KEY_ISSUER_ID={v}", uuid),
    L(
        MB,
        "team_id",
        'app_identifier("io.brightkite.courier")\napple_id("release@brightkite.dev")\nteam_id("{v}")\nitc_team_id("{itc}")',
        upper_alnum(10),
        itc=digits(9),
    ),
    L(
        MB,
        "mobilesdk_app_id",
        '      "client_info": {\n        "mobilesdk_app_id": "{v}",\n        "android_client_info": {\n'
        '          "package_name": "io.brightkite.courier"\n        }',
        join("1:", digits(12), ":android:", hexl(16)),
    ),
    L(
        MB,
        "project_number",
        '  "project_info": {\n    "project_number": "{v}",\n    "project_id": "courier-android-4471",',
        digits(12),
    ),
    L(
        MB,
        "cert_sha1",
        "Alias name: upload\nCreation date: Feb 11, 2024\nEntry type: PrivateKeyEntry\nCertificate fingerprints:\n\t SHA1: {v}",
        colon_hex(20),
    ),
    L(MB, "cert_sha256", "\t SHA256: {v}\nSignature algorithm name: SHA384withRSA", colon_hex(32)),
    L(
        MB,
        "profile_uuid",
        "[14:02:51]: Setting Provisioning Profile type to 'app-store'\n"
        "[14:02:51]: Setting environment variable 'sigh_io.brightkite.courier_appstore' to '{v}'",
        upper_uuid,
    ),
    L(MB, "version_code", '        versionCode {v}\n        versionName "3.18.2"', join("2024", digits(5))),
    # ---- look-alikes: hashes
    L(
        MB,
        "commit_sha",
        "[14:02:49]: Checking out branch main...\n$ git -C /var/folders/tmp/d2a8/certificates rev-parse HEAD\n{v}",
        hexl(40),
    ),
    L(
        MB,
        "checksum",
        "$ shasum -a 256 android/app/build/outputs/bundle/release/app-release.aab\n{v}  android/app/build/outputs/bundle/release/app-release.aab",
        hexl(64),
    ),
    # ---- look-alikes: references and masks
    L(
        MB,
        "gradle_getenv",
        '            storeFile file(System.getenv("KEYSTORE_PATH") ?: "release.jks")\n'
        '            storePassword {v}\n            keyPassword System.getenv("KEY_PASSWORD")',
        const('System.getenv("KEYSTORE_PASSWORD")'),
    ),
    L(
        MB,
        "gradle_find_property",
        "            storePassword = {v} as String?",
        const('project.findProperty("MYAPP_UPLOAD_STORE_PASSWORD")'),
    ),
    L(
        MB,
        "gha_secret_ref",
        "        env:\n          MATCH_PASSWORD: {v}\n          FASTLANE_PASSWORD: ${{ secrets.FASTLANE_PASSWORD }}",
        const("${{ secrets.MATCH_PASSWORD }}"),
    ),
    L(
        MB,
        "fastfile_env_ref",
        '    match(type: "appstore", readonly: is_ci, keychain_password: {v})',
        const('ENV["MATCH_KEYCHAIN_PASSWORD"]'),
    ),
    L(
        MB,
        "azure_macro_ref",
        "- task: InstallAppleCertificate@2\n  inputs:\n    certSecureFile: 'distribution.p12'\n    certPwd: {v}",
        const("$(P12_PASSWORD)"),
    ),
    L(
        MB,
        "fastlane_masked",
        "| app_identifier      | io.brightkite.courier         |\n| keychain_password   | {v}                      |\n"
        "| readonly            | true                          |",
        const("********"),
    ),
    L(
        MB,
        "placeholder",
        "            storePassword '{v}'   // fill in locally, never commit the real one",
        const("<store-password>"),
    ),
    L(
        MB,
        "placeholder",
        "# .env.example (copy to .env and replace)\nMATCH_PASSWORD={v}",
        interleaved(16),
    ),
    # ---- look-alikes: non-secret values under secret-sounding names
    L(
        MB,
        "signing_config_ref",
        "        release {\n            storeType 'pkcs12'\n            v2SigningEnabled true\n        }\n    }\n"
        "    buildTypes {\n        release {\n            signingConfig {v}\n            minifyEnabled true\n        }\n    }",
        const("signingConfigs.release"),
    ),
    L(
        MB,
        "secret_names",
        "$ gh secret list\n{v}\tUpdated 2024-05-12\nMATCH_KEYCHAIN_PASSWORD\tUpdated 2024-05-12",
        const("MATCH_PASSWORD"),
    ),
]
