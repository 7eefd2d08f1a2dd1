"""What the browser tests share besides fixtures: Chromium at a phone's size, screenshots,
the axe check, and a close game put straight into a server's database."""

from __future__ import annotations

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


def shot(page, name: str) -> None:
    """A full-page screenshot at phone size under tests/artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


axe = Axe()


def assert_accessible(page, name: str) -> None:
    shot(page, name)
    results = axe.run(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], f"{name}: {bad}"


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
