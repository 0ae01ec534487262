"""A hundred-and-eighty-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of image and video editing and rendering APIs: remove.bg (a
24-character key in the `X-Api-Key` header, `REMOVE_BG_API_KEY`, the `removebg --api-key` CLI,
`o.remove.bg/downloads/<uuid>` result URLs), Shotstack (a random 40-character key per environment,
`x-api-key` against `api.shotstack.io/stage` or `/v1`, the SDK's `DeveloperKey`, render ids and
the owner id in the output bucket URL), Kraken.io (the `auth: {api_key, api_secret}` pair, the
Python `Client(key, secret)`, `kraked_url` download paths), TinyPNG / Tinify (a 32-character key
as the password of `api:` basic auth, `tinify.key`, `TINIFY_KEY`, `.tinypng.keys` files, output
URLs), Mux (token id and secret as `-u id:secret`, the Node client, signing keys whose
`private_key` is a base64-encoded RSA PEM returned once, signing key ids, stream keys in the RTMPS
URL, playback ids, webhook `Mux-Signature` headers), Photoroom (`x-api-key`, `sandbox_` keys),
Clipdrop (`x-api-key`), Creatomate (`Authorization: Bearer`, template ids), Bannerbear
(`bb_pr_` project and `bb_ma_` master keys, template uids), Placid (bearer tokens, template
uuids), JSON2Video (`x-api-key`, `setAPIKey`) and api.video (API key as basic-auth user, the
`/auth/api-key` exchange and its JWT access token, `vi…` video ids, `to…` delegated upload
tokens), in commands, config files, code and tool output, with the public ids, placeholders,
references and masks the same documentation shows beside them.

The search budget was spent after five look-ups (remove.bg, Shotstack, Kraken.io, TinyPNG, Mux);
the shapes for Photoroom, Clipdrop, Creatomate, Bannerbear, Placid, JSON2Video and api.video are
written from memory of their public documentation, not re-read for this set.

First score, blind, before any rule changed for it (after the rules for 180 to 184):
24 of 26 secrets caught, 2 of 24 look-alikes altered (missed: a TinyPNG key alone in
`~/.tinypng.keys` printed by `cat`, a Bannerbear key (`bb_pr_<hex>`) as a client's only argument;
altered: a Mux signing key's id under `MUX_SIGNING_KEY`, api.video's delegated `upload-token` in a
page; search budget spent after five look-ups, seven vendors from memory).
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
    lower_alnum,
    uuid,
)

ME = "mediaedit"

RSA_HEAD = "MIIEpAIBAAKCAQEA"


def mux_private_key(rng: random.Random) -> str:
    """A Mux signing key's `private_key`: a whole RSA-2048 PEM, base64-encoded once more."""
    lines = [RSA_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(24)] + [b64(36)(rng) + "=="]
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END RSA PRIVATE KEY-----\n"
    return base64.b64encode(pem.encode()).decode()


def basic_auth(user: str, token):
    return lambda rng: base64.b64encode(f"{user}:{token(rng)}".encode()).decode()


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def apivideo_jwt(rng: random.Random) -> str:
    """An RS256 access token as `/auth/api-key` returns it."""
    head = _b64url_json({"typ": "JWT", "alg": "RS256"})
    iat = 1718000000 + rng.randrange(9000000)
    body = _b64url_json(
        {
            "aud": "library:" + b62(22)(rng),
            "jti": "rt_" + b62(22)(rng),
            "iat": iat,
            "nbf": iat,
            "exp": iat + 3600,
            "project_id": "pr" + b62(22)(rng),
            "context_mode": "full",
        }
    )
    return f"{head}.{body}.{b64url(342)(rng)}"


removebg_key = b62(24)
shotstack_key = b62(40)
kraken_key = hexl(32)
kraken_secret = hexl(40)
tinify_key = b62(32)
mux_secret = b64(75)
apivideo_key = b62(43)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 24, "the rules for 180 to 184")

TEMPLATES = [
    # ---- secrets: remove.bg
    S(
        ME,
        "removebg_curl_header",
        "$ curl -H 'X-Api-Key: {v}' -F 'image_file=@assets/products/sku-{sku}.jpg' -F 'size=auto'"
        " -f https://api.remove.bg/v1.0/removebg -o out/sku-{sku}-nobg.png",
        removebg_key,
        sku=digits(5),
    ),
    S(
        ME,
        "removebg_python_headers",
        "    response = requests.post(\n        'https://api.remove.bg/v1.0/removebg',\n"
        "        files={'image_file': open(path, 'rb')},\n        data={'size': 'auto', 'type': 'product'},\n"
        "        headers={'X-Api-Key': '{v}'},\n    )",
        removebg_key,
    ),
    S(
        ME,
        "removebg_cli_flag",
        "$ removebg --api-key {v} --size hd --format png --output-directory ./cutouts ./shoot/*.jpg",
        removebg_key,
    ),
    # ---- secrets: Shotstack
    S(
        ME,
        "shotstack_env_stage",
        "$ cat .env\nSHOTSTACK_HOST=https://api.shotstack.io/stage\nSHOTSTACK_API_KEY={v}\n"
        "SHOTSTACK_WEBHOOK=https://hooks.reelcraft.dev/shotstack",
        shotstack_key,
    ),
    S(
        ME,
        "shotstack_curl_header",
        '$ curl -s -X POST -H "Content-Type: application/json" -H "x-api-key: {v}"'
        " -d @timelines/promo-30s.json https://api.shotstack.io/v1/render | jq .response.id",
        shotstack_key,
    ),
    S(
        ME,
        "shotstack_sdk_developer_key",
        'configuration = shotstack.Configuration(host="https://api.shotstack.io/v1")\n'
        "configuration.api_key['DeveloperKey'] = \"{v}\"\n"
        "with core.ApiClient(configuration) as api_client:",
        shotstack_key,
    ),
    # ---- secrets: Kraken.io
    S(
        ME,
        "kraken_auth_json",
        '{\n    "auth": {\n        "api_key": "{key}",\n        "api_secret": "{v}"\n    },\n'
        '    "url": "https://cdn.reelcraft.dev/hero/banner-2400.jpg",\n    "wait": true,\n    "lossy": true\n}',
        kraken_secret,
        key=kraken_key,
    ),
    S(
        ME,
        "kraken_python_client",
        ">>> from krakenio import Client\n>>> api = Client('{key}', '{v}')\n"
        ">>> data = api.upload('thumbs/ep-12.png', {'wait': True, 'lossy': True})",
        kraken_secret,
        key=kraken_key,
    ),
    # ---- secrets: TinyPNG / Tinify
    S(
        ME,
        "tinify_curl_user",
        "$ curl --user api:{v} --data-binary @static/img/og-card.png -i https://api.tinify.com/shrink",
        tinify_key,
    ),
    S(
        ME,
        "tinify_basic_header",
        "POST /shrink HTTP/1.1\nHost: api.tinify.com\nAuthorization: Basic {v}\nContent-Type: image/png",
        basic_auth("api", tinify_key),
    ),
    S(
        ME,
        "tinify_python_key",
        'import tinify\ntinify.key = "{v}"\ntinify.from_file("logo.png").to_file("logo.min.png")',
        tinify_key,
    ),
    S(ME, "tinypng_keys_file", "$ cat ~/.tinypng.keys\n{v}", tinify_key),
    # ---- secrets: Mux
    S(
        ME,
        "mux_curl_basic",
        "$ curl https://api.mux.com/video/v1/assets -X POST -H 'Content-Type: application/json'"
        ' -u {tid}:{v} -d \'{"input": [{"url": "https://cdn.reelcraft.dev/raw/keynote.mov"}],'
        ' "playback_policy": ["signed"]}\'',
        mux_secret,
        tid=uuid,
    ),
    S(
        ME,
        "mux_node_client",
        "const mux = new Mux({\n  tokenId: process.env.MUX_TOKEN_ID,\n  tokenSecret: '{v}',\n});",
        mux_secret,
    ),
    S(
        ME,
        "mux_signing_key_created",
        '{"data":{"private_key":"{v}","id":"{kid}","created_at":"17{ts}"}}',
        mux_private_key,
        kid=b62(36),
        ts=digits(8),
    ),
    S(
        ME,
        "mux_stream_key_rtmps",
        "$ ffmpeg -re -i talks/opening.mp4 -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -ar 44100"
        " -f flv rtmps://global-live.mux.com:443/app/{v}",
        uuid,
    ),
    # ---- secrets: Photoroom, Clipdrop, Creatomate, Bannerbear, Placid, JSON2Video, api.video
    S(
        ME,
        "photoroom_header",
        "$ curl --request POST --url https://sdk.photoroom.com/v1/segment --header 'Accept: image/png'"
        " --header 'x-api-key: {v}' --form image_file=@catalog/mug.jpg --output mug-cutout.png",
        hexl(40),
    ),
    S(ME, "photoroom_sandbox_env", "export PHOTOROOM_API_KEY={v}", join("sandbox_", hexl(40))),
    S(
        ME,
        "clipdrop_fetch",
        "const res = await fetch('https://clipdrop-api.co/remove-background/v1', {\n  method: 'POST',\n"
        "  headers: { 'x-api-key': '{v}' },\n  body: form,\n});",
        hexl(96),
    ),
    S(
        ME,
        "creatomate_bearer",
        "$ curl -s -X POST https://api.creatomate.com/v1/renders -H 'Authorization: Bearer {v}'"
        ' -H \'Content-Type: application/json\' -d \'{"template_id": "{tid}", "modifications": {"Title": "Spring sale"}}\'',
        hexl(96),
        tid=uuid,
    ),
    S(
        ME,
        "bannerbear_node_client",
        "const { Bannerbear } = require('bannerbear');\nconst bb = new Bannerbear('{v}');",
        join("bb_pr_", hexl(30)),
    ),
    S(
        ME,
        "bannerbear_master_yaml",
        "bannerbear:\n  base_url: https://api.bannerbear.com/v2\n  master_key: {v}\n  project_id: {pid}",
        join("bb_ma_", hexl(30)),
        pid=b62(18),
    ),
    S(
        ME,
        "placid_bearer_python",
        'resp = httpx.post(\n    "https://api.placid.app/api/rest/{template}",\n'
        '    headers={"Authorization": "Bearer {v}"},\n    json={"layers": {"title": {"text": headline}}},\n)',
        join("placid-", lower_alnum(16), "-", lower_alnum(16)),
        template=lower_alnum(9),
    ),
    S(
        ME,
        "json2video_set_api_key",
        "const movie = new Movie();\nmovie.setAPIKey(\"{v}\");\nmovie.set('resolution', 'full-hd');",
        b62(40),
    ),
    S(
        ME,
        "apivideo_basic_user",
        "$ curl -s -u {v}: 'https://ws.api.video/videos?currentPage=1&pageSize=25' | jq '.data[].videoId'",
        apivideo_key,
    ),
    S(
        ME,
        "apivideo_access_token",
        "$ curl -s -X POST https://sandbox.api.video/auth/api-key -H 'Content-Type: application/json' -d @apikey.json\n"
        '{"access_token":"{v}","refresh_token":"{rt}","token_type":"Bearer","expires_in":3600}',
        apivideo_jwt,
        rt=join("def50200", hexl(120)),
    ),
    # ---- look-alikes: placeholders from the docs
    L(
        ME,
        "removebg_placeholder",
        "    headers={'X-Api-Key': '{v}'},  # from https://www.remove.bg/dashboard#api-key",
        const("INSERT_YOUR_API_KEY_HERE"),
    ),
    L(
        ME,
        "kraken_placeholder",
        "api = Client('your-api-key', '{v}')",
        const("your-api-secret"),
    ),
    L(
        ME,
        "photoroom_placeholder",
        "  --header 'x-api-key: {v}' \\\n  --form image_file=@/path/to/image.jpg",
        const("<PHOTOROOM_API_KEY>"),
    ),
    L(
        ME,
        "mux_env_example",
        "# .env.example\nMUX_TOKEN_ID=<mux_token_id>\nMUX_TOKEN_SECRET={v}",
        const("<mux_token_secret>"),
    ),
    # ---- look-alikes: references to a secret store or the environment
    L(
        ME,
        "removebg_env_ref",
        '$ curl -s -H "X-Api-Key: {v}" https://api.remove.bg/v1.0/account | jq .data.attributes.credits',
        const("$REMOVE_BG_API_KEY"),
    ),
    L(
        ME,
        "shotstack_gha_ref",
        "      - name: Render preview\n        env:\n          SHOTSTACK_API_KEY: {v}\n"
        "          SHOTSTACK_HOST: https://api.shotstack.io/stage",
        const("${{ secrets.SHOTSTACK_STAGE_KEY }}"),
    ),
    L(
        ME,
        "tinify_env_ref",
        '$ curl --user "api:{v}" --data-binary @public/hero.jpg --dump-header /dev/stdout https://api.tinify.com/shrink',
        const("$TINIFY_KEY"),
    ),
    L(
        ME,
        "clipdrop_process_env",
        "  headers: { 'x-api-key': {v} },",
        const("process.env.CLIPDROP_API_KEY"),
    ),
    # ---- look-alikes: masked values
    L(
        ME,
        "tinify_masked",
        "Tinify: using key {v} (compressions this month: 412 of 500)",
        join("****************************", b62(4)),
    ),
    L(
        ME,
        "bannerbear_masked",
        "| Project      | API key                                  |\n| reelcraft-og | {v} |",
        join("bb_pr_", "************************", hexl(6)),
    ),
    # ---- look-alikes: public resource ids in responses and URLs
    L(
        ME,
        "removebg_download_uuid",
        '    "url": "https://o.remove.bg/downloads/{v}/sku-{sku}-removebg-preview.png",',
        uuid,
        sku=digits(5),
    ),
    L(
        ME,
        "shotstack_render_id",
        '{"success":true,"message":"Created","response":{"message":"Render Successfully Queued","id":"{v}"}}',
        uuid,
    ),
    L(
        ME,
        "shotstack_owner_id",
        '    "url": "https://shotstack-api-stage-output.s3-ap-southeast-2.amazonaws.com/{v}/{rid}.mp4",',
        lower_alnum(10),
        rid=uuid,
    ),
    L(
        ME,
        "kraken_kraked_url",
        '    "kraked_url": "https://dl.kraken.io/api/{a}/{b}/{v}/banner-2400.jpg",\n    "saved_bytes": 184211',
        hexl(28),
        a=hexl(2),
        b=hexl(2),
    ),
    L(
        ME,
        "tinify_output_location",
        "HTTP/2 201\ncompression-count: 38\nlocation: https://api.tinify.com/output/{v}\ncontent-type: application/json",
        lower_alnum(32),
    ),
    L(
        ME,
        "mux_playback_url",
        '<mux-player playback-id="{v}" metadata-video-title="Keynote 2024"></mux-player>',
        b62(44),
    ),
    L(
        ME,
        "mux_signing_key_id",
        "        env:\n          MUX_SIGNING_KEY: {v}\n          MUX_PRIVATE_KEY: ${{ secrets.MUX_PRIVATE_KEY }}",
        b62(36),
    ),
    L(
        ME,
        "mux_webhook_signature",
        "mux-signature: t={ts},v1={v}",
        hexl(64),
        ts=join("17", digits(8)),
    ),
    L(
        ME,
        "creatomate_template_id",
        "  const render = await client.render({ templateId: '{v}', modifications: { Title: 'Spring sale' } });",
        uuid,
    ),
    L(
        ME,
        "bannerbear_template_uid",
        '{"template": "{v}", "modifications": [{"name": "headline", "text": "Now shipping"}], "webhook_url": null}',
        b62(18),
    ),
    L(
        ME,
        "apivideo_video_id",
        '    "videoId": "{v}",\n    "assets": {"player": "https://embed.api.video/vod/{v}"},',
        join("vi", b62(22)),
    ),
    L(
        ME,
        "apivideo_upload_token",
        '<api-video-upload-button upload-token="{v}"></api-video-upload-button>',
        join("to", b62(22)),
        note="a delegated upload token, meant to ship in the page",
    ),
    # ---- look-alikes: hashes and non-secret values under secret-sounding names
    L(
        ME,
        "render_checksum",
        "$ sha256sum renders/promo-30s-final.mp4\n{v}  renders/promo-30s-final.mp4",
        hexl(64),
    ),
    L(
        ME,
        "secret_names",
        "$ gh secret list --env production\nSHOTSTACK_API_KEY\tUpdated 2024-09-02\n{v}\tUpdated 2024-09-02",
        const("MUX_TOKEN_SECRET"),
    ),
]
