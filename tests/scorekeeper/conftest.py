"""Helpers: start a match and record hands through the real views (the UI path)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.test import Client

from rules.engine.variants import ALL_VARIANTS
from scorekeeper.models import Match
from scorekeeper.selectors import match_version

_nonces = itertools.count(1)


class Table:
    """One phone at the table: a test client holding a match's edit link."""

    def __init__(self, client: Client, edit: str) -> None:
        self.client = client
        self.edit = edit
        self.public_id = edit.split("/")[2]

    @property
    def match(self) -> Match:
        return Match.objects.get(public_id=self.public_id)

    @property
    def version(self) -> int:
        return match_version(match=self.match)

    def post(self, path: str, data: dict[str, Any] | None = None, *, htmx: bool = True, **extra: Any):
        data = {"version": self.version, "nonce": f"n{next(_nonces)}", **(data or {})}
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        return self.client.post(self.edit + path, data, **headers, **extra)

    def hand(self, htmx: bool = True, **fields: Any):
        return self.post("hand/", {k: v for k, v in fields.items()}, htmx=htmx)


@pytest.fixture
def start(client: Client):
    def _start(variant: str = "classic-sixes", **fields: Any) -> Table:
        data = {"variant": variant, "team_0": "Красные", "team_1": "Чёрные", "first_dealer": "0"}
        # as the form is rendered: every option at its default (a checked box for a true one)
        for o in ALL_VARIANTS[variant].options:
            data[f"opt_{o.key}"] = ("1" if o.default else False) if o.kind == "bool" else o.default
        data.update({k: ("1" if v is True else v) for k, v in fields.items()})
        data = {k: v for k, v in data.items() if v is not False}
        resp = client.post("/m/new/", data)
        assert resp.status_code == 302, resp.content.decode()[:2000]
        return Table(client, resp["Location"])

    return _start
