"""Every club night page drawn in the pseudo-language (tests/pseudo.py) shows no English
word left out of the catalogue (issue 31): a night set up, its round drawn, a table
mid-game, time called, the round closed and a table reopened, the playoff, the night
over; the big screen, results, sheets, tents, the import form, the director's flashes
and the refusals a table's link gets. Then a Spanish spot check of a few pages."""

from __future__ import annotations

import html
import re

import pytest

from tests import pseudo
from tests.event_helpers import Night
from tests.helpers import bid_form, text, tricks_form
from tests.test_pseudo_language import english_left

pseudo.compile_shipped()
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ivo", "Jo")]
NAMES = {n for pair in PAIRS for n in pair} | {"Kim", "Lu"}
NAMES |= {f"{n}'s" for n in NAMES} | {"cut"}  # and the director's note, as typed
NIGHT = {"name": "Club-7", "round_minutes": "30", "rounds": "1", "playoff": "4"}


@pytest.fixture
def phones(tmp_path, migrated):
    """The director's laptop and a table's phone (its link only), in the pseudo-language."""
    app = pseudo.app_speaking(tmp_path, migrated)
    return app, pseudo.phone_in(app, pseudo.CODE), pseudo.phone_in(app, pseudo.CODE)


def left(body: str) -> set[str]:
    """The English words a page shows, past the night's own names."""
    return {word for word in english_left(body) if word not in NAMES}


class Pages:
    """The pages seen, by name, each checked for its status."""

    def __init__(self, client):
        self.client, self.got = client, {}

    def see(self, name: str, path: str, code: int = 200, client=None) -> str:
        answer = (client or self.client).get(path)
        assert answer.status_code == code, (name, path, answer.status_code)
        self.got[name] = answer.get_data(as_text=True)
        return self.got[name]

    def act(self, title: str, night, path: str, **data: str) -> str:
        """A director's button, then the director's page with what it flashed."""
        data = {"revision": str(night.revision()), **data}
        answer = self.client.post(f"/events/{night.id}/{path}", data=data)
        assert answer.status_code == 302, (title, path, answer.status_code)
        page = self.see(title, f"/events/{night.id}")
        assert 'class="flash' in page, title  # what was done, or why not
        return page

    def sent(self, name: str, path: str, data: dict, code: int, client=None) -> str:
        answer = (client or self.client).post(path, data=data)
        assert answer.status_code == code, (name, path, answer.status_code)
        self.got[name] = answer.get_data(as_text=True)
        return self.got[name]


def _hand(client, night, game_id, side0):
    number = night.game(game_id).score().next_number
    assert client.post(f"/games/{game_id}/bids", data=bid_form(number, (3,) * 4)).status_code == 302
    version = night.game(game_id).versions[-1]
    form = tricks_form(number, version, (None,) * 4, sides=(side0, 13 - side0))
    assert client.post(f"/games/{game_id}/tricks", data=form).status_code == 302


def _setup(pages, night):
    """Before round 1: the new-night form (and refused), the director's page with its
    check-in, the players' own check-in, the big screen, the import form."""
    e = f"/events/{night.id}"
    pages.see("new night", "/events/new")
    pages.sent("new night refused", "/events/new", {"name": "", "rounds": "x"}, 400)
    for pair in PAIRS[:4]:
        pages.client.post(f"{e}/checkin", data={"player_0": pair[0], "player_1": pair[1]})
    pages.see("setup director", e)
    pages.client.post(f"{e}/checkin", data={"player_0": ""})
    pages.see("check-in refused", e)
    event = night.event()
    join = f"/events/join/{event.checkin_token}"
    pages.see("join", join)
    pages.client.post(join, data={"player_0": "Ivo", "player_1": "Jo"})
    pages.see("joined", join)
    pages.sent("join refused", join, {"player_0": "Ivo", "player_1": "Jo"}, 400)
    pages.see("earlier", f"{e}/earlier")
    pages.see("setup screen", f"/events/screen/{event.view_token}")
    pages.see("import", "/events/import")
    pages.sent("import refused", "/events/import", {}, 400)  # the file's own refusals: English
    here = pages.client.post(f"{e}/entrants/5/left", data={"revision": night.revision()})
    assert here.status_code == 302
    pages.see("gone home", e)


def _drawn(pages, night):
    e = f"/events/{night.id}"
    pages.act("round drawn", night, "draw")
    pages.see("drawn screen", f"/events/screen/{night.event().view_token}")
    pages.see("drawn tents", f"{e}/rounds/1/tables")
    pages.see("no sheets yet", f"{e}/rounds/1/sheets")
    pages.act("swapped", night, "swap", first="1", second="2")
    pages.act("draw cancelled", night, "cancel")
    night.act("draw")
    pages.act("round started", night, "start")
    pages.see("join closed", f"/events/join/{night.event().checkin_token}")


def _playing(pages, night, table):
    """Round 1 being played: a table mid-game, seen by the director and the table."""
    e, one, two = f"/events/{night.id}", *(m.game_id for m in night.round())
    _hand(table, night, one, 9)
    table.post(f"/games/{one}/bids", data=bid_form(2, (3,) * 4))
    pages.see("mid-game director", e)
    pages.see("director tables", f"{e}/tables")
    pages.see("table page", f"/events/table/{one}", client=table)
    pages.see("table clock", f"/events/table/{one}/live", client=table)
    pages.see("table's game", f"/games/{one}", client=table)
    pages.see("table's settings refused", f"/games/{one}/settings", 403, client=table)
    pages.sent("table's delete refused", f"/games/{one}/delete", {"version": "1"}, 403, table)
    pages.see("playing screen", f"/events/screen/{night.event().view_token}")
    pages.see("tents", f"{e}/rounds/1/tables")
    pages.see("sheets", f"{e}/rounds/1/sheets")
    pages.sent("call time asked", f"{e}/call", {"revision": night.revision()}, 200)
    pages.sent("end asked", f"{e}/rounds/1/tables/2/end", {"revision": "1"}, 200)
    pages.act("reseated", night, "rounds/1/reseat", seat="2-0", name="Kim")
    slip = {"game_revision": "x", "total_0": "1", "total_1": "2", "bags_0": "0", "bags_1": "0"}
    pages.act("slip refused", night, "rounds/1/tables/2/slip", **slip)
    night.hand(two, 9)
    pages.act("table ended", night, "rounds/1/tables/2/end", confirm="yes")
    pages.see("ended game at its table", f"/games/{two}", client=table)
    pages.act("time called", night, "call", confirm="yes")
    pages.see("time called table", f"/events/table/{one}", client=table)
    pages.see("time called game", f"/games/{one}", client=table)
    return one, two


def _closed(pages, night, table, one, two):
    e = f"/events/{night.id}"
    night.finish(one)
    pages.see("round closed", e)
    pages.see("closed game", f"/games/{one}", client=table)
    number = len(night.game(one).game.hands) + 1
    pages.sent("closed refused", f"/games/{one}/bids", bid_form(number, (3,) * 4), 403, table)
    pages.act("reopened", night, "rounds/1/tables/1/reopen")
    pages.see("reopened part", f"{e}/reopened")
    pages.act("closed again", night, "rounds/1/tables/1/close")
    pages.act("refused draw", night, "draw")
    assert pages.client.post(f"{e}/reopen", data={"table": ""}).status_code == 302
    pages.see("reopen refused", e)


def _playoff(pages, night):
    e, token = f"/events/{night.id}", night.event().view_token
    pages.act("playoff drawn", night, "playoff")
    night.act("start")
    semi = night.round()
    _hand(pages.client, night, semi[0].game_id, 7)
    _hand(pages.client, night, semi[0].game_id, 6)  # 121 : 121, ended: a draw
    pages.act("playoff draw to settle", night, "rounds/2/tables/1/end", confirm="yes")
    pages.act("winner refused", night, "rounds/2/tables/1/winner", **{"r2t1-winner": "0"})
    named = {"r2t1-revision": str(night.revision()), "r2t1-winner": "0", "r2t1-note": "cut"}
    pages.act("winner named", night, "rounds/2/tables/1/winner", **named)
    night.finish(semi[1].game_id)
    pages.see("playoff screen", f"/events/screen/{token}")
    night.act("playoff/next")
    night.act("start")
    night.finish(night.round()[0].game_id)
    pages.see("night over", e)
    pages.see("results", f"/events/screen/{token}/results")
    pages.see("over screen", f"/events/screen/{token}")
    pages.see("screen live", f"/events/screen/{token}/live")
    pages.see("stats", f"/events/screen/{token}/stats")
    pages.see("series", f"/events/series?night={token}&night=nothing")
    pages.see("final game", f"/games/{night.round()[0].game_id}")
    later = Night(pages.client, night.app, name="Club-8")
    pages.see("earlier nights", f"/events/{later.id}/earlier")
    choices = re.findall(r'name="earlier" id="[\w-]+" value="([^"]+)"', pages.got["earlier nights"])
    form = {"revision": str(later.revision()), "earlier": [html.unescape(c) for c in choices]}
    assert pages.client.post(f"/events/{later.id}/earlier", data=form).status_code == 302
    pages.see("checked in from earlier", f"/events/{later.id}")


def _pages(app, director, table) -> dict[str, str]:
    pages = Pages(director)
    night = Night(director, app, **NIGHT)
    _setup(pages, night)
    _drawn(pages, night)
    one, two = _playing(pages, night, table)
    _closed(pages, night, table, one, two)
    _playoff(pages, night)
    return pages.got


def test_every_club_night_page_is_in_the_pseudo_language(phones):
    pages = _pages(*phones)
    found = {name: sorted(left(body)) for name, body in pages.items()}
    found = {name: words for name, words in found.items() if words}
    assert not found, "\n".join(f"{name}: {words}" for name, words in found.items())


def test_the_night_in_spanish(tmp_path, migrated):
    app = pseudo.app_speaking(tmp_path, migrated)
    director = pseudo.phone_in(app, "es")
    night = Night(director, app, **NIGHT)
    for pair in PAIRS[:4]:
        director.post(f"/events/{night.id}/checkin", data=dict(zip(("player_0", "player_1"), pair)))
    night.act("draw")
    director.post(f"/events/{night.id}/start", data={"revision": night.revision()})
    page = text(director.get(f"/events/{night.id}"))
    assert "Ronda 1" in page and "Mesa 1" in page and "Clasificación" in page
    assert "Ronda iniciada: cada mesa tiene su partida." in page
    screen = text(director.get(f"/events/screen/{night.event().view_token}"))
    assert "Clasificación: victorias, luego diferencia de puntos" in screen
    game_id = night.round()[0].game_id
    assert "Puntuar la partida de esta mesa" in text(director.get(f"/events/table/{game_id}"))


def _double(app, director) -> dict[str, str]:
    """Five pairs (a bye in round 1, a deleted game), then a double-elimination playoff
    with the semi-finals' own target, played to its champion; each round seen."""
    pages = Pages(director)
    extra = {"playoff_format": "double", "playoff": "5", "semi_final_target": "120"}
    night = Night(director, app, **{**NIGHT, **extra})
    e = f"/events/{night.id}"
    for pair in PAIRS:
        director.post(f"{e}/checkin", data=dict(zip(("player_0", "player_1"), pair)))
    night.act("draw")
    pages.act("with a bye", night, "start")
    one, two = night.round()[:2]
    night.hand(two.game_id, 9)
    revision = night.game(two.game_id).revision
    assert director.post(f"/games/{two.game_id}/delete", data={"version": revision}).status_code
    pages.see("a deleted game", e)
    night.finish(one.game_id)
    pages.see("round with a deleted game", e)
    pages.see("results with a deleted game", f"/events/screen/{night.event().view_token}/results")
    night.act("playoff")
    for number in range(2, 20):
        night.act("start")
        pages.see(f"playoff round {number}", e)
        pages.see(f"playoff screen {number}", f"/events/screen/{night.event().view_token}")
        for match in night.round():
            if match.game_id:
                night.finish(match.game_id, 4 if number > 8 else 9)
        if night.event().current.kind == "playoff" and "next_playoff_round" not in _allowed(night):
            break
        night.act("playoff/next")
    pages.see("double over", e)
    pages.see("double results", f"/events/screen/{night.event().view_token}/results")
    return pages.got


def _allowed(night) -> frozenset[str]:
    from scorepad.web.events import data

    with night.app.app_context():
        from scorepad.web.db import get_db

        event, games = data.fresh(get_db(), night.id)
        return data.next_actions(event, games)


def test_a_double_elimination_night_is_in_the_pseudo_language(phones):
    app, director, _ = phones
    pages = _double(app, director)
    assert 'class="champion"' in pages["double over"]  # played to its champion
    assert pseudo.pseudo("The grand final") in "".join(pages.values())
    found = {name: sorted(left(body)) for name, body in pages.items()}
    found = {name: words for name, words in found.items() if words}
    assert not found, "\n".join(f"{name}: {words}" for name, words in found.items())
