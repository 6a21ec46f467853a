"""Settings, read from environment variables (see the README, «Configuration»).

``DJANGO_ENV=production`` turns on the production checks: a secret key and the
allowed hosts must then be given, and the security headers are on.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


ENVIRONMENT = os.environ.get("DJANGO_ENV", "development").strip().lower()
if ENVIRONMENT not in {"development", "production"}:
    raise ImproperlyConfigured("DJANGO_ENV must be 'development' or 'production'")
PRODUCTION = ENVIRONMENT == "production"

DEBUG = env_bool("DJANGO_DEBUG", default=not PRODUCTION)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_ENV=production")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdefghijklmnop"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "" if PRODUCTION else "localhost,127.0.0.1,[::1],testserver")
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must be set when DJANGO_ENV=production")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_ratelimit",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    "common",
    "rules",
    "scorekeeper",
    "scorekeeper.company",
]

MIDDLEWARE = [
    # first: every request has ``request.htmx``, also one refused by a middleware below (the error
    # pages answer htmx with the message alone)
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "kozel_site.middleware.HeadersMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "kozel_site.middleware.LanguageMiddleware",
    "kozel_site.middleware.DatabaseUnavailableMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "kozel_site.urls"
WSGI_APPLICATION = "kozel_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csrf",
                "kozel_site.pwa.context",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite that keeps serving reads from a read-only directory (kozel_site/db/base.py)
    DATABASES["default"]["ENGINE"] = "kozel_site.db"
    # WAL lets readers go on while one writer commits; IMMEDIATE takes the write lock at BEGIN,
    # so two phones recording at once queue up instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, for the test database: two test clients writing at once then queue
    # on the lock as they do in production, instead of failing with "table is locked".
    # One file per test process, so two test runs in one work tree do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}
# Rendered fragments that are pure functions of their key (a rule sheet by variant, options and
# language; a match's parts by its version). No data lives only here: a miss recomputes, so app
# servers stay interchangeable. KOZEL_CACHE_URL: empty or locmem:// for each process's own memory;
# redis://host:port/db for one cache shared by several app servers (docs/operations.md#several-app-servers).
CACHE_URL = os.environ.get("KOZEL_CACHE_URL", "").strip()
REDIS = CACHE_URL.startswith(("redis://", "rediss://", "unix://"))
if not REDIS and CACHE_URL not in ("", "locmem://"):
    raise ImproperlyConfigured("KOZEL_CACHE_URL must be empty, locmem:// or a redis://… URL")


def redis_cache(prefix: str, url: str = CACHE_URL) -> dict[str, Any]:
    """A cache in the Redis of KOZEL_CACHE_URL. Every one fails soft (common.caches: a Redis that
    refuses, times out or is gone is a miss, never an error page), and waits at most half a
    second to connect and to read, so a Redis that does not answer at all costs no more."""
    return {
        "BACKEND": "common.caches.FailSoftRedisCache",
        "LOCATION": url,
        "KEY_PREFIX": prefix,
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }


CACHES: dict[str, dict[str, Any]] = {
    "default": redis_cache("kozel")
    if REDIS
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kozel-fragments",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
    # Counts for the limits on creation (common.limits): shared by every worker and server, in
    # Redis when KOZEL_CACHE_URL names one, else in a table of the database (made by a migration).
    "ratelimit": redis_cache("ratelimit")
    if REDIS
    # one row per address and window; Django culls a third of them past MAX_ENTRIES (default 300),
    # which would forget counts on a busy evening
    else {
        "BACKEND": "common.limits.AtomicDatabaseCache",
        "LOCATION": "kozel_ratelimit",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
    # The exact analysis's answers for the pages (rules.analysis.exact), 10 minutes each: a page
    # drawn again (a step of the review, the other language) does not solve again.
    "analysis": (
        redis_cache("analysis")
        if REDIS
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "kozel-analysis",
            "OPTIONS": {"MAX_ENTRIES": 256},
        }
    )
    | {"TIMEOUT": 600},
}
RATELIMIT_USE_CACHE = "ratelimit"
RATELIMIT_ENABLE = env_bool("KOZEL_RATELIMIT", True)
RATELIMIT_CREATE_RATE = os.environ.get("KOZEL_RATELIMIT_RATE", "30/10m")
# A count that cannot be kept (a full disk, Redis gone: the cache answers a miss, common.caches)
# lets the creation go on, logged, rather than refuse everyone with a 429
RATELIMIT_FAIL_OPEN = True
# The header a trusted proxy puts the client's address in (X-Forwarded-For, X-Real-IP); unset,
# the connection's address is the client's (a header the proxy does not set can be forged).
CLIENT_IP_HEADER = os.environ.get("KOZEL_CLIENT_IP_HEADER", "").strip()
# W001: neither backend above is on django-ratelimit's list; both increment atomically (Redis's
# INCR; AtomicDatabaseCache locks the row), which is what the list is for.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", _("Russian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "kozel_lang"
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
# where collectstatic writes and whitenoise serves from; a test server gets its own directory
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# Compressed, fingerprinted files (collectstatic first) in production and under `make run`
# (DJANGO_STATIC_COMPRESSED=1); the plain storage for tests and `make dev`.
STATIC_COMPRESSED = PRODUCTION or env_bool("DJANGO_STATIC_COMPRESSED", False)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if STATIC_COMPRESSED
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_MAX_AGE = 60 * 60 * 24 * 365 if PRODUCTION else 0

# No accounts: the edit secret in a match's URL is the credential. Sessions are not used.
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie; kept default
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # edit-link pages send none (kozel_site.middleware)
# Content-Security-Policy (django-csp): scripts and styles only from our own static files, no
# inline code at all (htmx's own indicator style is turned off in base.html), no framing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
LANGUAGE_COOKIE_SAMESITE = "Lax"
CSRF_FAILURE_VIEW = "kozel_site.views.csrf_failure"

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# The benchmark's floor (`make bench`): a minimal page, base.html with N static rows, served at
# /bench/floor/?rows=N through the same middleware and context processors as every page. It exists
# only for the benchmark: off unless KOZEL_BENCH_FLOOR is set, and `check --deploy` warns if it is
# on in production.
BENCH_FLOOR = env_bool("KOZEL_BENCH_FLOOR", False)

# The exact analysis of a deal (rules.analysis.gate): solves per client per window of seconds, "N/S".
_rate = os.environ.get("KOZEL_ANALYSE_RATE", "30/60").split("/")
KOZEL_ANALYSE_RATE = (int(_rate[0]), int(_rate[1]) if len(_rate) > 1 else 60)
# positions one request may search (unset: the engine's NODE_BUDGET, about 5 s on one core)
KOZEL_NODE_BUDGET = int(os.environ["KOZEL_NODE_BUDGET"]) if os.environ.get("KOZEL_NODE_BUDGET") else None
# seconds of wall-clock time one solve of a web request may take, whatever the machine's load
KOZEL_SOLVE_SECONDS = float(os.environ.get("KOZEL_SOLVE_SECONDS") or 5)

# Background tasks (Django's tasks API; on 5.2 the django-tasks backport): the review by what was
# seen runs in a worker (`manage.py worker`), never in a web request. KOZEL_TASKS_URL empty: the
# queue is a table of the database (django-tasks-db); redis://… : RQ in that Redis (django-tasks-rq).
# Not KOZEL_CACHE_URL's Redis: a cache may be flushed, a queue may not.
TASKS_URL = os.environ.get("KOZEL_TASKS_URL", "").strip()
if TASKS_URL.startswith(("redis://", "rediss://", "unix://")):
    INSTALLED_APPS += ["django_rq", "django_tasks_rq"]
    TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    # a Redis that is down answers at once, not after the system's connect timeout
    _tasks_redis = (
        TASKS_URL
        if "socket_connect_timeout" in TASKS_URL
        else (TASKS_URL + ("&" if "?" in TASKS_URL else "?") + "socket_connect_timeout=2")
    )
    RQ_QUEUES: dict[str, dict[str, Any]] = {"default": {"URL": _tasks_redis}}
elif TASKS_URL:
    raise ImproperlyConfigured("KOZEL_TASKS_URL must be empty or a redis://… URL")
else:
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# the review by what was seen (rules.analysis.seen): seconds one review may run, and how many may
# wait for the worker before a new one is refused (503 queue_full)
KOZEL_SEEN_SECONDS = int(os.environ.get("KOZEL_SEEN_SECONDS") or 900)
KOZEL_SEEN_QUEUE = int(os.environ.get("KOZEL_SEEN_QUEUE") or 20)
if TASKS_URL:
    # RQ's own bound on a job, past the review's: a worker stuck past it is stopped
    RQ_QUEUES["default"]["DEFAULT_TIMEOUT"] = KOZEL_SEEN_SECONDS + 120

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "strip_secrets": {"()": "kozel_site.logging.StripSecretsFilter"},
        "one_line_refusals": {"()": "kozel_site.logging.OneLineRefusals"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["strip_secrets", "one_line_refusals"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        "django.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
