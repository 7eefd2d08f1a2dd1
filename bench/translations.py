"""The cost of translations (issues 31 and 40): saving a hand and drawing the game page
with Spanish on, in English, and with no catalogue at all, in one run.

In-process requests through Flask's test client, on a fresh SQLite file; each round
plays --hands hands of a new game for each of the three (taking turns, each first in
every third round, so all see the same machine), every hand a bids POST, the game page,
a tricks POST, the game page (each page drawn anew: the game took a new revision). The
run without gettext swaps the request's catalogue for Babel's NullTranslations and its
locale for English (`catalogue.translations` and `catalogue.locale`) while its hands are
played: every string is said as written, with no locale chosen and no catalogue found.
Prints the median CPU time (the process's: fsync waits left out) of a saved hand (both
POSTs) and of a game page for each, and
Spanish and English as ratios to the run without gettext (issue 40: a translation costs
nothing) and Spanish to English (issue 31); exits 1 if a ratio is above --limit.

    .venv/bin/python bench/translations.py [--rounds 7] [--hands 10] [--limit 1.05]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

from babel.support import NullTranslations

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad import create_app  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from scorepad.web import catalogue  # noqa: E402
from tests import pseudo  # noqa: E402
from tests.helpers import bid_form, new_game_form, tricks_form, version_on_page  # noqa: E402

BIDS, TRICKS = (4, 3, 3, 3), (4, 3, 3, 3)


def _round(client, hands: int) -> tuple[list[float], list[float]]:
    """Seconds of each saved hand (bids and tricks) and of each game page drawn."""
    answer = client.post("/games/new", data=new_game_form())
    game = answer.headers["Location"].rsplit("/", 1)[-1]
    saves, pages = [], []
    for number in range(1, hands + 1):
        start = time.process_time()
        client.post(f"/games/{game}/bids", data=bid_form(number, BIDS))
        saved = time.process_time() - start
        version = version_on_page(client, game)  # the page, drawn: timed below instead
        start = time.process_time()
        client.post(f"/games/{game}/tricks", data=tricks_form(number, version, TRICKS))
        saves.append(saved + time.process_time() - start)
        start = time.process_time()
        page = client.get(f"/games/{game}")
        pages.append(time.process_time() - start)
        assert page.status_code == 200
    return saves, pages


@contextmanager
def without_gettext() -> Iterator[None]:
    """Every string said as written: no locale chosen, no catalogue found or read."""
    null = NullTranslations()
    said = {catalogue.translations: lambda: null, catalogue.locale: lambda: catalogue.ENGLISH}
    swapped = [  # the two, wherever scorepad's modules took them by name
        (module, name, found)
        for module in list(sys.modules.values())
        if getattr(module, "__name__", "").startswith("scorepad.")
        for name, found in vars(module).items()
        if any(found is each for each in said)
    ]
    for module, name, found in swapped:
        setattr(module, name, said[found])
    try:
        yield
    finally:
        for module, name, found in swapped:
            setattr(module, name, found)


RUNS = ("none", "en", "es")  # without gettext, English, Spanish


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
    phones = {code: app.test_client() for code in RUNS}
    for code, phone in phones.items():
        phone.set_cookie("lang", "en" if code == "none" else code)
        with without_gettext() if code == "none" else nullcontext():
            _round(phone, 2)  # warm: templates compiled, catalogue loaded
    times: dict[str, tuple[list[float], list[float]]] = {code: ([], []) for code in phones}
    for turn in range(args.rounds):
        order = RUNS[turn % 3 :] + RUNS[: turn % 3]  # none always first
        for code in order:
            with without_gettext() if code == "none" else nullcontext():
                saves, pages = _round(phones[code], args.hands)
            times[code][0].extend(saves)
            times[code][1].extend(pages)
    failed = False
    for index, what in enumerate(("save a hand", "game page")):
        none, en, es = (statistics.median(times[code][index]) * 1000 for code in RUNS)
        ratios = (en / none, es / none, es / en)
        failed |= max(ratios) > args.limit
        print(
            f"{what:12}  no gettext {none:6.2f} ms  English {en:6.2f} ms  Spanish {es:6.2f} ms"
            f"  English/none {ratios[0]:.3f}  Spanish/none {ratios[1]:.3f}"
            f"  Spanish/English {ratios[2]:.3f}"
        )
    print(f"limit {args.limit}: {'over' if failed else 'within'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
