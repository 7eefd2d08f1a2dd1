"""The score chart of a game started from paper totals: each line starts at its side's
starting total, not at 0."""

from __future__ import annotations

import re

from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web.chart import HEIGHT, TOP, score_chart
from tests.helpers import hand, partnership


def _points(svg: str, at: int) -> list[tuple[float, ...]]:
    lines = re.findall(r'<polyline class="line s\d" points="([^"]+)"', svg)
    return [tuple(float(v) for v in line.split()[at].split(",")) for line in lines]


def test_each_line_starts_at_the_starting_total():
    start = ((300, 2), (-40, 0))
    score = score_game(partnership(), Rules(), [hand([4, 5, 3, 1], [4, 5, 3, 1])], start)
    svg = str(score_chart(score))
    begun, second = _points(svg, 0), _points(svg, 1)
    # The lines start at different heights (300 and -40), the higher total higher up.
    assert begun[0][1] < begun[1][1]
    # The starting point is no further from the first hand's point than the hand's own
    # points: side 0 went from 300 to 370 (a short climb), not from 0 to 370.
    assert abs(second[0][1] - begun[0][1]) < (HEIGHT - TOP) / 4


def test_a_game_started_at_zero_still_starts_at_zero():
    score = score_game(partnership(), Rules(), [hand([4, 5, 3, 1], [4, 5, 3, 1])])
    begun = _points(str(score_chart(score)), 0)
    assert begun[0] == begun[1]  # both at the zero line
