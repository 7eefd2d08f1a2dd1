"""Issue 39, "What a table and a club felt": a new user's evening with a club, its cards,
its nights and its big screen, through the pages' own forms and links."""

from __future__ import annotations

import re

from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.club_view import club_view
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import start, text
from tests.ratings_club import game_file

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _club(client, app, games=(((("Ann", "Cy"), ("Bo", "Di")), 0),), name="Friday Spades"):
    r = client.post("/clubs/new", data={"name": name})
    assert r.status_code == 302
    club_id = r.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        for sides, winner in games:
            game, score = gamefile.read_scored(game_file(sides, winner))
            commands.import_game(get_db(), game, score, club_id)
        return club_id, club_view(get_db(), club_id)


def _first(page: str, *marks: str) -> int:
    found = [page.find(m) for m in marks if m in page]
    assert found, marks
    return min(found)


# --- 1. a phone that said "This is me" finds its card and its club again


def _foot(page: str) -> str:
    return re.search(r'<footer class="foot">(.*?)</footer>', page, re.S).group(1)


def test_a_phone_that_claimed_a_card_reaches_it_from_the_foot_of_every_page(client, app):
    club_id, view = _club(client, app, GAMES)
    card = _card(client, view)
    members = f"/clubs/m/{view.club.members_token}"
    phone = app.test_client()  # the player's own phone: it only ever opened the card's link
    assert "My card" not in _foot(phone.get(card).get_data(as_text=True))
    page = phone.get(card).get_data(as_text=True)
    me = re.search(r'<form method="post" action="([^"]+/me)"', page).group(1)
    assert phone.post(me).status_code == 302
    game_id = start(client)  # a game of another phone, opened by the link it was given
    for path in ("/games", "/stats", "/games/new", members, f"/games/{game_id}", "/language"):
        foot = _foot(phone.get(path).get_data(as_text=True))
        assert f'href="{card}">My card</a>' in foot, path
        assert f'href="{members}">My club</a>' in foot, path
    # the game page drawn for this phone is not the page of a phone without a card
    assert "My card" not in _foot(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "My card" not in _foot(app.test_client().get(f"/games/{game_id}").get_data(as_text=True))
    # "This is not me": the foot lets go of it
    assert phone.post(me).status_code == 302
    assert "My card" not in _foot(phone.get("/games").get_data(as_text=True))


def test_clubs_and_ratings_shows_the_clubs_this_phone_knows_before_a_new_one(client, app):
    club_id, view = _club(client, app, GAMES)
    _club(client, app, name="Monday Whist Room")  # managed too
    card = _card(client, view)
    phone = app.test_client()
    page = phone.get(card).get_data(as_text=True)
    me = re.search(r'<form method="post" action="([^"]+/me)"', page).group(1)
    phone.post(me)
    games = phone.get("/games").get_data(as_text=True)
    clubs = re.search(r'href="([^"]+)">Clubs and ratings<', games).group(1)
    page = phone.get(clubs).get_data(as_text=True)
    known = page.index("Your clubs")
    assert known < page.index("New club") < page.index('name="name"')
    assert f'href="/clubs/m/{view.club.members_token}">Friday Spades</a>' in page
    assert f'href="{card}">My card</a>' in page[known : page.index("New club")]
    assert "Monday Whist Room" not in page  # the player's phone manages no club
    managed = client.get(clubs).get_data(as_text=True)
    assert managed.index("Friday Spades") < managed.index("New club")
    assert managed.index("Monday Whist Room") < managed.index("New club")
    assert f'href="/clubs/{club_id}">Friday Spades</a>' in managed


def test_a_phone_with_cards_of_two_clubs_reaches_both(client, app):
    _, first = _club(client, app, GAMES)
    _, second = _club(client, app, GAMES, name="Monday Whist Room")
    phone = app.test_client()
    for view in (first, second):
        page = phone.get(_card(client, view)).get_data(as_text=True)
        phone.post(re.search(r'<form method="post" action="([^"]+/me)"', page).group(1))
    foot = _foot(phone.get("/games").get_data(as_text=True))
    assert f'href="{_card(client, second)}">My card</a>' in foot  # the last claimed
    clubs = re.search(r'href="([^"]+)">My clubs</a>', foot).group(1)
    listed = phone.get(clubs).get_data(as_text=True)
    for view in (first, second):
        assert f'href="{_card(client, view)}">My card</a>' in listed
        assert f'href="/clubs/m/{view.club.members_token}">{view.club.name}</a>' in listed


# --- 2. a manager's page opens on what the manager does; the links to hand out after


def test_the_directors_page_shows_its_actions_before_the_qr_codes(client, app):
    night = Night(client, app, rounds=2)
    for pair in PAIRS:
        night.check_in(*pair)
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    qr = page.index("<svg")
    assert page.index(f'action="/events/{night.id}/checkin"') < qr
    assert page.index(f'action="/events/{night.id}/draw"') < qr
    night.draw_and_start()
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert page.index('id="director-tables"') < page.index("<svg")


def test_the_club_managers_page_shows_its_actions_before_the_qr_codes(client, app):
    club_id, _ = _club(client, app)
    page = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    qr = page.index("<svg")
    for action in ("merge", "import", "rename"):
        assert page.index(f'action="/clubs/{club_id}/{action}') < qr, action


# --- 5. small things: no stray separator, one pair of parentheses, the true minus


def test_a_night_without_a_date_opens_its_subtitle_on_its_format(client, app):
    night = Night(client, app, rounds=2, date="")
    page = text(client.get(f"/events/{night.id}"))
    assert "Swiss, fixed partnerships · 2 rounds" in page
    subtitle = client.get(f"/events/{night.id}").get_data(as_text=True)
    hint = re.search(r'<p class="hint">([^<]*)', subtitle).group(1)
    assert not hint.lstrip().startswith("·"), hint


# --- 3. a rating is a plain number, marked provisional; a card's games say what happened

GAMES = (
    ((("Ann", "Cy"), ("Bo", "Di")), 0),
    ((("Ann", "Cy"), ("Bo", "Di")), 1),
    ((("Ann", "Bo"), ("Cy", "Di")), 0),
)


def _card(client, view, anchor="ann") -> str:
    token = view.club.card_token(anchor)
    return f"/clubs/m/{view.club.members_token}/card/{token}"


def test_a_rating_is_a_plain_number_marked_provisional(client, app):
    club_id, view = _club(client, app, GAMES)
    for path in (f"/clubs/{club_id}", f"/clubs/m/{view.club.members_token}", _card(client, view)):
        page = text(client.get(path))
        assert not re.search(r"\d+ to \d+, provisional|\(\d+ to \d+\)", page), path
        assert re.search(r"\b\d{3,4} provisional\b", page), path
        assert "a rating marked provisional is from fewer than 10 games" in page, path


def test_a_cards_games_each_say_their_date_opponents_and_score(client, app):
    _, view = _club(client, app, GAMES)
    page = client.get(_card(client, view)).get_data(as_text=True)
    rated = re.findall(r"<li><span class=\"date\">(\d{4}-\d\d-\d\d)</span> ([^<]*)</li>", page)
    assert len(rated) == 3
    lines = [line for _, line in rated]
    assert len(set(lines)) == 3  # no two alike
    # newest first; each: who with, who against, the score with Ann's side first, the change
    assert re.match(r"with Bo against Cy &amp; Di: 62 to −60, expected \d+% to win, won", lines[0])
    assert re.match(r"with Cy against Bo &amp; Di: −60 to 62, expected \d+% to win, lost", lines[1])
    assert (
        lines[2] == "with Cy against Bo &amp; Di: 62 to −60, expected 50% to win, won: +24 → 1024"
    )


# --- 6. Spanish: a pair is plural, a count takes its plural form, one word for a rating

ES = {"Accept-Language": "es"}


def _spanish(client, path: str) -> str:
    return text(client.get(path, headers=ES))


def test_a_pair_takes_the_plural_in_spanish_and_a_lone_player_the_singular(client):
    from tests.helpers import bid_form, play

    pair = start(client, players=("Lucía", "Andrés", "Begoña", "Iñaki"))
    play(client, pair, 1, [3, 3, 2, 2], [4, 3, 2, 4])  # Lucía & Begoña bid 5, take 6
    r = client.post(f"/games/{pair}/bids", data=bid_form(2, [3, 3, 2, 4]))  # hand 2 bid
    assert r.status_code == 302
    page = _spanish(client, f"/games/{pair}")
    assert "cumplieron 6 de 5" in page and "cumplió" not in page
    assert "apuestan 5" in page and "apuesta 5" not in page
    history = _spanish(client, f"/games/{pair}/history")
    assert "ganaron 4 + 2" in history and "ganó" not in history
    lone = start(client, players=("Lucía", "Andrés", "Iñaki"), table="cutthroat-3")
    play(client, lone, 1, [5, 5, 5], [6, 6, 5])  # 17 tricks of 17 cards each
    page = _spanish(client, f"/games/{lone}")
    assert "cumplió 6 de 5" in page and "cumplieron" not in page


def test_clubs_and_ratings_uses_one_word_for_a_rating_in_spanish(client, app):
    _club(client, app, GAMES)
    games = _spanish(client, "/games")
    assert "Clubes y calificaciones" in games
    from babel.messages.pofile import read_po

    from tests.live import ROOT

    with open(ROOT / "scorepad/translations/es/LC_MESSAGES/messages.po", "rb") as source:
        catalog = read_po(source)
    for message in catalog:
        english = message.id if isinstance(message.id, str) else message.id[0]
        spanish = " ".join(
            message.string if isinstance(message.string, tuple) else [message.string]
        )
        if re.search(r"\brat(ing|ings|ed)\b", english):
            assert "clasific" not in spanish.lower(), (english, spanish)
            assert "puntuaci" not in spanish.lower(), (english, spanish)


def test_a_partnership_side_is_a_pareja_in_spanish(client):
    from tests.helpers import play

    game_id = start(client, players=("Lucía", "Andrés", "Begoña", "Iñaki"))
    for path in ("/games/new", f"/games/{game_id}", f"/games/{game_id}/settings"):
        page = _spanish(client, path)
        assert not re.search(r"\blados?\b", page, re.I), path
    assert "Por pareja" in _spanish(client, "/games/new")
    assert "Nombres de las parejas" in _spanish(client, f"/games/{game_id}/settings")
    play(client, game_id, 1, [3, 3, 2, 2], [4, 3, 2, 4])
    assert not re.search(r"\blados?\b", _spanish(client, f"/games/{game_id}/history"), re.I)


def test_a_count_of_one_takes_the_singular_on_the_directors_page(client, app):
    night = Night(client, app, rounds=2, round_minutes=1, rule_hand_limit=1)
    page = text(client.get(f"/events/{night.id}"))
    assert "2 rounds of 1 minute · to 100, at most 1 hand." in page
    spanish = _spanish(client, f"/events/{night.id}")
    assert "de 1 minuto" in spanish and "como máximo 1 mano." in spanish


def test_the_season_managers_page_shows_its_actions_before_the_qr_code(client, app):
    club_id, _ = _club(client, app)
    data = {"name": "Winter League", "kind": "pairs", "divisions": "A,B", "fixtures": "season"}
    r = client.post(f"/seasons/c/{club_id}/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    season = r.headers["Location"]
    page = client.get(season).get_data(as_text=True)
    qr = page.index("<svg")
    forms = re.findall(rf'action="{season}/([a-z_/-]+)"', page)
    assert len(forms) >= 4, forms
    for action in forms:
        if action == "replace-link":  # the link's own: beside its QR code
            continue
        assert page.index(f'action="{season}/{action}"') < qr, action
