"""One deck, one of each card: a card given in two places is impossible data, not a ruling.

A card may be in a seat's hand and then played by that same seat, or in the stock and then
played (it was drawn first). Any other pair of places, two hands, a hand and the stock, two
plays, or a hand and a play by another seat, is ``duplicate_card`` naming the card and both
places, before any trick is judged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card, CardNotationError, card

__all__ = ["PlacedPlay", "check_one_of_each"]

# (place, seat or None when not known before the tricks are played, the play's cards)
PlacedPlay = tuple[str, int | None, Sequence[Card | str]]


def _cards(tokens: Iterable[Card | str] | str) -> list[Card]:
    """The cards that parse; bad notation is reported later by the input checks, with its field."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    out = []
    for t in tokens:
        try:
            out.append(card(t))
        except (ValueError, TypeError, AttributeError):
            continue
    return out


def _compatible(first: tuple[str, int | None], second: tuple[str, int | None]) -> bool:
    """Two places that can hold one physical card: its holder's hand and that holder's play,
    the stock and a play, or a hand and a play whose seat is not known yet."""
    (kind1, seat1), (kind2, seat2) = sorted([first, second], key=lambda p: p[0])
    if kind1 == "hand" and kind2 == "play":
        return seat2 is None or seat1 == seat2
    return kind1 == "play" and kind2 == "stock"


def check_one_of_each(
    hands: Sequence[Sequence[Card | str] | str | None] | None,
    plays: Sequence[PlacedPlay],
    stock: Sequence[Card | str] | str | None = None,
    *,
    hands_field: str = "hands",
    stock_field: str = "stock",
) -> None:
    """Raise ``duplicate_card`` (params ``card``, ``first``, ``second``: the two places) for a
    card that cannot be in both places it is given."""
    seen: dict[Card, list[tuple[str, tuple[str, int | None]]]] = {}

    def place(c: Card, name: str, where: tuple[str, int | None]) -> None:
        for other_name, other in seen.get(c, []):
            if not _compatible(other, where):
                raise CardNotationError(
                    "duplicate_card",
                    f"{c} is in {other_name} and in {name}",
                    token=c.code,
                    field=name,
                    card=c.code,
                    first=other_name,
                    second=name,
                )
        seen.setdefault(c, []).append((name, where))

    for seat, hand in enumerate(hands or ()):
        if hand is not None and not isinstance(hand, (int, float, bool, dict)):
            for i, c in enumerate(_cards(hand)):
                place(c, f"{hands_field}[{seat}][{i}]", ("hand", seat))
    if stock is not None and not isinstance(stock, (int, float, bool, dict)):
        for i, c in enumerate(_cards(stock)):
            place(c, f"{stock_field}[{i}]", ("stock", None))
    for name, play_seat, cards in plays:
        for c in _cards([cards] if isinstance(cards, Card) else cards):
            place(c, name, ("play", play_seat))
