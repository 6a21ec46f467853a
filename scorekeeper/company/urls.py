from django.urls import path

from .. import urls as _match_urls  # noqa: F401  (registers the «token» path converter)
from . import views

app_name = "company"
urlpatterns = [
    path("new/", views.company_new, name="new"),
    path("<token:public_id>/", views.company_view, name="view"),
    path("<token:public_id>/qr.svg", views.qr_view, name="qr_view"),
    path("<token:public_id>/matches/", views.matches_view, name="matches"),
    path("<token:public_id>/evenings/", views.evenings_view, name="evenings"),
    path("<token:public_id>/evening/<str:day>.png", views.evening_image, name="evening_png"),
    path("<token:public_id>/e/<token:secret>/", views.company_edit, name="edit"),
    path("<token:public_id>/e/<token:secret>/qr.svg", views.qr_edit, name="qr_edit"),
    path("<token:public_id>/e/<token:secret>/matches/", views.matches_edit, name="matches_edit"),
    path("<token:public_id>/e/<token:secret>/player/", views.player_add, name="player_add"),
    path("<token:public_id>/e/<token:secret>/rename/", views.player_rename, name="rename"),
    path("<token:public_id>/e/<token:secret>/merge/", views.players_merge, name="merge"),
    path("<token:public_id>/e/<token:secret>/unmerge/", views.merge_undo, name="unmerge"),
    path("<token:public_id>/e/<token:secret>/match/", views.match_add, name="match_add"),
    path("<token:public_id>/e/<token:secret>/match/remove/", views.match_remove, name="match_remove"),
    path("<token:public_id>/e/<token:secret>/new-match/", views.match_new, name="match_new"),
    path("<token:public_id>/e/<token:secret>/seating/", views.seating, name="seating"),
    path("<token:public_id>/<path:rest>", views.read_only_rest, name="read_only_rest"),
]
