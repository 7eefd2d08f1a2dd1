"""A season's forms, each carrying the season's revision the page showed."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional
from wtforms.widgets import HiddenInput

from scorepad.web.catalogue import lazy_gettext as _l

from ..fields import Choice, Required, Typed, WholeNumberField


class SeasonForm(FlaskForm):
    """A season's name and settings (a new season's too: its revision is not read)."""

    revision = WholeNumberField("Revision", validators=[Optional()], widget=HiddenInput())
    name = StringField(_l("Season name"), validators=[Typed()])
    kind = SelectField(
        _l("Entrants"),
        choices=[SelectChoice("pairs", _l("Pairs")), SelectChoice("cutthroat", _l("Players"))],
    )
    divisions = StringField(_l("Divisions (names, by commas, highest first)"))
    best = WholeNumberField(_l("Best nights counted (0: all)"), validators=[Optional()])
    qualify = WholeNumberField(_l("Nights to be ranked"), validators=[Optional()])
    moves = WholeNumberField(_l("Up and down at the end (0: none)"), validators=[Optional()])
    playoff = WholeNumberField(_l("Playoff size (0: none)"), validators=[Optional()])
    fixtures = SelectField(
        _l("Fixtures"),
        choices=[
            SelectChoice("season", _l("Drawn for the season")),
            SelectChoice("night", _l("Each night's draw")),
        ],
    )
    playoff_format = SelectField(
        _l("Playoff"),
        choices=[
            SelectChoice("single", _l("Single elimination")),
            SelectChoice("double", _l("Double elimination")),
        ],
        validators=[Optional()],  # a form of before the choice: single elimination
    )
    follows = StringField("Follows", validators=[Optional()], widget=HiddenInput())


class RevisionForm(FlaskForm):
    """A change to the whole season (closed), carrying the revision the page showed."""

    revision = WholeNumberField("Revision", validators=[InputRequired()], widget=HiddenInput())


_Revised = RevisionForm


class NightForm(_Revised):
    """A night on a date (`number`: the night moved; none: a new night)."""

    number = WholeNumberField("Night", validators=[Optional()], widget=HiddenInput())
    day = StringField(_l("Date (YYYY-MM-DD)"), validators=[Typed()])
    start = StringField(_l("Start (HH:MM)"))
    venue = StringField(_l("Venue"))


class NumberForm(_Revised):
    """One night or entrant of the season, by number."""

    number = WholeNumberField("Number", validators=[InputRequired()], widget=HiddenInput())


class StartNightForm(NumberForm):
    """A night's club night started, with the house rules it is played under: a preset,
    scorepad's or the club's (`preset_links.night_presets`; none sent: the standard)."""

    preset = Choice(_l("House rules"), validators=[Optional()])


class LinkForm(_Revised):
    """A club night of the club filed into the season as one of its nights (one form
    under the nights: a chooser of club nights and one of the season's nights)."""

    event = SelectField(_l("Club night"), validators=[Required()], validate_choice=False)
    number = WholeNumberField(_l("As the season's night"), validators=[InputRequired()])


class EntrantForm(_Revised):
    """A pair or a player entered, into a division."""

    player_0 = StringField(_l("Player"), validators=[Typed()])
    player_1 = StringField(_l("Partner"))
    division = WholeNumberField(_l("Division"), validators=[Optional()])


class DivisionForm(NumberForm):
    """An entrant moved into another division."""

    division = WholeNumberField(_l("Division"), validators=[Typed()])
