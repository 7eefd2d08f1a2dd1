"""A phone's first load: the bytes of a page with its stylesheet and script (gzip, as
tests/helpers.py's page_weight counts them) and the requests a first visit to a game
makes, service worker's own included, counted on the server (Chromium at
/usr/bin/chromium through Playwright; skipped without it).

    .venv/bin/python bench/first_load.py [--against ../main-tree]

With --against TREE (a git worktree of older code) the same is measured in that tree,
in a process of its own, and printed beside this tree's numbers.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
COLD_LOAD = ROOT / "tests" / "browser" / "test_cold_load.py"


def page_bytes() -> dict[str, int]:
    """The first load of the pages a phone opens most, in bytes over the wire (gzip)."""
    from scorepad import create_app
    from tests.helpers import page_weight
    from tests.test_delivery import imported

    folder = tempfile.mkdtemp()
    app = create_app({"DATABASE": f"{folder}/bench.db", "SECRET_KEY": "bench"})
    client = app.test_client()
    ten, forty = imported(app, client, 10), imported(app, client, 40)
    paths = {
        "game page, 10 hands": f"/games/{ten}",
        "game page, 40 hands": f"/games/{forty}",
        "history, 40 hands": f"/games/{forty}/history",
        "new game": "/games/new",
        "games": "/games",
    }
    return {name: page_weight(client, path) for name, path in paths.items()}


def cold_load_requests() -> list[str] | None:
    """What reaches the server on a first visit to a game, until its worker runs it (the
    count of this tree's tests/browser/test_cold_load.py, whichever tree's app it runs)."""
    if not os.path.exists(CHROMIUM):
        return None
    from playwright.sync_api import sync_playwright

    from tests.browser.helpers import CHROMIUM_ARGS, close_game
    from tests.browser.server import Restartable

    spec = importlib.util.spec_from_file_location("cold", COLD_LOAD)
    assert spec and spec.loader
    cold = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cold)
    server = Restartable(f"{tempfile.mkdtemp()}/bench.db").start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                return cold.cold_load(browser, server, f"/games/{close_game(server)}")
            finally:
                browser.close()
    finally:
        server.stop()


def measure() -> dict:
    return {"bytes": page_bytes(), "requests": cold_load_requests()}


def measured_in(tree: Path) -> dict:
    """This bench run on another tree's code (its scorepad and tests), read back as JSON."""
    out = subprocess.run(
        [sys.executable, __file__, "--json"],
        cwd=tree,
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(tree), os.environ.get("PYTHONPATH", "")]),
        },
        capture_output=True,
        text=True,
    )
    if out.returncode:
        sys.exit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(numbers: dict[str, dict]) -> None:
    names = list(numbers)
    print(f"  {'gzip bytes, page + CSS + JS':32s}" + "".join(f"{n:>12s}" for n in names))
    for page in numbers[names[0]]["bytes"]:
        row = "".join(f"{numbers[n]['bytes'].get(page, 0):12d}" for n in names)
        print(f"  {page:32s}{row}")
    for name in names:
        seen = numbers[name]["requests"]
        if seen is None:
            print(f"  requests on a first visit ({name}): skipped (needs {CHROMIUM})")
        else:
            shown = ", ".join(re.sub(r"/games/[^/ ]+", "/games/<id>", s) for s in seen)
            print(f"  requests on a first visit ({name}): {len(seen)}: {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="a worktree of older code")
    parser.add_argument("--json", action="store_true", help="the numbers as JSON, alone")
    args = parser.parse_args()
    if args.json:  # the tree to measure is on PYTHONPATH (measured_in)
        print(json.dumps(measure()))
        return
    sys.path.insert(0, str(ROOT))
    numbers = {}
    if args.against:
        numbers["old"] = measured_in(args.against.resolve())
    numbers["this tree"] = measure()
    show(numbers)


if __name__ == "__main__":
    main()
