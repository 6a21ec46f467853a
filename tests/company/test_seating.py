"""«Рассадка» through the real views: the table shown is ``rules.stats.seating.draw`` of the
company's history, the players ticked, the evening's tables and the seed; another seating is the
next seed and writes nothing; the start makes one match with those seats through the company's
new-match path; the view link offers nothing; a bad link is one line, the ticks kept."""

from __future__ import annotations

import html as html_lib
import re
from datetime import timedelta

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import timezone

from rules.engine.variants import DEFAULT_VARIANT
from rules.stats import Tally
from rules.stats.seating import SEEDS, Table, default_seed, draw, next_seed
from rules.stats.store import load_tally
from scorekeeper.company.log import roster_of
from scorekeeper.company.models import Company, CompanyEntry, CompanyMatch
from scorekeeper.company.selectors import tonight
from scorekeeper.models import Entry, Match
from tests.company.test_pages import company_of, make, start_match
from tests.scorekeeper.conftest import Table as Phone

pytestmark = pytest.mark.django_db

SIX = ["Аня", "Боря", "Вика", "Гоша", "Дина", "Ефим"]


def ids(company: Company, names: list[str]) -> list[str]:
    roster = roster_of(company)
    return [str(roster.find(n)) for n in names]


def seating_url(edit: str, keys: list[str], seed: int | None = None) -> str:
    query = "&".join(f"p={k}" for k in keys) + ("" if seed is None else f"&seed={seed}")
    return f"{edit}seating/?{query}"


def shown(page: str) -> dict[str, object]:
    """What the page shows of the drawn table: the name at each seat, the first dealer, who
    sits out, and the start form's action and fields."""
    seats = re.findall(
        r'data-seat="\d">\s*<span class="seat-n">[^<]*</span>\s*<strong[^>]*>([^<]*)</strong>', page
    )
    dealer = re.search(r"<dd data-dealer>([^<]*)</dd>", page)
    out = re.search(r"<dd data-out>([^<]*)</dd>", page)
    form = re.search(r'<form method="post" action="([^"]+)" class="seating-start">(.*?)</form>', page, re.S)
    fields = (
        dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form.group(2))) if form else {}
    )
    return {
        "seats": [html_lib.unescape(s) for s in seats],
        "dealer": dealer and html_lib.unescape(dealer.group(1)),
        "out": out.group(1).split(", ") if out else [],
        "action": form and html_lib.unescape(form.group(1)),
        "fields": {k: html_lib.unescape(v) for k, v in fields.items()},
    }


def expected(company: Company, names: list[str], seed: int):
    """The draw of the same inputs, read straight from the kept figures and rows."""
    company.refresh_from_db()
    roster = roster_of(company)
    kept = company.figures.get("scopes", {}).get("*")
    history = load_tally(kept["tally"]) if kept else Tally()
    rows = CompanyMatch.objects.filter(company=company).order_by("started").select_related("match")
    tables = [Table(tuple(str(p) for p in r.seats), r.match.first_dealer) for r in rows]
    s = draw(history, ids(company, names), tables, seed)
    return [roster.names[int(p)] for p in s.seats], roster.names[int(s.seats[s.dealer])], s


def written() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Match, Entry, Company, CompanyEntry, CompanyMatch))


def start_drawn(client: Client, page: str) -> Phone:
    got = shown(page)
    r = client.post(got["action"], got["fields"])
    assert r.status_code == 302, r.content.decode()[:3000]
    return Phone(client, r["Location"])


def test_the_table_shown_is_the_draw_of_the_same_inputs(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    edit = make(client, SIX)
    company = company_of(edit)
    with django_capture_on_commit_callbacks(execute=True):
        first = start_match(client, edit, ["Аня", "Боря", "Вика", "Гоша"], dealer=1)
        for _ in range(3):
            first.hand(points_0=90)
    for seed in (0, 1, 424242, SEEDS - 1):
        page = client.get(seating_url(edit, ids(company, SIX), seed)).content.decode()
        seats, dealer, s = expected(company, SIX, seed)
        got = shown(page)
        assert got["seats"] == seats and got["dealer"] == dealer
        assert got["out"] == [n for n in SIX if n not in seats]
        assert got["fields"]["first_dealer"] == str(s.dealer)
        assert [got["fields"][f"player_{i}"] for i in range(4)] == seats
        # those who played the evening's first match sit out the second
        assert set(got["out"]) <= {"Аня", "Боря", "Вика", "Гоша"}
    # without a seed: the company's log and the evening's date
    page = client.get(seating_url(edit, ids(company, SIX))).content.decode()
    evening = tonight(company, roster_of(company), timezone.now())
    seed = default_seed(company.public_id, company.version, evening.date)
    assert shown(page)["seats"] == expected(company, SIX, seed)[0]
    assert f"seed={next_seed(seed)}" in page


def test_two_phones_with_the_same_link_see_the_same_table(client: Client) -> None:
    edit = make(client, SIX)
    keys = ids(company_of(edit), SIX)
    for link in (seating_url(edit, keys), seating_url(edit, keys, 77), seating_url(edit, keys[::-1], 77)):
        one = shown(Client().get(link).content.decode())
        english = Client()
        english.cookies["kozel_lang"] = "en"
        other = english.get(link).content.decode()
        assert shown(other)["seats"] == one["seats"] and one["seats"]
        theirs = {k: v for k, v in shown(other)["fields"].items() if k != "csrfmiddlewaretoken"}
        mine = {k: v for k, v in one["fields"].items() if k != "csrfmiddlewaretoken"}
        assert shown(other)["dealer"] == one["dealer"]
        assert theirs == {**mine, "team_0": "Reds", "team_1": "Blacks"}


def test_another_seating_is_the_next_seed_and_writes_nothing(client: Client) -> None:
    edit = make(client, SIX)
    keys = ids(company_of(edit), SIX)
    before = written()
    link, tables = seating_url(edit, keys, 5), set()
    for _ in range(6):
        r = client.get(link)
        assert r.status_code == 200
        page = r.content.decode()
        seed = int(re.search(r'href="[^"]*seed=(\d+)" rel="nofollow"', page).group(1))
        tables.add(tuple(shown(page)["seats"]))
        link = html_lib.unescape(re.search(r'href="([^"]*seed=\d+)" rel="nofollow"', page).group(1))
        assert seed == next_seed(int(re.search(r"seed=(\d+)", r.request["QUERY_STRING"]).group(1)))
    assert len(tables) > 1  # another seed draws another of the tables as fair
    assert written() == before


def test_the_start_makes_one_match_with_those_seats_and_it_joins_the_company(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    edit = make(Client(), SIX)
    phone = Client(enforce_csrf_checks=True)
    company = company_of(edit)
    page = phone.get(seating_url(edit, ids(company, SIX), 9)).content.decode()
    got = shown(page)
    before = written()
    # without the page's CSRF token nothing is started
    fields = {k: v for k, v in got["fields"].items() if k != "csrfmiddlewaretoken"}
    assert phone.post(got["action"], fields).status_code == 403
    assert written() == before
    with django_capture_on_commit_callbacks(execute=True):
        table = start_drawn(phone, page)
    assert Match.objects.count() == before[0] + 1
    match = table.match
    assert match.player_names == got["seats"] and match.player_names[match.first_dealer] == got["dealer"]
    assert match.variant == DEFAULT_VARIANT and match.seats == 4
    assert table.edit.startswith(f"/m/{match.public_id}/e/")
    rows = CompanyMatch.objects.filter(company=company)
    assert [r.match_id for r in rows] == [match.pk] and rows[0].seats == [
        int(k) for k in ids(company, got["seats"])
    ]
    # the next seating counts it: those four have played, so the two who sat out play now
    nxt = shown(phone.get(seating_url(edit, ids(company, SIX), 9)).content.decode())
    assert set(got["out"]) <= set(nxt["seats"])


def test_the_start_meets_the_creation_limit_as_every_new_match_does(client: Client, settings) -> None:  # type: ignore[no-untyped-def]
    edit = make(client, SIX)
    page = client.get(seating_url(edit, ids(company_of(edit), SIX), 4)).content.decode()
    settings.RATELIMIT_ENABLE, settings.RATELIMIT_CREATE_RATE = True, "1/10m"
    caches["ratelimit"].clear()
    try:
        start_drawn(client, page)
        before = written()
        got = shown(page)
        r = client.post(got["action"], got["fields"])
        assert r.status_code == 429 and written() == before
    finally:
        caches["ratelimit"].clear()


def test_the_next_match_keeps_the_rules_of_the_last(client: Client, start) -> None:  # type: ignore[no-untyped-def]
    edit = make(client, SIX)
    company = company_of(edit)
    loose = start(
        "penalty-goats",
        player_0="Аня",
        player_1="Боря",
        player_2="Вика",
        player_3="Гоша",
        opt_deck="24",
        opt_royal_goat=True,
    )
    r = client.post(f"{edit}match/", {"link": loose.edit, "version": company.version, "nonce": "l1"})
    assert r.status_code == 302
    page = client.get(seating_url(edit, ids(company, SIX), 3)).content.decode()
    assert shown(page)["fields"]["variant"] == "penalty-goats"
    table = start_drawn(client, page)
    assert table.match.variant == "penalty-goats" and table.match.options == loose.match.options


def test_the_view_link_offers_no_seating(client: Client) -> None:
    edit = make(client, SIX)
    company = company_of(edit)
    keys = ids(company, SIX)
    view = f"/c/{company.public_id}/"
    assert "seating/" in client.get(edit).content.decode()
    assert "seating/" not in client.get(view).content.decode()
    assert client.get(view + "seating/?" + "&".join(f"p={k}" for k in keys)).status_code == 404
    before = written()
    assert client.post(view + "seating/", {"p": keys}).status_code == 403
    # the seating page itself only reads
    assert client.post(f"{edit}seating/", {"p": keys}).status_code == 405
    assert written() == before


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("p={0}&p={1}&p={2}", "Отметьте хотя бы четырёх игроков: отмечено 3."),
        ("draw=1", "Отметьте хотя бы четырёх игроков: отмечено 0."),
        ("p={0}&p={1}&p={2}&p=999", "нет среди игроков компании: «999»"),
        ("p={0}&p={1}&p={2}&p=Аня", "нет среди игроков компании: «Аня»"),
        (
            "p={0}&p={1}&p={2}&p={3}&seed=abc",
            "Номер рассадки в ссылке должен быть целым числом от 0 до 999999999.",
        ),
        ("p={0}&p={1}&p={2}&p={3}&seed=1000000000", "от 0 до 999999999"),
        ("p={0}&p={1}&p={2}&p={3}&seed=-1", "от 0 до 999999999"),
        ("p={0}&p={1}&p={2}&p={3}&seed=%D9%A1%D9%A2", "от 0 до 999999999"),
    ],
)
def test_a_bad_link_is_one_line_and_keeps_the_ticks(client: Client, query: str, says: str) -> None:
    edit = make(client, SIX)
    keys = ids(company_of(edit), SIX)
    before = written()
    r = client.get(f"{edit}seating/?" + query.format(*keys))
    page = r.content.decode()
    assert r.status_code == 400
    assert len(re.findall(r'class="errorlist"', page)) == 1 and says in html_lib.unescape(page)
    ticked = re.findall(r'name="p" value="(\d+)" checked', page)
    assert ticked == [k for k in keys if f"p={{{keys.index(k)}}}" in query]
    assert shown(page)["action"] is None and written() == before


def test_the_page_ticks_who_played_tonight_and_the_edit_page_links_to_it(client: Client) -> None:
    edit = make(client, SIX)
    company = company_of(edit)
    page = client.get(f"{edit}seating/").content.decode()
    # the evening's start: everyone ticked, to untick who is not here
    assert re.findall(r'name="p" value="(\d+)" checked', page) == ids(company, SIX)
    assert "errorlist" not in page and "seating-hint" not in page
    start_match(client, edit, ["Аня", "Вика", "Дина", "Ефим"])
    page = client.get(f"{edit}seating/").content.decode()
    # then who has played tonight, and the page asks for who sat out
    played = ids(company, ["Аня", "Вика", "Дина", "Ефим"])
    assert re.findall(r'name="p" value="(\d+)" checked', page) == played
    assert "отметьте и тех, кто пропускал." in page
    assert shown(page)["action"] is None  # nothing drawn before the ticks are sent
    three = make(client, SIX[:3])
    assert "seating/" not in client.get(three).content.decode()
    assert 'name="p"' not in client.get(f"{three}seating/").content.decode()


def test_tonight_is_the_evening_going_on_and_its_four_seat_team_matches(client: Client, start) -> None:  # type: ignore[no-untyped-def]
    edit = make(client, SIX)
    company = company_of(edit)
    played = start_match(client, edit, ["Аня", "Боря", "Вика", "Гоша"], dealer=3)
    duel = start("yc-duel", player_0="Дина", player_1="Ефим")
    company.refresh_from_db()
    r = client.post(f"{edit}match/", {"link": duel.edit, "version": company.version, "nonce": "d1"})
    assert r.status_code == 302
    now = timezone.now()
    roster = roster_of(company)
    got = tonight(company, roster, now)
    a, b, v, g = ids(company, ["Аня", "Боря", "Вика", "Гоша"])
    assert got.tables == (Table((a, b, v, g), 3),)  # the duel is no table of four
    assert got.date == timezone.localtime(played.match.created_at, timezone.get_fixed_timezone(180)).date()
    # seven hours after the last match began, the evening is over: a new one has no table
    later = tonight(company, roster, now + timedelta(hours=7))
    assert later.tables == () and later.date == (now + timedelta(hours=7 + 3)).date()
