"""The club's manager's and members' links replaced by the manager (docs/clubs.md):
asked twice (web/relink.py), one command each; this phone then keeps the new link."""

from __future__ import annotations

from typing import Any

from flask import url_for
from werkzeug.wrappers import Response as BaseResponse

from ...store.club_commands import clubs as commands
from .. import relink, remembered, respond
from ..db import get_db
from ..words.clubs import club_words
from ..words.links import replaced
from . import data
from .blueprint import bp


@bp.post("/<club_id>/replace/<any(manager,members):which>")
def replace_link(club_id: str, which: str) -> Any:
    view = data.view_or_404(club_id)
    here = url_for("clubs.manage", club_id=club_id)
    if not relink.asked():
        return relink.question(url_for("clubs.replace_link", club_id=club_id, which=which), here)
    if which == "manager":
        return respond.run(
            lambda: commands.replace_manager_link(get_db(), club_id),
            lambda new: _manager_replaced(club_id, new),
            here,
            words=club_words,
        )
    old = view.club.members_token
    return respond.run(
        lambda: commands.replace_members_link(get_db(), club_id),
        lambda new: _members_replaced(club_id, old, new),
        here,
        words=club_words,
    )


def _manager_replaced(old: str, new: str) -> BaseResponse:
    remembered.forget_club(old)
    remembered.remember_club(new)
    return respond.flashed(url_for("clubs.manage", club_id=new), replaced())


def _members_replaced(club_id: str, old: str, new: str) -> BaseResponse:
    remembered.move_card(old, new)
    return respond.flashed(url_for("clubs.manage", club_id=club_id), replaced())
