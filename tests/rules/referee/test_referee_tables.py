"""The referee at tables of 2, 3 or 4 seats (docs/tables.md): the seat-count choice, the blind
seat, the match's player names, and the deal review of the short-handed tables."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from tests.rules.helpers import qs, revoke_deal, table_deal, text

pytestmark = pytest.mark.django_db


def plays(resp) -> list[str]:
    return re.findall(r'<li class="play (ok|bad|open)">', resp.content.decode())


def slots(resp) -> list[str]:
    """The seat names of the trick's slots, in play order."""
    html = resp.content.decode()
    return re.findall(r'<li class="slot[^"]*">\s*<span class="who[^"]*">([^<]*)</span>', html)


def share(resp) -> dict[str, list[str]]:
    m = re.search(r'id="share-url" readonly value="([^"]+)"', resp.content.decode())
    assert m, "no share link"
    return parse_qs(urlsplit(m.group(1).replace("&amp;", "&")).query)


# ------------------------------------------------------------------ one trick, any seat count


@pytest.mark.parametrize(
    ("query", "n"),
    [
        ("variant=yc-duel&leader=0&cards=AH+KH", 2),
        ("variant=solo-twelve&seats=2&leader=1&cards=AH+KH", 2),
        ("variant=solo-twelve&seats=3&leader=0&cards=AH+KH+7H", 3),
        ("variant=solo-twelve&seats=4&leader=3&cards=AH+KH+7H+8H", 4),
        ("variant=classic-sixes&leader=0&cards=AH+KH+9H+8H", 4),
    ],
)
def test_a_trick_has_one_card_per_seat(en: Client, query: str, n: int) -> None:
    resp = en.get("/rules/referee/?" + query)
    assert resp.status_code == 200
    assert len(slots(resp)) == n
    assert len(plays(resp)) == n  # the verdict is there: the trick was full
    assert "takes the trick" in text(resp)


def test_one_card_too_many_for_the_table_is_an_error(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=solo-twelve&seats=3&leader=0&cards=AH+KH+7H+8H")
    assert resp.status_code == 400
    assert "A trick needs one play from each seat at the table." in text(resp)


def test_the_seat_count_choice_is_offered_only_where_the_variant_has_several(en: Client) -> None:
    solo = en.get("/rules/referee/?variant=solo-twelve&seats=3").content.decode()
    assert re.findall(r'name="seats" value="(\d)"', solo) == ["2", "3", "4"]
    assert re.search(r'name="seats" value="3" checked', solo)
    for variant in ("yc-duel", "classic-sixes"):
        html = en.get(f"/rules/referee/?variant={variant}").content.decode()
        assert 'name="seats"' not in html


def test_a_seat_count_the_variant_is_not_played_by_is_a_clear_error(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=solo-twelve&seats=5")
    assert resp.status_code == 400
    assert "This variant is played by 2, 3, 4 players." in text(resp)


def test_a_leader_beyond_the_table_is_an_error(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=solo-twelve&seats=3&leader=3&cards=AH")
    assert resp.status_code == 400
    assert "Not a seat at this table" in text(resp)


def test_making_the_table_smaller_moves_the_lead_to_its_first_seat(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=solo-twelve&seats=3&was_seats=4&leader=3")
    assert resp.status_code == 200
    assert re.search(r'name="leader" value="0" checked', resp.content.decode())


def test_two_against_one_is_offered_only_with_three_players(en: Client) -> None:
    three = en.get("/rules/referee/?variant=solo-twelve&seats=3").content.decode()
    four = en.get("/rules/referee/?variant=solo-twelve&seats=4").content.decode()
    assert 'name="opt_spades_queen"' in three
    assert 'name="opt_spades_queen"' not in four
    # at three, the trump suit is the one the lone player named
    on = en.get("/rules/referee/?variant=solo-twelve&seats=3&opt_spades_queen=1").content.decode()
    assert "Trumps named by the player with the queen of spades" in on


def test_a_link_asking_two_against_one_at_four_is_an_error(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=solo-twelve&seats=4&opt_spades_queen=1")
    assert resp.status_code == 400
    assert "is played only by 3 players" in text(resp)


def test_changing_the_seat_count_drops_an_option_the_new_count_does_not_allow(en: Client) -> None:
    resp = en.get(
        "/rules/referee/?variant=solo-twelve&seats=4&was_seats=3&opt_spades_queen=1&leader=0"
        "&cards=AH+KH+7H+8H"
    )
    assert resp.status_code == 200
    link = share(resp)
    assert link["seats"] == ["4"]
    assert "opt_spades_queen" not in link


def test_the_duel_trick_suit_is_the_deal_option(en: Client) -> None:
    # hearts trumps this deal: 7... no sevens in the duel deck; 8H is a trump over the plain ace of spades
    resp = en.get("/rules/referee/?variant=yc-duel&opt_trump_suit=H&leader=0&cards=AS+8H")
    assert resp.status_code == 200
    assert "Player 2 takes the trick" in text(resp)
    assert "Trumps of this deal" in resp.content.decode()


# ------------------------------------------------------------------ the blind seat


BLIND = "/rules/referee/?variant=classic-sixes&leader=0&cards=AH+8S+9H+KH&h1=10H"


def test_a_blind_card_is_always_allowed(en: Client) -> None:
    # seat 1 held 10♥ and discarded 8♠ on a heart lead: a revoke at the table ...
    seen = en.get(BLIND)
    assert plays(seen)[1] == "bad"
    # ... but the blind seat's cards are played unseen: allowed, reason blind_seat
    blind = en.get(BLIND + "&opt_blind_seat=1")
    assert blind.status_code == 200
    assert plays(blind) == ["ok", "ok", "ok", "ok"]
    assert "card is played unseen: any card is allowed." in text(blind)
    assert "#blind" in blind.content.decode()  # the rule it cites is the sheet's blind section


def test_the_blind_seat_is_named_blind_and_still_takes_the_trick(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=classic-sixes&opt_blind_seat=2&leader=0&cards=AH+KH+7C+9H")
    assert slots(resp) == ["Player 1", "Player 2", "blind", "Player 4"]
    assert "blind takes the trick · 15 card points" in text(resp)


def test_the_blind_seat_in_russian_is_slepoy(client: Client) -> None:
    resp = client.get("/rules/referee/?variant=classic-sixes&opt_blind_seat=3&leader=0&cards=AH")
    assert "слепой" in slots(resp)
    assert re.search(
        r'<label class="seat team1 blind">[^<]*<input[^>]*value="3"[^>]*> слепой', resp.content.decode()
    )


# ------------------------------------------------------------------ names from a match


NAMED = "/rules/referee/?variant=solo-twelve&seats=3&leader=1&cards=JC+AH+7H&name0=Аня&name1=Боря&name2=Вера"


def test_names_given_in_the_link_replace_player_numbers(en: Client) -> None:
    resp = en.get(NAMED)
    assert slots(resp) == ["Боря", "Вера", "Аня"]
    t = text(resp)
    assert "Боря takes the trick · 13 card points" in t
    assert "Player 1" not in t
    labels = re.findall(r'name="leader" value="\d"[^>]*> ([^<]+?)\s*</label>', resp.content.decode())
    assert labels == ["Аня", "Боря", "Вера"]
    # every link of the page keeps them: the share link, the deal review and the hand check
    assert share(resp)["name0"] == ["Аня"]
    html = resp.content.decode()
    assert re.search(r'href="/rules/referee/deal/\?[^"]*name2=%D0%92%D0%B5%D1%80%D0%B0', html)


def test_a_seat_without_a_name_stays_a_numbered_player(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=classic-sixes&leader=0&cards=AH+KH+9H+8H&name0=Аня&name2=Вера")
    assert slots(resp) == ["Аня", "Player 2", "Вера", "Player 4"]


def test_a_name_is_text_never_markup(en: Client) -> None:
    resp = en.get("/rules/referee/?variant=classic-sixes&leader=0&name0=<script>x</script>")
    html = resp.content.decode()
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_hand_check_names_the_players_for_belka(en: Client) -> None:
    resp = en.get("/rules/referee/hand/?variant=yc-belka&first_jc=0&name0=Аня&name1=Боря")
    t = text(resp)
    assert "Аня: ♣ · Боря: ♦ · Player 3: ♠ · Player 4: ♥" in t
    assert re.search(r'<option value="0"[^>]*>Аня</option>', resp.content.decode())


# ------------------------------------------------------------------ the deal review


def test_deal_review_of_a_three_player_deal_gives_each_player_his_points(en: Client) -> None:
    params, _hands = table_deal("solo-twelve", seats=3)
    params.update(name0="Аня", name1="Боря", name2="Вера")
    resp = en.get("/rules/referee/deal/?" + qs(params))
    assert resp.status_code == 200
    t = text(resp)
    assert "No illegal play found." in t
    totals = re.findall(
        r'<div class="bg-solo"><span class="solo">\s*<span class="name">([^<]+)</span></span><br><strong>(\d+)</strong>',
        resp.content.decode(),
    )
    assert [name for name, _p in totals] == ["Аня", "Боря", "Вера"]
    assert sum(int(p) for _n, p in totals) == 120  # the two cards left over go to the dealer
    assert "Cards left over, with the dealer's tricks (Вера):" in t  # the seat before the leader


def test_deal_review_two_against_one_names_the_lone_player(en: Client) -> None:
    params, hands = table_deal("solo-twelve", seats=3, options={"spades_queen": "1", "trump_suit": "H"})
    lone = next(s for s, h in enumerate(hands) if "QS" in h)
    resp = en.get("/rules/referee/deal/?" + qs(params))
    assert resp.status_code == 200
    assert f"Two against one: Player {lone + 1} held the queen of spades and played alone" in text(resp)
    assert 'href="/rules/solo-twelve/#two-against-one"' in resp.content.decode()


def test_deal_review_of_a_duel_plays_the_prikup_and_names_the_next_trumps(en: Client) -> None:
    params, _hands = table_deal("yc-duel")
    resp = en.get("/rules/referee/deal/?" + qs(params))
    assert resp.status_code == 200
    html = resp.content.decode()
    assert 'name="k0"' in html and 'name="k1"' in html  # the second round's cards
    assert len(re.findall(r"<tr[^>]*><td>\d+</td>", html)) == 16  # 8 tricks, then 8 of the prikup
    last = params["plays"].split()[-1]
    suit = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}[last[-1]]
    assert f"Trumps of the next deal: {suit}" in text(resp)


def test_deal_review_with_a_blind_seat_allows_its_every_card(en: Client) -> None:
    params, trick, seat = revoke_deal()
    seen = text(en.get("/rules/referee/deal/?" + qs(params)))
    assert f"First illegal play: trick {trick}, Player {seat + 1}" in seen
    params["opt_blind_seat"] = str(seat)
    resp = en.get("/rules/referee/deal/?" + qs(params))
    assert resp.status_code == 200
    assert "No illegal play found." in text(resp)  # the one revoke was the blind seat's
    names = re.findall(r'<span class="name">([^<]+)</span>', resp.content.decode())  # under the review
    assert any("blind" in name for name in names)


def test_a_seat_count_change_in_the_deal_review_keeps_to_the_table(en: Client) -> None:
    html = en.get("/rules/referee/deal/?variant=solo-twelve&seats=2").content.decode()
    assert re.findall(r'name="h(\d)"', html) == ["0", "1"]
    html = en.get("/rules/referee/deal/?variant=solo-twelve&seats=4").content.decode()
    assert re.findall(r'name="h(\d)"', html) == ["0", "1", "2", "3"]
    assert re.findall(r'name="k(\d)"', html) == ["0", "1", "2", "3"]  # 4 + 4 cards: two rounds


@pytest.mark.parametrize(
    "query",
    [
        "variant=yc-duel&cards=6C+QC+QS+AH+10H+KH+9H+8H",
        "variant=solo-twelve&seats=3&cards=JC+JS+7H+8H+9H+10H+AH+KH+QH+7S",
        "variant=solo-twelve&seats=2&cards=JC+JS+JH+JD+AC+10C+KC+QC+9C+8C+7C+AS+10S+KS+QS+9S",
    ],
)
def test_the_hand_check_of_a_short_table_says_there_is_no_redeal(en: Client, query: str) -> None:
    resp = en.get("/rules/referee/hand/?" + query)
    assert resp.status_code == 200
    t = text(resp)
    assert "No redeal for this hand" in t
    assert "This variant has no redeals." in t


def test_a_finished_short_table_deal_carries_its_whole_record_back(en: Client) -> None:
    """The record a finished review proposes (to a match's correction page): points of every
    side, the dealer, who played alone, the suit of the duel's last card."""
    from rules.referee import deal_of, read_deal, review_deal

    def review(params: dict[str, str]):  # type: ignore[no-untyped-def]
        query = read_deal(params)
        return review_deal(query, deal_of(query))

    params, hands = table_deal("solo-twelve", seats=3, options={"spades_queen": "1"})
    result = review(params)
    assert result is not None and result.finished
    rp = result.record_params
    assert sum(int(rp[f"points_{i}"]) for i in range(3)) == 120
    assert rp["dealer"] == "2" and rp["lone"] == str(next(s for s, h in enumerate(hands) if "QS" in h))
    params, _hands = table_deal("yc-duel")
    duel = review(params)
    assert duel is not None and duel.record_params["last_suit"] == params["plays"].split()[-1][-1]
