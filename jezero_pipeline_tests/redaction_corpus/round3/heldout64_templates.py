"""A sixty-fourth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of security and threat-intelligence tools: the Shodan CLI (`shodan init`),
VirusTotal's API v3 (`x-apikey`) and vt-cli, the Censys CLI (`censys config`, API ID beside API secret),
Have I Been Pwned v3 (`hibp-api-key`) and the Pwned Passwords range API, AbuseIPDB APIv2 and its Fail2Ban
action, GreyNoise's SDK CLI, urlscan.io's quickstart (`API-Key` header, result UUIDs), Tenable/Nessus
(`X-ApiKeys: accessKey=…; secretKey=…`, scan templates), gvm-tools (`gvm-cli --gmp-password`, GMP responses),
Wazuh (agent enrollment, `manage_agents` key extraction, `authd.pass`, the installation summary, the API's
JWT login), Metasploit (`msfrpcd -P`, `set PASSWORD`, `msfdb init` and `database.yml`), sqlmap
(`--auth-cred`, `--cookie`, `--csrf-token`), Hydra and Medusa output and wordlists, Nmap NSE
`--script-args` and script output, the Burp Suite REST API (key in the URL path) and Collaborator payloads,
CrowdStrike Falcon (client id beside client secret, `ProvToken`, `falconctl -g --aid`), SentinelOne
(`Authorization: ApiToken`, site ids), TheHive/Cortex API keys and MISP auth keys (PyMISP `keys.py`, the
`Authorization` header, event UUIDs), in commands, config files, code and tool output, with the public ids,
hashes, paths, references and placeholders the same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 55 to 59):
24 of 27 secrets caught, 0 of 24 look-alikes altered (missed: `shodan init <key>`, a Wazuh agent key printed below
`Agent key information … is:`, a session id in sqlmap's `--cookie`).
"""

from __future__ import annotations

import base64
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
    lower_alnum,
    password,
    pick,
    uuid,
)

ST = "sectools"


def uuid7(rng: random.Random) -> str:
    """A time-ordered (version 7) UUID, the shape urlscan.io gives its scan results."""
    h = hexl(32)(rng)
    return f"0196{h[:4]}-{h[4:8]}-7{h[9:12]}-a{h[13:16]}-{h[16:28]}"


def nessus_template_uuid(rng: random.Random) -> str:
    """A Nessus scan-template uuid: a UUID whose last group runs on for 24 hex digits."""
    return uuid(rng) + hexl(12)(rng)


def colon_hex_lower(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexl(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


def vt_analysis_id(rng: random.Random) -> str:
    """A VirusTotal analysis id: base64 of `<md5>:<unix time>`."""
    raw = f"{hexl(32)(rng)}:{rng.randrange(1_600_000_000, 1_760_000_000)}"
    return base64.b64encode(raw.encode()).decode()


def wazuh_agent_key(rng: random.Random) -> str:
    """What `manage_agents -e` prints: base64 of `<id> <name> <ip> <64-hex key>`."""
    agent_id = "007"
    name = rng.choice(("web-03", "db-primary", "bastion-01", "k8s-node-7"))
    raw = f"{agent_id} {name} any {hexl(64)(rng)}"
    return base64.b64encode(raw.encode()).decode()


def pwned_suffix_lines(rng: random.Random) -> str:
    return "\n".join(f"{hexu(35)(rng)}:{rng.randrange(1, 900)}" for _ in range(2))


wazuh_password = pick(string.ascii_letters + string.digits + ".*+?", 32)
falcon_cid = join(hexu(32), "-", hexu(2))

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (24, 27, 0, 24, "the rules for 55 to 59")

TEMPLATES = [
    # ---- secrets: threat-intel API keys, positional, flagged and in vendor headers
    S(
        ST,
        "shodan_init_positional",
        "$ shodan init {v}\nSuccessfully initialized",
        b62(32),
    ),
    S(
        ST,
        "virustotal_x_apikey",
        "$ curl -s --request GET --url https://www.virustotal.com/api/v3/files/{sha} \\\n"
        "    --header 'x-apikey: {v}' | jq '.data.attributes.last_analysis_stats'",
        hexl(64),
        sha=hexl(64),
    ),
    S(
        ST,
        "censys_config_secret",
        "$ censys config\nCensys API ID: {aid}\nCensys API Secret: {v}\n"
        "Do you want color output? [y/n]: n\nSuccessfully authenticated",
        b62(32),
        aid=uuid,
    ),
    S(
        ST,
        "hibp_api_key_header",
        'headers = {"hibp-api-key": "{v}", "user-agent": "northwind-breach-audit"}\n'
        'resp = requests.get(f"https://haveibeenpwned.com/api/v3/breachedaccount/{account}", headers=headers)',
        hexl(32),
    ),
    S(
        ST,
        "abuseipdb_key_header",
        '$ curl -G https://api.abuseipdb.com/api/v2/check --data-urlencode "ipAddress=203.0.113.77" \\\n'
        '    -d maxAgeInDays=90 -d verbose -H "Key: {v}" -H "Accept: application/json"',
        hexl(80),
    ),
    S(
        ST,
        "greynoise_setup_flag",
        "$ pip3 install greynoise --upgrade && greynoise setup --api-key {v}\nConfiguration saved to '~/.config/greynoise/config'",
        b62(64),
    ),
    S(
        ST,
        "urlscan_uuid_api_key",
        'curl -X POST https://urlscan.io/api/v1/scan/ -H "Content-Type: application/json" '
        '-H "API-Key: {v}" -d \'{"url": "https://login-m1crosoft.example", "visibility": "private"}\'',
        uuid,
    ),
    # ---- secrets: scanner and SIEM credentials
    S(
        ST,
        "tenable_x_apikeys_secret",
        "$ curl -s -H \"X-ApiKeys: accessKey={ak}; secretKey={v};\" https://cloud.tenable.com/scans | jq '.scans[].name'",
        hexl(64),
        ak=hexl(64),
    ),
    S(
        ST,
        "gvm_cli_gmp_password",
        "$ gvm-cli --gmp-username admin --gmp-password {v} socket --socketpath /run/gvmd/gvmd.sock "
        "--xml \"<get_tasks filter='name~weekly'/>\"",
        password(20),
    ),
    S(
        ST,
        "wazuh_extracted_agent_key",
        "Provide the ID of the agent to extract the key (or '\\q' to quit): 007\n\n"
        "Agent key information for '007' is:\n{v}\n\n** Press ENTER to return to the main menu.",
        wazuh_agent_key,
    ),
    S(
        ST,
        "wazuh_registration_password",
        'sudo WAZUH_MANAGER="10.20.0.4" WAZUH_AGENT_GROUP="linux" WAZUH_REGISTRATION_PASSWORD="{v}" '
        "apt-get install -y wazuh-agent",
        password(18),
    ),
    S(
        ST,
        "wazuh_install_summary",
        "INFO: --- Summary ---\nINFO: You can access the web interface https://10.20.0.4:443\n"
        "    User: admin\n    Password: {v}\nINFO: Installation finished.",
        wazuh_password,
    ),
    # ---- secrets: Metasploit
    S(
        ST,
        "msfrpcd_password_flag",
        "$ msfrpcd -U msf -P {v} -a 127.0.0.1 -p 55553 -S\n[*] MSGRPC starting on 127.0.0.1:55553 (NO SSL):Msg...",
        b62(16),
    ),
    S(
        ST,
        "msfconsole_set_password",
        "msf6 auxiliary(scanner/ssh/ssh_login) > set USERNAME svc_backup\nUSERNAME => svc_backup\n"
        "msf6 auxiliary(scanner/ssh/ssh_login) > set PASSWORD {v}\nPASSWORD => {v}",
        password(14),
    ),
    S(
        ST,
        "msf_database_yml",
        "$ cat ~/.msf4/database.yml\ndevelopment: &pgsql\n  adapter: postgresql\n  database: msf\n"
        "  username: msf\n  password: {v}\n  host: 127.0.0.1\n  port: 5433\n  pool: 200",
        b64(43, "="),
    ),
    S(
        ST,
        "msf_webservice_token",
        "MSF web service configuration complete\nThe web service has been configured as your default data service in "
        'msfconsole with the name "local-https-data-service"\n\nMSF web service URL: https://localhost:5443\n'
        "MSF web service user API token: {v}",
        hexl(80),
    ),
    # ---- secrets: offensive tooling command lines and output
    S(
        ST,
        "sqlmap_auth_cred",
        'python3 sqlmap.py -u "https://intranet.northwind.test/reports/view.php?id=3" --auth-type=Basic '
        '--auth-cred="auditor:{v}" --batch --level=3',
        password(14),
    ),
    S(
        ST,
        "sqlmap_session_cookie",
        'sqlmap -u "http://10.10.4.40/dvwa/vulnerabilities/sqli/?id=1&Submit=Submit" '
        '--cookie="PHPSESSID={v}; security=low" --dbs --batch',
        lower_alnum(26),
    ),
    S(
        ST,
        "nmap_smbpassword_arg",
        "$ nmap -p 445 --script smb-enum-shares,smb-ls "
        "--script-args smbdomain=NORTHWIND,smbusername=svc_scan,smbpassword={v} 10.10.4.0/24",
        password(15),
    ),
    S(
        ST,
        "hydra_found_password",
        "[DATA] attacking ssh://10.10.4.21:22/\n[22][ssh] host: 10.10.4.21   login: deploy   password: {v}\n"
        "1 of 1 target successfully completed, 1 valid password found",
        b62(12),
    ),
    S(
        ST,
        "medusa_account_found",
        "ACCOUNT CHECK: [ftp] Host: 10.10.4.30 (1 of 1, 0 complete) User: backup (1 of 1, 0 complete) Password: "
        "Summer2019 (412 of 14344)\nACCOUNT FOUND: [ftp] Host: 10.10.4.30 User: backup Password: {v} [SUCCESS]",
        password(11),
    ),
    S(
        ST,
        "burp_rest_key_in_path",
        "$ curl -s -X POST http://127.0.0.1:1337/{v}/v0.1/scan "
        '-d \'{"urls": ["https://staging.northwind.test"]}\' -D - | grep -i location',
        b62(32),
    ),
    # ---- secrets: EDR and case-management platforms
    S(
        ST,
        "falcon_client_secret",
        'from falconpy import Hosts\n\nfalcon = Hosts(client_id="{cid}", client_secret="{v}", base_url="us-2")',
        b62(40),
        cid=hexl(32),
    ),
    S(
        ST,
        "falcon_provtoken",
        "C:\\> WindowsSensor.exe /install /quiet /norestart CID={cid} ProvToken={v}",
        hexu(8),
        cid=falcon_cid,
    ),
    S(
        ST,
        "sentinelone_apitoken",
        'curl -s "https://usea1-northwind.sentinelone.net/web/api/v2.1/threats?resolved=false&limit=50" '
        '-H "Authorization: ApiToken {v}"',
        b62(80),
    ),
    S(
        ST,
        "thehive_bearer_key",
        "$ curl -s -XPOST https://thehive.northwind.test/api/v1/query -H 'Authorization: Bearer {v}' "
        '-H \'Content-Type: application/json\' -d \'{"query": [{"_name": "listAlert"}]}\'',
        b62(32),
    ),
    S(
        ST,
        "misp_keys_py",
        "$ cat examples/keys.py\nmisp_url = 'https://misp.northwind.test'\nmisp_key = '{v}'\nmisp_verifycert = True",
        b62(40),
    ),
    # ---- look-alikes: hashes and analysis ids beside keys
    L(
        ST,
        "virustotal_file_sha256",
        '$ curl -s --header "x-apikey: $VT_API_KEY" https://www.virustotal.com/api/v3/files/{v} '
        "| jq -r '.data.attributes.meaningful_name'",
        hexl(64),
    ),
    L(
        ST,
        "virustotal_analysis_id",
        '$ vt analysis {v} --include=status,stats\n- _id: {v}\n  status: "completed"',
        vt_analysis_id,
    ),
    L(
        ST,
        "pwned_passwords_range",
        "$ curl -s https://api.pwnedpasswords.com/range/{prefix} | head -3\n{v}:3\n{more}",
        hexu(35),
        prefix=hexu(5),
        more=pwned_suffix_lines,
    ),
    L(
        ST,
        "shodan_jarm_query",
        "$ shodan search --fields ip_str,port,org 'ssl.jarm:{v}'",
        hexl(62),
    ),
    L(
        ST,
        "nmap_ssh_hostkey",
        "PORT   STATE SERVICE\n22/tcp open  ssh\n| ssh-hostkey:\n|   3072 {v} (RSA)",
        colon_hex_lower(16),
    ),
    L(
        ST,
        "misp_event_uuid",
        '  "Event": {\n    "id": "1842",\n    "uuid": "{v}",\n    "info": "Phishing wave against payroll staff",'
        '\n    "threat_level_id": "2",',
        uuid,
    ),
    # ---- look-alikes: public ids beside the credentials they pair with
    L(
        ST,
        "censys_api_id",
        'export CENSYS_API_ID={v}\nexport CENSYS_API_SECRET="$(pass show soc/censys-api-secret)"',
        uuid,
    ),
    L(
        ST,
        "urlscan_result_uuid",
        '{\n  "message": "Submission successful",\n  "uuid": "{v}",\n  "result": "https://urlscan.io/result/{v}/",'
        '\n  "visibility": "private"\n}',
        uuid7,
    ),
    L(
        ST,
        "falcon_client_id",
        "        env:\n          FALCON_CLIENT_ID: {v}\n          FALCON_CLIENT_SECRET: ${{ secrets.FALCON_CLIENT_SECRET }}",
        hexl(32),
    ),
    L(
        ST,
        "falcon_aid",
        '$ sudo /opt/CrowdStrike/falconctl -g --aid\naid="{v}".',
        hexl(32),
    ),
    L(
        ST,
        "nessus_template_uuid",
        '    {\n      "uuid": "{v}",\n      "name": "advanced",\n      "title": "Advanced Scan",\n'
        '      "subscription_only": false\n    },',
        nessus_template_uuid,
    ),
    L(
        ST,
        "gmp_created_id",
        '<create_target_response status="201" status_text="OK, resource created" id="{v}"/>',
        uuid,
    ),
    L(
        ST,
        "sentinelone_site_id",
        'curl -s "https://usea1-northwind.sentinelone.net/web/api/v2.1/agents?siteIds={v}&isActive=true" '
        '-H "Authorization: ApiToken $S1_API_TOKEN"',
        digits(19),
    ),
    L(
        ST,
        "burp_collaborator_payload",
        "The blind SSRF confirmed: the target resolved `{v}.oastify.com`, and Collaborator logged a DNS lookup "
        "from 198.51.100.23.",
        lower_alnum(30),
    ),
    # ---- look-alikes: paths, parameter names and references under credential-sounding flags
    L(
        ST,
        "hydra_wordlist_path",
        "$ hydra -l deploy -P {v} -t 4 -f ssh://10.10.4.21",
        const("/usr/share/wordlists/rockyou.txt"),
    ),
    L(
        ST,
        "nmap_passdb_path",
        "$ nmap -p 80 --script http-form-brute "
        "--script-args 'http-form-brute.path=/login,userdb=users.lst,passdb={v}' 10.10.4.40",
        const("/usr/share/seclists/Passwords/Common-Credentials/10k-most-common.txt"),
    ),
    L(
        ST,
        "msf_pass_file",
        "msf6 auxiliary(scanner/ssh/ssh_login) > set PASS_FILE {v}\nPASS_FILE => {v}",
        const("/usr/share/metasploit-framework/data/wordlists/unix_passwords.txt"),
    ),
    L(
        ST,
        "sqlmap_csrf_param",
        "sqlmap -r login.req --csrf-token={v} --csrf-url=/login.php --batch",
        const("user_token"),
    ),
    L(
        ST,
        "wazuh_pass_path",
        "  <enrollment>\n    <enabled>yes</enabled>\n    <manager_address>10.20.0.4</manager_address>\n"
        "    <authorization_pass_path>{v}</authorization_pass_path>\n  </enrollment>",
        const("etc/authd.pass"),
    ),
    L(
        ST,
        "wazuh_token_ref",
        '$ curl -k -X GET "https://localhost:55000/agents?status=disconnected&pretty=true" '
        '-H "Authorization: Bearer {v}"',
        const("$TOKEN"),
    ),
    L(
        ST,
        "wazuh_placeholder",
        'TOKEN=$(curl -u wazuh:{v} -k -X POST "https://localhost:55000/security/user/authenticate?raw=true")',
        const("<WAZUH_API_PASSWORD>"),
    ),
    L(
        ST,
        "fail2ban_key_tag",
        "actionban = curl --fail 'https://api.abuseipdb.com/api/v2/report' -H 'Accept: application/json' "
        "-H 'Key: {v}' --data-urlencode 'ip=<ip>' --data 'categories=<abuseipdb_category>'",
        const("<abuseipdb_apikey>"),
    ),
    L(
        ST,
        "pymisp_env_ref",
        "misp_url = 'https://misp.northwind.test'\nmisp_key = {v}\nmisp_verifycert = True",
        const('os.environ["MISP_KEY"]'),
    ),
    L(
        ST,
        "thehive_placeholder",
        'api = TheHiveApi("http://127.0.0.1:9000", "{v}")  # paste the key from Settings > API key',
        const("<thehive-api-key>"),
    ),
]
