"""Running a club night through HTTP as the director and the table phones do."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from scorepad.store.events import load_event
from scorepad.store.storage import load_game
from tests.helpers import (
    DEFAULT_RULE_FORM,
    bid_form,
    straight_version,
    tricks_form,
    version_on_page,
)
from tests.live import Phone

REVISION = re.compile(r'name="revision" type="hidden" value="(\d+)"')


def event_form(**extra):
    data = {
        "name": "Tuesday club",
        "date": "2026-12-01",
        "format": "swiss",
        "rounds": "4",
        "round_minutes": "0",
        "target": "100",
        "order": "wins,diff,points,bags",
        "bye_counts": "win",
        "on_time_tie": "play_on",
        "playoff": "0",
        "final_target": "0",
        "playoff_format": "single",
        **DEFAULT_RULE_FORM,
    }
    data.update({k: str(v) for k, v in extra.items()})
    return data


def director_act(desk: Phone, event_id: str, action: str, **extra: str) -> None:
    """One of the director's buttons ("draw", "start", ...) over HTTP, sent with the
    revision the director's page shows."""
    _, _, page = desk.request(f"/events/{event_id}")
    revision = REVISION.search(page).group(1)
    status, _, _ = desk.request(f"/events/{event_id}/{action}", {"revision": revision, **extra})
    assert status == 302


def night_started(
    desk: Phone, entries: Iterable[Sequence[str]], **extra: object
) -> tuple[str, str, list[str]]:
    """As the director's laptop over HTTP: a new event (`event_form(**extra)`), each entry
    (a pair, or one player) checked in, drawn, round 1 started. Returns the event's id,
    its big screen's token and round 1's table pages."""
    desk.request("/events/new")
    status, headers, text = desk.request("/events/new", event_form(**extra))
    assert status == 302, text[:500]
    event_id = headers["Location"].rsplit("/", 1)[-1]
    for entry in entries:
        desk.request(f"/events/{event_id}")
        checkin = {f"player_{seat}": name for seat, name in enumerate(entry)}
        desk.request(f"/events/{event_id}/checkin", checkin)
    for action in ("draw", "start"):
        director_act(desk, event_id, action)
    _, _, page = desk.request(f"/events/{event_id}")
    screen = re.search(r'/events/screen/([\w-]+)"', page).group(1)
    _, _, tents = desk.request(f"/events/{event_id}/rounds/1/tables")
    return event_id, screen, re.findall(r'href="(/events/table/[\w-]+)"', tents)


def hands_at_each_table(base: str, tables: Iterable[str], hands: int) -> None:
    """At each table's own phone over HTTP, hands 1 to `hands`: every seat bids 3, the
    first side takes 9 tricks."""
    for game_id in dict.fromkeys(path.rsplit("/", 1)[-1] for path in tables):
        table = Phone(base)
        table.request(f"/games/{game_id}")
        for number in range(1, hands + 1):
            bids = bid_form(number, [3, 3, 3, 3])
            assert table.request(f"/games/{game_id}/bids", bids)[0] == 302
            took = tricks_form(number, straight_version(number), [], sides=[9, 4])
            assert table.request(f"/games/{game_id}/tricks", took)[0] == 302


class Night:
    """One event, driven by its director's page and its tables' game pages."""

    def __init__(self, client, app, **extra):
        self.client, self.app = client, app
        r = client.post("/events/new", data=event_form(**extra))
        assert r.status_code == 302, r.get_data(as_text=True)
        self.id = r.headers["Location"].rsplit("/", 1)[-1]

    def event(self):
        with self.app.app_context():
            from scorepad.web.db import get_db

            return load_event(get_db(), self.id)

    def game(self, game_id):
        with self.app.app_context():
            from scorepad.web.db import get_db

            return load_game(get_db(), game_id)

    def revision(self) -> int:
        page = self.client.get(f"/events/{self.id}").get_data(as_text=True)
        return int(REVISION.search(page).group(1))

    def post(self, path, expect="", **data):
        r = self.client.post(f"/events/{self.id}/{path}", data=data)
        assert r.status_code == 302, r.get_data(as_text=True)
        page = self.client.get(f"/events/{self.id}").get_data(as_text=True)
        assert expect in page, page
        return page

    def check_in(self, *names):
        data = {f"player_{i}": n for i, n in enumerate(names)}
        return self.post("checkin", expect=" in.", **data)

    def act(self, what, expect="", **data):
        return self.post(what, expect=expect, revision=self.revision(), **data)

    def draw_and_start(self) -> None:
        """Draw the next round and start it, each seen done on the director's page."""
        self.act("draw", "Round drawn")
        self.act("start", "Round started")

    def start_playoff(self) -> None:
        """Draw the playoff's first round and start it, as the director does."""
        self.act("playoff", "Playoff drawn")
        self.act("start", "Round started")

    def next_playoff_round(self) -> None:
        """Draw the next playoff round and start it, as the director does."""
        self.act("playoff/next", "Next playoff round drawn")
        self.act("start", "Round started")

    def round(self):
        """The current round's matches."""
        event = self.event()
        return event.round_matches(event.current.number)

    def hand(self, game_id, side0):
        """One hand at a table's phone: every seat bids 3, side 0 takes `side0` tricks."""
        number = self.game(game_id).score().next_number
        r = self.client.post(f"/games/{game_id}/bids", data=bid_form(number, (3, 3, 3, 3)))
        assert r.status_code == 302, r.get_data(as_text=True)
        version = version_on_page(self.client, game_id)
        form = tricks_form(number, version, (None,) * 4, sides=(side0, 13 - side0))
        r = self.client.post(f"/games/{game_id}/tricks", data=form)
        assert r.status_code == 302, r.get_data(as_text=True)

    def finish(self, game_id, side0=9):
        while self.game(game_id).score().status != "finished":
            self.hand(game_id, side0)

    def play_round(self, side0=lambda table: 9):
        number = self.event().current.number
        for match in self.round():
            if match.game_id:
                self.finish(match.game_id, side0(match.number))
        assert self.event().rounds[number - 1].status == "done"  # the last save closed it
