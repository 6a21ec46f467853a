"""Card notation (docs/rules.md#cards): parse, format, errors naming the bad token."""

from __future__ import annotations

import pytest

from rules.engine import ALL_CARDS, Card, CardNotationError, format_cards, parse_cards, resolve


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("7C", "7C"),
        ("10h", "10H"),
        ("QS", "QS"),
        ("7♣", "7C"),
        ("Д♠", "QS"),
        ("В♦", "JD"),
        ("Т♣", "AC"),
        ("К♥", "KH"),
        ("TD", "10D"),
        ("th", "10H"),
        ("a♠", "AS"),
        (" 9d ", "9D"),
        ("д♠", "QS"),
        ("6♧", "6C"),
    ],
    ids=lambda v: str(v),
)
def test_parse_accepts_every_notation_of_rules_1(token: str, code: str) -> None:
    assert Card.parse(token).code == code


@pytest.mark.parametrize("token", ["", "X", "1C", "11H", "QX", "Q", "QSS", "♠Q", "10", "Ж♠", "QZ"])
def test_parse_rejects_with_the_token(token: str) -> None:
    with pytest.raises(CardNotationError) as err:
        Card.parse(token)
    assert err.value.code == "bad_card"
    assert err.value.token == token


def test_round_trip_and_repr() -> None:
    for c in ALL_CARDS:
        assert Card.parse(str(c)) is c
        assert eval(repr(c)) == c  # noqa: S307 - the repr reads back as code
    assert len(ALL_CARDS) == 36


def test_format_cards_writes_the_canonical_codes() -> None:
    assert format_cards(parse_cards("7c,10h qs JD AC К♥")) == "7C 10H QS JD AC KH"


def test_points_sum_to_120_in_every_deck() -> None:
    for key in ("classic-sixes", "yc-hvalyony", "draw-four"):
        assert sum(c.points for c in resolve(key).deck) == 120


def test_duplicate_and_deck_errors_name_the_token() -> None:
    with pytest.raises(CardNotationError) as err:
        parse_cards(["QS", "Д♠"])
    assert (err.value.code, err.value.token) == ("duplicate_card", "Д♠")
    with pytest.raises(CardNotationError) as err:
        parse_cards(["6H"], deck=resolve("classic-sixes").deck)
    assert (err.value.code, err.value.token) == ("card_not_in_deck", "6H")


def test_each_card_is_made_once_with_a_small_index() -> None:
    import copy
    import pickle

    from rules.engine.cards import ALL_CARDS, BY_INDEX, Card

    assert sorted(c.index for c in ALL_CARDS) == list(range(36))
    for c in ALL_CARDS:
        assert BY_INDEX[c.index] is c
        assert Card(c.rank, c.suit) is c is Card.parse(c.code) is Card.parse(c.code.lower())
        assert pickle.loads(pickle.dumps(c)) is c and copy.deepcopy(c) is c
        assert repr(c) == f"Card.parse({c.code!r})" and str(c) == c.code
    assert len({*ALL_CARDS}) == 36
    with pytest.raises(AttributeError):
        Card.parse("AH").rank = "K"  # type: ignore[misc]


def test_rulesets_precomputed_ladders_agree_with_their_trumps_and_deck() -> None:
    from rules.engine import VARIANTS, resolve
    from rules.engine.cards import ALL_CARDS
    from rules.engine.variants import PLAIN_ORDER

    for key in VARIANTS:
        rs = resolve(key)
        for c in ALL_CARDS:
            in_ladder = c in rs.trumps
            assert rs.is_trump(c) == in_ladder
            assert rs.group(c) == ("T" if in_ladder else c.suit)
            assert rs._in_deck_at[c.index] == (c in rs.deck)
            if in_ladder:
                assert rs.strength(c, "H") == 1000 - rs.trumps.index(c)
            elif c.suit == "H":
                assert rs.strength(c, "H") == 100 - PLAIN_ORDER.index(c.rank)
            else:
                assert rs.strength(c, "H") is None
