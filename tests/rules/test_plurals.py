"""Every count meets its noun in the right form (ngettext): 1 очко / 3 очка / 5 очков, for each
of the game's words, through 0-25 and 101-125 (where 11-14 and 111-114 take the «many» form)."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.counting import WORDS, count, score_count

RU = {  # one, few, many
    "point": ("очко", "очка", "очков"),
    "eye": ("глаз", "глаза", "глаз"),
    "pair": ("пара", "пары", "пар"),
    "goat": ("козёл", "козла", "козлов"),
    "hand": ("кон", "кона", "конов"),
    "trick": ("взятка", "взятки", "взяток"),
    "card": ("карта", "карты", "карт"),
    "series_point": ("балл", "балла", "баллов"),
    "mark": ("палочка", "палочки", "палочек"),
    "entry": ("запись", "записи", "записей"),
    "illegal_play": ("нарушение", "нарушения", "нарушений"),
    "play": ("ход", "хода", "ходов"),
    "question": ("вопрос", "вопроса", "вопросов"),
    "match": ("матч", "матча", "матчей"),
    "win": ("победа", "победы", "побед"),
}
NUMBERS = [*range(0, 26), *range(101, 126)]


def russian_form(n: int) -> int:
    """The Russian rule, written out: 1, 21, 101 … one; 2-4, 22-24 … few; the rest many."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def test_every_word_has_its_russian_forms() -> None:
    assert set(RU) == set(WORDS)


@pytest.mark.parametrize("word", sorted(RU))
def test_russian_forms_0_to_25_and_101_to_125(word: str) -> None:
    with translation.override("ru"):
        got = {n: count(n, word) for n in NUMBERS}
    want = {n: f"{n} {RU[word][russian_form(n)]}" for n in NUMBERS}
    assert got == want


@pytest.mark.parametrize("word", sorted(RU))
def test_english_one_and_many(word: str) -> None:
    with translation.override("en"):
        for n in NUMBERS:
            text = count(n, word)
            assert text.startswith(f"{n} ")
            assert text.endswith("s") == (n != 1)


def test_a_score_counts_in_its_systems_unit() -> None:
    with translation.override("ru"):
        assert score_count(3, "pairs") == "3 пары"
        assert score_count(12, "penalty") == "12 козлов"
        assert score_count(21, "eyes-belka") == "21 глаз"
        assert score_count(22, "series") == "22 балла"
