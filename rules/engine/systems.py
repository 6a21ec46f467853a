"""The scoring systems (``Ruleset.scoring``): pairs, penalty marks, series, eyes.

A system is four small steps: a hand won on card points, eggs (60:60), a penalty and a queen
capture. :func:`score_step` picks the one the record calls for; each step reads what waits from
earlier hands (eggs) from a :class:`Step`, moves the score, notes why, and says whether the
match is won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .records import HandRecord, Penalty
from .state import Note
from .variants import Ruleset

__all__ = ["SYSTEMS", "Step", "System", "score_step"]


@dataclass(slots=True)
class Step:
    """The mutable scratch of one fold step."""

    rs: Ruleset
    index: int
    record: HandRecord
    before: tuple[int, ...]
    waiting: Mapping[str, int]
    score: list[int]
    notes: list[Note] = field(default_factory=list)
    pending: dict[str, int] = field(default_factory=dict)
    match_winner: int | None = None
    titles: list[str] = field(default_factory=list)
    dealer: int | None = None  # this hand's dealing seat, where the system needs it
    match_loser: int | None = None  # set by a system whose loser is not simply the other side

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

    @property
    def factor(self) -> int:
        """What eggs left the next hand worth (DECISIONS eggs_double_factor); 1 when nothing waits."""
        return int(self.waiting.get("multiplier", 1))

    def double_next(self) -> None:
        """Eggs that double the next hand: ×2, then ×4, ×8 … while eggs follow eggs."""
        self.pending["multiplier"] = self.factor * 2
        self.note("eggs", factor=self.factor * 2)

    def multiplied(self, amount: int) -> int:
        """``amount`` times the waiting egg factor (noted when it is more than 1)."""
        if self.factor > 1:
            self.note("egg_multiplier", factor=self.factor)
        return amount * self.factor

    def reset(self, team: int) -> None:
        """A team's score goes back to 0 (a Lyusya against it)."""
        self.note("reset", team=team, previous=self.score[team])
        self.score[team] = 0


# ------------------------------------------------------------------ pairs


def _pairs_penalty(s: Step, pen: Penalty) -> None:
    """Pairs: the wronged team moves 1 pair for a misdeal, 2 for cheating or a false accusation.
    A penalty record is a hand with a winner, the team not at fault, so it takes a waiting egg
    pot like a played hand (DECISIONS penalty_takes_eggs)."""
    gain = 1 if pen.kind == "misdeal" else 2
    s.score[pen.beneficiary] += gain
    s.note("penalty", kind=pen.kind, against=pen.against, amount=gain)
    pot = int(s.waiting.get("egg_pot", 0))
    if pot:
        s.score[pen.beneficiary] += pot
        s.note("egg_bonus", amount=pot)
    s.check_target(pen.beneficiary)


def _pairs_eggs(s: Step) -> None:
    """Pairs: eggs add one pair to the pot for the next winners (DECISIONS egg_pot_lyusya)."""
    pot = int(s.waiting.get("egg_pot", 0)) + 1
    s.pending["egg_pot"] = pot
    s.note("eggs", pot=pot)


def _pairs_decided(s: Step, w: int, pts: tuple[int, ...]) -> None:
    """Pairs: the winners move up 1 (the losers kept спас) or 2; a Lyusya resets the losers, and
    in the first hand may win the match at once (a dry goat); first to 6 wins."""
    rs, loser = s.rs, 1 - w
    pot = int(s.waiting.get("egg_pot", 0))
    if s.record.all_tricks:
        if s.index == 0 and rs.options.get("dry_goat_first_hand"):
            s.note("dry_goat")
            s.titles.append("dry")
            s.win_now(w)
            return
        s.reset(loser)
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


# ------------------------------------------------------------------ penalty marks


def _marks_penalty(s: Step, pen: Penalty) -> None:
    """Penalty marks: the team at fault takes 2 marks for a misdeal, 4 for cheating or a false
    accusation (DECISIONS penalty_marks); a royal goat wins the match for the other team. The
    penalty record is a hand with a loser: a waiting ``eggs_double`` factor multiplies its marks
    and is spent (DECISIONS penalty_takes_eggs)."""
    if pen.kind == "royal_goat":
        s.note("penalty", kind=pen.kind, against=pen.against)
        s.win_now(pen.beneficiary)
        return
    marks = 2 if pen.kind == "misdeal" else 4
    s.note("penalty", kind=pen.kind, against=pen.against, amount=marks)
    s.score[pen.against] += s.multiplied(marks)
    s.check_target(pen.against, reaching_loses=True)


def _marks_eggs(s: Step) -> None:
    """Penalty marks: eggs score nothing; with the ``eggs_double`` option the next hand doubles."""
    if s.rs.options.get("eggs_double"):
        s.double_next()
    else:
        s.note("eggs")


def _marks_decided(s: Step, w: int, pts: tuple[int, ...]) -> None:
    """Penalty marks: the losers take 2 marks (they kept спас) or 4, 6 for a shutout with the
    option (DECISIONS shutout_lyusya); 12 marks lose the match."""
    loser = 1 - w
    if s.record.all_tricks and s.rs.options.get("shutout_marks"):
        marks = 6
        s.note("shutout", amount=6)
    elif pts[loser] <= 30:
        marks = 4
        s.note("no_spas", amount=4)
    else:
        marks = 2
        s.note("spas", amount=2)
    s.score[loser] += s.multiplied(marks)
    s.check_target(loser, reaching_loses=True)


# ------------------------------------------------------------------ series


def _series_capture(s: Step, team: int) -> None:
    """Series: a queen capture gives 4, or in the first hand the whole series; it cancels a
    waiting eggs bonus."""
    bonus = int(s.waiting.get("bonus", 0))
    if bonus:
        s.note("egg_bonus_cancelled", amount=bonus)
    first = s.index == 0
    amount = s.rs.target if first else 4
    s.score[team] += amount
    s.note("queen_capture", team=team, amount=amount, first_hand=first)
    s.check_target(team)


def _series_eggs(s: Step) -> None:
    """Series: eggs leave one +2 bonus, however many eggs in a row."""
    s.pending["bonus"] = 2
    s.note("eggs", bonus=2)


def _series_decided(s: Step, w: int, pts: tuple[int, ...]) -> None:
    """Series: 2, 4 or 6 points to the winners (plus a waiting eggs bonus); all 8 tricks reset
    the losers, lose them the series at 0, or give 6 at 0:0; 12 or more wins."""
    loser = 1 - w
    bonus = int(s.waiting.get("bonus", 0))
    if s.record.all_tricks:
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
            s.reset(loser)
        return
    # the series counts the winners' card points in bands; спас is not one of its words
    if pts[w] == 120:
        s.note("all_points", amount=6)
        amount = 6
    else:
        amount, band = (4, "90-119") if pts[w] >= 90 else (2, "61-89")
        s.note("card_points", band=band, amount=amount, unit="series")
    s.score[w] += amount
    if bonus:
        s.score[w] += bonus
        s.note("egg_bonus", amount=bonus)
    s.check_target(w)


# ------------------------------------------------------------------ eyes


_BELKA = {True: ((90, 1), (119, 2), (120, 3)), False: ((90, 2), (119, 3), (120, 3))}
_BELKA_BANDS = ("61-90", "91-119", "120")


def _belka_award(on_obyaz: bool, points: int) -> tuple[int, str]:
    """Belka's table: eyes and band for the winners' card points, fewer for the obyaz team."""
    for (top, amount), band in zip(_BELKA[on_obyaz], _BELKA_BANDS, strict=True):
        if points <= top:
            return amount, band
    raise AssertionError(points)


def _eyes_capture(s: Step, team: int) -> None:
    """Eyes: a queen capture is 4 eyes times the waiting egg factor (DECISIONS capture_multiplier)."""
    s.note("queen_capture", team=team, amount=4, first_hand=s.index == 0)
    s.score[team] += s.multiplied(4)
    s.check_target(team)


def _eyes_decided(s: Step, w: int, pts: tuple[int, ...]) -> None:
    """Eyes: 2 or 4 eyes to the winners (Belka: by its table, fewer for the obyaz team), times
    the egg factor; a Lyusya wins at once or resets the losers, as the option says; first to 12."""
    rs, loser = s.rs, 1 - w
    if s.record.all_tricks:
        if rs.options.get("lyusya") == "instant-win":
            s.win_now(w)
            return
        s.reset(loser)
    if rs.obyaz:
        on_obyaz = s.record.obyaz == w
        amount, band = _belka_award(on_obyaz, pts[w])
        s.note("obyaz_win" if on_obyaz else "obyaz_beaten", amount=amount, band=band)
    else:
        amount, band = (4, "90+") if pts[w] >= 90 else (2, "61-89")
        s.note("card_points", band=band, amount=amount, unit="eyes")
    s.score[w] += s.multiplied(amount)
    s.check_target(w)


# ------------------------------------------------------------------ solo-twelve's marks


def _solo_void(s: Step) -> None:
    """solo-twelve (docs/tables.md#each-for-himself): nobody reached 61, the deal is void and no marks move."""
    s.note("void")


def _solo_decided(s: Step, w: int, pts: tuple[int, ...]) -> None:
    """solo-twelve (docs/tables.md#each-for-himself): a player with 61 or more takes 2 marks from every other player,
    1 from the dealer. At 0 marks or below a player is the goat and the match ends; the player
    with the most marks wins (DECISIONS solo_winner)."""
    rs = s.rs
    assert s.dealer is not None
    dealer_side = rs.side_of(s.dealer)
    taken = 0
    for side in range(len(rs.sides)):
        if side == w:
            continue
        amount = 1 if side == dealer_side else 2
        s.score[side] -= amount
        taken += amount
    s.score[w] += taken
    s.note("marks_taken", team=w, amount=taken, dealer=s.dealer)
    goats = [side for side, x in enumerate(s.score) if x <= 0]
    if goats:
        top = max(s.score)
        leaders = [side for side, x in enumerate(s.score) if x == top]
        s.match_winner = leaders[0]
        low = min(s.score)
        s.match_loser = next(side for side in goats if s.score[side] == low)


# ------------------------------------------------------------------ the systems


@dataclass(frozen=True)
class System:
    """A scoring system: what a hand won on card points, eggs, a penalty and a queen capture do.
    A system without a penalty or capture step never sees one (:func:`validate_record`)."""

    decided: Callable[[Step, int, tuple[int, ...]], None]
    eggs: Callable[[Step], None]
    penalty: Callable[[Step, Penalty], None] | None = None
    capture: Callable[[Step, int], None] | None = None


SYSTEMS: dict[str, System] = {
    "pairs": System(_pairs_decided, _pairs_eggs, penalty=_pairs_penalty),
    "penalty": System(_marks_decided, _marks_eggs, penalty=_marks_penalty),
    "series": System(_series_decided, _series_eggs, capture=_series_capture),
    "eyes-hvalyony": System(_eyes_decided, Step.double_next, capture=_eyes_capture),
    "eyes-belka": System(_eyes_decided, Step.double_next, capture=_eyes_capture),
    "marks": System(_solo_decided, _solo_void),
}


def score_step(s: Step) -> None:
    """Score one checked record with the ruleset's system."""
    rec, system = s.record, SYSTEMS[s.rs.scoring]
    if rec.penalty is not None:
        assert system.penalty is not None, rec.penalty
        system.penalty(s, rec.penalty)
    elif rec.queen_capture is not None:
        assert system.capture is not None, rec.queen_capture
        system.capture(s, rec.queen_capture)
    elif rec.winner is None:
        system.eggs(s)
    else:
        assert rec.points is not None
        if rec.all_tricks:
            s.note("lyusya")
        system.decided(s, rec.winner, rec.points)
