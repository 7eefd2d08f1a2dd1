"""The biggest event file an import allows, timed: does it hold a server thread under 1 s?

Builds event files at the limits (docs/events.md "The event file"), as scorepad exports
them: nights of 30 tables (60 pairs) of 30, 12 and 2 rounds, every game with as many
hands as the limits allow (5,000 hands in all, 500 a game), and one night of two long
games; then imports each through the app's test client on a real SQLite file (the whole
request: the upload read, the file checked and scored, the games and the event written
in one transaction). Prints the size, the games and hands, and the request's time (the
median and the worst of `--runs`).

    .venv/bin/python bench/event_import.py [--runs 3]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad import create_app  # noqa: E402
from scorepad.core import limits  # noqa: E402
from scorepad.core.event import MAX_TABLES  # noqa: E402
from scorepad.core.game import MAX_HANDS  # noqa: E402
from scorepad.files import event as eventfile  # noqa: E402

# Both sides set, then both made: the totals drift slowly, no game ends.
HANDS = [((4, 4, 4, 4), (7, 6)), ((3, 3, 3, 3), (7, 6))]


def _game(players: list[str], hands: int) -> dict:
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": players,
        "rules": {"target": 1000},
        "tricks_by": "side",
        "hands": [
            {"bids": list(bids), "tricks": [None] * 4, "side_tricks": list(sides)}
            for bids, sides in (HANDS[n % 2] for n in range(hands))
        ],
    }


def night(rounds: int, tables: int, hands: int) -> dict:
    """A night of `rounds` done rounds of `tables` tables, `hands` hands a game."""
    pairs = [[f"North {i}", f"South {i}"] for i in range(1, 2 * tables + 1)]
    matches = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            first, second = 2 * t - 1, 2 * t
            seats = [pairs[first - 1][0], pairs[second - 1][0]]
            seats += [pairs[first - 1][1], pairs[second - 1][1]]
            matches.append(
                {"round": r, "number": t, "sides": [[first], [second]], "game": _game(seats, hands)}
            )
    return {
        "scorepad_event": 1,
        "settings": {"name": "Biggest night", "format": "swiss", "rounds": rounds},
        "rules": {"target": 1000},
        "entrants": [{"id": i, "players": p} for i, p in enumerate(pairs, 1)],
        "rounds": [
            {"number": r, "kind": "round", "status": "done", "byes": []}
            for r in range(1, rounds + 1)
        ],
        "matches": matches,
    }


def biggest(rounds: int, tables: int) -> bytes:
    """The night with the most hands a game the import takes (5,000 in all, at most a
    game's MAX_HANDS), as scorepad's own export writes it (indented, every game's score
    with it): the file a director brings back."""
    hands = min(MAX_HANDS, limits.NIGHT_HANDS // (rounds * tables))
    read = eventfile.read(night(rounds, tables, hands))
    doc = eventfile.export(read.settings, read.rules, read.entrants, read.rounds, read.matches)
    body = eventfile.dumps(doc).encode()
    assert len(body) <= eventfile.MAX_BYTES, len(body)
    return body


def timed(body: bytes, runs: int) -> list[float]:
    """The import request's time, `runs` times, each on a fresh database."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            app = create_app(
                {
                    "TESTING": True,
                    "DATABASE": f"{folder}/bench.db",
                    "SECRET_KEY": "bench",
                    "WTF_CSRF_ENABLED": False,
                }
            )
            client = app.test_client()
            client.get("/events/import")  # the database made and migrated first
            data = {"file": (io.BytesIO(body), "night.json")}
            began = time.perf_counter()
            response = client.post("/events/import", data=data, content_type="multipart/form-data")
            times.append(time.perf_counter() - began)
            assert response.status_code == 302, response.get_data(as_text=True)[-500:]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    shapes = {
        "30 rounds x 30 tables": biggest(30, MAX_TABLES),
        "12 rounds x 30 tables": biggest(12, MAX_TABLES),
        "2 rounds x 30 tables": biggest(2, MAX_TABLES),
        "1 round x 2 tables": biggest(1, 2),
    }
    for name, body in shapes.items():
        doc = json.loads(body)
        games = len(doc["matches"])
        hands = sum(len(m["game"]["hands"]) for m in doc["matches"])
        times = timed(body, args.runs)
        print(
            f"{name}: {len(body) / 1024:.0f} KB, {games} games, {hands} hands: import "
            f"median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
