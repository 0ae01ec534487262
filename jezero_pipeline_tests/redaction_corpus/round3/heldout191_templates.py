"""A hundred-and-ninety-first held-out set, written blind (its author never saw the redactor), scored once.

Shapes from AR/VR and 3D content platforms: Cesium ion access tokens (HS256 JWTs whose payload is
`{"jti": <uuid>, "id": <n>, "iat": <t>}`) in CesiumJS `Cesium.Ion.defaultAccessToken`, a Cesium for
Unreal `DefaultEngine.ini` and a Bearer call to `api.cesium.com`, beside public ion asset ids;
Sketchfab Data API v3 tokens (32 hex, `Authorization: Token …`) and OAuth client secrets, beside
model uids of the same 32-hex shape; Matterport Model API token id/secret pairs (basic auth on
`api.matterport.com/api/models/graph`) beside the Showcase SDK `applicationKey` and model sids that
are meant to sit in public embeds; Vuforia license keys (long base64 starting `A`, in FTC's
`vuforiaLicenseKey` and a Unity asset) and VWS server/client access and secret keys (40 hex, in
vws-python, vws-cli flags and a CloudRecoBehaviour dump), beside target ids and FTC's own
placeholder; Meta Quest (Oculus) app secrets (32 hex) for `ovr-platform-util` and `OC|app_id|secret`
app access tokens, beside 16-digit app ids and build ids; Unity Gaming Services service accounts
(`ugs login --service-key-id … --secret-key-stdin`, `UGS_CLI_SERVICE_SECRET_KEY`, Basic auth of
`key_id:secret`), Unity Cloud Build API keys and Unity serials (`-serial` in batch mode), beside
project/key ids and GitHub secret references; Luma AI API keys (`luma-…`, `LumaAI(auth_token=…)`
and Bearer) beside generation ids; ARCore Cloud Anchors API keys (`AIza…`) in an Android manifest;
a Niantic Lightship settings asset; and public 8th Wall `appKey` script tags, Spline scene URLs and
Polycam capture links as look-alikes.

The search tool's budget was already spent when this set was written, so no documentation was
read for it: every shape above is written from the author's memory of the vendors' docs. The
Lightship key's and the 8th Wall app key's exact lengths, the Matterport token id/secret lengths,
the Unity service-account secret length and the Luma key's body after `luma-` are assumptions.

First score, blind, before any rule changed for it (after the rules for 185 to 189):
25 of 25 secrets caught, 3 of 25 look-alikes altered (altered: Matterport's and 8th Wall's browser
keys in a page's URL (`applicationKey=`, `appKey=`), an access token of env references
(`OC|$APP_ID|$APP_SECRET`); written from memory).
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
    groups,
    hexl,
    join,
    lower_alnum,
    upper_alnum,
    uuid,
)

XR = "xr3d"

JWT_HS256_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def _b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def cesium_ion_token(rng: random.Random) -> str:
    """An ion access token: HS256 JWT with a `jti`/`id`/`iat` payload and a 43-character signature."""
    payload = {"jti": uuid(rng), "id": rng.randrange(10000, 400000), "iat": rng.randrange(1600000000, 1730000000)}
    body = _b64url_nopad(json.dumps(payload, separators=(",", ":")).encode())
    return f"{JWT_HS256_HEAD}.{body}.{b64url(43)(rng)}"


def basic_pair(user, secret):
    return lambda rng: base64.b64encode(f"{user(rng)}:{secret(rng)}".encode()).decode()


def meta_app_token(rng: random.Random) -> str:
    return f"OC|{digits(16)(rng)}|{hexl(32)(rng)}"


vuforia_license = join("A", b64(379))
vws_key = hexl(40)
unity_serial = join(upper_alnum(2), "-", groups(upper_alnum(4), 5))
luma_key = join("luma-", uuid, "-", uuid)
google_api_key = join("AIza", b64url(35))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 3, 25, "the rules for 185 to 189")

TEMPLATES = [
    # ---- secrets: Cesium ion
    S(
        XR,
        "cesium_default_token_js",
        "// src/viewer.js\nimport * as Cesium from 'cesium';\n\nCesium.Ion.defaultAccessToken =\n  '{v}';\n"
        "const viewer = new Cesium.Viewer('cesiumContainer', { terrain: Cesium.Terrain.fromWorldTerrain() });",
        cesium_ion_token,
    ),
    S(
        XR,
        "cesium_unreal_ini",
        "$ cat Config/DefaultEngine.ini | tail -4\n[/Script/CesiumRuntime.CesiumRuntimeSettings]\n"
        "DefaultIonAccessTokenId=\nDefaultIonAccessToken={v}\n",
        cesium_ion_token,
    ),
    S(
        XR,
        "cesium_rest_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" "https://api.cesium.com/v1/assets?sortBy=DATE_ADDED&limit=5" | jq ".items[].name"',
        cesium_ion_token,
    ),
    # ---- secrets: Sketchfab
    S(
        XR,
        "sketchfab_token_header",
        '$ curl -s -H "Authorization: Token {v}" https://api.sketchfab.com/v3/me | jq .username\n"atrium-scans"',
        hexl(32),
    ),
    S(
        XR,
        "sketchfab_upload_script",
        'SKETCHFAB_API_URL = "https://api.sketchfab.com/v3"\n'
        'headers = {"Authorization": "Token {v}"}\n'
        'r = requests.post(f"{SKETCHFAB_API_URL}/models", files={"modelFile": open("atrium.glb", "rb")},'
        ' data={"name": "Atrium LOD0", "isPublished": False}, headers=headers)',
        hexl(32),
    ),
    S(
        XR,
        "sketchfab_oauth_secret",
        "$ curl -X POST https://sketchfab.com/oauth2/token/ -d grant_type=authorization_code -d code={code}"
        " -d client_id={cid} -d client_secret={v} -d redirect_uri=http://localhost:8765/callback",
        b62(128),
        code=b62(30),
        cid=b62(40),
    ),
    # ---- secrets: Matterport
    S(
        XR,
        "matterport_basic_auth",
        "$ curl -s -u {tid}:{v} -H 'Content-Type: application/json' https://api.matterport.com/api/models/graph"
        ' -d \'{"query": "{ model(id: \\"{sid}\\") { name created } }"}\'',
        lower_alnum(32),
        tid=lower_alnum(16),
        sid=b62(11),
    ),
    S(
        XR,
        "matterport_env_file",
        "$ cat .env.local\nNEXT_PUBLIC_MATTERPORT_SDK_KEY={sdk}\nMATTERPORT_TOKEN_ID={tid}\nMATTERPORT_TOKEN_SECRET={v}\n",
        lower_alnum(32),
        sdk=lower_alnum(25),
        tid=lower_alnum(16),
    ),
    # ---- secrets: Vuforia
    S(
        XR,
        "vuforia_ftc_license",
        "        VuforiaLocalizer.Parameters parameters = new VuforiaLocalizer.Parameters(cameraMonitorViewId);\n"
        '        parameters.vuforiaLicenseKey = "{v}";\n'
        "        parameters.cameraDirection = VuforiaLocalizer.CameraDirection.BACK;",
        vuforia_license,
    ),
    S(
        XR,
        "vuforia_unity_asset",
        "$ grep -A2 vuforia Assets/Resources/VuforiaConfiguration.asset\n  vuforia:\n"
        "    vuforiaLicenseKey: {v}\n    delayedInitialization: 0",
        vuforia_license,
    ),
    S(
        XR,
        "vws_python_client",
        "from vws import VWS\n\nvws_client = VWS(\n    server_access_key='{ak}',\n    server_secret_key='{v}',\n)\n"
        "target_id = vws_client.add_target(name='lobby-poster', width=0.6, image=image_file,"
        " active_flag=True, application_metadata=None)",
        vws_key,
        ak=vws_key,
    ),
    S(
        XR,
        "vws_cli_flags",
        "$ vws add-target --server-access-key {ak} --server-secret-key {v} --target-name lobby-poster"
        " --width 0.6 --image ./markers/lobby.jpg",
        vws_key,
        ak=vws_key,
    ),
    S(
        XR,
        "vuforia_cloudreco_yaml",
        "--- !u!114 &1843920031\nMonoBehaviour:\n  m_Script: {fileID: 11500000, guid: {guid}, type: 3}\n"
        "  AccessKey: {ak}\n  SecretKey: {v}\n  ScanlineColor: {r: 1, g: 1, b: 1, a: 1}",
        vws_key,
        ak=vws_key,
        guid=hexl(32),
    ),
    # ---- secrets: Meta Quest
    S(
        XR,
        "meta_app_secret_flag",
        "$ ovr-platform-util upload-quest-build --app-id {aid} --app-secret {v} --apk Builds/Atrium.apk"
        ' --channel ALPHA --notes "nightly 512"',
        hexl(32),
        aid=digits(16),
    ),
    S(
        XR,
        "meta_app_access_token",
        '$ curl -s -X POST "https://graph.oculus.com/user_nonce_validate?access_token={v}&nonce={nonce}&user_id={uid}"\n'
        '{"is_valid":true}',
        meta_app_token,
        nonce=b62(24),
        uid=digits(16),
    ),
    S(
        XR,
        "meta_secret_in_server_code",
        'OCULUS_APP_ID = "{aid}"\nOCULUS_APP_SECRET = "{v}"\n\n'
        'def app_token() -> str:\n    return f"OC|{OCULUS_APP_ID}|{OCULUS_APP_SECRET}"',
        hexl(32),
        aid=digits(16),
    ),
    # ---- secrets: Unity
    S(
        XR,
        "ugs_secret_env",
        "export UGS_CLI_SERVICE_KEY_ID={kid}\nexport UGS_CLI_SERVICE_SECRET_KEY={v}\nugs deploy ./remote-config -e production",
        b62(32),
        kid=uuid,
    ),
    S(
        XR,
        "ugs_login_stdin",
        "$ echo '{v}' | ugs login --service-key-id {kid} --secret-key-stdin\nService Account key stored securely.",
        b62(32),
        kid=uuid,
    ),
    S(
        XR,
        "unity_services_basic",
        "Authorization: Basic {v}",
        basic_pair(uuid, b62(32)),
        note="Basic auth of a Unity service account key_id:secret, as the admin APIs take it",
    ),
    S(
        XR,
        "unity_cloud_build_key",
        '$ curl -s -H "Content-Type: application/json" -H "Authorization: Basic {v}"'
        " https://build-api.cloud.unity3d.com/api/v1/orgs/atrium-xr/projects/{pid}/buildtargets",
        hexl(32),
        pid=uuid,
    ),
    S(
        XR,
        "unity_serial_flag",
        "$ /opt/unity/Editor/Unity -batchmode -nographics -quit -serial {v} -username ci@atrium-xr.dev"
        ' -password "$UNITY_PASSWORD" -logFile -',
        unity_serial,
    ),
    # ---- secrets: Luma AI, ARCore, Lightship
    S(
        XR,
        "luma_sdk_client",
        'from lumaai import LumaAI\n\nclient = LumaAI(auth_token="{v}")\n'
        'generation = client.generations.create(prompt="a brass astrolabe on a walnut desk, turntable")',
        luma_key,
    ),
    S(
        XR,
        "luma_bearer",
        "$ curl -s --request POST --url https://api.lumalabs.ai/dream-machine/v1/generations"
        " --header 'accept: application/json' --header 'authorization: Bearer {v}'"
        ' --data \'{"prompt": "drone orbit of a lighthouse at dusk"}\'',
        luma_key,
    ),
    S(
        XR,
        "arcore_manifest_key",
        '    <meta-data\n        android:name="com.google.android.ar.API_KEY"\n        android:value="{v}"/>',
        google_api_key,
    ),
    S(
        XR,
        "lightship_settings_asset",
        "$ cat Assets/XR/Settings/LightshipSettings.asset | grep -i key\n  _apiKey: {v}",
        b62(96),
        note="key length assumed",
    ),
    # ---- look-alikes: public ids shown beside the keys
    L(
        XR,
        "cesium_asset_id",
        "const tileset = await Cesium.Cesium3DTileset.fromIonAssetId({v});\nviewer.scene.primitives.add(tileset);",
        digits(7),
    ),
    L(
        XR,
        "sketchfab_model_uid",
        '<iframe title="Atrium LOD0" frameborder="0" allowfullscreen allow="autoplay; fullscreen; xr-spatial-tracking"'
        ' src="https://sketchfab.com/models/{v}/embed?autostart=1&ui_theme=dark"></iframe>',
        hexl(32),
    ),
    L(
        XR,
        "sketchfab_client_id",
        "SKETCHFAB_OAUTH_CLIENT_ID={v}  # public; the secret lives in Vault at kv/xr/sketchfab",
        b62(40),
    ),
    L(
        XR,
        "matterport_model_sid",
        '<iframe width="853" height="480" src="https://my.matterport.com/show/?m={v}&play=1&qs=1" allow="xr-spatial-tracking"></iframe>',
        b62(11),
    ),
    L(
        XR,
        "matterport_sdk_key",
        "const showcase = document.getElementById('showcase');\n"
        "showcase.src = 'https://my.matterport.com/show?m=' + modelSid + '&play=1&applicationKey={v}';",
        lower_alnum(25),
        note="the Showcase SDK key is domain-restricted and meant for the page",
    ),
    L(
        XR,
        "vuforia_target_id",
        '{"result_code": "TargetCreated", "target_id": "{v}", "transaction_id": "{tx}"}',
        hexl(32),
        tx=hexl(32),
    ),
    L(
        XR,
        "meta_app_id",
        "$ grep -A1 ovrMobileAppID Assets/Resources/OculusPlatformSettings.asset\n  ovrMobileAppID: {v}\n  ovrGearAppID: ",
        digits(16),
    ),
    L(XR, "meta_build_id", "Uploading build... 100%\nBuild successfully uploaded. Build ID: {v}", digits(16)),
    L(XR, "ugs_project_id", "UGS_CLI_PROJECT_ID={v}\nUGS_CLI_ENVIRONMENT_NAME=production", uuid),
    L(
        XR,
        "ugs_key_id",
        "$ ugs login --service-key-id {v} --secret-key-stdin < /run/secrets/ugs_secret_key",
        uuid,
    ),
    L(
        XR,
        "luma_generation_id",
        '{"id": "{v}", "state": "queued", "failure_reason": null, "created_at": "2024-11-02T09:14:55.120Z"}',
        uuid,
    ),
    L(
        XR,
        "eighthwall_app_key",
        '<script async src="//apps.8thwall.com/xrweb?appKey={v}"></script>',
        b62(64),
        note="8th Wall app keys are shipped in the page and restricted by domain; length assumed",
    ),
    L(
        XR,
        "spline_scene_url",
        '<spline-viewer url="https://prod.spline.design/{v}/scene.splinecode"></spline-viewer>',
        b64url(16),
    ),
    L(XR, "polycam_capture", "Shared capture: https://poly.cam/capture/{v} (LiDAR, 412 photos)", uuid),
    # ---- look-alikes: hashes and package pins
    L(
        XR,
        "cesium_unity_git_pin",
        '    "com.cesium.unity": "https://github.com/CesiumGS/cesium-unity.git#{v}",',
        hexl(40),
    ),
    L(XR, "glb_checksum", "$ sha256sum exports/atrium_lod0.glb\n{v}  exports/atrium_lod0.glb", hexl(64)),
    # ---- look-alikes: placeholders, references and masks
    L(
        XR,
        "vuforia_ftc_placeholder",
        '        parameters.vuforiaLicenseKey = "{v}";',
        const(" -- YOUR NEW VUFORIA KEY GOES HERE  --- "),
    ),
    L(XR, "cesium_placeholder", "Cesium.Ion.defaultAccessToken = '{v}';", const("your_access_token")),
    L(
        XR,
        "cesium_env_ref",
        "Cesium.Ion.defaultAccessToken = {v};",
        const("import.meta.env.VITE_CESIUM_ION_TOKEN"),
    ),
    L(
        XR,
        "sketchfab_env_ref",
        '$ curl -s -H "Authorization: Token {v}" https://api.sketchfab.com/v3/me/models?count=24',
        const("${SKETCHFAB_API_TOKEN}"),
    ),
    L(
        XR,
        "meta_token_env_ref",
        '$ curl -s "https://graph.oculus.com/$APP_ID/leaderboards?access_token={v}"',
        const("OC|$APP_ID|$APP_SECRET"),
    ),
    L(
        XR,
        "gha_unity_secret_ref",
        "        env:\n          UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n          UNITY_SERIAL: {v}",
        const("${{ secrets.UNITY_SERIAL }}"),
    ),
    L(
        XR,
        "luma_env_ref",
        "client = LumaAI(auth_token={v})",
        const('os.environ.get("LUMAAI_API_KEY")'),
    ),
    L(
        XR,
        "arcore_manifest_placeholder",
        '    <meta-data android:name="com.google.android.ar.API_KEY" android:value="{v}"/>',
        const("${arcoreApiKey}"),
    ),
    L(
        XR,
        "masked_secret",
        "Service account: ci-deployer\n  Key ID:     {kid}\n  Secret key: {v}",
        join("****************************", b62(4)),
        kid=uuid,
    ),
]
