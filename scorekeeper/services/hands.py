"""Writes of the board: a new match, a hand, undo and the rematch. Every change to a match is one
new :class:`~scorekeeper.models.Entry` through :func:`.write.append`; no entry is updated or
deleted."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from django.db import transaction

from rules.engine import HandRecord, new_fold, resolve
from rules.engine.variants import Ruleset, check_options, check_seats, get_variant

from .. import snapshots
from ..errors import StaleForm
from ..log import ruleset_of, secret_hash
from ..models import Entry, Match
from .write import Written, append


def new_secret() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def new_public_id() -> str:
    return secrets.token_urlsafe(9)


@transaction.atomic
def match_create(
    *,
    variant: str,
    options: Mapping[str, object],
    team_names: Sequence[str],
    player_names: Sequence[str] = ("", "", "", ""),
    seats: int | None = None,
    first_dealer: int = 0,
    first_leader: int | None = None,
    house: str = "",
    previous: Match | None = None,
    secret: str | None = None,
) -> tuple[Match, str]:
    """Create a match with its rules frozen: the variant key, every option resolved and the
    number of seats (None: the variant's largest table). ``team_names`` names each side."""
    v = get_variant(variant)
    frozen = check_options(v, options)
    seats = check_seats(v, seats)
    secret = secret or new_secret()
    public_id = new_public_id()
    match = Match.objects.create(
        public_id=public_id,
        secret_hash=secret_hash(secret),
        variant=v.key,
        options=frozen,
        team_names=list(team_names),
        player_names=list(player_names),
        seats=seats,
        first_dealer=first_dealer,
        first_leader=first_leader,
        house=house,
        series=previous.series if previous else public_id,
        previous=previous,
        version=0,
        snapshot=snapshots.snapshot_of(new_fold(resolve(v, frozen, seats=seats)), 0),
    )
    return match, secret


@transaction.atomic
def hand_record(
    *,
    match: Match,
    record: HandRecord,
    nonce: str,
    version: int,
    reason: str = "",
    hand: int | None = None,
    ruleset: Ruleset | None = None,
) -> Written:
    """Record the next hand. ``hand``: the hand number a phone's outbox entered it for;
    ``ruleset``: the match's, when the caller has it already."""
    return append(
        match=match,
        ruleset=ruleset or ruleset_of(match),
        action=Entry.ADD,
        record=record,
        nonce=nonce,
        version=version,
        reason=reason,
        hand=hand,
    )


@transaction.atomic
def hand_undo(*, match: Match, nonce: str, version: int, ruleset: Ruleset | None = None) -> Written:
    """Take back the last hand still in the match."""
    rs = ruleset or ruleset_of(match)
    return append(match=match, ruleset=rs, action=Entry.UNDO, nonce=nonce, version=version)


@transaction.atomic
def match_rematch(*, match: Match, secret: str, version: int, ruleset: Ruleset | None = None) -> Match:
    """A new match with the same teams, players and frozen rules; the deal passes on. One per
    match: a repeated request gets the same rematch. ``version`` is the log the page showed."""
    fold, _spent = snapshots.lock(match, ruleset or ruleset_of(match))
    if version != match.version:
        raise StaleForm(match.version)
    existing = Match.objects.filter(previous=match).first()
    if existing:
        return existing
    hands = fold.hands
    new, _secret = match_create(
        variant=match.variant,
        options=match.options,
        team_names=match.team_names,
        player_names=match.player_names,
        seats=match.seats,
        first_dealer=(match.first_dealer + hands) % match.seats,
        first_leader=None,
        house=match.house,
        previous=match,
        secret=secret,
    )
    return new
