"""One fold step per scoring system (``Ruleset.scoring``): pairs, penalty marks, series, eyes.

Each scorer reads the record and what waits from earlier hands (eggs) from a :class:`Step` and
moves the score, notes why, and says whether the match is won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .records import HandRecord
from .state import Note
from .variants import Ruleset

__all__ = ["SCORERS", "Step"]


@dataclass
class Step:
    """The mutable scratch of one fold step."""

    rs: Ruleset
    index: int
    record: HandRecord
    before: tuple[int, int]
    waiting: Mapping[str, int]
    score: list[int]
    notes: list[Note] = field(default_factory=list)
    pending: dict[str, int] = field(default_factory=dict)
    match_winner: int | None = None
    titles: list[str] = field(default_factory=list)

    def note(self, code: str, **params: object) -> None:
        self.notes.append(Note(code, params))

    def keep_waiting(self) -> None:
        self.pending = dict(self.waiting)

    def win_now(self, team: int) -> None:
        """The match ends at once, whatever the score (DECISIONS instant_win_score)."""
        self.note("instant_win", team=team)
        self.match_winner = team

    def check_target(self, team: int, *, reaching_loses: bool = False) -> None:
        if self.score[team] >= self.rs.target:
            self.match_winner = 1 - team if reaching_loses else team


def _score_pairs(s: Step) -> None:
    """RULES.md §2.1 (and §2.6 with ``scoring=pairs``): winners move up, first to 6 wins."""
    rec, rs = s.record, s.rs
    pot = int(s.waiting.get("egg_pot", 0))
    if rec.penalty is not None:
        gain = 1 if rec.penalty.kind == "misdeal" else 2
        w = rec.penalty.beneficiary
        s.score[w] += gain
        s.note("penalty", kind=rec.penalty.kind, against=rec.penalty.against, amount=gain)
        s.keep_waiting()
        s.check_target(w)
        return
    w = rec.winner
    if w is None:
        s.pending["egg_pot"] = pot + 1
        s.note("eggs", pot=pot + 1)
        return
    loser = 1 - w
    pts = rec.points
    assert pts is not None
    if rec.all_tricks:
        s.note("lyusya")
        if s.index == 0 and rs.options.get("dry_goat_first_hand"):
            s.note("dry_goat")
            s.titles.append("dry")
            s.win_now(w)
            return
        s.note("reset", team=loser, previous=s.score[loser])
        s.score[loser] = 0
    elif pts[w] >= 90:
        s.score[w] += 2
        s.note("no_spas", amount=2)
    else:
        s.score[w] += 1
        s.note("spas", amount=1)
    if pot:
        s.score[w] += pot
        s.note("egg_bonus", amount=pot)
    s.check_target(w)
    if s.match_winner == w and s.before[w] == rs.target - 1 and pts[w] >= 90:
        s.titles.append("with_tails")


def _score_penalty(s: Step) -> None:
    """RULES.md §2.2 (and §2.6 by default): marks to the loser; 12 marks lose the match."""
    rec, rs = s.record, s.rs
    factor = int(s.waiting.get("multiplier", 1))
    pen = rec.penalty
    if pen is not None:
        if pen.kind == "royal_goat":
            s.note("penalty", kind=pen.kind, against=pen.against)
            s.win_now(pen.beneficiary)
            return
        marks = 2 if pen.kind == "misdeal" else 4
        s.score[pen.against] += marks
        s.note("penalty", kind=pen.kind, against=pen.against, amount=marks)
        s.keep_waiting()
        s.check_target(pen.against, reaching_loses=True)
        return
    w = rec.winner
    if w is None:
        if rs.options.get("eggs_double"):
            s.pending["multiplier"] = factor * 2
            s.note("eggs", factor=factor * 2)
        else:
            s.note("eggs")
        return
    loser = 1 - w
    pts = rec.points
    assert pts is not None
    if rec.all_tricks:
        s.note("lyusya")
    if rec.all_tricks and rs.options.get("shutout_marks"):
        marks = 6
        s.note("shutout", amount=6)
    elif pts[loser] <= 30:
        marks = 4
        s.note("no_spas", amount=4)
    else:
        marks = 2
        s.note("spas", amount=2)
    if factor > 1:
        marks *= factor
        s.note("egg_multiplier", factor=factor)
    s.score[loser] += marks
    s.check_target(loser, reaching_loses=True)


def _score_series(s: Step) -> None:
    """RULES.md §2.3: series points to the winners, 12 or more wins."""
    rec, rs = s.record, s.rs
    bonus = int(s.waiting.get("bonus", 0))
    if rec.queen_capture is not None:
        t = rec.queen_capture
        if bonus:
            s.note("egg_bonus_cancelled", amount=bonus)
        first = s.index == 0
        amount = rs.target if first else 4
        s.score[t] += amount
        s.note("queen_capture", team=t, amount=amount, first_hand=first)
        s.check_target(t)
        return
    w = rec.winner
    if w is None:
        s.pending["bonus"] = 2  # one bonus only, however many eggs (the seed's own decision)
        s.note("eggs", bonus=2)
        return
    loser = 1 - w
    pts = rec.points
    assert pts is not None
    if rec.all_tricks:
        s.note("lyusya")
        if bonus:
            s.note("egg_bonus_cancelled", amount=bonus)
        if s.score[0] + s.score[1] == 0:
            s.score[w] += 6
            s.note("sweep_at_zero", amount=6)
            s.check_target(w)
        elif s.score[loser] == 0:
            s.note("series_lost", team=loser)
            s.win_now(w)
        else:
            s.note("reset", team=loser, previous=s.score[loser])
            s.score[loser] = 0
        return
    if pts[w] == 120:
        amount, code = 6, "all_points"
    elif pts[w] >= 90:
        amount, code = 4, "no_spas"
    else:
        amount, code = 2, "spas"
    s.note(code, amount=amount)
    s.score[w] += amount
    if bonus:
        s.score[w] += bonus
        s.note("egg_bonus", amount=bonus)
    s.check_target(w)


_BELKA = {True: ((90, 1), (119, 2), (120, 3)), False: ((90, 2), (119, 3), (120, 3))}
_BELKA_BANDS = ("61-90", "91-119", "120")


def _belka_award(on_obyaz: bool, points: int) -> tuple[int, str]:
    """RULES.md §2.5 table: eyes and band for the winners' card points."""
    for (top, amount), band in zip(_BELKA[on_obyaz], _BELKA_BANDS, strict=True):
        if points <= top:
            return amount, band
    raise AssertionError(points)


def _score_eyes(s: Step) -> None:
    """RULES.md §2.4 (hvalyony) and §2.5 (Belka): eyes to the winners, first to 12; eggs
    double the next hand."""
    rec, rs = s.record, s.rs
    factor = int(s.waiting.get("multiplier", 1))
    if rec.queen_capture is not None:
        t = rec.queen_capture
        s.note("queen_capture", team=t, amount=4, first_hand=s.index == 0)
        if factor > 1:
            s.note("egg_multiplier", factor=factor)
        s.score[t] += 4 * factor
        s.check_target(t)
        return
    w = rec.winner
    if w is None:
        s.pending["multiplier"] = factor * 2
        s.note("eggs", factor=factor * 2)
        return
    loser = 1 - w
    pts = rec.points
    assert pts is not None
    if rec.all_tricks:
        s.note("lyusya")
        if rs.options.get("lyusya") == "instant-win":
            s.win_now(w)
            return
        s.note("reset", team=loser, previous=s.score[loser])
        s.score[loser] = 0
    if rs.scoring == "eyes-belka":
        on_obyaz = rec.obyaz == w
        amount, band = _belka_award(on_obyaz, pts[w])
        s.note("obyaz_win" if on_obyaz else "obyaz_beaten", amount=amount, band=band)
    else:
        amount = 4 if pts[w] >= 90 else 2
        s.note("no_spas" if amount == 4 else "spas", amount=amount)
    if factor > 1:
        amount *= factor
        s.note("egg_multiplier", factor=factor)
    s.score[w] += amount
    s.check_target(w)


SCORERS: dict[str, Callable[[Step], None]] = {
    "pairs": _score_pairs,
    "penalty": _score_penalty,
    "series": _score_series,
    "eyes-hvalyony": _score_eyes,
    "eyes-belka": _score_eyes,
}
