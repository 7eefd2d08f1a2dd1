"""The hand forms: radio groups for each seat's bid and the tricks, built once per table
shape, and the readers that turn a sent form into bids and tricks, errors beside their seats."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, RadioField
from wtforms.validators import InputRequired

from ..core.checks import typed_count
from ..core.next_hand import Choice
from ..core.scoring import NILS, Bid, Table
from .forms import WholeNumberField, _choices
from .widgets import Hidden


class HandForm(FlaskForm):
    """The fields every hand form carries: which hand, and which version of it."""

    number = WholeNumberField("Hand", widget=Hidden(), validators=[InputRequired()])
    version = WholeNumberField("Version", widget=Hidden(), validators=[InputRequired()])


UNTICKED = (False, "false", "", "0")  # a blind toggle sent unticked


def _pick(label: str, choices: Iterable[tuple[str, str]], default: str | None = None) -> RadioField:
    """One seat's or side's choices, as radio chips."""
    return RadioField(label, choices=_choices(choices), default=default, validate_choice=False)


def hand_form(
    table: Table,
    *,
    bids: tuple[tuple[Choice, ...], ...] = (),
    tricks: str | None = None,
    nil_seats: tuple[int, ...] | None = None,
    **values: Any,
) -> HandForm:
    """A hand form of radio groups: each seat's bid (`bids`: the choices the core's next
    hand offers each seat) and/or the tricks, entered by seat (`tricks="seat"`) or by
    side (`"side"`: one count a side, and each nil bidder's own count; `nil_seats` None
    gives every seat one, as an edit needs)."""
    shape = _hand_form_class(table, bids, tricks, nil_seats)
    return shape(data=values)


def blind_toggles(form: HandForm) -> tuple[int, ...]:
    """The sides whose blind toggle the sent bids form ticks; whether they may bid blind
    is the core's check when the bids are saved."""
    return tuple(
        side
        for side in range(len(form.meta.table.sides))  # type: ignore[attr-defined]
        if f"blind_side_{side}" in form and form[f"blind_side_{side}"].data
    )


@lru_cache(maxsize=1024)
def _hand_form_class(
    table: Table,
    bids: tuple[tuple[Choice, ...], ...],
    tricks: str | None,
    nil_seats: tuple[int, ...] | None,
) -> type[HandForm]:
    """The form class of one table shape, built once: making a WTForms class and its
    fields costs more than filling in a form, and a table uses the same few shapes."""

    class Form(HandForm):
        pass

    counts = [(str(n), str(n)) for n in range(table.tricks_per_hand + 1)]
    for seat, name in enumerate(table.players):
        if bids:
            setattr(Form, f"bid_{seat}", _pick(f"{name} bid", bids[seat]))
            if seat < len(table.sides):  # the bids step's blind toggles, one a side
                setattr(
                    Form, f"blind_side_{seat}", BooleanField(false_values=(False, "false", "", "0"))
                )
        if tricks == "seat" or (tricks == "side" and (nil_seats is None or seat in nil_seats)):
            default = "0" if tricks == "side" else None
            setattr(Form, f"tricks_{seat}", _pick(f"{name} tricks", counts, default))
    if tricks == "side":
        for side in range(len(table.sides)):
            setattr(Form, f"side_{side}", _pick(f"{table.side_name(side)} tricks", counts))
    return Form


def _number(field: Field, top: int) -> int | None:
    value = typed_count(field.data)
    return value if value is not None and value <= top else None


def _count(field: Field, name: str, top: int) -> int | None:
    """The tricks a group holds, or None with the error set beside it, in plain words."""
    took = _number(field, top)
    if took is None:
        field.errors.append(
            f"{name}'s tricks are missing"
            if field.data in (None, "")
            else f"{name}'s tricks must be a number from 0 to {top}"
        )
    return took


def read_bids(form: HandForm, table: Table) -> list[Bid] | None:
    """The bids a form holds, or None with every error set beside its seat."""
    result: list[Bid] = []
    for seat, name in enumerate(table.players):
        field = form[f"bid_{seat}"]
        offered = {choice.value for choice in field.choices}
        if field.data in (None, "", "None"):
            field.errors.append(f"{name}'s bid is missing")
        elif field.data not in offered:
            field.errors.append(f"{name}'s bid must be one of the choices shown")
        elif field.data in NILS:
            result.append(field.data)
        else:
            result.append(int(field.data))
    return result if len(result) == len(table.players) else None


def read_tricks(
    form: HandForm,
    table: Table,
    bids: list[Bid] | tuple[Bid, ...] | None = None,
) -> tuple[list[int | None], list[int] | None] | None:
    """Per-seat tricks (None where counted with the side) and the side counts (None
    when entered by seat), or None with every error set beside its group. Whether they
    add up to the deal is the core's check (its refusal goes beside the sides' counts)."""
    top, ok = table.tricks_per_hand, True
    by_side = "side_0" in form
    tricks: list[int | None] = []
    for seat, name in enumerate(table.players):
        field = form[f"tricks_{seat}"] if f"tricks_{seat}" in form else None
        wanted = not by_side or (bids is not None and bids[seat] in NILS)
        if field is None or not wanted:
            tricks.append(None)
            continue
        took = _count(field, name, top)
        ok = ok and took is not None
        tricks.append(took)
    sides: list[int] | None = None
    if by_side:  # the counts alone: whether they add up to the deal, the core says
        sides = []
        for side in range(len(table.sides)):
            took = _count(form[f"side_{side}"], table.side_name(side), top)
            ok = ok and took is not None
            sides.append(took or 0)
    return (tricks, sides) if ok else None
