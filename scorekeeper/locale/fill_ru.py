"""Fill scorekeeper/locale/ru/LC_MESSAGES/django.po from the table below (run after makemessages)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

RU = {
    "third misdeal": "третья пересдача",
    "cheating": "мошенничество",
    "false accusation": "ложное обвинение",
    "royal goat (four aces)": "королевский козёл (четыре туза)",
    "spas → %(amount)s": "спас → %(amount)s",
    "no spas → %(amount)s": "без спаса → %(amount)s",
    "all 120 points → %(amount)s": "все 120 очков → %(amount)s",
    "obyaz team won (%(band)s) → %(amount)s": "обяз выиграл (%(band)s) → %(amount)s",
    "obyaz team beaten (%(band)s) → %(amount)s": "обяз побит (%(band)s) → %(amount)s",
    "eggs! %(pot)s in the egg pot": "яйца! в банке %(pot)s",
    "eggs! the next hand counts ×%(factor)s": "яйца! следующий кон ×%(factor)s",
    "eggs! +%(bonus)s waits for the next win": "яйца! +%(bonus)s ждёт следующей победы",
    "eggs: nobody scores": "яйца: никому ничего",
    "+%(amount)s for the eggs": "+%(amount)s за яйца",
    "the egg bonus (+%(amount)s) is gone": "бонус за яйца (+%(amount)s) сгорел",
    "after eggs ×%(factor)s": "после яиц ×%(factor)s",
    "Lyusya: every trick": "Люся: все взятки",
    "%(team)s back to 0 (had %(previous)s)": "%(team)s — на 0 (было %(previous)s)",
    "every trick at 0:0 → %(amount)s": "все взятки при 0:0 → %(amount)s",
    "%(team)s had 0: they lose the series": "у %(team)s было 0: серия проиграна",
    "Lyusya in the first hand: dry goat!": "Люся в первом коне: сухой козёл!",
    "%(team)s caught the queen in the first hand → %(amount)s": "%(team)s поймали даму в первом коне → %(amount)s",
    "%(team)s caught the queen → %(amount)s": "%(team)s поймали даму → %(amount)s",
    "not a single trick → %(amount)s": "ни одной взятки → %(amount)s",
    "penalty: %(kind)s, %(against)s at fault → %(amount)s": "штраф: %(kind)s, виноваты %(against)s → %(amount)s",
    "penalty: %(kind)s against %(against)s": "штраф: %(kind)s, против %(against)s",
    "%(team)s win the match at once": "%(team)s сразу выигрывают матч",
    "%(team)s win the match": "%(team)s выиграли матч",
    "dry": "сухие",
    "goats": "козлы",
    "with eggs": "с яйцами",
    "with tails": "с хвостами",
    "egg pot: +%(n)s to the next winners": "банк яиц: +%(n)s следующим победителям",
    "egg bonus: +%(n)s to the next award": "за яйца: +%(n)s к следующей награде",
    "after eggs: the next hand ×%(n)s": "после яиц: следующий кон ×%(n)s",
    "%(seat)s leads": "заходит %(seat)s",
    "the holder of the lowest trump (%(card)s) leads": "заходит тот, у кого младший козырь (%(card)s)",
    "%(team)s choose who leads": "%(team)s выбирают, кто заходит",
    "the holder of the ace of diamonds leads it": "заходит тот, у кого туз ♦, — с него",
    "the lead moves one seat clockwise": "заход переходит на одного по часовой",
    "the first lead by agreement": "первый заход по договорённости",
    "the holder of the jack of clubs (obyaz) decides": "заход решает тот, у кого валет ♣ (обяз)",
    "the dealer leads": "заходит сдающий",
    "This hand cannot be recorded as it is.": "Такой кон записать нельзя.",
    "Card points are whole numbers from 0 to 120.": "Очки — целое число от 0 до 120.",
    "The two teams' card points must add up to 120.": "Очки двух команд в сумме должны давать 120.",
    "Enter one team's card points (0-120).": "Введите очки одной из команд (0–120).",
    "«All tricks» needs a team with all 120 points.": "«Все взятки» — только если у команды все 120 очков.",
    "This variant has no such event.": "В этом варианте такого нет.",
    "Say which team was on obyaz (held the jack of clubs).": "Укажите, какая команда на обязе (у кого был валет ♣).",
    "Choose one of the two teams.": "Выберите одну из двух команд.",
    "These two things cannot happen in one hand.": "Это не может случиться в одном коне одновременно.",
    "The match is over; no more hands can be recorded.": "Матч окончен, новые коны записать нельзя.",
    "The hand list is broken.": "Список конов повреждён.",
    "A seat is a number from 0 to 3.": "Место — число от 0 до 3.",
    "Trump suit": "Козырная масть",
    "No discarding an ace of a suit not yet led": "Нельзя сбрасывать туза масти, в которую ещё не ходили",
    "Lyusya in the first hand wins the match (dry goat)": "Люся в первом коне — победа в матче (сухой козёл)",
    "Royal goat: four aces win the match": "Королевский козёл: четыре туза — победа в матче",
    "Redeal for four cards of one suit": "Пересдача при четырёх картах одной масти",
    "Losers without a trick take 6 goats": "Без единой взятки — 6 козлов",
    "After 60:60 the next hand's goats double": "После 60:60 козлы следующего кона удваиваются",
    "Play with the sevens (36 cards)": "Играть с семёрками (36 карт)",
    "Six of clubs is the top trump (catches the queen)": "Шестёрка ♣ — старший козырь (ловит даму)",
    "Lyusya (every trick)": "Люся (все взятки)",
    "Score": "Счёт",
    "wins the match": "победа в матче",
    "losers back to 0": "проигравшим — сброс на 0",
    "penalty goats to 12": "штрафные козлы до 12",
    "pairs on the sixes to 6": "пары на шестёрках до 6",
    "yes": "да",
    "no": "нет",
    "Say which team is at fault.": "Укажите, какая команда виновата.",
    "Reds": "Красные",
    "Blacks": "Чёрные",
    "The two teams need different names.": "У команд должны быть разные названия.",
    "seat %(n)s": "место %(n)s",
    "60:60 eggs": "60:60 яйца",
    "all tricks": "все взятки",
    "queen caught by %(team)s": "даму поймали %(team)s",
    "obyaz: %(team)s": "обяз: %(team)s",
    "penalty: %(kind)s against %(team)s": "штраф: %(kind)s, против %(team)s",
    "hvalyonka": "хвалёнка",
    "Hand %(n)s would no longer fit: %(why)s": "Кон %(n)s тогда не сходится: %(why)s",
    "restored the version of change #%(n)s": "восстановлена версия из изменения №%(n)s",
    "%(n)s of 6 pairs": "%(n)s пар из 6",
    "Goats against: %(n)s goats lose the match.": "Козлы против: %(n)s козлов — проигрыш матча.",
    "winners!": "победили!",
    "Matches between them": "Счёт матчей",
    "Hand %(n)s: %(dealer)s deals": "Кон %(n)s: сдаёт %(dealer)s",
    "Hand %(n)s: card points": "Кон %(n)s: очки",
    "Took every trick? (Lyusya)": "Взяли все взятки? (Люся)",
    "Obyaz: whose team held the jack of clubs?": "Обяз: у какой команды валет ♣?",
    "Record the hand": "Записать кон",
    "%(team)s caught the queen": "%(team)s поймали даму",
    "More: note": "Ещё: заметка",
    "The hand was a hvalyonka": "Это была хвалёнка",
    "Note": "Заметка",
    "Penalty": "Штраф",
    "What happened": "Что случилось",
    "Against the team at fault (for a royal goat: the team without the four aces):": "Против виноватой команды (при королевском козле — против команды без четырёх тузов):",
    "against %(team)s": "против: %(team)s",
    "Hands": "Коны",
    "corrected": "исправлен",
    "Edit": "Исправить",
    "Dispute": "Спор",
    "No hands yet.": "Конов пока нет.",
    "Matches on this phone": "Матчи на этом телефоне",
    "Correct a hand": "Исправить кон",
    "Back to the match": "К матчу",
    "Correct hand %(n)s": "Исправить кон %(n)s",
    "Correct a deleted hand": "Исправить удалённый кон",
    "Proposed by the referee's review": "Предложено разбором судьи",
    "Queen caught by": "Даму поймали",
    "Obyaz": "Обяз",
    "against": "против",
    "Why the correction": "Почему исправляем",
    "Save the correction": "Сохранить исправление",
    "Why delete": "Почему удаляем",
    "Delete this hand": "Удалить этот кон",
    "It stays in the history of changes and can be restored.": "Он останется в истории изменений, его можно вернуть.",
    "History of changes": "История изменений",
    "Nothing is ever erased: every entry, correction and deletion is kept here, newest first.": "Ничего не стирается: каждая запись, исправление и удаление хранятся здесь, новые сверху.",
    "recorded": "записан",
    "deleted": "удалён",
    "undone": "отменён",
    "restored": "восстановлен",
    "hand %(n)s": "кон %(n)s",
    "a hand now out of the match": "кон, которого сейчас нет в матче",
    "Reason": "Причина",
    "Restore this version": "Вернуть эту версию",
    "No changes yet.": "Изменений пока нет.",
    "Go to the rematch": "К матчу-реваншу",
    "Rematch: same teams, same rules": "Реванш: те же команды, те же правила",
    "Undo hand %(n)s": "Отменить кон %(n)s",
    "Share": "Поделиться",
    "View link (read only) and QR": "Ссылка для просмотра и QR",
    "View link": "Ссылка для просмотра",
    "Edit link for a second phone and QR": "Ссылка для записи со второго телефона и QR",
    "Whoever has this link can change the score. Show it only at your table.": "По этой ссылке можно менять счёт. Показывайте её только за своим столом.",
    "Edit link": "Ссылка для записи",
    "Export": "Выгрузить",
    "Rules of this match": "Правила этого матча",
    "New match": "Новый матч",
    "House rules": "Домашние правила",
    "Variant": "Вариант",
    "Rule sheet": "Правила",
    "House rules (default shown)": "Домашние правила (по умолчанию — в скобках)",
    "default": "по умолчанию",
    "Teams": "Команды",
    "Seats 1 and 3": "Места 1 и 3",
    "Seats 2 and 4": "Места 2 и 4",
    "Players and the first dealer (optional)": "Игроки и первый сдающий (необязательно)",
    "In seat order, clockwise. Partners sit opposite.": "По местам, по часовой стрелке. Партнёры сидят напротив.",
    "Seat 1": "Место 1",
    "Seat 2": "Место 2",
    "Seat 3": "Место 3",
    "Seat 4": "Место 4",
    "Deals first": "Первым сдаёт",
    "Seat %(n)s": "Место %(n)s",
    "Leads first (if known)": "Первым заходит (если известно)",
    "Start the match": "Начать матч",
    "View only: the board updates by itself.": "Только просмотр: счёт обновляется сам.",
    "Watch the rematch": "Смотреть реванш",
    "Another phone changed this match since your form was shown. Here is the fresh board: "
    "check it and enter the hand again if it is still missing.": "Пока форма была открыта, матч изменили с другого телефона. Вот свежий счёт: "
    "проверьте его и введите кон снова, если его нет.",
    "This is a view link: it cannot change the match.": "Это ссылка для просмотра: менять матч по ней нельзя.",
    "The match is not over yet.": "Матч ещё не окончен.",
}


def _unquote(lines: list[str]) -> str:
    return "".join(ast.literal_eval(x) for x in lines)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def fill(po: Path, extra: dict[str, str] | None = None) -> list[str]:
    table = {**RU, **(extra or {})}
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    out, missing = [], []
    for block in blocks:
        lines = block.split("\n")
        idx = next((i for i, ln in enumerate(lines) if ln.startswith("msgid ")), None)
        if idx is None:
            out.append(block)
            continue
        j = idx + 1
        while j < len(lines) and lines[j].startswith('"'):
            j += 1
        msgid = _unquote([lines[idx][6:], *lines[idx + 1 : j]])
        if msgid == "":
            out.append(block.replace("#, fuzzy\n", ""))
            continue
        k = next(i for i, ln in enumerate(lines) if ln.startswith("msgstr "))
        head = [ln for ln in lines[:k] if not ln.startswith("#, fuzzy") and not ln.startswith("#| ")]
        head = [re.sub(r"^#, fuzzy, ", "#, ", ln) for ln in head]
        if msgid not in table:
            missing.append(msgid)
            out.append(block)
            continue
        out.append("\n".join([*head, "msgstr " + _quote(table[msgid])]))
    po.write_text("\n\n".join(out), encoding="utf-8")
    return missing


if __name__ == "__main__":
    path = Path(__file__).parent / "ru" / "LC_MESSAGES" / "django.po"
    miss = fill(path)
    for m in miss:
        print("MISSING:", m, file=sys.stderr)
    sys.exit(1 if miss else 0)
