"""The blueprint `seasons`, alone in its module: the view modules add their routes. A
manager's form is added with `manager_post`, which finds its club and season first."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort

from ...store.clubs import load_club
from ...store.seasons import load_season
from ..db import get_db

bp = Blueprint("seasons", __name__, url_prefix="/seasons")

View = Callable[..., Any]


def manager_post(rule: str) -> Callable[[View], View]:
    """A manager's form, posted under the club's manager's link (`<club_id>`) and, for a
    season's, its season (`<season_id>`): a link that finds no club (never was, replaced
    since, the members' link) or a season not that club's is a 404 before the form is
    read or a command run (docs/seasons.md, *Links: who may do what*)."""

    def register(view: View) -> View:
        @functools.wraps(view)
        def found(club_id: str, **args: Any) -> Any:
            db, season_id = get_db(), args.get("season_id")
            if season_id is not None:
                season = load_season(db, season_id)
                if season is None or season.club_id != club_id:
                    abort(404)
            elif load_club(db, club_id) is None:
                abort(404)
            return view(club_id, **args)

        bp.post(rule)(found)
        return found

    return register
