"""A game's hands as a CSV table that opens cleanly in a spreadsheet."""

from __future__ import annotations

import csv
import io
import re

from tests.helpers import (
    HAND_1,
    bid_form,
    play,
    played_game,
    start,
)


def test_csv_of_the_hands_opens_cleanly_in_a_spreadsheet(client, app):
    game_id = start(client, players=("=HYPERLINK(1)", "Ben", "+Cara", "Dev"))
    play(client, game_id, 1, *HAND_1)
    play(client, game_id, 2, [3, 3, 3, 4], [2, 3, 3, 5])  # side 0 set: -60
    client.post(f"/games/{game_id}/bids", data=bid_form(3, [3, 3, 3, 4]))
    assert 'hands.csv"' in client.get(f"/games/{game_id}/history").text
    r = client.get(f"/games/{game_id}/hands.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert re.fullmatch(
        r'attachment; filename="scorepad-hyperlink-1-ben-cara-dev-\d{4}-\d\d-\d\d-hands\.csv"',
        r.headers["Content-Disposition"],
    )
    raw = r.data
    assert raw.startswith(b"\xef\xbb\xbf") and raw.count(b"\r\n") == 4
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert rows[0][:4] == ["Hand", "Dealer", "'=HYPERLINK(1) bid", "'=HYPERLINK(1) tricks"]
    assert rows[0][-1] == "Note" and "'=HYPERLINK(1) & +Cara points" in rows[0]
    head = rows[0]
    assert rows[1][:10] == ["1", "'=HYPERLINK(1)", "4", "5", "5", "5", "3", "3", "nil", "0"]
    side0 = head.index("'=HYPERLINK(1) & +Cara points")
    side1 = head.index("Ben & Dev points")
    assert rows[1][side0 : side0 + 3] == ["71", "71", "1"]
    assert rows[1][side1 : side1 + 3] == ["150", "150", "0"]
    assert rows[2][side0 : side0 + 3] == ["-60", "11", "1"]  # a number, not "'-60"
    assert rows[3][0] == "3" and rows[3][3] == "" and rows[3][side0] == ""


def test_csv_guards_notes_and_keeps_numbers(client, app):
    from scorepad.web.csv_export import cell

    assert [cell(v) for v in (-100, 0, "-1 for a renege", "@x", "\tx", "ok", None)] == [
        -100,
        0,
        "'-1 for a renege",
        "'@x",
        "'\tx",
        "ok",
        "",
    ]
    game_id = played_game(client)
    client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "-30", "adjust_1": "30", "note": "=cmd renege"},
    )
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(f"/games/{game_id}/hands.csv").data.decode("utf-8-sig"), newline=""
            )
        )
    )
    assert rows[1][-1] == "'=cmd renege"


def test_the_headings_speak_the_phone_s_language_and_the_cells_stay_as_they_are(client):
    game_id = played_game(client)

    def rows(language: str) -> list[list[str]]:
        client.set_cookie("lang", language)
        body = client.get(f"/games/{game_id}/hands.csv").data.decode("utf-8-sig")
        return list(csv.reader(io.StringIO(body, newline="")))

    english, spanish = rows("en"), rows("es")
    assert english[0][:4] == ["Hand", "Dealer", "Alice bid", "Alice tricks"]
    assert spanish[0][:4] == ["Mano", "Repartidor", "Apuesta de Alice", "Bazas de Alice"]
    assert spanish[0][-1] == "Nota" and "Total de Alice & Cara" in spanish[0]
    assert len(spanish[0]) == len(english[0]) and spanish[1:] == english[1:]
