"""The game file's newer keys: blind, dealer, adjust, note, start, ended, side_names; names;
repeated keys; and GAMEFILE.md's examples exactly as written."""

from __future__ import annotations

import copy
import json

import pytest

from scorepad import gamefile
from scorepad.core.errors import GameError
from tests.test_gamefile import FIRST_TWO_HANDS, SIDES_AFTER_TWO

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


def test_documented_import_scores_as_documented():
    doc = gamefile.export(gamefile.read(copy.deepcopy(DOCUMENTED)))
    assert doc["sides"] == SIDES_AFTER_TWO
    assert (doc["status"], doc["winner"]) == ("playing", None)
    assert doc["hands"][:2] == FIRST_TWO_HANDS
    assert doc["hands"][2] == {
        "number": 3,
        "dealer": 2,
        "bids": [2, 4, "blind_nil", 6],
        "tricks": None,
    }
    assert doc["rules"]["blind_nil_trailing_by"] == 50
    assert gamefile.export(gamefile.read(doc)) == doc


def test_documented_import_refuses_blind_nil_for_the_side_in_the_lead():
    doc = copy.deepcopy(DOCUMENTED)
    doc["hands"][2]["bids"] = [2, "blind_nil", 4, 6]
    with pytest.raises(
        GameError, match="hand 3: bids: Ben may bid blind nil only when trailing by 50"
    ):
        gamefile.read(doc)


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


def test_every_new_key_is_read_scored_and_written_back():
    doc = gamefile.export(gamefile.read(copy.deepcopy(FULL)))
    assert doc["side_names"] == ["The Sharks", None]
    assert [s["name"] for s in doc["sides"]] == ["The Sharks", "Ben & Dev"]
    assert doc["start"] == FULL["start"]
    assert [h["dealer"] for h in doc["hands"]] == [0, 3, 0]
    assert doc["hands"][0]["blind"] == [1]
    assert doc["hands"][1]["adjust"] == [30, -30] and doc["hands"][1]["note"] == "Ben reneged"
    assert [[s["points"] for s in h["sides"]] for h in doc["hands"]] == [
        [70, 120],
        [91, 30],
        [61, 60],
    ]
    assert [s["total"] for s in doc["sides"]] == [342, 250]
    assert (doc["status"], doc["winner"], doc["ended"]) == ("finished", 0, True)
    again = gamefile.export(gamefile.read(json.loads(gamefile.dumps(doc))))
    assert again == doc


def test_a_draw_is_finished_with_no_winner():
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "hands": [
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]},
        ],
        "ended": True,
    }
    out = gamefile.export(gamefile.read(doc))
    assert (out["status"], out["winner"], out["ended"]) == ("finished", None, True)
    assert [s["total"] for s in out["sides"]] == [121, 121]


def test_a_dealer_that_agrees_is_no_change():
    doc = gamefile.export(gamefile.read(copy.deepcopy(DOCUMENTED)))
    assert all(hand.dealer is None for hand in gamefile.read(doc).hands)
    moved = copy.deepcopy(DOCUMENTED)
    moved["hands"][1]["dealer"] = 3
    game = gamefile.read(moved)
    assert [h.dealer for h in game.hands] == [None, 3, None]
    assert [h["dealer"] for h in gamefile.export(game)["hands"]] == [0, 3, 0]


def test_zero_bid_bid_reads_zero_as_a_bid():
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "rules": {"zero_bid": "bid"},
        "hands": [{"bids": [0, 4, 3, 4], "tricks": [2, 4, 3, 4]}],
    }
    out = gamefile.export(gamefile.read(doc))
    assert out["hands"][0]["bids"] == [0, 4, 3, 4]
    assert [s["points"] for s in out["hands"][0]["sides"]] == [32, 80]
    doc["rules"] = {}
    assert gamefile.export(gamefile.read(doc))["hands"][0]["bids"][0] == "nil"


def _with(**changes):
    doc = copy.deepcopy(FULL)
    doc.update(changes)
    return doc


def _hand(index, **changes):
    doc = copy.deepcopy(FULL)
    doc["hands"][index].update(changes)
    return doc


@pytest.mark.parametrize(
    "doc,message",
    [
        (
            _with(start=[{"total": 500, "bags": 0}, {"total": 0, "bags": 0}]),
            "start: The Sharks's total 500 is not short of the target",
        ),
        (_with(start=[{"total": 0}, {"total": 0, "bags": 0}]), "start: side 0: expected an object"),
        (_with(start=[{"total": 0, "bags": 0}]), "start: expected one"),
        (_with(start={"total": 0, "bags": 0}), "start: expected one"),
        (_with(ended="yes"), "ended: must be true or false"),
        (
            _with(hands=[*FULL["hands"], {"bids": [3, 3, 3, 3], "tricks": None}]),
            "ended: hand 4 was bid but not played",
        ),
        (
            _hand(0, blind=[0], bids=[3, 3, 2, 3], tricks=[3, 4, 3, 3]),
            "hand 1: blind: The Sharks bid 5 blind",
        ),
        (_hand(0, blind=1), "hand 1: blind: must be a list"),
        (_hand(1, dealer=4), "hand 2: dealer: must be a seat from 0 to 3, not 4"),
        (_hand(1, dealer="Dev"), "hand 2: dealer: must be a seat"),
        (_hand(1, adjust=[1001, 0]), "hand 2: adjust: The Sharks's adjustment must be"),
        (_hand(1, adjust=30), "hand 2: adjust: must be a list"),
        (_hand(1, note="x" * 201), "hand 2: note: must be text of at most 200"),
        (_hand(1, note=5), "hand 2: note: must be text"),
        (_with(side_names=["The Sharks"]), "side_names: expected one name or null"),
        (_with(side_names=["Sharks", "sharks "]), "side_names: sides 0 and 1 have the same name"),
        (_with(side_names=["S" * 41, None]), "side_names: the name of side 0 is 41 characters"),
        (
            _with(
                mode="cutthroat",
                side_names=["A", "B", "C", "D"],
                rules={},
                start=None,
                hands=[],
                ended=False,
            ),
            "side_names: sides are named in partnership games only",
        ),
    ],
)
def test_refusals_of_the_new_keys(doc, message):
    with pytest.raises(GameError, match=message):
        gamefile.read(doc)


@pytest.mark.parametrize(
    "players,message",
    [
        (["Alice", "Ben", "alice", "Dev"], "players: seats 0 and 2 have the same name"),
        (["Alice", "Ben", "Al\u0000ice", "Dev"], "seat 2 has a control character"),
        (["Alice", "Ben", "Cara\u0007", "Dev"], "seat 2 has a control character"),
        (["Alice", "\u202eneB", "Cara", "Dev"], "seat 1 has an invisible formatting character"),
        (["Alice", "Be\u200bn", "Cara", "Dev"], "seat 1 has an invisible formatting character"),
        (["Alice", "\ud800x", "Cara", "Dev"], "seat 1 has a broken character"),
        (["Alice", " \u00a0 ", "Cara", "Dev"], "seat 1 is empty"),
        (["Alice", "B" * 41, "Cara", "Dev"], "seat 1 is 41 characters long"),
        (["Alice", 7, "Cara", "Dev"], "seat 1 must be text"),
    ],
)
def test_names_are_refused_naming_the_seat(players, message):
    with pytest.raises(GameError, match=message) as caught:
        gamefile.read(_with(players=players, side_names=None))
    assert caught.value.field == "players" and caught.value.seat is not None


def test_names_are_normalised():
    game = gamefile.read(
        _with(
            players=["  Alice  ", "Ben\t Dev", "Cafe\u0301", "D" * 40],
            side_names=["  The   Sharks ", ""],
        )
    )
    assert game.table.players == ("Alice", "Ben Dev", "Caf\u00e9", "D" * 40)
    assert game.table.side_names == ("The Sharks", None)
    assert gamefile.read(_with(side_names=[None, " "])).table.side_names is None


def test_equal_after_normalising_is_the_same_name():
    with pytest.raises(GameError, match="seats 0 and 2 have the same name"):
        gamefile.read(_with(players=["Caf\u00e9", "B", "CAFE\u0301", "D"], side_names=None))


@pytest.mark.parametrize(
    "text,key",
    [
        ('{"format": "scorepad/1", "players": ["A"], "players": ["A", "B", "C", "D"]}', "players"),
        (
            '{"format": "scorepad/1", "mode": "partnership", "players": ["A", "B", "C", "D"], '
            '"rules": {"target": 300, "target": 500}}',
            "target",
        ),
        (
            '{"format": "scorepad/1", "mode": "partnership", "players": ["A", "B", "C", "D"], '
            '"hands": [{"bids": [3, 3, 3, 3], "tricks": null, "tricks": [4, 3, 3, 3]}]}',
            "tricks",
        ),
    ],
)
def test_a_key_given_twice_is_refused_at_any_depth(text, key):
    with pytest.raises(GameError, match=f"the key '{key}' appears twice") as caught:
        gamefile.loads(text)
    assert caught.value.field == key
