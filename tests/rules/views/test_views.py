"""Views of the referee and the rule sheets: every page, htmx fragments, bad input."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from rules.engine.variants import VARIANTS
from rules.models import HouseRule
from tests.rules.helpers import qs, revoke_deal, text

pytestmark = pytest.mark.django_db

TRICK = "/rules/referee/?variant=classic-sixes&leader=0&cards=AH+QD+10H+7C"


def plays(resp) -> list[str]:
    """The verdict class of each play, in play order: ok / bad / open."""
    return re.findall(r'<li class="play (ok|bad|open)">', resp.content.decode())


# ------------------------------------------------------------------ pages


@pytest.mark.parametrize(
    "url",
    [
        "/rules/",
        "/rules/referee/",
        "/rules/referee/deal/",
        "/rules/referee/hand/",
        "/rules/compare/",
        "/rules/glossary/",
        "/rules/disputes/",
        "/rules/house/",
        *[f"/rules/{k}/" for k in VARIANTS],
    ],
)
def test_every_page_renders(client: Client, url: str) -> None:
    resp = client.get(url)
    assert resp.status_code == 200
    assert "<html" in resp.content.decode()


@pytest.mark.parametrize(
    "url,fragment",
    [
        (TRICK, 'id="referee"'),
        ("/rules/referee/deal/?" + qs(revoke_deal()[0]), 'id="review"'),
        ("/rules/referee/hand/?variant=classic-sixes&cards=9C", 'id="hand"'),
        ("/rules/house/?variant=yc-belka", 'id="house-form"'),
    ],
)
def test_htmx_gets_the_fragment_and_plain_get_the_page(client: Client, url: str, fragment: str) -> None:
    part = client.get(url, HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    body = part.content.decode()
    assert "<html" not in body and fragment in body
    full = client.get(url).content.decode()
    assert "<html" in full and fragment in full


def test_unknown_sheet_is_404(client: Client) -> None:
    assert client.get("/rules/no-such-variant/").status_code == 404


@pytest.mark.parametrize("key", list(VARIANTS))
def test_sheet_has_the_stable_anchors(client: Client, key: str) -> None:
    html = client.get(f"/rules/{key}/").content.decode()
    for anchor in ("deck", "trumps", "points", "following", "leading", "scoring", "redeal", "decisions"):
        assert f'id="{anchor}"' in html, anchor


def test_classic_sheet_draws_the_ladder_in_order(en: Client) -> None:
    html = en.get("/rules/classic-sixes/").content.decode()
    ladder = re.search(r'<div class="ladder">(.*?)</div>', html, re.S).group(1)
    faces = re.findall(r'class="cardface suit-\w+">([^<]+)<', ladder)
    assert faces == ["7♣", "Q♣", "Q♠", "Q♥", "Q♦", "J♣", "J♠", "J♥", "J♦", "A♣", "10♣", "K♣", "9♣", "8♣"]


def test_sheet_with_an_option_redraws_the_ladder(en: Client) -> None:
    html = en.get("/rules/classic-sixes/?opt_trump_suit=D").content.decode()
    ladder = re.search(r'<div class="ladder">(.*?)</div>', html, re.S).group(1)
    assert "7♣" not in ladder and ladder.rstrip().endswith("7♦</span>")


def test_sheet_in_russian_uses_russian_ranks(client: Client) -> None:
    html = client.get("/rules/classic-sixes/").content.decode()
    assert "Д♣" in html and "Q♣" not in html


def test_sheet_lists_decisions(en: Client) -> None:
    html = en.get("/rules/voon-series/").content.decode()
    section = html[html.index('id="decisions"') :]
    assert "Only one eggs bonus" in section
    assert section.count("<li>") >= 4


def test_bad_option_on_a_sheet_is_a_clear_error(en: Client) -> None:
    resp = en.get("/rules/classic-sixes/?opt_trump_suit=X")
    assert resp.status_code == 400
    assert "does not take this value" in text(resp)


def test_compare_marks_differences(en: Client) -> None:
    html = en.get("/rules/compare/?v=classic-sixes&v=yc-hvalyony&v=yc-belka").content.decode()
    assert html.count('class="diff"') >= 6
    assert "Must trump when out of suit" in html


def test_compare_shows_two_or_three_variants_never_six(en: Client) -> None:
    def columns(url: str) -> list[str]:
        head = en.get(url).content.decode().split("<thead>")[1].split("</thead>")[0]
        return re.findall(r'href="/rules/([a-z0-9-]+)/"', head)

    assert len(columns("/rules/compare/")) == 2
    assert columns("/rules/compare/?v=voon-series&v=draw-four") == ["voon-series", "draw-four"]
    assert columns("/rules/compare/?v=voon-series") == ["voon-series", "classic-sixes"]
    every = "&".join(
        f"v={k}" for k in ("classic-sixes", "penalty-goats", "voon-series", "yc-hvalyony", "yc-belka")
    )
    html = en.get("/rules/compare/?" + every).content.decode()
    assert len(columns("/rules/compare/?" + every)) == 3
    assert "At most 3 variants fit side by side" in html
    assert len(columns("/rules/compare/?v=nonsense&v=yc-belka")) == 2


# ------------------------------------------------------------------ the trick referee


def test_trick_winner_points_and_open_verdicts(en: Client) -> None:
    resp = en.get(TRICK)
    t = text(resp)
    assert "Player 4 takes the trick · 24 card points" in t
    assert plays(resp) == ["ok", "open", "ok", "open"]
    assert "Did Player 2 hold any ♥?" in t
    assert 'href="/rules/classic-sixes/#following"' in resp.content.decode()


def test_answering_the_question_gives_the_verdict(en: Client) -> None:
    resp = en.get(TRICK + "&h1=9H&h3=-")
    assert plays(resp) == ["ok", "bad", "ok", "ok"]
    assert "could have played 9♥" in text(resp)


def test_trump_and_plain_marks(en: Client) -> None:
    html = en.get(TRICK).content.decode()
    kinds = re.findall(r'<span class="kind ?(is-trump)?">', html)
    assert kinds == ["", "is-trump", "", "is-trump"]


def test_belka_queen_follows_spades(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=yc-belka&leader=0&cards=9S+QS+KS+10S&h1=8S")
    assert plays(resp) == ["ok", "ok", "ok", "ok"]
    resp = en.get("/rules/referee/?variant=classic-sixes&leader=0&cards=9S+QS+KS+10S&h1=8S")
    assert plays(resp)[1] == "bad"


def test_must_trump_in_hvalyony(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=yc-hvalyony&leader=0&cards=9H+8S+KH+10H&h1=JD")
    assert plays(resp)[1] == "bad"
    assert "had to play a trump" in text(resp)


def test_voon_trump_lead_rights_ask_for_context_then_rule(en: Client) -> None:
    base = "/rules/referee/?variant=voon-series&leader=0&cards=QS+9S+KS+10S"
    resp = en.get(base)
    assert plays(resp)[0] == "open"
    resp = en.get(base + "&hand=2&first=1&h0=8H")
    assert plays(resp)[0] == "bad"
    assert "may not lead a trump" in text(resp)
    assert plays(en.get(base + "&hand=2&first=2&h0=8H"))[0] == "ok"
    assert plays(en.get(base + "&hand=5&first=1&score=10:10&h0=8H"))[0] == "ok"
    assert plays(en.get(base + "&hand=2&first=1&h0=-"))[0] == "ok"  # only trumps left


def test_queen_capture_event(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=voon-series&leader=0&cards=7C+QC+AH+10H")
    assert "Queen capture" in text(resp)
    partner = en.get("/rules/referee/?variant=voon-series&leader=0&cards=7C+AH+QC+10H")
    assert "Queen capture" not in text(partner)


def test_draw_four_multi_card_plays(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=draw-four&leader=0&n=2&cards=9H+10H+8S+7S+JH+AH+QS+KH")
    assert resp.status_code == 200
    assert "takes the trick" in text(resp)


def test_share_url_reproduces_the_ruling(en: Client) -> None:
    first = en.get(TRICK + "&h1=9H&h3=-")
    share = re.search(r'id="share-url" readonly value="([^"]+)"', first.content.decode()).group(1)
    path = urlsplit(share.replace("&amp;", "&"))
    again = en.get(path.path + "?" + path.query)
    assert plays(again) == plays(first) == ["ok", "bad", "ok", "ok"]
    assert len(path.query) < 120
    assert parse_qs(path.query)["cards"] == ["AH QD 10H 7C"]


def test_picker_groups_as_the_variant_sees_it(en: Client) -> None:
    html = en.get("/rules/referee/?variant=classic-sixes&cards=AH").content.decode()
    groups = re.findall(r'class="pick-group g-(\w)"', html)
    assert groups == ["T", "S", "H", "D"]
    assert 'class="pcard used suit-red" aria-disabled="true" data-code="AH"' in html
    assert 'href="/rules/referee/?variant=classic-sixes&amp;leader=0&amp;cards=AH+QD"' in html


@pytest.mark.parametrize(
    "query,message",
    [
        ("variant=nope", "Unknown variant"),
        ("cards=ZZ+AH", "is not a card"),
        ("cards=AH+AH", "appears twice"),
        ("variant=yc-hvalyony&cards=7C", "not in this variant"),
        ("leader=7&cards=AH", "Not a seat at this table"),
        ("cards=AH+KH+QH+JH+10H", "A trick needs one play"),
        ("cards=AH+QD+10H+7C&h1=10H", "cannot have held it"),
        ("cards=AH+QD+10H+7C&hand=abc", "wrong type"),
        ("cards=AH+QD+10H+7C&score=banana", "score"),
        ("opt_trump_suit=Q", "does not take this value"),
        ("opt_nonsense=1", "has no option"),
    ],
)
def test_bad_input_is_a_clear_error_never_500(en: Client, query: str, message: str) -> None:
    resp = en.get("/rules/referee/?" + query)
    assert resp.status_code == 400
    errors = re.search(r'<ul class="errorlist"[^>]*>(.*?)</ul>', resp.content.decode(), re.S)
    assert errors and message in errors.group(1)


def test_switching_variant_drops_the_old_options(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=yc-belka&was=classic-sixes&opt_ace_discard_ban=1")
    assert resp.status_code == 200
    assert "errorlist" not in resp.content.decode()


# ------------------------------------------------------------------ deal review


def test_deal_review_finds_the_first_revoke(en: Client) -> None:
    params, trick, seat = revoke_deal()
    resp = en.get("/rules/referee/deal/?" + qs(params))
    t = text(resp)
    assert f"First illegal play: trick {trick}, Player {seat + 1}" in t
    assert "Hand record" in t
    points = re.search(r"Card points (\d+):(\d+)", t)
    assert int(points.group(1)) + int(points.group(2)) == 120


@pytest.mark.parametrize(
    "return_to", ["/m/abc/e/secret/hand/3/", "https://evil.example/m/", "//evil.example/m/x", "/admin/"]
)
def test_the_public_deal_review_links_back_nowhere(en: Client, return_to: str) -> None:
    # the way back into a match is the dispute page under its edit path, never a query parameter
    params, _t, _s = revoke_deal()
    resp = en.get("/rules/referee/deal/?" + qs({**params, "return_to": return_to}))
    assert resp.status_code == 200
    html = resp.content.decode()
    assert 'id="record-link"' not in html and "Hand record" in text(resp)


def test_deal_review_step_by_step(en: Client) -> None:
    params, _t, _s = revoke_deal()
    resp = en.get("/rules/referee/deal/?" + qs({**params, "step": "2"}))
    html = resp.content.decode()
    body = html[html.index('<table class="tricks">') :]
    assert len(re.findall(r"<tr(?: class=\"bad\")?><td>\d+</td>", body)) == 2
    assert "Hand record" not in text(resp)


@pytest.mark.parametrize(
    "query,message",
    [
        ("variant=classic-sixes&h0=AH&h1=KH&h2=QH&h3=JH", "right number of cards"),
        ("variant=classic-sixes&h0=ZZ", "is not a card"),
        ("variant=nope&h0=AH", "Unknown variant"),
    ],
)
def test_deal_review_bad_input(en: Client, query: str, message: str) -> None:
    resp = en.get("/rules/referee/deal/?" + query)
    assert resp.status_code == 400
    assert message in text(resp)


def test_deal_review_card_not_in_hand(en: Client) -> None:
    params, _t, _s = revoke_deal()
    cards = params["plays"].split()
    cards[0], cards[1] = cards[1], cards[0]
    resp = en.get("/rules/referee/deal/?" + qs({**params, "plays": " ".join(cards)}))
    assert resp.status_code == 400  # bad input: the error, and a 400
    assert "did not hold" in text(resp)


# ------------------------------------------------------------------ hand checks


def test_hand_check_redeal_and_royal_goat(en: Client) -> None:
    t = text(en.get("/rules/referee/hand/?variant=classic-sixes&cards=9C+9S+9H+9D+7S+8S+7H+8H"))
    assert "A redeal may be asked for" in t and "All four nines" in t
    t = text(en.get("/rules/referee/hand/?variant=classic-sixes&cards=AC+AS+AH+AD+10S+10H+10D+KS"))
    assert "No redeal for this hand" in t
    t = text(
        en.get("/rules/referee/hand/?variant=penalty-goats&opt_royal_goat=1&cards=AC+AS+AH+AD+7S+8S+7H+8H")
    )
    assert "Royal goat: all four aces!" in t and "wins the match at once" in t


def test_belka_trump_suit_this_deal(en: Client) -> None:
    t = text(en.get("/rules/referee/hand/?variant=yc-belka&hand=1"))
    assert "Trumps this deal: ♣" in t
    t = text(en.get("/rules/referee/hand/?variant=yc-belka&hand=3&first_jc=0&jc=1"))
    assert "Trumps this deal: ♦" in t  # seat 1 sits on the left of seat 0: diamonds


# ------------------------------------------------------------------ house rules


def test_house_rule_create_and_sheet(en: Client) -> None:
    resp = en.post(
        "/rules/house/",
        {
            "name": "Friday",
            "variant": "classic-sixes",
            "opt_trump_suit": "D",
            "opt_ace_discard_ban": "0",
            "opt_dry_goat_first_hand": "1",
        },
    )
    assert resp.status_code == 302
    house = HouseRule.objects.get()
    assert house.options == {"trump_suit": "D"}  # only what differs
    page = en.get(resp["Location"])
    html = page.content.decode()
    assert "<svg" in html
    assert "Trump suit" in html and "No discarding an ace" not in html
    start = re.search(r'href="(/m/new/\?[^"]+)"', html).group(1).replace("&amp;", "&")
    q = parse_qs(urlsplit(start).query)
    assert q == {"variant": ["classic-sixes"], "opt_trump_suit": ["D"], "house": ["Friday"]}


@pytest.mark.parametrize(
    "data",
    [
        {"name": "x", "variant": "nope"},
        {"name": "x", "variant": "classic-sixes", "opt_zzz": "1"},
        {"name": "x", "variant": "classic-sixes", "opt_trump_suit": "Q"},
        {"name": "", "variant": "classic-sixes"},
    ],
)
def test_house_rule_bad_input_stores_nothing(en: Client, data: dict) -> None:
    resp = en.post("/rules/house/", data)
    assert resp.status_code == 400
    assert "errorlist" in resp.content.decode()
    assert HouseRule.objects.count() == 0


def test_house_rule_needs_csrf() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/rules/house/", {"name": "x", "variant": "classic-sixes"}).status_code == 403
    assert HouseRule.objects.count() == 0


def test_unknown_house_rule_is_404(client: Client) -> None:
    assert client.get("/rules/house/nothere/").status_code == 404


# ------------------------------------------------------------------ glossary and disputes


def test_glossary_terms(client: Client) -> None:
    t = text(client.get("/rules/glossary/"))
    for term in ("Взятка", "Кон", "Спас", "Яйца", "Люся", "Обяз", "Шамок", "Хвалёнка", "Козлы"):
        assert term in t


def test_disputes_are_answered_by_the_engine(en: Client) -> None:
    html = en.get("/rules/disputes/").content.decode()
    section = html[html.index('id="queen-of-spades"') : html.index('id="other-ace"')]
    rows = re.findall(r"<tr><td><a[^>]*>([^<]+)</a></td>\s*<td>(.*?)</td></tr>", section, re.S)
    verdicts = {name: body.split("<")[0].strip() for name, body in rows}
    assert verdicts["Belka (YellowClub)"].startswith("Allowed")
    assert verdicts["Classic, pairs on the sixes"].startswith("Not allowed")


def test_the_disputes_page_words_every_dispute_the_engine_answers(en: Client) -> None:
    """The page writes each question (rules/disputes.html) and the engine answers each one
    (rules.sheets.disputes): the two name the same disputes, in the same order."""
    from rules.sheets.disputes import DISPUTES

    html = en.get("/rules/disputes/").content.decode()
    assert tuple(re.findall(r'<section id="([a-z0-9-]+)" class="panel">', html)) == DISPUTES
    assert html.count('<table class="answers">') == len(DISPUTES)


def test_a_trump_lead_question_says_no_trumps_in_russian_grammar(client: Client) -> None:
    # «не осталось козыри» read wrong: after «не осталось»/«нет» the word is «козырей»
    body = text(client.get("/rules/referee/?variant=voon-series&leader=1&cards=7C+AS+QS+KS"))
    assert "не осталось козырей" in body
    assert "не осталось козыри" not in body


def test_house_rule_sheets_are_not_listed_to_strangers(en: Client) -> None:
    """A sheet is found by its link; the house-rules page lists no one's sheets (the phone shows
    its own from localStorage, see tests/browser/test_house_rules.py)."""
    author = Client()
    resp = author.post(
        "/rules/house/", {"name": "Secret Friday club", "variant": "classic-sixes", "opt_trump_suit": "D"}
    )
    slug = resp["Location"].rstrip("/").rsplit("/", 1)[1]
    assert len(slug) == 12
    for client in (en, author):
        html = client.get("/rules/house/").content.decode()
        assert "Secret Friday club" not in html and slug not in html
    assert en.get(resp["Location"]).status_code == 200  # the link itself works for anyone
