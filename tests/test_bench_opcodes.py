"""bench/opcodes.py: a whole hand's Python instructions, counted, are the same from run
to run (unlike its time on a shared machine), so a change of 1% shows."""

from __future__ import annotations

from bench.opcodes import ROOT, STEPS, counts


def test_a_hand_s_python_work_is_counted_the_same_each_time():
    first, again = counts(ROOT, 1, "en"), counts(ROOT, 1, "en")
    assert set(first["steps"]) == set(STEPS)
    assert all(n > 10_000 for n in first["steps"].values())
    assert first == again
