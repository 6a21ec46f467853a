from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("", views.index, name="index"),
    path("referee/", views.referee, name="referee"),
    path("referee/deal/", views.deal, name="deal"),
    path("referee/hand/", views.hand, name="hand"),
    path("referee/seen/", views.seen_ask, name="seen"),
    path("referee/seen/<str:key>/<int:play>/", views.seen_poll, name="seen_poll"),
    path("compare/", views.compare, name="compare"),
    path("glossary/", views.glossary, name="glossary"),
    path("disputes/", views.disputes, name="disputes"),
    path("house/", views.house_new, name="house_new"),
    path("house/<slug:slug>/", views.house_sheet, name="house"),
    path("<slug:key>/", views.sheet, name="sheet"),
]
