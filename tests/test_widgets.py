"""The radio chips drawn by web/widgets.py: the same markup as the template drew."""

from __future__ import annotations

from scorepad.core.records import Table
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.web.hand_forms import hand_form
from scorepad.web.widgets import chips


def test_chips_mark_the_chosen_one_and_keep_ids_labels_and_wide_nils(app):
    table = Table("partnership", ("Ann", "Bob", "Cat", "Dan"), 0)
    # Ann & Cat trail by 200: only they may bid blind nil (the core's next hand says so)
    hand = score_game(table, Rules(blind_nil_trailing_by=100), [], ((0, 0), (200, 0))).next_hand
    assert hand.blind_nil == (True, False)
    with app.test_request_context():
        form = hand_form(table, bids=hand.bids, bid_0="nil", bid_1="4")
        nils = ("nil", "blind_nil")  # the core's nil values, which the page marks as own
        nil, four, none = (chips(form.bid_0, nils), chips(form.bid_1, nils), chips(form.bid_3))
    assert nil.count("<label") == 15  # 1 to 13, nil and blind nil
    assert '<label class="chip wide"><input checked id="bid_0-13" name="bid_0" ' in nil
    assert 'type="radio" value="nil" data-own><span>Nil</span></label>' in nil
    assert "wide" not in none and "data-own" not in none  # nothing given as own
    assert '<input checked id="bid_1-3" name="bid_1" type="radio" value="4">' in four
    assert four.count("checked") == 1 and "checked" not in none
    assert "Blind nil" not in none and "Blind nil" in nil  # Dan's side may not bid blind


def test_the_hand_forms_check_their_choices_themselves(app):
    """WTForms checks each chip group against the choices offered, in scorepad's words;
    the readers only turn the checked values into bids and tricks."""
    table = Table("partnership", ("Ann", "Bob", "Cat", "Dan"), 0)
    bids = score_game(table, Rules(), []).next_hand.bids
    sent = {"number": "1", "version": "0", "bid_0": "14", "bid_1": "nil", "bid_2": "3"}
    with app.test_request_context(method="POST", data=sent):
        form = hand_form(table, bids=bids, tricks="seat")
        assert form.bid_0.validate_choice and form.tricks_0.validate_choice
        assert not form.validate()
        assert form.bid_0.errors == ["Ann's bid must be one of the choices shown"]
        assert form.bid_3.errors == ["Dan's bid is missing"]
        assert form.tricks_0.errors == ["Ann's tricks are missing"]
        assert form.bid_1.errors == [] and form.bid_2.errors == []


def test_a_hand_forms_hidden_fields_are_drawn_as_flask_wtf_draws_them(app):
    """HandForm.hidden_tag writes the plain hidden inputs out itself: the same markup as
    Flask-WTF's, CSRF token included, a sent value escaped, a field given extra
    attributes still drawn by its widget."""
    from flask_wtf import FlaskForm

    table = Table("partnership", ("Ann", "Bob", "Cat", "Dan"), 0)
    app.config["WTF_CSRF_ENABLED"] = True
    sent = {"number": '3"><b>', "version": "7"}
    with app.test_request_context(method="POST", data=sent):
        form = hand_form(table, tricks="seat")
        drawn = form.hidden_tag()
        assert drawn == FlaskForm.hidden_tag(form)
        assert drawn.count("<input") == 3 and 'name="csrf_token"' in drawn
        assert 'value="3&#34;&gt;&lt;b&gt;"' in drawn
        form.version.render_kw = {"data-x": "1"}
        assert form.hidden_tag() == FlaskForm.hidden_tag(form)
        assert 'data-x="1"' in form.hidden_tag()
        assert form.hidden_tag("number") == FlaskForm.hidden_tag(form, "number")


def test_kept_chip_groups_are_the_macros_own_markup_for_each_value_and_hand(app):
    """kept_fields draws a hand form's groups once per form shape, values and hand
    shape: what it gives is what the macro draws, a changed value or dealer is drawn
    anew, and a form with errors is drawn each time, its errors shown."""
    from scorepad.web.widgets import kept_fields

    table = Table("partnership", ("Ann", "Bob", "Cat", "Dan"), 0)
    score = score_game(table, Rules(), [])
    hand = score.next_hand
    later = score_game(Table("partnership", ("Ann", "Bob", "Cat", "Dan"), 1), Rules(), [])
    with app.test_request_context():
        macros = app.jinja_env.get_template("_macros.html").module
        bids = macros.bid_fields  # type: ignore[attr-defined]
        for values in ({}, {"bid_0": "4"}, {"bid_0": "4"}, {"bid_0": "5"}):
            form = hand_form(table, bids=hand.bids, **values)
            assert kept_fields(bids, form, table, hand) == bids(form, table, hand)
        form = hand_form(table, bids=hand.bids)
        moved = later.next_hand  # another dealer: another bidding order
        assert moved.order != hand.order
        assert kept_fields(bids, form, table, moved) == bids(form, table, moved)
        form.bid_2.errors = ["Cat's bid is missing"]
        drawn = kept_fields(bids, form, table, hand)
        assert "Cat&#39;s bid is missing" in drawn and drawn == bids(form, table, hand)
        tricks = macros.trick_fields  # type: ignore[attr-defined]
        form = hand_form(table, tricks="side", nil_seats=(1,), tricks_1="0")
        for sent in ([3, "nil", 4, 5], [3, "nil", 4, 6]):
            drawn = kept_fields(tricks, form, table, hand, sent)
            assert drawn == tricks(form, table, hand, sent)
            assert kept_fields(tricks, form, table, hand, sent) is drawn  # kept
