"""Plain-language sentences for the engine's codes, in the player's language (gettext).

The engine speaks in codes with parameters (``must_follow_suit``, ``had=[...]``);
this module is the one place that turns them into Russian or English.
``describe(code, params)`` never fails: an unknown code comes back as itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules.engine import Card
from rules.engine.cards import SUIT_SYMBOLS

MESSAGES: dict[str, Any] = {
    # request shape (API and forms)
    "bad_json": _("The request body must be a JSON object."),
    "body_too_large": _("The request is too large (at most %(max)s bytes)."),
    "bad_request": _("The request could not be read."),
    "forbidden": _("This request is not allowed."),
    "not_found": _("There is nothing at this address."),
    "server_error": _("The server could not answer; try again in a minute."),
    "unavailable": _("The server cannot take changes right now; try again in a minute."),
    "missing_field": _("A required field is missing."),
    "unknown_field": _("This field is not known here."),
    "bad_type": _("This field has the wrong type (expected %(expected)s)."),
    "out_of_range": _("The number must be between %(min)s and %(max)s."),
    "too_many": _("Too many items (at most %(max)s)."),
    "bad_seat": _("Not a seat at this table: seats are numbered from 0, one per player."),
    "bad_suit": _("A suit is one of C, S, H, D."),
    # variants and options
    "unknown_variant": _("Unknown variant “%(token)s”."),
    "unknown_option": _("This variant has no option “%(token)s”."),
    "bad_option": _("Option “%(option)s” does not take this value."),
    "option_conflict": _("Options “%(option)s” and “%(alias_of)s” say different things: give one of them."),
    # cards
    "bad_card": _("“%(token)s” is not a card. Write rank and suit, e.g. 10H, QS, Д♠."),
    "duplicate_card": _("The card %(card)s appears twice."),
    "duplicate_card:places": _("The card %(card)s appears twice: in %(first)s and in %(second)s."),
    "card_not_in_deck": _("The card %(card)s is not in this variant's deck."),
    "card_not_in_hand": _("The player did not hold %(card)s."),
    "wrong_trick_size": _("A trick needs one play from each seat at the table."),
    "bad_hand": _("Give one hand for each seat at the table, each with the right number of cards."),
    # play verdicts
    "must_follow_suit": _(
        "The player had to follow the led suit (%(led)s) and could have played %(could_play)s."
    ),
    "must_answer_trump": _("A trump was led and the player held a trump: %(could_play)s."),
    "must_trump": _("Out of the led suit, the player had to play a trump: %(could_play)s."),
    "trump_lead_forbidden": _(
        "This player's team may not lead a trump while holding a plain card: %(could_play)s."
    ),
    "trump_lead_forbidden:boaster": _(
        "Only the player who called the khvalyonka may lead a trump while holding a plain card: %(could_play)s."
    ),
    "ace_discard_forbidden": _("An ace of a suit that has not been led yet may not be discarded."),
    "must_lead_ad": _("In the first hand the holder of the ace of diamonds leads it."),
    "mixed_lead": _("Several cards may be led together only if they are of one suit."),
    "mixed_lead:rank": _(
        "Several cards may be led together only if they are of one suit, or two or three of one rank."
    ),
    "wrong_first_leader": _("Another player should have led the first trick of this deal."),
    "wrong_card_count": _("Each answer gives as many cards as were led."),
    # verdicts that depend on what the player held (legal is None): the question to ask
    "unknown:must_follow_suit": _("Allowed only if the player had no %(led)s."),
    "unknown:must_answer_trump": _("Allowed only if the player had no trump."),
    "unknown:must_trump": _("Allowed only if the player had no trump."),
    "unknown:trump_lead_forbidden": _(
        "Allowed only if this team has the right to lead trumps or the player held only trumps."
    ),
    "unknown:trump_lead_forbidden:boaster": _(
        "Allowed only if this player called the khvalyonka or held only trumps."
    ),
    "unknown:ace_discard_forbidden": _("Allowed only if the player had no other card to play."),
    "unknown:must_lead_ad": _("Allowed only if the player did not hold the ace of diamonds."),
    # hand records
    "bad_record": _("This hand record is malformed."),
    "bad_points": _("Card points are whole numbers from 0 to 120."),
    "points_sum": _("The card points of all sides must add up to 120."),
    "all_tricks_mismatch": _("«All tricks» needs a team with all 120 points."),
    "event_not_in_variant": _("This variant has no such event."),
    "obyaz_required": _("Say which team was on «obyaz» (held the jack of clubs)."),
    "bad_team": _("A team is 0 or 1."),
    "conflicting_events": _("A hand cannot have both of these events."),
    "match_finished": _("The match is over; no more hands can be recorded."),
    "first_leader_not_first_hand": _("Who led first is said in hand 1 only."),
    # added for the referee and the rule sheets
    "too_many_plays": _("The hand is already over: there are more cards than tricks."),
    "plays_after_end": _("The hand ended with a queen capture; no cards are played after it."),
    "bad_hand_number": _("A hand number is a whole number from 1."),
    "points_required": _("A played hand needs the card points of both teams."),
    "bad_records": _("The hand records must be a list."),
    "misdeal_not_dealer": _("A misdeal counts against the team that dealt."),
    "queen_capture_event": _(
        "Queen capture: %(catcher)s (%(catcher_player)s) caught %(queen)s (%(queen_player)s). The hand ends at once in favour of the side of %(catcher_player)s."
    ),
    "held_but_played": _("%(card)s was played by %(other)s, so %(player)s cannot have held it."),
    # hand checks
    "four_nines": _("All four nines: a redeal may be asked for."),
    "declare_dry": _(
        "%(queens)s queens with 7♣: the holder must declare «сухая» (dry). It is neither a redeal nor a score."
    ),
    "low_points": _(
        "The hand is worth %(points)s card points, %(max_points)s or fewer: a redeal may be asked for."
    ),
    "four_of_suit": _("Four cards of one suit (%(suits)s): a redeal may be asked for."),
    "no_redeals": _("This variant has no redeals."),
    # short-handed and individual tables
    "bad_seats": _("This variant is played by %(allowed)s players."),
    "option_needs_seats": _("Option “%(option)s” is played only by %(seats)s players."),
    "dealer_required": _("Say who dealt this hand: the marks depend on it."),
    "dealer_mismatch": _("By the rotation this hand was dealt by seat %(dealer)s."),
    "blind_seat": _("The blind seat's card is played unseen: any card is allowed."),
    # the exact analysis of a deal
    "incomplete_deal": _("The analysis needs every card's place; not given: %(cards)s."),
    "midway_unsupported": _(
        "This game is analysed from the deal's first trick, every hand as dealt, or in its second round, with the trick's number."
    ),
    "too_complex": _(
        "This position is too large to analyse here: it would search more than %(budget)s positions."
    ),
    "not_available": _("The exact analysis cannot play this table yet."),
    "solver_timeout": _("The analysis took too long: the referee is busy. Ask again in a minute."),
    "solver_busy": _("The referee is analysing another deal; try again in a few seconds."),
    "rate_limited": _("Too many analyses from here; try again in %(retry_after)s s."),
    # the review by what was seen, run in the background
    "not_available:draw_four": _(
        "The review by what was seen is not available for draw-four: nobody sees the stock's order."
    ),
    "not_available:multi_leads": _(
        "The review by what was seen is not available for leads of several cards yet."
    ),
    "judge_illegal": _("Play %(index)s broke the rules: it is judged by the rules, not by what was seen."),
    "queue_full": _("Too many reviews are waiting; try again in %(retry_after)s s."),
    "queue_unavailable": _("Reviews cannot be queued right now; try again in a minute."),
    "timeout": _("The review took longer than %(seconds)s s and was stopped."),
    "lost": _("The review stopped before it finished; ask for it again."),
    "task_error": _("The review failed on the server; ask for it again."),
    # a company's figures
    "bad_players": _("Give a name for each of the %(seats)s seats, null for the blind seat."),
    "blind_seat_player": _("Nobody sits at the blind seat: give null for it."),
    "bad_player_name": _("A player's name is text of 1 to %(max)s characters."),
    "duplicate_player": _("“%(token)s” sits at two seats of this match."),
}


VARIANT_NAMES: dict[str, Any] = {
    "classic-sixes": _("Classic, pairs on the sixes"),
    "penalty-goats": _("Penalty goats to 12"),
    "voon-series": _("Series to 12 (kozel.voon.ru)"),
    "yc-hvalyony": _("Hvalyony kozel (YellowClub)"),
    "yc-belka": _("Belka (YellowClub)"),
    "draw-four": _("Four cards with drawing"),
    "yc-duel": _("One on one (YellowClub)"),
    "solo-twelve": _("Each for himself, 12 marks"),
}

VARIANT_BLURBS: dict[str, Any] = {
    "classic-sixes": _(
        "32 cards, club trumps under the seven of clubs; the sixes keep the score in pairs, first to 6."
    ),
    "penalty-goats": _(
        "32 cards, fixed trumps; the losers of a hand take 2 or 4 goats, 12 goats lose the match."
    ),
    "voon-series": _(
        "32 cards, trump leads by rights, queen capture; the winners score 2, 4 or 6, first to 12."
    ),
    "yc-hvalyony": _("Sixes in the deck, the six of clubs on top, diamonds trumps, must trump; eyes to 12."),
    "yc-belka": _("Jacks on top, each seat owns a trump suit, the obyaz team scores less; eyes to 12."),
    "draw-four": _("36 cards, four in hand, draw after each trick, lead several cards of a suit."),
    "yc-duel": _(
        "Two players: 8 cards each, then the prikup; the trump suit follows the last card; eyes to 12."
    ),
    "solo-twelve": _(
        "Two, three or four players, each for himself: 12 marks each, 61 takes marks from the others."
    ),
}

RANK_LETTERS = {
    "J": pgettext_lazy("card rank", "J"),
    "Q": pgettext_lazy("card rank", "Q"),
    "K": pgettext_lazy("card rank", "K"),
    "A": pgettext_lazy("card rank", "A"),
}


def card_text(c: Card) -> str:
    """A card as the page writes it: «Д♠» in Russian, «Q♠» in English."""
    return str(RANK_LETTERS.get(c.rank, c.rank)) + SUIT_SYMBOLS[c.suit]


def lang() -> str:
    """The page's language as a two-letter code (``ru`` when none is active)."""
    return (get_language() or "ru")[:2]


def variant_name(key: str) -> str:
    return str(VARIANT_NAMES.get(key, key))


def _fmt_value(value: Any) -> str:
    if isinstance(value, str) and value in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[value]
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, str) and 2 <= len(value) <= 3:
        try:
            return card_text(Card.parse(value))
        except ValueError:
            return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return " ".join(_fmt_value(v) for v in value)
    return str(value)


class _SafeParams(dict):
    def __missing__(self, key: str) -> str:
        return "…"


def _describe(code: str | None, params: Mapping[str, Any] | None = None) -> str:
    if not code:
        return ""
    if code == "duplicate_card" and params and "second" in params:
        code = "duplicate_card:places"
    if code.endswith("trump_lead_forbidden") and params and params.get("rule") == "hvalyonka_only":
        code += ":boaster"  # the classic option: the caller of the khvalyonka, not a team
    if code in ("not_available", "mixed_lead") and params:
        more = params.get("reason") or ("rank" if params.get("ranks") else None)
        if more and f"{code}:{more}" in MESSAGES:
            code += f":{more}"
    template = MESSAGES.get(code)
    if template is None:
        return code
    values = _SafeParams({k: _fmt_value(v) for k, v in (params or {}).items()})
    try:
        return str(template) % values
    except (TypeError, ValueError, KeyError):
        return str(template)


def describe(code: str | None, params: Mapping[str, Any] | None = None) -> str:
    """The sentence for ``code`` in the active language."""
    return _describe(code, params)


def describe_verdict(legal: bool | None, reason: str | None, params: Mapping[str, Any] | None = None) -> str:
    """Why a play is illegal, or (``legal`` None) what the answer depends on."""
    if not reason:
        return ""
    return _describe(f"unknown:{reason}" if legal is None else reason, params)


describe_lazy = lazy(_describe, str)


# --- options of a variant: the words shared by the rule sheets, the referee and the scorekeeper

OPTION_LABELS = {
    "trump_suit": gettext_lazy("Trump suit"),
    "ace_discard_ban": gettext_lazy("No discarding an ace of a suit not yet led"),
    "dry_goat_first_hand": gettext_lazy("Lyusya in the first hand wins the match («dry goat»)"),
    "royal_goat": gettext_lazy("Royal goat: four aces in one hand win the match"),
    "four_of_suit_redeal": gettext_lazy("Redeal for four cards of one suit"),
    "shutout_marks": gettext_lazy("6 marks to a loser without a trick"),
    "eggs_double": gettext_lazy("After eggs the next hand's marks double"),
    "sevens": gettext_lazy("Sevens in the deck (36 cards)"),
    "six_of_clubs": gettext_lazy("Six of clubs on top of the trumps"),
    "lyusya": gettext_lazy("Lyusya (all tricks)"),
    "scoring": gettext_lazy("Score"),
    "blind_seat": gettext_lazy("Three players: a blind partner"),
    "blind_seats": gettext_lazy("Blind partners (three or two players)"),
    "hvalyonki": gettext_lazy("Khvalyonki: deals with the right to lead trumps"),
    "spades_queen": gettext_lazy("Two against one: the queen of spades plays alone"),
    "trump_lead": gettext_lazy("Who may lead a trump"),
    "revoke_penalty": gettext_lazy("A proven revoke"),
    "deck": gettext_lazy("Deck"),
    "trump_row": gettext_lazy("Trump row"),
    "four_trumps_lead": gettext_lazy("Four trumps dealt: that player leads first"),
    "multi_leads": gettext_lazy("Leads of several cards"),
}

OPTION_VALUES = {
    ("lyusya", "instant-win"): gettext_lazy("wins the match at once"),
    ("lyusya", "reset"): gettext_lazy("resets the losers' eyes to 0"),
    ("scoring", "penalty-goats"): gettext_lazy("penalty goats to 12"),
    ("scoring", "pairs"): gettext_lazy("pairs on the sixes to 6"),
    ("blind_seat", "none"): gettext_lazy("no, four players"),
    ("blind_seat", "0"): gettext_lazy("blind: seat 1"),
    ("blind_seat", "1"): gettext_lazy("blind: seat 2"),
    ("blind_seat", "2"): gettext_lazy("blind: seat 3"),
    ("blind_seat", "3"): gettext_lazy("blind: seat 4"),
    ("blind_seats", "none"): gettext_lazy("no, four players"),
    ("blind_seats", "0"): gettext_lazy("blind: seat 1"),
    ("blind_seats", "1"): gettext_lazy("blind: seat 2"),
    ("blind_seats", "2"): gettext_lazy("blind: seat 3"),
    ("blind_seats", "3"): gettext_lazy("blind: seat 4"),
    ("blind_seats", "0,1"): gettext_lazy("two blind: seats 1 and 2"),
    ("blind_seats", "0,3"): gettext_lazy("two blind: seats 1 and 4"),
    ("blind_seats", "1,2"): gettext_lazy("two blind: seats 2 and 3"),
    ("blind_seats", "2,3"): gettext_lazy("two blind: seats 3 and 4"),
    ("multi_leads", "off"): gettext_lazy("no, one card"),
    ("multi_leads", "suit"): gettext_lazy("of one suit"),
    ("multi_leads", "suit_or_rank"): gettext_lazy("of one suit or of one rank"),
    ("trump_lead", "free"): gettext_lazy("anyone"),
    ("trump_lead", "hvalyonka_only"): gettext_lazy("only the khvalyonka's caller"),
    ("revoke_penalty", "cheating"): gettext_lazy("cheating, +2 pairs"),
    ("revoke_penalty", "four_points"): gettext_lazy("4 card points to the other team"),
    ("deck", "32"): gettext_lazy("32 cards, seven to ace"),
    ("deck", "24"): gettext_lazy("24 cards, nine to ace"),
    ("trump_row", "full"): gettext_lazy("full: 7♣, queens, jacks, clubs"),
    ("trump_row", "court"): gettext_lazy("court: 7♣, queens, jacks"),
}


def option_label(key: str) -> str:
    return str(OPTION_LABELS.get(key, key))


def option_value(key: str, value: object) -> str:
    if value is True:
        return gettext("yes")
    if value is False:
        return gettext("no")
    if key == "trump_suit":
        return SUIT_SYMBOLS.get(str(value), str(value))
    label = OPTION_VALUES.get((key, str(value)))
    return str(label) if label else str(value)


TITLE_ORDER = ("dry", "goats", "with_eggs", "with_tails")


def title_line(titles: Sequence[str]) -> str:
    """The losers' full title: «сухие козлы с яйцами и хвостами» (DECISIONS titles)."""
    words = {
        "dry": gettext("dry"),
        "goats": gettext("goats"),
        "with_eggs": gettext("with eggs"),
        "with_tails": gettext("with tails"),
    }
    if "with_eggs" in titles and "with_tails" in titles:
        words["with_eggs"], words["with_tails"] = gettext("with eggs and tails"), ""
    return " ".join(w for t in TITLE_ORDER if t in titles and (w := str(words.get(t, t))))


def names_joined(names: Sequence[str]) -> str:
    """«Аня и Вика»: the players of one side, as the board joins a pair."""
    if len(names) == 2:
        return gettext("%(a)s and %(b)s") % {"a": names[0], "b": names[1]}
    return ", ".join(names)


def side_with_players(side: str, players: Sequence[str]) -> str:
    """«Чёрные (Борис и Гоша)»: a side's name with who played for it, where the players were
    named; the name alone otherwise."""
    if not players:
        return side
    return gettext("%(team)s (%(players)s)") % {"team": side, "players": names_joined(players)}
