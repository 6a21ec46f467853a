"""The sentences of «Разбор с лучшей игрой» (:mod:`.best`): the deciding play, the turning point
and the play that gave its goals back. A player's or a side's name comes after a noun («ход
игрока «…»», «у пары «…»»), so no word has to agree with it; Russian picks «игрок» or «пара» by
the side's size (a message context)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.engine.cards import Card
from rules.engine.variants import Ruleset
from rules.messages import card_text

Who = Callable[[int], str]


def goal_words(name: str) -> str:
    """What a side could force, as the sentence «… could no longer %s» ends."""
    words = {
        "win": _("take 61"),
        "big_win": _("leave the other side without spas"),
        "all_points": _("take all 120 points"),
        "all_tricks": _("take every trick"),
        "capture": _("catch a queen"),
    }
    return words.get(name, name)


def parts(items: Sequence[str], last: str) -> tuple[tuple[str, str], ...]:
    """Each item with the words after it in a list: ", ", ``last`` before the final one."""
    n = len(items)
    return tuple((x, "" if i == n - 1 else last if i == n - 2 else ", ") for i, x in enumerate(items))


def join(items: Sequence[str], last: str) -> str:
    return "".join(x + after for x, after in parts(items, last))


def goals_text(names: Sequence[str]) -> str:
    return join([goal_words(n) for n in names], _(" and "))


def cards_of(play: Card | tuple[Card, ...]) -> tuple[Card, ...]:
    """A play's cards: one card, or several where a lead may be several."""
    return play if isinstance(play, tuple) else (play,)


def text_of(play: Card | tuple[Card, ...]) -> str:
    return " ".join(card_text(c) for c in cards_of(play))


def side_label(rs: Ruleset, side: int, who: Who) -> str:
    return join([who(s) for s in rs.sides[side]], _(" and "))


def side_names(rs: Ruleset, side: int, who: Who) -> tuple[tuple[str, str], ...]:
    """:func:`side_label` in its parts: each name with the words after it."""
    return parts([who(s) for s in rs.sides[side]], _(" and "))


def _one(rs: Ruleset, side: int) -> bool:
    return len(rs.sides[side]) == 1  # Russian: «у игрока» for one player, «у пары» for a pair


def spas_words(rs: Ruleset, side: int, who: Who) -> str:
    """The bigger award as the summary says it: the other side left without its спас, named."""
    if len(rs.sides) != 2:
        return goal_words("big_win")
    other = 1 - side
    params = {"other": side_label(rs, other, who)}
    if _one(rs, other):
        return pgettext("one player", "leave %(other)s without spas") % params
    return pgettext("a pair", "leave %(other)s without spas") % params


def _play_params(
    rs: Ruleset, who: Who, trick: int, play: Any, goals: str, better: Sequence[str]
) -> tuple[dict[str, Any], bool]:
    """A sentence's words about a play and what its side lost by it, and whether the side is one
    player."""
    side = rs.side_of(play.seat)
    params = {
        "card": text_of(play.card),
        "trick": trick,
        "player": who(play.seat),
        "side": side_label(rs, side, who),
        "goals": goals,
        "better": join(better, _(" or ")),
    }
    return params, _one(rs, side)


def deciding_sentence(rs: Ruleset, who: Who, trick: int, play: Any, goals: str, better: Sequence[str]) -> str:
    """«Решающий ход: Т♥ во взятке 7 (ход игрока «Аня»). После него у пары «Аня и Вика» больше
    не было способа взять 61: лучше было К♥ или 9♥.»: the play after which ``goals`` were gone
    for good."""
    params, one = _play_params(rs, who, trick, play, goals, better)
    if better:
        text = (
            pgettext(
                "one player",
                "The deciding play: %(card)s in trick %(trick)s, played by %(player)s. After it, %(side)s "
                "could never again %(goals)s: %(better)s was better.",
            )
            if one
            else pgettext(
                "a pair",
                "The deciding play: %(card)s in trick %(trick)s, played by %(player)s. After it, %(side)s "
                "could never again %(goals)s: %(better)s was better.",
            )
        )
    else:
        text = (
            pgettext(
                "one player",
                "The deciding play: %(card)s in trick %(trick)s, played by %(player)s. After it, %(side)s "
                "could never again %(goals)s.",
            )
            if one
            else pgettext(
                "a pair",
                "The deciding play: %(card)s in trick %(trick)s, played by %(player)s. After it, %(side)s "
                "could never again %(goals)s.",
            )
        )
    return text % params


def turning_sentence(rs: Ruleset, who: Who, trick: int, play: Any, better: list[str]) -> str:
    """«После 10♥ во взятке 2 у пары «Игрок 1 и Игрок 3» уже не было способа взять 61: лучше было
    Т♣.»"""
    params, one = _play_params(rs, who, trick, play, goals_text(list(play.lost_goals)), better)
    if better:
        text = (
            pgettext(
                "one player",
                "After %(card)s in trick %(trick)s, %(side)s could no longer %(goals)s: %(better)s was better.",
            )
            if one
            else pgettext(
                "a pair",
                "After %(card)s in trick %(trick)s, %(side)s could no longer %(goals)s: %(better)s was better.",
            )
        )
    else:
        text = (
            pgettext("one player", "After %(card)s in trick %(trick)s, %(side)s could no longer %(goals)s.")
            if one
            else pgettext("a pair", "After %(card)s in trick %(trick)s, %(side)s could no longer %(goals)s.")
        )
    return text % params


def given_back_sentence(rs: Ruleset, who: Who, trick: int, play: Any, side: int, goals: str) -> str:
    """«После 9♦ во взятке 14 (ход игрока «Игрок 1») у игрока «Игрок 2» снова был способ взять
    61.»: another side's play gave the turning point's goals back."""
    params = {"card": text_of(play.card), "trick": trick, "player": who(play.seat), "goals": goals}
    params["side"] = side_label(rs, side, who)
    if _one(rs, side):
        text = pgettext(
            "one player",
            "After %(player)s played %(card)s in trick %(trick)s, %(side)s could %(goals)s again.",
        )
    else:
        text = pgettext(
            "a pair", "After %(player)s played %(card)s in trick %(trick)s, %(side)s could %(goals)s again."
        )
    return text % params


def given_back_words(rs: Ruleset, who: Who, side: int, goals: str) -> str:
    """«возвращено игроку «Игрок 2»: взять 61», beside the play that gave the goals back."""
    params = {"side": side_label(rs, side, who), "goals": goals}
    if _one(rs, side):
        return pgettext("one player", "gave %(side)s back: %(goals)s") % params
    return pgettext("a pair", "gave %(side)s back: %(goals)s") % params
