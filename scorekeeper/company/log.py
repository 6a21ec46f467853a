"""The company's log replayed: its players and their names today, the merges in force and its
matches. :func:`replay` is pure over the entries; the result is kept with the company at each
write (``Company.roster``), so a page reads it without reading the log. What is kept leaves out
the matches' seats: they grow with the company's history, a page never needs them (each match's
row holds its seats) and every write replays the log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .models import Company, CompanyEntry


@dataclass
class Roster:
    """``names``: every player id ever added and its name now; ``merges``: the merges in force,
    by the seq of their entry, as (kept, folded in); ``matches``: match id -> a player id per seat."""

    names: dict[int, str] = field(default_factory=dict)
    merges: dict[int, tuple[int, int]] = field(default_factory=dict)
    matches: dict[int, list[int | None]] = field(default_factory=dict)
    renamed: dict[int, list[str]] = field(default_factory=dict)  # earlier names, the oldest first

    def into(self) -> dict[int, int]:
        return {folded: kept for kept, folded in self.merges.values()}

    def canonical(self, pid: int) -> int:
        """The player ``pid`` counts as: the one he was merged into, following merges on."""
        into = self.into()
        seen = {pid}
        while pid in into:
            pid = into[pid]
            if pid in seen:  # the services never make a cycle; never loop if one were stored
                break
            seen.add(pid)
        return pid

    def players(self) -> list[int]:
        """The players shown (nobody merged into another), in the order they were added."""
        into = self.into()
        return [pid for pid in self.names if pid not in into]

    def name(self, pid: int) -> str:
        return self.names.get(self.canonical(pid), "?")

    def aliases(self, pid: int) -> list[int]:
        """The player ids that count as ``pid`` (itself and everyone merged into him)."""
        return [p for p in self.names if self.canonical(p) == pid]

    def find(self, name: str) -> int | None:
        """The player called ``name`` now (any case), else one merged in under that name."""
        key = name.strip().casefold()
        for pid in self.players():
            if self.names[pid].casefold() == key:
                return pid
        for pid in self.names:
            if self.names[pid].casefold() == key:
                return pid
        return None

    def to_dict(self) -> dict[str, Any]:
        """What ``Company.roster`` keeps: everything but ``matches``."""
        return {
            "names": [[p, n] for p, n in self.names.items()],
            "merges": [[seq, a, b] for seq, (a, b) in self.merges.items()],
            "renamed": [[p, old] for p, old in self.renamed.items()],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Roster:
        return cls(
            names={p: n for p, n in d["names"]},
            merges={seq: (a, b) for seq, a, b in d["merges"]},
            renamed={p: list(old) for p, old in d["renamed"]},
        )

    def seated(self, match_id: int) -> list[int]:
        """Who played ``match_id``, as they count now."""
        return [self.canonical(p) for p in self.matches.get(match_id, []) if p is not None]


def replay(entries: Iterable[CompanyEntry]) -> Roster:
    r = Roster()
    for e in entries:
        if e.action == CompanyEntry.PLAYER:
            r.names[e.seq] = e.name
        elif e.action == CompanyEntry.RENAME and e.player in r.names:
            r.renamed.setdefault(e.player, []).append(r.names[e.player])
            r.names[e.player] = e.name
        elif e.action == CompanyEntry.MERGE and e.player is not None and e.other is not None:
            r.merges[e.seq] = (e.player, e.other)
        elif e.action == CompanyEntry.UNMERGE and e.source is not None:
            r.merges.pop(e.source, None)
        elif e.action == CompanyEntry.MATCH and e.match_id is not None:
            r.matches[e.match_id] = list(e.seats or [])
        elif e.action == CompanyEntry.UNMATCH and e.match_id is not None:
            r.matches.pop(e.match_id, None)
    return r


def roster_of(company: Company) -> Roster:
    """The company's roster as kept (its ``matches`` empty), or replayed from its log (a company
    from before it was kept)."""
    if company.roster is not None:
        return Roster.from_dict(company.roster)
    return replay(CompanyEntry.objects.filter(company=company))
