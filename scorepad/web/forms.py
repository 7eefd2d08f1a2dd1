"""Flask-WTF forms: a new game, the bids, the tricks, a hand's correction, an import."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, Field, IntegerField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ..core.names import EMPTY, name_key, name_problem
from ..core.rules import RULE_SPECS, TARGET_PRESETS, target_range
from ..core.scoring import BLIND_NIL, NIL, Bid, Table

NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}
TABLES = (("partnership", "Partnership: 4 players, partners sit opposite"),
          ("cutthroat-4", "Cutthroat, 4 players"),
          ("cutthroat-3", "Cutthroat, 3 players (17 tricks a hand)"),
          ("cutthroat-2", "Cutthroat, 2 players"))
RULE_KEYS = [spec.key for spec in RULE_SPECS if spec.key != "target"]
TARGET_LOW, TARGET_HIGH = target_range()


def _choices(pairs: Any) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


def _rule_field(spec: Any) -> Field:
    """A form field for one house rule, its default preselected."""
    if spec.kind == "switch":
        return BooleanField(spec.label, default=spec.default, description=spec.help)
    if spec.kind == "choice":
        return RadioField(spec.label, choices=_choices(spec.choices), default=spec.default,
                          description=spec.help)
    required = Optional() if spec.optional else InputRequired("enter a number")
    return IntegerField(spec.label, default=spec.default, description=spec.help,
                        validators=[required, NumberRange(spec.low, spec.high)],
                        render_kw={"inputmode": "numeric"})


class NewGameForm(FlaskForm):
    """Who plays, who deals first, how far, and the house rules."""

    table = RadioField("Game", choices=_choices(TABLES), default="partnership")
    player_0 = StringField("Player 1")
    player_1 = StringField("Player 2")
    player_2 = StringField("Player 3")
    player_3 = StringField("Player 4")
    first_dealer = RadioField("First dealer", choices=_choices(
        (str(i), f"Seat {i + 1}") for i in range(4)), default="0")
    target = RadioField("Target", default="500",
                        choices=_choices([(str(t), str(t)) for t in TARGET_PRESETS]
                                         + [("custom", "Other")]))
    custom_target = IntegerField("Other target",
                                 validators=[Optional(), NumberRange(TARGET_LOW, TARGET_HIGH)],
                                 render_kw={"inputmode": "numeric"})

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
                field.errors.append(f"a {seats}-player game has no seat {seat + 1}: "
                                    "clear this name or choose more players")
        if not self.first_dealer.errors and int(self.first_dealer.data) >= seats:
            self.first_dealer.errors.append(f"choose one of the {seats} players")
        if self.target.data == "custom" and self.custom_target.data is None \
                and not self.custom_target.errors:
            self.custom_target.errors.append(f"enter a target from {TARGET_LOW} to {TARGET_HIGH}")
        return ok and not any(self[f].errors for f in
                              ("player_0", "player_1", "player_2", "player_3",
                               "first_dealer", "custom_target"))

    def rule_errors(self) -> bool:
        """Whether any house-rule field was refused (its section then opens)."""
        return any(self[f"rule_{key}"].errors for key in RULE_KEYS)

    def chosen_rules(self) -> dict[str, Any]:
        """The house rules as a plain mapping for the core to check."""
        rules = {key: self[f"rule_{key}"].data for key in RULE_KEYS}
        rules["target"] = (self.custom_target.data if self.target.data == "custom"
                           else int(self.target.data))
        if self.mode_and_seats()[0] != "partnership":
            rules.update({spec.key: spec.default for spec in RULE_SPECS
                          if spec.partnership_only})
        return rules


for _spec in RULE_SPECS:
    if _spec.key != "target":
        setattr(NewGameForm, f"rule_{_spec.key}", _rule_field(_spec))


class HandForm(FlaskForm):
    """The fields every hand form carries: which hand, and which version of it."""

    number = IntegerField("Hand", widget=HiddenInput(), validators=[InputRequired()])
    version = IntegerField("Version", widget=HiddenInput(), validators=[InputRequired()])


def hand_form(table: Table, *, bids: bool, tricks: bool, nil: bool = True,
              blind: tuple[bool, ...] = (), **values: Any) -> HandForm:
    """A form with bid and/or trick fields labelled with each player's name."""

    class Form(HandForm):
        pass

    top = table.tricks_per_hand
    for seat, name in enumerate(table.players):
        if bids:
            setattr(Form, f"bid_{seat}", IntegerField(
                f"{name} bid", validators=[Optional(), NumberRange(0, top)], render_kw=NUMERIC))
            if nil:
                setattr(Form, f"nil_{seat}", BooleanField("Nil"))
            if blind and blind[table.side_of(seat)]:
                setattr(Form, f"blind_{seat}", BooleanField("Blind nil"))
        if tricks:
            setattr(Form, f"tricks_{seat}", IntegerField(
                f"{name} tricks", validators=[InputRequired("enter the tricks taken"),
                                              NumberRange(0, top)], render_kw=NUMERIC))
    return Form(data=values)


def read_bids(form: HandForm, seats: int) -> list[Bid] | None:
    """The bids a form holds, or None with the errors set beside the fields."""
    result: list[Bid] = []
    for seat in range(seats):
        number = form[f"bid_{seat}"]
        nil = f"nil_{seat}" in form and form[f"nil_{seat}"].data
        blind = f"blind_{seat}" in form and form[f"blind_{seat}"].data
        if number.errors:
            continue
        if nil and blind:
            number.errors.append("choose nil or blind nil, not both")
        elif (nil or blind) and number.data:
            number.errors.append("a nil bid takes no number: clear it or untick nil")
        elif blind:
            result.append(BLIND_NIL)
        elif nil:
            result.append(NIL)
        elif number.data is None:
            number.errors.append("enter a bid" + (" or choose nil" if f"nil_{seat}" in form
                                                  else ""))
        else:
            result.append(number.data)
    return result if len(result) == seats else None


def read_tricks(form: HandForm, seats: int) -> list[int]:
    """The tricks a validated form holds, seat by seat."""
    return [form[f"tricks_{seat}"].data for seat in range(seats)]


class ImportForm(FlaskForm):
    """Upload a scorepad game file."""

    game_file = FileField("Game file", validators=[FileRequired("choose a game file")])
