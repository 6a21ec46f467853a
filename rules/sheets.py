"""Explanatory texts for the rule sheets, in the project's own words (RULES.md: facts from the
seeds, never their sentences). Short labels go through gettext; long texts are kept here as
Russian and English strings keyed by language."""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine import DECISIONS, decisions_for
from rules.messages import OPTION_LABELS, OPTION_VALUES, lang, option_label, option_value  # noqa: F401


def pick(texts: dict[str, str]) -> str:
    """The text in the page's language (Russian when a language is missing)."""
    return texts.get(lang()) or texts["ru"]


# ------------------------------------------------------------------ per-variant prose
# Keys: intro, deal, leading, scoring_notes, extra (each {"ru": ..., "en": ...}; may be absent).

VARIANT_TEXT: dict[str, dict[str, dict[str, str]]] = {
    "classic-sixes": {
        "intro": {
            "ru": "Старая дворовая версия: двое на двое, партнёры напротив. Играют 32 картами от семёрки до туза, "
            "а четыре шестёрки не раздают — ими каждая команда отмечает свои «пары». Кто первым откроет "
            "на своих шестёрках шесть рядов, тот выиграл, проигравшие — козлы.",
            "en": "The old courtyard version: two against two, partners opposite. 32 cards from seven to ace are "
            "dealt; the four sixes stay out and serve as each team's score board of «pairs». The first "
            "team to uncover six rows on its sixes wins; the losers are the goats.",
        },
        "deal": {
            "ru": "Всю колоду раздают сразу, по 8 карт. Перед сдачей первый заходящий может заказать "
            "хвалёнку — особую раздачу (штаны, двойные штаны, зеркало, звезда, весёлый, грустный, гробы, "
            "бочка). Хвалёнка — это порядок сдачи, счёт она не меняет; в протоколе матча её только отмечают.",
            "en": "The whole deck is dealt at once, 8 cards each. Before the deal the first leader may call a "
            "хвалёнка, a special way of dealing (trousers, double trousers, mirror, star, merry, sad, "
            "coffins, barrel). It is a dealing procedure and does not change the score; the match log only "
            "marks it.",
        },
        "leading": {
            "ru": "В первом коне начинает тот, у кого младший козырь (8♣, а при бубновых козырях — 7♦). Дальше "
            "первый заход делает игрок команды, выигравшей прошлый кон; кто из двоих — решают сами партнёры. "
            "Каждую следующую взятку начинает тот, кто взял предыдущую. С козыря заходить можно.",
            "en": "In the first hand the holder of the lowest trump leads (8♣, or 7♦ with diamond trumps). After "
            "that a player of the team that won the previous hand leads; the partners choose which. Every "
            "later trick is led by whoever took the last one. Trump leads are allowed.",
        },
        "scoring_notes": {
            "ru": "Спас — 31 очко у проигравших: с ним победителям только одна пара. Люся — все 8 взяток у "
            "одной команды: проигравшие сбрасывают свои шестёрки в ноль, а в самом первом коне матча это "
            "«сухой козёл» и конец игры. Яйца (60:60) никого не двигают, но оставляют «яичную пару» — "
            "её получит победитель следующего решённого кона. Третья пересдача подряд стоит сдающей команде "
            "кона (+1 пара соперникам); пойманный шулер или напрасное обвинение — +2 пары пострадавшим.",
            "en": "Спас is 31 card points for the losers: with it the winners gain only one pair. Lyusya is all "
            "8 tricks to one team: the losers' sixes go back to zero, and in the match's very first hand it "
            "is a «dry goat» that ends the match. Eggs (60:60) move nobody but leave an «egg pair» for the "
            "winners of the next decided hand. A third redeal in a row costs the dealing team the hand "
            "(+1 pair to the others); proven cheating or a false accusation gives the wronged team +2 pairs.",
        },
        "extra": {
            "ru": "Отдача последнего козыря: до первого хода игрок с единственным козырем может предложить "
            "партнёру обмен втёмную — одну карту на одну, партнёр отдаёт некозырную, если она есть. "
            "Титулы проигравших: «козлы»; «с яйцами», если в матче были яйца; «с хвостами» (с погонялом), "
            "если победители стояли на пятой паре и закрыли матч кон с 90+.",
            "en": "Handing over the last trump: before the first lead a player with a single trump may offer his "
            "partner a blind swap, one card for one; the partner gives a non-trump if he has one. Titles of "
            "the losers: «goats»; «with eggs» if the match had eggs; «with tails» if the winners stood on "
            "five pairs and closed the match with 90 or more.",
        },
    },
    "penalty-goats": {
        "intro": {
            "ru": "Самая распространённая запись счёта: проигравшая команда получает штрафные отметки — «козлов». "
            "Кто первым наберёт 12, тот проиграл встречу.",
            "en": "The most widespread way of keeping score: the team that loses a hand takes penalty marks, "
            "«goats». The first team to collect 12 loses the match.",
        },
        "deal": {
            "ru": "32 карты от семёрки до туза, всем по 8.",
            "en": "32 cards from seven to ace, 8 each.",
        },
        "leading": {
            "ru": "Кто начинает первый кон, договариваются заранее; затем заходит взявший последнюю взятку. "
            "С козыря заходить можно.",
            "en": "Who leads the first hand is agreed at the table; then whoever took the last trick leads. "
            "Trump leads are allowed.",
        },
        "scoring_notes": {
            "ru": "Проигравшим кон пишут 2 отметки, а если у них 30 очков или меньше — 4 (Люся тоже стоит 4). "
            "При 60:60 отметок нет. Дополнительные договорённости (по умолчанию выключены): 6 отметок "
            "команде, не взявшей ни одной взятки; удвоение отметок после яиц; королевский козёл — четыре туза "
            "у одного игрока сразу дают его команде победу; пересдача при четырёх картах одной масти.",
            "en": "The losers of a hand take 2 marks, or 4 with 30 card points or fewer (a Lyusya also costs 4). "
            "At 60:60 nobody takes marks. Extra house rules (off unless chosen): 6 marks to a team without "
            "a single trick; marks doubled after eggs; royal goat, four aces in one hand win the match for "
            "that team; a redeal for four cards of one suit.",
        },
    },
    "voon-series": {
        "intro": {
            "ru": "Свод онлайн-сервиса kozel.voon.ru: серия до 12 баллов, баллы получают победители кона. "
            "Особенности — права на заход с козыря и ловля дамы треф семёркой треф.",
            "en": "The rule set of the kozel.voon.ru service: a series to 12 points, scored by the winners of each "
            "hand. Its marks are the trump-lead rights and catching the queen of clubs with the seven of clubs.",
        },
        "deal": {
            "ru": "32 карты, по 8. Пересдач и отдачи козыря нет — так решил сам свод для домашней игры.",
            "en": "32 cards, 8 each. No redeals and no trump hand-over: the rule set itself chose that for home play.",
        },
        "leading": {
            "ru": "В первом коне начинает владелец туза бубен и кладёт именно его. После каждого доигранного "
            "кона первый заход переходит на одно место по часовой стрелке, после яиц остаётся. Права на "
            "заход с козыря: в первом коне с козыря не заходит никто, пока на руке есть простая карта; со "
            "второго кона заходить с козыря может только команда, сделавшая первый заход этого кона, другая "
            "обязана начинать с простой карты, пока она есть; при счёте 10:10 можно обеим («козлячий бой»). "
            "Рука из одних козырей ходит чем угодно. Отвечать козырем можно всегда.",
            "en": "In the first hand the holder of the ace of diamonds leads, and leads that very card. After every "
            "finished hand the first lead moves one seat clockwise; after eggs it stays. Trump-lead rights: "
            "in the first hand nobody leads a trump while holding a plain card; from the second hand only "
            "the team that made the hand's first lead may lead trumps, the other must lead a plain card "
            "while it has one; at 10:10 both may («goat fight»). A hand of only trumps leads anything. "
            "Answering with a trump is always allowed.",
        },
        "scoring_notes": {
            "ru": "61–89 очков — +2, 90–119 — +4, 120 при неполных взятках — +6. Все 8 взяток обнуляют счёт "
            "соперника, а если у него и так 0 — он проиграл серию; при общем 0:0 победителям просто +6. "
            "Ловля дамы: если 7♣ и дама треф соперника легли в одну взятку, кон сразу заканчивается, "
            "команда с 7♣ получает +4, а в первом коне — 12 и всю серию. Дама партнёра не считается. Яйца: "
            "ничего не пишут, но +2 ждут следующей награды за очки карт.",
            "en": "61-89 card points give +2, 90-119 give +4, 120 without every trick gives +6. All 8 tricks reset "
            "the opponents' score to 0, and if it already was 0 they lose the series; at 0:0 the winners "
            "simply get +6. Queen capture: when 7♣ and the opponents' Q♣ fall in one trick, the hand ends at "
            "once and the 7♣ team gets +4, or 12 and the series in the first hand. A partner's queen does "
            "not count. Eggs: nothing is written, but +2 waits for the next card-points award.",
        },
    },
    "yc-hvalyony": {
        "intro": {
            "ru": "Командный «Хвалёный козёл» YellowClub: шестёрки в колоде, над дамами стоит 6♣, козырная "
            "масть — бубны, а без нужной масти обязательно бить козырем. Играют до 12 глаз.",
            "en": "YellowClub's team game «Hvalyony kozel»: sixes in the deck, the six of clubs above the queens, "
            "diamonds as the trump suit, and a player out of the led suit must trump. Played to 12 eyes.",
        },
        "deal": {
            "ru": "Без семёрок — 32 карты (6, 8–туз), по 8; с семёрками — 36, по 9. Рука на 13 очков или меньше "
            "даёт право попросить пересдачу.",
            "en": "Without sevens 32 cards (6, 8 to ace), 8 each; with sevens 36, 9 each. A hand worth 13 card "
            "points or fewer may ask for a redeal.",
        },
        "leading": {
            "ru": "Первым ходит команда с валетом треф («обяз»); на начисление глаз в этом варианте обяз не влияет. "
            "Затем заходит взявший взятку.",
            "en": "The team holding the jack of clubs («obyaz») leads first; in this variant obyaz does not change "
            "the award. Then whoever took the trick leads.",
        },
        "scoring_notes": {
            "ru": "61–89 — 2 глаза, 90 и больше — 4. Если 6♣ поймала даму треф соперника в одной взятке, кон "
            "заканчивается и ловцы получают 4 глаза (с учётом множителя после яиц). Яйца удваивают "
            "следующую сдачу, повторные — ещё раз. Люся по настройке стола — победа в матче или обнуление "
            "глаз проигравших.",
            "en": "61-89 gives 2 eyes, 90 or more gives 4. When 6♣ catches the opponents' Q♣ in one trick, the hand "
            "ends and the catchers get 4 eyes (times a waiting egg multiplier). Eggs double the next hand, "
            "each further egg doubles again. Lyusya, as the table chooses: the match is won, or the losers' "
            "eyes go to 0.",
        },
    },
    "yc-belka": {
        "intro": {
            "ru": "«Белка» YellowClub: над всеми стоят четыре валета, а козырная масть у каждой сдачи своя — её "
            "задаёт место игрока с валетом треф. Дамы здесь простые карты. Команда «на обязе» получает за "
            "победу меньше глаз.",
            "en": "YellowClub's «Belka»: the four jacks stand above everything, and each deal has its own trump "
            "suit, set by the seat of the jack of clubs. Queens are plain cards here. The team «on obyaz» "
            "earns fewer eyes for a win.",
        },
        "deal": {
            "ru": "Колода как в хвалёном: 32 карты без семёрок или 36 с ними. Пересдача — при руке на 13 очков "
            "или меньше.",
            "en": "The deck is as in Hvalyony: 32 cards without sevens or 36 with them. A redeal for a hand worth "
            "13 card points or fewer.",
        },
        "leading": {
            "ru": "Первым ходит игрок с валетом треф, дальше — взявший взятку. Козыри первой сдачи — трефы. Место, где в первой сдаче был валет треф, навсегда владеет "
            "трефами; сосед справа от него — червами, сидящий напротив — пиками, сосед слева — бубнами. "
            "Со второй сдачи козырями становится масть того места, где сейчас валет треф. Команда с валетом "
            "треф — «на обязе».",
            "en": "The holder of the jack of clubs leads first, then whoever took the trick. Clubs are trumps in the first deal. The seat that held the jack of clubs in the first deal owns "
            "clubs for good; the seat on its right owns hearts, the one opposite spades, the one on its "
            "left diamonds. From the second deal on, the suit owned by the seat now holding the jack of "
            "clubs is trumps. The team with the jack of clubs is «on obyaz».",
        },
        "scoring_notes": {
            "ru": "Команда на обязе за 61–90 получает 1 глаз, за 91–119 — 2, за 120 — 3. Другая команда за 61–90 — 2, "
            "91–119 — 3, 120 — 3. Яйца и Люся — как в хвалёном.",
            "en": "The obyaz team earns 1 eye for 61-90, 2 for 91-119, 3 for 120. The other team earns 2 for 61-90, "
            "3 for 91-119, 3 for 120. Eggs and Lyusya work as in Hvalyony.",
        },
    },
    "draw-four": {
        "intro": {
            "ru": "Быстрая версия на 36 картах: на руке всегда четыре карты, после взятки добирают из колоды. "
            "Заходить можно несколькими картами одной масти.",
            "en": "A quick version with 36 cards: four cards in hand, and everyone draws after each trick. A lead "
            "may be several cards of one suit.",
        },
        "deal": {
            "ru": "Каждому по 4 карты; вынутая из колоды карта показывает козырную масть и возвращается. После "
            "взятки все по очереди добирают до четырёх, пока колода не кончится.",
            "en": "4 cards each; a card drawn from the deck shows the trump suit and goes back. After each trick "
            "everyone draws back to four in turn while the stock lasts.",
        },
        "leading": {
            "ru": "Первым ходит сдающий. Заход — одна карта или несколько карт одной масти (или несколько "
            "козырей). Каждый отвечает тем же числом карт. Чтобы перебить, нужно побить каждую карту "
            "лучшего хода: старшей картой той же масти, козырем по простой или старшим козырем. Не можешь — "
            "отдай столько же любых карт. Взятку берёт последний, кто перебил (или заходивший).",
            "en": "The dealer leads first. A lead is one card or several of one suit (or several trumps). Everyone "
            "answers with as many cards. To take over, each card of the best play so far must be beaten: by "
            "a higher card of its suit, a trump over a plain card, or a higher trump. Otherwise give up as "
            "many cards, any ones. The last player who took over (or the leader) takes the trick.",
        },
        "scoring_notes": {
            "ru": "По умолчанию счёт штрафными козлами до 12 (как в «Штрафных козлах»); можно выбрать пары на "
            "шестёрках до 6 (как в классике).",
            "en": "By default the score is penalty goats to 12 (as in «Penalty goats»); pairs on the sixes to 6 "
            "(as in the classic game) can be chosen.",
        },
    },
}


def variant_text(key: str, part: str) -> str:
    t = VARIANT_TEXT.get(key, {}).get(part)
    return pick(t) if t else ""


# ------------------------------------------------------------------ scoring tables (RULES.md §2)


def _row(ru: str, en: str, ru2: str, en2: str) -> tuple[dict[str, str], dict[str, str]]:
    return {"ru": ru, "en": en}, {"ru": ru2, "en": en2}


SCORING_TABLES: dict[str, list[tuple[dict[str, str], dict[str, str]]]] = {
    "pairs": [
        _row("61–89, у проигравших спас (31+)", "61-89, the losers keep спас (31+)", "+1 пара", "+1 pair"),
        _row(
            "90+, проигравшие взяли хоть одну взятку",
            "90+, the losers took at least one trick",
            "+2 пары",
            "+2 pairs",
        ),
        _row(
            "Люся: все взятки",
            "Lyusya: every trick",
            "шестёрки проигравших — в ноль",
            "the losers' sixes back to 0",
        ),
        _row(
            "Люся в первом коне матча (настройка)",
            "Lyusya in the match's first hand (option)",
            "«сухой козёл»: матч выигран",
            "«dry goat»: the match is won",
        ),
        _row(
            "60:60, яйца",
            "60:60, eggs",
            "никто не двигается; +1 пара в «банк» следующему победителю",
            "nobody moves; +1 pair waits for the next winner",
        ),
        _row(
            "Третья пересдача",
            "Third redeal",
            "+1 пара не сдававшей команде",
            "+1 pair to the non-dealing team",
        ),
        _row(
            "Шулерство или напрасное обвинение",
            "Cheating or a false accusation",
            "+2 пары пострадавшей команде",
            "+2 pairs to the wronged team",
        ),
        _row("Цель", "Target", "6 пар — победа", "6 pairs win"),
    ],
    "penalty": [
        _row(
            "Проигравшие набрали 31+", "The losers have 31+", "2 козла проигравшим", "2 marks to the losers"
        ),
        _row(
            "Проигравшие набрали 30 или меньше (и Люся)",
            "The losers have 30 or fewer (Lyusya too)",
            "4 козла",
            "4 marks",
        ),
        _row("Ни одной взятки (настройка)", "No trick at all (option)", "6 козлов", "6 marks"),
        _row(
            "60:60, яйца",
            "60:60, eggs",
            "никому; с настройкой — следующий кон вдвое",
            "none; with the option the next hand counts double",
        ),
        _row("Цель", "Target", "12 козлов — поражение", "12 marks lose"),
    ],
    "series": [
        _row("61–89", "61-89", "+2 победителям", "+2 to the winners"),
        _row("90–119", "90-119", "+4", "+4"),
        _row("120, но не все 8 взяток", "120 without all 8 tricks", "+6", "+6"),
        _row(
            "Все 8 взяток",
            "All 8 tricks",
            "счёт соперника — в 0; был 0 — серия проиграна; при 0:0 — +6",
            "the opponents go to 0; already 0 — they lose the series; at 0:0 — +6",
        ),
        _row(
            "Ловля дамы треф семёркой треф",
            "7♣ catches the opponents' Q♣",
            "+4, в первом коне — 12 и победа",
            "+4, in hand 1 — 12 and the series",
        ),
        _row(
            "60:60, яйца",
            "60:60, eggs",
            "0; бонус +2 к следующей награде за очки",
            "0; a +2 bonus for the next card-points award",
        ),
        _row("Цель", "Target", "12 и больше — победа", "12 or more wins"),
    ],
    "eyes-hvalyony": [
        _row("61–89", "61-89", "2 глаза", "2 eyes"),
        _row("90 и больше", "90 or more", "4 глаза", "4 eyes"),
        _row(
            "6♣ ловит даму треф соперника",
            "6♣ catches the opponents' Q♣",
            "4 глаза, кон окончен",
            "4 eyes, the hand ends",
        ),
        _row("60:60, яйца", "60:60, eggs", "следующая сдача ×2, потом ×4, ×8…", "next hand ×2, then ×4, ×8…"),
        _row("Люся", "Lyusya", "по настройке: победа или обнуление", "as chosen: the match or a reset"),
        _row("Цель", "Target", "12 глаз", "12 eyes"),
    ],
    "eyes-belka": [
        _row(
            "Победа команды на обязе: 61–90 / 91–119 / 120",
            "The obyaz team wins: 61-90 / 91-119 / 120",
            "1 / 2 / 3 глаза",
            "1 / 2 / 3 eyes",
        ),
        _row(
            "Победа другой команды: 61–90 / 91–119 / 120",
            "The other team wins: 61-90 / 91-119 / 120",
            "2 / 3 / 3 глаза",
            "2 / 3 / 3 eyes",
        ),
        _row("60:60, яйца", "60:60, eggs", "следующая сдача ×2, потом ×4, ×8…", "next hand ×2, then ×4, ×8…"),
        _row("Люся", "Lyusya", "по настройке: победа или обнуление", "as chosen: the match or a reset"),
        _row("Цель", "Target", "12 глаз", "12 eyes"),
    ],
}


DRY_GOAT_ROW = SCORING_TABLES["pairs"][3]


def scoring_rows(system: str, options: Mapping[str, object] | None = None) -> list[tuple[str, str]]:
    """The scoring table of a system; the dry-goat row only where the variant has that option."""
    rows = SCORING_TABLES.get(system, [])
    if system == "pairs" and "dry_goat_first_hand" not in (options or {}):
        rows = [r for r in rows if r is not DRY_GOAT_ROW]
    return [(pick(a), pick(b)) for a, b in rows]


# ------------------------------------------------------------------ decisions

# Readings RULES.md, the engine (rules.engine.decisions.DECISIONS) and this app chose, in plain words.
# "scope" lists the variant keys where a RULES.md / referee decision applies; engine decisions use
# the engine's own decisions_for().
RULES_DECISIONS: list[dict[str, object]] = [
    {
        "scope": ("classic-sixes", "draw-four"),
        "ru": "Яичная пара копится: каждый кон 60:60 подряд добавляет одну, и весь банк получает победитель следующего решённого кона (RULES.md §2.1).",
        "en": "The egg pot grows by one per egg hand in a row and goes whole to the winners of the next decided hand (RULES.md §2.1).",
    },
    {
        "scope": ("voon-series",),
        "ru": "Бонус за яйца один, даже после нескольких ничьих подряд; ловля дамы или все 8 взяток его отменяют (так решил сам свод).",
        "en": "Only one eggs bonus, even after several eggs in a row; a queen capture or all 8 tricks cancel it (the rule set's own choice).",
    },
    {
        "scope": ("yc-hvalyony", "yc-belka"),
        "ru": "Множитель после яиц: ×2, ×4, ×8…; кон с победителем возвращает его к ×1. Вариант Люси «обнуление»: проигравшим 0, победителям обычная награда.",
        "en": "The eggs multiplier goes ×2, ×4, ×8…; a hand with a winner resets it to ×1. Lyusya «reset»: the losers go to 0 and the winners get their ordinary award.",
    },
    {
        "scope": ("draw-four",),
        "ru": "Если козырная масть не названа, козыри — трефы; счёт по умолчанию — штрафные козлы.",
        "en": "Unless another trump suit is named, clubs are trumps; the default score is penalty goats.",
    },
    {
        "scope": ("penalty-goats",),
        "ru": "«Четыре карты одной масти» для пересдачи считаем по нарисованной масти карты.",
        "en": "«Four cards of one suit» for a redeal counts the printed suit of the cards.",
    },
    {
        "scope": ("classic-sixes",),
        "ru": "Запрет сноса туза (настройка): туза масти, в которую ещё не заходили, сносить нельзя, если на руке есть любая другая допустимая карта.",
        "en": "Ace discard ban (option): an ace of a suit not yet led may not be discarded while the player holds any other card he may play.",
    },
    {
        "scope": ("voon-series",),
        "ru": "Первую взятку первого кона начинает держатель туза бубен именно этой картой; судья спрашивает, у кого был туз, если это неизвестно.",
        "en": "The first trick of the first hand is led with the ace of diamonds by its holder; the referee asks who held it when that is not known.",
    },
    {
        "scope": ("draw-four",),
        "ru": "Со счётом парами Люся в первом коне матч не выигрывает: «сухого козла» в этой игре нет, проигравшие только обнуляются (RULES.md §2.6 переносит из §2.1 счёт, а не эту настройку).",
        "en": "With the pairs score a Lyusya in the first hand does not win the match: this game has no «dry goat», the losers are only reset (RULES.md §2.6 takes the score of §2.1, not that option).",
    },
    {
        "scope": ("draw-four",),
        "ru": "Отвечая на заход, обязанности ходить в масть нет: кто не может перебить, отдаёт столько же любых карт.",
        "en": "There is no duty to follow when answering: whoever cannot take over gives up as many cards, any ones.",
    },
    {
        "scope": "*",
        "ru": "Судья оценивает карту по тому, что было у игрока на руке. Если руки не знает — отвечает «зависит» и спрашивает ровно то, что нужно (например, были ли черви).",
        "en": "The referee judges a card against what the player held. Without the hand it answers «depends» and asks only what it needs (for example, whether hearts were held).",
    },
    {
        "scope": "*",
        "ru": "Места на экране — игроки 1–4 по часовой стрелке; 1 и 3 — одна команда, 2 и 4 — другая.",
        "en": "On screen the seats are players 1-4 clockwise; 1 and 3 are partners, 2 and 4 are partners.",
    },
    {
        "scope": "*",
        "ru": "Разбор сдачи продолжает считать взятки после нарушения: первое нарушение выделено, очки и взятки показаны как сыграно; решение о штрафе — за игроками.",
        "en": "The deal review goes on after a violation: the first one is marked, points and tricks are shown as played; the penalty is the players' call.",
    },
]

ENGINE_DECISIONS_RU: dict[str, str] = {
    "one_record_one_hand": "Каждая запись — один кон: сыгранный, яйца, ловля дамы или штраф. Сдача после каждой записи переходит на место по часовой стрелке. Первая и вторая пересдачи не записываются; третья записывается как штраф сдающей команде и заканчивает кон.",
    "penalty_variants": "Штрафы за третью пересдачу, шулерство и напрасное обвинение есть там, где счёт парами или штрафными козлами (классика, штрафные козлы, по 4 карты); в серии и играх YellowClub таких правил нет.",
    "penalty_record_shape": "Штрафная запись заменяет кон: без очков карт и без Люси. Шулерство или напрасное обвинение можно отметить как хвалёнку, третью пересдачу — нет (после хвалёнки пересдачи не бывает).",
    "penalty_marks": "Штрафные козлы: виноватая команда получает отметки проигранного кона — 2 за третью пересдачу, 4 за доказанное шулерство или напрасное обвинение (двойной проигрыш, как «две пары» в классике).",
    "penalty_keeps_eggs": "Штраф — отдельная награда вне розыгрыша: он не забирает и не сбрасывает то, что ждёт после яиц, и не прерывает серию яиц.",
    "egg_pot_lyusya": "Пары: банк яиц получает победитель следующего решённого кона, даже при Люсе (тогда победители двигаются только на банк, а проигравшие обнуляются).",
    "eggs_double_factor": "После первых яиц следующий кон стоит ×2, после каждых следующих подряд — ещё вдвое (×4, ×8…); кон с победителем умножается и возвращает множитель к ×1.",
    "capture_points": "В записи ловли дамы можно указать очки, взятые до неё (у каждой команды 0–120, вместе не больше 120): они видны, но не считаются.",
    "capture_multiplier": "Хвалёный: ловля дамы стоит 4 глаза, умноженные на ждущий множитель яиц, и сбрасывает его.",
    "shutout_lyusya": "Штрафные козлы: Люся стоит проигравшим 4 отметки (30 и меньше), с настройкой — 6; кон 120:0, где проигравшие взяли пустую взятку, стоит 4.",
    "instant_win_score": "Матч, выигранный сразу (сухой козёл, королевский козёл, Люся с мгновенной победой, серия, проигранная с нуля), оставляет счёт как был; только ловля дамы в первом коне серии пишет 12, как сказано в источнике.",
    "tails": "«С хвостами» — если победители стояли в шаге от цели и закрыли матч коном с 90 и больше; матч, законченный штрафом, хвостов не даёт.",
    "titles": "Проигравшие каждого законченного матча — «козлы»; сухой козёл добавляет «сухие»; титулы «с яйцами» и «с хвостами» бывают только при счёте парами.",
    "classic_lead_after_eggs": "Классика: после яиц первый заход снова выбирает команда, выигравшая последний решённый кон; если такого ещё не было — ходит держатель младшего козыря. После штрафа выбирает пострадавшая команда.",
    "voon_lead": "Серия: первый заход переходит на место по часовой стрелке после каждого кона с победителем (и после ловли дамы) и остаётся после яиц.",
    "belka_eggs_obyaz": "Белка: для кона с победителем нужно указать команду на обязе, при 60:60 — не обязательно.",
    "pending_at_end": "После конца матча ничего не ждёт: ставки яиц пропадают.",
    "misdeal_dealer": "Третья пересдача записывается против сдающей команды; если известен первый сдающий, счётчик это проверяет (сдача идёт по кругу, по месту за запись).",
}


def decisions(key: str, options: dict | None = None) -> list[str]:
    """Every reading that applies to a variant, in plain words, in the page's language."""
    out = [pick(d) for d in RULES_DECISIONS if d["scope"] == "*" or key in d["scope"]]  # type: ignore[operator]
    for code in decisions_for(key, options):
        text = ENGINE_DECISIONS_RU.get(code) if lang() == "ru" else None
        out.append(text or DECISIONS[code])
    return out


# ------------------------------------------------------------------ glossary

GLOSSARY: list[dict[str, str]] = [
    {
        "ru": "Взятка",
        "en": "Trick (взятка)",
        "dru": "Четыре карты одного круга, по одной от каждого. Забирает её старший козырь, а без козырей — старшая карта масти захода; очки взятки идут всей команде.",
        "den": "Four cards of one round, one from each player. The highest trump takes it, or without trumps the highest card of the led suit; its points go to the whole team.",
    },
    {
        "ru": "Кон, сдача",
        "en": "Hand (кон, сдача)",
        "dru": "Розыгрыш одной раздачи от первой до последней взятки. После кона считают очки карт и записывают счёт матча.",
        "den": "One deal played from the first trick to the last. After it the card points are counted and the match score is written.",
    },
    {
        "ru": "Заход",
        "en": "Lead (заход)",
        "dru": "Первая карта взятки. Заходит тот, кто взял прошлую взятку.",
        "den": "The first card of a trick, played by whoever took the previous trick.",
    },
    {
        "ru": "Козырь",
        "en": "Trump (козырь)",
        "dru": "Карта постоянной козырной лестницы варианта. Козырь не принадлежит своей нарисованной масти: козырная дама пик — не пика.",
        "den": "A card on the variant's fixed trump ladder. A trump belongs to no printed suit: a trump queen of spades is not a spade.",
    },
    {
        "ru": "Простая карта, простушка",
        "en": "Plain card (простушка)",
        "dru": "Любая некозырная карта. В простой масти порядок: туз, десятка, король, (дама, валет,) девятка и ниже.",
        "den": "Any card that is not a trump. In a plain suit the order is ace, ten, king, (queen, jack,) nine and down.",
    },
    {
        "ru": "Шамок, кочерга, крюк",
        "en": "Shamok, kocherga, kryuk",
        "dru": "Прозвища семёрки треф — старшего козыря в классике, штрафных козлах, серии и игре по 4 карты.",
        "den": "Nicknames of the seven of clubs, the top trump in the classic game, penalty goats, the series and the four-card game.",
    },
    {
        "ru": "Спас",
        "en": "Spas (спас)",
        "dru": "31 очко и больше у проигравшей команды. Со спасом проигрыш «одинарный»: в классике победители двигаются на одну пару, в штрафных козлах проигравшим 2 отметки, а не 4.",
        "den": "31 or more card points for the losing team. With спас the loss is single: in the classic game the winners move one pair, in penalty goats the losers take 2 marks, not 4.",
    },
    {
        "ru": "Яйца",
        "en": "Eggs (яйца)",
        "dru": "Кон 60:60: победителя нет. Что будет дальше, зависит от варианта — «яичная пара», бонус +2 или удвоение следующей сдачи.",
        "den": "A 60:60 hand: nobody wins it. What follows depends on the variant: an «egg pair», a +2 bonus, or a doubled next hand.",
    },
    {
        "ru": "Люся",
        "en": "Lyusya (Люся)",
        "dru": "Одна команда взяла все взятки. Важны именно взятки, а не 120 очков: взятка из девяток и восьмёрок стоит 0, но это всё равно взятка.",
        "den": "One team took every trick. Tricks count, not 120 points: a trick of nines and eights is worth 0 but is still a trick.",
    },
    {
        "ru": "Обяз",
        "en": "Obyaz (обяз)",
        "dru": "В играх YellowClub — команда игрока с валетом треф. В Белке команда на обязе получает за победу меньше глаз; в хвалёном обяз только определяет первый ход.",
        "den": "In the YellowClub games, the team of the player holding the jack of clubs. In Belka the obyaz team earns fewer eyes for a win; in Hvalyony obyaz only decides the first lead.",
    },
    {
        "ru": "Хвалёнка",
        "en": "Khvalyonka (хвалёнка)",
        "dru": "Особая раздача, которую может заказать первый заходящий в классике: штаны, двойные штаны, зеркало и другие. Меняет порядок сдачи, а не счёт.",
        "den": "A special deal the first leader may call in the classic game: trousers, double trousers, mirror and others. It changes how cards are dealt, not the score.",
    },
    {
        "ru": "Пара (на шестёрках)",
        "en": "Pair (on the sixes)",
        "dru": "Единица счёта в классике: ряд из двух значков на шестёрке-табло. Шесть пар — победа.",
        "den": "The classic unit of score: one row of two pips on a six used as a score board. Six pairs win.",
    },
    {
        "ru": "Глаза",
        "en": "Eyes (глаза)",
        "dru": "Очки матча в играх YellowClub; их получает победитель кона, матч идёт до 12.",
        "den": "Match points in the YellowClub games, scored by the winners of each hand; the match goes to 12.",
    },
    {
        "ru": "Козлы",
        "en": "Goats (козлы)",
        "dru": "Проигравшие матч. Бывают «с яйцами», «с хвостами» и «сухие» — по тому, как проиграли. В штрафном счёте «козлами» называют и сами штрафные отметки.",
        "den": "The losers of a match; «with eggs», «with tails» or «dry» depending on how they lost. In the penalty score the marks themselves are also called «goats».",
    },
    {
        "ru": "Ренонс",
        "en": "Revoke (ренонс)",
        "dru": "Не пошёл в масть (или не ответил козырем на козырь), хотя мог. Судья показывает такую карту как недопустимую.",
        "den": "Not following suit (or not answering a trump lead with a trump) while able to. The referee marks such a card as not allowed.",
    },
    {
        "ru": "Ловля дамы",
        "en": "Queen capture",
        "dru": "В серии (7♣) и в хвалёном (6♣): ловящая карта и дама треф соперника в одной взятке заканчивают кон.",
        "den": "In the series (7♣) and in Hvalyony (6♣): the catching card and the opponents' queen of clubs in one trick end the hand.",
    },
    {
        "ru": "Пересдача",
        "en": "Redeal (пересдача)",
        "dru": "Право попросить новую раздачу при слабой руке; условия у каждого варианта свои — проверьте руку на странице «Проверка руки».",
        "den": "The right to ask for a new deal with a weak hand; each variant has its own condition — check a hand on the «Check a hand» page.",
    },
]


def glossary() -> list[tuple[str, str]]:
    ru = lang() == "ru"
    return [(g["ru"] if ru else g["en"], g["dru"] if ru else g["den"]) for g in GLOSSARY]


# ------------------------------------------------------------------ common disputes

DISPUTES: list[dict[str, str]] = [
    {
        "id": "queen-of-spades",
        "ru": "«Он не имел права класть даму пик на пики!»",
        "en": "«He had no right to put the queen of spades on a spade lead!»",
        "hint_ru": "Заход 9♠, у игрока 2 на руке Д♠ и 8♠, он кладёт Д♠.",
        "hint_en": "9♠ is led; player 2 holds Q♠ and 8♠ and plays Q♠.",
    },
    {
        "id": "other-ace",
        "ru": "«Туз же старше — почему взятка не моя?»",
        "en": "«An ace is higher — why isn't the trick mine?»",
        "hint_ru": "К♥, 10♥, 8♥ и туз пик без козырей.",
        "hint_en": "K♥, 10♥, 8♥ and the ace of spades, no trump.",
    },
    {
        "id": "must-trump",
        "ru": "«Червей нет — обязан был бить козырем?»",
        "en": "«No hearts — did he have to trump?»",
        "hint_ru": "Заход 9♥, у игрока 2 нет червей, но есть В♦; он сбрасывает 8♠.",
        "hint_en": "9♥ is led; player 2 has no hearts but holds J♦, and discards 8♠.",
    },
    {
        "id": "trump-lead",
        "ru": "«С козыря заходить нельзя!»",
        "en": "«You can't lead a trump!»",
        "hint_ru": "Кон 2, первым в этом коне ходил игрок 2; игрок 1 заходит Д♠, имея на руке простую 8♥.",
        "hint_en": "Hand 2, player 2 made the hand's first lead; player 1 leads Q♠ while holding a plain 8♥.",
    },
    {
        "id": "points-92",
        "ru": "«Сколько нам за 92?»",
        "en": "«What do we get for 92?»",
        "hint_ru": "Кон 92:28, проигравшие взяли хотя бы одну взятку (в Белке победители на обязе).",
        "hint_en": "A 92:28 hand, the losers took at least one trick (in Belka the winners are on obyaz).",
    },
    {
        "id": "eggs",
        "ru": "«60:60 — и что теперь?»",
        "en": "«60:60 — now what?»",
        "hint_ru": "Кон 60:60, следующий — 75:45.",
        "hint_en": "A 60:60 hand, then a 75:45 one.",
    },
    {
        "id": "capture",
        "ru": "«Дама треф поймана?»",
        "en": "«Is the queen of clubs caught?»",
        "hint_ru": "Ловящая карта у игрока 1, дама треф у игрока 2 — в одной взятке.",
        "hint_en": "Player 1's catching card and player 2's queen of clubs fall in one trick.",
    },
]
