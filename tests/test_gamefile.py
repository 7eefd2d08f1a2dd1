"""The game file of docs/gamefile.md: import form in, export form out.

The game file's newer keys: blind, dealer, adjust, note, start, ended, side_names; names;
repeated keys; and GAMEFILE.md's examples exactly as written."""

from __future__ import annotations

import copy
import json

import pytest

from scorepad.core.errors import GameError
from scorepad.core.rules import RULE_SPECS
from scorepad.files import game as gamefile
from tests.data import DOCUMENTED, FIRST_TWO_HANDS, FULL, IMPORT, SIDES_AFTER_TWO


def _two_hands_as_documented(doc: dict, hand_3_bids: list) -> None:
    """An export of GAMEFILE.md's example: its sides and first two hands as documented,
    still playing, hand 3 bid (these bids) and not played."""
    assert doc["sides"] == SIDES_AFTER_TWO
    assert (doc["status"], doc["winner"]) == ("playing", None)
    assert doc["hands"][:2] == FIRST_TWO_HANDS
    assert doc["hands"][2] == {"number": 3, "dealer": 2, "bids": hand_3_bids, "tricks": None}


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
    _two_hands_as_documented(doc, [2, "blind_nil", 4, 6])


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
    with pytest.raises(GameError, match=r"not valid JSON \(its values are nested too deep\)"):
        gamefile.loads("[" * 100_000 + "]" * 100_000)


def test_dumps_is_json_with_a_final_newline():
    text = gamefile.dumps(gamefile.export(gamefile.read(IMPORT)))
    assert text.endswith("}\n") and json.loads(text)["format"] == "scorepad/1"


def test_documented_import_scores_as_documented():
    doc = gamefile.export(gamefile.read(copy.deepcopy(DOCUMENTED)))
    _two_hands_as_documented(doc, [2, 4, "blind_nil", 6])
    assert doc["rules"]["blind_nil_trailing_by"] == 50
    assert gamefile.export(gamefile.read(doc)) == doc


def test_documented_import_refuses_blind_nil_for_the_side_in_the_lead():
    doc = copy.deepcopy(DOCUMENTED)
    doc["hands"][2]["bids"] = [2, "blind_nil", 4, 6]
    with pytest.raises(
        GameError, match="hand 3: bids: Ben may bid blind nil only when trailing by 50"
    ):
        gamefile.read(doc)


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


def _full(**changes):
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
            _full(start=[{"total": 500, "bags": 0}, {"total": 0, "bags": 0}]),
            "start: The Sharks's total 500 is not short of the target",
        ),
        (
            _full(start=[{"total": 0}, {"total": 0, "bags": 0}]),
            "start: side 0: expected an object",
        ),
        (_full(start=[{"total": 0, "bags": 0}]), "start: expected one"),
        (_full(start={"total": 0, "bags": 0}), "start: expected one"),
        (_full(ended="yes"), "ended: must be true or false"),
        (
            _full(hands=[*FULL["hands"], {"bids": [3, 3, 3, 3], "tricks": None}]),
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
        (_hand(1, note="x" * 201), "hand 2: note: at most 200 characters, not 201"),
        (_hand(1, note=5), "hand 2: note: must be text"),
        (_full(side_names=["The Sharks"]), "side_names: expected one name or null"),
        (
            _full(side_names=["Sharks", "sharks "]),
            "side_names: sides 0 and 1 have the same name",
        ),
        (
            _full(side_names=["S" * 41, None]),
            "side_names: the name of side 0 is 41 characters",
        ),
        (
            _full(
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
    "final,message",
    [
        (
            [{"total": 300, "bags": 14}, {"total": 200, "bags": 2}],
            "final: Alice & Cara's bags must be a whole number from 0 to 9, not 14",
        ),
        (
            [{"total": 300, "bags": 1}, {"total": 20000, "bags": 2}],
            "final: Ben & Dev's total must be a whole number from -10000 to 10000",
        ),
    ],
)
def test_a_slip_s_bad_figure_in_a_file_names_the_file_s_key(final, message):
    # GAMEFILE.md: a refusal names the field; the file's key is `final`, not the
    # director's slip form's `totals` or `bags`.
    players = ["Alice", "Ben", "Cara", "Dev"]
    doc = {"format": "scorepad/1", "mode": "partnership", "players": players, "final": final}
    with pytest.raises(GameError) as err:
        gamefile.read(doc)
    assert str(err.value).startswith(message) and err.value.field == "final"


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
        gamefile.read(_full(players=players, side_names=None))
    assert caught.value.field == "players" and caught.value.seat is not None


def test_names_are_normalised():
    game = gamefile.read(
        _full(
            players=["  Alice  ", "Ben\t Dev", "Cafe\u0301", "D" * 40],
            side_names=["  The   Sharks ", ""],
        )
    )
    assert game.table.players == ("Alice", "Ben Dev", "Caf\u00e9", "D" * 40)
    assert game.table.side_names == ("The Sharks", None)
    assert gamefile.read(_full(side_names=[None, " "])).table.side_names is None


def test_equal_after_normalising_is_the_same_name():
    with pytest.raises(GameError, match="seats 0 and 2 have the same name"):
        gamefile.read(_full(players=["Caf\u00e9", "B", "CAFE\u0301", "D"], side_names=None))


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


HUGE = "x" * 100_000
HUGE_NUMBER = 10**4000


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"clock": {"minutes": 60, "started": HUGE}}, "clock"),
        ({"clock": {"minutes": HUGE, "started": "2026-12-06T20:00:00Z"}}, "clock"),
        ({"clock": {"minutes": 60, "started": "2026-12-06T20:00:00Z", "last_hand": HUGE}}, "clock"),
        ({"rules": {HUGE: 1}}, "rules.x"),
        ({"rules": {"target": HUGE_NUMBER}}, "rules.target"),
        ({"rules": {"bag_limit": -HUGE_NUMBER}}, "rules.bag_limit"),
    ],
)
def test_a_game_file_s_huge_value_is_refused_naming_the_field_without_echoing_it(change, field):
    """A refusal quotes at most a few dozen characters of what it was given (a page and a
    flash show it): never a file's 100,000 characters or 4,000 digits back."""
    with pytest.raises(GameError) as caught:
        gamefile.loads(json.dumps(_with(**change)))
    said = str(caught.value)
    assert said.startswith(field) and len(said) < 300, said[:400]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (json.dumps(IMPORT).encode("utf-16"), "the game file is not UTF-8 text"),
        (json.dumps(IMPORT).encode("utf-32"), "the game file is not UTF-8 text"),
        (
            json.dumps(_with(first_dealer=0)).replace(
                '"first_dealer": 0', '"first_dealer": ' + "9" * 4301
            ),
            "a number of 4301 digits",
        ),
    ],
)
def test_a_game_file_read_from_bytes_is_utf8_and_its_numbers_python_s(text, said):
    """As the import page reads it, so does `flask score` (bytes): UTF-16 is refused, and
    a number too long for Python in the file's words, not Python's ("sys.set_...")."""
    with pytest.raises(GameError, match=said) as caught:
        gamefile.loads(text)
    assert "sys." not in str(caught.value)


def test_a_game_file_with_a_byte_order_mark_is_read():
    assert gamefile.loads(b"\xef\xbb\xbf" + json.dumps(IMPORT).encode()).table.players
