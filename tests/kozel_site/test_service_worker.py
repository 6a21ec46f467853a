"""The service worker's text and the scripts' catalogues, from the server: the precache list is the
staticfiles manifest's hashed files (no list kept by hand), the catalogues are scripts of our own
origin under the CSP, and the scripts spell no cache name, storage key or URL of their own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from kozel_site import pwa

ROOT = Path(__file__).resolve().parents[2]


def worker(client: Client) -> dict:
    text = client.get("/sw.js").content.decode()
    return json.loads(re.search(r"^var KOZEL = (\{.*\});$", text, re.M).group(1))  # type: ignore[union-attr]


def test_the_precache_list_is_the_manifests_hashed_files(tmp_path: Path) -> None:
    manifest_storage = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=manifest_storage):
        call_command("collectstatic", interactive=False, verbosity=0)
        pwa._released_manifest.cache_clear()
        try:
            sw = worker(Client())
        finally:
            pwa._released_manifest.cache_clear()
    hashed = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    ours = {p.relative_to(ROOT / "static").as_posix() for p in (ROOT / "static").rglob("*") if p.is_file()}
    files = {e["url"]: e["revision"] for e in sw["precache"] if e["url"].startswith("/static/")}
    want = {
        "/static/" + hashed[name]
        for name in ours
        if not name.endswith((".map", ".md", "LICENSE", "LICENCE")) and not name.startswith("vendor/workbox/")
    }
    assert set(files) == want
    assert set(files.values()) == {None}  # the name carries the content's hash
    assert "/static/" + hashed["kozel/app.css"] in files
    # a page kept before a release names the files of that release: offline, this one's stand in
    assert sw["config"]["staticByName"]["/static/kozel/app.css"] == "/static/" + hashed["kozel/app.css"]
    catalogues = {e["url"]: e["revision"] for e in sw["precache"] if not e["url"].startswith("/static/")}
    assert set(catalogues) == {"/jsi18n/ru/", "/jsi18n/en/"} and all(catalogues.values())


def test_in_development_each_file_carries_a_revision_of_its_content(client: Client) -> None:
    sw = worker(client)
    files = {e["url"]: e["revision"] for e in sw["precache"]}
    assert files["/static/kozel/app.css"] and files["/static/scorekeeper/outbox.js"]
    assert files["/static/kozel/app.css"] != files["/static/scorekeeper/outbox.js"]
    assert not any(u.startswith("/static/django_htmx/") for u in files)  # only the project's own


def test_the_worker_keeps_the_pages_django_resolves_for_the_table(client: Client) -> None:
    config = worker(client)["config"]
    kept = [re.compile(r.replace("(?<", "(?P<")) for r in config["kept"]]
    never = [re.compile(r) for r in config["never"]]

    def keeps(path: str) -> bool:
        return not any(r.search(path) for r in never) and any(r.search(path) for r in kept)

    assert keeps("/") and keeps("/rules/") and keeps("/rules/glossary/") and keeps("/m/abc/")
    assert (
        keeps("/m/abc/e/s3cret/") and keeps("/m/abc/e/s3cret/hand/3/") and keeps("/m/abc/e/s3cret/history/")
    )
    assert not keeps("/m/new/") and not keeps("/m/abc/e/s3cret/hand/") and not keeps("/m/abc/export.csv")
    assert not keeps("/api/v1/variants") and not keeps("/offline/")
    assert config["pages"] == pwa.PAGES_CACHE and config["retired"] == pwa.RETIRED_CACHES


@pytest.mark.parametrize(("language", "entry"), [("ru", "%(n)s записи"), ("en", None)])
def test_the_catalogue_is_a_script_of_our_origin(client: Client, language: str, entry: str | None) -> None:
    resp = client.get(f"/jsi18n/{language}/")
    assert resp.status_code == 200
    assert resp["Content-Type"].startswith("text/javascript")
    assert "script-src 'self'" in resp["Content-Security-Policy"]
    text = resp.content.decode()
    assert "django.ngettext" in text and "django.pluralidx" in text
    if entry:
        assert json.dumps(entry) in text  # the Russian forms, as the catalogue writes them
    page = client.get("/", HTTP_COOKIE=f"kozel_lang={language}").content.decode()
    assert f'<script src="/jsi18n/{language}/" defer></script>' in page
    assert client.get("/jsi18n/de/").status_code == 404


# the project's own scripts (htmx.min.js is a vendored library)
SCRIPTS = sorted(
    p
    for d in ("kozel", "rules", "scorekeeper")
    for p in (ROOT / "static" / d).glob("*.js")
    if ".min." not in p.name
)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_the_scripts_spell_no_cache_name_storage_key_or_url(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in text.splitlines())  # not the comments
    names = [pwa.PAGES_CACHE, pwa.OFFLINE_CACHE, pwa.OUTBOX_DB, pwa.OUTBOX_LOCK, *pwa.STORAGE.values()]
    urls = ["/sw.js", "/csrf/", "/healthz", "/offline/", "/jsi18n/", '"/m/', "'/m/"]
    found = [n for n in names + urls if n in code]
    assert found == []
