"""What the logs write of a path under a match or a company: never its edit secret, whatever the
shape of the link it came in (Django's request lines through :class:`StripSecretsFilter`,
gunicorn's access log through ``gunicorn.conf.MaskingLogger``).

Under ``/m/<id>/`` and ``/c/<id>/`` the id is kept and every segment after it is kept only if it
is a word of the site's own URLs (``e``, ``hand``, ``kon``, …), a small number or an evening's
date: anything else, a secret whole or cut short, is «…». A path that found no page (404) keeps
its id alone: ``/m/<id>/…``. An id that is not id-shaped (a percent-encoded slash in it) is «…»
too, and a secret after ``/e/`` is masked wherever it stands, its slashes or «e» percent-encoded
or not (the server decodes the path before routing, so those reach the page as well).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django.core.exceptions import BadRequest, PermissionDenied

_SLASH = r"(?:/|%2f)"
SECRET_IN_PATH = re.compile(
    rf"({_SLASH}(?:e|%[46]5){_SLASH})(?:[a-z0-9_-]|%[0-9a-f]{{2}}){{16,}}", re.IGNORECASE
)

# the literal segments of scorekeeper/urls.py and scorekeeper/company/urls.py
# (tests/kozel_site/test_log_masking.py keeps them in step)
WORDS = frozenset(
    {
        "e",
        "new",
        "hand",
        "kon",
        "undo",
        "dispute",
        "delete",
        "history",
        "restore",
        "rematch",
        "qr.svg",
        "export.csv",
        "export.json",
        "matches",
        "evenings",
        "evening",
        "player",
        "rename",
        "merge",
        "unmerge",
        "match",
        "remove",
        "new-match",
        "seating",
    }
)
SMALL_NUMBER = re.compile(r"\d{1,6}")  # a hand's number or slot, a history entry
EVENING = re.compile(r"\d{4}-\d\d-\d\d\.png")
ID = re.compile(r"[A-Za-z0-9_-]{1,24}")
# a path under a match or a company: at the start, after a space or quote (a request line, a
# message), or after the host of a full URL (a referer); up to the query, a space or a quote
UNDER_ID = re.compile(r"""(^|[\s"'(]|//[^/\s"']+)(/[mc]/)([^/\s?#"']*)((?:/[^\s?#"']*)?)""", re.IGNORECASE)


def _segment(part: str) -> str:
    if part == "" or part.lower() in WORDS or SMALL_NUMBER.fullmatch(part) or EVENING.fullmatch(part):
        return part
    return "…"


def mask_paths(text: str, *, not_found: bool = False) -> str:
    """``text`` with every path under a match or a company masked (``not_found``: it found no
    page, every segment after the id is «…»)."""

    def masked(m: re.Match[str]) -> str:
        lead, prefix, ident, rest = m.groups()
        ident = ident if ID.fullmatch(ident) else "…"
        if not rest:
            return f"{lead}{prefix}{ident}"
        if not_found and rest.strip("/"):
            return f"{lead}{prefix}{ident}/…"
        return f"{lead}{prefix}{ident}" + "/".join(_segment(p) for p in rest.split("/"))

    return SECRET_IN_PATH.sub(r"\1…", UNDER_ID.sub(masked, text))


class StripSecretsFilter(logging.Filter):
    """Masks the paths in a log record's message and arguments; a record of a 404 (Django's
    ``status_code``) keeps only the ids."""

    def filter(self, record: logging.LogRecord) -> bool:
        not_found = getattr(record, "status_code", None) == 404

        def mask(value: Any) -> Any:
            return mask_paths(value, not_found=not_found) if isinstance(value, str) else value

        if isinstance(record.args, tuple):
            record.args = tuple(mask(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: mask(v) for k, v in record.args.items()}
        record.msg = mask(record.msg)
        return True


class OneLineRefusals(logging.Filter):
    """A request the site refuses (Django's ``BadRequest``: a number out of its bounds,
    ``common.numbers``, answered 400; ``PermissionDenied``: a write through a view link, 403) is
    the client's doing, answered with what was wrong: its log line goes without the traceback
    Django attaches, which would say nothing about the site."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], (BadRequest, PermissionDenied)):
            record.exc_info = None
            record.exc_text = None
        return True
