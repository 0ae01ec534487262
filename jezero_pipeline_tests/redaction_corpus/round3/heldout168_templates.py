"""A hundred-and-sixty-eighth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation of cloud cost management and FinOps tools: Vantage (API access
tokens `vntg_tkn_` + 40 hex sent as a Bearer header, the `VANTAGE_API_TOKEN` variable of its Terraform
and Pulumi providers, `wrkspc_`/`rprt_` resource tokens), CloudZero (a 38-character key sent as the bare
`Authorization` value, "not a bearer token", or as `X-Api-Key` in an MCP `.mcp.json`, AnyCost connection
ids), CAST AI (the `X-API-Key` header, `CASTAI_API_TOKEN`, `helm upgrade -i castai-agent --set apiKey=`,
cluster ids as UUIDs; the 64-hex key shape is the author's reading, not stated on the pages seen), Spot by
NetApp / Spotinst (`~/.spotinst/credentials` INI, `SPOTINST_TOKEN`/`SPOTINST_ACCOUNT`, `act-` account ids,
`o-` Ocean ids, `--set spotinst.token=` on the Ocean controller chart, `serverless config credentials -p
spotinst -a … -t …`), Harness CCM (`pat.`/`sat.` tokens of 22.24.20 characters in `x-api-key`,
`HARNESS_PLATFORM_API_KEY`, 22-character account ids, the `harness:891928451355:<account>` external id of
the CUR role, `<+secrets.getValue()>` expressions), Finout (`x-finout-client-id`/`x-finout-secret-key`
headers; the secret's length is assumed, the docs give none), nOps (`<client id>.<key>` API keys in
`x-nops-api-key`, the RSA public key pasted for signature verification), Infracost (`ico-` keys in
`~/.config/infracost/credentials.yml`, `infracost configure set api_key`, the pricing API's `X-Api-Key`,
GitHub Actions secret references, the organisation id used as external id), Datadog Cloud Cost (32-hex API
keys, 40-hex application keys, the AWS integration's 32-hex external id), Kubecost / OpenCost
(`cloud-integration.json` with `AWSAccessKey` authorizers and `azureStorageAccessKey`,
`kubecostProductConfigs.awsServiceKeyPassword`), AWS Cost and Usage Reports (secret access keys, role ARNs,
manifest assembly ids) and Azure cost exports (storage connection strings, SAS `sig=`, service-principal
passwords from `az ad sp create-for-rbac`, subscription ids), in commands, config files, code and tool
output, with the public ids the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 160 to 164):
25 of 26 secrets caught, 4 of 25 look-alikes altered (missed: Vantage's `vntg_tkn_<hex>` as a
client's only argument; altered: Vantage's `wrkspc_` and `rprt_` tokens (ids) under
`workspace_token` and `cost_report_token`, curl's `-d @file.json`, a secret's name (`cloud-
integration`) under `…Secret=`).
"""

from __future__ import annotations

import base64
import random
import urllib.parse

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    const,
    digits,
    hexl,
    join,
    lower_alnum,
    pick,
    upper_alnum,
    uuid,
)

FO = "finops"

HARNESS_AWS_ACCOUNT = "891928451355"

vantage_token = join("vntg_tkn_", hexl(40))
cloudzero_key = b62(38)
castai_key = hexl(64)
spot_token = hexl(64)
spot_account = join("act-", hexl(8))
harness_account = pick(B62 + "-_", 22)
infracost_key = join("ico-", b62(32))
aws_secret = b64(40)
aws_key_id = join("AKIA", upper_alnum(16))
azure_storage_key = b64(86, "==")
azure_client_secret = join(b62(3), digits(1), "Q~", pick(B62 + "_~.-", 34))


def harness_token(kind: str):
    """`pat.`/`sat.` + account id (22) + token id (24) + secret (20)."""

    def make(rng: random.Random) -> str:
        return f"{kind}.{b62(22)(rng)}.{b62(24)(rng)}.{b62(20)(rng)}"

    return make


def sas_sig(rng: random.Random) -> str:
    """An HMAC-SHA256 signature, base64 then percent-encoded as it stands in a SAS URL."""
    raw = bytes(rng.getrandbits(8) for _ in range(32))
    return urllib.parse.quote(base64.b64encode(raw).decode(), safe="")


def rsa1024_public_body(rng: random.Random) -> str:
    """The four base64 lines of a 1024-bit RSA SubjectPublicKeyInfo (216 characters)."""
    return "\n".join(
        [
            "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC" + b64(25)(rng),
            b64(64)(rng),
            b64(64)(rng),
            b64(18)(rng) + "IDAQAB",
        ]
    )


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (25, 26, 4, 25, "the rules for 160 to 164")

TEMPLATES: list = [
    # ---- secrets: Vantage
    S(
        FO,
        "vantage_bearer_curl",
        "$ curl -s https://api.vantage.sh/v2/cost_reports?page=1 \\\n"
        '    -H "accept: application/json" \\\n    -H "authorization: Bearer {v}" | jq \'.cost_reports[].title\'',
        vantage_token,
    ),
    S(
        FO,
        "vantage_sdk_client",
        "from vantage_sdk import VantageSDK\n\n"
        'vantage = VantageSDK("{v}")\n'
        'reports = await vantage.cost_reports.list(workspace_token="wrkspc_{ws}")',
        vantage_token,
        ws=hexl(16),
    ),
    # ---- secrets: CloudZero (bare Authorization value, MCP header)
    S(
        FO,
        "cloudzero_authz_header",
        "$ curl -sS -X GET 'https://api.cloudzero.com/v2/billing/costs?start_date=2024-05-01T00:00:00Z"
        "&end_date=2024-06-01T00:00:00Z&group_by=service&granularity=daily' \\\n"
        '  -H "Authorization: {v}"',
        cloudzero_key,
    ),
    S(
        FO,
        "cloudzero_mcp_json",
        '{\n  "mcpServers": {\n    "cloudzero": {\n      "type": "http",\n'
        '      "url": "https://czca-server.discovery.cloudzero.com/mcp",\n'
        '      "headers": {\n        "X-Api-Key": "{v}"\n      }\n    }\n  }\n}',
        cloudzero_key,
    ),
    # ---- secrets: CAST AI
    S(
        FO,
        "castai_helm_apikey",
        "$ helm upgrade -i castai-agent castai-helm/castai-agent -n castai-agent --create-namespace \\\n"
        '    --set apiKey="{v}" \\\n    --set provider="eks"',
        castai_key,
    ),
    S(
        FO,
        "castai_requests_header",
        "resp = requests.get(\n"
        '    f"https://api.cast.ai/v1/cost-reports/clusters/{cluster_id}/efficiency",\n'
        '    headers={"X-API-Key": "{v}", "accept": "application/json"},\n'
        '    params={"startTime": "2024-06-01T00:00:00Z", "endTime": "2024-06-30T23:59:59Z"},\n'
        "    timeout=30,\n)",
        castai_key,
    ),
    S(
        FO,
        "castai_tfvars",
        '$ cat terraform.tfvars\ncluster_name     = "prod-eu-west-1"\ncluster_region   = "eu-west-1"\n'
        'castai_api_url   = "https://api.cast.ai"\ncastai_api_token = "{v}"',
        castai_key,
    ),
    # ---- secrets: Spot by NetApp
    S(
        FO,
        "spot_credentials_ini",
        "$ cat ~/.spotinst/credentials\n[default]\ntoken   = {v}\naccount = {acct}",
        spot_token,
        acct=spot_account,
    ),
    S(
        FO,
        "spot_helm_token",
        "$ helm install spotinst-kubernetes-cluster-controller spotinst/spotinst-kubernetes-cluster-controller \\\n"
        "    --namespace kube-system \\\n    --set spotinst.token={v} \\\n    --set spotinst.account={acct} \\\n"
        "    --set spotinst.clusterIdentifier=payments-prod-eks",
        spot_token,
        acct=spot_account,
    ),
    S(
        FO,
        "spot_serverless_flag",
        "$ serverless config credentials -p spotinst -a {acct} -t {v}\n"
        "Serverless: Successfully configured credentials in ~/.spotinst/credentials",
        spot_token,
        acct=spot_account,
    ),
    # ---- secrets: Harness CCM
    S(
        FO,
        "harness_pat_env",
        "export HARNESS_ENDPOINT=https://app.harness.io/gateway\nexport HARNESS_ACCOUNT_ID={acct}\n"
        "export HARNESS_PLATFORM_API_KEY={v}\nterraform -chdir=ccm/connectors apply",
        harness_token("pat"),
        acct=harness_account,
    ),
    S(
        FO,
        "harness_sat_header",
        "$ curl -s -X POST 'https://app.harness.io/ccm/api/graphql?accountIdentifier={acct}&routingId={acct}' \\\n"
        "    -H 'Content-Type: application/json' \\\n    -H 'x-api-key: {v}' \\\n"
        "    --data @perspective-grid.json",
        harness_token("sat"),
        acct=harness_account,
    ),
    # ---- secrets: Finout
    S(
        FO,
        "finout_secret_header",
        "$ curl -s https://app.finout.io/v1/view \\\n    -H 'x-finout-client-id: {cid}' \\\n"
        "    -H 'x-finout-secret-key: {v}'",
        b62(40),
        cid=uuid,
    ),
    S(
        FO,
        "finout_dotenv",
        "# finout-export/.env\nFINOUT_API_URL=https://app.finout.io\nFINOUT_CLIENT_ID={cid}\nFINOUT_SECRET_KEY={v}",
        b62(40),
        cid=uuid,
    ),
    # ---- secrets: nOps
    S(
        FO,
        "nops_api_key_header",
        "$ curl -s 'https://app.nops.io/c/v3/cost/cost_summary/?start_date=2024-05-01&end_date=2024-05-31' \\\n"
        '    -H "x-nops-api-key: {v}" \\\n    -H "accept: application/json"',
        join(digits(4), ".", hexl(32)),
    ),
    # ---- secrets: Infracost
    S(
        FO,
        "infracost_credentials_yml",
        '$ cat ~/.config/infracost/credentials.yml\nversion: "0.1"\napi_key: {v}\n'
        "pricing_api_endpoint: https://pricing.api.infracost.io",
        infracost_key,
    ),
    S(
        FO,
        "infracost_configure_set",
        "$ infracost configure set api_key {v}\n$ infracost breakdown --path . --format table",
        infracost_key,
    ),
    S(
        FO,
        "infracost_pricing_curl",
        "$ curl -s https://pricing.api.infracost.io/graphql \\\n"
        "    -H 'X-Api-Key: {v}' -H 'Content-Type: application/json' \\\n"
        '    --data \'{"query": "{ products(filter: {vendorName: \\"aws\\", service: \\"AmazonEC2\\", region: '
        '\\"us-east-1\\"}) { prices { USD } } }"}\'',
        infracost_key,
    ),
    # ---- secrets: Datadog Cloud Cost
    S(
        FO,
        "datadog_tf_app_key",
        'provider "datadog" {\n  api_key = var.datadog_api_key\n  app_key = "{v}"\n'
        '  api_url = "https://api.datadoghq.eu/"\n}',
        hexl(40),
    ),
    S(
        FO,
        "datadog_api_key_header",
        "$ curl -s -X GET 'https://api.datadoghq.com/api/v2/cost/aws_cur_config' \\\n"
        '    -H "DD-API-KEY: {v}" \\\n    -H "DD-APPLICATION-KEY: ${DD_APP_KEY}"',
        hexl(32),
    ),
    # ---- secrets: AWS CUR keys in OpenCost / Kubecost
    S(
        FO,
        "opencost_aws_authorizer",
        '        "workgroup": "primary",\n        "account": "{acct}",\n        "authorizer": {\n'
        '          "authorizerType": "AWSAccessKey",\n          "id": "{kid}",\n'
        '          "secret": "{v}"\n        }',
        aws_secret,
        acct=digits(12),
        kid=aws_key_id,
    ),
    S(
        FO,
        "kubecost_helm_aws_service_key",
        "$ helm upgrade kubecost kubecost/cost-analyzer -n kubecost --reuse-values \\\n"
        "    --set kubecostProductConfigs.athenaBucketName=s3://aws-athena-query-results-{acct}-us-east-1 \\\n"
        "    --set kubecostProductConfigs.awsServiceKeyName={kid} \\\n"
        "    --set kubecostProductConfigs.awsServiceKeyPassword={v}",
        aws_secret,
        acct=digits(12),
        kid=aws_key_id,
    ),
    # ---- secrets: Azure cost exports
    S(
        FO,
        "azure_storage_conn_string",
        'export AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=costexports{sfx};'
        'AccountKey={v};EndpointSuffix=core.windows.net"',
        azure_storage_key,
        sfx=lower_alnum(6),
    ),
    S(
        FO,
        "kubecost_azure_access_key",
        '{\n  "azure": [\n    {\n      "azureSubscriptionID": "{sub}",\n'
        '      "azureStorageAccount": "kubecostexport",\n      "azureStorageAccessKey": "{v}",\n'
        '      "azureStorageContainer": "costexports",\n      "azureContainerPath": "",\n'
        '      "azureCloud": "public"\n    }\n  ]\n}',
        azure_storage_key,
        sub=uuid,
    ),
    S(
        FO,
        "azure_sas_sig",
        '$ azcopy copy "https://finopsexports.blob.core.windows.net/exports/daily/actualcost?sv=2022-11-02&ss=b'
        '&srt=co&sp=rl&se=2024-12-31T23:59:59Z&st=2024-06-01T00:00:00Z&spr=https&sig={v}" ./cur --recursive',
        sas_sig,
    ),
    S(
        FO,
        "azure_sp_password_output",
        '$ az ad sp create-for-rbac --name vantage-cost-reader --role "Cost Management Reader" '
        "--scopes /providers/Microsoft.Management/managementGroups/root\n"
        '{\n  "appId": "{app}",\n  "displayName": "vantage-cost-reader",\n  "password": "{v}",\n'
        '  "tenant": "{tenant}"\n}',
        azure_client_secret,
        app=uuid,
        tenant=uuid,
    ),
    # ---- look-alikes: public resource ids
    L(
        FO,
        "vantage_workspace_token",
        'resource "vantage_cost_report" "eks" {\n  title           = "EKS by namespace"\n'
        '  workspace_token = "{v}"\n  filter          = "costs.provider = \'kubernetes\'"\n}',
        join("wrkspc_", hexl(16)),
    ),
    L(
        FO,
        "vantage_report_token",
        "$ curl -s 'https://api.vantage.sh/v2/costs?cost_report_token={v}&start_date=2024-05-01' \\\n"
        '    -H "authorization: Bearer $VANTAGE_API_TOKEN"',
        join("rprt_", hexl(16)),
    ),
    L(
        FO,
        "cloudzero_connection_id",
        "$ curl -s -X POST https://api.cloudzero.com/v2/connections/billing/anycost/{v}/billing_drops \\\n"
        '    -H "Authorization: $CLOUDZERO_API_KEY" -H "Content-Type: application/json" -d @cbf-2024-06.json',
        uuid,
    ),
    L(
        FO,
        "env_ref",
        '      "headers": {\n        "X-Api-Key": "{v}"\n      }',
        const("${CLOUDZERO_API_KEY}"),
    ),
    L(
        FO,
        "castai_cluster_id",
        "$ helm upgrade -i cluster-controller castai-helm/castai-cluster-controller -n castai-agent \\\n"
        '    --set castai.apiKey="$CASTAI_API_TOKEN" \\\n    --set castai.clusterID="{v}"',
        uuid,
    ),
    L(
        FO,
        "tf_sensitive_mask",
        '  # castai_eks_cluster.this will be created\n  + resource "castai_eks_cluster" "this" {\n'
        '      + account_id     = "{acct}"\n      + api_token      = {v}\n      + region         = "eu-west-1"',
        const("(sensitive value)"),
        acct=digits(12),
    ),
    L(FO, "spot_account_id", "export SPOTINST_ACCOUNT={v}\nexport SPOTINST_TOKEN=$SPOT_PAT", spot_account),
    L(
        FO,
        "spot_ocean_id",
        '$ terraform import spotinst_ocean_aws.payments {v}\nspotinst_ocean_aws.payments: Importing from ID "{v}"...',
        join("o-", hexl(8)),
    ),
    L(
        FO,
        "kubectl_secret_ref",
        "export SPOTINST_TOKEN={v}",
        const(
            "$(kubectl get secret -n kube-system spotinst-kubernetes-cluster-controller"
            " -o jsonpath='{.data.token}' | base64 -d)"
        ),
    ),
    L(
        FO,
        "harness_account_id",
        "Account Overview\n  Account Name         Northwind Platform\n  Account Id           {v}\n"
        "  Harness Cluster      Prod-2",
        harness_account,
    ),
    L(
        FO,
        "harness_external_id",
        "  cross_account_access {\n"
        '    role_arn    = "arn:aws:iam::{acct}:role/HarnessCERole"\n    external_id = "{v}"\n  }',
        join(f"harness:{HARNESS_AWS_ACCOUNT}:", harness_account),
        acct=digits(12),
    ),
    L(
        FO,
        "harness_secret_expression",
        "          - step:\n              type: Http\n              spec:\n"
        "                url: https://app.harness.io/ccm/api/budgets?accountIdentifier=<+account.identifier>\n"
        "                headers:\n                  - key: x-api-key\n                    value: {v}",
        const('<+secrets.getValue("account.ccm_reader_pat")>'),
    ),
    L(
        FO,
        "finout_client_id",
        'FINOUT_CLIENT_ID = "{v}"  # client id is fine to log\nFINOUT_SECRET_KEY = os.environ["FINOUT_SECRET_KEY"]',
        uuid,
    ),
    L(
        FO,
        "finout_view_id",
        '$ cat query.json\n{\n  "viewId": "{v}",\n  "date": {"relativeRange": "last30Days"},\n'
        '  "groupBy": ["service"]\n}',
        uuid,
    ),
    L(
        FO,
        "nops_public_key",
        "$ openssl rsa -in rsakey.pem -pubout > key.pub && cat key.pub\nwriting RSA key\n"
        "-----BEGIN PUBLIC KEY-----\n{v}\n-----END PUBLIC KEY-----",
        rsa1024_public_body,
    ),
    L(
        FO,
        "gha_secret_ref",
        "      - name: Setup Infracost\n        uses: infracost/actions/setup@v3\n        with:\n"
        "          api-key: {v}",
        const("${{ secrets.INFRACOST_API_KEY }}"),
    ),
    L(
        FO,
        "infracost_org_id",
        'module "infracost_cross_account_link" {\n  source                = "infracost/cross-account-link/aws"\n'
        '  infracost_external_id = "{v}"\n}',
        uuid,
    ),
    L(
        FO,
        "placeholder",
        "# .env.example\nVANTAGE_API_TOKEN={v}\nVANTAGE_API_HOST=https://api.vantage.sh",
        const("vntg_tkn_" + "x" * 40),
    ),
    L(
        FO,
        "datadog_external_id",
        '      "Condition": {\n        "StringEquals": {\n          "sts:ExternalId": "{v}"\n        }\n      }',
        hexl(32),
    ),
    L(
        FO,
        "cur_role_arn",
        "$ aws sts assume-role --role-arn {v} --role-session-name cur-reader --external-id $CUR_EXTERNAL_ID",
        join("arn:aws:iam::", digits(12), ":role/CostUsageReportReader"),
    ),
    L(
        FO,
        "cur_assembly_id",
        "$ aws s3 cp s3://billing-cur-exports/cur/hourly/20240601-20240701/hourly-Manifest.json - | jq '{assemblyId, bucket}'\n"
        '{\n  "assemblyId": "{v}",\n  "bucket": "billing-cur-exports"\n}',
        uuid,
    ),
    L(
        FO,
        "secret_name_value",
        "    --set kubecostProductConfigs.cloudIntegrationSecret={v} \\\n    --set kubecostProductConfigs.clusterName=prod-eu",
        const("cloud-integration"),
    ),
    L(
        FO,
        "azure_subscription_id",
        '$ az costmanagement export create --name daily-actuals --type ActualCost \\\n    --scope "subscriptions/{v}" \\\n'
        "    --storage-account-id /subscriptions/{v}/resourceGroups/finops/providers/Microsoft.Storage/storageAccounts/costexports \\\n"
        "    --storage-container exports --timeframe MonthToDate --recurrence Daily",
        uuid,
    ),
    L(
        FO,
        "placeholder",
        '      "azureStorageAccount": "<STORAGE_ACCOUNT_NAME>",\n      "azureStorageAccessKey": "{v}",',
        const("<STORAGE_ACCESS_KEY>"),
    ),
    L(
        FO,
        "image_digest",
        '    image: ghcr.io/opencost/opencost@sha256:{v}\n    env:\n      - name: CLOUD_COST_ENABLED\n        value: "true"',
        hexl(64),
    ),
]
