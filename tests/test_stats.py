"""Player statistics and the score chart: pure functions over scored games."""

from __future__ import annotations

import dataclasses
import re

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.core.stats import game_share, player_stats
from scorepad.web.chart import score_chart, summary
from tests.helpers import DEFAULT, hand, partnership

N, B = "nil", "blind_nil"


def test_stats_by_player_across_games():
    first = score_game(
        partnership(),
        dataclasses.replace(DEFAULT, target=250),
        [
            hand([4, 5, 3, N], [5, 5, 3, 0]),  # A&C 71 made; Dev nil made
            hand([3, 2, 3, B], [2, 4, 3, 4]),  # A&C set; Dev blind nil broken
            hand([6, 6, 6, 1], [7, 1, 5, 0]),  # A&C 120 made, B&D set
            hand([6, 6, 6, 1], [7, 1, 5, 0]),
        ],
    )
    second = score_game(Table("cutthroat", (" alice ", "Zed"), 0), DEFAULT, [hand([6, 7], [8, 5])])
    rows = {r.name.strip(): r for r in player_stats([first, second])}
    alice = rows["Alice"]
    assert first.status == "finished" and first.winner == 0
    assert (alice.games, alice.won, alice.unfinished) == (1, 1, 1)  # the cutthroat game goes on
    assert (alice.contracts, alice.contracts_made) == (5, 4)
    assert alice.contract_pct == 80
    dev = rows["Dev"]
    assert (dev.nils, dev.nils_made, dev.blind_nils, dev.blind_nils_made) == (1, 1, 1, 0)
    assert (dev.nil_pct, dev.blind_nil_pct) == (100, 0)
    assert dev.points == sum(h.sides[1].points for h in first.hands)
    assert dev.points_per_hand == round(dev.points / 4, 1)
    assert rows["Zed"].contract_pct == 0 and rows["Zed"].won == 0
    assert alice.bags == 1 + 0 + 0 + 0 + 2 and alice.hands == 5
    assert alice.bags_per_hand == round(3 / 5, 2)
    assert player_stats([first, second])[0].name == "Alice"  # most games first


def test_no_games_no_stats():
    assert player_stats([]) == []


def test_chart_draws_each_side_the_target_and_penalties():
    rules = dataclasses.replace(DEFAULT, bag_limit=5, bag_penalty=50)
    score = score_game(
        partnership(), rules, [hand([4, 5, 3, N], [5, 5, 3, 0]), hand([1, 5, 1, B], [6, 5, 1, 1])]
    )
    svg = str(score_chart(score))
    assert svg.startswith("<svg") and svg.count("<polyline") == 2
    assert svg.count('class="target"') == 1 and ">500<" in svg
    assert svg.count('<circle class="penalty s0"') == 1
    assert "bag penalty \u221250 in hand 2" in svg
    assert 'role="img"' in svg and summary(score) in svg.replace("&amp;", "&")
    points = re.findall(r'points="([^"]+)"', svg)[0].split()
    assert len(points) == 3  # the start at 0 and one point per hand


def test_chart_needs_a_played_hand_and_escapes_names():
    table = Table("cutthroat", ("<b>", "Bo"))
    assert score_chart(score_game(table, Rules(), [])) is None
    score = score_game(table, Rules(), [hand([6, 7], [6, 7])])
    assert "<b>" not in str(score_chart(score)) and "&lt;b&gt;" in str(score_chart(score))


def test_a_hand_that_bid_itself_is_a_hand_played_but_no_bid():
    # first_hand = bids_itself: hand 1 has no bids, so it is neither a bid made nor missed
    rules = dataclasses.replace(DEFAULT, first_hand="bids_itself")
    score = score_game(
        partnership(),
        rules,
        [
            Hand(None, (5, 2, 4, 2)),  # 90 and 40, nobody bid
            hand([4, 3, 4, 2], [5, 3, 4, 1]),  # A&C 8 of 8 made; B&D 4 of 5 set
            hand([3, N, 5, 4], [4, 0, 6, 3]),  # A&C made; Ben's nil made, Dev set
        ],
    )
    rows = {r.name: r for r in player_stats([score])}
    assert (rows["Alice"].contracts, rows["Alice"].contracts_made) == (2, 2)
    assert rows["Alice"].contract_pct == 100
    assert (rows["Ben"].contracts, rows["Ben"].contracts_made) == (1, 0)
    assert (rows["Ben"].nils, rows["Ben"].nils_made) == (1, 1)
    assert (rows["Dev"].contracts, rows["Dev"].contracts_made) == (2, 0)
    assert rows["Alice"].hands == 3  # still a hand played: its points and bags count
    assert rows["Alice"].points == sum(h.sides[0].points for h in score.hands)


def test_a_game_with_no_hand_played_counts_for_nobody():
    started = score_game(partnership(), DEFAULT, [])
    assert player_stats([started]) == []
    share = dict(game_share(started))
    assert all((r.games, r.unfinished, r.hands) == (0, 0, 0) for r in share.values())
    assert len(share) == 4
