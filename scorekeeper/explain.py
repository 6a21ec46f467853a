"""Short lines for the engine's codes, in the player's language (STYLE.md: explanations are data).

The engine gives a hand's notes as codes with parameters (``rules.engine.scoring.NOTE_CODES``)
and record errors as codes (``ERROR_CODES``); this module turns them into the lines a table
reads: «72:48 · спас → +1», «Люся: Чёрные сброшены на 0». Every code has a line; an unknown code
comes back as itself rather than failing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.engine.cards import Card
from rules.messages import MESSAGES, describe


def team_label(team_names: Sequence[str], team: object) -> str:
    if isinstance(team, int) and team in (0, 1) and len(team_names) == 2:
        return team_names[team]
    return str(team)


PENALTY_NAMES = {
    "misdeal": gettext_lazy("third misdeal"),
    "cheating": gettext_lazy("cheating"),
    "false_accusation": gettext_lazy("false accusation"),
    "royal_goat": gettext_lazy("royal goat (four aces)"),
}


def penalty_name(kind: str) -> str:
    return str(PENALTY_NAMES.get(kind, kind))


class _Safe(dict):
    """A missing parameter shows as «…» rather than failing the whole board."""

    def __missing__(self, key: str) -> str:
        return "…"


def note_line(code: str, params: Mapping[str, Any], team_names: Sequence[str]) -> str:
    """One engine note as a short line."""
    p = _Safe(params)
    if "team" in p:
        p["team"] = team_label(team_names, p["team"])
    if "against" in p:
        p["against"] = team_label(team_names, p["against"])
    if "kind" in p:
        p["kind"] = penalty_name(str(p["kind"]))
    match code:
        case "spas":
            return _("spas → %(amount)s") % p
        case "no_spas":
            return _("no spas → %(amount)s") % p
        case "all_points":
            return _("all 120 points → %(amount)s") % p
        case "obyaz_win":
            return _("obyaz team won (%(band)s) → %(amount)s") % p
        case "obyaz_beaten":
            return _("obyaz team beaten (%(band)s) → %(amount)s") % p
        case "eggs":
            if "pot" in p:
                return _("eggs! %(pot)s in the egg pot") % p
            if "factor" in p:
                return _("eggs! the next hand counts ×%(factor)s") % p
            if "bonus" in p:
                return _("eggs! +%(bonus)s waits for the next win") % p
            return _("eggs: nobody scores")
        case "egg_bonus":
            return _("+%(amount)s for the eggs") % p
        case "egg_bonus_cancelled":
            return _("the egg bonus (+%(amount)s) is gone") % p
        case "egg_multiplier":
            return _("after eggs ×%(factor)s") % p
        case "lyusya":
            return _("Lyusya: every trick")
        case "reset":
            return _("%(team)s back to 0 (had %(previous)s)") % p
        case "sweep_at_zero":
            return _("every trick at 0:0 → %(amount)s") % p
        case "series_lost":
            return _("%(team)s had 0: they lose the series") % p
        case "dry_goat":
            return _("Lyusya in the first hand: dry goat!")
        case "queen_capture":
            if p.get("first_hand"):
                return _("%(team)s caught the queen in the first hand → %(amount)s") % p
            return _("%(team)s caught the queen → %(amount)s") % p
        case "shutout":
            return _("not a single trick → %(amount)s") % p
        case "penalty":
            if "amount" in p:
                return _("penalty: %(kind)s, %(against)s at fault → %(amount)s") % p
            return _("penalty: %(kind)s against %(against)s") % p
        case "instant_win":
            return _("%(team)s win the match at once") % p
        case "match_won":
            return _("%(team)s win the match") % p
    return code


TITLE_ORDER = ("dry", "goats", "with_eggs", "with_tails")


def title_line(titles: Sequence[str]) -> str:
    """The losers' full title: «сухие козлы с яйцами с хвостами»."""
    words = {
        "dry": _("dry"),
        "goats": _("goats"),
        "with_eggs": _("with eggs"),
        "with_tails": _("with tails"),
    }
    return " ".join(str(words.get(t, t)) for t in TITLE_ORDER if t in titles)


def pending_line(key: str, value: int) -> str:
    match key:
        case "egg_pot":
            return _("egg pot: +%(n)s to the next winners") % {"n": value}
        case "bonus":
            return _("egg bonus: +%(n)s to the next award") % {"n": value}
        case "multiplier":
            return _("after eggs: the next hand ×%(n)s") % {"n": value}
    return f"{key}: {value}"


def lead_line(rule: str, leader: str | None, team: str | None, lowest: Card | None, lang: str) -> str:
    """How the first lead of the next hand is decided (``NextDeal.rule``)."""
    if leader and rule in ("rotates", "dealer", "ad_holder", "lowest_trump_holder"):
        return _("%(seat)s leads") % {"seat": leader}
    match rule:
        case "lowest_trump_holder":
            card = lowest.display(lang) if lowest else "?"
            return _("the holder of the lowest trump (%(card)s) leads") % {"card": card}
        case "winners_choose":
            return _("%(team)s choose who leads") % {"team": team}
        case "ad_holder":
            return _("the holder of the ace of diamonds leads it")
        case "rotates":
            return _("the lead moves one seat clockwise")
        case "by_agreement":
            return _("the first lead by agreement")
        case "jc_holder":
            return _("the holder of the jack of clubs (obyaz) decides")
        case "dealer":
            return _("the dealer leads")
    return rule


def error_message(code: str) -> str:
    """The engine's record error in the player's words (shared with the referee and the API)."""
    return describe(code if code in MESSAGES else "bad_record")
