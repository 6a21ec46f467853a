"""Russian that fits a woman and a man alike.

The app does not know a player's gender, so nothing it says of a player may agree with one: no
past-tense verb in the singular (взял, получил, пошёл) and no title of a person in the singular
(победитель, проигравший) with a player as its subject. Each such form must have a grammatical
subject of its own in its sentence (кто, тот, a team, a card, the hand: SUBJECTS).

Two ways in: every message that takes a name, rendered with a woman's and a man's name; and every
message of the catalogues as makemessages extracts them from the code, the templates and the
scripts, except the rule sheets' texts, which speak of roles (the dealer, the player who took the
trick) and are never shown beside a name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from tests.kozel_site.test_names_in_russian import IN_CONTEXT, REVIEWED, _name_param, _render
from tests.kozel_site.test_translations import CATALOGUES, ROOT, extracted  # noqa: F401 (a fixture)

WOMAN, MAN = "Аня", "Борис"

# Past tense in the singular: -л, -ла (and -лся, -лась), пошёл / пошла.
PAST_SINGULAR = re.compile(r"(?:[аеёиоуыя]л|[аеёиоуыя]ла|[аеёиоуыя]лся|[аеёиоуыя]лась|шёл|шла)$")
# Nouns ending like a past tense, never a verb.
NOT_VERBS = frozenset(
    {"козёл", "стол", "пол", "правила", "правил", "числа", "стола", "козла", "сначала", "дела", "предел"}
)
# A person's title in the singular, which a player would be called.
TITLES = frozenset(
    {"победитель", "победительница", "проигравший", "проигравшая", "выигравший", "выигравшая", "виновник"}
)
# What a singular form may agree with instead of a player: who-ever (кто, тот), a pronoun for a
# card or a thing, a side, and the things of the game. Each is a subject in some reviewed message.
SUBJECTS = frozenset(
    {
        "кто", "тот", "он", "она", "никто", "который", "которая", "игрок", "команда", "сторона", "обяз",
        "карта", "туз", "козырь", "дама", "хвалёнка", "рука", "ход", "заход", "способ",
        "кон", "сдача", "матч", "счёт", "игра", "бонус", "лимит", "форма", "страница",
        "сервер", "причина", "разбор", "свод",
    }
)  # fmt: skip
# The rule sheets' texts (the files they are in, or their folders): roles, never a name.
RULE_TEXTS = (
    "rules/sheets/",
    "rules/engine/decisions.py",
    "rules/templates/rules/sheet.html",
    "rules/templates/rules/sheets/",
    "rules/templates/rules/glossary.html",
    "rules/templates/rules/disputes.html",
)

ENTRY = re.compile(
    r'((?:#[^\n]*\n)*)(?:msgctxt "[^\n]*"\n)?msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)(?:msgid_plural (?:"(?:[^"\\]|\\.)*"\s*)+)?'
    r'((?:msgstr(?:\[\d\])? (?:"(?:[^"\\]|\\.)*"\s*)+)+)'
)


def agreeing(text: str) -> list[str]:
    """The forms in ``text`` that agree with a woman or a man alone and have no subject of
    their own in their sentence."""
    found = []
    for sentence in re.split(r"[.;:?!]\s|\s[—–]\s|\n", text):
        words = [w.lower() for w in re.findall(r"[А-Яа-яЁё]+", sentence)]
        gendered = [
            w for w in words if w in TITLES or (w not in NOT_VERBS and len(w) > 3 and PAST_SINGULAR.search(w))
        ]
        if gendered and not SUBJECTS & set(words):
            found += gendered
    return found


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Люся: взял / получил", ["взял", "получил"]),
        ("Пошёл в масть захода ♠.", ["пошёл"]),
        ("победитель", ["победитель"]),
        ("Аня выиграла", ["выиграла"]),
        ("Аня — победа", []),
        ("Люся: взято / получено", []),
        ("Кто зашёл", []),
        ("Кон закончился ловлей дамы", []),
        ("Борис и Гоша проиграли", []),
    ],
)
def test_the_check_finds_what_agrees_with_one_gender(text: str, bad: list[str]) -> None:
    assert agreeing(text) == bad


@pytest.mark.parametrize("name", (WOMAN, MAN))
def test_every_message_with_a_name_fits_a_woman_and_a_man(name: str) -> None:
    from django.utils.translation import pgettext

    rendered = []
    with translation.override("ru"):
        for msgid, (params, _reviewed) in REVIEWED.items():
            key = _name_param(msgid)
            assert key
            rendered.append(_render(msgid, {**params, key: name}))
        for context, msgid in IN_CONTEXT:
            rendered.append(
                pgettext(context, msgid)
                % {
                    "card": "9♦",
                    "trick": 3,
                    "goals": "взять 61",
                    "better": "Т♣",
                    "side": name,
                    "player": name,
                    "other": name,
                }
            )
    bad = {text: agreeing(text) for text in rendered if agreeing(text)}
    assert not bad


def _messages(path: Path) -> list[tuple[list[str], str, str]]:
    """(the files a message is used in, msgid, every msgstr joined) of a catalogue."""
    out = []
    for m in ENTRY.finditer(path.read_text(encoding="utf-8")):
        refs = [
            r.split(":")[0]
            for line in m.group(1).splitlines()
            if line.startswith("#: ")
            for r in line[3:].split()
        ]
        msgid = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2)))
        strs = re.findall(r'msgstr(?:\[\d\])? ((?:"(?:[^"\\]|\\.)*"\s*)+)', m.group(3))
        msgstr = "\n".join("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', s)) for s in strs)
        if msgid:
            out.append((refs, msgid, msgstr))
    return out


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_said_beside_a_name_agrees_with_one_gender(extracted: Path, path: Path) -> None:  # noqa: F811
    """The Python, template and script catalogues, brought up to date from the code (so every
    message knows the files it is used in)."""
    messages = _messages(extracted / path.relative_to(ROOT))
    assert messages
    bad = {
        msgid: found
        for refs, msgid, msgstr in messages
        if not (refs and all(r.startswith(RULE_TEXTS) for r in refs)) and (found := agreeing(msgstr))
    }
    assert not bad


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_russian_quotes_with_guillemets(path: Path) -> None:
    """«…», as the rest of the Russian: no „…“ (the English “…” stays in the msgid)."""
    bad = [msgid for _refs, msgid, msgstr in _messages(path) if "„" in msgstr or "“" in msgstr]
    assert bad == []
