"""The evening's image (rules/evening_card.py, rules/stats/card.py): worded in the reader's
language, drawn in Cyrillic at the size a chat previews, never blank."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from django.utils import translation
from PIL import Image

from rules.evening_card import evening_png, evening_texts
from rules.stats import MatchInput, read_all
from rules.stats.card import ACCENT, BACKGROUND, FALLBACKS, MARGIN, PANEL, SIZE, draw_card, font_path, runs
from rules.stats.evenings import Evening, evenings

T = datetime(2026, 12, 5, 16, 0, tzinfo=UTC)
WIN = [{"points": [100, 20]}] * 3


def evening() -> Evening:
    history = [
        MatchInput(
            "classic-sixes", ["Аня", "Боря", "Вика", "Гоша"], WIN, started=T, ended=T + timedelta(hours=1)
        ),
        MatchInput(
            "classic-sixes",
            ["Аня", "Боря", "Вика", "Гоша"],
            [{"points": [60, 60]}, {"points": [100, 20]}, {"points": [100, 20]}, {"points": [72, 48]}],
            started=T + timedelta(hours=1),
            ended=T + timedelta(hours=2),
        ),
        MatchInput("classic-sixes", ["Аня", "Боря", "Вика", "Гоша"], WIN[:1], started=T + timedelta(hours=2)),
    ]
    (e,) = evenings(read_all(history), "Europe/Moscow")
    return e


def test_the_words_in_russian_and_english() -> None:
    with translation.override("ru"):
        title, rows = evening_texts(evening())
    assert title == "Вечер 5 декабря"
    assert rows == [
        ("Матчи", "2 матча, не доиграно: 1"),
        ("Козлы", "Боря ×2, Гоша ×2"),
        ("Самая крупная победа", "Аня и Вика — победа 6:0; Боря и Гоша — козлы"),
        ("Самая длинная серия", "Аня: 2 победы подряд"),
    ]
    with translation.override("en"):
        title, rows = evening_texts(evening())
    assert title == "Evening of 5 December"
    assert rows[0] == ("Matches", "2 matches, 1 not finished")
    assert rows[3] == ("The longest streak", "Аня: 2 wins in a row")


def test_the_biggest_win_says_who_beat_whom_and_a_streak_of_one_is_not_told() -> None:
    """«Аня и Вика — победа 7:5; Борис и Гоша — козлы с яйцами и хвостами»: the winners and
    the goats each before a dash (no name declined), the titles joined as the board joins them;
    one goat is «козёл»; a longest streak of one win says nothing."""
    big = evening().finished[1]
    one = replace(big, titles=("goats", "with_eggs", "with_tails"))
    e = Evening(date(2026, 12, 5), (one,))
    with translation.override("ru"):
        rows = dict(evening_texts(e)[1])
    assert rows["Самая крупная победа"] == "Аня и Вика — победа 6:0; Боря и Гоша — козлы с яйцами и хвостами"
    assert "Самая длинная серия" not in rows
    with translation.override("en"):
        rows = dict(evening_texts(e)[1])
    assert rows["The biggest win"] == "Аня and Вика beat Боря and Гоша 6:0 — goats with eggs and tails"
    duel = MatchInput("yc-duel", ["Аня", "Боря"], [{"points": [100, 20]}] * 3, started=T, ended=T)
    (d,) = evenings(read_all([duel]), "Europe/Moscow")
    with translation.override("ru"):
        rows = dict(evening_texts(d)[1])
    assert rows["Самая крупная победа"].endswith("; Боря — козёл")


def ink(png: bytes) -> tuple[tuple[int, int], float]:
    """The image's size and the share of its pixels that are not the background."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    data = img.get_flattened_data() if hasattr(img, "get_flattened_data") else img.getdata()
    other = sum(1 for px in data if px != BACKGROUND)
    return img.size, other / (img.size[0] * img.size[1])


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_image_is_a_chat_preview_with_text(language: str) -> None:
    with translation.override(language):
        png = evening_png(evening(), "Пятница")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    size, share = ink(png)
    assert size == SIZE == (1200, 630)
    assert 0.3 < share < 0.95  # the panels and the text, on the table's green


def test_more_words_do_not_overflow() -> None:
    long_rows = [("Козлы", ", ".join(f"Игрок с длинным именем {i} ×{i}" for i in range(30)))] * 6
    png = draw_card("Вечер 5 декабря " + "очень " * 40, long_rows)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size == SIZE
    margin = [img.getpixel((x, y)) for x in range(SIZE[0] - 30, SIZE[0]) for y in range(20, SIZE[1])]
    assert set(margin) == {BACKGROUND}  # cut with «…» inside the panel, not past the edge
    assert 0.3 < ink(png)[1] < 0.95


def test_a_long_footer_ends_with_an_ellipsis_inside_the_card() -> None:
    png = draw_card("Вечер 5 декабря", [("Матчи", "2")], "Козёл · " + "Очень длинное название компании " * 6)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    margin = [
        img.getpixel((x, y)) for x in range(SIZE[0] - 40, SIZE[0]) for y in range(SIZE[1] - 60, SIZE[1])
    ]
    assert set(margin) == {BACKGROUND}
    footer = [
        img.getpixel((x, y)) for x in range(SIZE[0] - 120, SIZE[0] - 40) for y in range(SIZE[1] - 60, SIZE[1])
    ]
    assert ACCENT in footer  # it runs to the margin, and stops there


SYMBOLA = next((Path(p) for p in FALLBACKS if Path(p).is_file()), None)


@pytest.mark.skipif(SYMBOLA is None, reason="needs Debian's fonts-symbola (scripts/font.sh installs it)")
def test_a_character_dejavu_lacks_is_drawn_in_symbola_and_one_no_font_has_is_left_out() -> None:
    assert runs("Аня 🐐 ×2") == [("Аня ", font_path()), ("🐐", SYMBOLA), (" ×2", font_path())]
    assert runs("Боря \U000f0000!", bold=True) == [("Боря !", font_path(True))]

    def value_ink(value: str) -> int:
        img = Image.open(io.BytesIO(draw_card("Вечер", [("Козлы", value)]))).convert("RGB")
        area = [img.getpixel((x, y)) for x in range(MARGIN, SIZE[0] - MARGIN) for y in range(186, 250)]
        return sum(1 for px in area if px != PANEL)

    assert value_ink("\U000f0000\U000f0001") == 0  # no box where no font has the character
    assert value_ink("🐐🦄🐐") > 200  # the emoji, from Symbola


def test_the_biggest_win_names_the_teams_where_the_page_knows_them() -> None:
    e = evening()
    key = e.biggest_win().outcome.match.key
    with translation.override("ru"):
        rows = dict(evening_texts(e, {key: ["Красные", "Чёрные"]})[1])
    assert rows["Самая крупная победа"] == "Красные (Аня и Вика) — победа 6:0; Чёрные (Боря и Гоша) — козлы"
    # a duel's sides are its players: nothing to add
    duel = MatchInput("yc-duel", ["Аня", "Боря"], [{"points": [100, 20]}] * 3, started=T, ended=T, key="d")
    (d,) = evenings(read_all([duel]), "Europe/Moscow")
    with translation.override("ru"):
        rows = dict(evening_texts(d, {"d": ["Аня", "Боря"]})[1])
    assert re.fullmatch(r"Аня — победа \d+:0; Боря — козёл", rows["Самая крупная победа"])
