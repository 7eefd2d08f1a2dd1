"""Two hand forms of the same table shape share no WTForms object: what one form's
fields are given or changed (errors, choices, label, flags) never shows on another's."""

from __future__ import annotations

import pytest

from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web.hand_forms import hand_form
from tests.helpers import partnership

SENT = {"number": "1", "version": "0", "bid_0": "14"}


def _two_forms(app, method: str = "POST"):
    table = partnership()
    bids = score_game(table, Rules(), []).next_hand.bids
    with app.test_request_context(method=method, data=SENT):
        one, other = hand_form(table, bids=bids), hand_form(table, bids=bids)
        one.validate(), other.validate()
    return one, other


def test_an_error_appended_on_one_form_is_not_on_another(app):
    one, other = _two_forms(app)
    before = list(other.bid_2.errors)
    one.bid_2.errors.append("Taken by another phone")
    assert list(other.bid_2.errors) == before
    assert "Taken by another phone" not in other.errors.get("bid_2", [])


@pytest.mark.parametrize(
    "change, seen",
    [
        (
            lambda field: field.choices.append(("99", "99")),
            lambda field: ("99", "99") in field.choices,
        ),
        (
            lambda field: setattr(field.label, "text", "Changed"),
            lambda field: field.label.text == "Changed",
        ),
        (
            lambda field: setattr(field.flags, "marked", True),
            lambda field: bool(field.flags.marked),
        ),
    ],
    ids=["choices", "label", "flags"],
)
def test_a_field_changed_on_one_form_is_unchanged_on_another(app, change, seen):
    one, other = _two_forms(app)
    change(one.bid_1)
    assert seen(one.bid_1) and not seen(other.bid_1)
    assert one.bid_1 is not other.bid_1


def test_a_form_made_later_is_untouched_by_an_earlier_ones_changes(app):
    one, _ = _two_forms(app)
    one.bid_3.choices.append(("99", "99"))
    one.bid_3.label.text = "Changed"
    later, _ = _two_forms(app, method="GET")
    assert ("99", "99") not in later.bid_3.choices and later.bid_3.label.text != "Changed"


def test_a_form_says_its_refusals_only_when_it_refuses(app, monkeypatch):
    """Issue 40: making a hand form says no words (each field's refusal is said when a
    refusal reads it); a refused one still says each in the request's language."""
    from scorepad.web import catalogue

    said = []
    real = catalogue.translations
    monkeypatch.setattr(catalogue, "translations", lambda: said.append(1) or real())
    table = partnership()
    bids = score_game(table, Rules(), []).next_hand.bids
    sent = {"number": "1", "version": "0", **{f"bid_{s}": "3" for s in range(4)}}
    with app.test_request_context(method="POST", data=sent):
        hand_form(table, bids=bids), hand_form(table, tricks="seat")
        assert said == []
    wrong = {"number": "x", "version": "0", "bid_0": "99"}
    with app.test_request_context(method="POST", data=wrong, headers={"Cookie": "lang=es"}):
        form = hand_form(table, bids=bids)
        assert not form.validate()
        assert form.number.errors == ["Hand: escribe un número entero"]
        assert str(form.bid_0.errors[0]).startswith("La apuesta de Alice debe ser una de")
