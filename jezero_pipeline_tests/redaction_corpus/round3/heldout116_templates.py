"""A hundred-and-sixteenth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of real-estate data and MLS APIs: Bridge Interactive's
Bridge API (server tokens as an `access_token` query parameter or a bearer header, 32-hex
`ListingKey`s beside them), FBS's Spark API (personal access tokens with `X-SparkApi-User-Agent`,
the `spark_api` gem's `--api_key`/`--api_secret` flags, `OAuthSession`, the `.spark_api_testing`
file with its 26-digit `API_USER`, OAuth keys in the public `openid/authorize` URL), SimplyRETS
(basic auth, the documented `simplyrets:simplyrets` trial credentials), CoreLogic Trestle (OAuth2
client credentials against `/trestle/oidc/connect/token`, `--basic -u` for RETS scope, the JWT
that comes back), MLS Grid (bearer tokens on `api.mlsgrid.com/v2`), ATTOM (`apikey` header),
RentCast (`X-Api-Key`, address-slug property ids), Estated (`token=` query parameter), Repliers
(`REPLIERS-API-KEY` header, `wrangler secret put`), Datafiniti (`/v4/auth` email and password,
bearer tokens, `AV…` record ids), IDX Broker (22-character `accesskey` header) and RETS clients
(PHRETS `setPassword`, user-agent passwords passed positionally), plus a RESO Web API OAuth client
in a .NET config. Secrets sit in curl and httpie commands, code that builds clients, config files,
token responses and request logs; look-alikes are the public ids, placeholders, masks, secret-store
references, commit hashes and checksums the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 110 to 114):
26 of 26 secrets caught, 2 of 23 look-alikes altered (altered: a 32-hex `ListingKey`, SimplyRETS's
documented trial login `simplyrets:simplyrets`).
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
    hexu,
    join,
    lower_alnum,
    password,
    uuid,
)

RE = "realestate"


def _b64url_json(obj: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def trestle_jwt(rng: random.Random) -> str:
    """An RS256 access token in the shape an OIDC token endpoint returns for client credentials."""
    nbf = 1717000000 + rng.randrange(20_000_000)
    header = {"alg": "RS256", "kid": hexu(40)(rng), "typ": "JWT"}
    payload = {
        "nbf": nbf,
        "exp": nbf + 28800,
        "iss": "https://api-trestle.corelogic.com/trestle/oidc",
        "aud": "api",
        "client_id": "trestle_OakHollowRealty" + digits(14)(rng),
        "scope": ["api"],
    }
    return _b64url_json(header) + "." + _b64url_json(payload) + "." + b64url(342)(rng)


def rentcast_id(rng: random.Random) -> str:
    street = rng.choice(("Grand-Lake", "Bluebonnet", "Cedar-Hollow", "Mesquite-Ridge", "Willow-Bend"))
    suffix = rng.choice(("Dr", "Ln", "Ct", "Blvd", "Way"))
    city, state, zip_prefix = rng.choice(
        (("San-Antonio", "TX", "782"), ("Austin", "TX", "787"), ("Phoenix", "AZ", "850"), ("Tampa", "FL", "336"))
    )
    return f"{rng.randrange(100, 9999)}-{street}-{suffix},-{city},-{state}-{zip_prefix}{digits(2)(rng)}"


spark_token = lower_alnum(25)
trestle_client_id = join("trestle_OakHollowRealty", digits(14))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (26, 26, 2, 23, "the rules for 110 to 114")

TEMPLATES: list = [
    # ---- secrets: Bridge Interactive (Zillow Bridge) server tokens
    S(
        RE,
        "bridge_access_token_query",
        '$ curl -s "https://api.bridgedataoutput.com/api/v2/OData/{ds}/Property?access_token={v}&\\$top=5'
        "&\\$select=ListingKey,ListPrice,City\" | jq '.value | length'\n5",
        hexl(32),
        ds=const("actris_ref"),
    ),
    S(
        RE,
        "bridge_settings_constant",
        '# listings/settings.py\nBRIDGE_DATASET = "{ds}"\nBRIDGE_SERVER_TOKEN = "{v}"\n'
        'BRIDGE_BASE_URL = f"https://api.bridgedataoutput.com/api/v2/OData/{BRIDGE_DATASET}"',
        hexl(32),
        ds=const("stellar"),
    ),
    # ---- secrets: Spark API (FBS / Flexmls)
    S(
        RE,
        "spark_testing_file",
        '$ cat .spark_api_testing\nAPI_USER="{user}"\nAPI_ENDPOINT="https://sparkapi.com"\n'
        'API_KEY="{key}"\nAPI_SECRET="{v}"\nexport API_USER API_ENDPOINT API_KEY API_SECRET',
        lower_alnum(25),
        user=join("20", digits(24)),
        key=lower_alnum(25),
    ),
    S(
        RE,
        "spark_bearer_header",
        '$ curl -s https://sparkapi.com/v1/my/account -H "Authorization: Bearer {v}"'
        ' -H "Accept: application/json" -H "X-SparkApi-User-Agent: OakHollowIDX"',
        spark_token,
    ),
    S(
        RE,
        "spark_oauth_session",
        "SparkApi.client.session = SparkApi::Authentication::OAuthSession.new("
        '{ :access_token => "{v}", :refresh_token => "{rt}", :expires_in => 86400 })',
        spark_token,
        rt=lower_alnum(25),
    ),
    S(
        RE,
        "spark_cli_secret_flag",
        "$ bundle exec spark_api --api_key {key} --api_secret {v}\nLoading spark_api gem...\nSparkApi:001:0>",
        lower_alnum(25),
        key=lower_alnum(25),
    ),
    # ---- secrets: SimplyRETS
    S(
        RE,
        "simplyrets_basic_auth",
        "$ curl -s -u oakhollow_{app}:{v} -H 'Accept: application/vnd.simplyrets-v0.1+json'"
        " 'https://api.simplyrets.com/properties?limit=3&status=Active'",
        b62(24),
        app=lower_alnum(6),
    ),
    S(
        RE,
        "simplyrets_wp_option",
        "$ wp option update sr_api_secret '{v}' --path=/var/www/oakhollow\nSuccess: Updated 'sr_api_secret' option.",
        b62(24),
    ),
    # ---- secrets: CoreLogic Trestle
    S(
        RE,
        "trestle_token_request",
        "$ curl -s -X POST https://api-trestle.corelogic.com/trestle/oidc/connect/token"
        ' -H "Content-Type: application/x-www-form-urlencoded"'
        ' -d "client_id={cid}&client_secret={v}&grant_type=client_credentials&scope=api"',
        hexl(32),
        cid=trestle_client_id,
    ),
    S(
        RE,
        "trestle_rets_basic",
        "curl -X POST --output token.json --basic -u {cid}:{v}"
        ' -d "grant_type=client_credentials&scope=rets&client_id={cid}"'
        " 'https://api-trestle.corelogic.com/trestle/oidc/connect/token'",
        hexl(32),
        cid=trestle_client_id,
    ),
    S(
        RE,
        "trestle_token_response",
        '$ cat token.json\n{"access_token":"{v}","expires_in":28800,"token_type":"Bearer","scope":"api"}',
        trestle_jwt,
    ),
    # ---- secrets: MLS Grid
    S(
        RE,
        "mlsgrid_bearer_curl",
        '$ curl --compressed -H "Authorization: Bearer {v}" "https://api.mlsgrid.com/v2/Property?\\$filter='
        "OriginatingSystemName%20eq%20'mred'%20and%20MlgCanView%20eq%20true&\\$top=10\"",
        hexl(40),
    ),
    S(
        RE,
        "mlsgrid_yaml_config",
        "feeds:\n  mlsgrid:\n    base_url: https://api.mlsgrid.com/v2\n    originating_system: northstar\n"
        "    access_token: {v}\n    max_requests_per_second: 2",
        hexl(40),
    ),
    # ---- secrets: ATTOM
    S(
        RE,
        "attom_apikey_header",
        '$ curl -s -H "accept: application/json" -H "apikey: {v}"'
        ' "https://api.gateway.attomdata.com/propertyapi/v1.0.0/property/detail'
        '?address1=4529%20Winona%20Court&address2=Denver%2C%20CO"',
        hexl(32),
    ),
    S(
        RE,
        "attom_powershell_headers",
        'PS> $headers = @{ "apikey" = "{v}"; "Accept" = "application/json" }\n'
        'PS> Invoke-RestMethod -Uri "https://api.gateway.attomdata.com/propertyapi/v1.0.0/avm/detail'
        '?attomid={aid}" -Headers $headers',
        hexl(32),
        aid=digits(9),
    ),
    # ---- secrets: RentCast
    S(
        RE,
        "rentcast_httpie",
        "$ http GET https://api.rentcast.io/v1/avm/rent/long-term"
        " address=='5500 Grand Lake Dr, San Antonio, TX 78244' propertyType==Single%20Family X-Api-Key:{v}",
        hexl(32),
    ),
    S(
        RE,
        "rentcast_axios_client",
        "const rentcast = axios.create({\n  baseURL: 'https://api.rentcast.io/v1',\n"
        "  headers: { 'X-Api-Key': '{v}', Accept: 'application/json' },\n});",
        hexl(32),
    ),
    # ---- secrets: Estated
    S(
        RE,
        "estated_token_in_log",
        "2024-06-11 14:22:07,913 INFO httpx: HTTP Request: GET https://apis.estated.com/v4/property?token={v}"
        '&combined_address=151%20Battle%20Green%20Dr%2C%20Rochester%2C%20NY%2014624 "HTTP/1.1 200 OK"',
        b62(30),
    ),
    # ---- secrets: Repliers
    S(
        RE,
        "repliers_header",
        '$ curl -s "https://api.repliers.io/listings?city=Toronto&minBedrooms=3&resultsPerPage=5"'
        ' -H "REPLIERS-API-KEY: {v}" -H "Content-Type: application/json"',
        b62(30),
    ),
    S(
        RE,
        "repliers_wrangler_secret",
        "$ echo '{v}' | npx wrangler secret put REPLIERS_API_KEY\n"
        '🌀 Creating the secret for the Worker "repliers-proxy"\n✨ Success! Uploaded secret REPLIERS_API_KEY',
        b62(30),
    ),
    # ---- secrets: Datafiniti
    S(
        RE,
        "datafiniti_bearer_search",
        "$ curl -s -X POST https://api.datafiniti.co/v4/properties/search"
        ' -H "Authorization: Bearer {v}" -H "Content-Type: application/json"'
        ' -d \'{"query": "city:Austin AND mostRecentStatus:\\"For Sale\\"", "num_records": 10}\'',
        lower_alnum(32),
    ),
    S(
        RE,
        "datafiniti_auth_password",
        '$ curl -s -X POST https://api.datafiniti.co/v4/auth -H "Content-Type: application/json"'
        ' -d \'{"email": "data@oakhollow.io", "password": "{v}"}\'',
        password(16),
    ),
    # ---- secrets: IDX Broker, RETS clients, a RESO Web API client
    S(
        RE,
        "idxbroker_accesskey_php",
        "$headers = array(\n    'Content-Type: application/x-www-form-urlencoded',\n"
        "    'accesskey: {v}',\n    'outputtype: json',\n);",
        b62(22),
    ),
    S(
        RE,
        "phrets_set_password",
        "$config->setLoginUrl('http://rets.oakhollowmls.com:6103/rets/login')\n"
        "        ->setUsername('OAK_RETS_{num}')\n        ->setPassword('{v}')\n        ->setRetsVersion('1.7.2');",
        password(12),
        num=digits(2),
    ),
    S(
        RE,
        "rets_ua_password_positional",
        'session = RetsSession("OAK{num}", os.environ["RETS_PASSWORD"], "OakHollowSync/2.1", "{v}",'
        ' "RETS/1.7.2", "http://rets.oakhollowmls.com/rets/login")',
        b62(14),
        num=digits(3),
    ),
    S(
        RE,
        "reso_client_secret_xml",
        '  <appSettings>\n    <add key="ResoTokenUri" value="https://api-trestle.corelogic.com/trestle/oidc/connect/token" />\n'
        '    <add key="ResoClientId" value="{cid}" />\n    <add key="ResoClientSecret" value="{v}" />\n  </appSettings>',
        hexl(32),
        cid=trestle_client_id,
    ),
    # ---- look-alikes: public ids beside the credentials
    L(
        RE,
        "bridge_listing_key",
        '      "ListingKey": "{v}",\n      "ListingId": "A{lid}",\n      "StandardStatus": "Active",\n'
        '      "ListPrice": 489000,',
        hexl(32),
        lid=digits(8),
    ),
    L(
        RE,
        "spark_api_user",
        'API_USER="{v}"\nAPI_ENDPOINT="https://sparkapi.com"',
        join("20", digits(24)),
    ),
    L(
        RE,
        "spark_listing_id",
        '  "D": {\n    "Success": true,\n    "Results": [\n      {\n        "ResourceUri": "/v1/listings/{v}",\n'
        '        "Id": "{v}",',
        join("20", digits(24)),
    ),
    L(
        RE,
        "spark_oauth_client_id",
        "Redirecting to https://sparkplatform.com/openid/authorize?client_id={v}&scope=openid&response_type=code"
        "&redirect_uri=https%3A%2F%2Foakhollow.io%2Fauth%2Fspark%2Fcallback&state={st}",
        lower_alnum(25),
        st=hexl(16),
    ),
    L(RE, "spark_user_agent", '-H "X-SparkApi-User-Agent: {v}"', const("OakHollowIDX/3.2")),
    L(
        RE,
        "trestle_client_id",
        "TRESTLE_CLIENT_ID={v}\nTRESTLE_TOKEN_URL=https://api-trestle.corelogic.com/trestle/oidc/connect/token",
        trestle_client_id,
    ),
    L(
        RE,
        "listing_uuid",
        '{"id": "{v}", "events": ["listing.updated", "listing.sold"], "url": "https://oakhollow.io/hooks/repliers"}',
        uuid,
    ),
    L(
        RE,
        "attom_id",
        '    "identifier": {\n      "Id": {pid},\n      "fips": "08031",\n      "attomId": {v}',
        digits(9),
        pid=digits(8),
    ),
    L(
        RE,
        "rentcast_property_id",
        '    "id": "{v}",\n    "propertyType": "Single Family",\n    "bedrooms": 3,',
        rentcast_id,
    ),
    L(
        RE,
        "datafiniti_record_id",
        '  "records": [\n    {\n      "id": "{v}",\n      "address": "3900 Eventide Ave",',
        join("AV", b64url(18)),
    ),
    # ---- look-alikes: documented demo credentials and placeholders
    L(
        RE,
        "simplyrets_demo_credentials",
        "$ curl -s -u {v} 'https://api.simplyrets.com/properties?limit=2'   # trial data, documented login",
        const("simplyrets:simplyrets"),
    ),
    L(
        RE,
        "trestle_doc_placeholder",
        "client_id=<CLIENT_ID>&client_secret={v}&grant_type=client_credentials&scope=api",
        const("<CLIENT_SECRET>"),
    ),
    L(
        RE,
        "rentcast_placeholder",
        "curl --request GET --url 'https://api.rentcast.io/v1/properties?city=Austin&state=TX'"
        " --header 'X-Api-Key: {v}'",
        const("YOUR_API_KEY"),
    ),
    L(
        RE,
        "estated_placeholder",
        "GET https://apis.estated.com/v4/property?token={v}&fips=53035&apn=012201-2-015-2007",
        const("YOUR_TOKEN_HERE"),
    ),
    L(
        RE,
        "attom_env_example",
        "# .env.example\nATTOM_API_KEY={v}\nATTOM_BASE_URL=https://api.gateway.attomdata.com",
        const("x" * 32),
    ),
    # ---- look-alikes: references to a secret store and masks
    L(
        RE,
        "bridge_env_ref",
        'curl -s "https://api.bridgedataoutput.com/api/v2/OData/test/Property?access_token={v}&\\$top=1"',
        const("${BRIDGE_SERVER_TOKEN}"),
    ),
    L(
        RE,
        "mlsgrid_gha_ref",
        "      - run: python -m sync.mlsgrid --since 2024-06-01\n        env:\n          MLSGRID_TOKEN: {v}",
        const("${{ secrets.MLSGRID_TOKEN }}"),
    ),
    L(
        RE,
        "repliers_env_ref",
        'headers = {"REPLIERS-API-KEY": {v}, "Content-Type": "application/json"}\n'
        'resp = requests.get("https://api.repliers.io/listings", headers=headers, params={"city": "Toronto"})',
        const('os.environ["REPLIERS_API_KEY"]'),
    ),
    L(
        RE,
        "idxbroker_getenv",
        "define( 'IDX_BROKER_API_KEY', {v} );",
        const("getenv( 'IDX_BROKER_API_KEY' )"),
    ),
    L(
        RE,
        "attom_masked_key",
        "Application: oakhollow-valuations   Status: Active\nAPI Key: {v}   Created: 2024-02-09",
        join("*" * 28, hexl(4)),
    ),
    L(
        RE,
        "trestle_masked_secret",
        '{\n  "Reso": {\n    "ClientId": "trestle_OakHollowRealty20230914120455",\n    "ClientSecret": "{v}"\n  }\n}',
        const("********"),
    ),
    # ---- look-alikes: hashes
    L(
        RE,
        "commit_sha",
        "$ pip install 'reso-sync @ git+https://github.com/oakhollow/reso-sync@{v}'",
        hexl(40),
    ),
    L(
        RE,
        "export_checksum",
        "$ sha256sum exports/datafiniti_austin_properties.csv\n{v}  exports/datafiniti_austin_properties.csv",
        hexl(64),
    ),
]
