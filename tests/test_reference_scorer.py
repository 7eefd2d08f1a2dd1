"""The reference scorer (tests/reference_scorer.py, written from RULES.md alone) against
every worked example of RULES.md and docs/rules.md, then scorepad against the reference
scorer on generated game files."""

from __future__ import annotations

import pytest

from tests.reference_scorer import Refused, score

PLAYERS = ["Alice", "Ben", "Cara", "Dev"]
N = "nil"
BN = "blind_nil"


def game(hands: list[dict], rules: dict | None = None, **top: object) -> dict:
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": PLAYERS,
        "rules": rules or {},
        "hands": hands,
        **top,
    }


# (rules, bids, tricks, extra hand keys, side 0 (points, bags), side 1 (points, bags))
SINGLE_HANDS = [
    ({}, [4, 5, 3, N], [5, 5, 3, 0], {}, (71, 1), (150, 0)),
    ({}, [N, 3, 7, 3], [0, 4, 6, 3], {}, (30, 0), (61, 1)),
    ({}, [N, 3, 7, 3], [1, 4, 5, 3], {}, (-169, 1), (61, 1)),
    ({"nil_tricks": "none"}, [N, 3, 7, 3], [1, 4, 5, 3], {}, (-170, 0), (61, 1)),
    ({}, [3, 3, 3, 4], [4, 2, 4, 3], {}, (62, 2), (-70, 0)),
    ({}, [3, 4, 3, 3], [3, 5, 2, 3], {}, (-60, 0), (71, 1)),
    ({}, [4, BN, 4, 5], [4, 0, 4, 5], {}, (80, 0), (250, 0)),
    ({}, [4, BN, 4, 5], [4, 2, 2, 5], {}, (-80, 0), (-148, 2)),
    ({}, [N, 5, N, 5], [0, 5, 3, 5], {}, (3, 3), (100, 0)),
    # nil_tricks partner: bids N + 2, tricks 1 + 1 gives 20 - 100 = -80
    ({"nil_tricks": "partner"}, [2, 5, N, 6], [1, 5, 1, 6], {}, (-80, 0), (110, 0)),
    # ten for two hundred: bid 10, took 11: 201
    ({"ten_for_two_hundred": True}, [5, 1, 5, 1], [6, 1, 5, 1], {}, (201, 1), (20, 0)),
    # house-rule worked examples
    (
        {"blind_bid": 6, "blind_bid_trailing_by": 0},
        [3, 3, 4, 3],
        [3, 4, 4, 2],
        {"blind": [1]},
        (70, 0),
        (120, 0),
    ),
    (
        {"blind_bid": 6, "blind_bid_trailing_by": 0},
        [3, 4, 4, 3],
        [4, 3, 4, 2],
        {"blind": [1]},
        (71, 1),
        (-140, 0),
    ),
    (
        {"blind_bid": 6, "blind_bid_trailing_by": 0},
        [3, 3, 3, 3],
        [2, 4, 3, 4],
        {"blind": [1]},
        (-60, 0),
        (122, 2),
    ),
    ({"zero_bid": "bid"}, [0, 4, 3, 4], [2, 4, 3, 4], {}, (32, 2), (80, 0)),
    ({"boston": "bonus"}, [7, N, 6, N], [7, 0, 6, 0], {}, (500, 0), (200, 0)),
    ({"boston": "win"}, [7, N, 6, N], [7, 0, 6, 0], {}, (130, 0), (200, 0)),
    ({}, [3, 3, 3, 3], [4, 3, 3, 3], {"adjust": [30, -30], "note": "renege"}, (91, 1), (30, 0)),
    ({}, [3, 3, 3, 3], [4, 3, 3, 3], {"renege": [1]}, (64, 4), (-60, 0)),
    ({}, [5, 1, 6, 1], [5, 1, 6, 1], {"renege": [1]}, (112, 2), (-20, 0)),
    ({}, [N, 4, 5, 3], [0, 4, 6, 3], {"renege": [0]}, (50, 0), (73, 3)),
    ({}, [N, 6, N, 6], [0, 7, 0, 6], {"renege": [1]}, (200, 0), (-120, 0)),
    ({}, [3, 3, 3, 3], [4, 3, 3, 3], {"renege": [0, 1]}, (61, 1), (60, 0)),
]


@pytest.mark.parametrize("rules, bids, tricks, extra, side0, side1", SINGLE_HANDS)
def test_reference_scores_worked_examples(rules, bids, tricks, extra, side0, side1):
    result = score(game([{"bids": bids, "tricks": tricks, **extra}], rules))
    got = [(s["points"], s["bags"]) for s in result["hands"][0]["sides"]]
    assert got == [side0, side1]


def test_reference_boston_win_ends_the_game():
    result = score(game([{"bids": [7, N, 6, N], "tricks": [7, 0, 6, 0]}], {"boston": "win"}))
    assert (result["status"], result["winner"], result["how"]) == ("finished", 0, "boston")


def test_reference_two_hand_example_and_docs_example():
    hands = [
        {"bids": [4, 5, 3, N], "tricks": [5, 5, 3, 0]},
        {"bids": [3, 2, 3, 2], "tricks": [5, 2, 4, 2]},
    ]
    result = score(game(hands))
    assert [
        [(s["points"], s["total"], s["bags"]) for s in h["sides"]] for h in result["hands"]
    ] == [
        [(71, 71, 1), (150, 150, 0)],
        [(63, 134, 4), (40, 190, 0)],
    ]
    docs = [
        {"bids": [3, N, 4, 5], "tricks": [4, 1, 4, 4]},
        {"bids": [4, 2, BN, 5], "tricks": [6, 2, 0, 5]},
    ]
    result = score(game(docs))
    assert [(s["total"], s["bags"]) for s in result["sides"]] == [(313, 3), (-79, 1)]
    assert [h["dealer"] for h in result["hands"]] == [0, 1]


@pytest.mark.parametrize(
    "rules, points, bags",
    [({}, -48, 1), ({"bag_remainder": "drop"}, -48, 0), ({"bag_limit": 0}, 52, 11)],
)
def test_reference_bag_rollover_example(rules, points, bags):
    # A side holding 9 bags that bids 5 and takes 7 scores 50 + 2 - 100 = -48, keeps 1.
    doc = game(
        [{"bids": [3, 3, 2, 3], "tricks": [4, 3, 3, 3]}],
        rules,
        start=[{"total": 0, "bags": 9}, {"total": 0, "bags": 0}],
    )
    side0, side1 = score(doc)["hands"][0]["sides"]
    assert (side0["points"], side0["bags"], side1["points"]) == (points, bags, 60)


@pytest.mark.parametrize(
    "held, new, rules, left, penalty",
    [
        (9, 2, {}, 1, 100),
        (9, 12, {}, 1, 200),
        (9, 12, {"bag_remainder": "drop"}, 0, 100),
        (4, 1, {"bag_limit": 5, "bag_penalty": 50}, 0, 50),
        (3, 30, {"bag_limit": 0}, 33, 0),
    ],
)
def test_reference_bag_counts(held, new, rules, left, penalty):
    from tests.reference_scorer import DEFAULTS, apply_bags

    assert apply_bags({**DEFAULTS, **rules}, held, new) == (left, penalty)


def test_reference_refuses_twelve_tricks():
    with pytest.raises(Refused):
        score(game([{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]))
