"""A long club night's cost, old tree against new in one run (`bench/club.py --against`).

Each tree runs in its own process (its `scorepad` and `tests` first on the path), on
its own SQLite file in /dev/shm, through Flask's test client (no network: the figure is
the server's own time). Each tree is filled through its own event import route with:
  * a 30-table night of 12 rounds at round 1 (round 1 playing, no hand yet),
  * the same night at its last round (rounds 1-11 done, every game finished, round 12
    playing), and a 30-table night of 30 rounds at its last round likewise,
  * 40 finished 30-table, 12-round nights for the series page (`--nights`).
Then, in alternating rounds (old first, then new first...), each tree's process is
started afresh (cold caches, as after a restart) and measures, `--requests` times each:
  * a table's whole hand (its bids POST, then its tricks POST) at round 1 and at the
    last round of the 12-round night, and at the last round of the 30-round night,
  * the big screen, its live part, the director's page, the results page and the
    results CSV of the 12-round night at its last round (and of the 30-round night),
  * `/events/series` over the 40 nights (fewer times: `--series-requests`).
Prints, for each, p50 and max in ms for old and new and new/old, with the goals of
issue 26: a save at the last round costs what it does at round 1; screen and director
under 50 ms p50; a 40-night series under 300 ms; no request over 1 s.

    .venv/bin/python bench/club.py --against ../perf-base [--rounds 2] [--requests 10]
"""

from __future__ import annotations

import io
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
TABLES = 30
# A done game: side 0 (or 1) bids 7 and takes 7, the other 6 and 6: 8 hands to 500.
DONE_HANDS = 8
# The hands a club night may hold (scorepad.core.limits.NIGHT_HANDS; not imported here: each
# tree's process imports its own scorepad only once its tree is first on the path).
MAX_HANDS = 5000
# A hand of the measured table: 2 bid a seat, 6 and 7 tricks: 40 odd points a hand,
# the game (to 2000) never ends during a run.
HAND_BIDS = (2, 2, 2, 2)
HAND_TRICKS = (2, 4, 4, 3)  # by seat: side 0 takes 6, side 1 takes 7
SCREEN = re.compile(r'/events/screen/([\w-]+)"')
VERSION = re.compile(r'name="version" (?:type="hidden" )?value="(\d+)"')


def _players(table: int, round_number: int) -> tuple[int, int]:
    """The two entrants (1-based) of a table in a round: entrants 1 to 30 keep their
    table, 31 to 60 move on one table a round; each plays once a round, no two meet twice."""
    return table, TABLES + (table - 1 + round_number - 1) % TABLES + 1


def _done_hands(done: int) -> int:
    """The hands of each finished game: DONE_HANDS, or fewer where the night's finished
    games would pass the hands an event file may hold (30 rounds: 5 a game)."""
    return min(DONE_HANDS, MAX_HANDS // (max(done, 1) * TABLES))


def _game(first: tuple[str, str], second: tuple[str, str], winner: int | None, count: int) -> dict:
    """A table's game: `count` hands to its end (70 points a hand to the winner's 60,
    the target between them), or, with no winner, none yet and a target of 2000."""
    hands, target = [], 2000
    if winner is not None:  # side 0: seats 0 and 2; every bid made exactly
        bids = [4, 3, 3, 3] if winner == 0 else [3, 4, 3, 3]
        hands = [{"bids": bids, "tricks": bids}] * count
        target = 500 if count == DONE_HANDS else 65 * count
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": [first[0], second[0], first[1], second[1]],
        "rules": {"target": target},
        "hands": hands,
    }


def night_doc(rounds: int, done: int, name: str) -> dict:
    """An event file: 30 tables, `rounds` rounds, the first `done` done (each game
    finished), the next one playing with fresh games (none if every round is done)."""
    names = {i: (f"Ann{i}", f"Bo{i}") for i in range(1, 2 * TABLES + 1)}  # a club's regulars
    shown = range(1, min(done + 1, rounds) + 1)
    count = _done_hands(done)
    matches = []
    for number in shown:
        for table in range(1, TABLES + 1):
            a, b = _players(table, number)
            winner = (table + number) % 2 if number <= done else None
            matches.append(
                {
                    "round": number,
                    "number": table,
                    "sides": [[a], [b]],
                    "last_hand": None,
                    "game": _game(names[a], names[b], winner, count),
                }
            )
    return {
        "scorepad_event": 1,
        "settings": {
            "name": name,
            "date": "2026-12-01",
            "format": "round_robin",
            "rounds": rounds,
            "round_minutes": 0,
            "order": ["wins", "diff", "points", "bags"],
            "bye_counts": "win",
            "on_time_tie": "play_on",
            "playoff": 0,
            "final_target": 0,
        },
        "rules": {"target": 300},
        "entrants": [{"id": i, "players": list(p)} for i, p in names.items()],
        "rounds": [
            {
                "number": n,
                "kind": "round",
                "status": "done" if n <= done else "playing",
                "byes": [],
                "started_at": 1_000_000.0 + n,
                "called_at": None,
            }
            for n in shown
        ],
        "matches": matches,
    }


# --- inside one tree's process -------------------------------------------------------


def _app(folder: Path):  # type: ignore[no-untyped-def]
    from scorepad import create_app

    return create_app(
        {"DATABASE": str(folder / "scorepad.db"), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )


def _import(client, doc: dict) -> dict:  # type: ignore[no-untyped-def]
    """Import a night through the route; its director id, screen token and games."""
    body = {"file": (io.BytesIO(json.dumps(doc).encode()), "night.json")}
    answer = client.post("/events/import", data=body, content_type="multipart/form-data")
    assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
    event_id = answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    screen = SCREEN.search(page).group(1)  # type: ignore[union-attr]
    number = max(r["number"] for r in doc["rounds"])
    tents = client.get(f"/events/{event_id}/rounds/{number}/tables").get_data(as_text=True)
    tables = re.findall(r'href="/events/table/([\w-]+)"', tents)
    return {"id": event_id, "screen": screen, "tables": list(dict.fromkeys(tables))}


def build(folder: Path, nights: int) -> None:
    """Fill this tree's database; what was made goes to folder/made.json."""
    client = _app(folder).test_client()
    made = {
        "first12": _import(client, night_doc(12, 0, "First twelve")),
        "last12": _import(client, night_doc(12, 11, "Last twelve")),
        "last30": _import(client, night_doc(30, 29, "Last thirty")),
        "series": [
            _import(client, night_doc(12, 12, f"Night {n}"))["screen"] for n in range(nights)
        ],
    }
    (folder / "made.json").write_text(json.dumps(made))


def _timed(times: list[float], send) -> object:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    answer = send()
    times.append(time.perf_counter() - started)
    return answer


def _hands(client, game_id: str, count: int) -> list[float]:  # type: ignore[no-untyped-def]
    """`count` whole hands at one table: each its bids and its tricks, timed together."""
    from tests.helpers import bid_form, tricks_form

    client.get(f"/events/table/{game_id}")
    times: list[float] = []
    for _ in range(count):
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        number = int(re.search(r'name="number" (?:type="hidden" )?value="(\d+)"', page).group(1))
        took: list[float] = []
        bids = bid_form(number, HAND_BIDS)
        answer = _timed(took, lambda: client.post(f"/games/{game_id}/bids", data=bids))  # noqa: B023
        assert answer.status_code == 302, answer.status_code  # type: ignore[attr-defined]
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        version = int(VERSION.search(page).group(1))  # type: ignore[union-attr]
        form = tricks_form(number, version, HAND_TRICKS)
        answer = _timed(took, lambda: client.post(f"/games/{game_id}/tricks", data=form))  # noqa: B023
        assert answer.status_code == 302, answer.status_code  # type: ignore[attr-defined]
        times.append(sum(took))
    return times


def _gets(client, path: str, count: int) -> list[float]:  # type: ignore[no-untyped-def]
    times: list[float] = []
    for _ in range(count):
        answer = _timed(times, lambda: client.get(path))
        assert answer.status_code == 200, (path, answer.status_code)  # type: ignore[attr-defined]
    return times


def measure(folder: Path, requests: int, series_requests: int) -> dict[str, list[float]]:
    """Every case once, in a fresh process: each case's request times in seconds."""
    made = json.loads((folder / "made.json").read_text())
    client = _app(folder).test_client()
    out: dict[str, list[float]] = {}
    # the table played is a different one each round of the bench: a game of few hands
    turn = len(list(folder.glob("turn-*")))
    (folder / f"turn-{turn}").touch()
    for key in ("first12", "last12", "last30"):
        game = made[key]["tables"][turn % TABLES]
        out[f"hand {key}"] = _hands(client, game, requests)
    for key in ("last12", "last30"):
        night = made[key]
        screen = f"/events/screen/{night['screen']}"
        out[f"screen {key}"] = _gets(client, screen, requests)
        out[f"live {key}"] = _gets(client, f"{screen}/live", requests)
        out[f"director {key}"] = _gets(client, f"/events/{night['id']}", requests)
        out[f"results {key}"] = _gets(client, f"{screen}/results", requests)
        out[f"csv {key}"] = _gets(client, f"{screen}/results.csv", requests)
    query = "&".join(f"night={token}" for token in made["series"])
    out["series fill"], out["series"] = _series(client, f"/events/series?{query}", series_requests)
    return out


def _series(client, path: str, count: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """The series page asked until every night is counted (a page that says it is still
    counting asks to be reloaded: a Refresh header), then `count` times more."""
    filling: list[float] = []
    while True:
        answer = _timed(filling, lambda: client.get(path))
        assert answer.status_code == 200, answer.status_code  # type: ignore[attr-defined]
        if "Refresh" not in answer.headers or len(filling) > 200:  # type: ignore[attr-defined]
            break
    return filling, _gets(client, path, count)


def worker(argv: list[str]) -> None:
    """`night.py worker TREE FOLDER build NIGHTS` or `... measure REQUESTS SERIES`."""
    tree, folder, what = Path(argv[0]), Path(argv[1]), argv[2]
    sys.path[:0] = [str(tree)]
    import scorepad

    assert Path(scorepad.__file__).resolve().is_relative_to(tree.resolve()), scorepad.__file__
    if what == "build":
        build(folder, int(argv[3]))
    else:
        print(json.dumps(measure(folder, int(argv[3]), int(argv[4]))))


# --- the run: both trees, in turns -------------------------------------------------------


def _run(tree: Path, folder: Path, *args: object) -> str:
    command = [sys.executable, __file__, "worker", str(tree), str(folder), *map(str, args)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree, check=False)
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr[-3000:]}")
    return done.stdout


CASES = (
    ("whole hand, round 1 of 12", "hand first12"),
    ("whole hand, round 12 of 12", "hand last12"),
    ("whole hand, round 30 of 30", "hand last30"),
    ("big screen, 30 x 12", "screen last12"),
    ("big screen's live part, 30 x 12", "live last12"),
    ("director's page, 30 x 12", "director last12"),
    ("results, 30 x 12", "results last12"),
    ("results CSV, 30 x 12", "csv last12"),
    ("big screen, 30 x 30", "screen last30"),
    ("big screen's live part, 30 x 30", "live last30"),
    ("director's page, 30 x 30", "director last30"),
    ("results, 30 x 30", "results last30"),
    ("results CSV, 30 x 30", "csv last30"),
    ("series of the nights, counted", "series"),
)


def p50(values: list[float]) -> float:
    return statistics.median(values) * 1000


def against(old_tree: Path, rounds: int, requests: int, series_requests: int, nights: int) -> None:
    """Build both trees' databases, measure them in alternating rounds, print ratios."""
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    trees = {"old": old_tree.resolve(), "new": HERE}
    folders = {
        name: Path(tempfile.mkdtemp(prefix=f"scorepad-night-{name}-", dir=base)) for name in trees
    }
    for name, tree in trees.items():
        started = time.perf_counter()
        _run(tree, folders[name], "build", nights)
        print(f"  {name}: built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    times: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for turn in range(rounds):
        for name in list(trees) if turn % 2 == 0 else list(trees)[::-1]:
            found = json.loads(
                _run(trees[name], folders[name], "measure", requests, series_requests)
            )
            for key, values in found.items():
                times[name].setdefault(key, []).extend(values)
        print(f"  round {turn + 1}/{rounds} done", file=sys.stderr)
    print(
        f"old ({old_tree}) against new ({HERE}): {rounds} rounds, each in a fresh process "
        f"(its first request cold; max counts it); {requests} requests a case a round, the series "
        f"{series_requests} ({nights} nights of 30 tables x 12 rounds); Flask test client"
    )
    print(
        f"  {'':34s} {'old p50':>9s} {'new p50':>9s} {'ratio':>7s} {'old max':>9s} {'new max':>9s}"
    )
    for label, key in CASES:
        a, b = times["old"][key], times["new"][key]
        print(
            f"  {label:34s} {p50(a):9.1f} {p50(b):9.1f} {p50(b) / p50(a):7.3f} "
            f"{max(a) * 1000:9.1f} {max(b) * 1000:9.1f}"
        )
    for name in trees:
        fill = times[name]["series fill"]
        print(
            f"  {name}: the series, cold (after a start): {len(fill) / rounds:.0f} requests to "
            f"count every night, {sum(fill) / rounds:.1f} s in all, the longest "
            f"{max(fill) * 1000:.0f} ms"
        )
    new = times["new"]
    growth = p50(new["hand last30"]) / p50(new["hand first12"])
    slowest = max(max(v) for v in new.values()) * 1000  # the cold requests too
    print("  goals (new):")
    print(f"    whole hand at round 30 of 30 / at round 1: {growth:.2f} (goal about 1)")
    for key in ("screen last12", "director last12"):
        print(f"    {key}: p50 {p50(new[key]):.1f} ms (goal < 50)")
    print(f"    series of {nights} nights: p50 {p50(new['series']):.1f} ms (goal < 300)")
    print(f"    slowest request: {slowest:.0f} ms (goal < 1000)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        worker(sys.argv[2:])
