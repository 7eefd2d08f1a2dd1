"""The season link replaced by the club's manager (docs/seasons.md): asked twice
(web/relink.py), one command. The calendar feeds move with it (their address is the
season link); their entries keep their UIDs."""

from __future__ import annotations

from typing import Any

from flask import url_for

from ...store.season_commands import seasons as commands
from .. import relink, respond
from ..db import get_db
from ..words.links import replaced
from ..words.seasons import season_words
from .blueprint import manager_post
from .manage import back


@manager_post("/c/<club_id>/<season_id>/replace-link")
def replace_link(club_id: str, season_id: str) -> Any:
    here = back(club_id, season_id)
    if not relink.asked():
        action = url_for("seasons.replace_link", club_id=club_id, season_id=season_id)
        return relink.question(action, here)
    return respond.run(
        lambda: commands.replace_season_link(get_db(), club_id, season_id),
        lambda _: respond.flashed(here, replaced()),
        here,
        words=season_words,
    )
