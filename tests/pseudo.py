"""The pseudo-language of tests (issue 31): every message of scorepad's catalogue template
(scorepad/translations/messages.pot) accented and a third longer, its placeholders kept,
generated into a folder of the test's own and compiled there. It is never shipped: a page
drawn in it shows every word that missed the catalogue as plain ASCII English.

It goes under Esperanto's code (`eo`), a locale Babel knows that scorepad does not ship."""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from scorepad import PACKAGE, create_app
from tests.live import ROOT

CODE = "eo"
TEMPLATE = ROOT / "scorepad" / "translations" / "messages.pot"
ACCENTS = dict(
    zip(
        "aAcCdDeEgGiIkKlLnNoOrRsStTuUyYzZ",
        "áÁçÇďĎéÉğĞíÍķĶĺĹñÑóÓŕŔšŠţŢúÚýÝžŽ",
        strict=True,
    )
)
# Kept as they are: a named or numbered placeholder, a script's {who}, a tag, an entity.
KEPT = re.compile(r"%\([a-z_0-9]+\)[sd]|%%|\{[a-z_]+\}|<[^>]*>|&[#\w]+;")


def pseudo(message: str) -> str:
    """'Save bids' -> 'Šáʋé ƀíďš ~~~': each letter accented, a third longer, kept parts kept."""
    out, last = [], 0
    for kept in KEPT.finditer(message):
        out.append("".join(ACCENTS.get(c, c) for c in message[last : kept.start()]))
        out.append(kept.group(0))
        last = kept.end()
    out.append("".join(ACCENTS.get(c, c) for c in message[last:]))
    text = "".join(out)
    pad = -(-len(message) // 3)
    return f"{text} {'~' * max(pad - 1, 1)}" if message.strip() else message


def build(folder: Path) -> Path:
    """The pseudo catalogue compiled under `folder` (a Flask-Babel translation directory)."""
    with TEMPLATE.open("rb") as source:
        template = read_po(source)
    catalog = Catalog(locale=CODE)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string: str | tuple[str, ...] = tuple(pseudo(m) for m in message.id)
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, flags=message.flags, context=message.context)
    target = folder / CODE / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / "messages.mo").open("wb") as out:
        write_mo(out, catalog)
    return folder


@functools.cache
def folders() -> tuple[str, str]:
    """The shipped catalogues (compiled if they are not yet) and the pseudo one, built
    once a test process into a folder of its own: the same folders for every app, so
    their templates are compiled once a process (tests/conftest.py: CompiledOnce keys on
    them), not once a test."""
    compile_shipped()
    built = build(Path(tempfile.mkdtemp(prefix="scorepad-pseudo-")))
    return str(PACKAGE / "translations"), str(built)


def compile_shipped() -> None:
    """Each shipped catalogue compiled where it is older than its .po (make's install steps
    do it; a checkout tested without them gets it here)."""
    from babel.messages.mofile import write_mo as write

    for po in (ROOT / "scorepad" / "translations").glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source)
        with mo.open("wb") as out:
            write(out, catalog)


def app_speaking(tmp_path: Path, migrated: Path, **config: object):
    """An app on a copy of the migrated database that offers English, Spanish and the
    pseudo-language (built once a process: `folders`), with `config` added to its
    settings."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "scorepad.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "BABEL_TRANSLATION_DIRECTORIES": ";".join(folders()),
            "LANGUAGES": {"en": "English", "es": "Español", CODE: "pseudo"},
            **config,
        }
    )
    shutil.copyfile(migrated, tmp_path / "scorepad.db")
    return app


def phone_in(app, code: str):
    """A test client of `app` reading it in the language `code` (its cookie)."""
    client = app.test_client()
    client.set_cookie("lang", code)
    return client
