"""Every button doing what it says, for every holder of a link: a crawl run by hand (not a
test: `python -m tests.browser.crawl_buttons build|crawl`), at 360x740 in Debian's
Chromium, against scorepad served on its own port and database (instance/qa/).

`build` makes the state by tapping only: games of a scorer (partnership and cutthroat, mid
play and over, one with seat links), a club with games, a season with a night started, a
club night of 8 pairs through round 2 and into its playoff; it keeps the database and each
holder's cookies and links. `crawl` opens, for each holder, every page it reaches, and
presses each button there on a fresh copy of that database (the server restarted on it),
writing what happened to tests/artifacts/buttons.md."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from tests.browser.flows import (
    enter_bids,
    enter_slip_totals,
    enter_tricks,
    follow,
    press,
    start_game,
    tap_and_load,
)

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "instance" / "qa"
ARTIFACTS = ROOT / "tests" / "artifacts"
PORT = int(os.environ.get("QA_PORT", "8621"))
BASE = f"http://127.0.0.1:{PORT}"
BUILT = WORK / "built.db"
HOLDERS = WORK / "holders.json"
SIZE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
ENV = {
    "SCOREPAD_SECRET_KEY": "qa-buttons-fixed-secret-key-0123456789abcdef",
    "SCOREPAD_SETTLE_MS": "0",
    "SCOREPAD_IMPORTS_PER_HOUR": "0",
}


class Server:
    """`flask serve` on BASE, on one database file; stopped and started around each press."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None

    def start(self, database: Path) -> None:
        self.stop()
        env = {**os.environ, **ENV, "SCOREPAD_DATABASE": str(database)}
        cmd = [str(ROOT / ".venv/bin/flask"), "--app", "scorepad", "serve"]
        cmd += ["--host", "127.0.0.1", "--port", str(PORT), "--threads", "4"]
        log = open(WORK / "serve.log", "a")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log)
        for _ in range(100):
            try:
                import urllib.request

                urllib.request.urlopen(BASE + "/healthz", timeout=1)
                return
            except Exception:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None


def copy_db(source: Path, target: Path) -> None:
    """A whole copy of a database (its WAL too), through SQLite's backup."""
    import sqlite3

    for f in target.parent.glob(target.name + "*"):
        f.unlink()
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    src.backup(dst)
    src.close()
    dst.close()


def _links(page: Page, pattern: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "as => as.map(a => a.href)")
    return list(dict.fromkeys(h for h in hrefs if re.search(pattern, h)))


def build() -> None:
    """The state, by tapping; its database copied to BUILT, the holders to HOLDERS."""
    WORK.mkdir(parents=True, exist_ok=True)
    db = WORK / "building.db"
    for f in WORK.glob("building.db*"):
        f.unlink()
    server = Server()
    server.start(db)
    holders: dict[str, dict] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            _games(browser, holders)
            _club(browser, holders)
            _night(browser, holders)
            browser.close()
    finally:
        server.stop()
    copy_db(db, BUILT)
    HOLDERS.write_text(json.dumps(holders, indent=1))
    print(json.dumps({k: v["pages"] for k, v in holders.items()}, indent=1))


def _games(browser, holders: dict) -> None:
    ctx = browser.new_context(**SIZE)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    # a partnership game mid-play: one hand played
    start_game(page, BASE, ["Ann", "Bo", "Cy", "Di"])
    enter_bids(page, {"Ann": 3, "Bo": 3, "Cy": 3, "Di": 4})
    enter_tricks(page, {"Ann & Cy": 6})
    mid = page.url
    watch = _links(page, r"/watch/[\w-]+$")
    # a partnership game over (to 50)
    start_game(page, BASE, ["Eve", "Fay", "Gil", "Hu"], target="50")
    enter_bids(page, {"Eve": 3, "Fay": 3, "Gil": 3, "Hu": 3})
    enter_tricks(page, {"Eve & Gil": 9})
    expect(page.get_by_role("heading", name=re.compile("^Game over"))).to_be_visible()
    over = page.url
    watch_over = _links(page, r"/watch/[\w-]+$")
    # a three-player cutthroat mid-play, and one over (to 50)
    start_game(page, BASE, ["Ida", "Jo", "Kim"], table="Cutthroat, 3 players")
    enter_bids(page, {"Ida": 4, "Jo": 4, "Kim": 4})
    enter_tricks(page, {"Ida": 5, "Jo": 4})
    cut_mid = page.url
    start_game(page, BASE, ["Lu", "Mo", "Ned"], table="Cutthroat, 3 players", target="50")
    enter_bids(page, {"Lu": 5, "Mo": 4, "Ned": 4})
    enter_tricks(page, {"Lu": 5, "Mo": 4})
    expect(page.get_by_role("heading", name=re.compile("^Game over"))).to_be_visible()
    cut_over = page.url
    # a game with seat links: one hand played, then the seats' phones turned on
    start_game(page, BASE, ["Oz", "Pia", "Quin", "Rue"])
    enter_bids(page, {"Oz": 2, "Pia": 3, "Quin": 4, "Rue": 4})
    enter_tricks(page, {"Oz & Quin": 6})
    page.locator("summary", has_text="Let each player bid from their own phone").tap()
    tap_and_load(page, page.locator("form[action$='/seats'] button").first)
    seated = page.url
    seats = _links(page, r"/seat/[\w-]+$")
    assert seats, "no seat links"
    holders["scorer"] = {
        "state": ctx.storage_state(),
        "pages": [BASE + "/games", mid, over, cut_mid, cut_over, seated],
    }
    holders["watcher"] = {"state": None, "pages": watch + watch_over}
    holders["seat phone"] = {"state": None, "pages": seats[:2]}
    ctx.close()


def _club(browser, holders: dict) -> None:
    ctx = browser.new_context(**SIZE)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{BASE}/clubs/new")
    page.get_by_label("Club name").fill("Thursday Spades")
    press(page, "Make the club")
    manager = page.url
    for names, took in ((["Ann", "Bo", "Cy", "Di"], 9), (["Ann", "Ed", "Cy", "Flo"], 4)):
        start_game(page, BASE, names, target="50", club="Thursday Spades")
        enter_bids(page, {name: 3 for name in names})
        enter_tricks(page, {f"{names[0]} & {names[2]}": took})
    club_game = page.url
    page.goto(manager)
    members = _links(page, r"/clubs/m/[\w-]+$")
    cards = _links(page, r"/card/")
    follow(page, "The club's seasons")
    page.get_by_label("Season name").fill("Winter League")
    press(page, "Make the season")
    season = page.url
    for first, second in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        page.get_by_label("Player", exact=True).fill(first)
        page.get_by_label("Partner").fill(second)
        page.get_by_role("button", name="Enter", exact=True).tap()
        page.wait_for_load_state()
    page.get_by_label("Date (YYYY-MM-DD)").fill("2026-01-15")
    press(page, "Add a night")
    page.get_by_label("Date (YYYY-MM-DD)").fill("2026-01-22")
    press(page, "Add a night")
    tap_and_load(page, page.get_by_role("button", name="Start its club night").first)
    page.goto(season)
    season_night = _links(page, r"/events/[\w-]+$")[0]
    page.goto(season_night)
    holders["check-in page"] = {"state": None, "pages": _links(page, r"/events/join/")[:1]}
    holders["club manager"] = {
        "state": ctx.storage_state(),
        "pages": [manager, club_game],
    }
    holders["season manager"] = {"state": ctx.storage_state(), "pages": [season, season_night]}
    holders["club member"] = {"state": None, "pages": members[:1]}
    holders["player's card"] = {"state": None, "pages": cards[:1]}
    ctx.close()


PAIRS = [("A1", "A2"), ("B1", "B2"), ("C1", "C2"), ("D1", "D2")]
PAIRS += [("E1", "E2"), ("F1", "F2"), ("G1", "G2"), ("H1", "H2")]


def _night(browser, holders: dict) -> None:
    ctx = browser.new_context(**SIZE)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{BASE}/events/new")
    page.locator("#name").fill("Friday night")
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_label("Playoff: how many go through").fill("4")
    press(page, "Create the event")
    director = page.url
    for first, second in PAIRS:
        page.get_by_label("Name", exact=True).fill(first)
        page.get_by_label("Partner").fill(second)
        press(page, "Check in")
    checkin = _links(page, r"/events/join/")
    press(page, "Draw round 1")
    press(page, "Start round 1")
    for t in range(1, 5):
        enter_slip_totals(page, t, (str(100 + 40 * t), "90"))
    press(page, "Draw round 2")
    press(page, "Start round 2")
    for t in range(1, 4):
        enter_slip_totals(page, t, ("200", str(60 + 30 * t)))
    tables_mid = _links(page, r"/events/table/")
    enter_slip_totals(page, 4, ("210", "150"))
    press(page, "Start the playoff (top 4)")
    press(page, "Start round 3")
    tables = _links(page, r"/events/table/")
    enter_slip_totals(page, 1, ("300", "100"))
    holders["director"] = {"state": ctx.storage_state(), "pages": [director]}
    holders["check-in page"]["pages"] += checkin[:1]
    holders["table phone"] = {"state": None, "pages": tables + tables_mid[:1]}
    ctx.close()


if __name__ == "__main__" and sys.argv[1] == "build":
    build()


# ---- the crawl -------------------------------------------------------------------------

# Pages every holder reaches from the header: crawled once, for the first holder only.
COMMON = re.compile(r"^/(games/new|games/import|stats|clubs/new|events/new|language)\b")
# Where a crawl does not go: files, feeds, pictures (fetched, not crawled for buttons).
FILES = re.compile(r"\.(json|csv|ics|png|svg)(\?|$)|/qr\b|/card\.png|/share/")
BAD_WORDS = (
    "Traceback",
    "Internal Server Error",
    "Method Not Allowed",
    "Bad Request",
    "CSRF",
    "The browser (or proxy) sent a request",
)
ELEMENTS = """() => [...document.querySelectorAll(
    'main a[href], main button, main input[type=submit], header a[href], footer a[href]')]
  .map((e, i) => {
    const form = e.form || null;
    const kind = e.tagName === 'A' ? 'link' : (e.type === 'submit' ? 'button' : 'js-button');
    return {
      i, kind,
      label: (e.getAttribute('aria-label') || e.textContent || e.value || '')
        .trim().replace(/\\s+/g, ' ').slice(0, 70),
      href: e.tagName === 'A' ? e.href : '',
      action: form ? (e.getAttribute('formaction') || form.action) : '',
      method: form ? (e.getAttribute('formmethod') || form.method) : '',
      download: e.hasAttribute('download'),
    };
  })"""
# a button's fold-outs opened, as a person taps their summaries
OPEN_FOLDS = (
    "e => { for (let d = e.closest('details'); d; d = d.parentElement.closest('details'))"
    " d.open = true; }"
)
STALE_GONE = "() => document.body !== null && document.body.dataset.stale !== 'yes'"
VALID = "e => !e.form || e.form.noValidate || e.formNoValidate || e.form.checkValidity()"
MISSING = (
    "e => [...e.form.elements].filter(x => x.willValidate && !x.checkValidity())"
    ".map(x => (x.labels && x.labels[0] ? x.labels[0].textContent.trim() : x.name)"
    " + ': ' + x.validationMessage).join('; ')"
)
SELECTOR = "main a[href], main button, main input[type=submit], header a[href], footer a[href]"


def _path(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def _shape(url: str) -> str:
    """An address with its keys and numbers blurred: the same kind of page or action."""
    path = _path(url).split("#")[0]
    path = re.sub(r"/[A-Za-z0-9_-]{16,}", "/<key>", path)
    return re.sub(r"/\d+", "/<n>", path)


def _english(lang: str) -> list[str]:
    """Sentences of the catalogue whose Spanish differs: English of them on a Spanish page."""
    if lang == "en":
        return []
    from babel.messages.pofile import read_po

    path = ROOT / "scorepad/translations" / lang / "LC_MESSAGES/messages.po"
    with open(path, "rb") as f:
        catalog = read_po(f)
    found = []
    for m in catalog:
        if isinstance(m.id, str) and m.string and m.string != m.id and "%" not in m.id:
            if len(m.id.split()) >= 3:
                found.append(m.id)
    return found


class Crawl:
    def __init__(self, browser, lang: str) -> None:
        self.browser = browser
        self.lang = lang
        self.server = Server()
        self.holders = json.loads(HOLDERS.read_text())
        self.rows: list[dict] = []
        self.seen_common: set[str] = set()
        self.english = _english(lang)
        self.shots = 0

    def fresh(self) -> None:
        self.dirty = False
        copy_db(BUILT, WORK / "press.db")
        self.server.start(WORK / "press.db")

    def context(self, state):
        ctx = self.browser.new_context(storage_state=state, **SIZE)
        if self.lang != "en":
            ctx.add_cookies([{"name": "lang", "value": self.lang, "url": BASE}])
        return ctx

    def problems(self, page, statuses: list[tuple[int, str]]) -> list[str]:
        found = [f"{s} from {_path(u)}" for s, u in statuses if s >= 400]
        try:
            text = page.locator("body").inner_text(timeout=3000)
        except Exception:
            return found
        found += [f"says '{w}'" for w in BAD_WORDS if w in text]
        if self.lang != "en":
            html_lang = page.evaluate("document.documentElement.lang")
            if html_lang != self.lang:
                found.append(f"page in {html_lang!r}")
            english = [s for s in self.english if s in text]
            if english:
                found.append("English: " + "; ".join(english[:3]))
        return found

    def flash(self, page) -> str:
        try:
            return " / ".join(page.locator(".flash").all_inner_texts())[:200]
        except Exception:
            return ""

    def shot(self, page, who: str, what: str) -> str:
        self.shots += 1
        slug = re.sub(r"[^a-z0-9]+", "-", (who + " " + what).lower())[:50]
        name = f"buttons-{self.lang}-{self.shots:03d}-{slug}.png"
        try:
            page.screenshot(path=str(ARTIFACTS / name), full_page=True)
        except Exception:
            return ""
        return name

    def log(self, **row) -> None:
        self.rows.append(row)
        print(
            " | ".join(
                str(row.get(k, "")) for k in ("who", "page", "kind", "label", "result", "problems")
            ),
            flush=True,
        )

    def holder_state(self, who: str):
        """The holder's cookies: those kept at build, else those its links give a new phone."""
        h = self.holders[who]
        if h["state"] is not None:
            return h["state"]
        ctx = self.context(None)
        page = ctx.new_page()
        for url in h["pages"]:
            page.goto(url)
        state = ctx.storage_state()
        ctx.close()
        return state

    def run(self, only: list[str] | None, depth: int) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        for who, h in self.holders.items():
            if only and who not in only:
                continue
            self.fresh()
            self.links_done: set[tuple] = set()
            state = self.holder_state(who)
            pages = self.discover(who, state, h["pages"], depth)
            for url in pages:
                self.press_all(who, state, url)
        self.server.stop()

    def discover(self, who: str, state, starts: list[str], depth: int) -> list[str]:
        """The holder's pages, `depth` links from its own: each visited, its links fetched."""
        ctx = self.context(state)
        page = ctx.new_page()
        statuses: list[tuple[int, str]] = []
        page.on(
            "response",
            lambda r: statuses.append((r.status, r.url)) if r.url.startswith(BASE) else None,
        )
        found: list[str] = []
        shapes: set[str] = set()
        queue = [(u, 0) for u in starts]
        while queue and len(found) < 30:
            url, d = queue.pop(0)
            shape = _shape(url)
            if (d and shape in shapes) or url in found or FILES.search(url):
                continue
            if COMMON.search(_path(url)):
                if shape in self.seen_common:
                    continue
                self.seen_common.add(shape)
            shapes.add(shape)
            statuses.clear()
            try:
                page.goto(url)
            except Exception as err:
                self.log(
                    who=who,
                    page=_path(url),
                    kind="open",
                    label="",
                    result=f"did not open: {err}"[:120],
                )
                continue
            found.append(url)
            bad = self.problems(page, statuses)
            self.log(
                who=who,
                page=_path(url),
                kind="open",
                label=page.title(),
                result="opened",
                problems="; ".join(bad),
                shot=self.shot(page, who, "open " + shape) if bad else "",
            )
            for e in page.evaluate(ELEMENTS):
                if e["kind"] == "link" and e["href"].startswith(BASE) and d < depth:
                    queue.append((e["href"].split("#")[0], d + 1))
        ctx.close()
        return found

    def press_all(self, who: str, state, url: str) -> None:
        if getattr(self, "dirty", True):
            self.fresh()
        ctx = self.context(state)
        page = ctx.new_page()
        page.goto(url)
        elements = page.evaluate(ELEMENTS)
        title = page.title()
        for e in elements:
            e["title"] = title
        ctx.close()
        done: set[tuple] = set()
        for e in elements:
            key = (e["kind"], re.sub(r"\d+", "<n>", e["label"]), _shape(e["href"] or e["action"]))
            if key in done or e["label"] in ("Large text", "High contrast", "Use this language"):
                continue
            done.add(key)
            if e["kind"] == "js-button":
                continue  # the bid chips' pickers and the like: no request of their own
            if e["kind"] == "link":
                if (e["label"], _shape(e["href"])) in self.links_done:
                    continue
                self.links_done.add((e["label"], _shape(e["href"])))
                self.follow(who, state, url, e)
            else:
                self.press(who, state, url, e)

    def follow(self, who: str, state, url: str, e: dict) -> None:
        if getattr(self, "dirty", True):
            self.fresh()  # a link is followed on the state as built, not after a press
        if not e["href"].startswith(BASE):
            self.log(
                who=who,
                page=_path(url),
                kind="link",
                label=e["label"],
                result=f"outside: {e['href']}"[:100],
            )
            return
        ctx = self.context(state)
        page = ctx.new_page()
        statuses: list[tuple[int, str]] = []
        page.on(
            "response",
            lambda r: statuses.append((r.status, r.url)) if r.url.startswith(BASE) else None,
        )
        try:
            if FILES.search(e["href"]) or e["download"]:
                r = page.request.get(e["href"])
                result = (
                    f"{r.status} {r.headers.get('content-type', '')[:30]} {len(r.body())} bytes"
                )
                bad = [] if r.ok else [f"{r.status}"]
            else:
                page.goto(e["href"])
                result = f"-> {_path(page.url)[:60]}: {page.title()[:50]}"
                bad = self.problems(page, statuses)
        except Exception as err:
            result, bad = f"error {err}"[:120], ["error"]
        self.log(
            who=who,
            page=_path(url),
            kind="link",
            label=e["label"],
            result=result,
            problems="; ".join(bad),
            shot=self.shot(page, who, e["label"]) if bad else "",
        )
        ctx.close()

    def press(self, who: str, state, url: str, e: dict, then: dict | None = None) -> None:
        posting = e["method"].lower() != "get"
        if posting or self.dirty:
            self.fresh()
            before = _dump(WORK / "press.db")
        ctx = self.context(state)
        page = ctx.new_page()
        statuses: list[tuple[int, str]] = []
        page.on(
            "response",
            lambda r: (
                statuses.append((r.status, r.url))
                if r.url.startswith(BASE)
                and r.request.resource_type in ("document", "fetch", "xhr")
                else None
            ),
        )
        result, bad, shot, asks = "", [], "", []
        before = before if posting else ""
        try:
            page.goto(url)
            statuses.clear()
            now = page.evaluate(ELEMENTS)
            same = [
                x["i"]
                for x in now
                if (x["label"], x["action"], x["href"]) == (e["label"], e["action"], e["href"])
            ]
            target = page.locator(SELECTOR).nth(same[0] if same else e["i"])
            if not same:
                result = "page differs: the button is not there now"
            else:
                # open the fold-outs it sits in, as a person taps their summaries
                target.evaluate(OPEN_FOLDS)
                valid = target.evaluate(VALID)
                if not valid:
                    missing = target.evaluate(MISSING)
                    result = f"not sent, the browser asks first: {missing}"[:160]
                else:
                    page.evaluate("document.body.dataset.stale = 'yes'")
                    try:
                        with page.expect_download(timeout=6000) as dl:
                            target.tap()
                        d = dl.value
                        result = f"downloads {d.suggested_filename}"
                    except Exception:
                        result = _landed(page)
                    if (
                        then is None
                        and posting
                        and _dump(WORK / "press.db") == before
                        and (
                            _path(page.url).split("?")[0] != _path(url).split("?")[0]
                            or page.title() != e.get("title")
                        )
                    ):
                        asks = [
                            x
                            for x in page.evaluate(ELEMENTS)
                            if x["kind"] == "button" and x["method"] != "get"
                        ]
                    else:
                        asks = []
                    if then is not None:
                        result = self.second(page, then, statuses) + " (after: " + result + ")"
                    fl = self.flash(page)
                    if fl:
                        result += f" | flash: {fl}"
                    bad = self.problems(page, statuses)
        except Exception as err:
            result, bad = f"error {str(err)[:100]}", ["error"]
        if posting:
            self.dirty = True
            changed = _dump(WORK / "press.db") != before
            result += " | db changed" if changed else " | db unchanged"
        if bad:
            shot = self.shot(page, who, e["label"])
        label = e["label"] if then is None else f"{e['label']} -> {then['label']}"
        if then is not None and "eplace" in e["label"] and "db changed" in result:
            old = self.browser.new_context(**SIZE)
            r = old.request.get(url)
            result += f" | old link now {r.status}"
            old.close()
        self.log(
            who=who,
            page=_path(url),
            kind=f"button ({e['method'] or 'js'})",
            label=label,
            result=result,
            problems="; ".join(bad),
            shot=shot,
        )
        ctx.close()
        if then is None and posting and not bad:
            for a in asks:
                self.press(who, state, url, e, then=a)

    def second(self, page, a: dict, statuses) -> str:
        """The asked-twice page's own button pressed (its Yes or its No)."""
        target = page.locator(SELECTOR).nth(a["i"])
        page.evaluate("document.body.dataset.stale = 'yes'")
        target.evaluate(OPEN_FOLDS)
        target.tap()
        return _landed(page)


def _landed(page: Page) -> str:
    """Where a press led, once the page it was made on is gone (or 8 s went by)."""
    try:
        page.wait_for_function(STALE_GONE, timeout=8000)
    except Exception:
        pass
    page.wait_for_load_state()
    return f"-> {_path(page.url)[:60]}: {page.title()[:40]}"


def _dump(db: Path) -> str:
    """The database's rows (not its timestamps' noise): changed by a press, or not."""
    import hashlib
    import sqlite3

    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        h = hashlib.sha1()
        tables = [
            r[0]
            for r in con.execute(
                "select name from sqlite_master where type='table' and name not like 'sqlite_%'"
                " and name not like '%kept%' and name not like '%cache%'"
            )
        ]
        for t in sorted(tables):
            for row in con.execute(f"select * from [{t}] order by 1"):
                h.update(repr(row).encode())
        return h.hexdigest()
    finally:
        con.close()


def crawl(lang: str = "en", only: str = "", depth: int = 1) -> None:
    crawler = None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        crawler = Crawl(browser, lang)
        try:
            crawler.run(only.split(",") if only else None, depth)
        finally:
            crawler.server.stop()
            out = WORK / f"rows-{lang}-{only.replace(',', '+').replace(' ', '_') or 'all'}.json"
            out.write_text(json.dumps(crawler.rows, indent=1))
            browser.close()


def _download(page: Page, link: str, folder: Path) -> Path:
    target = page.get_by_role("link", name=link, exact=True, include_hidden=True).first
    target.evaluate(OPEN_FOLDS)
    with page.expect_download() as dl:
        target.tap()
    path = folder / dl.value.suggested_filename
    dl.value.save_as(path)
    return path


def _upload(page: Page, url: str, path: Path, field: str = "input[type=file]") -> str:
    page.goto(url)
    page.locator(field).set_input_files(str(path))
    tap_and_load(
        page, page.get_by_role("button", name=re.compile("^(Import|Bring it into the club)$")).first
    )
    flash = " / ".join(page.locator(".flash").all_inner_texts())
    return f"-> {_path(page.url)[:50]}: {page.title()[:50]} | flash: {flash[:150]}"


def roundtrip() -> list[dict]:
    """Each Export taken back by its Import, in the browser: game, club, club night."""
    holders = json.loads(HOLDERS.read_text())
    server = Server()
    copy_db(BUILT, WORK / "press.db")
    server.start(WORK / "press.db")
    folder = WORK / "files"
    folder.mkdir(exist_ok=True)
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for who, start, link, into in (
                ("scorer", 1, "Export", "/games/import"),
                ("scorer", 4, "Export", "/games/import"),
                ("club manager", 0, "Club file", "/clubs/import"),
                ("director", 0, "Event file", "/events/import"),
                ("club manager", 0, "Club file", "bring"),
            ):
                ctx = browser.new_context(storage_state=holders[who]["state"], **SIZE)
                page = ctx.new_page()
                url = holders[who]["pages"][start]
                page.goto(url)
                before = page.locator(".scoreboard .total").all_inner_texts()
                path = _download(page, link, folder)
                if into == "bring":  # a game's and a night's file brought into the club
                    for other, n, what in (("scorer", 1, "Export"), ("director", 0, "Event file")):
                        c2 = browser.new_context(storage_state=holders[other]["state"], **SIZE)
                        p2 = c2.new_page()
                        p2.goto(holders[other]["pages"][n])
                        f = _download(p2, what, folder)
                        c2.close()
                        result = _upload(page, url, f, "#import-file")
                        rows.append(
                            {
                                "who": who,
                                "page": _path(url),
                                "kind": "import",
                                "label": f"Bring it into the club ({f.name})",
                                "result": result,
                                "problems": "",
                            }
                        )
                        print(rows[-1], flush=True)
                    ctx.close()
                    continue
                # brought in on another phone (this one holds it already: "not twice")
                other = browser.new_context(**SIZE)
                page = other.new_page()
                result = _upload(page, BASE + into, path)
                after = page.locator(".scoreboard .total").all_inner_texts()
                other.close()
                same = f"totals before {before}, after {after}"
                rows.append(
                    {
                        "who": who,
                        "page": _path(url),
                        "kind": "export+import",
                        "label": f"{link} -> {into} Import",
                        "result": f"{path.name}: {result} | {same}",
                        "problems": "",
                    }
                )
                print(rows[-1], flush=True)
                ctx.close()
            browser.close()
    finally:
        server.stop()
    (WORK / "rows-roundtrip.json").write_text(json.dumps(rows, indent=1))
    return rows


REPLACES = (
    # holder, its page, the button, the link it replaces (read off the page before)
    ("club manager", 0, "Replace the manager's link", r"/clubs/(?!m/)[\w-]+$"),
    ("club manager", 0, "Replace the members' link", r"/clubs/m/[\w-]+$"),
    ("player's card", 0, "Replace this link", r"/card/[\w-]+$"),
    ("director", 0, "Replace this link", r"/events/(?!screen|join|table)[\w-]+$"),
    ("season manager", 0, "Replace this link", r"/seasons/s/[\w-]+$"),
)


def replaces(only: list[str] | None = None) -> list[dict]:
    """Each "Replace ..." asked twice: No keeps the link, Yes makes the old one open nothing."""
    holders = json.loads(HOLDERS.read_text())
    server = Server()
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for who, n, button, pattern in REPLACES:
                if only and who not in only:
                    continue
                for answer in ("No, keep this link", "Yes, replace this link"):
                    copy_db(BUILT, WORK / "press.db")
                    server.start(WORK / "press.db")
                    ctx = browser.new_context(storage_state=holders[who]["state"], **SIZE)
                    page = ctx.new_page()
                    url = holders[who]["pages"][n]
                    page.goto(url)
                    here = [BASE + _path(page.url)] if re.search(pattern, page.url) else []
                    old = (here + _links(page, pattern))[0]
                    target = page.get_by_role(
                        "button", name=button, exact=True, include_hidden=True
                    )
                    target.evaluate(OPEN_FOLDS)
                    tap_and_load(page, target)
                    asked = page.title()
                    tap_and_load(page, page.locator("main").get_by_text(answer, exact=True))
                    flash = " / ".join(page.locator(".flash").all_inner_texts())
                    other = browser.new_context(**SIZE)
                    status = other.request.get(old).status
                    other.close()
                    new = (
                        [BASE + _path(page.url)] if re.search(pattern, page.url) else []
                    ) + _links(page, pattern)
                    new_status = ""
                    if new and new[0] != old:
                        other = browser.new_context(**SIZE)
                        new_status = f", new link {other.request.get(new[0]).status}"
                        other.close()
                    rows.append(
                        {
                            "who": who,
                            "page": _path(url),
                            "kind": "button (post)",
                            "label": f"{button} -> {answer}",
                            "result": f"asked: {asked} | flash: {flash[:120]} | old link "
                            f"{_path(old)[:30]} now {status}{new_status}",
                            "problems": "",
                        }
                    )
                    print(" | ".join(rows[-1].values()), flush=True)
                    ctx.close()
            browser.close()
    finally:
        server.stop()
    (WORK / "rows-replaces.json").write_text(json.dumps(rows, indent=1))
    return rows


if __name__ == "__main__" and sys.argv[1] == "replaces":
    replaces(sys.argv[2:])

if __name__ == "__main__" and sys.argv[1] == "roundtrip":
    roundtrip()

if __name__ == "__main__" and sys.argv[1] == "crawl":
    crawl(*(sys.argv[2:3] or ["en"]), *(sys.argv[3:4] or [""]), *[int(a) for a in sys.argv[4:5]])
