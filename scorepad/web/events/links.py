"""The director's link replaced by the director (docs/events.md): asked twice
(web/relink.py), one command; this phone then keeps the new link."""

from __future__ import annotations

from typing import Any

from flask import url_for
from werkzeug.wrappers import Response as BaseResponse

from ...store.event_commands.links import replace_director_link
from .. import relink, remembered, respond
from ..db import get_db
from ..words.events import not_done
from ..words.links import replaced
from .blueprint import director_post


@director_post("/<event_id>/replace-link")
def replace_link(event_id: str) -> Any:
    here = url_for("events.director", event_id=event_id)
    if not relink.asked():
        return relink.question(url_for("events.replace_link", event_id=event_id), here)
    return respond.run(
        lambda: replace_director_link(get_db(), event_id),
        lambda new: _replaced(event_id, new),
        here,
        words=not_done,
    )


def _replaced(old: str, new: str) -> BaseResponse:
    remembered.forget_event(old)
    remembered.remember_event(new)
    return respond.flashed(url_for("events.director", event_id=new), replaced())
