"""docs/api.md tells the truth of the review by what was seen: its POST example is queued with
the id it shows, and once the worker has run, its GET example gives the answer printed beside it
(tests/kozel_site/test_readme.py runs the other examples, each on its own)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from tests.kozel_site.test_readme import SEEN, _contains, _parse

DOC = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
BLOCKS = [
    _parse(b) for b in re.findall(r"```api-example\n(.*?)```", DOC, re.S) if SEEN in b.split("\n", 1)[0]
]


@pytest.mark.django_db(transaction=True)
def test_the_examples_give_the_answers_shown(client: Client) -> None:
    assert [(m, p.rsplit("/", 1)[0] if m == "GET" else p) for m, p, *_ in BLOCKS] == [
        ("POST", "/api/v1/analyse/seen"),
        ("GET", "/api/v1/analyse/seen"),
    ]
    (_, post, body, status, expected), (_, get, _, get_status, answer) = BLOCKS
    resp = client.post(post, json.dumps(body), content_type="application/json")
    assert resp.status_code == status, resp.content
    _contains(resp.json(), expected)
    assert get == expected["url"]
    call_command("worker", batch=True, verbosity=0)
    resp = client.get(get)
    assert resp.status_code == get_status
    _contains(resp.json(), answer)
