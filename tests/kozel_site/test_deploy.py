"""Production settings: ``manage.py check --deploy`` is clean, and production refuses to start
without its secrets (docs/operations.md)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_under_production_settings() -> None:
    done = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_ENV="production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="example.org",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    done = _manage("check", DJANGO_ENV="production", DJANGO_ALLOWED_HOSTS="example.org")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY" in done.stderr


def test_production_refuses_to_start_without_allowed_hosts() -> None:
    done = _manage("check", DJANGO_ENV="production", DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    assert done.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in done.stderr


def test_production_is_not_in_debug_and_serves_compressed_static() -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.CSRF_COOKIE_SECURE, s.STORAGES['staticfiles']['BACKEND'])"
    )
    done = _manage(
        "shell",
        "-c",
        code,
        DJANGO_ENV="production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="example.org",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].split() == [
        "False",
        "True",
        "True",
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
    ]


def test_check_deploy_warns_when_the_bench_floor_is_on() -> None:
    done = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_ENV="production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="example.org",
        KOZEL_BENCH_FLOOR="1",
    )
    assert done.returncode != 0
    assert "kozel.W001" in done.stdout + done.stderr
