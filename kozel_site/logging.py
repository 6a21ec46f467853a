"""A log filter that masks match edit secrets in logged request lines."""

from __future__ import annotations

import logging
import re

# Edit links look like /m/<view-id>/e/<secret>/...; the secret is never written to a log.
SECRET_IN_PATH = re.compile(r"(/e/)[A-Za-z0-9_-]{16,}")


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
