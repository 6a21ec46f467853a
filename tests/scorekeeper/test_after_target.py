"""After the target (classic-sixes#scoring, voon-series#scoring): the board of a finished match shows
the winners, the final score and the overshoot as a sentence, never «7/6» or «18/12 +6»."""

from __future__ import annotations

import re

import pytest


def _board(html: str) -> str:
    return re.search(r'<section id="board".*?</section>', html, re.S).group(0)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "hands", "final", "note"),
    [
        # 5 then a 90+ hand: 7 pairs of 6
        (
            "classic-sixes",
            [72] * 5 + [91],
            "7:0",
            "Игра шла до 6; после последнего кона счёт 7 — на 1 больше: Красные.",
        ),
        # 10, then a 90+ hand (+4) and the egg bonus (+2): 16 of 12
        ("voon-series", [95, 95, 72, 60, 95], "16:0", "счёт 16 — на 4 больше"),
    ],
    ids=["pairs-7-of-6", "series-16-of-12"],
)
def test_the_overshoot_is_a_note_not_a_fraction(start, client, variant, hands, final, note):
    table = start(variant)
    for p in hands:
        table.hand(**({"eggs": "1"} if p == 60 else {"points_0": p}))
    for url in (table.edit, f"/m/{table.public_id}/"):
        board = _board(client.get(url).content.decode())
        text = re.sub(r"<[^>]+>", "", board)
        assert "Победа: Красные" in text
        assert "Итоговый счёт " + final in re.sub(r"\s+", " ", text)
        assert note in text
        assert not re.search(r"\d+\s*/\s*(6|12)", text), text  # no «7/6», no «16/12»
        assert not re.search(r"\+\d+\s*$", text, re.M)
        # nor does what a screen reader hears: «16 глаз», not «16 глаз из 12»
        labels = re.findall(r'aria-label="(\d+) [^"]*? из (\d+)"', board)
        assert labels and all(int(n) <= int(target) for n, target in labels), labels


@pytest.mark.django_db
def test_a_match_in_play_still_shows_the_target(start, client):
    table = start("voon-series")
    table.hand(points_0=72)
    text = re.sub(r"<[^>]+>", "", _board(client.get(table.edit).content.decode()))
    assert re.search(r"2\s*/12", text)
