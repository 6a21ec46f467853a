"""Russian that fits any name.

Players type the names, so the app cannot decline them or know their gender: every message that
carries a name puts it where no word agrees with it (after a noun, after a colon or a dash, or as
the subject of a present-tense verb of one player), never as the subject of a past-tense verb.

The first test renders each such message with a feminine, a masculine and a plural name and
compares it with the reviewed Russian; the second fails on a message with a name parameter the
first does not cover, so a new one is reviewed before it ships.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext

from tests.kozel_site.test_translations import CATALOGUES, _entries

NAMES = ("Аня", "Борис", "Чёрные")  # feminine, masculine, plural

# A parameter by one of these names carries a name typed by the players (a team, a player, the
# dealer); a message using another name for it is listed in ALSO_NAMES.
NAME_PARAMS = frozenset(
    {
        "team",
        "against",
        "seat",
        "player",
        "dealer",
        "name",
        "catcher_player",
        "queen_player",
        "other",
        "p",
        "side",
    }
)
# msgid -> its other parameters and the reviewed Russian, the name written {n}
REVIEWED: dict[str, tuple[dict[str, object], str]] = {
    # the board's lines and notes (scorekeeper.explain, scorekeeper.wording)
    "%(team)s back to 0 (had %(previous)s)": ({"previous": 4}, "{n} — на 0 (было 4)"),
    "Lyusya: %(team)s took every trick": ({}, "Люся — все взятки: {n}"),
    "%(team)s had 0: they lose the series": ({}, "серия проиграна: {n} (в счёте было 0)"),
    "%(team)s caught the queen in the first hand → %(amount)s": (
        {"amount": "12"},
        "ловля дамы в первом коне: {n} → 12",
    ),
    "%(team)s caught the queen → %(amount)s": ({"amount": "4"}, "ловля дамы: {n} → 4"),
    "penalty: %(kind)s, %(against)s at fault → %(amount)s": (
        {"kind": "обман", "amount": "2"},
        "штраф: обман; виновная сторона: {n} → 2",
    ),
    "penalty: %(kind)s against %(against)s": ({"kind": "обман"}, "штраф: обман; виновная сторона: {n}"),
    "%(team)s win the match at once": ({}, "сразу победа в матче: {n}"),
    "%(team)s win the match": ({}, "победа в матче: {n}"),
    "%(team)s wins the match at once": ({}, "сразу победа в матче: {n}"),
    "%(team)s wins the match": ({}, "победа в матче: {n}"),
    "%(team)s took %(marks)s": ({"marks": "2 палочки"}, "{n}: +2 палочки"),
    "%(seat)s leads": ({}, "заходит {n}"),
    "%(team)s choose who leads": ({}, "заход за командой «{n}»: решают сами"),
    "trumps may be led only by the team “%(team)s”": ({}, "с козыря заходит только команда «{n}»"),
    "%(seat)s leads again: after eggs the lead stays": ({}, "снова заходит {n}: после яиц заход остаётся"),
    "%(seat)s leads: the lead moved one seat clockwise": (
        {},
        "заходит {n}: заход перешёл на одно место по часовой",
    ),
    "queen caught by %(team)s": ({}, "ловля дамы: {n}"),
    "obyaz: %(team)s": ({}, "обяз: {n}"),
    "penalty: %(kind)s against %(team)s": ({"kind": "обман"}, "штраф: обман; виновная сторона: {n}"),
    "%(player)s played alone": ({}, "один против двоих: {n}"),
    "first lead: %(player)s": ({}, "первый заход: {n}"),
    # the board, the finale and what a screen reader hears
    "Hand %(n)s: %(dealer)s deals": ({"n": 7}, "Кон 7: сдаёт {n}"),
    "%(name)s (for the blind seat)": ({}, "{n} за слепого"),
    "%(team)s wins the match.": ({}, "Победа в матче: {n}."),
    "%(team)s win the match.": ({}, "Победа в матче: {n}."),
    "Winner: %(team)s": ({}, "Победа: {n}"),
    "Winners: %(team)s": ({}, "Победа: {n}"),
    "The target is %(target)s; the last hand took %(team)s to %(score)s, %(n)s past it.": (
        {"target": 6, "score": 7, "n": 1},
        "Игра шла до 6; после последнего кона счёт 7 — на 1 больше: {n}.",
    ),
    "%(a)s and %(b)s": ({"b": "Вера"}, "{n} и Вера"),
    "%(team)s (%(players)s)": ({"players": "Аня и Вика"}, "{n} (Аня и Вика)"),
    "{team} ({players})": ({"players": "Аня и Вика"}, "{n} (Аня и Вика)"),
    "Score: %(a)s %(x)s, %(b)s %(y)s.": ({"x": 3, "b": "Вера", "y": 5}, "Счёт: {n} 3, Вера 5."),
    "Marks: %(list)s.": ({}, "Палочки: {n}."),
    # the entry form and the match's export
    "%(team)s caught the queen": ({}, "Ловля дамы: {n}"),
    "%(dealer)s deals this hand: a third misdeal counts against the dealing team.": (
        {},
        "Этот кон сдаёт {n}: третья пересдача идёт против сдающей команды.",
    ),
    "Third misdeal: against %(team)s": ({}, "Третья пересдача, виновная сторона: {n}"),
    "The undealt card counts for the dealer: %(dealer)s.": (
        {"n": 2},
        "2 несданные карты идут сдающему: {n}.",
    ),
    "against %(team)s": ({}, "против: {n}"),
    "points %(team)s": ({}, "очки: {n}"),
    "delta %(team)s": ({}, "изменение: {n}"),
    "score %(team)s": ({}, "счёт: {n}"),
    # history: the referee's coded reasons
    "Review: %(player)s did not follow in trick %(trick)s": (
        {"trick": 3},
        "Разбор: взятка 3, ход не в масть — {n}",
    ),
    "Review: %(player)s did not trump in trick %(trick)s": (
        {"trick": 3},
        "Разбор: взятка 3, нужен был козырь — {n}",
    ),
    "Review: an illegal play by %(player)s in trick %(trick)s": (
        {"trick": 3},
        "Разбор: взятка 3, недопустимый ход — {n}",
    ),
    # the referee and the deal review
    "Queen capture: %(catcher)s (%(catcher_player)s) caught %(queen)s (%(queen_player)s). "
    "The hand ends at once in favour of the side of %(catcher_player)s.": (
        {"catcher": "В♣", "queen": "Д♠", "queen_player": "Вера"},
        "Ловля дамы: В♣ ({n}) бьёт Д♠ (Вера). Кон сразу заканчивается в пользу стороны игрока «{n}».",
    ),
    "%(card)s was played by %(other)s, so %(player)s cannot have held it.": (
        {"card": "Д♠", "player": "Вера"},
        "Карта Д♠ уже в игре ({n}), значит, в руке (Вера) её быть не могло.",
    ),
    "Hand 1, trick 1: did %(player)s hold A♦? If so, tap it; if someone else held it, ask them.": (
        {},
        "Первый кон, первая взятка. {n}: был ли туз бубен? Если да, нажмите его; если он был у другого, "
        "спросите его.",
    ),
    "Did %(player)s still hold a plain (non-trump) card? Tap one, or answer «None of these».": (
        {},
        "{n}: оставалась ли простая (некозырная) карта? Нажмите её или ответьте «Ничего из этого».",
    ),
    "Which other cards did %(player)s hold? Tap any one of them.": (
        {},
        "{n}: какие ещё карты были на руке? Нажмите любую из них.",
    ),
    "Did %(player)s hold any %(groups)s? Tap a card they had, or answer «None of these».": (
        {"groups": "♠"},
        "{n}: были ли на руке ♠? Нажмите карту, которая была, или ответьте «Ничего из этого».",
    ),
    "Deal: tap the cards of {p} ({k} of {n})": ({"k": 2, "n": 8}, "Раздача: нажимайте карты — {n} (2 из 8)"),
    "Trick {t}: tap the card of {p}": ({"t": 4}, "Взятка 4: нажмите карту — {n}"),
    "Trick {t}: tap the cards of {p} ({k} of {n})": (
        {"t": 4, "k": 1, "n": 2},
        "Взятка 4: нажимайте карты — {n} (1 из 2)",
    ),
    "Trick {t}: {p} leads; tap the cards, then «Lead done»": (
        {"t": 4},
        "Взятка 4: заходит {n}; нажмите карты захода, затем «Заход готов»",
    ),
    "The other cards go to {p}": ({}, "Остальные карты — {n}"),
    "Hand: %(p)s": ({}, "Рука: {n}"),
    "Second round (prikup): %(p)s": ({}, "Второй круг (прикуп): {n}"),
    "First illegal play: trick %(t)s, %(p)s": ({"t": 2}, "Первое нарушение: взятка 2, {n}"),
    "Two against one: %(p)s held the queen of spades and played alone; every player still counts his "
    "own card points.": (
        {},
        "Двое против одного: пиковая дама — у игрока «{n}», игра одного против двоих; очки карт каждый "
        "всё равно считает свои.",
    ),
    "Cards left over, with the dealer's tricks (%(p)s):": (
        {},
        "Оставшиеся карты — во взятки сдающего ({n}):",
    ),
    "queen capture by %(team)s": ({}, "ловля дамы: {n}"),
    "%(p)s takes the trick · %(pts)s": ({"pts": "14 очков"}, "Взятку берёт {n} · 14 очков"),
    "Next cards: %(p)s, %(k)s of %(n)s.": ({"k": 1, "n": 2}, "Следующие карты: {n}, 1 из 2."),
    "Next card: %(p)s.": ({}, "Следующая карта: {n}."),
    "revoke by %(team)s: %(points)s to the other team": (
        {"points": "4 очка"},
        "ренонс: {n}, 4 очка другой команде",
    ),
    # the deal's analysis (the referee's best play)
    "%(p)s to play. Each allowed play (one card or several), with the card points that side takes with best play after it:": (
        {},
        "Ходит {n}. Каждый разрешённый ход (одна карта или несколько) и сколько очков возьмёт эта сторона "
        "при лучшей игре после него:",
    ),
    "%(p)s to play. Each allowed play (one card or several), with the card points that side takes from this trick to the end of the deal with best play after it (the tricks before are not counted):": (
        {},
        "Ходит {n}. Каждый разрешённый ход (одна карта или несколько) и сколько очков возьмёт эта сторона с "
        "этой взятки до конца сдачи при лучшей игре после него (прежние взятки не в счёт):",
    ),
    "%(p)s to play. Each allowed card, with the card points that side takes with best play after it:": (
        {},
        "Ходит {n}. Каждая разрешённая карта и сколько очков возьмёт эта сторона при лучшей игре после неё:",
    ),
    "%(p)s to play. Each allowed card, with the card points that side takes from this trick to the end of the deal with best play after it (the tricks before are not counted):": (
        {},
        "Ходит {n}. Каждая разрешённая карта и сколько очков возьмёт эта сторона с этой взятки до конца "
        "сдачи при лучшей игре после неё (прежние взятки не в счёт):",
    ),
    "%(p)s: with best play from the first lead, sure to %(g)s.": (
        {"g": "взять 61"},
        "{n}: с первого хода можно было наверняка взять 61.",
    ),
    # a company's pages and its evening card
    "%(name)s: %(wins)s in a row": ({"wins": "3 победы"}, "{n}: 3 победы подряд"),
    "A match of the company “%(name)s”: it joins the company's statistics.": (
        {},
        "Матч компании «{n}»: он войдёт в её статистику.",
    ),
    "“%(name)s” is already a player here: to make two names one person, merge them.": (
        {},
        "«{n}» здесь уже есть: если это один человек под двумя именами, объедините их.",
    ),
    # disputes and sheets
    "%(team)s: %(delta)+d": ({"delta": 2}, "{n}: +2"),
    'House rules over <a href="%(url)s">%(name)s</a>. Everything not listed here is as in the base variant.': (
        {"url": "/r/"},
        'Домашние правила на основе варианта <a href="/r/">«{n}»</a>. Всё, что здесь не указано, — как в '
        "основном варианте.",
    ),
}
# The one name-shaped parameter that holds a number, not a name.
NOT_A_NAME = frozenset({"By the rotation this hand was dealt by seat %(dealer)s."})
# The name parameter of the messages whose name is not among NAME_PARAMS.
ALSO_NAMES = {"%(a)s and %(b)s": "a", "Score: %(a)s %(x)s, %(b)s %(y)s.": "a", "Marks: %(list)s.": "list"}


def _name_param(msgid: str) -> str | None:
    if msgid in ALSO_NAMES:
        return ALSO_NAMES[msgid]
    found = [p for p in re.findall(r"%\((\w+)\)|\{(\w+)\}", msgid) for p in p if p in NAME_PARAMS]
    return found[0] if found else None


# a plural message: its plural msgid (the count is the ``n`` parameter)
PLURALS = {
    "The undealt card counts for the dealer: %(dealer)s.": "The %(n)s undealt cards count for the dealer: %(dealer)s."
}


def _render(msgid: str, params: dict[str, object]) -> str:
    text = ngettext(msgid, PLURALS[msgid], int(params["n"])) if msgid in PLURALS else gettext(msgid)
    return text.format(**params) if "{" in msgid else text % params


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("msgid", sorted(REVIEWED))
def test_every_message_with_a_name_reads_right_for_any_name(msgid: str, name: str) -> None:
    params, reviewed = REVIEWED[msgid]
    key = _name_param(msgid)
    assert key, f"no name parameter in {msgid!r}"
    with translation.override("ru"):
        got = _render(msgid, {**params, key: name})
    assert got == reviewed.replace("{n}", name)


TURNED = "After %(card)s in trick %(trick)s, %(side)s could no longer %(goals)s."
TURNED_BETTER = (
    "After %(card)s in trick %(trick)s, %(side)s could no longer %(goals)s: %(better)s was better."
)
GIVEN_BACK = "After %(player)s played %(card)s in trick %(trick)s, %(side)s could %(goals)s again."
GAVE_BACK = "gave %(side)s back: %(goals)s"
DECIDING = (
    "The deciding play: %(card)s in trick %(trick)s, played by %(player)s. After it, %(side)s "
    "could never again %(goals)s."
)
DECIDING_BETTER = (
    "The deciding play: %(card)s in trick %(trick)s, played by %(player)s. After it, %(side)s "
    "could never again %(goals)s: %(better)s was better."
)
SPAS = "leave %(other)s without spas"
# (context, msgid) -> the reviewed Russian: the deal review's turning point and the play that gave
# its goal back, for a side of one player and for a pair
IN_CONTEXT: dict[tuple[str, str], str] = {
    ("one player", TURNED): "После 9♦ во взятке 3 у игрока «{n}» уже не было способа взять 61.",
    ("a pair", TURNED): "После 9♦ во взятке 3 у пары «{n}» уже не было способа взять 61.",
    ("one player", TURNED_BETTER): (
        "После 9♦ во взятке 3 у игрока «{n}» уже не было способа взять 61: лучше было Т♣."
    ),
    (
        "a pair",
        TURNED_BETTER,
    ): "После 9♦ во взятке 3 у пары «{n}» уже не было способа взять 61: лучше было Т♣.",
    (
        "one player",
        GIVEN_BACK,
    ): "После 9♦ во взятке 3 (ход игрока «{n}») у игрока «{n}» снова был способ взять 61.",
    ("a pair", GIVEN_BACK): "После 9♦ во взятке 3 (ход игрока «{n}») у пары «{n}» снова был способ взять 61.",
    ("one player", GAVE_BACK): "возвращено игроку «{n}»: взять 61",
    ("a pair", GAVE_BACK): "возвращено паре «{n}»: взять 61",
    # the review's summary: the deciding play, and the bigger award as the other side's спас
    ("one player", DECIDING): (
        "Решающий ход: 9♦ во взятке 3 (ход игрока «{n}»). После него у игрока «{n}» больше не было "
        "способа взять 61."
    ),
    ("a pair", DECIDING): (
        "Решающий ход: 9♦ во взятке 3 (ход игрока «{n}»). После него у пары «{n}» больше не было "
        "способа взять 61."
    ),
    ("one player", DECIDING_BETTER): (
        "Решающий ход: 9♦ во взятке 3 (ход игрока «{n}»). После него у игрока «{n}» больше не было "
        "способа взять 61: лучше было Т♣."
    ),
    ("a pair", DECIDING_BETTER): (
        "Решающий ход: 9♦ во взятке 3 (ход игрока «{n}»). После него у пары «{n}» больше не было "
        "способа взять 61: лучше было Т♣."
    ),
    ("one player", SPAS): "оставить игрока «{n}» без спаса",
    ("a pair", SPAS): "оставить пару «{n}» без спаса",
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("context", "msgid"), sorted(IN_CONTEXT))
def test_the_turning_point_reads_right_for_any_name(context: str, msgid: str, name: str) -> None:
    params = {"card": "9♦", "trick": 3, "goals": "взять 61", "better": "Т♣"}
    params |= {"side": name, "player": name, "other": name}
    with translation.override("ru"):
        got = pgettext(context, msgid) % params
    assert got == IN_CONTEXT[(context, msgid)].replace("{n}", name)


def _catalogued_with_a_name() -> set[str]:
    out = set()
    for path in CATALOGUES:
        for _flags, msgid, _msgstr in _entries(path):
            msgid = msgid.replace('\\"', '"')
            if msgid and msgid not in NOT_A_NAME and _name_param(msgid):
                out.add(msgid)
    return out


def test_no_message_with_a_name_is_left_unreviewed() -> None:
    catalogued = _catalogued_with_a_name()
    assert catalogued, "the catalogues were not read"
    unreviewed = sorted(catalogued - set(REVIEWED) - {m for _c, m in IN_CONTEXT})
    assert not unreviewed, f"review these with a feminine, a masculine and a plural name: {unreviewed}"
    gone = sorted(set(REVIEWED) - catalogued)
    assert not gone, f"no longer in any catalogue: {gone}"


def test_no_english_message_quotes_a_name_with_guillemets() -> None:
    """A name or a typed value in an English message is quoted “so”; its Russian keeps «так»."""
    found = [
        msgid
        for path in CATALOGUES
        for _flags, msgid, _msgstr in _entries(path)
        if re.search(r"«(?:%\(\w+\)s|\{\w+\})»", msgid)
    ]
    assert found == []
