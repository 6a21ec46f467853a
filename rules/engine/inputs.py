"""Reading the engine's input: a seat, a play, four hands, each checked against the variant's deck.

Bad input is an error, not a ruling: :class:`TrickInputError` (``bad_seat``,
``wrong_card_count``, ``bad_hand`` …) or :class:`~rules.engine.cards.CardNotationError`, each
naming the offending ``field`` and ``token``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .cards import ALL_CARDS, Card, CardNotationError, KozelError, card
from .variants import Ruleset

__all__ = [
    "PARSED",
    "SEATS",
    "PlayInput",
    "TrickInputError",
    "check_seat",
    "check_table_seat",
    "frozen_params",
    "parse_hands",
    "parse_play",
    "parse_stock",
]

SEATS = (0, 1, 2, 3)
PARSED: dict[str, Card] = {c.code: c for c in ALL_CARDS}
"""Each card by its canonical code: the one lookup a well-formed play costs."""

PlayInput = Card | str | Sequence[Card | str]


class TrickInputError(KozelError):
    """The input does not describe a trick or a deal: ``bad_seat``, ``wrong_trick_size``,
    ``wrong_card_count``, ``bad_hand``, ``card_not_in_hand``, ``too_many_plays``,
    ``plays_after_end`` (each with ``field`` and ``token``)."""


def frozen_params(d: Mapping[str, object] | None = None) -> Mapping[str, object]:
    return MappingProxyType(dict(d or {}))


def check_seat(seat: object, field_name: str = "leader", error: type[KozelError] | None = None) -> int:
    """A seat 0-3, or ``bad_seat`` raised as ``error`` (:class:`TrickInputError` unless the
    caller's input is of another kind, such as a hand record)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in SEATS:
        raise (error or TrickInputError)(
            "bad_seat", f"{field_name} must be a seat 0-3", field=field_name, token=repr(seat)
        )
    return seat


def check_table_seat(rs: Ruleset, seat: object, field_name: str = "leader") -> int:
    """A seat of the ruleset's table (0 to ``rs.seats - 1``) or ``bad_seat``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rs.seats:
        raise TrickInputError(
            "bad_seat", f"not a seat: {seat!r}", field=field_name, token=repr(seat), seats=rs.seats
        )
    return seat


def _deck_card(rs: Ruleset, token: object, field_name: str) -> Card:
    # the common case first: a canonical code (or a card) of this deck, one lookup each
    c = PARSED.get(token) if type(token) is str else (token if type(token) is Card else None)
    if c is not None and rs._in_deck_at[c.index]:
        return c
    try:
        c = card(token)  # type: ignore[arg-type]
    except CardNotationError as e:
        e.field = field_name
        raise
    if c not in rs.deck:
        raise CardNotationError(
            "card_not_in_deck",
            f"{c} is not in this variant's deck",
            token=str(token),
            field=field_name,
            card=c.code,
        )
    return c


def parse_play(rs: Ruleset, play: object, field_name: str) -> tuple[Card, ...]:
    """One play as a tuple of cards: a card, or (draw-four) a list of cards.
    A draw-four play may also be a string of codes separated by spaces (``"9H 10H"``)."""
    if isinstance(play, str) and rs.multi_card_leads and (" " in play.strip() or "," in play):
        play = play.replace(",", " ").split()
    if isinstance(play, (Card, str)):
        return (_deck_card(rs, play, field_name),)
    if isinstance(play, Sequence):
        cards = tuple(_deck_card(rs, t, f"{field_name}[{i}]") for i, t in enumerate(play))
        if not cards or (not rs.multi_card_leads and len(cards) != 1):
            raise TrickInputError(
                "wrong_card_count",
                "one card per play in this variant"
                if not rs.multi_card_leads
                else "a play needs at least one card",
                field=field_name,
                token=" ".join(map(str, cards)),
                count=len(cards),
            )
        return cards
    raise CardNotationError("bad_card", f"not a card: {play!r}", token=repr(play), field=field_name)


def parse_hands(
    rs: Ruleset,
    hands: Sequence[Sequence[Card | str] | None] | None,
    *,
    size: int | None = None,
    seen: set[Card] | None = None,
) -> tuple[tuple[Card, ...] | None, ...]:
    """One hand per seat (or None each); cards in the deck, no card in two hands (``bad_hand``).
    With ``size``, every given hand must hold exactly that many cards."""
    n = rs.seats
    if hands is None:
        return (None,) * n
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != n:
        raise TrickInputError(
            "bad_hand",
            f"hands must be a list of {n} hands",
            field="hands",
            token=repr(hands),
            expected=n,
        )
    seen = set() if seen is None else seen
    out: list[tuple[Card, ...] | None] = []
    for seat, hand in enumerate(hands):
        fname = f"hands[{seat}]"
        if hand is None:
            out.append(None)
            continue
        if isinstance(hand, str):
            hand = hand.replace(",", " ").split()
        cards: list[Card] = []
        for t in hand:
            c = _deck_card(rs, t, fname)
            if c in seen:
                raise TrickInputError(
                    "bad_hand", f"{c} is held twice", field=fname, token=str(t), card=c.code, seat=seat
                )
            seen.add(c)
            cards.append(c)
        if size is not None and len(cards) != size:
            raise TrickInputError(
                "bad_hand",
                f"seat {seat} holds {len(cards)} cards, not {size}",
                field=fname,
                token=" ".join(map(str, cards)),
                seat=seat,
                count=len(cards),
                expected=size,
            )
        out.append(tuple(cards))
    return tuple(out)


def parse_stock(rs: Ruleset, stock: Sequence[Card | str] | str, seen: set[Card]) -> list[Card]:
    """draw-four's stock in draw order (codes, or one string of them): cards in the deck, none
    also in a hand (``bad_hand`` on ``stock``; ``seen`` holds the hands' cards and takes these)."""
    pile: list[Card] = []
    for t in stock.replace(",", " ").split() if isinstance(stock, str) else stock:
        c = parse_play(rs, t, "stock")[0]
        if c in seen:
            raise TrickInputError(
                "bad_hand",
                f"{c} is both in a hand and in the stock",
                field="stock",
                token=c.code,
                card=c.code,
            )
        seen.add(c)
        pile.append(c)
    return pile
