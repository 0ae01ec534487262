"""A sixty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of speech, translation and media-generation APIs: DeepL (authentication
keys, the `:fx` suffix of Free keys, `DeepL-Auth-Key`, glossaries), Azure AI Speech and Translator
(`Ocp-Apim-Subscription-Key` beside `Ocp-Apim-Subscription-Region`, the Speech CLI's `spx config @key`,
`az cognitiveservices account keys list`, `Get-AzCognitiveServicesAccountKey`, custom endpoint ids),
ElevenLabs (`xi-api-key`, public voice ids), AssemblyAI (the raw key in `Authorization`), Deepgram
(`Authorization: Token`, project and key ids, the key-creation response), Rev AI access tokens,
the Speechmatics CLI's `--auth-token`, Gladia's `x-gladia-key`, Stability AI `sk-` keys and async
generation ids, Runway's `RUNWAYML_API_SECRET` and task ids, the Luma AI SDK's `auth_token`,
Leonardo.Ai bearer keys beside model ids, Clarifai PATs (`Authorization: Key`) beside user, app and
model version ids, Mux (token id versus token secret, signing key id versus base64 private key,
stream keys in RTMPS ingest URLs, public playback ids), api.video (the API key as the basic-auth
user, refresh tokens) and Vimeo (client identifier versus client secret versus access token), in
commands, config files, SDK snippets and tool output, with the public ids the same documentation
shows beside them.

First score, blind, before any rule changed for it (after the rules for 60 to 64):
22 of 25 secrets caught, 3 of 25 look-alikes altered (missed: `spx config @key --set <key>`, a UUID in an `x-gladia-
key` header, a refresh token printed by `jq -r .refresh_token`; altered: the next literal after
`os.environ["…_KEY"],`, a token's id said in brackets, a Mux signing key's id).
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
    join,
    lower_alnum,
    uuid,
)

MA = "mediaai"

RSA_HEAD = "MIIEowIBAAKCAQEA"


def mux_private_key(rng: random.Random) -> str:
    """A Mux signing key's `private_key`: a PKCS#1 RSA PEM, base64-encoded once more, as the API returns it."""
    lines = [RSA_HEAD + b64(48)(rng)] + [b64(64)(rng) for _ in range(23)] + [b64(40)(rng) + "=="]
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END RSA PRIVATE KEY-----\n"
    return base64.b64encode(pem.encode()).decode()


def x_run(n: int):
    return const("x" * n)


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 3, 25, "the rules for 60 to 64")

TEMPLATES = [
    # ---- secrets: translation keys
    S(
        MA,
        "deepl_free_key",
        "$ curl -X POST https://api-free.deepl.com/v2/translate \\\n"
        '  --header "Authorization: DeepL-Auth-Key {v}" \\\n'
        '  --header "Content-Type: application/json" \\\n'
        '  --data \'{"text": ["Order shipped"], "target_lang": "DE"}\'',
        join(uuid, ":fx"),
    ),
    S(
        MA,
        "deepl_pro_key_positional",
        'import deepl\n\ntranslator = deepl.DeepLClient("{v}")\n'
        'result = translator.translate_text(release_notes, target_lang="FR", glossary=glossary_id)',
        uuid,
    ),
    S(
        MA,
        "azure_spx_config_key",
        "$ spx config @key --set {v}\n$ spx config @region --set westeurope\n"
        "$ spx recognize --file fixtures/standup.wav --output file transcripts/standup.txt",
        hexl(32),
    ),
    S(
        MA,
        "azure_translator_header",
        '$ curl -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&from=en&to=nl" \\\n'
        '    -H "Ocp-Apim-Subscription-Key: {v}" \\\n'
        '    -H "Ocp-Apim-Subscription-Region: westeurope" \\\n'
        "    -H \"Content-Type: application/json\" -d \"[{'Text':'Your parcel is on its way'}]\"",
        hexl(32),
    ),
    S(
        MA,
        "azure_keys_list_tsv",
        "$ az cognitiveservices account keys list --name speech-lumen-weu --resource-group rg-media-ai"
        " --query key1 -o tsv\n{v}",
        hexl(32),
    ),
    # ---- secrets: speech-to-text and text-to-speech keys
    S(
        MA,
        "elevenlabs_xi_api_key",
        "$ curl -sS https://api.elevenlabs.io/v1/text-to-speech/{voice}?output_format=mp3_44100_128 \\\n"
        '    -H "xi-api-key: {v}" -H "Content-Type: application/json" \\\n'
        '    -d \'{"text": "Welcome back to the briefing.", "model_id": "eleven_multilingual_v2"}\''
        " -o intro.mp3",
        join("sk_", hexl(48)),
        voice=b62(20),
    ),
    S(
        MA,
        "elevenlabs_legacy_env",
        "# services/narrator/.env\nELEVEN_API_KEY={v}\nELEVEN_VOICE_ID={voice}\nELEVEN_MODEL=eleven_turbo_v2_5",
        hexl(32),
        voice=b62(20),
    ),
    S(
        MA,
        "assemblyai_raw_authorization",
        "$ curl https://api.assemblyai.com/v2/transcript \\\n"
        '    --header "authorization: {v}" \\\n'
        '    --header "content-type: application/json" \\\n'
        '    --data \'{"audio_url": "https://media.lumen.example/calls/2024-06-03.mp3", "speaker_labels": true}\'',
        hexl(32),
    ),
    S(
        MA,
        "deepgram_token_scheme",
        "$ curl --request POST --url 'https://api.deepgram.com/v1/listen?model=nova-2&smart_format=true' \\\n"
        "    --header 'Authorization: Token {v}' --header 'Content-Type: audio/wav' --data-binary @call.wav",
        hexl(40),
    ),
    S(
        MA,
        "deepgram_key_create_output",
        '$ curl -s -X POST https://api.deepgram.com/v1/projects/{proj}/keys -H "Authorization: Token $DG_ADMIN" \\\n'
        '    -d \'{"comment": "ci-transcriber", "scopes": ["usage:write"]}\' | jq .\n'
        '{\n  "api_key_id": "{kid}",\n  "key": "{v}",\n  "comment": "ci-transcriber",\n'
        '  "scopes": [\n    "usage:write"\n  ]\n}',
        hexl(40),
        proj=uuid,
        kid=uuid,
    ),
    S(
        MA,
        "revai_client_positional",
        'from rev_ai import apiclient\n\nclient = apiclient.RevAiAPIClient("{v}")\n'
        'job = client.submit_job_url("https://media.lumen.example/podcast/ep42.mp3", skip_diarization=False)',
        b64url(70),
    ),
    S(
        MA,
        "speechmatics_cli_auth_token",
        "$ speechmatics config set --auth-token {v}\n"
        "$ speechmatics batch transcribe --lang en --output-format txt interviews/0611.wav",
        b62(32),
    ),
    S(
        MA,
        "gladia_key_header",
        "$ curl --request POST --url https://api.gladia.io/v2/pre-recorded \\\n"
        "    --header 'Content-Type: application/json' \\\n"
        "    --header 'x-gladia-key: {v}' \\\n"
        '    --data \'{"audio_url": "https://media.lumen.example/webinar.m4a", "diarization": true}\'',
        uuid,
    ),
    # ---- secrets: image and video generation keys
    S(
        MA,
        "stability_sk_bearer",
        "$ curl -f -sS https://api.stability.ai/v2beta/stable-image/generate/core \\\n"
        '    -H "authorization: Bearer {v}" -H "accept: image/*" \\\n'
        '    -F prompt="isometric warehouse at dusk, soft light" -F output_format=webp -o hero.webp',
        join("sk-", b62(48)),
    ),
    S(
        MA,
        "runway_key_export",
        "$ export RUNWAYML_API_SECRET={v}\n$ python scripts/animate_banner.py --ratio 1280:720 --model gen4_turbo",
        join("key_", hexl(128)),
    ),
    S(
        MA,
        "luma_auth_token_kwarg",
        'from lumaai import LumaAI\n\nclient = LumaAI(auth_token="{v}")\n'
        'generation = client.generations.create(model="ray-2", prompt=storyboard[0], aspect_ratio="16:9")',
        join("luma-", uuid, "-", uuid),
    ),
    S(
        MA,
        "leonardo_bearer",
        "$ curl --request GET --url https://cloud.leonardo.ai/api/rest/v1/me \\\n"
        "    --header 'accept: application/json' --header 'authorization: Bearer {v}'",
        uuid,
    ),
    S(
        MA,
        "clarifai_pat_key_scheme",
        '$ curl -X POST "https://api.clarifai.com/v2/users/clarifai/apps/main/models/general-image-recognition/outputs" \\\n'
        '    -H "Authorization: Key {v}" -H "Content-Type: application/json" \\\n'
        '    -d \'{"inputs": [{"data": {"image": {"url": "https://media.lumen.example/shelf.jpg"}}}]}\'',
        hexl(32),
    ),
    # ---- secrets: video platforms
    S(
        MA,
        "mux_basic_auth_secret",
        '$ curl https://api.mux.com/video/v1/assets -X POST -H "Content-Type: application/json" \\\n'
        '    -d \'{"inputs": [{"url": "https://media.lumen.example/raw/launch.mp4"}], "playback_policies": ["public"]}\''
        " \\\n    -u {tid}:{v}",
        b64(75),
        tid=uuid,
    ),
    S(
        MA,
        "mux_stream_key_rtmps_path",
        "$ ffmpeg -re -i rehearsal.mp4 -c:v libx264 -preset veryfast -b:v 3500k -c:a aac -ar 44100 \\\n"
        "    -f flv rtmps://global-live.mux.com:443/app/{v}",
        uuid,
    ),
    S(
        MA,
        "mux_signing_private_key",
        "MUX_SIGNING_KEY={kid}\nMUX_PRIVATE_KEY={v}",
        mux_private_key,
        kid=b62(44),
    ),
    S(
        MA,
        "apivideo_key_as_basic_user",
        "$ curl --user {v}: https://ws.api.video/videos?currentPage=1&pageSize=25",
        b62(43),
    ),
    S(
        MA,
        "apivideo_refresh_token_output",
        "$ curl -s -X POST https://ws.api.video/auth/api-key -d @creds.json -o auth.json"
        " && jq -r .refresh_token auth.json\n{v}",
        join("def50200", hexl(504)),
    ),
    S(
        MA,
        "vimeo_bearer_token",
        '$ curl -H "Authorization: bearer {v}" -H "Accept: application/vnd.vimeo.*+json;version=3.4"'
        " https://api.vimeo.com/me/videos?per_page=10",
        hexl(32),
    ),
    S(
        MA,
        "vimeo_client_secret",
        'client = vimeo.VimeoClient(\n    token=os.environ["VIMEO_ACCESS_TOKEN"],\n    key="{cid}",\n'
        '    secret="{v}",\n)',
        b64(128),
        cid=hexl(40),
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        MA,
        "deepl_glossary_id",
        '$ curl -s https://api-free.deepl.com/v2/glossaries -H "Authorization: DeepL-Auth-Key $DEEPL_AUTH_KEY"'
        ' | jq -c ".glossaries[0]"\n'
        '{"glossary_id":"{v}","name":"product-terms","ready":true,"source_lang":"en","target_lang":"de",'
        '"entry_count":42}',
        uuid,
    ),
    L(
        MA,
        "azure_subscription_in_resource_id",
        '  "id": "/subscriptions/{v}/resourceGroups/rg-media-ai/providers/Microsoft.CognitiveServices'
        '/accounts/speech-lumen-weu",\n  "kind": "SpeechServices",\n  "location": "westeurope",',
        uuid,
    ),
    L(
        MA,
        "azure_custom_endpoint_id",
        'speech_config = speechsdk.SpeechConfig(subscription=os.environ["SPEECH_KEY"], region="westeurope")\n'
        'speech_config.endpoint_id = "{v}"  # Custom Speech model deployed for warehouse jargon',
        uuid,
    ),
    L(
        MA,
        "azure_key_placeholder",
        "PS> Get-AzCognitiveServicesAccountKey -ResourceGroupName rg-media-ai -Name translator-lumen\n\n"
        "Key1                             Key2\n----                             ----\n{v} {v}",
        x_run(32),
    ),
    L(
        MA,
        "elevenlabs_voice_id",
        "2024-06-11T09:14:52Z INFO narrator: POST https://api.elevenlabs.io/v1/text-to-speech/{v}/stream"
        " model=eleven_multilingual_v2 chars=812 status=200",
        b62(20),
    ),
    L(
        MA,
        "elevenlabs_env_ref",
        '    headers = {"xi-api-key": {v}, "Accept": "audio/mpeg"}',
        const('os.environ["ELEVENLABS_API_KEY"]'),
    ),
    L(
        MA,
        "assemblyai_transcript_id",
        '{\n  "id": "{v}",\n  "status": "queued",\n  "audio_url": "https://media.lumen.example/calls/2024-06-03.mp3",'
        '\n  "speaker_labels": true\n}',
        uuid,
    ),
    L(
        MA,
        "deepgram_project_id",
        '$ curl -s https://api.deepgram.com/v1/projects/{v}/keys -H "Authorization: Token $DEEPGRAM_API_KEY"'
        " | jq '.api_keys | length'\n3",
        uuid,
    ),
    L(
        MA,
        "deepgram_audio_sha256",
        '  "metadata": {\n    "transaction_key": "deprecated",\n    "request_id": "{rid}",\n'
        '    "sha256": "{v}",\n    "duration": 184.32,\n    "channels": 1,',
        hexl(64),
        rid=uuid,
    ),
    L(
        MA,
        "stability_generation_id",
        "$ curl -sS -H \"authorization: Bearer $STABILITY_API_KEY\" -H 'accept: video/*'"
        " https://api.stability.ai/v2beta/results/{v} -o clip.mp4",
        hexl(64),
    ),
    L(
        MA,
        "stability_prefixed_placeholder",
        "# .env.example: copy to .env and paste the key from platform.stability.ai/account/keys\nSTABILITY_API_KEY={v}",
        join("sk-", x_run(48)),
    ),
    L(
        MA,
        "runway_gha_secret_ref",
        "      - name: Render teaser\n        env:\n          RUNWAYML_API_SECRET: {v}\n"
        "        run: python scripts/animate_banner.py --ratio 1280:720",
        const("${{ secrets.RUNWAYML_API_SECRET }}"),
    ),
    L(
        MA,
        "runway_task_id",
        '>>> task = client.image_to_video.create(model="gen4_turbo", prompt_image=still_url, ratio="1280:720")\n'
        ">>> task.id\n'{v}'",
        uuid,
    ),
    L(
        MA,
        "leonardo_model_id",
        "$ curl --request POST --url https://cloud.leonardo.ai/api/rest/v1/generations \\\n"
        '    --header "authorization: Bearer $LEONARDO_API_KEY" --header "content-type: application/json" \\\n'
        '    --data \'{"modelId": "{v}", "prompt": "flat icon of a parcel", "width": 1024, "height": 1024}\'',
        uuid,
    ),
    L(
        MA,
        "clarifai_model_version_id",
        'PAT = os.environ["CLARIFAI_PAT"]\nUSER_ID = "clarifai"\nAPP_ID = "main"\n'
        'MODEL_ID = "general-image-recognition"\nMODEL_VERSION_ID = "{v}"',
        hexl(32),
    ),
    L(
        MA,
        "mux_token_id",
        "I put the Mux access token ID ({v}) in the deploy notes; the matching secret stays in the vault"
        " under mux/prod/token-secret.",
        uuid,
    ),
    L(
        MA,
        "mux_playback_id",
        '<mux-player playback-id="{v}" metadata-video-title="Launch keynote" stream-type="on-demand"></mux-player>',
        b62(44),
    ),
    L(
        MA,
        "mux_signing_key_id",
        "const mux = new Mux({\n  tokenId: process.env.MUX_TOKEN_ID,\n  tokenSecret: process.env.MUX_TOKEN_SECRET,\n"
        "  jwtSigningKey: '{v}',\n  jwtPrivateKey: process.env.MUX_PRIVATE_KEY,\n});",
        b62(44),
    ),
    L(
        MA,
        "apivideo_video_id",
        '{\n  "videoId": "{v}",\n  "title": "Onboarding walkthrough",\n  "public": true,\n'
        '  "assets": {\n    "hls": "https://vod.api.video/vod/{v}/hls/manifest.m3u8"\n  }\n}',
        join("vi", b62(22)),
    ),
    L(
        MA,
        "vimeo_client_id",
        "VIMEO_CLIENT_ID={v}\nVIMEO_CLIENT_SECRET=${VIMEO_CLIENT_SECRET}\nVIMEO_ACCESS_TOKEN=${VIMEO_ACCESS_TOKEN}",
        hexl(40),
    ),
    L(
        MA,
        "vimeo_video_uri",
        '  "uri": "/videos/{v}",\n  "name": "Q2 all-hands",\n  "link": "https://vimeo.com/{v}",\n'
        '  "privacy": {"view": "unlisted"},',
        digits(9),
    ),
    L(
        MA,
        "commit_sha",
        "Rotated the Deepgram key in the vault and pointed the transcriber at the new secret name; the change is"
        " commit {v} on main.",
        hexl(40),
    ),
    L(
        MA,
        "secret_names",
        "$ gh secret list --repo lumen/media-pipeline\nDEEPGRAM_API_KEY\tUpdated 2024-06-10\n"
        "{v}\tUpdated 2024-06-10\nMUX_TOKEN_SECRET\tUpdated 2024-05-28",
        const("ELEVENLABS_API_KEY"),
    ),
    L(
        MA,
        "ci_masked",
        'Run curl -sS https://api.deepgram.com/v1/auth/token -H "Authorization: Token {v}"\n'
        '{"err_code":"INVALID_AUTH","err_msg":"Invalid credentials.","request_id":"{rid}"}',
        const("***"),
        rid=uuid,
    ),
    L(
        MA,
        "speechmatics_job_id",
        '$ curl -s -H "Authorization: Bearer $SPEECHMATICS_API_KEY"'
        " 'https://asr.api.speechmatics.com/v2/jobs/{v}/transcript?format=txt' > interviews/0611.txt",
        lower_alnum(10),
    ),
]
