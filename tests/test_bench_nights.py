"""Issue 26, item 6: the long nights bench/club.py --against measures are
nights the import takes. Its rotation once sat an entrant at two tables of a round,
which the import now refuses (finding 11), so the bench stopped at its first build."""

from __future__ import annotations

import pytest

from bench.night import MAX_HANDS, TABLES, night_doc
from scorepad.core import limits
from scorepad.files import event as eventfile


@pytest.mark.parametrize(("rounds", "done"), [(12, 0), (12, 11), (12, 12), (30, 29)])
def test_the_bench_s_nights_are_nights_the_import_takes(rounds, done):
    read = eventfile.read(night_doc(rounds, done, "Bench"))
    playing = min(done + 1, rounds)
    matches = [m for m, _ in read.matches]
    assert len(matches) == TABLES * playing
    for number in range(1, playing + 1):
        seated = [e for m in matches if m.round == number for side in m.sides for e in side]
        assert sorted(seated) == list(range(1, 2 * TABLES + 1))  # each entrant once a round
    finished = [s for (m, _), s in zip(read.matches, read.scores) if m.round <= done]
    assert len(finished) == TABLES * done and all(s and s.over for s in finished)


def test_the_bench_holds_the_import_s_limit():
    assert MAX_HANDS == limits.NIGHT_HANDS
