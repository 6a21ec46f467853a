from django.apps import AppConfig


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Scorekeeper"
    default_auto_field = "django.db.models.BigAutoField"
