"""A company's time zone as a player reads it: «Москва, UTC+3», the IANA city outside the table,
the offset zoneinfo gives at that moment."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import translation

from scorekeeper.company.zones import CITIES, zone_label, zone_labels

WINTER, SUMMER = datetime(2026, 1, 15, tzinfo=UTC), datetime(2026, 7, 15, tzinfo=UTC)


@pytest.mark.parametrize(
    ("zone", "when", "ru", "en"),
    [
        ("Europe/Moscow", WINTER, "Москва, UTC+3", "Moscow, UTC+3"),
        ("Asia/Yekaterinburg", SUMMER, "Екатеринбург, UTC+5", "Yekaterinburg, UTC+5"),
        ("Europe/Berlin", SUMMER, "Берлин, UTC+2", "Berlin, UTC+2"),  # summer time
        ("Europe/Berlin", WINTER, "Берлин, UTC+1", "Berlin, UTC+1"),
        ("Asia/Kolkata", WINTER, "Kolkata, UTC+5:30", "Kolkata, UTC+5:30"),
        ("America/Los_Angeles", WINTER, "Los Angeles, UTC−8", "Los Angeles, UTC−8"),
        ("UTC", WINTER, "UTC", "UTC"),
        ("Nowhere/Atlantis", WINTER, "Nowhere/Atlantis", "Nowhere/Atlantis"),
    ],
)
def test_a_zone_reads_as_a_city_and_its_offset(zone: str, when: datetime, ru: str, en: str) -> None:
    with translation.override("ru"):
        assert zone_label(zone, when) == ru
    with translation.override("en"):
        assert zone_label(zone, when) == en


def test_every_city_of_the_table_is_in_russian() -> None:
    with translation.override("ru"):
        labels = zone_labels(WINTER)
    assert set(labels) == set(CITIES)
    assert all(any("а" <= ch <= "я" for ch in label.lower()) for z, label in labels.items() if z != "UTC")
