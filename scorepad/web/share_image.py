"""The final scoreboard as a small PNG to share, drawn on the server with no library.

A 5x7 bitmap font (capitals, Spanish's accented ones and ñ, digits and a few signs; a
letter it lacks is drawn plain, without its accent, or as '?')
is scaled up onto a two-colour-plus-accent canvas, written as an indexed PNG with zlib:
the image is a few kilobytes, the same on every machine, and needs no font file.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from ..core.names import latin

GLYPHS: dict[str, tuple[int, ...]] = {
    "A": (14, 17, 17, 31, 17, 17, 17), "B": (30, 17, 17, 30, 17, 17, 30),
    "C": (14, 17, 16, 16, 16, 17, 14), "D": (30, 17, 17, 17, 17, 17, 30),
    "E": (31, 16, 16, 30, 16, 16, 31), "F": (31, 16, 16, 30, 16, 16, 16),
    "G": (14, 17, 16, 23, 17, 17, 15), "H": (17, 17, 17, 31, 17, 17, 17),
    "I": (14, 4, 4, 4, 4, 4, 14), "J": (7, 2, 2, 2, 2, 18, 12),
    "K": (17, 18, 20, 24, 20, 18, 17), "L": (16, 16, 16, 16, 16, 16, 31),
    "M": (17, 27, 21, 21, 17, 17, 17), "N": (17, 17, 25, 21, 19, 17, 17),
    "O": (14, 17, 17, 17, 17, 17, 14), "P": (30, 17, 17, 30, 16, 16, 16),
    "Q": (14, 17, 17, 17, 21, 18, 13), "R": (30, 17, 17, 30, 20, 18, 17),
    "S": (15, 16, 16, 14, 1, 1, 30), "T": (31, 4, 4, 4, 4, 4, 4),
    "U": (17, 17, 17, 17, 17, 17, 14), "V": (17, 17, 17, 17, 17, 10, 4),
    "W": (17, 17, 17, 21, 21, 21, 10), "X": (17, 17, 10, 4, 10, 17, 17),
    "Y": (17, 17, 17, 10, 4, 4, 4), "Z": (31, 1, 2, 4, 8, 16, 31),
    "0": (14, 17, 19, 21, 25, 17, 14), "1": (4, 12, 4, 4, 4, 4, 14),
    "2": (14, 17, 1, 2, 4, 8, 31), "3": (31, 2, 4, 2, 1, 17, 14),
    "4": (2, 6, 10, 18, 31, 2, 2), "5": (31, 16, 30, 1, 1, 17, 14),
    "6": (6, 8, 16, 30, 17, 17, 14), "7": (31, 1, 2, 4, 8, 8, 8),
    "8": (14, 17, 17, 14, 17, 17, 14), "9": (14, 17, 17, 15, 1, 2, 12),
    " ": (0, 0, 0, 0, 0, 0, 0), "&": (12, 18, 20, 8, 21, 18, 13),
    "-": (0, 0, 0, 31, 0, 0, 0), ".": (0, 0, 0, 0, 0, 12, 12),
    ":": (0, 12, 12, 0, 12, 12, 0), "'": (4, 4, 8, 0, 0, 0, 0),
    "?": (14, 17, 1, 2, 4, 0, 4), "(": (2, 4, 8, 8, 8, 4, 2),
    ")": (8, 4, 2, 2, 2, 4, 8), "+": (0, 4, 4, 31, 4, 4, 0),
    ",": (0, 0, 0, 0, 12, 4, 8), "!": (4, 4, 4, 4, 4, 0, 4),
    "/": (1, 2, 2, 4, 8, 8, 16),
}  # fmt: skip
# Spanish's letters and signs: an accent on the top row over a letter six rows high.
_SHORT = {
    "A": (14, 17, 17, 31, 17, 17), "E": (31, 16, 30, 16, 16, 31), "I": (14, 4, 4, 4, 4, 14),
    "O": (14, 17, 17, 17, 17, 14), "U": (17, 17, 17, 17, 17, 14), "N": (17, 25, 21, 19, 17, 17),
}  # fmt: skip
_ACUTE, _DIAERESIS, _TILDE = 2, 10, 13
GLYPHS |= {accented: (mark, *_SHORT[letter]) for accented, letter, mark in (
    ("Á", "A", _ACUTE), ("É", "E", _ACUTE), ("Í", "I", _ACUTE), ("Ó", "O", _ACUTE),
    ("Ú", "U", _ACUTE), ("Ü", "U", _DIAERESIS), ("Ñ", "N", _TILDE),
)}  # fmt: skip
GLYPHS |= {"¿": (4, 0, 4, 8, 16, 17, 14), "¡": (4, 0, 4, 4, 4, 4, 4)}
CELL = 6  # a glyph is 5 columns wide, with one column of space after it
ROWS = 7
MARGIN = 24
WIDTH = 600
PALETTE = (b"\xff\xff\xff", b"\x1b\x1d\x1f", b"\x0b\x5d\x3b")  # paper, ink, accent
PAPER, INK, ACCENT = range(3)


@dataclass(frozen=True)
class Line:
    """One line of text: what it says, its scale (pixels per font dot), its colour."""

    text: str
    scale: int
    colour: int = INK


def plain(text: str) -> str:
    """Text the font can draw: capitals, plain Latin letters, a true minus as '-'."""
    text = text.replace("\u2212", "-").replace("\u00b7", "-").upper()
    kept = "".join(c if c in GLYPHS else latin(c) for c in text)  # É kept, Ą as A
    return "".join(c if c in GLYPHS else "?" for c in kept)  # one the font lacks: '?'


def room(scale: int) -> int:
    """How many letters of `scale` one row of the image holds."""
    return (WIDTH - 2 * MARGIN) // (CELL * scale)


def rows_of(line: Line) -> list[Line]:
    """A line as the rows it is drawn in: never cut. It wraps between words onto as many
    rows as it needs; a word longer than a row shrinks the whole line until it fits (a
    word longer than a row even at scale 1, some 90 letters, is broken where the row
    ends)."""
    text = plain(line.text)
    scale = line.scale
    while scale > 1 and max((len(w) for w in text.split()), default=0) > room(scale):
        scale -= 1
    width, rows, row = room(scale), [], ""
    for word in text.split():
        while len(word) > width:  # only at scale 1
            if row:
                rows.append(row)
                row = ""
            rows.append(word[:width])
            word = word[width:]
        if row and len(row) + 1 + len(word) > width:
            rows.append(row)
            row = word
        else:
            row = f"{row} {word}" if row else word
    rows.append(row)
    return [Line(r, scale, line.colour) for r in rows]


def draw(lines: list[Line]) -> bytes:
    """The lines one under the other, each wrapped to the image's width, as PNG bytes."""
    drawn = [
        (row, row.scale * (4 if last else 2))
        for line in lines
        for row, last in _last(rows_of(line))
    ]
    height = 2 * MARGIN + sum(ROWS * row.scale + gap for row, gap in drawn)
    canvas = [bytearray(WIDTH) for _ in range(height)]
    y = MARGIN
    for row, gap in drawn:
        for n, char in enumerate(row.text):
            _glyph(canvas, GLYPHS[char], MARGIN + n * CELL * row.scale, y, row)
        y += ROWS * row.scale + gap
    return png(canvas)


def _last(rows: list[Line]) -> list[tuple[Line, bool]]:
    return [(row, i == len(rows) - 1) for i, row in enumerate(rows)]


def _glyph(canvas: list[bytearray], rows: tuple[int, ...], x: int, y: int, line: Line) -> None:
    s = line.scale
    for r, bits in enumerate(rows):
        for c in range(5):
            if bits & (16 >> c):
                for dy in range(s):
                    canvas[y + r * s + dy][x + c * s : x + (c + 1) * s] = bytes([line.colour]) * s


def png(canvas: list[bytearray]) -> bytes:
    """An indexed-colour PNG of the canvas (one palette index a pixel)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", len(canvas[0]), len(canvas), 8, 3, 0, 0, 0)
    raw = b"".join(b"\x00" + bytes(row) for row in canvas)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", b"".join(PALETTE))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )
