"""The session cookie, read once and kept (scorepad/web/security.py): each request still
gets a session of its own, a forged cookie gets nothing, an expired one nothing either."""

from __future__ import annotations

import time

import pytest

from scorepad.web import security


def opened(app, cookie: str):  # type: ignore[no-untyped-def]
    name = app.config["SESSION_COOKIE_NAME"]
    with app.test_request_context("/", headers={"Cookie": f"{name}={cookie}"}) as ctx:
        return app.session_interface.open_session(app, ctx.request)


@pytest.fixture
def cookie(app) -> str:
    signer = app.session_interface.get_signing_serializer(app)
    return signer.dumps({"games": ["one", "two"], "_permanent": True})


def test_each_request_gets_its_own_copy_of_what_the_cookie_holds(app, cookie):
    first = opened(app, cookie)
    assert first["games"] == ["one", "two"]
    first["games"].append("three")  # a view changing its list in place
    first["flag"] = 1
    again = opened(app, cookie)
    assert dict(again) == {"games": ["one", "two"], "_permanent": True}
    assert again["games"] is not first["games"]


def test_a_forged_cookie_opens_an_empty_session(app, cookie):
    head, _, signature = cookie.rpartition(".")
    forged = f"{head}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    assert dict(opened(app, forged)) == {}
    assert dict(opened(app, cookie))["games"] == ["one", "two"]  # the true one still opens


def test_a_kept_cookie_still_expires(app, cookie, monkeypatch):
    assert opened(app, cookie)["games"] == ["one", "two"]  # read and kept
    lifetime = app.permanent_session_lifetime.total_seconds()
    later = time.time() + lifetime + 60
    monkeypatch.setattr(security.time, "time", lambda: later)
    assert dict(opened(app, cookie)) == {}


def test_a_cookie_checked_with_an_old_key_is_not_taken_after_the_key_changed(app, cookie):
    assert opened(app, cookie)["games"] == ["one", "two"]
    app.secret_key = "another key, long enough to sign the session with it"
    app.config["SECRET_KEY"] = app.secret_key
    assert dict(opened(app, cookie)) == {}
