"""The score chart: a server-rendered SVG of the score after each hand, for every scoring system,
drawn with the theme's colours (so dark mode follows), with a text alternative; and after a
rematch the running tally of the series."""

from __future__ import annotations

import re

import pytest

from scorekeeper.chart import build

# one variant per scoring system: pairs, penalty marks, series points, eyes, Belka's eyes
SYSTEMS = [
    ("classic-sixes", [72, 95, 30], 6),
    ("penalty-goats", [72, 20, 100], 12),
    ("voon-series", [72, 95, 30], 12),
    ("yc-hvalyony", [72, 95, 30], 12),
]


def _svg(html: str) -> str:
    m = re.search(r'<figure class="chart[^"]*" id="chart">(.*?)</figure>', html, re.S)
    assert m, "no chart on the page"
    return m.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(("variant", "hands", "target"), SYSTEMS, ids=[s[0] for s in SYSTEMS])
def test_every_scoring_system_draws_the_score_hand_by_hand(start, client, variant, hands, target):
    table = start(variant)
    assert 'id="chart"' not in client.get(table.edit).content.decode()  # nothing to draw yet
    for p in hands:
        table.hand(points_0=p)
    for url in (table.edit, f"/m/{table.public_id}/"):  # the match page and the view link
        svg = _svg(client.get(url).content.decode())
        assert 'role="img"' in svg and 'aria-labelledby="chart-title chart-desc"' in svg
        lines = re.findall(r'<polyline class="chart-line chart-team(\d)" points="([^"]+)"', svg)
        assert sorted(t for t, _ in lines) == ["0", "1"]
        for _team, points in lines:
            assert len(points.split()) == len(hands) + 1  # 0:0, then one point per hand
        # every coordinate is an SVG number (a Russian page must not write «128,0»)
        for coord in re.findall(r' (?:x|y|cx|cy|y1|y2)="([^"]*)"', svg):
            assert re.fullmatch(r"-?\d+(\.\d+)?", coord), coord
        # the target line is drawn and labelled with its number
        assert "chart-target" in svg and f">{target}</text>" in svg
        # colours come from classes (theme variables), never fixed in the markup
        assert not re.search(r'(fill|stroke)="#', svg) and "style=" not in svg


@pytest.mark.django_db
def test_the_text_alternative_lists_every_score(start, client):
    table = start("voon-series")
    for p in (72, 95, 30):  # 72 → 2:0, 95 → 6:0, 30 → 6:4 (90+)
        table.hand(points_0=p)
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", client.get(table.edit).content.decode(), re.S).group(1)
    assert "Красные: 0, 2, 6, 6" in desc
    assert "Чёрные: 0, 0, 0, 4" in desc
    assert "12" in desc
    assert re.search(r"\. [А-ЯЁ]", desc.split("Чёрные")[1]), desc  # the goal starts a sentence


def test_a_reset_falls_to_zero_and_an_overshoot_fits():
    c = build([(4, 0), (0, 2), (0, 14)], 12)  # Lyusya reset, then a finish past the target
    ys0 = [float(p.split(",")[1]) for p in c.lines[0].split()]
    assert ys0[1] < ys0[0] and ys0[2] == ys0[0] == float(c.baseline)  # up, then back to 0
    ys1 = [float(p.split(",")[1]) for p in c.lines[1].split()]
    assert min(ys1) >= 0 and c.top == 14  # the axis grows to the highest score
    assert float(c.target_y) > min(ys1)  # the final point sits above the target line


@pytest.mark.django_db
def test_after_rematches_the_series_tally_runs(start, client):
    table = start("voon-series")
    table.hand(queen_capture="0")  # a capture in the first hand wins the series at once
    resp = table.post("rematch/", htmx=False)
    assert resp.status_code == 302
    second = resp["Location"]
    html = client.get(second).content.decode()
    block = re.search(r'<div class="series" id="series">(.*?)</div>', html, re.S).group(1)
    assert re.search(r'class="team0">1</b> : <b class="team1">0</b>', block)
    items = re.findall(r'<li class="series-item[^"]*"\s*>(.*?)</li>', block, re.S)
    assert len(items) == 2 and "Красные" in items[0] and "12:0" in items[0]
    assert "идёт" in items[1]


@pytest.mark.django_db
def test_each_for_himself_draws_a_line_per_player_from_12_marks(start, client):
    names = {"player_0": "Аня", "player_1": "Боря", "player_2": "Вера"}
    table = start("solo-twelve", seats="3", **names)
    table.hand(points_0="64", points_1="26")  # Аня dealt: +2 from each of the others
    table.hand(points_0="10", points_1="20")  # Вера takes 90: 2 from Аня, 1 from Боря (the dealer)
    for url in (table.edit, f"/m/{table.public_id}/"):
        html = client.get(url).content.decode()
        svg = _svg(html)
        lines = re.findall(r'<polyline class="chart-line chart-team(\d)" points="([^"]+)"', svg)
        assert sorted(t for t, _ in lines) == ["0", "1", "2"]
        ys = {t: [float(p.split(",")[1]) for p in pts.split()] for t, pts in lines}
        assert ys["0"][0] == ys["1"][0] == ys["2"][0]  # everyone starts at 12
        assert ys["0"][1] < ys["0"][0] and ys["1"][1] > ys["1"][0]  # Аня up to 16, Боря down to 10
        assert len(re.findall(r'<polygon class="chart-dot chart-team2"', svg)) == 2  # Вера's triangles
        desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S).group(1)
        assert "Аня: 12, 16, 14" in desc and "Боря: 12, 10, 9" in desc and "Вера: 12, 10, 13" in desc
        assert "▲ Вера" in svg and "тот козёл" in svg


def test_marks_below_zero_stretch_the_axis_down():
    c = build([(16, 10, 10), (18, 9, -1)], 0, start=(12, 12, 12))
    assert c.bottom == -1 and c.top == 18
    ys2 = [float(p.split(",")[1]) for p in c.lines[2].split()]
    assert ys2[-1] > float(c.baseline) > ys2[0]  # Вера ends under the goat line at 0
    assert float(c.target_y) == float(c.baseline)
