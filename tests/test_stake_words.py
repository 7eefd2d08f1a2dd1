"""What is at stake this hand, in words: each stake, and the deciding lines first."""

from __future__ import annotations

import pytest

from scorepad.core.records import Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.core.stakes import Stake
from scorepad.web.words.stakes import stake_lines, stake_text
from tests.helpers import PLAYERS

PART = Table("partnership", PLAYERS)


CUT = Table("cutthroat", ("Alice", "Ben", "Cara"))


@pytest.mark.parametrize(
    ("table", "stake", "words"),
    [
        (PART, Stake("need", 0, 6), "Alice & Cara win by making 6"),
        (CUT, Stake("need", 1, 6), "Ben wins by making 6"),
        (PART, Stake("bags", 1, 2, 100), "2 more bags cost Ben & Dev 100"),
        (PART, Stake("bags", 1, 1, 50), "1 more bag costs Ben & Dev 50"),
        (PART, Stake("blind_nil", 1, 100), "Ben & Dev may bid blind nil (100 behind)"),
        (PART, Stake("blind_bid", 0, 6, 150), "Alice & Cara may bid blind, 6 or more (150 behind)"),
        (PART, Stake("set_out", 1, 2), "Ben & Dev are out if set this hand"),
        (PART, Stake("hand_limit", None, 1, 12), "Last hand: the hand limit is 12"),
        (PART, Stake("hand_limit", None, 2, 12), "2 hands left: the hand limit is 12"),
        (
            PART,
            Stake("hand_limit", None, 0, 12),
            "Past the hand limit of 12: the first hand with a single leader ends the game",
        ),
    ],
)
def test_stake_words(table, stake, words):
    assert stake_text(table, stake) == words


def test_at_most_two_lines_the_deciding_one_first():
    score = score_game(
        PART, Rules(hand_limit=1, blind_nil_trailing_by=100), [], ((440, 8), (300, 0))
    )
    assert stake_lines(score) == [  # Ben & Dev cannot make 141 in one hand: no line
        "Alice & Cara win by making 1. Last hand: the hand limit is 1.",
        "2 more bags cost Alice & Cara 100. Ben & Dev may bid blind nil (140 behind).",
    ]


@pytest.mark.parametrize(
    ("table", "stake", "spanish"),
    [
        (
            PART,
            Stake("blind_nil", 1, 100),
            "Ben & Dev pueden apostar nil a ciegas (100 por detrás)",
        ),
        (CUT, Stake("blind_nil", 1, 100), "Ben puede apostar nil a ciegas (100 por detrás)"),
        (
            PART,
            Stake("blind_bid", 0, 6, 150),
            "Alice & Cara pueden apostar a ciegas, 6 o más (150 por detrás)",
        ),
        (
            CUT,
            Stake("blind_bid", 0, 6, 150),
            "Alice puede apostar a ciegas, 6 o más (150 por detrás)",
        ),
    ],
)
def test_a_pair_may_bid_blind_in_the_plural_in_spanish(app, table, stake, spanish):
    from flask_babel import force_locale

    with app.test_request_context(), force_locale("es"):
        assert stake_text(table, stake) == spanish
