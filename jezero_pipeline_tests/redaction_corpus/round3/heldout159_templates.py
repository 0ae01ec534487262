"""A hundred-and-fifty-ninth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of speech-to-text, text-to-speech and machine-translation
APIs: DeepL (`Authorization: DeepL-Auth-Key`, Free keys a UUID with the `:fx` suffix, Pro keys the
bare UUID, the `deepl.Translator(auth_key)` client, glossary ids), Azure Translator and Azure Speech
(`Ocp-Apim-Subscription-Key` with `Ocp-Apim-Subscription-Region`, 32-hex resource keys in
appsettings.json, `SpeechConfig(subscription=…, region=…)`, `spx config @key --set`, ARM resource
ids, Key Vault references), AssemblyAI (raw 32-hex key in the `authorization` header, transcript
ids, `os.environ` references), Deepgram (`Authorization: Token`, 40-hex keys, the `dg --api-key` CLI, the
create-key response with `api_key_id`, project ids, the `sha256`/`request_id` response metadata),
Rev.ai (`02`-prefixed 93-character access tokens, `RevAiAPIClient`, job ids), Speechmatics (`speechmatics
config set --auth-token`, the `~/.speechmatics/config` TOML, `Authorization: Bearer` on the batch
jobs API, job ids), Amazon Transcribe (AWS key pairs beside `aws transcribe start-transcription-job`,
`aws configure list` masking, role ARNs), IBM Watson Speech to Text (44-character IAM `apikey`
under `curl -u "apikey:…"` and in `ibm-credentials.env`, instance URLs, service-id CRNs), ModernMT
(`MMT-ApiKey` header), Yandex Cloud Translate (`Authorization: Api-Key AQVN…`, `yc iam api-key
create` output, `b1g…` folder ids and `aje…` key ids), Gladia (`x-gladia-key` UUID keys, transcription
ids), Picovoice (base64 `AccessKey` ending in `==`, `pvporcupine.create(access_key=…)`, the demo's
`--access_key` flag), ElevenLabs (`xi-api-key: sk_…`, voice ids) and Google Cloud Translation
(`?key=AIza…`, service-account `private_key_id`, API-key resource names), in commands, config files,
code and tool output, with the public ids the same documentation shows beside them.

Some lengths are from memory where the documentation shows only placeholders: ModernMT keys are
written as an upper-case UUID, Speechmatics keys as 32 alphanumerics, AssemblyAI keys as 32
lower-case hex, ElevenLabs keys as `sk_` and 48 hex.

First score, blind, before any rule changed for it (after the rules for 150 to 154):
22 of 25 secrets caught, 1 of 25 look-alikes altered (missed: a DeepL key (a UUID) as `Translator`'s
first argument, Azure's `spx config @key --set <key>`, a `SpeechConfig(subscription=…)`; altered:
`os.environ["ASSEMBLYAI_API_KEY"]` under `authorization`).
"""

from __future__ import annotations

from build import (
    L,
    S,
    b62,
    b64,
    b64url,
    const,
    digits,
    hexl,
    interleaved,
    join,
    lower_alnum,
    upper_alnum,
    uuid,
)

SP = "speech"


def upper_uuid(rng) -> str:
    return uuid(rng).upper()


deepl_free = join(uuid, ":fx")
azure_key = hexl(32)
aai_key = hexl(32)
dg_key = hexl(40)
revai_token = join("02", b64url(91))
sm_key = b62(32)
ibm_apikey = b64url(44)
yandex_api_key = join("AQVN", b64url(36))
pv_access_key = b64(54, "==")
eleven_key = join("sk_", hexl(48))
google_key = join("AIza", b64url(35))
yc_id = join("aje", lower_alnum(17))
folder_id = join("b1g", lower_alnum(17))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 25, 1, 25, "the rules for 150 to 154")

TEMPLATES: list = [
    # ---- secrets: DeepL
    S(
        SP,
        "deepl_free_header",
        "$ curl -sS -X POST 'https://api-free.deepl.com/v2/translate' \\\n"
        "    --header 'Authorization: DeepL-Auth-Key {v}' \\\n"
        "    --header 'Content-Type: application/json' \\\n"
        '    --data \'{"text": ["Der Vertrag endet am 31. März."], "target_lang": "EN-GB"}\'',
        deepl_free,
    ),
    S(
        SP,
        "deepl_pro_client",
        'import deepl\n\ntranslator = deepl.Translator("{v}", server_url="https://api.deepl.com")\n'
        'result = translator.translate_text(rows, source_lang="DE", target_lang="EN-US", formality="less")',
        uuid,
        note="a Pro key is the bare UUID, no suffix",
    ),
    S(
        SP,
        "deepl_env_file",
        "$ cat services/l10n/.env\nDEEPL_SERVER_URL=https://api-free.deepl.com\nDEEPL_AUTH_KEY={v}\n"
        "DEEPL_GLOSSARY_ID={gid}\nLOG_LEVEL=info",
        deepl_free,
        gid=uuid,
    ),
    # ---- secrets: Azure Translator and Speech
    S(
        SP,
        "azure_translator_header",
        'curl -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&from=en&to=nl&to=fr" \\\n'
        '     -H "Ocp-Apim-Subscription-Key: {v}" \\\n     -H "Ocp-Apim-Subscription-Region: westeurope" \\\n'
        "     -H \"Content-Type: application/json; charset=UTF-8\" -d \"[{'Text':'Your order has shipped.'}]\"",
        azure_key,
    ),
    S(
        SP,
        "spx_config_key",
        "PS C:\\src\\kiosk> spx config @key --set {v}\nPS C:\\src\\kiosk> spx config @region --set swedencentral",
        azure_key,
    ),
    S(
        SP,
        "azure_speech_config",
        '    speech_config = speechsdk.SpeechConfig(subscription="{v}", region="northeurope")\n'
        '    speech_config.speech_synthesis_voice_name = "nl-NL-FennaNeural"',
        azure_key,
    ),
    S(
        SP,
        "azure_appsettings",
        '{\n  "Speech": {\n    "AzureSpeechSubscriptionKey": "{v}",\n    "AzureSpeechRecognitionLanguage": "pt-BR",\n'
        '    "AzureRegion": "brazilsouth"\n  }\n}',
        azure_key,
    ),
    # ---- secrets: AssemblyAI
    S(
        SP,
        "assemblyai_header",
        '$ curl https://api.assemblyai.com/v2/transcript \\\n  --header "authorization: {v}" \\\n'
        '  --header "content-type: application/json" \\\n'
        '  --data \'{"audio_url": "https://cdn.assemblyai.com/upload/{up}", "speaker_labels": true}\'',
        aai_key,
        up=uuid,
    ),
    # ---- secrets: Deepgram
    S(
        SP,
        "deepgram_token_header",
        "$ curl --request POST --url 'https://api.deepgram.com/v1/listen?model=nova-3&smart_format=true&diarize=true' \\\n"
        "    --header 'Authorization: Token {v}' --header 'Content-Type: audio/wav' --data-binary @standup-0412.wav",
        dg_key,
    ),
    S(
        SP,
        "deepgram_cli_flag",
        "$ dg --api-key {v} listen recordings/support-call-2291.mp3 -o json > transcript.json",
        dg_key,
    ),
    S(
        SP,
        "deepgram_create_key_output",
        '{\n  "api_key_id": "{kid}",\n  "key": "{v}",\n  "comment": "ci-transcribe",\n'
        '  "scopes": ["usage:write"],\n  "tags": ["github-actions"]\n}',
        dg_key,
        kid=uuid,
    ),
    # ---- secrets: Rev.ai
    S(
        SP,
        "revai_client",
        'from rev_ai import apiclient\n\nclient = apiclient.RevAiAPIClient("{v}")\n'
        'job = client.submit_job_url("https://media.brightkite.dev/podcasts/ep-118.mp3")',
        revai_token,
    ),
    # ---- secrets: Speechmatics
    S(
        SP,
        "speechmatics_config_set",
        "$ speechmatics config set --auth-token {v} --generate-temp-token",
        sm_key,
    ),
    S(
        SP,
        "speechmatics_toml",
        '$ cat ~/.speechmatics/config\n[default]\nauth_token = "{v}"\ngenerate_temp_token = true',
        sm_key,
    ),
    # ---- secrets: Amazon Transcribe
    S(
        SP,
        "aws_transcribe_env",
        "$ AWS_ACCESS_KEY_ID=AKIA{kid} AWS_SECRET_ACCESS_KEY={v} aws transcribe start-transcription-job \\\n"
        "    --region eu-west-1 --transcription-job-name call-2291 --media MediaFileUri=s3://bk-audio/call-2291.wav \\\n"
        "    --identify-language --output-bucket-name bk-transcripts",
        b64(40),
        kid=upper_alnum(16),
    ),
    # ---- secrets: IBM Watson
    S(
        SP,
        "ibm_curl_apikey",
        '$ curl -X POST -u "apikey:{v}" --header "Content-Type: audio/flac" --data-binary @audio-file.flac \\\n'
        '    "https://api.eu-de.speech-to-text.watson.cloud.ibm.com/instances/{inst}/v1/recognize?model=de-DE_Multimedia"',
        ibm_apikey,
        inst=uuid,
    ),
    S(
        SP,
        "ibm_credentials_env",
        "$ cat ibm-credentials.env\nSPEECH_TO_TEXT_AUTH_TYPE=iam\nSPEECH_TO_TEXT_APIKEY={v}\n"
        "SPEECH_TO_TEXT_URL=https://api.us-south.speech-to-text.watson.cloud.ibm.com/instances/{inst}",
        ibm_apikey,
        inst=uuid,
    ),
    # ---- secrets: ModernMT, Yandex, Gladia
    S(
        SP,
        "modernmt_header",
        '$ curl -X POST -H "MMT-ApiKey: {v}" -H "X-HTTP-Method-Override: GET" -H "Content-Type: application/json" \\\n'
        '    https://api.modernmt.com/translate -d \'{"source": "en", "target": "it", "q": "Checkout is temporarily unavailable"}\'',
        upper_uuid,
    ),
    S(
        SP,
        "yandex_api_key_header",
        '$ curl -X POST -H "Content-Type: application/json" -H "Authorization: Api-Key {v}" \\\n'
        '    -d \'{"folderId": "{folder}", "targetLanguageCode": "ru", "texts": ["Hello", "World"]}\' \\\n'
        "    https://translate.api.cloud.yandex.net/translate/v2/translate",
        yandex_api_key,
        folder=folder_id,
    ),
    S(
        SP,
        "yc_api_key_create",
        "$ yc iam api-key create --service-account-name translate-bot --scope yc.ai.translate.execute\n"
        'api_key:\n  id: {kid}\n  service_account_id: {said}\n  created_at: "2025-02-17T09:14:03.112233Z"\n'
        "  scope: yc.ai.translate.execute\nsecret: {v}",
        yandex_api_key,
        kid=yc_id,
        said=yc_id,
    ),
    S(
        SP,
        "gladia_header",
        "$ curl --request POST --url https://api.gladia.io/v2/pre-recorded \\\n  --header 'Content-Type: application/json' \\\n"
        "  --header 'x-gladia-key: {v}' \\\n"
        '  --data \'{"audio_url": "https://api.gladia.io/file/{fid}", "diarization": true}\'',
        uuid,
        fid=uuid,
    ),
    # ---- secrets: Picovoice, ElevenLabs, Google
    S(
        SP,
        "picovoice_create",
        'porcupine = pvporcupine.create(\n    access_key="{v}",\n    keywords=["jarvis", "computer"],\n'
        "    sensitivities=[0.6, 0.5],\n)",
        pv_access_key,
    ),
    S(
        SP,
        "picovoice_demo_flag",
        "pi@kiosk:~ $ porcupine_demo_mic --access_key {v} --keywords porcupine --audio_device_index 1",
        pv_access_key,
    ),
    S(
        SP,
        "elevenlabs_header",
        "$ curl -X POST 'https://api.elevenlabs.io/v1/text-to-speech/{voice}?output_format=mp3_44100_128' \\\n"
        "    -H 'xi-api-key: {v}' -H 'Content-Type: application/json' \\\n"
        '    -d \'{"text": "Your table is ready.", "model_id": "eleven_multilingual_v2"}\' --output ready.mp3',
        eleven_key,
        voice=b62(20),
    ),
    S(
        SP,
        "google_translate_key_query",
        '$ curl -s "https://translation.googleapis.com/language/translate/v2?key={v}&q=Order%20shipped&target=es&format=text"',
        google_key,
    ),
    # ---- look-alikes: public ids beside the keys
    L(
        SP,
        "deepl_glossary_id",
        '{\n  "glossary_id": "{v}",\n  "name": "support-terms-de-en",\n  "ready": true,\n'
        '  "source_lang": "de",\n  "target_lang": "en",\n  "entry_count": 212\n}',
        uuid,
    ),
    L(
        SP,
        "azure_resource_id",
        "$ az cognitiveservices account show -n speech-kiosk-weu -g rg-voice --query id -o tsv\n{v}",
        join(
            "/subscriptions/",
            uuid,
            "/resourceGroups/rg-voice/providers/Microsoft.CognitiveServices/accounts/speech-kiosk-weu",
        ),
    ),
    L(
        SP,
        "assemblyai_transcript_id",
        '{\n  "id": "{v}",\n  "status": "queued",\n  "speaker_labels": true,\n  "language_code": "en_us",\n'
        '  "webhook_url": "https://hooks.brightkite.dev/aai"\n}',
        uuid,
    ),
    L(
        SP,
        "deepgram_project_id",
        "$ curl -s https://api.deepgram.com/v1/projects/{v}/keys -H \"Authorization: Token $DEEPGRAM_API_KEY\" | jq '.api_keys[].api_key.comment'",
        uuid,
    ),
    L(
        SP,
        "deepgram_sha256",
        '  "metadata": {\n    "request_id": "{rid}",\n    "sha256": "{v}",\n'
        '    "created": "2025-03-02T11:40:19.227Z",\n    "duration": 1843.52,\n    "channels": 1',
        hexl(64),
        rid=uuid,
    ),
    L(
        SP,
        "revai_job_id",
        '{"id":"{v}","created_on":"2025-03-02T11:42:05.401Z","name":"ep-118.mp3","status":"in_progress","type":"async"}',
        b62(12),
    ),
    L(
        SP,
        "speechmatics_job_id",
        '$ curl -L -X GET "https://eu1.asr.api.speechmatics.com/v2/jobs/{v}/transcript?format=txt" \\\n'
        '    -H "Authorization: Bearer $SPEECHMATICS_API_KEY"',
        lower_alnum(10),
    ),
    L(
        SP,
        "aws_role_arn",
        "    --job-execution-settings DataAccessRoleArn={v},AllowDeferredExecution=true",
        join("arn:aws:iam::", digits(12), ":role/TranscribeS3Access"),
    ),
    L(
        SP,
        "ibm_serviceid_crn",
        '  "iam_apikey_name": "Service credentials-1",\n  "iam_role_crn": "crn:v1:bluemix:public:iam::::serviceRole:Manager",\n'
        '  "iam_serviceid_crn": "{v}",',
        join("crn:v1:bluemix:public:iam-identity::a/", hexl(32), "::serviceid:ServiceId-", uuid),
    ),
    L(SP, "yandex_folder_id", '  "folderId": "{v}",\n  "targetLanguageCode": "kk",', folder_id),
    L(
        SP,
        "yandex_key_id",
        "$ yc iam api-key list --service-account-name translate-bot\n"
        "+----------------------+-------------------------+---------------------+\n"
        "|          ID          |       DESCRIPTION       |     CREATED AT      |\n"
        "+----------------------+-------------------------+---------------------+\n"
        "| {v} | l10n pipeline (prod)    | 2025-02-17 09:14:03 |\n"
        "+----------------------+-------------------------+---------------------+",
        yc_id,
    ),
    L(
        SP,
        "gladia_result_id",
        '{"id":"{v}","result_url":"https://api.gladia.io/v2/pre-recorded/{v}"}',
        uuid,
    ),
    L(
        SP,
        "elevenlabs_voice_id",
        'VOICE_ID = "{v}"  # "Rachel" from GET /v1/voices\nMODEL_ID = "eleven_turbo_v2_5"',
        b62(20),
    ),
    L(
        SP,
        "google_private_key_id",
        '  "type": "service_account",\n  "project_id": "voice-l10n-prod",\n  "private_key_id": "{v}",',
        hexl(40),
    ),
    L(
        SP,
        "google_api_key_name",
        "$ gcloud services api-keys list --format='value(name,displayName)'\n{v}\ttranslate-web (restricted)",
        join("projects/", digits(12), "/locations/global/keys/", uuid),
    ),
    # ---- look-alikes: hashes
    L(
        SP,
        "model_checksum",
        "$ sha256sum lib/common/porcupine_params.pv\n{v}  lib/common/porcupine_params.pv",
        hexl(64),
    ),
    L(
        SP,
        "commit_sha",
        "$ git log -1 --format='%H %s'\n{v} l10n: switch support macros to DeepL glossary",
        hexl(40),
    ),
    # ---- look-alikes: placeholders, masks and references
    L(
        SP,
        "deepl_truncated_example",
        'auth_key = "{v}"  # Replace with your key',
        join(hexl(8), "-", hexl(4), "-..."),
    ),
    L(
        SP,
        "deepl_masked_free_key",
        "[l10n] DeepL usage: 182,304 / 500,000 characters (key {v}, api-free.deepl.com)",
        join("********-****-****-****-********", hexl(4), ":fx"),
    ),
    L(
        SP,
        "deepgram_whoami_masked",
        "$ dg whoami\nLogged in as: ops@brightkite.dev\nAPI Key: {v}\nSource: ~/.config/deepgram/credentials",
        join("********", hexl(4)),
    ),
    L(
        SP,
        "aws_configure_masked",
        "$ aws configure list\n      Name                    Value             Type    Location\n"
        "      ----                    -----             ----    --------\n"
        "   profile               transcribe           manual    --profile\n"
        "access_key     {v} shared-credentials-file\n"
        "secret_key     ****************{tail} shared-credentials-file\n"
        "    region                eu-west-1      config-file    ~/.aws/config",
        join("****************", upper_alnum(4)),
        tail=b62(4),
    ),
    L(
        SP,
        "azure_keyvault_ref",
        '    "AzureSpeechSubscriptionKey": "{v}",\n    "AzureRegion": "westeurope"',
        const("@Microsoft.KeyVault(SecretUri=https://kv-voice-weu.vault.azure.net/secrets/speech-key/)"),
    ),
    L(
        SP,
        "assemblyai_env_ref",
        'headers = {"authorization": {v}, "content-type": "application/json"}',
        const('os.environ["ASSEMBLYAI_API_KEY"]'),
    ),
    L(
        SP,
        "gha_secret_ref",
        "      - name: Transcribe fixtures\n        env:\n          DEEPGRAM_API_KEY: {v}\n"
        "        run: dg listen tests/fixtures/*.wav -o json",
        const("${{ secrets.DEEPGRAM_API_KEY }}"),
    ),
    L(
        SP,
        "env_example_filler",
        "# .env.example: copy to .env and paste the key from https://console.picovoice.ai/\nPICOVOICE_ACCESS_KEY={v}",
        interleaved(56),
    ),
]
