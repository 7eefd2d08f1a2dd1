"""A cutthroat player's nil is said of the player once: 'Gus made nil', never
'Gus Gus's nil made', in the live region's sentence, the side's sentence and its box."""

from __future__ import annotations

import pytest

from scorepad.core.records import BLIND_NIL, NIL, Hand, Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web import words

CUTTHROAT = Table("cutthroat", ("Gus", "Hal", "Ivy"))


@pytest.mark.parametrize(
    ("bid", "took", "said"),
    [
        (NIL, 0, "made nil"),
        (NIL, 2, "broke nil, 2 bags from nil"),
        (BLIND_NIL, 0, "made blind nil"),
    ],
)
def test_a_lone_players_nil_is_said_without_its_name_again(bid, took, said):
    hand = Hand((bid, 5, 6), (took, 7, 10 - took))
    score = score_game(CUTTHROAT, Rules(blind_bid="after_100"), [hand])
    sentence = words.hand_sentence(score)
    assert sentence.startswith(f"Hand 1: Gus {said}; Hal made 7 of 5 (2 bags); ")
    assert "Gus's" not in sentence and "Gus Gus" not in sentence
    assert words.result_words(CUTTHROAT, 0, score.hands[0].sides[0]) == said
    assert words.side_sentence(score, 0).endswith(
        f"hand 1: {words.signed(score.totals[0])}, {said}."
    )


def test_a_partners_nil_still_names_the_partner():
    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    score = score_game(table, Rules(), [Hand((4, 5, 3, NIL), (5, 5, 3, 0))])
    assert "Ben & Dev made 5 of 5, Dev's nil made" in words.hand_sentence(score)
