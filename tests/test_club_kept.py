"""Issue 39: what the club pages keep in memory is bounded, and a club whose kept state
went stale is read once however many ask for it at once (store/club_view.py)."""

from __future__ import annotations

import io
import threading

import pytest

from scorepad import create_app
from scorepad.files import game as gamefile
from scorepad.store import club_view as views
from scorepad.store import commands
from scorepad.web.db import get_db
from tests.helpers import form_token, new_game_form
from tests.ratings_club import club as simulated
from tests.ratings_club import game_file


def _club(client, app, name: str = "Friday Spades", games: int = 12) -> str:
    r = client.post("/clubs/new", data={"name": name})
    assert r.status_code == 302, r.get_data(as_text=True)
    club_id = r.headers["Location"].rsplit("/", 1)[-1]
    _, played = simulated(39, players=6, games=games)
    with app.app_context():
        for sides, winner, _ in played:
            game, score = gamefile.read_scored(game_file(sides, winner))
            commands.import_game(get_db(), game, score, club_id)
    return club_id


@pytest.fixture(autouse=True)
def _nothing_kept():
    views.forget_all()
    yield
    views.forget_all()


def _reads_counted(monkeypatch, release: threading.Event | None = None) -> list[int]:
    """Each read of a club whole counted (and held until `release`, if given)."""
    counted: list[int] = []
    build = views._build

    def counting(*args, **kwargs):
        counted.append(1)
        if release is not None:
            assert release.wait(10), "the read was held past the test"
        return build(*args, **kwargs)

    monkeypatch.setattr(views, "_build", counting)
    return counted


def test_a_stale_club_asked_for_at_once_by_many_is_read_once(app, client, monkeypatch):
    club_id = _club(client, app)
    release = threading.Event()
    counted = _reads_counted(monkeypatch, release)
    seen: list[object] = []

    def viewer() -> None:
        with app.app_context():
            seen.append(views.club_view(get_db(), club_id))

    threads = [threading.Thread(target=viewer) for _ in range(8)]
    for thread in threads:
        thread.start()
    while not counted:  # the first read is under way: the others come to wait for it
        threading.Event().wait(0.01)
    threading.Event().wait(0.2)
    release.set()
    for thread in threads:
        thread.join(10)
    assert len(counted) == 1
    assert len(seen) == 8 and all(view is seen[0] for view in seen)
    assert len(seen[0].games) == 12


def test_pages_answer_and_games_save_while_a_club_is_read(app, client, monkeypatch):
    club_id = _club(client, app)
    release = threading.Event()
    counted = _reads_counted(monkeypatch, release)
    codes: list[int] = []

    def manager() -> None:
        codes.append(app.test_client().get(f"/clubs/{club_id}").status_code)

    waiting = [threading.Thread(target=manager) for _ in range(3)]
    for thread in waiting:
        thread.start()
    while not counted:
        threading.Event().wait(0.01)
    # While the club is read and two more wait for it: a new game starts (a write) and
    # its page answers, each from another phone.
    other = app.test_client()
    r = other.post("/games/new", data=new_game_form())
    assert r.status_code == 302
    assert other.get(r.headers["Location"]).status_code == 200
    assert other.get("/clubs/new").status_code == 200
    release.set()
    for thread in waiting:
        thread.join(10)
    assert codes == [200, 200, 200]
    assert len(counted) == 1


def test_a_read_that_fails_leaves_the_others_to_read_it(app, client, monkeypatch):
    club_id = _club(client, app)
    build = views._build
    calls: list[int] = []

    def failing_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("disk gone")
        return build(*args, **kwargs)

    monkeypatch.setattr(views, "_build", failing_once)
    with app.app_context(), pytest.raises(RuntimeError):
        views.club_view(get_db(), club_id)
    with app.app_context():
        assert views.club_view(get_db(), club_id) is not None
    assert len(calls) == 2


def _club_file(client, app) -> bytes:
    club_id = _club(client, app, games=8)
    r = client.get(f"/clubs/{club_id}/club.json")
    assert r.status_code == 200
    return r.data


def _bring_in(guarded, data: bytes) -> str:
    token = form_token(guarded.get("/clubs/import"))
    r = guarded.post(
        "/clubs/import",
        data={"csrf_token": token, "file": (io.BytesIO(data), "club.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"].rsplit("/", 1)[-1]


@pytest.mark.parametrize("most", [1, 3])
def test_clubs_imported_and_opened_are_kept_at_most_the_bound(app, client, monkeypatch, most):
    data = _club_file(client, app)
    guarded_app = create_app(
        {
            "TESTING": True,
            "DATABASE": app.config["DATABASE"],
            "SECRET_KEY": "test",
            "CLUBS_KEPT": most,
        }
    )
    views.forget_all()
    guarded = guarded_app.test_client()
    opened = []
    for _ in range(6):
        club_id = _bring_in(guarded, data)
        assert guarded.get(f"/clubs/{club_id}").status_code == 200
        opened.append(club_id)
        assert views.kept_count() <= most
    assert views.kept_count() == most
    # The club read last is kept: opening it again reads nothing.
    counted = _reads_counted(monkeypatch)
    assert guarded.get(f"/clubs/{opened[-1]}").status_code == 200
    assert counted == []
    assert guarded.get(f"/clubs/{opened[0]}").status_code == 200  # gone: read again
    assert counted == [1]


def test_the_games_kept_over_the_clubs_are_bounded_too(app, client):
    small = create_app(
        {
            "TESTING": True,
            "DATABASE": app.config["DATABASE"],
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "CLUB_GAMES_KEPT": 30,
        }
    )
    one = small.test_client()
    ids = [_club(one, small, name=f"Club {n}", games=12) for n in range(4)]
    for club_id in ids:
        assert one.get(f"/clubs/{club_id}").status_code == 200
    assert views.kept_count() == 2  # 13 each (its games and itself): two fit in 30


def test_a_roster_is_read_from_its_text_once_not_on_every_page(app, client, monkeypatch):
    from scorepad.store import clubs

    club_id = _club(client, app)
    rev = client.get(f"/clubs/{club_id}")
    assert rev.status_code == 200
    read: list[int] = []
    reader = clubs.read

    def counted(text):
        read.append(text)
        return reader(text)

    monkeypatch.setattr(clubs, "read", counted)
    for _ in range(3):
        assert client.get(f"/clubs/{club_id}").status_code == 200
    assert read == []  # the same roster text: read once, before
    with app.app_context():
        view = views.club_view(get_db(), club_id)
    r = client.post(
        f"/clubs/{club_id}/rename",
        data={"player": view.members[0].anchor, "name": "Renamed", "revision": view.club.revision},
    )
    assert r.status_code == 302
    assert client.get(f"/clubs/{club_id}").status_code == 200
    assert len(read) == 1, read  # a new roster: its text read once
