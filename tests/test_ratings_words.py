"""The ratings in words (scorepad/web/words/ratings.py): one sentence a game's change."""

from __future__ import annotations

import pytest

from scorepad.core.ratings import Change, Skill, rate
from scorepad.web.words.ratings import change_text, percent, rating_text, result_text
from tests.ratings_club import rated


def change(place=1, shared=False, sides=2, chance=0.46, before=1000, after=1024) -> Change:
    def skill(rating: int) -> Skill:
        return Skill(25 + (rating - 1000) / 20)

    return Change("Ann", 0, chance, place, shared, sides, skill(before), skill(after))


@pytest.mark.parametrize(
    ("made", "words"),
    [
        (change(), "expected 46% to win, won: +24"),
        (change(2, chance=0.6, after=976), "expected 60% to win, lost: \u221224"),
        (change(1, True, after=1000), "expected 46% to win, drew: 0"),
        (change(1, sides=3, chance=0.3), "expected 30% to win, won: +24"),
        (change(1, True, 3), "expected 46% to win, shared first of 3: +24"),
        (
            change(3, sides=4, chance=0.25, after=990),
            "expected 25% to win, came third of 4: \u221210",
        ),
        (change(2, True, 4), "expected 46% to win, shared second of 4: +24"),
    ],
)
def test_a_change_in_one_sentence(made, words):
    assert change_text(made) == words


@pytest.mark.parametrize(("chance", "shown"), [(0.455, "46%"), (0.001, "1%"), (0.9999, "99%")])
def test_a_chance_is_a_whole_percentage_never_0_or_100(chance, shown):
    assert percent(chance) == shown


def test_the_sentence_of_a_rated_game():
    done = rate([rated([["Ann", "Bo"], ["Cy", "Di"]], 0)])
    assert [change_text(c) for c in done.games[0].changes] == [
        "expected 50% to win, won: +24",
        "expected 50% to win, won: +24",
        "expected 50% to win, lost: \u221224",
        "expected 50% to win, lost: \u221224",
    ]
    assert result_text(done.games[0].changes[0]) == "won"


def test_a_rating_is_a_plain_number_marked_while_provisional():
    assert rating_text(Skill()) == "1000 provisional"
    assert rating_text(Skill(-30, 1, 12)) == "\u2212100"
