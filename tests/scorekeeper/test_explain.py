"""Every note code the engine emits has a line in both languages; titles read as players say them."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.engine import NOTE_CODES, TITLE_CODES
from rules.messages import title_line
from scorekeeper import explain

PARAMS = {
    "amount": 2,
    "band": "61-90",
    "pot": 1,
    "team": 0,
    "previous": 5,
    "first_hand": False,
    "kind": "misdeal",
    "against": 1,
    "factor": 2,
    "bonus": 2,
}


@pytest.mark.parametrize("code", NOTE_CODES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_note_code_has_a_line(code, lang):
    with translation.override(lang):
        line = explain.note_line(code, PARAMS, ["Красные", "Чёрные"])
    assert line and line != code and "%(" not in line and "…" not in line


@pytest.mark.parametrize(
    ("code", "params", "ru"),
    [
        ("spas", {"amount": 1}, "спас → 1"),
        ("no_spas", {"amount": 2}, "без спаса → 2"),
        ("eggs", {"pot": 2}, "яйца! в банке 2"),
        ("eggs", {"factor": 4}, "яйца! следующий кон ×4"),
        ("eggs", {"bonus": 2}, "яйца! +2 ждёт следующей победы"),
        ("eggs", {}, "яйца: никому ничего"),
        ("lyusya", {}, "Люся: все взятки"),
        ("lyusya", {"team": 1}, "Люся — все взятки: Чёрные"),
        ("reset", {"team": 1, "previous": 4}, "Чёрные — на 0 (было 4)"),
        (
            "queen_capture",
            {"team": 0, "amount": 12, "first_hand": True},
            "ловля дамы в первом коне: Красные → 12",
        ),
        (
            "penalty",
            {"kind": "cheating", "against": 0, "amount": 2},
            "штраф: шулерство; виновная сторона: Красные → 2",
        ),
        (
            "penalty",
            {"kind": "royal_goat", "against": 1},
            "штраф: королевский козёл (четыре туза); виновная сторона: Чёрные",
        ),
    ],
)
def test_russian_lines(code, params, ru):
    with translation.override("ru"):
        assert explain.note_line(code, params, ["Красные", "Чёрные"]) == ru


def test_titles():
    with translation.override("ru"):
        assert title_line(("goats", "with_eggs", "with_tails")) == "козлы с яйцами и хвостами"
        assert title_line(("goats", "dry")) == "сухие козлы"
        assert title_line(("dry", "goats", "with_eggs", "with_tails")) == "сухие козлы с яйцами и хвостами"
        assert title_line(("goats", "with_tails")) == "козлы с хвостами"
    with translation.override("en"):
        assert title_line(("goats", "with_eggs", "with_tails")) == "goats with eggs and tails"
        assert all(title_line((t,)) for t in TITLE_CODES)


@pytest.mark.parametrize(
    ("amount", "ru", "en"),
    [
        (1, "Красные: +1 палочка", "Красные took 1 mark"),
        (5, "Красные: +5 палочек", "Красные took 5 marks"),
    ],
)
def test_marks_taken_counts_its_marks(amount, ru, en):
    for lang, want in (("ru", ru), ("en", en)):
        with translation.override(lang):
            assert (
                explain.note_line("marks_taken", {"team": 0, "amount": amount}, ["Красные", "Чёрные"]) == want
            )


@pytest.mark.parametrize(
    ("code", "params", "unit", "ru", "en"),
    [
        ("no_spas", {"amount": 2}, "pair", "без спаса → 2 пары", "no spas → 2 pairs"),
        ("spas", {"amount": 1}, "pair", "спас → 1 пара", "spas → 1 pair"),
        ("obyaz_win", {"amount": 1, "band": "61-90"}, "eye", "обяз выиграл (61–90) → 1 глаз", None),
        ("obyaz_beaten", {"amount": 5, "band": "91-119"}, "eye", "обяз побит (91–119) → 5 глаз", None),
        ("shutout", {"amount": 6}, "goat", "ни одной взятки → 6 козлов", None),
    ],
)
def test_an_award_reads_in_the_matchs_own_unit(code, params, unit, ru, en):
    names = ["Красные", "Чёрные"]
    with translation.override("ru"):
        assert explain.note_line(code, params, names, unit=unit) == ru
        assert explain.note_line(code, params, names).endswith(f"→ {params['amount']}")  # no unit given
    if en:
        with translation.override("en"):
            assert explain.note_line(code, params, names, unit=unit) == en
