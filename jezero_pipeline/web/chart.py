"""Items per week as bars for an inline SVG: weeks with no item are drawn as empty slots.

Geometry only (numbers the template puts into <rect> attributes), so the page needs no
charting script and no inline style.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from .data import WeekCount

MAX_WEEKS = 104  # two years; older weeks are left to the list below the chart
WIDTH = 720.0
HEIGHT = 96.0
GAP = 1.0


@dataclass(frozen=True)
class Bar:
    week: str  # Monday, YYYY-MM-DD
    until: str  # the next Monday: the week is [week, until)
    items: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Chart:
    bars: list[Bar]
    width: float
    height: float
    peak: int
    first: str
    last: str
    weeks_left_out: int  # older weeks with items not drawn


def weekly_chart(weeks: list[WeekCount]) -> Chart | None:
    """Bars from the oldest to the newest week with items, at most the last MAX_WEEKS."""
    if not weeks:
        return None
    counts = {date.fromisoformat(w["week"]): w["items"] for w in weeks}
    last = max(counts)
    first = max(min(counts), last - timedelta(weeks=MAX_WEEKS - 1))
    n = (last - first).days // 7 + 1
    left_out = sum(1 for d in counts if d < first)
    peak = max(counts.get(first + timedelta(weeks=i), 0) for i in range(n))
    slot = WIDTH / n
    bars = []
    for i in range(n):
        week = first + timedelta(weeks=i)
        items = counts.get(week, 0)
        height = HEIGHT * items / peak if peak else 0.0
        bars.append(
            Bar(
                week=week.isoformat(),
                until=(week + timedelta(weeks=1)).isoformat(),
                items=items,
                x=round(i * slot, 2),
                y=round(HEIGHT - height, 2),
                width=round(max(slot - GAP, 1.0), 2),
                height=round(height, 2),
            )
        )
    return Chart(bars, WIDTH, HEIGHT, peak, first.isoformat(), last.isoformat(), left_out)
