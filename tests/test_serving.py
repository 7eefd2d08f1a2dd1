"""waitress as scorepad runs it (scorepad/serving.py): serve freezes what the app made at
start."""

from __future__ import annotations


def test_serve_puts_what_the_app_made_at_start_out_of_the_collectors_sight(monkeypatch):
    import gc

    from scorepad import serving

    ran = []

    class Server:
        def print_listen(self, text: str) -> None:
            pass

        def run(self) -> None:
            ran.append(gc.get_freeze_count())

    monkeypatch.setattr(serving, "create_server", lambda app, **options: Server())
    gc.unfreeze()
    try:
        serving.serve(object(), host="127.0.0.1", port=0)  # type: ignore[arg-type]
    finally:
        gc.unfreeze()
    assert ran and ran[0] > 1000
