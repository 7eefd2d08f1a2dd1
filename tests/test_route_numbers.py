"""A number in an address past what any game or night holds is a 404, never a 500: every
`<int:...>` of the app is bounded in one place (issue 26, finding 10)."""

from __future__ import annotations

import re

import pytest

from scorepad import ROUTE_INT_MAX
from tests.event_helpers import event_form
from tests.helpers import seat_links, start

ARGUMENT = re.compile(r"<(?:(\w+)(?:\(([^)]*)\))?:)?(\w+)>")
NUMBERS = ["99999999999999999999", str(ROUTE_INT_MAX + 1), "-1"]


def _int_rules(app) -> list:
    rules = [r for r in app.url_map.iter_rules() if "<int:" in r.rule]
    assert len(rules) >= 10  # the sweep sees the app's rules, not none
    return rules


def _path(rule: str, number: str, ids: dict[str, str]) -> str:
    def fill(match: re.Match) -> str:
        kind, options, name = match.groups()
        if kind == "int":
            return number
        if kind == "any":
            return options.split(",")[0].strip()
        return ids.get(name, "x")

    return ARGUMENT.sub(fill, rule)


@pytest.fixture
def ids(client) -> dict[str, str]:
    """A real game and a real event, so that the sweep reaches past their lookups."""
    game_id = start(client)
    client.get("/events/new")
    made = client.post("/events/new", data=event_form())
    assert made.status_code == 302
    return {"game_id": game_id, "event_id": made.headers["Location"].rsplit("/", 1)[-1]}


@pytest.mark.parametrize("number", NUMBERS)
def test_every_number_out_of_range_in_an_address_is_a_404(app, client, ids, number):
    for rule in _int_rules(app):
        path = _path(rule.rule, number, ids)
        for method in ("GET", "POST"):
            status = client.open(path, method=method).status_code
            assert status in (404, 405), (method, path, status)


def test_the_seat_release_of_a_huge_seat_number_is_a_404(client, ids):
    # The address finding 10 found answering 500.
    path = f"/games/{ids['game_id']}/seats/99999999999999999999/release"
    assert client.post(path).status_code == 404


def test_a_number_in_range_still_reaches_its_page(client, ids):
    game_id = ids["game_id"]
    assert client.get(f"/games/{game_id}/hands/{ROUTE_INT_MAX}").status_code == 404
    seat_links(client, game_id)
    assert client.post(f"/games/{game_id}/seats/0/release").status_code == 302
