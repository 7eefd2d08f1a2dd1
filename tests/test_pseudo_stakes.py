"""What is at stake this hand and what another house rule would have made of a game
(words/stakes.py) in the pseudo-language: no English word left on the game page's
stakes, nor in the history page's what-if sentences (issue 31). A value the core refuses
is said in the core's own words (English, as every core refusal)."""

from __future__ import annotations

import pytest

from tests.helpers import play, start
from tests.test_pseudo_language import english_left, phone  # noqa: F401 (the fixture)

# Hand 1: Alice & Cara bid 7 and take 8 (a bag); hand 2: set by 2.
HANDS = (((4, 3, 3, 3), (5, 3, 3, 2)), ((4, 3, 3, 3), (3, 5, 2, 3)))


@pytest.fixture
def game(phone):  # noqa: F811 (the fixture above)
    game_id = start(
        phone,
        rule_hand_limit="3",
        rule_blind_nil_trailing_by="100",
        rule_blind_bids_from="6",
        rule_set_out_after="2",
    )
    for number, (bids, tricks) in enumerate(HANDS, 1):
        play(phone, game_id, number, bids, tricks)
    return game_id


@pytest.mark.parametrize(
    "asked",
    [
        "",
        "?rule=bag_limit&value=1",
        "?rule=target&value=50",
        "?rule=nil&value=off",
        "?rule=hand_limit&value=1",
        "?rule=missed_contract&value=zero",
    ],
)
def test_the_what_if_sentences_are_in_the_pseudo_language(phone, game, asked):  # noqa: F811
    page = phone.get(f"/games/{game}/history{asked}")
    assert page.status_code == 200
    assert not english_left(page.get_data(as_text=True))


def test_the_stakes_are_in_the_pseudo_language(phone, game):  # noqa: F811
    page = phone.get(f"/games/{game}").get_data(as_text=True)
    assert "stake" in page  # the stakes' lines are shown
    assert not english_left(page)
