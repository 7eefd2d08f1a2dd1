"""A club's presets saved, renamed and deleted (docs/clubs.md: the manager's link only):
each one transaction, checked against the club's revision the page showed, the name and
rules checked by the core (`from_values`) before anything is written."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from ...core.errors import GameError
from ...core.presets import Preset, from_values, preset_name_problem
from ..db import writing
from ._base import bump, current, room
from .outcomes import ClubRefused


def _checked(name: str, values: Mapping[str, Any]) -> Preset:
    try:
        return from_values(name, values)
    except GameError as err:
        field = "name" if err.field == "preset" else err.field
        raise ClubRefused("preset", field=field, cause=err) from err


def _names(db: Database, club_id: str) -> set[str]:
    rows = db.query("select name from club_presets where club_id = ?", [club_id])
    return {str(r["name"]) for r in rows}


def save_preset(
    db: Database,
    club_id: str,
    revision: int | None,
    name: str,
    values: Mapping[str, Any],
    *,
    replace: bool = False,
) -> str:
    """A preset of the club; returns its name. One of the same name is replaced only when
    the manager said so (`replace`), else refused ("preset_taken")."""
    preset = _checked(name, values)
    with writing(db):
        current(db, club_id, revision)
        taken = preset.name in _names(db, club_id)
        if taken and not replace:
            raise ClubRefused("preset_taken", field="name")
        if not taken:
            room(db, club_id, "presets")
        db.execute(
            "insert or replace into club_presets (club_id, name, rules) values (?, ?, ?)",
            [club_id, preset.name, json.dumps(dict(preset.values), separators=(",", ":"))],
        )
        bump(db, club_id)
    return preset.name


def rename_preset(db: Database, club_id: str, revision: int, old: str, new: str) -> str:
    """A club preset under a new name; returns it."""
    problem = preset_name_problem(new)
    if problem:
        raise ClubRefused("preset", field="name", cause=GameError(problem, field="name"))
    clean = new.strip()
    with writing(db):
        current(db, club_id, revision)
        names = _names(db, club_id)
        if old not in names:
            raise ClubRefused("no_preset", field="preset")
        if clean != old and clean in names:
            raise ClubRefused("preset_taken", field="name")
        db.execute(
            "update club_presets set name = ? where club_id = ? and name = ?",
            [clean, club_id, old],
        )
        bump(db, club_id)
    return clean


def delete_preset(db: Database, club_id: str, revision: int, name: str) -> None:
    """A club preset gone."""
    with writing(db):
        current(db, club_id, revision)
        if name not in _names(db, club_id):
            raise ClubRefused("no_preset", field="preset")
        db.execute("delete from club_presets where club_id = ? and name = ?", [club_id, name])
        bump(db, club_id)
