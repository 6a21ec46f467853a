from django.conf import settings
from django.urls import include, path
from django.views.i18n import set_language

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("lang/", set_language, name="set_language"),
    path("healthz", views.healthz, name="healthz"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
    path("jsi18n/<str:language>/", views.js_catalog, name="js_catalog"),
    path("csrf/", views.csrf_token, name="csrf_token"),
    path("api/v1/", include("rules.api.urls")),
    path("rules/", include("rules.urls")),
    path("m/", include("scorekeeper.urls")),
    path("c/", include("scorekeeper.company.urls")),  # a company of players (scorekeeper.company)
]

handler400 = "kozel_site.views.bad_request"
handler403 = "kozel_site.views.forbidden"
handler404 = "kozel_site.views.not_found"
handler500 = "kozel_site.views.server_error"

if settings.BENCH_FLOOR:  # the benchmark's floor page, off unless KOZEL_BENCH_FLOOR is set
    urlpatterns.append(path("bench/floor/", views.bench_floor, name="bench_floor"))
