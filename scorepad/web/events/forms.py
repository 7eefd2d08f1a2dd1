"""The club night's forms: a new event (its house rules as a game's), check-in, a swap."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional
from wtforms.widgets import HiddenInput

from scorepad.web.catalogue import lazy_gettext as _l

from ...core.errors import GameError
from ...core.event import DATE_LENGTH, NAME_LENGTH, PLAYOFF_MOST, ROUND_MINUTES, ROUNDS
from ...core.names import MAX_NAME
from ...core.rules import RULE_SPECS, validate_rules
from ...core.stages import BAGS_HIGH, BAGS_LOW, MINUTES_HIGH, MINUTES_LOW
from ..fields import Choice, Choices, Required, WholeNumberField, Within, at_most
from ..forms import COMMON_RULES, RULE_KEYS, TARGET_HIGH, TARGET_LOW, rule_field, select_choices
from ..preset_links import kept
from ..words.event_forms import FORMATS, ORDERS, STAGE_LABELS, STAGE_RULE_WORDS, stage_label


class EventForm(FlaskForm):
    """What an event is and how it runs; the house rules every table plays."""

    name = StringField(
        _l("Event name"),
        validators=[Required(_l("enter a name")), at_most(NAME_LENGTH, 1)],
    )
    date = StringField(_l("Date"), validators=[Optional(), at_most(DATE_LENGTH, 0)])
    format = Choices(_l("Format"), choices=select_choices(FORMATS), default="swiss")
    rounds = WholeNumberField(
        _l("Rounds"), default=4, validators=[Required(_l("enter a number")), Within(*ROUNDS)]
    )
    round_minutes = WholeNumberField(
        _l("Round length in minutes"),
        default=0,
        description=_l(
            "0: no clock. When time is called the hand in play is finished and the "
            "game ends after it."
        ),
        validators=[Required(_l("enter a number")), Within(*ROUND_MINUTES)],
        render_kw={"inputmode": "numeric"},
    )
    target = WholeNumberField(
        _l("Target"),
        default=500,
        validators=[Required(_l("enter a target")), Within(TARGET_LOW, TARGET_HIGH)],
        render_kw={"inputmode": "numeric"},
    )
    order = Choice(
        _l("Standings order"),
        choices=select_choices(ORDERS),
        default=ORDERS[0][0],
        description=_l("Entrants equal on every key share a place."),
    )
    bye_counts = Choices(
        _l("A bye counts as"),
        choices=select_choices((("win", _l("A win")), ("none", _l("Nothing")))),
        default="win",
    )
    on_time_tie = Choices(
        _l("A tie when time is called"),
        choices=select_choices((("play_on", _l("Play one more hand")), ("draw", _l("Is a draw")))),
        default="play_on",
    )
    playoff = WholeNumberField(
        _l("Playoff: how many go through"),
        default=0,
        description=_l("0: no playoff. Pairs, or players (paired first with last)."),
        validators=[Required(_l("enter a number")), Within(0, PLAYOFF_MOST)],
    )
    playoff_format = Choices(
        _l("Playoff format"),
        choices=select_choices(
            (
                ("single", _l("Single elimination: out at the first loss")),
                ("double", _l("Double elimination: out at the second loss, a grand final")),
            )
        ),
        default="single",
    )
    final_target = WholeNumberField(
        _l("The final's target"),
        default=0,
        description=_l("0: the same target as every table."),
        validators=[Required(_l("enter a number")), Within(0, TARGET_HIGH)],
        render_kw={"inputmode": "numeric"},
    )
    seed_by = Choices(
        _l("Seed by"),
        choices=select_choices(
            (
                ("standings", _l("Check-in order, then the standings")),
                ("rating", _l("The club's ratings")),
            )
        ),
        default="standings",
        description=_l(
            "The club's ratings (a night filed into a club) seed round 1 and the playoff."
        ),
    )
    club = Choice(_l("Club"), choices=[SelectChoice("", _l("No club"))], default="")
    # the preset's link filled the page (labelled: see hand_forms' blind toggles)
    preset_name = StringField("preset_name", widget=HiddenInput())
    preset_rules = StringField("preset_rules", widget=HiddenInput())
    rules_from = Choice(
        _l("The same rules as"), choices=[SelectChoice("", _l("the rules below"))], default=""
    )

    def settings(self) -> dict[str, Any]:
        """The event's settings as a plain mapping for the core to check."""
        return {
            "name": self.name.data,
            "date": self.date.data or "",
            "format": self.format.data,
            "rounds": self.rounds.data,
            "round_minutes": self.round_minutes.data,
            "order": self.order.data.split(","),
            "bye_counts": self.bye_counts.data,
            "on_time_tie": self.on_time_tie.data,
            "playoff": self.playoff.data,
            "final_target": self.final_target.data,
            "playoff_format": self.playoff_format.data,
            "seed_by": self.seed_by.data,
            "preset": self.kept_preset(),
            "stages": self.stages(),
        }

    def stage_fields(self) -> list[Any]:
        """The stage rules' fields, in the order shown."""
        return [self[name] for name, _, _ in STAGE_FIELDS]

    def stages(self) -> dict[str, dict[str, int]]:
        """The playoff stages' own rules typed (a blank field: as the night)."""
        typed: dict[str, dict[str, int]] = {}
        for name, stage, key in STAGE_FIELDS:
            value = self[name].data
            if value is not None:
                typed.setdefault(stage, {})[key] = value
        return typed

    def kept_preset(self) -> str:
        """The preset the page was filled from, if the night keeps exactly its rules."""
        if self.rules_from.data:
            return ""
        try:
            rules = validate_rules(self.chosen_rules())
        except GameError:
            return ""
        return kept(self.preset_name.data or "", self.preset_rules.data or "", rules)

    def chosen_rules(self) -> dict[str, Any]:
        """The house rules from the form, the target included."""
        rules = {key: self[f"rule_{key}"].data for key in RULE_KEYS}
        rules["target"] = self.target.data
        return rules

    def rule_errors(self, common: bool | None = None) -> bool:
        """Whether any house-rule field was refused."""
        keys = [k for k in RULE_KEYS if common is None or (k in COMMON_RULES) == common]
        return any(self[f"rule_{key}"].errors for key in keys)


STAGE_RULES = {
    "target": (STAGE_RULE_WORDS["target"], TARGET_LOW, TARGET_HIGH),
    "bag_limit": (STAGE_RULE_WORDS["bag_limit"], BAGS_LOW, BAGS_HIGH),
    "round_minutes": (STAGE_RULE_WORDS["round_minutes"], MINUTES_LOW, MINUTES_HIGH),
}


# the stage fields: (field name, stage, rule key); the final's target is final_target
STAGE_FIELDS = tuple(
    (f"{stage.replace('-', '_')}_{key}", stage, key)
    for stage in STAGE_LABELS
    for key in STAGE_RULES
    if (stage, key) != ("final", "target")
)
for _name, _stage, _key in STAGE_FIELDS:
    _what, _low, _high = STAGE_RULES[_key]
    setattr(
        EventForm,
        _name,
        WholeNumberField(
            stage_label(_stage, _what),
            validators=[Optional(), Within(_low, _high)],
            render_kw={"inputmode": "numeric", "placeholder": _l("as the night")},
        ),
    )

for _spec in RULE_SPECS:
    if _spec.key != "target":
        setattr(EventForm, f"rule_{_spec.key}", rule_field(_spec))


class CheckInForm(FlaskForm):
    """A pair (two names) or a player (the first name only)."""

    player_0 = StringField(
        _l("Name"),
        validators=[
            Required(_l("enter a name")),
            at_most(MAX_NAME, 1),
        ],
    )
    player_1 = StringField(
        _l("Partner"),
        validators=[Optional(), at_most(MAX_NAME, 0)],
    )

    def validate_for(self, pairs: bool) -> bool:
        """The form's checks, and at a night of pairs a partner's name too (refused on
        the Partner field, not as the night's "players: needs 2 names")."""
        valid = self.validate()
        if valid and pairs and not (self.player_1.data or "").strip():
            self.player_1.errors = [str(_l("enter a name"))]
            return False
        return valid


class SwapForm(FlaskForm):
    """Two entrants of the drawn round change places."""

    revision = WholeNumberField("Revision", validators=[Required()], widget=HiddenInput())
    first = Choice(_l("Swap"), coerce=int, choices=[])
    second = Choice(_l("with"), coerce=int, choices=[])


class ReseatForm(FlaskForm):
    """Someone takes a seat at a table being played: a substitute, or a player of the
    table changing seats."""

    revision = WholeNumberField("Revision", validators=[Required()], widget=HiddenInput())
    seat = Choice(_l("Seat"), choices=[], validators=[Required(_l("choose a seat"))])
    name = StringField(
        _l("Who sits there now"),
        validators=[
            Required(_l("enter a name")),
            at_most(MAX_NAME, 1),
        ],
        render_kw={"list": "seat-names", "autocomplete": "off"},
    )


class WinnerForm(FlaskForm):
    """The director sends one side of a drawn playoff game through, saying why."""

    revision = WholeNumberField("Revision", validators=[Required()], widget=HiddenInput())
    winner = Choices(_l("Goes through"), coerce=int, choices=[])
    note = StringField(
        _l("Why"),
        validators=[Required(_l("say why")), at_most(200, 1)],
        description=_l("For example: one more hand, cut for high card, the rules of the house."),
    )


class RevisionForm(FlaskForm):
    """A director's action on the event as the page showed it."""

    revision = WholeNumberField("Revision", validators=[Required()], widget=HiddenInput())


class ImportForm(FlaskForm):
    """An event file to import."""

    file = FileField(_l("Event file (JSON)"), validators=[FileRequired(_l("choose a file"))])


def reseat_form(revision: int, tables: list[Any]) -> ReseatForm:
    """The re-seat form: a seat of each table still playing, named by who sits there."""
    form = ReseatForm(revision=revision)
    form.seat.choices = [  # type: ignore[assignment]
        SelectChoice(
            f"{t.number}-{seat}", _l("Table %(table)d: %(name)s", table=t.number, name=player)
        )
        for t in tables
        if t.game_id and not t.finished
        for seat, player in enumerate(t.players)
    ]
    return form


def winner_forms(revision: int, playoff: list) -> dict[tuple[int, int], WinnerForm]:
    """A form for each drawn playoff game still waiting for the director's word."""
    forms = {}
    for r, tables in playoff:
        for t in tables:
            if t.drawn and not t.named:
                form = WinnerForm(revision=revision, prefix=f"r{r.number}t{t.number}")
                form.winner.choices = [SelectChoice(i, side) for i, side in enumerate(t.sides)]  # type: ignore[assignment]
                forms[r.number, t.number] = form
    return forms
