"""The placements that agree with a view (docs/rules.md#what-was-seen): counted exactly, listed,
and drawn uniformly at random, by counts over kinds of cards rather than by trying layouts.

A placement puts every hidden card in a place, each place getting its number of cards and none it
is barred from. Cards that play alike (:mod:`.alike`) and are barred from the same places form a
*kind*; a placement's *form* says how many cards of each kind each place gets, and every
placement of one form is the same position up to swapping alike cards, so one solve answers the
whole form, weighed by how many placements it holds (a product of multinomials).

The placements are numbered 0 to ``count - 1`` (kind by kind, each kind's splits in a fixed order,
then which of its cards go where): :meth:`Placements.layout_at` turns a number into its
placement, so a uniform draw of numbers is a uniform draw of placements, exactly, with no
rejection. The numbers are drawn from SHA-256 of a seed and a counter (:func:`draw`): the same
seed always gives the same placements, on any machine.
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import Card
from .alike import runs
from .view import View

Split = tuple[int, ...]
"""How many cards of one kind each place gets."""

Form = tuple[Split, ...]
"""One split per kind: a class of placements that are one position."""


@dataclass(frozen=True)
class Kind:
    """Hidden cards that play alike and may lie in the same places (``allowed``: place indices)."""

    cards: tuple[Card, ...]
    allowed: tuple[int, ...]


@functools.cache
def _multinomial(split: Split) -> int:
    out, left = 1, sum(split)
    for k in split:
        out *= math.comb(left, k)
        left -= k
    return out


class Placements:
    """The placements of hidden cards in places of ``sizes`` cards each, kind by kind."""

    def __init__(self, sizes: tuple[int, ...], kinds: tuple[Kind, ...]) -> None:
        self.sizes, self.kinds = sizes, kinds
        self._measured: dict[tuple[int, Split], tuple[int, int]] = {}
        self._split: dict[tuple[int, Split], list[Split]] = {}  # by kind and its places' room
        self.count, self.forms = self._measure(0, sizes)
        """``count``: how many placements agree with the view; ``forms``: how many forms those
        placements fall in, the positions to solve to take them all."""

    def _splits(self, t: int, caps: Split) -> list[Split]:
        """The ways kind ``t`` can go into places with ``caps`` cards still to fill."""
        kind = self.kinds[t]
        room = tuple(caps[p] for p in kind.allowed)
        hit = self._split.get((t, room))
        if hit is None:
            hit = self._split[t, room] = []
            for part in _parts(len(kind.cards), room):
                split = [0] * len(caps)
                for p, k in zip(kind.allowed, part, strict=True):
                    split[p] = k
                hit.append(tuple(split))
        return hit

    def _after(self, t: int, caps: Split) -> Iterator[tuple[Split, Split, int]]:
        """Each split of kind ``t`` that the kinds after it can complete: the split, the places'
        room after it and the number of completions."""
        for split in self._splits(t, caps):
            rest = tuple(c - k for c, k in zip(caps, split, strict=True))
            n = self._measure(t + 1, rest)[0]
            if n:
                yield split, rest, n

    def _measure(self, t: int, caps: Split) -> tuple[int, int]:
        """The completions of kinds ``t`` on into places with ``caps`` cards to fill, and the
        forms they fall in."""
        if t == len(self.kinds):
            return (0, 0) if any(caps) else (1, 1)
        key = (t, caps)
        hit = self._measured.get(key)
        if hit is None:
            count = forms = 0
            for split in self._splits(t, caps):
                n, f = self._measure(t + 1, tuple(c - k for c, k in zip(caps, split, strict=True)))
                if n:
                    count += _multinomial(split) * n
                    forms += f
            hit = self._measured[key] = (count, forms)
        return hit

    def each_form(self) -> Iterator[tuple[Form, int]]:
        """Every form with the number of placements it holds, in a fixed order."""

        def walk(t: int, caps: Split, path: list[Split], weight: int) -> Iterator[tuple[Form, int]]:
            if t == len(self.kinds):
                yield tuple(path), weight
                return
            for split, rest, _ in self._after(t, caps):
                path.append(split)
                yield from walk(t + 1, rest, path, weight * _multinomial(split))
                path.pop()

        if self.count:
            yield from walk(0, self.sizes, [], 1)

    def _path_at(self, rank: int) -> list[tuple[Split, int]]:
        """Placement ``rank``'s split of each kind, and which of that split's ways it takes."""
        if not 0 <= rank < self.count:
            raise IndexError(rank)
        caps, out = self.sizes, []
        for t in range(len(self.kinds)):
            for split, rest, n in self._after(t, caps):
                block = _multinomial(split) * n
                if rank < block:
                    way, rank = divmod(rank, n)
                    out.append((split, way))
                    caps = rest
                    break
                rank -= block
        return out

    def form_at(self, rank: int) -> Form:
        """The form of placement ``rank``."""
        return tuple(split for split, _ in self._path_at(rank))

    def layout_at(self, rank: int) -> tuple[tuple[Card, ...], ...]:
        """Placement ``rank``: the cards of each place."""
        return self._layout(self._path_at(rank))

    def layout_of(self, form: Form) -> tuple[tuple[Card, ...], ...]:
        """The first placement of ``form``: the one solved for all of it."""
        return self._layout([(split, 0) for split in form])

    def _layout(self, path: list[tuple[Split, int]]) -> tuple[tuple[Card, ...], ...]:
        places: list[list[Card]] = [[] for _ in self.sizes]
        for kind, (split, way) in zip(self.kinds, path, strict=True):
            left = list(kind.cards)
            for p in kind.allowed:
                k = split[p]
                if not way:  # the first way: each place takes the first cards left
                    places[p].extend(left[:k])
                    left = left[k:]
                    continue
                rest = _multinomial(tuple(split[q] for q in kind.allowed if q > p))
                pick, way = divmod(way, rest)
                chosen = _combination(len(left), k, pick)
                places[p].extend(left[i] for i in chosen)
                left = [c for i, c in enumerate(left) if i not in chosen]
        return tuple(tuple(sorted(p, key=lambda c: c.index)) for p in places)


@functools.cache
def _parts(left: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The ways to put ``left`` cards into places of room ``caps``, the first place's share from
    the most it can take down, then the next's."""
    if not caps:
        return ()
    if len(caps) == 1:
        return ((left,),) if left <= caps[0] else ()
    return tuple((k, *rest) for k in range(min(left, caps[0]), -1, -1) for rest in _parts(left - k, caps[1:]))


def _combination(n: int, k: int, rank: int) -> tuple[int, ...]:
    """The ``rank``-th ``k``-subset of ``range(n)`` in lexicographic order."""
    out: list[int] = []
    x = 0
    while k:
        ways = math.comb(n - x - 1, k - 1)
        if rank < ways:
            out.append(x)
            k -= 1
        else:
            rank -= ways
        x += 1
    return tuple(out)


def placements_of(view: View) -> Placements:
    """The placements that agree with ``view``."""
    places = view.places
    kinds: list[Kind] = []
    for run in runs(view.deal.rs, view.live, view.hidden):
        by_allowed: dict[tuple[int, ...], list[Card]] = {}
        for c in run:
            allowed = tuple(p for p, place in enumerate(places) if c not in place.barred)
            by_allowed.setdefault(allowed, []).append(c)
        kinds.extend(Kind(tuple(cs), allowed) for allowed, cs in by_allowed.items())
    return Placements(tuple(p.size for p in places), tuple(kinds))


def draw(seed: bytes, total: int, k: int) -> list[int]:
    """``k`` distinct numbers below ``total`` (all of them if fewer), each set of ``k`` equally
    likely, from SHA-256 of ``seed`` and a counter; sorted."""
    if k >= total:
        return list(range(total))
    bound = (1 << 256) // total * total  # past it a number would favour the low ranks
    out: set[int] = set()
    i = 0
    while len(out) < k:
        x = int.from_bytes(hashlib.sha256(seed + i.to_bytes(8, "big")).digest(), "big")
        i += 1
        if x < bound:
            out.add(x % total)
    return sorted(out)


__all__ = ["Form", "Kind", "Placements", "Split", "draw", "placements_of"]
