"""«А было ли видно?» on a match's «Спор»: the review by what was seen is asked with the deal
alone, from the rules' own address, so the match's edit link reaches no task, no stored review
and no poll URL, and nothing of the match is written (tests/rules/views/test_seen_pages.py holds
the rest)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.management import call_command

from rules.models import SeenReview
from scorekeeper.models import Entry
from tests.rules.helpers import text
from tests.rules.views.test_seen_pages import SHORT, best, controls, line, poll_url

pytestmark = pytest.mark.django_db(transaction=True)


def test_from_a_match_s_dispute_only_the_deal_reaches_the_review(start: Any) -> None:
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_2="Вера", player_3="Глеб")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    dispute = table.edit + f"hand/{slot}/dispute/"
    secret = table.edit.strip("/").split("/")[-1]
    version = table.version
    query = {k: v for k, v in SHORT.items() if k != "variant"}
    html = best(table.client, query, page=dispute)
    found = controls(html)
    assert found and all(secret not in a and "/m/" not in a and "name" not in a for a, _p, _l in found)
    assert "Аня" in html  # the section names the players; the asks do not
    action, play, lost = next(c for c in found if c[1] == "22")
    resp = table.client.post(action, {"play": play, "lost": lost}, HTTP_HX_REQUEST="true")
    assert resp.status_code == 200
    url = poll_url(resp)
    row = SeenReview.objects.get()
    stored = json.dumps(row.request, ensure_ascii=False)
    assert secret not in url and secret not in stored and "/e/" not in stored and "Аня" not in stored
    call_command("worker", batch=True, verbosity=0)
    row.refresh_from_db()
    assert secret not in json.dumps(row.result) and "ошибка" in text(line(table.client, url))
    assert table.version == version  # nothing of the match was written
