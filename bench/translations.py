"""The cost of translations (issue 31): saving a hand and drawing the game page with
Spanish on, against the same tree in English, in one run.

In-process requests through Flask's test client, on a fresh SQLite file; each round
plays --hands hands of a new game for each language (the two taking turns, each first
in every other round, so both see the same machine), every hand a bids POST, the game
page, a tricks POST, the game page (each page drawn anew: the game took a new revision).
Prints the median time of a saved hand (both POSTs) and of a game page for each
language, and the ratios Spanish/English; exits 1 if a ratio is above --limit (1.05:
issue 31 allows 5%).

    .venv/bin/python bench/translations.py [--rounds 7] [--hands 10] [--limit 1.05]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad import create_app  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from tests import pseudo  # noqa: E402
from tests.helpers import bid_form, new_game_form, tricks_form, version_on_page  # noqa: E402

BIDS, TRICKS = (4, 3, 3, 3), (4, 3, 3, 3)


def _round(client, hands: int) -> tuple[list[float], list[float]]:
    """Seconds of each saved hand (bids and tricks) and of each game page drawn."""
    answer = client.post("/games/new", data=new_game_form())
    game = answer.headers["Location"].rsplit("/", 1)[-1]
    saves, pages = [], []
    for number in range(1, hands + 1):
        start = time.perf_counter()
        client.post(f"/games/{game}/bids", data=bid_form(number, BIDS))
        saved = time.perf_counter() - start
        version = version_on_page(client, game)  # the page, drawn: timed below instead
        start = time.perf_counter()
        client.post(f"/games/{game}/tricks", data=tricks_form(number, version, TRICKS))
        saves.append(saved + time.perf_counter() - start)
        start = time.perf_counter()
        page = client.get(f"/games/{game}")
        pages.append(time.perf_counter() - start)
        assert page.status_code == 200
    return saves, pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--limit", type=float, default=1.05)
    args = parser.parse_args()
    pseudo.compile_shipped()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    migrate(str(folder / "scorepad.db"))
    app = create_app(
        {"DATABASE": str(folder / "scorepad.db"), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )
    phones = {code: app.test_client() for code in ("en", "es")}
    for code, phone in phones.items():
        phone.set_cookie("lang", code)
        _round(phone, 2)  # warm: templates compiled, catalogue loaded
    times: dict[str, tuple[list[float], list[float]]] = {code: ([], []) for code in phones}
    for turn in range(args.rounds):
        order = ("en", "es") if turn % 2 == 0 else ("es", "en")  # neither always first
        for code in order:
            saves, pages = _round(phones[code], args.hands)
            times[code][0].extend(saves)
            times[code][1].extend(pages)
    failed = False
    for index, what in enumerate(("save a hand", "game page")):
        en, es = (statistics.median(times[code][index]) * 1000 for code in ("en", "es"))
        ratio = es / en
        failed |= ratio > args.limit
        print(f"{what:12}  English {en:7.2f} ms  Spanish {es:7.2f} ms  ratio {ratio:.3f}")
    print(f"limit {args.limit}: {'over' if failed else 'within'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
