"""The schema's later migrations, registered on migrations.py's `migrations` (that module
is full): applied once each, in order after it, never edited. `store/db.py` applies them
through this module, so none is missed."""

from __future__ import annotations

from sqlite_utils import Database

from ..core.errors import GameError
from .migrations import migrations
from .rows import rated_text, read_game

__all__ = ["migrations"]


@migrations()
def m029_games_rated(db: Database) -> None:
    """Each game's `rated`: what the ratings read of it once it is over (rows.rated_text),
    written from now on by every write of the game; worked out here once for the games
    already kept, so a club read cold scores none of them (store/club_view.py)."""
    db.execute("alter table games add column rated text")
    hands: dict[str, list[dict]] = {}
    for row in db.query("select * from hands order by game_id, number"):
        hands.setdefault(row["game_id"], []).append(row)
    for row in list(db.query("select * from games")):
        try:
            text = rated_text(read_game(row, hands.get(row["id"], [])).score())
        except GameError:  # never written so: left to be worked out from its score
            continue
        db.execute("update games set rated = ? where id = ?", [text, row["id"]])


@migrations()
def m030_roster_revision(db: Database) -> None:
    """A club's `roster_revision`: its revision when the manager last changed its roster
    (a roster form is checked against it, so a game filed leaves the manager's page
    good); its `own_revisions`: the revisions a card holder's own choice of the lists
    made (JSON, the latest kept), which leave every manager's form good; each roster
    change's `roster_after`, so an undo knows what the change set (core/club_undo.py)."""
    db.execute("alter table clubs add column roster_revision integer not null default 0")
    db.execute("alter table clubs add column own_revisions text not null default '[]'")
    db.execute("update clubs set roster_revision = revision")
    db.execute("alter table club_log add column roster_after text")


@migrations()
def m031_card_turns(db: Database) -> None:
    """How many times each person's card link was replaced (docs/clubs.md): a card's key
    is made from the club's secret, the person's key and this turn (none: turn 0, the
    key as it always was, so every card link given out before keeps working)."""
    db.execute(
        "create table club_card_turns (club_id text not null references clubs(id) "
        "on delete cascade, anchor text not null, turn integer not null, "
        "primary key (club_id, anchor))"
    )
