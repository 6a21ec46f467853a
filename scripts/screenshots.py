"""Screenshots of pages at a phone's size (390x844) and at desktop width, into shots/.

Usage: .venv/bin/python scripts/screenshots.py [BASE_URL] [PATH ...]
Without BASE_URL it starts `manage.py runserver` on 127.0.0.1:8765 itself (SQLite).
Without paths it shoots the home page, the referee and the rule sheets.
KOZEL_LANG=en shoots the English pages (the language cookie), with "-en" in the file names.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from chromium import ARGS, CHROMIUM  # scripts/chromium.py, beside this script
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "shots"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
LANG = os.environ.get("KOZEL_LANG", "ru")


def wait_for(url: str, seconds: float = 20) -> None:
    end = time.time() + seconds
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except Exception:
            time.sleep(0.2)
    raise SystemExit(f"server at {url} did not answer")


def main(argv: list[str]) -> None:
    server = None
    if argv and argv[0].startswith("http"):
        base, paths = argv[0].rstrip("/"), argv[1:]
    else:
        base, paths = "http://127.0.0.1:8765", argv
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, check=True)
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "127.0.0.1:8765", "--noreload"],
            cwd=ROOT,
            env={**os.environ, "DJANGO_DEBUG": "1"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    paths = paths or ["/", "/rules/", "/rules/referee/"]
    OUT.mkdir(exist_ok=True)
    try:
        wait_for(base + "/healthz")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, (w, h) in SIZES.items():
                ctx = browser.new_context(viewport={"width": w, "height": h}, locale="ru-RU")
                if LANG != "ru":
                    ctx.add_cookies([{"name": "kozel_lang", "value": LANG, "url": base}])
                page = ctx.new_page()
                for path in paths:
                    page.goto(base + path)
                    page.wait_for_load_state("networkidle")
                    slug = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "home"
                    suffix = "" if LANG == "ru" else f"-{LANG}"
                    target = OUT / f"{slug[:60]}-{name}{suffix}.png"
                    page.screenshot(path=str(target), full_page=True)
                    print(target)
                ctx.close()
            browser.close()
    finally:
        if server:
            server.terminate()


if __name__ == "__main__":
    main(sys.argv[1:])
