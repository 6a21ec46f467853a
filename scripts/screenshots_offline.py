"""Screenshots of the offline states at 390x844 and 1280x900, Russian and English, into shots/.

Usage: .venv/bin/python scripts/screenshots_offline.py
Starts `manage.py runserver` on a free port with a throwaway SQLite database. Shoots: the match
page without a network with hands waiting, a conflict between two phones, the offline page, the
view link without a network, and a refused tap's message next to its button.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chromium import ARGS, CHROMIUM, wait_kept  # scripts/chromium.py, beside this script
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "shots"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
TEXT = {
    "ru": {"start": "Начать матч", "record": "Записать кон"},
    "en": {"start": "Start the match", "record": "Record the hand"},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="kozel-shots-"))
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}", "DJANGO_DEBUG": "1"}
    env.pop("DJANGO_ENV", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    OUT.mkdir(exist_ok=True)
    try:
        time.sleep(2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for lang, t in TEXT.items():
                for size, (w, h) in SIZES.items():
                    cookies = [{"name": "kozel_lang", "value": lang, "url": base}]

                    def context(w: int = w, h: int = h, cookies: list = cookies):  # noqa: ANN202
                        c = browser.new_context(viewport={"width": w, "height": h}, locale="ru-RU")
                        c.add_cookies(cookies)
                        return c

                    def shot(page, name: str, lang: str = lang, size: str = size) -> None:  # noqa: ANN001
                        suffix = "" if lang == "ru" else "-en"
                        page.screenshot(path=str(OUT / f"offline-{name}-{size}{suffix}.png"), full_page=False)

                    a = context()
                    pa = a.new_page()
                    pa.goto(base + "/m/new/")
                    pa.get_by_role("button", name=t["start"]).click()
                    pa.wait_for_url(re.compile(r"/e/"))
                    edit = pa.url
                    for pts in ("72", "95"):
                        before = pa.locator("#match").get_attribute("data-version")
                        pa.fill("#points_0", pts)
                        pa.get_by_role("button", name=t["record"]).click()
                        pa.wait_for_function(
                            "v => document.querySelector('#match').dataset.version !== v", arg=before
                        )
                    wait_kept(pa)
                    pa.reload()
                    a.set_offline(True)
                    for pts in ("61", "40"):
                        pa.fill("#points_0", pts)
                        pa.get_by_role("button", name=t["record"]).click()
                    pa.wait_for_selector("#hands .pending >> nth=1")
                    pa.evaluate("window.scrollTo(0, document.querySelector('#hands').offsetTop - 150)")
                    shot(pa, "pending")
                    # a page never opened, without a network
                    pa.goto(base + "/rules/disputes/")
                    shot(pa, "page")
                    # another phone records hand 3 meanwhile: the conflict
                    b = context()
                    pb = b.new_page()
                    pb.goto(edit)
                    pb.fill("#points_0", "70")
                    pb.get_by_role("button", name=t["record"]).click()
                    pb.wait_for_selector(".hand[data-hand='3']")
                    watch = re.sub(r"/e/[^/]+/$", "/", edit)
                    pb.goto(watch)
                    wait_kept(pb)
                    b.set_offline(True)
                    pb.wait_for_selector("#net-banner:not([hidden])", timeout=10000)
                    shot(pb, "watch")
                    b.close()
                    pa.goto(edit)
                    a.set_offline(False)
                    pa.wait_for_selector(".hand.pending-conflict", timeout=20000)
                    # and the board fetched after the conflict, with the other phone's hand 3
                    pa.wait_for_selector("#hands ol.hands:not(.pending-hands) > .hand[data-hand='3']")
                    pa.evaluate(
                        "document.querySelector('.hand.pending-conflict').scrollIntoView({block: 'center'})"
                    )
                    shot(pa, "conflict")
                    # the players keep theirs; then a refused tap: its message next to the button
                    pa.locator(".hand.pending-conflict button").first.click()
                    pa.wait_for_function("() => !document.querySelector('#hands .pending')", timeout=20000)
                    pa.route(re.compile(r"/hand/$"), lambda r: r.fulfill(status=404, body=""))
                    pa.fill("#points_0", "88")
                    pa.get_by_role("button", name=t["record"]).click()
                    pa.wait_for_selector("#entry .kz-msg")
                    pa.evaluate("document.querySelector('#entry .kz-msg').scrollIntoView({block: 'center'})")
                    shot(pa, "error")
                    a.close()
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print(f"offline screenshots in {OUT}")


if __name__ == "__main__":
    main()
