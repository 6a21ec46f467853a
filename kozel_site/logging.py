"""A log filter that masks match edit secrets in logged request lines."""

from __future__ import annotations

import logging
import re

# Edit links look like /m/<view-id>/e/<secret>/...; the secret is never written to a log. The
# server decodes the path before routing, so /m/x%2Fe%2F<secret>/ and a secret written as %41…
# reach the same page: any percent-encoding of the slashes, the «e» or the secret is masked too.
# Whatever the case: /m/<id>/E/<secret>/ is a 404, but the secret in it is still the real one.
_SLASH = r"(?:/|%2f)"
SECRET_IN_PATH = re.compile(
    rf"({_SLASH}(?:e|%[46]5){_SLASH})(?:[a-z0-9_-]|%[0-9a-f]{{2}}){{16,}}", re.IGNORECASE
)


class StripSecretsFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = (
                tuple(SECRET_IN_PATH.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args)
                if isinstance(record.args, tuple)
                else record.args
            )
        if isinstance(record.msg, str):
            record.msg = SECRET_IN_PATH.sub(r"\1…", record.msg)
        return True
