"""The wheel carries templates/ and static/, and an installed copy serves pages with them."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile

from tests.live import ROOT


def test_installed_wheel_finds_its_templates_and_static_files(tmp_path):
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("scorepad-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "scorepad/templates/base.html" in names and "scorepad/static/app.css" in names
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    probe = (
        "import scorepad, sys\n"
        f"assert scorepad.__file__.startswith({str(target)!r}), scorepad.__file__\n"
        f"app = scorepad.create_app({{'DATABASE': {str(tmp_path / 'x.db')!r}, "
        "'SECRET_KEY': 'k'})\n"
        "client = app.test_client()\n"
        "page = client.get('/games/new')\n"
        "assert page.status_code == 200 and b'Start game' in page.data\n"
        "css = client.get('/static/app.css')\n"
        "assert css.status_code == 200 and b'scoreboard' in css.data\n"
        "hosting = client.get('/help/hosting')\n"
        "assert hosting.status_code == 200 and b'lang=\"en\">## Hosting' in hosting.data\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip() == "ok", result.stderr
