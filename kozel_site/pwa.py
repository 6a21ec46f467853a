"""What the service worker (``templates/pwa/sw.js``) and the page scripts share, each defined once
here and handed to them: to the worker as its template's context, to the pages as data attributes
of the site.js script tag (``Kozel.conf``). The scripts never spell a cache name, a storage key or
a URL of their own (docs/offline.md)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest
from django.templatetags.static import static
from django.urls import get_resolver, reverse
from django.utils import translation
from django.utils.html import format_html_join
from django.views.i18n import JavaScriptCatalog

# The pages a phone keeps for the table (the name keeps what phones already hold across releases).
PAGES_CACHE = "kozel-pages-v1"
OFFLINE_CACHE = "kozel-offline-v1"  # the offline page alone, in the language the phone last used
CACHE_PREFIX = "kozel"  # Workbox's own caches: kozel-precache-v2-…
RETIRED_CACHES = ["kozel-static-v1"]  # the static files' cache before the precache took over
# The pages cache keeps the most recently used pages, for at most this long
KEPT_PAGES = 80
KEPT_DAYS = 120

OUTBOX_DB = "kozel-outbox"
OUTBOX_STORE = "entries"
OUTBOX_LOCK = "kozel-outbox"
STORAGE = {  # localStorage
    "matches": "kozel.matches",  # the matches opened on this phone (score.js)
    "houses": "kozel.houses",  # the house-rule sheets opened on this phone (rules.js)
    "seen": "kozel.seen",  # kept pages' titles, for the offline page's list
    "lang": "kozel.lang",  # the language the offline page was kept in
}
# A write with no answer by then is kept in the outbox. Tests shorten it through the setting.
WRITE_TIMEOUT_MS = 10_000

# Pages kept for the table, by URL name; a path one of NEVER_KEPT matches first is not one of them.
KEPT_PAGE_NAMES = (
    "home",
    "rules:index",
    "rules:referee",
    "rules:glossary",
    "rules:sheet",
    "rules:house",
    "scorekeeper:watch",
    "scorekeeper:edit",
    "scorekeeper:hand_change",
    "scorekeeper:kon",
    "scorekeeper:history",
    "company:view",
    "company:edit",
    "company:matches",
    "company:matches_edit",
    "company:evenings",
)
NEVER_KEPT_NAMES = ("scorekeeper:new", "company:new")

# Precached with the worker: every static file but these (the worker's own imports are kept by the
# browser with the worker; source maps only serve developer tools)
_NOT_PRECACHED = (".map", "vendor/workbox/", "README.md", "LICENSE", "LICENCE")


def _js_regex(name: str) -> str:
    """The path regex Django resolves ``name`` with, in JavaScript's syntax."""
    resolver = get_resolver()
    namespace, _, short = name.rpartition(":")
    prefix, sub = resolver.namespace_dict[namespace] if namespace else ("", resolver)
    pattern = sub.reverse_dict.getlist(short)[0][1]
    assert pattern.endswith(r"\Z"), pattern
    return "^/" + prefix + pattern[: -len(r"\Z")].replace("(?P<", "(?<") + "$"


def _static_names() -> list[str]:
    """The project's own static files (static/; not the apps' libraries' files it never uses)."""
    ours = {path for path, _storage in finders.FileSystemFinder().list([])}
    if hasattr(staticfiles_storage, "hashed_files"):  # the manifest storage (collectstatic)
        ours &= set(staticfiles_storage.hashed_files)
    return sorted(n for n in ours if not any(n.endswith(x) or n.startswith(x) for x in _NOT_PRECACHED))


def _revision(name: str) -> str | None:
    """None for a fingerprinted name (its URL changes with its content), else the content's hash."""
    if hasattr(staticfiles_storage, "hashed_files"):
        return None
    path = finders.find(name)
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16] if path else None


@lru_cache(maxsize=8)
def catalogue_text(language: str) -> bytes:
    """The scripts' translations and plural rule in ``language`` (Django's JavaScriptCatalog,
    the djangojs domain): fixed for a release, so rendered once per process."""
    with translation.override(language):
        return JavaScriptCatalog().get(HttpRequest()).content


def precache_manifest() -> list[dict[str, str | None]]:
    """Workbox's precache list: the static files, and the scripts' translation catalogues (their
    revision a hash of their text, so a release that changes a translation updates them). Fixed
    for a release under the manifest storage; read afresh otherwise (`make dev`: edited files)."""
    if hasattr(staticfiles_storage, "hashed_files"):
        return _released_manifest()
    return _precache_list()


@lru_cache(maxsize=1)
def _released_manifest() -> list[dict[str, str | None]]:
    return _precache_list()


def _precache_list() -> list[dict[str, str | None]]:
    files = [{"url": static(n), "revision": _revision(n)} for n in _static_names()]
    catalogues: list[dict[str, str | None]] = [
        {
            "url": reverse("js_catalog", args=[code]),
            "revision": hashlib.sha256(catalogue_text(code)).hexdigest()[:16],
        }
        for code, _name in settings.LANGUAGES
    ]
    return files + catalogues


def static_by_name() -> dict[str, str]:
    """Each static file's unhashed URL → its URL now: a page kept before a release names the
    files of that release, and offline gets the ones of this release instead."""
    urls = {settings.STATIC_URL + n: static(n) for n in _static_names()}
    return {plain: now for plain, now in urls.items() if plain != now}


def worker_config() -> dict[str, Any]:
    return {
        "pages": PAGES_CACHE,
        "offline": OFFLINE_CACHE,
        "prefix": CACHE_PREFIX,
        "retired": RETIRED_CACHES,
        "keptPages": KEPT_PAGES,
        "keptSeconds": KEPT_DAYS * 24 * 3600,
        "offlineUrl": reverse("offline"),
        "staticUrl": settings.STATIC_URL,
        "kept": [_js_regex(n) for n in KEPT_PAGE_NAMES],
        "never": [_js_regex(n) for n in NEVER_KEPT_NAMES],
        "staticByName": static_by_name(),
    }


def worker_json() -> str:
    """The worker's configuration and precache list, as JavaScript literals: a release that
    changes any of it changes the worker's text, so the phones install the new worker."""
    return json.dumps({"config": worker_config(), "precache": precache_manifest()}, ensure_ascii=False)


@lru_cache(maxsize=1)
def _page_config() -> dict[str, str]:
    return {
        "sw": reverse("service_worker"),
        "scope": reverse("home"),
        "csrf": reverse("csrf_token"),
        "health": reverse("healthz"),
        "offline": reverse("offline"),
        "pages-cache": PAGES_CACHE,
        "outbox-db": OUTBOX_DB,
        "outbox-store": OUTBOX_STORE,
        "outbox-lock": OUTBOX_LOCK,
        **{f"key-{k}": v for k, v in STORAGE.items()},
    }


def page_attributes() -> str:
    """``data-…`` attributes for the site.js script tag (``Kozel.conf`` in the scripts)."""
    timeout = getattr(settings, "KOZEL_WRITE_TIMEOUT_MS", WRITE_TIMEOUT_MS)
    items = [*_page_config().items(), ("timeout", str(timeout))]
    return format_html_join(" ", 'data-{}="{}"', items)


def context(request: HttpRequest) -> dict[str, str]:
    """The context processor that gives base.html ``pwa_attributes``."""
    return {"pwa_attributes": page_attributes()}
