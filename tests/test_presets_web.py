"""Issue 30, item 3: presets on the web: a new game from a shipped preset, a shared link,
a phone's own preset kept in its cookie, a club's presets and who may change them."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import quote

import pytest

from scorepad.files import game as gamefile
from tests.helpers import load, new_game_form, start, text

TOURNAMENT_300 = {
    "target": "300",
    "rule_bag_limit": "7",
    "rule_set_out": "2",
    "rule_set_out_count": "in_game",
}


def _hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    return html.unescape(found.group(1)) if found else ""


def _checked(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*checked[^>]*name="{name}"[^>]*value="([^"]*)"', page)
    found = found or re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"[^>]*checked', page)
    return found.group(1) if found else ""


def _value(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page)
    return found.group(1) if found else ""


def _start_from(client, page: str, **changes) -> str:
    data = new_game_form(**TOURNAMENT_300)
    data["preset_name"] = _hidden(page, "preset_name")
    data["preset_rules"] = _hidden(page, "preset_rules")
    data.update(changes)
    r = client.post("/games/new", data=data)
    assert r.status_code == 302, r.text
    return r.headers["Location"].rsplit("/", 1)[-1]


def test_a_shipped_preset_fills_the_new_game_page(client):
    page = client.get("/games/new?preset=tournament-300").text
    assert "The rules of the preset Tournament 300 are filled in" in text_of(page)
    assert _checked(page, "target") == "300"
    assert _value(page, "rule_bag_limit") == "7"
    assert _value(page, "rule_set_out") == "2"
    assert _checked(page, "rule_set_out_count") == "in_game"


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_a_game_started_from_a_preset_records_its_name_in_the_game_file(client, app):
    page = client.get("/games/new?preset=tournament-300").text
    game_id = _start_from(client, page)
    stored = load(app, game_id)
    assert stored.game.preset == "Tournament 300"
    assert (stored.game.rules.target, stored.game.rules.bag_limit) == (300, 7)
    doc = json.loads(client.get(f"/games/{game_id}/export.json").text)
    assert doc["preset"] == "Tournament 300"
    assert "This game was started from the preset Tournament 300" in text(
        client.get(f"/games/{game_id}/rules")
    )


def test_a_game_whose_rules_were_changed_keeps_no_preset_name(client, app):
    page = client.get("/games/new?preset=tournament-300").text
    game_id = _start_from(client, page, rule_bag_limit="8")
    assert load(app, game_id).game.preset is None
    assert "preset" not in json.loads(client.get(f"/games/{game_id}/export.json").text)


def test_every_shipped_preset_is_offered_and_described(client):
    page = text(client.get("/games/new"))
    for name in ("Kitchen table", "Tournament 300", "Tournament 500"):
        assert name in page
    presets = text(client.get("/presets"))
    assert "Played to 300; Bags before a penalty: 7; Out after missed bids: 2" in presets
    game_id = start(client)
    rules = text(client.get(f"/games/{game_id}/rules"))
    assert "Tournament 500" in rules and "Played to 300; Bags before a penalty: 7" in rules


def test_a_shared_link_carries_its_rules_and_has_a_qr_code(client):
    share = client.get("/presets/share?preset=tournament-500")
    assert share.status_code == 200 and "<svg" in share.text
    assert "/games/new?preset=tournament-500" in share.text
    rules = quote(json.dumps({"target": 250, "nil": False}))
    link = client.get(f"/presets/share?name=Friday&rules={rules}")
    assert link.status_code == 200 and "Share the preset Friday" in text(link)
    page = client.get(f"/games/new?name=Friday&rules={rules}").text
    assert "The rules of the preset Friday are filled in" in text_of(page)
    assert _checked(page, "target") == "250"
    assert 'name="rule_nil"' in page and not re.search(r'name="rule_nil"[^>]*checked', page)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("preset=no-such", "preset"),
        ("name=Friday&rules=%7Bnot%20json", "rules"),
        ("name=Friday&rules=%7B%22bag_limit%22%3A%22x%22%7D", "rules.bag_limit"),
        ("name=%20&rules=%7B%7D", "preset"),
    ],
)
def test_a_bad_link_is_told_naming_the_field_and_the_usual_rules_shown(client, query, field):
    page = client.get(f"/games/new?{query}")
    assert page.status_code == 200
    assert f"That preset link cannot be read ({field}:" in text(page)
    assert client.get(f"/presets/share?{query}").status_code == 400


def test_a_phone_saves_a_game_s_rules_as_a_preset_in_its_cookie(client):
    game_id = start(client, target="custom", custom_target="350", rule_bag_limit="5")
    settings = text(client.get(f"/games/{game_id}/settings"))
    assert "Save these rules as a preset" in settings
    assert "Kept on this phone; the new-game page" in settings  # no club to keep it in
    r = client.post(f"/games/{game_id}/preset", data={"name": "Cabin"})
    assert r.status_code == 302
    with client.session_transaction() as session:
        assert session["presets"] == [["Cabin", '{"target":350,"bag_limit":5}']]
    page = client.get("/games/new").text
    link = re.search(r'href="(/games/new\?name=Cabin[^"]*)"', page).group(1)
    filled = client.get(html.unescape(link)).text
    assert _value(filled, "custom_target") == "350" and _value(filled, "rule_bag_limit") == "5"
    assert client.post("/presets/forget", data={"name": "Cabin"}).status_code == 302
    assert "Cabin" not in client.get("/games/new").text


def test_a_preset_without_a_name_is_refused_naming_the_field(client):
    game_id = start(client)
    r = client.post(f"/games/{game_id}/preset", data={"name": "  "})
    assert r.status_code == 400 and "Preset name: is empty" in text(r)
    with client.session_transaction() as session:
        assert "presets" not in session


def _club(client) -> str:
    r = client.post("/clubs/new", data={"name": "Friday Spades"})
    return r.headers["Location"].rsplit("/", 1)[-1]


def _members(app, club_id) -> str:
    from scorepad.store.clubs import load_club
    from scorepad.web.db import get_db

    with app.app_context():
        return load_club(get_db(), club_id).members_token


def test_the_manager_saves_a_club_preset_the_members_see_it(client, app):
    club_id = _club(client)
    game_id = start(client, **TOURNAMENT_300)
    r = client.post(f"/games/{game_id}/preset", data={"name": "League", "club": club_id})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/clubs/{club_id}")
    manager = text(client.get(f"/clubs/{club_id}"))
    assert "League" in manager and "Delete League" in manager
    members = app.test_client().get(f"/clubs/m/{_members(app, club_id)}")
    assert "League" in text(members) and "Delete League" not in text(members)
    assert "League" in text(client.get("/games/new"))
    assert "League" in text(client.get("/events/new"))


def test_a_club_game_s_settings_offer_its_club_for_the_preset(client):
    """A game filed in the club (or a table of its night) is where a manager saves the
    club's rules from: its settings page offers the club for the preset, not only a game
    of no club (the file-into choice is the one a filed game no longer needs)."""
    club_id = _club(client)
    game_id = start(client, **TOURNAMENT_300)
    assert client.post(f"/clubs/{club_id}/file", data={"game": game_id}).status_code == 302
    page = client.get(f"/games/{game_id}/settings").text
    assert "in the club Friday Spades" in text_of(page)
    assert "File this game into Friday Spades" not in text_of(page)
    # the hint says where a club's preset goes, not "Kept on this phone" alone
    assert "Kept on this phone, or in the club chosen" in text_of(page)


def test_the_members_link_cannot_save_rename_or_delete(client, app):
    club_id = _club(client)
    members = _members(app, club_id)
    other = app.test_client()  # holds only the members link
    other.get(f"/clubs/m/{members}")
    game_id = start(other)
    other.post(f"/games/{game_id}/preset", data={"name": "Sneaky", "club": club_id})
    other.post(f"/games/{game_id}/preset", data={"name": "Sneaky2", "club": members})
    assert "Sneaky" not in text(client.get(f"/clubs/{club_id}"))
    data = {"revision": "0", "preset": "League", "name": "X"}
    assert other.post(f"/clubs/{members}/presets/rename", data=data).status_code == 404
    assert other.post(f"/clubs/{members}/presets/delete", data=data).status_code == 404


def test_the_manager_renames_and_deletes_and_a_stale_page_is_told(client, app):
    from scorepad.store.clubs import club_presets, load_club
    from scorepad.web.db import get_db

    club_id = _club(client)
    game_id = start(client, **TOURNAMENT_300)
    client.post(f"/games/{game_id}/preset", data={"name": "League", "club": club_id})
    with app.app_context():
        revision = load_club(get_db(), club_id).revision
    stale = {"revision": str(revision - 1), "preset": "League", "name": "Old"}
    r = client.post(f"/clubs/{club_id}/presets/rename", data=stale, follow_redirects=True)
    assert "The club changed since this page was loaded" in text(r)
    fresh = {"revision": str(revision), "preset": "League", "name": "Cup"}
    r = client.post(f"/clubs/{club_id}/presets/rename", data=fresh, follow_redirects=True)
    assert "Preset renamed." in text(r)
    taken = {"revision": str(revision + 1), "preset": "Cup", "name": ""}
    r = client.post(f"/clubs/{club_id}/presets/rename", data=taken, follow_redirects=True)
    assert "Preset: is empty" in text(r)
    gone = {"revision": str(revision + 1), "preset": "Cup"}
    r = client.post(f"/clubs/{club_id}/presets/delete", data=gone, follow_redirects=True)
    assert "Preset deleted." in text(r)
    with app.app_context():
        assert club_presets(get_db(), club_id) == []


def test_a_preset_link_fills_the_new_night_page(client):
    page = client.get("/events/new?preset=tournament-300").text
    assert "The rules of the preset Tournament 300 are filled in" in text_of(page)
    assert _value(page, "target") == "300" and _value(page, "rule_bag_limit") == "7"


def test_an_old_game_file_imports_and_exports_without_a_preset():
    doc = {"format": "scorepad/1", "mode": "partnership", "players": ["A", "B", "C", "D"]}
    game = gamefile.read(doc)
    assert game.preset is None and "preset" not in gamefile.export(game)


def test_the_game_file_round_trips_its_preset_and_refuses_a_bad_one():
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "preset": " Tournament 300 ",
        "rules": {"target": 300},
    }
    exported = gamefile.export(gamefile.read(doc))
    assert exported["preset"] == "Tournament 300"
    assert gamefile.read(exported).preset == "Tournament 300"
    with pytest.raises(Exception, match="preset: is empty"):
        gamefile.read({**doc, "preset": ""})
    with pytest.raises(Exception, match="preset: must be text"):
        gamefile.read({**doc, "preset": 3})


def _night_from(client, page: str, **changes) -> dict:
    from tests.event_helpers import event_form

    data = event_form(target="300", rule_bag_limit="7", rule_set_out="2")
    data["rule_set_out_count"] = "in_game"
    data["preset_name"] = html.unescape(_value(page, "preset_name"))
    data["preset_rules"] = html.unescape(_value(page, "preset_rules"))
    data.update(changes)
    r = client.post("/events/new", data=data)
    assert r.status_code == 302, r.text
    event_id = r.headers["Location"].rsplit("/", 1)[-1]
    return json.loads(client.get(f"/events/{event_id}/event.json").text)


def test_a_night_started_from_a_preset_carries_it_in_its_event_file(client):
    page = client.get("/events/new?preset=tournament-300").text
    doc = _night_from(client, page)
    assert doc["settings"]["preset"] == "Tournament 300"
    assert doc["rules"]["bag_limit"] == 7


def test_a_night_whose_rules_were_changed_carries_no_preset(client):
    page = client.get("/events/new?preset=tournament-300").text
    assert "preset" not in _night_from(client, page, rule_bag_limit="8")["settings"]


def test_the_tables_of_a_night_from_a_preset_play_games_that_keep_its_name(client, app):
    from tests.event_helpers import Night

    night = Night(
        client,
        app,
        target="300",
        rule_bag_limit="7",
        rule_set_out="2",
        rule_set_out_count="in_game",
        preset_name="Tournament 300",
        preset_rules='{"target":300,"bag_limit":7,"set_out":2,"set_out_count":"in_game"}',
    )
    assert night.event().settings.preset == "Tournament 300"
    for pair in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        night.check_in(*pair)
    night.draw_and_start()
    games = [night.game(m.game_id) for m in night.round()]
    assert [g.game.preset for g in games] == ["Tournament 300", "Tournament 300"]


def test_saving_a_preset_without_the_form_s_token_is_refused(guarded):
    page = guarded.get("/games/new").text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    r = guarded.post("/games/new", data={**new_game_form(), "csrf_token": token})
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert "csrf_token" in guarded.get(f"/games/{game_id}/settings").text
    assert guarded.post(f"/games/{game_id}/preset", data={"name": "Cabin"}).status_code == 400
    with guarded.session_transaction() as session:
        assert "presets" not in session


def test_a_club_file_carries_the_club_s_presets(client, app):
    import io

    from scorepad.store.clubs import club_presets
    from scorepad.web.db import get_db

    club_id = _club(client)
    plain = json.loads(client.get(f"/clubs/{club_id}/club.json").text)
    assert "presets" not in plain  # a club without presets exports as before
    game_id = start(client, **TOURNAMENT_300)
    client.post(f"/games/{game_id}/preset", data={"name": "League", "club": club_id})
    doc = json.loads(client.get(f"/clubs/{club_id}/club.json").text)
    assert doc["presets"] == [
        {
            "name": "League",
            "rules": {"target": 300, "bag_limit": 7, "set_out": 2, "set_out_count": "in_game"},
        }
    ]
    r = client.post(
        "/clubs/import",
        data={"file": (io.BytesIO(json.dumps(doc).encode()), "club.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, r.text
    copy = r.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        assert [name for name, _ in club_presets(get_db(), copy)] == ["League"]


@pytest.mark.parametrize(
    ("presets", "words"),
    [
        ([{"name": "", "rules": {}}], "preset 1: preset: is empty"),
        ([{"name": "X", "rules": {"bag_limit": "x"}}], "preset 1: rules.bag_limit"),
        (["League"], "preset 1: must be an object with name and rules"),
        ("League", "presets: must be a list"),
    ],
)
def test_a_club_file_s_bad_preset_is_refused_naming_it(presets, words):
    from scorepad.files import club as clubfile

    doc = {"scorepad_club": 1, "name": "Club", "presets": presets}
    with pytest.raises(Exception, match=re.escape(words)):
        clubfile.read(doc)


def _ask_form(page: str) -> tuple[str, dict[str, str]]:
    """The form the "Replace the preset?" page posts: its action and hidden fields."""
    form = re.search(r'<form method="post" action="([^"]+)">(.*?)</form>', page, re.S)
    assert form, page
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)))
    return html.unescape(form.group(1)), {k: html.unescape(v) for k, v in fields.items()}


@pytest.mark.parametrize("name", ["Cabin", "家庭规则", "قواعد البيت"])
def test_a_phone_s_preset_of_a_taken_name_is_asked_about_before_it_is_replaced(client, name):
    first = start(client, target="custom", custom_target="350")
    assert client.post(f"/games/{first}/preset", data={"name": name}).status_code == 302
    second = start(client, target="custom", custom_target="250")
    asked = client.post(f"/games/{second}/preset", data={"name": name})
    assert asked.status_code == 409
    said = text(asked)
    assert f"Preset name: a preset named '{name}' is saved already" in said
    with client.session_transaction() as session:
        assert session["presets"] == [[name, '{"target":350}']]  # nothing replaced yet
    action, fields = _ask_form(asked.text)
    assert fields["name"] == name and fields["replace"] == "1"
    assert client.post(action, data=fields).status_code == 302  # "Replace it"
    with client.session_transaction() as session:
        assert session["presets"] == [[name, '{"target":250}']]


def test_a_club_preset_of_a_taken_name_is_asked_about_before_it_is_replaced(client, app):
    club_id = _club(client)
    first = start(client, target="custom", custom_target="350")
    saved = client.post(f"/games/{first}/preset", data={"name": "League", "club": club_id})
    assert saved.status_code == 302
    second = start(client, target="custom", custom_target="250")
    asked = client.post(f"/games/{second}/preset", data={"name": "League", "club": club_id})
    assert asked.status_code == 409
    assert "a preset named 'League' is saved already" in text(asked)
    assert "350" in text(client.get(f"/clubs/{club_id}")) and "250" not in text(
        client.get(f"/clubs/{club_id}")
    )
    action, fields = _ask_form(asked.text)
    assert fields["club"] == club_id
    replaced = client.post(action, data=fields)
    assert replaced.status_code == 302 and replaced.headers["Location"].endswith(club_id)
    manager = text(client.get(f"/clubs/{club_id}"))
    assert "250" in manager and "350" not in manager


def test_the_league_presets_are_offered_and_described(client):
    assert "League 300" in text(client.get("/games/new"))
    presets = text(client.get("/presets"))
    assert (
        "League 300 Played to 300; A shared lead at the end: the side that bid more in the "
        "last hand wins; equal bids play on; The first hand: bids itself: 10 a trick, no bags, "
        "no nil, no set; Smallest table bid: 11." in presets
    )
    game_id = start(client)
    rules = text(client.get(f"/games/{game_id}/rules"))
    assert "League 500, blind bids: Played to 500; Blind bids from: 6" in rules
    assert "A blind bid doubles: only when made" in rules
