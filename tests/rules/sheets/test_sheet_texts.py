"""Every rule-sheet page says, word for word, what its recorded digest says it said (in Russian and
in English): the sheets' words live in templates and catalogues, and moving them changes none.
A change of a sheet's words made on purpose writes the digests again (``scripts/sheet_texts.py``,
whose ``--show URL`` prints a page's text)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from scripts.sheet_texts import DIGESTS, digests, house_urls, make_houses, page_urls

RECORDED = json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_the_digests_cover_every_page() -> None:
    assert set(RECORDED) == set(page_urls() + house_urls())
    assert len(page_urls()) > 100  # every variant, each option at each value


CHANGED = "the page's words changed; if on purpose, write the digests again: scripts/sheet_texts.py"


@pytest.mark.parametrize("url", page_urls())
def test_a_page_says_what_it_said(client: Client, url: str) -> None:
    assert digests(client, [url]) == {url: RECORDED[url]}, CHANGED


@pytest.mark.django_db
def test_a_house_sheet_says_what_it_said(client: Client) -> None:
    make_houses()
    urls = house_urls()
    assert digests(client, urls) == {url: RECORDED[url] for url in urls}, CHANGED


def test_the_text_is_what_a_reader_sees() -> None:
    """The digest can tell pages apart: only the title and <main> count, scripts do not, and
    block edges are white space while inline ones are not."""
    from scripts.sheet_texts import visible_text

    html = (
        "<html><head><title>T</title><style>p{}</style></head><body><nav>menu</nav>"
        "<main><h1>A</h1><p>b<strong>c</strong> d&nbsp;«e»</p>\n<ul><li>f</li><li>g</li></ul>"
        "<script>x()</script></main><footer>foot</footer></body></html>"
    )
    assert visible_text(html) == "T A bc d\xa0«e» f g"
