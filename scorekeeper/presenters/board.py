"""What the board shows: a match's board (``selectors.board.Board``, data) in words and figures,
as the pages and their templates read it."""

from __future__ import annotations

import json
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from rules.counting import count, score_count
from rules.engine import Fold, NextDeal
from rules.engine.cards import SUIT_SYMBOLS
from rules.engine.variants import Ruleset
from rules.messages import names_joined, side_with_players, title_line

from .. import chart as chart_mod
from .. import explain
from ..models import Match
from ..names import shown_names
from ..selectors.board import Board, ShownLine
from . import banner


class BoardPage:
    """A :class:`~scorekeeper.selectors.board.Board` as the pages show it: its data as the
    templates read it (``board.state``, ``board.rows`` …) and its words and figures."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.match: Match = board.match
        self.ruleset: Ruleset = board.ruleset
        self.state: Fold = board.state
        self.version = board.version
        self.next: NextDeal | None = board.next
        self.broken = board.broken
        self.count = board.count

    @property
    def rows(self) -> list[ShownLine]:
        return self.board.rows

    @property
    def chart_points(self) -> list[tuple[int, tuple[int, ...]]]:
        return self.board.chart_points

    @property
    def tally(self) -> tuple[int, ...]:
        """Matches won in the series by each side."""
        return self.board.series.tally if self.board.series else (0, 0)

    @property
    def series_played(self) -> int:
        return self.board.series.played if self.board.series else 0

    @property
    def series_results(self) -> list[dict[str, Any]]:
        return self.board.series.results if self.board.series else []

    @property
    def more(self) -> int:
        """Hands not on this page (the «all hands» link loads them)."""
        return self.count - len(self.rows) if self.rows or self.count else 0

    @property
    def team_names(self) -> list[str]:
        """Each side's name as shown: a default the players did not type in the reader's language."""
        return shown_names(self.match.team_names)

    @property
    def target(self) -> int:
        return self.ruleset.target

    @property
    def scoring(self) -> str:
        return self.ruleset.scoring

    @property
    def title(self) -> str:
        return title_line(self.state.titles)

    @property
    def winner_name(self) -> str:
        w = self.state.winner
        return self.team_names[w] if w is not None else ""

    @property
    def loser_name(self) -> str:
        lo = self.state.loser
        return self.team_names[lo] if lo is not None else ""

    def side_players(self, side: int) -> list[str]:
        """Who plays for a side where the match names its players (a seat nobody named by its
        number, the blind seat as blind); none where no player is named, or where each side is
        one player and its name is the player's."""
        if self.one_seat or not self.named_players:
            return []
        return [self.seat_name(s) for s in self.ruleset.sides[side]]

    def side_label(self, side: int) -> str:
        """«Чёрные (Борис и Гоша)»: the side's name and, where named, its players."""
        return side_with_players(self.team_names[side], self.side_players(side))

    @property
    def winner_label(self) -> str:
        w = self.state.winner
        return self.side_label(w) if w is not None else ""

    @property
    def loser_label(self) -> str:
        lo = self.state.loser
        return self.side_label(lo) if lo is not None else ""

    def _chart_points(self) -> list[tuple[int, tuple[int, ...]]]:
        """(hand number, score after it) for each hand the chart draws."""
        return self.chart_points

    @property
    def chart(self) -> chart_mod.Chart | None:
        """The score after each hand as a small SVG line chart (none before the first hand)."""
        points = self._chart_points()
        if not points:
            return None
        sides = len(self.ruleset.sides)
        scores = [tuple(p[1][:sides]) for p in points]  # one line per side
        start = (self.ruleset.start_score,) * sides
        return chart_mod.build(scores, self.target, [p[0] for p in points], start)

    @property
    def chart_keys(self) -> list[dict[str, Any]]:
        """The chart's key: each side's name beside the shape its dots are drawn with."""
        return [
            {"side": side, "symbol": chart_mod.SYMBOLS[side], "name": name}
            for side, name in enumerate(self.team_names[: len(self.ruleset.sides)])
        ]

    @property
    def one_seat(self) -> bool:
        """Each side is one player (the duel, each for himself): names are people, not teams."""
        return self.ruleset.variant.build_for is not None

    @property
    def final_score(self) -> str:
        return ":".join(str(x) for x in self.state.score)

    @property
    def tally_text(self) -> str:
        """Matches won in the series, by each of three or four players: «Аня 1 · Боря 0 · Вера 2»."""
        return " · ".join(f"{name} {n}" for name, n in zip(self.team_names, self.tally, strict=False))

    @property
    def marks(self) -> list[dict[str, Any]]:
        """solo-twelve (docs/tables.md#each-for-himself): each player's marks, most first; at the end the goat
        (0 or below) is marked, the winner too."""
        score = self.state.score
        done = self.state.finished
        rows = []
        for side, name in enumerate(self.team_names):
            n = score[side]
            rows.append(
                {
                    "side": side,
                    "name": name,
                    "marks": n,
                    "pips": [i < n for i in range(12)],  # the number beside says how many past 12
                    "goat": done and side == self.state.loser,
                    "winner": done and side == self.state.winner,
                    "deals": self.next is not None and self.next.dealer == side,
                    "label": count(n, "mark"),
                }
            )
        return rows

    @property
    def trump_text(self) -> str:
        """What is trumps in the next deal where it changes (the duel, Belka)."""
        return banner.trumps(self, self.next) if self.next else ""

    @property
    def chart_caption(self) -> str:
        if self.ruleset.start_score:  # solo-twelve: the marks fall from 12; at 0 a player is the goat
            return _("at 0 marks a player is the goat")
        if self.scoring == "penalty":
            return _("%(goats)s lose") % {"goats": count(self.target, "goat")}
        return _("the first to %(score)s wins") % {"score": score_count(self.target, self.scoring)}

    @property
    def goats_line(self) -> str:
        return _("Goats against: %(goats)s lose the match.") % {"goats": count(self.target, "goat")}

    @property
    def chart_text(self) -> str:
        """The chart's text alternative: every score it draws, in order."""
        names = self.team_names
        start = self.ruleset.start_score
        parts = []
        for team in range(len(self.ruleset.sides)):
            values = ", ".join(str(score[team]) for _n, score in self._chart_points())
            parts.append(f"{names[team]}: {start}, {values}")
        return _("Score after each hand. %(lines)s. %(goal)s.") % {
            "lines": "; ".join(parts),
            "goal": capfirst(self.chart_caption),
        }

    @property
    def announce(self) -> str:
        """What a screen reader says after each change: the score, and the winners at the end."""
        names, score = self.team_names, self.state.score
        if len(score) == 2:
            line = _("Score: %(a)s %(x)s, %(b)s %(y)s.") % {
                "a": names[0],
                "x": score[0],
                "b": names[1],
                "y": score[1],
            }
        else:
            line = _("Marks: %(list)s.") % {
                "list": ", ".join(f"{n} {x}" for n, x in zip(names, score, strict=False))
            }
        if self.state.finished and self.state.winner is not None:
            if self.one_seat:
                line += " " + _("%(team)s wins the match.") % {"team": self.winner_name}
            else:
                line += " " + _("%(team)s win the match.") % {"team": self.winner_label}
        return line

    @property
    def pending(self) -> list[str]:
        return [explain.pending_line(k, int(v)) for k, v in self.state.pending.items()]

    def seat_name(self, seat: int) -> str:
        if seat in self.ruleset.blind_seats:
            return _("blind")
        if self.one_seat:  # each side is one player: the side's name is the player's
            return self.team_names[
                self.ruleset.side_of(seat)
            ]  # three play: nobody sits here (docs/tables.md#blind-seat)
        names = self.match.player_names or []
        name = names[seat] if seat < len(names) and names[seat] else ""
        return name or _("seat %(n)s") % {"n": seat + 1}

    @property
    def seats(self) -> list[dict[str, Any]]:
        rs = self.ruleset
        return [{"seat": s, "name": self.seat_name(s), "team": rs.side_of(s)} for s in range(rs.seats)]

    @property
    def overshoot(self) -> str:
        """After the target: the final hand may carry a team past it (7 pairs of 6, 18 of 12);
        say so as a note instead of printing «7/6»."""
        if not self.state.finished or len(self.state.score) != 2 or self.scoring == "marks":
            return ""
        over = [max(0, s - self.target) for s in self.state.score]
        team = 0 if over[0] >= over[1] else 1
        if not over[team]:
            return ""
        return _("The target is %(target)s; the last hand took %(team)s to %(score)s, %(n)s past it.") % {
            "target": self.target,
            "team": self.team_names[team],
            "score": self.state.score[team],
            "n": over[team],
        }

    @property
    def first_leader(self) -> int | None:
        """The seat that led hand 1: given when the match was started, else the one hand 1's
        record names (voon, Belka), else None."""
        given = self.match.first_leader
        return given if given is not None else self.state.first_leader

    @property
    def first_lead_card(self) -> str | None:
        """Where hand 1's form asks who held the card whose holder leads it (voon's ace of
        diamonds, Belka's jack of clubs): a match started without its first leader."""
        return self.ruleset.first_lead_card if self.match.first_leader is None else None

    @property
    def asks_first_leader(self) -> bool:
        """The entry form is hand 1's, and asks who held that card."""
        return self.first_lead_card is not None and self.next is not None and self.next.hand_number == 1

    @property
    def dealing_team(self) -> int | None:
        """The team of the next hand's dealer: a misdeal is always against it."""
        return self.ruleset.side_of(self.next.dealer) if self.next else None

    @property
    def named_players(self) -> bool:
        return any(self.match.player_names or [])

    def team_players(self, team: int) -> str:
        """«Аня и Вера»: the seats of a team, by name (by seat number where none was given)."""
        return names_joined([self.seat_name(s) for s in self.ruleset.sides[team]])

    @property
    def teams_line(self) -> list[dict[str, Any]]:
        return [
            {"team": t, "name": self.team_names[t], "players": self.team_players(t)}
            for t in range(len(self.ruleset.sides))
        ]

    @property
    def dealer_name(self) -> str:
        """Who deals the next hand (the blind seat's partner in its turn: docs/tables.md#blind-seat)."""
        return banner.dealer_name(self, self.next.dealer) if self.next else ""

    @property
    def latest_was_eggs(self) -> bool:
        """The latest hand had no winner (its line, the newest shown)."""
        return bool(self.rows) and self.rows[0].winner is None

    @property
    def lead_text(self) -> str:
        return banner.lead(self, self.next) if self.next else ""

    @property
    def banner(self) -> dict[str, Any]:
        """The next deal's banner in pieces (:mod:`.banner`)."""
        return banner.parts(self, self.next) if self.next else {}

    @property
    def deals_ahead(self) -> list[dict[str, Any]]:
        """The banners of the deals after hands the phone keeps unsent (the outbox shows them)."""
        return banner.deals_ahead_data(self)

    @property
    def kept_players_json(self) -> str:
        """Each side's players as typed (none unnamed), for the list of matches on this phone,
        which words them in the language it is read in; [] where the sides' names say it."""
        names = self.match.player_names or []
        if self.one_seat or not self.named_players:
            return "[]"
        sides = [[names[s] for s in side if s < len(names) and names[s]] for side in self.ruleset.sides]
        return json.dumps(sides, ensure_ascii=False)

    @property
    def deals_ahead_json(self) -> str:
        return json.dumps(self.deals_ahead, ensure_ascii=False)

    @property
    def tracks(self) -> list[dict[str, Any]]:
        """Per team: the marks toward the target (12 for eyes, series and goats; 6 for pairs)."""
        out = []
        for team in (0, 1):
            score = self.state.score[team]
            out.append(
                {
                    "team": team,
                    "name": self.team_names[team],
                    "players": names_joined(self.side_players(team)),
                    "score": score,
                    "marks": [i < score for i in range(self.target)],
                    "label": _over_label(score_count(score, self.scoring), score, self.target),
                    "over": max(0, score - self.target),
                }
            )
        return out

    @property
    def sixes(self) -> list[dict[str, Any]]:
        """Pairs on the sixes (ARCHITECTURE.md): each team's two sixes, rows uncovered = pairs won."""
        suits = ((SUIT_SYMBOLS["D"], SUIT_SYMBOLS["H"]), (SUIT_SYMBOLS["C"], SUIT_SYMBOLS["S"]))
        out = []
        for team in (0, 1):
            score = min(self.state.score[team], 6)
            cards = [
                {
                    "suit": suit,
                    "red": team == 0,
                    "rows": [{"on": r < min(max(score - 3 * i, 0), 3), "y": 24 + r * 23} for r in range(3)],
                }
                for i, suit in enumerate(suits[team])
            ]
            n = self.state.score[team]
            label = _over_label(count(n, "pair"), n, 6)
            out.append(
                {
                    "team": team,
                    "name": self.team_names[team],
                    "players": names_joined(self.side_players(team)),
                    "score": n,
                    "cards": cards,
                    "label": label,
                }
            )
        return out


def _over_label(counted: str, score: int, target: int) -> str:
    """«3 пары из 6» on the way; past the target just the score (the finale says by how much),
    never «16 глаз из 12»."""
    return counted if score > target else _("%(score)s of %(target)s") % {"score": counted, "target": target}
