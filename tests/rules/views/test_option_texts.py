"""The options the app gains from the seed rules: each listed by /api/v1/variants with its
default, offered on the new-match page and the house-rule form, explained on the rule sheet in
both languages, and its rule shown on the sheet when chosen."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from rules.messages import option_label

pytestmark = pytest.mark.django_db

# variant, option key, default, another value, a sheet section showing the rule, words there (ru, en)
SEED_OPTIONS = [
    (
        "classic-sixes",
        "trump_lead",
        "free",
        "hvalyonka_only",
        "leading",
        ("только тот, кто объявил хвалёнку", "only the player who called this hand's khvalyonka"),
    ),
    (
        "classic-sixes",
        "revoke_penalty",
        "cheating",
        "four_points",
        "scoring",
        ("передав 4 очка от виновной команды", "4 card points move from the team at fault"),
    ),
    (
        "penalty-goats",
        "deck",
        "32",
        "24",
        "trumps",
        ("Короткая колода (настройка)", "The short deck (option)"),
    ),
    (
        "penalty-goats",
        "trump_row",
        "full",
        "court",
        "trumps",
        ("Козыри «только картинки» (настройка)", "Trump row «court» (option)"),
    ),
    (
        "draw-four",
        "four_trumps_lead",
        False,
        True,
        "leading",
        ("Четыре козыря (настройка)", "Four trumps (option)"),
    ),
    (
        "classic-sixes",
        "multi_leads",
        "off",
        "suit",
        "leading",
        ("Заходы несколькими картами (настройка)", "Leads of several cards (option)"),
    ),
    (
        "penalty-goats",
        "multi_leads",
        "off",
        "suit",
        "following",
        ("Заходы несколькими картами (настройка)", "Leads of several cards (option)"),
    ),
    # leads of one rank (classic-sixes#leading), khvalyonki in penalty goats (penalty-goats#leading),
    # two blind seats (classic-sixes#blind: the decision shows once two are chosen)
    (
        "classic-sixes",
        "multi_leads",
        "off",
        "suit_or_rank",
        "leading",
        ("Заходы одного достоинства (настройка)", "Leads of one rank (option)"),
    ),
    (
        "penalty-goats",
        "multi_leads",
        "off",
        "suit_or_rank",
        "following",
        ("В заходе одного достоинства несколько групп", "A lead of one rank holds several groups"),
    ),
    (
        "penalty-goats",
        "hvalyonki",
        False,
        True,
        "leading",
        ("Хвалёнки (настройка)", "Khvalyonki (option)"),
    ),
    (
        "classic-sixes",
        "blind_seats",
        "none",
        "0,1",
        "decisions",
        ("Два слепых места — у разных команд", "Two blind seats belong to different teams"),
    ),
]
IDS = [f"{v}#options/{k}={o}" for v, k, _d, o, *_ in SEED_OPTIONS]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&quot;", '"')


def section(html: str, anchor: str) -> str:
    m = re.search(rf'<section id="{anchor}">(.*?)</section>', html, re.S)
    assert m, anchor
    return text(m.group(1))


@pytest.mark.parametrize("variant,key,default,other,anchor,words", SEED_OPTIONS, ids=IDS)
def test_the_api_lists_the_option(
    client: Client,
    variant: str,
    key: str,
    default: object,
    other: object,
    anchor: str,
    words: tuple[str, str],
) -> None:
    data = json.loads(client.get("/api/v1/variants").content)
    v = next(x for x in data["variants"] if x["key"] == variant)
    opt = next(o for o in v["options"] if o["key"] == key)
    assert opt["default"] == default and v["defaults"][key] == default
    if opt["kind"] == "choice":
        assert other in opt["choices"]


@pytest.mark.parametrize("variant,key,default,other,anchor,words", SEED_OPTIONS, ids=IDS)
def test_offered_on_the_new_match_page_and_the_house_form(
    client: Client,
    variant: str,
    key: str,
    default: object,
    other: object,
    anchor: str,
    words: tuple[str, str],
) -> None:
    page = client.get(f"/m/new/?variant={variant}").content.decode()
    assert f'name="opt_{key}"' in page
    house = client.get(f"/rules/house/?variant={variant}").content.decode()
    assert f'name="opt_{key}"' in house


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,key,default,other,anchor,words", SEED_OPTIONS, ids=IDS)
def test_explained_on_the_sheet(
    client: Client,
    lang: str,
    variant: str,
    key: str,
    default: object,
    other: object,
    anchor: str,
    words: tuple[str, str],
) -> None:
    from rules.engine.variants import get_variant

    client.cookies["kozel_lang"] = lang
    opt = get_variant(variant).option(key)
    value = opt.to_text(other)
    sheet = client.get(f"/rules/{variant}/").content.decode()
    from django.utils import translation

    from rules.sheets import option_texts

    with translation.override(lang):
        label, help_text = str(option_label(key)), option_texts.option_help(key)
    assert label in section(sheet, "options")
    if help_text:
        assert text(help_text) in section(sheet, "options")
    chosen = client.get(f"/rules/{variant}/?opt_{key}={value}").content.decode()
    assert words[0 if lang == "ru" else 1] in section(chosen, anchor)
    assert words[0 if lang == "ru" else 1] not in section(sheet, anchor)


@pytest.mark.parametrize("options,cards", [("", "32 карты: по 8"), ("?opt_deck=24", "24 карты: по 6")])
def test_the_deck_section_follows_the_deck_option(client: Client, options: str, cards: str) -> None:
    """penalty-goats#deck: the deal line is the engine's, for the deck chosen."""
    assert cards in section(client.get(f"/rules/penalty-goats/{options}").content.decode(), "deck")


def test_the_comparison_has_the_revoke_row(client: Client) -> None:
    """The comparison's rows come from the rulesets: a proven revoke is a cheating penalty where
    penalties are recorded, and no rule of its own elsewhere."""
    page = text(client.get("/rules/compare/?v=classic-sixes&v=voon-series").content.decode())
    assert "Доказанный ренонс" in page
    assert "штраф за шулерство" in page and "своего штрафа нет" in page


@pytest.mark.parametrize(
    "lang,words", [("ru", "владелец должен объявить «сухая»"), ("en", "must declare «сухая»")]
)
def test_the_dry_hand_is_on_the_classic_sheet(client: Client, lang: str, words: str) -> None:
    """classic-sixes#redeal: the «сухая» hand is a special hand of the classic game only."""
    client.cookies["kozel_lang"] = lang
    assert words in section(client.get("/rules/classic-sixes/").content.decode(), "redeal")
    assert words not in section(client.get("/rules/penalty-goats/").content.decode(), "redeal")
