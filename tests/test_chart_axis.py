"""The charts' scales: a score chart's hands are numbered along its axis (not only 'hand
15' at the end); a card's rating chart labels its highest and lowest rating and numbers
the games."""

from __future__ import annotations

import re

import pytest

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web.chart import hand_ticks, rating_chart, score_chart
from tests.ratings_club import club as simulated
from tests.test_clubs import _file_games, _make, _view


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


def test_a_rating_chart_has_its_scale_the_highest_and_lowest_rating_and_the_games():
    svg = str(rating_chart([1000, 1040, 990, 1100, 1060], "The rating after each game"))
    points = [
        tuple(map(float, p.split(","))) for p in re.findall(r'points="([^"]+)"', svg)[0].split()
    ]
    assert len(points) == 5 and 'aria-label="The rating after each game"' in svg
    values = dict(
        (text, float(y))
        for y, text in re.findall(
            r'<text x="52" y="([\d.]+)" text-anchor="end">([\d,]+)</text>', svg
        )
    )
    # the highest and the lowest labelled beside their points (a label sits 4 below its line)
    assert values == {"1100": points[3][1] + 4, "990": points[2][1] + 4}
    games = re.findall(r'<text x="([\d.]+)" y="\d+" text-anchor="(\w+)">(\d+)</text>', svg)
    assert [(float(x), int(n)) for x, _, n in games] == [(points[n - 1][0], n) for n in range(1, 6)]
    # the first game's number follows the axis's word ("game 1"), the others stand centred
    assert [anchor for _, anchor, _ in games] == ["start"] + ["middle"] * 4
    assert ">game<" in svg
    assert rating_chart([1000], "one game") is None  # no line before a second game
    flat = str(rating_chart([1000, 1000], "alike"))
    assert flat.count('class="axis"') == 1 and ">1000<" in flat


def test_a_card_draws_its_rating_chart_with_the_scale(client, app):
    club_id = _make(client)
    _, played = simulated(29, players=6, games=30)
    _file_games(app, club_id, played)
    view = _view(app, club_id)
    member = view.members[0]
    card = client.get(
        f"/clubs/m/{view.club.members_token}/card/{view.club.card_token(member.anchor)}"
    )
    body = card.get_data(as_text=True)
    rated = [int(r) for r in re.findall(r"→ (\d+)</li>", body)]
    assert len(rated) >= 2
    svg = body[
        body.index('<svg class="chart rating-chart"') : body.index(
            "</svg>", body.index("rating-chart")
        )
        + 6
    ]
    labels = re.findall(r'text-anchor="end">([\d,]+)</text>', svg)
    assert labels == [str(max(rated)), str(min(rated))]
