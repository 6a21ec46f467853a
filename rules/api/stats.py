"""``POST /api/v1/stats``: a company's figures over the matches given (docs/api.md).

It stores nothing, like ``/score``: each match is read as ``/score`` reads its body, with a
name per seat, and the figures are those of ``rules.stats``, which the company's pages show.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rules.engine import KozelError
from rules.stats import MatchInput, figures
from rules.stats.figures import Figures

from .http import BadRequest, json_view
from .read import read_dealer, read_list, read_records, read_ruleset, required

MAX_MATCHES = 500
MAX_STATS_BODY = 2 * 1024 * 1024  # bytes: 500 matches of a few dozen hands each
MATCH_KEYS = frozenset({"variant", "options", "seats", "dealer", "players", "hands"})


def _match(i: int, body: Any) -> MatchInput:
    field = f"matches[{i}]"
    if not isinstance(body, dict):
        raise BadRequest("bad_type", field, expected="object")
    unknown = sorted(set(body) - MATCH_KEYS)
    if unknown:
        raise BadRequest("unknown_field", f"{field}.{unknown[0]}")
    try:
        rs = read_ruleset(body)
        dealer = read_dealer(body, rs)
        players = read_list(required(body, "players"), "players", 8)
        hands = read_records(required(body, "hands"))
    except (BadRequest, KozelError) as e:
        e.field = field + (f".{e.field}" if e.field else "")
        raise
    return MatchInput(
        variant=rs.key,
        players=players,
        hands=hands,
        options=rs.options,
        seats=rs.seats,
        dealer=dealer,
        key=i,
    )


def answer(f: Figures) -> dict[str, Any]:
    """The figures as JSON: players by rating (the best first), pairs by name."""
    tally, ratings = f.tally, f.ratings
    players: list[dict[str, Any]] = []
    for name, p in tally.players.items():
        partner = tally.best_partner(name)
        nemesis = tally.nemesis(name)
        players.append(
            {
                "name": name,
                "matches": p.matches,
                "won": p.won,
                "lost": p.lost,
                "goat": p.goat,
                "titles": dict(p.titles),
                "hands": p.hands,
                "hands_won": p.hands_won,
                "eggs": p.eggs,
                "lyusya_taken": p.lyusya_taken,
                "lyusya_suffered": p.lyusya_suffered,
                "queen_captures": p.queen_captures,
                "longest_win_streak": p.streaks.best_won,
                "longest_loss_streak": p.streaks.best_lost,
                "best_partner": None if partner is None else partner[0],
                "beaten_most_by": None if nemesis is None else list(nemesis[0]),
                "rating": ratings.ratings[name].as_dict(),
            }
        )
    players.sort(key=lambda p: (-ratings.ratings[p["name"]].ordinal, p["name"]))
    pairs = [
        {"players": list(key), "matches": p.matches, "won": p.won} for key, p in sorted(tally.pairs.items())
    ]
    return {"matches": f.finished, "players": players, "pairs": pairs}


@partial(json_view, max_body=MAX_STATS_BODY)
def stats(body: dict[str, Any]) -> dict[str, Any]:
    """Every player's figures and rating, every pair of partners, over the finished matches
    given in the order they ended."""
    matches = read_list(required(body, "matches"), "matches", MAX_MATCHES)
    return answer(figures([_match(i, m) for i, m in enumerate(matches)]))
