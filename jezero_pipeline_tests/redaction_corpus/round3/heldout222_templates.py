"""A two-hundred-and-twenty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of CDN, edge and WAF providers: Akamai EdgeGrid (`.edgerc`
sections with `client_secret`, `akab-` access and client tokens and the `…luna.akamaiapis.net`
host, the `EG1-HMAC-SHA256` Authorization header, the Terraform provider's `config` block, account
switch keys and `prp_` property ids), Fastly (the `Fastly-Key` header, `fastly auth add
--api-token`, the token-creation response, `fastly.toml` service ids), Cloudflare (scannable
`cfut_` tokens, 37-hex legacy Global API keys under `X-Auth-Key`, 40-character legacy tokens, zone
and ruleset ids of WAF custom rules, Turnstile site keys), Imperva Cloud WAF (numeric `x-API-Id`
beside a UUID-shaped `x-API-Key`), Sucuri (the `k`/`s` form fields of the v2 firewall API and the
plugin's `key/secret` pair), bunny.net (the account `AccessKey`, storage-zone passwords, scoped
`bnyscpd_` keys, Stream video GUIDs), Gcore (`APIKey id$hex` permanent tokens and the v2 `id_hex`
form), KeyCDN (`sk_prod_` keys as the basic-auth user), StackPath (hex client id and secret, stack
UUIDs), CDN77 (v3 bearer tokens, origin UUIDs), Edgio and Limelight (the deploy token under
`--token`, the hex shared key) and Azure Front Door (service-principal secrets for `az afd`,
the `X-Azure-FDID` and `X-Azure-Ref` headers), in commands, config files, code and tool output,
with the public ids, placeholders, masks and secret-store references the same documentation shows
beside them. Where the documentation gives no length (CDN77 and Edgio tokens, bunny.net's account
key and scoped keys, the checksum tail of `cfut_` tokens) the random part has a plausible length of
its own choosing.

First score, blind, before any rule changed for it (after the rules for 205 to 209):
24 of 26 secrets caught, 2 of 24 look-alikes altered (missed: Sucuri's secret as a `--data 's=…'`
form field, Sucuri's key pair printed by `wp option get …_apikey`; altered: an Akamai host
`akab-….luna.akamaiapis.net`, an Akamai account switch key after `--accountSwitchKey`).
"""

from __future__ import annotations

from build import (
    B62,
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
    pick,
    upper_alnum,
    uuid,
)

CW = "cdnwaf"

akab = join("akab-", lower_alnum(16), "-", lower_alnum(16))
edgegrid_secret = join(b64(43), "=")
fastly_token = b64url(32)
cf_user_token = join("cfut_", b62(40), b62(8))
bunny_account_key = join(
    hexl(8),
    "-",
    hexl(4),
    "-",
    hexl(4),
    "-",
    hexl(4),
    "-",
    hexl(16),
    "-",
    hexl(4),
    "-",
    hexl(4),
    "-",
    hexl(4),
    "-",
    hexl(12),
)
bunny_storage_password = join(hexl(8), "-", hexl(4), "-", hexl(4), "-", hexl(12), "-", hexl(4), "-", hexl(4))
azure_client_secret = join(b62(3), "8Q~", pick(B62 + "~._-", 34))
account_switch_key = join("1-", upper_alnum(6), ":1-", upper_alnum(5))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 26, 2, 24, "the rules for 205 to 209")

TEMPLATES: list = [
    # ---- secrets: Akamai EdgeGrid
    S(
        CW,
        "akamai_edgerc_client_secret",
        "$ cat ~/.edgerc\n[default]\nclient_secret = {v}\nhost = {host}.luna.akamaiapis.net\n"
        "access_token = {at}\nclient_token = {ct}\nmax-body = 131072",
        edgegrid_secret,
        host=akab,
        at=akab,
        ct=akab,
    ),
    S(
        CW,
        "akamai_eg1_authorization",
        "> POST /ccu/v3/invalidate/url/production HTTP/1.1\n> Host: {host}.luna.akamaiapis.net\n"
        "> Authorization: EG1-HMAC-SHA256 client_token={ct};access_token={v};timestamp=20240611T09:15:02+0000;"
        "nonce={nonce};signature={sig}",
        akab,
        host=akab,
        ct=akab,
        nonce=uuid,
        sig=edgegrid_secret,
    ),
    S(
        CW,
        "akamai_terraform_config",
        'provider "akamai" {\n  config {\n    host          = "{host}.luna.akamaiapis.net"\n'
        '    client_secret = "{v}"\n    access_token  = "{at}"\n    client_token  = "{ct}"\n  }\n}',
        edgegrid_secret,
        host=akab,
        at=akab,
        ct=akab,
    ),
    # ---- secrets: Fastly
    S(
        CW,
        "fastly_key_header",
        '$ curl -sS -X POST -H "Fastly-Key: {v}" -H "Accept: application/json" '
        "https://api.fastly.com/service/{sid}/purge_all",
        fastly_token,
        sid=b62(22),
    ),
    S(
        CW,
        "fastly_auth_add",
        "$ fastly auth add staging --api-token {v}\nSUCCESS: Token 'staging' stored",
        fastly_token,
    ),
    S(
        CW,
        "fastly_token_created",
        '{\n  "id": "{tid}",\n  "user_id": "{uid}",\n  "name": "ci-purge",\n  "scope": "purge_select purge_all",\n'
        '  "services": ["{sid}"],\n  "access_token": "{v}",\n  "created_at": "2024-06-11T09:15:02Z"\n}',
        fastly_token,
        tid=b62(22),
        uid=b62(22),
        sid=b62(22),
    ),
    # ---- secrets: Cloudflare
    S(
        CW,
        "cloudflare_bearer_rulesets",
        '$ curl -s "https://api.cloudflare.com/client/v4/zones/{zone}/rulesets/phases/http_request_firewall_custom/entrypoint" \\\n'
        '    --header "Authorization: Bearer {v}" | jq ".result.rules | length"\n7',
        cf_user_token,
        zone=hexl(32),
    ),
    S(
        CW,
        "cloudflare_global_key",
        '$ curl -s https://api.cloudflare.com/client/v4/zones?name=shop.halvorsen.io -H "X-Auth-Email: ops@halvorsen.io" '
        '-H "X-Auth-Key: {v}"',
        hexl(37),
    ),
    S(
        CW,
        "cloudflare_tfvars_legacy_token",
        '# terraform.tfvars\ncloudflare_zone_id   = "{zone}"\ncloudflare_api_token = "{v}"',
        b62(40),
        zone=hexl(32),
    ),
    # ---- secrets: Imperva Cloud WAF
    S(
        CW,
        "imperva_x_api_key",
        "$ curl -s -X POST https://my.imperva.com/api/prov/v1/sites/list -H 'x-API-Id: {aid}' -H 'x-API-Key: {v}' "
        "-d 'account_id={acct}&page_size=50'",
        uuid,
        aid=digits(5),
        acct=digits(7),
    ),
    S(
        CW,
        "imperva_env_export",
        "export INCAPSULA_API_ID={aid}\nexport INCAPSULA_API_KEY={v}\nterraform plan -target=incapsula_site.storefront",
        uuid,
        aid=digits(5),
    ),
    # ---- secrets: Sucuri
    S(
        CW,
        "sucuri_form_secret",
        "$ curl 'https://waf.sucuri.net/api?v2' --data 'k={k}' --data 's={v}' --data 'a=clear_cache'\n"
        '{"status":1,"action":"clear_cache","messages":["Cache for halvorsen.io is being cleared."]}',
        hexl(32),
        k=hexl(32),
    ),
    S(
        CW,
        "sucuri_plugin_key_pair",
        "$ wp option get sucuriscan_cloudproxy_apikey --format=json\n{v}",
        join(hexl(32), "/", hexl(32)),
    ),
    # ---- secrets: bunny.net
    S(
        CW,
        "bunny_account_accesskey",
        "$ curl --request POST --url https://api.bunny.net/pullzone/{pz}/purgeCache \\\n"
        "    --header 'AccessKey: {v}' --header 'Content-Type: application/json'",
        bunny_account_key,
        pz=digits(7),
    ),
    S(
        CW,
        "bunny_storage_password",
        "$ curl --request PUT --url https://ny.storage.bunnycdn.com/halvorsen-assets/build/app.4f1c.js \\\n"
        "    --header 'AccessKey: {v}' --header 'Content-Type: application/octet-stream' --data-binary @dist/app.4f1c.js",
        bunny_storage_password,
    ),
    S(
        CW,
        "bunny_scoped_key_python",
        'BUNNY_HEADERS = {"AccessKey": "{v}", "accept": "application/json"}\n'
        'resp = requests.post(f"https://api.bunny.net/pullzone/{PULL_ZONE_ID}/purgeCache", headers=BUNNY_HEADERS)',
        join("bnyscpd_", b62(48)),
    ),
    # ---- secrets: Gcore
    S(
        CW,
        "gcore_apikey_header",
        "$ curl -s -X POST https://api.gcore.com/cdn/resources/{rid}/purge -H 'Authorization: APIKey {v}' "
        "-H 'Content-Type: application/json' -d '{\"paths\": [\"/static/*\"]}'",
        join(digits(5), "$", hexl(128)),
        rid=digits(6),
    ),
    S(
        CW,
        "gcore_v2_env",
        "export GCORE_API_KEY='{v}'\ngcore cdn resources list --limit 5",
        join(digits(6), "_", hexl(128)),
    ),
    # ---- secrets: KeyCDN
    S(
        CW,
        "keycdn_basic_user",
        "$ curl -s https://api.keycdn.com/zones/purge/{zid}.json -X GET -u {v}:\n"
        '{"status":"success","description":"Cache has been cleared for zone id {zid}."}',
        join("sk_prod_", b62(24)),
        zid=digits(6),
    ),
    S(
        CW,
        "keycdn_python_client",
        ">>> import keycdn\n>>> api = keycdn.Api('{v}')\n>>> api.get('zones.json')['status']\n'success'",
        join("sk_prod_", b62(24)),
    ),
    # ---- secrets: StackPath
    S(
        CW,
        "stackpath_token_request",
        "$ curl -s -X POST https://gateway.stackpath.com/identity/v1/oauth2/token -H 'Content-Type: application/json' \\\n"
        '    -d \'{"grant_type": "client_credentials", "client_id": "{cid}", "client_secret": "{v}"}\'',
        hexl(64),
        cid=hexl(32),
    ),
    S(
        CW,
        "stackpath_lego_env",
        "$ STACKPATH_CLIENT_ID={cid} STACKPATH_CLIENT_SECRET={v} STACKPATH_STACK_ID={stack} \\\n"
        "    lego --email ops@halvorsen.io --dns stackpath --domains '*.halvorsen.io' run",
        hexl(64),
        cid=hexl(32),
        stack=uuid,
    ),
    # ---- secrets: CDN77, Edgio / Limelight, Azure Front Door
    S(
        CW,
        "cdn77_bearer",
        "$ curl --request POST https://api.cdn77.com/v3/cdn/{rid}/job/purge --header 'Authorization: Bearer {v}' "
        '--data-raw \'{"paths": ["/img/hero.webp"]}\'',
        b62(64),
        rid=digits(10),
    ),
    S(
        CW,
        "edgio_deploy_token_flag",
        "$ npx edgio deploy --site=storefront --environment=production --token={v}\n"
        "Edgio CLI v7.13.2\nBundling... done (4.1s)",
        b62(44),
    ),
    S(
        CW,
        "limelight_shared_key",
        "# config/cdn.yml\nlimelight:\n  principal: svc-purge@halvorsen\n  shared_key: {v}\n  shortname: halvorsen",
        hexl(64),
    ),
    S(
        CW,
        "azure_sp_secret_afd",
        "$ az login --service-principal -u {app} -p '{v}' --tenant {tenant} --output none && \\\n"
        "  az afd endpoint purge -g rg-edge --profile-name afd-storefront --endpoint-name www --content-paths '/*'",
        azure_client_secret,
        app=uuid,
        tenant=uuid,
    ),
    # ---- look-alikes: public ids and hostnames
    L(
        CW,
        "akamai_host",
        "$ http --auth-type edgegrid -a ccu: POST :/ccu/v3/invalidate/cpcode/production objects:='[1084421]'\n"
        "edgegrid: using host {v} from section [ccu] of /home/ci/.edgerc",
        join(akab, ".luna.akamaiapis.net"),
    ),
    L(
        CW,
        "akamai_account_switch_key",
        "$ akamai property-manager --section papi --accountSwitchKey {v} list-properties --contractId ctr_1-{ctr} "
        "--groupId grp_{grp}",
        account_switch_key,
        ctr=upper_alnum(6),
        grp=digits(6),
    ),
    L(
        CW,
        "akamai_property_id",
        '  "propertyId": "{v}",\n  "propertyName": "www.halvorsen.io",\n  "latestVersion": 41,\n'
        '  "productionVersion": 40,',
        join("prp_", digits(6)),
    ),
    L(
        CW,
        "fastly_service_id",
        '# fastly.toml\nmanifest_version = 3\nname = "storefront-edge"\nservice_id = "{v}"\nlanguage = "rust"',
        b62(22),
    ),
    L(
        CW,
        "fastly_token_id",
        '[\n  {\n    "id": "{v}",\n    "name": "ci-purge",\n    "scope": "purge_select purge_all",\n'
        '    "last_used_at": "2024-06-10T22:41:07Z",\n    "expires_at": null\n  }\n]',
        b62(22),
    ),
    L(
        CW,
        "cloudflare_zone_id",
        '$ curl -s "https://api.cloudflare.com/client/v4/zones/{v}/firewall/waf/packages" '
        '-H "Authorization: Bearer $CLOUDFLARE_API_TOKEN"',
        hexl(32),
    ),
    L(
        CW,
        "cloudflare_ruleset_id",
        '{\n  "result": {\n    "id": "{v}",\n    "name": "default",\n    "kind": "zone",\n'
        '    "phase": "http_request_firewall_custom",\n    "version": "12"\n  },\n  "success": true\n}',
        hexl(32),
    ),
    L(
        CW,
        "turnstile_site_key",
        '<div class="cf-turnstile" data-sitekey="{v}" data-theme="light"></div>',
        join("0x4AAAAAAA", b62(14)),
    ),
    L(
        CW,
        "imperva_api_id",
        "$ curl -s -X POST https://my.imperva.com/api/prov/v1/sites/status -H 'x-API-Id: {v}' "
        "-H \"x-API-Key: $IMPERVA_API_KEY\" -d 'site_id={site}'",
        digits(5),
        site=join("8", digits(7)),
    ),
    L(
        CW,
        "imperva_placeholder",
        '# .env.example\nAPI_ENDPOINT="https://my.imperva.com/api/prov/v1/sites/list"\nAPI_ID=00000\nAPI_KEY="{v}"',
        const("xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
    ),
    L(
        CW,
        "sucuri_env_refs",
        "curl 'https://waf.sucuri.net/api?v2' --data \"k=$SUCURI_API_KEY\" --data \"s={v}\" --data 'a=show_settings'",
        const("$SUCURI_API_SECRET"),
    ),
    L(
        CW,
        "bunny_stream_guid",
        '<iframe src="https://iframe.mediadelivery.net/embed/{lib}/{v}?autoplay=false" loading="lazy"></iframe>',
        uuid,
        lib=digits(6),
    ),
    L(
        CW,
        "bunny_masked_key",
        "bunny config show\n  profile:   default\n  api_url:   https://api.bunny.net\n  api_key:   {v}",
        join("*" * 32, hexl(4)),
    ),
    L(
        CW,
        "gcore_truncated_doc_token",
        "Replace `{v}` with the actual token value copied in Step 1 (it contains a `$`, so escape it in bash).",
        join(digits(5), "$", hexl(4), "..."),
    ),
    L(
        CW,
        "keycdn_placeholder",
        "import keycdn\n\napi = keycdn.Api('{v}')\napi.get('zones/purge/<zoneId>.json')",
        const("<your_api_key>"),
    ),
    L(
        CW,
        "stackpath_client_id",
        'provider "stackpath" {\n  stack_id      = "{stack}"\n  client_id     = "{v}"\n'
        "  client_secret = var.stackpath_client_secret\n}",
        hexl(32),
        stack=uuid,
    ),
    L(
        CW,
        "stackpath_stack_id",
        "$ curl -s https://gateway.stackpath.com/cdn/v1/stacks/{v}/sites -H \"Authorization: Bearer $SP_TOKEN\" | jq '.results[].label'",
        uuid,
    ),
    L(
        CW,
        "cdn77_origin_id",
        '  {\n    "id": {rid},\n    "label": "storefront",\n    "origin_id": "{v}",\n    "url": "{rid}.rsc.cdn77.org",',
        uuid,
        rid=digits(10),
    ),
    L(
        CW,
        "edgio_secret_ref",
        "      - run: npm run edgio:deploy -- --token={v}\n        env:\n"
        "          EDGIO_DEPLOY_TOKEN: ${{ secrets.EDGIO_DEPLOY_TOKEN }}",
        const("$EDGIO_DEPLOY_TOKEN"),
    ),
    L(
        CW,
        "azure_fdid",
        '    location / {\n        if ($http_x_azure_fdid != "{v}") {\n            return 403;\n        }\n'
        "        proxy_pass http://storefront;\n    }",
        uuid,
    ),
    L(
        CW,
        "azure_ref",
        "< HTTP/2 200\n< x-cache: TCP_HIT\n< x-azure-ref: {v}\n< cache-control: public, max-age=600",
        join("0", b64(95)),
    ),
    L(
        CW,
        "azure_app_id",
        '$ az login --service-principal -u {v} -p "$AZURE_CLIENT_SECRET" --tenant "$AZURE_TENANT_ID" --output none',
        uuid,
    ),
    L(
        CW,
        "commit_sha",
        "$ git log -1 --format=%H -- edge/waf-rules.json\n{v}",
        hexl(40),
    ),
    L(
        CW,
        "checksum",
        "$ sha256sum pkg/storefront-edge.tar.gz\n{v}  pkg/storefront-edge.tar.gz",
        hexl(64),
    ),
]
