from django.urls import path

from . import api, api_analyse, api_stats

app_name = "api"
urlpatterns = [
    path("variants", api.variants, name="variants"),
    path("trick", api.trick, name="trick"),
    path("deal", api.deal, name="deal"),
    path("score", api.score, name="score"),
    path("analyse", api_analyse.analyse, name="analyse"),
    path("stats", api_stats.stats, name="stats"),
]
