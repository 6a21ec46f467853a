"""What the rule sheets and the comparison page show, read from the engine's rulesets.

Nothing here is a rule: the deck, the ladder, the follow and lead flags, the scoring system and
the redeal limits all come from :func:`rules.engine.variants.resolve`; this module only puts
them into words (gettext). The words a variant's sheet says that no fact gives are its template's
(``rules/sheets/<variant>.html``, ``rules/sheet.html``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.counting import count, score_count
from rules.engine import DECISIONS, decisions_for
from rules.engine.cards import POINTS, SUIT_SYMBOLS, Card
from rules.engine.variants import ALL_VARIANTS, Ruleset, Variant, resolve
from rules.messages import card_text, variant_name
from rules.referee import face

from . import option_texts

SCORING_NAMES = {
    "pairs": gettext_lazy("pairs on the sixes"),
    "penalty": gettext_lazy("penalty marks to the losers"),
    "series": gettext_lazy("series points to the winners"),
    "eyes-hvalyony": gettext_lazy("eyes to the winners"),
    "eyes-belka": gettext_lazy("eyes to the winners, fewer for the obyaz team"),
    "marks": gettext_lazy("marks taken from the other players"),
}


def scoring_name(code: str) -> str:
    return str(SCORING_NAMES.get(code, code))


def _target(rs: Ruleset) -> str:
    if rs.scoring == "penalty":
        return _("%(goats)s lose") % {"goats": count(rs.target, "goat")}
    if rs.start_score:  # every player starts with marks and loses them (solo-twelve#transfers)
        return _("each starts with %(marks)s; a player at 0 or below is the goat, the most marks win") % {
            "marks": count(rs.start_score, "mark")
        }
    return _("%(score)s win") % {"score": score_count(rs.target, rs.scoring)}


def players(v: Variant) -> str:
    """How many play: «4», «2», «2, 3 or 4»."""
    counts = [str(n) for n in v.seats]
    if "blind_seats" in v.defaults:
        return _("%(n)s, or 3 or 2 with blind partners") % {"n": counts[-1]}
    if len(counts) == 1:
        return counts[0]
    return _("%(some)s or %(last)s") % {"some": ", ".join(counts[:-1]), "last": counts[-1]}


def deal_line(rs: Ruleset) -> str:
    """The cards each player gets at one table: a second round, and cards left to nobody."""
    if rs.rounds > 1 and rs.trump_from_last_card:
        return _("%(h)s each, then the prikup: %(h)s more each") % {"h": rs.hand_size}
    if rs.rounds > 1:
        return _("%(h)s each, played out, then %(h)s more each") % {"h": rs.hand_size}
    if rs.kitty and rs.multi_card_leads:  # draw-four: the rest is the stock, drawn after each trick
        return _("%(h)s each; the other %(cards)s are the stock, drawn after each trick") % {
            "h": rs.hand_size,
            "cards": count(rs.kitty, "card"),
        }
    if rs.kitty:
        return _("%(h)s each; %(cards)s go to the dealer's tricks") % {
            "h": rs.hand_size,
            "cards": count(rs.kitty, "card"),
        }
    return _("%(h)s each") % {"h": rs.hand_size}


def deal_lines(v: Variant, options: Mapping[str, object] | None = None) -> list[tuple[str, str]]:
    """Each seat count the variant is played by, with the deal at that table."""
    out = []
    for n in v.seats:
        rs = resolve(
            v, {k: val for k, val in (options or {}).items() if n in v.seat_options.get(k, (n,))}, seats=n
        )
        who = ngettext("%(n)s player", "%(n)s players", n) % {"n": n}
        out.append((who, deal_line(rs)))
    return out


def plain_order(rs: Ruleset) -> list[str]:
    """The ranks of a plain suit, high to low, as this deck has them (largest plain suit)."""
    best: tuple[Card, ...] = ()
    for s in rs.plain_suits():
        cards = rs.plain_cards(s)
        if len(cards) > len(best):
            best = cards
    return [card_text(c)[:-1] for c in best]


def following_rules(rs: Ruleset) -> list[str]:
    out = []
    if rs.multi_card_leads and rs.free_answers:
        out.append(
            _(
                "Answer a lead with as many cards as were led. To take over, beat every card of the best "
                "play so far, card for card; otherwise give up as many cards, any ones."
            )
        )
        return out
    out.append(
        _(
            "If you hold a card of the led group you must play one: a plain card of the led suit, or any "
            "trump when a trump was led. You never have to beat the card on the table."
        )
    )
    example = next((c for c in rs.trumps if c.rank in ("Q", "J") and c.suit == "S"), None)
    if example is not None:
        out.append(
            _(
                "A trump belongs to no plain suit: %(card)s is a trump, so it cannot answer a plain "
                "%(suit)s lead while you hold a plain %(suit)s."
            )
            % {"card": card_text(example), "suit": SUIT_SYMBOLS["S"]}
        )
    if rs.must_trump:
        out.append(_("Out of the led suit you must play a trump if you have one (must trump)."))
    else:
        out.append(_("Out of the led suit you may play any card: trump it or discard."))
    if rs.multi_card_leads:
        out.append(
            _(
                "Leads of several cards (option): answer with as many cards, card by card: for each led "
                "card give a card of its group while you hold one. To take over, beat every card of the "
                "best play so far, card for card."
            )
        )
    if rs.rank_leads:
        out.append(
            _(
                "A lead of one rank holds several groups (10♥ 10♠: hearts and spades): for each group give "
                "as many of its cards as you hold, up to the led cards in it, and any cards for the rest. To "
                "take over, each of your cards must beat a different card of the best play so far."
            )
        )
    if rs.ace_discard_ban:
        out.append(
            _(
                "Ace discard ban (option on): a player out of the led suit may not discard the ace of a "
                "plain suit that has not been led yet in this hand, unless nothing else may be played."
            )
        )
        if rs.multi_card_leads:
            out.append(
                _(
                    "With leads of several cards the ban judges every card of an answer: an ace of a suit "
                    "neither in the lead nor led before may be given only when no other card is left to give."
                )
            )
    return out


def winning_rule(rs: Ruleset) -> str:
    if rs.multi_card_leads and not rs.free_answers:
        return _(
            "If any trump was played, the highest trump takes the trick; otherwise the highest card of the "
            "led suit. A lead of several cards goes to the last player who beat every card of the best play "
            "so far, or to the leader if nobody did."
        )
    if rs.multi_card_leads:
        return _(
            "The trick goes to the last player who beat every card of the best play so far, or to the "
            "leader if nobody did."
        )
    return _(
        "If any trump was played, the highest trump takes the trick. Otherwise the highest card of the "
        "led suit takes it; a card of another plain suit never wins, not even an ace."
    )


def redeal_rules(rs: Ruleset) -> list[str]:
    out = []
    if rs.lead_rule == "voon" or rs.seats < 4:
        return [_("No redeals in this variant.")]
    if rs.redeal_four_nines:
        out.append(_("All four nines in one hand."))
    if rs.redeal_max_points is not None:
        out.append(_("A hand worth %(points)s or fewer.") % {"points": count(rs.redeal_max_points, "point")})
    if rs.redeal_four_of_suit:
        out.append(_("Four cards of one suit (option)."))
    if rs.royal_goat:
        out.append(_("Royal goat (option): all four aces in one hand win the match for that team."))
    if not out and rs.penalties:  # the scoring still counts a third misdeal in a row
        out.append(
            _(
                "No hand is redealt for the cards it holds; a misdeal is dealt again, and the third in a row is scored."
            )
        )
    if rs.dry_hand_check:
        out.append(
            _(
                "Three or four queens together with 7♣: the holder must declare «сухая» (dry). It is "
                "neither a redeal nor a score."
            )
        )
    return out or [_("No redeals in this variant.")]


def capture_text(rs: Ruleset) -> str:
    if rs.capture is None:
        return ""
    catcher, queen = (card_text(c) for c in rs.capture)
    if not any(len(side) > 1 for side in rs.sides):
        return _(
            "Queen capture: %(catcher)s and the other player's %(queen)s in the same trick end the deal at once."
        ) % {
            "catcher": catcher,
            "queen": queen,
        }
    return _(
        "Queen capture: %(catcher)s and the opponents' %(queen)s in the same trick end the hand at once; "
        "a partner's queen does not count."
    ) % {"catcher": catcher, "queen": queen}


def trump_setting(rs: Ruleset) -> str:
    """What the «Trump suit» setting means where the variant offers it: where the trumps change
    from deal to deal (yc-belka#trumps, yc-duel#trumps) it is the suit of the deal being judged;
    elsewhere a setting of the whole match."""
    if "trump_suit" not in rs.variant.defaults:
        return ""
    if rs.seat_suits or rs.trump_from_last_card:
        return _(
            "Here the trump suit changes from deal to deal (see «Trumps»). The «Trump suit» setting is "
            "the suit of the deal being judged: the referee and this sheet's ladder use it; a match "
            "follows the deals by itself."
        )
    return _("The «Trump suit» setting belongs to the match: chosen when it starts, the same in every deal.")


def sheet_facts(rs: Ruleset) -> dict[str, Any]:
    points = [(r, POINTS.get(r, 0)) for r in ("A", "10", "K", "Q", "J")]
    ranks = {c.rank for c in rs.deck}
    return {
        "deck_size": len(rs.deck),
        "deck_cards": count(len(rs.deck), "card"),  # «32 карты», not «32 карт»
        # the deal at each table the variant is played by (2, 3, 4 players), where it has several
        "deal_lines": deal_lines(rs.variant, rs.options) if len(rs.variant.seats) > 1 else [],
        "deal_line": deal_line(rs),
        "players": players(rs.variant),
        "team_game": any(len(side) > 1 for side in rs.sides),
        "blind": "blind_seats" in rs.variant.defaults,  # classic-sixes#blind
        "trump_setting": trump_setting(rs),
        "eggs": rs.lyusya,  # 60:60 is eggs where two sides play; each for himself has none
        "zero_ranks": " ".join(r for r in ("9", "8", "7", "6") if r in ranks),
        "hand_size": rs.hand_size,
        "total": rs.total_points,
        "ladder": [face(c, rs) for c in rs.trumps],
        "trump_count": len(rs.trumps),
        "plain_order": plain_order(rs),
        "plain_suits": " ".join(SUIT_SYMBOLS[s] for s in rs.plain_suits()),
        "points": [(card_text(Card.parse(r + "S"))[:-1], p) for r, p in points],
        "following": following_rules(rs),
        "winning": winning_rule(rs),
        "redeal": redeal_rules(rs),
        "capture": capture_text(rs),
        "scoring": scoring_name(rs.scoring),
        "target": _target(rs),
        "lead_notes": (
            [_("Trump leads are allowed.")]
            if "trump_lead" in rs.variant.defaults and rs.lead_rule == "free"
            else []
        )
        + option_texts.lead_notes(rs),
        "scoring_option_notes": option_texts.scoring_option_notes(rs),
        "deck_notes": option_texts.deck_notes(rs),
        "two_against_one": "spades_queen" in rs.variant.defaults,  # solo-twelve#two-against-one
        # the engine's readings; the app's own are the sheet's words (rules/sheet.html, the variant's)
        "decisions": [_(DECISIONS[code]) for code in decisions_for(rs.key, dict(rs.options), seats=rs.seats)],
        "must_trump": rs.must_trump,
    }


def _play(rs: Ruleset) -> str:
    if any(len(side) > 1 for side in rs.sides):
        return _("two against two")
    if rs.variant.seats == (2,):
        return _("one on one")
    return _("each for himself")


def _revoke(rs: Ruleset) -> str:
    if rs.revoke_points:
        return _("%(points)s to the other team") % {"points": count(rs.revoke_points, "point")}
    if rs.penalties:
        return _("a cheating penalty")
    return _("no penalty of its own")


def _lead_rights(rs: Ruleset) -> str:
    if rs.lead_rule == "hvalyonka_only":
        return _("only the khvalyonka's caller")
    return _yes(rs.lead_rule == "voon")


def _several(rs: Ruleset) -> str:
    if rs.rank_leads:
        return _("of one suit or of one rank")
    return _yes(rs.multi_card_leads)


def _yes(v: bool) -> str:
    return _("yes") if v else _("no")


def ruleset_rows(rs: Ruleset) -> list[tuple[str, str]]:
    """Comparable facts of one ruleset, as (label, value) — the comparison page and house prose."""
    deal = "; ".join(f"{who}: {line}" for who, line in deal_lines(rs.variant, rs.options)) or deal_line(rs)
    return [
        (_("Players"), players(rs.variant)),
        (_("Deck"), count(len(rs.deck), "card")),
        (_("Deal"), deal),
        (_("Play"), _play(rs)),
        (_("Top trump"), card_text(rs.trumps[0])),
        (
            _("Trumps"),
            _("%(n)s, lowest %(low)s") % {"n": len(rs.trumps), "low": card_text(rs.lowest_trump)},
        ),
        (_("Trump ladder"), " ".join(card_text(c) for c in rs.trumps)),
        (_("Queens"), _("trumps") if sum(c.rank == "Q" for c in rs.trumps) == 4 else _("plain cards")),
        (_("Must trump when out of suit"), _yes(rs.must_trump)),
        (_("Trump-lead rights"), _lead_rights(rs)),
        (_("Several cards in one lead"), _several(rs)),
        (_("Queen capture"), " + ".join(card_text(c) for c in rs.capture) if rs.capture else _("no")),
        (_("Score"), scoring_name(rs.scoring)),
        (_("Match ends"), _target(rs)),
        (_("A proven revoke"), _revoke(rs)),
        (_("Redeal"), " ".join(redeal_rules(rs))),
    ]


def comparison() -> dict[str, Any]:
    keys = list(ALL_VARIANTS)
    columns = [ruleset_rows(resolve(k)) for k in keys]
    rows = []
    for i, (label, _v) in enumerate(columns[0]):
        values = [col[i][1] for col in columns]
        common = Counter(values).most_common(1)[0][0]
        rows.append({"label": label, "cells": [{"value": v, "diff": v != common} for v in values]})
    return {"variants": [{"key": k, "name": variant_name(k)} for k in keys], "rows": rows}
