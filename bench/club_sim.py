"""A simulated club of known skills filed through the club's own import form (CSRF on),
as a manager files it (tests/club_sim.py: partnership games, club nights of four pairs,
one game in five a cutthroat table of four), and what scorepad then shows of it:

  * Spearman's rank correlation of the ratings with the true skills, per seed;
  * the chances shown beside each game (before it), in bands, against how often those
    sides won: partnership (two sides) and cutthroat (four) apart;
  * the club file exported and imported on a second server: the ratings CSV the same,
    to the digit;
  * the time of the manager's page, a card and a night's results, cold and warm (ms).

    .venv/bin/python bench/club_sim.py [--seeds 10] [--games 300] [--players 16]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad import create_app  # noqa: E402
from scorepad.store.club_view import club_view, forget_all  # noqa: E402
from scorepad.store.clubs import club_events  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from scorepad.store.events import load_event  # noqa: E402
from scorepad.web.db import get_db  # noqa: E402
from tests.club_sim import bring, import_club, new_club, simulate  # noqa: E402
from tests.ratings_club import spearman  # noqa: E402


def _app(folder: Path, name: str):  # type: ignore[no-untyped-def]
    path = folder / name
    migrate(str(path))
    config = {"DATABASE": str(path), "SECRET_KEY": "bench", "TESTING": True}
    return create_app({**config, "IMPORTS_PER_HOUR": 0, "IMPORTED_GAMES_PER_HOUR": 0})


def _ms(client, path: str) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    assert client.get(path).status_code == 200, path
    return round((time.perf_counter() - start) * 1000, 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=16)
    args = parser.parse_args()
    bands: dict[int, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    rhos, same = [], []
    for seed in range(args.seeds):
        folder = Path(tempfile.mkdtemp())
        app = _app(folder, "club.db")
        client = app.test_client()
        club = new_club(client)
        skill, files = simulate(seed, args.players, args.games)
        for _, doc, _ in files:
            bring(client, club, doc)
        with app.app_context():
            view = club_view(get_db(), club)
            assert view is not None
            mu = {p.name: p.skill.mu for p in view.ratings.players}
            names = sorted(skill)
            rhos.append(spearman([skill[n] for n in names], [mu[n.lower()] for n in names]))
            for done in view.ratings.games:
                for side, chance in enumerate(done.chances):
                    band = bands[len(done.chances)][min(int(chance * 10), 9)]
                    band += [chance, float(done.game.places[side] == 1)]
            night = load_event(get_db(), club_events(get_db(), club)[-1])
        ratings = client.get(f"/clubs/{club}/ratings.csv").get_data()
        other = _app(folder, "copy.db").test_client()
        copy = import_club(other, client.get(f"/clubs/{club}/club.json").get_data())
        same.append(other.get(f"/clubs/{copy}/ratings.csv").get_data() == ratings)
        if seed == 0 and night is not None:
            forget_all()
            times = {
                "manager's page": [_ms(client, f"/clubs/{club}") for _ in range(3)],
                "night's results": [
                    _ms(client, f"/events/screen/{night.view_token}/results") for _ in range(3)
                ],
            }
    print(f"rank correlation per seed: {[round(r, 3) for r in rhos]}")
    print(f"  mean {statistics.mean(rhos):.3f}, least {min(rhos):.3f}")
    for sides, found in sorted(bands.items()):
        print(f"chances shown at tables of {sides} sides: band, sides, mean shown, won")
        for band, values in sorted(found.items()):
            shown, won = values[0::2], values[1::2]
            print(f"  {band / 10:.1f}-{(band + 1) / 10:.1f} {len(shown):5d}", end=" ")
            print(f"{statistics.mean(shown):.3f} {statistics.mean(won):.3f}")
    print(f"club file restored with the same ratings CSV: {sum(same)} of {len(same)}")
    for what, ms in times.items():
        print(f"{what}: cold then warm, ms: {ms}")


if __name__ == "__main__":
    main()
