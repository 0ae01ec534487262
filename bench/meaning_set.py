"""A paraphrase set for search by meaning, written for this bench (not taken from anywhere).

Each entry: a realistic library item (title, summary), two questions asked in other words
(sharing no content word with the item after stemming and stopwords: `bench/meaning.py
--check` enforces it), one control question that does use the item's words, and a near
distractor (another bug of the same kind, with another cause). The first DEV entries were
the only ones looked at while choosing the fusion; the rest are held out.
"""

DEV = 12

# (key, title, summary, [questions in other words], control, (distractor title, distractor summary))
ENTRIES = [
    (
        "oauth-loop",
        "Fixed the OAuth redirect loop",
        "Clearing the stale session cookie after logout stopped the OAuth callback from redirecting forever.",
        [
            "why did users keep getting bounced back to the sign-in page?",
            "people were stuck going round and round when trying to log in",
        ],
        "OAuth redirect loop stale session cookie",
        (
            "Fixed the SAML assertion clock skew",
            "Login failed for the HR portal because the identity provider clock ran two minutes ahead.",
        ),
    ),
    (
        "pg-pool",
        "Raised the Postgres connection pool size",
        "Under load the API exhausted its 5 database connections; the pool now holds 20 and requests no longer queue.",
        [
            "calls waited a long time during the traffic spike because the app ran out of DB handles",
            "too many users at once made the server hang waiting on the data store",
        ],
        "Postgres connection pool exhausted under load",
        (
            "Added an index on orders.created_at",
            "The nightly report scanned the whole orders table; an index cut it from 40 s to 2 s.",
        ),
    ),
    (
        "flaky-upload",
        "Quarantined the flaky S3 upload test",
        "test_upload_large_file failed one CI run in ten because of a network timeout against the bucket mock.",
        [
            "a check kept passing and breaking at random in the pipeline",
            "intermittent red builds from one unreliable spec",
        ],
        "flaky S3 upload test timeout",
        (
            "Fixed the broken snapshot test",
            "The date picker snapshot changed after the design refresh; snapshots regenerated.",
        ),
    ),
    (
        "utc",
        "Stored every timestamp in UTC",
        "Daily reports showed yesterday's orders for customers in Sydney because times were saved in local time zones.",
        [
            "sales from the wrong day appeared for Australian shoppers",
            "dates were off for buyers on the other side of the world",
        ],
        "timestamps UTC local time zones reports",
        (
            "Fixed daylight saving gap in the scheduler",
            "A cron job ran twice on the night the clocks went back; it now uses a monotonic schedule.",
        ),
    ),
    (
        "docker-size",
        "Shrunk the Docker image with a multi-stage build",
        "Building in one stage and copying only the binary took the image from 1.2 GB to 180 MB.",
        ["the container we ship was huge and slow to pull", "how did we make the deployable artifact much smaller?"],
        "Docker image multi-stage build size",
        (
            "Cached pip wheels in the Docker build",
            "Builds took 9 minutes because dependencies were downloaded every time; a cache mount fixed it.",
        ),
    ),
    (
        "memleak-ws",
        "Fixed a memory leak in the WebSocket handler",
        "Listeners were never removed on disconnect, so RSS grew by 50 MB an hour until the pod was OOM-killed.",
        [
            "the realtime service slowly ate RAM and crashed several times a day",
            "why was the chat backend restarted by kubernetes all the time",
        ],
        "memory leak WebSocket listeners disconnect OOM",
        (
            "Capped the image resize cache",
            "Thumbnail generation kept every decoded image around; an LRU of 200 entries bounds it.",
        ),
    ),
    (
        "cors",
        "Allowed the admin origin in the CORS policy",
        "Browser calls from admin.example.com were blocked because the API only allowed the main site origin.",
        [
            "the back-office frontend could not talk to the backend from the browser",
            "preflight requests from our internal dashboard were refused",
        ],
        "CORS policy admin origin blocked",
        ("Fixed the CSP blocking inline fonts", "The content security policy rejected data: URLs for the icon font."),
    ),
    (
        "npm-lock",
        "Regenerated the lockfile after adding a dependency",
        "CI's frozen install rejected package.json because pnpm-lock.yaml was not updated when the date library was added.",
        [
            "the build broke right after someone introduced another module",
            "continuous integration complained the pinned versions file was out of sync",
        ],
        "pnpm lockfile frozen install CI",
        (
            "Pinned the TypeScript version",
            "A minor TypeScript release changed inference and broke the build; the compiler is now pinned.",
        ),
    ),
    (
        "rate-limit",
        "Retried the payment API on HTTP 429",
        "The checkout worker now backs off exponentially and honours Retry-After when the provider throttles requests.",
        [
            "charging cards failed whenever we sent too many calls to the billing vendor",
            "how do we cope when the processor tells us to slow down",
        ],
        "payment API 429 Retry-After backoff",
        ("Added idempotency keys to refunds", "A retried refund was paid twice; refunds now carry an idempotency key."),
    ),
    (
        "n-plus-one",
        "Removed an N+1 query on the orders page",
        "Each order row loaded its customer separately; a single joined query cut the page from 300 queries to 3.",
        [
            "the purchases screen hammered the database with hundreds of tiny lookups",
            "listing sales was slow because every line fetched the buyer one by one",
        ],
        "N+1 query orders page customer join",
        ("Paginated the audit log", "The audit page loaded 50,000 rows at once; it now loads 100 per page."),
    ),
    (
        "tls-expiry",
        "Renewed the expired TLS certificate",
        "The certificate for api.example.com lapsed because the renewal job had been failing silently for a month.",
        [
            "mobile apps started rejecting our server as untrusted one morning",
            "https suddenly broke for the public endpoint",
        ],
        "expired TLS certificate renewal job",
        ("Rotated the leaked SSH deploy key", "A deploy key was found in a public gist; it was revoked and replaced."),
    ),
    (
        "disk-full",
        "Rotated logs that filled the disk",
        "Debug logging wrote 40 GB a day to /var/log until the volume was full and writes failed; logrotate now compresses daily.",
        [
            "the machine ran out of space and the app could not save anything",
            "storage hit 100 percent on the box because of verbose output",
        ],
        "logs filled the disk logrotate",
        ("Moved uploads to object storage", "User uploads lived on the web server's volume; they now go to a bucket."),
    ),
    # -- held out from here
    (
        "i18n-plural",
        "Fixed plural forms in the Polish translation",
        "Counts like 5 files used the singular because the i18n catalogue had only two plural forms instead of three.",
        [
            "messages read wrong in one language when showing several items",
            "grammar broke for quantities in an eastern european locale",
        ],
        "Polish plural forms i18n catalogue",
        ("Fixed right-to-left layout in Arabic", "The sidebar overlapped text when the interface was mirrored."),
    ),
    (
        "csv-encoding",
        "Read the supplier CSV as Windows-1252",
        "Accented product names turned into garbage because the importer assumed UTF-8 for a file exported from Excel.",
        [
            "letters with accents came out mangled when loading the vendor spreadsheet",
            "weird characters in item labels after the nightly feed",
        ],
        "supplier CSV Windows-1252 UTF-8 accented names",
        ("Handled quoted newlines in the CSV", "Descriptions containing line breaks split one record into two."),
    ),
    (
        "race-counter",
        "Made the stock counter update atomic",
        "Two workers read and wrote the inventory count at once, so concurrent purchases oversold the last unit.",
        [
            "we sold more pieces than we had when two shoppers bought together",
            "simultaneous checkouts led to negative quantities on hand",
        ],
        "atomic stock counter concurrent purchases oversold",
        (
            "Fixed the duplicate email on signup",
            "Double-clicking the button created two accounts; a unique constraint prevents it.",
        ),
    ),
    (
        "dns-ttl",
        "Lowered the DNS TTL before the migration",
        "Clients kept hitting the old load balancer for a day after the move because records were cached for 24 hours.",
        [
            "after switching hosts, some visitors still reached the previous servers",
            "traffic lingered on the decommissioned machines long after cutover",
        ],
        "DNS TTL migration old load balancer cached records",
        ("Fixed the health check path", "The load balancer marked every node down because the probe hit a 404."),
    ),
    (
        "regex-dos",
        "Replaced a catastrophic regex in the email validator",
        "A nested quantifier made validation take minutes on long inputs, letting one request pin a CPU core.",
        [
            "a single form submission froze the server processor",
            "one crafted signup string caused the web worker to spin endlessly",
        ],
        "catastrophic regex email validator backtracking",
        ("Limited upload size", "Large multipart bodies exhausted memory; requests over 10 MB are now refused."),
    ),
    (
        "cache-stampede",
        "Prevented a cache stampede on the homepage",
        "When the cached homepage expired, thousands of requests rebuilt it at once; a lock and early refresh fixed it.",
        [
            "every hour the front page caused a burst of load that knocked the database over",
            "at the top of the hour everything went slow at the same moment",
        ],
        "cache stampede homepage expired lock early refresh",
        (
            "Warmed the search cache after deploys",
            "The first searches after a release were slow until results were recomputed.",
        ),
    ),
    (
        "tz-cron",
        "Scheduled the invoice job in the customer's time zone",
        "Bills went out at 3 am local time for European customers because the cron ran on the server's clock.",
        ["clients got charged in the middle of the night", "why did billing emails arrive while people were asleep"],
        "invoice job cron customer time zone",
        ("Fixed the duplicate reminder emails", "Reminders were sent twice when the mailer retried after a timeout."),
    ),
    (
        "feature-flag",
        "Removed a stale feature flag that hid the new editor",
        "Half the users never saw the new editor because an old flag defaulted to off in one region.",
        [
            "some customers could not find the redesigned writing tool",
            "the rollout looked finished but many people still had the legacy experience",
        ],
        "stale feature flag new editor hidden",
        (
            "Fixed the A/B test assignment",
            "Users switched groups on every visit because the bucket used the session id.",
        ),
    ),
    (
        "gc-pause",
        "Tuned the JVM garbage collector to cut pauses",
        "Full GC pauses of 4 seconds froze the search service; switching to G1 with a larger heap brought them under 200 ms.",
        ["the java backend stalled for a moment at random", "latency spikes every few minutes on the lookup tier"],
        "JVM garbage collector pauses G1 heap",
        (
            "Raised the thread pool for the importer",
            "Imports queued behind one another because only two threads were allowed.",
        ),
    ),
    (
        "pagination-skip",
        "Fixed missing rows when paging through results",
        "OFFSET pagination skipped records inserted between page loads; keyset pagination on id keeps pages stable.",
        [
            "entries vanished when scrolling to the next screen of a list",
            "while browsing a long table, some lines were never shown",
        ],
        "pagination OFFSET skipped records keyset",
        (
            "Sorted search results by relevance",
            "Results were ordered by date, so the best match was often on page three.",
        ),
    ),
    (
        "secrets-env",
        "Moved API keys out of the repository into environment variables",
        "Keys committed in settings.py were rotated and now come from the environment and the vault at deploy time.",
        [
            "credentials had been checked into git and we had to clean that up",
            "how are tokens handed to the app now instead of hardcoding them",
        ],
        "API keys repository environment variables vault",
        (
            "Enabled two-factor login for admins",
            "Administrator accounts now need a one-time code from an authenticator app.",
        ),
    ),
    (
        "slow-tests",
        "Ran the test suite in parallel",
        "The suite took 25 minutes on one core; pytest-xdist across 8 workers brought it down to 4.",
        [
            "continuous integration needed ages to tell us whether a change was fine",
            "how did we speed up checking every commit",
        ],
        "test suite parallel pytest-xdist workers",
        ("Skipped browser tests on docs changes", "Documentation-only changes no longer start the end-to-end job."),
    ),
    (
        "email-spf",
        "Fixed SPF so password emails stop landing in spam",
        "The mail provider was missing from the SPF record, so Gmail flagged reset emails as spam.",
        [
            "customers never received the message to change their login secret",
            "account recovery notes were going to junk folders",
        ],
        "SPF record password reset emails spam",
        ("Shortened the magic link expiry", "Sign-in links stayed valid for a week; they now expire after 15 minutes."),
    ),
    (
        "float-money",
        "Stored prices as integer cents instead of floats",
        "Totals were off by a cent because 0.1 + 0.2 in floating point; amounts are now integer cents.",
        ["the cart sum was sometimes a penny wrong", "rounding glitches in checkout arithmetic"],
        "prices integer cents floats totals",
        ("Fixed the currency symbol for Swiss francs", "Prices showed the euro sign for shops in Switzerland."),
    ),
    (
        "index-deadlock",
        "Resolved a deadlock between two migrations",
        "Both migrations locked the orders and users tables in opposite order; running them in one transaction order fixed it.",
        [
            "the schema upgrade hung forever during the release",
            "deploy stalled because a pair of database changes waited on each other",
        ],
        "deadlock migrations locked tables order",
        (
            "Added a timeout to the migration runner",
            "A long migration blocked deploys for an hour; it now aborts after 10 minutes.",
        ),
    ),
    (
        "cdn-stale",
        "Purged the CDN after the stylesheet changed",
        "Visitors saw the old layout for hours because the CSS file was cached at the edge without a versioned name.",
        [
            "the site looked broken for people after we shipped the redesign",
            "browsers kept showing last week's look after release",
        ],
        "CDN cache stylesheet versioned name",
        (
            "Compressed images on upload",
            "Product photos were served at 4 MB each; they are now resized and compressed.",
        ),
    ),
    (
        "timeout-gateway",
        "Raised the gateway timeout for report exports",
        "Exports over 60 seconds returned 504 from nginx although the worker finished; they now run as background jobs.",
        [
            "downloading the big spreadsheet always failed after a minute",
            "large downloads errored out even though the server completed them",
        ],
        "gateway timeout 504 nginx report exports",
        ("Streamed the CSV download", "Exports were built in memory before sending; they now stream row by row."),
    ),
    (
        "session-fixation",
        "Regenerated the session id at login",
        "An attacker could plant a session id before login and reuse it after; the id is now rotated on authentication.",
        [
            "someone could hijack an account by handing the victim a prepared token",
            "security review flagged that signing in kept the same identifier",
        ],
        "session fixation regenerate session id login",
        ("Escaped user names in the profile page", "A name containing script tags ran in other users' browsers."),
    ),
    (
        "unicode-search",
        "Normalised accents in product search",
        "Searching for creme did not find crème brûlée because the index kept accented characters as they were.",
        [
            "shoppers typing without diacritics got no hits for french desserts",
            "queries missed dishes whose names have special marks",
        ],
        "normalised accents product search index",
        ("Added synonyms to the search", "Searching for sofa now also finds couch."),
    ),
    (
        "retry-storm",
        "Added jitter to client retries",
        "After an outage every client retried at the same second and knocked the service over again; backoff now has random jitter.",
        [
            "when the platform came back up, a wave of reconnects took it down again",
            "synchronized reconnect attempts kept causing repeat failures",
        ],
        "retries jitter backoff outage clients",
        (
            "Added a circuit breaker for the search service",
            "Calls to a failing dependency now fail fast for 30 seconds.",
        ),
    ),
    (
        "backup-restore",
        "Tested restoring the nightly backup",
        "The nightly dump had been empty for weeks because pg_dump lacked permission on a new schema; restores are now tested weekly.",
        [
            "we discovered our safety copies were useless when we needed one",
            "disaster recovery drill showed the saved snapshots held nothing",
        ],
        "nightly backup restore pg_dump permission",
        ("Encrypted backups at rest", "Database dumps are now encrypted before they are uploaded."),
    ),
    (
        "dark-mode",
        "Fixed unreadable text in dark mode",
        "Grey text on the dark background had a contrast ratio of 1.8; the palette now meets WCAG AA.",
        [
            "with the night theme on, labels were nearly invisible",
            "accessibility complaint: letters blended into the black screen",
        ],
        "dark mode contrast text palette",
        ("Fixed focus outline on buttons", "Keyboard users could not see which button was selected."),
    ),
    (
        "webhook-sig",
        "Verified webhook signatures",
        "Incoming payment webhooks were trusted without checking the HMAC header, so anyone could fake a paid order.",
        [
            "we accepted callbacks from the billing vendor with no proof they really came from them",
            "a forged notification could mark a purchase as settled",
        ],
        "webhook signatures HMAC payment",
        ("Retried failed webhook deliveries", "Outgoing webhooks are now retried with backoff for 24 hours."),
    ),
    (
        "mobile-crash",
        "Fixed the app crash on Android 14 when opening the camera",
        "The photo picker crashed because the new permission model needed READ_MEDIA_IMAGES; the manifest now asks for it.",
        [
            "the phone application closed itself when people tried to take a picture",
            "latest google handsets quit as soon as you attach a picture",
        ],
        "Android 14 camera crash permission manifest",
        ("Fixed the iOS keyboard covering the input", "The chat box was hidden behind the keyboard on small iPhones."),
    ),
    (
        "queue-backlog",
        "Scaled the email queue workers",
        "Signup confirmations waited 40 minutes in the queue during the launch; workers now autoscale on queue depth.",
        [
            "new accounts needed ages to get their welcome message on release day",
            "verification notes were delayed for almost an hour at peak",
        ],
        "email queue workers autoscale backlog",
        ("Deduplicated queue messages", "The same job ran twice when the broker redelivered after a timeout."),
    ),
    (
        "sql-injection",
        "Parameterised the search query to stop SQL injection",
        "The admin search built SQL by string concatenation; a quote in the input could dump the users table.",
        [
            "a crafted term in the back-office lookup could read any data",
            "typing an apostrophe in the staff tool broke and exposed things",
        ],
        "SQL injection parameterised search query",
        ("Rate limited the login endpoint", "Password guessing is now limited to 5 attempts a minute per account."),
    ),
    (
        "clock-drift",
        "Synced server clocks with NTP",
        "Tokens were rejected as not yet valid because one server's clock ran 90 seconds fast; chrony now keeps it in sync.",
        [
            "logins failed on one node only, with tokens deemed from the future",
            "a machine thought it was a minute and a half later than the others",
        ],
        "server clocks NTP tokens rejected chrony",
        (
            "Extended the JWT lifetime for mobile",
            "Mobile users were logged out every hour; refresh tokens now last 30 days.",
        ),
    ),
]
