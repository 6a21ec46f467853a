"""A time zone as a player reads it: the city in the page's language and its offset now
(«Москва, UTC+3»), never the IANA name («Europe/Moscow»).

The cities are a small table in the project's catalogues (where this app's players live: Russia's
zones, its neighbours, a few more); a zone outside it shows its IANA city («Los Angeles»). The
offset is zoneinfo's, at the moment asked (summer time included).
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils.translation import gettext_lazy as _

CITIES = {
    "Europe/Kaliningrad": _("Kaliningrad"),
    "Europe/Moscow": _("Moscow"),
    "Europe/Simferopol": _("Simferopol"),
    "Europe/Volgograd": _("Volgograd"),
    "Europe/Samara": _("Samara"),
    "Asia/Yekaterinburg": _("Yekaterinburg"),
    "Asia/Omsk": _("Omsk"),
    "Asia/Novosibirsk": _("Novosibirsk"),
    "Asia/Krasnoyarsk": _("Krasnoyarsk"),
    "Asia/Irkutsk": _("Irkutsk"),
    "Asia/Yakutsk": _("Yakutsk"),
    "Asia/Vladivostok": _("Vladivostok"),
    "Asia/Magadan": _("Magadan"),
    "Asia/Kamchatka": _("Kamchatka"),
    "Europe/Minsk": _("Minsk"),
    "Europe/Kyiv": _("Kyiv"),
    "Europe/Kiev": _("Kyiv"),
    "Europe/Chisinau": _("Chișinău"),
    "Europe/Riga": _("Riga"),
    "Europe/Vilnius": _("Vilnius"),
    "Europe/Tallinn": _("Tallinn"),
    "Asia/Tbilisi": _("Tbilisi"),
    "Asia/Yerevan": _("Yerevan"),
    "Asia/Baku": _("Baku"),
    "Asia/Almaty": _("Almaty"),
    "Asia/Tashkent": _("Tashkent"),
    "Europe/Berlin": _("Berlin"),
    "Europe/London": _("London"),
    "UTC": _("UTC"),
}


def offset_text(name: str, when: datetime | None = None) -> str:
    """«UTC+3», «UTC+5:30», «UTC−8», «UTC» for the zone ``name`` at ``when`` (now)."""
    delta = (when or datetime.now(UTC)).astimezone(ZoneInfo(name)).utcoffset()
    minutes = int(delta.total_seconds() // 60) if delta else 0
    if not minutes:
        return "UTC"
    sign, minutes = ("+" if minutes > 0 else "−"), abs(minutes)
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")


def zone_label(name: str, when: datetime | None = None) -> str:
    """«Москва, UTC+3»; the IANA name itself for a zone zoneinfo does not know."""
    try:
        offset = offset_text(name, when)
    except (ZoneInfoNotFoundError, ValueError):
        return name
    city = CITIES.get(name) or name.rsplit("/", 1)[-1].replace("_", " ")
    return offset if str(city) == "UTC" else f"{city}, {offset}"


def zone_labels(when: datetime | None = None) -> dict[str, str]:
    """Every zone of the table with its label, for the page that learns the zone on the phone."""
    return {name: zone_label(name, when) for name in CITIES}
