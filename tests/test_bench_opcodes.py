"""bench/opcodes.py: a whole hand's Python instructions, counted, are the same from run
to run to within 0.01% (unlike its time on a shared machine), so a change of 1% shows.
Not exactly the same: once in many runs a step differed by 16 instructions in 283,000
(objects hashed by their address, and the collector, vary between processes)."""

from __future__ import annotations

import pytest

from bench.opcodes import ROOT, STEPS, counts


def test_a_hand_s_python_work_is_counted_the_same_each_time():
    first, again = counts(ROOT, 1, "en"), counts(ROOT, 1, "en")
    assert set(first["steps"]) == set(STEPS) == set(again["steps"])
    assert all(n > 10_000 for n in first["steps"].values())
    for step, n in first["steps"].items():
        assert again["steps"][step] == pytest.approx(n, rel=1e-4), step
    assert again["calls"] == pytest.approx(first["calls"], rel=1e-4)
