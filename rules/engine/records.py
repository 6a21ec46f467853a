"""Hand records: what the scorekeeper writes down for one hand, and its checks.

A record is one hand (DECISIONS ``one_record_one_hand``): card points, a Lyusya, the obyaz
team, a queen capture, a penalty, a хвалёнка, a note. Here a record is read and its shape
checked (types and ranges, whatever the variant); :mod:`.record_rules` checks it against the
variant. Each error is a :class:`RecordError` with a machine ``code`` from :data:`ERROR_CODES`
and the offending ``field``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .cards import SUITS, KozelError

__all__ = [
    "ERROR_CODES",
    "NOTE_MAX_LENGTH",
    "PENALTY_KINDS",
    "RECORD_KEYS",
    "HandRecord",
    "Penalty",
    "RecordError",
    "check_shape",
    "field_path",
    "record_error",
]

PENALTY_KINDS: tuple[str, ...] = ("misdeal", "cheating", "false_accusation", "royal_goat")
"""docs/records.md: penalties are recorded against the team at fault (royal goat: against the team
that did not hold the four aces)."""

RECORD_KEYS: tuple[str, ...] = (
    "points",
    "all_tricks",
    "obyaz",
    "queen_capture",
    "penalty",
    "hvalyonka",
    "note",
    "dealer",
    "last_suit",
    "lone",
    "revoke",
    "first_leader",
)
_RECORD_KEY_SET = frozenset(RECORD_KEYS)
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
    "dealer_required",  # solo-twelve: the transfers need the hand's dealer
    "dealer_mismatch",  # a record's dealer is not the seat the rotation gives
    "bad_suit",  # last_suit is not C, S, H or D
    "first_leader_not_first_hand",  # first_leader on a record other than hand 1's
)


class RecordError(KozelError):
    """A hand record that is malformed or contradicts the rules (docs/records.md)."""


def record_error(code: str, message: str, field_name: str | None, **params: Any) -> RecordError:
    return RecordError(code, message, field=field_name, **params)


def field_path(prefix: str, name: str) -> str:
    """``name`` under ``prefix``: ``hands[3].points``."""
    return f"{prefix}.{name}" if prefix else name


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Penalty:
    """A penalty against the team at fault (classic-sixes#scoring, penalty-goats#scoring, docs/records.md#penalties)."""

    kind: str
    against: int

    @property
    def beneficiary(self) -> int:
        return 1 - self.against

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "against": self.against}


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What the scorekeeper records for one hand (docs/records.md)."""

    points: tuple[int, ...] | None = None  # per side
    all_tricks: bool = False  # the hand's winner took every trick (Lyusya / all 8)
    obyaz: int | None = None  # Belka: the team of the JC holder
    queen_capture: int | None = None  # the catching team
    penalty: Penalty | None = None
    hvalyonka: bool = False  # classic: the hand was a хвалёнка (recorded only)
    note: str = ""
    dealer: int | None = None  # the dealing seat (solo-twelve's transfers need it)
    last_suit: str | None = None  # the duel: the suit of the deal's last card (the next trump suit)
    lone: int | None = None  # two against one: the seat that played alone (recorded only)
    revoke: int | None = None  # the team at fault of a proven revoke (classic option revoke_penalty)
    # hand 1 only, where a card's holder leads it (Ruleset.first_lead_card): that seat
    first_leader: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.points, list):
            object.__setattr__(self, "points", tuple(self.points))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], *, field_prefix: str = "") -> HandRecord:
        """Read the API/JSON form, strictly: unknown keys, wrong types and bad team numbers are
        :class:`RecordError` naming the field (``field_prefix`` like ``hands[3]`` goes in front)."""
        return cls._read(d, field_prefix)

    @classmethod
    def _read(cls, d: Mapping[str, Any], field_prefix: str) -> HandRecord:
        p = field_prefix
        if type(d) is not dict and not isinstance(d, Mapping):
            raise record_error("bad_record", "a hand record must be an object", p or None)
        for key in d if not _RECORD_KEY_SET.issuperset(d) else ():
            if key not in _RECORD_KEY_SET:
                raise record_error(
                    "bad_record",
                    f"unknown key {key!r} in a hand record",
                    field_path(p, str(key)),
                    key=str(key),
                    allowed=list(RECORD_KEYS),
                )
        points = d.get("points")
        if points is not None:
            if not isinstance(points, (list, tuple)):
                raise record_error(
                    "bad_points", "points must be a list, one number per side", field_path(p, "points")
                )
            points = tuple(points)
        penalty = d.get("penalty")
        if penalty is not None:
            pf = field_path(p, "penalty")
            if not isinstance(penalty, Mapping):
                raise record_error("bad_record", "penalty must be an object {kind, against}", pf)
            for key in penalty:
                if key not in ("kind", "against"):
                    raise record_error(
                        "bad_record",
                        f"unknown key {key!r} in a penalty",
                        field_path(pf, str(key)),
                        key=str(key),
                        allowed=["kind", "against"],
                    )
            for key in ("kind", "against"):
                if key not in penalty:
                    raise record_error("bad_record", f"a penalty needs {key}", field_path(pf, key), key=key)
            penalty = Penalty(penalty["kind"], penalty["against"])
        rec = cls(
            points=points,
            all_tricks=d.get("all_tricks", False),
            obyaz=d.get("obyaz"),
            queen_capture=d.get("queen_capture"),
            penalty=penalty,
            hvalyonka=d.get("hvalyonka", False),
            note=d.get("note", ""),
            dealer=d.get("dealer"),
            last_suit=d.get("last_suit"),
            lone=d.get("lone"),
            revoke=d.get("revoke"),
            first_leader=d.get("first_leader"),
        )
        check_shape(rec, p)
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
        for name in ("dealer", "last_suit", "lone", "revoke", "first_leader"):
            if getattr(self, name) is not None:
                d[name] = getattr(self, name)
        return d

    def after_revoke(self, amount: int) -> HandRecord:
        """The record as it is scored with a revoke penalty of ``amount`` card points: they move
        from the team at fault to the other, or all it has if fewer (classic-sixes#scoring). The
        penalty is spent in it (no ``revoke``), so scoring it again gives the same hand."""
        if self.revoke is None or self.points is None or not amount:
            return self
        pts = list(self.points)
        moved = min(amount, pts[self.revoke])
        pts[self.revoke] -= moved
        pts[1 - self.revoke] += moved
        return replace(self, points=tuple(pts), revoke=None)

    @property
    def is_eggs(self) -> bool:
        """A played hand nobody won: 60:60 (docs/rules.md#scoring), or nobody at 61 in
        solo-twelve (docs/tables.md#each-for-himself)."""
        return (
            self.points is not None
            and self.queen_capture is None
            and self.penalty is None
            and all(x < 61 for x in self.points)
        )

    @property
    def winner(self) -> int | None:
        """The side the hand went to: the catchers, the wronged team of a penalty, or the side
        with 61 or more; None for eggs. Assumes a valid record."""
        if self.queen_capture is not None:
            return self.queen_capture
        if self.penalty is not None:
            return self.penalty.beneficiary
        if self.points is None:
            return None
        side = 0
        for x in self.points:
            if x >= 61:
                return side
            side += 1
        return None


def _check_team(value: object, field_name: str, what: str) -> None:
    if not (_is_int(value) and value in (0, 1)):
        raise record_error("bad_team", f"{what} must be team 0 or 1", field_name, token=repr(value))


def check_shape(rec: HandRecord, p: str) -> None:
    """Types and ranges of each field, whatever the variant."""
    pts = rec.points
    if pts is not None:
        if not (isinstance(pts, tuple) and 2 <= len(pts) <= 4 and all(_is_int(x) for x in pts)):
            raise record_error(
                "bad_points",
                "points must be whole numbers, one per side",
                field_path(p, "points"),
                token=repr(pts)[:40],
            )
        for team, x in enumerate(pts):
            if not 0 <= x <= 120:
                raise record_error(
                    "bad_points",
                    "card points must be 0-120",
                    field_path(p, f"points[{team}]"),
                    token=repr(x),
                    team=team,
                )
    for name in ("all_tricks", "hvalyonka"):
        if not isinstance(getattr(rec, name), bool):
            raise record_error(
                "bad_record",
                f"{name} must be true or false",
                field_path(p, name),
                token=repr(getattr(rec, name)),
            )
    for name in ("obyaz", "queen_capture", "revoke"):
        value = getattr(rec, name)
        if value is not None:
            _check_team(value, field_path(p, name), name)
    for name in ("dealer", "lone", "first_leader"):
        value = getattr(rec, name)
        if value is not None and not (_is_int(value) and 0 <= value <= 3):
            raise record_error(
                "bad_seat", f"{name} must be a seat", field_path(p, name), token=repr(value)[:20]
            )
    if rec.last_suit is not None and rec.last_suit not in SUITS:
        raise record_error(
            "bad_suit",
            "last_suit must be C, S, H or D",
            field_path(p, "last_suit"),
            token=repr(rec.last_suit)[:20],
        )
    if rec.penalty is not None:
        pen = rec.penalty
        pf = field_path(p, "penalty")
        if not isinstance(pen, Penalty):
            raise record_error("bad_record", "penalty must be a Penalty", pf)
        if not (isinstance(pen.kind, str) and pen.kind in PENALTY_KINDS):
            raise record_error(
                "bad_record",
                f"penalty kind must be one of {', '.join(PENALTY_KINDS)}",
                field_path(pf, "kind"),
                token=repr(pen.kind),
                allowed=list(PENALTY_KINDS),
            )
        _check_team(pen.against, field_path(pf, "against"), "penalty.against")
    if not isinstance(rec.note, str) or len(rec.note) > NOTE_MAX_LENGTH:
        raise record_error(
            "bad_record",
            f"note must be text of at most {NOTE_MAX_LENGTH} characters",
            field_path(p, "note"),
            max_length=NOTE_MAX_LENGTH,
        )
