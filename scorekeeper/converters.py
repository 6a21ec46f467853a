"""Path converters: a match id or an edit secret is URL-safe base64 (``secrets.token_urlsafe``), so
anything else in its place, a NUL byte or a percent-encoded oddity, is a 404 before any query."""

from __future__ import annotations


class TokenConverter:
    """A public id (12 characters) or an edit secret (32): letters, digits, ``-`` and ``_``."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
