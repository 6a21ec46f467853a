from django.urls import path, register_converter

from . import views
from .converters import TokenConverter

register_converter(TokenConverter, "token")

app_name = "scorekeeper"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("<token:public_id>/", views.watch, name="watch"),
    path("<token:public_id>/export.csv", views.export_csv, name="export_csv"),
    path("<token:public_id>/export.json", views.export_json, name="export_json"),
    path("<token:public_id>/qr.svg", views.qr_view, name="qr_view"),
    path("<token:public_id>/e/<token:secret>/", views.edit, name="edit"),
    path("<token:public_id>/e/<token:secret>/hand/", views.hand_new, name="hand_new"),
    path("<token:public_id>/e/<token:secret>/undo/", views.undo, name="undo"),
    path("<token:public_id>/e/<token:secret>/hand/<int:slot>/", views.hand_change, name="hand_change"),
    path(
        "<token:public_id>/e/<token:secret>/hand/<int:slot>/dispute/", views.hand_dispute, name="hand_dispute"
    ),
    path("<token:public_id>/e/<token:secret>/hand/<int:slot>/delete/", views.hand_remove, name="hand_remove"),
    # a hand by the number the board shows (views.kon); hand/<slot>/ above stays as it is
    path("<token:public_id>/e/<token:secret>/kon/<int:number>/", views.hand_change_by_number, name="kon"),
    path(
        "<token:public_id>/e/<token:secret>/kon/<int:number>/dispute/",
        views.hand_dispute_by_number,
        name="kon_dispute",
    ),
    path(
        "<token:public_id>/e/<token:secret>/kon/<int:number>/delete/",
        views.hand_remove_by_number,
        name="kon_remove",
    ),
    path("<token:public_id>/e/<token:secret>/history/", views.history, name="history"),
    path("<token:public_id>/e/<token:secret>/history/<int:seq>/restore/", views.restore, name="restore"),
    path("<token:public_id>/e/<token:secret>/rematch/", views.rematch, name="rematch"),
    path("<token:public_id>/e/<token:secret>/qr.svg", views.qr_edit, name="qr_edit"),
    path("<token:public_id>/<path:rest>", views.read_only_rest, name="read_only_rest"),
]
