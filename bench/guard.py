"""The performance guard: this tree against another checkout, through waitress, in one run.

Both trees' own bench/server.py run side by side (bench/compare.py's machinery) and are
measured in alternating rounds: a whole hand (bids POST, game GET, tricks POST, game
GET) at hands 1-10 of fresh games and the game page of a 10-hand game. The limits,
against today's main: a whole hand's server CPU at most 15% more, the 10-hand game's
page at most 20% more (its p50, and its server CPU, each). Exits 1 past a limit.
`--lang es`: every phone asks for Spanish (Accept-Language; a tree without languages
answers in English); `--limit` puts one limit on all four (issue 40 asks for 1.10).

    .venv/bin/python bench/guard.py --against /work/main [--rounds 5] [--requests 40] \
        [--lang es] [--limit 1.10]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.compare import Server, measure_round, prepare  # noqa: E402
from tests.live import Phone  # noqa: E402

LIMITS = (  # (what, the figure's key, the most new / old may be)
    ("whole hand, hands 1-10: server CPU ms, mean", "hand start cpu", 1.15),
    ("whole hand, hands 1-10: server CPU ms, p50", "hand start cpu p50", 1.15),
    ("game page, 10-hand game: p50 ms", "page 10 p50", 1.20),
    ("game page, 10-hand game: server CPU ms, p50", "page 10 cpu p50", 1.20),
)


def speak(code: str) -> None:
    """Every phone of the run asks for the language `code` (its Accept-Language)."""
    made = Phone.__init__

    def speaking(self: Phone, *args: object, **kwargs: object) -> None:
        made(self, *args, **kwargs)  # type: ignore[arg-type]
        self.opener.addheaders.append(("Accept-Language", code))

    Phone.__init__ = speaking  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the baseline checkout")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=40, help="hands or pages a round")
    parser.add_argument("--lang", default="en", help="the language the phones ask for")
    parser.add_argument("--limit", type=float, default=None, help="one limit for all four")
    args = parser.parse_args()
    if args.lang != "en":
        speak(args.lang)
    old, new = Server("old", args.against.resolve()), Server("new", ROOT)
    servers = [old, new]
    procs = [server.start() for server in servers]
    try:
        games = {s.name: prepare(s, args.rounds, args.requests) for s in servers}
        for turn in range(args.rounds):
            for server in servers if turn % 2 == 0 else servers[::-1]:
                measure_round(server, games[server.name], args.requests, turn)
            print(f"  round {turn + 1}/{args.rounds} done", file=sys.stderr)
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)
    print(
        f"guard: {ROOT} (new) against {old.tree} (old), through waitress, "
        f"{args.rounds} alternating rounds of {args.requests}, phones asking for "
        f"{args.lang!r}; medians over the rounds"
    )
    print(f"  {'':46s} {'old':>8s} {'new':>8s} {'new/old':>8s} {'limit':>6s}")
    passed = True
    for label, key, limit in LIMITS:
        limit = args.limit or limit
        a, b = old.median(key), new.median(key)
        ok = b / a <= limit
        passed &= ok
        print(f"  {label:46s} {a:8.2f} {b:8.2f} {b / a:8.2f} {limit:6.2f} {'ok' if ok else 'OVER'}")
    print("guard: within the limits" if passed else "guard: OVER a limit")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
