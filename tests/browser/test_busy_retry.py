"""«Судья сейчас разбирает другую сдачу» is no dead end: the player's own fast taps meet the
worker's one solve, and the best-play section asks again by itself until it has the answer, on
the referee's deal review and on a match's «Спор», also past an answer it could not swap in (a
busy server's 503 on the way)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Route, expect

from rules.analysis import exact, gate
from tests.browser.test_analyse import SOLVE_WAIT, TURNING_DEAL
from tests.rules.helpers import qs

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_gate() -> None:
    exact.forget()


@pytest.fixture
def busy() -> Iterator[threading.Event]:
    """The worker's one solve held (the solve of the player's previous tap, still running) until
    the event is set."""
    held, release = threading.Event(), threading.Event()

    def another_solve() -> None:
        with gate.one_solve():
            held.set()
            release.wait(60)

    solving = threading.Thread(target=another_solve)
    solving.start()
    held.wait(10)
    try:
        yield release
    finally:
        release.set()
        solving.join()


def _dispute() -> str:
    from scorekeeper import services
    from scorekeeper.forms.hand import record_from_fields
    from scorekeeper.forms.write import new_nonce

    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["Мы", "Вы"])
    services.hand_record(
        match=match, record=record_from_fields({"points": (70, 50)}), nonce=new_nonce(), version=0
    )
    return f"/m/{match.public_id}/e/{secret}/hand/1/dispute/"


@pytest.mark.parametrize("where", ["referee", "dispute"])
def test_a_busy_worker_is_asked_again_until_the_review_comes(
    page: Page, live_server, busy: threading.Event, where: str
) -> None:
    asked: list[int] = []

    def answer(route: Route) -> None:
        asked.append(1)
        if len(asked) == 2:  # the first time it asks again, the answer never reaches the section
            route.fulfill(status=503, body="Service Unavailable")
        else:
            route.continue_()

    page.route("**/*best=1*", answer)
    if where == "referee":
        page.goto(live_server.url + "/rules/referee/deal/?" + qs(TURNING_DEAL))
    else:
        deal = {k: v for k, v in TURNING_DEAL.items() if k != "variant"}
        page.goto(live_server.url + _dispute() + "?" + qs(deal))
    expect(page.locator("#best-refusal")).to_contain_text("разбирает другую сдачу", timeout=SOLVE_WAIT)
    expect(page.locator("#best-again")).to_contain_text("спросит снова сам")
    # still busy: it asks again, is refused again (and once answered 503), and keeps asking
    page.wait_for_function("() => document.querySelector('#best-refusal') !== null")
    page.wait_for_timeout(5000)
    assert len(asked) >= 3
    expect(page.locator("#best-refusal")).to_be_visible()
    busy.set()  # the other solve ends
    expect(page.locator("#deciding")).to_be_visible(timeout=SOLVE_WAIT)
    expect(page.locator("#best-refusal")).to_have_count(0)
    expect(page.locator("#best-again")).to_have_count(0)
