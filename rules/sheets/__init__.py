"""What the rule sheets say: the facts read from the engine's rulesets (:mod:`.facts`), what an
option changes in words (:mod:`.option_texts`), the common disputes (:mod:`.disputes`) and the
prose the facts do not give (:mod:`.prose`). The pages are :mod:`rules.views.sheets`."""
