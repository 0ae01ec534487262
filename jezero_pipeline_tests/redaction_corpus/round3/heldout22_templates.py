"""A twenty-second held-out set, written blind (its author never saw the redactor), scored once.

Shapes from the API documentation of SaaS vendors a developer integrates: Stripe's API keys
page (publishable pk_ keys safe to expose; sk_/rk_ secret and restricted keys; whsec_ endpoint
signing secrets; price_/cus_/evt_/req_ object ids), Shopify's changelog on the shpat_ and shpss_
prefixes, Supabase's API keys guide (anon key public with RLS, service_role never), Firebase's
"API keys for Firebase are public by design", Cloudflare's Turnstile guide (sitekey public,
secret private) and Global API key header, Okta's SSWS scheme, Twilio's Account SID plus auth
token, Postmark's X-Postmark-Server-Token, Figma's X-Figma-Token personal access tokens,
Linear's lin_api_ keys, Notion's ntn_ integration secrets, HubSpot private app tokens, Slack's
xoxb- tokens, signing secret and client id, Discord's application public key and webhook URLs,
Square's sq0idp- application ids, Adyen's client key (public) and HMAC key (secret), Auth0's
client secret, Clerk's publishable key, PayPal's client id and secret, SendGrid's SG. keys,
Mailgun's private API key, Vercel's and Netlify's CLI tokens and ids, Intercom and Jira
placeholders. Every value is generated from the seeded makers; none is a documented example.

First score, blind, before any rule changed for it (after the rules for 18 to 21 and 23):
23 of 24 secrets caught, 3 of 23 look-alikes altered (a Postmark token as a client's only argument; a Firebase web config's
`apiKey`, an Adyen `clientKey`, a percent-encoded `redirect_uri` after `/oauth/…/authorize`).
"""

from __future__ import annotations

import base64
import json
import random

from build import (
    L,
    S,
    b62,
    b64url,
    const,
    digits,
    hexl,
    hexu,
    interleaved,
    join,
    lower_alnum,
    repeated,
    upper_alnum,
    uuid,
)

SD = "saas-docs"


def _b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


_JWT_HEAD = _b64url_nopad(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())


def _supabase_jwt(role: str):
    """A Supabase-style project key: an HS256 JWT whose payload names the project ref and the role."""
    ref = lower_alnum(20)
    sig = b64url(43)

    def make(rng: random.Random) -> str:
        iat = 1690000000 + rng.randrange(50_000_000)
        payload = {"iss": "supabase", "ref": ref(rng), "role": role, "iat": iat, "exp": iat + 315360000}
        body = _b64url_nopad(json.dumps(payload, separators=(",", ":")).encode())
        return f"{_JWT_HEAD}.{body}.{sig(rng)}"

    return make


def _clerk_publishable(rng: random.Random) -> str:
    """pk_live_ + base64 of the instance's Frontend API host and a trailing `$`, unpadded."""
    word = rng.choice(("fernhill", "quayside", "loomwork", "brightpath", "oakline", "saltmarsh"))
    tld = rng.choice((".com", ".io", ".app", ".dev"))
    return "pk_live_" + _b64url_nopad(f"clerk.{word}{tld}$".encode())


# The blind first score: (secrets caught, secrets, look-alikes altered, look-alikes, the rules it met).
FIRST_SCORE = (23, 24, 3, 23, "the rules for 18 to 21 and 23")

TEMPLATES = [
    # ================================================================ secrets
    # ---- vendor prefixes
    S(
        SD,
        "prefixed",
        "stripe_restricted_key: {v}",
        join("rk_live_51", b62(97)),
        note="Stripe restricted key in Rails credentials",
    ),
    S(
        SD,
        "prefixed",
        '$ curl -s -H "X-Shopify-Access-Token: {v}" "https://harbor-and-pine.myshopify.com/admin/api/2024-10/orders.json?status=any&limit=50"',
        join("shpat_", hexl(32)),
        note="Shopify Admin API access token",
    ),
    S(
        SD,
        "cli_argument",
        "$ supabase secrets set SENDGRID_API_KEY={v} --project-ref {ref}",
        join("SG.", b64url(22), ".", b64url(43)),
        note="SendGrid key passed to the supabase CLI",
        ref=lower_alnum(20),
    ),
    S(
        SD,
        "positional",
        'const web = new WebClient("{v}");',
        join("xoxb-", digits(12), "-", digits(13), "-", b62(24)),
        note="Slack bot token as WebClient's first argument",
    ),
    S(
        SD,
        "prefixed",
        'const notion = new Client({ auth: "{v}" });',
        join("ntn_", digits(11), b62(35)),
        note="Notion integration secret",
    ),
    S(
        SD,
        "prefixed",
        '$ curl -s https://api.linear.app/graphql -H "Authorization: {v}" -H "Content-Type: application/json" -d \'{"query":"{ viewer { id name } }"}\'',
        join("lin_api_", b62(40)),
        note="Linear personal API key, sent without Bearer",
    ),
    S(
        SD,
        "prefixed",
        "hubspot.private-app-token={v}",
        join("pat-na1-", uuid),
        note="HubSpot private app token in Spring properties",
    ),
    S(
        SD,
        "prefixed",
        'req.Header.Set("X-Figma-Token", "{v}")',
        join("figd_", b64url(40)),
        note="Figma personal access token in Go",
    ),
    # ---- bare keys named by a header
    S(
        SD,
        "bare_header",
        '$ curl -s "https://api.cloudflare.com/client/v4/zones?name=example.org" -H "X-Auth-Email: ops@example.org" -H "X-Auth-Key: {v}"',
        hexl(37),
        note="Cloudflare Global API key",
    ),
    S(
        SD,
        "bare_header",
        '$ curl -s "https://{org}.okta.com/api/v1/groups?q=eng" -H "Accept: application/json" -H "Authorization: SSWS {v}"',
        join("00", b64url(40)),
        note="Okta API token, SSWS scheme",
        org=join("dev-", digits(8)),
    ),
    # ---- webhook signing secrets
    S(
        SD,
        "webhook_secret",
        '    event = stripe.webhooks.constructEvent(req.body, req.headers["stripe-signature"], "{v}");',
        join("whsec_", b62(32)),
        note="Stripe endpoint secret passed positionally",
    ),
    S(
        SD,
        "webhook_secret",
        "> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is {v} (^C to quit)",
        join("whsec_", hexl(64)),
        note="stripe listen output",
    ),
    S(SD, "webhook_secret", 'SLACK_SIGNING_SECRET = "{v}"', hexl(32), note="Slack signing secret in Django settings"),
    S(
        SD,
        "webhook_secret",
        'boolean valid = new HMACValidator().validateHMAC(item, "{v}");',
        hexu(64),
        note="Adyen webhook HMAC key passed positionally",
    ),
    # ---- client / app secrets, service-role keys
    S(SD, "client_secret", "SHOPIFY_API_SECRET={v}", join("shpss_", hexl(32)), note="Shopify app client secret"),
    S(SD, "client_secret", '    "ClientSecret": "{v}",', b64url(64), note="Auth0 client secret in appsettings.json"),
    S(
        SD,
        "service_role",
        'const supabaseAdmin = createClient(process.env.SUPABASE_URL!, "{v}", { auth: { persistSession: false } });',
        _supabase_jwt("service_role"),
        note="Supabase service_role key",
    ),
    # ---- positional and CLI
    S(
        SD,
        "positional",
        'client = Client("{sid}", "{v}")',
        hexl(32),
        note="Twilio auth token as the second argument",
        sid=join("AC", hexl(32)),
    ),
    S(SD, "positional", 'var client = new PostmarkClient("{v}");', uuid, note="Postmark server token"),
    S(SD, "cli_flag", "$ vercel deploy --prod --yes --token {v}", b62(24), note="Vercel token flag"),
    S(
        SD,
        "cli_flag",
        '$ curl -s https://api-m.paypal.com/v1/oauth2/token -u "{cid}:{v}" -d "grant_type=client_credentials"',
        join("E", b64url(79)),
        note="PayPal client secret after the client id",
        cid=join("A", b64url(79)),
    ),
    # ---- secrets in URLs
    S(
        SD,
        "url",
        "DISCORD_DEPLOY_WEBHOOK=https://discord.com/api/webhooks/{wid}/{v}",
        b64url(68),
        note="Discord webhook token",
        wid=digits(19),
    ),
    S(
        SD,
        "url",
        "$ curl -s 'https://tidepool-orders-default-rtdb.europe-west1.firebasedatabase.app/orders.json?auth={v}&shallow=true'",
        b62(40),
        note="Firebase Realtime Database secret as ?auth=",
    ),
    S(
        SD,
        "url",
        'mailgun_url = "https://api:{v}@api.eu.mailgun.net/v3/mg.quayside.io/messages"',
        join(hexl(32), "-", hexl(8), "-", hexl(8)),
        note="Mailgun private API key in URL userinfo",
    ),
    # ================================================================ look-alikes
    # ---- keys the vendors call public
    L(
        SD,
        "public_key",
        "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY={v}",
        join("pk_live_51", b62(97)),
        note="Stripe publishable key",
    ),
    L(SD, "public_key", "VITE_CLERK_PUBLISHABLE_KEY={v}", _clerk_publishable, note="Clerk publishable key"),
    L(
        SD,
        "public_key",
        'export const supabase = createClient("https://{ref}.supabase.co", "{v}");',
        _supabase_jwt("anon"),
        note="Supabase anon key, public with RLS",
        ref=lower_alnum(20),
    ),
    L(
        SD,
        "public_key",
        'const firebaseConfig = { apiKey: "{v}", authDomain: "lumen-notes.firebaseapp.com", projectId: "lumen-notes" };',
        join("AIzaSy", b64url(33)),
        note="Firebase web apiKey, public by design",
    ),
    L(
        SD,
        "public_key",
        '<div class="cf-turnstile" data-sitekey="{v}" data-theme="light"></div>',
        join("0x4AAAAAAA", b64url(14)),
        note="Cloudflare Turnstile sitekey",
    ),
    L(SD, "public_key", "DISCORD_PUBLIC_KEY={v}", hexl(64), note="Discord application Ed25519 public key"),
    L(
        SD,
        "public_key",
        'const checkout = await AdyenCheckout({ environment: "live", clientKey: "{v}", locale: "en-US" });',
        join("live_", upper_alnum(32)),
        note="Adyen client key",
    ),
    # ---- ids
    L(
        SD,
        "public_id",
        'const payments = window.Square.payments("{v}", "{loc}");',
        join("sq0idp-", b64url(22)),
        note="Square application id",
        loc=join("L", upper_alnum(12)),
    ),
    L(
        SD,
        "public_id",
        "https://slack.com/oauth/v2/authorize?client_id={v}&scope=chat:write,commands&redirect_uri=https%3A%2F%2Fapp.example.com%2Fslack%2Foauth",
        join("4", digits(11), ".", digits(13)),
        note="Slack client id in the authorize URL",
    ),
    L(
        SD,
        "public_id",
        '{"projectId":"{v}","orgId":"{team}"}',
        join("prj_", b62(28)),
        note="Vercel .vercel/project.json",
        team=join("team_", b62(24)),
    ),
    L(
        SD,
        "object_id",
        '    line_items=[{"price": "{v}", "quantity": 1}],',
        join("price_1", b62(23)),
        note="Stripe price id",
    ),
    L(
        SD,
        "object_id",
        "2024-11-02T14:07:31Z INFO stripe-webhook received {v} type=invoice.payment_succeeded customer={cus}",
        join("evt_1", b62(23)),
        note="Stripe event id",
        cus=join("cus_", b62(14)),
    ),
    L(SD, "object_id", "< request-id: {v}", join("req_", b62(14)), note="Stripe request id in curl -i output"),
    # ---- hashes and idempotency keys
    L(SD, "uuid", '  -H "Idempotency-Key: {v}" \\', uuid, note="Stripe idempotency key"),
    L(SD, "hash", "VERCEL_GIT_COMMIT_SHA={v}", hexl(40), note="Vercel system env commit SHA"),
    # ---- placeholders and masked values
    L(
        SD,
        "masked",
        "live_mode_api_key = '{v}'",
        join("rk_live_", repeated(const("*"), 24), b62(4)),
        note="stripe config --list shows keys redacted",
    ),
    L(SD, "placeholder", "LINEAR_API_KEY={v}", join("lin_api_", interleaved(40)), note=".env.example filler"),
    L(
        SD,
        "placeholder",
        '$ curl -s https://api.intercom.io/contacts -H "Authorization: Bearer {v}" -H "Intercom-Version: 2.11"',
        const("<YOUR_INTERCOM_ACCESS_TOKEN>"),
        note="Intercom docs-style placeholder",
    ),
    # ---- non-secret values under secret-sounding names
    L(
        SD,
        "named_non_secret",
        "jira.api-token={v}",
        const("${JIRA_API_TOKEN:REPLACE_ME}"),
        note="Spring property default",
    ),
    L(
        SD,
        "named_non_secret",
        'scopes = "{v}"',
        const("read_products,write_orders,read_customers,write_fulfillments"),
        note="shopify.app.toml",
    ),
    L(
        SD,
        "named_non_secret",
        "              secretKeyRef: { name: hubspot-credentials, key: {v} }",
        const("private-app-token"),
        note="Kubernetes secret key name",
    ),
    L(
        SD,
        "named_non_secret",
        "Create a new personal access token at {v} and paste it below.",
        const("https://app.netlify.com/user/applications#personal-access-tokens"),
        note="Netlify settings page URL",
    ),
    L(SD, "named_non_secret", '  "expiresAt": "{v}",', const("2025-12-11T17:05:43.000Z"), note="Okta API token expiry"),
]
