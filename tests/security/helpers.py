"""Start a match through the real form, the way a phone does."""

from __future__ import annotations

from django.test import Client


def start_match(client: Client, variant: str = "classic-sixes") -> tuple[str, str, str]:
    """Returns (view path, edit path, secret)."""
    client.get("/m/new/")
    resp = client.post(
        "/m/new/",
        {
            "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
            "variant": variant,
            "team_0": "Reds",
            "team_1": "Blacks",
            "first_dealer": "0",
        },
    )
    assert resp.status_code == 302, resp.content[:300]
    edit = resp["Location"]
    parts = edit.strip("/").split("/")  # m, public_id, e, secret
    return f"/m/{parts[1]}/", edit, parts[3]
