"""A hand's slot or a log entry's number beyond any database integer is a 404, not an overflow."""

from __future__ import annotations

import pytest
from django.test import Client

from .helpers import start_match

pytestmark = pytest.mark.django_db

HUGE = "9" * 30


@pytest.mark.parametrize(
    "method,path",
    [
        ("get", "hand/{n}/"),
        ("get", "hand/{n}/dispute/"),
        ("post", "hand/{n}/"),
        ("post", "hand/{n}/delete/"),
        ("post", "history/{n}/restore/"),
    ],
)
def test_a_huge_number_in_the_path_is_not_found(method: str, path: str) -> None:
    phone = Client()
    _view, edit, _secret = start_match(phone)
    token = phone.cookies["csrftoken"].value
    data = {"csrfmiddlewaretoken": token, "version": "0", "nonce": "big", "points_0": "60"}
    resp = getattr(phone, method)(edit + path.format(n=HUGE), data if method == "post" else None)
    assert resp.status_code == 404
