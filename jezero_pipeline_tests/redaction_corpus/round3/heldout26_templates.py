"""A twenty-sixth held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the documentation of web application frameworks and CMSs: Django settings
(`SECRET_KEY`, `get_random_secret_key()`, `DATABASES`, `AUTH_PASSWORD_VALIDATORS`), Rails encrypted
credentials (`config/master.key`, `RAILS_MASTER_KEY`, `bin/rails credentials:show`, `secret_key_base`,
`bin/rails db:encryption:init`), Laravel `.env` and `config/app.php` (`APP_KEY=base64:…`,
`php artisan env:encrypt`, Reverb app id/key/secret), Symfony `APP_SECRET` and the secrets vault
(`secrets:list --reveal`, `SYMFONY_DECRYPTION_SECRET`, `prod.encrypt.public.php`), Spring Boot
`application.properties` and jasypt-spring-boot (`ENC(…)`, `jasypt.encryptor.password`, actuator
masking), ASP.NET Core `appsettings.json` and `dotnet user-secrets` (`UserSecretsId`, Azure AD ids),
Phoenix (`secret_key_base`, `signing_salt`, `mix phx.gen.secret`, `runtime.exs`), express-session,
NextAuth.js / Auth.js (`NEXTAUTH_SECRET`, `AUTH_SECRET`, `AUTH_GITHUB_ID`), WordPress `wp-config.php`
keys and salts, application passwords and WP-CLI, Drupal `settings.php` (`hash_salt`, `$databases`)
and `drush uli`, Ghost Admin and Content API keys, and Strapi (`APP_KEYS`, API tokens, `ADMIN_JWT_SECRET`),
in commands, config files and tool output, with the public ids, references, masks and paths the
same documentation shows beside them.

First score, blind, before any rule changed for it (after the rules for 24 and 25):
22 of 27 secrets caught, 3 of 25 look-alikes altered (missed: a key printed by `get_random_secret_key()`, a
`user-secrets set` value after its quoted name, an application password's spaced groups in a quoted `--user`,
a value printed by `wp config get DB_PASSWORD`, a list of base64 keys under `APP_KEYS`; altered: a Pusher-
protocol app key (Reverb), Ghost's public Content API key in a query, Phoenix's committed `signing_salt`).
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
    b64url,
    const,
    digits,
    groups,
    hexl,
    interleaved,
    join,
    lower_alnum,
    password,
    pick,
    uuid,
)

WEB = "web"

# Django's get_random_secret_key() alphabet.
DJANGO_CHARS = string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)"
# wp_generate_password(64, true, true) without the quote and backslash wp-config.php cannot hold.
WP_CHARS = string.ascii_letters + string.digits + "!@#$%^&*()-_[]<>~`+=,.;:/?|"


def django_key(rng: random.Random) -> str:
    return pick(DJANGO_CHARS, 50)(rng)


def wp_salt(rng: random.Random) -> str:
    return pick(WP_CHARS, 64)(rng)


def b64_bytes(n: int):
    """Standard base64 of n random bytes, padding and final character as a real encoder leaves them."""

    def make(rng: random.Random) -> str:
        while True:
            v = base64.b64encode(rng.getrandbits(8 * n).to_bytes(n, "big")).decode()
            if any(c.isdigit() for c in v) and any(c.isalpha() for c in v):
                return v

    return make


def strapi_app_keys(rng: random.Random) -> str:
    """Four base64 16-byte keys, comma-joined, as create-strapi-app writes them."""
    return ",".join(b64_bytes(16)(rng) for _ in range(4))


def jwt_header_json(rng: random.Random) -> str:
    return json.dumps({"alg": "HS256", "kid": hexl(24)(rng), "typ": "JWT"}, separators=(",", ":"))


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (22, 27, 3, 25, "the rules for 24 and 25")

TEMPLATES = [
    # ---- secrets: Django
    S(
        WEB,
        "django_secret_key",
        "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = '{v}'\n\n"
        "# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = True",
        join("django-insecure-", django_key),
    ),
    S(
        WEB,
        "django_key_output",
        "$ python -c 'from django.core.management.utils import get_random_secret_key; print(get_random_secret_key())'\n{v}",
        django_key,
    ),
    S(
        WEB,
        "django_databases_password",
        "DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n"
        "        'NAME': 'ledger',\n        'USER': 'ledger_app',\n        'PASSWORD': '{v}',\n"
        "        'HOST': 'db.internal',\n        'PORT': '5432',\n    }\n}",
        password(18),
    ),
    # ---- secrets: Rails
    S(WEB, "rails_master_key", "$ cat config/master.key\n{v}", hexl(32)),
    S(
        WEB,
        "rails_secret_key_base",
        "$ EDITOR=cat bin/rails credentials:show\n# aws:\n#   access_key_id: ...\n\n"
        "# Used as the base secret for all MessageVerifiers in Rails, including the one protecting cookies.\n"
        "secret_key_base: {v}",
        hexl(128),
    ),
    S(
        WEB,
        "rails_ar_encryption_key",
        "$ bin/rails db:encryption:init\nAdd this entry to the credentials of the target environment:\n\n"
        "active_record_encryption:\n  primary_key: {v}",
        b62(32),
    ),
    # ---- secrets: Laravel
    S(
        WEB,
        "laravel_app_key",
        "APP_NAME=Ledger\nAPP_ENV=production\nAPP_KEY={v}\nAPP_DEBUG=false\nAPP_URL=https://ledger.larkspur.dev",
        join("base64:", b64_bytes(32)),
    ),
    S(
        WEB,
        "laravel_env_encrypt_key",
        "$ php artisan env:encrypt --env=production\n\n   INFO  Environment successfully encrypted.\n\n"
        "  Key ........................................ base64:{v}\n"
        "  Cipher ........................................ AES-256-CBC\n"
        "  Encrypted file ............... .env.production.encrypted",
        b64_bytes(32),
    ),
    # ---- secrets: Symfony
    S(WEB, "symfony_app_secret", "###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET={v}\n###<", hexl(32)),
    S(
        WEB,
        "symfony_secrets_reveal",
        "$ APP_RUNTIME_ENV=prod php bin/console secrets:list --reveal\n\n"
        " ------------------- ------------------------ -------------\n"
        "  Secret              Value                    Local Value\n"
        " ------------------- ------------------------ -------------\n"
        '  DATABASE_PASSWORD   "{v}"\n'
        " ------------------- ------------------------ -------------",
        password(20),
    ),
    S(WEB, "symfony_decryption_secret", "SYMFONY_DECRYPTION_SECRET={v}", b64_bytes(64)),
    # ---- secrets: Spring Boot
    S(
        WEB,
        "spring_datasource_password",
        "spring.datasource.url=jdbc:postgresql://orders-db:5432/orders\nspring.datasource.username=orders_svc\n"
        "spring.datasource.password={v}\nspring.jpa.hibernate.ddl-auto=validate",
        password(16),
    ),
    S(
        WEB,
        "jasypt_encryptor_password",
        "$ java -Djasypt.encryptor.password={v} -jar target/orders-service-0.4.1.jar --spring.profiles.active=prod",
        b62(24),
    ),
    # ---- secrets: ASP.NET Core
    S(
        WEB,
        "aspnet_connection_string",
        '  "ConnectionStrings": {\n    "DefaultConnection": "Server=tcp:sql-ledger.database.windows.net,1433;'
        'Initial Catalog=ledger;User ID=ledgeradmin;Password={v};Encrypt=True;"\n  },',
        password(20),
    ),
    S(
        WEB,
        "dotnet_user_secrets_set",
        '$ dotnet user-secrets set "Jwt:SigningKey" "{v}" --project src/Ledger.Api\n'
        "Successfully saved Jwt:SigningKey = {v} to the secret store.",
        b64_bytes(32),
    ),
    # ---- secrets: Phoenix, Express, NextAuth
    S(
        WEB,
        "phoenix_secret_key_base",
        "config :ledger, LedgerWeb.Endpoint,\n  http: [ip: {127, 0, 0, 1}, port: 4000],\n"
        '  check_origin: false,\n  code_reloader: true,\n  secret_key_base: "{v}",',
        b64(64),
    ),
    S(
        WEB,
        "express_session_secret",
        "app.use(session({\n  secret: '{v}',\n  resave: false,\n  saveUninitialized: false,\n"
        "  cookie: { secure: true, httpOnly: true }\n}))",
        b62(32),
    ),
    S(
        WEB,
        "express_session_cookie",
        "$ curl -si -X POST https://ledger.larkspur.dev/login -d 'user=ops&pass=...' | grep -i set-cookie\n"
        "Set-Cookie: connect.sid={v}; Path=/; HttpOnly; Secure; SameSite=Lax",
        join("s%3A", b64url(32), ".", b62(43)),
    ),
    S(
        WEB,
        "nextauth_secret",
        "# .env.local\nNEXTAUTH_URL=http://localhost:3000\nNEXTAUTH_SECRET={v}",
        b64_bytes(32),
    ),
    # ---- secrets: WordPress
    S(WEB, "wp_auth_key", "define( 'SECURE_AUTH_KEY',  '{v}' );", wp_salt),
    S(
        WEB,
        "wp_application_password",
        '$ curl --user "deploy-bot:{v}" -X POST https://blog.larkspur.dev/wp-json/wp/v2/posts -d "title=Release notes"',
        groups(b62(4), 6, " "),
    ),
    S(WEB, "wp_cli_config_get", "$ wp config get DB_PASSWORD --path=/var/www/blog\n{v}", password(16)),
    # ---- secrets: Drupal
    S(WEB, "drupal_hash_salt", "$settings['hash_salt'] = '{v}';", b64url(74)),
    S(
        WEB,
        "drush_uli",
        "$ drush uli --uid=1 --no-browser --uri=https://cms.larkspur.dev\n"
        "https://cms.larkspur.dev/user/reset/1/{ts}/{v}/login",
        b64url(43),
        ts=join("17", digits(8)),
    ),
    # ---- secrets: Ghost and Strapi
    S(WEB, "ghost_admin_api_key", "export GHOST_ADMIN_API_KEY={v}", join(hexl(24), ":", hexl(64))),
    S(
        WEB,
        "strapi_api_token",
        "$ curl -s https://cms.larkspur.dev/api/articles?populate=* \\\n  -H 'Authorization: Bearer {v}'",
        hexl(256),
    ),
    S(WEB, "strapi_app_keys", "# Secrets\nAPP_KEYS={v}", strapi_app_keys),
    # ---- look-alikes: references to secrets kept elsewhere
    L(
        WEB,
        "django_env_reference",
        "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = {v}",
        const('os.environ["DJANGO_SECRET_KEY"]'),
    ),
    L(
        WEB,
        "rails_credentials_dig",
        "  config.x.aws_secret = {v}",
        const("Rails.application.credentials.dig(:aws, :secret_access_key)"),
    ),
    L(WEB, "laravel_config_env", "    'key' => {v},\n\n    'cipher' => 'AES-256-CBC',", const("env('APP_KEY')")),
    L(
        WEB,
        "spring_placeholder",
        "spring.datasource.username=orders_svc\nspring.datasource.password={v}",
        const("${DB_PASSWORD}"),
    ),
    L(
        WEB,
        "phoenix_runtime_env",
        '  secret_key_base =\n    {v} ||\n      raise """\n      environment variable SECRET_KEY_BASE is missing.\n'
        '      You can generate one by calling: mix phx.gen.secret\n      """',
        const('System.get_env("SECRET_KEY_BASE")'),
    ),
    L(
        WEB,
        "express_env_reference",
        "app.use(session({\n  secret: {v},\n  resave: false,\n  saveUninitialized: false\n}))",
        const("process.env.SESSION_SECRET"),
    ),
    L(
        WEB,
        "drupal_salt_from_file",
        "$settings['hash_salt'] = {v};",
        const("file_get_contents('/var/www/private/salt.txt')"),
    ),
    # ---- look-alikes: ciphertext and masks
    L(
        WEB,
        "jasypt_ciphertext",
        "spring.datasource.password={v}\njasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256",
        join("ENC(", b64_bytes(48), ")"),
        note="jasypt-spring-boot: an ENC(...) value is ciphertext, safe to commit without the encryptor password",
    ),
    L(
        WEB,
        "symfony_secrets_masked",
        "$ php bin/console secrets:list\n\n ------------------- ------------ -------------\n"
        "  Secret              Value        Local Value\n ------------------- ------------ -------------\n"
        '  DATABASE_PASSWORD   "{v}"\n ------------------- ------------ -------------\n\n'
        ' // Use "%env(<name>)%" to reference a secret in a config file.',
        const("******"),
    ),
    L(
        WEB,
        "actuator_env_masked",
        "$ curl -s localhost:8081/actuator/env/spring.datasource.password | jq .property\n"
        '{\n  "source": "Config resource \'class path resource [application.properties]\'",\n  "value": "{v}"\n}',
        const("******"),
    ),
    # ---- look-alikes: public ids
    L(
        WEB,
        "laravel_reverb_app_key",
        'REVERB_APP_ID={id}\nREVERB_APP_KEY={v}\n\nVITE_REVERB_APP_KEY="${REVERB_APP_KEY}"\nVITE_REVERB_HOST="${REVERB_HOST}"',
        lower_alnum(20),
        id=digits(6),
        note="Laravel broadcasting: the app key is shipped to the browser; the app secret is not shown here",
    ),
    L(
        WEB,
        "user_secrets_id",
        "  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n"
        "    <UserSecretsId>{v}</UserSecretsId>\n  </PropertyGroup>",
        uuid,
    ),
    L(
        WEB,
        "azure_ad_client_id",
        '  "AzureAd": {\n    "Instance": "https://login.microsoftonline.com/",\n    "Domain": "larkspur.dev",\n'
        '    "TenantId": "{tenant}",\n    "ClientId": "{v}",\n    "CallbackPath": "/signin-oidc"\n  },',
        uuid,
        tenant=uuid,
    ),
    L(
        WEB,
        "authjs_github_id",
        "AUTH_GITHUB_ID={v}\nAUTH_GITHUB_SECRET=${{ secrets.AUTH_GITHUB_SECRET }}",
        join("Ov23li", b62(14)),
    ),
    L(
        WEB,
        "ghost_content_api_key",
        "$ curl -s 'https://blog.larkspur.dev/ghost/api/content/posts/?key={v}&limit=5' -H 'Accept-Version: v5.0'",
        hexl(26),
        note="Ghost: the Content API key is for public, read-only content and safe in browsers",
    ),
    L(
        WEB,
        "ghost_jwt_header",
        "> decoded token header: {v}",
        jwt_header_json,
        note="Ghost Admin API: the key id goes in the JWT `kid` header; the secret half signs it",
    ),
    L(
        WEB,
        "phoenix_signing_salt",
        'config :ledger, LedgerWeb.Endpoint,\n  url: [host: "localhost"],\n  render_errors: [formats: [html: LedgerWeb.ErrorHTML]],\n'
        '  pubsub_server: Ledger.PubSub,\n  live_view: [signing_salt: "{v}"]',
        b62(8),
        note="Phoenix: the generated config.exs commits the salt; secret_key_base is the secret",
    ),
    # ---- look-alikes: paths, names, settings
    L(
        WEB,
        "symfony_public_key_path",
        "$ git status --short\nA  config/secrets/prod/prod.DATABASE_PASSWORD.28bd50.php\nA  {v}",
        const("config/secrets/prod/prod.encrypt.public.php"),
    ),
    L(
        WEB,
        "master_key_ignored",
        "$ git check-ignore -v config/master.key\n.gitignore:31:{v}\tconfig/master.key",
        const("/config/master.key"),
    ),
    L(
        WEB,
        "django_password_validator",
        "AUTH_PASSWORD_VALIDATORS = [\n    {\n        'NAME': '{v}',\n        'OPTIONS': {'min_length': 12},\n    },\n]",
        const("django.contrib.auth.password_validation.MinimumLengthValidator"),
    ),
    L(
        WEB,
        "wp_salt_service_url",
        "/**#@+\n * Authentication unique keys and salts.\n *\n * Change these to different unique phrases! You can generate these using\n"
        " * the {@link {v} WordPress.org secret-key service}.",
        const("https://api.wordpress.org/secret-key/1.1/salt/"),
    ),
    # ---- look-alikes: placeholders
    L(
        WEB,
        "placeholder",
        "# .env.example\nGHOST_ADMIN_API_KEY={v}\nGHOST_API_URL=https://blog.example.com",
        const("<your-admin-api-key>"),
    ),
    L(
        WEB,
        "placeholder",
        "# .env.example (copy to .env and run `openssl rand -base64 16` for each)\nADMIN_JWT_SECRET={v}",
        interleaved(24),
    ),
    # ---- look-alikes: digests
    L(
        WEB,
        "composer_lock_reference",
        '            "source": {\n                "type": "git",\n                "url": "https://github.com/laravel/framework.git",\n'
        '                "reference": "{v}"\n            },',
        hexl(40),
    ),
    L(
        WEB,
        "npm_integrity",
        '    "node_modules/next-auth": {\n      "version": "4.24.7",\n      "integrity": "{v}",',
        join("sha512-", b64_bytes(64)),
    ),
]
