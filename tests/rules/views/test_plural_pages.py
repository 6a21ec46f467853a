"""Real pages count in the right forms: every «number + game noun» a page shows, in Russian and in
English, goes through the one plural helper (the trick referee's «24 очка», the sheets' «120 очков»,
the deal review's tricks, the hand check's points)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.engine.variants import VARIANTS, resolve
from tests.rules.helpers import qs, revoke_deal
from tests.rules.test_plurals import RU, russian_form

pytestmark = pytest.mark.django_db

EN = {  # one, many: the English msgids of rules.counting
    "point": ("card point", "card points"),
    "eye": ("eye", "eyes"),
    "pair": ("pair", "pairs"),
    "goat": ("goat", "goats"),
    "hand": ("hand", "hands"),
    "trick": ("trick", "tricks"),
    "card": ("card", "cards"),
    "series_point": ("series point", "series points"),
    "mark": ("mark", "marks"),
    "entry": ("entry", "entries"),
    "illegal_play": ("illegal play", "illegal plays"),
    "play": ("play", "plays"),
    "question": ("question", "questions"),
}
RU_FORMS = {form: (word, i) for word, forms in RU.items() for i, form in enumerate(forms)}
EN_FORMS = {form: word for word, forms in EN.items() for form in forms}
# a number (not the end of a range «61–89», a score «60:60» or a date) and the word after it
RU_COUNT = re.compile(
    r"(?<![\d:–\-./])(\d+) (" + "|".join(sorted(RU_FORMS, key=len, reverse=True)) + r")(?![а-яё])"
)
EN_COUNT = re.compile(
    r"(?<![\d:–\-./])(\d+) (" + "|".join(sorted(EN_FORMS, key=len, reverse=True)) + r")(?![a-z])"
)


def text(resp) -> str:
    assert resp.status_code == 200, resp.status_code
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", resp.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&nbsp;", " ")


def wrong_counts(page: str, language: str) -> list[str]:
    """Every count on the page whose noun is not in the form its number asks for."""
    wrong = []
    if language == "ru":
        for n, form in RU_COUNT.findall(page):
            word, _ = RU_FORMS[form]
            if form != RU[word][russian_form(int(n))] and form not in RU[word][russian_form(int(n))].split():
                wrong.append(f"{n} {form}")
    else:
        for n, form in EN_COUNT.findall(page):
            word = EN_FORMS[form]
            if form != EN[word][0 if int(n) == 1 else 1]:
                wrong.append(f"{n} {form}")
    return wrong


def get(client: Client, language: str, url: str) -> str:
    client.cookies["kozel_lang"] = language
    return text(client.get(url))


def trick(cards: str) -> str:
    return "/rules/referee/?variant=classic-sixes&leader=0&cards=" + cards.replace(" ", "+")


@pytest.mark.parametrize(
    ("cards", "ru", "en"),
    [
        ("AH QD 10H 7C", "24 очка", "24 card points"),
        ("AH 10H 8H 7H", "21 очко", "21 card points"),
        ("AH 9H 8H 7H", "11 очков", "11 card points"),
        ("KH 9H 8H 7H", "4 очка", "4 card points"),
        ("9H 8H 7H 9S", "0 очков", "0 card points"),
    ],
)
def test_the_trick_referee_counts_its_points(client: Client, cards: str, ru: str, en: str) -> None:
    page = get(client, "ru", trick(cards))
    assert re.search(rf"Взятку берёт Игрок \d · {ru}", page)
    assert wrong_counts(page, "ru") == []
    page = get(client, "en", trick(cards))
    assert f"takes the trick · {en}" in page
    assert wrong_counts(page, "en") == []


@pytest.mark.parametrize("key", sorted(VARIANTS))
@pytest.mark.parametrize("language", ["ru", "en"])
def test_every_rule_sheet_counts_right(client: Client, key: str, language: str) -> None:
    page = get(client, language, f"/rules/{key}/")
    assert ("В колоде 120 очков." if language == "ru" else "The deck holds 120 card points.") in page
    cards = len(resolve(key).deck)  # at the default options
    assert (
        f"{cards} карт" + ("ы" if cards % 10 in (2, 3, 4) else "") if language == "ru" else f"{cards} cards"
    ) in page
    assert wrong_counts(page, language) == []


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_deal_review_counts_tricks_and_plays(client: Client, language: str) -> None:
    params, _trick, _seat = revoke_deal()
    page = get(client, language, "/rules/referee/deal/?" + qs(params))
    tricks = RU_COUNT.findall(page) if language == "ru" else EN_COUNT.findall(page)
    assert sum(int(n) for n, form in tricks if form.startswith(("взят", "trick"))) == 8  # both teams' tricks
    assert wrong_counts(page, language) == []
    # half a trick left over: «1 карта» / «3 карты» at the end
    plays = params["plays"].split()
    for extra, ru, en in [(1, "1 карта", "1 card"), (3, "3 карты", "3 cards")]:
        cut = {**params, "plays": " ".join(plays[: 4 + extra])}
        page = get(client, language, "/rules/referee/deal/?" + qs(cut))
        assert (
            f"Пока не разобрано: {ru} в конце" if language == "ru" else f"Not reviewed yet: {en} at the end"
        ) in page
        assert wrong_counts(page, language) == []


@pytest.mark.parametrize(
    ("cards", "ru", "en"),
    [
        ("AH 10H", "21 очко", "21 card points"),
        ("AH KH QH", "18 очков", "18 card points"),
        ("KH", "4 очка", "4 card points"),
    ],
)
def test_the_hand_check_counts_its_points(client: Client, cards: str, ru: str, en: str) -> None:
    url = "/rules/referee/hand/?variant=classic-sixes&cards=" + cards.replace(" ", "+")
    assert ru in get(client, "ru", url)
    assert en in get(client, "en", url)
