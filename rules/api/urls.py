from django.urls import path

from . import analyse, seen, stats, views

app_name = "api"
urlpatterns = [
    path("variants", views.variants, name="variants"),
    path("trick", views.trick, name="trick"),
    path("deal", views.deal, name="deal"),
    path("score", views.score, name="score"),
    path("analyse", analyse.analyse, name="analyse"),
    path("analyse/seen", seen.ask_seen, name="analyse_seen"),
    path("analyse/seen/<str:key>", seen.poll_seen, name="analyse_seen_poll"),
    path("stats", stats.stats, name="stats"),
]
