"""The scorer: a match is a pure fold over its hand records (RULES.md §2 scoring, §3 records).

``replay(variant, options, records)`` rebuilds the whole match from the append-only log of
hand records; ``score_hand`` is one step of that fold. Nothing here reads a clock, does I/O or
draws a random number, and nothing speaks a language: results carry note codes with
parameters (:data:`NOTE_CODES`), errors carry a machine ``code`` and the offending ``field``
(:data:`ERROR_CODES`). Where RULES.md is silent the reading chosen is stated in
:data:`DECISIONS`, so the rule sheets can show it.

Scoring systems (``Ruleset.scoring``):

- ``pairs``: RULES.md §2.1 (classic-sixes; draw-four with ``scoring=pairs``, §2.6);
- ``penalty``: §2.2 (penalty-goats; draw-four by default);
- ``series``: §2.3 (voon-series);
- ``eyes-hvalyony``: §2.4; ``eyes-belka``: §2.5.

Teams are 0 and 1 (§1). "Hand 1" / "the first hand" is the record at index 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import KozelError
from .variants import Ruleset, resolve, team_of

__all__ = [
    "DECISIONS",
    "ERROR_CODES",
    "LEAD_RULES",
    "NOTE_CODES",
    "PENALTY_KINDS",
    "RECORD_KEYS",
    "TITLE_CODES",
    "HandRecord",
    "HandResult",
    "MatchState",
    "NextDeal",
    "Note",
    "Penalty",
    "RecordError",
    "decisions_for",
    "new_match",
    "next_deal",
    "next_deal_after",
    "replay",
    "score_hand",
    "validate_record",
]

PENALTY_KINDS: tuple[str, ...] = ("misdeal", "cheating", "false_accusation", "royal_goat")
"""RULES.md §3: penalties are recorded against the team at fault (royal goat: against the team
that did not hold the four aces)."""

RECORD_KEYS: tuple[str, ...] = (
    "points",
    "all_tricks",
    "obyaz",
    "queen_capture",
    "penalty",
    "hvalyonka",
    "note",
)
NOTE_MAX_LENGTH = 500

ERROR_CODES: tuple[str, ...] = (
    "bad_record",  # not an object, unknown key, wrong type, unknown penalty kind
    "bad_points",  # points not a pair of whole numbers 0-120 (booleans are not numbers)
    "points_sum",  # points do not sum to 120 (a capture: more than 120)
    "points_required",  # a played hand without points
    "all_tricks_mismatch",  # all tricks claimed by a team without 120 points
    "event_not_in_variant",  # capture / obyaz / hvalyonka / a penalty the variant does not know
    "obyaz_required",  # Belka: a hand with a winner needs the obyaz team
    "bad_team",  # a team number other than 0 or 1
    "conflicting_events",  # e.g. a capture and a penalty in one record
    "match_finished",  # a record after the match ended
    "bad_records",  # the records argument is not a list
    "bad_seat",  # replay/next_deal: a seat other than 0-3
    "misdeal_not_dealer",  # a misdeal against the team that did not deal (first_dealer known)
)

NOTE_CODES: tuple[str, ...] = (
    "spas",  # winner 61-89, the loser kept its спас (31+); params amount
    "no_spas",  # winner 90+ (loser 30 or fewer, took a trick); params amount
    "all_points",  # series: 120 card points with fewer than 8 tricks; params amount
    "obyaz_win",  # Belka: the obyaz team won; params amount, band
    "obyaz_beaten",  # Belka: the team not on obyaz won; params amount, band
    "eggs",  # 60:60; params pot / factor / bonus (what now waits)
    "egg_bonus",  # a waiting egg pot or bonus added; params amount
    "egg_bonus_cancelled",  # series: a capture or all 8 tricks cancels the bonus; params amount
    "egg_multiplier",  # the award was multiplied after eggs; params factor
    "lyusya",  # the winners took every trick
    "reset",  # a team's score went back to 0; params team, previous
    "sweep_at_zero",  # series: all 8 tricks at a total of 0:0; params amount
    "series_lost",  # series: all 8 tricks against a team already at 0; params team
    "dry_goat",  # classic: Lyusya in the first hand wins the match
    "queen_capture",  # params team, amount, first_hand
    "shutout",  # penalty goats (option): a loser without a trick; params amount
    "penalty",  # params kind, against, amount (royal goat: no amount)
    "instant_win",  # the match ended without reaching the target; params team
    "match_won",  # this hand ended the match; params team (the winners)
)

TITLE_CODES: tuple[str, ...] = ("goats", "dry", "with_eggs", "with_tails")
"""Titles of the losing team (RULES.md §2.1): «козлы», «сухие», «с яйцами», «с хвостами»."""

LEAD_RULES: tuple[str, ...] = (
    "lowest_trump_holder",
    "winners_choose",
    "ad_holder",
    "rotates",
    "by_agreement",
    "jc_holder",
    "dealer",
)

DECISIONS: Mapping[str, str] = MappingProxyType(
    {
        "one_record_one_hand": (
            "Every record is one hand (кон): played, eggs, a queen capture or a penalty. The deal "
            "passes one seat clockwise after every record. A first or second redeal is not a record; "
            "the third misdeal is recorded as a misdeal penalty against the dealing team and ends "
            "the hand, and the next dealer deals the next hand."
        ),
        "penalty_variants": (
            "Misdeal, cheating and false-accusation penalties are known where the pairs or the "
            "penalty-marks score is used (classic, penalty goats, draw-four); the series and the "
            "YellowClub games have no such rule and reject them."
        ),
        "penalty_record_shape": (
            "A penalty record replaces the hand: it carries no card points and no Lyusya; a "
            "cheating or false-accusation penalty may be marked as a хвалёнка, a misdeal may not "
            "(no redeal after a хвалёнка)."
        ),
        "penalty_marks": (
            "Penalty goats: the team at fault takes the marks of a lost hand: 2 marks for the third "
            "misdeal, 4 marks for proven cheating or a false accusation (the double loss, as the "
            "«two pairs» of the classic game)."
        ),
        "penalty_keeps_eggs": (
            "A penalty is a fixed award outside card play: it neither takes nor clears what eggs "
            "left waiting (the egg pot, the bonus or the multiplier), and it does not break a run "
            "of eggs; that waits for the next hand decided at the table."
        ),
        "egg_pot_lyusya": (
            "Classic pairs: the egg pot goes to the winners of the next hand decided at the table, "
            "a Lyusya too (the winners then move by the pot only, the losers are reset)."
        ),
        "eggs_double_factor": (
            "Penalty goats with eggs doubling, and the YellowClub eyes: the first egg makes the next "
            "hand worth ×2, each further egg in a row doubles again (×4, ×8 …); a hand with a winner "
            "is multiplied and resets the factor to ×1."
        ),
        "capture_points": (
            "A queen-capture record may carry the card points taken so far (each 0-120, sum at most "
            "120); they are shown but not scored."
        ),
        "capture_multiplier": (
            "Hvalyony: a queen capture is worth 4 eyes times the waiting egg factor, and resets it."
        ),
        "shutout_lyusya": (
            "Penalty goats: a Lyusya costs the losers 4 marks (30 or fewer), or 6 with the "
            "shutout option; a 120:0 hand where the losers took a pointless trick costs 4."
        ),
        "instant_win_score": (
            "A match won at once (dry goat, royal goat, Lyusya with instant win, a series lost at 0) "
            "leaves the score as it stood; only the first-hand queen capture of the series writes "
            "12 points, as the seed says."
        ),
        "tails": (
            "«With tails» is given when the winners stood one short of the target before the final "
            "hand and won that hand with 90 or more card points; a match ended by a penalty has no "
            "tails."
        ),
        "titles": (
            "The losers of every finished match are «козлы» (goats); a dry goat adds «сухие»; the "
            "eggs and tails titles belong to the pairs score."
        ),
        "classic_lead_after_eggs": (
            "Classic: after eggs the team that won the last hand with a winner chooses the first "
            "lead again; if no hand has had a winner yet, the holder of the lowest trump leads. "
            "After a penalty hand the wronged team chooses."
        ),
        "voon_lead": (
            "Series: the first lead moves one seat clockwise after every hand with a winner (a "
            "queen capture included) and stays after eggs."
        ),
        "belka_eggs_obyaz": (
            "Belka: the obyaz team is required for a hand with a winner and optional at 60:60."
        ),
        "pending_at_end": "Nothing waits after the match has ended: eggs stakes are dropped.",
        "misdeal_dealer": (
            "A misdeal is recorded against the dealing team; given the first dealer, replay checks "
            "it (the deal passes one seat clockwise per record)."
        ),
    }
)

_PENALTY_SCORING = ("pairs", "penalty")
_DECISION_SCOPE: dict[str, Callable[[Ruleset], bool]] = {
    "one_record_one_hand": lambda rs: True,
    "penalty_variants": lambda rs: True,
    "penalty_record_shape": lambda rs: rs.scoring in _PENALTY_SCORING,
    "penalty_marks": lambda rs: rs.scoring == "penalty",
    "penalty_keeps_eggs": lambda rs: rs.scoring in _PENALTY_SCORING,
    "egg_pot_lyusya": lambda rs: rs.scoring == "pairs",
    "eggs_double_factor": lambda rs: rs.scoring.startswith("eyes") or bool(rs.options.get("eggs_double")),
    "capture_points": lambda rs: rs.capture is not None,
    "capture_multiplier": lambda rs: rs.capture is not None and rs.scoring == "eyes-hvalyony",
    "shutout_lyusya": lambda rs: rs.scoring == "penalty",
    "instant_win_score": lambda rs: True,
    "tails": lambda rs: rs.scoring == "pairs",
    "titles": lambda rs: True,
    "classic_lead_after_eggs": lambda rs: rs.key == "classic-sixes",
    "voon_lead": lambda rs: rs.key == "voon-series",
    "belka_eggs_obyaz": lambda rs: rs.scoring == "eyes-belka",
    "pending_at_end": lambda rs: True,
    "misdeal_dealer": lambda rs: rs.scoring in _PENALTY_SCORING,
}
assert set(_DECISION_SCOPE) == set(DECISIONS)


def decisions_for(variant: str | Ruleset, options: Mapping[str, object] | None = None) -> tuple[str, ...]:
    """The :data:`DECISIONS` codes that matter for a variant with its options (for its rule
    sheet), in the order of :data:`DECISIONS`."""
    rs = resolve(variant, options)
    return tuple(code for code in DECISIONS if _DECISION_SCOPE[code](rs))


class RecordError(KozelError):
    """A hand record that is malformed or contradicts the rules (RULES.md §3)."""


def _err(code: str, message: str, field_name: str | None, **params: object) -> RecordError:
    return RecordError(code, message, field=field_name, **params)


def _f(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Penalty:
    """A penalty against the team at fault (RULES.md §2.1, §2.2, §3)."""

    kind: str
    against: int

    @property
    def beneficiary(self) -> int:
        return 1 - self.against

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "against": self.against}


@dataclass(frozen=True)
class HandRecord:
    """What the scorekeeper records for one hand (RULES.md §3)."""

    points: tuple[int, int] | None = None
    all_tricks: bool = False  # the hand's winner took every trick (Lyusya / all 8)
    obyaz: int | None = None  # Belka: the team of the JC holder
    queen_capture: int | None = None  # the catching team
    penalty: Penalty | None = None
    hvalyonka: bool = False  # classic: the hand was a хвалёнка (recorded only)
    note: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.points, list):
            object.__setattr__(self, "points", tuple(self.points))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], *, field_prefix: str = "") -> HandRecord:
        """Read the API/JSON form, strictly: unknown keys, wrong types and bad team numbers are
        :class:`RecordError` naming the field (``field_prefix`` like ``hands[3]`` goes in front)."""
        p = field_prefix
        if not isinstance(d, Mapping):
            raise _err("bad_record", "a hand record must be an object", p or None)
        for key in d:
            if key not in RECORD_KEYS:
                raise _err(
                    "bad_record",
                    f"unknown key {key!r} in a hand record",
                    _f(p, str(key)),
                    key=str(key),
                    allowed=list(RECORD_KEYS),
                )
        points = d.get("points")
        if points is not None:
            if not isinstance(points, (list, tuple)):
                raise _err("bad_points", "points must be a pair [team 0, team 1]", _f(p, "points"))
            points = tuple(points)
        penalty = d.get("penalty")
        if penalty is not None:
            pf = _f(p, "penalty")
            if not isinstance(penalty, Mapping):
                raise _err("bad_record", "penalty must be an object {kind, against}", pf)
            for key in penalty:
                if key not in ("kind", "against"):
                    raise _err(
                        "bad_record",
                        f"unknown key {key!r} in a penalty",
                        _f(pf, str(key)),
                        key=str(key),
                        allowed=["kind", "against"],
                    )
            for key in ("kind", "against"):
                if key not in penalty:
                    raise _err("bad_record", f"a penalty needs {key}", _f(pf, key), key=key)
            penalty = Penalty(penalty["kind"], penalty["against"])
        rec = cls(
            points=points,
            all_tricks=d.get("all_tricks", False),
            obyaz=d.get("obyaz"),
            queen_capture=d.get("queen_capture"),
            penalty=penalty,
            hvalyonka=d.get("hvalyonka", False),
            note=d.get("note", ""),
        )
        _check_shape(rec, p)
        return rec

    def to_dict(self) -> dict[str, object]:
        """The API/JSON form; only the pieces that are set. ``from_dict(r.to_dict()) == r``."""
        d: dict[str, object] = {}
        if self.points is not None:
            d["points"] = list(self.points)
        if self.all_tricks:
            d["all_tricks"] = True
        if self.obyaz is not None:
            d["obyaz"] = self.obyaz
        if self.queen_capture is not None:
            d["queen_capture"] = self.queen_capture
        if self.penalty is not None:
            d["penalty"] = self.penalty.to_dict()
        if self.hvalyonka:
            d["hvalyonka"] = True
        if self.note:
            d["note"] = self.note
        return d

    @property
    def is_eggs(self) -> bool:
        """60:60 in a played hand (RULES.md §1)."""
        return (
            self.points is not None
            and self.queen_capture is None
            and self.penalty is None
            and self.points[0] == self.points[1]
        )

    @property
    def winner(self) -> int | None:
        """The team the hand went to: the catchers, the wronged team of a penalty, or the team
        with 61 or more; None for eggs. Assumes a valid record."""
        if self.queen_capture is not None:
            return self.queen_capture
        if self.penalty is not None:
            return self.penalty.beneficiary
        if self.points is None or self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] > self.points[1] else 1


def _check_seat(value: object, name: str) -> None:
    if not (_is_int(value) and 0 <= value <= 3):  # type: ignore[operator]
        raise _err("bad_seat", f"{name} must be a seat 0-3", name, token=repr(value))


def _check_team(value: object, field_name: str, what: str) -> None:
    if not (_is_int(value) and value in (0, 1)):
        raise _err("bad_team", f"{what} must be team 0 or 1", field_name, token=repr(value))


def _check_shape(rec: HandRecord, p: str) -> None:
    """Types and ranges of each field, whatever the variant."""
    pts = rec.points
    if pts is not None:
        if not (isinstance(pts, tuple) and len(pts) == 2 and all(_is_int(x) for x in pts)):
            raise _err(
                "bad_points", "points must be a pair of whole numbers", _f(p, "points"), token=repr(pts)
            )
        for team, x in enumerate(pts):
            if not 0 <= x <= 120:
                raise _err(
                    "bad_points",
                    "card points must be 0-120",
                    _f(p, f"points[{team}]"),
                    token=repr(x),
                    team=team,
                )
    for name in ("all_tricks", "hvalyonka"):
        if not isinstance(getattr(rec, name), bool):
            raise _err(
                "bad_record", f"{name} must be true or false", _f(p, name), token=repr(getattr(rec, name))
            )
    for name in ("obyaz", "queen_capture"):
        value = getattr(rec, name)
        if value is not None:
            _check_team(value, _f(p, name), name)
    if rec.penalty is not None:
        pen = rec.penalty
        pf = _f(p, "penalty")
        if not isinstance(pen, Penalty):
            raise _err("bad_record", "penalty must be a Penalty", pf)
        if not (isinstance(pen.kind, str) and pen.kind in PENALTY_KINDS):
            raise _err(
                "bad_record",
                f"penalty kind must be one of {', '.join(PENALTY_KINDS)}",
                _f(pf, "kind"),
                token=repr(pen.kind),
                allowed=list(PENALTY_KINDS),
            )
        _check_team(pen.against, _f(pf, "against"), "penalty.against")
    if not isinstance(rec.note, str) or len(rec.note) > NOTE_MAX_LENGTH:
        raise _err(
            "bad_record",
            f"note must be text of at most {NOTE_MAX_LENGTH} characters",
            _f(p, "note"),
            max_length=NOTE_MAX_LENGTH,
        )


def _not_in_variant(rs: Ruleset, event: str, field_name: str) -> RecordError:
    return _err("event_not_in_variant", f"{rs.key} has no {event}", field_name, event=event, variant=rs.key)


def _conflict(p: str, name: str, *events: str) -> RecordError:
    return _err(
        "conflicting_events",
        f"{' and '.join(events)} cannot be in one record",
        _f(p, name),
        events=list(events),
    )


def validate_record(rs: Ruleset, record: HandRecord, *, index: int = 0) -> None:
    """Reject a record that is malformed or contradicts the rules (RULES.md §3). Fields are
    named ``hands[index].…``."""
    p = f"hands[{index}]"
    if not isinstance(record, HandRecord):
        raise _err("bad_record", "not a hand record", p)
    _check_shape(record, p)
    pen = record.penalty
    cap = record.queen_capture
    # Events that exclude each other, in any variant.
    if pen is not None:
        if cap is not None:
            raise _conflict(p, "queen_capture", "penalty", "queen_capture")
        if record.points is not None:
            raise _conflict(p, "points", "penalty", "points")
        if record.all_tricks:
            raise _conflict(p, "all_tricks", "penalty", "all_tricks")
        if record.hvalyonka and pen.kind == "misdeal":
            raise _conflict(p, "hvalyonka", "misdeal", "hvalyonka")
    if cap is not None and record.all_tricks:
        raise _conflict(p, "all_tricks", "queen_capture", "all_tricks")
    # Events the variant does not know.
    if cap is not None and rs.capture is None:
        raise _not_in_variant(rs, "queen_capture", _f(p, "queen_capture"))
    if record.obyaz is not None and rs.scoring != "eyes-belka":
        raise _not_in_variant(rs, "obyaz", _f(p, "obyaz"))
    if record.hvalyonka and rs.key != "classic-sixes":
        raise _not_in_variant(rs, "hvalyonka", _f(p, "hvalyonka"))
    if pen is not None:
        if pen.kind == "royal_goat":
            if not rs.royal_goat:
                raise _not_in_variant(rs, "royal_goat", _f(p, "penalty.kind"))
        elif rs.scoring not in ("pairs", "penalty"):
            raise _not_in_variant(rs, pen.kind, _f(p, "penalty.kind"))
    if pen is not None:
        return
    if cap is not None:
        if record.points is not None and sum(record.points) > 120:
            raise _err(
                "points_sum",
                "card points of a captured hand cannot exceed 120",
                _f(p, "points"),
                total=sum(record.points),
            )
        return
    # A hand played out.
    pts = record.points
    if pts is None:
        raise _err("points_required", "a played hand needs the card points of both teams", _f(p, "points"))
    if sum(pts) != 120:
        raise _err("points_sum", "card points must sum to 120", _f(p, "points"), total=sum(pts))
    if record.all_tricks and max(pts) != 120:
        raise _err(
            "all_tricks_mismatch",
            "all tricks means the winners have all 120 points",
            _f(p, "all_tricks"),
            points=list(pts),
        )
    if rs.scoring == "eyes-belka" and record.obyaz is None and pts[0] != pts[1]:
        raise _err("obyaz_required", "Belka scores by the obyaz team: say which team held JC", _f(p, "obyaz"))


@dataclass(frozen=True)
class Note:
    """Why the score moved: a code from :data:`NOTE_CODES` with its facts."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}


_EMPTY: Mapping[str, object] = MappingProxyType({})


@dataclass(frozen=True)
class HandResult:
    """One step of the fold: the record, who won the hand, how the score moved and why."""

    index: int
    record: HandRecord
    winner: int | None
    delta: tuple[int, int]
    score: tuple[int, int]
    notes: tuple[Note, ...]
    pending: Mapping[str, int]
    finished: bool

    @property
    def hand_number(self) -> int:
        return self.index + 1

    def note_codes(self) -> tuple[str, ...]:
        return tuple(n.code for n in self.notes)

    def to_dict(self) -> dict[str, object]:
        return {
            "index": self.index,
            "hand_number": self.hand_number,
            "record": self.record.to_dict(),
            "winner": self.winner,
            "delta": list(self.delta),
            "score": list(self.score),
            "notes": [n.to_dict() for n in self.notes],
            "pending": dict(self.pending),
            "finished": self.finished,
        }


@dataclass(frozen=True)
class MatchState:
    """The match after some hands. ``winner``/``loser`` are set once it is finished."""

    ruleset: Ruleset
    hands: tuple[HandResult, ...] = ()
    score: tuple[int, int] = (0, 0)
    finished: bool = False
    winner: int | None = None
    loser: int | None = None
    titles: tuple[str, ...] = ()
    pending: Mapping[str, int] = field(default_factory=lambda: _EMPTY)

    @property
    def next_index(self) -> int:
        return len(self.hands)

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": self.ruleset.key,
            "options": dict(self.ruleset.options),
            "scoring": self.ruleset.scoring,
            "target": self.ruleset.target,
            "score": list(self.score),
            "finished": self.finished,
            "winner": self.winner,
            "loser": self.loser,
            "titles": list(self.titles),
            "pending": dict(self.pending),
            "hands": [h.to_dict() for h in self.hands],
        }


def new_match(variant: str | Ruleset, options: Mapping[str, object] | None = None) -> MatchState:
    """The state before the first hand."""
    return MatchState(ruleset=resolve(variant, options))


@dataclass
class _Step:
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


def _score_pairs(s: _Step) -> None:
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


def _score_penalty(s: _Step) -> None:
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


def _score_series(s: _Step) -> None:
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


def _score_eyes(s: _Step) -> None:
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


_SCORERS = {
    "pairs": _score_pairs,
    "penalty": _score_penalty,
    "series": _score_series,
    "eyes-hvalyony": _score_eyes,
    "eyes-belka": _score_eyes,
}


def score_hand(
    state: MatchState, record: HandRecord | Mapping[str, Any], *, dealer: int | None = None
) -> MatchState:
    """One fold step: check the record (RULES.md §3) and score it (§2) on top of ``state``.
    With ``dealer`` (this hand's dealing seat) a misdeal must be against the dealer's team."""
    i = len(state.hands)
    p = f"hands[{i}]"
    if state.finished:
        raise _err("match_finished", "the match is over; no more hands can be recorded", p, hands=i)
    if isinstance(record, HandRecord):
        rec = record
    elif isinstance(record, Mapping):
        rec = HandRecord.from_dict(record, field_prefix=p)
    else:
        raise _err("bad_record", "a hand record must be an object", p)
    rs = state.ruleset
    validate_record(rs, rec, index=i)
    if (
        dealer is not None
        and rec.penalty is not None
        and rec.penalty.kind == "misdeal"
        and rec.penalty.against != team_of(dealer)
    ):
        raise _err(
            "misdeal_not_dealer",
            "a misdeal is against the team that dealt",
            f"{p}.penalty.against",
            dealer=dealer,
            dealing_team=team_of(dealer),
        )
    s = _Step(rs=rs, index=i, record=rec, before=state.score, waiting=state.pending, score=list(state.score))
    _SCORERS[rs.scoring](s)
    score = (s.score[0], s.score[1])
    assert min(score) >= 0
    finished = s.match_winner is not None
    titles: tuple[str, ...] = ()
    winner = loser = None
    pending: Mapping[str, int] = MappingProxyType(s.pending) if s.pending else _EMPTY
    if finished:
        winner = s.match_winner
        assert winner is not None
        loser = 1 - winner
        s.note("match_won", team=winner)
        pending = _EMPTY
        extra = set(s.titles)
        if rs.scoring == "pairs" and (rec.is_eggs or any(h.record.is_eggs for h in state.hands)):
            extra.add("with_eggs")
        titles = tuple(t for t in TITLE_CODES if t == "goats" or t in extra)
    result = HandResult(
        index=i,
        record=rec,
        winner=rec.winner,
        score=score,
        delta=(score[0] - state.score[0], score[1] - state.score[1]),
        notes=tuple(s.notes),
        pending=pending,
        finished=finished,
    )
    return MatchState(
        ruleset=rs,
        hands=state.hands + (result,),
        score=score,
        finished=finished,
        winner=winner,
        loser=loser,
        titles=titles,
        pending=pending,
    )


def replay(
    variant: str | Ruleset,
    options: Mapping[str, object] | None,
    records: Sequence[HandRecord | Mapping[str, Any]],
    *,
    first_dealer: int | None = None,
) -> MatchState:
    """The match state after ``records`` (a pure fold, STYLE.md). The first bad record raises
    :class:`RecordError` with ``field`` ``hands[i]…``; a record after the end raises
    ``match_finished``. With ``first_dealer`` (the seat that dealt hand 1) a misdeal must be
    against the team of that hand's dealer (DECISIONS one_record_one_hand, misdeal_dealer)."""
    if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Sequence):
        raise _err("bad_records", "records must be a list of hand records", "hands")
    if first_dealer is not None:
        _check_seat(first_dealer, "first_dealer")
    state = new_match(variant, options)
    for record in records:
        dealer = None if first_dealer is None else (first_dealer + len(state.hands)) % 4
        state = score_hand(state, record, dealer=dealer)
    return state


@dataclass(frozen=True)
class NextDeal:
    """Who deals and who leads the next hand. ``leader`` is a seat when the scorer can know it
    (``rule`` tells the table how the lead is decided otherwise)."""

    hand_number: int
    dealer: int
    leader: int | None
    leader_team: int | None
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "leader_team": self.leader_team,
            "rule": self.rule,
        }


def next_deal(
    variant: str | Ruleset,
    options: Mapping[str, object] | None,
    records: Sequence[HandRecord | Mapping[str, Any]],
    *,
    first_dealer: int,
    first_leader: int | None = None,
) -> NextDeal:
    """Dealer and first lead of the next hand (RULES.md §2; DECISIONS one_record_one_hand,
    classic_lead_after_eggs, voon_lead). ``first_leader`` is the seat that led hand 1 (the
    lowest-trump or AD holder), if the caller knows it."""
    _check_seat(first_dealer, "first_dealer")
    if first_leader is not None:
        _check_seat(first_leader, "first_leader")
    state = replay(variant, options, records)  # the misdeal/dealer check stays opt-in (replay)
    return next_deal_after(state, first_dealer=first_dealer, first_leader=first_leader)


def next_deal_after(state: MatchState, *, first_dealer: int, first_leader: int | None = None) -> NextDeal:
    """:func:`next_deal` for a state the caller has already replayed (the scorer's board
    replays once per page; folding the log a second time only to find the dealer is waste)."""
    _check_seat(first_dealer, "first_dealer")
    if first_leader is not None:
        _check_seat(first_leader, "first_leader")
    n = len(state.hands)
    if state.finished:
        raise _err("match_finished", "the match is over; there is no next deal", f"hands[{n}]", hands=n)
    dealer = (first_dealer + n) % 4
    key = state.ruleset.key

    def at(seat: int | None, rule: str) -> NextDeal:
        return NextDeal(n + 1, dealer, seat, None if seat is None else team_of(seat), rule)

    if key == "draw-four":
        return at(dealer, "dealer")
    if key == "penalty-goats":
        return NextDeal(n + 1, dealer, None, None, "by_agreement")
    if key in ("yc-hvalyony", "yc-belka"):
        return NextDeal(n + 1, dealer, None, None, "jc_holder")
    if key == "voon-series":
        if n == 0:
            return at(first_leader, "ad_holder")
        moves = sum(1 for h in state.hands if h.winner is not None)
        return at(None if first_leader is None else (first_leader + moves) % 4, "rotates")
    # classic-sixes
    last_winner = next((h.winner for h in reversed(state.hands) if h.winner is not None), None)
    if last_winner is None:
        return at(first_leader if n == 0 else None, "lowest_trump_holder")
    return NextDeal(n + 1, dealer, None, last_winner, "winners_choose")
