"""What a game's hand forms show of a command's refusal (the forms: hand_forms.py)."""

from __future__ import annotations

import sqlite3

from scorepad.web.catalogue import gettext

from ..core.errors import GameError, TricksTotal
from ..core.records import Table
from ..core.rules import SPECS
from ..store.outcomes import AlreadySaved, RemovesHands, SeatTaken
from . import errors
from .hand_forms import HandForm
from .outcomes import say
from .respond import Page, Words, game_words
from .words import bid_text, tricks_total
from .words.core_words import core_text
from .words.game_done import hand_saved

# Refusals of a hand's bids taken together (the table's total): said after the rule's name.
TABLE_RULES = ("min_table_bid",)


def attach(form: HandForm, err: GameError) -> None:
    """Put a refusal beside the group it names, else above the form, in plain words."""
    said = core_text(err.detail)
    later = bool(err.hand) and err.hand != form.number.data  # a later hand a fix breaks
    if later:  # named, and said above the form: this hand's own fields are not at fault
        said = gettext("hand %(number)s: %(why)s", number=err.hand, why=said)
    detail = said[:1].upper() + said[1:]
    if err.rule in TABLE_RULES:  # the table's bids as a whole: the rule's name, then why
        detail = gettext("%(field)s: %(why)s", field=core_text(SPECS[err.rule].label), why=said)
    if isinstance(err, TricksTotal):
        detail = tricks_total(err.total, err.expected, by_side=err.field == "side_tricks")
    names = []
    if later:
        pass
    elif err.field == "side_tricks":
        names = [name for name in ("side_1", "side_0") if name in form]
    elif err.seat is not None and err.field != "blind":  # blind: the side's toggle, above
        row = "tricks" if err.field == "tricks" else "bid"
        names = [f"{row}_{err.seat}"]
        if row == "tricks" and "side_0" in form:
            table: Table = form.meta.table  # type: ignore[attr-defined]
            side = table.side_of(err.seat)
            # a side's refusal goes by its nil bidder's own row (the one shown), else the side
            names += [f"tricks_{seat}" for seat in table.sides[side]]
            names.append(f"side_{side}")
    for name in names:
        if name in form:
            form[name].errors = [*form[name].errors, detail]
            return
    form.form_errors.append(detail)


def beside(form: HandForm) -> Page:
    """The refusals a hand form shows again beside its fields: the core's, the hands a fix
    would remove (to confirm), each a 400; a seat's bid in from its phone since the form
    was drawn, above it (the form again with that bid chosen, the scorer's other choices
    kept: `form.phones_since`); a server that cannot write, above the form."""

    def shown(err: Exception) -> int | None:
        if isinstance(err, SeatTaken):
            form.phones_since = True  # type: ignore[attr-defined]  # the page chooses them
            again = gettext(
                "%(name)s's %(bid)s is chosen below, with the bids you chose: check them "
                "and save again.",
                name=err.stored.game.table.players[err.seat] if err.stored else "",
                bid=bid_text(err.bid),
            )
            form.form_errors.append(f"{say(err)} {again}")
            return 400
        if isinstance(err, RemovesHands):
            form.removes = err  # type: ignore[attr-defined]  # the page asks to confirm
            attach(form, GameError(say(err), hand=err.number))
            return 400
        if isinstance(err, GameError):
            attach(form, err)
            return 400
        if isinstance(err, sqlite3.OperationalError):
            message, status = errors.storage_problem(err)
            form.form_errors.append(message)
            return status
        return None

    return shown


def hand_words(step: str | None = None, number: int | None = None) -> Words:
    """A hand form's other refusals in words; the same form saved before: its `step`
    ("bids", "tricks") of hand `number` saved (said only then: a save says no words)."""

    def words(err: Exception) -> str | None:
        if isinstance(err, AlreadySaved):
            return hand_saved(err.number if number is None else number, step)
        return game_words(err)

    return words
