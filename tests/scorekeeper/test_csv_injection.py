"""The CSV export never hands a spreadsheet a live formula (the OWASP rule: a text cell starting
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is prefixed with ``'``); the JSON
export keeps the names as they were typed."""

from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.views import csv_cell

pytestmark = pytest.mark.django_db

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize(
    "team_0,team_1",
    [('=HYPERLINK("http://e.x","a")', "+1+1"), ("@SUM(A1)", "-2+3")],
    ids=["equals-plus", "at-minus"],
)
def test_no_cell_starts_a_formula(client, start, team_0: str, team_1: str) -> None:
    table = start("voon-series", team_0=team_0, team_1=team_1)
    table.hand(points_0=72, note="=1+1")
    table.hand(queen_capture=0)  # «<team> caught the queen → …» in the events and the why cell
    text = client.get(f"/m/{table.public_id}/export.csv").content.decode("utf-8-sig")
    cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
    assert any(team_0.strip() in c or team_1.strip() in c for c in cells)
    live = [c for c in cells if c.startswith(FORMULA_START)]
    assert live == []
    # names now follow a word («ловля дамы: =…»), so no cell of this export opens with one; a cell
    # that does is neutralised and still carries the text, after the quote
    assert csv_cell(team_0) == "'" + team_0 and csv_cell(team_1) == "'" + team_1
    data = client.get(f"/m/{table.public_id}/export.json").json()
    assert data["teams"] == [team_0.strip(), team_1.strip()]


@pytest.mark.parametrize(
    "value,cell",
    [
        ("=1", "'=1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("x=1", "x=1"),
        ("", ""),
        (-3, -3),
        (0, 0),
    ],
)
def test_csv_cell(value: object, cell: object) -> None:
    # names and notes are stripped by the forms, so a leading tab or CR is checked here
    assert csv_cell(value) == cell


def test_negative_numbers_stay_numbers(client, start) -> None:
    table = start("voon-series")
    table.hand(queen_capture=1)
    text = client.get(f"/m/{table.public_id}/export.csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert all(not c.startswith("'") or not c[1:].lstrip("-").isdigit() for row in rows for c in row)
