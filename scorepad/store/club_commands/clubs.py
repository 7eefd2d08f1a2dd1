"""A club made, renamed, and its roster changed: each change kept with the roster
before it, so that the last one can be undone."""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from ...core.club import EMPTY, Roster, dumps
from ...core.errors import GameError
from ...core.names import name_problem
from ..db import writing
from ..relink import rekey
from ..stamps import now, token
from ._base import bump, current
from .outcomes import ClubRefused

Change = Callable[[Roster], Roster]


def clean_name(name: str) -> str:
    """A club's name as typed, checked: ClubRefused names the field when it is no name."""
    clean, problem = name_problem(name)
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


def change_roster(db: Database, club_id: str, revision: int, kind: str, change: Change) -> None:
    """A change to the roster (`kind`: merge, split, rename, hide), as the core makes it
    (a GameError it raises changes nothing), kept with the roster before it."""
    with writing(db):
        club = current(db, club_id, revision)
        try:
            fresh = change(club.roster)
        except GameError as err:
            raise ClubRefused(kind, field=err.field, cause=err) from err
        numbers = list(db.query("select max(number) n from club_log where club_id = ?", [club_id]))
        db.execute(
            "insert into club_log (club_id, number, kind, roster_before, at) "
            "values (?, ?, ?, ?, ?)",
            [club_id, (numbers[0]["n"] or 0) + 1, kind, dumps(club.roster), now()],
        )
        db.execute("update clubs set roster = ? where id = ?", [dumps(fresh), club_id])
        bump(db, club_id)


def undo(db: Database, club_id: str, revision: int) -> str:
    """Take back the last roster change not undone; returns its kind."""
    with writing(db):
        current(db, club_id, revision)
        rows = list(
            db.query(
                "select number, kind, roster_before from club_log where club_id = ? "
                "and undone = 0 order by number desc limit 1",
                [club_id],
            )
        )
        if not rows:
            raise ClubRefused("nothing_to_undo")
        last = rows[0]
        db.execute("update clubs set roster = ? where id = ?", [last["roster_before"], club_id])
        db.execute(
            "update club_log set undone = 1 where club_id = ? and number = ?",
            [club_id, last["number"]],
        )
        bump(db, club_id)
        return str(last["kind"])


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
    the keys merged into it, each get their next turn, so no link of theirs opens it."""
    with writing(db):
        current(db, club_id)
        for key in keys:
            db.execute(
                "insert into club_card_turns (club_id, anchor, turn) values (?, ?, 1) "
                "on conflict (club_id, anchor) do update set turn = turn + 1",
                [club_id, key],
            )
        bump(db, club_id)
