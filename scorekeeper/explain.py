"""Short lines for the engine's codes, in the player's language (ARCHITECTURE.md: explanations are data).

The engine gives a hand's notes as codes with parameters (``rules.engine.scoring.NOTE_CODES``)
and record errors as codes (``ERROR_CODES``); this module turns them into the lines a table
reads: «72:48 · спас → +1», «Люся: Чёрные сброшены на 0». Every code has a line; an unknown code
comes back as itself rather than failing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from rules.counting import count
from rules.engine.cards import Card
from rules.messages import MESSAGES, card_text, describe


def team_label(team_names: Sequence[str], team: object) -> str:
    if isinstance(team, int) and not isinstance(team, bool) and 0 <= team < len(team_names):
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


# The line of each note, by code and, where the params decide, by shape («eggs» with a pot, a
# factor or a bonus). gettext_noop only marks them for makemessages; note_line translates the one it needs.
_NOTE_MSGIDS: dict[str, str] = {
    "spas": gettext_noop("spas → %(amount)s"),
    "no_spas": gettext_noop("no spas → %(amount)s"),
    "all_points": gettext_noop("all 120 points → %(amount)s"),
    "obyaz_win": gettext_noop("obyaz team won (%(band)s) → %(amount)s"),
    "obyaz_beaten": gettext_noop("obyaz team beaten (%(band)s) → %(amount)s"),
    "eggs/pot": gettext_noop("eggs! %(pot)s in the egg pot"),
    "eggs/factor": gettext_noop("eggs! the next hand counts ×%(factor)s"),
    "eggs/bonus": gettext_noop("eggs! +%(bonus)s waits for the next win"),
    "eggs": gettext_noop("eggs: nobody scores"),
    "egg_bonus": gettext_noop("+%(amount)s for the eggs"),
    "egg_bonus_cancelled": gettext_noop("the egg bonus (+%(amount)s) is gone"),
    "egg_multiplier": gettext_noop("after eggs ×%(factor)s"),
    "lyusya": gettext_noop("Lyusya: every trick"),
    "lyusya/team": gettext_noop("Lyusya: %(team)s took every trick"),
    "reset": gettext_noop("%(team)s back to 0 (had %(previous)s)"),
    "sweep_at_zero": gettext_noop("every trick at 0:0 → %(amount)s"),
    "series_lost": gettext_noop("%(team)s had 0: they lose the series"),
    "dry_goat": gettext_noop("Lyusya in the first hand: dry goat!"),
    "queen_capture/first_hand": gettext_noop("%(team)s caught the queen in the first hand → %(amount)s"),
    "queen_capture": gettext_noop("%(team)s caught the queen → %(amount)s"),
    "shutout": gettext_noop("not a single trick → %(amount)s"),
    "penalty/amount": gettext_noop("penalty: %(kind)s, %(against)s at fault → %(amount)s"),
    "penalty": gettext_noop("penalty: %(kind)s against %(against)s"),
    "instant_win": gettext_noop("%(team)s win the match at once"),
    "match_won": gettext_noop("%(team)s win the match"),
    # a side of one player (the duel, each for himself)
    "instant_win/one": gettext_noop("%(team)s wins the match at once"),
    "match_won/one": gettext_noop("%(team)s wins the match"),
    "void": gettext_noop("nobody reached 61: no marks move"),
    "marks_taken": gettext_noop("%(team)s took %(marks)s"),
    "revoke": gettext_noop("revoke by %(team)s: %(points)s to the other team"),
}
_PLAIN = frozenset(k for k, v in _NOTE_MSGIDS.items() if "%(" not in v)  # printed as they are


# Notes whose «→ amount» is what the hand scored in the match's own unit («без спаса → 2 пары»).
_AWARDS = frozenset(
    {
        "spas",
        "no_spas",
        "all_points",
        "obyaz_win",
        "obyaz_beaten",
        "sweep_at_zero",
        "queen_capture",
        "queen_capture/first_hand",
        "shutout",
        "penalty/amount",
    }
)


def note_line(
    code: str,
    params: Mapping[str, Any],
    team_names: Sequence[str],
    *,
    one_seat: bool = False,
    unit: str | None = None,
) -> str:
    """One engine note as a short line (``one_seat``: each side is one player; ``unit``: the
    word the match scores in, from :data:`rules.counting.UNITS`, so an award reads «→ 2 пары»
    rather than a bare «→ 2»)."""
    p = _Safe(params)
    if "team" in p:
        p["team"] = team_label(team_names, p["team"])
    if "against" in p:
        p["against"] = team_label(team_names, p["against"])
    if "kind" in p:
        p["kind"] = penalty_name(str(p["kind"]))
    if code == "card_points":  # series and eyes: the band and the award in the system's own unit
        unit = {"series": "series_point", "eyes": "eye"}.get(str(p["unit"]), "point")
        band = str(p["band"]).replace("-", "–")
        return _("%(band)s card points → %(award)s") % {"band": band, "award": count(int(p["amount"]), unit)}
    if code == "marks_taken" and "amount" in p:
        p["marks"] = count(int(p["amount"]), "mark")
    if code == "revoke" and "amount" in p:
        p["points"] = count(int(p["amount"]), "point")
    key = code
    if code == "eggs":
        key = next((f"eggs/{k}" for k in ("pot", "factor", "bonus") if k in p), "eggs")
    elif code == "lyusya" and "team" in p:
        key = "lyusya/team"
    elif code == "queen_capture" and p.get("first_hand"):
        key = "queen_capture/first_hand"
    elif code == "penalty" and "amount" in p:
        key = "penalty/amount"
    elif one_seat and code in ("match_won", "instant_win"):
        key = f"{code}/one"
    if "band" in p:
        p["band"] = str(p["band"]).replace("-", "–")
    if unit and key in _AWARDS and isinstance(params.get("amount"), int):
        p["amount"] = count(int(params["amount"]), unit)
    msgid = _NOTE_MSGIDS.get(key)
    if msgid is None:
        return code
    fmt = _(msgid)
    return fmt if key in _PLAIN else fmt % p


def pending_line(key: str, value: int) -> str:
    match key:
        case "egg_pot":
            return _("egg pot: +%(n)s to the next winners") % {"n": value}
        case "bonus":
            return _("egg bonus: +%(n)s to the next award") % {"n": value}
        case "multiplier":
            return _("after eggs: the next hand ×%(n)s") % {"n": value}
    return f"{key}: {value}"


def lead_line(rule: str, leader: str | None, team: str | None, lowest: Card | None) -> str:
    """How the first lead of the next hand is decided (``NextDeal.rule``)."""
    if leader and rule in ("rotates", "dealer", "ad_holder", "lowest_trump_holder", "left_of_dealer"):
        return _("%(seat)s leads") % {"seat": leader}
    match rule:
        case "lowest_trump_holder":
            card = card_text(lowest) if lowest else "?"
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
            return _("the holder of the jack of clubs leads")
        case "dealer":
            return _("the dealer leads")
        case "left_of_dealer":
            return _("the player after the dealer leads")
    return rule


def rotation_line(leader: str | None, *, stays: bool) -> str:
    """The series' first lead (voon-series#leading): it moves one seat clockwise after a hand with
    a winner and stays after eggs; the line says which, and names the player when known."""
    if stays:
        if leader:
            return _("%(seat)s leads again: after eggs the lead stays") % {"seat": leader}
        return _("the same player leads again: after eggs the lead stays")
    if leader:
        return _("%(seat)s leads: the lead moved one seat clockwise") % {"seat": leader}
    return _("the lead moves one seat clockwise")


def error_message(code: str) -> str:
    """The engine's record error in the player's words (shared with the referee and the API)."""
    return describe(code if code in MESSAGES else "bad_record")
