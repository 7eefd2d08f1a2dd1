"""The ratings (scorepad/core/ratings.py) on simulated clubs whose true skills are known,
and their cost.

For each club (tests/ratings_club.py: 10 players, 200 partnership games, the stronger
side winning with probability 1 / (1 + e^(-k * skill difference))), prints:
  * Spearman's rank correlation of the final ratings with the true skills (the test's
    fixed seed 29 first);
  * the Brier score (mean squared error) and log loss of each game's chance of side 0,
    worked out before it, against a plain win-percentage forecast and the true chances;
  * the same for openskill's other models and for PlackettLuce with its default beta,
    rated by openskill directly on the same games: why the core's model and beta.
Then times rating --games games (5,000 by default) and 20,000 (the issue's club) of a
club of 200, with the core and with the code before it was made faster
(tests/ratings_reference.py), in processor seconds, the least of --repeat runs; then
with the partnerships rated too; and the ratings command's document of them.

    .venv/bin/python bench/ratings.py [--seeds 20] [--games 5000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from openskill.models import (  # noqa: E402
    BradleyTerryFull,
    PlackettLuce,
    ThurstoneMostellerFull,
)

from scorepad.core import ratings as core  # noqa: E402
from scorepad.files.ratings import document  # noqa: E402
from tests import ratings_reference as reference  # noqa: E402
from tests.ratings_club import (  # noqa: E402
    Played,
    brier,
    club,
    rated,
    spearman,
    win_share_forecast,
)


def log_loss(forecast: Sequence[float], played: Sequence[Played]) -> float:
    """The mean negative log likelihood of the results under the forecasts of side 0."""
    return -statistics.fmean(
        math.log(p if winner == 0 else 1 - p) for p, (_, winner, _) in zip(forecast, played)
    )


def ours(played: Sequence[Played]) -> tuple[list[float], dict[str, float]]:
    """The core's chances of side 0 before each game, and each player's final mu."""
    done = core.rate(rated(sides, winner) for sides, winner, _ in played)
    return [g.chances[0] for g in done.games], {p.name: p.skill.mu for p in done.players}


def plain(make: Callable[[], object]) -> Callable[[Sequence[Played]], tuple[list, dict]]:
    """The same games rated by an openskill model directly."""

    def run(played: Sequence[Played]) -> tuple[list[float], dict[str, float]]:
        model = make()
        book: dict[str, object] = {}
        forecast = []
        for sides, winner, _ in played:
            teams = [[book.get(p) or model.rating() for p in side] for side in sides]  # type: ignore[attr-defined]
            forecast.append(model.predict_win(teams)[0])  # type: ignore[attr-defined]
            new = model.rate(teams, ranks=[0, 1] if winner == 0 else [1, 0])  # type: ignore[attr-defined]
            for side, team in zip(sides, new):
                book.update(zip(side, team))
        return forecast, {p: r.mu for p, r in book.items()}  # type: ignore[attr-defined]

    return run


MODELS = {
    "scorepad (PlackettLuce, beta 16.7)": ours,
    "PlackettLuce, default beta 4.2": plain(PlackettLuce),
    "BradleyTerryFull, beta 16.7": plain(lambda: BradleyTerryFull(beta=core.BETA)),
    "ThurstoneMostellerFull, beta 16.7": plain(lambda: ThurstoneMostellerFull(beta=core.BETA)),
}


def compare(seeds: int, k: float) -> None:
    """Each model's figures over `seeds` clubs of skill weight k."""
    clubs = [club(seed, k=k) for seed in range(29, 29 + seeds)]
    base = [win_share_forecast(played) for _, played in clubs]
    truth = [[t for _, _, t in played] for _, played in clubs]
    print(f"\nk = {k}: {seeds} clubs of 10 players and 200 games (mean over clubs)")
    for name, forecast in (("win percentage", base), ("the true chances", truth)):
        pairs = list(zip(forecast, (p for _, p in clubs)))
        print(
            f"  {name:36} Brier {statistics.fmean(brier(f, p) for f, p in pairs):.4f}"
            f"  log loss {statistics.fmean(log_loss(f, p) for f, p in pairs):.4f}"
        )
    for name, run in MODELS.items():
        results = [run(played) for _, played in clubs]
        rho = [
            spearman([skill[n] for n in sorted(skill)], [mus[n] for n in sorted(skill)])
            for (skill, _), (_, mus) in zip(clubs, results)
        ]
        scores = [brier(f, p) for (f, _), (_, p) in zip(results, clubs)]
        losses = [log_loss(f, p) for (f, _), (_, p) in zip(results, clubs)]
        print(
            f"  {name:36} Brier {statistics.fmean(scores):.4f}  log loss "
            f"{statistics.fmean(losses):.4f}  Spearman {statistics.fmean(rho):.3f} "
            f"(seed 29: {rho[0]:.3f}, lowest {min(rho):.3f})"
        )


def best(run: Callable[[], object], repeat: int) -> float:
    """The least processor time of `repeat` runs (the least disturbed by other work)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def timed(count: int, repeat: int) -> None:
    """Rate `count` games of a 200-player club, with the core and with the code before it
    was made faster (tests/ratings_reference.py), then build the command's document."""
    _, played = club(7, players=200, games=count)
    games = [rated(sides, winner) for sides, winner, _ in played]
    now = best(lambda: core.rate(games, pairs=False), repeat)
    old_games = [reference.Rated(g.sides, g.places, g.winner) for g in games]
    then = best(lambda: reference.rate(old_games), repeat)
    both = best(lambda: core.rate(games), repeat)
    done = core.rate(games)
    start = time.process_time()
    document(done)
    print(
        f"rating {count:,} games: {now:.2f} s ({1e6 * now / count:.0f} us a game); before: "
        f"{then:.2f} s ({1e6 * then / count:.0f} us a game), {then / now:.1f}x; with the "
        f"partnerships: {both:.2f} s; the document: {time.process_time() - start:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs, the least kept")
    args = parser.parse_args()
    skill, played = club(29)
    _, mus = ours(played)
    names = sorted(skill)
    rho = spearman([skill[n] for n in names], [mus[n] for n in names])
    print(f"the test's club (seed 29, 10 players, 200 games): Spearman {rho:.3f}")
    for k in (0.5, 1.0, 2.0):
        compare(args.seeds, k)
    print()
    timed(args.games, args.repeat)
    timed(20_000, args.repeat)


if __name__ == "__main__":
    main()
