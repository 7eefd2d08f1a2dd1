"""The forms of the seat phones: a seat's own bid, and the scorer's form for the bids of
the seats not yet in; a seat link's QR code."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import HiddenInput

from scorepad.web.catalogue import gettext as _

from ..core.seats import seat_choices
from ..store import storage
from .fields import Choice, Required, WholeNumberField
from .pagemodel import SeatState
from .pages import share_qr
from .words.core_words import core_text


def seat_qr(url: str, name: str) -> Markup:
    """A QR code of a seat's link as inline SVG, titled with the player's name."""
    return share_qr(url, _("QR code of %(name)s's bidding link", name=name), scale=3)


def bid_form(name: str, choices: list[tuple[str, str]], **values: Any) -> FlaskForm:
    """A seat's own bid for the hand being bid."""

    class SeatBidForm(FlaskForm):
        number = WholeNumberField("Hand", widget=HiddenInput(), validators=[Required()])
        # The core judges the value, with a message that says what is allowed.
        bid = RadioField(
            _("%(name)s bid", name=name),
            choices=[SelectChoice(v, t) for v, t in choices],
            validators=[Required(_("%(name)s's bid is missing: choose a bid", name=name))],
            validate_choice=False,
        )

    return SeatBidForm(**values)


def missing_form(stored: storage.StoredGame, missing: list[int], **values: Any) -> FlaskForm:
    """The scorer's form for the bids of the seats `missing`."""
    score, names = stored.score(), stored.game.table.players

    class RestForm(FlaskForm):
        number = WholeNumberField("Hand", widget=HiddenInput(), validators=[Required()])

    for seat in missing:
        setattr(
            RestForm,
            f"bid_{seat}",
            Choice(
                _("%(name)s bid", name=names[seat]),
                choices=[
                    SelectChoice(v, core_text(t))
                    for v, t in [("", "-"), *seat_choices(score, seat)]
                ],
                validators=[Required(_("choose a bid"))],
            ),
        )
    return RestForm(**values)


def rest_form(stored: storage.StoredGame, state: SeatState | None) -> FlaskForm | None:
    """The scorer's form for the bids of the seats not yet in (None: no bid is missing
    from the players' phones, or no hand is being bid)."""
    table, score = stored.game.table, stored.score()
    if state is None or score.over or score.pending or state.count >= len(table.players):
        return None
    missing = [s for s in range(len(table.players)) if s not in state.waiting]
    return missing_form(stored, missing, number=stored.score().next_number)
