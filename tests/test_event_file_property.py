"""A good event file changed at random (issue 26, finding 10): the import refuses it with
a message, or takes it, and then every director page and action answers without a 500."""

from __future__ import annotations

import copy
import re

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorepad.core.errors import GameError
from scorepad.files import event as eventfile
from tests.event_files import GOOD, upload
from tests.event_helpers import REVISION, Night
from tests.helpers import bid_form, tricks_form, version_on_page
from tests.strategies import example_count

# Values like the ones each place holds, so that many a changed file still reads.
LIKE = {
    int: st.sampled_from([0, 1, 2, 3, 4, 5, 6, 30, 31, 99]),
    str: st.sampled_from(["done", "playing", "drawn", "round", "playoff", "individual", "x"]),
    list: st.sampled_from([[], [1], [2], [4], [5], [1, 2], [3, 4], [[1], [2]], [[2], []]]),
    type(None): st.sampled_from([None, 1, 2, 4]),
}


def _paths(node: object, path: tuple = ()) -> list[tuple]:
    """Every place in the document but inside a game (its players and itself aside)."""
    found = [path] if path else []
    if path and path[-1] == "game":
        return found + (
            [(*path, "players")] if isinstance(node, dict) and "players" in node else []
        )
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*path, i))
    return found


def _parent(doc: dict, path: tuple):
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node


@st.composite
def changed_files(draw) -> dict:
    """A good file of some shape with one to three of its parts set, dropped, copied or
    swapped with another of its kind."""
    doc = copy.deepcopy(GOOD[draw(st.sampled_from(sorted(GOOD)))]())
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        path = draw(st.sampled_from(_paths(doc)))
        parent, key = _parent(doc, path), path[-1]
        how = draw(st.sampled_from(["set", "set", "drop", "copy", "swap"]))
        if how == "drop":
            del parent[key]
        elif how in ("copy", "swap") and isinstance(parent, list):
            other = draw(st.integers(0, len(parent) - 1))
            if how == "copy":
                parent.insert(key, copy.deepcopy(parent[other]))
            else:
                parent[key], parent[other] = parent[other], parent[key]
        else:
            pool = LIKE.get(type(parent[key]), LIKE[type(None)])
            parent[key] = copy.deepcopy(draw(pool))
    return doc


def _ok(response) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[-2000:]


def _play(night: Night, game_id: str, hands: int) -> None:
    """A few hands at a table's phone: every seat bids 3, the first side takes 9."""
    client = night.client
    for _ in range(hands):
        _ok(client.get(f"/games/{game_id}"))
        stored = night.game(game_id)
        if stored is None or stored.score().status == "finished":
            return
        number = stored.score().next_number
        _ok(client.post(f"/games/{game_id}/bids", data=bid_form(number, (3, 3, 3, 3))))
        version = version_on_page(client, game_id)
        _ok(
            client.post(
                f"/games/{game_id}/tricks",
                data=tricks_form(number, version, (None,) * 4, sides=(9, 4)),
            )
        )


def _press(client, event_id: str, path: str, **data) -> None:
    page = client.get(f"/events/{event_id}")
    _ok(page)
    found = REVISION.search(page.get_data(as_text=True))
    revision = found.group(1) if found else "0"
    _ok(client.post(f"/events/{event_id}/{path}", data={"revision": revision, **data}))


def _sweep(client, app, event_id: str) -> None:
    """Every director page, and the director's and the tables' actions in turn."""
    night = Night.__new__(Night)
    night.client, night.app, night.id = client, app, event_id
    for _ in range(3):
        event = night.event()
        for path in ("", "/tables", "/event.json", "/earlier"):
            _ok(client.get(f"/events/{event_id}{path}"))
        for r in event.rounds:
            for page in ("tables", "sheets"):
                _ok(client.get(f"/events/{event_id}/rounds/{r.number}/{page}"))
        screen = re.search(r"/events/screen/([\w-]+)", client.get(f"/events/{event_id}").text)
        if screen:
            for page in ("", "/live", "/results", "/stats", "/results.csv"):
                _ok(client.get(f"/events/screen/{screen[1]}{page}"))
        current = event.current
        if current is not None:
            for m in event.round_matches(current.number):
                if m.game_id:
                    _ok(client.get(f"/events/table/{m.game_id}"))
                    _ok(client.get(f"/events/table/{m.game_id}/live"))
                    _play(night, m.game_id, 2)
                number = f"rounds/{current.number}/tables/{m.number}"
                _press(client, event_id, f"{number}/end")
                form = {
                    f"r{current.number}t{m.number}-{k}": v
                    for k, v in (("winner", "0"), ("note", "a coin"))
                }
                _press(client, event_id, f"{number}/winner", **form)
            _press(client, event_id, f"rounds/{current.number}/reseat", seat="1-0", name="Zed")
        entrants = [e.id for e in event.entrants]
        if len(entrants) >= 2:
            _press(client, event_id, "swap", first=entrants[0], second=entrants[-1])
            _press(client, event_id, f"entrants/{entrants[0]}/left")
            _press(client, event_id, f"entrants/{entrants[0]}/back")
        for action in ("call", "playoff", "draw", "start", "cancel", "draw", "start"):
            _press(client, event_id, action)


@given(doc=changed_files())
@settings(max_examples=example_count(80), deadline=None, suppress_health_check=list(HealthCheck))
def test_a_changed_event_file_is_refused_in_words_or_runs_without_a_500(app, doc):
    client = app.test_client()
    try:
        eventfile.read(doc)
        read = True
    except GameError as err:
        read = False
        assert str(err)
    response = upload(client, doc)
    assert response.status_code in (302, 400), response.status_code
    assert (response.status_code == 302) == read
    event("imported" if read else "refused")
    if read:
        _sweep(client, app, response.headers["Location"].rsplit("/", 1)[-1])
