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
        info = " ".join(f"{k}={v:.4g}" for k, v in sorted(s.info.items()) if v)
        self._bars.update(self._tasks[stage], completed=s.done, total=s.total or s.done or None, info=info)

    def close(self) -> None:
        self._bars.stop()


def progress_for(json_output: bool) -> Progress:
    """Live bars on a terminal; one plain line per stage and batch otherwise; nothing for --json."""
    if json_output:
        return Progress()
    return RichProgress() if sys.stderr.isatty() else LineProgress()
