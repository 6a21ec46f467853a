"""gunicorn as deployed: the major version the project is tested with (pyproject pins it), and
no control socket (gunicorn 25.1+ opens one under $HOME or $XDG_RUNTIME_DIR unless told not to)."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import gunicorn as gunicorn_package

from tests.servers import gunicorn


def test_gunicorn_is_the_tested_major_version() -> None:
    assert gunicorn_package.__version__.split(".")[0] == "27"
    pins = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert pins.count('"gunicorn>=27,<28"') == 2  # prod and test extras


def test_no_control_socket_is_opened(tmp_path: Path) -> None:
    home, runtime, app = tmp_path / "home", tmp_path / "run", tmp_path / "app"
    for d in (home, runtime, app):
        d.mkdir()
    with gunicorn(app, {"HOME": str(home), "XDG_RUNTIME_DIR": str(runtime)}):
        made = sorted(str(p.relative_to(tmp_path)) for d in (home, runtime) for p in d.rglob("*"))
        sockets = [p for d in (home, runtime) for p in d.rglob("*") if stat.S_ISSOCK(p.lstat().st_mode)]
    assert sockets == [] and made == [], made


def test_the_production_docs_have_the_proxy_buffer_slow_clients() -> None:
    """gthread workers are held by a client that drips its body: the proxy in front must buffer
    both ways, and docs/operations.md gives nginx's two lines for it."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "operations.md").read_text()
    blocks = re.findall(r"```nginx\n(.*?)```", docs, re.S)
    lines = {line.split("#")[0].strip() for block in blocks for line in block.splitlines()}
    assert {"proxy_request_buffering on;", "proxy_buffering on;"} <= lines, blocks
    assert "**Slow clients.**" in docs
