"""The club, player card, ratings, season and preset pages drawn in the pseudo-language
(tests/pseudo.py) show no English word left out of the catalogue (issue 31), as the
single-game pages (tests/test_pseudo_language.py); a Spanish spot check of the ratings'
sentences and numbers; the calendar feeds' titles in the language of the link."""

from __future__ import annotations

import io
import re

import pytest
from icalendar import Calendar

from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.club_view import club_view
from scorepad.store.seasons import load_season
from scorepad.web.db import get_db
from tests import pseudo
from tests.event_files import PAIRS
from tests.event_files import PLAYERS as NIGHT_PLAYERS
from tests.helpers import new_game_form, play, start
from tests.ratings_club import NAMES, game_file
from tests.ratings_club import club as simulated
from tests.test_pseudo_language import english_left
from tests.test_season_store import imported_night

CLUB, SEASON, PRESET = "Zorba", "Xanadu", "Qwyz"
RENAMED = "Wyx"
# Players' names, the club's, the season's, a preset's, a venue's: names, not words.
NAMES_SHOWN = {*NAMES, *(n for p in PAIRS for n in p), *NIGHT_PLAYERS, CLUB, SEASON, PRESET}
NAMES_SHOWN |= {RENAMED, f"{PRESET}2"}
PEM = ("-----BEGIN CERTIFICATE-----", "-----END CERTIFICATE-----")
NAMES_SHOWN |= {"Anchor", "Alice", "Ben", "Cara", "Dev"}


def _app(tmp_path, migrated):
    app = pseudo.app_speaking(tmp_path, migrated, CA_CERTIFICATE=str(tmp_path / "ca.crt"))
    # the page shows its fingerprint alone: any certificate's PEM framing will do
    (tmp_path / "ca.crt").write_text(f"{PEM[0]}\nc2NvcmVwYWQ=\n{PEM[1]}\n")
    return app


@pytest.fixture
def site(tmp_path, migrated):
    """(the app, a phone reading it in the pseudo-language)."""
    app = _app(tmp_path, migrated)
    client = app.test_client()
    client.set_cookie("lang", pseudo.CODE)
    return app, client


def left(body: str) -> set[str]:
    return {
        w for w in english_left(body) if w not in NAMES_SHOWN and w.rstrip("'s") not in NAMES_SHOWN
    }


class Pages(dict):
    """Each page by its name, drawn by `see`."""

    def __init__(self, client):
        super().__init__()
        self.client = client

    def see(self, name: str, path: str, code: int = 200, /, **post) -> str:
        if post:
            answer = self.client.post(path, data=post, follow_redirects=True)
        else:
            answer = self.client.get(path)
        assert answer.status_code == code, (name, path, answer.status_code)
        self[name] = answer.get_data(as_text=True)
        return self[name]


def _club(app, client, pages: Pages) -> tuple[str, object]:
    r = client.post("/clubs/new", data={"name": CLUB})
    club_id = r.headers["Location"].rsplit("/", 1)[-1]
    pages.see("new club refused", "/clubs/new", 400, name="  ")
    _, played = simulated(29, players=6, games=12)
    with app.app_context():
        for sides, winner, _ in played:
            game, score = gamefile.read_scored(game_file(sides, winner))
            commands.import_game(get_db(), game, score, club_id)
        view = club_view(get_db(), club_id)
    return club_id, view


def _club_pages(app, client, pages: Pages) -> tuple[str, object]:
    club_id, view = _club(app, client, pages)
    pages.see("clubs", "/clubs/new")
    pages.see("manager", f"/clubs/{club_id}")
    game = client.post("/games/new", data=new_game_form(club=club_id, players=NAMES[:4]))
    game_id = game.headers["Location"].rsplit("/", 1)[-1]
    pages.see("club game", f"/games/{game_id}")
    for number in range(1, 8):
        play(client, game_id, number, (5, 4, 3, 1), (5, 4, 3, 1))
    pages.see("club game over", f"/games/{game_id}")
    pages.see("club games", f"/clubs/{club_id}/games")
    client.post(f"/games/{game_id}/preset", data={"name": PRESET, "club": club_id})
    revision = _view(app, club_id).club.revision
    pages.see("merged", f"/clubs/{club_id}/merge", into="ann", other="bo", revision=revision)
    members = view.club.members_token
    pages.see("members", f"/clubs/m/{members}")
    member = _view(app, club_id).members[0]
    token = view.club.card_token(member.anchor)
    pages.see("card", f"/clubs/m/{members}/card/{token}")
    pages.see("card mine", f"/clubs/m/{members}/card/{token}/me", x="1")
    pages.see("import", "/clubs/import")
    bad = {"file": (io.BytesIO(b"{}"), "club.json")}
    pages.see("import refused", "/clubs/import", 400, **bad)
    pages.see("presets", "/presets")
    pages.see("share preset", "/presets/share?preset=tournament-300")
    pages.see("preset refused", f"/games/{game_id}/preset", 400, name="  ")
    pages.see("no club", "/clubs/nothing", 404)
    pages.see("trust page", "/ca")
    _roster_pages(app, client, pages, club_id, game_id)
    return club_id, view


def _roster_pages(app, client, pages: Pages, club_id: str, game_id: str) -> None:
    """The manager's other forms and flashes, this phone's own preset, a preset's link."""
    start(client, players=NAMES[6:10])  # a game of this phone's, not filed: the file form
    pages.see("fileable", f"/clubs/{club_id}")
    pages.see("nothing to file", f"/clubs/{club_id}/file", x="1")
    pages.see("no file to bring", f"/clubs/{club_id}/import", x="1")
    revision = _view(app, club_id).club.revision
    pages.see("undone", f"/clubs/{club_id}/undo", revision=revision)
    anchor = _view(app, club_id).members[1].anchor
    revision = _view(app, club_id).club.revision
    pages.see("renamed", f"/clubs/{club_id}/rename", player=anchor, name=RENAMED, revision=revision)
    revision = _view(app, club_id).club.revision
    pages.see("stale merge", f"/clubs/{club_id}/merge", into="ann", other="ann", revision=0)
    pages.see("bad merge", f"/clubs/{club_id}/merge", into="ann", other="ann", revision=revision)
    pages.see("phone preset", f"/games/{game_id}/preset", name=f"{PRESET}2")
    pages.see("from a preset", "/games/new?preset=tournament-300")
    pages.see("bad preset link", "/games/new?rules=x")


def _view(app, club_id: str):
    with app.app_context():
        return club_view(get_db(), club_id)


def _season_pages(app, client, pages: Pages, club_id: str, view) -> None:
    data = {"name": SEASON, "kind": "pairs", "fixtures": "season", "moves": "1", "playoff": "2"}
    pages.see("seasons", f"/seasons/c/{club_id}")
    r = client.post(f"/seasons/c/{club_id}/new", data=data)
    season_id = r.headers["Location"].rsplit("/", 1)[-1]

    def post(name, path, /, **form):
        with app.app_context():
            form["revision"] = load_season(get_db(), season_id).revision
        return pages.see(name, f"/seasons/c/{club_id}/{season_id}/{path}", **form)

    for a, b in PAIRS:
        post("entrant added", "entrants", player_0=a, player_1=b, division=0)
    post("night added", "nights", day="2026-01-09", start="19:30", venue="Anchor")
    post("night", "nights", day="2026-01-16")
    with app.app_context():
        from scorepad.store.club_commands.filing import file_event

        event_id = imported_night(get_db())
        file_event(get_db(), club_id, event_id)
    post("night linked", "nights/link", number="1", event=event_id)
    post("stale", "nights", day="bad")
    pages.see("season manager", f"/seasons/c/{club_id}/{season_id}")
    with app.app_context():
        season = load_season(get_db(), season_id)
    pages.see("standings", f"/seasons/s/{season.view_token}")
    pages.see("big screen", f"/seasons/s/{season.view_token}/screen")
    pages.see("season of members", f"/seasons/m/{view.club.members_token}/{season_id}")
    post("season closed", "close")


@pytest.fixture
def pages(site) -> Pages:
    app, client = site
    got = Pages(client)
    club_id, view = _club_pages(app, client, got)
    _season_pages(app, client, got, club_id, view)
    return got


# A link's query keys, named where a link is refused, a file's key named where a file is
# refused (its marker, scorepad_club) and a file's name: English in every language.
KEYS = {"bad preset link": {"rules"}, "trust page": {"crt"}, "import refused": {"club"}}


def test_every_club_season_and_preset_page_is_in_the_pseudo_language(pages):
    found = {name: sorted(left(body) - KEYS.get(name, set())) for name, body in pages.items()}
    found = {name: words for name, words in found.items() if words}
    assert not found, "\n".join(f"{name}: {words}" for name, words in found.items())


@pytest.fixture
def spanish(app, client):
    """(the app, a phone reading scorepad in Spanish, a club of its with games)."""
    client.set_cookie("lang", "es")
    pages = Pages(client)
    club_id, view = _club(app, client, pages)
    return app, client, club_id, view


def test_a_card_speaks_spanish_with_spanish_numbers(spanish):
    app, client, club_id, view = spanish
    member = view.members[0]
    token = view.club.card_token(member.anchor)
    card = client.get(f"/clubs/m/{view.club.members_token}/card/{token}").get_data(as_text=True)
    # a rating's sentence, its percent the Spanish way ('46 %', a no-break space)
    assert re.search(r"se esperaba un \d{1,2}\xa0% de victoria; (ganó|perdió|empató): ", card)
    assert re.search(r"<dt>Bolsas por mano</dt><dd>\d+,\d\d</dd>", card)
    assert "Calificaciones" in card and "expected" not in card
    manager = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    assert "Esta es la página del responsable" in manager and "provisional" in manager


def test_english_numbers_are_as_before(app, client):
    pages = Pages(client)
    _, view = _club(app, client, pages)
    token = view.club.card_token(view.members[0].anchor)
    card = client.get(f"/clubs/m/{view.club.members_token}/card/{token}").get_data(as_text=True)
    assert re.search(r"expected \d{1,2}% to win, (won|lost|drew): ", card)
    assert re.search(r"<dt>Bags a hand</dt><dd>\d+\.\d\d</dd>", card)


def _summaries(body: bytes) -> set[str]:
    return {str(e["summary"]) for e in Calendar.from_ical(body).walk("VEVENT")}


def test_a_feed_speaks_the_language_of_the_phone_that_copied_its_link(spanish):
    app, client, club_id, _ = spanish
    r = client.post(
        f"/seasons/c/{club_id}/new", data={"name": SEASON, "kind": "pairs", "fixtures": "night"}
    )
    season_id = r.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        revision = load_season(get_db(), season_id).revision
    client.post(
        f"/seasons/c/{club_id}/{season_id}/nights", data={"revision": revision, "day": "2026-01-09"}
    )
    with app.app_context():
        token = load_season(get_db(), season_id).view_token
    page = client.get(f"/seasons/s/{token}").get_data(as_text=True)
    link = re.search(r'href="https?://[^/"]+(/seasons/s/[\w-]+/calendar\.ics\?lang=es)"', page)
    assert link, "the page's feed link keeps its language"
    calendar_app = app.test_client()  # no cookie, no Accept-Language: a calendar app
    assert _summaries(calendar_app.get(link.group(1)).data) == {f"{SEASON}, jornada 1"}
    plain = f"/seasons/s/{token}/calendar.ics"
    assert _summaries(calendar_app.get(plain).data) == {f"{SEASON}, night 1"}
    asked = calendar_app.get(plain, headers={"Accept-Language": "es"})
    assert _summaries(asked.data) == {f"{SEASON}, jornada 1"}
    english = calendar_app.get(f"{plain}?lang=en", headers={"Accept-Language": "es"})
    assert _summaries(english.data) == {f"{SEASON}, night 1"}
    assert _summaries(calendar_app.get(f"{plain}?lang=xx").data) == {f"{SEASON}, night 1"}
