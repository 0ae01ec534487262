"""How results look on a terminal: search hits, items, item lists and live run progress."""

from __future__ import annotations

import sys
from typing import Any

from ..progress import LineProgress, Progress

STAGE_LABELS = {"collect": "sessions read", "segment": "segments cut", "redact": "segments redacted",
                "summarize": "calls"}  # fmt: skip


def console() -> Any:
    from rich.console import Console  # lazy: rich loads only to print

    return Console()


def print_search(res: dict[str, Any], query: str) -> None:
    from ..library.render import format_results_rich  # lazy: DuckDB and rich load only to print hits

    console().print(format_results_rich(res["results"], query))


def print_item(item: dict[str, Any], original: bool = False) -> None:
    con = console()
    con.print(f"[bold]#{item['id']} {item['title']}[/bold]")
    con.print(
        f"{item['occurred_at']}  project={item.get('project') or '-'}  source={item['source']}  {item['external_id']}",
        style="dim",
    )
    con.print(item["summary"])
    for q in item.get("questions") or []:
        con.print(f"  ? {q}")
    for a in item.get("atoms") or []:
        con.print(f"  [{a['kind']}] {a['text']}", markup=False)
    if original:
        con.print("\n--- original (redacted) ---", style="dim")
        con.print(item.get("original") or "", markup=False, highlight=False)


def number(value: float) -> str:
    """A figure as people read it: thousands separated, no exponent, cents for fractions."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.2f}"
    return f"{int(value):,}"


def size(n: float) -> str:
    """Bytes as B, kB, MB or GB (powers of 1,000)."""
    for unit in ("B", "kB", "MB"):
        if abs(n) < 1000:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} GB"


def run_text(connectors: list[dict[str, Any]], library: dict[str, Any], landed: list[dict[str, Any]] = ()) -> str:
    """A command's report for a terminal: a line per batch landed at its start, a line per
    connector, one for the library."""
    width = max([len(c["connector"]) for c in connectors] + [7])
    lines = [f"{'batch':<{width}}  {b['batch']} {b['state']}: {number(b['partitions'])} day(s), "
             f"{', '.join(f'{n} {k}' for k, n in sorted(b['outcomes'].items())) or 'no answers'}, "
             f"${b['cost_usd']:,.4f}" for b in landed]  # fmt: skip
    for c in connectors:
        if not c["partitions"]:
            waiting = f", {c['waiting_to_settle']} file(s) still being written" if c.get("waiting_to_settle") else ""
            lines.append(f"{c['connector']:<{width}}  nothing changed{waiting}")
            continue
        parts = [
            f"{number(c['partitions'])} day(s)",
            f"{number(c['new_or_changed'])} session(s) read ({size(c['bytes_read'])})",
            f"{number(c['docs'])} segment(s): {number(c['stored'])} summarised, {number(c['reused'])} kept",
        ]
        if c["failed"] or c["pending_budget"]:
            parts.append(f"{number(c['failed'])} failed, {number(c['pending_budget'])} left for the budget")
        parts.append(f"{number(c['calls'])} call(s)")
        if c.get("batch_requests") or c.get("waiting_batch") or c.get("batch_stored"):
            parts.append(f"{number(c.get('batch_requests', 0))} sent in a batch, {number(c.get('waiting_batch', 0))} "
                         f"waiting on one, {number(c.get('batch_stored', 0))} landed from one")  # fmt: skip
        if c.get("estimated_cost_usd"):
            parts.append(f"${c['estimated_cost_usd']:,.4f}")
        lines.append(f"{c['connector']:<{width}}  " + ", ".join(parts))
        lines += [f"{'':<{width}}  error: {e}" for e in c.get("errors", [])[:5]]
        if c.get("waiting_on_batches"):
            lines.append(f"{'':<{width}}  waiting on batch(es) {', '.join(c['waiting_on_batches'])}: "
                         f"the next run, the batches command or the summary_batches sensor lands them")  # fmt: skip
    if library.get("refreshed"):
        lines.append(f"{'library':<{width}}  {number(library['items'] or 0)} item(s) ({library['mode']}), "
                     f"{library['library']}")  # fmt: skip
    else:
        lines.append(f"{'library':<{width}}  up to date, {library['library']}")
    lines += [f"{'':<{width}}  error: {e}" for e in library.get("errors", [])]
    emb = library.get("embeddings")
    if emb:
        if emb.get("model"):
            lines.append(f"{'vectors':<{width}}  {number(emb.get('embedded', 0))} embedded "
                         f"({number(emb.get('requests', 0))} request(s)), {number(emb.get('reused', 0))} reused, "
                         f"{number(emb.get('vectors', 0))} in the library, {emb['model']}")  # fmt: skip
        if emb.get("notice"):
            lines.append(f"{'':<{width}}  note: {emb['notice']}")
        lines += [f"{'':<{width}}  error: {e}" for e in emb.get("errors", [])]
    return "\n".join(lines)


def preview_text(p: dict[str, Any]) -> str:
    """A dry run's or a sample's report for a terminal."""
    head = (f"{p['connector']} ({p['mode']}): {number(len(p['partitions']))} day(s), {number(p['sessions'])} "
            f"session(s), {number(p['docs'])} segment(s), {number(p['to_summarise'])} to summarise "
            f"({number(p['input_chars'])} characters), {number(p['redactions'])} redaction(s)")  # fmt: skip
    lines = [head] + [f"  warning: {w}" for w in p.get("warnings", [])[:10]]
    if p.get("estimated_cost_usd_direct") is not None:
        lines.append(f"  about {number(p['input_tokens'])} input and {number(p['output_tokens'])} output token(s): "
                     f"{direct_and_batch(p, 'the run')}")  # fmt: skip
    for item in p.get("items", []):
        lines.append(f"  {item['segment_id']}: {item['status']} {item.get('title') or item.get('error') or ''}")
    return "\n".join(lines)


def direct_and_batch(p: dict[str, Any], sender: str) -> str:
    """A cost preview's two prices, and which of them `sender` would pay."""
    send = "in a batch" if p.get("send") == "batch" else "directly"
    return (f"${p['estimated_cost_usd_direct']:,.4f} direct, ${p['estimated_cost_usd_batch']:,.4f} in a batch "
            f"({sender} would send them {send})")  # fmt: skip


def cost_text(p: dict[str, Any]) -> str:
    """A re-summarise's cost preview for a terminal."""
    cost = "unknown (no prices set)" if p["estimated_cost_usd"] is None else direct_and_batch(p, "this command")
    return (f"{number(p['partitions'])} partition(s): {number(p['calls'])} call(s), about "
            f"{number(p['input_tokens'])} input and {number(p['output_tokens'])} output token(s), "
            f"estimated cost {cost} (generation {p['generation']})")  # fmt: skip


def import_text(r: dict[str, Any]) -> str:
    """An import's report for a terminal: the counts, then each bad line."""
    head = (f"{r['source']}: {number(r['imported'])} item(s) imported into {number(r['partitions'])} day(s), "
            f"{number(r['redactions'])} redaction(s), {number(len(r['problems']))} bad line(s)")  # fmt: skip
    return "\n".join([head, *(f"  {p}" for p in r["problems"][:50])])


def retag_text(reports: list[dict[str, Any]]) -> str:
    """retag's reports for a terminal: a line per connector, then its changes."""
    lines = []
    for r in reports:
        verb = "would change" if r["dry_run"] else "changed"
        lines.append(
            f"{r['connector']}: {verb} {number(r['retagged'])} project tag(s), {number(r['model_calls'])} model call(s)"
        )
        lines += [f"  {c['segment_id']}: {c['from'] or '-'} -> {c['to']}" for c in r["changes"]]
    return "\n".join(lines)


def sources_text(answer: dict[str, Any]) -> str:
    rows = answer["sources"]
    width = max([len(r["source"]) for r in rows] + [6])
    return "\n".join(f"{r['source']:<{width}}  {number(r['items']):>8} item(s), latest {str(r['latest'])[:10]}"
                     for r in rows) or "no sources yet"  # fmt: skip


def stats_text(answer: dict[str, Any]) -> str:
    kinds = ", ".join(f"{k} {number(n)}" for k, n in sorted(answer["atoms_by_kind"].items())) or "none"
    trust = ", ".join(f"{k} {number(n)}" for k, n in sorted(answer["items_by_trust"].items())) or "none"
    return "\n".join([
        f"library    {answer['path']} ({size(answer['bytes'])})",
        f"items      {number(answer['items'])} from {number(answer['sources'])} source(s), "
        f"{number(answer['projects'])} project(s)",
        f"dates      {str(answer['first'])[:10]} to {str(answer['last'])[:10]}",
        f"atoms      {kinds}",
        f"trust      {trust}",
        f"built      {answer.get('built_at') or '-'} (delta: {number(answer.get('delta_items') or 0)} item(s))",
    ])  # fmt: skip


def items_text(items: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"#{i['id']:<6} {str(i.get('occurred_at'))[:16]}  {i.get('project') or '-':<16} {i['source']:<12} {i['title']}"
        for i in items
    )


class RichProgress(Progress):
    """A live bar per stage: done of total, cost so far and an ETA (stderr, so reports stay clean)."""

    def __init__(self) -> None:
        super().__init__()
        from rich.console import Console  # lazy: rich loads only for a live display
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bars = Progress(
            TextColumn("{task.description:<18}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[info]}"),
            TimeRemainingColumn(), console=Console(stderr=True), transient=False,
        )  # fmt: skip
        self._tasks: dict[str, Any] = {}
        self._bars.start()

    def show(self, stage: str) -> None:
        s = self.stages[stage]
        if stage not in self._tasks:
            self._tasks[stage] = self._bars.add_task(STAGE_LABELS.get(stage, stage), total=s.total, info="")
        info = " ".join(f"{k}={size(v) if k == 'bytes_read' else number(v)}" for k, v in sorted(s.info.items()) if v)
        self._bars.update(self._tasks[stage], completed=s.done, total=s.total or s.done or None, info=info)

    def close(self) -> None:
        self._bars.stop()


def progress_for(json_output: bool) -> Progress:
    """Live bars on a terminal; one plain line per stage and batch otherwise; nothing for --json."""
    if json_output:
        return Progress()
    return RichProgress() if sys.stderr.isatty() else LineProgress()
