"""`flask --app scorepad ratings FILE...`: game files and event files rated in the order
given, one JSON document out (docs/ratings.md), bad files refused by name."""

from __future__ import annotations

import json

import pytest

from scorepad.core.ratings import Skill, chances
from tests import event_files
from tests.data import IMPORT
from tests.ratings_club import game_file

PLAYER_KEYS = {"name": str, "rating": int, "mu": float, "sigma": float, "games": int}


def ratings(runner, tmp_path, *docs):
    """Run the command on each document written to its own file: the result."""
    paths = []
    for i, doc in enumerate(docs):
        path = tmp_path / f"file{i}.json"
        path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
        paths.append(str(path))
    return runner.invoke(args=["ratings", *paths])


def printed(result) -> dict:
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert set(doc) == {"players", "games", "pairs"}  # "pairs": tests/test_ratings_pairs.py
    for player in doc["players"]:
        assert {k: type(v) for k, v in player.items()} == PLAYER_KEYS
    for game in doc["games"]:
        assert set(game) == {"sides", "chance", "winner"}
        assert all(isinstance(n, str) for side in game["sides"] for n in side)
        assert len(game["chance"]) == len(game["sides"])
        assert sum(game["chance"]) == pytest.approx(1)
        assert game["winner"] is None or 0 <= game["winner"] < len(game["sides"])
    return doc


def test_game_files_in_the_order_given(runner, tmp_path):
    one = game_file([["Ann", "Cy"], ["Bo", "Di"]], 0)
    two = game_file([["ann", "Bo"], ["Cy", "Di"]], 1)
    doc = printed(ratings(runner, tmp_path, one, IMPORT, two))  # IMPORT: not finished
    assert doc["games"][0] == {
        "sides": [["Ann", "Cy"], ["Bo", "Di"]],
        "chance": [0.5, 0.5],
        "winner": 0,
    }
    assert doc["games"][1]["sides"] == [["Ann", "Bo"], ["Cy", "Di"]]  # as first spelled
    assert doc["games"][1]["winner"] == 1
    by_name = {p["name"]: p for p in doc["players"]}
    assert set(by_name) == {"Ann", "Bo", "Cy", "Di"}
    assert all(p["games"] == 2 for p in doc["players"])
    # Cy won both, Bo lost both; Ann and Di won one each at even odds: equal, by name
    assert [p["name"] for p in doc["players"]] == ["Cy", "Ann", "Di", "Bo"]
    ranked = [(-p["rating"], p["name"].casefold()) for p in doc["players"]]
    assert ranked == sorted(ranked)


def test_chances_come_from_the_games_before_only(runner, tmp_path):
    first = game_file([["Ann", "Cy"], ["Bo", "Di"]], 0)
    second = game_file([["Ann", "Bo"], ["Cy", "Di"]], 0)
    one = printed(ratings(runner, tmp_path, first))
    both = printed(ratings(runner, tmp_path, first, second))
    skill = {p["name"]: Skill(p["mu"], p["sigma"], p["games"]) for p in one["players"]}
    expected = chances([[skill["Ann"], skill["Bo"]], [skill["Cy"], skill["Di"]]])
    assert both["games"][1]["chance"] == pytest.approx(list(expected))
    assert both["games"][0] == one["games"][0]


def finished_night() -> dict:
    """The pairs night with every game played to its end (two hands of 63 for side 0),
    its matches listed last table first."""
    doc = event_files.pairs_night()
    for match in doc["matches"]:
        match["game"]["hands"] *= 2
    doc["matches"].reverse()
    return doc


def test_an_event_file_in_round_and_table_order(runner, tmp_path):
    doc = printed(ratings(runner, tmp_path, finished_night()))
    assert [g["sides"] for g in doc["games"]] == [
        [["Ann", "Bo"], ["Cy", "Di"]],  # round 1, table 1
        [["Ed", "Flo"], ["Gus", "Hal"]],  # round 1, table 2
        [["Ann", "Bo"], ["Ed", "Flo"]],  # round 2, table 1
        [["Ida", "Jo"], ["Cy", "Di"]],  # round 2, table 2
    ]
    assert [g["winner"] for g in doc["games"]] == [0, 0, 0, 0]
    assert len(doc["players"]) == 10


def test_game_and_event_files_together_and_unfinished_games_skipped(runner, tmp_path):
    night = event_files.pairs_night()  # one hand a game: none finished
    doc = printed(ratings(runner, tmp_path, night, game_file([["Ann", "Cy"], ["Bo", "Di"]], 1)))
    assert len(doc["games"]) == 1 and doc["games"][0]["winner"] == 1
    assert printed(ratings(runner, tmp_path, IMPORT)) == {"players": [], "games": [], "pairs": []}


def test_a_draw_has_no_winner(runner, tmp_path):
    drawn = game_file([["Ann", "Cy"], ["Bo", "Di"]], 0)
    drawn.update(rules={"target": 500}, ended=True)
    drawn["hands"] = [{"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3], "adjust": [1, 0]}]
    doc = printed(ratings(runner, tmp_path, drawn))
    assert doc["games"][0]["winner"] is None
    assert {p["rating"] for p in doc["players"]} == {1000}


def test_cutthroat_sides_are_one_player_each(runner, tmp_path):
    game = {
        "format": "scorepad/1",
        "mode": "cutthroat",
        "players": ["Ann", "Bo", "Cy"],
        "rules": {"target": 50},
        "hands": [{"bids": [5, 5, 5], "tricks": [7, 4, 6]}],
    }
    doc = printed(ratings(runner, tmp_path, game))
    assert doc["games"][0]["sides"] == [["Ann"], ["Bo"], ["Cy"]]
    assert doc["games"][0]["winner"] == 0
    assert [p["name"] for p in doc["players"]] == ["Ann", "Cy", "Bo"]


def test_standard_input(runner):
    game = json.dumps(game_file([["Ann", "Cy"], ["Bo", "Di"]], 0))
    result = runner.invoke(args=["ratings", "-"], input=game)
    assert printed(result)["games"][0]["winner"] == 0


def _bad_hand(doc):
    doc["matches"][1]["game"]["hands"][0]["tricks"] = [9, 9, 9, 9]


BAD = {
    "not JSON": (b"{not json", "file1.json: the game file is not valid JSON"),
    "a hand": (
        dict(IMPORT, hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}]),
        "file1.json: hand 1: tricks add up to 12, expected 13",
    ),
    "a list": (b"[1, 2]", "file1.json: the game file must be a JSON object"),
    "an event file's game": (
        event_files.changed("pairs", _bad_hand),
        "file1.json: matches[1]: game: hand 1:",
    ),
    "an event file's settings": (
        {"scorepad_event": 1, "settings": 3},
        "file1.json: settings: must be an object",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_file_is_refused_by_name_and_part(runner, tmp_path, case):
    bad, message = BAD[case]
    result = ratings(runner, tmp_path, game_file([["Ann", "Cy"], ["Bo", "Di"]], 0), bad)
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output
    assert "players" not in result.output


def test_a_missing_file_is_refused_by_name(runner, tmp_path):
    result = runner.invoke(args=["ratings", str(tmp_path / "nope.json")])
    assert result.exit_code != 0 and "nope.json" in result.output


def test_no_file_is_refused(runner):
    result = runner.invoke(args=["ratings"])
    assert result.exit_code != 0 and "FILES" in result.output
