"""selectors.match_get reads a match with a statement written out (no query building on every
page): the instance it makes must be the ORM's, field for field, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from django.http import Http404

from scorekeeper import services
from scorekeeper.models import Match
from scorekeeper.selectors import match_get, match_public_version

pytestmark = pytest.mark.django_db


def same_as_orm(public_id: str) -> Match:
    fast = match_get(public_id=public_id)
    orm = Match.objects.get(public_id=public_id)
    for f in Match._meta.concrete_fields:
        assert getattr(fast, f.attname) == getattr(orm, f.attname), f.attname
        assert type(getattr(fast, f.attname)) is type(getattr(orm, f.attname)), f.attname
    assert not fast._state.adding and fast._state.db == orm._state.db
    assert fast == orm
    return fast


def test_every_field_as_the_orm_reads_it(start) -> None:
    table = start("penalty-goats", house="Дача")
    table.hand(points_0=70, points_1=50)
    match = same_as_orm(table.public_id)
    assert match.snapshot["hands"] == 1 and match.team_names == ["Красные", "Чёрные"]
    assert match.created_at.tzinfo is not None
    assert match_public_version(public_id=table.public_id) == match.version == 1


def test_a_rematch_and_a_short_table(start) -> None:
    table = start("classic-sixes")
    first = Match.objects.get(public_id=table.public_id)
    second, _secret = services.match_create(
        variant="solo-twelve",
        options={},
        team_names=["Аня", "Боря", "Вера"],
        player_names=["Аня", "Боря", "Вера"],
        seats=3,
        previous=first,
    )
    read = same_as_orm(second.public_id)
    assert read.previous_id == first.pk and read.seats == 3 and read.first_leader is None


def test_no_such_match() -> None:
    with pytest.raises(Http404):
        match_get(public_id="nosuchmatch0")
    assert match_public_version(public_id="nosuchmatch0") is None
