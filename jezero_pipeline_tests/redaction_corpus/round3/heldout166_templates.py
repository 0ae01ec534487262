"""A hundred-and-sixty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of library, museum and archive (GLAM) APIs: Europeana's
Search and Record APIs (`wskey=` query parameter, the shared `api2demo` key, record ids of a
dataset number and forty upper-case hex digits), DPLA (32-hex `api_key`, also accepted bare in
an `Authorization` header, `DPLA_API_KEY` in `.Renviron`, 32-hex item ids), the Smithsonian Open
Access API on api.data.gov (40-character keys, `DEMO_KEY`, `edanmdm-…` record ids), the
Rijksmuseum collection API (short `key=`), Harvard Art Museums (`apikey` in the UUID form
00000000-0000-0000-0000-000000000000), Trove v3 (`X-API-KEY` header, base64 `nextStart` cursors),
DigitalNZ (`Authentication-Token` header), Cooper Hewitt (`access_token` on the REST method URL,
16-hex image hashes in public image URLs), the Internet Archive's IA-S3 keys (`ia configure`'s
`ia.ini`, the `authorization: LOW access:secret` header, md5/sha1 in `ia list` and `_files.xml`),
Omeka S (`key_identity` + `key_credential`, the key id shown in the user's API-keys tab),
ArchivesSpace (64-hex session from `/users/:user/login`, `X-ArchivesSpace-Session`, `aspace_`
ref ids), FOLIO/Okapi (`x-okapi-token` JWT from `/authn/login`, `~/.okapi` for okapi-curl, user
UUIDs), Koha (UUID `client_id` and UUID `client_secret` for the client-credentials grant) and OCLC
WorldCat (80-character WSKey, base64 secret, `tk_` access tokens, bookops-worldcat's
`WorldcatAccessToken`), in commands, config files, code and tool output, with the public ids,
placeholders, references and masked values the same documentation shows beside them.

The documentation found did not state every length: the Europeana (nine letters), Rijksmuseum
(eight characters), DigitalNZ (twenty characters) and OCLC secret (32 base64 characters) lengths
are the author's best knowledge of issued keys, not a documented format.

First score, blind, before any rule changed for it (after the rules for 160 to 164):
20 of 25 secrets caught, 3 of 25 look-alikes altered (missed: Europeana's nine-letter `wskey`,
Rijksmuseum's eight-character `key=` in a query, Harvard's key (a UUID) as `new HAM`'s only
argument, ArchivesSpace's session (64 hex) in a login response and in `X-ArchivesSpace-Session`;
altered: a query dict's `per_page` after two env lookups, Omeka's key id in a table, a commit pinned
in a `git+https://…@<sha>` install).
"""

from __future__ import annotations

import base64
import json
import random
import string

from build import (
    L,
    S,
    b62,
    b64,
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

GLAM = "glam"


def b64url_json(obj: dict) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def folio_jwt(rng: random.Random) -> str:
    """An Okapi access token: HS256 JWT whose payload names the user, the user's UUID and the tenant."""
    iat = rng.randrange(1_700_000_000, 1_730_000_000)
    payload = {
        "sub": "diku_admin",
        "user_id": uuid(rng),
        "type": "access",
        "exp": iat + 600,
        "iat": iat,
        "tenant": "diku",
    }
    sig = pick(string.ascii_letters + string.digits + "-_", 43)(rng)
    return b64url_json({"alg": "HS256"}) + "." + b64url_json(payload) + "." + sig


europeana_key = pick(string.ascii_letters, 9)
ia_key = b62(16)
omeka_key = b62(32)
wskey = b62(80)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (20, 25, 3, 25, "the rules for 160 to 164")

TEMPLATES = [
    # ---- secrets: museum and aggregator keys in URLs, headers and client code
    S(
        GLAM,
        "europeana_wskey_url",
        '$ curl -s "https://api.europeana.eu/record/v2/search.json?query=who:%22Vermeer%22&reusability=open'
        '&media=true&rows=24&wskey={v}" | jq ".totalResults"\n187',
        europeana_key,
    ),
    S(
        GLAM,
        "europeana_node_client",
        "const EuropeanaAPI = require('europeana');\nconst europeana = new EuropeanaAPI({\n  wskey: '{v}',\n"
        "  timeout: 8000,\n});",
        europeana_key,
    ),
    S(
        GLAM,
        "dpla_renviron",
        "$ cat ~/.Renviron\nR_LIBS_USER=~/R/library\nDPLA_API_KEY={v}",
        hexl(32),
    ),
    S(
        GLAM,
        "dpla_authorization_header",
        '$ curl -s -H "Authorization: {v}" "https://api.dp.la/v2/items?q=quilt&sourceResource.date.after=1850'
        '&page_size=50" | jq ".count"',
        hexl(32),
    ),
    S(
        GLAM,
        "si_openaccess_log",
        'DEBUG:urllib3.connectionpool:https://api.si.edu:443 "GET /openaccess/api/v1.0/search?q=daguerreotype'
        '&start=0&rows=100&api_key={v} HTTP/1.1" 200 None',
        b62(40),
    ),
    S(
        GLAM,
        "si_openaccess_call",
        '>>> si_openaccess.content(id="edanmdm-nmah_{rid}", api_key="{v}")',
        b62(40),
        rid=digits(7),
    ),
    S(
        GLAM,
        "rijks_key_url",
        "requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: "
        "https://www.rijksmuseum.nl/api/en/collection?key={v}&involvedMaker=Rembrandt+van+Rijn&imgonly=True&ps=100&p=4",
        b62(8),
    ),
    S(
        GLAM,
        "harvard_apikey_url",
        "GET https://api.harvardartmuseums.org/object?apikey={v}&classification=Prints&hasimage=1&size=100&page=12"
        " -> 200 (412 ms)",
        uuid,
    ),
    S(
        GLAM,
        "harvard_js_client",
        "const HAM = require('@harvardartmuseums/ham');\nlet api = new HAM('{v}');\n"
        "api.Exhibitions.search({ venue: 'HAM' }).then(data => console.log(data.info));",
        uuid,
    ),
    S(
        GLAM,
        "trove_api_key_header",
        '$ curl -s -H "X-API-KEY: {v}" "https://api.trove.nla.gov.au/v3/result?q=wragge&category=newspaper'
        '&encoding=json&n=100&bulkHarvest=true" | jq ".category[0].records.total"',
        b62(32),
    ),
    S(
        GLAM,
        "digitalnz_token_header",
        '$ curl -s -H "Authentication-Token: {v}" "https://api.digitalnz.org/records.json?text=kereru'
        '&and[category][]=Images&per_page=100"',
        b62(20),
    ),
    S(
        GLAM,
        "cooperhewitt_httpie",
        "$ http GET https://api.collection.cooperhewitt.org/rest/ method==cooperhewitt.search.objects"
        " query==chair has_images==1 access_token=={v}",
        hexl(32),
    ),
    S(
        GLAM,
        "cooperhewitt_client",
        "import cooperhewitt.api.client\n\napi = cooperhewitt.api.client.OAuth2('{v}')\n"
        "rsp = api.execute_method('cooperhewitt.objects.getRandom', {'has_images': 1})",
        hexl(32),
    ),
    # ---- secrets: Internet Archive IA-S3 keys
    S(
        GLAM,
        "ia_ini",
        "$ ia configure\nEnter your Archive.org credentials below to configure 'ia'.\n\n"
        "Email address: digitisation@tideline-archive.org\nPassword: \n\n"
        "Config saved to: /home/runner/.config/internetarchive/ia.ini\n"
        "$ cat /home/runner/.config/internetarchive/ia.ini\n[s3]\naccess = {ak}\nsecret = {v}\n\n"
        "[general]\nscreenname = tideline-digitisation",
        ia_key,
        ak=ia_key,
    ),
    S(
        GLAM,
        "ia_low_header",
        'curl --location-trusted --header "x-archive-auto-make-bucket:1" --header "x-archive-meta-mediatype:texts"'
        ' --header "authorization: LOW {ak}:{v}" --upload-file scan_0001.tif'
        " http://s3.us.archive.org/tideline-ledger-{num}/scan_0001.tif",
        ia_key,
        ak=ia_key,
        num=digits(4),
    ),
    # ---- secrets: collection-management systems
    S(
        GLAM,
        "omeka_key_credential_url",
        '$ curl -s -X POST -H "Content-Type: application/json" -d @item.json'
        ' "https://collections.tideline.org/api/items?key_identity={kid}&key_credential={v}"',
        omeka_key,
        kid=omeka_key,
    ),
    S(
        GLAM,
        "aspace_login_response",
        '$ curl -s -F password="$ASPACE_PW" "http://localhost:8089/users/admin/login"\n'
        '{"session":"{v}","user":{"lock_version":{lv},"username":"admin","name":"Administrator",'
        '"is_system_user":true,"jsonmodel_type":"user"',
        hexl(64),
        lv=join("1", digits(2)),
    ),
    S(
        GLAM,
        "aspace_session_header",
        '$ curl -s -H "X-ArchivesSpace-Session: {v}" "http://localhost:8089/repositories/2/resources/{rid}'
        '?resolve[]=subjects" | jq .title',
        hexl(64),
        rid=digits(3),
    ),
    S(
        GLAM,
        "aspace_password_form",
        '$ curl -s -F password="{v}" "http://aspace-staging.internal:8089/users/archivist/login" | jq -r .session',
        password(14),
    ),
    S(
        GLAM,
        "folio_okapi_token_header",
        "$ curl -si -X POST -H 'Content-Type: application/json' -H 'X-Okapi-Tenant: diku' -d @login.json"
        " $OKAPI_URL/authn/login | grep -i okapi-token\nx-okapi-token: {v}",
        folio_jwt,
    ),
    S(
        GLAM,
        "folio_okapi_file",
        "$ cat ~/.okapi\nOKAPI_URL=https://folio-snapshot-okapi.dev.folio.org\nOKAPI_TENANT=diku\n"
        "OKAPI_USER=diku_admin\nOKAPI_PW={v}",
        password(16),
    ),
    S(
        GLAM,
        "koha_client_secret",
        "$ curl -s -X POST https://koha.tideline.org/api/v1/oauth/token -d grant_type=client_credentials"
        " -d client_id={cid} -d client_secret={v}",
        uuid,
        cid=uuid,
    ),
    # ---- secrets: OCLC WorldCat
    S(
        GLAM,
        "oclc_wskey_url",
        "WARNING worldcat: 429 Too Many Requests for http://www.worldcat.org/webservices/catalog/search/worldcat/"
        "opensearch?q=lighthouse+keepers&format=atom&count=50&wskey={v}",
        wskey,
    ),
    S(
        GLAM,
        "oclc_access_token_response",
        '{"access_token":"{v}","token_type":"bearer","expires_in":"1199","principalID":"","principalIDNS":"",'
        '"scopes":"WorldCatMetadataAPI","contextInstitutionId":"{inst}","expires_at":"2024-05-14 16:32:07Z"}',
        join("tk_", b62(36)),
        inst=digits(6),
    ),
    S(
        GLAM,
        "oclc_bookops_secret",
        'token = WorldcatAccessToken(\n    key="{key}",\n    secret="{v}",\n    scopes="WorldCatMetadataAPI",\n'
        '    agent="tideline-cataloguing/1.2",\n)',
        b64(32),
        key=wskey,
    ),
    # ---- look-alikes: demo keys, placeholders and references
    L(
        GLAM,
        "europeana_demo_key",
        '$ curl -s "https://api.europeana.eu/record/v2/search.json?query=Paris&rows=3&wskey={v}" | jq ".itemsCount"\n3',
        const("api2demo"),
    ),
    L(
        GLAM,
        "dpla_placeholder",
        '# ~/.Rprofile (or DPLA_API_KEY in .Renviron)\noptions(dpla_api_key = "{v}")',
        const("<yourkey>"),
    ),
    L(
        GLAM,
        "si_demo_key",
        "SI_API_KEY={v}  # shared key, low hourly limit; get your own at https://api.data.gov/signup/",
        const("DEMO_KEY"),
    ),
    L(
        GLAM,
        "harvard_placeholder",
        "https://api.harvardartmuseums.org/object?yearmade=2000&apikey={v}",
        const("00000000-0000-0000-0000-000000000000"),
    ),
    L(
        GLAM,
        "harvard_env_ref",
        "let api = new HAM({v});\nlet criteria = { venue: 'HAM' };",
        const("process.env.HAM_API_KEY"),
    ),
    L(
        GLAM,
        "trove_gha_secret_ref",
        "      - name: Harvest Trove newspapers\n        env:\n          TROVE_API_KEY: {v}\n"
        "        run: python harvest.py --category newspaper",
        const("${{ secrets.TROVE_API_KEY }}"),
    ),
    L(
        GLAM,
        "digitalnz_placeholder",
        "$ cat .env.example\nDIGITALNZ_API_KEY={v}\nDNZ_PER_PAGE=100",
        const("x" * 20),
    ),
    L(
        GLAM,
        "cooperhewitt_env_ref",
        '$ curl -s "https://api.collection.cooperhewitt.org/rest/?method=api.spec.formats&access_token={v}"\n'
        '{"formats":["json","jsonp","dson"],"default_format":"json","stat":"ok"}',
        const("$CH_ACCESS_TOKEN"),
    ),
    L(
        GLAM,
        "omeka_env_ref",
        'params = {"key_identity": os.environ["OMEKA_KEY_IDENTITY"], "key_credential": {v}, "per_page": 50}',
        const('os.environ["OMEKA_KEY_CREDENTIAL"]'),
    ),
    L(
        GLAM,
        "aspace_command_substitution",
        "export ASPACE_SESSION={v}",
        const('$(curl -s -F password="$ASPACE_PW" "$ASPACE_BACKEND_URL/users/admin/login" | jq -r \'.session\')'),
    ),
    L(
        GLAM,
        "folio_token_ref",
        '$ curl -s -H "X-Okapi-Tenant: $OKAPI_TENANT" -H "X-Okapi-Token: {v}"'
        ' "$OKAPI_URL/inventory/instances?limit=5" | jq ".totalRecords"',
        const("$OKAPI_TOKEN"),
    ),
    L(
        GLAM,
        "oclc_masked_key",
        "INFO oclc.auth: access token refreshed for WSKey {v} (scopes=WorldCatMetadataAPI, expires in 1199 s)",
        join("*" * 12, b62(4)),
    ),
    # ---- look-alikes: public record, object and user ids
    L(
        GLAM,
        "europeana_record_id",
        "GET https://api.europeana.eu/record/v2/{v}.json?wskey=$EUROPEANA_KEY&profile=rich",
        join(digits(5), "/", hexu(40)),
    ),
    L(
        GLAM,
        "dpla_item_id",
        'GET https://api.dp.la/v2/items/{v}?api_key=${DPLA_API_KEY}\n  "sourceResource": {"title": "Crazy quilt"',
        hexl(32),
    ),
    L(
        GLAM,
        "si_record_id",
        '    {\n      "id": "{v}",\n      "title": "Daguerreotype of a seated woman",\n      "unitCode": "NMAH",',
        join("edanmdm-nmah_", digits(7)),
    ),
    L(
        GLAM,
        "rijks_object_number",
        "GET https://www.rijksmuseum.nl/api/en/collection/{v}?key=${RIJKS_API_KEY}&format=json",
        join("SK-A-", digits(4)),
    ),
    L(
        GLAM,
        "trove_next_start",
        '      "s" : "*",\n      "n" : 100,\n      "total" : 118406,\n      "nextStart" : "{v}"',
        join("AoII", b64(22), "=="),
    ),
    L(
        GLAM,
        "cooperhewitt_image_url",
        '          "b": {\n            "url": "https://images.collection.cooperhewitt.org/{img}_{v}_b.jpg",\n'
        '            "width": 640,',
        hexl(16),
        img=digits(6),
    ),
    L(
        GLAM,
        "omeka_key_id_listing",
        "API keys for ingest@tideline.org\nLabel         Key ID                            Last IP      Last accessed\n"
        "ingest-bot    {v}  10.20.4.17   May 2, 2024",
        omeka_key,
    ),
    L(
        GLAM,
        "aspace_ref_id",
        '  "ref_id": "{v}",\n  "level": "file",\n  "title": "Correspondence, 1887-1891",',
        join("aspace_", hexl(32)),
    ),
    L(
        GLAM,
        "folio_user_id",
        '  "username" : "diku_admin",\n  "id" : "{v}",\n  "active" : true,\n  "patronGroup" : "{pg}",',
        uuid,
        pg=uuid,
    ),
    L(
        GLAM,
        "koha_client_id",
        "Description      Client ID                               Active\ndiscovery-sync   {v}    Yes",
        uuid,
    ),
    # ---- look-alikes: hashes
    L(
        GLAM,
        "ia_md5",
        "$ ia list --columns name,md5,size tideline-ledger-1887\ntideline-ledger-1887_meta.xml\t{m}\t1204\n"
        "scan_0001.tif\t{v}\t48211390",
        hexl(32),
        m=hexl(32),
    ),
    L(
        GLAM,
        "ia_files_xml_sha1",
        '  <file name="ledger-1887.pdf" source="original">\n    <mtime>1715702361</mtime>\n    <size>38120442</size>\n'
        "    <sha1>{v}</sha1>",
        hexl(40),
    ),
    L(
        GLAM,
        "git_commit_pin",
        "$ pip install git+https://github.com/OCLC-Developer-Network/oclc-auth-python.git@{v}",
        hexl(40),
    ),
]
