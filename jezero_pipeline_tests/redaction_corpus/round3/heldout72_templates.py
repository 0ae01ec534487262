"""A seventy-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of legacy and enterprise middleware: IBM MQ (`runmqsc` SET CHLAUTH and
DEFINE AUTHINFO with LDAPUSER/LDAPPWD, `runmqakm -keydb -create -pw -stash`, `runmqicred` and the
mqclient.ini SSL stanza, MQS_MQI_KEYFILE, the mqm user), WebSphere Liberty / Open Liberty (server.xml
`{xor}` and `{aes}` passwords, `securityUtility encode`, the `wlp.aes.encryption.key` variable,
`${env.*}` references), Oracle WebLogic (`boot.properties` with `{AES256}`, `java weblogic.security.Encrypt`,
WLST `connect` and `storeUserConfig`), JBoss EAP / WildFly (`add-user.sh -u -p -g`, the vault.sh `MASK-`
keystore password and `VAULT::block::attribute::1` references, Elytron `credential-reference` with
`clear-text` or `store`/`alias`, standalone.xml datasource security), Apache Tomcat (tomcat-users.xml,
the `Certificate` element's `certificateKeystorePassword`, the manager text interface, `${...}` property
replacement), SAP (`hdbuserstore SET`/`LIST`, `hdbsql -U`, sapnwrfc.ini PASSWD), IBM Db2 (`db2 connect to
... user ... using`, CLPPlus `user/password@host:port/database`), Informix (`jdbc:informix-sqli` URLs,
INFORMIXSERVER), z/OS JCL (JOB statement USER=/PASSWORD=), unixODBC `odbc.ini`, and Windows `unattend.xml`
(AdministratorPassword with PlainText true, and the base64 of UTF-16LE password plus element name), in
commands, config files and tool output, with the user ids, object names, references, paths and masks the
same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 65 to 69):
17 of 26 secrets caught, 1 of 23 look-alikes altered (missed: IBM MQ's `<MQI>!2!…` encrypted password, Liberty's
`{aes}` and WebLogic's `{AES256}` encoded passwords, the argument of `weblogic.security.Encrypt`, Elytron's `clear-
text=`, the password after `hdbuserstore SET`'s user, Db2's `connect … user … using`, unattend.xml's `<Value>` under
`<AdministratorPassword>` in plain and base64; altered: an Elytron credential store's alias).
"""

from __future__ import annotations

import base64
import random
import string

from build import (
    B62,
    L,
    S,
    b62,
    b64,
    const,
    digits,
    hexl,
    interleaved,
    join,
    password,
    pick,
)

LG = "legacy"


def xml_pw(n: int):
    """A password that can sit inside an XML attribute or element unescaped (no `&`, `<`, quotes)."""
    return pick(B62 + "!#%*@", n)


def upper_word(n: int):
    return pick(string.ascii_uppercase, n)


def lower_word(n: int):
    return pick(string.ascii_lowercase, n)


def xor_encoded(pw):
    """Liberty / WebSphere `{xor}` payload: base64 of each byte XORed with `_` (0x5f)."""

    def make(rng: random.Random) -> str:
        raw = bytes(b ^ 0x5F for b in pw(rng).encode())
        return base64.b64encode(raw).decode()

    return make


def random_b64(n_bytes: int):
    """base64 of n random bytes (ciphertext-shaped)."""

    def make(rng: random.Random) -> str:
        return base64.b64encode(bytes(rng.randrange(256) for _ in range(n_bytes))).decode()

    return make


def mqi_encrypted(tag: str):
    """IBM MQ password protection system output: `<MQI>!2!<32-byte b64>!<16-byte b64>`."""
    return join(tag, "!2!", random_b64(32), "!", random_b64(16))


def unattend_b64(pw, element: str):
    """unattend.xml hidden password: base64 of UTF-16LE(password + element name)."""

    def make(rng: random.Random) -> str:
        return base64.b64encode((pw(rng) + element).encode("utf-16-le")).decode()

    return make


def racf_password(rng: random.Random) -> str:
    """A RACF password: 8 of A-Z, 0-9 and the national characters, starting with a letter."""
    return rng.choice(string.ascii_uppercase) + pick(string.ascii_uppercase + string.digits + "#$@", 7)(rng)


def colon_dn(rng: random.Random) -> str:
    return f"CN={lower_word(6)(rng)}-client,OU=Payments,O=Halvard Freight,C=NL"


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (17, 26, 1, 23, "the rules for 65 to 69")

TEMPLATES = [
    # ---- secrets: IBM MQ
    S(
        LG,
        "mq_ldappwd",
        "$ runmqsc QM.PAY1 <<'EOF'\nDEFINE AUTHINFO(PAY.IDPW.LDAP) AUTHTYPE(IDPWLDAP) +\n"
        "  CONNAME('ldap01.halvard.internal(636)') SECCOMM(YES) +\n"
        "  LDAPUSER('cn=mqbind,ou=svc,dc=halvard,dc=internal') LDAPPWD('{v}') +\n"
        "  BASEDNU('ou=people,dc=halvard,dc=internal') USRFIELD('uid') SHORTUSR('uid')\nEOF",
        b62(20),
    ),
    S(
        LG,
        "mq_runmqakm_pw",
        "$ runmqakm -keydb -create -db /var/mqm/qmgrs/QM.PAY1/ssl/key.kdb -pw '{v}' -type cms -stash -strong",
        password(18),
    ),
    S(
        LG,
        "mq_mqi_encrypted",
        "SSL:\n   SSLKeyRepository=/opt/payments/mq/ssl/client\n   SSLKeyRepositoryPassword={v}\n"
        "   CertificateLabel=ibmwebspheremqpayapp",
        mqi_encrypted("<MQI>"),
    ),
    S(
        LG,
        "mqm_chpasswd",
        "$ echo 'mqm:{v}' | sudo chpasswd && sudo usermod -aG mqm payapp",
        password(16),
    ),
    # ---- secrets: WebSphere Liberty
    S(
        LG,
        "liberty_xor",
        '    <keyStore id="defaultKeyStore" location="${server.config.dir}/resources/security/key.p12"\n'
        '              type="PKCS12" password="{xor}{v}" />',
        xor_encoded(xml_pw(14)),
    ),
    S(
        LG,
        "liberty_aes_output",
        "$ ./wlp/bin/securityUtility encode --encoding=aes --aesConfigFile=aesConfig.xml\n{aes}{v}",
        join("AE", b64(42)),
    ),
    S(
        LG,
        "liberty_aes_key",
        '<server>\n    <variable name="wlp.aes.encryption.key" value="{v}" />\n</server>',
        random_b64(32),
    ),
    # ---- secrets: Oracle WebLogic
    S(
        LG,
        "weblogic_boot_properties",
        "$ cat $DOMAIN_HOME/servers/AdminServer/security/boot.properties\n"
        "# Generated by Configuration Wizard on Tue Mar 12 09:41:07 CET 2024\n"
        "username={AES256}{user}\npassword={AES256}{v}",
        random_b64(48),
        user=random_b64(48),
    ),
    S(
        LG,
        "weblogic_encrypt_arg",
        "$ cd $DOMAIN_HOME/bin && . ./setDomainEnv.sh && java weblogic.security.Encrypt {v}",
        b62(16),
    ),
    S(
        LG,
        "wlst_connect",
        "wls:/offline> connect('weblogic', '{v}', 't3://wls-admin.halvard.internal:7001')\n"
        "Connecting to t3://wls-admin.halvard.internal:7001 with userid weblogic ...",
        password(15),
    ),
    # ---- secrets: JBoss EAP / WildFly
    S(
        LG,
        "jboss_add_user",
        "$ $JBOSS_HOME/bin/add-user.sh -u 'opsadmin' -p '{v}' -g 'admin'\n"
        "Added user 'opsadmin' to file '/opt/jboss/standalone/configuration/mgmt-users.properties'",
        password(14),
    ),
    S(
        LG,
        "jboss_vault_mask",
        '/core-service=vault:add(vault-options=[("KEYSTORE_URL" => "/opt/jboss/vault/vault.keystore"), '
        '("KEYSTORE_PASSWORD" => "MASK-{v}"), ("KEYSTORE_ALIAS" => "vault"), ("SALT" => "{salt}"), '
        '("ITERATION_COUNT" => "50"), ("ENC_FILE_DIR" => "/opt/jboss/vault/")])',
        b62(22),
        salt=digits(8),
    ),
    S(
        LG,
        "jboss_ds_password",
        '<datasource jndi-name="java:jboss/datasources/FreightDS" pool-name="FreightDS">\n'
        "    <connection-url>jdbc:db2://db2prod.halvard.internal:50000/FREIGHT</connection-url>\n"
        "    <driver>db2</driver>\n    <security>\n        <user-name>freightapp</user-name>\n"
        "        <password>{v}</password>\n    </security>\n</datasource>",
        xml_pw(16),
    ),
    S(
        LG,
        "elytron_clear_text",
        "[standalone@localhost:9990 /] /subsystem=elytron/key-store=httpsKS:add(path=freight.p12, "
        "relative-to=jboss.server.config.dir, type=PKCS12, credential-reference={clear-text={v}})",
        b62(18),
    ),
    # ---- secrets: Apache Tomcat
    S(
        LG,
        "tomcat_users",
        '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n'
        '  <role rolename="manager-script"/>\n'
        '  <user username="deployer" password="{v}" roles="manager-script"/>\n</tomcat-users>',
        xml_pw(17),
    ),
    S(
        LG,
        "tomcat_keystore_password",
        '    <SSLHostConfig>\n        <Certificate certificateKeystoreFile="conf/freight.p12"\n'
        '                     certificateKeystorePassword="{v}"\n'
        '                     certificateKeystoreType="PKCS12" type="RSA" />\n    </SSLHostConfig>',
        xml_pw(15),
    ),
    S(
        LG,
        "tomcat_manager_curl",
        '$ curl -u deployer:{v} -T target/freight.war "http://localhost:8080/manager/text/deploy?path=/freight&update=true"',
        b62(18),
    ),
    # ---- secrets: SAP
    S(
        LG,
        "hdbuserstore_set",
        "$ hdbuserstore SET BACKUPKEY hana01.halvard.internal:30013@SYSTEMDB BACKUP_OPERATOR {v}",
        b62(16),
    ),
    S(
        LG,
        "sapnwrfc_passwd",
        "DEST=ERP_PRD\nASHOST=sap-erp-app01.halvard.internal\nSYSNR=00\nCLIENT=100\nUSER=RFC_BATCH\n"
        "PASSWD={v}\nLANG=EN",
        b62(14),
    ),
    # ---- secrets: Db2, Informix, ODBC
    S(
        LG,
        "db2_connect_using",
        '$ db2 "connect to FREIGHT user db2inst1 using {v}"',
        b62(14),
    ),
    S(
        LG,
        "clpplus_connect",
        "$ clpplus -nw db2admin/{v}@db2prod.halvard.internal:50000/FREIGHT",
        b62(15),
    ),
    S(
        LG,
        "informix_jdbc_url",
        "spring.datasource.url=jdbc:informix-sqli://ifx01.halvard.internal:9088/stores:"
        "INFORMIXSERVER=ol_stores;user=informix;password={v}",
        b62(16),
    ),
    S(
        LG,
        "odbc_ini_pwd",
        "[FREIGHTDB]\nDriver      = /opt/ibm/db2/V11.5/lib64/libdb2o.so\nDescription = Freight on Db2\n"
        "Database    = FREIGHT\nHostname    = db2prod.halvard.internal\nPort        = 50000\n"
        "UID         = freightapp\nPWD         = {v}",
        b62(16),
    ),
    # ---- secrets: z/OS JCL, Windows unattend.xml
    S(
        LG,
        "jcl_password",
        "//NIGHTLY  JOB (ACCT#4711),'FREIGHT BATCH',CLASS=A,MSGCLASS=X,\n"
        "//             USER=FRBATCH,PASSWORD={v}\n//STEP1    EXEC PGM=IEFBR14",
        racf_password,
    ),
    S(
        LG,
        "unattend_plain",
        "      <UserAccounts>\n        <AdministratorPassword>\n          <Value>{v}</Value>\n"
        "          <PlainText>true</PlainText>\n        </AdministratorPassword>\n      </UserAccounts>",
        xml_pw(14),
    ),
    S(
        LG,
        "unattend_base64",
        "        <AdministratorPassword>\n          <Value>{v}</Value>\n"
        "          <PlainText>false</PlainText>\n        </AdministratorPassword>",
        unattend_b64(password(13), "AdministratorPassword"),
    ),
    # ---- look-alikes: IBM MQ user ids, names, paths and masks
    L(
        LG,
        "mq_mcauser",
        "SET CHLAUTH('PAY.APP.SVRCONN') TYPE(ADDRESSMAP) ADDRESS('10.40.*') USERSRC(MAP) MCAUSER('{v}') ACTION(ADD)",
        join("mqpay", digits(2)),
    ),
    L(
        LG,
        "mq_sslpeer",
        "SET CHLAUTH('PAY.TLS.SVRCONN') TYPE(SSLPEERMAP) SSLPEER('{v}') USERSRC(MAP) MCAUSER('mqpayapp')",
        colon_dn,
    ),
    L(
        LG,
        "mq_connauth_object",
        "ALTER QMGR CONNAUTH({v})\nREFRESH SECURITY TYPE(CONNAUTH)\nAMQ8560I: IBM MQ security cache refreshed.",
        const("PAY.IDPW.LDAP"),
    ),
    L(
        LG,
        "mq_masked_prompt",
        "$ runmqicred -sf /opt/payments/mq/initial.key\n5724-H72 (C) Copyright IBM Corp. 1994, 2024.\n"
        "Enter password:\n{v}",
        const("******************"),
    ),
    L(
        LG,
        "mq_initial_key_path",
        "export MQS_MQI_KEYFILE={v}\nexport MQSSLKEYR=/opt/payments/mq/ssl/client",
        const("/opt/payments/mq/initial.key"),
    ),
    # ---- look-alikes: Liberty and WebLogic references and paths
    L(
        LG,
        "liberty_env_ref",
        '    <keyStore id="defaultKeyStore" password="{v}" />',
        const("${env.KEYSTORE_PASSWORD}"),
    ),
    L(
        LG,
        "wlst_userconfig_path",
        "connect(userConfigFile='{v}', userKeyFile='/u01/secure/wls-admin-key.secure', "
        "url='t3://wls-admin.halvard.internal:7001')",
        const("/u01/secure/wls-admin-config.secure"),
    ),
    # ---- look-alikes: JBoss / WildFly references
    L(
        LG,
        "jboss_vault_ref",
        "data-source add --name=FreightDS --jndi-name=java:jboss/datasources/FreightDS --driver-name=db2 "
        "--user-name=freightapp --password={v}",
        const("${VAULT::ds_FreightDS::password::1}"),
    ),
    L(
        LG,
        "elytron_store_alias",
        "/subsystem=elytron/key-store=httpsKS:write-attribute(name=credential-reference, "
        "value={store=freightCS, alias={v}})",
        join("https-ks-", lower_word(5)),
    ),
    L(
        LG,
        "add_user_env_ref",
        '$ $JBOSS_HOME/bin/add-user.sh -a -u "deploybot" -p {v} -g "deployer"',
        const('"$APP_USER_PASSWORD"'),
    ),
    # ---- look-alikes: Tomcat references and non-secret settings
    L(
        LG,
        "tomcat_property_ref",
        '    <Resource name="jdbc/freight" auth="Container" type="javax.sql.DataSource"\n'
        '              username="freightapp" password="{v}" url="jdbc:db2://db2prod:50000/FREIGHT"/>',
        const("${freight.db.password}"),
    ),
    L(
        LG,
        "tomcat_key_alias",
        '        <Certificate certificateKeystoreFile="conf/freight.p12" certificateKeyAlias="{v}"\n'
        '                     certificateKeystorePassword="${keystore.pass}" type="RSA" />',
        join("freight-", digits(4)),
    ),
    # ---- look-alikes: SAP, Db2, Informix, ODBC, JCL ids and settings
    L(
        LG,
        "hdbsql_userstore_key",
        '$ hdbsql -U {v} -j "SELECT DATABASE_NAME, ACTIVE_STATUS FROM SYS.M_DATABASES"',
        const("BACKUPKEY"),
    ),
    L(
        LG,
        "hdbuserstore_list",
        "$ hdbuserstore LIST BACKUPKEY\nKEY BACKUPKEY\n  ENV : {v}\n  USER: BACKUP_OPERATOR",
        const("hana01.halvard.internal:30013@SYSTEMDB"),
    ),
    L(
        LG,
        "db2_auth_id",
        "   Database Connection Information\n\n Database server        = DB2/LINUXX8664 11.5.9.0\n"
        " SQL authorization ID   = {v}\n Local database alias   = FREIGHT",
        join("DB2", upper_word(5)),
    ),
    L(
        LG,
        "db2_env_ref",
        '$ db2 "connect to FREIGHT user db2inst1 using {v}"',
        const("$DB2_FREIGHT_PW"),
    ),
    L(
        LG,
        "informix_server_name",
        "$ export INFORMIXSERVER={v}\n$ grep {v} $INFORMIXSQLHOSTS\n{v}  onsoctcp  ifx01.halvard.internal  9088",
        join("ol_", lower_word(6)),
    ),
    L(
        LG,
        "odbc_auth_setting",
        "[FREIGHTDB]\nDriver         = /opt/ibm/db2/V11.5/lib64/libdb2o.so\nDatabase       = FREIGHT\n"
        "Authentication = {v}",
        const("SERVER_ENCRYPT"),
    ),
    L(
        LG,
        "odbc_placeholder",
        "# odbc.ini.example -- copy to ~/.odbc.ini and fill in\n[FREIGHTDB]\nUID = freightapp\nPWD = {v}",
        const("xxxxxxxx"),
    ),
    L(
        LG,
        "jcl_racf_user",
        "//WEEKLY   JOB (ACCT#4711),'FREIGHT REPORT',CLASS=A,MSGCLASS=X,\n//             USER={v},NOTIFY=&SYSUID",
        join("FR", upper_word(4)),
    ),
    # ---- look-alikes: unattend.xml public token, placeholders and digests
    L(
        LG,
        "unattend_public_key_token",
        '    <component name="Microsoft-Windows-Shell-Setup" processorArchitecture="amd64" '
        'publicKeyToken="{v}" language="neutral" versionScope="nonSxS">',
        hexl(16),
    ),
    L(
        LG,
        "interleaved_placeholder",
        "# sapnwrfc.ini.template (never commit the filled-in file)\nDEST=ERP_PRD\nUSER=RFC_BATCH\nPASSWD={v}",
        interleaved(12),
    ),
    L(
        LG,
        "tarball_sha256",
        "$ sha256sum wildfly-31.0.1.Final.tar.gz\n{v}  wildfly-31.0.1.Final.tar.gz",
        hexl(64),
    ),
]
