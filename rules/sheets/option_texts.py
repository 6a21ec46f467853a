"""What the options of a variant change, in words for the rule sheet: each option's explanation
for the table of options, and the sentences a chosen option adds to the deck, trumps, leading and
scoring sections. Read from the ruleset (its fields), never from the variant's key; English
msgids, Russian in the rules app's catalogue."""

from __future__ import annotations

from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext_lazy as _

from rules.engine.variants import Ruleset

OPTION_HELP: dict[str, StrPromise] = {
    "trump_lead": _(
        "«Anyone»: a trump may be led at any time. «Only the khvalyonka's caller»: a player who holds a "
        "plain card may not lead a trump, unless he called this hand's khvalyonka; a hand of nothing but "
        "trumps leads anything."
    ),
    "deck": _(
        "32 cards from seven to ace, 8 each; or the short deck, 24 cards from nine to ace, 6 each. The "
        "short deck still holds 120 points."
    ),
    "trump_row": _(
        "«Full»: 7♣, the queens, the jacks and the rest of the clubs are trumps. «Court»: only 7♣, the "
        "queens and the jacks; clubs are then a plain suit."
    ),
    "four_trumps_lead": _(
        "A player dealt four trumps leads the first trick instead of the dealer; of two such players, the "
        "one holding the higher trump."
    ),
    "multi_leads": _(
        "«Of one suit»: a lead may be one to three cards of one printed suit, or trumps only. «Of one suit "
        "or of one rank»: also two or three cards of one rank (two jacks, three tens). Every answer gives "
        "as many cards, following card by card while the player holds the led groups; the trick goes to "
        "the last play that beat every card of the best play so far."
    ),
    "hvalyonki": _(
        "A hand may be dealt as a khvalyonka, a special deal the first leader calls (as in the classic "
        "game); the match log marks it. With it comes the choice of who may lead a trump."
    ),
    "blind_seats": _(
        "Three players: one seat is played blind by the player opposite. Two players: two seats of "
        "different teams are played blind, each by its partner. Nobody sees a blind seat's cards, so any "
        "card it plays is allowed."
    ),
    "revoke_penalty": _(
        "«Cheating»: a proven revoke is cheating, +2 pairs to the wronged team. «4 card points»: the hand "
        "is played out and scored after 4 card points move from the team at fault to the other (all it "
        "has, if fewer)."
    ),
}


def option_help(key: str) -> str:
    """What an option changes, for the sheet's table of options ("" where the label says it)."""
    t = OPTION_HELP.get(key)
    return str(t) if t else ""


def scoring_option_notes(rs: Ruleset) -> list[str]:
    """Sentences on scoring that a ruleset's options add to the sheet's #scoring."""
    out = []
    if rs.revoke_points:
        out.append(
            str(
                _(
                    "A proven revoke (option): the hand is scored after %(n)s card points move from the team "
                    "at fault to the other, or all it has if fewer; the record names the team at fault."
                )
            )
            % {"n": rs.revoke_points}
        )
    return out


def deck_notes(rs: Ruleset) -> list[str]:
    """Sentences on the deck and the trumps that a ruleset's options add to the sheet."""
    out = []
    if rs.options.get("deck") == "24":
        out.append(
            str(
                _(
                    "The short deck (option): 24 cards from nine to ace, 6 each. It still holds 120 points; "
                    "the trump ladder keeps its order without the cards the deck lacks."
                )
            )
        )
    if rs.options.get("trump_row") == "court":
        out.append(
            str(
                _(
                    "Trump row «court» (option): only 7♣, the queens and the jacks are trumps; clubs are a plain suit."
                )
            )
        )
    return out


def lead_notes(rs: Ruleset) -> list[str]:
    """Sentences on leading that a ruleset's options add to the sheet's #leading."""
    out = []
    if rs.multi_card_leads and not rs.draws:
        out.append(
            str(
                _(
                    "Leads of several cards (option): a lead may be one to three cards of one printed suit, "
                    "or trumps only; each answer gives as many cards."
                )
            )
        )
    if rs.rank_leads:
        out.append(
            str(
                _(
                    "Leads of one rank (option): a lead may also be two or three cards of one rank, such as "
                    "two jacks, three tens or two sevens, whatever their suits."
                )
            )
        )
    if rs.hvalyonka and rs.scoring == "penalty":
        out.append(
            str(
                _(
                    "Khvalyonki (option): before the deal the first leader may call a khvalyonka, a special "
                    "way of dealing, as in the classic game; the match log marks such a hand."
                )
            )
        )
    if rs.four_trumps_lead:
        out.append(
            str(
                _(
                    "Four trumps (option): a player dealt four trumps («kozyrnaya molotka») leads first instead "
                    "of the dealer; of two such players, the one with the higher trump."
                )
            )
        )
    if rs.lead_rule == "hvalyonka_only":
        out.append(
            str(
                _(
                    "Trump leads (option): only the player who called this hand's khvalyonka may lead a trump "
                    "while holding a plain card; a hand of nothing but trumps leads anything. Answering with a "
                    "trump is always allowed."
                )
            )
        )
        if rs.multi_card_leads:
            out.append(str(_("A lead of several cards that holds a trump is a trump lead.")))
    return out
