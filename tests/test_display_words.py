"""The words pages read out: a true minus, each side as one sentence, the hand just saved."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rule_table import RULE_SPECS
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web import words
from scorepad.web.words.stakes import setting_text

TABLE = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))


@pytest.mark.parametrize(
    ("value", "number", "signed"),
    [
        (0, "0", "0"),
        (71, "71", "+71"),
        (-130, "\u2212130", "\u2212130"),
        (-1, "\u22121", "\u22121"),
    ],
)
def test_negative_numbers_carry_a_true_minus(value, number, signed):
    assert words.number(value) == number and words.signed(value) == signed


def test_each_side_reads_as_one_sentence_with_its_last_hand():
    score = score_game(TABLE, Rules(bag_limit=5), [Hand((4, 5, 3, NIL), (5, 5, 3, 0))])
    assert words.side_sentence(score, 0) == (
        "Alice & Cara: 71 points, 1 bag of 5, 429 to go; hand 1: +71, made 8 of 7 (1 bag)."
    )
    assert words.side_sentence(score, 1) == (
        "Ben & Dev: 150 points, 0 bags of 5, 350 to go; hand 1: +150, made 5 of 5, Dev's nil made."
    )
    assert words.hand_sentence(score) == (
        "Hand 1: Alice & Cara made 8 of 7 (1 bag); Ben & Dev made 5 of 5, Dev's nil made. "
        "71 to 150."
    )


def test_a_total_of_one_point_is_read_out_as_one_point():
    score = score_game(TABLE, Rules(), [Hand((4, 4, 4, 1), (4, 4, 4, 1), adjust=(-79, 0))])
    assert words.side_sentence(score, 0).startswith("Alice & Cara: 1 point, 0 bags of 10,")
    assert words.side_sentence(score, 1).startswith("Ben & Dev: 50 points,")


def test_a_hand_that_bid_itself_says_the_tricks_each_side_took():
    rules = Rules(first_hand="bids_itself")
    score = score_game(TABLE, rules, [Hand(None, (4, 3, 1, 5))])
    assert words.result_words(TABLE, 0, score.hands[0].sides[0]) == "5 tricks taken"
    assert words.hand_sentence(score).startswith("Hand 1: Alice & Cara 5 tricks taken; Ben & Dev 8")


def test_before_any_hand_there_is_nothing_to_read_out():
    score = score_game(TABLE, Rules(), [])
    assert words.hand_sentence(score) == ""
    assert words.side_sentence(score, 0) == "Alice & Cara: 0 points, 0 bags of 10, 500 to go."


def test_a_set_side_below_zero_reads_with_a_minus():
    score = score_game(TABLE, Rules(), [Hand((4, 3, 4, 3), (3, 5, 2, 3))])
    assert words.hand_sentence(score) == (
        "Hand 1: Alice & Cara set by 3; Ben & Dev made 8 of 6 (2 bags). \u221280 to 62."
    )


@pytest.mark.parametrize(
    ("start", "to_go", "said"),
    [
        ((380, 0), (120, 500), ["120 to go", "500 to go"]),
        ((499, 0), (1, 500), ["1 to go", "500 to go"]),
    ],
)
def test_what_is_to_go_is_the_cores_figure(start, to_go, said):
    score = score_game(TABLE, Rules(), [], (start, (0, 0)))
    assert score.to_go == to_go
    assert [words.to_go(score, side) for side in (0, 1)] == said


def test_at_the_target_and_set_by_are_the_cores_figures():
    tied = score_game(
        TABLE, Rules(hand_limit=1), [Hand((3, 3, 3, 3), (4, 3, 3, 3))], ((440, 0), (441, 0))
    )
    assert tied.status == "playing" and tied.to_go == (0, 0)
    assert words.to_go(tied, 0) == "at the target"
    set_hand = score_game(TABLE, Rules(), [Hand((4, 4, 3, 3), (2, 4, 3, 4))]).hands[0].sides
    assert (set_hand[0].made, set_hand[0].set_by, set_hand[1].set_by) == (False, 2, 0)
    assert "set by 2" in words.result_words(TABLE, 0, set_hand[0])


def test_who_won_is_worded_once_for_every_table():
    hands = [Hand((3, 3, 3, 3), (4, 3, 3, 3))]
    won = score_game(TABLE, Rules(), hands, ((450, 0), (0, 0)))
    cut = Table("cutthroat", ("Ana", "Bo", "Cy"))
    alone = score_game(cut, Rules(), [Hand((4, 4, 4), (5, 6, 6))], ((460, 0), (0, 0), (0, 0)))
    assert (won.status, alone.status) == ("finished", "finished")
    assert words.winner_text(won) == "Alice & Cara win"
    assert words.winner_text(alone) == "Ana wins"
    assert words.outcome_text(won) == "Alice & Cara win 511 to 60"


def test_the_last_played_hand_is_the_latest_with_tricks():
    played = [Hand((3, 3, 3, 4), (3, 3, 3, 4)), Hand((4, 4, 3, 4), (4, 3, 3, 3))]
    assert words.last_played(score_game(TABLE, Rules(), [])) is None
    assert words.last_played(score_game(TABLE, Rules(), played)).number == 2
    # the hand in play (bids only) is not the last played one
    pending = score_game(TABLE, Rules(), [*played, Hand((3, 3, 3, 3))])
    assert words.last_played(pending).number == 2
    assert words.last_played(score_game(TABLE, Rules(), [Hand((3, 3, 3, 3))])) is None


def _field(label: str, *errors: str) -> SimpleNamespace:
    """A field as a hand form draws it: a seat's or side's names its `who` (its label's
    name), left out when its refusal says so."""
    who, _space, kind = label.rpartition(" ")
    seat = kind in ("bid", "tricks")
    return SimpleNamespace(
        label=SimpleNamespace(text=label),
        errors=list(errors),
        name=f"{kind}_0" if seat else label.lower(),
        who=who if seat else None,
        raw_data=[] if any(e.endswith("missing") for e in errors) else ["13"],
    )


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ([_field("Ann bid", "Ann's bid is missing"), _field("Bo bid")], "Ann's bid is missing."),
        (
            [_field(f"{n} bid", f"{n}'s bid is missing") for n in ("Ann", "Bo", "Cat")],
            "no bid yet from Ann, Bo and Cat.",
        ),
        (
            [
                _field("Ann & Cat tricks", "Ann & Cat's tricks are missing"),
                _field("Bo & Di tricks", "Bo & Di's tricks are missing"),
                _field("Di tricks", "Di's tricks must be a number from 0 to 13."),
            ],
            "no tricks yet for Ann & Cat and Bo & Di. Di's tricks must be a number from 0 to 13.",
        ),
        ([_field("Target", "Target is missing")], "Target is missing."),
    ],
)
def test_a_refusal_names_every_field_and_the_missing_ones_at_once(fields, said):
    assert words.not_saved(fields) == said


@pytest.mark.parametrize("spec", [s for s in RULE_SPECS if s.kind == "choice"], ids=str)
def test_a_choice_rule_reads_as_a_setting_in_a_sentence(spec):
    for value, said in spec.choices:
        assert setting_text(spec.key, value) == f"{spec.label.lower()} set to \u201c{said}\u201d"


def test_a_switch_and_a_number_read_as_settings():
    assert setting_text("nil", False) == "nil bids off"
    assert setting_text("bag_points", 0) == "points per bag set to 0"


def test_the_charts_axis_says_a_negative_total_with_the_true_minus(app):
    import re

    from scorepad.core.records import Hand, Table
    from scorepad.core.rules import Rules
    from scorepad.core.scoring import score_game
    from scorepad.web.chart import score_chart

    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    score = score_game(table, Rules(target=250), [Hand((4, 4, 4, 4), (3, 3, 3, 4))])
    with app.test_request_context():
        svg = str(score_chart(score))
    labels = re.findall(r'text-anchor="end">([^<]+)</text>', svg)
    assert "\u221280" in labels and not any(label.startswith("-") for label in labels)


def test_a_club_nights_standings_say_negatives_with_the_true_minus(client, app):
    import re

    from scorepad.store.events import load_event
    from scorepad.web.db import get_db
    from tests.test_season_store import imported_night

    with app.app_context():
        event = load_event(get_db(), imported_night(get_db()))
        assert event is not None
        token = event.view_token
    page = client.get(f"/events/screen/{token}/results").get_data(as_text=True)
    cells = re.findall(r"<td>([^<]*)</td>", page)
    assert any(cell.startswith("\u2212") for cell in cells)
    assert not any(re.fullmatch(r"-\d+", cell) for cell in cells)
