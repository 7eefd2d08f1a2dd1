"""What a person does at the table, as Playwright steps: tap and type only."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect


def tap_and_load(page: Page, target: Locator) -> None:
    """Tap a button or link and wait for the page it leads to (never act mid-navigation):
    a page load, or the server's answer that app.js puts in place of the page after a save."""
    page.evaluate("document.body.dataset.stale = 'yes'")
    target.tap()
    page.wait_for_function(
        "() => document.body !== null && document.body.dataset.stale !== 'yes'")
    page.wait_for_load_state()


def press(page: Page, button: str) -> None:
    """Tap the button with this name and wait for the next page."""
    tap_and_load(page, page.get_by_role("button", name=button))


def follow(page: Page, link: str) -> None:
    """Tap the link with this name and wait for the next page."""
    tap_and_load(page, page.get_by_role("link", name=link))


def start_game(page: Page, base: str, names: list[str], table: str = "Partnership",
               target: str | None = None, rules: dict[str, str] | None = None) -> None:
    page.goto(f"{base}/games/new")
    page.get_by_label(table).tap()
    for seat, name in enumerate(names):
        page.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
    if target is not None:
        page.get_by_label("Other", exact=True).tap()
        page.get_by_label("Other target").fill(target)
    if rules:
        page.locator("summary", has_text="House rules").tap()
    for label, value in (rules or {}).items():
        page.get_by_label(label, exact=True).fill(value)
    press(page, "Start game")
    expect(page.get_by_role("heading", name="Hand 1: bids")).to_be_visible()


def enter_bids(page: Page, bids: dict[str, int | str]) -> None:
    for name, bid in bids.items():
        if bid == "nil":
            page.get_by_label(f"{name} nil", exact=True).tap()
        elif bid == "blind nil":
            page.get_by_label(f"{name} blind nil", exact=True).tap()
        else:
            page.get_by_label(f"{name} bid", exact=True).fill(str(bid))
    press(page, "Save bids")


def enter_tricks(page: Page, tricks: dict[str, int]) -> None:
    for name, took in tricks.items():
        page.get_by_label(f"{name} tricks", exact=True).fill(str(took))
    press(page, "Save tricks")


def totals(page: Page) -> list[str]:
    return [t.strip() for t in page.locator(".scoreboard .total").all_inner_texts()]
