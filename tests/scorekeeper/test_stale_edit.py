"""A stale edit form (another phone changed the match while it was open) keeps the hand's heading
and its delete form, shows the hand as it now stands, and says what changed; nothing is written."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import Entry


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.django_db
def test_a_stale_correction_shows_the_hand_as_it_stands_and_what_changed(start, client):
    table = start("classic-sixes")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    shown_at = table.version  # the edit form is opened here
    # meanwhile the second phone records hand 2 and corrects hand 1 to 100:20
    table.hand(points_0=95)
    table.post(f"hand/{slot}/", {"points_0": 100, "reason": "пересчитали"}, htmx=False)
    before = Entry.objects.filter(match=table.match).count()
    resp = client.post(table.edit + f"hand/{slot}/", {"version": shown_at, "nonce": "late", "points_0": 90})
    assert resp.status_code == 409
    html = resp.content.decode()
    assert re.search(r"<h1>\s*Исправить кон 1\s*</h1>", html)
    assert "Исправить удалённый кон" not in html
    assert (
        f'action="/m/{table.public_id}/' in html and "hand/" + str(slot) + "/delete/" in html
    )  # delete form kept
    assert re.search(r'name="points_0"[^>]*value="100"', html)  # the hand as it now stands
    text = _text(html)
    assert "записан кон 2" in text and "исправлен кон 1" in text
    assert "введите кон снова" not in text  # that is the entry form's advice, not this page's
    assert Entry.objects.filter(match=table.match).count() == before
