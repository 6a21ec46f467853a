"""Lines and history that explain themselves: a Lyusya names who took every trick, a penalty is
said once and has no deal to dispute, the penalty words are the rule sheet's, a removal in the
history says which hand it took out and what it held, a dispute says which hand it reviews, and
the referee's reason fills the correction's reason field."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from scorekeeper.models import Entry, Line


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _line(html: str, number: int) -> str:
    """The hand list's row of hand ``number``."""
    row = re.search(rf'<li class="hand[^"]*" data-hand="{number}">(.*?)</li>', html, re.S)
    assert row, f"no hand {number}"
    return row.group(1)


@pytest.mark.django_db
def test_a_lyusya_names_the_side_that_took_every_trick(start):
    table = start("classic-sixes", team_0="Аня и Вика", team_1="Борис и Гоша")
    table.hand(points_0=72)
    html = table.hand(points_0=0, points_1=120, all_tricks=1).content.decode()
    line = _text(_line(html, 2))
    assert "Люся — все взятки: Борис и Гоша" in line
    assert "Аня и Вика — на 0" in line


@pytest.mark.django_db
def test_a_penalty_line_says_it_once_and_offers_no_dispute(start):
    table = start("classic-sixes")
    table.hand(points_0=72)
    html = table.hand(penalty_kind="cheating", penalty_against=1).content.decode()
    line = _text(_line(html, 2))
    assert line.count("шулерство") == 1, line
    assert "штраф: шулерство; виновная сторона: Чёрные → 2 пары" in line
    assert "kon/2/dispute/" not in _line(html, 2) and "kon/1/dispute/" in _line(html, 1)
    assert "kon/2/" in _line(html, 2)  # it can still be corrected


@pytest.mark.django_db
def test_the_penalty_words_are_the_rule_sheets(start, client):
    table = start("penalty-goats")
    form = client.get(table.edit).content.decode()
    sheet = client.get("/rules/penalty-goats/").content.decode()
    for word in ("шулерство", "напрасное обвинение"):
        assert word in form.lower() and word in sheet.lower(), word
    for other in ("мошенничество", "ложное обвинение"):
        assert other not in form.lower(), other


@pytest.mark.django_db
def test_the_penalty_panel_offers_the_revoke_where_the_option_is_on(start, client):
    on = start("classic-sixes", opt_revoke_penalty="four_points")
    panel = client.get(on.edit).content.decode().split('class="panel penalties"')[1].split("</details>")[0]
    assert 'href="#revoke"' in panel and "Доказанный ренонс: очки карт виновной команды −4" in _text(panel)
    off = start("classic-sixes")  # a proven revoke is cheating: the cheating penalty says so
    panel = client.get(off.edit).content.decode().split('class="panel penalties"')[1].split("</details>")[0]
    assert 'href="#revoke"' not in panel and "шулерство (и доказанный ренонс)" in panel


@pytest.mark.django_db
def test_a_removal_in_the_history_says_which_hand_and_what_it_held(start, client):
    table = start("classic-sixes")
    for p in (70, 88, 30):
        table.hand(points_0=p)
    second = Entry.objects.get(match=table.match, seq=2).slot
    assert table.post(f"hand/{second}/delete/", htmx=False).status_code == 302
    table.post("undo/", htmx=False)  # the last hand (90:30 for Чёрные, now hand 2) undone
    history = _text(client.get(table.edit + "history/").content.decode())
    assert "удалён · кон 2: 88:32" in history
    assert "отменён · кон 2: 30:90" in history


@pytest.mark.django_db
def test_a_dispute_says_which_hand_it_reviews_and_the_record_link_fills_the_reason(start, client):
    from tests.rules.helpers import revoke_deal

    table = start("classic-sixes", player_1="Боря")
    table.hand(points_0=70)
    table.hand(points_0=88)
    slot = Line.objects.get(match=table.match, number=2).slot
    deal, trick, seat = revoke_deal()
    page = client.get(f"{table.edit}kon/2/dispute/", {k: v for k, v in deal.items() if k != "variant"})
    html = page.content.decode()
    assert "На разборе кон 2, записан как 88:32." in _text(html)
    link = re.search(r'id="record-link" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert urlparse(link).path == f"{table.edit}hand/{slot}/"
    correction = client.get(link).content.decode()
    reason = re.search(r'<input id="reason" name="reason" maxlength="300" value="([^"]*)"', correction).group(
        1
    )
    assert reason.startswith("Разбор: взятка") and reason == re.search(
        r'name="reason_shown" value="([^"]*)"', correction
    ).group(1)
    # saved as filled in, the reason is the code alone (shown in each reader's language)
    q = {
        k: v[0] for k, v in parse_qs(urlparse(link).query).items() if k != "all_tricks"
    }  # as the form posts it
    resp = table.post(f"hand/{slot}/", {**q, "reason": reason, "reason_shown": reason}, htmx=False)
    assert resp.status_code == 302
    stored = Entry.objects.get(match=table.match, action=Entry.EDIT).reason
    assert '"text": ""' in stored and '"code": "review_revoke"' in stored
    # a word of the player's own is kept
    resp = table.post(f"hand/{slot}/", {**q, "reason": "сверили", "reason_shown": reason}, htmx=False)
    assert '"text": "сверили"' in Entry.objects.filter(match=table.match, action=Entry.EDIT).last().reason


@pytest.mark.django_db
def test_a_removal_that_would_end_the_match_sooner_is_one_plain_sentence(start):
    table = start("classic-sixes")
    table.hand(points_0=88)
    table.hand(points_0=120, all_tricks=1)  # without hand 1 this Lyusya is the first hand's: a dry goat
    table.hand(points_0=70)
    first = Entry.objects.get(match=table.match, seq=1).slot
    resp = table.post(f"hand/{first}/delete/")
    html = _text(resp.content.decode())
    assert Entry.objects.filter(match=table.match).count() == 3  # refused, nothing stored
    assert "не сходится" not in html and "Матч окончен" not in html
    assert "С этим изменением матч заканчивается раньше кона 3." in html
