"""Flask-WTF forms: a new game, the bids, the tricks, a hand's correction, an import."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, Field, IntegerField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from ..core.checks import typed_count
from ..core.names import EMPTY, name_key, name_problem
from ..core.rules import RULE_SPECS, TARGET_PRESETS, target_range
from ..core.scoring import BLIND_NIL, NIL, Bid, Table
from .widgets import Hidden

_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
TABLES = (
    ("partnership", "Partnership: 4 players, partners sit opposite"),
    ("cutthroat-4", "Cutthroat, 4 players"),
    ("cutthroat-3", "Cutthroat, 3 players (17 tricks a hand)"),
    ("cutthroat-2", "Cutthroat, 2 players"),
)
RULE_KEYS = [spec.key for spec in RULE_SPECS if spec.key != "target"]
# The house rules most tables set, shown first; the others fold away on the new-game page.
COMMON_RULES = ("nil", "blind_nil", "double_nil", "nil_value", "bag_limit", "bag_penalty")
TARGET_LOW, TARGET_HIGH = target_range()


class WholeNumberField(IntegerField):
    """A whole number typed in ASCII digits, with an optional sign: `int`, which
    IntegerField uses, also reads other scripts' digits ("٣") and "1_000"."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        typed = valuelist[0] if valuelist else None
        if isinstance(typed, str) and typed.strip() and not _WHOLE.fullmatch(typed.strip()):
            raise ValueError(self.gettext("Not a valid integer value."))
        super().process_formdata(valuelist)


def _choices(pairs: Any) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


def _rule_field(spec: Any) -> Field:
    """A form field for one house rule, its default preselected."""
    if spec.kind == "switch":
        return BooleanField(spec.label, default=spec.default, description=spec.help)
    if spec.kind == "choice":
        return RadioField(
            spec.label, choices=_choices(spec.choices), default=spec.default, description=spec.help
        )
    required = Optional() if spec.optional else InputRequired("enter a number")
    return WholeNumberField(
        spec.label,
        default=spec.default,
        description=spec.help,
        validators=[required, NumberRange(spec.low, spec.high)],
        render_kw={"inputmode": "numeric"},
    )


class NewGameForm(FlaskForm):
    """Who plays, who deals first, how far, and the house rules."""

    table = RadioField("Game", choices=_choices(TABLES), default="partnership")
    player_0 = StringField("Player 1")
    player_1 = StringField("Player 2")
    player_2 = StringField("Player 3")
    player_3 = StringField("Player 4")
    first_dealer = RadioField(
        "First dealer", choices=_choices((str(i), f"Seat {i + 1}") for i in range(4)), default="0"
    )
    target = RadioField(
        "Target",
        default="500",
        choices=_choices([(str(t), str(t)) for t in TARGET_PRESETS] + [("custom", "Other")]),
    )
    tricks_by = RadioField(
        "Count tricks",
        default="side",
        choices=_choices([("side", "By side"), ("seat", "By player")]),
        description="Partnership: one count for each side (nil bidders their own), or every "
        "player's own, for the statistics.",
    )
    custom_target = WholeNumberField(
        "Other target",
        validators=[Optional(), NumberRange(TARGET_LOW, TARGET_HIGH)],
        render_kw={"inputmode": "numeric"},
    )

    def mode_and_seats(self) -> tuple[str, int]:
        """('partnership', 4) or ('cutthroat', 2..4) from the table choice."""
        if self.table.data == "partnership":
            return "partnership", 4
        return "cutthroat", int(self.table.data.split("-")[1])

    def validate(self, extra_validators: Any = None) -> bool:
        """Field checks, then names for the seats in play and a target."""
        ok = super().validate(extra_validators)
        if self.table.errors:
            return False
        seats = self.mode_and_seats()[1]
        names: list[str] = []
        for seat in range(4):
            field = self[f"player_{seat}"]
            name, problem = name_problem(field.data or "")
            if seat < seats:  # the core's own name check, worded for the form
                if problem == EMPTY:
                    field.errors.append("enter a name")
                elif problem:
                    field.errors.append(f"this name {problem}")
                elif name_key(name) in names:
                    field.errors.append("another player has this name")
                names.append(name_key(name))
            elif name or problem not in ("", EMPTY):
                field.errors.append(
                    f"a {seats}-player game has no seat {seat + 1}: "
                    "clear this name or choose more players"
                )
        if not self.first_dealer.errors and int(self.first_dealer.data) >= seats:
            self.first_dealer.errors.append(f"choose one of the {seats} players")
        if (
            self.target.data == "custom"
            and self.custom_target.data is None
            and not self.custom_target.errors
        ):
            self.custom_target.errors.append(f"enter a target from {TARGET_LOW} to {TARGET_HIGH}")
        return ok and not any(
            self[f].errors
            for f in (
                "player_0",
                "player_1",
                "player_2",
                "player_3",
                "first_dealer",
                "custom_target",
            )
        )

    def rule_errors(self, common: bool | None = None) -> bool:
        """Whether any house-rule field was refused (its section then opens): all of
        them, or only the uncommon ones with `common=False`."""
        keys = [k for k in RULE_KEYS if common is None or (k in COMMON_RULES) == common]
        return any(self[f"rule_{key}"].errors for key in keys)

    def chosen_rules(self) -> dict[str, Any]:
        """The house rules as a plain mapping for the core to check."""
        rules = {key: self[f"rule_{key}"].data for key in RULE_KEYS}
        rules["target"] = (
            self.custom_target.data if self.target.data == "custom" else int(self.target.data)
        )
        if self.mode_and_seats()[0] != "partnership":
            rules.update({spec.key: spec.default for spec in RULE_SPECS if spec.partnership_only})
        return rules


for _spec in RULE_SPECS:
    if _spec.key != "target":
        setattr(NewGameForm, f"rule_{_spec.key}", _rule_field(_spec))


class HandForm(FlaskForm):
    """The fields every hand form carries: which hand, and which version of it."""

    number = WholeNumberField("Hand", widget=Hidden(), validators=[InputRequired()])
    version = WholeNumberField("Version", widget=Hidden(), validators=[InputRequired()])


def _pick(
    label: str,
    low: int,
    top: int,
    extra: tuple[tuple[str, str], ...] = (),
    default: str | None = None,
) -> RadioField:
    """One seat's or side's choices: numbers from `low` to `top`, then any extra ones."""
    return RadioField(
        label,
        choices=_choices([(str(n), str(n)) for n in range(low, top + 1)] + list(extra)),
        default=default,
        validate_choice=False,
    )


def hand_form(
    table: Table,
    *,
    bids: bool = False,
    nil: bool = True,
    zero: bool = False,
    blind: tuple[bool, ...] = (),
    tricks: str | None = None,
    nil_seats: tuple[int, ...] | None = None,
    **values: Any,
) -> HandForm:
    """A hand form of radio groups: each seat's bid and/or the tricks, entered by
    seat (`tricks="seat"`) or by side (`"side"`: one count a side, and each nil
    bidder's own count; `nil_seats` None gives every seat one, as an edit needs).
    `zero`: a bid of 0 is a plain bid (house rule zero_bid), so 0 is offered too."""
    shape = _hand_form_class(table, bids, nil, zero, tuple(blind), tricks, nil_seats)
    return shape(data=values)


@lru_cache(maxsize=1024)
def _hand_form_class(
    table: Table,
    bids: bool,
    nil: bool,
    zero: bool,
    blind: tuple[bool, ...],
    tricks: str | None,
    nil_seats: tuple[int, ...] | None,
) -> type[HandForm]:
    """The form class of one table shape, built once: making a WTForms class and its
    fields costs more than filling in a form, and a table uses the same few shapes."""

    class Form(HandForm):
        pass

    top = table.tricks_per_hand
    for seat, name in enumerate(table.players):
        if bids:
            extra = [(NIL, "Nil")] if nil else []
            if nil and blind and blind[table.side_of(seat)]:
                extra.append((BLIND_NIL, "Blind nil"))
            setattr(Form, f"bid_{seat}", _pick(f"{name} bid", 0 if zero else 1, top, tuple(extra)))
        if tricks == "seat" or (tricks == "side" and (nil_seats is None or seat in nil_seats)):
            setattr(
                Form,
                f"tricks_{seat}",
                _pick(f"{name} tricks", 0, top, default="0" if tricks == "side" else None),
            )
    if tricks == "side":
        for side in range(len(table.sides)):
            setattr(Form, f"side_{side}", _pick(f"{table.side_name(side)} tricks", 0, top))
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
        elif field.data in (NIL, BLIND_NIL):
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
    when entered by seat), or None with every error set beside its group."""
    top, ok = table.tricks_per_hand, True
    by_side = "side_0" in form
    tricks: list[int | None] = []
    for seat, name in enumerate(table.players):
        field = form[f"tricks_{seat}"] if f"tricks_{seat}" in form else None
        wanted = not by_side or (bids is not None and bids[seat] in (NIL, BLIND_NIL))
        if field is None or not wanted:
            tricks.append(None)
            continue
        took = _count(field, name, top)
        ok = ok and took is not None
        tricks.append(took)
    sides: list[int] | None = None
    if by_side:
        sides = []
        for side in range(len(table.sides)):
            took = _count(form[f"side_{side}"], table.side_name(side), top)
            ok = ok and took is not None
            sides.append(took or 0)
        if ok and sum(sides) != top:
            ok = False
            form[f"side_{len(sides) - 1}"].errors.append(
                f"The sides took {sum(sides)} tricks between them; a hand has {top}"
            )
    elif ok and sum(t or 0 for t in tricks) != top:
        ok = False
        form.form_errors.append(
            f"The tricks add up to {sum(t or 0 for t in tricks)}; a hand has {top}"
        )
    return (tricks, sides) if ok else None


class ImportForm(FlaskForm):
    """Upload a scorepad game file."""

    game_file = FileField("Game file", validators=[FileRequired("choose a game file")])
