"""SQL statements per request: a save of tricks (POST) and a game page (GET), counted
with sqlite3's trace callback on the request's connection, in one run.

Plays 5 hands of a game through the app's test client on a real SQLite file, then
counts the statements of the 6th hand's tricks POST and of the game page GET after
it (the median of 5 games), and of the baseline: one row written in one transaction.

    .venv/bin/python bench/statements.py
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import scorepad.web.db  # noqa: E402
from scorepad import create_app  # noqa: E402
from scorepad.store.db import connect  # noqa: E402
from tests.helpers import new_game_form  # noqa: E402

PLAYERS = ("Alice", "Ben", "Cara", "Dev")
seen: list[str] = []


def traced(path: str, **kwargs: object):  # type: ignore[no-untyped-def]
    """The app's connect, with every statement it runs recorded."""
    db = connect(path, **kwargs)  # type: ignore[arg-type]
    db.conn.set_trace_callback(seen.append)
    return db


def version(page: str) -> str:
    found = re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page)
    assert found, "no version on the page"
    return found.group(1)


def count(call: Callable[[], object]) -> tuple[int, list[str]]:
    seen.clear()
    call()
    return len(seen), list(seen)


def one_game(folder: Path, n: int) -> tuple[int, int, list[str], list[str]]:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(folder / f"g{n}.db"),
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
        }
    )
    client = app.test_client()
    form = new_game_form(PLAYERS)
    game = client.post("/games/new", data=form).headers["Location"].rsplit("/", 1)[-1]
    post = get = 0
    post_sql: list[str] = []
    get_sql: list[str] = []
    for number in range(1, 7):
        bids = {"number": str(number), "version": "0"}
        bids.update({f"bid_{s}": "3" for s in range(4)})
        assert client.post(f"/games/{game}/bids", data=bids).status_code == 302
        tricks = {"number": str(number), "version": version(client.get(f"/games/{game}").text)}
        tricks.update({f"tricks_{s}": t for s, t in enumerate(("4", "3", "3", "3"))})
        post, post_sql = count(lambda d=tricks: client.post(f"/games/{game}/tricks", data=d))
        get, get_sql = count(lambda: client.get(f"/games/{game}"))
    return post, get, post_sql, get_sql


def baseline(folder: Path) -> int:
    """One row written in one transaction, as the app opens its connection."""
    seen.clear()
    db = traced(str(folder / "base.db"))
    db.execute("create table t (n integer)")
    seen.clear()
    db.execute("BEGIN IMMEDIATE")
    db.execute("insert into t values (1)")
    db.execute("COMMIT")
    db.close()
    return len(seen)


def main() -> None:
    scorepad.web.db.connect = traced  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as tmp:
        results = [one_game(Path(tmp), n) for n in range(5)]
        base = baseline(Path(tmp))
    post = statistics.median(r[0] for r in results)
    get = statistics.median(r[1] for r in results)
    print(f"baseline, one row in one transaction: {base} statements")
    print(f"POST tricks of hand 6: {post:g} statements ({post / base:.1f}x baseline)")
    print(f"GET game page after it: {get:g} statements ({get / base:.1f}x baseline)")
    if "-v" in sys.argv:
        print("POST:", *results[-1][2], sep="\n  ")
        print("GET:", *results[-1][3], sep="\n  ")


if __name__ == "__main__":
    main()
