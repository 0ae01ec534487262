"""A two-hundred-and-eighteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of mobile CI/CD and app-distribution services: Bitrise (personal
access tokens in the `Authorization` header of api.bitrise.io, `bitwat_` workspace API tokens, the
`:codepush`/`:io` CLI plugins' `--token`/`-t`, the 22-character build trigger token in the
`hook_info` JSON of `app.bitrise.io/app/<slug>/build/start.json`, 16-hex app slugs, `[REDACTED]` in
build logs), Codemagic (the `x-auth-token` header, a Dart client's `authKey`, 24-hex app ids,
`Encrypted(Z0FBQUFBQ…)` values that the docs say may be committed, the CLI tools'
`keychain add-certificates --certificate-password`), Expo EAS (`EXPO_TOKEN`, the GitHub action's
`token:` input, `extra.eas.projectId` UUIDs, `EXPO_PUBLIC_` variables holding public SDK keys),
Visual Studio App Center (40-hex API tokens under `--token` and `X-API-Token`, an
`appcenter_upload(api_token: ENV[...])` reference, token ids in `appcenter tokens list`), Firebase App
Distribution (`firebase login:ci` refresh tokens under `firebase_cli_token:`, service-account JSON,
`1:…:ios:…` app ids), Google Play (`ya29.` bearer tokens for the Android Publisher API,
`supply(json_key_data:)`, numeric `client_id`s and hex key ids in `gcloud … keys list`), App Store
Connect and TestFlight (the `.p8` body inside fastlane's `api_key_path` JSON, ES256 JWTs signed with
it, `AuthKey_<KEYID>.p8` names, numeric Apple ids, public `testflight.apple.com/join/` codes),
fastlane (`FASTLANE_SESSION` cookies printed by `spaceauth`, match's `keychain_password` and GitLab
secure-files `private_token`), Appcircle (`appcircle login personal-access-key --secret`, the
`personalAccessKey` form field and the JWT it returns, profile ids), Runway (`X-API-Key` for
api.runway.team), Diawi (the `diawi upload <token> <file>` positional, `-F token=` uploads, public
install hashes) and Emerge Tools (`EMERGE_API_TOKEN`, the README's `COPIED_FROM_EMERGETOOLS_PROFILE`
placeholder, commit `sha`s). Where a vendor documents no length or alphabet (Codemagic, Runway, Diawi,
Emerge, Appcircle keys), the value is a plausible random token of the stated kind.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
23 of 25 secrets caught, 0 of 24 look-alikes altered (missed: fastlane's `FASTLANE_SESSION` cookie
YAML with a `value:` inside an export, a Diawi token as `diawi upload`'s first argument).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    join,
    password,
    pick,
    upper_alnum,
    uuid,
)

MCI = "mobileci"

P8_HEAD = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
RSA_HEAD = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQD"


def _b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def p8_json_body(rng: random.Random) -> str:
    """An EC P-256 PKCS#8 body as it sits in a JSON string: three lines joined by a literal \\n."""
    return "\\n".join([P8_HEAD + b64(16)(rng), b64(64)(rng), b64(56)(rng)])


def rsa_json_body(rng: random.Random) -> str:
    """An RSA-2048 PKCS#8 body inside a service-account JSON, lines joined by a literal \\n."""
    lines = [RSA_HEAD + b64(13)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(24)(rng) + "="]
    return "\\n".join(lines)


def asc_jwt(rng: random.Random) -> str:
    """An App Store Connect API token: ES256 header with the key id, issuer UUID, 64-byte signature."""
    t = 1718000000 + rng.randrange(20_000_000)
    head = _b64url_json({"alg": "ES256", "kid": upper_alnum(10)(rng), "typ": "JWT"})
    body = _b64url_json({"iss": uuid(rng), "iat": t, "exp": t + 1200, "aud": "appstoreconnect-v1"})
    return f"{head}.{body}.{b64url(86)(rng)}"


def appcircle_jwt(rng: random.Random) -> str:
    """An RS256 access token as returned by an OAuth token endpoint."""
    t = 1718000000 + rng.randrange(20_000_000)
    head = _b64url_json({"alg": "RS256", "typ": "JWT", "kid": b64url(43)(rng)})
    body = _b64url_json({"exp": t + 3600, "iat": t, "jti": uuid(rng), "sub": uuid(rng), "typ": "Bearer"})
    return f"{head}.{body}.{b64url(342)(rng)}"


def codemagic_encrypted(rng: random.Random) -> str:
    """Codemagic's `Encrypted(...)`: a Fernet token, base64-encoded once more (ciphertext, safe to commit)."""
    fernet = "gAAAAAB" + b64url(128)(rng) + "="
    return "Encrypted(" + base64.b64encode(fernet.encode()).decode() + ")"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 25, 0, 24, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: Bitrise
    S(
        MCI,
        "bitrise_pat_header",
        "$ curl -s -X POST 'https://api.bitrise.io/v0.1/apps/{slug}/builds' \\\n"
        "    -H 'Authorization: {v}' -H 'accept: application/json' \\\n"
        '    -d \'{"hook_info":{"type":"bitrise"},"build_params":{"branch":"release/4.12","workflow_id":"deploy"}}\'',
        b64url(86),
        slug=hexl(16),
    ),
    S(
        MCI,
        "bitrise_workspace_token",
        "$ bitrise :codepush auth login -t {v}\nToken stored in ~/.config/codepush/config.json (0600)",
        join("bitwat_", b64url(64)),
    ),
    S(
        MCI,
        "bitrise_io_plugin",
        "$ bitrise :io auth --token {v} && bitrise :io builds --app {slug} --limit=5",
        b64url(86),
        slug=hexl(16),
    ),
    S(
        MCI,
        "bitrise_build_trigger",
        "curl https://app.bitrise.io/app/{slug}/build/start.json -L --data "
        '\'{"hook_info":{"type":"bitrise","build_trigger_token":"{v}"},'
        '"build_params":{"branch":"main","workflow_id":"nightly"},"triggered_by":"curl"}\'',
        b64url(22),
        slug=hexl(16),
    ),
    # ---- secrets: Codemagic
    S(
        MCI,
        "codemagic_auth_header",
        '$ curl -H "Content-Type: application/json" -H "x-auth-token: {v}" \\\n'
        '    --data \'{"appId": "{app}", "workflowId": "ios-release", "branch": "main"}\' \\\n'
        "    -X POST https://api.codemagic.io/builds",
        b64url(43),
        app=hexl(24),
    ),
    S(
        MCI,
        "codemagic_dart_client",
        "final client = CodemagicClient(\n  authKey: '{v}',\n  apiUrl: 'https://api.codemagic.io',\n);",
        b64url(43),
    ),
    S(
        MCI,
        "codemagic_certificate_password",
        "$ keychain initialize\n$ keychain add-certificates --certificate /tmp/certs/dist.p12 --certificate-password '{v}'",
        password(16),
    ),
    # ---- secrets: Expo EAS
    S(
        MCI,
        "expo_action_token",
        "      - uses: expo/expo-github-action@v8\n        with:\n          eas-version: latest\n"
        "          token: {v}\n      - run: eas build --platform ios --non-interactive --no-wait",
        b64url(40),
    ),
    # ---- secrets: App Center
    S(
        MCI,
        "appcenter_cli_token",
        "$ appcenter distribute release --app lumen-harbor/Tally-iOS --file build/Tally.ipa"
        ' --group "Collaborators" --token {v}',
        hexl(40),
    ),
    S(
        MCI,
        "appcenter_api_header",
        "$ curl -sS -H 'Accept: application/json' -H 'X-API-Token: {v}' "
        "https://api.appcenter.ms/v0.1/apps/lumen-harbor/Tally-Android/releases/latest",
        hexl(40),
    ),
    # ---- secrets: Firebase App Distribution and Google Play
    S(
        MCI,
        "firebase_cli_token_fastlane",
        '    firebase_app_distribution(\n      app: "1:{proj}:ios:{appid}",\n      groups: "qa-internal",\n'
        '      firebase_cli_token: "{v}"\n    )',
        join("1//0", pick("0123456789", 1), b64url(98)),
        proj=digits(12),
        appid=hexl(22),
    ),
    S(
        MCI,
        "firebase_sa_private_key",
        "$ cat ~/.config/tally/firebase-appdist-sa.json | head -6\n{\n"
        '  "type": "service_account",\n  "project_id": "tally-prod-51c7e",\n'
        '  "private_key_id": "{kid}",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n",',
        rsa_json_body,
        kid=hexl(40),
    ),
    S(
        MCI,
        "play_bearer",
        "$ curl -s -X POST -H 'Authorization: Bearer {v}' -H 'Content-Length: 0' \\\n"
        "    https://androidpublisher.googleapis.com/androidpublisher/v3/applications/io.lumenharbor.tally/edits",
        join("ya29.a0", b64url(176)),
    ),
    S(
        MCI,
        "supply_json_key_data",
        "    upload_to_play_store(\n      track: 'internal',\n"
        '      json_key_data: \'{"type":"service_account","project_id":"api-6183920447-512b3",'
        '"private_key":"-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----\\n",'
        '"client_email":"play-upload@api-6183920447-512b3.iam.gserviceaccount.com"}\'\n    )',
        rsa_json_body,
    ),
    # ---- secrets: App Store Connect, TestFlight, fastlane
    S(
        MCI,
        "asc_api_key_json",
        "$ cat fastlane/asc_api_key.json\n{\n"
        '  "key_id": "{kid}",\n  "issuer_id": "{iss}",\n'
        '  "key": "-----BEGIN PRIVATE KEY-----\\n{v}\\n-----END PRIVATE KEY-----",\n'
        '  "duration": 1200,\n  "in_house": false\n}',
        p8_json_body,
        kid=upper_alnum(10),
        iss=uuid,
    ),
    S(
        MCI,
        "asc_jwt_bearer",
        "$ curl -s -H \"Authorization: Bearer {v}\" 'https://api.appstoreconnect.apple.com/v1/builds?limit=5'",
        asc_jwt,
    ),
    S(
        MCI,
        "fastlane_session",
        "Pass the following via the FASTLANE_SESSION environment variable:\n"
        "export FASTLANE_SESSION='---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: {v}\\n"
        '  domain: apple.com\\n  for_domain: true\\n  path: "/"\\n  secure: true\\n  httponly: true\\n\'',
        join("DAWTKNV2", hexl(288)),
    ),
    S(
        MCI,
        "match_keychain_password",
        "$ bundle exec fastlane match development --readonly --keychain_name ci.keychain --keychain_password {v}",
        password(14),
    ),
    S(
        MCI,
        "match_gitlab_private_token",
        '    match(type: "appstore", storage_mode: "gitlab_secure_files",\n'
        '          gitlab_project: "lumen-harbor/tally-ios", private_token: "{v}")',
        join("glpat-", b64url(20)),
    ),
    # ---- secrets: Appcircle, Runway, Diawi, Emerge
    S(
        MCI,
        "appcircle_login",
        '$ appcircle login personal-access-key --secret "{v}"',
        b64(42, "=="),
    ),
    S(
        MCI,
        "appcircle_token_response",
        '$ curl -s -X POST "https://auth.appcircle.io/auth/v3/token" -d "personalAccessKey=$AC_ACCESS_KEY"\n'
        '{"access_token":"{v}","expires_in":3600,"token_type":"Bearer"}',
        appcircle_jwt,
    ),
    S(
        MCI,
        "runway_api_key",
        "$ curl -s https://api.runway.team/v1/apps -H 'X-API-Key: {v}' | jq '.[].name'",
        b62(48),
    ),
    S(
        MCI,
        "diawi_positional",
        '$ diawi upload "{v}" build/Tally-adhoc.ipa\nhttps://i.diawi.com/{hash}',
        b62(32),
        hash=b62(6),
    ),
    S(
        MCI,
        "diawi_curl_form",
        "$ curl https://upload.diawi.com/ -F token='{v}' -F file=@app/build/outputs/apk/qa/app-qa.apk"
        " -F wall_of_apps=0 -F callback_emails='qa@lumenharbor.io'",
        b62(32),
    ),
    S(
        MCI,
        "emerge_env_assign",
        "# fastlane/Fastfile\nENV['EMERGE_API_TOKEN'] = '{v}'\n\nplatform :ios do\n  lane :app_size do\n"
        "    emerge(tag: 'pr_build')\n  end\nend",
        b62(32),
    ),
    # ---- look-alikes: public ids
    L(
        MCI,
        "bitrise_app_slug",
        "Build #412 failed: https://app.bitrise.io/app/{v}/pipelines/{pipe}",
        hexl(16),
        pipe=uuid,
    ),
    L(
        MCI,
        "bitrise_build_slug",
        '{"status":"ok","message":"webhook processed","slug":"{app}","service":"bitrise",'
        '"build_slug":"{v}","build_number":412,"build_url":"https://app.bitrise.io/build/{v}"}',
        uuid,
        app=hexl(16),
    ),
    L(
        MCI,
        "codemagic_app_id",
        '  "application": {\n    "_id": "{v}",\n    "appName": "tally-mobile",\n    "workflowIds": ["{wf}"],',
        hexl(24),
        wf=hexl(24),
    ),
    L(
        MCI,
        "codemagic_encrypted",
        '    environment:\n      vars:\n        XCODE_SCHEME: "Tally"\n        CM_CERTIFICATE_PASSWORD: {v}',
        codemagic_encrypted,
        note="ciphertext that the Codemagic docs say is safe to commit",
    ),
    L(
        MCI,
        "expo_project_id",
        '    "extra": {\n      "eas": {\n        "projectId": "{v}"\n      }\n    },\n'
        '    "updates": {\n      "url": "https://u.expo.dev/{v}"\n    },',
        uuid,
    ),
    L(
        MCI,
        "expo_public_sdk_key",
        "EXPO_PUBLIC_API_URL=https://api.lumenharbor.io\nEXPO_PUBLIC_REVENUECAT_IOS_KEY={v}",
        join("appl_", b62(27)),
        note="RevenueCat public SDK key, meant to ship in the client",
    ),
    L(
        MCI,
        "appcenter_token_id",
        "$ appcenter tokens list\nID                                    Description      Created at\n"
        "------------------------------------  ---------------  ------------------------\n"
        "{v}  ci-upload        2024-03-18T09:12:44.000Z",
        uuid,
    ),
    L(
        MCI,
        "firebase_ios_app_id",
        "\t<key>GOOGLE_APP_ID</key>\n\t<string>{v}</string>\n\t<key>BUNDLE_ID</key>\n\t<string>io.lumenharbor.tally</string>",
        join("1:", digits(12), ":ios:", hexl(22)),
    ),
    L(
        MCI,
        "sa_client_id",
        '  "client_email": "play-upload@api-6183920447-512b3.iam.gserviceaccount.com",\n  "client_id": "{v}",\n'
        '  "auth_uri": "https://accounts.google.com/o/oauth2/auth",',
        digits(21),
    ),
    L(
        MCI,
        "sa_private_key_id",
        "$ gcloud iam service-accounts keys list --iam-account play-upload@api-6183920447-512b3.iam.gserviceaccount.com\n"
        "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n"
        "{v}  2024-02-07T10:31:55Z  9999-12-31T23:59:59Z",
        hexl(40),
    ),
    L(
        MCI,
        "asc_key_file_name",
        "$ ls ~/.appstoreconnect/private_keys/\nAuthKey_{v}.p8",
        upper_alnum(10),
    ),
    L(
        MCI,
        "apple_app_id",
        '    upload_to_testflight(\n      apple_id: "{v}",\n      skip_waiting_for_build_processing: true,\n'
        '      api_key_path: "fastlane/asc_api_key.json"\n    )',
        join("1", digits(9)),
    ),
    L(
        MCI,
        "testflight_public_link",
        "Beta 4.12 (2871) is live for external testers: https://testflight.apple.com/join/{v}",
        b62(8),
    ),
    L(
        MCI,
        "diawi_install_hash",
        '$ curl -s "https://upload.diawi.com/status?token=$DIAWI_TOKEN&job=$JOB"\n'
        '{"status":2000,"message":"Ok","hash":"{v}","link":"https://i.diawi.com/{v}"}',
        b62(6),
    ),
    L(
        MCI,
        "appcircle_profile_id",
        "$ appcircle build start --profileId {v} --branch develop --workflow 'Default Push Workflow'",
        uuid,
    ),
    L(
        MCI,
        "emerge_commit_sha",
        '    emerge(\n      file_path: "build/Tally.xcarchive.zip",\n      sha: "{v}",\n      base_sha: "{base}",\n'
        '      repo_name: "lumen-harbor/tally-ios"\n    )',
        hexl(40),
        base=hexl(40),
    ),
    # ---- look-alikes: placeholders, references, masks
    L(
        MCI,
        "emerge_placeholder",
        "# Your EMERGE_API_TOKEN is available on your Emerge profile page\nENV['EMERGE_API_TOKEN'] = '{v}'",
        const("COPIED_FROM_EMERGETOOLS_PROFILE"),
    ),
    L(
        MCI,
        "bitrise_doc_placeholder",
        "curl -X 'GET' 'https://api.bitrise.io/v0.1/apps' -H 'Authorization: {v}' -H 'accept: application/json'",
        const("<ACCESS-TOKEN>"),
    ),
    L(
        MCI,
        "runway_placeholder",
        "export RUNWAY_API_KEY={v}   # Organization settings → API keys",
        const("your-runway-api-key"),
    ),
    L(
        MCI,
        "expo_token_x_placeholder",
        "# .env.ci.example\nEXPO_TOKEN={v}",
        const("x" * 40),
    ),
    L(
        MCI,
        "codemagic_env_ref",
        'curl -H "x-auth-token: {v}" https://api.codemagic.io/apps',
        const("$CM_API_TOKEN"),
    ),
    L(
        MCI,
        "gha_secret_ref",
        "        with:\n          appId: ${{ secrets.FIREBASE_APP_ID }}\n          serviceCredentialsFileContent: {v}\n"
        "          groups: testers",
        const("${{ secrets.CREDENTIAL_FILE_CONTENT }}"),
    ),
    L(
        MCI,
        "fastfile_env_ref",
        '    appcenter_upload(api_token: {v}, owner_name: "lumen-harbor", app_name: "Tally-iOS")',
        const('ENV["APPCENTER_API_TOKEN"]'),
    ),
    L(
        MCI,
        "bitrise_redacted_log",
        "+ curl -s -H 'X-API-Key: {v}' https://api.runway.team/v1/apps\n+ envman add --key RUNWAY_RELEASE --value 4.12.0",
        const("[REDACTED]"),
    ),
]
