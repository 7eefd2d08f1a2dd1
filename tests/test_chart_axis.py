"""The chart's hands are numbered along its axis (not only 'hand 15' at the end)."""

from __future__ import annotations

import re

import pytest

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web.chart import hand_ticks, score_chart


@pytest.mark.parametrize(
    ("steps", "ticks"),
    [
        (1, [1]),
        (4, [1, 2, 3, 4]),
        (8, [1, 2, 3, 4, 5, 6, 7, 8]),
        (9, [1, 5, 9]),
        (12, [1, 5, 12]),  # 10 would crowd the last
        (15, [1, 5, 10, 15]),
        (41, [1, 10, 20, 30, 41]),
        (200, [1, 25, 50, 75, 100, 125, 150, 175, 200]),
    ],
)
def test_the_hands_numbered_are_few_and_include_the_first_and_the_last(steps, ticks):
    assert hand_ticks(steps) == ticks


def test_a_long_game_has_its_hands_numbered_under_their_points():
    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    score = score_game(table, Rules(target=2000), [Hand((4, 3, 3, 3), (5, 3, 4, 1))] * 15)
    svg = str(score_chart(score))
    labels = re.findall(r'<text x="([\d.]+)" y="182" text-anchor="(\w+)">(\w+)</text>', svg)
    assert [text for _, _, text in labels] == ["hand", "1", "5", "10", "15"]
    points = re.findall(r'points="([^"]+)"', svg)[0].split()
    # each number stands under its hand's point (point 0 is the start, before hand 1)
    for x, anchor, text in labels[1:]:
        assert anchor == "middle" and points[int(text)].split(",")[0] == x
    assert ">hand 15<" not in svg
