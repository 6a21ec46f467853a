"""The stored snapshot and hand lines are exactly what the log gives.

Random matches of every variant go through the services (new hands, edits, deletes, undos,
restores, refused records); after every change the snapshot and the lines are rebuilt from the
log and compared (the check ``manage.py check_snapshots`` runs), and the board read from the
snapshot says what the full replay says.
"""

from __future__ import annotations

import io
import random
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from rules.engine.variants import VARIANTS, resolve
from scorekeeper import services, snapshots
from scorekeeper.models import Entry, Line, Match
from scorekeeper.presenters import BoardPage
from scorekeeper.selectors import match_board, match_live_board

pytestmark = pytest.mark.django_db


def random_record(rng: random.Random, variant: str) -> dict[str, Any]:
    """A record that is often valid for ``variant`` and sometimes not (the engine refuses those)."""
    rs = resolve(variant)
    kind = rng.choice(["played"] * 5 + ["eggs", "eggs", "lyusya", "capture", "penalty", "bad"])
    if kind == "played":
        a = rng.choice([x for x in range(0, 121) if x != 60])
        d: dict[str, Any] = {"points": [a, 120 - a]}
    elif kind == "eggs":
        d = {"points": [60, 60]}
    elif kind == "lyusya":
        d = {"points": rng.choice([[120, 0], [0, 120]]), "all_tricks": True}
    elif kind == "capture":
        d = {"queen_capture": rng.randrange(2)}
    elif kind == "penalty":
        d = {
            "penalty": {
                "kind": rng.choice(["misdeal", "cheating", "royal_goat"]),
                "against": rng.randrange(2),
            }
        }
    else:
        d = {"points": [70, 70]}
    if rs.scoring == "eyes-belka" and "points" in d and rng.random() < 0.9:
        d["obyaz"] = rng.randrange(2)
    return d


def _record(d: dict[str, Any]) -> Any:
    from rules.engine import HandRecord

    return HandRecord.from_dict(d)


def assert_matches_the_log(match: Match) -> None:
    """What is stored is what the log gives: the stored snapshot and lines against the engine's
    replay of the log, and the board the pages show from them against the same board with the
    log folded in memory (a snapshot taken away)."""
    match.refresh_from_db()
    assert snapshots.check(match) == []
    live = BoardPage(match_live_board(match=match, all_hands=True))
    full = match_board(match=match)
    unstored = Match.objects.get(pk=match.pk)
    unstored.snapshot = None  # read as a match from before snapshots: its log folded in memory
    folded = BoardPage(match_live_board(match=unstored, all_hands=True))
    assert live.count == len(full.hands) == folded.count
    for name in ("score", "finished", "winner", "loser", "titles"):
        assert getattr(live.state, name) == getattr(full.state, name), name
    assert dict(live.state.pending) == dict(full.state.pending)
    assert live.next == full.next == folded.next
    assert live.lead_text == folded.lead_text
    assert live.chart == folded.chart and live.chart_text == folded.chart_text
    assert live.series_results == BoardPage(full).series_results == folded.series_results
    assert live.tally == BoardPage(full).tally == folded.tally
    assert [(r.number, r.slot, r.score0, r.score1) for r in reversed(live.rows)] == [
        (ln.number, ln.slot, ln.result.score[0], ln.result.score[1]) for ln in full.hands
    ]
    assert list(live.rows) == list(folded.rows)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_matches_keep_snapshot_and_lines_equal_to_the_log(variant: str, seed: int) -> None:
    rng = random.Random(f"{variant}-{seed}")
    match, _secret = services.match_create(variant=variant, options={}, team_names=["A", "B"])
    n = 0
    for _step in range(30):
        n += 1
        match.refresh_from_db()
        version = match.version
        slots = list(Entry.objects.filter(match=match, action=Entry.ADD).values_list("slot", flat=True))
        op = rng.choice(["add"] * 5 + ["edit", "edit", "delete", "undo", "restore"]) if slots else "add"
        try:
            if op == "add":
                services.hand_record(
                    match=match, record=_record(random_record(rng, variant)), nonce=f"n{n}", version=version
                )
            elif op == "edit":
                services.hand_edit(
                    match=match,
                    slot=rng.choice(slots),
                    record=_record(random_record(rng, variant)),
                    nonce=f"n{n}",
                    version=version,
                )
            elif op == "delete":
                services.hand_delete(match=match, slot=rng.choice(slots), nonce=f"n{n}", version=version)
            elif op == "undo":
                services.hand_undo(match=match, nonce=f"n{n}", version=version)
            else:
                seqs = list(
                    Entry.objects.filter(match=match, record__isnull=False).values_list("seq", flat=True)
                )
                services.entry_restore(match=match, seq=rng.choice(seqs), nonce=f"n{n}", version=version)
        except (services.Invalid, services.NotFound):
            pass  # refused: nothing written, and the stored state must still be the log's
        assert_matches_the_log(match)


def test_a_correction_replays_from_the_checkpoint_before_the_hand() -> None:
    """Editing hand 40 of 45 rewrites line 40 and moves the scores of lines 41-45 in place;
    lines 1-39 are not touched."""
    match, _secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    for i in range(45):
        services.hand_record(match=match, record=_record({"points": [60, 60]}), nonce=f"a{i}", version=i)
    before = dict(Line.objects.filter(match=match).values_list("number", "id"))
    slot40 = Line.objects.get(match=match, number=40).slot
    services.hand_edit(match=match, slot=slot40, record=_record({"points": [70, 50]}), nonce="e", version=45)
    after = dict(Line.objects.filter(match=match).values_list("number", "id"))
    assert {k: v for k, v in after.items() if k < 40} == {k: v for k, v in before.items() if k < 40}
    assert after[40] != before[40]
    assert {k: v for k, v in after.items() if k > 40} == {k: v for k, v in before.items() if k > 40}
    assert_matches_the_log(match)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_changes_around_the_checkpoints_keep_the_lines_equal_to_the_log(seed: int) -> None:
    """Every CHECKPOINT-th line holds the fold's state a correction replays from: edits,
    deletes, restores and undos of hands just before, on and after checkpoints."""
    from scripts.bound_fixture import match_of, records_for

    rng = random.Random(seed)
    public_id, _secret = match_of(records_for(3 * snapshots.CHECKPOINT + 5))
    match = Match.objects.get(public_id=public_id)
    near = [1, 2, *(k * snapshots.CHECKPOINT + d for k in (1, 2, 3) for d in (-1, 0, 1))]
    for n in range(24):
        match.refresh_from_db()
        numbers = dict(Line.objects.filter(match=match).values_list("number", "slot"))
        slot = numbers.get(rng.choice(near), 1)
        op = rng.choice(["edit", "edit", "delete", "restore", "undo", "add"])
        try:
            if op == "edit":
                points = rng.choice([[60, 60], [70, 50], [45, 75], [60, 60]])
                services.hand_edit(
                    match=match,
                    slot=slot,
                    record=_record({"points": points}),
                    nonce=f"c{n}",
                    version=match.version,
                )
            elif op == "delete":
                services.hand_delete(match=match, slot=slot, nonce=f"c{n}", version=match.version)
            elif op == "restore":
                seq = rng.choice(
                    list(
                        Entry.objects.filter(match=match, record__isnull=False).values_list("seq", flat=True)
                    )
                )
                services.entry_restore(match=match, seq=seq, nonce=f"c{n}", version=match.version)
            elif op == "undo":
                services.hand_undo(match=match, nonce=f"c{n}", version=match.version)
            else:
                services.hand_record(
                    match=match, record=_record({"points": [60, 60]}), nonce=f"c{n}", version=match.version
                )
        except (services.Invalid, services.NotFound):
            pass
        assert snapshots.check(Match.objects.get(pk=match.pk)) == [], (n, op, slot)
    assert_matches_the_log(match)


def test_a_match_from_before_snapshots_is_shown_from_its_log_and_stored_by_the_next_write(
    client: Client,
) -> None:
    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["A", "B"])
    Entry.objects.bulk_create(
        [
            Entry(
                match=match, seq=i + 1, action="add", slot=i + 1, record={"points": [70, 50]}, nonce=f"x{i}"
            )
            for i in range(3)
        ]
    )
    Match.objects.filter(pk=match.pk).update(version=3, snapshot=None)
    for url in (
        f"/m/{match.public_id}/",
        f"/m/{match.public_id}/e/{secret}/",
        f"/m/{match.public_id}/export.csv",
    ):
        page = client.get(url)
        assert page.status_code == 200
    html = client.get(f"/m/{match.public_id}/e/{secret}/").content.decode()
    assert '<b class="team0">3</b>:<b class="team1">0</b>' in html and 'data-hand="3"' in html
    match.refresh_from_db()
    assert match.snapshot is None and not Line.objects.filter(match=match).exists()  # a read never writes
    services.hand_record(match=match, record=_record({"points": [70, 50]}), nonce="w", version=3)
    match.refresh_from_db()
    assert match.snapshot["hands"] == 4 and match.snapshot["score"] == [4, 0]
    assert_matches_the_log(match)


def test_check_snapshots_command_finds_and_fixes_a_difference() -> None:
    match, _secret = services.match_create(variant="voon-series", options={}, team_names=["A", "B"])
    for i in range(3):
        services.hand_record(match=match, record=_record({"points": [95, 25]}), nonce=f"v{i}", version=i)
    out = StringIO()
    call_command("check_snapshots", stdout=out)
    assert "0 differ" in out.getvalue()
    Line.objects.filter(match=match, number=2).update(score0=99)
    with pytest.raises(CommandError):
        call_command("check_snapshots", stdout=StringIO())
    call_command("check_snapshots", "--fix", stdout=StringIO())
    match.refresh_from_db()
    assert snapshots.check(match) == []


def test_the_board_shows_the_latest_30_hands_and_all_on_request(client: Client) -> None:
    match, secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    for i in range(35):
        services.hand_record(match=match, record=_record({"points": [60, 60]}), nonce=f"h{i}", version=i)
    edit = f"/m/{match.public_id}/e/{secret}/"
    for url in (edit, f"/m/{match.public_id}/"):
        html = client.get(url).content.decode()
        assert html.count('class="hand"') == 30
        assert 'data-hand="35"' in html and 'data-hand="6"' in html and 'data-hand="5"' not in html
        assert 'href="?hands=all#hands"' in html and 'hx-get="?hands=all"' in html
        assert "Все коны (35)" in html
        full = client.get(url + "?hands=all").content.decode()
        assert full.count('class="hand"') == 35 and "Все коны" not in full
        fragment = client.get(url + "?hands=all", HTTP_HX_REQUEST="true").content.decode()
        assert fragment.count('class="hand"') == 35


def test_the_lines_are_shown_in_the_language_of_the_page(client: Client) -> None:
    match, secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    services.hand_record(match=match, record=_record({"points": [60, 60]}), nonce="l", version=0)
    assert "яйца" in client.get(f"/m/{match.public_id}/").content.decode()
    client.cookies["kozel_lang"] = "en"
    assert "eggs" in client.get(f"/m/{match.public_id}/").content.decode()


def test_the_unchanged_poll_is_one_query(client: Client, django_assert_num_queries: Any) -> None:
    match, _secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    with django_assert_num_queries(1):
        resp = client.get(f"/m/{match.public_id}/?v=0", HTTP_HX_REQUEST="true")
    assert resp.status_code == 204


def test_a_long_match_is_charted_from_60_hands_spread_evenly() -> None:
    match, _secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    for i in range(100):
        rec = {"points": [70, 50]} if i in (10, 99) else {"points": [60, 60]}
        services.hand_record(match=match, record=_record(rec), nonce=f"c{i}", version=i)
    chart = BoardPage(match_live_board(match=match)).chart
    assert chart is not None and len(chart.scores) == 61  # 0:0 and 60 hands
    assert chart.scores[-1] == (0, 4)  # the last hand is always drawn
    assert chart.hands[-1][1] == 100 and len(chart.hands) <= 10


def test_the_cached_board_follows_every_change(client: Client) -> None:
    """The board's HTML is cached per log version: a read after a write shows the write."""
    match, secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    services.hand_record(match=match, record=_record({"points": [70, 50]}), nonce="k1", version=0)
    for url in (f"/m/{match.public_id}/", f"/m/{match.public_id}/e/{secret}/"):
        assert '<b class="team0">0</b>:<b class="team1">2</b>' in client.get(url).content.decode()
    services.hand_record(match=match, record=_record({"points": [70, 50]}), nonce="k2", version=1)
    for url in (f"/m/{match.public_id}/", f"/m/{match.public_id}/e/{secret}/"):
        html = client.get(url).content.decode()
        assert '<b class="team0">0</b>:<b class="team1">4</b>' in html and 'data-hand="2"' in html


def test_lines_worded_by_an_earlier_release_are_shown_as_stored_until_rebuilt(start, client) -> None:  # type: ignore[no-untyped-def]
    """A read shows the stored texts and stores nothing; ``check_snapshots --fix`` (or the next
    write to the match) rewords them."""
    from django.core.management import call_command

    table = start("classic-sixes")
    table.hand(points_0="72")
    match = Match.objects.get(pk=table.match.pk)
    assert match.snapshot["texts"] == snapshots.WORDING
    # as a database written by a release whose wording was different
    Line.objects.filter(match=match).update(
        texts={"ru": {"points": "72:48", "events": [], "deltas": [], "notes": ["спас → 1"]}}
    )
    Match.objects.filter(pk=match.pk).update(snapshot={**match.snapshot, "texts": snapshots.WORDING - 1})
    stale = Match.objects.get(pk=match.pk)
    assert snapshots.check(stale)  # the check names what differs
    html = client.get(table.edit).content.decode()
    assert "спас → 1" in html and "спас → 1 пара" not in html  # the stored text, as stored
    assert Match.objects.get(pk=match.pk).snapshot["texts"] == snapshots.WORDING - 1  # nothing written
    call_command("check_snapshots", "--fix", stdout=io.StringIO())
    fresh = Match.objects.get(pk=match.pk)
    assert fresh.snapshot["texts"] == snapshots.WORDING and snapshots.check(fresh) == []
    assert fresh.version == match.version  # the log did not move: nothing was written to it
    assert "спас → 1 пара" in client.get(table.edit).content.decode()
