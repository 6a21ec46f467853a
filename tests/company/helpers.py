"""Helpers: real matches in the database from the figures' random histories, played through
the scorekeeper's services, and a company's figures recomputed from scratch by rules.stats."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from rules.engine import HandRecord
from rules.stats import MatchInput, Tally, figures
from rules.stats.store import load_tally
from scorekeeper import services
from scorekeeper.company import figures as kept
from scorekeeper.company import services as company_services
from scorekeeper.company.log import replay
from scorekeeper.company.models import Company, CompanyEntry, CompanyMatch
from scorekeeper.models import Match

_nonces = itertools.count(1)


def nonce() -> str:
    return f"t{next(_nonces)}"


def create_match(m: MatchInput) -> tuple[Match, str]:
    """A match of ``m``'s table with its players named (a blind seat unnamed), no hands yet."""
    names = ["" if p is None else p for p in m.players]
    solo = len(names) != 4 or m.variant in ("yc-duel", "solo-twelve")
    match, secret = services.match_create(
        variant=m.variant,
        options=dict(m.options or {}),
        team_names=[n for n in names if n] if solo else ["Красные", "Чёрные"],
        player_names=names,
        seats=m.seats,
        first_dealer=m.dealer or 0,
    )
    return match, secret


def play(match: Match, hands: Sequence[Any]) -> None:
    """Record ``hands``; one the scorekeeper refuses (a random misdeal against the wrong team:
    the strategies do not know the dealer) is left out, as a table would correct it."""
    for rec in hands:
        match.refresh_from_db()
        try:
            services.hand_record(
                match=match, record=HandRecord.from_dict(dict(rec)), nonce=nonce(), version=match.version
            )
        except services.Invalid:
            continue


def named(company: Company) -> dict[str, str]:
    """Player id (as the figures key him) -> his name now."""
    roster = replay(CompanyEntry.objects.filter(company=company))
    return {str(pid): roster.names[pid] for pid in roster.names}


def by_name(tally: Tally, names: dict[str, str]) -> dict[str, Any]:
    """A tally's counts keyed by names, for comparing with a recomputation over names."""
    players = {names[k]: v for k, v in tally.players.items()}
    out = {n: {**p.__dict__, "name": n} for n, p in players.items()}
    pairs = {tuple(sorted((names[a], names[b]))): (p.matches, p.won) for (a, b), p in tally.pairs.items()}
    return {"players": out, "pairs": pairs}


def from_scratch(company: Company, variant: str | None = None) -> tuple[dict[str, Any], dict[str, float]]:
    """The company's figures recomputed by rules.stats from its matches' boards now, players by
    the names they have today (merges applied), in the order the matches ended."""
    roster = replay(CompanyEntry.objects.filter(company=company))
    inputs = []
    rows = CompanyMatch.objects.filter(company=company).select_related("match")
    for row in rows:
        match = row.match
        got = kept.read(match, row.seats)
        seats = [None if p is None else roster.name(p) for p in row.seats]
        inputs.append(
            MatchInput(
                variant=match.variant,
                players=seats,
                hands=[ln.record for ln in match.lines.all()],
                options=match.options,
                seats=match.seats,
                ended=got.ended,
                key=match.public_id,
            )
        )
    f = figures(inputs, variant=variant)
    identity = {n: n for o in f.outcomes for n in o.players}
    ratings = {n: r.ordinal for n, r in f.ratings.ratings.items()}
    return by_name(f.tally, identity), ratings


def kept_figures(company: Company, scope: str = "*") -> tuple[dict[str, Any], dict[str, float]]:
    company.refresh_from_db()
    names = named(company)
    roster = replay(CompanyEntry.objects.filter(company=company))
    names = {k: roster.name(int(k)) for k in names}
    got = company.figures.get("scopes", {}).get(scope)
    if got is None:
        return by_name(Tally(), names), {}
    tally = load_tally(got["tally"])
    ratings = {names[k]: mu - 3 * sigma for k, (mu, sigma) in got["ratings"].items()}
    return by_name(tally, names), ratings


SETTINGS = settings(
    max_examples=10,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a database example is too slow to shrink
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def assert_same(company: Company, *, checked: bool = True) -> None:
    """The kept figures equal a recomputation; ``checked``: and check_companies finds no difference."""
    for scope in ["*", *sorted(company.figures.get("scopes", {}))]:
        variant = None if scope == "*" else scope
        tally, ratings = kept_figures(company, scope)
        want_tally, want_ratings = from_scratch(company, variant)
        if scope != "*" and scope not in company.figures.get("scopes", {}):
            continue
        assert tally == want_tally, scope
        assert ratings.keys() == want_ratings.keys()
        for n, r in ratings.items():
            assert r == pytest.approx(want_ratings[n], abs=1e-9), (scope, n)
    assert kept.check(company) or not checked, "manage.py check_companies would find a difference"


def company_of(history: Sequence[MatchInput], capture) -> Company:  # type: ignore[no-untyped-def]
    company, _secret = company_services.company_create(name="Пятница", time_zone="Europe/Moscow")
    for m in history:
        match, _s = create_match(m)
        half = len(m.hands) // 2
        with capture(execute=True):
            play(match, m.hands[:half])
        company.refresh_from_db()
        company_services.match_link(company=company, match=match, nonce=nonce(), version=company.version)
        with capture(execute=True):  # the rest after it joined: updated on commit
            play(match, m.hands[half:])
    company.refresh_from_db()
    return company
