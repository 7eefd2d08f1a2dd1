"""The club file's reader (docs/clubs.md) names the part at fault in every refusal."""

from __future__ import annotations

import json

import pytest

from scorepad.core.errors import GameError
from scorepad.files import club as clubfile
from tests.ratings_club import game_file

GAME = game_file((("Ann", "Cy"), ("Bo", "Di")), 0)


@pytest.mark.parametrize(
    ("doc", "field", "words"),
    [
        ([], "scorepad_club", "is not a scorepad club file"),
        ({"scorepad_club": 2, "name": "x"}, "scorepad_club", "version 1"),
        ({"scorepad_club": 1, "name": 3}, "name", "must be text"),
        ({"scorepad_club": 1, "name": "x", "games": {}}, "games", "must be a list"),
        ({"scorepad_club": 1, "name": "x", "nights": [1] * 501}, "nights", "at most 500"),
        ({"scorepad_club": 1, "name": "x", "games": [GAME, {"mode": "x"}]}, "game", "game 2:"),
        ({"scorepad_club": 1, "name": "x", "nights": [{}]}, "night", "night 1:"),
        ({"scorepad_club": 1, "name": "x", "roster": 3}, "roster", "not a list of players"),
        ({"scorepad_club": 1, "name": "x", "roster": [3]}, "roster", "not a list of players"),
        ({"scorepad_club": 1, "name": "x", "roster": [{"names": 3}]}, "roster", "not a list"),
    ],
)
def test_a_file_that_is_not_a_club_is_refused_naming_the_part(doc, field, words):
    with pytest.raises(GameError) as err:
        clubfile.read(doc)
    assert err.value.field == field
    assert words in str(err.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [(b"{", "is not JSON"), (b"[" * 100_000 + b"]" * 100_000, "nested too deep")],
)
def test_text_that_is_not_json_is_refused(text, words):
    with pytest.raises(GameError) as err:
        clubfile.loads_club(text)
    assert words in str(err.value) and err.value.field == "file"


def test_a_file_over_the_limit_is_refused_before_it_is_read():
    with pytest.raises(GameError) as err:
        clubfile.loads_club(b" " * (clubfile.MAX_BYTES + 1))
    assert err.value.field == "file"


def test_a_club_file_reads_back_what_it_holds():
    doc = {"scorepad_club": 1, "name": "Friday", "games": [GAME], "nights": []}
    club = clubfile.loads_club(json.dumps(doc))
    assert club.name == "Friday" and len(club.games) == 1 and club.nights == ()
