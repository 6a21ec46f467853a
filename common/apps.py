from django.apps import AppConfig


class CommonConfig(AppConfig):
    """An app for the one table ``common`` owns: the counts of the limits on creation
    (``common.limits``)."""

    name = "common"
    verbose_name = "Common: links, numbers in requests, limits and caches"
    default_auto_field = "django.db.models.BigAutoField"
