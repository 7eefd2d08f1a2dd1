"""A club made, renamed, and its roster changed: each of the manager's changes kept with
the roster before and after it, so that the last one can be undone (core/club_undo.py).
A card holder's own choice to keep off the public lists is no change of the manager's:
it is not kept for undo, nor does it make a form of the manager's page stale (it moves
no `clubs.edited_revision`; a roster form is checked against the manager's last roster
change, `clubs.roster_revision`). It still moves the club's revision, which every page
kept of the club keys on, so no page shows a choice older than the player's."""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from ...core import limits
from ...core.club import EMPTY, Roster, dumps
from ...core.club_undo import undone
from ...core.errors import GameError
from ...core.names import name_problem
from ..db import writing
from ..relink import rekey
from ..stamps import now, token
from ._base import bump, current
from .outcomes import ClubRefused, ClubStale

Change = Callable[[Roster], Roster]


def clean_name(name: str) -> str:
    """A club's name as typed, checked: ClubRefused names the field when it is no name."""
    clean, problem = name_problem(name, limits.CLUB_NAME)
    if problem:
        raise ClubRefused("name", field="name")
    return clean


def insert_club(db: Database, name: str, roster: Roster = EMPTY) -> str:
    """A new club inside the caller's write; returns its manager id."""
    club_id = token()
    db.execute(
        "insert into clubs (id, members_token, card_secret, name, created_at, roster) "
        "values (?, ?, ?, ?, ?, ?)",
        [club_id, token(), token(), clean_name(name), now("seconds"), dumps(roster)],
    )
    return club_id


def create_club(db: Database, name: str) -> str:
    """Store a new club; returns its manager id."""
    with writing(db):
        return insert_club(db, name)


def rename_club(db: Database, club_id: str, revision: int, name: str) -> None:
    """The club's own name."""
    with writing(db):
        current(db, club_id, revision)
        db.execute("update clubs set name = ? where id = ?", [clean_name(name), club_id])
        bump(db, club_id)


def _changed(kind: str, change: Change, roster: Roster) -> Roster:
    try:
        return change(roster)
    except GameError as err:
        raise ClubRefused(kind, field=err.field, cause=err) from err


def _write(db: Database, club_id: str, roster: Roster, *, manager: bool) -> None:
    """The roster written and the club's revision moved; the manager's: also the
    revisions the manager's forms and roster forms are checked against."""
    db.execute("update clubs set roster = ? where id = ?", [dumps(roster), club_id])
    bump(db, club_id, edited=manager)
    if manager:
        db.execute("update clubs set roster_revision = revision where id = ?", [club_id])


def change_roster(db: Database, club_id: str, revision: int, kind: str, change: Change) -> None:
    """The manager's change to the roster (`kind`: merge, split, rename, hide), as the
    core makes it (a GameError it raises changes nothing), kept with the roster before
    and after it. Stale only if the manager's page is older than the roster it changes."""
    with writing(db):
        club = current(db, club_id, revision, roster=True)
        fresh = _changed(kind, change, club.roster)
        numbers = list(db.query("select max(number) n from club_log where club_id = ?", [club_id]))
        db.execute(
            "insert into club_log (club_id, number, kind, roster_before, roster_after, at) "
            "values (?, ?, ?, ?, ?, ?)",
            [club_id, (numbers[0]["n"] or 0) + 1, kind, dumps(club.roster), dumps(fresh), now()],
        )
        _write(db, club_id, fresh, manager=True)


def own_choice(db: Database, club_id: str, change: Change) -> None:
    """A card holder's own choice (on or off the public lists), as the core makes it:
    not the manager's, so neither kept for undo nor making the manager's page stale."""
    with writing(db):
        club = current(db, club_id)
        _write(db, club_id, _changed("hide", change, club.roster), manager=False)


def undo(db: Database, club_id: str, revision: int, number: int | None = None) -> str:
    """Take back the manager's last roster change not undone (`number`: the one the page
    named, stale if another is last now); returns its kind. The roster goes back to the
    one before it, each person's own choice since kept (core/club_undo.py)."""
    with writing(db):
        club = current(db, club_id, revision, roster=True)
        last = club.last_change
        if last is None:
            raise ClubRefused("nothing_to_undo")
        if number is not None and number != last.number:
            raise ClubStale()
        back = undone(last.before, last.after or club.roster, club.roster)
        db.execute(
            "update club_log set undone = 1 where club_id = ? and number = ?",
            [club_id, last.number],
        )
        _write(db, club_id, back, manager=True)
        return last.kind


def replace_manager_link(db: Database, club_id: str) -> str:
    """A new manager's link for the club (the old one leaked): its new id; the old
    answers nothing from now on."""
    new = token()
    with writing(db):
        current(db, club_id)
        rekey(db, "clubs", club_id, new)
        bump(db, new)
    return new


def replace_members_link(db: Database, club_id: str) -> str:
    """A new members' link for the club (the old one leaked): its new token."""
    new = token()
    with writing(db):
        current(db, club_id)
        db.execute("update clubs set members_token = ? where id = ?", [new, club_id])
        bump(db, club_id)
    return new


def replace_card_link(db: Database, club_id: str, keys: tuple[str, ...]) -> None:
    """A new card link for one person (the old one leaked): `keys`, the person's key and
    the keys merged into it, each get their next turn, so no link of theirs opens it. The
    card's holder's own act: no change of the manager's (it stales no form of theirs)."""
    with writing(db):
        current(db, club_id)
        for key in keys:
            db.execute(
                "insert into club_card_turns (club_id, anchor, turn) values (?, ?, 1) "
                "on conflict (club_id, anchor) do update set turn = turn + 1",
                [club_id, key],
            )
        bump(db, club_id, edited=False)
