"""What every club command shares: the club as stored inside its write, the revision
check, and the revision moved on."""

from __future__ import annotations

from sqlite_utils import Database

from ..clubs import Club, load_club
from .outcomes import ClubStale, NoClub


def current(
    db: Database, club_id: str, revision: int | None = None, *, roster: bool = False
) -> Club:
    """The club inside a write; ClubStale if the page that asked saw an older revision.
    `roster`: a roster form, which depends on the roster only: stale if the page was
    loaded before the manager's last roster change (a card holder's own toggle, or a
    game filed since, leaves it good)."""
    club = load_club(db, club_id)
    if club is None:
        raise NoClub()
    if revision is None:
        return club
    if roster and club.roster_revision <= revision <= club.revision:
        return club
    if revision != club.revision:
        raise ClubStale()
    return club


def bump(db: Database, club_id: str) -> None:
    """Count one more change to the club (its roster, its games or nights)."""
    db.execute("update clubs set revision = revision + 1 where id = ?", [club_id])
