from django.urls import path

from . import api, api_analyse, api_stats, seen_api

app_name = "api"
urlpatterns = [
    path("variants", api.variants, name="variants"),
    path("trick", api.trick, name="trick"),
    path("deal", api.deal, name="deal"),
    path("score", api.score, name="score"),
    path("analyse", api_analyse.analyse, name="analyse"),
    path("analyse/seen", seen_api.ask_seen, name="analyse_seen"),
    path("analyse/seen/<str:key>", seen_api.poll_seen, name="analyse_seen_poll"),
    path("stats", api_stats.stats, name="stats"),
]
