"""Cards and their notation (docs/rules.md#cards).

Canonical code = rank + suit: ranks ``6 7 8 9 10 J Q K A``, suits ``C S H D``.
The parser also takes suit symbols, lower case, ``T`` for ten and the Russian
rank letters ``В`` (J), ``Д`` (Q), ``К`` (K), ``Т`` (A).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS: tuple[str, ...] = ("C", "S", "H", "D")
RANKS: tuple[str, ...] = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
POINTS: dict[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RED_SUITS = frozenset({"H", "D"})

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# Variation selectors and the white suit symbols players sometimes type.
_SYMBOL_TO_SUIT.update({"♧": "C", "♤": "S", "♡": "H", "♢": "D"})
_RANK_ALIASES = {
    "T": "10",
    "В": "J",
    "Д": "Q",
    "К": "K",
    "Т": "A",
    # Latin look-alikes of the Cyrillic letters typed on a Latin layout
    # are not accepted: "K" and "T" already mean king and ten.
}


class KozelError(ValueError):
    """Base of the engine's errors: a machine ``code``, the offending ``token``, facts in ``params``."""

    def __init__(
        self,
        code: str,
        message: str = "",
        *,
        token: str | None = None,
        field: str | None = None,
        **params: object,
    ) -> None:
        super().__init__(message or code)
        self.code = code
        self.token = token
        self.field = field
        self.params = params

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "token": self.token, "field": self.field, "params": self.params}


class CardNotationError(KozelError):
    """Bad card notation, a duplicate card, or a card that is not in the variant's deck."""


class RuleViolation(KozelError):
    """A play or a record that the rules forbid."""


class Card:
    """A card: ``rank`` and ``suit`` as written, and ``index``, a small integer (0-35, suit by
    suit in ``SUITS`` order, ranks low to high) that the rulesets' precomputed ladders are
    indexed by. There are exactly 36 cards, made once: ``Card("A", "H")`` and
    ``Card.parse("AH")`` are the same object, so cards compare and hash as fast as objects do."""

    __slots__ = ("rank", "suit", "index", "_code", "_points")

    rank: str
    suit: str
    index: int
    _code: str
    _points: int

    def __new__(cls, rank: str, suit: str) -> Card:
        made = _CARDS.get((rank, suit)) if isinstance(rank, str) and isinstance(suit, str) else None
        if made is not None:
            return made
        if rank not in RANKS or suit not in SUITS:
            raise CardNotationError("bad_card", f"not a card: {rank!r} {suit!r}", token=f"{rank}{suit}")
        c = object.__new__(cls)
        object.__setattr__(c, "rank", rank)
        object.__setattr__(c, "suit", suit)
        object.__setattr__(c, "index", SUITS.index(suit) * len(RANKS) + RANKS.index(rank))
        object.__setattr__(c, "_code", rank + suit)
        object.__setattr__(c, "_points", POINTS.get(rank, 0))
        return c

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a card cannot change")

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card; raise :class:`CardNotationError` (code ``bad_card``) naming the token."""
        if not isinstance(token, str):
            raise CardNotationError("bad_card", f"not a card: {token!r}", token=repr(token))
        cached = _BY_CODE.get(token)
        if cached is not None:
            return cached
        text = token.strip().upper().replace("\ufe0f", "")
        if len(text) < 2:
            raise CardNotationError("bad_card", f"not a card: {token!r}", token=token)
        suit_char = text[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_char, suit_char)
        rank = text[:-1]
        rank = _RANK_ALIASES.get(rank, rank)
        if suit not in SUITS or rank not in RANKS:
            raise CardNotationError("bad_card", f"not a card: {token!r}", token=token)
        return _CARDS[(rank, suit)]

    @property
    def code(self) -> str:
        return self._code

    @property
    def points(self) -> int:
        return self._points

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"


_CARDS: dict[tuple[str, str], Card] = {}
for _suit in SUITS:
    for _rank in RANKS:
        _CARDS[(_rank, _suit)] = Card(_rank, _suit)
BY_INDEX: tuple[Card, ...] = tuple(sorted(_CARDS.values(), key=lambda c: c.index))
_BY_CODE: dict[str, Card] = {}
for _card in _CARDS.values():
    _BY_CODE[_card.code] = _card
ALL_CARDS: tuple[Card, ...] = tuple(_CARDS[(r, s)] for s in SUITS for r in RANKS)


def card(token: str | Card) -> Card:
    """A card from a token or a card."""
    return token if isinstance(token, Card) else Card.parse(token)


def parse_cards(
    tokens: str | Iterable[str | Card], *, deck: Iterable[Card] | None = None, seen: set[Card] | None = None
) -> list[Card]:
    """Parse many cards; a duplicate (``duplicate_card``) or a card outside ``deck``
    (``card_not_in_deck``) is an error naming the token. ``seen`` carries cards
    already used elsewhere (in the same deal) and is updated."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    deck_set = frozenset(deck) if deck is not None else None
    seen = seen if seen is not None else set()
    out: list[Card] = []
    for token in tokens:
        c = card(token)
        if deck_set is not None and c not in deck_set:
            raise CardNotationError(
                "card_not_in_deck", f"{c} is not in this variant's deck", token=str(token), card=c.code
            )
        if c in seen:
            raise CardNotationError("duplicate_card", f"{c} appears twice", token=str(token), card=c.code)
        seen.add(c)
        out.append(c)
    return out


def format_cards(cards: Iterable[Card]) -> str:
    """Codes joined by spaces: ``format_cards(parse_cards(text))`` is the canonical notation."""
    return " ".join(c.code for c in cards)


def total_points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)
