"""A link carries exactly its holder's powers (docs/events.md, docs/clubs.md and
docs/seasons.md, *who may do what*): each holder's own forms, taken from the pages it
sees, sent under another holder's link, or under a link that is not there (never was, or
replaced since), find nothing: a 404 in words, every time, before any form is read or
any question asked, and nothing written. CSRF is on: each phone sends its own token."""

from __future__ import annotations

import html
import re

import pytest

from scorepad.store.clubs import load_club
from scorepad.store.events import load_event
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import dump_rows, form_token, text
from tests.test_clubs import _make
from tests.test_replace_links import YES
from tests.test_season_web import _post, _season

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
NOT_FOUND = "Not found"


FORM = re.compile(r'<form method="post"[^>]*?action="([^"]+)"[^>]*>(.*?)</form>', re.S)


def _forms(page: str, within: str) -> list[tuple[str, dict[str, str]]]:
    """The page's POST forms whose action holds `within`, each with its fields as a
    browser sends them (a select's chosen option, else its first)."""
    found = []
    for action, body in FORM.findall(page):
        action = html.unescape(action)
        if within not in action:
            continue
        fields = {}
        for tag in re.findall(r"<input[^>]*>", body):
            name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
            if name and ("checkbox" not in tag and "radio" not in tag or "checked" in tag):
                fields[name.group(1)] = html.unescape(value.group(1) if value else "")
        selects = re.findall(r'<select[^>]*name="(\w+)"[^>]*>(.*?)</select>', body, re.S)
        for name, options in selects:
            chosen = re.search(r'<option value="([^"]*)" selected', options)
            first = re.search(r'<option value="([^"]*)"', options)
            if chosen or first:
                fields[name] = html.unescape((chosen or first).group(1))
        found.append((action, fields))
    return found


def _replace(phone, page_path: str, nth: int = 0):
    """ "Replace this link" on the page (its `nth` such form), then "Yes, replace this
    link", each with the page's own token."""
    page = phone.get(page_path).get_data(as_text=True)
    action = _forms(page.replace('" class="replace-link"', '"'), "replace")[nth][0]
    asked = phone.post(action, data={"csrf_token": form_token(page)})
    assert asked.status_code == 200 and YES in text(asked)
    (again, fields), *_ = _forms(asked.get_data(as_text=True), "replace")
    done = phone.post(again, data={**fields, "confirm": "yes"})
    assert done.status_code == 302, text(done)
    return done


def _nothing_written(app, phone, forms, swap: dict[str, str]) -> list:
    """Each answer to the forms sent (`_sent`), the database the same before and after."""
    before = dump_rows(app.config["DATABASE"])
    answers = _sent(phone, forms, swap)
    assert dump_rows(app.config["DATABASE"]) == before
    return answers


def _found_nothing(answer, where: str) -> None:
    assert answer.status_code == 404, (where, answer.status_code, text(answer)[:200])
    assert NOT_FOUND in text(answer), where


def _sent(phone, forms: list[tuple[str, dict[str, str]]], swap: dict[str, str]) -> list:
    """Each form sent by `phone` with its own token, its address's ids swapped (`swap`)."""
    token = form_token(phone.get("/games/new"))
    answers = []
    for action, fields in forms:
        for old, new in swap.items():
            action = action.replace(old, new)
        answers.append((action, phone.post(action, data={**fields, "csrf_token": token})))
    return answers


@pytest.fixture
def night(guarded_app):
    """A night of two rounds, round 2 playing, run from its director's browser."""
    director = guarded_app.test_client()
    night = Night(_Browser(director), guarded_app, rounds=2, target=100, round_minutes=30)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.draw_and_start()
    night.hand(night.round()[0].game_id, 9)  # a table with a hand played: its game may end
    return night, director


class _Browser:
    """A phone posting as its pages do: each form with its own CSRF token (CSRF on)."""

    def __init__(self, client) -> None:
        self.client = client

    def get(self, *args, **kwargs):
        return self.client.get(*args, **kwargs)

    def post(self, path, data=None, **kwargs):
        token = form_token(self.client.get("/games/new"))
        return self.client.post(path, data={**(data or {}), "csrf_token": token}, **kwargs)


def _directors_forms(director, event_id: str) -> list[tuple[str, dict[str, str]]]:
    """Every form of the director's page that posts under the night's own address, and
    the two steps it asks twice (call time, end a table's game) both as asked and said."""
    page = director.get(f"/events/{event_id}").get_data(as_text=True)
    forms = _forms(page, f"/events/{event_id}/")
    assert any(a.endswith("/call") for a, _ in forms), "the page calls time"
    ended = [(a, f) for a, f in forms if a.endswith("/end")]
    assert ended, "the page ends a table's game"
    asked = [
        (a, {k: v for k, v in f.items() if k != "confirm"})
        for a, f in forms
        if a.endswith(("/call", "/end"))
    ]
    said = [(a, {**f, "confirm": "yes"}) for a, f in asked]
    return forms + asked + said + [(f"/events/{event_id}/earlier", {"revision": "1"})]


def test_a_directors_forms_under_another_nights_link_find_nothing(night, guarded_app):
    """The director's own forms sent under the night's other links (its big screen's,
    its check-in's, a table's game id), and by a phone holding only those: 404 each."""
    night, director = night
    event = night.event()
    forms = _directors_forms(director, night.id)
    assert len(forms) > 8
    table = night.round()[0].game_id
    for other in (event.view_token, event.checkin_token, table, "nothing-here"):
        for phone in (director, guarded_app.test_client()):
            answers = _nothing_written(
                guarded_app, phone, forms, {f"/events/{night.id}/": f"/events/{other}/"}
            )
            for action, answer in answers:
                _found_nothing(answer, action)


def test_a_replaced_directors_link_finds_nothing_on_any_phone_that_kept_it(night, guarded_app):
    """The director's link replaced on the director's page: every form of the old page,
    sent by the phone that replaced it or by another that kept the old link, is a 404."""
    night, director = night
    kept = guarded_app.test_client()
    assert kept.get(f"/events/{night.id}").status_code == 200  # it held the link too
    forms = _directors_forms(director, night.id)
    done = _replace(director, f"/events/{night.id}")
    new = done.headers["Location"].rsplit("/", 1)[-1]
    with guarded_app.app_context():
        assert load_event(get_db(), night.id) is None and load_event(get_db(), new)
    for phone in (director, kept):
        for action, answer in _nothing_written(guarded_app, phone, forms, {}):
            _found_nothing(answer, action)
    assert kept.get(f"/events/{night.id}").status_code == 404


@pytest.fixture
def seasons(guarded_app):
    """Two clubs, each with a season of nights and entrants, made by its own manager."""
    made = []
    for name in ("Friday Spades", "Other club"):
        manager = _Browser(guarded_app.test_client())
        club_id = _make(manager, name)
        season_id = _season(manager, club_id)
        for day in ("2026-01-09", "2026-01-16"):
            _post(manager, guarded_app, club_id, season_id, "nights", day=day, venue="Anchor")
        _post(manager, guarded_app, club_id, season_id, "entrants", player_0="Ann", player_1="Bo")
        made.append((manager.client, club_id, season_id))
    return made


def _season_forms(manager, club_id: str, season_id: str) -> list[tuple[str, dict[str, str]]]:
    page = manager.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    forms = _forms(page, f"/seasons/c/{club_id}/")
    assert len(forms) > 8
    seasons = manager.get(f"/seasons/c/{club_id}").get_data(as_text=True)
    return forms + _forms(seasons, "/new")


def test_a_seasons_forms_under_another_clubs_link_find_nothing(seasons, guarded_app):
    """Each form of the season's page (and a new season's) sent under another club's
    manager link, under the club's members' link, or with another club's season: 404."""
    (manager, club_id, season_id), (other, other_club, other_season) = seasons
    forms = _season_forms(manager, club_id, season_id)
    with guarded_app.app_context():
        members = load_club(get_db(), club_id).members_token
    swaps = [
        {f"/c/{club_id}/": f"/c/{other_club}/"},  # the other club's manager, this season
        {f"/c/{club_id}/": f"/c/{members}/"},  # the members' link as the manager's
        {f"/{season_id}/": f"/{other_season}/"},  # this manager, the other club's season
    ]
    for phone in (other, manager):
        for swap in swaps:
            for action, answer in _nothing_written(guarded_app, phone, forms, swap):
                if action.endswith("/new") and f"/c/{members}/" not in action:
                    continue  # a new season of the club whose link it is: its own
                _found_nothing(answer, action)
    # "Start the next season" of this club's season, closed, sent under the other club's
    # link: its entrants do not come over to another club
    _post(_Browser(manager), guarded_app, club_id, season_id, "close")
    page = manager.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    (follows,) = [f for a, f in _forms(page, "/new") if f.get("follows") == season_id]
    [(action, answer)] = _nothing_written(
        guarded_app, other, [(f"/seasons/c/{other_club}/new", follows)], {}
    )
    _found_nothing(answer, action)


def test_a_replaced_managers_link_finds_nothing_on_the_seasons_pages(seasons, guarded_app):
    (manager, club_id, season_id), _ = seasons
    kept = guarded_app.test_client()
    assert kept.get(f"/clubs/{club_id}").status_code == 200  # it held the link too
    forms = _season_forms(manager, club_id, season_id)
    _replace(manager, f"/clubs/{club_id}", nth=1)
    for phone in (manager, kept):
        for action, answer in _nothing_written(guarded_app, phone, forms, {}):
            _found_nothing(answer, action)


def test_a_call_time_question_is_asked_only_under_a_night_that_is_there(night, guarded_app):
    night, director = night
    page = director.get(f"/events/{night.id}").get_data(as_text=True)
    asked = director.post(
        f"/events/{night.id}/call", data={"csrf_token": form_token(page), "revision": "1"}
    )
    assert asked.status_code == 200 and re.search(r"Call time", text(asked))


PUBLIC = re.compile(r"^/static/|^/sw\.js$")  # the same for every phone: cached as they say
LINKED = re.compile(r'(?:href|src|data-poll)="(?:http://localhost)?(/[^"#]*)"')


def _private_everywhere(phone, seeds: list[str]) -> list[str]:
    """Every GET answer reached from `seeds` (two links deep: the pages, the files and
    pictures they link) whose Cache-Control lets a shared cache keep it."""
    seen, todo, kept = set(), [(s, 0) for s in seeds], []
    while todo:
        path, depth = todo.pop(0)
        path = html.unescape(path)
        if path in seen or PUBLIC.search(path) or path.startswith("/language"):
            continue
        seen.add(path)
        answer = phone.get(path)
        said = answer.headers.get("Cache-Control", "")
        if "private" not in said and "no-store" not in said:
            kept.append(f"{path}: {answer.status_code} {said!r}")
        if answer.mimetype == "text/html" and depth < 2:
            todo += [(p, depth + 1) for p in LINKED.findall(answer.get_data(as_text=True))]
    assert len(seen) > 10, seen
    return kept


def test_no_answer_that_holds_a_link_s_secrets_is_kept_by_a_shared_cache(
    night, seasons, guarded_app
):
    """A page, a file (game, hands, night, club, ratings, results, calendar) or a picture
    is sent to its holder only: `private` (a proxy between the phone and the server keeps
    no copy to hand another phone), whoever holds the link."""
    night, director = night
    (manager, club_id, season_id), _ = seasons
    table = night.round()[0].game_id
    with guarded_app.app_context():
        members = load_club(get_db(), club_id).members_token
    screen = night.event().view_token
    kept = _private_everywhere(director, [f"/events/{night.id}", f"/games/{table}"])
    kept += _private_everywhere(guarded_app.test_client(), [f"/events/screen/{screen}/results"])
    kept += _private_everywhere(manager, [f"/clubs/{club_id}", f"/seasons/c/{club_id}/{season_id}"])
    kept += _private_everywhere(guarded_app.test_client(), [f"/clubs/m/{members}"])
    assert kept == []


def _pages(phone, paths: list[str]) -> str:
    """The pages at `paths`, as `phone` sees them, one text."""
    answers = [phone.get(path) for path in paths]
    assert [a.status_code for a in answers] == [200] * len(paths)
    return "".join(a.get_data(as_text=True) for a in answers)


def test_the_managers_pages_carry_no_directors_link_nor_a_tables(guarded_app):
    """A club night filed into the club is its director's to run, its tables' to score
    (docs/clubs.md: the manager's link files, takes out and links nights into a season):
    the manager's pages (the club, its games, its seasons) name each night by its screen
    link, and its tables' games by their live scores, to a phone holding only the manager's
    link; the phone that directs the night still finds its director's page there. Taking
    a night out and linking one into a season work as before, from those pages' forms."""
    both = _Browser(guarded_app.test_client())  # the club's manager, and each night's director
    club_id = _make(both)
    season_id = _season(both, club_id)
    _post(both, guarded_app, club_id, season_id, "nights", day="2026-01-09", venue="Anchor")
    nights = [Night(both, guarded_app, rounds=1, target=100, club=club_id) for _ in range(2)]
    for night in nights:
        for pair in PAIRS:
            night.check_in(*pair)
        night.draw_and_start()
        night.hand(night.round()[0].game_id, 9)
    secrets = {n.id for n in nights} | {m.game_id for n in nights for m in n.round()}
    manager = guarded_app.test_client()  # the manager's link only
    places = [f"/clubs/{club_id}", f"/clubs/{club_id}/games", f"/seasons/c/{club_id}/{season_id}"]
    seen = _pages(manager, places)
    assert [s for s in secrets if s in seen] == []
    for night in nights:  # each night by its screen link, read only
        assert night.event().view_token in seen
    tables = [m.game_id for n in nights for m in n.round()]
    mine = _pages(both.client, places)  # the director's phone: each table's own page
    assert all(f'href="/games/{t}"' in mine for t in tables)
    # linked into the season from its page's form, by the manager's link alone
    page = manager.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)
    [(action, link)] = _forms(page, "/nights/link")
    link["event"] = nights[0].event().view_token
    done = manager.post(action, data=link)
    assert "Club night filed into the season" in text(manager.get(done.headers["Location"]))
    season_page = f"/seasons/c/{club_id}/{season_id}"
    assert f'href="/events/{nights[0].id}"' in _pages(both.client, [season_page])
    results = f'href="/events/screen/{nights[0].event().view_token}/results"'
    assert results in _pages(manager, [season_page])
    # the other night taken out from the club's games page, its Take out pressed
    page = manager.get(f"/clubs/{club_id}/games").get_data(as_text=True)
    [(action, out)] = _forms(page, "/unfile-night/")
    assert nights[1].event().view_token in action
    done = manager.post(action, data=out)
    assert "Taken out" in text(manager.get(done.headers["Location"]))
    with guarded_app.app_context():
        from scorepad.store.clubs import club_events

        assert club_events(get_db(), club_id) == [nights[0].id]
    assert [s for s in secrets if s in _pages(manager, places)] == []


def test_a_phone_that_kept_a_replaced_directors_link_is_a_stranger_at_its_tables(
    night, guarded_app
):
    """The director's powers at a table's game come from the director's link the phone
    keeps (its cookie): once another phone replaced that link, the phone that kept the old
    one may do at a table what any phone with the table's link may, nothing more."""
    night, director = night
    kept = guarded_app.test_client()
    assert kept.get(f"/events/{night.id}").status_code == 200
    game_id = night.round()[0].game_id
    page = kept.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/games/{game_id}/settings" in page  # the director's link: the game's settings
    _replace(director, f"/events/{night.id}")
    page = kept.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/games/{game_id}/settings" not in page
    token = form_token(page)
    before = dump_rows(guarded_app.config["DATABASE"])
    version = str(night.game(game_id).revision)
    for path in ("delete", "end", "rematch"):
        said = kept.post(f"/games/{game_id}/{path}", data={"csrf_token": token, "version": version})
        assert said.status_code == 403 and "only the director can" in text(said), path
    assert dump_rows(guarded_app.config["DATABASE"]) == before


def test_the_big_screen_shows_the_check_in_code_only_while_the_link_takes_players(guarded_app):
    """The big screen carries the check-in link's QR code for players to check themselves
    in, as the director's page offers the link: until round 1 is drawn (core/event_flow.py,
    "join"), never for a round drawn later, when the link's page only says it closed."""
    director = _Browser(guarded_app.test_client())
    night = Night(director, guarded_app, rounds=2, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    screen, join = night.event().view_token, night.event().checkin_token
    wall = guarded_app.test_client()  # the big screen's link only

    def shown() -> bool:
        page = wall.get(f"/events/screen/{screen}").get_data(as_text=True)
        live = wall.get(f"/events/screen/{screen}/live").get_data(as_text=True)
        assert ("Scan this code" in page) == ("Scan this code" in live)
        return "Scan this code" in page

    assert shown()
    for step in ("draw", "start"):
        night.act(step)
        assert not shown(), step
    night.play_round()
    night.act("draw", "Round drawn")
    assert not shown()
    assert "closed when round 1 was drawn" in text(wall.get(f"/events/join/{join}"))


def test_a_clubs_forms_under_its_members_link_or_another_clubs_find_nothing(guarded_app):
    """Every form of the manager's pages (the club's and its games') sent under the
    members' link, and a card's forms sent under another club's members' link: 404, and
    nothing written. A card's own forms work under its own link only."""
    from tests.ratings_club import club as simulated
    from tests.test_clubs import _file_games, _view

    manager = _Browser(guarded_app.test_client())
    club_id, other = _make(manager), _make(manager, "Other club")
    for made in (club_id, other):
        _file_games(guarded_app, made, simulated(29, players=6, games=4)[1])
    view, theirs = _view(guarded_app, club_id), _view(guarded_app, other)
    members, their_members = view.club.members_token, theirs.club.members_token
    pages = _pages(manager.client, [f"/clubs/{club_id}", f"/clubs/{club_id}/games"])
    forms = _forms(pages, f"/clubs/{club_id}/")
    assert len(forms) > 6
    phone = guarded_app.test_client()
    swap = {f"/clubs/{club_id}/": f"/clubs/{members}/"}
    for action, answer in _nothing_written(guarded_app, phone, forms, swap):
        _found_nothing(answer, action)
    card = f"/clubs/m/{members}/card/{view.club.card_token(view.members[0].anchor)}"
    page = phone.get(card).get_data(as_text=True)
    phone.post(f"{card}/me", data={"csrf_token": form_token(page)})  # "This is me"
    card_forms = _forms(phone.get(card).get_data(as_text=True), "/card/")
    assert {a.rsplit("/", 1)[-1] for a, _ in card_forms} == {"me", "lists", "replace"}
    swap = {f"/clubs/m/{members}/": f"/clubs/m/{their_members}/"}
    for action, answer in _nothing_written(guarded_app, phone, card_forms, swap):
        _found_nothing(answer, action)
