"""Forms for keeping a game in order: its settings, a hand's dealer and adjustment."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ..core.errors import GameError
from ..core.names import text_problem
from ..core.rules import RULE_SPECS, Rules, RulesError, specs_for, validate_rules
from ..core.scoring import Table, make_table
from .forms import WholeNumberField, _choices, _rule_field

ADJUST_LIMIT = 1000
NOTE_LIMIT = 200

NAME_LIMIT = 40


class VersionForm(FlaskForm):
    """A POST that carries the version of what it changes (a hand's or the game's)."""

    version = WholeNumberField("Version", widget=HiddenInput(), validators=[InputRequired()])


def rule_keys(table: Table) -> list[str]:
    """The house rules a table may change (those about partners only in partnerships)."""
    return [spec.key for spec in specs_for(table.mode)]


def settings_form(table: Table, rules: Rules, revision: int) -> VersionForm:
    """The names, side names and every house rule of a game, filled with what it has now."""

    class Form(VersionForm):
        pass

    values: dict[str, Any] = {"version": revision}
    for seat, name in enumerate(table.players):
        setattr(Form, f"player_{seat}", StringField(f"Player {seat + 1}"))
        values[f"player_{seat}"] = name
    if table.mode == "partnership":
        for side, seats in enumerate(table.sides):
            default = " & ".join(table.players[s] for s in seats)
            setattr(
                Form,
                f"side_{side}",
                StringField(
                    f"Name of side {side + 1}",
                    description=f"Empty: {default}",
                    render_kw={"placeholder": default},
                ),
            )
            values[f"side_{side}"] = (table.side_names or ("",) * 2)[side] or ""
    for key in rule_keys(table):
        setattr(Form, f"rule_{key}", _rule_field(next(s for s in RULE_SPECS if s.key == key)))
        values[f"rule_{key}"] = getattr(rules, key)
    return Form(data=values)


def _names(form: VersionForm, prefix: str, count: int, required: bool) -> list[str] | None:
    """Trimmed names from `count` fields, each refused beside its field if empty
    (when required), too long, or the same as another (ignoring case)."""
    names: list[str] = []
    seen: set[str] = set()
    for index in range(count):
        field = form[f"{prefix}_{index}"]
        name = (field.data or "").strip()
        if not name and required:
            field.errors.append("enter a name")
        elif len(name) > NAME_LIMIT:
            field.errors.append(f"a name is at most {NAME_LIMIT} characters")
        elif any(unicodedata.category(char) == "Cc" for char in name):
            field.errors.append("a name cannot hold control characters")
        elif name and name.casefold() in seen:
            field.errors.append(
                "another player has this name"
                if prefix == "player"
                else "the other side has this name"
            )
        seen.add(name.casefold())
        names.append(name)
    return None if any(form[f"{prefix}_{i}"].errors for i in range(count)) else names


def read_settings(form: VersionForm, table: Table) -> tuple[Table, Rules] | None:
    """The new table and rules, or None with each refusal beside its field."""
    players = _names(form, "player", len(table.players), required=True)
    sides = _names(form, "side", 2, required=False) if table.mode == "partnership" else []
    if players is None or sides is None:
        return None
    try:
        # The core checks the names and the side names (blank: the partners' names).
        new = make_table(table.mode, players, table.first_dealer, sides or None)
    except GameError as err:
        name = f"{'side' if err.field == 'side_names' else 'player'}_{err.seat}"
        form[name if name in form else "player_0"].errors.append(err.detail.split(": ", 1)[-1])
        return None
    chosen = {key: form[f"rule_{key}"].data for key in rule_keys(table)}
    try:
        rules = validate_rules(chosen, table.mode)
    except RulesError as err:
        form[f"rule_{err.key}"].errors.append(err.detail.split(": ", 1)[-1])
        return None
    return new, rules


def dealer_form(table: Table, version: int, seat: int) -> VersionForm:
    """Who dealt (or deals) a hand: one choice per player."""

    class Form(VersionForm):
        dealer = RadioField(
            "Dealer",
            choices=_choices((str(s), name) for s, name in enumerate(table.players)),
            validators=[InputRequired("choose the dealer")],
        )

    return Form(data={"version": version, "dealer": str(seat)})


def adjust_form(
    side_names: list[str], version: int, points: tuple[int, ...] | None, note: str | None
) -> VersionForm:
    """Points added to each side in a hand, and the note saying why."""

    class Form(VersionForm):
        note = StringField(
            "Why", description=f"Optional, at most {NOTE_LIMIT} characters, e.g. a renege by Ben."
        )

    values: dict[str, Any] = {"version": version, "note": note or ""}
    for side, name in enumerate(side_names):
        setattr(
            Form,
            f"adjust_{side}",
            WholeNumberField(
                f"Points for {name}",
                description="Minus to take points away.",
                # no inputmode=numeric: some phone keypads then have no minus sign
                validators=[Optional(), NumberRange(-ADJUST_LIMIT, ADJUST_LIMIT)],
            ),
        )
        values[f"adjust_{side}"] = points[side] if points else 0
    return Form(data=values)


def check_adjustment(
    points: Sequence[object], note: object, sides: int, names: Sequence[str]
) -> tuple[tuple[int, ...] | None, str]:
    """The adjustment as stored (None when nothing is added), or a refusal naming the field."""
    if not isinstance(points, (list, tuple)) or len(points) != sides:
        raise GameError(f"adjust: expected points for each of the {sides} sides", field="adjust")
    for side, value in enumerate(points):
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not -ADJUST_LIMIT <= value <= ADJUST_LIMIT
        ):
            raise GameError(
                f"adjust: {names[side]}'s points must be a whole number from "
                f"-{ADJUST_LIMIT} to {ADJUST_LIMIT}",
                field="adjust",
                seat=side,
            )
    if note is not None and not isinstance(note, str):
        raise GameError("note: must be text", field="note")
    text = (note or "").strip()
    if text_problem(text):  # as in a game file, so that its export imports again
        raise GameError(f"note: {text_problem(text)}", field="note")
    if len(text) > NOTE_LIMIT:
        raise GameError(f"note: at most {NOTE_LIMIT} characters, not {len(text)}", field="note")
    # The note is optional, as in the game file (GAMEFILE.md): a form and an import agree.
    return (tuple(points) if any(points) else None), text  # type: ignore[arg-type]


def renege_form(side_names: list[str], version: int, reneged: tuple[int, ...]) -> VersionForm:
    """Which sides reneged in a hand: one box per side."""

    class Form(VersionForm):
        pass

    values: dict[str, Any] = {"version": version}
    for side, name in enumerate(side_names):
        setattr(Form, f"renege_{side}", BooleanField(f"{name} reneged"))
        values[f"renege_{side}"] = side in reneged
    return Form(data=values)
