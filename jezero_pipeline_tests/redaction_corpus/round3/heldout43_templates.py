"""A forty-third held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of Windows, PowerShell and .NET administration: `ConvertTo-SecureString
-AsPlainText`, `New-Object PSCredential`, `Get-Credential`, `Export-Clixml`/`Import-Clixml` and
`ConvertFrom-SecureString -Key` (PowerShell reference), `cmdkey` and `net use` (Windows commands),
`Set-AzKeyVaultSecret`/`Get-AzKeyVaultSecret` and Key Vault references (Az PowerShell, App Service),
`az login --service-principal`, `az ad sp create-for-rbac`, `az ad app credential list` and
`Connect-AzAccount -ServicePrincipal` (Azure CLI, Az PowerShell, Microsoft Entra client secrets), ASP.NET
`web.config` connectionStrings and `<machineKey>` (validationKey/decryptionKey, `AutoGenerate,IsolateApps`),
ASP.NET Core `appsettings.json`, Microsoft.Identity.Web, `dotnet user-secrets` and Azure Functions
`local.settings.json`, Azure Storage and Service Bus connection strings and SAS URLs, Application Insights
connection strings (whose ikey the docs call not a secret), `Invoke-RestMethod -Headers` against Azure
Resource Manager and Azure DevOps (PATs, `AZURE_DEVOPS_EXT_PAT`), Azure Pipelines logs, Group Policy
Preferences `cpassword` (MS14-025), IIS application pool identities (`appcmd`, WebAdministration), and
BitLocker (`manage-bde -protectors`, `Get-BitLockerVolume`, the 48-digit recovery password against key
protector ids and recovery key ids), in commands, config files and tool output, with the public ids the
same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 to 41):
17 of 26 secrets caught, 3 of 26 look-alikes altered (missed: `ConvertTo-SecureString '…' -AsPlainText`
(twice, once a BitLocker PIN), a password printed by `$cred.GetNetworkCredential().Password`, an AES key as
`[byte[]](…)`, a secret printed by `Get-AzKeyVaultSecret … -AsPlainText`, a `decryptionKey` set by `-Name …
-Value …`, a PAT under `$env:AZURE_DEVOPS_EXT_PAT`, a BitLocker recovery password printed below `Password:`;
altered: a Key Vault secret's version in its URL, `$env:servicePrincipalId` after `-u`, a cmdlet assigned to
`$token`).
"""

from __future__ import annotations

import base64
import json
import random
import urllib.parse

from build import (
    B62,
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    join,
    password,
    pick,
    uuid,
)

WIN = "win"


def raw_b64(n_bytes: int, strip: bool = False):
    """Standard base64 of n random bytes (Azure account keys, SAS keys, AES ciphertexts)."""

    def make(rng: random.Random) -> str:
        s = base64.b64encode(bytes(rng.randrange(256) for _ in range(n_bytes))).decode()
        return s.rstrip("=") if strip else s

    return make


def sas_sig(rng: random.Random) -> str:
    """A SAS `sig=`: base64 HMAC-SHA256, URL-encoded as it sits in the query string."""
    return urllib.parse.quote(raw_b64(32)(rng), safe="")


def braced_guid(rng: random.Random) -> str:
    return "{" + uuid(rng).upper() + "}"


def recovery_password(rng: random.Random) -> str:
    """A BitLocker numerical password: 8 groups of 6 digits, each group a multiple of 11 below 720896."""
    return "-".join(f"{11 * rng.randrange(65536):06d}" for _ in range(8))


def aes_key_bytes(rng: random.Random) -> str:
    """A 256-bit key written as the byte array `ConvertFrom-SecureString -Key` takes."""
    return ",".join(str(rng.randrange(256)) for _ in range(32))


def entra_access_token(rng: random.Random) -> str:
    """An app-only Entra ID access token for Azure Resource Manager (header.payload.signature)."""
    kid = b64url(27)(rng)
    tid, appid, oid = uuid(rng), uuid(rng), uuid(rng)
    iat = 1735000000 + rng.randrange(10**7)
    header = {"typ": "JWT", "alg": "RS256", "x5t": kid, "kid": kid}
    payload = {
        "aud": "https://management.azure.com/",
        "iss": f"https://sts.windows.net/{tid}/",
        "iat": iat,
        "nbf": iat,
        "exp": iat + 3599,
        "appid": appid,
        "appidacr": "1",
        "idtyp": "app",
        "oid": oid,
        "tid": tid,
        "ver": "1.0",
    }

    def enc(d: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")

    return enc(header) + "." + enc(payload) + "." + b64url(342)(rng)


def basic_pat(pat):
    """`Authorization: Basic` for Azure DevOps: base64 of an empty user name, a colon and the PAT."""
    return lambda rng: base64.b64encode(f":{pat(rng)}".encode()).decode()


def sid(rng: random.Random) -> str:
    parts = [str(rng.randrange(10**8, 4 * 10**9)) for _ in range(3)]
    return "S-1-5-21-" + "-".join(parts) + "-" + str(rng.randrange(1100, 9999))


# Microsoft Entra client secret: three characters, a digit, `Q~`, then 34 more (40 in all).
entra_secret = join(pick(B62, 3), "8Q~", pick(B62 + "_-.~", 34))
ado_pat = pick("abcdefghijklmnopqrstuvwxyz234567", 52)
cmd_pw = pick(B62 + "!#@*-_", 16)
xml_pw = pick(B62 + "!#@*-_$", 18)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (17, 26, 3, 26, "the rules for 24 to 41")

TEMPLATES = [
    # ---- secrets: PowerShell secure strings and credentials
    S(
        WIN,
        "pscredential_plaintext",
        "PS C:\\ops> $password = ConvertTo-SecureString '{v}' -AsPlainText -Force\n"
        "PS C:\\ops> $cred = New-Object System.Management.Automation.PSCredential ('CORP\\svc-backup', $password)\n"
        "PS C:\\ops> New-PSDrive -Name X -PSProvider FileSystem -Root '\\\\fs01\\backup$' -Credential $cred -Persist",
        password(17),
    ),
    S(
        WIN,
        "network_credential_output",
        'PS C:\\ops> $cred = Import-Clixml -Path "$env:USERPROFILE\\creds\\svc-sql.xml"\n'
        "PS C:\\ops> $cred.GetNetworkCredential().Password\n{v}",
        password(15),
    ),
    S(
        WIN,
        "securestring_aes_key",
        "PS C:\\ops> $Key = [byte[]]({v})\n"
        "PS C:\\ops> Get-Content .\\svc-backup.pwd | ConvertTo-SecureString -Key $Key",
        aes_key_bytes,
    ),
    S(
        WIN,
        "cmdkey_pass",
        "C:\\Users\\ops> cmdkey /generic:TERMSRV/{host} /user:CORP\\rdp-jump /pass:{v}\n\n"
        "CMDKEY: Credential added successfully.",
        cmd_pw,
        host=join("rds", digits(2), ".corp.fabrikam.com"),
    ),
    S(
        WIN,
        "net_use_positional",
        "C:\\Users\\ops> net use Z: \\\\fs01.corp.fabrikam.com\\finance {v} /user:CORP\\svc-backup /persistent:no\n"
        "The command completed successfully.",
        cmd_pw,
    ),
    # ---- secrets: Azure Key Vault, service principals
    S(
        WIN,
        "kv_set_secret_value",
        "PS> Set-AzKeyVaultSecret -VaultName 'kv-orders-prod' -Name 'StorageAccountKey' "
        "-SecretValue (ConvertTo-SecureString -String '{v}' -AsPlainText -Force)",
        raw_b64(64),
    ),
    S(
        WIN,
        "kv_get_plaintext",
        "PS> Get-AzKeyVaultSecret -VaultName 'kv-orders-prod' -Name 'SqlAdminPassword' -AsPlainText\n{v}",
        password(22),
    ),
    S(
        WIN,
        "connect_azaccount_sp",
        "$SecurePassword = ConvertTo-SecureString -String '{v}' -AsPlainText -Force\n"
        "$Credential = New-Object -TypeName System.Management.Automation.PSCredential -ArgumentList '{app}', $SecurePassword\n"
        "Connect-AzAccount -ServicePrincipal -TenantId '{tenant}' -Credential $Credential",
        entra_secret,
        app=uuid,
        tenant=uuid,
    ),
    S(
        WIN,
        "az_login_sp",
        '$ az login --service-principal --username {app} --password "{v}" --tenant {tenant}',
        entra_secret,
        app=uuid,
        tenant=uuid,
    ),
    S(
        WIN,
        "create_for_rbac_output",
        "$ az ad sp create-for-rbac --name sp-orders-deploy --role Contributor"
        " --scopes /subscriptions/{sub}/resourceGroups/rg-orders\n"
        '{\n  "appId": "{app}",\n  "displayName": "sp-orders-deploy",\n  "password": "{v}",\n  "tenant": "{tenant}"\n}',
        entra_secret,
        sub=uuid,
        app=uuid,
        tenant=uuid,
    ),
    # ---- secrets: .NET configuration files
    S(
        WIN,
        "appsettings_client_secret",
        '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "TenantId": "{tenant}",\n'
        '    "ClientId": "{app}",\n    "ClientSecret": "{v}",\n    "CallbackPath": "/signin-oidc"\n  },',
        entra_secret,
        tenant=uuid,
        app=uuid,
    ),
    S(
        WIN,
        "web_config_conn_password",
        '    <add name="OrdersDb" connectionString="Data Source=sql01.corp.fabrikam.com;Initial Catalog=Orders;'
        'User ID=orders_app;Password={v};Encrypt=True" providerName="System.Data.SqlClient" />',
        xml_pw,
    ),
    S(
        WIN,
        "machinekey_validation",
        '    <machineKey validationKey="{v}"\n                decryptionKey="{dk}"\n'
        '                validation="HMACSHA256" decryption="AES" />',
        hexu(128),
        dk=hexu(64),
    ),
    S(
        WIN,
        "machinekey_decryption",
        "PS> Set-WebConfigurationProperty -PSPath 'IIS:\\Sites\\Orders' -Filter 'system.web/machineKey'"
        " -Name 'decryptionKey' -Value '{v}'",
        hexu(64),
    ),
    S(
        WIN,
        "storage_account_key",
        '  "ConnectionStrings": {\n    "Blob": "DefaultEndpointsProtocol=https;AccountName=stfabrikamorders;'
        'AccountKey={v};EndpointSuffix=core.windows.net"\n  },',
        raw_b64(64),
    ),
    S(
        WIN,
        "servicebus_sas_key",
        'export ServiceBus__ConnectionString="Endpoint=sb://sb-fabrikam-orders.servicebus.windows.net/;'
        'SharedAccessKeyName=orders-sender;SharedAccessKey={v}"',
        raw_b64(32),
    ),
    S(
        WIN,
        "dotnet_user_secrets",
        "$ dotnet user-secrets set \"Smtp:Password\" '{v}'\nSuccessfully saved Smtp:Password to the secret store.",
        password(19),
    ),
    # ---- secrets: HTTP calls
    S(
        WIN,
        "blob_sas_sig",
        'PS> Invoke-WebRequest -Uri "https://stfabrikamlogs.blob.core.windows.net/exports/report.csv'
        '?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-03-01T00:00:00Z&spr=https&sig={v}" -OutFile .\\report.csv',
        sas_sig,
    ),
    S(
        WIN,
        "irm_bearer_jwt",
        'PS> Invoke-RestMethod -Method Get -Uri "https://management.azure.com/subscriptions/{sub}/resourcegroups'
        '?api-version=2021-04-01" -Headers @{ Authorization = "Bearer {v}" }',
        entra_access_token,
        sub=uuid,
    ),
    S(
        WIN,
        "irm_basic_pat",
        '$headers = @{ Authorization = "Basic {v}" }\n'
        'Invoke-RestMethod -Uri "https://dev.azure.com/fabrikam-ops/_apis/projects?api-version=7.1" -Headers $headers',
        basic_pat(ado_pat),
    ),
    S(
        WIN,
        "ado_pat_env",
        "PS> $env:AZURE_DEVOPS_EXT_PAT = '{v}'\n"
        "PS> az devops configure --defaults organization=https://dev.azure.com/fabrikam-ops project=Orders",
        ado_pat,
    ),
    # ---- secrets: Group Policy, IIS, BitLocker
    S(
        WIN,
        "gpp_cpassword",
        '<Groups><User name="LocalAdmin (built-in)" image="2" changed="2013-11-04 08:21:57" uid="{uid}">'
        '<Properties action="U" newName="" fullName="" description="" cpassword="{v}" changeLogon="0" '
        'noChange="0" neverExpires="1" acctDisabled="0" subAuthority="RID_ADMIN" userName="Administrator"/>'
        "</User></Groups>",
        raw_b64(32, strip=True),
        uid=braced_guid,
    ),
    S(
        WIN,
        "appcmd_apppool_password",
        "C:\\> %windir%\\system32\\inetsrv\\appcmd.exe set apppool /apppool.name:OrdersPool"
        " /processModel.identityType:SpecificUser /processModel.userName:CORP\\svc-orders"
        " /processModel.password:{v}",
        cmd_pw,
    ),
    S(
        WIN,
        "bitlocker_getvolume_recovery",
        "PS C:\\> (Get-BitLockerVolume -MountPoint C:).KeyProtector | Where-Object KeyProtectorType -eq"
        " RecoveryPassword\n\nKeyProtectorId      : {pid}\nAutoUnlockProtector :\n"
        "KeyProtectorType    : RecoveryPassword\nKeyFileName         :\nRecoveryPassword    : {v}\n"
        "KeyCertificateType  :\nThumbprint          :",
        recovery_password,
        pid=braced_guid,
    ),
    S(
        WIN,
        "bitlocker_manage_bde",
        "Volume C: [Windows]\nAll Key Protectors\n\n    TPM:\n      ID: {tpmid}\n      PCR Validation Profile:\n"
        "        7, 11\n        (Uses Secure Boot for integrity validation)\n\n    Numerical Password:\n"
        "      ID: {pid}\n      Password:\n        {v}",
        recovery_password,
        tpmid=braced_guid,
        pid=braced_guid,
    ),
    S(
        WIN,
        "bitlocker_tpm_pin",
        'PS C:\\> $SecureString = ConvertTo-SecureString "{v}" -AsPlainText -Force\n'
        'PS C:\\> Enable-BitLocker -MountPoint "C:" -EncryptionMethod XtsAes256 -UsedSpaceOnly -Pin $SecureString'
        " -TpmAndPinProtector",
        digits(8),
    ),
    # ---- look-alikes: Key Vault and Entra identifiers
    L(
        WIN,
        "kv_secret_version",
        "Vault Name   : kv-orders-prod\nName         : SqlAdminPassword\nVersion      : {v}\n"
        "Id           : https://kv-orders-prod.vault.azure.net:443/secrets/SqlAdminPassword/{v}\nEnabled      : True",
        hexl(32),
    ),
    L(
        WIN,
        "kv_reference",
        '$ az webapp config appsettings set -g rg-orders -n app-orders-prod --settings "Db__Password={v}"',
        const("@Microsoft.KeyVault(SecretUri=https://kv-orders-prod.vault.azure.net/secrets/db-password/)"),
    ),
    L(
        WIN,
        "entra_secret_keyid",
        '$ az ad app credential list --id {app}\n[\n  {\n    "customKeyIdentifier": null,\n'
        '    "displayName": "github-actions",\n    "endDateTime": "2026-03-14T09:12:44Z",\n'
        '    "hint": "{hint}",\n    "keyId": "{v}",\n    "secretText": null,\n'
        '    "startDateTime": "2025-03-14T09:12:44Z"\n  }\n]',
        uuid,
        app=uuid,
        hint=b62(3),
    ),
    L(
        WIN,
        "sp_app_id_cert_login",
        "$ az login --service-principal --username {v} --certificate ~/certs/sp-orders-deploy.pem --tenant {tenant}",
        uuid,
        tenant=uuid,
    ),
    L(
        WIN,
        "cert_thumbprint",
        "PS> Connect-AzAccount -ServicePrincipal -ApplicationId '{app}' -TenantId '{tenant}'"
        " -CertificateThumbprint '{v}'",
        hexu(40),
        app=uuid,
        tenant=uuid,
    ),
    L(
        WIN,
        "appsettings_client_id",
        '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "Domain": "fabrikam.onmicrosoft.com",\n'
        '    "TenantId": "{tenant}",\n    "ClientId": "{v}",\n    "CallbackPath": "/signin-oidc"\n  },',
        uuid,
        tenant=uuid,
    ),
    L(
        WIN,
        "kv_certificate_name",
        '    "ClientCredentials": [\n      {\n        "SourceType": "KeyVault",\n'
        '        "KeyVaultUrl": "https://kv-orders-prod.vault.azure.net",\n        "KeyVaultCertificateName": "{v}"\n'
        "      }\n    ]",
        const("OrdersApiClientCert"),
    ),
    # ---- look-alikes: references, placeholders, masks
    L(
        WIN,
        "pipeline_env_ref",
        "  - task: AzureCLI@2\n    inputs:\n      azureSubscription: 'sc-orders-prod'\n      scriptType: pscore\n"
        "      addSpnToEnvironment: true\n      inlineScript: |\n"
        "        az login --service-principal -u $env:servicePrincipalId -p {v} --tenant $env:tenantId",
        const("$env:servicePrincipalKey"),
    ),
    L(
        WIN,
        "pipeline_masked",
        "/usr/bin/az login --service-principal -u {app} --password={v} --tenant {tenant} --allow-no-subscriptions",
        const("***"),
        app=uuid,
        tenant=uuid,
    ),
    L(
        WIN,
        "irm_token_variable",
        "PS> $token = Get-AzAccessToken -ResourceUrl 'https://management.azure.com/' -AsSecureString\n"
        'PS> Invoke-RestMethod -Uri $uri -Headers @{ Authorization = "Bearer {v}" }',
        const("$($token.Token | ConvertFrom-SecureString -AsPlainText)"),
    ),
    L(
        WIN,
        "placeholder",
        'appsettings.json only keeps `"ClientSecret": "{v}"` as a stub; the real value comes from'
        " `dotnet user-secrets` locally and from Key Vault in App Service.",
        const("<client-secret>"),
    ),
    L(
        WIN,
        "placeholder",
        "$ az login --service-principal -u {app} -p {v} --tenant {tenant}   # paste the secret from the portal",
        const("x" * 40),
        app=uuid,
        tenant=uuid,
    ),
    L(
        WIN,
        "get_credential_securestring",
        "PS C:\\ops> $cred = Get-Credential CORP\\svc-backup\nPS C:\\ops> $cred\n\n"
        "UserName                         Password\n--------                         --------\n"
        "CORP\\svc-backup {v}",
        const("System.Security.SecureString"),
    ),
    L(
        WIN,
        "cmdkey_list_target",
        "C:\\Users\\ops> cmdkey /list\n\nCurrently stored credentials:\n\n    Target: {v}\n"
        "    Type: Domain Password\n    User: CORP\\svc-backup\n",
        join("Domain:target=fs", digits(2), ".corp.fabrikam.com"),
    ),
    # ---- look-alikes: non-secret config values
    L(
        WIN,
        "machinekey_autogenerate",
        '    <machineKey validationKey="{v}" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" />',
        const("AutoGenerate,IsolateApps"),
    ),
    L(
        WIN,
        "appinsights_ikey",
        '  "ApplicationInsights": {\n    "ConnectionString": "InstrumentationKey={v};'
        "IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;"
        'LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/;ApplicationId={appid}"\n  },',
        uuid,
        appid=uuid,
    ),
    L(
        WIN,
        "dev_storage",
        '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "{v}",\n'
        '    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"\n  }\n}',
        const("UseDevelopmentStorage=true"),
    ),
    L(
        WIN,
        "user_secrets_id",
        "  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n    <UserSecretsId>{v}</UserSecretsId>\n"
        "  </PropertyGroup>",
        uuid,
    ),
    L(
        WIN,
        "servicebus_rule_name",
        "$ az servicebus namespace authorization-rule keys list -g rg-orders --namespace-name sb-fabrikam-orders"
        " --name {v} --query primaryConnectionString -o tsv",
        const("RootManageSharedAccessKey"),
    ),
    # ---- look-alikes: Windows identities, paths, hashes
    L(
        WIN,
        "gpo_sysvol_path",
        "PS> Select-String -Path '\\\\corp.fabrikam.com\\SYSVOL\\corp.fabrikam.com\\Policies\\{v}"
        "\\Machine\\Preferences\\Groups\\Groups.xml' -Pattern 'cpassword'",
        braced_guid,
    ),
    L(
        WIN,
        "iis_apppool_identity",
        'C:\\> icacls "D:\\sites\\orders" /grant "{v}:(OI)(CI)RX"\nprocessed file: D:\\sites\\orders\n'
        "Successfully processed 1 files; Failed processing 0 files",
        join("IIS AppPool\\", const("OrdersPool")),
    ),
    L(
        WIN,
        "windows_sid",
        "C:\\> whoami /user\n\nUSER INFORMATION\n----------------\n\nUser Name       SID\n"
        "=============== ==============================================\ncorp\\svc-orders {v}",
        sid,
    ),
    L(
        WIN,
        "file_hash",
        "PS> Get-FileHash .\\AzureCLI.msi -Algorithm SHA256\n\nAlgorithm       Hash"
        "                                                                   Path\n"
        "---------       ----                                                                   ----\n"
        "SHA256          {v}       C:\\Users\\ops\\Downloads\\AzureCLI.msi",
        hexu(64),
    ),
    # ---- look-alikes: BitLocker ids that are not the recovery password
    L(
        WIN,
        "bitlocker_protector_id",
        "    TPM:\n      ID: {v}\n      PCR Validation Profile:\n        7, 11\n"
        "        (Uses Secure Boot for integrity validation)",
        braced_guid,
    ),
    L(
        WIN,
        "bitlocker_backup_protector_id",
        'PS C:\\> BackupToAAD-BitLockerKeyProtector -MountPoint "C:" -KeyProtectorId "{v}"',
        braced_guid,
    ),
    L(
        WIN,
        "bitlocker_recovery_key_id",
        "The recovery screen on LAPTOP-0142 shows Recovery key ID {v}; match it against the first eight characters"
        " of the Key ID in the Entra admin center before reading the 48-digit key out to the user.",
        hexu(8),
    ),
]
