"""The score chart: each side's running total hand by hand, drawn as SVG on the server.

No chart library and no script: a few polylines, the target line and a mark
on each hand that cost a side a bag penalty. The SVG names itself and carries
a one-sentence summary for screen readers; the hand-by-hand table beside it is
the full text alternative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from scorepad.web.catalogue import gettext as _

from ..core.model import GameScore
from .words import number, plural

WIDTH, HEIGHT = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 12, 26
_EVERY = (1, 5, 10, 25, 50, 100, 250, 500, 1000)  # the steps of the hands numbered


def summary(score: GameScore) -> str:
    """How the totals went, for readers who cannot see the chart: where each side
    stands, then its total after every hand (the chart's text equivalent)."""
    played = score.hands[: score.played]
    standings = "; ".join(f"{s.name} {number(s.total)}" for s in score.sides)
    lines = " ".join(
        _(
            "%(name)s, hand by hand: %(totals)s.",
            name=s.name,
            totals=", ".join(number(h.sides[i].total) for h in played),  # type: ignore[index]
        )
        for i, s in enumerate(score.sides)
    )
    over = _(
        "Running totals over %(hands)s, target %(target)d: %(standings)s.",
        hands=plural(len(played), "hand"),
        target=score.rules.target,
        standings=standings,
    )
    return f"{over} {lines}"


@dataclass(frozen=True)
class _Scale:
    """Where a hand and a total fall on the chart."""

    steps: int  # hands played
    low: int
    high: int

    def x(self, i: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * i / self.steps, 1)

    def y(self, v: int) -> float:
        span = (self.high - self.low) or 1
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (self.high - v) / span, 1)


def score_chart(score: GameScore, ident: str = "chart") -> Markup | None:
    """An inline SVG line chart of the running totals, or None before the first hand."""
    played = score.hands[: score.played]
    if not played:
        return None
    # A game started from paper totals starts each line at its starting total, not 0.
    start = played[0].totals_before or (0,) * len(score.sides)
    totals = [
        [start[i]] + [h.sides[i].total for h in played]  # type: ignore[index]
        for i in range(len(score.sides))
    ]
    low = min(0, *(min(t) for t in totals))
    scale = _Scale(len(played), low, max(score.rules.target, *(max(t) for t in totals)))
    title = escape(_("Score chart"))
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-title">{title}</title>',
        f'<desc id="{ident}-desc">{escape(summary(score))}</desc>',
        *_axes(scale, score.rules.target),
    ]
    for side, series in enumerate(totals):
        points = " ".join(f"{scale.x(i)},{scale.y(v)}" for i, v in enumerate(series))
        parts.append(f'<polyline class="line s{side}" points="{points}"/>')
        parts.extend(_penalties(scale, score, played, side))
    parts.append("</svg>")
    return Markup("".join(parts))


def _axes(scale: _Scale, target: int) -> list[str]:
    """The zero line, the target line, their labels, the lowest total and the hands."""
    x, y, end = scale.x, scale.y, WIDTH - RIGHT
    parts = [
        f'<line class="axis" x1="{LEFT}" y1="{y(0)}" x2="{end}" y2="{y(0)}"/>',
        f'<line class="target" x1="{LEFT}" y1="{y(target)}" x2="{end}" y2="{y(target)}"/>',
        f'<text x="{LEFT - 4}" y="{y(target) + 4}" text-anchor="end">{number(target)}</text>',
        f'<text x="{LEFT - 4}" y="{y(0) + 4}" text-anchor="end">0</text>',
    ]
    if scale.low < 0:
        low = number(scale.low)  # the true minus sign, as every number of the page
        parts.append(f'<text x="{LEFT - 4}" y="{y(scale.low) + 4}" text-anchor="end">{low}</text>')
    # the hands along the bottom: the word once, under the totals' labels, then numbers
    word = escape(_("hand"))  # the axis's word, short: each hand's number follows it
    parts.append(f'<text x="{LEFT - 4}" y="{HEIGHT - 8}" text-anchor="end">{word}</text>')
    parts.extend(
        f'<text x="{x(n)}" y="{HEIGHT - 8}" text-anchor="middle">{n}</text>'
        for n in hand_ticks(scale.steps)
    )
    return parts


def hand_ticks(steps: int) -> list[int]:
    """The hands numbered on the axis: each of a short game's, else the first, every
    5th, 10th, 25th... (at most 8) and the last, none crowding the last."""
    every = next(e for e in _EVERY if steps <= 8 * e or e == _EVERY[-1])
    marks = [n for n in range(every, steps, every) if steps - n >= every / 2]
    return sorted({1, *marks, steps})


def _penalties(scale: _Scale, score: GameScore, played: Sequence, side: int) -> list[str]:
    """A mark on each hand that cost this side a bag penalty, named for screen readers."""
    parts = []
    for i, hand in enumerate(played, start=1):
        result = hand.sides[side]
        if result.penalties:
            said = _(
                "%(name)s: bag penalty %(points)s in hand %(number)d",
                name=score.sides[side].name,
                points=number(result.penalty_points),
                number=hand.number,
            )
            parts.append(
                f'<circle class="penalty s{side}" cx="{scale.x(i)}" cy="{scale.y(result.total)}" '
                f'r="4"><title>{escape(said)}</title></circle>'
            )
    return parts
