"""Ratings: openskill's Plackett-Luce model with its default parameters, match by match.

Each side of a finished match is one team (a blind seat's side is its one player), ranked by
the match's result (:attr:`Outcome.ranks`). Matches are rated in the order they ended, so the
same matches in another order give other ratings. A rating is shown as its ordinal, μ − 3σ.
The fold keeps every player's rating after each match, so a correction of an old match
recomputes from that match on (:func:`rate` with ``start``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from .outcome import Outcome

__all__ = ["MODEL", "Rating", "RatingPoint", "RatingRun", "rate"]

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @classmethod
    def initial(cls) -> Rating:
        return cls(MODEL.mu, MODEL.sigma)

    def as_dict(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after the ``index``-th rated match (its ``key`` as the caller gave it)."""

    index: int
    key: object
    rating: Rating


@dataclass(frozen=True)
class RatingRun:
    ratings: Mapping[str, Rating] = field(default_factory=dict)
    history: Mapping[str, tuple[RatingPoint, ...]] = field(default_factory=dict)
    after: tuple[Mapping[str, Rating], ...] = ()  # every player's rating after each match

    def before(self, index: int) -> Mapping[str, Rating]:
        """The ratings before match ``index`` of this run: where a recomputation starts."""
        return self.after[index - 1] if index else {}

    def history_before(self, index: int) -> dict[str, tuple[RatingPoint, ...]]:
        out = {name: tuple(p for p in points if p.index < index) for name, points in self.history.items()}
        return {name: points for name, points in out.items() if points}


def rate(outcomes: Sequence[Outcome], start: RatingRun | None = None, *, first: int = 0) -> RatingRun:
    """Rate ``outcomes`` (unfinished ones are skipped, keeping their place) in order. With
    ``start``, a run over the matches before ``first``, the run goes on from match ``first``
    of that run: ``rate(xs[k:], rate(xs), first=k) == rate(xs)``, for any edit of ``xs[k:]``."""
    ratings: dict[str, Rating] = dict(start.before(first)) if start else {}
    history: dict[str, list[RatingPoint]] = (
        {n: list(p) for n, p in start.history_before(first).items()} if start else {}
    )
    after: list[Mapping[str, Rating]] = list(start.after[:first]) if start else []
    for i, o in enumerate(outcomes, start=first):
        if o.finished and len(o.sides) > 1:
            teams = [
                [
                    MODEL.rating(mu=r.mu, sigma=r.sigma, name=n)
                    for n in names
                    for r in [ratings.get(n) or Rating.initial()]
                ]
                for names in o.sides
            ]
            for names, team in zip(o.sides, MODEL.rate(teams, ranks=list(o.ranks)), strict=True):
                for name, new in zip(names, team, strict=True):
                    r = Rating(new.mu, new.sigma)
                    ratings[name] = r
                    history.setdefault(name, []).append(RatingPoint(i, o.match.key, r))
        after.append(dict(ratings))
    return RatingRun(ratings, {n: tuple(p) for n, p in history.items()}, tuple(after))
