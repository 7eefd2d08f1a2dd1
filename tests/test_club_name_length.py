"""A club's name is at most 40 characters, as the club file reads it: the new-club form
says so beside its field, in the page's language, and makes nothing."""

from __future__ import annotations

import pytest

from scorepad.web.db import get_db
from tests.helpers import form_token, text


@pytest.mark.parametrize(("length", "made"), [(40, True), (41, False), (80, False)])
def test_a_club_name_over_40_characters_is_refused_saying_so(guarded, guarded_app, length, made):
    name = ("Miércoles Spades " * 5)[: length - 1].rstrip() + "z"
    name += "z" * (length - len(name))
    token = form_token(guarded.get("/clubs/new"))
    r = guarded.post("/clubs/new", data={"csrf_token": token, "name": name})
    with guarded_app.app_context():
        assert get_db()["clubs"].count == made
    if made:
        assert r.status_code == 302
    else:
        assert r.status_code == 400
        said = text(r)
        assert "Club name" in said and "At most 40 characters" in said
