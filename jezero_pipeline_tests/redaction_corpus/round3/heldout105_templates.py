"""A hundred-and-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of image and media CDNs and digital-asset management:
Cloudinary (`CLOUDINARY_URL=cloudinary://<API_KEY>:<API_SECRET>@<CLOUD_NAME>`, the `cld` CLI with
its `-c` flag and its masked `cld config` output, SDK `config()` calls, Admin API basic auth, the
15-digit API key and SHA-1 upload signatures), ImageKit (`private_`/`public_` keys of 28 base64
characters, basic auth with the private key as user name, client auth parameters),
Uploadcare (20-hex public and secret keys, `Uploadcare.Simple` and signed `Uploadcare` authorization
headers, Django `UPLOADCARE` settings, CDN file UUIDs), Filestack (public API key, app secret,
policy and HMAC-SHA256 signature, file handles), bunny.net (the `AccessKey` header for the account
API key, Edge Storage zone passwords and Stream library keys, the S3-compatible endpoint, the
uppercase SHA-256 `Checksum` header, TUS `AuthorizationSignature`, library ids and video GUIDs,
the Terraform provider), Sirv (`POST /v2/token` with clientId/clientSecret and its JWT answer),
Transloadit (32-hex Auth Key, 40-hex Auth Secret, `sha384:` signatures), Cloudflare
Images (API tokens, account ids, the `imagedelivery.net` account hash, image ids), Kraken.io
(`auth.api_key`/`auth.api_secret`), TinyPNG/Tinify (`api:KEY` basic auth, `tinify.key`, output
URLs) and imgix (secure URL tokens, `s=` MD5 signatures, management API keys). They sit
in commands, headers, URLs, config files, SDK code and API output, beside the public ids, hashes,
masked values, placeholders and secret-store references the same documentation shows. Four
shapes the documentation did not state (Filestack app secret, Sirv clientSecret, imgix management
API key, bunny.net account API key) are assumed and say so in their notes; the 8-4-4-12-4-4 shape
of bunny.net zone passwords and Stream keys comes from public code, the docs showing placeholders.

First score, blind, before any rule changed for it (after the rules for 100 to 104):
24 of 26 secrets caught, 6 of 25 look-alikes altered (missed: an ImageKit private key with its `=`
padding as curl's user, `Authorization: Uploadcare.Simple <public>:<secret>`; altered: a Cloudinary
form body from its 15-digit `api_key` on (and its request signature), ImageKit's client auth
parameters, an Uploadcare signed header, Filestack's public key in `filestack.init(…)`, a Filestack
CDN handle and its signature, Transloadit's public auth key).
"""

from __future__ import annotations

import base64
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
    hexu,
    join,
    lower_alnum,
    upper_alnum,
    uuid,
)

MC = "mediacdn"


def bunny_zone_key(rng: random.Random) -> str:
    """A storage-zone password or Stream library key: a UUID whose last groups are shuffled (8-4-4-12-4-4)."""
    return join(hexl(8), "-", hexl(4), "-", hexl(4), "-", hexl(12), "-", hexl(4), "-", hexl(4))(rng)


def bunny_account_key(rng: random.Random) -> str:
    """The account-wide API key: two shuffled UUIDs run together (72 characters)."""
    return join(
        hexl(8),
        "-",
        hexl(4),
        "-",
        hexl(4),
        "-",
        hexl(4),
        "-",
        hexl(20),
        "-",
        hexl(4),
        "-",
        hexl(4),
        "-",
        hexl(4),
        "-",
        hexl(12),
    )(rng)


def tinify_basic(rng: random.Random) -> str:
    """`Authorization: Basic` value for Tinify: base64 of `api:<32-character key>`."""
    return base64.b64encode(f"api:{b62(32)(rng)}".encode()).decode()


def masked_secret(rng: random.Random) -> str:
    return "*" * 15 + b62(4)(rng)


cloudinary_secret = b64url(27)
imagekit_private = join("private_", b64(27), "=")
imagekit_public = join("public_", b64(27), "=")
sirv_jwt = join("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ", b64url(181), ".", b64url(43))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 6, 25, "the rules for 100 to 104")

TEMPLATES: list = [
    # ---- secrets: Cloudinary
    S(
        MC,
        "cloudinary_url_export",
        "$ export CLOUDINARY_URL=cloudinary://{akey}:{v}@harbor-media\n$ cld config\ncloud_name:     harbor-media",
        cloudinary_secret,
        akey=digits(15),
    ),
    S(
        MC,
        "cloudinary_cli_config_flag",
        "$ cld -c cloudinary://{akey}:{v}@harbor-media-staging admin resources_by_tag hero max_results=50",
        cloudinary_secret,
        akey=digits(15),
    ),
    S(
        MC,
        "cloudinary_sdk_config",
        'cloudinary.config(\n    cloud_name="harbor-media",\n    api_key="{akey}",\n    api_secret="{v}",\n    secure=True,\n)',
        cloudinary_secret,
        akey=digits(15),
    ),
    S(
        MC,
        "cloudinary_admin_basic_auth",
        '$ curl -s -u "{akey}:{v}" "https://api.cloudinary.com/v1_1/harbor-media/resources/image?max_results=10" | jq \'.resources[].public_id\'',
        cloudinary_secret,
        akey=digits(15),
    ),
    # ---- secrets: ImageKit
    S(
        MC,
        "imagekit_env_file",
        "$ cat .env.local\nNEXT_PUBLIC_IMAGEKIT_URL_ENDPOINT=https://ik.imagekit.io/harbormedia\n"
        "NEXT_PUBLIC_IMAGEKIT_PUBLIC_KEY={pub}\nIMAGEKIT_PRIVATE_KEY={v}",
        imagekit_private,
        pub=imagekit_public,
    ),
    S(
        MC,
        "imagekit_basic_auth_user",
        "$ curl -s -u {v}: 'https://api.imagekit.io/v1/files?path=/products&limit=20'",
        imagekit_private,
    ),
    # ---- secrets: Uploadcare
    S(
        MC,
        "uploadcare_simple_auth",
        "$ curl -s https://api.uploadcare.com/files/?limit=5 \\\n  -H 'Accept: application/vnd.uploadcare-v0.7+json' \\\n"
        "  -H 'Authorization: Uploadcare.Simple {pub}:{v}'",
        hexl(20),
        pub=hexl(20),
    ),
    S(
        MC,
        "uploadcare_django_settings",
        'UPLOADCARE = {\n    "pub_key": "{pub}",\n    "secret": "{v}",\n    "cdn_base": "https://ucarecdn.com/",\n}',
        hexl(20),
        pub=hexl(20),
    ),
    # ---- secrets: Filestack
    S(
        MC,
        "filestack_security_python",
        "from filestack import Client, Security\n\npolicy = {'expiry': 1767225600, 'call': ['read', 'remove']}\n"
        "security = Security(policy, '{v}')\nclient = Client('{fkey}', security=security)",
        upper_alnum(26),
        note="Filestack app secret: uppercase base32-style, 26 characters (length assumed)",
        fkey=join("A", b62(21)),
    ),
    S(
        MC,
        "filestack_app_secret_export",
        "export FILESTACK_API_KEY={fkey}\nexport FILESTACK_APP_SECRET={v}",
        upper_alnum(26),
        fkey=join("A", b62(21)),
    ),
    # ---- secrets: bunny.net
    S(
        MC,
        "bunny_storage_accesskey",
        "$ curl -sS -X PUT 'https://ny.storage.bunnycdn.com/harbor-assets/banners/spring.webp' \\\n"
        "    -H 'AccessKey: {v}' -H 'Content-Type: application/octet-stream' --data-binary @dist/spring.webp",
        bunny_zone_key,
    ),
    S(
        MC,
        "bunny_stream_env",
        "BUNNY_STREAM_LIBRARY_ID={lib}\nBUNNY_STREAM_API_KEY={v}\nBUNNY_STREAM_CDN_HOST=vz-{host}.b-cdn.net",
        bunny_zone_key,
        lib=digits(6),
        host=join(hexl(8), "-", hexl(3)),
    ),
    S(
        MC,
        "bunny_s3_rclone",
        "[bunny-ny]\ntype = s3\nprovider = Other\naccess_key_id = harbor-assets\nsecret_access_key = {v}\n"
        "endpoint = https://ny-s3.storage.bunnycdn.com\nregion = ny",
        bunny_zone_key,
    ),
    S(
        MC,
        "bunny_terraform_provider",
        'provider "bunnynet" {\n  api_key = "{v}"\n}\n\nresource "bunnynet_pullzone" "assets" {\n  name = "harbor-assets"',
        bunny_account_key,
        note="bunny.net account API key: 72 characters (shape assumed; the docs show only a placeholder)",
    ),
    # ---- secrets: Sirv
    S(
        MC,
        "sirv_token_request",
        "$ curl -s -X POST https://api.sirv.com/v2/token -H 'content-type: application/json' \\\n"
        '    -d \'{"clientId":"{cid}","clientSecret":"{v}"}\'',
        b64(86, "=="),
        note="Sirv clientSecret: base64 (length assumed)",
        cid=b62(27),
    ),
    S(
        MC,
        "sirv_token_response",
        '{\n  "token": "{v}",\n  "expiresIn": 1200,\n  "scope": ["account:read", "files:read", "files:write"]\n}',
        sirv_jwt,
    ),
    # ---- secrets: Transloadit
    S(
        MC,
        "transloadit_env_run",
        "$ TRANSLOADIT_KEY={tkey} TRANSLOADIT_SECRET={v} node scripts/encode-trailers.js ./raw/trailer-04.mov",
        hexl(40),
        tkey=hexl(32),
    ),
    S(
        MC,
        "transloadit_python_client",
        "from transloadit import client\n\ntl = client.Transloadit('{tkey}', '{v}')\nassembly = tl.new_assembly({'template_id': 'thumbs-v3'})",
        hexl(40),
        tkey=hexl(32),
    ),
    # ---- secrets: Cloudflare Images
    S(
        MC,
        "cloudflare_images_bearer",
        "$ curl -s -X POST https://api.cloudflare.com/client/v4/accounts/{acct}/images/v1 \\\n"
        "    -H 'Authorization: Bearer {v}' -F file=@./public/og/launch.png -F requireSignedURLs=false",
        b64url(40),
        acct=hexl(32),
    ),
    S(
        MC,
        "cloudflare_images_php_client",
        "$api = new CloudflareImages(\n    apiToken: '{v}',\n    accountId: '{acct}'\n);",
        b64url(40),
        acct=hexl(32),
    ),
    # ---- secrets: Kraken.io
    S(
        MC,
        "kraken_auth_json",
        "$ curl -s https://api.kraken.io/v1/url -X POST -H 'Content-Type: application/json' -d '"
        '{"auth": {"api_key": "{kkey}", "api_secret": "{v}"}, "url": "https://harbor.example/img/hero.jpg", "wait": true, "lossy": true}\'',
        hexl(40),
        kkey=hexl(32),
    ),
    S(
        MC,
        "kraken_settings_yaml",
        "GesagtGetan:\n  KrakenOptimizer:\n    krakenOptions:\n      auth:\n        api_key: '{kkey}'\n        api_secret: '{v}'\n      lossy: true",
        hexl(40),
        kkey=hexl(32),
    ),
    # ---- secrets: TinyPNG / Tinify
    S(
        MC,
        "tinify_curl_user",
        "$ curl -s --user api:{v} --data-binary @static/img/team.png -i https://api.tinify.com/shrink",
        b62(32),
    ),
    S(
        MC,
        "tinify_basic_header",
        "POST /shrink HTTP/1.1\nHost: api.tinify.com\nAuthorization: Basic {v}\nContent-Type: image/png",
        tinify_basic,
    ),
    # ---- secrets: imgix
    S(
        MC,
        "imgix_secure_token",
        "const client = new ImgixClient({\n  domain: 'harbor.imgix.net',\n  secureURLToken: '{v}',\n});",
        b62(16),
    ),
    S(
        MC,
        "imgix_management_bearer",
        "$ curl -s -X POST https://api.imgix.com/api/v1/purge -H 'Authorization: Bearer {v}' \\\n"
        '    -H \'Content-Type: application/vnd.api+json\' -d \'{"data":{"attributes":{"url":"https://harbor.imgix.net/hero.jpg"},"type":"purges"}}\'',
        b62(64),
        note="imgix management API key: a plain-text alphanumeric key (length assumed)",
    ),
    # ---- look-alikes: public keys and ids
    L(
        MC,
        "cloudinary_api_key",
        'cloudinary.config(cloud_name="harbor-media", api_key="{v}", api_secret=os.environ["CLOUDINARY_API_SECRET"])',
        digits(15),
    ),
    L(
        MC,
        "cloudinary_masked_config",
        "$ cld config\ncloud_name:     harbor-media\napi_key:        {akey}\napi_secret:     {v}\nprivate_cdn:    False",
        masked_secret,
        akey=digits(15),
    ),
    L(
        MC,
        "cloudinary_upload_signature",
        "POST https://api.cloudinary.com/v1_1/harbor-media/image/upload\n"
        "  api_key={akey}&timestamp=1718035200&folder=avatars&signature={v}",
        hexl(40),
        akey=digits(15),
    ),
    L(
        MC,
        "cloudinary_placeholder_url",
        "# .env.example\nCLOUDINARY_URL={v}",
        const("cloudinary://<your_api_key>:<your_api_secret>@<your_cloud_name>"),
    ),
    L(
        MC,
        "cloudinary_secret_manager_ref",
        "CLOUDINARY_API_SECRET_REF={v}",
        const("projects/harbor-prod/secrets/cloudinary-api-secret/versions/latest"),
    ),
    L(MC, "imagekit_public_key", "NEXT_PUBLIC_IMAGEKIT_PUBLIC_KEY={v}", imagekit_public),
    L(
        MC,
        "imagekit_auth_params",
        '$ curl -s https://harbor.example/api/imagekit-auth\n{"token":"{tok}","expire":1718038800,"signature":"{v}"}',
        hexl(40),
        tok=uuid,
    ),
    L(
        MC,
        "uploadcare_pubkey_html",
        '<uc-config ctx-name="avatar-uploader" pubkey="{v}" img-only multiple="false"></uc-config>',
        hexl(20),
    ),
    L(
        MC,
        "uploadcare_cdn_uuid",
        '<img src="https://ucarecdn.com/{v}/-/resize/800x/-/format/auto/" alt="storefront">',
        uuid,
    ),
    L(
        MC,
        "uploadcare_signed_header",
        "Accept: application/vnd.uploadcare-v0.7+json\nDate: Tue, 11 Jun 2024 09:14:02 GMT\nAuthorization: Uploadcare {pub}:{v}",
        hexl(40),
        pub=hexl(20),
    ),
    L(
        MC,
        "uploadcare_op_reference",
        "UPLOADCARE_PUBLIC_KEY={pub}\nUPLOADCARE_SECRET_KEY={v}",
        const("op://media/uploadcare-prod/secret-key"),
        pub=hexl(20),
    ),
    L(
        MC,
        "filestack_api_key",
        "const client = filestack.init('{v}');\nclient.picker({ maxFiles: 5 }).open();",
        join("A", b62(21)),
    ),
    L(
        MC,
        "filestack_policy_signature",
        "https://cdn.filestackcontent.com/{handle}?policy={policy}&signature={v}",
        hexl(64),
        handle=b62(20),
        policy=join("eyJ", b64url(70)),
    ),
    L(
        MC,
        "bunny_video_guid",
        '$ curl -s https://video.bunnycdn.com/library/{lib}/videos/{v} -H "AccessKey: $BUNNY_STREAM_API_KEY"',
        uuid,
        lib=digits(6),
    ),
    L(
        MC,
        "bunny_tus_signature",
        "AuthorizationSignature: {v}\nAuthorizationExpire: 1718121600\nVideoId: {vid}\nLibraryId: {lib}",
        hexl(64),
        vid=uuid,
        lib=digits(6),
    ),
    L(
        MC,
        "bunny_storage_checksum",
        "$ curl -X PUT https://storage.bunnycdn.com/harbor-assets/fonts/inter.woff2 \\\n"
        '    -H "AccessKey: ${BUNNY_STORAGE_PASSWORD}" -H "Checksum: {v}" --data-binary @inter.woff2',
        hexu(64),
    ),
    L(
        MC,
        "sirv_client_id",
        "const sirv = { clientId: '{v}', clientSecret: process.env.SIRV_CLIENT_SECRET };",
        b62(27),
    ),
    L(
        MC,
        "transloadit_auth_key",
        '<input type="hidden" name="params" value=\'{"auth":{"key":"{v}","expires":"2024/06/12 16:00:00+00:00"},"template_id":"thumbs-v3"}\'>',
        hexl(32),
    ),
    L(
        MC,
        "transloadit_signature",
        '<input type="hidden" name="signature" value="{v}">',
        join("sha384:", hexl(96)),
    ),
    L(
        MC,
        "cloudflare_account_hash",
        '      "variants": [\n        "https://imagedelivery.net/{v}/{img}/public"\n      ]',
        b64url(22),
        img=uuid,
    ),
    L(
        MC,
        "gha_secret_ref",
        "      - run: node scripts/sync-images.mjs\n        env:\n          CF_IMAGES_TOKEN: {v}\n          TINIFY_KEY: ${{ secrets.TINIFY_KEY }}",
        const("${{ secrets.CF_IMAGES_TOKEN }}"),
    ),
    L(
        MC,
        "kraken_kraked_url",
        '  "success": true,\n  "original_size": 324520,\n  "kraked_size": 127115,\n'
        '  "kraked_url": "https://dl.kraken.io/api/{a}/{b}/{c}/{v}/hero.jpg"',
        hexl(32),
        a=hexl(2),
        b=hexl(2),
        c=hexl(2),
    ),
    L(
        MC,
        "tinify_output_location",
        "HTTP/1.1 201 Created\nCompression-Count: 41\nLocation: https://api.tinify.com/output/{v}",
        lower_alnum(32),
    ),
    L(MC, "tinify_placeholder", 'tinify.key = "{v}"  # get one at tinypng.com/developers', const("YOUR_API_KEY")),
    L(
        MC,
        "imgix_url_signature",
        '<img srcset="https://harbor.imgix.net/hero.jpg?w=800&auto=format&s={v} 800w">',
        hexl(32),
    ),
]
