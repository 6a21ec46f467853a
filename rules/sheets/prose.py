"""Explanatory texts for the rule sheets, in the project's own words: facts from the sources,
never their sentences. Every text is an English msgid; its Russian lives in the rules app's
gettext catalogue like every other string the player sees."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.engine import DECISIONS, decisions_for
from rules.engine.variants import Ruleset, resolve
from rules.messages import OPTION_LABELS, OPTION_VALUES, option_label, option_value  # noqa: F401

# ------------------------------------------------------------------ per-variant prose
# Keys: intro, deal, leading, scoring_notes, extra (each may be absent).

VARIANT_TEXT: dict[str, dict[str, StrPromise]] = {
    "classic-sixes": {
        "intro": _(
            "The old courtyard version: two against two, partners opposite. 32 cards from seven to ace are "
            "dealt; the four sixes stay out and serve as each team's score board of «pairs». The first team "
            "to uncover six rows on its sixes wins; the losers are the goats."
        ),
        "deal": _(
            "The whole deck is dealt at once, 8 cards each. Before the deal the first leader may call a "
            "khvalyonka, a special way of dealing (trousers, double trousers, mirror, star, merry, sad, "
            "coffins, barrel). It is a dealing procedure and does not change the score; the match log only "
            "marks it."
        ),
        "leading": _(
            "In the first hand the holder of the lowest trump leads (8♣, or 7♦ with diamond trumps). After "
            "that a player of the team that won the previous hand leads; the partners choose which. Every "
            "later trick is led by whoever took the last one."
        ),
        "scoring_notes": _(
            "Spas is 31 card points for the losers: with it the winners gain only one pair. Lyusya is all 8 "
            "tricks to one team: the losers' sixes go back to zero, and in the match's very first hand it is"
            " a «dry goat» that ends the match. Eggs (60:60) move nobody but leave an «egg pair» for the "
            "winners of the next decided hand. A third redeal in a row costs the dealing team the hand (+1 "
            "pair to the others); proven cheating or a false accusation gives the wronged team +2 pairs. Such "
            "a penalty hand takes a waiting egg pot like any hand with a winner."
        ),
        "extra": _(
            "Handing over the last trump: before the first lead a player with only one or two trumps may "
            "offer them to his partner in a blind swap, one or two cards for as many; the partner gives "
            "non-trumps if he has them, else trumps. Titles of "
            "the losers: «goats»; «with eggs» if the match had eggs; «with tails» if the winners stood on "
            "five pairs and closed the match with 90 or more."
        ),
    },
    "penalty-goats": {
        "intro": _(
            "The most widespread way of keeping score: the team that loses a hand takes penalty marks, "
            "«goats». The first team to collect 12 loses the match."
        ),
        "leading": _(
            "Who leads the first hand is agreed at the table; then whoever took the last trick leads."
        ),
        "scoring_notes": _(
            "The losers of a hand take 2 marks, or 4 with 30 card points or fewer (a Lyusya also costs 4). "
            "At 60:60 nobody takes marks. Extra house rules (off unless chosen): 6 marks to a team without a"
            " single trick; marks doubled after eggs; royal goat, four aces in one hand win the match for "
            "that team; a redeal for four cards of one suit."
        ),
    },
    "voon-series": {
        "intro": _(
            "The rule set of the kozel.voon.ru service: a series to 12 points, scored by the winners of each"
            " hand. Its marks are the trump-lead rights and catching the queen of clubs with the seven of "
            "clubs."
        ),
        "deal": _(
            "32 cards, 8 each. No redeals and no trump hand-over: the rule set itself chose that for home "
            "play."
        ),
        "leading": _(
            "In the first hand the holder of the ace of diamonds leads, and leads that very card. After "
            "every finished hand the first lead moves one seat clockwise; after eggs it stays. Trump-lead "
            "rights: in the first hand nobody leads a trump while holding a plain card; from the second hand"
            " only the team that made the hand's first lead may lead trumps, the other must lead a plain "
            "card while it has one; at 10:10 both may («goat fight»). A hand of only trumps leads anything. "
            "Answering with a trump is always allowed."
        ),
        "scoring_notes": _(
            "61-89 card points give +2, 90-119 give +4, 120 without every trick gives +6. All 8 tricks reset"
            " the opponents' score to 0, and if it already was 0 they lose the series; at 0:0 the winners "
            "simply get +6. Queen capture: when 7♣ and the opponents' Q♣ fall in one trick, the hand ends at"
            " once and the 7♣ team gets +4, or 12 and the series in the first hand. A partner's queen does "
            "not count. Eggs: nothing is written, but +2 waits for the next card-points award."
        ),
    },
    "yc-hvalyony": {
        "intro": _(
            "YellowClub's team game «Hvalyony kozel»: sixes in the deck, the six of clubs above the queens, "
            "diamonds as the trump suit, and a player out of the led suit must trump. Played to 12 eyes."
        ),
        "deal": _(
            "Without sevens 32 cards (6, 8 to ace), 8 each; with sevens 36, 9 each. A hand worth 13 card "
            "points or fewer may ask for a redeal."
        ),
        "leading": _(
            "The holder of the jack of clubs («obyaz») leads the first hand; in this variant obyaz does "
            "not change the award. Then whoever took the trick leads."
        ),
        "scoring_notes": _(
            "61-89 gives 2 eyes, 90 or more gives 4. When 6♣ catches the opponents' Q♣ in one trick, the "
            "hand ends and the catchers get 4 eyes (times a waiting egg multiplier). Eggs double the next "
            "hand, each further egg doubles again. Lyusya, as the table chooses: the match is won, or the "
            "losers' eyes go to 0."
        ),
    },
    "yc-belka": {
        "intro": _(
            "YellowClub's «Belka»: the four jacks stand above everything, and each deal has its own trump "
            "suit, set by the seat of the jack of clubs. Queens are plain cards here. The team «on obyaz» "
            "earns fewer eyes for a win of 61-119; at 120 both teams get 3."
        ),
        "deal": _(
            "The deck is as in Hvalyony: 32 cards without sevens or 36 with them. A redeal for a hand worth "
            "13 card points or fewer."
        ),
        "leading": _(
            "The holder of the jack of clubs leads first, then whoever took the trick. Clubs are trumps in "
            "the first deal. The seat that held the jack of clubs in the first deal owns clubs for good; the"
            " seat on its right owns hearts, the one opposite spades, the one on its left diamonds. From the"
            " second deal on, the suit owned by the seat now holding the jack of clubs is trumps. The team "
            "with the jack of clubs is «on obyaz»."
        ),
        "scoring_notes": _(
            "The obyaz team earns 1 eye for 61-90, 2 for 91-119, 3 for 120. The other team earns 2 for "
            "61-90, 3 for 91-119, 3 for 120. Eggs and Lyusya work as in Hvalyony."
        ),
    },
    "draw-four": {
        "intro": _(
            "A quick version with 36 cards: four cards in hand, and everyone draws after each trick. A lead "
            "may be several cards of one suit."
        ),
        "deal": _(
            "4 cards each; a card drawn from the deck shows the trump suit and goes back. After each trick "
            "its winner draws first, then the others clockwise, until everyone holds four again or the "
            "stock is out."
        ),
        "leading": _(
            "The dealer leads first. A lead is one card, several cards of one printed suit, or several "
            "trumps; a trump queen or jack may go with plain cards of its own printed suit (Q♠ with 9♠). "
            "Everyone answers with as many cards. To take over, each card of the best play so far must be "
            "beaten by its own kind: a plain card by a higher card of its suit or by a trump, a trump by a "
            "higher trump. Otherwise give up as many cards, any ones. The last player who took over (or the"
            " leader) takes the trick."
        ),
        "scoring_notes": _(
            "By default the score is penalty goats to 12 (as in «Penalty goats»); pairs on the sixes to 6 "
            "(as in the classic game) can be chosen."
        ),
    },
    "yc-duel": {
        "intro": _(
            "YellowClub's game for two: the deck and the trump ladder of Hvalyony, one player against the "
            "other. Only part of the deck is dealt at first; the rest, the prikup, follows when those cards "
            "are played out. The trump suit changes from deal to deal."
        ),
        "deal": _("Without sevens the deck is 32 cards (6, 8 to ace), with sevens 36. There is no redeal."),
        "prikup": _(
            "The prikup: once the first cards are played out, the rest of the deck is dealt the same way and "
            "played out too; whoever took the last trick before it leads. The deal is all of those tricks "
            "together, 120 card points."
        ),
        "trumps": _(
            "The suit after the jacks is this deal's trump suit (the ladder above shows clubs): clubs in the "
            "first deal, and in every later deal the suit of the last card played in the deal before, read "
            "from its printed suit, even when that card is a queen, a jack or the six of clubs."
        ),
        "leading": _(
            "The player who did not deal leads the first trick; then whoever took the last trick leads. "
            "Follow the led suit; without it, trump if you can."
        ),
        "scoring_notes": _(
            "As in Hvalyony: 2 eyes for 61-89, 4 for 90 or more. When 6♣ catches the other player's Q♣ in one "
            "trick, the deal ends and the catcher gets 4 eyes (times a waiting egg multiplier). Eggs double "
            "the next deal, each further egg doubles again. Lyusya, as the table chooses: the match is won, or"
            " the loser's eyes go to 0."
        ),
    },
    "solo-twelve": {
        "intro": _(
            "Kozel without partners, for two, three or four players: each keeps his own tricks. Everyone "
            "starts with 12 marks; whoever takes 61 card points or more in a deal takes marks from the "
            "others, and the first to run out of marks is the goat."
        ),
        "trumps": _(
            "The trump suit is the suit of a card turned up after the deal and holds for the whole deal (the "
            "ladder above shows clubs). The four jacks stand above it; the other queens are plain cards."
        ),
        "leading": _(
            "The player after the dealer, clockwise, leads the first trick; then whoever took the last trick "
            "leads. Follow the led suit; without it, play any card: nobody has to trump."
        ),
        "transfers": _(
            "After the deal each player counts his own card points. A player with 61 or more takes 2 marks "
            "from every other player, but only 1 from the dealer; a dealer who takes 61 takes 2 from everyone."
            " With three or four players nobody may reach 61: then the deal is void and no marks move. Marks "
            "only change hands, so together the players always hold 12 each."
        ),
        "scoring_notes": _(
            "A player whose marks fall to 0 or below is the goat, and the match ends there; the player with "
            "the most marks wins it."
        ),
        "two_against_one": _(
            "With three players the table may play with the queen of spades. Whoever is dealt Q♠ plays alone "
            "and names the trump suit before the first lead: the ladder is then the four jacks and that suit. "
            "Q♠ itself is only a spade: a trump when spades are named, a plain card otherwise. If Q♠ is "
            "among the two cards dealt to nobody, nobody plays alone. The other two play together for the "
            "tricks, but each of the three still counts only his own card points and takes or gives marks "
            "as above."
        ),
    },
}


def variant_text(key: str, part: str) -> str:
    t = VARIANT_TEXT.get(key, {}).get(part)
    return str(t) if t else ""


def blind_text(rs: Ruleset) -> list[str]:
    """«Игра со слепым» on a four-seat sheet: what the blind seat does in this variant."""
    out = [
        str(
            _(
                "Three people can play this game: one seat stays empty, «the blind». Its hand is dealt face "
                "down like any other, and its partner, the player opposite, plays its cards too, in the blind "
                "seat's turn, without looking; nobody else sees them either."
            )
        ),
        str(
            _(
                "So nobody can hold the blind seat to following suit or to trumping: the referee allows every "
                "card it plays."
            )
        ),
    ]
    if rs.capture is not None:
        out.append(
            str(
                _(
                    "Its cards still take tricks and count card points for its side, and can catch or lose "
                    "the queen of clubs. The score is this game's own; the blind scores with its partner."
                )
            )
        )
    else:
        out.append(
            str(
                _(
                    "Its cards still take tricks and count card points for its side. The score is this game's"
                    " own; the blind scores with its partner."
                )
            )
        )
    out.append(
        str(
            _(
                "Two people can play as well: each has a blind partner, so two seats of different teams stay "
                "empty, each played by the player opposite it. Three blind seats, one person and three unseen "
                "hands, is the old texts' own joke; the app does not offer it."
            )
        )
    )
    out.append(
        str(
            _(
                "Choose the empty seats in the options («Blind partners»); the scorekeeper then asks for three "
                "or two names and shows those seats as «blind»."
            )
        )
    )
    return out


# ------------------------------------------------------------------ scoring tables

SCORING_TABLES: dict[str, list[tuple[StrPromise, StrPromise]]] = {
    "pairs": [
        (_("61-89, the losers keep spas (31+)"), _("+1 pair")),
        (_("90+, the losers took at least one trick"), _("+2 pairs")),
        (_("Lyusya: every trick"), _("the losers' sixes back to 0")),
        (_("Lyusya in the match's first hand (option)"), _("«dry goat»: the match is won")),
        (_("60:60, eggs"), _("nobody moves; +1 pair waits for the next winner")),
        (_("Third redeal"), _("+1 pair to the non-dealing team")),
        (_("Cheating or a false accusation"), _("+2 pairs to the wronged team")),
        (_("Target"), _("6 pairs win")),
    ],
    "penalty": [
        (_("The losers have 31+"), _("2 marks to the losers")),
        (_("The losers have 30 or fewer (Lyusya too)"), _("4 marks")),
        (_("No trick at all (option)"), _("6 marks")),
        (_("60:60, eggs"), _("none; with the option the next hand counts double")),
        (_("Third redeal"), _("2 marks to the dealing team")),
        (_("Cheating or a false accusation"), _("4 marks to the team at fault")),
        (_("Target"), _("12 marks lose")),
    ],
    "series": [
        (_("61-89"), _("+2 to the winners")),
        (_("90-119"), _("+4")),
        (_("120 without all 8 tricks"), _("+6")),
        (_("All 8 tricks"), _("the opponents go to 0; already 0 — they lose the series; at 0:0 — +6")),
        (_("7♣ catches the opponents' Q♣"), _("+4, in hand 1 — 12 and the series")),
        (_("60:60, eggs"), _("0; a +2 bonus for the next card-points award")),
        (_("Target"), _("12 or more wins")),
    ],
    "eyes-hvalyony": [
        (_("61-89"), _("2 eyes")),
        (_("90 or more"), _("4 eyes")),
        (_("6♣ catches the opponents' Q♣"), _("4 eyes, the hand ends")),
        (_("60:60, eggs"), _("next hand ×2, then ×4, ×8…")),
        (_("Lyusya"), _("as chosen: the match or a reset")),
        (_("Target"), _("12 eyes")),
    ],
    "eyes-belka": [
        (_("The obyaz team wins: 61-90 / 91-119 / 120"), _("1 / 2 / 3 eyes")),
        (_("The other team wins: 61-90 / 91-119 / 120"), _("2 / 3 / 3 eyes")),
        (_("60:60, eggs"), _("next hand ×2, then ×4, ×8…")),
        (_("Lyusya"), _("as chosen: the match or a reset")),
        (_("Target"), _("12 eyes")),
    ],
    "marks": [
        (_("At the start"), _("12 marks each")),
        (_("61 or more card points"), _("2 marks from every other player, 1 from the dealer")),
        (_("The dealer takes 61 or more"), _("2 marks from every other player")),
        (_("Nobody has 61"), _("a void deal: no marks move")),
        (_("A player at 0 marks or below"), _("the goat: the match ends, the most marks win")),
    ],
}


DRY_GOAT_ROW = SCORING_TABLES["pairs"][3]


def scoring_rows(system: str, options: Mapping[str, object] | None = None) -> list[tuple[str, str]]:
    """The scoring table of a system; the dry-goat row only where that option is on."""
    rows = SCORING_TABLES.get(system, [])
    if system == "pairs" and not (options or {}).get("dry_goat_first_hand"):
        rows = [r for r in rows if r is not DRY_GOAT_ROW]
    return [(str(a), str(b)) for a, b in rows]


# ------------------------------------------------------------------ decisions

# Readings this app chose (the referee's and the rule sheets'), in plain words; "scope" lists the
# variant keys a reading applies to. The engine's own readings come from decisions_for().
RULES_DECISIONS: list[dict[str, Any]] = [
    {
        "scope": ("classic-sixes", "draw-four"),
        "when": lambda rs: rs.scoring == "pairs",  # draw-four counts pairs only by option
        "text": _(
            "The egg pot grows by one per egg hand in a row and goes whole to the winners of the next "
            "hand with a winner, a penalty hand included."
        ),
    },
    {
        "scope": ("voon-series",),
        "text": _(
            "Only one eggs bonus, even after several eggs in a row; a queen capture or all 8 tricks cancel "
            "it (the rule set's own choice)."
        ),
    },
    {
        "scope": ("yc-hvalyony", "yc-belka"),
        "text": _(
            "The eggs multiplier goes ×2, ×4, ×8…; a hand with a winner resets it to ×1. Lyusya «reset»: the"
            " losers go to 0 and the winners get their ordinary award."
        ),
    },
    {
        "scope": ("draw-four",),
        "text": _(
            "Unless another trump suit is named, clubs are trumps; the default score is penalty goats. Each "
            "score brings its own options: with penalty goats the six marks for no trick and the doubling "
            "after eggs (both off), with pairs the «dry goat» in the first hand (on)."
        ),
    },
    {
        "scope": ("classic-sixes",),
        "text": _(
            "Ace discard ban (option): an ace of a suit not yet led may not be discarded while the player "
            "holds any other card he may play."
        ),
    },
    {
        "scope": ("voon-series",),
        "text": _(
            "The first trick of the first hand is led with the ace of diamonds by its holder; the referee "
            "asks who held it when that is not known."
        ),
    },
    {
        "scope": ("draw-four",),
        "text": _(
            "There is no duty to follow when answering: whoever cannot take over gives up as many cards, any"
            " ones."
        ),
    },
    {
        "scope": "*",
        "text": _(
            "The referee judges a card against what the player held. Without the hand it answers «depends» "
            "and asks only what it needs (for example, whether hearts were held)."
        ),
    },
    {
        "scope": ("classic-sixes", "penalty-goats", "voon-series", "yc-hvalyony", "yc-belka", "draw-four"),
        "text": _(
            "On screen the seats are players 1-4 clockwise; 1 and 3 are partners, 2 and 4 are partners. With "
            "blind partners each empty seat is shown as «blind»; a match's players appear by name."
        ),
    },
    {
        "scope": ("yc-duel", "solo-twelve"),
        "text": _(
            "On screen the seats are players 1, 2 and on, clockwise, each a side of his own; a match's players "
            "appear by name."
        ),
    },
    {
        "scope": "*",
        "text": _(
            "The deal review goes on after a violation: the first one is marked, points and tricks are shown"
            " as played; what follows is the players' call."
        ),
    },
]


def decisions(key: str, options: dict | None = None, seats: int | None = None) -> list[str]:
    """Every reading that applies to a variant at a table of ``seats`` (None: the largest), in
    plain words, in the page's language."""
    rs = resolve(key, options, seats=seats)
    out = [
        str(d["text"])
        for d in RULES_DECISIONS
        if (d["scope"] == "*" or key in d["scope"]) and d.get("when", lambda _rs: True)(rs)
    ]
    out += [gettext(DECISIONS[code]) for code in decisions_for(key, options, seats=seats)]
    return out


# ------------------------------------------------------------------ glossary

GLOSSARY: list[tuple[StrPromise, StrPromise]] = [
    (
        _("Trick (взятка)"),
        _(
            "One card from each player at the table (two, three or four cards). The highest trump takes it, "
            "or without trumps the highest card of the led suit; its points go to the winner's side."
        ),
    ),
    (
        _("Side (сторона)"),
        _("Whoever scores together: a team of two partners, or one player where everyone plays for himself."),
    ),
    (
        _("Hand (кон, сдача)"),
        _(
            "One deal played from the first trick to the last. After it the card points are counted and the "
            "match score is written."
        ),
    ),
    (_("Lead (заход)"), _("The first card of a trick, played by whoever took the previous trick.")),
    (
        _("Trump (козырь)"),
        _(
            "A card on the variant's fixed trump ladder. A trump belongs to no printed suit: a trump queen "
            "of spades is not a spade."
        ),
    ),
    (
        _("Plain card (простушка)"),
        _(
            "Any card that is not a trump. In a plain suit the order is ace, ten, king, (queen, jack,) nine "
            "and down."
        ),
    ),
    (
        _("Shamok, kocherga, kryuk"),
        _(
            "Nicknames of the seven of clubs, the top trump in the classic game, penalty goats, the series "
            "and the four-card game."
        ),
    ),
    (
        _("Spas (спас)"),
        _(
            "31 or more card points for the losing team. With spas the loss is single: in the classic game "
            "the winners move one pair, in penalty goats the losers take 2 marks, not 4."
        ),
    ),
    (
        _("Eggs (яйца)"),
        _(
            "A 60:60 hand: nobody wins it. What follows depends on the variant: an «egg pair», a +2 bonus, "
            "or a doubled next hand."
        ),
    ),
    (
        _("Lyusya (Люся)"),
        _(
            "One team took every trick. Tricks count, not 120 points: a trick of nines and eights is worth 0"
            " but is still a trick."
        ),
    ),
    (
        _("Obyaz (обяз)"),
        _(
            "In the YellowClub games, the team of the player holding the jack of clubs. In Belka the obyaz "
            "team earns fewer eyes for a win; in Hvalyony obyaz only decides the first lead."
        ),
    ),
    (
        _("Khvalyonka (хвалёнка)"),
        _(
            "A special deal the first leader may call in the classic game (and in penalty goats, as an "
            "option): trousers, double trousers, mirror and others. It changes how cards are dealt, not the "
            "score."
        ),
    ),
    (
        _("Pair (on the sixes)"),
        _("The classic unit of score: one row of two pips on a six used as a score board. Six pairs win."),
    ),
    (
        _("Eyes (глаза)"),
        _("Match points in the YellowClub games, scored by the winners of each hand; the match goes to 12."),
    ),
    (
        _("Goats (козлы)"),
        _(
            "The losers of a match; «with eggs», «with tails» or «dry» depending on how they lost. In the "
            "penalty score the marks themselves are also called «goats»."
        ),
    ),
    (
        _("Revoke (ренонс)"),
        _(
            "Not following suit (or not answering a trump lead with a trump) while able to. The referee "
            "marks such a card as not allowed."
        ),
    ),
    (
        _("Queen capture"),
        _(
            "In the series (7♣) and in Hvalyony (6♣): the catching card and the opponents' queen of clubs in"
            " one trick end the hand."
        ),
    ),
    (
        _("Blind (слепой)"),
        _(
            "A four-player game played by three (or by two, with two blind seats): an empty seat. Its partner "
            "plays its cards face down in its turn; nobody sees them, so any card of the blind is allowed."
        ),
    ),
    (
        _("Prikup (прикуп)"),
        _(
            "In the one-on-one game, the part of the deck not dealt at first; it is dealt once the first "
            "cards are played out."
        ),
    ),
    (
        _("Marks (палочки)"),
        _(
            "In «each for himself», the 12 marks every player starts with. A player with 61 card points takes "
            "them from the others; whoever runs out is the goat."
        ),
    ),
    (
        _("Two against one"),
        _(
            "«Each for himself» at three with the queen of spades: its holder plays alone and names trumps; the"
            " other two play together for the tricks, but each counts his own points."
        ),
    ),
    (
        _("Redeal (пересдача)"),
        _(
            "The right to ask for a new deal with a weak hand; each variant has its own condition — check a "
            "hand on the «Check a hand» page."
        ),
    ),
]


def glossary() -> list[tuple[str, str]]:
    return [(str(term), str(text)) for term, text in GLOSSARY]


# ------------------------------------------------------------------ common disputes

DISPUTES: list[dict[str, Any]] = [
    {
        "id": "queen-of-spades",
        "question": _("«He had no right to put the queen of spades on a spade lead!»"),
        "hint": _("9♠ is led; player 2 holds Q♠ and 8♠ and plays Q♠."),
    },
    {
        "id": "other-ace",
        "question": _("«An ace is higher — why isn't the trick mine?»"),
        "hint": _("K♥, 10♥, 8♥ and the ace of spades, no trump."),
    },
    {
        "id": "must-trump",
        "question": _("«No hearts — did he have to trump?»"),
        "hint": _("9♥ is led; player 2 has no hearts but holds J♦, and discards 8♠."),
    },
    {
        "id": "trump-lead",
        "question": _("«You can't lead a trump!»"),
        "hint": _("Hand 2, player 2 made the hand's first lead; player 1 leads Q♠ while holding a plain 8♥."),
    },
    {
        "id": "points-92",
        "question": _("«What do we get for 92?»"),
        "hint": _("A 92:28 hand, the losers took at least one trick (in Belka the winners are on obyaz)."),
    },
    {
        "id": "eggs",
        "question": _("«60:60 — now what?»"),
        "hint": _("A 60:60 hand, then a 75:45 one."),
    },
    {
        "id": "capture",
        "question": _("«Is the queen of clubs caught?»"),
        "hint": _("Player 1's catching card and player 2's queen of clubs fall in one trick."),
    },
]
