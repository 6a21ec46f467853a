from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules: referee and rule sheets"
