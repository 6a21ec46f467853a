"""The written decisions: the readings chosen where the rules are silent or the sources differ.

Each decision has a short code; code and tests cite it, and a variant's rule sheet shows the
ones that matter for it (:func:`decisions_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from .variants import Ruleset, resolve

__all__ = ["DECISIONS", "decisions_for"]


def gettext_noop(message: str) -> str:
    """Marks a sentence for the gettext catalogue of the web layer, which translates it (this
    package imports no Django); returns the sentence unchanged."""
    return message


DECISIONS: Mapping[str, str] = MappingProxyType(
    {
        "one_record_one_hand": gettext_noop(
            "Every record is one hand (кон), whatever ended it, and the deal passes one seat "
            "clockwise after every record."
        ),
        "penalty_variants": gettext_noop(
            "Misdeal, cheating and false-accusation penalties are known where the pairs or the "
            "penalty-marks score is used (classic, penalty goats, draw-four); the series and the "
            "YellowClub games have no such rule and reject them."
        ),
        "penalty_record_shape": gettext_noop(
            "A penalty record replaces the hand: it carries no card points and no Lyusya; a "
            "cheating or false-accusation penalty may be marked as a khvalyonka, a misdeal may not "
            "(no redeal after a khvalyonka)."
        ),
        "penalty_marks": gettext_noop(
            "Penalty goats: the team at fault takes the marks of a lost hand: 2 marks for the third "
            "misdeal, 4 marks for proven cheating or a false accusation (the double loss, as the "
            "«two pairs» of the classic game)."
        ),
        "penalty_takes_eggs": gettext_noop(
            "A penalty record is a hand with a winner, the team not at fault, and a loser, the team "
            "at fault. With pairs it takes a waiting egg pot like a played hand (eggs, then a misdeal "
            "against one team: the other team gets 1 + the pot); with penalty goats and eggs doubling "
            "a waiting multiplier applies to the penalty marks and is then spent."
        ),
        "egg_pot_lyusya": gettext_noop(
            "Classic pairs: the egg pot goes to the winners of the next hand decided at the table, "
            "a Lyusya too (the winners then move by the pot only, the losers are reset)."
        ),
        "eggs_double_factor": gettext_noop(
            "Penalty goats with eggs doubling, and the YellowClub eyes: the first egg makes the next "
            "hand worth ×2, each further egg in a row doubles again (×4, ×8 …); a hand with a winner "
            "is multiplied and resets the factor to ×1."
        ),
        "capture_points": gettext_noop(
            "A queen-capture record may carry the card points taken so far (each 0-120, sum at most "
            "120); they are shown but not scored."
        ),
        "capture_multiplier": gettext_noop(
            "Hvalyony: a queen capture is worth 4 eyes times the waiting egg factor, and resets it."
        ),
        "shutout_lyusya": gettext_noop(
            "Penalty goats: a Lyusya costs the losers 4 marks (30 or fewer), or 6 with the "
            "shutout option; a 120:0 hand where the losers took a pointless trick costs 4."
        ),
        "instant_win_score": gettext_noop(
            "A match won at once, before the target is reached, leaves the score as it stood."
        ),
        "series_first_capture": gettext_noop(
            "Series: only a queen capture in the first hand writes 12 points, as the rule set says."
        ),
        "tails": gettext_noop(
            "«With tails» is given when the winners stood one short of the target before the final "
            "hand and won that hand with 90 or more card points; a match ended by a penalty has no "
            "tails."
        ),
        "titles": gettext_noop(
            "The losers of every finished match are «козлы» (goats). The classic game alone adds its "
            "titles: «сухие» after a Lyusya in the first hand, «с яйцами», «с хвостами» (together «с "
            "яйцами и хвостами»); in the other variants the losers are goats alone."
        ),
        "classic_lead_after_eggs": gettext_noop(
            "Classic: after eggs the team that won the last hand with a winner chooses the first "
            "lead again; if no hand has had a winner yet, the holder of the lowest trump leads. "
            "After a penalty hand the wronged team chooses."
        ),
        "voon_lead": gettext_noop(
            "Series: the first lead moves one seat clockwise after every hand with a winner (a "
            "queen capture included) and stays after eggs."
        ),
        "belka_eggs_obyaz": gettext_noop(
            "Belka: the obyaz team is required for a hand with a winner and optional at 60:60."
        ),
        "pending_at_end": gettext_noop("Nothing waits after the match has ended: eggs stakes are dropped."),
        "blind_seat": gettext_noop(
            "A blind partner: the blind seat's cards are played face down, so the referee rules each "
            "of them legal (reason blind_seat) and still counts it for the trick's winner, points "
            "and captures; the blind seat scores with its side."
        ),
        "two_blind_seats": gettext_noop(
            "Two blind seats belong to different teams: two people play, each with a blind partner "
            "opposite. Three blind seats, one person and three unseen hands, are not offered."
        ),
        "options_combine": gettext_noop(
            "Leads of several cards switch no other option off: a lead that holds a trump is a trump "
            "lead for the rule of who may lead trumps, and the ace ban judges every card of an answer: "
            "an ace of a suit neither in the lead nor led before may be given only when no other card "
            "is left to give."
        ),
        "rank_lead_answer": gettext_noop(
            "A lead of one rank (10♥ 10♠) is answered group by group: for each group of the lead the "
            "player gives as many of its cards as he holds, up to the lead's cards in it (trumps answer "
            "trumps), and any cards for the rest; to take over, each of his cards beats a different "
            "card of the best play so far."
        ),
        "duel_lead": gettext_noop(
            "One on one: the deal passes to the other player after every record, and the player "
            "who did not deal leads; deal 1 is played in clubs, every later deal in the suit of the "
            "last card played in the deal before (a queen, a jack or the six of clubs by its printed "
            "suit)."
        ),
        "solo_dealer": gettext_noop(
            "Each for himself: the deal passes one seat clockwise over the players present after "
            "every record, and the player after the dealer leads; at three the two cards dealt to "
            "nobody count with the dealer's tricks; at two each player gets 16 cards."
        ),
        "solo_winner": gettext_noop(
            "Each for himself: marks may go below 0; when a player reaches 0 or below the match "
            "ends, and every player at 0 or below is a goat; the winner is the player with the most "
            "marks, the lower seat on a tie."
        ),
        "misdeal_dealer": gettext_noop(
            "A first or second redeal is not a record; the third misdeal is, and it is always against "
            "the dealing team. The scorekeeper knows the dealer (the first dealer, then one seat "
            "clockwise per record), fills that team in and does not offer the other one."
        ),
        "two_against_one_spades": gettext_noop(
            "Two against one: the queen of spades is no special card of the lone player's, only a spade. "
            "When he names spades it is a trump like every spade, between the king and the nine; "
            "otherwise it is a plain spade."
        ),
        "spades_queen_undealt": gettext_noop(
            "Two against one: when the queen of spades lies among the two cards dealt to nobody, nobody "
            "plays alone and the deal is played each for himself."
        ),
        "second_round_lead": gettext_noop(
            "A hand dealt in two rounds (the prikup, the second four cards): the winner of the first "
            "round's last trick leads the second round."
        ),
        "solo_trump_card": gettext_noop(
            "Each for himself, the card that shows trumps: at four, one turned from the 16 left after "
            "the first four cards each; at three, the top one of the two cards dealt to nobody, shown "
            "and then laid with the dealer's tricks; at two, the dealer's last card, shown and kept in "
            "his hand. The app takes the trump suit as given: which card showed it changes no rule."
        ),
        "solo_void_deal": gettext_noop(
            "Each for himself: after a void deal (nobody at 61) the deal passes one seat clockwise, as "
            "after any deal."
        ),
        "draw_four_drawing": gettext_noop(
            "Four cards with drawing: after each trick its winner draws first, then the others clockwise, "
            "one card at a time, until everyone holds four or the stock is out."
        ),
        "draw_four_one_suit_lead": gettext_noop(
            "Four cards with drawing: a lead of several cards is of one printed suit or all trumps, so a "
            "trump queen or jack may go with plain cards of its printed suit (Q♠ with 9♠). Each card of "
            "the lead is beaten by its own kind: a trump by a higher trump, a plain card by a higher card "
            "of its suit or by a trump."
        ),
        "four_of_suit_plain": gettext_noop(
            "«Four cards of one suit» for a redeal counts plain cards only: a card on the trump ladder "
            "does not count for its printed suit."
        ),
        "obyaz_first_lead": gettext_noop(
            "The holder of the jack of clubs leads the first hand; the referee judges any leader a "
            "request names."
        ),
        "fixed_first_leader": gettext_noop(
            "Where the rules name the first leader (the player after the dealer; the dealer in the "
            "four-card game; the holder of the ace of diamonds in the series' first hand), a deal review "
            "that knows the dealer marks a wrong first lead as the deal's first irregularity and goes on."
        ),
        "no_lyusya_solo": gettext_noop(
            "Each for himself has no Lyusya: a player who takes every trick counts his card points like "
            "any other."
        ),
        "duel_capture_trump": gettext_noop(
            "One on one: after a queen capture the last card played is the capturing six of clubs or the "
            "queen of clubs, so the next deal is played in clubs."
        ),
        "draw_four_system_options": gettext_noop(
            "Four cards with drawing: the scoring system brings its own options with their defaults: "
            "penalty goats the six marks for a team without a trick and the doubling after eggs (both "
            "off), pairs the «dry goat» for a Lyusya in the first hand (on)."
        ),
    }
)

_DECISION_SCOPE: dict[str, Callable[[Ruleset], bool]] = {
    "one_record_one_hand": lambda rs: True,
    "penalty_variants": lambda rs: rs.penalties,
    "penalty_record_shape": lambda rs: rs.penalties,
    "penalty_marks": lambda rs: rs.scoring == "penalty",
    "penalty_takes_eggs": lambda rs: rs.penalties,
    "egg_pot_lyusya": lambda rs: rs.scoring == "pairs",
    "eggs_double_factor": lambda rs: rs.scoring.startswith("eyes") or bool(rs.options.get("eggs_double")),
    "capture_points": lambda rs: rs.capture is not None,
    "capture_multiplier": lambda rs: rs.capture is not None and rs.scoring == "eyes-hvalyony",
    "shutout_lyusya": lambda rs: rs.scoring == "penalty",
    "instant_win_score": lambda rs: bool(
        rs.options.get("dry_goat_first_hand")
        or rs.royal_goat
        or rs.options.get("lyusya") == "instant-win"
        or rs.scoring == "series"
    ),
    "series_first_capture": lambda rs: rs.scoring == "series",
    "tails": lambda rs: rs.match_titles,
    "titles": lambda rs: rs.scoring == "pairs" or rs.match_titles,
    "classic_lead_after_eggs": lambda rs: rs.leading == "winners",
    "voon_lead": lambda rs: rs.leading == "rotation",
    "belka_eggs_obyaz": lambda rs: rs.obyaz,
    "pending_at_end": lambda rs: True,
    "misdeal_dealer": lambda rs: rs.penalties,
    "blind_seat": lambda rs: bool(rs.blind_seats),
    "two_blind_seats": lambda rs: len(rs.blind_seats) > 1,
    "options_combine": lambda rs: rs.multi_card_leads and not rs.draws,
    "rank_lead_answer": lambda rs: rs.rank_leads,
    "duel_lead": lambda rs: rs.trump_from_last_card,
    "solo_dealer": lambda rs: rs.dealer_scores,
    "solo_winner": lambda rs: rs.dealer_scores,
    "two_against_one_spades": lambda rs: rs.lone_queen is not None,
    "spades_queen_undealt": lambda rs: rs.lone_queen is not None,
    "second_round_lead": lambda rs: rs.rounds > 1,
    "solo_trump_card": lambda rs: rs.dealer_scores,
    "solo_void_deal": lambda rs: rs.dealer_scores,
    "draw_four_drawing": lambda rs: rs.draws,
    "draw_four_one_suit_lead": lambda rs: rs.draws,
    "four_of_suit_plain": lambda rs: "four_of_suit_redeal" in rs.options,
    "obyaz_first_lead": lambda rs: rs.leading == "obyaz" and not rs.obyaz,
    "fixed_first_leader": lambda rs: rs.leading in ("left_of_dealer", "dealer", "rotation"),
    "no_lyusya_solo": lambda rs: not rs.lyusya,
    "duel_capture_trump": lambda rs: rs.trump_from_last_card and rs.capture is not None,
    "draw_four_system_options": lambda rs: any(o.when and o.when[0] == "scoring" for o in rs.variant.options),
}
assert set(_DECISION_SCOPE) == set(DECISIONS)


def decisions_for(
    variant: str | Ruleset, options: Mapping[str, object] | None = None, *, seats: int | None = None
) -> tuple[str, ...]:
    """The :data:`DECISIONS` codes that matter for a variant with its options (for its rule
    sheet), in the order of :data:`DECISIONS`."""
    rs = resolve(variant, options, seats=seats)
    return tuple(code for code in DECISIONS if _DECISION_SCOPE[code](rs))
