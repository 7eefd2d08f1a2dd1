"""scorepad/serving/server.py reads parts of waitress that any release may change: it serves only
on the release it was tested with (pinned in pyproject.toml) and refuses another clearly."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest

from scorepad.serving import server as serving

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def other_waitress(monkeypatch):
    """The installed waitress said to be 3.1.0 (every other package as it is)."""
    real = importlib.metadata.version
    monkeypatch.setattr(
        importlib.metadata, "version", lambda name: "3.1.0" if name == "waitress" else real(name)
    )


def test_the_pin_is_the_release_tested_and_the_one_installed():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pinned = [d for d in project["project"]["dependencies"] if d.startswith("waitress")]
    assert pinned == [f"waitress=={serving.TESTED_WAITRESS}"]
    assert f"waitress=={serving.TESTED_WAITRESS} " in (ROOT / "requirements.txt").read_text()
    assert importlib.metadata.version("waitress") == serving.TESTED_WAITRESS
    serving.check_waitress()  # no refusal on the tested release


def test_a_server_is_not_made_on_another_waitress(app, other_waitress):
    with pytest.raises(serving.UntestedWaitress, match=r"waitress 3\.0\.2 .* waitress 3\.1\.0"):
        serving.create_server(app, host="127.0.0.1", port=0, threads=1)


def test_serve_refuses_another_waitress_with_a_message_naming_both(runner, other_waitress):
    result = runner.invoke(args=["serve", "--host", "127.0.0.1", "--port", "0"])
    assert result.exit_code == 1
    assert "tested with waitress 3.0.2" in result.output
    assert "waitress 3.1.0 is installed" in result.output
    assert "install waitress==3.0.2" in result.output
    assert "Traceback" not in result.output
