"""Flask-WTF forms: a new game and an import, a house rule's field, and names read with
the core's check. The hand forms are in `hand_forms`; fields that refuse in scorepad's
own words in `fields`."""

from __future__ import annotations

from typing import Any

from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, Field, HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l

from ..core.clock import MINUTES_HIGH as CLOCK_HIGH
from ..core.clock import MINUTES_LOW as CLOCK_LOW
from ..core.names import EMPTY, MAX_NAME, name_key, name_problem, pair_name
from ..core.records import MODES, SEATS, Mode, Table
from ..core.rules import RULE_SPECS, TARGET_PRESETS, target_range
from .fields import Choices, Required, WholeNumberField, Within
from .words import game_done as said
from .words.core_words import core_text, lazy_core_text

# How each table the core knows (records.SEATS) is offered on the new-game page.
TABLE_LABELS = {
    ("partnership", 4): _l("Partnership: 4 players, partners sit opposite"),
    ("cutthroat", 4): _l("Cutthroat, 4 players"),
    ("cutthroat", 3): _l("Cutthroat, 3 players"),
    ("cutthroat", 2): _l("Cutthroat, 2 players"),
}


def table_choice(mode: Mode, seats: int) -> str:
    """The new-game page's choice of this table: "partnership", "cutthroat-3"..."""
    return str(mode) if len(SEATS[mode]) == 1 else f"{mode}-{seats}"


# The tables a game is played at: the choice, its mode and seats, and how it is shown.
TABLES = {
    table_choice(mode, seats): (mode, seats, TABLE_LABELS[mode, seats])
    for mode in MODES
    for seats in SEATS[mode]
}


def _tricks_a_hand(label: Any, tricks: int) -> str:
    """'Cutthroat, 3 players (17 tricks a hand)': an unusual deal's tricks, said when shown."""
    return _("%(table)s (%(tricks)d tricks a hand)", table=label, tricks=tricks)


def _table_choices() -> list[SelectChoice]:
    """The table choices, each carrying its seats and whether partners play (the new-game
    page's script shows the names and rules by them), and an unusual deal's tricks."""
    choices = []
    for value, (mode, seats, label) in TABLES.items():
        tricks = Table(mode, ("",) * seats).tricks_per_hand  # the core's count
        shown = (
            label
            if tricks == Table(mode, ("",) * 4).tricks_per_hand
            else LazyString(_tricks_a_hand, label, tricks)
        )
        kw = {"data-seats": seats, "data-partners": mode is Mode.PARTNERSHIP}
        choices.append(SelectChoice(value, shown, render_kw=kw))
    return choices


RULE_KEYS = [spec.key for spec in RULE_SPECS if spec.key != "target"]
# The house rules most tables set, shown first; the others fold away on the new-game page.
COMMON_RULES = ("nil", "blind_nil", "double_nil", "nil_value", "bag_limit", "bag_penalty")
TARGET_LOW, TARGET_HIGH = target_range()


def select_choices(pairs: Any) -> list[SelectChoice]:
    """The (value, label) pairs as a select field's choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def rule_field(spec: Any) -> Field:
    """A form field for one house rule, its default preselected."""
    label, explained = lazy_core_text(spec.label), lazy_core_text(spec.help)
    if spec.switch:
        return BooleanField(label, default=spec.default, description=explained)
    if spec.choice:
        return Choices(
            label,
            choices=select_choices((v, lazy_core_text(n)) for v, n in spec.choices),
            default=spec.default,
            description=explained,
        )
    required = Optional() if spec.optional else Required(_l("enter a number"))
    return WholeNumberField(
        label,
        default=spec.default,
        description=explained,
        validators=[required, Within(spec.low, spec.high)],
        render_kw={"inputmode": "numeric"},
    )


NAME_FIELD = {"maxlength": MAX_NAME}  # the phone stops typing where the core would refuse


def read_names(
    fields: list[Field], required: bool = True, same: str = _l("another player has this name")
) -> list[str]:
    """The names typed in `fields`, as the core keeps them; the core's name check worded
    beside each field: empty (when `required`), too long, unfit characters, or the same
    name as another field's (the core's one name key)."""
    names: list[str] = []
    keys: set[str] = set()
    for field in fields:
        name, problem = name_problem(field.data or "")
        if problem == EMPTY:
            if required:
                field.errors.append(_l("enter a name"))
        elif problem:
            field.errors.append(_("this name %(problem)s", problem=core_text(problem)))
        elif name_key(name) in keys:
            field.errors.append(same)
        keys.add(name_key(name))
        names.append(name)
    return names


def check_shown_side_names(sides: list[Field], players: list[str]) -> None:
    """A side named as the other side shows on the scoreboard, its own name or (left
    empty) its partners' names ('Bo & Di'), is refused beside its field: two sides the
    page shows alike."""
    if any(field.errors for field in sides) or len(players) != 4 or not all(players):
        return
    shown = [
        (field.data or "").strip() or pair_name(players[seat] for seat in (side, side + 2))
        for side, field in enumerate(sides)
    ]
    for side, field in enumerate(sides):
        if (field.data or "").strip() and name_key(shown[side]) == name_key(shown[1 - side]):
            field.errors.append(_("the other side has this name"))
            return


class NewGameForm(FlaskForm):
    """Who plays, who deals first, how far, and the house rules."""

    table = Choices(_l("Game"), choices=_table_choices(), default="partnership")
    player_0 = StringField(_l("Player 1"), render_kw=NAME_FIELD)
    player_1 = StringField(_l("Player 2"), render_kw=NAME_FIELD)
    player_2 = StringField(_l("Player 3"), render_kw=NAME_FIELD)
    player_3 = StringField(_l("Player 4"), render_kw=NAME_FIELD)
    first_dealer = Choices(
        _l("First dealer"),
        choices=select_choices((str(i), _l("Seat %(number)d", number=i + 1)) for i in range(4)),
        default="0",
    )
    target = Choices(
        _l("Target"),
        default="500",
        choices=select_choices(
            [(str(t), str(t)) for t in TARGET_PRESETS] + [("custom", _l("Other"))]
        ),
    )
    tricks_by = Choices(
        _l("Count tricks"),
        default="side",
        choices=select_choices([("side", _l("By side")), ("seat", _l("By player"))]),
        description=_l(
            "Partnership: one count for each side (nil bidders their own), or every "
            "player's own, for the statistics."
        ),
    )
    custom_target = WholeNumberField(
        _l("Other target"),
        validators=[Optional(), Within(TARGET_LOW, TARGET_HIGH)],
        render_kw={"inputmode": "numeric"},
    )
    # A partnership's side names, optional (empty: the partners' names): also in the settings.
    side_0 = StringField(
        _l("Name of side %(number)d", number=1),
        description=_l("Players 1 and 3; optional"),
        render_kw=NAME_FIELD,
    )
    side_1 = StringField(
        _l("Name of side %(number)d", number=2),
        description=_l("Players 2 and 4; optional"),
        render_kw=NAME_FIELD,
    )
    clock = WholeNumberField(
        _l("Play to the clock (minutes)"),
        validators=[Optional(), Within(CLOCK_LOW, CLOCK_HIGH)],
        render_kw={"inputmode": "numeric"},
        description=_l("Empty: none. When time is up, the hand in play is the last."),
    )
    club = SelectField(
        _l("Club"),
        choices=[SelectChoice("", _l("No club"))],
        validate_choice=False,
        description=_l("Counts in its ratings"),
    )
    # The preset the page was filled from (its link): the game records its name when
    # started with exactly those rules.
    preset_name = HiddenField("preset_name")  # labelled: see hand_forms' blind toggles
    preset_rules = HiddenField("preset_rules")

    def mode_and_seats(self) -> tuple[Mode, int]:
        """('partnership', 4) or ('cutthroat', 2..4) from the table choice."""
        mode, seats, _label = TABLES[self.table.data]
        return mode, seats

    def validate(self, extra_validators: Any = None) -> bool:
        """Field checks, then names for the seats in play and a target."""
        ok = super().validate(extra_validators)
        if self.table.errors:
            return False
        mode, seats = self.mode_and_seats()
        players = self._check_names(seats)
        if mode is Mode.PARTNERSHIP:  # hidden for cutthroat, and not read
            sides = [self.side_0, self.side_1]
            read_names(sides, False, _("the other side has this name"))
            if not any(self[f"player_{seat}"].errors for seat in range(seats)):
                check_shown_side_names(sides, players)
        if not self.first_dealer.errors and int(self.first_dealer.data) >= seats:
            self.first_dealer.errors.append(_("choose one of the %(seats)d players", seats=seats))
        if (
            self.target.data == "custom"
            and self.custom_target.data is None
            and not self.custom_target.errors
        ):
            self.custom_target.errors.append(
                _("enter a target from %(low)d to %(high)d", low=TARGET_LOW, high=TARGET_HIGH)
            )
        return ok and not any(
            self[f].errors
            for f in (
                "player_0",
                "player_1",
                "player_2",
                "player_3",
                "first_dealer",
                "custom_target",
                "side_0",
                "side_1",
            )
        )

    def side_names(self) -> list[str] | None:
        """A partnership's side names as typed (blank: the partners' names); None for a
        cutthroat table or with both left empty."""
        if self.mode_and_seats()[0] is not Mode.PARTNERSHIP:
            return None
        names = [(self.side_0.data or "").strip(), (self.side_1.data or "").strip()]
        return names if any(names) else None

    def _check_names(self, seats: int) -> list[str]:
        """A name for each seat in play, none twice, and none for a seat not in play: the
        names of the seats in play, as the core keeps them."""
        names = read_names([self[f"player_{seat}"] for seat in range(seats)])
        for seat in range(seats, 4):
            field = self[f"player_{seat}"]
            name, problem = name_problem(field.data or "")
            if name or problem not in ("", EMPTY):
                field.errors.append(
                    _(
                        "a %(seats)d-player game has no seat %(seat)d: "
                        "clear this name or choose more players",
                        seats=seats,
                        seat=seat + 1,
                    )
                )
        return names

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
        if self.mode_and_seats()[0] is not Mode.PARTNERSHIP:  # hidden on the page: left as they are
            rules.update({spec.key: spec.default for spec in RULE_SPECS if spec.for_partnerships})
        return rules


for _spec in RULE_SPECS:
    if _spec.key != "target":
        setattr(NewGameForm, f"rule_{_spec.key}", rule_field(_spec))


class _FileOrKept(FileRequired):
    """A file must be chosen, unless the page kept the one chosen before (`kept`: the
    page that said the game is here already carries it, so that ticking "import it again"
    and tapping Import imports it without choosing it again)."""

    def __call__(self, form: Any, field: Field) -> None:
        if not field.data and form.kept.data:
            return
        super().__call__(form, field)


class ImportForm(FlaskForm):
    """Upload a scorepad game file."""

    game_file = FileField(said.GAME_FILE, validators=[_FileOrKept(said.CHOOSE_GAME_FILE)])
    again = BooleanField(said.IMPORT_AGAIN)
    kept = HiddenField()  # the text of the file chosen before (games/listing.py: KEPT_BYTES)
