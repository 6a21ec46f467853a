"""A body over the API's 64 KB limit, sent to a real gunicorn: the client gets its JSON 413, not
«connection reset» (the answer used to go before the body was read, and closing a socket with
unread data resets it). Bodies up to a bound are read and dropped; a larger one is answered
with ``Connection: close`` once that much is read."""

from __future__ import annotations

import http.client
import json
import socket

import pytest

from tests.servers import gunicorn

SIZES = [70 * 1024, 900 * 1024, 4 * 1024 * 1024]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    with gunicorn(tmp_path_factory.mktemp("body")) as (port, _log):
        yield port


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("keep_alive", [False, True])
def test_a_body_over_the_limit_is_answered_413_cleanly(server: int, size: int, keep_alive: bool) -> None:
    body = b'{"variant": "' + b"x" * size + b'"}'
    conn = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
    headers = {"Content-Type": "application/json", "Connection": "keep-alive" if keep_alive else "close"}
    conn.request("POST", "/api/v1/score", body, headers)
    resp = conn.getresponse()
    data = json.loads(resp.read())
    assert resp.status == 413 and data["error"] == "body_too_large"
    conn.close()


def test_the_server_goes_on_serving_on_the_same_connection(server: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server, timeout=30)
    conn.request("POST", "/api/v1/score", b"[" * (100 * 1024), {"Content-Type": "application/json"})
    first = conn.getresponse()
    first.read()
    assert first.status == 413
    if first.getheader("Connection", "").lower() == "close":
        conn.close()
    conn.request("GET", "/api/v1/variants")
    assert conn.getresponse().status == 200


def test_a_raw_client_reads_the_answer_after_sending_everything(server: int) -> None:
    body = b"{" + b" " * (6 * 1024 * 1024) + b"}"
    with socket.create_connection(("127.0.0.1", server), timeout=30) as s:
        head = f"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        s.sendall(head.encode() + body)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"body_too_large" in answer


def test_a_length_past_nine_digits_is_past_every_bound(server: int) -> None:
    """A declared length is read as every number in a request is (common.numbers): ten digits are
    no length the API takes, answered 413 as a body too large, not read as a number of any size."""
    with socket.create_connection(("127.0.0.1", server), timeout=30) as s:
        head = "POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\nConnection: close\r\n\r\n"
        s.sendall(head.encode() + b" " * (1024 * 1024))
        s.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"body_too_large" in answer
