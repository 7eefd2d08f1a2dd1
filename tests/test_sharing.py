"""Results to share: the scoreboard image read back pixel by pixel, the text recap, and
the names files are downloaded under."""

from __future__ import annotations

import struct
import zlib

import pytest

from scorepad.core.names import latin
from scorepad.web.share_image import CELL, GLYPHS, MARGIN, ROWS, WIDTH, Line, draw, plain
from scorepad.web.sharing import stem_of
from tests.helpers import play, start, text

READ = {rows: char for char, rows in GLYPHS.items()}


def decode(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of palette indexes of an 8-bit indexed PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", (0, 0)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
            assert body[8:10] == b"\x08\x03"  # 8 bits, indexed colour
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height = size
    raw = zlib.decompress(idat)
    rows = [raw[y * (width + 1) : (y + 1) * (width + 1)] for y in range(height)]
    assert all(row[0] == 0 for row in rows)  # no filter: the pixels as they are
    return width, height, [row[1:] for row in rows]


def read_text(rows: list[bytes]) -> list[str]:
    """Read the image back: find each band of ink, its scale from its height, then each
    5x7 cell from the left margin, matched against the font."""
    inked = [any(row) for row in rows]
    lines, y = [], 0
    while y < len(rows):
        if not inked[y]:
            y += 1
            continue
        end = y
        while end < len(rows) and inked[end]:
            end += 1
        top, scale = y, 0
        for candidate in range(1, 9):  # a glyph's first or last row may be blank
            if (end - top) <= ROWS * candidate and (end - top) > (ROWS - 3) * candidate:
                scale = candidate
                break
        lines.append(_read_band(rows, top, end, scale))
        y = end
    return lines


def _read_band(rows: list[bytes], top: int, end: int, scale: int) -> str:
    best = ""
    for shift in range(0, ROWS * scale - (end - top) + 1, scale):  # blank rows at the top
        y0, chars = top - shift, []
        for x in range(MARGIN, WIDTH - MARGIN - 5 * scale + 1, CELL * scale):
            cell = tuple(
                sum(16 >> c for c in range(5) if _dot(rows, y0 + r * scale, x + c * scale))
                for r in range(ROWS)
            )
            chars.append(READ.get(cell, "\x00"))
        found = "".join(chars).rstrip()
        if "\x00" not in found and len(found) >= len(best):
            best = found
    return best


def _dot(rows: list[bytes], y: int, x: int) -> bool:
    return 0 <= y < len(rows) and bool(rows[y][x])


def test_the_font_reads_back_every_glyph():
    width, height, rows = decode(draw([Line("".join(GLYPHS), 1), Line("0123456789", 5)]))
    assert width == WIDTH and height == 2 * MARGIN + 11 * 1 + 11 * 5
    assert read_text(rows) == ["".join(GLYPHS).replace("  ", " ").rstrip(), "0123456789"]


@pytest.mark.parametrize(
    ("written", "drawn"),
    [
        ("Zoë & Ana", "ZOE & ANA"),
        ("\u2212120", "-120"),
        ("李", "?"),
        ("a·b", "A-B"),
        ("Łukasz & Søren", "LUKASZ & SOREN"),
        ("Straße", "STRASSE"),
    ],
)
def test_text_is_drawn_in_letters_the_font_has(written, drawn):
    assert plain(written) == drawn


def test_the_result_image_of_a_finished_game_says_its_numbers(client):
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])  # 71 to 150: Ben & Dev win
    response = client.get(f"/games/{game_id}/result.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert len(response.data) < 8000
    width, height, rows = decode(response.data)
    assert (width, height) == (600, 2 * MARGIN + 11 * (2 + 3 + 3 + 5 + 3 + 5 + 2))
    assert read_text(rows) == [
        "SPADES - SCOREPAD",
        "BEN & DEV WIN 150 TO 71",
        "ALICE & CARA",
        "71, 1 BAG",
        "BEN & DEV (WON)",
        "150, 0 BAGS",
        "1 HAND, TO 100",
    ]
    page = text(client.get(f"/games/{game_id}"))
    assert (
        'data-text="Ben &amp; Dev win 150 to 71 after 1 hand."'
        in client.get(f"/games/{game_id}").text
    )
    assert "Share result" in page


def test_a_long_name_is_never_cut(client):
    long = "Z" * 40
    game_id = start(client, player_0=long)
    rows = decode(client.get(f"/games/{game_id}/result.png").data)[2]
    drawn = read_text(rows)
    assert not any(".." in row for row in drawn), drawn
    assert " ".join(drawn[2:4]) == "Z" * 40 + " & CARA"  # shrunk to fit, then wrapped


@pytest.mark.parametrize(
    ("lang", "headline"),
    [
        ("es", "GANARON ANDRES & INAKI 150 A 71"),
        ("en", "ANDRÉS & IÑAKI WIN 150 TO 71"),
    ],
)
def test_a_headline_wraps_onto_more_rows_and_is_never_cut(client, lang, headline):
    game_id = start(
        client, players=("Lucía", "Andrés", "Begoña", "Iñaki"), target="custom", custom_target="100"
    )
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])  # 71 to 150: Andrés & Iñaki
    png = client.get(f"/games/{game_id}/result.png", headers={"Accept-Language": lang}).data
    drawn = read_text(decode(png)[2])
    assert not any(".." in row for row in drawn), drawn
    assert all(len(row) <= (WIDTH - 2 * MARGIN) // CELL for row in drawn)
    wrapped = " ".join(drawn)
    assert headline.replace("É", "E").replace("Ñ", "N") in wrapped.replace("É", "E").replace(
        "Ñ", "N"
    ), drawn


@pytest.mark.parametrize("scale", [1, 2, 3, 5])
def test_any_line_is_drawn_whole_at_any_scale(scale):
    words = "GANARON LUCIA & BEGONA 1234 A -56 " * 3 + "X" * 120
    drawn = read_text(decode(draw([Line(words, scale)]))[2])
    assert "".join(drawn).replace(" ", "") == words.replace(" ", "")


def test_files_are_named_by_players_and_day(client):
    game_id = start(client, player_0="Zoë", player_2="Ana María")
    exported = client.get(f"/games/{game_id}/export.json")
    disposition = exported.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="scorepad-zoe-ben-ana-maria-dev-20')
    assert disposition.endswith('.json"')


@pytest.mark.parametrize(
    ("words", "stem"),
    [
        ("Łukasz-Zoë-Øyvind-Straße", "scorepad-lukasz-zoe-oyvind-strasse-2026-12-01"),
        ("李-Ana", "scorepad-ana-2026-12-01"),
    ],
)
def test_a_file_is_named_in_plain_latin_letters(words, stem):
    assert stem_of(words, "2026-12-01") == stem


def test_a_name_in_plain_latin_letters_is_the_cores():
    """The font's and a file's spelling alike (core/names.latin): accents dropped, the
    letters Unicode does not split spelt out, other scripts as they are."""
    assert latin("Łódź Æsir Straße Zoë 李") == "Lodz AEsir Strasse Zoe 李"
