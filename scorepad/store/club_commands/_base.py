"""What every club command shares: the club as stored inside its write, the revision
check, the room left under the club's limits (core/limits.py), and the revision moved
on."""

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
    """The club inside a write; ClubStale if the page that asked saw an older revision,
    unless every change since was a card holder's own choice of the lists (no manager's
    form depends on another person's choice). `roster`: a roster form, which depends on
    the roster only: stale only if the page was loaded before the manager's last roster
    change (a game filed since leaves it good too)."""
    club = load_club(db, club_id)
    if club is None:
        raise NoClub()
    if revision is None or revision == club.revision:
        return club
    if roster and club.roster_revision <= revision <= club.revision:
        return club
    since = range(revision + 1, club.revision + 1)
    if revision < club.revision and all(v in club.own_revisions for v in since):
        return club
    raise ClubStale()


def bump(db: Database, club_id: str) -> None:
    """Count one more change to the club (its roster, its games or nights)."""
    db.execute("update clubs set revision = revision + 1 where id = ?", [club_id])


def room(db: Database, club_id: str, kind: str, more: int = 1) -> None:
    """Refuse `more` of `kind` ("games", "nights", "presets", "seasons") past what the club
    may hold: ClubRefused(`kind`), the core's refusal naming the field and the limit."""
    held = next(iter(db.execute(_COUNTED[kind], [club_id]).fetchone()))
    try:
        limits.check_room(kind, held, more)
    except GameError as err:
        raise ClubRefused(kind, field=kind, cause=err) from err
