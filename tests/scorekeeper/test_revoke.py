"""classic-sixes#scoring option revoke_penalty=four_points through the scorekeeper's form: the
field is offered only with the option, the record carries it, the board explains it."""

from __future__ import annotations

import pytest

from scorekeeper.selectors import match_board

pytestmark = pytest.mark.django_db


def test_the_form_offers_revoke_only_with_the_option(start) -> None:
    plain = start("classic-sixes")
    assert 'name="revoke"' not in plain.client.get(plain.edit).content.decode()
    table = start("classic-sixes", opt_revoke_penalty="four_points")
    page = table.client.get(table.edit).content.decode()
    assert 'name="revoke"' in page and "Доказанный ренонс" in page


REVOKES = [
    # typed points of team 0, team at fault, score after, id
    pytest.param(62, "0", (0, 1), id="classic-sixes#scoring/revoke-turns-the-hand"),
    pytest.param(60, "1", (1, 0), id="classic-sixes#scoring/revoke-breaks-eggs"),
    pytest.param(100, "1", (2, 0), id="classic-sixes#scoring/losers-revoke"),
]


@pytest.mark.parametrize("points,fault,score", REVOKES)
def test_a_hand_with_a_revoke(start, points: int, fault: str, score: tuple[int, int]) -> None:
    table = start("classic-sixes", opt_revoke_penalty="four_points")
    resp = table.hand(points_0=points, revoke=fault)
    assert resp.status_code == 200, resp.content.decode()[:2000]
    board = match_board(match=table.match)
    assert board.state.score == score
    notes = board.hands[0].result.notes
    assert [n.params["team"] for n in notes if n.code == "revoke"] == [int(fault)]
    # the hand as scored holds the penalty spent: scoring it again gives the same hand
    assert board.hands[0].result.record.revoke is None
    html = resp.content.decode()
    assert "ренонс" in html and "4 очка другой команде" in html


def test_a_revoke_without_the_option_is_refused(start) -> None:
    table = start("classic-sixes")
    resp = table.hand(points_0=62, revoke="0")
    board = match_board(match=table.match)
    assert board.hands == []
    assert resp.status_code in (200, 422)


def test_correcting_a_revoke_hand_starts_from_what_was_entered(start) -> None:
    """The board shows the hand as scored (64:56); its correction form holds what was entered."""
    table = start("classic-sixes", opt_revoke_penalty="four_points")
    table.hand(points_0=60, revoke="1")
    assert "64:56" in table.client.get(table.edit).content.decode()
    page = table.client.get(table.edit + "hand/1/").content.decode()
    assert 'name="points_0"' in page and 'value="60"' in page
    assert '<option value="1" selected>' in page
    resp = table.post("hand/1/", {"points_0": 60, "revoke": "1", "reason": "тот же кон"})
    assert resp.status_code in (200, 302), resp.content.decode()[:1000]
    board = match_board(match=table.match)
    assert board.state.score == (1, 0) and board.hands[0].result.record.points == (64, 56)
