"""A two-hundred-and-thirty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of shared-mobility and parking APIs: the Open Mobility
Foundation's Mobility Data Specification (Agency/Provider bearer JWTs carrying a `provider_id`
claim, OAuth client_credentials, the `application/vnd.mds.provider+json` media type, agency JWKS),
Voi's MDS token endpoint (HTTP basic `-u user:password`), Dott's MDS provider service, Lime (partner
GBFS feeds, the rider API's bearer JWT and `_limebike-web_session` cookie as the WoBike notes show),
Bird (the `Authorization: Bird <token>` header, `Device-Id` GUIDs, access/refresh pairs), TIER's
Python SDK (`TIER(api_token=...)`), Uber (legacy server tokens as `Authorization: Token`,
client_credentials at auth.uber.com, `KA.` access tokens, webhook signatures), Lyft (client id and
secret as basic auth, Fernet-style access tokens), ParkWhiz / Arrive v4 (Doorkeeper OAuth: hex
client uid and secret, bearer tokens, the `parkwhiz` gem's `api_key`), the Flowbird HUB (OAuth2
plus client certificates: PKCS#12 passphrases, curl `--cert file:pass`, thumbprints), Passport
Parking (`client_id`/`client_secret`), the Mobility Database catalog API (long-lived refresh
token, one-hour bearer), and GBFS loaders that add auth headers (entur's gbfs-loader), as well as
city-side MDS ingest configs (Populus / Ride Report style). Secrets stand in commands, headers,
cookies, JSON/YAML/INI, Java/Python/JS code, and tool output; look-alikes are the public ids
documented beside them (provider and device UUIDs, OAuth client ids, GUIDs, JWKS moduli,
fingerprints, checksums, commit SHAs, webhook signatures, secret-store ARNs and references,
masked values and placeholders).

First score, blind, before any rule changed for it (after the rules for 210 to 224):
26 of 26 secrets caught, 0 of 23 look-alikes altered (nothing missed or altered).
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
    hexu,
    join,
    lower_alnum,
    password,
    pick,
    upper_alnum,
    uuid,
)

MOB = "mobility"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(alg: str = "RS256", sig_len: int = 342, claims=None):
    """A signed JWT: real base64url JSON header and payload around a random signature."""

    def make(rng: random.Random) -> str:
        header = {"alg": alg, "typ": "JWT"}
        payload = {"sub": uuid(rng), "iat": 1718000000 + rng.randrange(10**7)}
        payload["exp"] = payload["iat"] + rng.choice((900, 3600, 86400))
        if claims:
            for k, maker in claims.items():
                payload[k] = maker(rng)
        return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(sig_len)(rng)

    return make


def upper_uuid(rng: random.Random) -> str:
    return uuid(rng).upper()


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


mds_agency_jwt = jwt(claims={"provider_id": uuid, "iss": const("https://auth.mds.cityofportsmouth.gov/")})
bird_jwt = jwt(alg="HS512", sig_len=86, claims={"device_id": upper_uuid})
lime_jwt = jwt(alg="HS256", sig_len=43, claims={"user_token": upper_alnum(13)})
mdb_access = jwt(sig_len=342, claims={"aud": const("mobility-feeds-prod")})
lime_cookie = join(b64(172), "%3D%3D--", hexl(40))
uber_access = join("KA.", b64url(220))
lyft_access = join("gAAAAAB", b64url(181), "=")
firebase_refresh = join("AMf-vB", b64url(210))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 0, 23, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: MDS agency / provider tokens
    S(
        MOB,
        "mds_agency_bearer",
        "$ curl -sS -G https://mds.cityofportsmouth.gov/provider/trips --data-urlencode 'end_time=2024-06-11T14'"
        ' -H "Accept: application/vnd.mds.provider+json;version=2.0" -H "Authorization: Bearer {v}" | jq ".trips | length"',
        mds_agency_jwt,
    ),
    S(
        MOB,
        "voi_mds_basic_password",
        "$ curl -X POST -u 'portsmouth-city:{v}' -d grant_type=client_credentials"
        ' -H "Content-Type: application/x-www-form-urlencoded" https://mds.voiapp.io/token',
        password(20),
    ),
    S(
        MOB,
        "mds_token_response",
        '{\n    "access_token": "{v}",\n    "expires_in": 900,\n    "token_type": "bearer"\n}',
        b64url(43),
    ),
    S(
        MOB,
        "dott_mds_env",
        "# services/mds-ingest/.env\nDOTT_MDS_TOKEN_URL=https://mds.api.ridedott.com/oauth/token\n"
        "DOTT_MDS_CLIENT_ID={cid}\nDOTT_MDS_CLIENT_SECRET={v}\nDOTT_MDS_VERSION=2.0",
        b62(48),
        cid=lower_alnum(24),
    ),
    S(
        MOB,
        "city_ingest_yaml",
        "providers:\n  lime:\n    provider_id: {pid}\n    mds_api_url: https://data.lime.bike/api/partners/v2/mds/portsmouth\n"
        "    auth_type: Bearer\n    token: {v}\n    version: '2.0'",
        jwt(sig_len=342),
        pid=uuid,
    ),
    S(
        MOB,
        "ingest_docker_env",
        "$ docker run --rm -e MDS_PROVIDER=spin -e MDS_PROVIDER_TOKEN={v} -e PG_HOST=db ghcr.io/portsmouth-dot/mds-ingest:1.8.2 "
        "--since 2024-06-01",
        b64url(64),
    ),
    # ---- secrets: scooter rider APIs (Lime, Bird, TIER)
    S(
        MOB,
        "lime_rider_bearer",
        "curl --request GET --url 'https://web-production.lime.bike/api/rider/v1/views/map?ne_lat=50.83&ne_lng=-1.05"
        "&sw_lat=50.78&sw_lng=-1.11&zoom=16' --header 'authorization: Bearer {v}'",
        lime_jwt,
    ),
    S(
        MOB,
        "lime_session_cookie",
        "# Netscape HTTP Cookie File\n#HttpOnly_web-production.lime.bike\tFALSE\t/\tTRUE\t0\t_limebike-web_session\t{v}",
        lime_cookie,
    ),
    S(
        MOB,
        "bird_auth_header",
        'headers = {\n    "Authorization": "Bird {v}",\n    "Device-Id": "{dev}",\n'
        '    "App-Version": "4.195.0",\n    "Platform": "ios",\n}',
        bird_jwt,
        dev=upper_uuid,
    ),
    S(
        MOB,
        "bird_refresh_token",
        "$ jq -r .refresh ~/.config/bird-scraper/session.json\n{v}",
        bird_jwt,
    ),
    S(
        MOB,
        "tier_sdk_token",
        'from tier import TIER\n\ntier = TIER(api_token="{v}")\nvehicles = tier.vehicles.in_radius(52.548977, 13.437837, 500)',
        b62(40),
    ),
    # ---- secrets: Uber and Lyft developer credentials
    S(
        MOB,
        "uber_server_token",
        "$ curl -H 'Authorization: Token {v}' 'https://api.uber.com/v1.2/products?latitude=50.7989&longitude=-1.0912'",
        b64url(40),
    ),
    S(
        MOB,
        "uber_client_secret_form",
        "curl -X POST https://auth.uber.com/oauth/v2/token -d grant_type=client_credentials"
        " -d client_id={cid} -d client_secret={v} -d scope=eats.deliveries",
        b64url(40),
        cid=b64url(32),
    ),
    S(
        MOB,
        "uber_access_token_output",
        ">>> resp.json()\n{'access_token': '{v}', 'expires_in': 2592000, 'token_type': 'Bearer', 'scope': 'eats.deliveries'}",
        uber_access,
    ),
    S(
        MOB,
        "lyft_basic_user",
        'curl -X POST -H "Content-Type: application/json" --user "{cid}:{v}"'
        ' -d \'{"grant_type": "client_credentials", "scope": "public"}\' https://api.lyft.com/oauth/token',
        b64url(32),
        cid=b62(12),
    ),
    S(
        MOB,
        "lyft_access_token_json",
        '  "token_type": "Bearer",\n  "access_token": "{v}",\n  "expires_in": 86400,\n  "scope": "public"',
        lyft_access,
    ),
    # ---- secrets: parking (ParkWhiz / Arrive, Flowbird HUB, Passport)
    S(
        MOB,
        "parkwhiz_client_secret",
        "$ http --form POST https://api.parkwhiz.com/v4/oauth/token grant_type=client_credentials"
        " client_id={cid} client_secret={v} scope=partner",
        hexl(64),
        cid=hexl(64),
    ),
    S(
        MOB,
        "parkwhiz_bearer_request",
        "GET /v4/quotes/?q=coordinates:41.8857,-87.6225&start_time=2024-06-14T18:00 HTTP/1.1\n"
        "Host: api.parkwhiz.com\nAuthorization: Bearer {v}\nAccept: application/json",
        hexl(64),
    ),
    S(
        MOB,
        "parkwhiz_gem_api_key",
        "# config/initializers/parkwhiz.rb\nParkwhiz.api_key = '{v}'",
        hexl(32),
    ),
    S(
        MOB,
        "flowbird_curl_cert_pass",
        "$ curl --cert './certs/hub-client.pem:{v}' --key ./certs/hub-client.key"
        " https://api.flowbirdhub.com/parking-sessions/v1/sessions?zone=4417",
        password(16),
    ),
    S(
        MOB,
        "flowbird_appsettings",
        '  "FlowbirdHub": {\n    "TokenUrl": "https://auth.flowbirdhub.com/oauth2/token",\n'
        '    "ClientId": "{cid}",\n    "ClientSecret": "{v}",\n    "Scope": "sessions.read rights.read"\n  }',
        b62(44),
        cid=uuid,
    ),
    S(
        MOB,
        "pkcs12_passout",
        "$ openssl pkcs12 -export -in hub-client.crt -inkey hub-client.key -out hub-client.p12 -passout pass:{v}",
        b62(18),
    ),
    S(
        MOB,
        "passport_client_secret",
        "const client = new PassportParking({\n  client_id: '{cid}',\n  client_secret: '{v}',\n  environment: 'sandbox',\n});",
        b62(40),
        cid=uuid,
    ),
    # ---- secrets: feed catalogs and GBFS loaders
    S(
        MOB,
        "mobility_db_refresh",
        "export MOBILITY_API_REFRESH_TOKEN={v}",
        firebase_refresh,
    ),
    S(
        MOB,
        "mobility_db_bearer",
        '$ curl -s "https://api.mobilitydatabase.org/v1/gbfs_feeds?country_code=NO&limit=5"'
        ' -H "Authorization: Bearer {v}"',
        mdb_access,
    ),
    S(
        MOB,
        "gbfs_loader_header",
        "GbfsV3Loader loader = GbfsLoader.gbfsV3Loader(\n"
        '    "https://mds.api.ridedott.com/gbfs/3.0/oslo/gbfs.json",\n'
        '    Map.of("Authorization", "Bearer {v}"),\n    null,\n    null\n);',
        b64url(48),
    ),
    # ---- look-alikes: public identifiers
    L(
        MOB,
        "mds_provider_id",
        "$ grep -i lime mobility-data-specification/providers.csv\n"
        "Lime,{v},https://www.li.me,https://data.lime.bike/api/partners/v2/mds,https://data.lime.bike/api/partners/v2/gbfs",
        uuid,
    ),
    L(
        MOB,
        "mds_device_id",
        '      {\n        "device_id": "{v}",\n        "vehicle_type": "scooter",\n'
        '        "propulsion_types": ["electric"],\n        "vehicle_state": "available"',
        uuid,
    ),
    L(
        MOB,
        "bird_device_guid",
        '"Device-Id": "{v}",  # any random GUID works, reuse it across calls',
        upper_uuid,
    ),
    L(
        MOB,
        "gbfs_vehicle_id",
        '{"vehicle_id": "{v}", "lat": 50.7991, "lon": -1.0897, "is_reserved": false, "is_disabled": false,'
        ' "vehicle_type_id": "lime_scooter_gen4"}',
        upper_alnum(13),
    ),
    L(
        MOB,
        "uber_client_id",
        "curl -X POST https://auth.uber.com/oauth/v2/token -d grant_type=client_credentials"
        ' -d client_id={v} -d "client_secret=$UBER_CLIENT_SECRET" -d scope=eats.deliveries',
        b64url(32),
    ),
    L(
        MOB,
        "uber_product_id",
        '      "product_id": "{v}",\n      "display_name": "UberX",\n      "capacity": 4,',
        uuid,
    ),
    L(MOB, "uber_webhook_signature", "X-Uber-Signature: {v}\nContent-Type: application/json", hexl(64)),
    L(
        MOB,
        "lyft_client_id",
        'curl -X POST --user "{v}:$LYFT_CLIENT_SECRET" -H "Content-Type: application/json"'
        ' -d \'{"grant_type": "client_credentials", "scope": "public"}\' https://api.lyft.com/oauth/token',
        b62(12),
    ),
    L(
        MOB,
        "lyft_ride_id",
        '{"ride_id": "{v}", "status": "pending", "ride_type": "lyft", "passenger": {"first_name": "Dana"}}',
        digits(19),
    ),
    L(
        MOB,
        "parkwhiz_client_uid",
        "PARKWHIZ_CLIENT_ID={v}\nPARKWHIZ_CLIENT_SECRET=${PARKWHIZ_CLIENT_SECRET:?set in vault}",
        hexl(64),
    ),
    L(
        MOB,
        "gem_checksum",
        "$ gem fetch parkwhiz -v 0.4.0 && sha256sum parkwhiz-0.4.0.gem\n{v}  parkwhiz-0.4.0.gem",
        hexl(64),
    ),
    L(
        MOB,
        "flowbird_cert_fingerprint",
        "$ openssl x509 -noout -fingerprint -sha256 -in certs/hub-client.crt\nsha256 Fingerprint={v}",
        colon_hex(32),
    ),
    L(
        MOB,
        "mds_jwks_modulus",
        '{"keys": [{"kty": "RSA", "use": "sig", "alg": "RS256", "kid": "mds-2024-06", "n": "{v}", "e": "AQAB"}]}',
        b64url(342),
    ),
    L(
        MOB,
        "gbfs_commit_sha",
        "$ git ls-remote https://github.com/MobilityData/gbfs refs/tags/v3.0\n{v}\trefs/tags/v3.0",
        hexl(40),
    ),
    L(
        MOB,
        "passport_client_id",
        "PASSPORT_CLIENT_ID={v}\nPASSPORT_ENV=sandbox",
        uuid,
    ),
    # ---- look-alikes: references, masks, placeholders
    L(
        MOB,
        "gha_secret_ref",
        "      - name: Pull MDS trips\n        env:\n          VOI_MDS_PASSWORD: {v}\n"
        "          MDS_VERSION: '2.0'\n        run: python -m ingest.voi --date ${{ env.RUN_DATE }}",
        const("${{ secrets.VOI_MDS_PASSWORD }}"),
    ),
    L(
        MOB,
        "keyvault_ref",
        '    "ClientSecret": "{v}",',
        join(
            "@Microsoft.KeyVault(SecretUri=https://kv-parking-prod.vault.azure.net/secrets/flowbird-hub-secret/",
            hexl(32),
            ")",
        ),
    ),
    L(
        MOB,
        "secret_arn",
        "$ aws secretsmanager describe-secret --secret-id prod/mds/lime-token --query ARN --output text\n{v}",
        join(
            "arn:aws:secretsmanager:us-west-2:",
            digits(12),
            ":secret:prod/mds/lime-token-",
            pick("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 6),
        ),
    ),
    L(
        MOB,
        "masked_bearer",
        "2024-06-11T14:03:22Z INFO mds_ingest.client GET /provider/trips 200 auth=Bearer {v}",
        join("*" * 36, hexl(4)),
    ),
    L(
        MOB,
        "env_lookup",
        "tier = TIER(api_token={v})",
        const('os.environ["TIER_API_TOKEN"]'),
    ),
    L(
        MOB,
        "placeholder",
        "# .env.example\nUBER_CLIENT_ID=\nUBER_SERVER_TOKEN={v}",
        const("YOUR_SERVER_TOKEN_HERE"),
    ),
    L(
        MOB,
        "placeholder",
        "LYFT_CLIENT_SECRET={v}   # replace with the secret from the developer portal",
        const("x" * 32),
    ),
    L(
        MOB,
        "placeholder",
        "    auth_type: Bearer\n    token: {v}",
        const("<mds-provider-token>"),
    ),
]
