"""Options that combine, leads of one rank, two blind seats and khvalyonki in penalty goats on the
referee's pages, the deal review, the house-rule pages and the rule sheets, in both languages."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.engine import DealInput, analyse, resolve
from rules.models import HouseRule
from tests.rules.helpers import qs, revoke_deal, ru_faces, text
from tests.rules.referee.test_best_play import DEAL, FRAGMENT, TRICK, fresh_gate  # noqa: F401 - the gate forgotten


def section(html: str, anchor: str) -> str:
    m = re.search(rf'<section id="{anchor}">(.*?)</section>', html, re.S)
    assert m, anchor
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1)))


# ------------------------------------------------------------------ the referee
def test_a_rank_lead_on_the_trick_page(en: Client) -> None:
    """classic-sixes#leading: two tens led together, answered group by group, taken over card for card."""
    query = "variant=classic-sixes&opt_multi_leads=suit_or_rank&leader=0&n=2&cards=10H+10S+KH+9S+AH+AS+7D+8D"
    page = text(en.get(TRICK + "?" + query))
    assert "Two or three cards of one rank may be led together." in page
    assert "The last play that beat every card of the best play so far takes it" in page
    mixed = text(
        en.get(
            TRICK + "?variant=classic-sixes&opt_multi_leads=suit&leader=0&n=2&cards=10H+10S+KH+9S+AH+AS+7D+8D"
        )
    )
    assert "only if they are of one suit." in mixed


def test_the_trick_page_judges_a_trump_lead_and_an_ace_of_several_cards(client: Client) -> None:
    """classic-sixes#leading, classic-sixes#following: the options hold with leads of several cards."""
    lead = "variant=classic-sixes&opt_multi_leads=1&opt_trump_lead=hvalyonka_only&leader=0&cards=QC+QS+QD+8C&h0=QC+9H"
    assert "Козырем, имея простую карту, может зайти только тот, кто объявил хвалёнку" in text(
        client.get(TRICK + "?" + lead)
    )
    ace = "variant=classic-sixes&opt_multi_leads=1&opt_ace_discard_ban=1&leader=0&cards=7S+AH+9S+KS&h1=AH+9H"
    assert "Туза масти, в которую ещё не заходили, сносить нельзя" in text(client.get(TRICK + "?" + ace))


def test_an_older_link_reads_multi_leads_one_as_of_one_suit(en: Client) -> None:
    html = en.get(TRICK + "?variant=classic-sixes&opt_multi_leads=1&opt_blind_seat=2").content.decode()
    assert re.search(r'<option value="suit" selected\s*>of one suit', html)
    assert re.search(r'<option value="2" selected\s*>blind: seat 3', html)
    assert "opt_multi_leads=suit" in html and "opt_blind_seats=2" in html  # the page's own links


ANSWERED = [
    pytest.param({"multi_leads": "suit_or_rank"}, id="classic-sixes#leading/rank-leads"),
    pytest.param({"blind_seats": "0,1"}, id="classic-sixes#blind/two-blind-seats"),
    pytest.param({"multi_leads": "suit", "ace_discard_ban": True}, id="classic-sixes#following/ace-ban"),
]


@pytest.mark.parametrize("options", ANSWERED)
def test_best_play_answers_rank_leads_two_blind_seats_and_the_ace_ban_of_several_cards(
    client: Client, options: dict[str, object]
) -> None:
    """The referee's best play answers these tables as any other: every legal play of the seat to
    move with the points its side takes, as the engine's analysis gives them; the deal is reviewed."""
    params, _trick, _seat = revoke_deal()
    first = params["plays"].split()[0]
    opts = {f"opt_{k}": "1" if v is True else v for k, v in options.items()}
    query = qs(
        {"variant": "classic-sixes", "leader": "0", "cards": first}
        | {f"h{s}": params[f"h{s}"] for s in range(4)}
        | opts
    )
    resp = client.get(TRICK + "?" + query + "&best=1", **FRAGMENT)
    html = resp.content.decode()
    assert resp.status_code == 200 and 'id="best-refusal"' not in html
    rs = resolve("classic-sixes", options)
    hands = [params[f"h{s}"].split() for s in range(4)]
    a = analyse(DealInput(rs, 0, hands, [[first]] if rs.multi_card_leads else [first], None), review=False)
    side = rs.side_of(a.to_move or 0)
    page = text(resp)
    for m in a.moves:
        codes = " ".join(c.code for c in m.card) if isinstance(m.card, tuple) else m.card.code
        assert f"{ru_faces(codes)} {m.value[side]} очк" in page, codes
    if rs.multi_card_leads:  # one play a card, each its own play
        params["plays"] = ";".join(params["plays"].split())
    page = text(client.get(DEAL + "?" + qs(params) + "&" + qs(opts)))
    assert "Первое нарушение" in page or "Нарушений не найдено" in page  # the deal is reviewed


def test_the_deal_review_with_two_blind_seats(en: Client) -> None:
    """classic-sixes#blind: both blind seats' cards allowed, each named «blind» with its number."""
    params, trick, seat = revoke_deal()
    other = next(s for s in range(4) if s % 2 != seat % 2)
    params["opt_blind_seats"] = ",".join(map(str, sorted((seat, other))))
    resp = en.get(DEAL + "?" + qs(params))
    assert resp.status_code == 200
    assert "No illegal play found." in text(resp)
    names = set(re.findall(r'<span class="name">([^<]+)</span>', resp.content.decode()))
    blind = sorted(int(s) for s in params["opt_blind_seats"].split(","))
    assert {n for n in names if "blind" in n} == {f"blind, seat {s + 1}" for s in blind}


# ------------------------------------------------------------------ house rules
@pytest.mark.django_db
def test_the_house_form_offers_trump_leads_once_khvalyonki_are_chosen(client: Client) -> None:
    """penalty-goats#leading: trump_lead comes with hvalyonki, on the form as in the engine."""
    html = client.get("/rules/house/?variant=penalty-goats").content.decode()
    assert 'name="opt_hvalyonki"' in html and 'name="opt_trump_lead"' not in html
    fragment = client.get(
        "/rules/house/?variant=penalty-goats&was=penalty-goats&opt_hvalyonki=1&name=Пятница",
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'name="opt_trump_lead"' in fragment and 'value="Пятница"' in fragment
    assert "<html" not in fragment
    resp = client.post(
        "/rules/house/",
        {
            "name": "Пятница",
            "variant": "penalty-goats",
            "opt_hvalyonki": "1",
            "opt_trump_lead": "hvalyonka_only",
        },
    )
    assert resp.status_code == 302
    house = HouseRule.objects.get(name="Пятница")
    assert house.options == {"hvalyonki": True, "trump_lead": "hvalyonka_only"}
    sheet = text(client.get(resp["Location"]))
    assert "Хвалёнки" in sheet and "только объявивший хвалёнку" in sheet


@pytest.mark.django_db
def test_a_house_sheet_stored_with_true_reads_as_of_one_suit(en: Client) -> None:
    """classic-sixes#options: a sheet stored when multi_leads was a bool, and with blind_seat."""
    house = HouseRule.objects.create(
        name="Old", variant="classic-sixes", options={"multi_leads": True, "blind_seat": "1"}
    )
    html = en.get(f"/rules/house/{house.slug}/").content.decode()
    assert "of one suit" in html and "blind: seat 2" in html
    assert "opt_multi_leads=suit" in html and "opt_blind_seats=1" in html


# ------------------------------------------------------------------ the rule sheets
SHEETS = [
    # variant, query, section, words (ru, en), and whether the default sheet has them
    pytest.param(
        "classic-sixes",
        "opt_multi_leads=suit&opt_trump_lead=hvalyonka_only",
        "leading",
        (
            "Заход несколькими картами, в котором есть козырь, — это заход с козыря.",
            "A lead of several cards that holds a trump is a trump lead.",
        ),
        id="classic-sixes#leading/trump-lead-of-several",
    ),
    pytest.param(
        "classic-sixes",
        "opt_multi_leads=suit&opt_ace_discard_ban=1",
        "following",
        ("запрет судит каждую карту ответа", "the ban judges every card of an answer"),
        id="classic-sixes#following/ace-ban-of-several",
    ),
    pytest.param(
        "classic-sixes",
        "opt_multi_leads=suit_or_rank",
        "leading",
        ("двумя валетами, тремя десятками или двумя семёрками", "two jacks, three tens or two sevens"),
        id="classic-sixes#leading/rank-leads",
    ),
    pytest.param(
        "classic-sixes",
        "opt_multi_leads=suit_or_rank",
        "decisions",
        (
            "На заход одного достоинства (10♥ 10♠) отвечают по группам",
            "A lead of one rank (10♥ 10♠) is answered group by group",
        ),
        id="classic-sixes#decisions/rank-lead-answer",
    ),
    pytest.param(
        "penalty-goats",
        "opt_hvalyonki=1&opt_trump_lead=hvalyonka_only",
        "leading",
        ("Хвалёнки (настройка)", "Khvalyonki (option)"),
        id="penalty-goats#leading/khvalyonki",
    ),
    pytest.param(
        "yc-belka",
        "opt_blind_seats=1,2",
        "decisions",
        ("Два слепых места — у разных команд", "Two blind seats belong to different teams"),
        id="yc-belka#blind/two-blind-seats",
    ),
]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,query,anchor,words", SHEETS)
def test_the_sheet_says_it(
    client: Client, lang: str, variant: str, query: str, anchor: str, words: tuple[str, str]
) -> None:
    client.cookies["kozel_lang"] = lang
    want = words[0 if lang == "ru" else 1]
    assert want in section(client.get(f"/rules/{variant}/?{query}").content.decode(), anchor)
    assert want not in section(client.get(f"/rules/{variant}/").content.decode(), anchor)


@pytest.mark.parametrize(
    "lang,words", [("ru", "Можно играть и вдвоём"), ("en", "Two people can play as well")]
)
def test_every_four_seat_sheet_tells_of_two_blind_seats(client: Client, lang: str, words: str) -> None:
    """classic-sixes#blind: two blind partners; three stay the old texts' joke."""
    client.cookies["kozel_lang"] = lang
    blind = section(client.get("/rules/voon-series/").content.decode(), "blind")
    assert words in blind


def test_penalty_goats_allow_trump_leads_unless_the_option_says_otherwise(en: Client) -> None:
    """penalty-goats#leading."""
    assert "Trump leads are allowed." in section(en.get("/rules/penalty-goats/").content.decode(), "leading")
    chosen = section(
        en.get("/rules/penalty-goats/?opt_hvalyonki=1&opt_trump_lead=hvalyonka_only").content.decode(),
        "leading",
    )
    assert "Trump leads are allowed." not in chosen
    assert "only the player who called this hand" in chosen and "khvalyonka may lead a trump" in chosen
