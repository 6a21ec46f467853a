"""Every reason and error code the engine can emit has a sentence in rules/messages.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from rules import messages
from rules.engine import ERROR_CODES

ENGINE = Path(__file__).resolve().parents[2] / "rules" / "engine"
# Codes raised by an error class or returned as a verdict / redeal reason in the engine's source.
PATTERNS = [
    r'(?:Error|Violation|record_error)\(\s*"([a-z_]+)"',
    r'return (?:False|None), "([a-z_]+)"',
    r'return \(?"([a-z_]+)"(?: if [^\n]* else "[a-z_]+"\))?, [a-z]',  # a rule's fault and its cards
    r'reasons\.append\("([a-z_]+)"\)',
    r'RedealCheck\(False, \("([a-z_]+)",\)',
]


def engine_codes() -> set[str]:
    codes: set[str] = set()
    for path in ENGINE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for pattern in PATTERNS:
            codes.update(re.findall(pattern, source))
        for pair in re.findall(r'(?:= |return \(?)"([a-z_]+)" if [^\n]* else "([a-z_]+)"', source):
            codes.update(pair)
    codes.update(ERROR_CODES)
    return codes


def test_the_scan_finds_the_known_codes() -> None:
    codes = engine_codes()
    for code in (
        "must_follow_suit",
        "must_trump",
        "trump_lead_forbidden",
        "bad_card",
        "duplicate_card",
        "card_not_in_hand",
        "unknown_variant",
        "low_points",
        "no_redeals",
        "points_sum",
    ):
        assert code in codes


@pytest.mark.parametrize("code", sorted(engine_codes()))
def test_every_engine_code_has_a_message(code: str) -> None:
    assert code in messages.MESSAGES
    with translation.override("en"):
        assert messages.describe(code, {}) != code


@pytest.mark.parametrize("code", sorted(messages.MESSAGES))
def test_every_message_is_translated_to_russian(code: str) -> None:
    with translation.override("en"):
        english = messages.describe(code, {})
    with translation.override("ru"):
        russian = messages.describe(code, {})
    assert russian != english, code
    assert re.search("[а-яё]", russian, re.I), code


@pytest.mark.parametrize(("language", "faces"), [("ru", "7♣ 10♥ Д♠ В♦ Т♣ К♥"), ("en", "7♣ 10♥ Q♠ J♦ A♣ K♥")])
def test_card_faces_in_the_page_language(language: str, faces: str) -> None:
    """Rank letters are catalogue entries like any other text: В Д К Т in Russian."""
    from rules.engine import parse_cards

    with translation.override(language):
        assert " ".join(messages.card_text(c) for c in parse_cards("7C 10H QS JD AC KH")) == faces


def test_cards_inside_a_sentence_follow_the_page_language() -> None:
    with translation.override("ru"):
        assert messages.describe("must_trump", {"could_play": ["JD", "QS"]}).endswith(": В♦ Д♠.")
    with translation.override("en"):
        assert messages.describe("must_trump", {"could_play": ["JD", "QS"]}).endswith(": J♦ Q♠.")
