"""deploy/: the container recipe installs from the lock and runs as a non-root user, as
`make run` does; the Caddyfiles are valid; start.sh really serves under Litestream.

No container is built here (the development machine has no registry to pull a base
image from): the recipe is checked against the Makefile it must mirror."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from scorepad.serving import caddy
from tests.live import ROOT, Phone, free_port

DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent


def recipe(target: str) -> list[str]:
    """The commands of a Makefile rule, variables left as written."""
    text = (ROOT / "Makefile").read_text()
    body = text.split(f"\n{target}", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in body.splitlines()[1:] if line.startswith("\t")]


def dockerfile() -> str:
    return (DEPLOY / "Dockerfile").read_text()


def test_the_image_installs_what_make_run_https_installs_from_the_lock():
    make = recipe("$(VENV)/.installed-hosting:")
    assert make == [
        "$(call lock_pip,$(BIN)/python,$(LOCK_HOSTING))",  # the lock's own pip first
        "$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK_HOSTING)",
        "$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .",
        "$(COMPILE_TRANSLATIONS)",  # the catalogues compiled: every language served
        "touch $@",
    ]
    text = dockerfile().replace("\\\n", " ")
    assert ".venv/bin/pybabel -q compile -d scorepad/translations" in " ".join(text.split())
    flat = " ".join(text.split())
    pip_first = ".venv/bin/python -m pip install --quiet --require-hashes --no-deps -r pip.lock"
    assert pip_first in flat
    assert flat.index(pip_first) < flat.index("--require-hashes -r requirements-hosting.txt")
    for command in make[1:3]:
        expected = command.replace("$(BIN)", ".venv/bin").replace(
            "$(LOCK_HOSTING)", "requirements-hosting.txt"
        )
        assert expected in " ".join(text.split()), expected
    assert "COPY --chown=scorepad:scorepad requirements-hosting.txt" in text
    # Nothing is installed any other way.
    installs = re.findall(r"pip install[^&\n]*", text)
    assert len(installs) == 3, installs


def test_the_image_runs_as_a_user_that_is_not_root():
    lines = [line.split() for line in dockerfile().splitlines() if line.strip()]
    users = [words[1] for words in lines if words[0] == "USER"]
    assert users and users[-1] not in ("root", "0", "0:0")
    assert "useradd --system --uid 10001" in dockerfile()
    first_user = next(i for i, w in enumerate(lines) if w[0] == "USER")
    first_install = next(i for i, w in enumerate(lines) if "pip" in w)
    assert first_user < first_install, "pip runs as root"


def test_the_image_keeps_instance_in_a_volume_and_checks_healthz():
    text = dockerfile()
    assert 'VOLUME ["/srv/scorepad/instance"]' in text
    assert "SCOREPAD_DATABASE=/srv/scorepad/instance/scorepad.db" in text
    health = text.split("HEALTHCHECK", 1)[1].split("\nCMD", 1)[0]
    assert "http://127.0.0.1:8000/healthz" in health
    assert text.rstrip().endswith('CMD ["deploy/start.sh"]')
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".venv", "instance", ".git"} <= set(ignored)


def test_compose_builds_the_image_and_keeps_its_state_in_volumes():
    text = (DEPLOY / "compose.yaml").read_text()
    assert "dockerfile: deploy/Dockerfile" in text
    assert "- instance:/srv/scorepad/instance" in text
    assert "condition: service_healthy" in text
    assert "SCOREPAD_PUBLIC_URL: https://${SCOREPAD_DOMAIN" in text
    assert '"caddy", "run", "--config", "deploy/Caddyfile"' in text


def test_start_sh_runs_what_make_run_runs():
    make = recipe("run:") + recipe("init-db:")
    assert "$(BIN)/flask --app scorepad init-db" in make
    script = (DEPLOY / "start.sh").read_text()
    # init-db, then serve: with Litestream and without.
    steps = [line.strip() for line in script.splitlines() if "flask" in line or "exec" in line]
    assert steps[-4:] == [
        "flask --app scorepad init-db",
        'exec litestream replicate -config "$config" -exec "$serve"',
        "flask --app scorepad init-db",
        "exec $serve",
    ]
    assert 'serve="flask --app scorepad serve --host' in script
    assert os.access(DEPLOY / "start.sh", os.X_OK)


@pytest.mark.parametrize("unit", ["scorepad.service", "scorepad-caddy.service"])
def test_the_systemd_units_run_as_scorepad_from_the_checkout(unit):
    text = (DEPLOY / unit).read_text()
    assert "User=scorepad" in text and "UMask=0077" in text
    exec_start = re.search(r"^ExecStart=(\S+)", text, re.M)[1]
    assert exec_start.startswith("/srv/scorepad/")
    relative = exec_start.removeprefix("/srv/scorepad/")
    assert (ROOT / relative).exists() or relative == ".venv/bin/caddy"
    assert "ReadWritePaths=/srv/scorepad/instance" in text


CADDY = BIN / "caddy"
_caddy_installed = pytest.mark.skipif(not CADDY.exists(), reason="the hosting extra: make test")


def needs_caddy(test):
    """A test that runs the locked Caddy: marked `caddy` (make test-fast leaves it out)."""
    return pytest.mark.caddy(_caddy_installed(test))


def _caddy(command: str, config: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """caddy `command` ("validate", "adapt") run on a Caddyfile, its output kept as text."""
    return subprocess.run(
        [str(CADDY), command, "--config", str(config), "--adapter", "caddyfile"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@needs_caddy
def test_the_domain_caddyfile_is_valid(tmp_path):
    env = {**os.environ, "SCOREPAD_DOMAIN": "scores.example.org", "XDG_DATA_HOME": str(tmp_path)}
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    done = _caddy("validate", DEPLOY / "Caddyfile", env)
    assert done.returncode == 0, done.stderr[-2000:]
    adapted = _caddy("adapt", DEPLOY / "Caddyfile", env).stdout
    assert '"disabled":true' in adapted.replace(" ", "")  # no admin endpoint
    assert "scores.example.org" in adapted and "127.0.0.1:8000" in adapted


@needs_caddy
def test_the_home_network_caddyfile_is_valid(tmp_path):
    site = caddy.Site(("192.0.2.7", "table", "table.local"), 8443, 8000, 40123)
    config = tmp_path / "Caddyfile"
    config.write_text(caddy.caddyfile(site, tmp_path / "data"))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = _caddy("validate", config, env)
    assert done.returncode == 0, done.stderr[-2000:]


def _played_hands(path: Path) -> int:
    """How many played hands a database file holds (0: no file yet)."""
    if not path.exists():
        return 0
    conn = sqlite3.connect(path)
    try:
        return conn.execute("select count(*) from hands where tricks is not null").fetchone()[0]
    finally:
        conn.close()


def wait_healthy(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                assert r.read() == b"ok\n"
                return
        except OSError:
            assert process.poll() is None, "start.sh stopped"
            time.sleep(0.2)
    raise AssertionError("start.sh did not answer /healthz in 30 s")


@pytest.mark.litestream
@pytest.mark.skipif(not (BIN / "litestream").exists(), reason="the hosting extra: make test")
def test_start_sh_serves_under_litestream_and_a_new_machine_starts_from_the_copy(tmp_path):
    database = tmp_path / "instance" / "scorepad.db"
    database.parent.mkdir()
    port = free_port()
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "SCOREPAD_DATABASE": str(database),
        "SCOREPAD_SECRET_KEY": "deploy-tests",
        "SCOREPAD_PORT": str(port),
        "LITESTREAM_REPLICA_URL": (tmp_path / "replica").as_uri(),
    }

    def start() -> subprocess.Popen:
        return subprocess.Popen(
            [str(DEPLOY / "start.sh")],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    process = start()
    try:
        wait_healthy(port, process)
        phone = Phone(f"http://127.0.0.1:{port}")
        game_id = phone.start_game()
        assert phone.play_hand(game_id, 1, [3, 3, 3, 4], [3, 3, 3, 4])
        # Litestream copies a second or so after a commit, and a stop in the first second
        # after it starts copies nothing (seen with 0.5.17): wait until its copy holds the hand.
        copied = tmp_path / "copied.db"
        deadline = time.monotonic() + 30
        while _played_hands(copied) < 1:
            assert time.monotonic() < deadline, "Litestream copied no hand in 30 s"
            copied.unlink(missing_ok=True)
            litestream = [str(BIN / "litestream"), "restore", "-config"]
            litestream += [str(DEPLOY / "litestream.yml"), "-o", str(copied), str(database)]
            subprocess.run(litestream, env=env, capture_output=True, timeout=60)
            time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGTERM)  # Litestream stops scorepad and copies the rest
        process.wait(30)
    assert process.returncode == 0, process.returncode

    for leftover in database.parent.glob("scorepad.db*"):
        leftover.unlink()  # the machine is gone; the copy is not
    process = start()
    try:
        wait_healthy(port, process)
        status, _, body = Phone(f"http://127.0.0.1:{port}").request(f"/games/{game_id}/export.json")
        assert status == 200
        hands = json.loads(body)["hands"]
        assert [(h["bids"], h["tricks"]) for h in hands] == [([3, 3, 3, 4], [3, 3, 3, 4])]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)
