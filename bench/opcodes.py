"""A whole hand's Python work, counted: the bytecode instructions scorepad and its
libraries run for each of a hand's four requests, this tree against another checkout.

Timings on a shared machine move by 10% from run to run; an instruction count does not
move at all, so a change of 1% shows. It counts only Python (SQLite, the C parts of the
libraries and the network are left out): `bench/guard.py` measures the server's CPU
through waitress, this says where a change went. Each tree runs in a process of its own,
with this checkout's Python and libraries, the tree first on the path; each plays fresh
games (CSRF off, in process, a real SQLite file), hands 1-10 after one warm-up game.

    .venv/bin/python bench/opcodes.py --against /path/to/checkout [--lang es]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("save bids", "show the game", "save tricks", "show the game again")

# Run in the child, the tree first on its path: plays the games and counts.
CHILD = r"""
import json, sys, tempfile
from pathlib import Path
from scorepad import create_app
from tests.helpers import bid_form, new_game_form, tricks_form

HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]
STEPS = %(steps)r
app = create_app({"DATABASE": str(Path(tempfile.mkdtemp()) / "scorepad.db"),
                  "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
client = app.test_client()
client.set_cookie("lang", %(lang)r)
counted = {step: 0 for step in STEPS}
calls = [0]

def count(step):
    def local(frame, event, arg):
        if event == "opcode":
            counted[step] += 1
        return local
    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        calls[0] += 1
        return local
    return tracer

def play(keep):
    made = client.post("/games/new", data=new_game_form())
    path = made.headers["Location"]
    for number in range(1, 11):
        bids, tricks = HANDS[number %% 2]
        asks = (
            (client.post, path + "/bids", bid_form(number, bids)),
            (client.get, path, None),
            (client.post, path + "/tricks", tricks_form(number, 2 * number - 1, tricks)),
            (client.get, path, None),
        )
        for step, (send, url, data) in zip(STEPS, asks):
            if keep:
                sys.settrace(count(step))
            answer = send(url, data=data)
            sys.settrace(None)
            assert answer.status_code < 400, (step, answer.status_code)

play(False)
for _ in range(%(games)d):
    play(True)
hands = 10 * %(games)d
print(json.dumps({"steps": {s: n / hands for s, n in counted.items()}, "calls": calls[0] / hands}))
"""


def counts(tree: Path, games: int, lang: str) -> dict:
    """One tree's instructions a hand, each step's and the calls, in a process of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_CORE")}  # no coverage
    env["PYTHONPATH"] = str(tree)
    # One hash seed for every count: with strings hashed at random, a set's order, and so
    # how far a loop over it runs, changed a hand by a few instructions from run to run.
    env["PYTHONHASHSEED"] = "0"
    code = CHILD % {"steps": STEPS, "games": games, "lang": lang}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the baseline checkout")
    parser.add_argument("--games", type=int, default=1, help="games of 10 hands counted")
    parser.add_argument("--lang", default="en", help="the language the phone asks for")
    args = parser.parse_args()
    old, new = (
        counts(args.against.resolve(), args.games, args.lang),
        counts(ROOT, args.games, args.lang),
    )
    print(f"Python instructions a hand, hands 1-10, phone asking for {args.lang!r}:")
    print(f"  {'':22s} {'old':>9s} {'new':>9s} {'new/old':>8s}")
    for step in STEPS:
        a, b = old["steps"][step], new["steps"][step]
        print(f"  {step:22s} {a:9.0f} {b:9.0f} {b / a:8.3f}")
    a, b = sum(old["steps"].values()), sum(new["steps"].values())
    print(f"  {'whole hand':22s} {a:9.0f} {b:9.0f} {b / a:8.3f}")
    a, b = old["calls"], new["calls"]
    print(f"  {'Python calls':22s} {a:9.0f} {b:9.0f} {b / a:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
