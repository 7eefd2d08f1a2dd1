"""Every player's card of a big club in one pass (core.card.cards): is it quick enough
to build on a page?

Makes --games random-ish scored games among --players players (seeded: the same games
every run), in memory: three in four partnership, the rest cutthroat for 2, 3 or 4;
bids near the tricks taken, some nils and blind nils; most games played to the end, some
left unfinished and some ended early. Then times, --runs times each, the median of:
  * cards: every person's card (core.card.cards), game references and nights given;
  * player_stats: the existing per-phone statistics over the same games (core.stats),
    the record alone, for scale.
Each run starts after a full garbage collection; wall and CPU time are printed.

    .venv/bin/python bench/card.py [--games 20000] [--players 200] [--runs 3]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad.core.card import cards  # noqa: E402
from scorepad.core.model import GameScore  # noqa: E402
from scorepad.core.records import Hand, Table  # noqa: E402
from scorepad.core.rules import Rules  # noqa: E402
from scorepad.core.scoring import end_early, extend, start_score  # noqa: E402
from scorepad.core.stats import player_stats  # noqa: E402

RULES = {"partnership": Rules(target=300), "cutthroat": Rules(target=200)}


def deal(rng: random.Random, seats: int, top: int) -> Hand:
    """One played hand: tricks split at random, each bid near its tricks or nil."""
    cuts = sorted(rng.randint(0, top) for _ in range(seats - 1))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, top])]
    bids: list[int | str] = []
    for taken in tricks:
        roll = rng.random()
        if taken == 0 and roll < 0.3:
            bids.append("nil" if roll < 0.25 else "blind_nil")
        else:
            bids.append(max(1, min(top, taken + rng.randint(-1, 1))))
    return Hand(tuple(bids), tuple(tricks))


def game(rng: random.Random, people: list[str]) -> GameScore:
    """One random-ish game among some of the club."""
    mode = "partnership" if rng.random() < 0.75 else "cutthroat"
    seats = 4 if mode == "partnership" else rng.choice((2, 3, 4))
    table = Table(mode, tuple(rng.sample(people, seats)))
    score = start_score(table, RULES[mode])
    stop = rng.random()
    for _ in range(rng.randint(3, 6) if stop < 0.1 else 30):
        if score.over:
            break
        score = extend(score, deal(rng, seats, table.tricks_per_hand))
    if not score.over and stop < 0.05:
        score = end_early(score)
    return score


def median_time(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median wall and CPU time of `runs` runs of `work`, in seconds, each run after a
    full collection (the garbage of making the games is not the work's)."""
    wall, cpu = [], []
    for _ in range(runs):
        gc.collect()
        began, began_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(29)
    people = [f"Player {n}" for n in range(args.players)]
    began = time.perf_counter()
    games = [game(rng, people) for _ in range(args.games)]
    made = time.perf_counter() - began
    hands = sum(score.played for score in games)
    finished = sum(score.over for score in games)
    print(f"{len(games)} games ({finished} finished), {hands} hands, made in {made:.1f} s")
    refs = [f"g{n}" for n in range(len(games))]
    nights = {"player 0": ["night 1", "night 2"]}
    built = cards(games, refs=refs, nights=nights)
    print(f"{len(built)} cards; Player 0: {built['player 0'].games} games")
    card_time = median_time(lambda: cards(games, refs=refs, nights=nights), args.runs)
    stats_time = median_time(lambda: player_stats(games), args.runs)
    print(f"medians of {args.runs} runs          wall       CPU")
    for label, (wall, cpu) in (("cards", card_time), ("player_stats", stats_time)):
        print(f"{label:<24} {wall * 1000:7.0f} ms {cpu * 1000:7.0f} ms")
    print(f"cards / player_stats: {card_time[1] / stats_time[1]:.2f} (CPU)")


if __name__ == "__main__":
    main()
