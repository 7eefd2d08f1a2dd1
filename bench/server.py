"""scorepad and a baseline route in one waitress server, for bench/pages.py.

The baseline is the least a Flask route that stores something can do: open a
SQLite connection, insert one row, commit, redirect; /write with SQLite's
synchronous=NORMAL, /write-full with FULL as scorepad uses, to show its cost.
scorepad is mounted at /, the baseline at /baseline, both in the same process, on
the same threads.

    python bench/server.py DATABASE_FOLDER PORT

bench/caches.py alone sets SCOREPAD_BENCH_WITHOUT (a cache's name: the server runs
without it) and SCOREPAD_BENCH_CSRF=1 (CSRF on, as phones have it).
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from flask import Flask, redirect, request
from werkzeug.middleware.dispatcher import DispatcherMiddleware

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorepad import create_app  # noqa: E402
from scorepad.serving.listening import waitress_options  # noqa: E402
from scorepad.serving.server import serve  # noqa: E402


def baseline_app(path: str) -> Flask:
    app = Flask("baseline")
    conn = sqlite3.connect(path)
    conn.execute("pragma journal_mode=wal")
    conn.execute("create table if not exists rows (id integer primary key, value text)")
    conn.commit()
    conn.close()

    @app.post("/write")
    @app.post("/write-full", endpoint="write_full")
    def write():  # type: ignore[no-untyped-def]
        db = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            # /write-full as scorepad writes (synchronous=FULL), to show what it costs
            full = request.path.endswith("-full")
            db.execute(f"pragma synchronous={'full' if full else 'normal'}")
            db.execute("begin immediate")
            db.execute("insert into rows (value) values (?)", ["x"])
            db.execute("commit")
        finally:
            db.close()
        return redirect("/baseline/done")

    @app.get("/cpu")
    def cpu():  # type: ignore[no-untyped-def]
        return f"{time.process_time():.6f}", 200, {"Content-Type": "text/plain"}

    return app


def main() -> None:
    folder, port = Path(sys.argv[1]), int(sys.argv[2])
    without = os.environ.get("SCOREPAD_BENCH_WITHOUT")
    if without:
        from bench import caches

        caches.off(without).__enter__()  # for the server's whole life
    scorepad = create_app(
        {
            "DATABASE": str(folder / "scorepad.db"),
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": os.environ.get("SCOREPAD_BENCH_CSRF") == "1",
            "PUBLIC_URL": f"http://127.0.0.1:{port}",  # as `serve` does
        }
    )
    app = DispatcherMiddleware(scorepad, {"/baseline": baseline_app(str(folder / "base.db"))})
    serve(  # as `flask serve` does
        app, host="127.0.0.1", port=port, threads=8, ident="bench", **waitress_options(scorepad)
    )


if __name__ == "__main__":
    main()
