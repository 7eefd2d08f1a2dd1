"""The game file of docs/gamefile.md: import form in, export form out."""

from __future__ import annotations

import copy
import json

import pytest

from scorepad import gamefile
from scorepad.core.errors import GameError
from scorepad.core.rules import RULE_SPECS

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


def test_export_of_the_documented_example():
    doc = gamefile.export(gamefile.read(IMPORT))
    assert list(doc) == [
        "format",
        "mode",
        "players",
        "first_dealer",
        "rules",
        "sides",
        "status",
        "winner",
        "hands",
    ]
    assert doc["rules"]["target"] == 500 and doc["rules"]["nil"] is True
    assert doc["rules"]["blind_nil_trailing_by"] == 0 and len(doc["rules"]) == len(RULE_SPECS)
    assert doc["sides"] == SIDES_AFTER_TWO
    assert (doc["status"], doc["winner"]) == ("playing", None)
    assert doc["hands"][:2] == FIRST_TWO_HANDS
    assert doc["hands"][2] == {
        "number": 3,
        "dealer": 2,
        "bids": [2, "blind_nil", 4, 6],
        "tricks": None,
    }


def test_documented_example_with_blind_nil_trailing_by_is_refused():
    # GAMEFILE.md's import example sets blind_nil_trailing_by 100, yet Ben & Dev lead
    # 190 to 134 when Ben bids blind nil in hand 3: RULES.md refuses that bid.
    doc = copy.deepcopy(IMPORT)
    doc["rules"]["blind_nil_trailing_by"] = 100
    with pytest.raises(GameError, match="hand 3: bids: Ben may bid blind nil only when"):
        gamefile.read(doc)


def test_export_imports_back_to_the_same_document():
    doc = gamefile.export(gamefile.read(IMPORT))
    again = gamefile.export(gamefile.loads(gamefile.dumps(doc)))
    assert again == doc


def test_zero_bid_is_written_back_as_nil_and_names_are_trimmed():
    doc = copy.deepcopy(IMPORT)
    doc["players"] = [" Alice ", "Ben", "Cara", "Dev\t"]
    doc["hands"] = [{"bids": [4, 5, 3, 0], "tricks": [5, 5, 3, 0]}]
    out = gamefile.export(gamefile.read(doc))
    assert out["hands"][0]["bids"] == [4, 5, 3, "nil"]
    assert out["players"] == ["Alice", "Ben", "Cara", "Dev"]


def test_defaults_for_first_dealer_rules_and_hands():
    doc = {"format": "scorepad/1", "mode": "cutthroat", "players": ["Ana", "Bo", "Cy"]}
    out = gamefile.export(gamefile.read(doc))
    assert out["first_dealer"] == 0 and out["rules"]["target"] == 500 and out["hands"] == []
    assert [s["name"] for s in out["sides"]] == ["Ana", "Bo", "Cy"]
    assert [s["seats"] for s in out["sides"]] == [[0], [1], [2]]


def test_finished_game_names_the_winner():
    doc = copy.deepcopy(IMPORT)
    doc["rules"] = {"target": 250}
    doc["hands"] = [{"bids": [6, 6, 6, 1], "tricks": [7, 1, 5, 0]}] * 3
    out = gamefile.export(gamefile.read(doc))
    assert (out["status"], out["winner"]) == ("finished", 0)


def _with(**changes):
    doc = copy.deepcopy(IMPORT)
    for key, value in changes.items():
        if value is KeyError:
            del doc[key]
        else:
            doc[key] = value
    return doc


@pytest.mark.parametrize(
    "doc,message",
    [
        ([], "the game file must be a JSON object"),
        (_with(format="scorepad/2"), "format: must be 'scorepad/1'"),
        (_with(format=KeyError), "format: must be 'scorepad/1'"),
        (_with(colour="red"), "colour: unknown key"),
        (_with(**{"": 1}), "'': unknown key"),
        (_with(**{"": "\x1b"}), r"'': has a control character \(U\+001B\)"),
        (_with(mode=KeyError), "mode: missing"),
        (_with(mode="solo"), "mode: must be partnership or cutthroat"),
        (_with(players=["A", "B", "C"]), "players: partnership is played by 4 players, not 3"),
        (_with(mode="cutthroat", players=["A"]), "players: cutthroat is played by 2, 3 or 4"),
        (_with(players=["A", "B", " ", "D"]), "players: the name of seat 2 is empty"),
        (
            _with(players=["A", "B", "C" * 41, "D"]),
            "players: the name of seat 2 is 41 characters long, the most is 40",
        ),
        (_with(players="ABCD"), "players: must be a list of names"),
        (_with(first_dealer=4), "first_dealer: must be a seat from 0 to 3"),
        (_with(first_dealer="0"), "first_dealer: must be a seat"),
        (_with(rules={"colour": 1}), r"rules\.colour: is not a house rule"),
        (_with(rules={"target": "300"}), r"rules\.target: must be a whole number"),
        (_with(hands={}), "hands: must be a list"),
        (_with(hands=[[4, 5, 3, 1]]), "hand 1: hands: must be an object with bids and tricks"),
        (_with(hands=[{"bids": [4, 5, 3, 1]}]), "hand 1: tricks: missing"),
        (_with(hands=[{"tricks": [4, 5, 3, 1]}]), "hand 1: bids: missing"),
        (_with(hands=[{"bids": "4531", "tricks": None}]), "hand 1: bids: must be a list"),
        (_with(hands=[{"bids": [4, 5, 3, 1], "tricks": 13}]), "hand 1: tricks: must be a list"),
        (_with(hands=[{"bids": [4, 5, 3, 1], "tricks": None, "x": 1}]), "hand 1: x: unknown key"),
        (
            _with(hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]),
            "hand 1: tricks add up to 12, expected 13",
        ),
        (
            _with(rules={"blind_nil": False}),
            "hand 3: bids: Ben bid blind nil, but blind nil is off",
        ),
    ],
)
def test_refused_documents(doc, message):
    with pytest.raises(GameError, match=message):
        gamefile.read(doc)


@pytest.mark.parametrize("text", ["", "{", "[1,", "nul", '{"format": NaN', "\x00"])
def test_malformed_json_is_the_domain_error(text):
    with pytest.raises(GameError, match="not valid JSON"):
        gamefile.loads(text)


def test_deeply_nested_json_is_refused_cleanly():
    with pytest.raises(GameError, match="not valid JSON"):
        gamefile.loads("[" * 100_000 + "]" * 100_000)


def test_dumps_is_json_with_a_final_newline():
    text = gamefile.dumps(gamefile.export(gamefile.read(IMPORT)))
    assert text.endswith("}\n") and json.loads(text)["format"] == "scorepad/1"
