"""A two-hundred-and-thirty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the public documentation and example configs of amateur-radio and APRS services:
APRS-IS passcodes (the numeric 0-32767 value, and -1 for receive-only) as Dire Wolf's `IGLOGIN`,
aprx's `<aprsis>` block, the raw `user … pass … vers …` login line, aprslib's `IS(…, passwd=…)`
and a weather-shipper's `--aprs-passcode` flag take them; aprs.fi API keys (`apikey=` in
`api.aprs.fi/api/get`, `APRSFI_API_KEY`, python-aprsfi's `API(…)`); the QRZ.com XML data service
(`username=…;password=…;agent=…`, the `<Key>` session key and `?s=` lookups) and the QRZ Logbook
API key (`KEY=XXXX-XXXX-XXXX-XXXX`, `ACTION=`/`LOGID=`); ARRL LoTW and TQSL (`tqsl -p`,
`lotwreport.adi?login=…&password=…`, callsign certificates as `.p12`); Club Log (`putlogs.php`
form fields `email`/`password`/`callsign`/`api`); HamQTH (`xml.php?u=…&p=…` and `<session_id>`);
eQSL (`EQSL_USER`/`EQSL_PSWD`); Winlink through Pat (`secure_login_password`, the public
`CMSTelnet` telnet password, message ids); BrandMeister (API v2 JWT bearer keys, hotspot
security passwords in MMDVMHost's `[DMR Network]`, device and DMR ids); Pi-Star / DMRGateway /
ircDDBGateway configs; and Cloudlog (`cl…` API keys, `station_profile_id`), in commands, config
files, code and tool output, with the public ids, placeholders, references and hashes the same
documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 210 to 224):
15 of 27 secrets caught, 2 of 23 look-alikes altered (missed: APRS-IS passcodes (five digits) after
`IGLOGIN <call>`, after `pass` in a login line and after `--aprs-passcode`; an aprs.fi key as a
client's argument; QRZ's session key under `<Key>` and after `?s=`; a QRZ logbook key of hex groups
after `-k`; Club Log's key as a form's `api=` and its app password under `CLUBLOG_PSWD`; HamQTH's
`<session_id>`; eQSL's password as a form's `EQSL_PSWD=`; a Cloudlog key under `key` in a JSON body;
altered: Winlink's public `CMSTelnet` password in a telnet URL, a certificate's file name after
`openssl x509 -in`).
"""

from __future__ import annotations

import random
import string

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    groups,
    hexl,
    hexu,
    join,
    password,
    pick,
    upper_alnum,
)

HAM = "hamradio"

# APRS base-91 characters for a compressed position, minus quotes, backslash and backtick.
BASE91 = "".join(chr(c) for c in range(33, 123) if chr(c) not in "\"'\\`")


def aprs_passcode(rng: random.Random) -> str:
    """An APRS-IS passcode: the 15-bit hash of a callsign, printed as a decimal number."""
    return str(rng.randrange(10000, 32768))


def colon_hex(n_bytes: int):
    def make(rng: random.Random) -> str:
        h = hexu(2 * n_bytes)(rng)
        return ":".join(h[i : i + 2] for i in range(0, len(h), 2))

    return make


bm_jwt = join("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJ", b64url(170), ".", b64url(43))
qrz_logbook_key = groups(hexu(4), 4)
compressed_pos = join("/", pick(BASE91, 8), "-", pick(BASE91, 2), "T")
callsign = pick(string.ascii_uppercase, 3)

# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (15, 27, 2, 23, "the rules for 210 to 224")

TEMPLATES: list = [
    # ---- secrets: APRS-IS passcodes
    S(
        HAM,
        "direwolf_iglogin",
        "$ grep -E '^(MYCALL|IGSERVER|IGLOGIN|PBEACON)' /etc/direwolf.conf\nMYCALL K7{c}-10\n"
        'IGSERVER noam.aprs2.net\nIGLOGIN K7{c}-10 {v}\nPBEACON sendto=IG delay=0:30 every=10:00 symbol="igate"',
        aprs_passcode,
        c=callsign,
    ),
    S(
        HAM,
        "aprx_passcode",
        "<aprsis>\n    login     N7{c}-1\n    passcode  {v}\n    server    rotate.aprs2.net 14580\n"
        '    filter    "m/50"\n</aprsis>',
        aprs_passcode,
        c=callsign,
    ),
    S(
        HAM,
        "aprsis_login_line",
        "$ nc -v noam.aprs2.net 14580\nConnection to noam.aprs2.net 14580 port [tcp/*] succeeded!\n"
        "# aprsc 2.1.19-g730c5c0\nuser W7{c}-13 pass {v} vers wxbridge 0.4 filter r/45.52/-122.68/25\n"
        "# logresp W7{c}-13 verified, server T2PORTLAND",
        aprs_passcode,
        c=callsign,
    ),
    S(
        HAM,
        "aprslib_passwd",
        '>>> AIS = aprslib.IS("KJ7{c}-9", passwd="{v}", port=14580)\n>>> AIS.connect()',
        aprs_passcode,
        c=callsign,
    ),
    S(
        HAM,
        "aprs_passcode_flag",
        '$ ambient-wds --app-key "$AMBIENT_APP_KEY" --callsign KE7{c} --ssid 13 --aprs-passcode {v} --aprs-server noam.aprs2.net',
        aprs_passcode,
        c=callsign,
    ),
    # ---- secrets: aprs.fi
    S(
        HAM,
        "aprsfi_url_apikey",
        '$ curl -s "https://api.aprs.fi/api/get?name=K7{c}-9&what=loc&apikey={v}&format=json" | jq .entries[0].lasttime',
        join(digits(6), ".", b62(16)),
        c=callsign,
    ),
    S(HAM, "aprsfi_env", "export APRSFI_API_KEY={v}", join(digits(6), ".", b62(16))),
    S(
        HAM,
        "aprsfi_client",
        'from aprsfi import API\n\napi = API("{v}")\nresp = api.loc("K7{c}-9", "K7{c}-7")',
        join(digits(6), ".", b62(16)),
        c=callsign,
    ),
    # ---- secrets: QRZ.com
    S(
        HAM,
        "qrz_xml_login_password",
        '$ curl -s "https://xmldata.qrz.com/xml/current/?username=K7{c};password={v};agent=shacklog-2.3"',
        b62(14),
        c=callsign,
    ),
    S(
        HAM,
        "qrz_session_key_output",
        '<?xml version="1.0" encoding="utf-8" ?>\n<QRZDatabase version="1.34" xmlns="http://xmldata.qrz.com">\n'
        "  <Session>\n    <Key>{v}</Key>\n    <Count>1187</Count>\n"
        "    <SubExp>Sun Mar 16 00:00:00 2025</SubExp>\n  </Session>\n</QRZDatabase>",
        hexl(32),
    ),
    S(
        HAM,
        "qrz_session_key_lookup",
        "GET https://xmldata.qrz.com/xml/current/?s={v};callsign=JA1{c} -> 200 (412 bytes)",
        hexl(32),
        c=callsign,
    ),
    S(
        HAM,
        "qrz_logbook_key_post",
        '$ curl -s https://logbook.qrz.com/api -d "KEY={v}&ACTION=STATUS"\nRESULT=OK&DATA=BOOKID=482210&CALLSIGN=K7{c}&COUNT=3318',
        qrz_logbook_key,
        c=callsign,
    ),
    S(
        HAM,
        "qrzlogger_k_flag",
        "$ ./qrzlogger -k {v} -p 2237 -d ~/.qrzlogger.sqlite3",
        qrz_logbook_key,
    ),
    # ---- secrets: LoTW / TQSL
    S(
        HAM,
        "tqsl_p_flag",
        "$ tqsl -d -u -a compliant -x -l \"Home K7{c}\" -p '{v}' ~/.local/share/WSJT-X/wsjtx_log.adi",
        password(14),
        c=callsign,
    ),
    S(
        HAM,
        "lotw_report_url",
        '    url = f"https://lotw.arrl.org/lotwuser/lotwreport.adi?login=K7{c}&password={v}&qso_query=1&qso_qsl=yes"',
        b62(12),
        c=callsign,
    ),
    S(
        HAM,
        "lotw_p12_passin",
        "$ openssl pkcs12 -in K7{c}.p12 -nokeys -passin pass:{v} | openssl x509 -noout -subject -enddate",
        b62(10),
        c=callsign,
    ),
    # ---- secrets: Club Log, HamQTH, eQSL
    S(
        HAM,
        "clublog_api_form",
        '$ curl -s https://clublog.org/putlogs.php -F email=k7{lc}@arrl.net -F password="$CLUBLOG_APP_PW"'
        " -F callsign=K7{c} -F api={v} -F file=@wsjtx_log.adi",
        hexl(40),
        c=callsign,
        lc=pick(string.ascii_lowercase, 3),
    ),
    S(
        HAM,
        "clublog_app_password",
        'CLUBLOG_EMAIL="k7{lc}@arrl.net"\nCLUBLOG_PSWD="{v}"\nCLUBLOG_CALLSIGN="K7{c}"',
        password(16),
        c=callsign,
        lc=pick(string.ascii_lowercase, 3),
    ),
    S(
        HAM,
        "hamqth_session_id",
        '<?xml version="1.0"?>\n<HamQTH version="2.8" xmlns="https://www.hamqth.com">\n<session>\n'
        "<session_id>{v}</session_id>\n</session>\n</HamQTH>",
        hexl(40),
    ),
    S(
        HAM,
        "hamqth_login_url",
        "[lookup] GET https://www.hamqth.com/xml.php?u=ok1{lc}&p={v}",
        b62(11),
        lc=pick(string.ascii_lowercase, 3),
    ),
    S(
        HAM,
        "eqsl_password_form",
        "$ curl -s https://www.eqsl.cc/qslcard/ImportADIF.cfm -F EQSL_USER=K7{c} -F EQSL_PSWD='{v}' -F Filename=@upload.adi",
        password(13),
        c=callsign,
    ),
    # ---- secrets: Winlink / Pat
    S(
        HAM,
        "pat_secure_login_password",
        '$ cat ~/.config/pat/config.json | head -6\n{\n  "mycall": "K7{c}",\n  "secure_login_password": "{v}",\n'
        '  "auxiliary_addresses": [],\n  "locator": "CN85pm",',
        b62(12),
        c=callsign,
    ),
    # ---- secrets: BrandMeister, Pi-Star, DMRGateway
    S(
        HAM,
        "brandmeister_bearer",
        '$ curl -s -H "Authorization: Bearer {v}" https://api.brandmeister.network/v2/device/3151{dev}/talkgroup',
        bm_jwt,
        dev=digits(5),
    ),
    S(
        HAM,
        "mmdvm_dmr_network_password",
        "pi-star@pi-star(ro):~$ sed -n '/\\[DMR Network\\]/,/^$/p' /etc/mmdvmhost\n[DMR Network]\nEnable=1\n"
        "Type=Direct\nRemoteAddress=3102.master.brandmeister.network\nRemotePort=62031\nPassword={v}\nJitter=360",
        b62(16),
    ),
    S(
        HAM,
        "dmrgateway_network_password",
        "[DMR Network 2]\nEnabled=1\nName=TGIF_Network\nAddress=tgif.network\nPort=62031\nPassword={v}\nId=3151{dev}02",
        password(12),
        dev=digits(3),
    ),
    S(
        HAM,
        "ircddb_password",
        "ircddbEnabled=1\nircddbHostname=ircv4.openquad.net\nircddbUsername=k7{lc}\nircddbPassword={v}",
        b62(10),
        lc=pick(string.ascii_lowercase, 3),
    ),
    # ---- secrets: Cloudlog
    S(
        HAM,
        "cloudlog_api_key_json",
        "$ curl -s -X POST https://log.k7{lc}.net/index.php/api/qso -H 'Content-Type: application/json'"
        ' -d \'{"key":"{v}","station_profile_id":"2","type":"adif","string":"<call:5>JA1AB<band:3>20m<mode:3>FT8<eor>"}\'',
        join("cl", hexl(13)),
        lc=pick(string.ascii_lowercase, 3),
    ),
    # ---- look-alikes: receive-only passcodes, public passwords, placeholders
    L(
        HAM,
        "aprsis_receive_only",
        "# Receive-only: passcode -1 lets the IGate listen but never gate to APRS-IS\nIGSERVER euro.aprs2.net\nIGLOGIN N0CALL {v}",
        const("-1"),
    ),
    L(
        HAM,
        "pat_cms_telnet_public",
        "$ pat connect telnet://K7{c}:{v}@cms.winlink.org:8772/wl2k\n2025/03/02 18:41:07 Connecting to telnet:K7{c}...",
        const("CMSTelnet"),
        c=callsign,
    ),
    L(
        HAM,
        "qrz_key_placeholder",
        "# From the QRZ Logbook API docs: POST KEY=<your key>&ACTION=INSERT&ADIF=<adif record>\nQRZ_LOGBOOK_KEY={v}",
        const("XXXX-XXXX-XXXX-XXXX"),
    ),
    L(
        HAM,
        "aprsfi_placeholder",
        'aprfi_api = API("{v}")\nresponse = aprfi_api.loc("OH7RDA")',
        const("your_api_key"),
    ),
    L(
        HAM,
        "hotspot_password_placeholder",
        "[DMR Network]\nRemoteAddress=3102.master.brandmeister.network\nPassword={v}   ; set in BrandMeister SelfCare",
        const("<hotspot-security-password>"),
    ),
    L(
        HAM,
        "clublog_masked",
        'CLUBLOG_EMAIL="k7{lc}@arrl.net"\nCLUBLOG_PASSWORD="*****"\nCLUBLOG_CALLSIGN="K7{c}"\nCLUBLOG_API_KEY="{v}"',
        const("*****"),
        c=callsign,
        lc=pick(string.ascii_lowercase, 3),
    ),
    L(
        HAM,
        "eqsl_placeholder",
        'EQSL_USER="${CALLSIGN}"\nEQSL_PSWD="{v}"',
        const("<YOUR_EQSL.CC_PASSWORD>"),
    ),
    # ---- look-alikes: references to secret stores
    L(
        HAM,
        "aprsfi_env_ref",
        '$ curl -s "https://api.aprs.fi/api/get?name=K7{c}-9&what=loc&apikey={v}&format=json"',
        const("${APRSFI_API_KEY}"),
        c=callsign,
    ),
    L(
        HAM,
        "gha_clublog_secret_ref",
        "      - name: Push log to Club Log\n        env:\n          CLUBLOG_API_KEY: {v}\n"
        "          CLUBLOG_PSWD: ${{ secrets.CLUBLOG_PSWD }}",
        const("${{ secrets.CLUBLOG_API_KEY }}"),
    ),
    L(
        HAM,
        "tqsl_password_env_ref",
        'tqsl -d -u -a compliant -x -l "$LOTW_LOCATION" -p {v} "$ADIF_FILE"',
        const('"$TQSL_PASSWORD"'),
    ),
    L(
        HAM,
        "qrz_password_code_ref",
        "params = {'username': cfg['qrz']['user'], 'password': {v}, 'agent': 'shacklog-2.3'}",
        const("os.environ['QRZ_PASSWORD']"),
    ),
    # ---- look-alikes: public ids
    L(
        HAM,
        "dmr_id",
        "[General]\nCallsign=K7{c}\nId={v}\nTimeout=240\nDuplex=0",
        join("3151", digits(3)),
        c=callsign,
    ),
    L(
        HAM,
        "brandmeister_device_id",
        "$ curl -s https://api.brandmeister.network/v2/device/{v}/profile | jq .staticSubscriptions",
        join("3151", digits(5)),
    ),
    L(
        HAM,
        "qrz_logid",
        "RESULT=OK&LOGID={v}&COUNT=1",
        digits(10),
    ),
    L(
        HAM,
        "qrz_bookid",
        '$ curl -s https://logbook.qrz.com/api -d "KEY=$QRZ_LOGBOOK_KEY&ACTION=STATUS"\nRESULT=OK&DATA=BOOKID={v}&CALLSIGN=K7{c}',
        digits(6),
        c=callsign,
    ),
    L(
        HAM,
        "cloudlog_station_profile_id",
        "$ curl -s https://log.k7{lc}.net/index.php/api/station_info/$CLOUDLOG_KEY\n"
        '[{"station_id":"{v}","station_profile_name":"Home QTH","station_gridsquare":"CN85PM","station_active":"1"}]',
        digits(2),
        lc=pick(string.ascii_lowercase, 3),
    ),
    L(
        HAM,
        "winlink_message_id",
        "$ pat read inbox | head -3\n  MID          FROM       SUBJECT\n  {v} SERVICE    Winlink Wednesday check-in",
        upper_alnum(12),
    ),
    L(
        HAM,
        "aprs_compressed_position",
        "2025-03-02 18:44:12 K7{c}-9>APDW17,WIDE1-1,WIDE2-1,qAR,N7{c}-10:!{v}/A=000412 mobile",
        compressed_pos,
        c=callsign,
    ),
    # ---- look-alikes: hashes and fingerprints
    L(
        HAM,
        "direwolf_commit_sha",
        "$ git -C ~/src/direwolf rev-parse HEAD\n{v}\n$ cmake .. && make -j4",
        hexl(40),
    ),
    L(
        HAM,
        "pistar_image_checksum",
        "$ sha256sum Pi-Star_RPi_V4.1.5_30-Oct-2021.zip\n{v}  Pi-Star_RPi_V4.1.5_30-Oct-2021.zip",
        hexl(64),
    ),
    L(
        HAM,
        "lotw_cert_fingerprint",
        "$ openssl x509 -in K7{c}-lotw.pem -noout -fingerprint -sha1\nSHA1 Fingerprint={v}",
        colon_hex(20),
        c=callsign,
    ),
    L(
        HAM,
        "tqsl_cert_serial",
        "Callsign certificate for K7{c}\n  Serial number: {v}\n  QSO begin date: 2019-04-11\n  Expires: 2028-05-02",
        digits(6),
        c=callsign,
    ),
    # ---- look-alikes: public spot data
    L(
        HAM,
        "pskreporter_seqno",
        '$ curl -s "https://retrieve.pskreporter.info/query?senderCallsign=K7{c}&rronly=1&lastseqno={v}"'
        " | xmllint --xpath 'count(//receptionReport)' -",
        digits(10),
        c=callsign,
    ),
]
