"""The blueprint `seasons`, alone in its module: the view modules add their routes. A
manager's form is added with `manager_post`, which finds its club and season first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint

from ...store.clubs import load_club
from ...store.seasons import load_season
from ..db import get_db
from ..errors import View, post_where_found

bp = Blueprint("seasons", __name__, url_prefix="/seasons")


def _club_found(club_id: str, season_id: str | None = None, **_: Any) -> bool:
    db = get_db()
    if season_id is not None:
        season = load_season(db, season_id)
        return season is not None and season.club_id == club_id
    return load_club(db, club_id) is not None


def manager_post(rule: str) -> Callable[[View], View]:
    """A manager's form, posted under the club's manager's link (`<club_id>`) and, for a
    season's, its season (`<season_id>`): a link that finds no club (never was, replaced
    since, the members' link) or a season not that club's is a 404 before the form is
    read or a command run (docs/seasons.md, *Links: who may do what*)."""
    return post_where_found(bp, rule, _club_found)
