"""Every door that creates a match, a company or a house sheet counts in its kind's bucket of the
creation limit (common.limits), whatever page it sits on: ``/m/new/``, a company's
``new-match/`` and a match's ``rematch/`` all count as new matches. Every URL pattern of the
site is posted to with its own form: with the limits off the form does what it is for, and with
every bucket full no post adds a match, a company or a house sheet, while a write to what
exists (a hand, an undo, a rename) is never refused for it. A pattern added without its row
in ``DOORS`` fails the test."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode
from uuid import uuid4

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from rules.engine import HandRecord
from rules.models import HouseRule
from scorekeeper import services
from scorekeeper.company import services as company_services
from scorekeeper.company.models import Company
from scorekeeper.models import Entry, Match
from scorekeeper.selectors import match_version
from tests.api.test_analyse import TWO_TRICKS

pytestmark = pytest.mark.django_db

FOUR = ["Аня", "Боря", "Вика", "Гоша"]
MATCH = {"variant": "classic-sixes", "team_0": "Красные", "team_1": "Чёрные", "first_dealer": "0"}
COMPANY = {"name": "Пятница", "players": "\n".join(FOUR), "time_zone": "Europe/Moscow"}
HOUSE = {"name": "Дома", "variant": "classic-sixes"}
WIN = [{"points": [100, 20]}] * 3
PLAYS = TWO_TRICKS["plays"]
# the same deal as the deal review's page has it, for its «А было ли видно?»
DEAL_QUERY = {
    "variant": "classic-sixes",
    "leader": "0",
    "plays": " ".join(PLAYS),
    **{f"h{s}": " ".join(h) for s, h in enumerate(TWO_TRICKS["hands"])},
}


def patterns(resolver: URLResolver | None = None, namespace: str = "") -> Iterator[str]:
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            yield from patterns(p, f"{namespace}{p.namespace}:" if p.namespace else namespace)
        elif isinstance(p, URLPattern) and p.name:
            yield namespace + p.name


@dataclass
class World:
    """What the doors are posted to: a company, a finished match started from it, a match in
    play (two hands, the second deleted), a match of no company, a house sheet."""

    client: Client
    company: str
    done: str
    live: str
    loose: str
    house: str

    @property
    def company_id(self) -> str:
        return self.company.split("/")[2]

    def company_write(self, **data: Any) -> dict[str, Any]:
        version = Company.objects.get(public_id=self.company_id).version
        return {"version": version, "nonce": f"c{version}", **data}

    def match_write(self, edit: str, **data: Any) -> dict[str, Any]:
        version = match_version(match=Match.objects.get(public_id=edit.split("/")[2]))
        return {"version": version, "nonce": f"m{version}", **data}

    def view(self, edit: str) -> str:
        return edit.split("/e/")[0] + "/"


def made(client: Client, path: str, data: dict[str, Any]) -> str:
    r = client.post(path, data)
    assert r.status_code == 302, r.content.decode()[:2000]
    return r["Location"]


def new_match(players: list[str] = FOUR) -> tuple[Match, str]:
    match, secret = services.match_create(
        variant="classic-sixes", options={}, team_names=["Красные", "Чёрные"], player_names=players
    )
    return match, reverse("scorekeeper:edit", args=[match.public_id, secret])


def record(match: Match, points: int) -> None:
    match.refresh_from_db()
    services.hand_record(
        match=match,
        record=HandRecord(points=(points, 120 - points)),
        nonce=uuid4().hex,
        version=match.version,
    )


def world() -> World:
    """Made through the services (the doors' own posts are what the test is about)."""
    company, secret = company_services.company_create(
        name="Пятница", time_zone="Europe/Moscow", players=[*FOUR, "Дима"]
    )
    done, done_edit = new_match()
    company_services.match_link(company=company, match=done, nonce="link", version=company.version)
    for _ in range(3):
        record(done, 100)
    live, live_edit = new_match()
    for points in (80, 40):
        record(live, points)
    live.refresh_from_db()
    services.hand_delete(match=live, slot=2, nonce="delete", version=live.version)
    _loose, loose_edit = new_match()
    house = HouseRule.objects.create(name="Дома", variant="classic-sixes")
    company_edit = reverse("company:edit", args=[company.public_id, secret])
    return World(Client(), company_edit, done_edit, live_edit, loose_edit, house.slug)


Door = Callable[[World], tuple[str, dict[str, Any] | str | None]]


def added_seq(w: World) -> int:
    return Entry.objects.filter(match__public_id=w.live.split("/")[2], slot=2).order_by("seq").first().seq  # type: ignore[union-attr]


# Each pattern's path and what its form posts: a dict (a form), a str (a JSON body), None (a page
# that takes no post). The kinds of doors that create: ``CREATES``.
DOORS: dict[str, Door] = {
    "home": lambda w: ("/", None),
    "set_language": lambda w: ("/lang/", {"language": "en", "next": "/"}),
    "healthz": lambda w: ("/healthz", None),
    "service_worker": lambda w: ("/sw.js", None),
    "manifest": lambda w: ("/manifest.webmanifest", None),
    "offline": lambda w: ("/offline/", None),
    "js_catalog": lambda w: ("/jsi18n/ru/", None),
    "csrf_token": lambda w: ("/csrf/", None),
    "bench_floor": lambda w: ("/bench/floor/", None),
    "api:variants": lambda w: ("/api/v1/variants", None),
    "api:trick": lambda w: (
        "/api/v1/trick",
        json.dumps({"variant": "classic-sixes", "leader": 0, "cards": PLAYS[:4]}),
    ),
    "api:deal": lambda w: (
        "/api/v1/deal",
        json.dumps(TWO_TRICKS),
    ),
    "api:score": lambda w: ("/api/v1/score", json.dumps({"variant": "classic-sixes", "hands": WIN})),
    "api:analyse": lambda w: (
        "/api/v1/analyse",
        json.dumps(TWO_TRICKS),
    ),
    "api:analyse_seen": lambda w: (
        "/api/v1/analyse/seen",
        json.dumps(TWO_TRICKS),
    ),
    "api:analyse_seen_poll": lambda w: ("/api/v1/analyse/seen/" + "0" * 64, None),
    "api:stats": lambda w: (
        "/api/v1/stats",
        json.dumps({"matches": [{"variant": "classic-sixes", "players": FOUR, "hands": WIN}]}),
    ),
    "rules:index": lambda w: ("/rules/", None),
    "rules:referee": lambda w: ("/rules/referee/", None),
    "rules:deal": lambda w: ("/rules/referee/deal/", None),
    "rules:hand": lambda w: ("/rules/referee/hand/", None),
    "rules:seen": lambda w: ("/rules/referee/seen/?" + urlencode(DEAL_QUERY), {"play": "1"}),
    "rules:seen_poll": lambda w: ("/rules/referee/seen/" + "0" * 64 + "/1/", None),
    "rules:compare": lambda w: ("/rules/compare/", None),
    "rules:glossary": lambda w: ("/rules/glossary/", None),
    "rules:disputes": lambda w: ("/rules/disputes/", None),
    "rules:house_new": lambda w: ("/rules/house/", HOUSE),
    "rules:house": lambda w: (f"/rules/house/{w.house}/", None),
    "rules:sheet": lambda w: ("/rules/classic-sixes/", None),
    "scorekeeper:new": lambda w: ("/m/new/", MATCH),
    "scorekeeper:watch": lambda w: (w.view(w.live), None),
    "scorekeeper:export_csv": lambda w: (w.view(w.live) + "export.csv", None),
    "scorekeeper:export_json": lambda w: (w.view(w.live) + "export.json", None),
    "scorekeeper:qr_view": lambda w: (w.view(w.live) + "qr.svg", None),
    "scorekeeper:edit": lambda w: (w.live, None),
    "scorekeeper:hand_new": lambda w: (w.live + "hand/", w.match_write(w.live, points_0=70)),
    "scorekeeper:undo": lambda w: (w.live + "undo/", w.match_write(w.live)),
    "scorekeeper:hand_change": lambda w: (w.live + "hand/1/", w.match_write(w.live, points_0=70)),
    "scorekeeper:hand_dispute": lambda w: (w.live + "hand/1/dispute/", None),
    "scorekeeper:hand_remove": lambda w: (w.live + "hand/1/delete/", w.match_write(w.live)),
    "scorekeeper:kon": lambda w: (w.live + "kon/1/", w.match_write(w.live, points_0=70)),
    "scorekeeper:kon_dispute": lambda w: (w.live + "kon/1/dispute/", None),
    "scorekeeper:kon_remove": lambda w: (w.live + "kon/1/delete/", w.match_write(w.live)),
    "scorekeeper:history": lambda w: (w.live + "history/", None),
    "scorekeeper:restore": lambda w: (w.live + f"history/{added_seq(w)}/restore/", w.match_write(w.live)),
    "scorekeeper:rematch": lambda w: (w.done + "rematch/", w.match_write(w.done)),
    "scorekeeper:qr_edit": lambda w: (w.live + "qr.svg", None),
    "scorekeeper:read_only_rest": lambda w: (w.view(w.live) + "hand/", None),
    "company:new": lambda w: ("/c/new/", COMPANY),
    "company:view": lambda w: (f"/c/{w.company_id}/", None),
    "company:qr_view": lambda w: (f"/c/{w.company_id}/qr.svg", None),
    "company:matches": lambda w: (f"/c/{w.company_id}/matches/", None),
    "company:evenings": lambda w: (f"/c/{w.company_id}/evenings/", None),
    "company:evening_png": lambda w: (f"/c/{w.company_id}/evening/2024-05-01.png", None),
    "company:edit": lambda w: (w.company, None),
    "company:qr_edit": lambda w: (w.company + "qr.svg", None),
    "company:matches_edit": lambda w: (w.company + "matches/", None),
    "company:player_add": lambda w: (w.company + "player/", w.company_write(name="Женя")),
    "company:rename": lambda w: (w.company + "rename/", w.company_write(player=1, name="Анна")),
    "company:merge": lambda w: (w.company + "merge/", w.company_write(keep=1, fold=5)),
    "company:unmerge": lambda w: (w.company + "unmerge/", w.company_write(merge=merged(w))),
    "company:match_add": lambda w: (w.company + "match/", w.company_write(link=w.loose)),
    "company:match_remove": lambda w: (
        w.company + "match/remove/",
        w.company_write(match=Match.objects.get(public_id=w.done.split("/")[2]).pk),
    ),
    "company:match_new": lambda w: (
        w.company + "new-match/",
        {**MATCH, **{f"player_{i}": n for i, n in enumerate(FOUR)}},
    ),
    "company:seating": lambda w: (w.company + "seating/", None),
    "company:read_only_rest": lambda w: (f"/c/{w.company_id}/player/", None),
}
CREATES = {"scorekeeper:new": "match", "company:match_new": "match", "scorekeeper:rematch": "match"}
CREATES |= {"company:new": "company", "rules:house_new": "house"}
FIRST_DOOR = {"match": "/m/new/", "company": "/c/new/", "house": "/rules/house/"}
FORM = {"match": MATCH, "company": COMPANY, "house": HOUSE}
ADDS = {"match": (1, 0, 0), "company": (0, 1, 0), "house": (0, 0, 1)}  # (matches, companies, sheets)


def merged(w: World) -> int:
    """A merge to undo (Дима, who sat in no match, is Аня): its entry's seq."""
    made(w.client, w.company + "merge/", w.company_write(keep=1, fold=5))
    return Company.objects.get(public_id=w.company_id).version


def counts() -> tuple[int, int, int]:
    return Match.objects.count(), Company.objects.count(), HouseRule.objects.count()


def knock(w: World, name: str) -> tuple[int, tuple[int, int, int], bool]:
    """Post the door's form: its status, the (matches, companies, house sheets) it added, and
    whether the door takes a form at all."""
    path, data = DOORS[name](w)
    before = counts()
    if isinstance(data, str):
        r = w.client.post(path, data, content_type="application/json")
    else:
        r = w.client.post(path, data or {})
    added = tuple(a - b for a, b in zip(counts(), before, strict=True))
    return r.status_code, added, data is not None  # type: ignore[return-value]


@pytest.fixture
def limits(settings) -> Iterator[Any]:
    settings.BENCH_FLOOR = True  # its pattern is in DOORS; routed only with the setting on
    caches["ratelimit"].clear()
    yield settings
    caches["ratelimit"].clear()


def test_every_url_pattern_has_a_door() -> None:
    assert set(patterns()) - {"bench_floor"} <= set(DOORS), set(patterns()) - set(DOORS)
    assert set(DOORS) - set(patterns()) <= {"bench_floor"}, set(DOORS) - set(patterns())


def test_no_door_creates_past_the_limit(limits) -> None:
    """Each door twice, on a world of its own where it posts a form (a page that takes none shares
    one): with the limits off, then with every kind's bucket full."""
    wrong: list[tuple[Any, ...]] = []
    shared = world()
    for name in sorted(DOORS):
        if name == "bench_floor":
            continue
        limits.RATELIMIT_ENABLE = False
        w = world() if DOORS[name](shared)[1] is not None else shared
        status, added, form = knock(w, name)
        if form and status >= 400:  # the form is a real one: with the limits off it does what it is for
            wrong.append((name, "refused with the limits off", status))
        if added != ADDS.get(CREATES.get(name, ""), (0, 0, 0)):
            wrong.append((name, "added with the limits off", added))

        w = world() if form else shared
        limits.RATELIMIT_ENABLE = True
        limits.RATELIMIT_CREATE_RATE = "1/10m"
        caches["ratelimit"].clear()
        for kind, path in FIRST_DOOR.items():  # each kind's bucket full
            assert w.client.post(path, FORM[kind]).status_code == 302
        again, added, _form = knock(w, name)
        if added != (0, 0, 0):
            wrong.append((name, "added past the limit", added))
        if (again == 429) != (name in CREATES):  # a write to what exists, or a read, is not limited
            wrong.append((name, "answered past the limit", status, again))
    assert not wrong, wrong


def test_a_match_from_any_door_counts_in_one_bucket(limits) -> None:
    """A company's «new match» and a rematch count with /m/new/; companies and house sheets each
    in their own."""
    w = world()
    limits.RATELIMIT_ENABLE = True
    limits.RATELIMIT_CREATE_RATE = "1/10m"
    assert knock(w, "scorekeeper:rematch")[:2] == (302, (1, 0, 0))
    assert knock(w, "scorekeeper:new")[0] == 429
    assert knock(w, "company:match_new")[0] == 429
    assert knock(w, "company:new")[:2] == (302, (0, 1, 0))
    assert knock(w, "rules:house_new")[:2] == (302, (0, 0, 1))
    assert knock(w, "company:new")[0] == 429 and knock(w, "rules:house_new")[0] == 429
