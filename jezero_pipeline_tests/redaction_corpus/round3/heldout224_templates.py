"""A two-hundred-and-twenty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of voice AI agent platforms: Vapi (private API keys as
UUIDs in `Authorization: Bearer`, the server SDK's `token=`, the provider-credential API, a
`server.secret` in an assistant; public keys, assistant and phone-number ids as the look-alikes),
Retell AI (`key_` plus 28 hex in the SDK and REST calls; `agent_`/`llm_` ids beside them), Bland AI
(`org_` keys in the `authorization` header, a Twilio auth token sent to the BYOT accounts endpoint;
call ids), Synthflow (Bearer keys), ElevenLabs Agents (`sk_` plus 48 hex as `xi-api-key` and in the
SDK; agent and voice ids), Deepgram (40-hex keys in a Pipecat service and a Vapi credential;
key and project ids, `Authorization: Token $DEEPGRAM_API_KEY`), Cartesia (`sk_car_` keys in a WebSocket query and
agent YAML; voice ids, placeholders, masks), PlayHT (secret key under `AUTHORIZATION`, the pyht
client; the user id), Hume AI (the secret key, the Basic `key:secret` credential of the `oauth2-cc`
token call; EVI config ids), Ultravox (`8.32` keys under `X-API-Key` and `docker run -e`; call ids),
Daily and Pipecat (64-hex REST keys, meeting-token JWTs in `?t=`, `pipecat cloud secrets set`;
room URLs, secret-set listings) and LiveKit (`lk --api-secret`; the `API…` key id), in commands,
config files, code and tool output, with the public ids, hashes, references and masks the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
25 of 25 secrets caught, 2 of 25 look-alikes altered (altered: Vapi's public key as a client's
argument with a trailing comment calling it public, a Pipecat secret set's name after `--secrets`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    password,
    uuid,
)

VA = "voiceai"

JWT_HEAD = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def daily_meeting_token(rng: random.Random) -> str:
    """A self-signed Daily meeting token: HS256 header, abbreviated claims, 43-character signature."""
    iat = 1718000000 + rng.randrange(20000000)
    claims = {"r": "front-desk", "o": False, "d": uuid(rng), "iat": iat, "exp": iat + 7200}
    body = base64.urlsafe_b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{JWT_HEAD}.{body}.{b64url(43)(rng)}"


def hume_basic(rng: random.Random) -> str:
    """base64 of `api_key:secret_key`, the Basic credential of Hume's client-credentials token call."""
    return base64.b64encode(f"{b62(48)(rng)}:{b62(64)(rng)}".encode()).decode()


vapi_key = uuid
retell_key = join("key_", hexl(28))
bland_key = join("org_", hexl(86))
eleven_key = join("sk_", hexl(48))
cartesia_key = join("sk_car_", b62(22))
ultravox_key = join(b62(8), ".", b62(32))
livekit_key_id = join("API", b62(12))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 25, 2, 25, "the rules for 205 to 209")

TEMPLATES = [
    # ---- secrets: Vapi
    S(
        VA,
        "vapi_private_bearer",
        "$ curl -s https://api.vapi.ai/assistant -H \"Authorization: Bearer {v}\" | jq -r '.[].name'\n"
        "Intake Receptionist\nAfter-hours Triage",
        vapi_key,
    ),
    S(
        VA,
        "vapi_server_sdk_token",
        'from vapi import Vapi\n\nclient = Vapi(token="{v}")\nassistant = client.assistants.get(id="{aid}")',
        vapi_key,
        aid=uuid,
    ),
    S(
        VA,
        "vapi_env_pair",
        "$ cat apps/web/.env.local\nNEXT_PUBLIC_VAPI_PUBLIC_KEY={pub}\nVAPI_PRIVATE_KEY={v}\n"
        "NEXT_PUBLIC_VAPI_ASSISTANT_ID={aid}",
        vapi_key,
        pub=uuid,
        aid=uuid,
        note="private key beside the public key and assistant id, all UUIDs",
    ),
    S(
        VA,
        "vapi_server_secret",
        '  "server": {\n    "url": "https://hooks.kestrelcare.io/vapi/events",\n    "secret": "{v}",\n'
        '    "timeoutSeconds": 20\n  },',
        password(28),
    ),
    # ---- secrets: Retell AI
    S(
        VA,
        "retell_sdk_literal",
        "import Retell from 'retell-sdk';\n\nconst retell = new Retell({ apiKey: '{v}' });",
        retell_key,
    ),
    S(
        VA,
        "retell_create_phone_call",
        "$ curl -X POST https://api.retellai.com/v2/create-phone-call \\\n  -H 'Authorization: Bearer {v}' \\\n"
        "  -H 'Content-Type: application/json' \\\n"
        '  -d \'{"from_number":"+14155550142","to_number":"+14155550199","override_agent_id":"agent_{agent}"}\'',
        retell_key,
        agent=hexl(26),
    ),
    # ---- secrets: Bland AI
    S(
        VA,
        "bland_authorization_header",
        '    headers = {"authorization": "{v}", "Content-Type": "application/json"}\n'
        '    resp = requests.post("https://api.bland.ai/v1/calls", json=payload, headers=headers)',
        bland_key,
    ),
    S(
        VA,
        "bland_byot_twilio_token",
        '$ curl -s -X POST https://api.bland.ai/v1/accounts -H "authorization: $BLAND_API_KEY" \\\n'
        '    -H "Content-Type: application/json" -d \'{"account_sid": "AC{sid}", "auth_token": "{v}"}\'',
        hexl(32),
        sid=hexl(32),
    ),
    # ---- secrets: Synthflow
    S(
        VA,
        "synthflow_bearer",
        'resp = httpx.get("https://api.synthflow.ai/v2/assistants", headers={"Authorization": "Bearer {v}"})',
        b64url(43),
    ),
    # ---- secrets: ElevenLabs Agents
    S(
        VA,
        "elevenlabs_xi_api_key",
        "$ curl -s https://api.elevenlabs.io/v1/convai/agents/agent_{agent} \\\n  -H 'xi-api-key: {v}' | jq .name",
        eleven_key,
        agent=lower_alnum(28),
    ),
    S(
        VA,
        "elevenlabs_sdk_client",
        'from elevenlabs.client import ElevenLabs\n\nelevenlabs = ElevenLabs(api_key="{v}")',
        eleven_key,
    ),
    # ---- secrets: Deepgram in agent configs
    S(
        VA,
        "deepgram_pipecat_service",
        '    stt = DeepgramSTTService(\n        api_key="{v}",\n        live_options=LiveOptions(model="nova-3", language="en-US"),\n    )',
        hexl(40),
    ),
    S(
        VA,
        "deepgram_vapi_credential",
        '$ curl -s -X POST https://api.vapi.ai/credential -H "Authorization: Bearer $VAPI_API_KEY" \\\n'
        '    -H "Content-Type: application/json" -d \'{"provider": "deepgram", "apiKey": "{v}"}\'',
        hexl(40),
    ),
    # ---- secrets: Cartesia
    S(
        VA,
        "cartesia_ws_query",
        "DEBUG  websocket connect wss://api.cartesia.ai/tts/websocket?api_key={v}&cartesia_version=2024-11-13",
        cartesia_key,
    ),
    S(
        VA,
        "cartesia_agent_yaml",
        "tts:\n  provider: cartesia\n  model: sonic-2\n  api_key: {v}\n  voice_id: {voice}",
        cartesia_key,
        voice=uuid,
    ),
    # ---- secrets: PlayHT
    S(
        VA,
        "playht_authorization_header",
        "$ curl --request POST --url https://api.play.ht/api/v2/tts/stream \\\n"
        "     --header 'AUTHORIZATION: {v}' \\\n     --header 'X-USER-ID: {uid}' \\\n"
        "     --header 'content-type: application/json'",
        hexl(32),
        uid=b62(28),
    ),
    S(
        VA,
        "playht_pyht_client",
        'client = Client(\n    user_id="{uid}",\n    api_key="{v}",\n)',
        hexl(32),
        uid=b62(28),
    ),
    # ---- secrets: Hume AI
    S(
        VA,
        "hume_secret_env",
        "# .env (EVI demo)\nNEXT_PUBLIC_HUME_CONFIG_ID={cfg}\nHUME_SECRET_KEY={v}",
        b62(64),
        cfg=uuid,
    ),
    S(
        VA,
        "hume_oauth_basic",
        "$ curl -s -X POST https://api.hume.ai/oauth2-cc/token \\\n  -H 'Content-Type: application/x-www-form-urlencoded' \\\n"
        "  -H 'Authorization: Basic {v}' \\\n  --data 'grant_type=client_credentials'",
        hume_basic,
    ),
    # ---- secrets: Ultravox
    S(
        VA,
        "ultravox_x_api_key",
        "$ curl --request POST --url https://api.ultravox.ai/api/calls \\\n  --header 'X-API-Key: {v}' \\\n"
        '  --header \'Content-Type: application/json\' --data \'{"systemPrompt": "You are Juno.", "voice": "Mark"}\'',
        ultravox_key,
    ),
    S(
        VA,
        "ultravox_docker_env",
        "$ docker run --rm -p 7860:7860 -e ULTRAVOX_API_KEY={v} -e DAILY_SAMPLE_ROOM_URL=https://kestrel.daily.co/lobby"
        " ghcr.io/kestrelcare/voice-bot:0.4.2",
        ultravox_key,
    ),
    # ---- secrets: Daily / Pipecat / LiveKit
    S(
        VA,
        "daily_rest_bearer",
        "$ curl -s -X POST https://api.daily.co/v1/rooms -H 'Content-Type: application/json' \\\n"
        '    -H \'Authorization: Bearer {v}\' -d \'{"properties": {"exp": 1735689600, "eject_at_room_exp": true}}\'',
        hexl(64),
    ),
    S(
        VA,
        "daily_token_in_url",
        "INFO  | bot.py:88 - Join Daily room: https://kestrel.daily.co/front-desk?t={v}",
        daily_meeting_token,
    ),
    S(
        VA,
        "pipecat_cloud_secrets_set",
        "$ pipecat cloud secrets set intake-bot-secrets CARTESIA_API_KEY={v}\n✔ Secret set 'intake-bot-secrets' updated",
        cartesia_key,
    ),
    S(
        VA,
        "livekit_api_secret_flag",
        "$ lk token create --api-key {kid} --api-secret {v} --join --room intake-7 --identity agent-juno --valid-for 2h",
        b62(43),
        kid=livekit_key_id,
    ),
    # ---- look-alikes: public keys and resource ids
    L(
        VA,
        "vapi_public_key",
        "import Vapi from '@vapi-ai/web';\n\nconst vapi = new Vapi('{v}');  // public key, restricted to kestrelcare.io",
        vapi_key,
    ),
    L(VA, "vapi_assistant_id", "await vapi.start('{v}', { variableValues: { clinic: 'Harbourside' } });", uuid),
    L(
        VA,
        "vapi_phone_number_id",
        '{\n  "assistantId": "{aid}",\n  "phoneNumberId": "{v}",\n  "customer": { "number": "+14155550177" }\n}',
        uuid,
        aid=uuid,
    ),
    L(
        VA,
        "vapi_credential_id",
        '{"id":"{v}","orgId":"{org}","provider":"deepgram","createdAt":"2024-09-14T10:22:07.512Z"}',
        uuid,
        org=uuid,
    ),
    L(
        VA,
        "retell_agent_id",
        "const call = await retell.call.createPhoneCall({ from_number: '+14155550142', to_number: '+14155550199',"
        " override_agent_id: '{v}' });",
        join("agent_", hexl(26)),
    ),
    L(
        VA,
        "retell_llm_id",
        '  "response_engine": {\n    "type": "retell-llm",\n    "llm_id": "{v}"\n  },',
        join("llm_", hexl(28)),
        note="same alphabet and length as a Retell key body, different prefix",
    ),
    L(
        VA,
        "retell_masked_key",
        "Settings loaded: RETELL_API_KEY={v} RETELL_WEBHOOK_PATH=/retell/webhook",
        join("key_****", hexl(4)),
    ),
    L(VA, "bland_call_id", '{"status": "success", "call_id": "{v}", "batch_id": null}', uuid),
    L(
        VA,
        "elevenlabs_agent_id",
        '<elevenlabs-convai agent-id="{v}"></elevenlabs-convai>\n'
        '<script src="https://unpkg.com/@elevenlabs/convai-widget-embed" async type="text/javascript"></script>',
        join("agent_", lower_alnum(28)),
    ),
    L(
        VA,
        "elevenlabs_voice_id",
        '        "tts": {"voice_id": "{v}", "model_id": "eleven_flash_v2_5"}',
        b62(20),
    ),
    L(
        VA,
        "elevenlabs_env_ref",
        '$ curl -s https://api.elevenlabs.io/v1/user -H "xi-api-key: {v}" | jq .subscription.tier',
        const("$ELEVENLABS_API_KEY"),
    ),
    L(
        VA,
        "deepgram_key_id",
        '    {\n      "api_key_id": "{v}",\n      "comment": "pipecat-intake-bot",\n      "scopes": ["usage:write"],',
        uuid,
    ),
    L(
        VA,
        "deepgram_project_url",
        '$ curl -s "https://api.deepgram.com/v1/projects/{v}/keys" -H "Authorization: Token $DEEPGRAM_API_KEY"',
        uuid,
    ),
    L(
        VA,
        "cartesia_voice_id",
        'tts = CartesiaTTSService(api_key=os.getenv("CARTESIA_API_KEY"), voice_id="{v}")',
        uuid,
    ),
    L(
        VA,
        "cartesia_placeholder",
        "# .env.example — copy to .env\nCARTESIA_API_KEY={v}\nCARTESIA_VOICE_ID=",
        const("sk_car_<your-key>"),
    ),
    L(
        VA,
        "cartesia_masked",
        "Name          Key              Created\nintake-bot    {v}   2024-10-02",
        join("sk_car_••••", b62(4)),
    ),
    L(
        VA,
        "playht_user_id",
        "$ curl -s https://api.play.ht/api/v2/voices -H \"AUTHORIZATION: $PLAY_HT_API_KEY\" -H 'X-USER-ID: {v}' | jq length",
        b62(28),
        note="the user id is shown beside the secret key as an account identifier",
    ),
    L(VA, "hume_config_id", 'const socket = await hume.empathicVoice.chat.connect({ configId: "{v}" });', uuid),
    L(
        VA,
        "ultravox_call_id",
        '{"callId": "{v}", "created": "2024-11-19T16:04:51.203Z", "joined": null, "maxDuration": "3600s"}',
        uuid,
    ),
    L(
        VA,
        "daily_room_url",
        '  "url": "{v}",\n  "privacy": "private",',
        join("https://kestrel.daily.co/", lower_alnum(20)),
    ),
    L(
        VA,
        "livekit_api_key_id",
        "$ lk project list\n  Name         URL                                    API Key\n"
        "* kestrel      wss://kestrel-{sub}.livekit.cloud          {v}",
        livekit_key_id,
        sub=lower_alnum(8),
        note="LiveKit's API key is the key id; the secret is --api-secret",
    ),
    L(
        VA,
        "gha_secret_ref",
        "      - name: Deploy agent\n        env:\n          DEEPGRAM_API_KEY: {v}\n"
        "        run: pipecat cloud deploy intake-bot --secrets intake-bot-secrets",
        const("${{ secrets.DEEPGRAM_API_KEY }}"),
    ),
    L(
        VA,
        "secret_set_listing",
        "$ pipecat cloud secrets list intake-bot-secrets\n{v}\nDAILY_API_KEY\nDEEPGRAM_API_KEY",
        const("CARTESIA_API_KEY"),
    ),
    L(
        VA,
        "wheel_hash",
        "pipecat-ai==0.0.{minor} \\\n    --hash=sha256:{v}",
        hexl(64),
        minor=join("7", digits(1)),
    ),
    L(
        VA,
        "commit_sha",
        "$ git log -1 --format=%H -- agents/intake/assistant.json\n{v}",
        hexl(40),
    ),
]
