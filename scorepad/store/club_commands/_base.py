"""What every club command shares: the club as stored inside its write, the revision
check, the room left under the club's limits (core/limits.py), and the club's version
moved on."""

from __future__ import annotations

from sqlite_utils import Database

from ...core import limits
from ...core.errors import GameError
from ..clubs import Club, load_club
from .outcomes import ClubRefused, ClubStale, NoClub

# Each count a club is limited in: the rows holding it.
_COUNTED = {
    "games": "select count(*) from club_games where club_id = ?",
    "nights": "select count(*) from club_events where club_id = ?",
    "presets": "select count(*) from club_presets where club_id = ?",
    "seasons": "select count(*) from seasons where club_id = ?",
}


def current(
    db: Database, club_id: str, revision: int | None = None, *, roster: bool = False
) -> Club:
    """The club inside a write; ClubStale if the page that asked is older than the last
    change its form depends on: any change of the manager's (`edited_revision`; a card
    holder's own choice of the lists, a game or night filed and a write to one of its
    games move the club's revision, not that: no manager's form depends on them).
    `roster`: a roster form, which depends on the roster only: stale only if the page was
    loaded before the manager's last roster change."""
    club = load_club(db, club_id)
    if club is None:
        raise NoClub()
    if revision is None or revision == club.revision:
        return club
    since = club.roster_revision if roster else club.edited_revision
    if since <= revision <= club.revision:
        return club
    raise ClubStale()


# The clubs' versions moved on (everything a page of a club shows), with the revision of
# their last change its ratings read (`:rated`) and of their last change a manager's form
# depends on (`:edited`): the one statement every move of a club's version runs.
_MOVE = (
    "update clubs set revision = revision + 1, "
    "rated_revision = case when :rated then revision + 1 else rated_revision end, "
    "edited_revision = case when :edited then revision + 1 else edited_revision end "
    "where id in ({clubs})"
)


def move(db: Database, clubs: str, params: dict[str, object], *, rated: bool, edited: bool) -> None:
    """Move the version of the clubs the query `clubs` selects (with `params`): what
    their ratings read changed too (`rated`), a change a manager's form depends on
    (`edited`)."""
    db.execute(_MOVE.format(clubs=clubs), {**params, "rated": rated, "edited": edited})


def bump(db: Database, club_id: str, *, edited: bool = True) -> None:
    """Count one more change to the club (its name, roster, presets, games or nights
    filed); `edited`: a change a manager's form depends on (False: a card holder's own
    choice, a game or a night filed)."""
    move(db, ":club", {"club": club_id}, rated=True, edited=edited)


def room(db: Database, club_id: str, kind: str, more: int = 1) -> None:
    """Refuse `more` of `kind` ("games", "nights", "presets", "seasons") past what the club
    may hold: ClubRefused(`kind`), the core's refusal naming the field and the limit."""
    held = next(iter(db.execute(_COUNTED[kind], [club_id]).fetchone()))
    try:
        limits.check_room(kind, held, more)
    except GameError as err:
        raise ClubRefused(kind, field=kind, cause=err) from err
