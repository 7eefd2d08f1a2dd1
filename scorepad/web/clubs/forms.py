"""The club's forms: a new club, the roster's changes, filing a game or a night, a file
brought in. Every roster form carries the club's revision the page showed."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import InputRequired, Optional
from wtforms.widgets import HiddenInput

from scorepad.web.catalogue import lazy_gettext as _l

from ...core import limits
from ...core.names import MAX_NAME
from ..fields import Required, WholeNumberField, at_most


class ClubForm(FlaskForm):
    """A new club: its name."""

    name = StringField(
        _l("Club name"), validators=[Required(_l("enter a name")), at_most(limits.CLUB_NAME, 1)]
    )


class _Revised(FlaskForm):
    revision = WholeNumberField("Revision", validators=[InputRequired()], widget=HiddenInput())


class MergeForm(_Revised):
    """Two entries of the roster that are one person, each by a name typed: the name
    shown, or one it was played under."""

    into = StringField(
        _l("Keep"), validators=[Required(_l("type a player's name")), at_most(MAX_NAME, 1)]
    )
    other = StringField(
        _l("is the same person as"),
        validators=[Required(_l("type a player's name")), at_most(MAX_NAME, 1)],
    )


class PlayerForm(_Revised):
    """A change to one person: renamed, a name split off, kept off the public lists."""

    player = StringField("Player", validators=[InputRequired()])  # drawn by the page
    name = StringField(_l("Name"), validators=[at_most(MAX_NAME, 0)])
    hidden = BooleanField(_l("Keep off the club's public lists"))


class UndoForm(_Revised):
    """Take back the last roster change: `change`, the one the button named."""

    change = WholeNumberField("Change", validators=[Optional()], widget=HiddenInput())


class TakeOutForm(_Revised):
    """A game filed alone taken out of the club."""


class FileGameForm(FlaskForm):
    """A game of this phone's, or a club night it directs, filed into the club."""

    game = SelectField(_l("Game"), validate_choice=False)
    night = SelectField(_l("Club night"), validate_choice=False)


class ImportForm(FlaskForm):
    """A club file, or game and event files, brought into the club."""

    file = FileField(_l("Club file"), validators=[FileRequired(_l("choose a file"))])


class MeForm(FlaskForm):
    """'This is me' on a card, or its undoing; keeping off the public lists."""

    hidden = BooleanField(_l("Keep me off the club's public lists"))
