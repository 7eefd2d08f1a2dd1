"""Issue 39: the manager's merge and split take typed names (the name shown, or one the
person played under), not a chooser of every person; a name of no one is refused naming
its field. Each through the manager page's own forms, CSRF on."""

from __future__ import annotations

import pytest

from scorepad.store.club_view import club_view
from scorepad.web.db import get_db
from tests.helpers import form_token, text
from tests.test_clubs import _file_games

GAMES = [
    ((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5),
    ((("Annie", "Cy"), ("Bo", "Di")), 0, 0.5),
    ((("Anne", "Cy"), ("Bo", "Di")), 1, 0.5),
    ((("A. Smith", "Cy"), ("Bo", "Di")), 1, 0.5),
    ((("Ann S.", "Cy"), ("Bo", "Di")), 0, 0.5),
]


@pytest.fixture
def club(guarded_app, guarded):
    token = form_token(guarded.get("/clubs/new"))
    r = guarded.post("/clubs/new", data={"name": "Friday Spades", "csrf_token": token})
    club_id = r.headers["Location"].rsplit("/", 1)[-1]
    _file_games(guarded_app, club_id, GAMES)
    return club_id


def _view(app, club_id):
    with app.app_context():
        return club_view(get_db(), club_id)


def _post(client, club_id: str, action: str, **data):
    page = client.get(f"/clubs/{club_id}")
    revision = _revision(page)
    sent = {"csrf_token": form_token(page), "revision": revision, **data}
    return client.post(f"/clubs/{club_id}/{action}", data=sent, follow_redirects=True)


def _revision(page) -> str:
    body = page.get_data(as_text=True)
    start = body.index('name="revision"')
    return body[start:].split('value="', 1)[1].split('"', 1)[0]


def test_a_merge_by_typed_names_as_shown_or_as_played(guarded_app, guarded, club):
    r = _post(guarded, club, "merge", into="ANN", other="  annie ")
    assert "Merged" in text(r)
    assert "Ann (plays as Ann, Annie)" in text(r)
    # "Annie" is Ann's now: typing it finds her; Ann renamed is found by her new name too
    _post(guarded, club, "rename", player="ann", name="Ann Smith")
    r = _post(guarded, club, "merge", into="Ann Smith", other="Anne")
    assert "Merged" in text(r)
    r = _post(guarded, club, "merge", into="Annie", other="A. Smith")
    assert "Merged" in text(r)
    ann = next(m for m in _view(guarded_app, club).members if m.anchor == "ann")
    assert set(ann.spellings) == {"Ann", "Annie", "Anne", "A. Smith"}


@pytest.mark.parametrize(
    ("into", "other", "field"),
    [
        ("Ann", "Nobody", "is the same person as"),
        ("Nobody", "Ann", "Keep"),
        ("Ann", "", "is the same person as"),
        ("", "Ann", "Keep"),
        ("Ann", "ann", "is the same person as"),
    ],
)
def test_a_typed_name_of_no_one_is_refused_naming_its_field(
    guarded_app, guarded, club, into, other, field
):
    before = len(_view(guarded_app, club).members)
    r = _post(guarded, club, "merge", into=into, other=other)
    assert r.status_code == 200
    said = text(r)
    assert field in said or "two different players" in said, said
    assert "Merged" not in said
    assert len(_view(guarded_app, club).members) == before


def test_names_past_the_first_three_are_split_off_by_typing_them(guarded_app, guarded, club):
    for other in ("Annie", "Anne", "A. Smith", "Ann S."):
        _post(guarded, club, "merge", into="Ann", other=other)
    page = guarded.get(f"/clubs/{club}")
    body = page.get_data(as_text=True)
    assert body.count("Split “") == 3  # a button for three, the fourth typed
    assert "plays as Ann, A. Smith, Ann S., Anne and 1 more" in text(page)
    r = _post(guarded, club, "split", player="ann", name="ANNIE")
    assert "Split off" in text(r)
    ann = next(m for m in _view(guarded_app, club).members if m.anchor == "ann")
    assert "Annie" not in ann.spellings and len(ann.spellings) == 4
    r = _post(guarded, club, "split", player="ann", name="Bo")
    assert "Split off" not in text(r)
