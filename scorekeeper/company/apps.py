from django.apps import AppConfig


class CompanyConfig(AppConfig):
    """A company of players: an app of its own beside the scorekeeper's matches, which it reads
    and the scorekeeper never imports. Its tables keep the names they had when the scorekeeper
    held its models (``Meta.db_table``)."""

    name = "scorekeeper.company"
    label = "company"
    verbose_name = "Companies"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from .signals import connect  # a match's committed writes update its companies

        connect()
