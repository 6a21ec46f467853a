"""Variants as data (docs/rules.md#variants): one registry, one frozen record per variant.

A :class:`Variant` holds what never changes (key, source, the options it takes
with their defaults). :func:`resolve` turns a variant and a dict of options into
a :class:`Ruleset`: the concrete deck, trump ladder, follow and lead rules and
scoring system that the trick engine, the scorer and the rule sheets all read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from .cards import BY_INDEX, SUITS, Card, card
from .options import BLIND_CHOICES, BLIND_SEATS_CHOICES, MULTI_LEADS_CHOICES, read_options
from .options import Option as Option
from .options import VariantError as VariantError

PLAIN_ORDER: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
"""Plain-suit order, high to low (docs/rules.md#trumps). Cards on the trump ladder are not in any plain suit."""

TEAMS = (0, 1)


def team_of(seat: int) -> int:
    """Team 0 = seats 0 and 2, team 1 = seats 1 and 3 (docs/rules.md#teams)."""
    return seat % 2


TEAM_SIDES: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
"""The sides of a four-seat team table: side 0 = seats 0 and 2, side 1 = seats 1 and 3."""


@dataclass(frozen=True)
class Ruleset:
    """A variant with its options fixed: everything a deal and a match need."""

    variant: Variant
    options: Mapping[str, object]
    deck: tuple[Card, ...]
    hand_size: int
    trumps: tuple[Card, ...]  # the ladder, high to low
    must_trump: bool  # out of the led group, a trump must be played if held
    ace_discard_ban: bool  # classic option: no discarding an ace of a suit not yet led
    lead_rule: str  # "free", "voon" (trump-lead rights, voon-series#leading) or "hvalyonka_only" (classic-sixes#leading)
    multi_card_leads: bool  # draw-four (draw-four#leading); the eight-card games' option multi_leads
    scoring: str  # "pairs", "penalty", "series", "eyes-hvalyony", "eyes-belka"
    target: int  # 6 pairs, or 12 marks / points / eyes
    capture: tuple[Card, Card] | None  # (catcher, the opponents' queen) or None
    redeal_max_points: int | None  # a hand worth this many card points or fewer may be redealt
    redeal_four_nines: bool
    redeal_four_of_suit: bool
    royal_goat: bool
    penalties: (
        bool  # misdeal, cheating and false-accusation penalties are recorded (DECISIONS penalty_variants)
    )
    hvalyonka: bool  # a hand may be marked as a хвалёнка (recorded only)
    obyaz: bool  # the obyaz team (JC holder) is recorded and scores by its own table
    seat_suits: bool  # each seat owns a trump suit, chosen by the obyaz seat
    leading: str  # who leads: "winners", "agreement", "rotation", "obyaz", "dealer" or "left_of_dealer"
    trump_index: Mapping[Card, int] = field(repr=False, default_factory=dict)
    plain_index: Mapping[str, int] = field(repr=False, default_factory=dict)
    # The table (docs/tables.md#sides): how many seats, which seats each side owns, a blind seat.
    seats: int = 4
    sides: tuple[tuple[int, ...], ...] = TEAM_SIDES
    # the seats played blind: their cards are always legal (reason ``blind_seat``); one seat, or
    # two of different sides (classic-sixes#blind)
    blind_seats: tuple[int, ...] = ()
    rounds: int = 1  # deals of ``hand_size`` cards per seat in one hand (the duel's prikup: 2)
    lyusya: bool = True  # a side can take every trick (Lyusya / all 8); none with 3 or more sides
    # taking every trick changes the score (penalty goats only with shutout_marks: penalty-goats#scoring)
    all_tricks_scores: bool = True
    trump_from_last_card: bool = False  # the duel: the next deal's trump suit is the last card's suit
    lone_queen: Card | None = None  # two against one: the holder of this card plays alone
    start_score: int = 0  # every side's score before the first hand (solo-twelve: 12 marks)
    dealer_scores: bool = False  # the score needs each hand's dealer (solo-twelve's transfers)
    revoke_points: int = 0  # card points a proven revoke moves to the other team (0: it is cheating)
    match_titles: bool = False  # the losers may be «сухие», «с яйцами», «с хвостами» (DECISIONS titles)
    draws: bool = False  # four cards in hand, drawn back to four after each trick (draw-four#deck)
    dry_hand_check: bool = (
        False  # classic: three or four queens with 7C must declare «сухая» (classic-sixes#redeal)
    )
    max_lead: int = 1  # cards a lead may hold (draw-four 4; the option multi_leads 3)
    free_answers: bool = False  # an answer to a lead of several cards need not follow (draw-four#following)
    rank_leads: bool = False  # multi_leads=suit_or_rank: a lead may be two or three cards of one rank
    four_trumps_lead: bool = False  # draw-four option: a hand of four trumps leads first (draw-four#leading)

    @property
    def first_lead_card(self) -> str | None:
        """The card whose holder leads hand 1, where hand 1's record may name that seat
        (``first_leader``): voon's ace of diamonds, from which the lead rotates
        (voon-series#leading); Belka's jack of clubs, whose seat owns clubs for the match
        (yc-belka#scoring). None where the first lead tells the scorer nothing."""
        if self.leading == "rotation":
            return "AD"
        return "JC" if self.seat_suits and self.seats == 4 else None

    def four_trumps_seat(self, hands: Sequence[Sequence[Card] | None]) -> int | None:
        """The seat dealt only trumps («козырная молотка»), where the option lets it lead first;
        of several, the one with the highest trump (draw-four#leading). None: none known."""
        if not self.four_trumps_lead:
            return None
        best: tuple[int, int] | None = None
        for seat, hand in enumerate(hands):
            if hand and all(self.is_trump(c) for c in hand):
                top = min(self._trump_at[c.index] for c in hand)
                if best is None or top < best[0]:
                    best = (top, seat)
        return None if best is None else best[1]

    def side_of(self, seat: int) -> int:
        """The side that owns ``seat``."""
        for i, owned in enumerate(self.sides):
            if seat in owned:
                return i
        raise ValueError(seat)

    @property
    def kitty(self) -> int:
        """Cards of the deck dealt to nobody: they lie face down with the dealer's tricks."""
        return len(self.deck) - self.seats * self.hand_size * self.rounds

    # Precomputed ladders, indexed by ``Card.index`` (0-35): the hot paths read these tuples
    # instead of looking a card up in a mapping. ``_trump_at[i]`` is the card's place on the
    # trump ladder (-1 for a plain card); ``_group_at[i]`` is "T" or the plain suit;
    # ``_plain_rank_at[i]`` is the place of the card's rank in the plain order.
    _trump_at: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _group_at: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _plain_rank_at: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _in_deck_at: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    # the one blind seat of a table with exactly one, else None (read where only one is known)
    blind_seat: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "blind_seat", self.blind_seats[0] if len(self.blind_seats) == 1 else None)
        trump_at = [-1] * len(BY_INDEX)
        for c, i in self.trump_index.items():
            trump_at[c.index] = i
        object.__setattr__(self, "_trump_at", tuple(trump_at))
        object.__setattr__(
            self, "_group_at", tuple("T" if trump_at[c.index] >= 0 else c.suit for c in BY_INDEX)
        )
        in_deck = {c.index for c in self.deck}
        object.__setattr__(self, "_in_deck_at", tuple(c.index in in_deck for c in BY_INDEX))
        object.__setattr__(
            self, "_plain_rank_at", tuple(self.plain_index.get(c.rank, len(BY_INDEX)) for c in BY_INDEX)
        )

    @property
    def key(self) -> str:
        return self.variant.key

    @property
    def all_tricks_goal(self) -> bool:
        """Is taking every trick a goal of the exact analysis (docs/rules.md#analysis): a side can
        take them all, and doing so changes the score under the table's options."""
        return self.lyusya and self.all_tricks_scores

    @property
    def tricks_per_deal(self) -> int:
        """The most tricks one deal has: every round's cards one by one (multi-card leads only
        make it fewer), the bound of a trick's number in a context."""
        if self.multi_card_leads:
            return len(self.deck) // self.seats
        return self.hand_size * self.rounds

    @property
    def total_points(self) -> int:
        return sum(c.points for c in self.deck)

    @property
    def lowest_trump(self) -> Card:
        return self.trumps[-1]

    def option(self, key: str) -> object:
        return self.options[key]

    def is_trump(self, c: Card) -> bool:
        return self._trump_at[c.index] >= 0

    def group(self, c: Card) -> str:
        """``"T"`` for a trump, else the card's plain suit (docs/rules.md#trumps: a trump belongs to no suit)."""
        return self._group_at[c.index]

    def strength(self, c: Card, led_group: str) -> int | None:
        """Bigger wins. Trumps above every plain card; a plain card of another suit cannot win (None)."""
        i = c.index
        ti = self._trump_at[i]
        if ti >= 0:
            return 1000 - ti
        if c.suit != led_group:
            return None
        return 100 - self._plain_rank_at[i]

    def beats(self, a: Card, b: Card, led_group: str) -> bool:
        """Does ``a`` beat ``b`` when ``led_group`` was led?"""
        sa, sb = self.strength(a, led_group), self.strength(b, led_group)
        if sa is None:
            return False
        return sb is None or sa > sb

    def plain_suits(self) -> tuple[str, ...]:
        return tuple(s for s in SUITS if any(c.suit == s and not self.is_trump(c) for c in self.deck))

    def plain_cards(self, suit: str) -> tuple[Card, ...]:
        """A plain suit's cards in this deck, high to low."""
        cards = [c for c in self.deck if c.suit == suit and not self.is_trump(c)]
        return tuple(sorted(cards, key=lambda c: self.plain_index[c.rank]))

    def as_dict(self) -> dict[str, object]:
        return {
            "variant": self.key,
            "options": dict(self.options),
            "deck": [c.code for c in self.deck],
            "hand_size": self.hand_size,
            "trumps": [c.code for c in self.trumps],
            "must_trump": self.must_trump,
            "tricks_per_deal": self.tricks_per_deal,
            "scoring": self.scoring,
            "target": self.target,
        }


TableBuild = Callable[["Variant", Mapping[str, object], int], Ruleset]


@dataclass(frozen=True)
class Variant:
    key: str
    source: str  # docs/rules.md section
    seeds: tuple[str, ...]
    options: tuple[Option, ...]
    build: Callable[[Variant, Mapping[str, object]], Ruleset] = field(repr=False, compare=False)
    seats: tuple[int, ...] = (4,)  # the seat counts the variant is played with (docs/tables.md)
    build_for: TableBuild | None = field(default=None, repr=False, compare=False)  # with a seat count
    seat_options: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # option → seat counts
    # other names an option is still read by (``blind_seat``: one blind seat of ``blind_seats``)
    aliases: tuple[Option, ...] = ()

    def option(self, key: str) -> Option:
        """The option ``key``, or the alias of that name."""
        for o in (*self.options, *self.aliases):
            if o.key == key:
                return o
        raise VariantError(
            "unknown_option", f"{self.key} has no option {key}", field=key, token=key, option=key
        )

    @property
    def defaults(self) -> dict[str, object]:
        """Every option's default (those that apply only with another option's value included)."""
        return {o.key: o.default for o in self.options}

    @property
    def sides(self) -> tuple[int, ...]:
        """How many sides play, for each seat count: 2 for the team and duel tables, one per
        player in solo-twelve."""
        return tuple(len(_sides(self, n)) for n in self.seats)

    def applicable(self, values: Mapping[str, object]) -> tuple[Option, ...]:
        """The options that apply with ``values`` (the others belong to another scoring system)."""
        merged = {**self.defaults, **values}
        return tuple(o for o in self.options if o.applies(merged))

    def as_dict(self) -> dict[str, object]:
        options = []
        for o in (*self.options, *self.aliases):
            d = o.as_dict()
            if o.key in self.seat_options:
                d["seats"] = list(self.seat_options[o.key])
            options.append(d)
        return {
            "key": self.key,
            "source": self.source,
            "options": options,
            "seats": list(self.seats),
            "sides": list(self.sides),
        }


def _sides(v: Variant, seats: int) -> tuple[tuple[int, ...], ...]:
    """Four seats play as two teams of partners; a table of fewer seats, one seat per side."""
    if seats == 4 and v.build_for is None:
        return TEAM_SIDES
    return tuple((s,) for s in range(seats))


def _deck(ranks: str, *, minus: tuple[str, ...] = ()) -> tuple[Card, ...]:
    out = tuple(Card.parse(r + s) for s in SUITS for r in ranks.split())
    return tuple(c for c in out if c.code not in minus)


def _ladder(*codes: str) -> tuple[Card, ...]:
    return tuple(card(c) for c in " ".join(codes).split())


QUEENS = "QC QS QH QD"
JACKS = "JC JS JH JD"


def _suit_run(suit: str, ranks: str, deck: tuple[Card, ...], *, skip: tuple[Card, ...] = ()) -> str:
    codes = [r + suit for r in ranks.split()]
    return " ".join(c for c in codes if card(c) in deck and card(c) not in skip)


def _make(
    variant: Variant,
    options: Mapping[str, object],
    *,
    deck: tuple[Card, ...],
    hand_size: int,
    trumps: tuple[Card, ...],
    scoring: str,
    target: int,
    must_trump: bool = False,
    lead_rule: str = "free",
    multi: bool = False,
    capture: tuple[str, str] | None = None,
    redeal_max_points: int | None = None,
    redeal_four_nines: bool = False,
    redeal_four_of_suit: bool = False,
    royal_goat: bool = False,
    leading: str,
    hvalyonka: bool = False,
    obyaz: bool = False,
    seat_suits: bool = False,
) -> Ruleset:
    assert len(set(trumps)) == len(trumps) and set(trumps) <= set(deck), variant.key
    assert len(deck) == 4 * hand_size or multi, variant.key
    return Ruleset(
        variant=variant,
        options=MappingProxyType(dict(options)),
        deck=deck,
        hand_size=hand_size,
        trumps=trumps,
        must_trump=must_trump,
        ace_discard_ban=bool(options.get("ace_discard_ban", False)),
        lead_rule=lead_rule,
        multi_card_leads=multi,
        scoring=scoring,
        target=target,
        capture=(card(capture[0]), card(capture[1])) if capture else None,
        redeal_max_points=redeal_max_points,
        redeal_four_nines=redeal_four_nines,
        redeal_four_of_suit=redeal_four_of_suit,
        royal_goat=royal_goat,
        penalties=scoring in ("pairs", "penalty"),
        hvalyonka=hvalyonka,
        obyaz=obyaz,
        seat_suits=seat_suits,
        leading=leading,
        trump_index=MappingProxyType({c: i for i, c in enumerate(trumps)}),
        plain_index=MappingProxyType({r: i for i, r in enumerate(PLAIN_ORDER)}),
    )


DECK_32 = _deck("7 8 9 10 J Q K A")
DECK_36 = _deck("6 7 8 9 10 J Q K A")
DECK_32_SIXES = _deck("6 8 9 10 J Q K A")  # YellowClub without sevens: 6, 8-A
CLASSIC_TRUMPS = _ladder("7C", QUEENS, JACKS, "AC 10C KC 9C 8C")


def _classic(v: Variant, o: Mapping[str, object]) -> Ruleset:
    """classic-sixes#trumps. Default ladder from the second copy of; ``trump_suit=D`` is the first copy."""
    if o["trump_suit"] == "D":
        trumps = _ladder(QUEENS, JACKS, "AD 10D KD 9D 8D 7D")
    else:
        trumps = CLASSIC_TRUMPS
    rs = _make(
        v,
        o,
        deck=DECK_32,
        hand_size=8,
        trumps=trumps,
        scoring="pairs",
        target=6,
        redeal_max_points=12,
        redeal_four_nines=True,
        leading="winners",
        hvalyonka=True,
    )
    rs = replace(
        rs,
        match_titles=True,
        dry_hand_check=True,
        lead_rule=str(o["trump_lead"]),
        revoke_points=4 if o["revoke_penalty"] == "four_points" else 0,
    )
    return _multi_leads(rs, o)


DECK_24 = _deck("9 10 J Q K A")  # penalty goats' short deck: nine to ace, 6 each
COURT_TRUMPS = _ladder("7C", QUEENS, JACKS)  # penalty goats' trump row «court»: clubs are plain


def _multi_leads(rs: Ruleset, o: Mapping[str, object]) -> Ruleset:
    """The option multi_leads of the eight-card games (classic-sixes#leading): ``suit``, one to
    three cards of one printed suit or all trumps, answered card for card, each answer following;
    ``suit_or_rank``, also two or three cards of one rank, answered group by group."""
    value = o.get("multi_leads", "off")
    if value == "off":
        return rs
    return replace(rs, multi_card_leads=True, max_lead=3, rank_leads=value == "suit_or_rank")


def _penalty(v: Variant, o: Mapping[str, object]) -> Ruleset:
    """penalty-goats#deck: 32 or 24 cards; penalty-goats#trumps: the full row or 7C, queens and
    jacks only. The ladder keeps its order without the cards the deck lacks."""
    deck, size = (DECK_24, 6) if o["deck"] == "24" else (DECK_32, 8)
    row = COURT_TRUMPS if o["trump_row"] == "court" else CLASSIC_TRUMPS
    rs = _make(
        v,
        o,
        deck=deck,
        hand_size=size,
        trumps=tuple(c for c in row if c in deck),
        scoring="penalty",
        target=12,
        redeal_four_of_suit=bool(o["four_of_suit_redeal"]),
        royal_goat=bool(o["royal_goat"]),
        leading="agreement",
        hvalyonka=bool(o["hvalyonki"]),
        lead_rule=str(o.get("trump_lead", "free")),
    )
    rs = replace(rs, all_tricks_scores=bool(o["shutout_marks"]))
    return _multi_leads(rs, o)


def _voon(v: Variant, o: Mapping[str, object]) -> Ruleset:
    """voon-series#capture: no redeals, trump-lead rights, queen capture by 7C."""
    return _make(
        v,
        o,
        deck=DECK_32,
        hand_size=8,
        trumps=CLASSIC_TRUMPS,
        scoring="series",
        target=12,
        lead_rule="voon",
        capture=("7C", "QC"),
        leading="rotation",
    )


def _yc_deck(o: Mapping[str, object]) -> tuple[tuple[Card, ...], int]:
    return (DECK_36, 9) if o["sevens"] else (DECK_32_SIXES, 8)


def _hvalyony(v: Variant, o: Mapping[str, object]) -> Ruleset:
    """yc-hvalyony#capture: 6C (option) > queens > jacks > diamonds; must trump."""
    deck, size = _yc_deck(o)
    top = ("6C",) if o["six_of_clubs"] else ()
    trumps = _ladder(*top, QUEENS, JACKS, _suit_run("D", "A 10 K 9 8 7 6", deck))
    return _make(
        v,
        o,
        deck=deck,
        hand_size=size,
        trumps=trumps,
        scoring="eyes-hvalyony",
        target=12,
        must_trump=True,
        capture=("6C", "QC") if o["six_of_clubs"] else None,
        redeal_max_points=13,
        leading="obyaz",
    )


def _belka(v: Variant, o: Mapping[str, object]) -> Ruleset:
    """yc-belka#following: the four jacks, then the deal's trump suit A 10 K Q 9 8 (7) 6; must trump."""
    deck, size = _yc_deck(o)
    suit = str(o["trump_suit"])
    trumps = _ladder(JACKS, _suit_run(suit, "A 10 K Q 9 8 7 6", deck))
    return _make(
        v,
        o,
        deck=deck,
        hand_size=size,
        trumps=trumps,
        scoring="eyes-belka",
        target=12,
        must_trump=True,
        redeal_max_points=13,
        leading="obyaz",
        obyaz=True,
        seat_suits=True,
    )


def _draw_four(v: Variant, o: Mapping[str, object]) -> Ruleset:
    """draw-four#capture: 36 cards, 4 each with drawing; 7C > queens > jacks > rest of the trump suit.

    The scoring system brings its own options (DECISIONS draw_four_system_options): penalty
    goats with ``shutout_marks`` and ``eggs_double`` (off), pairs with ``dry_goat_first_hand``
    (on), read by the scorer exactly as in the variants they come from."""
    suit = str(o["trump_suit"])
    skip = (card("7C"), card("Q" + suit), card("J" + suit))
    trumps = _ladder("7C", QUEENS, JACKS, _suit_run(suit, "A 10 K 9 8 7 6", DECK_36, skip=skip))
    pairs = o["scoring"] == "pairs"
    rs = _make(
        v,
        o,
        deck=DECK_36,
        hand_size=4,
        trumps=trumps,
        multi=True,
        scoring="pairs" if pairs else "penalty",
        target=6 if pairs else 12,
        leading="dealer",
    )
    return replace(
        rs,
        draws=True,
        max_lead=4,
        free_answers=True,
        four_trumps_lead=bool(o["four_trumps_lead"]),
        all_tricks_scores=pairs or bool(o.get("shutout_marks")),
    )


_BOOL = "bool"
_CHOICE = "choice"
LYUSYA_CHOICES = ("instant-win", "reset")
TRUMP_LEADS = ("free", "hvalyonka_only")
MULTI_LEADS_LEGACY: tuple[tuple[object, object], ...] = ((True, "suit"), (False, "off"))
"""``multi_leads`` was a bool: requests, stored matches and house sheets saying true or false."""

VARIANTS: dict[str, Variant] = {}


SHORT_TABLES: dict[str, Variant] = {}
"""The tables of fewer than four seats or without partners (docs/tables.md): the engine and the
JSON API play them; :data:`VARIANTS` holds the four-seat team games every page offers."""

ALL_VARIANTS: dict[str, Variant] = {}


def _register(v: Variant) -> None:
    if v.build_for is None:
        # every four-seat team game may be played by three with a blind partner (docs/tables.md#blind-seat)
        blind = Option("blind_seats", _CHOICE, "none", BLIND_SEATS_CHOICES, "2.7")
        one = Option("blind_seat", _CHOICE, "none", BLIND_CHOICES, "2.7", alias_of="blind_seats")
        v = replace(v, options=(*v.options, blind), aliases=(one,))
        VARIANTS[v.key] = v
    else:
        SHORT_TABLES[v.key] = v
    ALL_VARIANTS[v.key] = v


_register(
    Variant(
        "classic-sixes",
        "2.1",
        ("000",),
        (
            Option("trump_suit", _CHOICE, "C", ("C", "D"), "2.1"),
            Option("ace_discard_ban", _BOOL, False, source="2.1"),
            Option("dry_goat_first_hand", _BOOL, True, source="2.1"),
            Option("trump_lead", _CHOICE, "free", TRUMP_LEADS, "2.1"),
            Option("revoke_penalty", _CHOICE, "cheating", ("cheating", "four_points"), "2.1"),
            Option("multi_leads", _CHOICE, "off", MULTI_LEADS_CHOICES, "2.1", legacy=MULTI_LEADS_LEGACY),
        ),
        _classic,
    )
)
_register(
    Variant(
        "penalty-goats",
        "2.2",
        ("001",),
        (
            Option("royal_goat", _BOOL, False, source="2.2"),
            Option("four_of_suit_redeal", _BOOL, False, source="2.2"),
            Option("shutout_marks", _BOOL, False, source="2.2"),
            Option("eggs_double", _BOOL, False, source="2.2"),
            Option("deck", _CHOICE, "32", ("32", "24"), "2.2"),
            Option("trump_row", _CHOICE, "full", ("full", "court"), "2.2"),
            Option("multi_leads", _CHOICE, "off", MULTI_LEADS_CHOICES, "2.2", legacy=MULTI_LEADS_LEGACY),
            Option("hvalyonki", _BOOL, False, source="2.2"),
            Option("trump_lead", _CHOICE, "free", TRUMP_LEADS, "2.2", when=("hvalyonki", True)),
        ),
        _penalty,
    )
)
_register(Variant("voon-series", "2.3", ("003",), (), _voon))
_register(
    Variant(
        "yc-hvalyony",
        "2.4",
        ("004",),
        (
            Option("sevens", _BOOL, False, source="2.4"),
            Option("six_of_clubs", _BOOL, True, source="2.4"),
            Option("lyusya", _CHOICE, "instant-win", LYUSYA_CHOICES, "2.4"),
        ),
        _hvalyony,
    )
)
_register(
    Variant(
        "yc-belka",
        "2.5",
        ("004",),
        (
            Option("sevens", _BOOL, False, source="2.5"),
            Option("lyusya", _CHOICE, "instant-win", LYUSYA_CHOICES, "2.5"),
            Option("trump_suit", _CHOICE, "C", SUITS, "2.5"),
        ),
        _belka,
    )
)
_register(
    Variant(
        "draw-four",
        "2.6",
        ("000", "001"),
        (
            Option("trump_suit", _CHOICE, "C", SUITS, "2.6"),
            Option("scoring", _CHOICE, "penalty-goats", ("penalty-goats", "pairs"), "2.6"),
            Option("shutout_marks", _BOOL, False, source="2.6", when=("scoring", "penalty-goats")),
            Option("eggs_double", _BOOL, False, source="2.6", when=("scoring", "penalty-goats")),
            Option("dry_goat_first_hand", _BOOL, True, source="2.6", when=("scoring", "pairs")),
            Option("four_trumps_lead", _BOOL, False, source="2.6"),
        ),
        _draw_four,
    )
)

DEFAULT_VARIANT = "classic-sixes"
"""The variant a new match or a referee page starts with."""


# ------------------------------------------------------------------ short-handed tables (docs/tables.md)


def _no_build(v: Variant, o: Mapping[str, object]) -> Ruleset:
    raise AssertionError(f"{v.key} is built with a seat count")


def _one_seat_sides(seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple((s,) for s in range(seats))


def _duel(v: Variant, o: Mapping[str, object], seats: int) -> Ruleset:
    """One on one (docs/tables.md#one-on-one): the hvalyony deck and trumps over the deal's trump suit; 8 (9) cards each,
    then the prikup dealt the same way; must trump; eyes as yc-hvalyony; no redeal."""
    deck, size = _yc_deck(o)
    suit = str(o["trump_suit"])
    top = ("6C",) if o["six_of_clubs"] else ()
    skip = tuple(card(c) for c in top)
    trumps = _ladder(*top, QUEENS, JACKS, _suit_run(suit, "A 10 K 9 8 7 6", deck, skip=skip))
    rs = _make(
        v,
        o,
        deck=deck,
        hand_size=len(deck) // 4,
        trumps=trumps,
        scoring="eyes-hvalyony",
        target=12,
        must_trump=True,
        capture=("6C", "QC") if o["six_of_clubs"] else None,
        leading="left_of_dealer",
    )
    return replace(
        rs, hand_size=size, seats=seats, sides=_one_seat_sides(seats), rounds=2, trump_from_last_card=True
    )


SOLO_HANDS = {2: (16, 1), 3: (10, 1), 4: (4, 2)}
"""solo-twelve: cards per seat and deals per hand for each seat count (docs/tables.md#each-for-himself)."""


def _solo(v: Variant, o: Mapping[str, object], seats: int) -> Ruleset:
    """Each for himself (docs/tables.md#each-for-himself): 32 cards, the four jacks over the deal's trump suit, queens plain;
    12 marks each, taken by the player with 61 or more."""
    if o["spades_queen"] and seats not in v.seat_options["spades_queen"]:
        raise VariantError(
            "option_needs_seats",
            "spades_queen is played by three",
            field="spades_queen",
            token=str(seats),
            option="spades_queen",
            seats=list(v.seat_options["spades_queen"]),
        )
    suit = str(o["trump_suit"])
    trumps = _ladder(JACKS, _suit_run(suit, "A 10 K Q 9 8 7", DECK_32))
    rs = _make(
        v, o, deck=DECK_32, hand_size=8, trumps=trumps, scoring="marks", target=0, leading="left_of_dealer"
    )
    size, rounds = SOLO_HANDS[seats]
    return replace(
        rs,
        hand_size=size,
        rounds=rounds,
        seats=seats,
        sides=_one_seat_sides(seats),
        lyusya=False,
        lone_queen=card("QS") if o["spades_queen"] else None,
        start_score=12,
        dealer_scores=True,
    )


_register(
    Variant(
        "yc-duel",
        "2.7",
        ("004",),
        (
            Option("sevens", _BOOL, False, source="2.7"),
            Option("six_of_clubs", _BOOL, True, source="2.7"),
            Option("lyusya", _CHOICE, "instant-win", LYUSYA_CHOICES, "2.7"),
            Option("trump_suit", _CHOICE, "C", SUITS, "2.7"),
        ),
        _no_build,
        seats=(2,),
        build_for=_duel,
    )
)
_register(
    Variant(
        "solo-twelve",
        "2.7",
        ("000",),
        (
            Option("trump_suit", _CHOICE, "C", SUITS, "2.7"),
            Option("spades_queen", _BOOL, False, source="2.7"),
        ),
        _no_build,
        seats=(2, 3, 4),
        build_for=_solo,
        seat_options={"spades_queen": (3,)},
    )
)


def get_variant(key: object) -> Variant:
    """The variant for a key; ``unknown_variant`` names the bad key."""
    if isinstance(key, str) and key in ALL_VARIANTS:
        return ALL_VARIANTS[key]
    raise VariantError(
        "unknown_variant",
        f"unknown variant {key!r}",
        field="variant",
        token=str(key),
        known=list(ALL_VARIANTS),
    )


def check_options(variant: Variant, options: Mapping[str, object] | None) -> dict[str, object]:
    """The defaults overlaid by ``options``, each checked (older values read as they are now, an
    alias as its option); unknown keys are errors. An option of another scoring system than the
    one chosen is not part of the rules, nor one that comes with another option left off."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise VariantError("bad_option", "options must be an object", field="options", token=repr(options))
    return read_options(variant.options, variant.aliases, options)


def check_seats(variant: Variant, seats: object) -> int:
    """A seat count the variant is played with (``bad_seats`` naming ``seats``); None is the
    largest table."""
    if seats is None:
        return variant.seats[-1]
    if type(seats) is int and seats in variant.seats:
        return seats
    raise VariantError(
        "bad_seats",
        f"{variant.key} is played by {', '.join(map(str, variant.seats))}",
        field="seats",
        token=repr(seats),
        allowed=list(variant.seats),
    )


def resolve(
    variant: str | Variant | Ruleset, options: Mapping[str, object] | None = None, *, seats: int | None = None
) -> Ruleset:
    """The ruleset of a variant (by key or object) with its options checked and filled in, for a
    table of ``seats`` (one of ``Variant.seats``; None: the largest)."""
    if isinstance(variant, Ruleset):
        if options is None and seats is None:
            return variant
        if seats is None:
            seats = variant.seats
        variant = variant.variant
    v = variant if isinstance(variant, Variant) else get_variant(variant)
    merged = check_options(v, options)
    n = check_seats(v, seats)
    if v.build_for is not None:
        return v.build_for(v, merged, n)
    rs = v.build(v, merged)
    blind = str(merged.get("blind_seats", "none"))
    if blind != "none":
        rs = replace(rs, blind_seats=tuple(int(s) for s in blind.split(",")))
    return rs


def differing_options(variant: Variant, options: Mapping[str, object]) -> dict[str, object]:
    """The options whose value is not the variant's default (for house-rule sheets)."""
    merged = check_options(variant, options)
    return {k: v for k, v in merged.items() if v != variant.option(k).default}
