"""What the match pages share: their messages and URLs, the view link's read-only guard and
the board's rendering (the write path is views.writes)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from kozel_site.http import htmx
from rules.engine.cards import SUIT_SYMBOLS, SUITS
from rules.messages import lang, option_label, option_value, variant_name

from .. import counter
from ..forms import HandForm, new_nonce, penalty_choices
from ..models import Match
from ..selectors import Board, match_live_board, match_next
from . import kept

STALE_EDIT = gettext_lazy(
    "Another phone changed this match while the form was open. Below is the hand as it stands now: "
    "check it and correct it again if it still needs it."
)
STALE = gettext_lazy(
    "Another phone changed this match since your form was shown. Here is the fresh board: "
    "check it and enter the hand again if it is still missing."
)
VIEW_LINK_READ_ONLY = gettext_lazy("This is a view link: it cannot change the match.")
NONCE_REUSED = gettext_lazy(
    "This form was already used for a different change, so nothing was done now. "
    "Here is the fresh board: check it and try again."
)


def rules_sheet_url(key: str) -> str:
    return reverse("rules:sheet", args=[key])


def edit_url(match: Match, secret: str) -> str:
    return reverse("scorekeeper:edit", args=[match.public_id, secret])


def _read_only(view):  # type: ignore[no-untyped-def]
    """View-link pages: GET/HEAD only; any write through them is refused with 403."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            raise PermissionDenied(VIEW_LINK_READ_ONLY)
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


# ---------------------------------------------------------------- the match (edit link)


def _hand_rows(board: Board, secret: str | None) -> SafeString:
    """The hand list's items, newest first, as HTML built here from ready strings: the texts
    were built when each hand was written (stored per language with its line), and a Python
    loop with one escape per text is several times cheaper than the template's loop over 30
    rows of a dozen lookups each (it is on every write's answer).

    With ``secret`` (the edit link) each row carries its «Edit» and «Dispute» links, both under
    the edit path by the number shown (``…/kon/<n>/`` and ``…/kon/<n>/dispute/``, views.kon): the
    secret travels only in a path, never in a query string. The URL is reversed once per page."""
    hand_prefix = ""
    if secret is not None:
        probe = reverse("scorekeeper:kon", args=[board.match.public_id, secret, 1])
        hand_prefix = escape(probe[:-2])  # ".../kon/"
    language = lang()
    corrected, restored = escape(_("corrected")), escape(_("restored"))
    edit_label, dispute_label = escape(_("Edit")), escape(_("Dispute"))
    out = []
    for ln in board.rows:
        texts = ln.texts.get(language) or ln.texts[settings.LANGUAGE_CODE]
        won = "" if ln.winner is None else f" won-{int(ln.winner)}"
        n = int(ln.number)
        events = "".join(f'<span class="ev">{escape(e)}</span>' for e in texts["events"])
        deltas = ", ".join(texts["deltas"])
        why = (f"<b>{escape(deltas)}</b> · " if deltas else "") + escape(" · ".join(texts["notes"]))
        if ln.restored:
            why += f' <span class="muted small">({restored})</span>'
        elif ln.edited:
            why += f' <span class="muted small">({corrected})</span>'
        if ln.score2 is not None:  # three or four sides (solo-twelve's marks): every side's score
            score = ":".join(
                str(int(x)) for x in (ln.score0, ln.score1, ln.score2, ln.score3) if x is not None
            )
            score = f"<b>{score}</b>"
        else:
            score = f'<b class="team0">{int(ln.score0)}</b>:<b class="team1">{int(ln.score1)}</b>'
        actions = ""
        if secret is not None:
            actions = (
                f'\n      <div class="hand-actions"><a class="btn btn-small" href="{hand_prefix}{n}/">'
                f'{edit_label}</a><a class="btn btn-small" href="{hand_prefix}{n}/dispute/">'
                f"{dispute_label}</a></div>"
            )
        out.append(
            f'\n    <li class="hand{won}" data-hand="{n}">\n      <div class="hand-head"><span class="hand-no">{n}'
            f'</span><span class="hand-pts">{escape(texts["points"])}</span>{events}<span class="hand-score">'
            f"{score}</span></div>\n"
            f'      <div class="hand-why">{why}</div>{actions}\n    </li>'
        )
    return mark_safe("".join(out))  # every text escaped above, numbers as ints


def _lazy_rows(board: Board, secret: str | None) -> SimpleLazyObject:
    """The hand rows, built only when the template's fragment cache misses (_hands.html is cached
    per match, log version, language, mode and page)."""
    return SimpleLazyObject(lambda: _hand_rows(board, secret))


def _all_hands(request: HttpRequest) -> bool:
    """«All hands»: the page was asked for every hand, not only the latest ones."""
    return request.GET.get("hands") == "all"


def _match_context(
    request: HttpRequest,
    match: Match,
    secret: str,
    *,
    board: Board | None = None,
    form: HandForm | None = None,
    message: str = "",
    holes: bool = False,
) -> dict[str, Any]:
    """The #match fragment's context; ``holes``: the per-request values as holes (see above),
    and the hand entry form taken from its own cache (:func:`_entry_html`)."""
    board = board or match_live_board(match=match, all_hands=_all_hands(request))
    ctx: dict[str, Any] = {
        "board": board,
        "secret": secret,
        "message": message,
        "editable": True,
        "penalty_nonce": kept.OTHER_HOLE if holes else new_nonce(),
        "lines": _lazy_rows(board, secret),
        "all_hands": _all_hands(request),
        "edit_url": edit_url(match, secret),
        "next_match": match_next(match=match) if board.state.finished else None,
        "core_key": kept.core_key(match),
        **_common(board),
    }
    if holes:
        ctx["csrf_token"] = kept.CSRF_HOLE
        ctx["entry_html"] = _entry_html(request, ctx) if board.next is not None and not board.broken else ""
    else:
        ctx.update(_entry_context(board, form))
    return ctx


def _entry_context(board: Board, form: HandForm | None, nonce: str | None = None) -> dict[str, Any]:
    """What the hand entry form (_entry.html) needs beside the board."""
    if form is None:
        form = HandForm(
            initial={"version": board.version, "nonce": nonce or new_nonce()}, ruleset=board.ruleset
        )
    return {
        "form": form,
        "penalties": penalty_choices(board.ruleset),
        # a misdeal has its own button, already against the dealing team; these take a team
        "other_penalties": [(k, label) for k, label in penalty_choices(board.ruleset) if k != "misdeal"],
        "point_fields": point_fields(board, form),
        "suits": SUIT_PICKS,
        **counter_context(board),
    }


def counter_context(board: Board) -> dict[str, Any]:
    """The card counter's cards and who gets the undealt ones (scorekeeper.counter)."""
    return {
        "count_suits": counter.counting_suits(board.ruleset),
        "undealt": counter.undealt_to_dealer(board.ruleset),
        "undealt_dealer": board.dealer_name,
    }


def _entry_html(request: HttpRequest, ctx: dict[str, Any]) -> SafeString:
    """The clean hand entry form of the board in ``ctx``. Between two hands it differs only in
    the log version and the hand number (the dealer passes round a few seats): it is rendered
    once per match, language and dealing seat with holes for those two, and kept."""
    board: Board = ctx["board"]
    assert board.next is not None
    match = board.match
    key = f"kz-entry:{match.public_id}:{match.secret_hash[:16]}:{get_language()}:{board.next.dealer}"
    html = cache.get(key)
    if html is None:
        hand = replace(board.next, hand_number=kept.HAND_HOLE)  # type: ignore[arg-type]
        holed = replace(board, version=kept.VERSION_HOLE, next=hand)  # type: ignore[arg-type]
        entry_ctx = {**ctx, "board": holed, **_entry_context(holed, None, kept.NONCE_HOLE)}
        html = render_to_string("scorekeeper/_entry.html", entry_ctx, request)
        cache.set(key, html, kept.SECONDS)
    filled = html.replace(kept.VERSION_HOLE, str(board.version)).replace(
        kept.HAND_HOLE, str(board.next.hand_number)
    )
    return mark_safe(filled)  # rendered by the template above, two numbers put in


def _page_context(request: HttpRequest, match: Match, secret: str) -> dict[str, Any]:
    """The rest of the edit link's page around the #match fragment (the share panel)."""
    edit = edit_url(match, secret)
    return {
        "match": match,
        "secret": secret,
        "edit_url": edit,
        "host": f"{request.scheme}://{request.get_host()}",  # in the share panel's cache key
        "view_url": SimpleLazyObject(
            lambda: request.build_absolute_uri(reverse("scorekeeper:watch", args=[match.public_id]))
        ),
        "edit_abs": SimpleLazyObject(lambda: request.build_absolute_uri(edit)),
        **_common_of(match),
    }


def point_fields(board: Board, form: HandForm) -> list[dict[str, Any]]:
    """One points field per side, named by the side (the team, or the player at a table of one
    seat per side); the last is the rest of 120 when left empty."""
    names = board.team_names
    n = len(board.ruleset.sides)
    return [
        {
            "i": i,
            "name": names[i] if i < len(names) else str(i + 1),
            "value": form[f"points_{i}"].value(),
            "errors": form[f"points_{i}"].errors,
            "last": n > 2 and i == n - 1,
            "team": n == 2,
        }
        for i in range(n)
    ]


SUIT_PICKS = [(s, SUIT_SYMBOLS[s]) for s in SUITS]


def _common(board: Board) -> dict[str, Any]:
    return _common_of(board.match)


def _common_of(match: Match) -> dict[str, Any]:
    return {
        "variant_name": variant_name(match.variant),
        "sheet_url": rules_sheet_url(match.variant),
        "options": SimpleLazyObject(
            lambda: [(option_label(k), option_value(k, v)) for k, v in match.options.items()]
        ),
    }


def _fragment_key(request: HttpRequest, match: Match) -> str | None:
    """The key the match's #match fragment is kept under, or None when it is not kept."""
    if not kept.core_key(match):
        return None
    return kept.fragment_key(match, match.version, "all" if _all_hands(request) else "latest")


def _kept_fragment(request: HttpRequest, match: Match, secret: str, key: str, board: Board | None) -> str:
    """The #match fragment at this version with its holes, rendered once and kept."""
    html = cache.get(key)
    if html is None:
        ctx = _match_context(request, match, secret, board=board, holes=True)
        html = render_to_string("scorekeeper/match.html#match", ctx, request)
        cache.set(key, html, kept.SECONDS)
        kept.drop_version(match, match.version - 1)
    return html


def _render_match(
    request: HttpRequest,
    match: Match,
    secret: str,
    *,
    status: int = 200,
    board: Board | None = None,
    form: HandForm | None = None,
    message: str = "",
) -> HttpResponse:
    """The #match fragment for htmx, else the page with it: the kept ones when it is the plain
    board at this version (views.kept), else rendered."""
    key = None if form is not None or message else _fragment_key(request, match)
    if key is None:
        ctx = _match_context(request, match, secret, board=board, form=form, message=message)
        html = render_to_string("scorekeeper/match.html#match", ctx, request)
        if htmx(request):
            return HttpResponse(html, status=status)
        page_ctx = {**_page_context(request, match, secret), "match_html": mark_safe(html)}  # rendered above
        return render(request, "scorekeeper/match.html", page_ctx, status=status)
    fragment = _kept_fragment(request, match, secret, key, board)
    if htmx(request):
        return HttpResponse(kept.fill(fragment, request), status=status)
    # per host too: the share panel's links are absolute
    page_key = f"kz-shell:{match.public_id}:{match.secret_hash[:16]}:{get_language()}:{request.get_host()}"
    page = kept.page_around(
        request,
        page_key,
        "scorekeeper/match.html",
        lambda: _page_context(request, match, secret),
        "match_html",
        fragment,
    )
    return HttpResponse(page, status=status)
