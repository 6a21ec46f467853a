"""The referee speaks the page's card notation: the hint and the card field read «Т♥ Д♦ 10♥ 7♣»
in Russian (both notations are still accepted); switching the variant leaves the old variant's
options out of the address the page pushes."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _field(html: str) -> str:
    return unescape(re.search(r'<input id="id_cards" name="cards" value="([^"]*)"', html).group(1))


def test_russian_hint_and_field_use_russian_letters(client: Client) -> None:
    html = client.get("/rules/referee/?variant=classic-sixes&leader=0&cards=AH+QD").content.decode()
    assert "например: Т♥ Д♦ 10♥ 7♣" in html
    assert _field(html) == "Т♥ Д♦"


def test_english_hint_and_field_use_english_letters(client: Client) -> None:
    client.post("/lang/", {"language": "en", "next": "/"})
    html = client.get("/rules/referee/?variant=classic-sixes&leader=0&cards=AH+QD").content.decode()
    assert "e.g.: A♥ Q♦ 10♥ 7♣" in html
    assert _field(html) == "A♥ Q♦"


def test_both_notations_give_the_same_ruling(client: Client) -> None:
    ascii_ = client.get("/rules/referee/?variant=classic-sixes&leader=0&cards=AH+10H+KH+QS")
    russian = client.get("/rules/referee/?variant=classic-sixes&leader=0&cards=Т♥+10♥+К♥+Д♠")
    assert ascii_.status_code == russian.status_code == 200

    def verdict(resp) -> str:
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", resp.content.decode().split('class="trick')[1]))[
            :400
        ]

    assert verdict(ascii_) == verdict(russian)


def test_switching_variant_pushes_a_clean_address(client: Client) -> None:
    # the form still holds the classic options when the variant select changes to the series
    resp = client.get(
        "/rules/referee/",
        {
            "variant": "voon-series",
            "was": "classic-sixes",
            "opt_trump_suit": "D",
            "opt_ace_discard_ban": "1",
            "leader": "0",
            "cards": "",
        },
        HTTP_HX_REQUEST="true",
    )
    pushed = resp["HX-Push-Url"]
    assert pushed.startswith("/rules/referee/?variant=voon-series")
    assert "opt_" not in pushed and "was=" not in pushed
