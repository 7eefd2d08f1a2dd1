"""The score chart: each side's running total hand by hand, drawn as SVG on the server.

No chart library and no script: a few polylines, the target line and a mark
on each hand that cost a side a bag penalty. The SVG names itself and carries
a one-sentence summary for screen readers; the hand-by-hand table beside it is
the full text alternative.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..core.scoring import GameScore
from .words import number

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 12, 26


def summary(score: GameScore) -> str:
    """How the totals went, for readers who cannot see the chart: where each side
    stands, then its total after every hand (the chart's text equivalent)."""
    played = [h for h in score.hands if h.sides]
    standings = "; ".join(f"{s.name} {number(s.total)}" for s in score.sides)
    lines = " ".join(
        f"{s.name}, hand by hand: "
        + ", ".join(number(h.sides[i].total) for h in played)  # type: ignore[index]
        + "."
        for i, s in enumerate(score.sides)
    )
    return (
        f"Running totals over {len(played)} hand{'s' if len(played) != 1 else ''}, "
        f"target {score.rules.target}: {standings}. {lines}"
    )


def score_chart(score: GameScore, ident: str = "chart") -> Markup | None:
    """An inline SVG line chart of the running totals, or None before the first hand."""
    played = [h for h in score.hands if h.sides]
    if not played:
        return None
    totals = [
        [0] + [h.sides[i].total for h in played]  # type: ignore[index]
        for i in range(len(score.sides))
    ]
    low = min(0, *(min(t) for t in totals))
    high = max(score.rules.target, *(max(t) for t in totals))
    span = (high - low) or 1
    steps = len(played)

    def x(i: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * i / steps, 1)

    def y(v: int) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / span, 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-title">Score chart</title>',
        f'<desc id="{ident}-desc">{escape(summary(score))}</desc>',
        f'<line class="axis" x1="{LEFT}" y1="{y(0)}" x2="{WIDTH - RIGHT}" y2="{y(0)}"/>',
        f'<line class="target" x1="{LEFT}" y1="{y(score.rules.target)}" x2="{WIDTH - RIGHT}" '
        f'y2="{y(score.rules.target)}"/>',
        f'<text x="{LEFT - 4}" y="{y(score.rules.target) + 4}" text-anchor="end">'
        f"{score.rules.target}</text>",
        f'<text x="{LEFT - 4}" y="{y(0) + 4}" text-anchor="end">0</text>',
    ]
    if low < 0:
        parts.append(f'<text x="{LEFT - 4}" y="{y(low) + 4}" text-anchor="end">{low}</text>')
    parts.append(f'<text x="{x(steps)}" y="{HEIGHT - 8}" text-anchor="end">hand {steps}</text>')
    for side, series in enumerate(totals):
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(series))
        parts.append(f'<polyline class="line s{side}" points="{points}"/>')
        for i, hand in enumerate(played, start=1):
            result = hand.sides[side]  # type: ignore[index]
            if result.penalties:
                parts.append(
                    f'<circle class="penalty s{side}" cx="{x(i)}" cy="{y(result.total)}" r="4">'
                    f"<title>{escape(score.sides[side].name)}: bag penalty "
                    f"{number(result.penalty_points)} in hand {hand.number}</title></circle>"
                )
    parts.append("</svg>")
    return Markup("".join(parts))
