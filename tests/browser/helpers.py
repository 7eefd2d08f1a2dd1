"""What the browser tests share besides fixtures: Chromium at a phone's size, screenshots,
the axe check, and a close game put straight into a server's database."""

from __future__ import annotations

import os
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

from scorepad.core.records import Hand, Table
from scorepad.core.rules import Rules
from scorepad.store.db import connect, migrate
from tests.helpers import imported

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
# A name that is not loopback's: Chromium finds it at 127.0.0.1 (named_browser in
# conftest.py), so plain http there is not a secure context, as on another phone.
NAME = "table.test"
MAP_NAME = f"--host-resolver-rules=MAP {NAME} 127.0.0.1"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# Screenshots cost about 0.4 s each (a full page at twice a phone's pixels): taken
# when SCOREPAD_SHOTS is set (`SCOREPAD_SHOTS=1 make test`), and always of a page axe refused.
SHOTS = bool(os.environ.get("SCOREPAD_SHOTS"))


def shot(page, name: str, *, always: bool = False) -> None:
    """A full-page screenshot at phone size under tests/artifacts/ (when SHOTS, or always)."""
    if not (SHOTS or always):
        return
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


axe = Axe()
AXE_RUN = "axe.run(document, {resultTypes: ['violations']})"


def assert_accessible(page, name: str) -> None:
    """No serious or critical violation by axe on the page as it is now. axe is put into a
    page once (a page checked again, in another colour scheme, reuses it)."""
    shot(page, name)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe.axe_script)
    violations = page.evaluate(AXE_RUN)["violations"]
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]
    if bad:
        shot(page, name, always=True)
    assert bad == [], f"{name}: {bad}"


def assert_accessible_in(page, name: str, schemes: tuple[str, ...] = ("light", "dark")) -> None:
    """assert_accessible in each colour scheme in turn: a scheme is the phone's media
    query, switched in place, so one page load is checked in each (named `name-scheme`)."""
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        assert_accessible(page, f"{name}-{scheme}")


PLAYED = [Hand((4, 3, 3, 3), (5, 3, 4, 1)), Hand((4, 3, 3, 3), (6, 2, 3, 2))]


def close_game(server, pending: Hand | None = None) -> str:
    """Alice & Cara 144 (4 bags of 5), Ben & Dev -120, to 250, counted by side: the
    stakes show ('win by making 11', '1 more bag costs')."""
    hands = PLAYED + ([pending] if pending else [])
    table = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))
    rules = Rules(target=250, bag_limit=5)
    return stored_game(server, table, rules, hands, "side")


def stored_game(server, table: Table, rules: Rules, hands: list[Hand], tricks_by: str) -> str:
    """A game put straight into the server's database, as an import would."""
    migrate(server.database)
    db = connect(server.database)
    try:
        return imported(db, table, rules, hands, tricks_by=tricks_by)
    finally:
        db.close()


def within_first_screen(page, locator) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, (
        locator,
        box,
    )


def first_screen(page, save: str) -> None:
    """The scoreboard, the last result, the stakes, every choice shown and Save, all in
    the first screen, nothing sideways."""
    assert page.evaluate("window.scrollY") == 0
    for locator in (
        page.locator(".scoreboard"),
        page.locator(".last-result").first,
        page.locator(".stakes"),
        *page.locator("form.hand-form .pick:visible").all(),
        page.get_by_role("button", name=save, exact=True),
    ):
        within_first_screen(page, locator)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
