"""gunicorn settings for production (docs/operations.md):

    gunicorn -c kozel_site/gunicorn.conf.py kozel_site.wsgi:application

Two workers of two threads suit a 2-core server: the work is Python's, so one worker per core,
and a second thread keeps a worker serving while a request waits on the database or a slow
phone. More threads only queue at the interpreter lock: a thread holding SQLite's write lock
waits for the others, and every phone's write waits behind it (`make bench` measures it). The
access log, when turned on with
GUNICORN_ACCESS_LOG (a path, or - for stdout), never shows an edit secret: edit links
carry it in the path (/m/<id>/e/<secret>/) and a referer may carry it too.
"""

from __future__ import annotations

import os

from gunicorn.glogging import Logger

from kozel_site.logging import mask_paths

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
worker_class = "gthread"
timeout = 30
graceful_timeout = 10
keepalive = 5
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
# gunicorn 25.1+ opens a control socket (worker counts, reload, shutdown) under $HOME or
# $XDG_RUNTIME_DIR by default: nothing here uses it, and it is one more way into the server.
control_socket_disable = True


class MaskingLogger(Logger):
    """gunicorn's logger with the paths under a match or a company masked in an access-log line
    as the app's own log masks them (``kozel_site.logging``): the request line, the path and the
    referer never show an edit secret, and a 404 keeps only the id."""

    def atoms(self, resp, req, environ, request_time):  # type: ignore[no-untyped-def]
        atoms = super().atoms(resp, req, environ, request_time)
        not_found = str(atoms.get("s")) == "404"
        return {
            key: mask_paths(value, not_found=not_found) if isinstance(value, str) else value
            for key, value in atoms.items()
        }


logger_class = MaskingLogger
