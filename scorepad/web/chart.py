"""The charts, drawn as SVG on the server: a game's score chart (each side's running total
hand by hand) and a player card's rating after each game rated.

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

    steps: int  # hands played (games rated)
    low: int
    high: int
    height: int = HEIGHT
    left: int = LEFT  # room for the values' labels, and the word under them

    def x(self, i: int) -> float:
        return round(self.left + (WIDTH - self.left - RIGHT) * i / self.steps, 1)

    def y(self, v: int) -> float:
        span = (self.high - self.low) or 1
        return round(TOP + (self.height - TOP - BOTTOM) * (self.high - v) / span, 1)


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
    y, end = scale.y, WIDTH - RIGHT
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
    return parts + _numbered(scale, scale.steps, 0, _("hand"))


def _numbered(scale: _Scale, count: int, before: int, word: str) -> list[str]:
    """Steps 1 to `count` along the bottom, step n at point n - `before`: the axis's
    `word` once, under the labels of the values, then a few of their numbers."""
    bottom = scale.height - 8
    parts = [f'<text x="{scale.left - 4}" y="{bottom}" text-anchor="end">{escape(word)}</text>']
    for n in hand_ticks(count):  # one at the axis itself follows the word: "game 1"
        anchor = "start" if n == before else "middle"
        parts.append(
            f'<text x="{scale.x(n - before)}" y="{bottom}" text-anchor="{anchor}">{n}</text>'
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


RATING_HEIGHT, RATING_LEFT = 130, 56  # room on the left for "partida" under the labels


def rating_chart(ratings: Sequence[int], said: str) -> Markup | None:
    """A player's rating after each game rated, oldest first, as an inline SVG line with
    its scale: the highest and the lowest rating labelled, the games numbered along the
    bottom; `said`: its text for screen readers. None before a second game."""
    if len(ratings) < 2:
        return None
    scale = _Scale(len(ratings) - 1, min(ratings), max(ratings), RATING_HEIGHT, RATING_LEFT)
    x, y, end, left = scale.x, scale.y, WIDTH - RIGHT, scale.left
    points = " ".join(f"{x(i)},{y(r)}" for i, r in enumerate(ratings))
    parts = [
        f'<svg class="chart rating-chart" viewBox="0 0 {WIDTH} {RATING_HEIGHT}" role="img" '
        f'aria-label="{escape(said)}" xmlns="http://www.w3.org/2000/svg">',
    ]
    for value in sorted({scale.high, scale.low}, reverse=True):  # one line if all alike
        parts.append(f'<line class="axis" x1="{left}" y1="{y(value)}" x2="{end}" y2="{y(value)}"/>')
        parts.append(
            f'<text x="{left - 4}" y="{y(value) + 4}" text-anchor="end">{number(value)}</text>'
        )
    parts += _numbered(scale, len(ratings), 1, _("game"))
    parts.append(f'<polyline class="line s0" points="{points}"/></svg>')
    return Markup("".join(parts))
