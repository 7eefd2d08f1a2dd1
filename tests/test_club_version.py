"""Issues 29 and 40: a club's pages know whether to read its games again from the club's
one version (`clubs.revision`), moved by the club's own changes, by its games' writes (a
hand saved at a club night's table, a fix, a game deleted) and by a round drawn at one
of its nights, and by nothing else: a page opened twice with nothing written reads
nothing. A manager's form is checked against the club's last change it depends on, so a
hand saved at one of its games stales none of them."""

from __future__ import annotations

from scorepad.store import commands
from scorepad.store.club_view import club_view
from scorepad.store.events import load_event
from scorepad.web.db import get_db
from tests.helpers import HAND_1, bid_form, new_game_form, play, text, tricks_form
from tests.test_club_seeding import _club, _round_one
from tests.test_clubs import _make, _view


def _version(app, club_id) -> tuple[int, int]:
    """The club's version, and its revision when what its ratings read last changed."""
    with app.app_context():
        found = get_db().query("select revision, rated_revision from clubs where id = ?", [club_id])
        row = next(found)
    return row["revision"], row["rated_revision"]


def _play_first_hand(client, game_id, by_side: bool = False) -> None:
    bids, tricks = ([3] * 4, []) if by_side else HAND_1
    assert client.post(f"/games/{game_id}/bids", data=bid_form(1, bids)).status_code == 302
    sides = [9, 4] if by_side else None  # a night's tables count tricks by side
    r = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, tricks, sides))
    assert r.status_code == 302, r.get_data(as_text=True)


def test_a_hand_at_a_club_night_s_table_moves_the_club_s_version(client, app):
    club_id = _club(client, app)
    _round_one(client, app, club=club_id)
    with app.app_context():
        event_id = next(get_db().query("select id from events"))["id"]
        event = load_event(get_db(), event_id)
    client.post(f"/events/{event_id}/start", data={"revision": event.revision})
    with app.app_context():
        game_id = load_event(get_db(), event_id).round_matches(1)[0].game_id
    before, view = _version(app, club_id), _view(app, club_id)
    assert _view(app, club_id) is view  # nothing written: the view kept, nothing read
    _play_first_hand(client, game_id, by_side=True)
    assert _version(app, club_id) != before
    fresh = _view(app, club_id)
    assert fresh is not view
    played = {g.id: g for g in fresh.games}[game_id]
    assert len(played.game.hands) == 1


def test_a_game_of_no_club_or_another_club_leaves_its_version_alone(client, app):
    club_id, other = _make(client), _make(client, "Tuesday Spades")
    mine = client.post("/games/new", data=new_game_form(club=club_id))
    theirs = client.post("/games/new", data=new_game_form(club=other))
    loose = client.post("/games/new", data=new_game_form())
    before = _version(app, club_id)
    for r in (theirs, loose):
        _play_first_hand(client, r.headers["Location"].rsplit("/", 1)[-1])
    assert _version(app, club_id) == before
    _play_first_hand(client, mine.headers["Location"].rsplit("/", 1)[-1])
    # bids, then tricks; the game not over: nothing the ratings read has changed
    assert _version(app, club_id) == (before[0] + 2, before[1])


def test_a_game_deleted_moves_the_version_of_its_club(client, app):
    club_id = _make(client)
    r = client.post("/games/new", data=new_game_form(club=club_id))
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    before = _version(app, club_id)
    with app.app_context():
        stored = club_view(get_db(), club_id).games[0]
        commands.delete(get_db(), game_id, stored.revision)
    assert _version(app, club_id) != before
    assert _view(app, club_id).games == ()


def test_a_club_page_lists_at_most_its_best_partnerships(client, app):
    from scorepad.web.clubs.data import PAIRS_SHOWN, pair_rows
    from tests.ratings_club import club as simulated
    from tests.test_clubs import _file_games

    club_id = _make(client)
    _, played = simulated(31, players=16, games=120)
    _file_games(app, club_id, played)
    view = _view(app, club_id)
    assert len(view.ratings.pairs) > PAIRS_SHOWN
    with app.app_context():
        rows = pair_rows(view)
    assert len(rows) == PAIRS_SHOWN
    assert [r.rating for r in rows] == sorted((r.rating for r in rows), reverse=True)


def test_a_round_drawn_at_a_club_night_moves_the_club_s_version_not_its_ratings(client, app):
    club_id = _club(client, app)
    _round_one(client, app, club=club_id)
    with app.app_context():
        event = load_event(get_db(), next(get_db().query("select id from events"))["id"])
    view = _view(app, club_id)
    (revision, rated), games = _version(app, club_id), len(view.games)
    assert client.post(f"/events/{event.id}/start", data={"revision": event.revision}).status_code
    after, rated_after = _version(app, club_id)
    assert after > revision and rated_after == rated  # its tables' games: not over
    assert len(_view(app, club_id).games) == games + 2  # the kept view read them
    with app.app_context():  # what reads only the ratings keeps what it had
        assert club_view(get_db(), club_id, ratings=True) is not view
        assert club_view(get_db(), club_id, ratings=True).ratings is view.ratings


def _revision_of(page: str, action: str) -> str:
    """The club's revision a form of a manager's page carries (the form posting to
    `action`)."""
    form = page[page.index(f'action="{action}"') :]
    return form.split('name="revision"', 1)[1].split('value="', 1)[1].split('"', 1)[0]


def test_a_hand_saved_or_a_game_filed_stales_no_form_of_the_manager_s_pages(client, app):
    club_id = _make(client)
    games = [client.post("/games/new", data=new_game_form(club=club_id)) for _ in range(2)]
    playing, other = (r.headers["Location"].rsplit("/", 1)[-1] for r in games)
    _play_first_hand(client, playing)
    manager = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    listed = client.get(f"/clubs/{club_id}/games").get_data(as_text=True)
    before = _version(app, club_id)
    bids = bid_form(2, [3, 3, 3, 3])
    assert client.post(f"/games/{playing}/bids", data=bids).status_code == 302
    assert _version(app, club_id)[0] == before[0] + 1  # the pages shown are older now
    started = client.post("/games/new", data=new_game_form(club=club_id))  # filed meanwhile
    assert started.status_code == 302
    out = f"/clubs/{club_id}/unfile/{other}"
    r = client.post(out, data={"revision": _revision_of(listed, out)}, follow_redirects=True)
    assert "changed since" not in text(r), text(r)
    assert other not in {g.id for g in _view(app, club_id).games}
    rename = f"/clubs/{club_id}/rename"  # a roster form: a game taken out leaves it good
    fields = {"player": "alice", "name": "Alicia", "revision": _revision_of(manager, rename)}
    assert "Renamed" in text(client.post(rename, data=fields, follow_redirects=True))
    # a change of the manager's, though, stales the page shown before it
    out = f"/clubs/{club_id}/unfile/{playing}"
    r = client.post(out, data={"revision": _revision_of(listed, out)}, follow_redirects=True)
    assert "The club changed since this page was loaded" in text(r)
    assert playing in {g.id for g in _view(app, club_id).games}


def test_a_rematch_at_a_club_game_stales_no_form_of_the_manager_s_pages(client, app):
    """A table's phone's rematch files a new game into the club: the club's version moves
    (its pages list the game), but it is no change of the manager's."""
    club_id = _make(client)
    games = [client.post("/games/new", data=new_game_form(club=club_id)) for _ in range(2)]
    finished, other = (r.headers["Location"].rsplit("/", 1)[-1] for r in games)
    for number in range(1, 6):  # 101 a hand for the first side: over at 500
        play(client, finished, number, [5, 1, 5, 1], [6, 1, 5, 1])
    listed = client.get(f"/clubs/{club_id}/games").get_data(as_text=True)
    before = _version(app, club_id)
    phone = app.test_client()  # a table's phone: not the manager's browser
    assert phone.post(f"/games/{finished}/rematch").status_code == 302
    assert _version(app, club_id)[0] == before[0] + 1
    assert len(_view(app, club_id).games) == 3
    out = f"/clubs/{club_id}/unfile/{other}"
    r = client.post(out, data={"revision": _revision_of(listed, out)}, follow_redirects=True)
    assert "changed since" not in text(r), text(r)
    assert other not in {g.id for g in _view(app, club_id).games}
    out = f"/clubs/{club_id}/unfile/{finished}"  # the manager's change stales the page
    r = client.post(out, data={"revision": _revision_of(listed, out)}, follow_redirects=True)
    assert "The club changed since this page was loaded" in text(r)


def test_a_card_holder_replacing_their_card_link_stales_no_form_of_the_manager_s(client, app):
    """The card's holder's own act, as their choice of the lists is: the club's version
    moves (the manager's page links the new card), no form of the manager's goes stale."""
    club_id = _make(client)
    games = [client.post("/games/new", data=new_game_form(club=club_id)) for _ in range(2)]
    playing, other = (r.headers["Location"].rsplit("/", 1)[-1] for r in games)
    _play_first_hand(client, playing)
    view = _view(app, club_id)
    member = next(m for m in view.members if m.name == "Alice")
    old = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token(member.anchor)}"
    listed = client.get(f"/clubs/{club_id}/games").get_data(as_text=True)
    before = _version(app, club_id)
    holder = app.test_client()  # the card's holder: not the manager's browser
    assert holder.post(f"{old}/replace", data={"confirm": "yes"}).status_code == 302
    assert _version(app, club_id)[0] == before[0] + 1
    assert client.get(old).status_code == 404  # the old link opens nothing
    out = f"/clubs/{club_id}/unfile/{other}"
    r = client.post(out, data={"revision": _revision_of(listed, out)}, follow_redirects=True)
    assert "changed since" not in text(r), text(r)
    assert other not in {g.id for g in _view(app, club_id).games}
