"""Options combine (DECISIONS options_combine): for every option of every variant, one case whose
verdict its value decides, and that verdict holds whatever value any other option of the variant
takes. The cases are listed per option below; the test builds the combinations from the variants'
own option lists, so an option added without a case fails ``test_every_option_has_a_case``.

Each case plays a scenario on a ruleset and returns what the option decides: a play's verdict, a
trick's winner, a score. A scenario that judges a seat picks a seat nobody plays blind (a blind
seat's every card is legal, classic-sixes#blind): the rules judge every other seat alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.engine import (
    ALL_VARIANTS,
    KozelError,
    first_leader,
    play_deal,
    redeal_check,
    replay,
    resolve,
    resolve_trick,
)
from rules.engine.variants import Option, Ruleset, Variant

Verdict = object


def _caught(f: Callable[[], Verdict]) -> Verdict:
    try:
        return f()
    except KozelError as e:
        return ("error", e.code)


def _seen(rs: Ruleset) -> int:
    """The first seat nobody plays blind."""
    return next(s for s in range(rs.seats) if s not in rs.blind_seats)


def lead(plays: list[str], hand: str) -> Callable[[Ruleset], Verdict]:
    """The lead's verdict, the leader (a seen seat) holding ``hand``."""

    def run(rs: Ruleset) -> Verdict:
        leader = _seen(rs)
        hands: list[list[str] | None] = [None] * rs.seats
        hands[leader] = hand.split()
        t = _caught(lambda: resolve_trick(rs, leader, plays, hands=hands))
        return t if isinstance(t, tuple) else (t.plays[0].legal, t.plays[0].reason)

    return run


def answer(plays: list[str], hand: str) -> Callable[[Ruleset], Verdict]:
    """The first answer's verdict, its seat (a seen seat) holding ``hand``."""

    def run(rs: Ruleset) -> Verdict:
        seat = _seen(rs)
        hands: list[list[str] | None] = [None] * rs.seats
        hands[seat] = hand.split()
        t = resolve_trick(rs, (seat - 1) % rs.seats, plays, hands=hands)
        return (t.plays[1].legal, t.plays[1].reason)

    return run


def winner(plays: list[str]) -> Callable[[Ruleset], Verdict]:
    """Which play of the trick takes it (0: the lead), or the error the trick is."""

    def run(rs: Ruleset) -> Verdict:
        t = _caught(lambda: resolve_trick(rs, 0, plays[: rs.seats]))
        return t if isinstance(t, tuple) else t.plays.index(t.play_of(t.winner))

    return run


def blind_revokes(rs: Ruleset) -> Verdict:
    """The seats whose revoke is allowed as played unseen: the blind ones (classic-sixes#blind)."""
    out = set()
    for seat in range(rs.seats):
        hands: list[list[str] | None] = [None] * rs.seats
        hands[seat] = ["KH", "9S"]  # a heart held, a spade played
        t = resolve_trick(rs, (seat - 1) % rs.seats, ["AH", "9S", "KD", "10D"], hands=hands)
        if t.plays[1].legal and t.plays[1].reason == "blind_seat":
            out.add(seat)
    return frozenset(out)


def scored(records: list[dict[str, Any]], what: str = "score") -> Callable[[Ruleset], Verdict]:
    def run(rs: Ruleset) -> Verdict:
        state = _caught(lambda: replay(rs, None, records))
        if isinstance(state, tuple):
            return state
        return getattr(state, what)

    return run


def redeal(hand: str) -> Callable[[Ruleset], Verdict]:
    """Why the hand's holder may ask for a redeal: its first cards, as many as a hand holds."""
    return lambda rs: redeal_check(rs, hand.split()[: rs.hand_size]).reasons


def first(hands: list[str]) -> Callable[[Ruleset], Verdict]:
    return lambda rs: first_leader(rs, [h.split() for h in hands], dealer=0).seat


@dataclass
class Case:
    """What ``run`` answers at each value of the option (``expect``); ``seats``: the table."""

    run: Callable[[Ruleset], Verdict]
    expect: dict[object, Verdict]
    seats: int | None = None
    fixed: dict[str, object] = field(default_factory=dict)  # other options the case holds


PLAIN = "QC 9H"  # a trump queen and a plain card
BLIND = {
    "none": frozenset(),
    **{v: frozenset(int(s) for s in v.split(",")) for v in ("0", "1", "2", "3", "0,1", "0,3", "1,2", "2,3")},
}
SOLO_THREE = [
    "JC AS 10S KS 9S AH 10H 7D 8D 9D".split(),
    "JS QS 8S 7S AC 10C KC KH QH 9H".split(),
    "JH JD QC 9C 8C 7C 8H 7H AD 10D".split(),
]
MULTI_RANK = {
    "off": ("error", "bad_card"),
    "suit": (False, "mixed_lead"),
    "suit_or_rank": (True, None),
}
LYUSYA_FIRST = [{"points": [120, 0], "all_tricks": True}]

CASES: dict[tuple[str, str], Case] = {
    # ------------------------------------------------ classic-sixes
    ("classic-sixes", "trump_suit"): Case(winner(["AH", "7C", "KH", "9H"]), {"C": 1, "D": 0}),
    # classic-sixes#following: the ace ban, in one-card and several-card games alike
    ("classic-sixes", "ace_discard_ban"): Case(
        answer(["7S", "AH", "9S", "KS"], "AH 9H"),
        {True: (False, "ace_discard_forbidden"), False: (True, None)},
    ),
    ("classic-sixes", "dry_goat_first_hand"): Case(
        scored(LYUSYA_FIRST, "finished"), {True: True, False: False}
    ),
    # classic-sixes#leading: a trump led by a player who holds a plain card and called no khvalyonka
    ("classic-sixes", "trump_lead"): Case(
        lead(["QC", "7H", "8H", "10H"], PLAIN),
        {"free": (True, None), "hvalyonka_only": (False, "trump_lead_forbidden")},
    ),
    ("classic-sixes", "revoke_penalty"): Case(
        scored([{"points": [62, 58], "revoke": 0}]),
        {"cheating": ("error", "event_not_in_variant"), "four_points": (0, 1)},
    ),
    # classic-sixes#leading: two tens led together
    ("classic-sixes", "multi_leads"): Case(
        lead(["10H 10S", "9H 9D", "AH AS", "7H 8D"], "10H 10S 7D"), MULTI_RANK
    ),
    # ------------------------------------------------ penalty-goats
    ("penalty-goats", "royal_goat"): Case(
        scored([{"penalty": {"kind": "royal_goat", "against": 1}}], "finished"),
        {True: True, False: ("error", "event_not_in_variant")},
    ),
    ("penalty-goats", "four_of_suit_redeal"): Case(
        redeal("AH KH 10H 9H QC JC QS JS"), {True: ("four_of_suit",), False: ()}
    ),
    # penalty-goats#scoring: a team without a trick
    ("penalty-goats", "shutout_marks"): Case(
        scored([{"points": [120, 0], "all_tricks": True}]), {True: (0, 6), False: (0, 4)}
    ),
    ("penalty-goats", "eggs_double"): Case(
        scored([{"points": [60, 60]}, {"points": [75, 45]}]), {True: (0, 4), False: (0, 2)}
    ),
    ("penalty-goats", "deck"): Case(
        winner(["7H", "8H", "9H", "10H"]), {"32": 3, "24": ("error", "card_not_in_deck")}
    ),
    ("penalty-goats", "trump_row"): Case(winner(["AH", "AC", "KH", "9H"]), {"full": 1, "court": 0}),
    ("penalty-goats", "multi_leads"): Case(
        lead(["10H 10S", "9H 9D", "AH AS", "KH KD"], "10H 10S 9D"), MULTI_RANK
    ),
    # penalty-goats#leading: a hand may be recorded as a khvalyonka
    ("penalty-goats", "hvalyonki"): Case(
        scored([{"points": [62, 58], "hvalyonka": True}]),
        {True: (0, 2), False: ("error", "event_not_in_variant")},
    ),
    ("penalty-goats", "trump_lead"): Case(
        lead(["QC", "10H", "KH", "AH"], PLAIN),
        {"free": (True, None), "hvalyonka_only": (False, "trump_lead_forbidden")},
        fixed={"hvalyonki": True},
    ),
    # ------------------------------------------------ YellowClub
    ("yc-hvalyony", "sevens"): Case(
        winner(["7H", "8H", "9H", "10H"]), {True: 3, False: ("error", "card_not_in_deck")}
    ),
    ("yc-hvalyony", "six_of_clubs"): Case(winner(["AC", "6C", "KC", "9C"]), {True: 1, False: 0}),
    ("yc-hvalyony", "lyusya"): Case(scored(LYUSYA_FIRST, "finished"), {"instant-win": True, "reset": False}),
    ("yc-belka", "sevens"): Case(
        winner(["7H", "8H", "9H", "10H"]), {True: 3, False: ("error", "card_not_in_deck")}
    ),
    ("yc-belka", "lyusya"): Case(
        scored([{"points": [120, 0], "all_tricks": True, "obyaz": 0}], "finished"),
        {"instant-win": True, "reset": False},
    ),
    ("yc-belka", "trump_suit"): Case(winner(["AS", "9H", "KS", "10S"]), {"C": 0, "S": 0, "H": 1, "D": 0}),
    # ------------------------------------------------ draw-four
    ("draw-four", "trump_suit"): Case(winner(["AS", "9H", "KS", "10S"]), {"C": 0, "S": 0, "H": 1, "D": 0}),
    ("draw-four", "scoring"): Case(
        scored([{"points": [62, 58]}]), {"penalty-goats": (0, 2), "pairs": (1, 0)}
    ),
    ("draw-four", "shutout_marks"): Case(
        scored([{"points": [120, 0], "all_tricks": True}]),
        {True: (0, 6), False: (0, 4)},
        fixed={"scoring": "penalty-goats"},
    ),
    ("draw-four", "eggs_double"): Case(
        scored([{"points": [60, 60]}, {"points": [75, 45]}]),
        {True: (0, 4), False: (0, 2)},
        fixed={"scoring": "penalty-goats"},
    ),
    ("draw-four", "dry_goat_first_hand"): Case(
        scored(LYUSYA_FIRST, "finished"), {True: True, False: False}, fixed={"scoring": "pairs"}
    ),
    ("draw-four", "four_trumps_lead"): Case(
        first(["AH KH 10H 9H", "QC QS QH QD", "AS KS 10S 9S", "AD KD 10D 9D"]), {True: 1, False: 0}
    ),
    # ------------------------------------------------ the short tables
    ("yc-duel", "sevens"): Case(winner(["7H", "8H"]), {True: 1, False: ("error", "card_not_in_deck")}),
    ("yc-duel", "six_of_clubs"): Case(winner(["AC", "6C"]), {True: 1, False: 0}),
    ("yc-duel", "lyusya"): Case(scored(LYUSYA_FIRST, "finished"), {"instant-win": True, "reset": False}),
    ("yc-duel", "trump_suit"): Case(winner(["AS", "9H"]), {"C": 0, "S": 0, "H": 1, "D": 0}),
    ("solo-twelve", "trump_suit"): Case(winner(["AS", "9H", "KS", "10S"]), {"C": 0, "S": 0, "H": 1, "D": 0}),
    # solo-twelve#two-against-one: the lone player of three, the one dealt the queen of spades
    ("solo-twelve", "spades_queen"): Case(
        lambda rs: play_deal(rs, 1, SOLO_THREE, ["AC", "9C", "AS"]).lone_seat, {True: 1, False: None}, seats=3
    ),
}
# classic-sixes#blind: every four-seat game may be played with blind partners
for _key, _v in ALL_VARIANTS.items():
    if _v.build_for is None:
        CASES[_key, "blind_seats"] = Case(blind_revokes, BLIND)
        CASES[_key, "blind_seat"] = Case(blind_revokes, {k: v for k, v in BLIND.items() if "," not in k})


def values(o: Option) -> tuple[object, ...]:
    return (False, True) if o.kind == "bool" else o.choices


def combinations(v: Variant, key: str, case: Case) -> Iterator[dict[str, object]]:
    """The case's option at each of its values, with every other option of the variant at each
    of its values in turn (an alias's own option left alone: the two name one thing)."""
    o = v.option(key)
    same = {key, o.alias_of} | {a.key for a in v.aliases if a.alias_of == key}
    others = [x for x in (*v.options, *v.aliases) if x.key not in same and x.key not in case.fixed]
    for value in values(o):
        base = {**case.fixed, key: value}
        yield base
        for other in others:
            for ov in values(other):
                if ov != other.default:
                    yield {**base, other.key: ov}


def _ids() -> list[str]:
    return [f"{v}#options/{k}" for v, k in CASES]


def test_every_option_has_a_case() -> None:
    """A new option of any variant needs its case here (DECISIONS options_combine)."""
    wanted = {(k, o.key) for k, v in ALL_VARIANTS.items() for o in (*v.options, *v.aliases)}
    assert wanted == set(CASES)
    for (k, key), case in CASES.items():
        assert set(case.expect) == set(values(ALL_VARIANTS[k].option(key))), (k, key)


@pytest.mark.parametrize(("variant", "key"), list(CASES), ids=_ids())
def test_the_value_decides_whatever_the_other_options(variant: str, key: str) -> None:
    v, case = ALL_VARIANTS[variant], CASES[variant, key]
    checked = 0
    for options in combinations(v, key, case):
        try:
            rs = resolve(v, options, seats=case.seats)
        except KozelError as e:
            # an option of one table size (two against one at three) at another: not a ruleset
            assert e.code == "option_needs_seats", (options, e.code)
            continue
        assert case.run(rs) == case.expect[options[key]], options
        checked += 1
    assert checked >= len(values(v.option(key)))
