"""A seventh held-out set, written before any rule of the speed rework changed, scored once.

Shapes from Microsoft Purview's credential definitions (Azure DevOps, Storage, Service Bus,
Cosmos DB, SQL, Event Grid, Search and Maps keys; their documented lengths and fixed
signatures) in the places Azure tools print and take them, with look-alikes the same tools
print next to them (tenant, subscription and resource ids, instrumentation keys, digests).
"""

from __future__ import annotations

from build import L, S, b62, b64, const, digits, hexl, join, lower_alnum, password, pick, upper_alnum, uuid

PV = "purview"
B32 = pick("abcdefghijklmnopqrstuvwxyz234567", 52)

TEMPLATES = [
    # ---- secrets
    S(PV, "pat", "$ az devops login --organization https://dev.azure.com/contoso <<< {v}", B32),
    S(PV, "pat", "git clone https://build:{v}@dev.azure.com/contoso/app/_git/app", B32),
    S(PV, "pat", "AZURE_DEVOPS_EXT_PAT={v}", join(b62(76), "AZDO", b62(4))),
    S(PV, "storage_key", "$ az storage blob upload --account-name stcontoso --account-key {v} -f a.zip", b64(86, "==")),
    S(
        PV,
        "storage_key",
        '"AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=stfunc;AccountKey={v};EndpointSuffix=core.windows.net"',
        b64(86, "=="),
    ),
    S(
        PV,
        "sas",
        "https://stcontoso.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-01-01&sig={v}",
        join(b64(43), "%3D"),
    ),
    S(
        PV,
        "servicebus",
        "Endpoint=sb://sb-orders.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={v}",
        b64(43, "="),
    ),
    S(PV, "cosmos", "COSMOS_KEY: {v}", b64(86, "==")),
    S(
        PV,
        "sql",
        "Server=tcp:sql-contoso.database.windows.net,1433;Initial Catalog=app;User ID=appadmin;Pwd={v};Encrypt=True;",
        password(16),
    ),
    S(
        PV,
        "eventgrid",
        'curl -X POST -H "aeg-sas-key: {v}" https://topic.westeurope-1.eventgrid.azure.net/api/events',
        b64(43, "="),
    ),
    S(
        PV,
        "search_admin",
        "curl -H 'api-key: {v}' https://srch-contoso.search.windows.net/indexes?api-version=2023-11-01",
        upper_alnum(32),
    ),
    S(
        PV,
        "maps",
        "https://atlas.microsoft.com/search/address/json?api-version=1.0&subscription-key={v}&query=Oslo",
        b64(43),
    ),
    S(PV, "sp_secret", '  "password": "{v}",', join(b62(3), "8Q~", b62(34))),
    S(
        PV,
        "sp_secret",
        "$ az login --service-principal -u http://deploy-sp -p {v} --tenant contoso.onmicrosoft.com",
        password(34),
    ),
    S(PV, "acr", "$ docker login crcontoso.azurecr.io -u crcontoso -p {v}", b62(52)),
    S(PV, "redis", "redis-cache.redis.cache.windows.net:6380,password={v},ssl=True,abortConnect=False", b64(43, "=")),
    S(PV, "function_key", "POST https://func-orders.azurewebsites.net/api/ingest?code={v}", join(b62(54), "==")),
    S(PV, "bot", "MicrosoftAppPassword={v}", password(32)),
    S(PV, "iot", "HostName=iot-fleet.azure-devices.net;DeviceId=truck-17;SharedAccessKey={v}", b64(43, "=")),
    S(PV, "batch", "$ az batch account login -n batchcontoso --shared-key-auth\nprimary: {v}", b64(86, "==")),
    S(
        PV,
        "publish_profile",
        '<publishProfile profileName="app - Web Deploy" userName="$app" userPWD="{v}" />',
        b62(60),
    ),
    S(PV, "ado_env", "##vso[task.setvariable variable=REGISTRY_TOKEN;issecret=false]{v}", b62(40)),
    # ---- look-alikes
    L(PV, "tenant", '  "tenant": "{v}"', uuid),
    L(PV, "subscription", "$ az account set --subscription {v}", uuid),
    L(PV, "app_id", '  "appId": "{v}",', uuid),
    L(
        PV,
        "instrumentation",
        "APPLICATIONINSIGHTS_CONNECTION_STRING=InstrumentationKey={v};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/",
        uuid,
    ),
    L(PV, "resource_id", '"id": "/subscriptions/{v}/resourceGroups/rg-app/providers/Microsoft.Web/sites/app"', uuid),
    L(PV, "content_md5", "Content-MD5: {v}", b64(22, "==")),
    L(PV, "etag", 'ETag: "0x{v}"', upper_alnum(15)),
    L(PV, "request_id", "x-ms-request-id: {v}", uuid),
    L(PV, "blob_url", "https://stcontoso.blob.core.windows.net/artifacts/build-{v}.zip", digits(8)),
    L(
        PV,
        "placeholder",
        "AccountKey=<storage-account-key>;EndpointSuffix=core.windows.net",
        const("<storage-account-key>"),
    ),
    L(PV, "placeholder", "$ az storage blob list --account-key {v}", const("$AZURE_STORAGE_KEY")),
    L(PV, "placeholder", "SharedAccessKey={v}", const("REPLACE_WITH_YOUR_KEY")),
    L(PV, "pipeline_ref", "variables:\n  - group: {v}", const("prod-secrets-kv")),
    L(
        PV,
        "kv_ref",
        'DbPassword = "{v}"',
        const("@Microsoft.KeyVault(SecretUri=https://kv-app.vault.azure.net/secrets/db-password/)"),
    ),
    L(PV, "build_id", "Build.SourceVersion: {v}", hexl(40)),
    L(PV, "image_digest", "crcontoso.azurecr.io/api@sha256:{v}", hexl(64)),
    L(PV, "object_id", "$ az ad group member add --group devs --member-id {v}", uuid),
    L(PV, "thumbprint", "WEBSITE_LOAD_CERTIFICATES={v}", pick("0123456789ABCDEF", 40)),
    L(PV, "storage_name", "AZURE_STORAGE_ACCOUNT={v}", join("st", lower_alnum(12))),
    L(PV, "sku", '"sku": {"name": "{v}"}', const("Standard_LRS")),
]
