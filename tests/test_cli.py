"""The `score` and `init-db` commands, through Flask's CLI runner."""

from __future__ import annotations

import io
import json
import sqlite3

from tests.data import IMPORT, long_game


def test_score_prints_the_export_document(runner, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(IMPORT))
    result = runner.invoke(args=["score", str(path)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert [s["total"] for s in doc["sides"]] == [134, 190]
    assert doc["hands"][2]["tricks"] is None


def test_score_reads_standard_input(runner):
    result = runner.invoke(args=["score", "-"], input=json.dumps(IMPORT))
    assert result.exit_code == 0
    assert json.loads(result.output)["status"] == "playing"


def test_refused_document_prints_the_message_without_traceback(runner):
    doc = dict(IMPORT, hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}])
    result = runner.invoke(args=["score", "-"], input=json.dumps(doc))
    assert result.exit_code != 0
    assert "hand 1: tricks add up to 12, expected 13" in result.output
    assert "Traceback" not in result.output


def test_malformed_json_is_refused(runner):
    result = runner.invoke(args=["score", "-"], input="{not json")
    assert result.exit_code != 0 and "not valid JSON" in result.output


def test_missing_file_is_refused(runner, tmp_path):
    result = runner.invoke(args=["score", str(tmp_path / "nope.json")])
    assert result.exit_code != 0 and "nope.json" in result.output


def test_init_db_applies_migrations(runner, app):
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0
    conn = sqlite3.connect(app.config["DATABASE"])
    tables = {row[0] for row in conn.execute("select name from sqlite_master where type='table'")}
    assert {"games", "hands", "_sqlite_migrations"} <= tables
    assert conn.execute("pragma journal_mode").fetchone()[0] == "wal"


def test_backup_while_the_app_writes(runner, app, client, tmp_path):
    import threading

    from tests.helpers import play, start

    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    stop = threading.Event()

    def keep_writing():
        number = 2
        while not stop.is_set() and number < 60:
            play(
                client, game_id, number, [3, 3, 3, 4], [3, 3, 3, 4] if number % 2 else [4, 3, 2, 4]
            )
            number += 1

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        target = tmp_path / "backup.db"
        result = runner.invoke(args=["backup", str(target)])
    finally:
        stop.set()
        writer.join()
    assert result.exit_code == 0 and "Backed up" in result.output
    copy = sqlite3.connect(target)
    assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"
    numbers = [
        row[0]
        for row in copy.execute(
            "select number from hands where game_id = ? order by number", [game_id]
        )
    ]
    assert numbers[0] == 1 and numbers == list(range(1, len(numbers) + 1))


def test_serve_prints_addresses_and_a_qr_code(runner, monkeypatch):
    from scorepad.serving import server as serving

    calls = []
    monkeypatch.setattr(serving, "serve", lambda app, **kw: calls.append(kw))
    result = runner.invoke(args=["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert calls == [
        {
            "host": "0.0.0.0",
            "port": 8123,
            "threads": 8,
            "ident": "scorepad",
            "max_request_body_size": 64 * 1024 * 1024 + 64 * 1024,  # a club file's limit
            "max_request_header_size": 32 * 1024,
            "connection_limit": 500,
            "channel_timeout": 30,
            "cleanup_interval": 5,
            "asyncore_use_poll": True,
            "send_bytes": 64 * 1024,  # head and body in one send
            "clear_untrusted_proxy_headers": True,  # no trusted proxy: X-Forwarded-* dropped
        }
    ]
    assert "Open it on a phone on the same network" in result.output
    assert ":8123/" in result.output and "▄" in result.output


def test_serve_on_a_chosen_host(runner, monkeypatch):
    from scorepad.serving import server as serving

    calls = []
    monkeypatch.setattr(serving, "serve", lambda app, **kw: calls.append(kw))
    result = runner.invoke(args=["serve", "--host", "127.0.0.1", "--port", "9001"])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:9001/" in result.output and calls[0]["host"] == "127.0.0.1"
    # no QR code a phone could not open: it is told so instead
    assert "Phones cannot open 127.0.0.1: it is only this machine." in result.output
    assert "camera" not in result.output


def test_flask_run_still_works_for_development(tmp_path):
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    from tests.live import ROOT, free_port

    port = free_port()
    env = {**os.environ, "SCOREPAD_DATABASE": str(tmp_path / "dev.db")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "scorepad", "run", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/games", timeout=1) as r:
                    assert r.status == 200 and b"scorepad" in r.read()
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("flask run did not answer")
    finally:
        proc.terminate()
        proc.wait(10)


def _score(runner, doc: dict) -> dict:
    result = runner.invoke(args=["score", "-"], input=json.dumps(doc))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _doc(rules: dict, played, **extra) -> dict:
    hand = {"bids": list(played.bids), "tricks": list(played.tricks)}
    if played.blind:
        hand["blind"] = list(played.blind)
    if played.adjust is not None:
        hand["adjust"] = list(played.adjust)
        hand["note"] = played.note
    return {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Alice", "Ben", "Cara", "Dev"],
        "rules": rules,
        "hands": [hand],
        **extra,
    }


def test_score_prints_every_worked_example_of_the_new_rules(runner):
    from tests.data import WORKED

    for case, rules, played, side0, side1, winner in WORKED:
        doc = _score(runner, _doc(rules, played))
        got = [(s["points"], s["bags"]) for s in doc["hands"][0]["sides"]]
        assert got == [side0, side1], case
        assert doc["winner"] == winner, case
        assert doc["status"] == ("playing" if winner is None else "finished"), case


def test_score_prints_the_documented_import_exactly(runner):
    from tests.data import DOCUMENTED

    doc = _score(runner, DOCUMENTED)
    assert [(s["name"], s["total"], s["bags"]) for s in doc["sides"]] == [
        ("Alice & Cara", 134, 4),
        ("Ben & Dev", 190, 0),
    ]
    assert doc["hands"][2] == {
        "number": 3,
        "dealer": 2,
        "bids": [2, 4, "blind_nil", 6],
        "tricks": None,
    }


def test_score_prints_a_draw_and_the_new_keys(runner):
    from tests.data import FULL

    doc = _score(runner, FULL)
    assert (doc["status"], doc["winner"], doc["ended"]) == ("finished", 0, True)
    assert doc["sides"][0]["name"] == "The Sharks" and doc["start"] == FULL["start"]
    draw = dict(
        IMPORT,
        ended=True,
        hands=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "adjust": [0, 1], "note": "tie"}],
    )
    doc = _score(runner, draw)
    assert (doc["status"], doc["winner"]) == ("finished", None)
    assert [s["total"] for s in doc["sides"]] == [61, 61]


def test_score_refuses_the_new_keys_clearly(runner):
    for doc, message in [
        (dict(IMPORT, ended=True), "ended: hand 3 was bid but not played"),
        (
            dict(IMPORT, rules={"set_out": 2}, mode="cutthroat"),
            "rules.set_out: is played in partnership games only",
        ),
        (
            dict(IMPORT, players=["Alice", "Ben", "ALICE", "Dev"]),
            "players: seats 0 and 2 have the same name",
        ),
    ]:
        result = runner.invoke(args=["score", "-"], input=json.dumps(doc))
        assert result.exit_code != 0 and message in result.output, result.output
        assert "Traceback" not in result.output
    result = runner.invoke(
        args=["score", "-"], input='{"format": "scorepad/1", "format": "scorepad/1"}'
    )
    assert result.exit_code != 0 and "the key 'format' appears twice" in result.output


def test_backup_of_a_missing_database_is_refused(tmp_path):
    from scorepad import create_app

    app = create_app({"DATABASE": str(tmp_path / "nothing.db"), "SECRET_KEY": "k"})
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copy.db")])
    assert result.exit_code != 0 and "there is no database at" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "nothing.db").exists() and not (tmp_path / "copy.db").exists()


def test_backup_into_a_missing_folder_is_refused(runner, client, tmp_path):
    from tests.helpers import start

    start(client)
    target = tmp_path / "no" / "such" / "folder" / "copy.db"
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code != 0 and "there is no folder" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not target.parent.exists()


def test_lan_addresses_come_from_ifaddr(monkeypatch):
    import ifaddr

    from scorepad import cli

    def adapter(*ips):
        return ifaddr.Adapter("x", "x", [ifaddr.IP(ip, 24, "x") for ip in ips])

    monkeypatch.setattr(
        ifaddr,
        "get_adapters",
        lambda: [
            adapter("127.0.0.1"),
            adapter("192.168.1.20", ("fe80::1", 0, 0)),
            adapter("169.254.3.4"),
            adapter("10.0.0.7", "192.168.1.20"),
        ],
    )
    assert cli.lan_addresses() == ["192.168.1.20", "10.0.0.7"]


def test_waitress_refuses_a_huge_body_at_once(app):
    """A real waitress with scorepad's limits answers 413 before the body is sent."""
    import socket
    import threading
    import time

    from scorepad.serving.listening import waitress_options
    from scorepad.serving.server import create_server

    server = create_server(app, host="127.0.0.1", port=0, threads=2, **waitress_options(app))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for head in (
            f"Content-Length: {300 * 1024 * 1024}\r\n",
            "Transfer-Encoding: chunked\r\n",
            "Cookie: " + "x" * 40_000 + "\r\n",
        ):
            started = time.monotonic()
            with socket.create_connection(("127.0.0.1", server.effective_port), 5) as sock:
                sock.settimeout(5)
                sock.sendall(
                    (
                        "POST /games/import HTTP/1.1\r\nHost: x\r\n"
                        f"Content-Type: application/octet-stream\r\n{head}\r\n"
                    ).encode()
                )
                answer = b""
                try:
                    chunk = b"1000000\r\n" + b"x" * 0x1000000 + b"\r\n"
                    if "chunked" in head or "Length" in head:
                        for _ in range(8):  # at most 128 MB: waitress stops us first
                            sock.sendall(chunk if "chunked" in head else b"x" * 0x1000000)
                except OSError:
                    pass  # the server closed the connection: the body was refused
                try:
                    while b"\r\n" not in answer:
                        data = sock.recv(4096)
                        if not data:
                            break
                        answer += data
                except OSError:
                    pass
            elapsed = time.monotonic() - started
            status = answer.split(b"\r\n", 1)[0]
            assert b" 413 " in status or b" 431 " in status or b" 400 " in status, (
                head[:30],
                answer[:200],
            )
            assert elapsed < 5, (head[:30], elapsed)
    finally:
        server.close()


def test_waitress_sends_an_answer_whole(app):
    """Head and body of an answer go out in one send (SEND_BYTES): a waitress that no
    longer takes the setting refuses the options instead of quietly sending twice."""
    from scorepad.serving.listening import SEND_BYTES, waitress_options
    from scorepad.serving.server import create_server

    server = create_server(app, host="127.0.0.1", port=0, threads=1, **waitress_options(app))
    try:
        assert server.adj.send_bytes == SEND_BYTES
    finally:
        server.close()
    # The biggest pages of a 40-hand game, their heads included, uncompressed too, fit
    # in one send.
    client = app.test_client()
    sent = {"game_file": (io.BytesIO(json.dumps(long_game(40)).encode()), "game.json")}
    game_id = client.post("/games/import", data=sent).headers["Location"].rsplit("/", 1)[-1]
    for path in ("", "/history", "/sheet"):
        page = client.get(f"/games/{game_id}{path}", headers={"Accept-Encoding": "identity"})
        head = sum(len(k) + len(v) + 4 for k, v in page.headers.items())
        assert page.status_code == 200 and len(page.data) + head < SEND_BYTES, path


def test_score_prints_a_league_game_with_a_first_hand_that_bids_itself(runner):
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Alice", "Ben", "Cara", "Dev"],
        "rules": {"first_hand": "bids_itself", "min_table_bid": 11, "tie_break": "last_bid"},
        "hands": [
            {"bids": None, "tricks": [4, 3, 3, 3], "renege": [1]},
            {"bids": [3, 3, 3, 2], "tricks": [3, 4, 3, 3]},
        ],
    }
    out = _score(runner, doc)
    assert out["hands"][0]["bids"] is None
    assert [s["points"] for s in out["hands"][0]["sides"]] == [100, 30]
    assert [(s["total"], s["bags"]) for s in out["sides"]] == [(160, 0), (82, 2)]
    assert out["rules"]["first_hand"] == "bids_itself"


def test_score_refuses_a_table_bid_under_the_minimum_with_both_numbers(runner):
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Alice", "Ben", "Cara", "Dev"],
        "rules": {"min_table_bid": 11},
        "hands": [{"bids": [3, 2, 3, 2], "tricks": [3, 4, 3, 3]}],
    }
    result = runner.invoke(args=["score", "-"], input=json.dumps(doc))
    assert result.exit_code != 0
    assert "hand 1: bids: the table bid 10; this game needs at least 11" in result.output
