"""Every variant's scoring through the UI path: POST the hand form, read the board the engine built.

Cases cite docs/rules.md#variants; each row is one match: hands as form fields, then the expected score.
"""

from __future__ import annotations

import pytest

from scorekeeper.selectors import match_board

E = {"eggs": "1"}

CASES = [
    # classic-sixes#scoring classic: spas +1, 90+ +2, eggs pot to the next winner, first to 6; titles
    pytest.param(
        "classic-sixes",
        {},
        [{"points_0": 72}, {"points_0": 95}, {"points_1": 100}, E, {"points_0": 95}],
        (6, 2),
        0,
        ("goats", "with_eggs"),
        id="classic-spas-nospas-eggs-pot",
    ),
    pytest.param(
        "classic-sixes",
        {},
        [{"points_0": 120, "all_tricks": "1"}],
        (0, 0),
        0,
        ("goats", "dry"),
        id="classic-dry-goat-first-hand",
    ),
    pytest.param(
        "classic-sixes",
        {"opt_dry_goat_first_hand": False, "opt_trump_suit": "C"},
        [{"points_0": 72}, {"points_1": 120, "all_tricks": "1"}],
        (0, 0),
        None,
        (),
        id="classic-lyusya-resets-when-dry-goat-off",
    ),
    pytest.param(
        "classic-sixes",
        {},
        [{"points_0": 72}] * 5 + [{"points_0": 91}],
        (7, 0),
        0,
        ("goats", "with_tails"),
        id="classic-with-tails",
    ),
    pytest.param(
        "classic-sixes",
        {},
        [
            {"penalty_kind": "misdeal", "penalty_against": 0},  # seat 1 (team 0) deals hand 1
            {"penalty_kind": "false_accusation", "penalty_against": 0},
        ],
        (0, 3),
        None,
        (),
        id="classic-penalties",
    ),
    # penalty-goats#scoring penalty goats: marks to the loser, 12 loses
    pytest.param(
        "penalty-goats",
        {},
        [{"points_0": 70}, {"points_0": 100}, E, {"penalty_kind": "cheating", "penalty_against": 0}],
        (4, 6),
        None,
        (),
        id="goats-2-4-eggs-cheating",
    ),
    pytest.param(
        "penalty-goats",
        {"opt_eggs_double": True},
        [E, {"points_0": 70}],
        (0, 4),
        None,
        (),
        id="goats-eggs-double",
    ),
    pytest.param(
        "penalty-goats",
        {"opt_royal_goat": True},
        [{"penalty_kind": "royal_goat", "penalty_against": 1}],
        (0, 0),
        0,
        ("goats",),
        id="goats-royal-goat",
    ),
    pytest.param("penalty-goats", {}, [{"points_0": 100}] * 3, (0, 12), 0, ("goats",), id="goats-12-lose"),
    # voon-series#capture series: 2/4/6, eggs bonus +2, all 8 tricks reset, queen capture
    pytest.param(
        "voon-series",
        {},
        [{"points_0": 72}, E, {"points_0": 95}, {"points_1": 120, "all_tricks": "1"}],
        (0, 0),
        None,
        (),
        id="series-bonus-then-reset",
    ),
    pytest.param(
        "voon-series", {}, [{"queen_capture": 0}], (12, 0), 0, ("goats",), id="series-first-hand-capture"
    ),
    pytest.param(
        "voon-series",
        {},
        [{"points_1": 120}, {"queen_capture": 0}],
        (4, 6),
        None,
        (),
        id="series-120-without-all-tricks-and-capture",
    ),
    # yc-hvalyony#capture hvalyony: eggs double, capture 4 × factor, Lyusya instant win
    pytest.param(
        "yc-hvalyony",
        {},
        [E, {"points_0": 72}, E, {"queen_capture": 1}],
        (4, 8),
        None,
        (),
        id="hvalyony-eggs-doubling",
    ),
    pytest.param(
        "yc-hvalyony",
        {},
        [{"points_0": 95}, {"points_1": 120, "all_tricks": "1"}],
        (4, 0),
        1,
        ("goats",),
        id="hvalyony-lyusya-instant-win",
    ),
    pytest.param(
        "yc-hvalyony",
        {"opt_lyusya": "reset", "opt_six_of_clubs": True},
        [{"points_0": 95}, {"points_1": 120, "all_tricks": "1"}],
        (0, 4),
        None,
        (),
        id="hvalyony-lyusya-reset",
    ),
    # yc-belka#scoring Belka: obyaz table
    pytest.param(
        "yc-belka",
        {},
        [{"points_0": 72, "obyaz": 0}, {"points_0": 72, "obyaz": 1}, {"points_1": 100, "obyaz": 1}, E],
        (3, 2),
        None,
        (),
        id="belka-obyaz-table",
    ),
    # draw-four#scoring draw-four: penalty goats by default, pairs by option
    pytest.param("draw-four", {}, [{"points_0": 70}], (0, 2), None, (), id="draw-four-goats"),
    pytest.param(
        "draw-four", {"opt_scoring": "pairs"}, [{"points_0": 70}], (1, 0), None, (), id="draw-four-pairs"
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("variant", "options", "hands", "score", "winner", "titles"), CASES)
def test_variant_scoring_through_the_form(start, variant, options, hands, score, winner, titles):
    table = start(variant, **options)
    for fields in hands:
        resp = table.hand(**fields)
        assert resp.status_code == 200, resp.content.decode()[:3000]
    board = match_board(match=table.match)
    assert board.state.score == score
    assert board.state.winner == winner
    assert board.state.titles == titles
    assert len(board.hands) == len(hands)


@pytest.mark.django_db
def test_the_board_explains_each_hand_in_russian(start):
    table = start("voon-series")
    table.hand(points_0=72)
    table.hand(eggs="1")
    html = table.hand(points_0=95).content.decode()
    # the series speaks of card-point bands and series points, never of спас (voon-series#scoring)
    assert "72:48" in html and "61–89 очков → 2 балла" in html
    assert "яйца! +2 ждёт следующей победы" in html
    assert "90–119 очков → 4 балла" in html and "+2 за яйца" in html
    assert "Красные +6" in html
    assert "спас" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "uses_spas"),
    [("classic-sixes", True), ("penalty-goats", True), ("voon-series", False), ("yc-hvalyony", False)],
)
def test_the_word_spas_only_where_the_scoring_uses_it(start, variant, uses_spas):
    table = start(variant)
    table.hand(points_0=72)
    html = table.hand(points_0=95).content.decode()
    assert ("спас" in html) == uses_spas
    if variant == "yc-hvalyony":
        assert "61–89 очков → 2 глаза" in html and "90+ очков → 4 глаза" in html


@pytest.mark.django_db
def test_finished_match_shows_winner_title_and_no_entry_form(start):
    table = start("classic-sixes")
    table.hand(eggs="1")
    html = table.hand(points_1=120, all_tricks="1").content.decode()
    # eggs first, then Lyusya in hand 2: not the first hand, so a reset, the match goes on
    assert 'id="entry"' in html
    for _ in range(3):
        html = table.hand(points_1=95).content.decode()
    assert "Победа: Чёрные" in html
    assert "козлы с яйцами" in html
    assert 'id="entry"' not in html


@pytest.mark.django_db
def test_an_instant_win_is_said_once(start):
    # yc-hvalyony#capture: Lyusya wins the match at once; the line says so, not «…win the match» again
    table = start("yc-hvalyony")
    table.hand(points_0=95)
    html = table.hand(points_1=120, all_tricks="1").content.decode()
    assert html.count("сразу победа в матче: Чёрные") == 1
    assert "· победа в матче" not in html and "выиграли" not in html
