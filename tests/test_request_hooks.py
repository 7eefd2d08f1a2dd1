"""Issue 26, what to build 3: no blueprint carries a request hook of its own
(the events blueprint's after-request hook that settled the clock is gone); every hook
the app runs is wired app-wide from create_app."""

from __future__ import annotations

HOOKS = (
    "before_request_funcs",
    "after_request_funcs",
    "teardown_request_funcs",
    "url_value_preprocessors",
    "url_default_functions",
    "template_context_processors",
)


def test_every_hook_is_the_app_s_own(app):
    assert len(app.blueprints) >= 8  # the sweep sees the blueprints
    for hooks in HOOKS:
        own = {
            bp: [
                f"{f.__module__}.{f.__name__}" for f in funcs if f.__module__ != "flask.templating"
            ]
            for bp, funcs in getattr(app, hooks).items()
            if bp is not None
        }
        assert {bp: funcs for bp, funcs in own.items() if funcs} == {}, hooks


def test_the_app_wide_hooks_are_those_create_app_wires(app):
    after = [f"{f.__module__}.{f.__name__}" for f in app.after_request_funcs[None]]
    assert not [name for name in after if "events" in name], after
    assert "scorepad.web.security.set_headers" in after
    assert [f.__module__ for f in app.teardown_appcontext_funcs] == ["scorepad.web.db"]
