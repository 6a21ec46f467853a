"""What the rule sheets' pages say, as a digest of each page's visible text per language: every
variant's sheet with its defaults, with each option at each of its other values and at each of
its tables, the comparison, the glossary, the disputes, the list of variants and a few house
sheets. ``tests/rules/sheets/test_sheet_texts.py`` renders the same pages and compares; a change
of a sheet's words is then made on purpose and the digests written again:

    .venv/bin/python scripts/sheet_texts.py             # writes tests/rules/sheets/sheet_texts.json
    .venv/bin/python scripts/sheet_texts.py --show URL  # prints one page's text in both languages

A throwaway SQLite database in a temporary directory holds the house sheets; nothing else is touched."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DIGESTS = ROOT / "tests/rules/sheets/sheet_texts.json"
LANGUAGES = ("ru", "en")

# house sheets with fixed links, one per four-seat game: (slug, name, variant, options)
HOUSES = (
    ("houseclassic", "Двор", "classic-sixes", {"trump_suit": "D", "ace_discard_ban": True}),
    ("housepenalty", "Дача", "penalty-goats", {"shutout_marks": True, "hvalyonki": True}),
    ("housevoon", "Voon", "voon-series", {"blind_seats": "2"}),
    ("househvalyon", "Хвалёный", "yc-hvalyony", {"six_of_clubs": False, "sevens": True}),
    ("housebelka", "Белка", "yc-belka", {}),
    ("housedraw", "Четыре", "draw-four", {"scoring": "pairs", "dry_goat_first_hand": False}),
)

# tags that start a line of their own in a browser: their edges are white space in the text
BLOCKS = frozenset(
    "address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 "
    "h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead title tr ul".split()
)


def sheet_urls() -> list[str]:
    """Every variant's sheet: the defaults, each smaller table, and each option at each other
    value (with the option it comes with, and at the table it is played at)."""
    from rules.engine.variants import ALL_VARIANTS

    out = []
    for key, v in ALL_VARIANTS.items():
        base = f"/rules/{key}/"
        out.append(base)
        out += [f"{base}?seats={n}" for n in v.seats[:-1]]
        for o in v.options:
            values = (True, False) if o.kind == "bool" else o.choices
            for value in values:
                if value == o.default:
                    continue
                query: dict[str, object] = {}
                if o.when is not None:
                    query[f"opt_{o.when[0]}"] = v.option(o.when[0]).to_text(o.when[1])
                if o.key in v.seat_options:
                    query["seats"] = v.seat_options[o.key][0]
                query[f"opt_{o.key}"] = o.to_text(value)
                out.append(f"{base}?{urlencode(query)}")
    out.append("/rules/classic-sixes/?opt_trump_suit=X")  # a bad option: the sheet with its problem
    return out


def page_urls() -> list[str]:
    return [
        "/rules/",
        *sheet_urls(),
        "/rules/compare/",
        "/rules/compare/?v=yc-duel&v=solo-twelve&v=draw-four",
        "/rules/glossary/",
        "/rules/disputes/",
    ]


def house_urls() -> list[str]:
    return [f"/rules/house/{slug}/" for slug, *_rest in HOUSES]


def make_houses() -> None:
    from rules.models import HouseRule

    for slug, name, variant, options in HOUSES:
        HouseRule.objects.create(slug=slug, name=name, variant=variant, options=options)


class _Text(HTMLParser):
    """The text a reader sees in the page's title and its ``<main>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.shown = 0  # inside <title> or <main>
        self.hidden = 0  # inside <script>, <style> or <template>

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("title", "main"):
            self.shown += 1
        elif tag in ("script", "style", "template"):
            self.hidden += 1
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in ("title", "main"):
            self.shown -= 1
        elif tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if self.shown and not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return re.sub(r"[ \t\n\r\f]+", " ", "".join(parser.parts)).strip(" ")  # HTML's white space only


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def texts(client: Any, urls: list[str]) -> Iterator[tuple[str, str, int, str]]:
    """(url, language, status, visible text) of each page in each language."""
    for url in urls:
        for lang in LANGUAGES:
            client.cookies["kozel_lang"] = lang
            resp = client.get(url)
            yield url, lang, resp.status_code, visible_text(resp.content.decode())


def digests(client: Any, urls: list[str]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for url, lang, status, text in texts(client, urls):
        out.setdefault(url, {})[lang] = f"{status} {digest(text)}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", metavar="URL", help="print this page's visible text in both languages")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="kozel-sheets-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/db.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kozel_site.settings")
    os.environ["KOZEL_RATELIMIT"] = "0"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    make_houses()
    client = Client()
    if args.show:
        for _url, lang, status, text in texts(client, [args.show]):
            print(f"== {lang} {status}\n{text}\n")
        return
    found = digests(client, page_urls() + house_urls())
    DIGESTS.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(found)} pages, {len(LANGUAGES)} languages: {DIGESTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
