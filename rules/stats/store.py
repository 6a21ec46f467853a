"""The figures as JSON and back, for keeping them with a company: an :class:`Outcome` (without
its hands: the figures never look at them again), a :class:`Tally` and a player's rating.
``x == load(dump(x))`` for every value the figures make (a test checks it)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .outcome import MatchInput, Outcome
from .ratings import Rating
from .tally import PairStats, PlayerStats, Streaks, Tally

__all__ = ["dump_outcome", "dump_ratings", "dump_tally", "load_outcome", "load_ratings", "load_tally"]


def _when(x: datetime | None) -> str | None:
    return None if x is None else x.isoformat()


def _parse(x: str | None) -> datetime | None:
    return None if x is None else datetime.fromisoformat(x)


def dump_outcome(o: Outcome) -> dict[str, Any]:
    m = o.match
    return {
        "key": m.key,
        "started": _when(m.started),
        "ended": _when(m.ended),
        "variant": o.variant,
        "sides": [list(s) for s in o.sides],
        "finished": o.finished,
        "winner": o.winner,
        "goats": sorted(o.goats),
        "titles": list(o.titles),
        "score": list(o.score),
        "target": o.target,
        "start_score": o.start_score,
        "ranks": list(o.ranks),
        "hands": o.hands,
        "eggs": o.eggs,
        "hands_won": list(o.hands_won),
        "lyusya_taken": list(o.lyusya_taken),
        "lyusya_suffered": list(o.lyusya_suffered),
        "queen_captures": list(o.queen_captures),
        "instant": o.instant,
    }


def load_outcome(d: dict[str, Any]) -> Outcome:
    sides = tuple(tuple(s) for s in d["sides"])
    match = MatchInput(
        variant=d["variant"],
        players=[n for s in sides for n in s],
        hands=(),
        started=_parse(d["started"]),
        ended=_parse(d["ended"]),
        key=d["key"],
    )
    return Outcome(
        match=match,
        variant=d["variant"],
        sides=sides,
        finished=d["finished"],
        winner=d["winner"],
        goats=frozenset(d["goats"]),
        titles=tuple(d["titles"]),
        score=tuple(d["score"]),
        target=d["target"],
        start_score=d["start_score"],
        ranks=tuple(d["ranks"]),
        hands=d["hands"],
        eggs=d["eggs"],
        hands_won=tuple(d["hands_won"]),
        lyusya_taken=tuple(d["lyusya_taken"]),
        lyusya_suffered=tuple(d["lyusya_suffered"]),
        queen_captures=tuple(d["queen_captures"]),
        instant=d["instant"],
    )


_COUNTS = ("matches", "won", "lost", "goat", "hands", "hands_won", "eggs")
_MORE = ("lyusya_taken", "lyusya_suffered", "queen_captures")


def dump_tally(t: Tally) -> dict[str, Any]:
    players = {}
    for name, p in t.players.items():
        s = p.streaks
        players[name] = {
            **{k: getattr(p, k) for k in _COUNTS + _MORE},
            "titles": dict(p.titles),
            "streaks": [s.length, s.first_won, s.first_run, s.last_won, s.last_run, s.best_won, s.best_lost],
        }
    return {
        "players": players,
        "pairs": [[a, b, p.matches, p.won] for (a, b), p in t.pairs.items()],
        "beaten_by": {name: [[a, b, n] for (a, b), n in by.items()] for name, by in t.beaten_by.items()},
    }


def load_tally(d: dict[str, Any]) -> Tally:
    players = {}
    for name, p in d["players"].items():
        players[name] = PlayerStats(
            name=name,
            **{k: p[k] for k in _COUNTS + _MORE},
            titles=dict(p["titles"]),
            streaks=Streaks(*p["streaks"]),
        )
    pairs = {(a, b): PairStats((a, b), m, w) for a, b, m, w in d["pairs"]}
    beaten = {name: {(a, b): n for a, b, n in by} for name, by in d["beaten_by"].items()}
    return Tally(players, pairs, beaten)


def dump_ratings(ratings: dict[str, Rating]) -> dict[str, list[float]]:
    return {name: [r.mu, r.sigma] for name, r in ratings.items()}


def load_ratings(d: dict[str, list[float]]) -> dict[str, Rating]:
    return {name: Rating(mu, sigma) for name, (mu, sigma) in d.items()}
