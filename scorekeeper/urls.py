from django.urls import path

from . import views

app_name = "scorekeeper"
urlpatterns = [
    path("new/", views.new, name="new"),
    path("<str:public_id>/", views.watch, name="watch"),
    path("<str:public_id>/export.csv", views.export_csv, name="export_csv"),
    path("<str:public_id>/export.json", views.export_json, name="export_json"),
    path("<str:public_id>/qr.svg", views.qr_view, name="qr_view"),
    path("<str:public_id>/e/<str:secret>/", views.edit, name="edit"),
    path("<str:public_id>/e/<str:secret>/hand/", views.hand_new, name="hand_new"),
    path("<str:public_id>/e/<str:secret>/undo/", views.undo, name="undo"),
    path("<str:public_id>/e/<str:secret>/hand/<int:slot>/", views.hand_change, name="hand_change"),
    path("<str:public_id>/e/<str:secret>/hand/<int:slot>/delete/", views.hand_remove, name="hand_remove"),
    path("<str:public_id>/e/<str:secret>/history/", views.history, name="history"),
    path("<str:public_id>/e/<str:secret>/history/<int:seq>/restore/", views.restore, name="restore"),
    path("<str:public_id>/e/<str:secret>/rematch/", views.rematch, name="rematch"),
    path("<str:public_id>/e/<str:secret>/qr.svg", views.qr_edit, name="qr_edit"),
    path("<str:public_id>/<path:rest>", views.read_only_rest, name="read_only_rest"),
]
