"""Redaction throughput: our Redactor vs Jezero 0.1.0's, side by side on the same text.

Generates deterministic dialogue-like text (prose, code, command output, JSON, hashes) with
planted fake secrets, cuts it into segment-sized pieces (as the pipeline redacts segments),
and times only the redaction calls. Jezero runs in bench/.venv-jezero (bench/setup_jezero.sh)
through a subprocess. Prints MB/s for both, the ratio, and how many planted secrets each left.

    bash bench/setup_jezero.sh
    .venv/bin/python bench/redaction_bench.py [--mb 20] [--seed 7] [--input FILE] [--no-jezero]
"""

from __future__ import annotations

import argparse
import json
import random
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from jezero_pipeline.redaction import Redactor  # noqa: E402

JEZERO_PY = HERE / ".venv-jezero" / "bin" / "python"
SEGMENT_CHARS = 50_000
SECRET_RATE = 0.05  # share of turns with a planted secret (one per ~20 KB, dense for real transcripts)

# Runs inside the Jezero venv: only the redact() calls are timed.
JEZERO_RUNNER = r"""
import json, sys, time
from jezero.redact import Redactor
segments = json.load(open(sys.argv[1], encoding="utf-8"))
r = Redactor()
r.redact("warm up password=abc123xyz")
t0 = time.perf_counter()
outs = [r.redact(s).text for s in segments]
dt = time.perf_counter() - t0
json.dump(outs, open(sys.argv[2], "w", encoding="utf-8"))
print(json.dumps({"seconds": dt}))
"""

AN = string.ascii_letters + string.digits
WORDS = [
    "the",
    "a",
    "we",
    "it",
    "this",
    "that",
    "run",
    "test",
    "fails",
    "passes",
    "because",
    "cache",
    "index",
    "build",
    "segment",
    "summary",
    "library",
    "config",
    "file",
    "path",
    "line",
    "error",
    "fix",
    "decide",
    "rather",
    "than",
    "keep",
    "stale",
    "value",
    "function",
    "returns",
    "list",
    "sorted",
    "merged",
    "rewrite",
    "once",
    "python",
    "duckdb",
    "dagster",
    "asset",
    "partition",
    "connector",
    "session",
    "token",
    "budget",
    "model",
    "prompt",
    "retry",
    "timeout",
    "parse",
    "schema",
    "output",
    "input",
    "hash",
    "key",
    "lookup",
]


def _fake_secrets(rnd: random.Random) -> list[tuple[str, str]]:
    """(context line, secret) pairs; every value is random, none belongs to an account."""

    def rs(n: int, alpha: str = AN) -> str:
        return "".join(rnd.choice(alpha) for _ in range(n))

    hexd = "0123456789abcdef"
    pairs = [
        ("export ANTHROPIC_API_KEY={}", "sk-ant-api03-" + rs(93, AN + "-_") + "AA"),
        ("OPENAI_API_KEY={}", "sk-proj-" + rs(48)),
        ("git remote set-url origin https://{}@github.com/o/r.git", "ghp_" + rs(36)),
        ("AWS_ACCESS_KEY_ID={}", "AKIA" + rs(16, string.ascii_uppercase + "234567")),
        ('"Authorization": "Bearer {}"', rs(40)),
        ("DATABASE_URL=postgres://app:{}@db:5432/main", rs(16)),
        ("password: {}", rs(14, AN + "!#%")),
        ("mysql -u root -p{} shop", rs(12)),
        ("SLACK_BOT_TOKEN={}", "xoxb-" + rs(11, "0123456789") + "-" + rs(13, "0123456789") + "-" + rs(24)),
        ("Cookie: sessionid={}; theme=dark", rs(32)),
        ("https://api.example.net/v1?access_token={}&page=2", rs(32)),
        ("STRIPE_SECRET_KEY={}", "sk_live_" + rs(24)),
        ("id_token: {}", "eyJhbGciOiJIUzI1NiJ9.eyJ" + rs(40, AN + "_-") + "." + rs(43, AN + "_-")),
        ("DIGITALOCEAN_TOKEN={}", "dop_v1_" + "".join(rnd.choice(hexd) for _ in range(64))),
        ("HF_TOKEN={}", "hf_" + rs(34, string.ascii_letters)),
    ]
    return [(ctx.format(s), s) for ctx, s in pairs]


def _sentence(rnd: random.Random) -> str:
    words = [rnd.choice(WORDS) for _ in range(rnd.randint(6, 18))]
    return " ".join(words).capitalize() + rnd.choice([".", ".", "?", ":"])


def _block(rnd: random.Random) -> str:
    kind = rnd.random()
    hexd = "0123456789abcdef"
    if kind < 0.45:
        return "\n".join(_sentence(rnd) for _ in range(rnd.randint(1, 5)))
    if kind < 0.60:
        name = rnd.choice(WORDS)
        return (
            f"```python\ndef {name}_{rnd.randint(1, 99)}(path: str) -> list[str]:\n"
            f"    token_count = len(text.split())\n    api_key = get_api_key()\n"
            f"    return [line for line in open(path) if '{name}' in line]\n```"
        )
    if kind < 0.72:
        sha = "".join(rnd.choice(hexd) for _ in range(40))
        return f"$ git log -1\ncommit {sha}\nAuthor: Dev <dev@example.com>\n\n    fix {rnd.choice(WORDS)} handling"
    if kind < 0.84:
        return json.dumps(
            {
                "id": f"{rnd.getrandbits(64):x}",
                "status": "ok",
                "items": [rnd.choice(WORDS) for _ in range(8)],
                "checksum": "".join(rnd.choice(hexd) for _ in range(64)),
                "max_tokens": 4096,
            }
        )
    if kind < 0.94:
        return (
            f"$ pytest -q\n{'.' * rnd.randint(10, 60)}\n{rnd.randint(1, 300)} passed in {rnd.random() * 9:.2f}s\n"
            f"/home/dev/projects/app/src/{rnd.choice(WORDS)}/{rnd.choice(WORDS)}.py:{rnd.randint(1, 400)}: warning"
        )
    return "https://docs.example.org/guide/" + rnd.choice(WORDS) + "?page=" + str(rnd.randint(1, 9)) + "#section"


def generate(mb: float, seed: int) -> tuple[str, list[str]]:
    """Dialogue text of about `mb` MB and the secrets planted in it."""
    rnd = random.Random(seed)
    target = int(mb * 1_000_000)
    parts: list[str] = []
    planted: list[str] = []
    size = 0
    turn = 0
    while size < target:
        role = "User" if turn % 2 == 0 else "Assistant"
        body = "\n\n".join(_block(rnd) for _ in range(rnd.randint(1, 4)))
        if rnd.random() < SECRET_RATE:
            ctx, secret = rnd.choice(_fake_secrets(rnd))
            body += "\n" + ctx
            planted.append(secret)
        chunk = f"{role}: {body}\n\n"
        parts.append(chunk)
        size += len(chunk)
        turn += 1
    return "".join(parts), planted


def segments_of(text: str, size: int = SEGMENT_CHARS) -> list[str]:
    """Cut at line ends into pieces of at most about `size` chars, as segmenting does."""
    out, start = [], 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            nl = text.rfind("\n", start, end)
            end = nl + 1 if nl > start else end
        out.append(text[start:end])
        start = end
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=20.0, help="size of generated text (default 20)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--input", type=Path, help="use this text file instead of generated text")
    ap.add_argument("--no-jezero", action="store_true", help="time only our redactor")
    args = ap.parse_args()

    if args.input:
        text, planted = args.input.read_text(encoding="utf-8", errors="replace"), []
    else:
        text, planted = generate(args.mb, args.seed)
    segs = segments_of(text)
    mb = len(text.encode("utf-8")) / 1e6
    print(f"text: {mb:.1f} MB in {len(segs)} segments, {len(planted)} planted secrets")

    r = Redactor()
    r.redact("warm up password=abc123xyz")
    t0 = time.perf_counter()
    ours = [r.redact(s)[0] for s in segs]
    ours_s = time.perf_counter() - t0
    ours_joined = "".join(ours)
    leaked = sum(1 for s in planted if s in ours_joined)
    print(f"ours:   {mb / ours_s:8.2f} MB/s  ({ours_s:.2f} s)  planted secrets left: {leaked}/{len(planted)}")

    if args.no_jezero:
        return
    if not JEZERO_PY.exists():
        sys.exit(f"{JEZERO_PY} missing: run bash bench/setup_jezero.sh first (or pass --no-jezero)")
    with tempfile.TemporaryDirectory() as tmp:
        seg_file, out_file, runner = Path(tmp, "segments.json"), Path(tmp, "out.json"), Path(tmp, "run.py")
        seg_file.write_text(json.dumps(segs), encoding="utf-8")
        runner.write_text(JEZERO_RUNNER, encoding="utf-8")
        proc = subprocess.run(
            [str(JEZERO_PY), str(runner), str(seg_file), str(out_file)], capture_output=True, text=True, check=False
        )
        if proc.returncode != 0:
            sys.exit(f"jezero runner failed:\n{proc.stderr}")
        jez_s = json.loads(proc.stdout.strip().splitlines()[-1])["seconds"]
        jez_joined = "".join(json.loads(out_file.read_text(encoding="utf-8")))
    jez_leaked = sum(1 for s in planted if s in jez_joined)
    print(f"jezero: {mb / jez_s:8.2f} MB/s  ({jez_s:.2f} s)  planted secrets left: {jez_leaked}/{len(planted)}")
    print(f"ratio (ours / jezero throughput): {jez_s / ours_s:.1f}x")


if __name__ == "__main__":
    main()
