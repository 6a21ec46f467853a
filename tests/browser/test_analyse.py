"""Best play in the browser at 390x844 (Debian chromium): the deal review's «Разбор с лучшей
игрой» loads by itself under the review and leads with the deciding play, the turning point after it; the trick page, given every
hand, answers «Как лучше сыграть?»; axe finds no serious fault on either, in Russian and English."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from rules.analysis import exact
from rules.engine import analyse_midway, resolve
from tests.rules.helpers import past_the_budget, qs, revoke_deal, table_deal, taken_up_at

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Axe()
# a solve takes a few seconds; on a shared, loaded machine many more (the section waits, the page does not)
SOLVE_WAIT = 120_000

# a classic-sixes deal whose turning point is a lost 61: after 9♦ in trick 3 the first pair
# could no longer take 61, the other pair's 10♠ gave it back and К♠ in trick 4 lost it for good
# (found by the engine among seeded random deals)
HANDS = [
    "10H KC 8S JH 7D KH 10D 8C",
    "9S JD 10C QS 9C QC 9H 8D",
    "AH 8H AC KS AD AS 9D 7C",
    "JS JC 10S QD 7H QH 7S KD",
]
PLAYS = "10H 9H AH 7H AD KD 10D 8D 9D 10S 7D QC 9S KS 7S 8S 7C QH JH 9C AS JS 8C QS JD AC QD KC JC KH 10C 8H"
TURNING_DEAL = {"variant": "classic-sixes", "leader": "0", "plays": PLAYS} | {
    f"h{s}": h for s, h in enumerate(HANDS)
}


@pytest.fixture(autouse=True)
def fresh_gate() -> None:
    exact.forget()


def serious(page: Page) -> list[str]:
    found = []
    for v in AXE.run(page).response["violations"]:
        if v["impact"] in ("serious", "critical"):
            found.append(f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes'][:3]]}")
    return found


@pytest.mark.parametrize(("lang", "scheme"), [("ru", "light"), ("en", "light"), ("ru", "dark")])
def test_the_deal_review_shows_the_turning_point(page: Page, live_server, lang: str, scheme: str) -> None:
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(TURNING_DEAL))
    expect(page.locator("table.tricks tbody tr")).to_have_count(8)  # the review at once
    deciding, turning = page.locator("#deciding"), page.locator("#turning-point")
    expect(deciding).to_be_visible(timeout=SOLVE_WAIT)  # the analysis asked for itself
    # 61 lost in trick 3, given back in the same trick and lost for good in trick 4: the summary
    # leads with trick 4, the turning point follows
    if lang == "ru":
        expect(deciding).to_have_text(
            "Решающий ход: К♠ во взятке 4 (ход игрока «Игрок 3»). После него у пары «Игрок 1 и Игрок 3» "
            "больше не было способа взять 61: лучше было Т♠."
        )
        expect(turning).to_have_text(
            "После 9♦ во взятке 3 у пары «Игрок 1 и Игрок 3» уже не было способа взять 61: лучше было 7♣, Т♣ или Т♠."
        )
        expect(page.locator("#best h2")).to_have_text("Разбор с лучшей игрой")
    else:
        expect(deciding).to_have_text(
            "The deciding play: K♠ in trick 4, played by Player 3. After it, Player 1 and Player 3 could "
            "never again take 61: A♠ was better."
        )
        expect(turning).to_have_text(
            "After 9♦ in trick 3, Player 1 and Player 3 could no longer take 61: 7♣, A♣ or A♠ was better."
        )
    expect(page.locator("#best")).to_contain_text(
        "с первого хода можно было наверняка взять 61"
        if lang == "ru"
        else "with best play from the first lead, sure to take 61"
    )
    highlighted = page.locator(".best-plays li.turning")
    expect(highlighted).to_have_count(1)
    expect(highlighted).to_contain_text("9♦")
    expect(highlighted.locator(".cost")).to_contain_text("13")
    expect(page.locator(".best-plays li.deciding")).to_contain_text("К♠" if lang == "ru" else "K♠")
    assert page.locator("#best > *").evaluate_all(
        "els => els.findIndex(e => e.id === 'deciding') < els.findIndex(e => e.id === 'turning-point')"
    )
    expect(page.locator("#best-tally tbody tr")).to_have_count(4)  # each player's costly plays
    box = page.locator("#best").bounding_box()
    assert box is not None and box["width"] <= 390, "the section fits the phone's width"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "no sideways scroll"
    assert serious(page) == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_deal_review_past_the_budget_starts_at_a_later_trick(
    page: Page, live_server, settings, lang: str
) -> None:
    """Past the node budget the section reviews the last tricks and says from which one; the
    tricks before are folded under one line and show each card without a price, read out as
    not reviewed."""
    settings.KOZEL_NODE_BUDGET = 300
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(TURNING_DEAL))
    notice = page.locator("#best-partial")
    expect(notice).to_be_visible(timeout=SOLVE_WAIT)
    found = re.search(r"(\d+)\.?$", notice.inner_text().strip())
    assert found is not None
    first = int(found.group(1))
    assert 1 < first <= 8
    # the tricks before it folded under one line, open on a tap
    folded = page.locator("#best-unreviewed")
    expect(folded.locator("summary")).to_contain_text("без разбора" if lang == "ru" else "not reviewed")
    before = folded.locator(".best-tricks > li")
    expect(before).to_have_count(first - 1)
    expect(before.last).to_be_hidden()
    folded.locator("summary").click()
    expect(before.last).to_be_visible()
    expect(before.last.locator(".cost")).to_have_count(4)
    expect(before.last.locator(".cost").first).to_contain_text(
        "без разбора" if lang == "ru" else "not reviewed"
    )
    reviewed = page.locator("#best > ol.best-tricks li.best-trick")
    expect(reviewed).to_have_count(9 - first)
    expect(reviewed.first.locator(".cost.ok, .cost.bad")).to_have_count(4)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []


def give_hand(page: Page, seat: int, codes: str) -> None:
    """Type a hand and leave the field: htmx redraws the page, the hand in the page's notation.
    A change made while htmx still settles the last redraw sends nothing, so it is made again."""
    field = page.locator(f"#id_h{seat}")
    for _ in range(5):
        field.fill(codes)
        field.dispatch_event("change")
        try:
            expect(field).to_have_value(re.compile("[♣♦♥♠]"), timeout=3_000)
            return
        except AssertionError:
            continue
    raise AssertionError(f"the hand of seat {seat} was not taken")


# a classic-sixes deal played with a best card every time but 8♠ in trick 5, which gave up 61
WELL_PLAYED = {
    "variant": "classic-sixes",
    "leader": "0",
    "plays": "8C QS 9C JC QH 7C JH JD 7S AS 9S AH AD 7D 10D KD 10S 8S KH AC QD 10H 10C JS 9D 9H QC 7H KS KC 8D 8H",
    "h0": "8S 7D KS 9S JD 8C QC 10C",
    "h1": "KH QH QS JS AH 7H 10D KC",
    "h2": "AC QD 7S 8D 7C 9D 9C KD",
    "h3": "JH AD 10H 10S JC 8H 9H AS",
}


@pytest.mark.parametrize(("lang", "scheme"), [("ru", "light"), ("en", "light"), ("ru", "dark")])
def test_tricks_played_well_fold_and_open_on_a_tap(page: Page, live_server, lang: str, scheme: str) -> None:
    """The tricks before and after the one with the costly card are each folded under one line,
    a full-width tap target that opens them."""
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(WELL_PLAYED))
    folds = page.locator("#best .best-clean summary")
    expect(folds).to_have_count(2, timeout=SOLVE_WAIT)
    if lang == "ru":
        expect(folds).to_have_text(
            ["Взятки с 1-й по 4-ю: каждая карта — лучшая", "Взятки с 6-й по 8-ю: каждая карта — лучшая"]
        )
    else:
        expect(folds).to_have_text(
            ["Tricks 1 to 4: a best card every time", "Tricks 6 to 8: a best card every time"]
        )
    open_trick = page.locator("#best > ol.best-tricks > li.best-trick")
    expect(open_trick).to_have_count(1)
    expect(open_trick.locator(".cost.bad")).to_contain_text("4")
    folded = page.locator("#best .best-clean").first.locator("li.best-trick")
    expect(folded).to_have_count(4)
    expect(folded.first).to_be_hidden()
    box = folds.first.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 300, "a tap target across the phone"
    folds.first.click()
    expect(folded.first).to_be_visible()
    expect(folded.last.locator(".cost.ok")).to_have_count(4)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, "no sideways scroll"
    assert serious(page) == []


@pytest.mark.parametrize(("lang", "scheme"), [("ru", "light"), ("en", "light"), ("ru", "dark")])
def test_the_trick_page_says_how_best_to_play(page: Page, live_server, lang: str, scheme: str) -> None:
    params, _trick, _seat = revoke_deal()
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/rules/referee/?variant=classic-sixes&leader=0")
    # every hand typed into «Руки всех игроков»: the section appears and answers by itself
    page.locator("#hands summary").click()
    for s in range(4):
        give_hand(page, s, params[f"h{s}"])
    moves = page.locator(".best-moves li")
    expect(moves.first).to_be_visible(timeout=SOLVE_WAIT)
    expect(page.locator("#best h2")).to_have_text(
        "Как лучше сыграть?" if lang == "ru" else "How best to play?"
    )
    expect(page.locator("#best")).to_contain_text("Игрок 1" if lang == "ru" else "Player 1")
    assert moves.count() == 8  # the leader may lead any of his 8 cards
    expect(page.locator(".best-moves li.is-best").first).to_be_visible()
    # with every hand given the deck offers the next player's own cards only
    deck = page.locator("#referee .deck")
    expect(deck.locator('a.pcard[data-code="10C"]')).to_be_visible()
    expect(deck.locator('span.pcard.used[data-code="{}"]'.format(params["h1"].split()[0]))).to_be_visible()
    # tap a card: the next player's answer is worked out for the trick so far
    page.locator('#referee .deck a.pcard[data-code="10C"]').click()
    expect(page.locator("#best")).to_contain_text(
        "Игрок 2" if lang == "ru" else "Player 2", timeout=SOLVE_WAIT
    )
    expect(page.locator(".best-moves li").first).to_be_visible(timeout=SOLVE_WAIT)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []


def until_moves(page: Page, change: Callable[[], None]) -> None:
    """Make ``change`` until «Как лучше сыграть?» lists moves: a change made while htmx still
    settles the last redraw sends nothing, so it is made again."""
    for _ in range(5):
        change()
        try:
            expect(page.locator(".best-moves li").first).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            continue


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_trick_page_takes_up_a_trick_in_the_middle_of_the_deal(
    page: Page, live_server, lang: str
) -> None:
    """The hands of the fourth trick typed in: the section answers from there, saying that its
    points count from this trick on."""
    now, leader, _plays = taken_up_at(table_deal("classic-sixes")[0], 4)
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + f"/rules/referee/?variant=classic-sixes&leader={leader}")
    page.locator("#hands summary").click()
    for s in range(4):
        give_hand(page, s, " ".join(now[s]))
    moves = page.locator(".best-moves li")
    expect(moves.first).to_be_visible(timeout=SOLVE_WAIT)
    assert moves.count() == len(now[leader])  # a free lead: any of his five cards
    expect(page.locator("#best")).to_contain_text(
        "с этой взятки до конца сдачи" if lang == "ru" else "from this trick to the end of the deal"
    )
    expect(page.locator(".best-moves li.is-best").first).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_draw_four_is_taken_up_once_its_stock_is_drawn(page: Page, live_server, lang: str) -> None:
    """draw-four's last tricks: with every hand given the page asks whether the stock is drawn;
    ticking it under the hands opens the analysis, plays of several cards included."""
    hands = ["JC JS 7D", "QH 8S 10H", "QD 10C 6C", "9D KH AH"]
    query = {"variant": "draw-four", "leader": "3"} | {f"h{s}": h for s, h in enumerate(hands)}
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + "/rules/referee/?" + qs(query))
    expect(page.locator("#best-hint")).to_contain_text(
        "колода разобрана" if lang == "ru" else "stock is drawn"
    )
    box = page.locator('input[name="drawn"]')
    expect(box).to_be_visible()  # the hands' section is open with hands given
    until_moves(page, box.check)
    a = analyse_midway(resolve("draw-four"), 3, [h.split() for h in hands], [], stock=[], review=False)
    expect(page.locator(".best-moves li")).to_have_count(len(a.moves), timeout=SOLVE_WAIT)
    expect(page.locator(".best-moves li").filter(has_text=re.compile(r"[♥].*[♥]"))).not_to_have_count(0)
    expect(page.locator("#best")).to_contain_text(
        "Каждый разрешённый ход (одна карта или несколько)"
        if lang == "ru"
        else "Each allowed play (one card or several)"
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []


def test_the_duel_s_second_round_is_taken_up_with_its_trick_number(page: Page, live_server) -> None:
    """The duel at trick 12: the trick's number typed in «Что было в коне» opens the analysis."""
    params, _first = table_deal("yc-duel", seats=2)
    held, leader, _before = taken_up_at(params, 12)
    now = [" ".join(h) for h in held]
    query = {"variant": "yc-duel", "seats": "2", "leader": str(leader), "h0": now[0], "h1": now[1]}
    page.goto(live_server.url + "/rules/referee/?" + qs(query))
    expect(page.locator("#best-hint")).to_contain_text("во втором круге")
    page.locator("details.ctx summary").click()
    field = page.locator('input[name="trick"]')

    def trick_twelve() -> None:
        field.fill("12")
        field.dispatch_event("change")

    until_moves(page, trick_twelve)
    expect(page.locator(".best-moves li")).to_have_count(5, timeout=SOLVE_WAIT)
    expect(page.locator("#best")).to_contain_text("с этой взятки до конца сдачи")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []


def test_a_full_trick_with_every_hand_fits_the_phone_and_prices_its_cards(page: Page, live_server) -> None:
    params, _trick, _seat = revoke_deal()
    four = params["plays"].split()[:4]
    query = {"variant": "classic-sixes", "leader": "0", "cards": " ".join(four)} | {
        f"h{s}": params[f"h{s}"] for s in range(4)
    }
    page.goto(live_server.url + "/rules/referee/?" + qs(query))
    expect(page.locator("#verdict")).to_be_visible()
    expect(page.locator("#best .best-plays li")).to_have_count(4, timeout=SOLVE_WAIT)
    # the hands told are listed under the verdict: a whole hand wraps, the page does not scroll sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_trick_page_past_the_budget_names_the_best_cards(
    page: Page, live_server, settings, lang: str
) -> None:
    """Where the budget reaches the best cards and not every card's points, «Как лучше
    сыграть?» lists the best with their points and marks the rest as worse, saying why."""
    params, _trick, _seat = revoke_deal()
    _whole, part, budget = past_the_budget(params, [])  # at the deal's first lead
    settings.KOZEL_NODE_BUDGET = budget
    query = {"variant": "classic-sixes", "leader": "0", "cards": ""} | {
        f"h{s}": params[f"h{s}"] for s in range(4)
    }
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + "/rules/referee/?" + qs(query))
    expect(page.locator("#best-unvalued")).to_be_visible(timeout=SOLVE_WAIT)
    expect(page.locator(".best-moves li.unvalued")).to_have_count(len(part.unvalued))
    expect(page.locator(".best-moves li.unvalued").first).to_contain_text(
        "хуже лучшей" if lang == "ru" else "worse than the best"
    )
    expect(page.locator(".best-moves li.is-best").first).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert serious(page) == []
