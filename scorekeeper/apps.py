from django.apps import AppConfig
from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def bench_floor_off(app_configs, **kwargs):  # type: ignore[no-untyped-def]
    """The benchmark's floor page (KOZEL_BENCH_FLOOR) has no place on a deployed server."""
    if getattr(settings, "BENCH_FLOOR", False):
        return [
            checks.Warning(
                "KOZEL_BENCH_FLOOR is on: /bench/floor/ is served (only `make bench` needs it).",
                id="kozel.W001",
            )
        ]
    return []


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Scorekeeper"
    default_auto_field = "django.db.models.BigAutoField"
