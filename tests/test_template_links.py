"""Every link a template builds names a view the app has: a button whose view is
missing draws a 500 on the page that shows it, however rarely that page shows it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENDPOINT = re.compile(r"""url_for\(\s*['"]([\w.]+)['"]""")


def test_every_endpoint_a_template_names_exists(app):
    known = {rule.endpoint for rule in app.url_map.iter_rules()}
    named = {
        (path.relative_to(ROOT).as_posix(), endpoint)
        for path in (ROOT / "templates").rglob("*")
        if path.is_file()
        for endpoint in ENDPOINT.findall(path.read_text(encoding="utf-8"))
    }
    assert named, "no url_for found: the pattern is wrong"
    assert sorted((path, e) for path, e in named if e not in known) == []
