"""The reference scorer (tests/reference_scorer.py, written from RULES.md alone) against
every worked example of RULES.md and docs/rules.md, then scorepad against the reference
scorer on generated game files."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.files import game as gamefile
from tests.reference_scorer import Refused, score
from tests.strategies import example_count

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
    doc = game([{"bids": bids, "tricks": tricks, **extra}], rules)
    result = score(doc)
    got = [(s["points"], s["bags"]) for s in result["hands"][0]["sides"]]
    assert got == [side0, side1]
    assert scorepad_result(doc) == reference_result(doc)


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


# ---------------------------------------------------------------- scorepad against the reference

RULE_VALUES = {
    "target": st.sampled_from([150, 250, 50, 100, 300, 500]) | st.integers(50, 2000),
    "nil": st.booleans(),
    "blind_nil": st.booleans(),
    "blind_nil_trailing_by": st.sampled_from([0, 50, 100, 200]) | st.integers(0, 300),
    "double_nil": st.booleans(),
    "nil_value": st.sampled_from([50, 100, 200]) | st.integers(0, 1000),
    "nil_tricks": st.sampled_from(["bags", "partner", "none"]),
    "bag_limit": st.sampled_from([0, 3, 5, 7, 10]) | st.integers(1, 100),
    "bag_penalty": st.sampled_from([0, 50, 100, 110]) | st.integers(0, 1000),
    "bag_remainder": st.sampled_from(["carry", "drop"]),
    "bag_points": st.sampled_from([0, 1, 2]),
    "missed_contract": st.sampled_from(["minus", "zero"]),
    "ten_for_two_hundred": st.booleans(),
    "min_side_bid": st.sampled_from([0, 2, 4]) | st.integers(0, 8),
    "suicide": st.booleans(),
    "loss_threshold": st.sampled_from([None, -100, -200, -500]) | st.integers(-2000, -1),
    "bidding": st.sampled_from(["open", "mirror", "whiz"]),
    "deck": st.sampled_from(["standard", "jokers"]),
    "zero_bid": st.sampled_from(["nil", "bid"]),
    "blind_bid": st.sampled_from([0, 4, 6]) | st.integers(1, 13),
    "blind_bid_trailing_by": st.sampled_from([0, 100]) | st.integers(0, 300),
    "boston": st.sampled_from(["off", "win", "bonus"]),
    "boston_bonus": st.sampled_from([50, 500, 2000]),
    "set_out": st.sampled_from([0, 2, 3]) | st.integers(2, 6),
    "hand_limit": st.sampled_from([0, 1, 2, 3, 5, 8]) | st.integers(1, 40),
    "tie_break": st.sampled_from(["play_on", "fewer_bags", "last_bid"]),
    "renege_tricks": st.sampled_from([1, 3, 13]) | st.integers(1, 13),
    "first_hand": st.sampled_from(["bid", "bids_itself", "bids_itself"]),
    "blind_bid_doubles": st.sampled_from(["always", "made"]),
    "min_table_bid": st.sampled_from([0, 8, 11]) | st.integers(0, 13),
}
PARTNERSHIP_ONLY = {"set_out", "suicide", "renege_tricks", "min_table_bid"}


def one_in(draw, chances: int) -> bool:
    """True about once in `chances` draws (a middle value: hypothesis favours the ends)."""
    return draw(st.integers(1, chances)) == (chances + 1) // 2


def split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in zip(edges, edges[1:])]


def near_bids(draw, bids: list, total: int) -> list[int]:
    """Tricks close to the bids: every bid taken, then the rest (or the excess) spread."""
    tricks = [b if isinstance(b, int) else 0 for b in bids]
    while sum(tricks) > total:
        seat = draw(st.sampled_from([s for s, t in enumerate(tricks) if t > 0]))
        tricks[seat] -= 1
    while sum(tricks) < total:
        tricks[draw(st.integers(0, len(bids) - 1))] += 1
    return tricks


@st.composite
def hands(draw, mode: str, seats: int, top: int) -> dict:
    numbers = st.integers(1, top) | st.integers(1, 5)
    bid = numbers | st.sampled_from(["nil", "blind_nil", 0, "nil"])
    if one_in(draw, 9):  # now and then a bid for every trick
        bids = [top if s == 0 else "nil" for s in range(seats)]
        if mode == "partnership":
            bids = [7, "nil", 6, "nil"]
    else:
        bids = draw(st.lists(bid, min_size=seats, max_size=seats))
    if draw(st.booleans()):
        tricks = near_bids(draw, bids, top)
    else:
        tricks = split(draw, top, seats)
    hand: dict = {"bids": bids, "tricks": tricks}
    sides = 2 if mode == "partnership" else seats
    if one_in(draw, 5):
        hand["blind"] = [draw(st.integers(0, sides - 1))]
    if one_in(draw, 7):
        hand["dealer"] = draw(st.integers(0, seats - 1))
    if one_in(draw, 7):
        hand["adjust"] = draw(st.lists(st.integers(-1000, 1000), min_size=sides, max_size=sides))
        hand["note"] = "table fix"
    elif one_in(draw, 9):
        hand["note"] = "a note alone"
    if mode == "partnership" and one_in(draw, 5):
        hand["renege"] = draw(st.sampled_from([[0], [1], [0, 1]]))
    if mode == "partnership" and one_in(draw, 5):
        nil = [s for s in range(4) if bids[s] in ("nil", "blind_nil", 0)]
        hand["side_tricks"] = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
        hand["tricks"] = [tricks[s] if s in nil else None for s in range(4)]
    return hand


def bids_itself(draw, hand: dict) -> None:
    """Hand 1 of a game under first_hand = bids_itself: its bids null (now and then kept,
    which both must refuse), no blind contract, tricks by side holding no nil counts."""
    if one_in(draw, 12):
        return
    hand["bids"] = None
    hand.pop("blind", None)
    if "side_tricks" in hand:
        hand["tricks"] = [None] * len(hand["tricks"])


def turned(hand: dict) -> dict:
    """The same bids and tricks, each moved one seat round the table (so, in a
    partnership, from one side to the other)."""
    seats = len(hand["tricks"] or hand["bids"])
    new: dict = {"bids": None}
    if hand["bids"] is not None:
        new["bids"] = [hand["bids"][(seat - 1) % seats] for seat in range(seats)]
    new["tricks"] = None
    if hand["tricks"] is not None:
        new["tricks"] = [hand["tricks"][(seat - 1) % seats] for seat in range(seats)]
    if "side_tricks" in hand:
        new["side_tricks"] = hand["side_tricks"][::-1]
    return new


def refused_by_reference(doc: dict) -> bool:
    try:
        score(doc)
    except Refused:
        return True
    return False


@st.composite
def game_files(draw) -> dict:
    """A game file, valid or not, with hands chosen so most files are valid."""
    mode = draw(st.sampled_from(["partnership", "cutthroat"]))
    seats = 4 if mode == "partnership" else draw(st.sampled_from([2, 3, 4]))
    top = 17 if seats == 3 else 13
    keys = [k for k in RULE_VALUES if mode == "partnership" or k not in PARTNERSHIP_ONLY]
    chosen = draw(st.lists(st.sampled_from(keys), unique=True, max_size=len(keys)))
    rules = {key: draw(RULE_VALUES[key]) for key in chosen}
    if one_in(draw, 4):  # the leagues' first hand, more often than one key in thirty
        rules["first_hand"] = "bids_itself"
    doc: dict = {
        "format": "scorepad/1",
        "mode": mode,
        "players": ["Alice", "Ben", "Cara", "Dev"][:seats],
        "first_dealer": draw(st.integers(0, seats - 1)),
        "rules": rules,
        "hands": [],
    }
    if mode == "partnership" and one_in(draw, 6):
        doc["side_names"] = draw(
            st.sampled_from([["Reds", "Blues"], [None, "Blues"], [" Ace ", None]])
        )
    if one_in(draw, 8):
        doc["tricks_by"] = "side" if mode == "partnership" else "seat"
    if one_in(draw, 4):
        sides = 2 if mode == "partnership" else seats
        doc["start"] = [
            {"total": draw(st.integers(-90, 240)), "bags": draw(st.integers(0, 2))}
            for _ in range(sides)
        ]
    length = draw(st.sampled_from([12, 25, 6, 60, 3, 1, 0]))
    # Mirrored games: each hand is the one before turned by a seat, so the totals
    # often come level (shared leads at the target, both sides set out at once...).
    mirrored = "start" not in doc and one_in(draw, 3)
    if refused_by_reference(doc):
        return doc  # a bad start
    for _ in range(length):
        if score(doc)["status"] == "finished":
            if one_in(draw, 4):
                doc["hands"].append(draw(hands(mode, seats, top)))
            return doc  # now and then one hand after the end: both must refuse it
        for attempt in range(4):
            period = 2 if mode == "partnership" else seats
            if mirrored and attempt == 0 and len(doc["hands"]) % period:
                hand = turned(doc["hands"][-1])
                if len(doc["hands"]) == 1 and hand["bids"] is None:
                    hand = draw(hands(mode, seats, top))  # only hand 1 bids itself
            else:
                hand = draw(hands(mode, seats, top))
            if not doc["hands"] and rules.get("first_hand") == "bids_itself":
                bids_itself(draw, hand)
            doc["hands"].append(hand)
            if not refused_by_reference(doc):
                break
            if attempt == 3 or one_in(draw, 9):
                return doc  # a refused file: both must refuse it
            doc["hands"].pop()
        if one_in(draw, 30):
            break
    if doc["hands"] and one_in(draw, 6):
        doc["hands"][-1] = {"bids": doc["hands"][-1]["bids"], "tricks": None}
    played = bool(doc["hands"]) and doc["hands"][-1]["tricks"] is not None
    if one_in(draw, 4 if played else 30):
        doc["ended"] = True
    return doc


def scorepad_result(doc: dict) -> dict | None:
    """What scorepad makes of the file through its public boundary; None if refused."""
    try:
        game, scored = gamefile.loads_scored(json.dumps(doc))
    except GameError:
        return None
    return comparable(gamefile.export(game, scored))


def comparable(doc: dict) -> dict:
    return {
        "sides": [
            {key: side[key] for key in ("name", "seats", "total", "bags")} for side in doc["sides"]
        ],
        "status": doc["status"],
        "winner": doc["winner"],
        "hands": [
            {"number": h["number"], "dealer": h["dealer"], "sides": h.get("sides")}
            for h in doc["hands"]
        ],
    }


def written(hand: dict) -> dict:
    """What an exported hand says was entered (its number, dealer and score left out)."""
    return {k: v for k, v in hand.items() if k not in ("number", "dealer", "sides")}


def entered(hand: dict, doc: dict) -> dict:
    """A hand as GAMEFILE.md says the export writes it back: in the form it was entered,
    a 0 that meant nil spelt "nil", an empty list of sides left out."""
    zero_is_nil = doc["rules"].get("zero_bid", "nil") == "nil"
    out = {k: v for k, v in hand.items() if k != "dealer" and v != []}
    if hand["bids"] is not None:
        out["bids"] = ["nil" if b == 0 and zero_is_nil else b for b in hand["bids"]]
    return out


def reference_result(doc: dict) -> dict | None:
    try:
        result = score(doc)
    except Refused:
        return None
    del result["how"]
    return result


DIFFERENTIAL = settings(
    max_examples=example_count(250),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@DIFFERENTIAL
@given(game_files())
def test_scorepad_scores_every_file_as_the_reference_does(doc):
    expected = reference_result(doc)
    got = scorepad_result(doc)
    event("refused" if expected is None else f"{doc['mode']} {expected['status']}")
    if expected is not None and expected["status"] == "finished":
        event(f"finished after {len(expected['hands'])} hands")
    if expected is None:
        assert got is None, "scorepad accepts a file the reference refuses"
    else:
        assert got is not None, f"scorepad refuses: {refusal(doc)}"
        assert got == expected
        # The export imports again as the same game, scored the same by both.
        exported = gamefile.export(*gamefile.loads_scored(json.dumps(doc)))
        again = gamefile.export(*gamefile.loads_scored(gamefile.dumps(exported)))
        assert again == exported
        assert reference_result(exported) == expected
        assert exported.get("ended", False) == bool(doc.get("ended"))
        assert [written(hand) for hand in exported["hands"]] == [
            entered(hand, doc) for hand in doc["hands"]
        ]


def refusal(doc: dict) -> str:
    try:
        gamefile.loads_scored(json.dumps(doc))
    except GameError as err:
        return str(err)
    return ""


def break_one_thing(draw, doc: dict) -> dict:
    """The file with one entry spoilt, most often in a way both readers must refuse."""
    doc = json.loads(json.dumps(doc))
    hands_in = doc["hands"]
    seats = len(doc["players"])
    choices = ["format", "mode", "unknown", "rule", "first_dealer", "players", "start"]
    choices += ["side_names"]
    if hands_in:
        choices += ["tricks", "bid", "hand key", "dealer", "blind", "adjust", "note", "renege"]
        choices += ["unplayed early", "side_tricks", "negative", "null bids"]
    what = draw(st.sampled_from(choices))
    hand = draw(st.sampled_from(hands_in)) if hands_in else None
    if what == "format":
        doc["format"] = draw(st.sampled_from(["scorepad/2", None, ""]))
    elif what == "mode":
        doc["mode"] = draw(st.sampled_from(["solo", "partnership" if seats != 4 else "pairs"]))
    elif what == "unknown":
        doc["colour"] = "blue"
    elif what == "side_names":
        doc["side_names"] = ["Reds"] * (2 if doc["mode"] == "partnership" else seats)
    elif what == "rule":
        doc["rules"][draw(st.sampled_from(["target", "boston_bonus", "renege_tricks"]))] = draw(
            st.sampled_from([0, 2001, 49, 14, "500", 1.5, None])
        )
    elif what == "first_dealer":
        doc["first_dealer"] = draw(st.sampled_from([seats, -1, "0", None]))
    elif what == "players":
        doc["players"] = doc["players"] + ["Eve", "Fay"][: draw(st.integers(1, 2))]
    elif what == "start":
        doc["start"] = [{"total": 0, "bags": -1}] * (2 if doc["mode"] == "partnership" else seats)
    elif what == "tricks" and hand["tricks"] is not None and "side_tricks" not in hand:
        hand["tricks"][draw(st.integers(0, seats - 1))] += draw(st.sampled_from([1, -1, 2]))
    elif what == "negative" and hand["tricks"] is not None and "side_tricks" not in hand:
        hand["tricks"][0] -= 20
        hand["tricks"][1] += 20
    elif what == "bid" and hand["bids"] is None:
        hand["bids"] = [3] * seats  # bids on a hand that bids itself
    elif what == "null bids":
        hand["bids"] = None
    elif what == "bid":
        hand["bids"][draw(st.integers(0, seats - 1))] = draw(
            st.sampled_from([-1, 18 if seats == 3 else 14, "Nil", 2.5, True, None])
        )
    elif what == "hand key":
        hand["comment"] = "x"
    elif what == "dealer":
        hand["dealer"] = draw(st.sampled_from([seats, -1, "1"]))
    elif what == "blind":
        hand["blind"] = [draw(st.sampled_from([5, -1]))]
    elif what == "adjust":
        sides = 2 if doc["mode"] == "partnership" else seats
        hand["adjust"] = draw(st.sampled_from([[1001] * sides, [0] * (sides + 1), [-1001] * sides]))
    elif what == "note":
        hand["adjust"] = [0] * (2 if doc["mode"] == "partnership" else seats)
        hand["note"] = "n" * 201
    elif what == "renege":
        hand["renege"] = [2] if doc["mode"] == "partnership" else [0]
    elif what == "unplayed early" and len(hands_in) > 1:
        hands_in[0] = {"bids": hands_in[0]["bids"], "tricks": None}
    elif what == "side_tricks" and hand["tricks"] is not None:
        hand["side_tricks"] = [13, 1] if doc["mode"] == "partnership" else [13] * seats
    return doc


@st.composite
def broken_files(draw) -> dict:
    return break_one_thing(draw, draw(game_files()))


@settings(DIFFERENTIAL, max_examples=example_count(150))
@given(broken_files())
def test_scorepad_refuses_what_the_reference_refuses(doc):
    expected = reference_result(doc)
    got = scorepad_result(doc)
    event("refused" if expected is None else "still valid")
    if expected is None:
        assert got is None, "scorepad accepts a file the reference refuses"
    else:
        assert got == expected, f"scorepad refuses: {refusal(doc)}"


@st.composite
def level_files(draw) -> dict:
    """Games brought level on purpose: an adjustment puts two or more sides on the same
    total at (or past) the target, at the losing score, or at the hand limit, then the
    game goes on for a few hands or is ended early; shared leads are rare otherwise."""
    doc = draw(game_files())
    doc["rules"]["tie_break"] = draw(st.sampled_from(["fewer_bags", "play_on", "last_bid"]))
    if refused_by_reference(doc) or score(doc)["status"] == "finished":
        return doc
    if doc["hands"] and doc["hands"][-1]["tricks"] is None:
        doc["hands"].pop()
    doc.pop("ended", None)
    rules, mode, seats = doc["rules"], doc["mode"], len(doc["players"])
    top = 17 if seats == 3 else 13
    hand = draw(hands(mode, seats, top))
    hand.pop("adjust", None)
    doc["hands"].append(hand)
    if refused_by_reference(doc):
        doc["hands"].pop()
        return doc
    totals = [side["total"] for side in score(doc)["sides"]]
    target = rules.get("target", 500)
    level = draw(
        st.sampled_from(
            [target, target + draw(st.integers(0, 40)), (rules.get("loss_threshold") or -1) + 5]
        )
    )
    leaders = draw(st.sets(st.integers(0, len(totals) - 1), min_size=2))
    wanted = [
        level if s in leaders else level - draw(st.integers(1, 60)) for s in range(len(totals))
    ]
    if level < target and rules.get("loss_threshold") is not None:
        wanted[draw(st.integers(0, len(totals) - 1))] = rules["loss_threshold"]
    adjust = [w - t for w, t in zip(wanted, totals)]
    if all(-1000 <= a <= 1000 for a in adjust):
        hand["adjust"], hand["note"] = adjust, "level"
    for _ in range(draw(st.integers(0, 3))):
        if score(doc)["status"] == "finished":
            break
        doc["hands"].append(draw(hands(mode, seats, top)))
        if refused_by_reference(doc):
            doc["hands"].pop()
            break
    if one_in(draw, 2):
        doc["ended"] = True
    return doc


@settings(DIFFERENTIAL, max_examples=example_count(100))
@given(level_files())
def test_scorepad_settles_level_totals_as_the_reference_does(doc):
    expected = reference_result(doc)
    if expected is not None:
        event(f"{expected['status']}, winner {expected['winner']}")
    assert scorepad_result(doc) == expected, refusal(doc)


# Readings of RULES.md where it is terse: (rules, hands, extra top keys, status, winner, totals),
# each worked by hand from the text; scorepad and the reference must both give it.
H1 = {"bids": [4, 4, 4, 4], "tricks": [3, 3, 3, 4]}  # both sides set: -80 each
READINGS = [
    # A missed blind 10 under ten_for_two_hundred: -200, doubled.
    (
        {"blind_bid": 6, "blind_bid_trailing_by": 0, "ten_for_two_hundred": True},
        [{"bids": [5, 3, 5, 2], "tricks": [4, 4, 4, 1], "blind": [0]}],
        {},
        "playing",
        None,
        [-400, 50],
    ),
    # A missed blind contract under missed_contract zero: 0, doubled or not.
    (
        {"blind_bid": 6, "blind_bid_trailing_by": 0, "missed_contract": "zero"},
        [{"bids": [3, 3, 4, 3], "tricks": [2, 4, 4, 3], "blind": [0]}],
        {},
        "playing",
        None,
        [0, 61],
    ),
    # ten_for_two_hundred's -200 wins over missed_contract zero.
    (
        {"ten_for_two_hundred": True, "missed_contract": "zero"},
        [{"bids": [5, 1, 5, 1], "tricks": [4, 2, 5, 2]}],
        {},
        "playing",
        None,
        [-200, 22],
    ),
    # A blind all-tricks bonus is doubled; the bonus replaces ten_for_two_hundred's 200.
    (
        {"boston": "bonus", "blind_bid": 6, "blind_bid_trailing_by": 0},
        [{"bids": [7, N, 6, N], "tricks": [7, 0, 6, 0], "blind": [0]}],
        {},
        "finished",
        0,
        [1000, 200],
    ),
    (
        {"boston": "bonus", "ten_for_two_hundred": True},
        [{"bids": [7, N, 6, N], "tricks": [7, 0, 6, 0]}],
        {},
        "finished",
        0,
        [500, 200],
    ),
    # Under nil_tricks partner the nil's trick makes the 13; under bags the 13 is set.
    (
        {"boston": "win", "nil_tricks": "partner"},
        [{"bids": [13, N, N, N], "tricks": [12, 0, 1, 0]}],
        {},
        "finished",
        0,
        [30, 200],
    ),
    (
        {"boston": "win"},
        [{"bids": [13, N, N, N], "tricks": [12, 0, 1, 0]}],
        {},
        "playing",
        None,
        [-229, 200],
    ),
    # zero_bid bid: a side of two 0 bids scores each trick as a bag.
    (
        {"zero_bid": "bid"},
        [{"bids": [0, 4, 0, 4], "tricks": [2, 4, 3, 4]}],
        {},
        "playing",
        None,
        [5, 80],
    ),
    # A renege against a double nil under partner: the nil's trick is a bag, nothing received.
    (
        {"nil_tricks": "partner"},
        [{"bids": [N, 6, N, 6], "tricks": [1, 6, 0, 6], "renege": [1]}],
        {},
        "playing",
        None,
        [1, -120],
    ),
    # partner + zero_bid bid: the nil's trick counts towards its partner's contract of 0,
    # so a renege hands it over too (1 + 1 given: 11 + 2 = 13 of 1 is 22, 12 bags: -100).
    (
        {"nil_tricks": "partner", "zero_bid": "bid"},
        [{"bids": [N, 0, 1, N], "tricks": [7, 1, 4, 1], "renege": [1]}],
        {},
        "playing",
        None,
        [-178, -100],
    ),
    # Both sides set out on the same hand with equal totals: neither is out; the next set is.
    ({"set_out": 2}, [H1, H1], {}, "playing", None, [-160, -160]),
    (
        {"set_out": 2},
        [H1, H1, {"bids": [4, 2, 4, 2], "tricks": [3, 3, 3, 4]}],
        {},
        "finished",
        1,
        [-240, -117],
    ),
    # A shared lead at the target plays on; fewer_bags gives it to the side with fewer bags.
    (
        {"target": 100},
        [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]},
        ],
        {},
        "playing",
        None,
        [121, 121],
    ),
    (
        {"target": 100, "tie_break": "fewer_bags"},
        [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            {"bids": [3, 2, 3, 2], "tricks": [3, 3, 3, 4], "adjust": [0, 18]},
        ],
        {},
        "finished",
        0,
        [121, 121],
    ),
    # Ended early level on totals and bags: a draw; level on totals only: fewer bags wins.
    (
        {},
        [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]},
        ],
        {"ended": True},
        "finished",
        None,
        [121, 121],
    ),
    (
        {"tie_break": "fewer_bags"},
        [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            {"bids": [3, 2, 3, 2], "tricks": [3, 3, 3, 4], "adjust": [0, 18]},
        ],
        {"ended": True},
        "finished",
        0,
        [121, 121],
    ),
    # The losing score ends the game for the side in the lead, even far below the target.
    (
        {"loss_threshold": -100},
        [{"bids": [6, 1, 6, 1], "tricks": [5, 2, 5, 1]}],
        {},
        "finished",
        1,
        [-120, 21],
    ),
]


@pytest.mark.parametrize("rules, hands_in, top, status, winner, totals", READINGS)
def test_terse_rules_read_alike(rules, hands_in, top, status, winner, totals):
    doc = game(hands_in, rules, **top)
    expected = reference_result(doc)
    assert (expected["status"], expected["winner"]) == (status, winner)
    assert [side["total"] for side in expected["sides"]] == totals
    assert scorepad_result(doc) == expected


# Files RULES.md or GAMEFILE.md refuse, where the text is terse; both readers must refuse.
REFUSED = [
    ({"nil": False}, [{"bids": [BN, 3, 3, 4], "tricks": [0, 4, 4, 5]}], {}),  # bids 1..13 only
    ({"boston": "win"}, [{"bids": [7, N, 6, N], "tricks": [7, 0, 6, 0]}], {"ended": True}),
    ({}, [], {"ended": True}),  # nothing played to end after
    ({}, [{"bids": [3, 3, 3, 4], "tricks": None}], {"ended": True}),
    ({"min_side_bid": 1}, [{"bids": [N, 3, N, 4], "tricks": [0, 6, 0, 7]}], {}),
    ({"suicide": True}, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}], {}),
    ({"double_nil": False}, [{"bids": [N, 6, BN, 6], "tricks": [0, 6, 0, 7]}], {}),
    ({"blind_bid": 6}, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "blind": [0]}], {}),
    (
        {"blind_bid": 7, "blind_bid_trailing_by": 0},
        [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "blind": [0]}],
        {},
    ),
    (
        {"blind_nil_trailing_by": 11},
        [
            {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
            {"bids": [BN, 3, 3, 4], "tricks": [0, 4, 4, 5]},
        ],
        {},
    ),
    ({}, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4], "adjust": [1001, 0]}], {}),
    ({}, [{"bids": [3, 3, 3, 4], "tricks": None, "renege": [1]}], {}),
    ({}, [{"bids": [3, 3, 3, 4], "tricks": None}, {"bids": [3, 3, 3, 4], "tricks": None}], {}),
    ({"target": 300}, [], {"start": [{"total": 300, "bags": 0}, {"total": 0, "bags": 0}]}),
    (
        {"loss_threshold": -200},
        [],
        {"start": [{"total": -200, "bags": 0}, {"total": 0, "bags": 0}]},
    ),
    ({}, [], {"start": [{"total": 0, "bags": 10}, {"total": 0, "bags": 0}]}),
]


@pytest.mark.parametrize("rules, hands_in, top", REFUSED)
def test_terse_refusals_read_alike(rules, hands_in, top):
    doc = game(hands_in, rules, **top)
    assert reference_result(doc) is None
    assert scorepad_result(doc) is None


JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5)
    | st.sampled_from(["nil", "blind_nil", "side", "seat"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["total", "bags", "bids", "tricks", "x"]), inner, max_size=3
        )
    ),
    max_leaves=6,
)


def places(value: object, path: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value, as a path of keys and indexes."""
    found = [path] if path else []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else []
    )
    for key, inner in items:
        found += places(inner, (*path, key))
    return found


@st.composite
def junk_files(draw) -> dict:
    """A generated game file with one value anywhere in it replaced by any JSON."""
    doc = draw(game_files())
    path = draw(st.sampled_from(places(doc)))
    inner = doc
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = draw(JUNK)
    return doc


@settings(DIFFERENTIAL, max_examples=example_count(100))
@given(junk_files())
def test_any_value_anywhere_is_read_alike(doc):
    assert scorepad_result(doc) == reference_result(doc), refusal(doc)


# RULES.md "The rules leagues play: worked examples", each through the reference and
# scorepad: (rules, hands, extra top keys, each hand's (points, bags) per side, status, winner).
FIRST_HAND = {"first_hand": "bids_itself"}
BLIND_MADE = {"blind_bid": 6, "blind_bid_trailing_by": 0, "blind_bid_doubles": "made"}
LEAGUE = [
    (
        FIRST_HAND,
        [
            {"bids": None, "tricks": [4, 3, 3, 3]},
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
        ],
        {},
        [[(70, 0), (60, 0)], [(61, 1), (60, 0)]],
        "playing",
        None,
    ),
    (
        FIRST_HAND,
        [{"bids": None, "tricks": [4, 3, 3, 3], "renege": [1]}],
        {},
        [[(100, 0), (30, 0)]],
        "playing",
        None,
    ),
    (
        BLIND_MADE,
        [{"bids": [3, 4, 4, 3], "tricks": [4, 3, 4, 2], "blind": [1]}],
        {},
        [[(71, 1), (-70, 0)]],
        "playing",
        None,
    ),
    (
        BLIND_MADE,
        [{"bids": [3, 3, 4, 3], "tricks": [3, 4, 4, 2], "blind": [1]}],
        {},
        [[(70, 0), (120, 0)]],
        "playing",
        None,
    ),
    (
        {"min_table_bid": 11},
        [{"bids": [3, 3, 3, 2], "tricks": [3, 4, 3, 3]}],
        {},
        [[(60, 0), (52, 2)]],
        "playing",
        None,
    ),
    (
        {"target": 300, "tie_break": "last_bid"},
        [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
        {"start": [{"total": 240, "bags": 0}, {"total": 250, "bags": 0}]},
        [[(70, 0), (60, 0)]],
        "finished",
        0,
    ),
    (
        {"target": 300, "tie_break": "play_on"},
        [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
        {"start": [{"total": 240, "bags": 0}, {"total": 250, "bags": 0}]},
        [[(70, 0), (60, 0)]],
        "playing",
        None,
    ),
    (  # had both sides bid 6, play goes on under last_bid too
        {"target": 300, "tie_break": "last_bid"},
        [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 2, 4]}],
        {"start": [{"total": 250, "bags": 0}, {"total": 249, "bags": 0}]},
        [[(60, 0), (61, 1)]],
        "playing",
        None,
    ),
    (  # ended early with the lead shared: the higher last contract wins
        {"tie_break": "last_bid"},
        [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
        {"start": [{"total": 0, "bags": 0}, {"total": 10, "bags": 0}], "ended": True},
        [[(70, 0), (60, 0)]],
        "finished",
        0,
    ),
    (  # hand 1 bid itself and was the last: every contract 0, a draw
        {"tie_break": "last_bid", **FIRST_HAND},
        [{"bids": None, "tricks": [4, 3, 3, 3]}],
        {"start": [{"total": 0, "bags": 0}, {"total": 10, "bags": 0}], "ended": True},
        [[(70, 0), (60, 0)]],
        "finished",
        None,
    ),
]


@pytest.mark.parametrize("rules, hands_in, top, points, status, winner", LEAGUE)
def test_league_examples_read_alike(rules, hands_in, top, points, status, winner):
    doc = game(hands_in, rules, **top)
    expected = reference_result(doc)
    got = [[(s["points"], s["bags"]) for s in h["sides"]] for h in expected["hands"]]
    assert got == points
    assert (expected["status"], expected["winner"]) == (status, winner)
    assert scorepad_result(doc) == expected


LEAGUE_REFUSED = [
    ({"min_table_bid": 11}, [{"bids": [3, 2, 3, 2], "tricks": [3, 4, 3, 3]}]),
    ({"min_table_bid": 11}, [{"bids": [N, 5, BN, 5], "tricks": [0, 6, 0, 7]}]),
    (FIRST_HAND, [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}]),
    ({}, [{"bids": None, "tricks": [3, 3, 3, 4]}]),
    (
        FIRST_HAND,
        [{"bids": None, "tricks": [3, 3, 3, 4]}, {"bids": None, "tricks": [3, 3, 3, 4]}],
    ),
    ({**FIRST_HAND, **BLIND_MADE}, [{"bids": None, "tricks": [3, 3, 3, 4], "blind": [0]}]),
]


@pytest.mark.parametrize("rules, hands_in", LEAGUE_REFUSED)
def test_league_refusals_read_alike(rules, hands_in):
    doc = game(hands_in, rules)
    assert reference_result(doc) is None
    assert scorepad_result(doc) is None


def test_min_table_bid_is_for_partnerships_in_both():
    doc = {**game([], {"min_table_bid": 11}), "mode": "cutthroat", "players": PLAYERS[:3]}
    assert reference_result(doc) is None and scorepad_result(doc) is None
