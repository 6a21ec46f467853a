"""The repository as the checks over its source see it."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def repo_files() -> list[str]:
    """Every file git tracks or would track (new files count), that is on disk now."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return sorted(f for f in out if (ROOT / f).is_file())
