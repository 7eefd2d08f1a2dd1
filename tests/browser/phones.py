"""A worker's phone handed from one browser test to the next, as clean as a new one.

A new browser context costs Chromium some 0.85 s of CPU before its first page is drawn (a
renderer process of its own, 0.5 s, and the browser's side of it), against 0.18 s for
a page load in a context already open: with some 400 phones opened, a third of what the
browser tests cost. So a test's phone (the `page` fixture) is kept for the worker's next
test when the test could leave nothing behind that a new phone would not have:

* what the phone keeps of each origin it asked (cookies, local storage, the service
  worker and its caches, the HTTP cache) is cleared, its size and colour scheme put back,
  and its count of taps started again (`Kept.clean`);
* a test that changes what cannot be cleared (a script added to every page, a route, a
  listener, a fake clock, a second page, extra headers, permissions) or fails is given
  back to no one: its phone is closed, as every phone was before.
"""

from __future__ import annotations

import inspect
from urllib.parse import urlsplit

from tests.browser.flows import forget_touches
from tests.browser.helpers import PHONE

# What a test may change on its page or context that `clean` could not put back: on
# either of them, and on the one alone.
_ON_EITHER = (
    "add_init_script",
    "route",
    "route_from_har",
    "route_web_socket",
    "expose_binding",
    "expose_function",
    "on",
    "once",
    "set_extra_http_headers",
)
PAGE_LASTING = (*_ON_EITHER, "add_locator_handler")
CONTEXT_LASTING = (
    *_ON_EITHER,
    "set_offline",
    "set_geolocation",
    "grant_permissions",
    "new_page",
)


class Kept:
    """A phone (a context and its one page) that notes whether it may be kept."""

    def __init__(self, context) -> None:
        self.context = context
        self.origins: set[str] = set()
        context.on("request", lambda request: self.origins.add(_origin(request.url)))
        self.page = context.new_page()
        self.changed = False
        for owner, names in ((self.page, PAGE_LASTING), (context, CONTEXT_LASTING)):
            for name in names:
                setattr(owner, name, self._noting(getattr(owner, name)))

    def _noting(self, method):
        def noted(*args, **kwargs):
            self.changed = True
            return method(*args, **kwargs)

        return noted

    def may_keep(self, test) -> bool:
        """Nothing lasting was changed, the test passed, its page is the only one open."""
        failed = getattr(test, "failed", True)
        clock = "clock" in inspect.getsource(test.function)  # a fake clock stays installed
        return not (
            self.changed or failed or clock or self.page.is_closed() or len(self.context.pages) != 1
        )

    def clean(self) -> None:
        """What a new phone would be: nothing kept of any origin asked, its first size
        and colour scheme, no taps counted."""
        self.page.goto("about:blank")
        cdp = self.context.new_cdp_session(self.page)
        for origin in sorted(self.origins - {""}):
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        cdp.send("Network.clearBrowserCache")
        cdp.detach()
        self.origins.clear()
        self.context.clear_cookies()
        self.page.set_viewport_size(PHONE["viewport"])
        self.page.emulate_media(
            media="null",
            color_scheme="light",
            reduced_motion="no-preference",
            forced_colors="none",
            contrast="no-preference",
        )
        forget_touches(self.page)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""
