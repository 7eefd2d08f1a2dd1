"""Forms for keeping a game in order: its settings, a hand's dealer and adjustment."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField
from wtforms.validators import Optional
from wtforms.widgets import HiddenInput

from scorepad.web.catalogue import gettext as _

from ..core.checks import MAX_NOTE
from ..core.errors import GameError
from ..core.names import pair_name
from ..core.records import Table, make_table
from ..core.rules import RULE_SPECS, Rules, RulesError, specs_for, validate_rules
from .fields import AnyTyped, Choices, Required, WholeNumberField
from .forms import NAME_FIELD, check_shown_side_names, read_names, rule_field, select_choices
from .words import game_done as said
from .words.core_words import beside


class VersionForm(FlaskForm):
    """A POST that carries the version of what it changes (a hand's or the game's)."""

    version = WholeNumberField("Version", widget=HiddenInput(), validators=[Required()])


def rule_keys(table: Table) -> list[str]:
    """The house rules a table may change (those about partners only in partnerships)."""
    return [spec.key for spec in specs_for(table.mode)]


def settings_form(table: Table, rules: Rules, revision: int) -> VersionForm:
    """The names, side names and every house rule of a game, filled with what it has now."""

    class Form(VersionForm):
        pass

    values: dict[str, Any] = {"version": revision}
    for seat, name in enumerate(table.players):
        setattr(
            Form,
            f"player_{seat}",
            StringField(_("Player %(number)d", number=seat + 1), render_kw=NAME_FIELD),
        )
        values[f"player_{seat}"] = name
    if table.partnership:
        for side, seats in enumerate(table.sides):
            default = pair_name(table.players[s] for s in seats)
            setattr(
                Form,
                f"side_{side}",
                StringField(
                    _("Name of side %(number)d", number=side + 1),
                    description=_("Empty: %(default)s", default=default),
                    render_kw={"placeholder": default, **NAME_FIELD},
                ),
            )
            values[f"side_{side}"] = (table.side_names or ("",) * 2)[side] or ""
    for key in rule_keys(table):
        setattr(Form, f"rule_{key}", rule_field(next(s for s in RULE_SPECS if s.key == key)))
        values[f"rule_{key}"] = getattr(rules, key)
    return Form(data=values)


def _names(form: VersionForm, prefix: str, count: int, required: bool) -> list[str] | None:
    """The names of `count` fields, or None with the core's refusals beside them."""
    same = (
        _("another player has this name")
        if prefix == "player"
        else _("the other side has this name")
    )
    fields = [form[f"{prefix}_{index}"] for index in range(count)]
    names = read_names(fields, required, same)
    return None if any(field.errors for field in fields) else names


def read_settings(form: VersionForm, table: Table) -> tuple[Table, Rules] | None:
    """The new table and rules, or None with each refusal beside its field."""
    players = _names(form, "player", len(table.players), required=True)
    sides = _names(form, "side", 2, required=False) if table.partnership else []
    if players is None or sides is None:
        return None
    if sides:  # a partnership's, read above
        side_fields = [form["side_0"], form["side_1"]]
        check_shown_side_names(side_fields, players)
        if any(field.errors for field in side_fields):
            return None
    try:
        # The core checks the names and the side names (blank: the partners' names).
        new = make_table(table.mode, players, table.first_dealer, sides or None)
    except GameError as err:
        name = f"{'side' if err.field == 'side_names' else 'player'}_{err.seat}"
        form[name if name in form else "player_0"].errors.append(beside(err))
        return None
    chosen = {key: form[f"rule_{key}"].data for key in rule_keys(table)}
    try:
        rules = validate_rules(chosen, table.mode)
    except RulesError as err:
        form[f"rule_{err.key}"].errors.append(beside(err))
        return None
    return new, rules


def dealer_form(table: Table, version: int, seat: int) -> VersionForm:
    """Who dealt (or deals) a hand: one choice per player."""

    class Form(VersionForm):
        dealer = Choices(
            _("Dealer"),
            choices=select_choices((str(s), name) for s, name in enumerate(table.players)),
            validators=[Required(_("choose the dealer"))],
        )

    return Form(data={"version": version, "dealer": str(seat)})


def adjust_form(
    side_names: list[str], version: int, points: tuple[int, ...] | None, note: str | None
) -> VersionForm:
    """Points added to each side in a hand, and the note saying why."""

    class Form(VersionForm):
        note = StringField(
            _("Why"),
            description=_(
                "Optional, at most %(most)d characters, e.g. a renege by Ben.", most=MAX_NOTE
            ),
            render_kw={"maxlength": MAX_NOTE},
        )

    values: dict[str, Any] = {"version": version, "note": note or ""}
    typed = [f"adjust_{side}" for side in range(len(side_names))]
    for side, name in enumerate(side_names):
        setattr(
            Form,
            f"adjust_{side}",
            WholeNumberField(
                _("Points for %(name)s", name=name),
                description=_("Minus to take points away."),
                # no inputmode=numeric: some phone keypads then have no minus sign;
                # the core checks the points (core.checks.check_adjust); a side left
                # empty adds 0, every side left empty is refused by the first's name
                validators=[AnyTyped(typed) if side == 0 else Optional()],
            ),
        )
        values[f"adjust_{side}"] = points[side] if points else 0
    return Form(data=values)


def read_adjustment(points: Sequence[int], note: str) -> tuple[tuple[int, ...] | None, str]:
    """The adjustment as the form gives it to the command: None when nothing is added,
    the note trimmed. Whether it may be kept is the core's check (check_adjust)."""
    return (tuple(points) if any(points) else None), (
        note.strip() if isinstance(note, str) else note
    )


def renege_form(side_names: list[str], version: int, reneged: tuple[int, ...]) -> VersionForm:
    """Which sides reneged in a hand: one box per side."""

    class Form(VersionForm):
        pass

    values: dict[str, Any] = {"version": version}
    for side, name in enumerate(side_names):
        setattr(Form, f"renege_{side}", BooleanField(said.reneged(name)))
        values[f"renege_{side}"] = side in reneged
    return Form(data=values)
