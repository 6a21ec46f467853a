from django.urls import path

from . import views

app_name = "scorekeeper"
urlpatterns = [
    path("new/", views.new, name="new"),
]
