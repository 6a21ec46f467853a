"""What the scripts write reads like the server: a count in the script takes the form gettext gives
(Kozel.count, fed by the catalogue), and the matches kept on this phone show their dates in the
page's language, whatever language the browser itself is set to."""

from __future__ import annotations

import calendar
import datetime as dt

import pytest
from django.utils import translation
from playwright.sync_api import Browser, expect

from rules.counting import count

pytestmark = pytest.mark.django_db(transaction=True)

NUMBERS = [*range(0, 26), *range(101, 126), 200, 201, 211, 222, 1001, 1011, 1024, 100005]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_scripts_count_as_gettext_does(browser: Browser, live_server, language: str) -> None:
    context = browser.new_context(locale="ru-RU" if language == "en" else "en-US")  # the other one
    context.add_cookies([{"name": "kozel_lang", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    got = page.evaluate("ns => ns.map(n => Kozel.count('entry', n))", NUMBERS)
    with translation.override(language):
        want = [count(n, "entry") for n in NUMBERS]
    assert got == want
    context.close()


@pytest.mark.parametrize(
    ("language", "browser_locale", "month"), [("ru", "en-US", "ноября"), ("en", "ru-RU", "November")]
)
def test_home_page_dates_are_in_the_pages_language(
    browser: Browser, live_server, language: str, browser_locale: str, month: str
) -> None:
    context = browser.new_context(
        locale=browser_locale, timezone_id="UTC", viewport={"width": 390, "height": 844}
    )
    context.add_cookies([{"name": "kozel_lang", "value": language, "url": live_server.url}])
    at = int(dt.datetime(2026, 11, 30, 19, 35, tzinfo=dt.UTC).timestamp() * 1000)
    context.add_init_script(
        "localStorage.setItem('kozel.matches', JSON.stringify("
        f"[{{id: 'abc', url: '/m/abc/', title: 'Мы — Они', at: {at}}}]))"
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    when = page.locator("#my-matches .my-when")
    expect(when).to_contain_text(month)
    expect(when).to_contain_text("2026")
    expect(when).to_contain_text("19:35" if language == "ru" else "07:35")
    context.close()


RU_MONTHS = "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split()


@pytest.mark.parametrize("language", ["ru", "en"])
def test_history_times_are_the_phones_own(browser: Browser, live_server, language: str) -> None:
    """The server keeps UTC; a phone in Moscow reads its history in Moscow time, in the page's language."""
    from rules.engine.scoring import HandRecord
    from scorekeeper import services
    from scorekeeper.models import Entry

    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["Мы", "Они"])
    services.hand_record(match=match, record=HandRecord(points=(72, 48)), version=0, nonce="h1")
    at = Entry.objects.get(match=match).created_at
    moscow = at.astimezone(dt.timezone(dt.timedelta(hours=3)))
    context = browser.new_context(
        locale="en-US" if language == "ru" else "ru-RU", timezone_id="Europe/Moscow"
    )
    context.add_cookies([{"name": "kozel_lang", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/history/")
    when = page.locator(".history time").first
    expect(when).to_contain_text(moscow.strftime("%M:%S"))
    month = RU_MONTHS[moscow.month - 1] if language == "ru" else calendar.month_name[moscow.month]
    expect(when).to_contain_text(month)
    text = when.inner_text()
    assert "UTC" not in text
    assert f"{moscow.hour:02d}:{moscow:%M}" in text or f"{(moscow.hour - 1) % 12 + 1:02d}:{moscow:%M}" in text
    context.close()
