"""A big club's pages, saves and re-rating against issue 29's goals, in one run.

Builds a club of 200 players and 20,000 short finished partnership games (one hand each,
tests/ratings_club.py) in a fresh SQLite file, brought in by the club import
(store.club_commands.transfer.import_club) in batches, and prints the build time. Then,
in process with Flask's test client (no server: each figure is the app's own time):

1. the manager's page, the members' page (the ratings) and a player's card: the first
   (cold, the club read and rated from nothing) and p50/p90 of the warm ones;
2. a hand saved (bids then tricks, two POSTs) in a game started in the club against the
   same hand in a game of no club, alternately, p50 of each and the difference; the game
   page after each save (a club game's page shows each side's chance from the ratings);
   and the members' page first after a club hand (the club's mark moved: re-read);
3. the full re-rating: the club view with nothing kept in memory (the least of --repeat), against
   the same with the garbage collector left on (store/collector.py), with each game's
   rules checked again (store/rows.py's cache) and with each game scored again rather
   than its row's `rated` read (store/storage.py), and the core's `rate` alone on the
   club's 20,000 rated games;
4. no GET writes: `PRAGMA data_version` of another connection and the database files'
   sizes and times, before and after a round of every page.

Every figure is printed with its goal beside it. `--profile NAME` (cold, page, card,
members, after-hand, game-page) prints cProfile's top functions of that case.

    .venv/bin/python bench/club_scale.py [--players 200] [--games 20000] [--reps 30] [--repeat 2]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import ms  # noqa: E402
from scorepad import create_app  # noqa: E402
from scorepad.core.club import EMPTY  # noqa: E402
from scorepad.core.ratings import finished, rate  # noqa: E402
from scorepad.core.rules import validate_rules  # noqa: E402
from scorepad.files import game as gamefile
from scorepad.store import club_view as views  # noqa: E402
from scorepad.store import rows, storage  # noqa: E402
from scorepad.store.club_commands.transfer import import_club  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from scorepad.web.db import get_db  # noqa: E402
from tests.helpers import bid_form, new_game_form, tricks_form  # noqa: E402
from tests.ratings_club import club, game_file  # noqa: E402

# A hand that keeps a target-500 game going: made (61 to 60), then both sides set.
HANDS = [((3, 3, 3, 3), (3, 3, 4, 3)), ((4, 4, 4, 4), (3, 3, 4, 3))]
HANDS_A_GAME = 10


def build(app, players: int, games: int, batch: int) -> tuple[str, float]:
    """The club brought in, `batch` games a transaction: its manager id, seconds taken."""
    _, played = club(29, players=players, games=games)
    files = [gamefile.read_scored(game_file(sides, winner)) for sides, winner, _ in played]
    began = time.perf_counter()
    with app.app_context():
        db = get_db()
        club_id = import_club(db, "Big Spades", EMPTY, files[:batch], [])
        for start in range(batch, len(files), batch):
            import_club(db, "", EMPTY, files[start : start + batch], [], into=club_id)
    return club_id, time.perf_counter() - began


def timed(send: Callable[[], object]) -> float:
    began = time.perf_counter()
    send()
    return time.perf_counter() - began


def get(client, path: str) -> Callable[[], None]:
    def send() -> None:
        r = client.get(path)
        assert r.status_code == 200, (path, r.status_code)

    return send


def pages(client, club_id: str) -> dict[str, str]:
    """The three club pages' paths: the manager's, the members', one player's card."""
    with client.application.app_context():
        view = views.club_view(get_db(), club_id)
    assert view is not None
    best = view.ratings.ranked()[len(view.ratings.players) // 2]
    token = view.club.card_token(best.name)
    members = f"/clubs/m/{view.club.members_token}"
    return {"manager": f"/clubs/{club_id}", "members": members, "card": f"{members}/card/{token}"}


def line(name: str, times: list[float], goal: str = "") -> None:
    print(f"  {name:44s} p50 {ms(times, 50):8.1f} ms  p90 {ms(times, 90):8.1f} ms  {goal}")


def measure_pages(client, paths: dict[str, str], reps: int) -> None:
    goals = {"members": "(goal: p50 < 100 ms)", "card": "(goal: p50 < 50 ms)", "manager": ""}
    views.forget_all()
    for name, path in paths.items():
        first = timed(get(client, path))
        print(f"  {name + ' page, first (club read cold)':44s} {first * 1000:8.1f} ms")
        views.forget_all()
    for name in paths:
        get(client, paths[name])()
    for name, path in paths.items():
        line(f"{name} page, warm", [timed(get(client, path)) for _ in range(reps)], goals[name])


class Table:
    """A game started on the client (in `club_id`, or in no club), hand after hand."""

    def __init__(self, client, club_id: str | None) -> None:
        self.client, self.club_id, self.number, self.game_id = client, club_id, 0, ""

    def hand(self) -> float:
        """Save the next hand (bids, tricks): its seconds; a new game every 10 hands."""
        if self.number % HANDS_A_GAME == 0:
            extra = {"club": self.club_id} if self.club_id else {}
            r = self.client.post("/games/new", data=new_game_form(**extra))
            assert r.status_code == 302, r.get_data(as_text=True)
            self.game_id, self.number = r.headers["Location"].rsplit("/", 1)[-1], 0
        self.number += 1
        bids, tricks = HANDS[self.number % 2]
        game, n = f"/games/{self.game_id}", self.number
        began = time.perf_counter()
        r = self.client.post(f"{game}/bids", data=bid_form(n, bids))
        assert r.status_code == 302, r.get_data(as_text=True)
        r = self.client.post(f"{game}/tricks", data=tricks_form(n, 2 * n - 1, tricks))
        assert r.status_code == 302, r.get_data(as_text=True)
        return time.perf_counter() - began

    def page(self) -> float:
        return timed(get(self.client, f"/games/{self.game_id}"))


def measure_hands(client, club_id: str, members: str, reps: int) -> None:
    in_club, no_club = Table(client, club_id), Table(client, None)
    saves: dict[str, list[float]] = {"club": [], "none": []}
    shown: dict[str, list[float]] = {"club": [], "none": []}
    after: list[float] = []
    for _ in range(reps):
        saves["none"].append(no_club.hand())
        shown["none"].append(no_club.page())
        saves["club"].append(in_club.hand())
        after.append(timed(get(client, members)))
        in_club.hand()
        shown["club"].append(in_club.page())
    line("hand saved, game of no club", saves["none"])
    line("hand saved, club game", saves["club"])
    gap = ms(saves["club"], 50) - ms(saves["none"], 50)
    print(f"  {'  club minus no club, p50':44s} {gap:8.2f} ms  (goal: at most 2 ms)")
    line("game page after a save, game of no club", shown["none"])
    line("game page after a save, club game", shown["club"])
    gap = ms(shown["club"], 50) - ms(shown["none"], 50)
    print(f"  {'  club minus no club, p50':44s} {gap:8.2f} ms")
    line("members page, first after a club hand", after, "(re-read: the mark moved)")


def cold_read(app, club_id: str, repeat: int) -> float:
    """The least seconds of `repeat` reads of the club from nothing (club_view): neither
    the club's view nor any of its games kept in memory, as after a restart."""
    times = []
    for _ in range(repeat):
        with app.app_context():
            views.forget_all()
            storage.forget_all()
            began = time.perf_counter()
            assert views.club_view(get_db(), club_id) is not None
            times.append(time.perf_counter() - began)
    return min(times)


@contextmanager
def patched(module, name: str, value) -> Iterator[None]:
    """`module.name` replaced by `value` inside the block: the code before a change."""
    kept = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, kept)


def measure_rerating(app, club_id: str, repeat: int) -> None:
    whole = cold_read(app, club_id, repeat)
    with patched(views, "collector_held", nullcontext):
        collecting = cold_read(app, club_id, repeat)
    with patched(rows, "rules_of", lambda text, mode: validate_rules(json.loads(text), mode)):
        each_game = cold_read(app, club_id, repeat)
    with patched(storage.StoredGame, "rated", lambda stored: finished(stored.score())):
        scoring = cold_read(app, club_id, repeat)
    with app.app_context():
        view = views.club_view(get_db(), club_id)
        assert view is not None
        games = [g.game for g in view.ratings.games]
        began = time.perf_counter()
        rate(games)
        core = time.perf_counter() - began
    print(f"  {'full re-rating: club_view after forget_all':44s} {whole:8.2f} s   (goal: < 10 s)")
    for name, base in (
        ("the collector not held off", collecting),
        ("rules checked once a game, not a text", each_game),
        ("each game scored, not read from its row", scoring),
    ):
        print(f"  {'  ' + name:44s} {base:8.2f} s   (ours / this: {whole / base:.2f})")
    print(f"  {f'  core rate() alone, {len(games)} games':44s} {core:8.2f} s")


def fingerprint(path: str) -> tuple:
    files = [p for p in (path, path + "-wal") if os.path.exists(p)]
    return tuple((os.path.getsize(p), os.stat(p).st_mtime_ns) for p in files)


def check_no_get_writes(client, path: str, paths: dict[str, str]) -> bool:
    watch = sqlite3.connect(path)
    version = watch.execute("pragma data_version").fetchone()[0]
    files = fingerprint(path)
    views.forget_all()
    for _ in range(2):
        for page in paths.values():
            get(client, page)()
    same = watch.execute("pragma data_version").fetchone()[0] == version
    same = same and fingerprint(path) == files
    watch.close()
    print(f"  {'GETs wrote nothing (data_version, files)':44s} {'yes' if same else 'NO':>8s}")
    return same


def profile(client, club_id: str, paths: dict[str, str], case: str) -> None:
    table = Table(client, club_id)
    table.hand()
    cases: dict[str, Callable[[], object]] = {
        "cold": lambda: (views.forget_all(), get(client, paths["members"])()),
        "page": get(client, paths["members"]),
        "card": get(client, paths["card"]),
        "members": get(client, paths["members"]),
        "manager": get(client, paths["manager"]),
        "after-hand": lambda: (table.hand(), get(client, paths["members"])()),
        "game-page": lambda: (table.hand(), table.page()),
    }
    cases[case]()
    prof = cProfile.Profile()
    prof.runcall(cases[case])
    pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--batch", type=int, default=5000, help="games a transaction")
    parser.add_argument("--reps", type=int, default=30, help="warm requests and hands")
    parser.add_argument("--repeat", type=int, default=2, help="cold reads, the least kept")
    parser.add_argument("--profile", help="profile one case instead (see the docstring)")
    args = parser.parse_args()
    path = str(Path(tempfile.mkdtemp(prefix="scorepad-club-scale-")) / "scorepad.db")
    migrate(path)
    app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
    club_id, took = build(app, args.players, args.games, args.batch)
    print(f"scorepad club of {args.players} players, {args.games} games (Flask test client)")
    print(f"  {'built (import_club, batches of ' + str(args.batch) + ')':44s} {took:8.2f} s")
    client = app.test_client()
    paths = pages(client, club_id)
    get(client, paths["manager"])()  # this phone now manages the club: it may file games
    if args.profile:
        profile(client, club_id, paths, args.profile)
        return 0
    measure_pages(client, paths, args.reps)
    measure_hands(client, club_id, paths["members"], args.reps)
    measure_rerating(app, club_id, args.repeat)
    return 0 if check_no_get_writes(client, path, paths) else 1


if __name__ == "__main__":
    sys.exit(main())
