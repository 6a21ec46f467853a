"""«А было ли видно?» in a real browser at 390x844, end to end: the deal review of a short ending,
the control beside a costly play tapped, the line waiting and polling, a real worker process
(``manage.py worker`` on the test database) judging the deal, and the verdict appearing in
words, after which the page stops polling."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.rules.helpers import qs
from tests.rules.views.test_seen_pages import SHORT
from tests.servers import database_url

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker() -> Iterator[subprocess.Popen]:
    """``manage.py worker`` on this test's database, stopped afterwards."""
    proc = subprocess.Popen(
        [sys.executable, "manage.py", "worker"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url()},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield proc
    proc.terminate()
    proc.wait(20)


def test_a_play_judged_by_what_was_seen_end_to_end(live_server, page: Page, worker) -> None:
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if "/rules/referee/seen/" in r.url else None)
    page.goto(f"{live_server.url}/rules/referee/deal/?{qs(SHORT)}")
    best = page.locator("#best")
    slot = best.locator(".seen").filter(has=page.locator('input[name="play"][value="22"]'))
    button = slot.get_by_role("button", name="А было ли видно?")
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44
    assert best.get_by_role("button", name="А было ли видно?").count() == 4  # each costly play
    button.click()
    # the line replaces the control: the review under way, then its verdict
    expect(best.locator(".seen-progress")).to_be_visible()
    verdict = best.locator(".seen-verdict.mistake")
    expect(verdict).to_contain_text(
        "По тому, что было видно, после 10♣ ещё можно было взять 61 в 75% раскладов, а после Д♥ — в 21%: ошибка.",
        timeout=60_000,
    )
    expect(best.locator(".seen-sample")).to_have_text("Разобраны все возможные расклады: 48.")
    expect(best.locator(".seen-limit")).to_contain_text("как играют люди, разбор не знает")
    assert worker.poll() is None
    # done: nothing polls any more
    asked = len(polls)
    page.wait_for_timeout(2500)
    assert len(polls) == asked and best.locator(".seen[hx-get]").count() == 0
    # the verdict fits the phone's width
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    # another play of the deal: the same review, answered at once
    other = best.locator(".seen").filter(has=page.locator('input[name="play"][value="20"]'))
    other.get_by_role("button", name="А было ли видно?").click()
    expect(best.locator(".seen-verdict.no_way_to_know")).to_contain_text(
        "явно лучшей карты не было: не повезло"
    )


def test_a_refusal_is_one_line_in_the_play_s_place(live_server, page: Page, settings) -> None:
    """A 503 (the queue full) is swapped in where the control was (deal.js), with the control
    offered again; nothing else on the page changes."""
    settings.KOZEL_SEEN_QUEUE = 0
    page.goto(f"{live_server.url}/rules/referee/deal/?{qs(SHORT)}")
    best = page.locator("#best")
    best.get_by_role("button", name="А было ли видно?").first.click()
    refusal = best.locator(".seen-refused .seen-refusal")
    expect(refusal).to_have_text("Слишком много разборов в очереди; попробуйте через 60 с.")
    expect(best.locator(".seen-refused").get_by_role("button", name="Спросить снова")).to_be_visible()
    assert best.get_by_role("button", name="А было ли видно?").count() == 3
