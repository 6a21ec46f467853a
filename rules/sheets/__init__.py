"""What the rule sheets say: the facts read from the engine's rulesets (:mod:`.facts`), what an
option changes in words (:mod:`.option_texts`) and the common disputes (:mod:`.disputes`); the
words no fact gives are in the templates (``rules/sheet.html``, each variant's
``rules/sheets/<variant>.html``, the glossary's and the disputes'). The pages are
:mod:`rules.views.sheets`."""
