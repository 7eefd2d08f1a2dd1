"""Python's cyclic garbage collector held off while a club is read whole.

Reading a club's 20,000 games makes millions of small objects (games, scores, ratings)
that hold no reference cycles and live as long as the club is kept; each collection on
the way scans all of them again, about a fifth of the read's time (bench/club_scale.py,
"club read cold, the collector held off"). Held by a count: reads at once in two threads
leave it off until both are done, and it is turned back on only if it was on before."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_held = 0
_was_on = False


@contextmanager
def collector_held() -> Iterator[None]:
    """No cyclic collection inside the block (reference counting frees as ever)."""
    global _held, _was_on
    with _lock:
        if _held == 0:
            _was_on = gc.isenabled()
            gc.disable()
        _held += 1
    try:
        yield
    finally:
        with _lock:
            _held -= 1
            if _held == 0 and _was_on:
                gc.enable()
