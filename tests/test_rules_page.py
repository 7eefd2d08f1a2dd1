"""The rules page explains, in words, every house rule as this game has it set."""

from __future__ import annotations

import re

import pytest

from scorepad.core.records import Hand, Table
from scorepad.core.rules import validate_rules
from scorepad.core.scoring import score_game
from scorepad.web.db import get_db
from scorepad.web.words.rules import rules_sections
from tests.helpers import imported, partnership, text
from tests.live import ROOT


def rules_words(app, client, hands=(), start=None, ended=False, **rules) -> str:
    with app.app_context():
        game_id = imported(
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
    shown = client.get(f"/games/{cutthroat}/rules").get_data(as_text=True)  # the full list
    partners = start(client)
    settings_p = client.get(f"/games/{partners}/settings").get_data(as_text=True)
    shown_p = client.get(f"/games/{partners}/rules").get_data(as_text=True)
    for key in about_partners:
        assert f'name="rule_{key}"' not in settings and f'name="rule_{key}"' in settings_p
        label = next(spec.label for spec in RULE_SPECS if spec.key == key)
        assert label not in shown and label in shown_p
    new = client.get("/games/new").get_data(as_text=True)
    for key in about_partners:  # the page hides them when a cutthroat table is chosen
        at = new.index(f'name="rule_{key}"')
        assert new.rfind("<div data-partners>", 0, at) > new.rfind("</div>", 0, at)
    # hidden, they keep their defaults, whatever the hidden fields held when sent
    from tests.helpers import load

    sent = {"rule_double_nil": None, "rule_suicide": "y", "rule_set_out": "3"}  # not defaults
    sent["rule_renege_tricks"] = "5"
    hidden = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3", **sent)
    rules = load(client.application, hidden).game.rules
    assert {key: getattr(rules, key) for key in about_partners} == {
        spec.key: spec.default for spec in RULE_SPECS if spec.for_partnerships
    }


# The words themselves, built from the table, the rules and the score without a page.

CUTTHROAT_3 = Table("cutthroat", ("Ana", "Bo", "Cy"))
CUTTHROAT_4 = Table("cutthroat", ("Ana", "Bo", "Cy", "Di"))


def sections(table=None, hands=(), start=None, ended=False, **rules) -> dict[str, str]:
    """Each heading of the rules page with its paragraphs run together."""
    table = table or partnership()
    score = score_game(table, validate_rules(rules, table.mode), hands, start, ended)
    return {s.heading: " ".join(s.paragraphs) for s in rules_sections(score)}


@pytest.mark.parametrize(
    "table,rules,heading,said,not_said",
    [
        (None, {}, "The table", ["Alice & Cara against Ben & Dev", "13 tricks"], ["17"]),
        (
            CUTTHROAT_3,
            {},
            "The table",
            [
                "Cutthroat: 3 players, each on their own (Ana, Bo, Cy)",
                "holds 17 cards",
                "17 tricks",
            ],
            ["13"],
        ),
        (CUTTHROAT_4, {"deck": "jokers"}, "The table", ["two jokers are in the deck"], []),
        (None, {"bidding": "mirror"}, "The table", ["mirror style", "cannot check"], ["whiz"]),
        (None, {"bidding": "whiz"}, "The table", ["whiz style", "cannot check"], ["mirror"]),
        (None, {"bidding": "open"}, "The table", [], ["style", "cannot check"]),
        (
            None,
            {"blind_nil_trailing_by": 200},
            "Bids",
            ["or blind nil to promise none", "only open to a team that is 200 points or more"],
            [],
        ),
        (
            CUTTHROAT_3,
            {"blind_nil_trailing_by": 200},
            "Bids",
            ["only open to a player that is 200 points"],
            ["team"],
        ),
        (None, {"blind_nil": False}, "Bids", ["or nil to promise none at all."], ["blind nil"]),
        (
            None,
            {"nil": False},
            "Bids",
            ["expect to win.", "A bid of 0 asks for no tricks at all."],
            ["nil"],
        ),
        (None, {"double_nil": False}, "Bids", ["Only one player of a team may go nil"], []),
        (None, {"double_nil": False, "nil": False}, "Bids", [], ["go nil"]),
        (CUTTHROAT_4, {}, "Bids", [], ["Only one player of a team"]),
        (None, {"suicide": True}, "Bids", ["exactly one player of each team must bid nil"], []),
        (None, {"min_side_bid": 4}, "Bids", ["A team must bid at least 4 tricks in total."], []),
        (
            None,
            {"zero_bid": "bid", "bag_points": 2},
            "Bids",
            ["although one of them bid a number", "an extra trick: 2 points and a bag each."],
            [],
        ),
        (
            CUTTHROAT_3,
            {"zero_bid": "bid", "nil": False},
            "Bids",
            ["not a nil.", "although they bid a number", "a point and a bag each"],
            ["has to say nil"],
        ),
        (None, {"blind_nil": True}, "Blind contracts", ["(blind nil apart)"], []),
        (None, {"nil": False}, "Blind contracts", ["after looking at the cards."], ["apart"]),
        (
            None,
            {},
            "Making the bid",
            ["you score 10 for each trick bid, plus 1 for each extra trick.", "lose 10 for each"],
            ["200"],
        ),
        (
            None,
            {"ten_for_two_hundred": True},
            "Making the bid",
            ["(a bid of 10 or more is worth 200 flat)", "(200 for a bid of 10 or more)."],
            [],
        ),
        (
            None,
            {"missed_contract": "zero", "ten_for_two_hundred": True, "bag_points": 0},
            "Making the bid",
            ["the bid scores nothing, except a bid of 10 or more, which still loses 200."],
            ["extra trick"],
        ),
        (
            None,
            {"nil_value": 150},
            "Nil",
            ["A nil kept is worth 150; a nil broken costs 150.", "Blind nil doubles both: 300."],
            [],
        ),
        (None, {"blind_nil": False}, "Nil", ["worth 100"], ["Blind nil"]),
        (
            None,
            {"nil_tricks": "bags", "bag_points": 2},
            "Nil",
            ["apart from the partner's bid", "do not help the partner; each scores 2"],
            [],
        ),
        (None, {"nil_tricks": "partner"}, "Nil", ["count towards the partner's bid"], ["bag"]),
        (None, {"nil_tricks": "none"}, "Nil", ["count for nothing"], ["bag"]),
        (CUTTHROAT_3, {"nil_tricks": "partner"}, "Nil", ["scores 1 and counts as a bag"], []),
        (CUTTHROAT_3, {"nil_tricks": "none"}, "Nil", ["count for nothing"], ["partner"]),
        (
            None,
            {"bag_limit": 5, "bag_penalty": 50},
            "Bags",
            ["Each time a team reaches 5 bags it loses 50 points and keeps counting"],
            [],
        ),
        (
            CUTTHROAT_3,
            {"bag_remainder": "drop"},
            "Bags",
            ["Each time players reach 10 bags they lose 100", "their count starts again from zero"],
            ["keep counting"],
        ),
        (None, {"bag_limit": 0}, "Bags", ["no penalty comes with them"], ["Each time"]),
        (
            None,
            {"target": 300, "loss_threshold": -200},
            "Winning",
            ["anyone reaches 300, or anyone falls to -200.", "one more hand is played"],
            ["fewer bags"],
        ),
        (
            None,
            {"tie_break": "fewer_bags", "hand_limit": 8},
            "Winning",
            [
                "the leader holding fewer bags wins, and only leaders with equal bags play",
                "at most 8 hands",
                "A shared lead goes to the leader holding fewer bags",
            ],
            ["until someone is alone"],
        ),
        (
            None,
            {"boston": "bonus", "boston_bonus": 400, "blind_bid": 13},
            "Winning",
            ["worth 400 instead of its usual points (800 if bid blind)."],
            [],
        ),
        (  # nobody can bid 17 blind with 13 tricks in a hand
            None,
            {"boston": "bonus", "boston_bonus": 400, "blind_bid": 17},
            "Winning",
            ["worth 400 instead of its usual points."],
            ["if bid blind"],
        ),
        (
            CUTTHROAT_3,
            {"boston": "win"},
            "Winning",
            ["Bid all 17 tricks of a hand", "the game is yours on the spot"],
            [],
        ),
        (None, {"renege_tricks": 1}, "Reneges", ["hands 1 trick of those it took"], []),
        (
            None,
            {"renege_tricks": 4},
            "Reneges",
            ["hands 4 tricks of those it took", "both bid nil receives none", "both teams"],
            [],
        ),
    ],
)
def test_each_rule_combination_has_its_sentences(table, rules, heading, said, not_said):
    words = sections(table, **rules)[heading]
    for phrase in said:
        assert phrase in words, phrase
    for phrase in not_said:
        assert phrase not in words, phrase


@pytest.mark.parametrize(
    "table,rules,absent",
    [
        (None, {"nil": False}, {"Nil", "This game"}),
        (CUTTHROAT_3, {}, {"Reneges", "This game"}),
        (None, {}, {"This game"}),
    ],
)
def test_sections_that_do_not_apply_are_left_out(table, rules, absent):
    headings = list(sections(table, **rules))
    everything = [
        "The table",
        "Bids",
        "Blind contracts",
        "Making the bid",
        "Nil",
        "Bags",
        "Winning",
        "Reneges",
        "This game",
    ]
    assert headings == [heading for heading in everything if heading not in absent]


def test_an_early_end_on_a_shared_lead_says_draw_or_fewer_bags():
    level = (Hand((3, 3, 3, 3), (4, 3, 3, 3)),)  # 61 to 60, one bag to none
    tied = (Hand((3, 3, 3, 3), (3, 3, 3, 4)),)  # 60 to 61 after 61 to 60: 121 each
    words = sections(hands=level + tied, ended=True)["This game"]
    assert "The lead was shared then, so it is a draw." in words
    words = sections(hands=level + tied, ended=True, tie_break="fewer_bags")["This game"]
    assert "The lead was shared then; Ben & Dev held fewer bags" not in words
    assert "it is a draw" in words  # one bag each: equal bags are still a draw
    even = (Hand((3, 3, 4, 3), (3, 3, 4, 3)),)  # 70 to 60: 160 each from 90 and 100
    start = ((90, 3), (100, 1))
    words = sections(hands=even, start=start, ended=True, tie_break="fewer_bags")["This game"]
    assert "Alice & Cara began here with 90 points and 3 bags; Ben & Dev" in words
    assert "The lead was shared then; Ben & Dev held fewer bags and took the game." in words


def test_a_cutthroat_leader_was_in_front():
    hands = (Hand((3, 3, 3), (9, 4, 4)),)
    words = sections(CUTTHROAT_3, hands, ended=True)["This game"]
    assert "Ana was in front then and took the game." in words


def test_the_rules_template_only_shows_what_it_is_given():
    source = (ROOT / "templates" / "games" / "rules.html").read_text()
    assert "{% if" not in source and "rules." not in source.replace("rules_list(", "")
    assert not re.search(r"[-+*/%] *\d|\d *[-+*/%]", source.replace("{%", "").replace("%}", ""))
