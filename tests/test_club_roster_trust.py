"""Issue 39, the roster's seams: a name belongs to one person whatever the manager posts
and whatever the database holds; a rename takes no name another person goes by; a
player kept off the lists is off every page others read; Undo names what it undoes; a
card holder's own toggle neither makes the manager's page stale nor re-rates the club."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorepad.store import club_view as club_view_module
from scorepad.web.db import get_db
from tests.helpers import form_token, text
from tests.ratings_club import game_file
from tests.test_clubs import _file_games, _make, _view

PLAYED = [
    ((("Robert", "Cy"), ("Bob", "Di")), 0, 0.5),
    ((("Robert", "Bob"), ("Cy", "Eve")), 1, 0.5),
    ((("Di", "Eve"), ("Robert", "Cy")), 0, 0.5),
    ((("Bob", "Eve"), ("Di", "Flo")), 1, 0.5),
]


@pytest.fixture
def club_id(client, app) -> str:
    made = _make(client)
    _file_games(app, made, PLAYED)
    return made


def _hidden_value(page: str, name: str, form: str | None = None) -> str:
    """The value of a hidden input the manager's page draws (of the form posting to
    `form`, if given)."""
    if form is not None:
        page = page[page.index(f'action="{form}"') :]
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page)
    assert found, f"the page has no {name}"
    return found.group(1)


def _manager(client, club_id: str) -> str:
    page = client.get(f"/clubs/{club_id}")
    assert page.status_code == 200, page.get_data(as_text=True)
    return page.get_data(as_text=True)


def _post(client, club_id: str, what: str, page: str | None = None, **fields):
    """A roster form of the manager's page, posted with the revision that page showed."""
    page = page or _manager(client, club_id)
    revision = _hidden_value(page, "revision", f"/clubs/{club_id}/{what}")
    return client.post(
        f"/clubs/{club_id}/{what}", data={**fields, "revision": revision}, follow_redirects=True
    )


def _undo(client, club_id: str, page: str | None = None):
    page = page or _manager(client, club_id)
    action = f"/clubs/{club_id}/undo"
    data = {
        "revision": _hidden_value(page, "revision", action),
        "change": _hidden_value(page, "change", action),
    }
    return client.post(action, data=data, follow_redirects=True)


def _every_page(client, app, club_id: str) -> dict[str, int]:
    """The status of every page a club has: the manager's and members' pages, each card,
    the CSVs, the club file, and each of its games."""
    view = _view(app, club_id)
    members = view.club.members_token
    pages = [
        f"/clubs/{club_id}",
        f"/clubs/m/{members}",
        f"/clubs/{club_id}/ratings.csv",
        f"/clubs/m/{members}/ratings.csv",
        f"/clubs/{club_id}/club.json",
        *(f"/clubs/m/{members}/card/{view.club.card_token(m.anchor)}" for m in view.members),
        *(f"/games/{g.id}" for g in view.games),
    ]
    return {url: client.get(url).status_code for url in pages}


def _roster_keys(app, club_id: str) -> list[str]:
    with app.app_context():
        row = next(get_db().query("select roster from clubs where id = ?", [club_id]))
    return [key for person in json.loads(row["roster"]) for key in person["names"]]


# Finding 1: one POST with a name already merged into someone else bricked the club.
@pytest.mark.parametrize(
    ("what", "fields"),
    [
        ("merge", {"into": "di", "other": "bob"}),
        ("merge", {"into": "bob", "other": "di"}),
        ("rename", {"player": "bob", "name": "Bobby"}),
        ("hide", {"player": "bob", "hidden": "y"}),
        ("split", {"player": "bob", "name": "robert"}),
    ],
)
def test_a_name_merged_into_someone_stays_theirs_and_the_club_keeps_working(
    client, app, club_id, what, fields
):
    r = _post(client, club_id, "merge", into="robert", other="bob")
    assert "Merged" in text(r)
    r = _post(client, club_id, what, **fields)
    assert r.status_code == 200
    page = text(r)
    if what == "merge":
        # a merge's names are typed and each is read as the person who goes by it: "bob"
        # is Robert, so Robert (with every name of his) and Di become one person
        assert "Merged" in page
        with app.app_context():
            row = next(get_db().query("select roster from clubs where id = ?", [club_id]))
        people = [set(p["names"]) for p in json.loads(row["roster"])]
        assert any({"bob", "robert", "di"} <= names for names in people)
    else:
        assert re.search(r"(Bob is a name of Robert already|not merged into this player)", page)
    keys = _roster_keys(app, club_id)
    assert len(keys) == len(set(keys))  # a name belongs to one person
    assert set(_every_page(client, app, club_id).values()) == {200}
    r = _undo(client, club_id)
    assert "Merge undone" in text(r)
    assert set(_every_page(client, app, club_id).values()) == {200}


def test_a_roster_the_database_holds_with_a_name_in_two_people_still_shows(client, app, club_id):
    broken = [
        {"anchor": "robert", "names": ["bob", "robert"], "name": None, "hidden": False},
        {"anchor": "di", "names": ["bob", "di"], "name": None, "hidden": False},
    ]
    with app.app_context():
        db = get_db()
        db.execute(
            "update clubs set roster = ?, revision = revision + 1 where id = ?",
            [json.dumps(broken), club_id],
        )
        db.execute(
            "insert into club_log (club_id, number, kind, roster_before, at) "
            "values (?, 1, 'merge', ?, '2026-01-01')",
            [club_id, json.dumps(broken)],
        )
        db.conn.commit()
    club_view_module.forget_all()
    assert set(_every_page(client, app, club_id).values()) == {200}
    view = _view(app, club_id)
    assert view.person("Bob") == "di"  # the first by anchor's: the same one every time
    assert view.club.roster.person("robert").keys == {"robert"}
    # the manager mends it: every change writes the roster whole, each name once
    r = _post(client, club_id, "split", player="di", name="bob")
    assert "Split off" in text(r)
    r = _post(client, club_id, "merge", into="robert", other="bob")
    assert "Merged" in text(r)
    keys = _roster_keys(app, club_id)
    assert len(keys) == len(set(keys)) and "bob" in keys
    assert _view(app, club_id).person("Bob") == "robert"
    assert "Merge undone" in text(_undo(client, club_id))
    assert "Split undone" in text(_undo(client, club_id))
    assert _undo(client, club_id).status_code == 200  # the old change: read as mended
    keys = _roster_keys(app, club_id)
    assert len(keys) == len(set(keys))
    assert set(_every_page(client, app, club_id).values()) == {200}


def test_an_unreadable_roster_in_the_database_still_shows_every_page(client, app, club_id):
    with app.app_context():
        db = get_db()
        db.execute("update clubs set roster = '{not json' where id = ?", [club_id])
        db.conn.commit()
    club_view_module.forget_all()
    assert set(_every_page(client, app, club_id).values()) == {200}


# Finding 2: a rename to any name another person goes by is refused, naming its holder.
@pytest.mark.parametrize(
    ("setup", "player", "name", "said"),
    [
        ([("rename", {"player": "cy", "name": "Zed"})], "di", "zed", "zed is a name of Zed"),
        ([("merge", {"into": "robert", "other": "bob"})], "cy", "BOB", "BOB is a name of Robert"),
        ([], "cy", "Éve", "Éve is a name of Eve"),
        (
            [
                ("merge", {"into": "robert", "other": "bob"}),
                ("rename", {"player": "robert", "name": "Rob"}),
            ],
            "di",
            "robert",
            "robert is a name of Rob",
        ),
    ],
)
def test_a_rename_takes_no_name_another_person_goes_by(
    client, app, club_id, setup, player, name, said
):
    for what, fields in setup:
        assert _post(client, club_id, what, **fields).status_code == 200
    r = _post(client, club_id, "rename", player=player, name=name)
    assert said + " already" in text(r)
    shown = [m.name.casefold() for m in _view(app, club_id).members]
    assert len(shown) == len(set(shown))


def test_a_split_takes_the_name_chosen_from_its_spelling_with_it(client, app, club_id):
    _post(client, club_id, "merge", into="robert", other="bob")
    _post(client, club_id, "rename", player="robert", name="BOB")
    _post(client, club_id, "split", player="robert", name="bob")
    names = [m.name for m in _view(app, club_id).members]
    assert len(names) == len(set(names)) and "Robert" in names and "Bob" in names


# Finding 3: kept off the lists is off every page someone else reads.
def test_a_hidden_player_s_rating_shows_on_no_game_page_nor_other_cards(client, app, club_id):
    _post(client, club_id, "hide", player="eve", hidden="y")
    view = _view(app, club_id)
    for game_id in view.rated:
        page = text(client.get(f"/games/{game_id}"))
        assert not re.search(r"Eve: expected", page)
        if "Robert: expected" not in page:
            assert "Cy: expected" in page or "Di: expected" in page  # the others still
    members = view.club.members_token
    for m in view.members:
        if m.anchor == "eve":
            continue
        card = text(client.get(f"/clubs/m/{members}/card/{view.club.card_token(m.anchor)}"))
        assert m.name in card
        lists = card[card.index("The club's ratings") :]
        assert "Eve" not in lists
        assert not re.search(r"Eve: expected[^()→]*\(\d+\)", card)
    assert "Eve" not in text(client.get(f"/clubs/m/{members}"))
    assert "Eve" in text(client.get(f"/clubs/{club_id}"))  # the manager still sees her


# Finding 4: Undo names what it undoes, and whom it puts back on the lists.
def test_undo_names_the_change_it_takes_back_and_who_comes_back_on_the_lists(client, club_id):
    _post(client, club_id, "hide", player="bob", hidden="y")
    _post(client, club_id, "merge", into="robert", other="bob")
    page = _manager(client, club_id)
    said = "Undo: merge of Bob into Robert; puts Robert back on the public lists"
    assert said in text_of(page)
    assert f"{said}. The roster goes back to what it was before this change." in text_of(page)
    r = _undo(client, club_id, page)
    assert "Merge undone" in text(r)
    assert "Undo: Bob kept off the public lists" in text(r)
    r = _post(client, club_id, "rename", player="cy", name="Cyril")
    assert "Undo: rename of Cy to Cyril" in text(r)


def test_undo_keeps_a_player_s_own_choice_made_since(client, app, club_id):
    _post(client, club_id, "merge", into="robert", other="bob")
    view = _view(app, club_id)
    card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('eve')}"
    client.post(f"{card}/lists", data={"hidden": "y"})
    page = _manager(client, club_id)
    assert "Undo: merge of Bob into Robert" in text_of(page)
    assert "Eve" not in _undo_label(page)
    assert "Merge undone" in text(_undo(client, club_id, page))
    assert _view(app, club_id).by_anchor["eve"].hidden


def test_undo_of_a_change_no_longer_last_is_stale(client, club_id):
    _post(client, club_id, "merge", into="robert", other="bob")
    page = _manager(client, club_id)
    _post(client, club_id, "rename", player="cy", name="Cyril")
    r = _undo(client, club_id, page)
    assert "The club changed since this page was loaded" in text(r)
    assert "Undo: rename of Cy to Cyril" in text(r)


# Finding 5: a card holder's own toggle leaves the manager's page good.
@pytest.mark.parametrize(
    ("what", "fields", "done"),
    [
        ("merge", {"into": "robert", "other": "bob"}, "Merged"),
        ("rename", {"player": "cy", "name": "Cyril"}, "Renamed"),
        ("hide", {"player": "di", "hidden": "y"}, "Saved"),
        ("split", {"player": "robert", "name": "bob"}, "Split off"),
    ],
)
def test_a_card_holder_s_toggle_leaves_the_manager_s_page_good(
    client, app, club_id, what, fields, done
):
    if what == "split":
        _post(client, club_id, "merge", into="robert", other="bob")
    page = _manager(client, club_id)
    view = _view(app, club_id)
    card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('eve')}"
    assert client.post(f"{card}/lists", data={"hidden": "y"}).status_code == 302
    r = _post(client, club_id, what, page=page, **fields)
    assert done in text(r), text(r)
    assert _view(app, club_id).by_anchor["eve"].hidden  # her choice stands


def test_the_manager_s_page_is_still_stale_after_another_roster_change(client, club_id):
    page = _manager(client, club_id)
    _post(client, club_id, "rename", player="cy", name="Cyril")
    r = _post(client, club_id, "merge", page=page, into="robert", other="bob")
    assert "The club changed since this page was loaded" in text(r)


# Finding 6: keeping off the lists hides; it does not re-rate the club.
def test_a_toggle_does_not_rate_the_club_again(client, app, club_id, monkeypatch):
    view = _view(app, club_id)
    ratings = {p.name: p.skill.rating for p in view.ratings.players}
    client.get(f"/clubs/m/{view.club.members_token}")
    assert "Eve: expected" in text(client.get(f"/games/{view.rated[-1]}"))
    calls = []
    real = club_view_module.rate

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(club_view_module, "rate", counted)
    card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('eve')}"
    client.post(f"{card}/lists", data={"hidden": "y"})
    members = text(client.get(f"/clubs/m/{view.club.members_token}"))
    assert "Eve" not in members and "Robert" in members
    game = text(client.get(f"/games/{view.rated[-1]}"))  # a kept game page drawn again
    assert "Eve: expected" not in game and "Di: expected" in game
    client.post(f"{card}/lists", data={})
    assert "Eve" in text(client.get(f"/clubs/m/{view.club.members_token}"))
    _post(client, club_id, "rename", player="cy", name="Cyril")
    assert "Cyril" in text(client.get(f"/clubs/m/{view.club.members_token}"))
    assert calls == []
    after = _view(app, club_id)
    assert {p.name: p.skill.rating for p in after.ratings.players} == ratings
    _post(client, club_id, "merge", into="robert", other="bob")  # who is who: rated again
    assert calls


@pytest.mark.parametrize(
    ("roster", "said"),
    [
        (
            [
                {"anchor": "robert", "names": ["bob", "robert"], "name": None, "hidden": False},
                {"anchor": "di", "names": ["bob", "di"], "name": None, "hidden": False},
            ],
            "bob belongs to two players in the roster: robert and di",
        ),
        (
            [
                {"anchor": "robert", "names": ["robert"], "name": "Zed", "hidden": False},
                {"anchor": "di", "names": ["di"], "name": "ZED", "hidden": False},
            ],
            "Zed belongs to two players in the roster: di and robert",
        ),
        (
            [{"anchor": "robert", "names": ["robert", "bob"], "name": "Di", "hidden": False}],
            "Di belongs to two players in the roster: di and robert",
        ),
    ],
)
def test_a_club_file_with_a_name_in_two_players_is_refused_naming_it(guarded, roster, said):
    doc = {
        "scorepad_club": 1,
        "name": "Twice",
        "roster": roster,
        "games": [game_file(sides, winner) for sides, winner, _ in PLAYED],
    }
    token = form_token(guarded.get("/clubs/import"))
    r = guarded.post(
        "/clubs/import",
        data={"file": (io.BytesIO(json.dumps(doc).encode()), "c.json"), "csrf_token": token},
        content_type="multipart/form-data",
    )
    assert r.status_code == 400
    assert said in text(r)


def text_of(page: str) -> str:
    """A page's text, as `text` reads a response."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def _undo_label(page: str) -> str:
    found = re.search(r'<details class="confirm undo"><summary>([^<]*)</summary>', page)
    assert found
    return found.group(1)


def test_a_card_holder_s_toggle_leaves_the_manager_s_preset_forms_good(client, app, club_id):
    from scorepad.store.club_commands.presets import save_preset

    with app.app_context():
        save_preset(get_db(), club_id, None, "League", {"target": 300})
    page = _manager(client, club_id)
    view = _view(app, club_id)
    card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('eve')}"
    client.post(f"{card}/lists", data={"hidden": "y"})
    client.post(f"{card}/lists", data={})
    action = f"/clubs/{club_id}/presets/rename"
    revision = _hidden_value(page, "revision", action)
    data = {"revision": revision, "preset": "League", "name": "Cup"}
    assert "Preset renamed." in text(client.post(action, data=data, follow_redirects=True))
    data = {"revision": revision, "preset": "Cup", "name": "Old"}  # the page is older now
    r = client.post(action, data=data, follow_redirects=True)
    assert "The club changed since this page was loaded" in text(r)


def test_undo_and_the_refusals_say_it_in_spanish(client, club_id):
    _post(client, club_id, "hide", player="bob", hidden="y")
    _post(client, club_id, "merge", into="robert", other="bob")
    spanish = {"Accept-Language": "es"}
    page = text(client.get(f"/clubs/{club_id}", headers=spanish))
    said = "Deshacer: fusión de Bob en Robert; vuelve a poner a Robert en las listas públicas"
    assert said in page
    assert f"{said}. La lista de jugadores vuelve a como estaba" in page
    revision = _hidden_value(_manager(client, club_id), "revision", f"/clubs/{club_id}/rename")
    r = client.post(
        f"/clubs/{club_id}/rename",
        data={"player": "cy", "name": "Bob", "revision": revision},
        headers=spanish,
        follow_redirects=True,
    )
    assert "Bob ya es un nombre de Robert" in text(r)


def test_two_people_an_older_version_named_alike_show_apart_and_the_file_reads_back(
    client, app, club_id
):
    alike = [
        {"anchor": "cy", "names": ["cy"], "name": "Zed", "hidden": False},
        {"anchor": "di", "names": ["di"], "name": "ZED", "hidden": False},
        {"anchor": "flo", "names": ["flo"], "name": "Eve", "hidden": False},
    ]
    with app.app_context():
        db = get_db()
        db.execute(
            "update clubs set roster = ?, revision = revision + 1 where id = ?",
            [json.dumps(alike), club_id],
        )
        db.conn.commit()
    club_view_module.forget_all()
    names = [m.name for m in _view(app, club_id).members]
    assert names.count("Zed") == 1 and "Di" in names and "Flo" in names
    body = client.get(f"/clubs/{club_id}/club.json").get_data()
    r = client.post(
        "/clubs/import",
        data={"file": (io.BytesIO(body), "club.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, text(r)
    copy = _view(app, r.headers["Location"].rsplit("/", 1)[-1])
    assert [m.name for m in copy.members] == [m.name for m in _view(app, club_id).members]


@pytest.mark.parametrize("change", ["abc", "-1", "99999999999999999999", ""])
def test_an_undo_naming_no_change_there_is_is_refused_and_changes_nothing(
    client, app, club_id, change
):
    _post(client, club_id, "merge", into="robert", other="bob")
    page = _manager(client, club_id)
    revision = _hidden_value(page, "revision", f"/clubs/{club_id}/undo")
    r = client.post(
        f"/clubs/{club_id}/undo",
        data={"revision": revision, "change": change},
        follow_redirects=True,
    )
    assert r.status_code == 200
    merged = _view(app, club_id).person("Bob") == "robert"
    assert merged == (change != "")  # an empty one: the last change, as before
