"""What the match pages keep between requests, and the holes each request fills.

A match on its own (no rematch series, not over) shows a pure function of its log version and
the language, but for a few values each request must get afresh: the CSRF token, the nonces of
its forms (two phones showing the same version must not share a nonce, or one phone's hand would
pass for the other's retry), the language form's return path and the time of the answer. So it
is rendered once with holes in their place and kept in the cache; each request fills the holes.
The holes carry a per-process random part, so no typed text can pass for one.

Kept per log version: the edit link's #match fragment (views.common._kept_fragment), the view
link's #live (views.readonly.watch), and the board and chart both of them show (the {% cache %}
tags under :func:`core_key`). Kept once per match: the page around each fragment
(:func:`page_around`). When a version is rendered, what was kept for the one before is dropped
(:func:`drop_version`): it is never asked for again.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import dateformat, timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from .. import snapshots
from ..forms import new_nonce
from ..models import Match

SECONDS = 3600

_HOLE = secrets.token_hex(8)
CSRF_HOLE = f"kzcsrf{_HOLE}"
NONCE_HOLE = f"kznonce{_HOLE}"  # the hand form's nonce
OTHER_HOLE = f"kzother{_HOLE}"  # the stem of the other forms' nonces (penalty, undo, rematch)
VERSION_HOLE = f"kzversion{_HOLE}"  # the entry form's log version (filled per version)
HAND_HOLE = f"kzhand{_HOLE}"  # the entry form's hand number (filled per version)
PATH_HOLE = f"kzpath{_HOLE}"  # the language form's «next»: this request's path
NOW_HOLE = f"kznow{_HOLE}"  # <main data-rendered>: when this answer was made (offline.js shows it)
FRAGMENT_HOLE = f"kzfragment{_HOLE}"  # the edit page's #match, the view page's #live
PAGE_HOLES = {"csrf_token": CSRF_HOLE, "path_hole": PATH_HOLE, "now_hole": NOW_HOLE}  # base.html's
MODES = ("latest", "all")  # the latest page of hands, or every hand


def fill(html: str, request: HttpRequest) -> str:
    """``html`` with this request's values in whichever holes it has."""
    now = dateformat.format(datetime.now(tz=timezone.get_current_timezone()), "c")
    return (
        html.replace(CSRF_HOLE, get_token(request))
        .replace(NONCE_HOLE, new_nonce())
        .replace(OTHER_HOLE, new_nonce())
        .replace(PATH_HOLE, escape(request.get_full_path()))
        .replace(NOW_HOLE, now)
    )


def core_key(match: Match) -> str:
    """The key the board and the chart are kept under (the {% cache %} tags in match.html and
    _live.html), shared by the edit link and the view link; empty when the match shows anything
    but a function of its log version and the language (part of a series, over, or its snapshot
    not yet built: the read builds it first), and nothing of it is kept."""
    snap = match.snapshot
    if match.previous_id is not None or not snapshots.is_current(match) or snap.get("finished"):  # type: ignore[union-attr]
        return ""
    return f"{match.public_id}:{match.version}"


def fragment_key(match: Match, version: int, mode: str) -> str:
    """The edit link's #match fragment (the secret's hash in it: only its pages read it)."""
    return f"kz-match:{match.public_id}:{match.secret_hash[:16]}:{version}:{get_language()}:{mode}"


def live_key(match: Match, version: int, mode: str) -> str:
    """The view link's #live."""
    return f"kz-live:{match.public_id}:{version}:{get_language()}:{mode}"


def drop_version(match: Match, version: int) -> None:
    """Everything kept for ``version`` of the match, in this language."""
    keys = [fragment_key(match, version, mode) for mode in MODES]
    keys += [live_key(match, version, mode) for mode in MODES]
    core = [f"{match.public_id}:{version}", get_language()]
    keys += [make_template_fragment_key(name, core) for name in ("board", "chart")]
    cache.delete_many(keys)


def page_around(
    request: HttpRequest,
    key: str,
    template: str,
    context: Callable[[], dict[str, Any]],
    slot: str,
    fragment: str,
) -> str:
    """The page ``template`` with ``fragment`` in it as the variable ``slot``, filled for this
    request. The page around the fragment does not change with the log: it is rendered once
    under ``key`` (from ``context()``) with the fragment's place and base.html's per-request
    values as holes."""
    page = cache.get(key)
    if page is None:
        ctx = {**context(), slot: mark_safe(FRAGMENT_HOLE), **PAGE_HOLES}
        page = render_to_string(template, ctx, request)
        cache.set(key, page, SECONDS)
    return fill(page.replace(FRAGMENT_HOLE, fragment, 1), request)
