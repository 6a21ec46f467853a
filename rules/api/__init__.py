"""The JSON API (docs/api.md): what every endpoint shares (:mod:`.http`), the
bodies read for shape (:mod:`.read`), the endpoints on the rules (:mod:`.views`: ``/variants``,
``/trick``, ``/deal``, ``/score``), the exact analysis (:mod:`.analyse`), the review by what was
seen asked for and polled (:mod:`.seen`, its request read by :mod:`.seen_request`) and a
company's figures (:mod:`.stats`). :mod:`.urls` names them under ``/api/v1/``."""
