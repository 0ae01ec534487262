"""A ninety-fifth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of API gateways and API management platforms: Kong Gateway and Konnect
(personal and system-account access tokens `kpat_`/`spat_` in a decK flag and a bearer header,
`KONG_PASSWORD` on `docker run`, a key-auth credential returned by the Admin API, vault references,
control-plane ids), Apigee (developer-app consumer key and secret, a client-credentials call with
`curl -u key:secret`, app ids, `gcloud auth print-access-token`), Azure API Management (32-hex
subscription keys in the `Ocp-Apim-Subscription-Key` header, the `subscription-key` query parameter and
`listSecrets` output, the direct-management `SharedAccessSignature` header, subscription resource ids,
named-value `{{…}}` references), AWS API Gateway (usage-plan API keys from `get-api-key --include-value`
and in the `x-api-key` header, key ids, REST API ids in execute-api hosts, usage-plan ids), Tyk (the
gateway `secret` in tyk.conf, org-id-prefixed keys and the base64-JSON keys issued when a hash function
is set, tyk-sync's dashboard secret, org ids, api ids, key hashes, KV references), Gravitee (UUID API
keys in `X-Gravitee-Api-Key`, the management `jwt.secret`, plan ids), KrakenD Enterprise (`auth/api-keys`
keys, a symmetric JWK for the signer, a JWK thumbprint `kid`, flexible-config env templates), Zuplo
(`zpka_<32>_<8>` keys for the CLI and for consumers, `$env()` references), RapidAPI (`msh`/`jsn` keys in
`x-rapidapi-key`, the `SIGN-UP-FOR-KEY` placeholder), Postman (a `PMAK-` API key for `postman login
--with-api-key`, a `PMAT-` collection access key in a newman URL, collection uids, an `.env.example`
placeholder) and Stoplight (`stoplight push --ci-token`), in commands, config files, code and tool
output, with the public ids, references, placeholders and masks the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 90 to 94):
24 of 26 secrets caught, 1 of 23 look-alikes altered (missed: a key after tyk-sync's `-s`, a KrakenD
UUID key under `key:` in its list of keys; altered: RapidAPI's `SIGN-UP-FOR-KEY`).
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
    password,
    pick,
    uuid,
)

AG = "apigw"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def tyk_hashed_key(rng: random.Random) -> str:
    """A Tyk key as issued when `hash_key_function` is set: base64 of {"org","id","h"}."""
    doc = {"org": hexl(24)(rng), "id": hexl(32)(rng), "h": "murmur64"}
    return base64.b64encode(json.dumps(doc, separators=(",", ":")).encode()).decode()


rapidapi_key = join(hexl(10), "msh", hexl(15), "p", hexl(6), "jsn", hexl(12))
postman_key = join("PMAK-", hexl(24), "-", hexl(34))
zuplo_key = join("zpka_", hexl(32), "_", hexl(8))
collection_uid = join(digits(8), "-", uuid)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 1, 23, "the rules for 90 to 94")

TEMPLATES = [
    # ---- secrets: Kong Gateway and Konnect
    S(
        AG,
        "konnect_pat_deck_flag",
        "$ deck gateway sync kong.yaml --konnect-token {v} --konnect-control-plane-name payments-prod"
        "\ncreating service orders-api\ncreating route orders-v2\nSummary:\n  Created: 2\n  Updated: 0\n  Deleted: 0",
        join("kpat_", b62(49)),
    ),
    S(
        AG,
        "konnect_spat_bearer",
        "curl -s 'https://eu.api.konghq.com/v2/control-planes?page[size]=10' \\\n"
        "  --header 'Authorization: Bearer {v}' | jq '.data[].name'",
        join("spat_", b62(49)),
    ),
    S(
        AG,
        "kong_key_auth_response",
        '$ http POST :8001/consumers/acme-partner/key-auth\nHTTP/1.1 201 Created\n{"consumer":{"id":"{cid}"},'
        '"created_at":1718012345,"id":"{kid}","key":"{v}","tags":null,"ttl":null}',
        b62(32),
        cid=uuid,
        kid=uuid,
    ),
    S(
        AG,
        "kong_password_env",
        'docker run -d --name kong-gateway --network=kong-net -e "KONG_DATABASE=postgres" -e "KONG_PG_HOST=kong-db" \\\n'
        '  -e "KONG_ENFORCE_RBAC=on" -e "KONG_ADMIN_GUI_AUTH=basic-auth" -e \'KONG_PASSWORD={v}\' \\\n'
        "  -p 8000:8000 -p 8443:8443 kong/kong-gateway:3.7",
        password(20),
    ),
    # ---- secrets: Apigee
    S(
        AG,
        "apigee_consumer_secret",
        '  "credentials": [\n    {\n      "consumerKey": "{ck}",\n      "consumerSecret": "{v}",\n'
        '      "issuedAt": "1718023312445",\n      "expiresAt": "-1",\n      "status": "approved",',
        b62(64),
        ck=b62(48),
    ),
    S(
        AG,
        "apigee_client_credentials",
        "curl -X POST 'https://northwind-test.apigee.net/oauth/client_credential/accesstoken?grant_type=client_credentials'"
        " \\\n  -u {ck}:{v} -H 'Content-Type: application/x-www-form-urlencoded'",
        b62(16),
        ck=b62(32),
    ),
    # ---- secrets: Azure API Management
    S(
        AG,
        "apim_subscription_header",
        'Invoke-RestMethod -Uri "https://contoso-apim.azure-api.net/orders/v1/orders?status=open" `\n'
        '  -Headers @{ "Ocp-Apim-Subscription-Key" = "{v}" }',
        hexl(32),
    ),
    S(
        AG,
        "apim_subscription_query",
        "GET https://contoso-apim.azure-api.net/echo/resource?param1=sample&subscription-key={v} HTTP/1.1",
        hexl(32),
    ),
    S(
        AG,
        "apim_list_secrets",
        '$ az rest --method post --uri "https://management.azure.com/subscriptions/{azsub}/resourceGroups/rg-api/'
        'providers/Microsoft.ApiManagement/service/contoso-apim/subscriptions/mobile-app/listSecrets?api-version=2022-08-01"'
        " --query primaryKey -o tsv\n{v}",
        hexl(32),
        azsub=uuid,
    ),
    S(
        AG,
        "apim_sas_header",
        "Authorization: SharedAccessSignature integration&202611300500&{v}",
        join(b64(86), "=="),
    ),
    # ---- secrets: AWS API Gateway
    S(
        AG,
        "aws_get_api_key_output",
        '$ aws apigateway get-api-key --api-key {kid} --include-value\n{\n    "id": "{kid}",\n    "value": "{v}",\n'
        '    "name": "partner-acme",\n    "enabled": true,\n    "stageKeys": []\n}',
        b62(40),
        kid=lower_alnum(10),
    ),
    S(
        AG,
        "aws_x_api_key_header",
        'import requests\n\nresp = requests.get(\n    f"https://{rid}.execute-api.eu-west-1.amazonaws.com/prod/orders/{order_id}",\n'
        '    headers={"x-api-key": "{v}"},\n    timeout=10,\n)',
        b62(40),
        rid=lower_alnum(10),
    ),
    # ---- secrets: Tyk
    S(
        AG,
        "tyk_conf_secret",
        '$ cat /opt/tyk-gateway/tyk.conf | head -6\n{\n  "listen_port": 8080,\n  "secret": "{v}",\n'
        '  "node_secret": "{v}",\n  "template_path": "/opt/tyk-gateway/templates",\n  "use_db_app_configs": false,',
        hexl(32),
    ),
    S(
        AG,
        "tyk_hashed_key",
        "$ curl -s https://gw.northwind.dev/orders/v1/health -H 'Authorization: {v}'",
        tyk_hashed_key,
    ),
    S(
        AG,
        "tyk_key_created",
        '{"key":"{v}","status":"ok","action":"added","key_hash":"{kh}"}',
        join(hexl(24), hexl(32)),
        kh=hexl(16),
    ),
    S(
        AG,
        "tyk_sync_secret",
        "$ tyk-sync dump -d http://tyk-dashboard.tyk.svc:3000 -s {v} -t ./tyk-config",
        hexl(32),
    ),
    # ---- secrets: Gravitee
    S(
        AG,
        "gravitee_api_key_header",
        "$ curl -s https://apim-gateway.northwind.io/petstore/v1/pets -H 'X-Gravitee-Api-Key: {v}'",
        uuid,
    ),
    S(
        AG,
        "gravitee_jwt_secret",
        "# gravitee.yml (management API)\njwt:\n  secret: {v}\n  expire-after: 604800\n  cookie-secure: true",
        b62(43),
    ),
    # ---- secrets: KrakenD
    S(
        AG,
        "krakend_api_keys",
        '    "auth/api-keys": {\n      "strategy": "header",\n      "identifier": "X-Key",\n      "keys": [\n'
        '        { "key": "{v}", "roles": ["partner"], "@description": "acme" }',
        uuid,
    ),
    S(
        AG,
        "krakend_symmetric_jwk",
        '$ cat config/jwk_private_key.json\n{"keys":[{"kty":"oct","alg":"HS256","kid":"sim2","k":"{v}"}]}',
        b64url(43),
    ),
    # ---- secrets: Zuplo, RapidAPI, Postman, Stoplight
    S(
        AG,
        "zuplo_cli_api_key",
        "$ npx zuplo deploy --project orders-gateway --environment main --api-key {v}",
        zuplo_key,
    ),
    S(
        AG,
        "zuplo_consumer_bearer",
        'const res = await fetch("https://orders-gateway-main-8c1d2e4.zuplo.app/v1/orders", {\n'
        '  headers: { Authorization: "Bearer {v}" },\n});',
        zuplo_key,
    ),
    S(
        AG,
        "rapidapi_key",
        "const options = {\n  method: 'GET',\n  url: 'https://weatherapi-com.p.rapidapi.com/current.json',\n"
        "  params: {q: '52.37,4.89'},\n  headers: {\n    'x-rapidapi-key': '{v}',\n"
        "    'x-rapidapi-host': 'weatherapi-com.p.rapidapi.com'\n  }\n};",
        rapidapi_key,
    ),
    S(
        AG,
        "postman_cli_login",
        "      - name: Login to Postman CLI\n        run: postman login --with-api-key {v}",
        postman_key,
    ),
    S(
        AG,
        "postman_collection_access_key",
        "$ newman run 'https://api.postman.com/collections/{uid}?access_key={v}' -e staging.postman_environment.json",
        join("PMAT-", pick(CROCKFORD, 26)),
        uid=collection_uid,
    ),
    S(
        AG,
        "stoplight_ci_token",
        "$ npx @stoplight/cli push --ci-token {v} --directory ./reference --branch main",
        b62(36),
    ),
    # ---- look-alikes: public ids
    L(
        AG,
        "konnect_control_plane_id",
        "$ kongctl get control-planes -o json | jq '.[0] | {id, name}'\n{\n"
        '  "id": "{v}",\n  "name": "payments-prod"\n}',
        uuid,
    ),
    L(
        AG,
        "apigee_app_id",
        '$ curl -s "https://apigee.googleapis.com/v1/organizations/northwind-prod/apps" -H "Authorization: Bearer $TOKEN"\n'
        '{\n  "app": [\n    {\n      "appId": "{v}"\n    },',
        uuid,
    ),
    L(
        AG,
        "apim_subscription_resource_id",
        "  id: '/subscriptions/{azsub}/resourceGroups/rg-api/providers/Microsoft.ApiManagement/service/contoso-apim"
        "/subscriptions/{v}'",
        hexl(24),
        azsub=uuid,
    ),
    L(
        AG,
        "aws_api_key_id",
        "$ aws apigateway create-usage-plan-key --usage-plan-id {plan} --key-id {v} --key-type API_KEY",
        lower_alnum(10),
        plan=lower_alnum(6),
    ),
    L(
        AG,
        "aws_rest_api_id",
        "Outputs:\nOrdersApiEndpoint = https://{v}.execute-api.eu-west-1.amazonaws.com/prod/",
        lower_alnum(10),
    ),
    L(
        AG,
        "tyk_org_id",
        '{\n  "name": "Orders API",\n  "org_id": "{v}",\n  "use_keyless": false,\n  "auth": {"auth_header_name": "Authorization"},',
        hexl(24),
    ),
    L(
        AG,
        "tyk_api_id",
        "$ curl -s http://localhost:8080/tyk/apis -H \"x-tyk-authorization: $TYK_GW_SECRET\" | jq -r '.[].api_id'\n{v}",
        hexl(32),
    ),
    L(
        AG,
        "tyk_key_hashes",
        '$ curl -s http://localhost:8080/tyk/keys -H "x-tyk-authorization: $TYK_GW_SECRET"\n{"keys":["{v}","{h2}"]}',
        hexl(16),
        h2=hexl(16),
    ),
    L(
        AG,
        "gravitee_plan_id",
        '  "subscription": {\n    "api": "{api}",\n    "plan": "{v}",\n    "status": "ACCEPTED"\n  }',
        uuid,
        api=uuid,
    ),
    L(
        AG,
        "krakend_jwk_kid",
        '    "auth/validator": {\n      "alg": "RS256",\n      "jwk_url": "https://auth.northwind.io/.well-known/jwks.json",\n'
        '      "kid": "{v}",\n      "cache": true\n    }',
        b64url(43),
    ),
    L(
        AG,
        "postman_collection_uid",
        "$ postman collection run {v} -e {env} --reporters cli,junit",
        collection_uid,
        env=collection_uid,
    ),
    L(
        AG,
        "spec_checksum",
        "$ sha256sum openapi/orders.yaml\n{v}  openapi/orders.yaml",
        hexl(64),
    ),
    # ---- look-alikes: references, placeholders and masks
    L(
        AG,
        "gha_secret_ref",
        "      - run: deck gateway sync kong.yaml --konnect-token {v} --konnect-control-plane-name payments-prod",
        const("${{ secrets.KONNECT_PAT }}"),
    ),
    L(
        AG,
        "kong_vault_ref",
        "consumers:\n  - username: acme-partner\n    keyauth_credentials:\n      - key: {v}",
        const("{vault://aws/kong-partner-keys/acme}"),
    ),
    L(
        AG,
        "konnect_pat_placeholder",
        "export KONNECT_TOKEN={v}   # paste your personal access token here",
        join("kpat_", const("X" * 49)),
    ),
    L(
        AG,
        "gcloud_token_ref",
        'curl -s "https://apigee.googleapis.com/v1/organizations/northwind-prod/developers" -H "Authorization: Bearer {v}"',
        const("$(gcloud auth print-access-token)"),
    ),
    L(
        AG,
        "apim_named_value",
        '<set-header name="x-functions-key" exists-action="override">\n    <value>{v}</value>\n</set-header>',
        const("{{orders-func-key}}"),
    ),
    L(
        AG,
        "tyk_kv_ref",
        '  "secret": "{v}",\n  "node_secret": "secrets://node_secret",',
        const("vault://secret/tyk/gateway.secret"),
    ),
    L(
        AG,
        "krakend_env_template",
        '        { "key": "{v}", "roles": ["partner"] }',
        const('{{ env "PARTNER_API_KEY" }}'),
    ),
    L(
        AG,
        "zuplo_env_ref",
        '        "options": {\n          "name": "x-backend-key",\n          "value": "{v}"\n        }',
        const("$env(BACKEND_API_KEY)"),
    ),
    L(
        AG,
        "rapidapi_placeholder",
        "    headers: {\n      'X-RapidAPI-Key': '{v}',\n      'X-RapidAPI-Host': 'weatherapi-com.p.rapidapi.com'\n    }",
        const("SIGN-UP-FOR-KEY"),
    ),
    L(
        AG,
        "postman_key_placeholder",
        "# .env.example\nPOSTMAN_API_KEY={v}",
        join("PMAK-", const("X" * 24), "-", const("X" * 34)),
    ),
    L(
        AG,
        "ci_masked_header",
        'Run curl -s -H \'x-api-key: {v}\' https://api.northwind.io/prod/orders/health\n{"status":"ok"}',
        const("***"),
    ),
]
