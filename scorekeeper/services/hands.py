"""Writes of the board: a new match, a hand, undo and the rematch. Every change to a match is one
new :class:`~scorekeeper.models.Entry` through :func:`.write.append`; no entry is updated or
deleted."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from django.db import transaction

from rules.engine import HandRecord, new_fold, resolve
from rules.engine.variants import check_options, check_seats, get_variant

from .. import snapshots
from ..log import secret_hash
from ..models import Entry, Line, Match
from .errors import NonceReused, NotFound, StaleForm
from .write import append


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
    *, match: Match, record: HandRecord, nonce: str, version: int, reason: str = "", hand: int | None = None
) -> tuple[Entry, bool]:
    """Record the next hand. ``hand``: the hand number a phone's outbox entered it for."""
    return append(
        match=match, action=Entry.ADD, record=record, nonce=nonce, version=version, reason=reason, hand=hand
    )


@transaction.atomic
def hand_undo(*, match: Match, nonce: str, version: int) -> tuple[Entry, bool]:
    """Take back the last hand still in the match."""
    snapshots.lock(match)
    last = Line.objects.filter(match=match).order_by("-number").values_list("slot", flat=True).first()
    if last is None:
        existing = Entry.objects.filter(match=match, nonce=nonce).first()
        if existing is None:
            raise NotFound()
        if existing.action != Entry.UNDO:
            raise NonceReused()
        return existing, False
    return append(match=match, action=Entry.UNDO, slot=last, nonce=nonce, version=version)


@transaction.atomic
def match_rematch(*, match: Match, secret: str, version: int) -> Match:
    """A new match with the same teams, players and frozen rules; the deal passes on. One per
    match: a repeated request gets the same rematch. ``version`` is the log the page showed."""
    snapshots.lock(match)
    if version != match.version:
        raise StaleForm(match.version)
    existing = Match.objects.filter(previous=match).first()
    if existing:
        return existing
    hands = snapshots.fold_of_match(match).hands
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
