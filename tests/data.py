"""Documents and tables several test files share: the game files of docs/gamefile.md and
the worked examples of docs/rules.md."""

from __future__ import annotations

from scorepad.core.records import Hand

IMPORT = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "first_dealer": 0,
    "rules": {"target": 500},
    "hands": [
        {"bids": [4, 5, 3, "nil"], "tricks": [5, 5, 3, 0]},
        {"bids": [3, 2, 3, 2], "tricks": [5, 2, 4, 2]},
        {"bids": [2, "blind_nil", 4, 6], "tricks": None},
    ],
}


# GAMEFILE.md's export of its first two hands, and where the sides stand after them.
FIRST_TWO_HANDS = [
    {
        "number": 1,
        "dealer": 0,
        "bids": [4, 5, 3, "nil"],
        "tricks": [5, 5, 3, 0],
        "sides": [
            {"points": 71, "total": 71, "bags": 1},
            {"points": 150, "total": 150, "bags": 0},
        ],
    },
    {
        "number": 2,
        "dealer": 1,
        "bids": [3, 2, 3, 2],
        "tricks": [5, 2, 4, 2],
        "sides": [
            {"points": 63, "total": 134, "bags": 4},
            {"points": 40, "total": 190, "bags": 0},
        ],
    },
]
SIDES_AFTER_TWO = [
    {"name": "Alice & Cara", "seats": [0, 2], "total": 134, "bags": 4},
    {"name": "Ben & Dev", "seats": [1, 3], "total": 190, "bags": 0},
]


# GAMEFILE.md "What a person writes", exactly.
DOCUMENTED = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "first_dealer": 0,
    "rules": {"target": 500, "blind_nil_trailing_by": 50},
    "hands": [
        {"bids": [4, 5, 3, "nil"], "tricks": [5, 5, 3, 0]},
        {"bids": [3, 2, 3, 2], "tricks": [5, 2, 4, 2]},
        {"bids": [2, 4, "blind_nil", 6], "tricks": None},
    ],
}


# Two partnership hands (bids, tricks) a long game takes in turn: totals grow slowly, so a
# game to 2000 is not over by hand 200. The benches and the page-cost tests use them.
LONG_GAME_HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]


def long_game(hands: int) -> dict:
    """A partnership game file to 2000 of `hands` played hands, LONG_GAME_HANDS in turn."""
    played = [LONG_GAME_HANDS[n % 2] for n in range(hands)]
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Alice", "Ben", "Cara", "Dev"],
        "rules": {"target": 2000},
        "hands": [{"bids": bids, "tricks": tricks} for bids, tricks in played],
    }


FULL = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "side_names": ["The Sharks", None],
    "rules": {"blind_bid": 6, "blind_bid_trailing_by": 0, "boston": "bonus"},
    "start": [{"total": 120, "bags": 3}, {"total": 40, "bags": 0}],
    "hands": [
        {"bids": [3, 3, 4, 3], "tricks": [3, 4, 4, 2], "blind": [1]},
        {
            "bids": [3, 3, 3, 3],
            "tricks": [4, 3, 3, 3],
            "dealer": 3,
            "adjust": [30, -30],
            "note": "Ben reneged",
        },
        {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
    ],
    "ended": True,
}


N = "nil"


def h(bids, tricks=None, **extra) -> Hand:
    return Hand(tuple(bids), None if tricks is None else tuple(tricks), **extra)


BLIND = {"blind_bid": 6, "blind_bid_trailing_by": 0}

# RULES.md "Worked examples of these rules": (case, rules, hand, side 0, side 1, winner)
WORKED = [
    (
        "blind 6 made by side 1",
        BLIND,
        h([3, 3, 4, 3], [3, 4, 4, 2], blind=(1,)),
        (70, 0),
        (120, 0),
        None,
    ),
    (
        "blind 7 missed by side 1",
        BLIND,
        h([3, 4, 4, 3], [4, 3, 4, 2], blind=(1,)),
        (71, 1),
        (-140, 0),
        None,
    ),
    (
        "blind 6 made with 2 over",
        BLIND,
        h([3, 3, 3, 3], [2, 4, 3, 4], blind=(1,)),
        (-60, 0),
        (122, 2),
        None,
    ),
    (
        "zero bid that is not nil",
        {"zero_bid": "bid"},
        h([0, 4, 3, 4], [2, 4, 3, 4]),
        (32, 2),
        (80, 0),
        None,
    ),
    (
        "bid all 13 and took them, bonus",
        {"boston": "bonus"},
        h([7, N, 6, N], [7, 0, 6, 0]),
        (500, 0),
        (200, 0),
        0,
    ),
    (
        "same with boston win",
        {"boston": "win"},
        h([7, N, 6, N], [7, 0, 6, 0]),
        (130, 0),
        (200, 0),
        0,
    ),
    (
        "adjustment: renege by Ben",
        {},
        h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(30, -30), note="Ben reneged"),
        (91, 1),
        (30, 0),
        None,
    ),
    # the numbers in the rules table's own words
    (
        "blind 6 made exactly",
        BLIND,
        h([3, 3, 3, 3], [3, 3, 3, 4], blind=(0,)),
        (120, 0),
        (61, 1),
        None,
    ),
    ("blind 6 missed", BLIND, h([3, 3, 3, 3], [2, 3, 3, 5], blind=(0,)), (-120, 0), (62, 2), None),
    (
        "blind 10 made under ten_for_two_hundred",
        {**BLIND, "ten_for_two_hundred": True},
        h([5, 1, 5, 1], [5, 1, 5, 2], blind=(0,)),
        (400, 0),
        (21, 1),
        None,
    ),
    (
        "blind 10 missed under ten_for_two_hundred",
        {**BLIND, "ten_for_two_hundred": True},
        h([5, 1, 5, 1], [5, 2, 4, 2], blind=(0,)),
        (-400, 0),
        (22, 2),
        None,
    ),
    (
        "blind missed under missed_contract zero",
        {**BLIND, "missed_contract": "zero"},
        h([3, 3, 3, 3], [2, 3, 3, 5], blind=(0,)),
        (0, 0),
        (62, 2),
        None,
    ),
    (
        "blind boston bonus is doubled",
        {**BLIND, "boston": "bonus"},
        h([7, N, 6, N], [7, 0, 6, 0], blind=(0,)),
        (1000, 0),
        (200, 0),
        0,
    ),
    (
        "boston bonus of 250",
        {"boston": "bonus", "boston_bonus": 250},
        h([7, N, 6, N], [7, 0, 6, 0]),
        (250, 0),
        (200, 0),
        None,
    ),
    (
        "ten_for_two_hundred missed 10 with missed_contract zero",
        {"ten_for_two_hundred": True, "missed_contract": "zero"},
        h([5, 1, 5, 1], [5, 2, 4, 2]),
        (-200, 0),
        (22, 2),
        None,
    ),
    (
        "zero bid with nil partner, zero_bid bid",
        {"zero_bid": "bid"},
        h([0, 4, N, 4], [1, 4, 0, 8]),
        (101, 1),
        (84, 4),
        None,
    ),
    (
        "zero bids both, zero_bid bid",
        {"zero_bid": "bid"},
        h([0, 4, 0, 4], [2, 4, 3, 4]),
        (5, 5),
        (80, 0),
        None,
    ),
    (
        "adjustment taking points, bags unchanged",
        {},
        h([3, 3, 3, 3], [4, 3, 3, 3], adjust=(-1000, 1000)),
        (-939, 1),
        (1060, 0),
        1,
    ),
]
