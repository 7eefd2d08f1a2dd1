"""Phones that open a club at once just after its roster changed (issue 39), in process.

Builds a club of --games one-hand games (bench/club_scale.py's build), reads it once (the
kept state), then, --rounds times: renames a player (a roster change: the club is read
and rated again), and lets --viewers threads open the members' page at the same moment
while one more thread opens an unrelated page (the new-game page) every 50 ms. Prints
how many times the club was read whole, the viewers' slowest answer and the unrelated
page's slowest answer, each round.

    .venv/bin/python bench/stale_club.py [--games 7000] [--viewers 8] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.club_scale import build  # noqa: E402
from scorepad import create_app  # noqa: E402
from scorepad.core import club as roster  # noqa: E402
from scorepad.store import club_view as views  # noqa: E402
from scorepad.store.club_commands.clubs import change_roster  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from scorepad.web.db import get_db  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=7000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--viewers", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    path = os.path.join(tempfile.mkdtemp(prefix="scorepad-stale-"), "scorepad.db")
    migrate(path)
    app = create_app(
        {"TESTING": True, "DATABASE": path, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )
    club_id, took = build(app, args.players, args.games, 1000)
    with app.app_context():
        view = views.club_view(get_db(), club_id)
        assert view is not None
        members = f"/clubs/m/{view.club.members_token}"
        anchor = view.members[0].anchor
    print(f"club of {args.games:,} games built in {took:.1f} s; {args.viewers} viewers at once")
    reads = [0]
    build_view = views._build

    def counted(*a, **k):
        reads[0] += 1
        return build_view(*a, **k)

    views._build = counted  # type: ignore[assignment]
    for number in range(args.rounds):
        rename(app, club_id, anchor, f"Renamed {number}")
        reads[0] = 0
        slowest, other = at_once(app, members, args.viewers)
        print(
            f"  round {number + 1}: club read {reads[0]} times; viewers' slowest "
            f"{max(slowest):6.2f} s; unrelated page's slowest {max(other):6.2f} s"
        )


def rename(app, club_id: str, anchor: str, name: str) -> None:
    """A roster change: the club's kept state is stale, and its ratings to work out anew."""
    with app.app_context():
        db = get_db()
        club = views.club_view(db, club_id)
        assert club is not None
        met = set(club.met)
        change_roster(
            db, club_id, club.club.revision, "rename", lambda r: roster.rename(r, met, anchor, name)
        )


def at_once(app, members: str, viewers: int) -> tuple[list[float], list[float]]:
    """`viewers` threads open the members' page at once while another opens the new-game
    page every 50 ms: each viewer's time, and each of the other page's times."""
    slowest: list[float] = []
    other: list[float] = []
    done = threading.Event()

    def viewer() -> None:
        began = time.perf_counter()
        assert app.test_client().get(members).status_code == 200
        slowest.append(time.perf_counter() - began)

    def unrelated() -> None:
        client = app.test_client()
        while not done.is_set():
            began = time.perf_counter()
            assert client.get("/games/new").status_code == 200
            other.append(time.perf_counter() - began)
            done.wait(0.05)

    side = threading.Thread(target=unrelated)
    side.start()
    threads = [threading.Thread(target=viewer) for _ in range(viewers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    side.join()
    return slowest, other


if __name__ == "__main__":
    main()
