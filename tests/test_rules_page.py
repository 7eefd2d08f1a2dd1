"""The rules page explains, in words, every house rule as this game has it set."""

from __future__ import annotations

import pytest

from scorepad.core.rules import validate_rules
from scorepad.core.scoring import Hand
from scorepad.store import storage
from scorepad.web.db import get_db
from tests.conftest import partnership
from tests.helpers import text


def rules_words(app, client, hands=(), start=None, ended=False, **rules) -> str:
    with app.app_context():
        game_id = storage.create_game(
            get_db(),
            partnership(),
            validate_rules(rules, "partnership"),
            hands,
            start=start,
            ended=ended,
        )
    return " ".join(text(client.get(f"/games/{game_id}/rules")).split())


@pytest.mark.parametrize(
    "rules,said,not_said",
    [
        (
            {"zero_bid": "nil"},
            ["Saying 0 is the same as saying nil."],
            ["ordinary bid of no tricks"],
        ),
        (
            {"zero_bid": "bid"},
            [
                "A bid of 0 is an ordinary bid of no tricks, not a nil",
                "every trick it wins is an extra trick",
            ],
            ["Saying 0 is the same"],
        ),
        ({"blind_bid": 0}, ["Nobody bids blind in this game"], ["call its bid blind"]),
        (
            {"blind_bid": 6, "blind_bid_trailing_by": 150},
            [
                "when that bid is 6 tricks or more and it is at least 150 points behind",
                "A blind bid counts double",
            ],
            ["Nobody bids blind"],
        ),
        (
            {"blind_bid": 7, "blind_bid_trailing_by": 0},
            ["when that bid is 7 tricks or more, whatever the score"],
            ["points behind the leader"],
        ),
        ({"boston": "off"}, ["earns the usual points for that bid"], ["on the spot"]),
        ({"boston": "win"}, ["Bid all 13 tricks", "the game is yours on the spot"], ["worth 500"]),
        (
            {"boston": "bonus", "boston_bonus": 750},
            ["that bid is worth 750 instead"],
            ["on the spot"],
        ),
        ({"boston": "bonus", "boston_bonus": 300, "blind_bid": 6}, ["(600 if bid blind)"], []),
        ({"set_out": 3}, ["falls short of its bid 3 hands running is out"], []),
        ({"set_out": 0}, [], ["hands running is out"]),
        ({"hand_limit": 12}, ["at most 12 hands", "once hand 12 is played"], ["no limit"]),
        ({"hand_limit": 0}, ["There is no limit on the number of hands."], ["at most"]),
    ],
)
def test_each_rule_setting_is_said_in_words(app, client, rules, said, not_said):
    words = rules_words(app, client, **rules)
    for phrase in said:
        assert phrase in words, phrase
    for phrase in not_said:
        assert phrase not in words, phrase


def test_a_game_from_paper_and_ended_early_says_so(app, client):
    hands = (Hand((3, 3, 3, 4), (3, 3, 3, 4)),)
    words = rules_words(app, client, hands, start=((120, 3), (80, 1)), ended=True)
    assert "carried on from a score kept on paper" in words
    assert "Alice & Cara began here with 120 points and 3 bags" in words
    assert "Ben & Dev began here with 80 points and 1 bag." in words
    assert "stopped it early, after hand 1" in words
    assert "Alice & Cara were in front then and took the game" in words  # 180 to 150


def test_an_ordinary_game_says_nothing_of_paper_or_an_early_end(app, client):
    words = rules_words(app, client)
    assert "paper" not in words and "stopped it early" not in words


def test_rules_about_partners_are_offered_and_shown_at_partnership_tables_only(client):
    from scorepad.core.rules import RULE_SPECS, specs_for
    from tests.helpers import start

    about_partners = {spec.key for spec in RULE_SPECS if spec.for_partnerships}
    assert {"suicide", "set_out", "double_nil", "renege_tricks"} <= about_partners
    assert not about_partners & {spec.key for spec in specs_for("cutthroat")}
    cutthroat = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3")
    settings = client.get(f"/games/{cutthroat}/settings").get_data(as_text=True)
    shown = client.get(f"/games/{cutthroat}").get_data(as_text=True)
    partners = start(client)
    settings_p = client.get(f"/games/{partners}/settings").get_data(as_text=True)
    shown_p = client.get(f"/games/{partners}").get_data(as_text=True)
    for key in about_partners:
        assert f'name="rule_{key}"' not in settings and f'name="rule_{key}"' in settings_p
        label = next(spec.label for spec in RULE_SPECS if spec.key == key)
        assert label not in shown and label in shown_p
    new = client.get("/games/new").get_data(as_text=True)
    for key in about_partners:  # the page hides them when a cutthroat table is chosen
        at = new.index(f'name="rule_{key}"')
        assert new.rfind("<div data-partners>", 0, at) > new.rfind("</div>", 0, at)
