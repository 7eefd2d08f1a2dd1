"""The database schema, as sqlite-utils migrations: applied once each, never edited."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorepad")


@migrations()
def m001_create_games(db: Database) -> None:
    """Games: the table and its house rules; hands: each hand's bids and tricks."""
    db.table("games").create(
        {"id": str, "created_at": str, "updated_at": str, "mode": str,
         "players": str, "first_dealer": int, "rules": str},
        pk="id", not_null={"created_at", "updated_at", "mode", "players", "first_dealer",
                           "rules"},
    )
    db.table("hands").create(
        {"game_id": str, "number": int, "bids": str, "tricks": str, "version": int,
         "updated_at": str},
        pk=("game_id", "number"), not_null={"game_id", "number", "bids", "version"},
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m002_add_revision(db: Database) -> None:
    """A counter bumped by every write to a game, so a scored game can be cached safely."""
    db.table("games").add_column("revision", int, not_null_default=0)


@migrations()
def m003_add_share_token(db: Database) -> None:
    """A second random token per game for its read-only live scoreboard."""
    import secrets

    db.table("games").add_column("share_token", str)
    for row in list(db.query("select id from games")):
        db.execute("update games set share_token = ? where id = ?",
                   [secrets.token_urlsafe(16), row["id"]])
    db.table("games").create_index(["share_token"], unique=True)


@migrations()
def m005_tricks_by_side(db: Database) -> None:
    """Tricks may be entered per side: a hand keeps the side counts, a game how it counts."""
    db.table("hands").add_column("side_tricks", str)
    db.table("games").add_column("tricks_by", str, not_null_default="seat")


@migrations()
def m006_core_extras(db: Database) -> None:
    """What a hand may also carry (blind, dealer, adjust, note) and what a game may
    (start from paper, ended early, side names), each as one JSON object or null."""
    db.table("hands").add_column("extra", str)
    db.table("games").add_column("extra", str)
