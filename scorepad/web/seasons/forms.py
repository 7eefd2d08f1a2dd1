"""A season's forms, each carrying the season's revision the page showed."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional
from wtforms.widgets import HiddenInput

from ..fields import WholeNumberField


class SeasonForm(FlaskForm):
    """A season's name and settings (a new season's too: its revision is not read)."""

    revision = WholeNumberField("Revision", validators=[Optional()], widget=HiddenInput())
    name = StringField("Season name", validators=[InputRequired()])
    kind = SelectField(
        "Entrants", choices=[SelectChoice("pairs", "Pairs"), SelectChoice("cutthroat", "Players")]
    )
    divisions = StringField("Divisions (names, by commas, highest first)")
    best = WholeNumberField("Best nights counted (0: all)", validators=[Optional()])
    qualify = WholeNumberField("Nights to be ranked", validators=[Optional()])
    moves = WholeNumberField("Up and down at the end (0: none)", validators=[Optional()])
    playoff = WholeNumberField("Playoff size (0: none)", validators=[Optional()])
    fixtures = SelectField(
        "Fixtures",
        choices=[
            SelectChoice("season", "Drawn for the season"),
            SelectChoice("night", "Each night's draw"),
        ],
    )
    playoff_format = SelectField(
        "Playoff",
        choices=[
            SelectChoice("single", "Single elimination"),
            SelectChoice("double", "Double elimination"),
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
    day = StringField("Date (YYYY-MM-DD)", validators=[InputRequired()])
    start = StringField("Start (HH:MM)")
    venue = StringField("Venue")


class NumberForm(_Revised):
    """One night or entrant of the season, by number."""

    number = WholeNumberField("Number", validators=[InputRequired()], widget=HiddenInput())


class LinkForm(NumberForm):
    """A club night of the club filed into the season as a night."""

    event = SelectField("Club night", validators=[InputRequired()], validate_choice=False)


class EntrantForm(_Revised):
    """A pair or a player entered, into a division."""

    player_0 = StringField("Player", validators=[InputRequired()])
    player_1 = StringField("Partner")
    division = WholeNumberField("Division", validators=[Optional()])


class DivisionForm(NumberForm):
    """An entrant moved into another division."""

    division = WholeNumberField("Division", validators=[InputRequired()])
