"""The rule sheets: the list of variants, one variant's sheet, the comparison, the glossary
and the disputes."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from common.http import url
from rules import referee as ref
from rules.engine.variants import ALL_VARIANTS, VARIANTS
from rules.messages import VARIANT_BLURBS, variant_name
from rules.sheets import facts

from .pages import rules_form, start_match_url, variants_offered


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"variants": variants_offered()})


@require_safe
def sheet(request: HttpRequest, key: str) -> HttpResponse:
    """One variant's rule sheet, built from the engine's ruleset (``?opt_<name>=`` shows it with options)."""
    if key not in ALL_VARIANTS:
        raise Http404(key)
    query = request.GET.copy()
    query["variant"] = key
    query.pop("was", None)
    rules = ref.read_rules(query)
    rs = rules.ruleset
    assert rs is not None
    context = {
        "key": key,
        "name": variant_name(key),
        "blurb": VARIANT_BLURBS.get(key, ""),
        # lazy: the sheet.html fragment cache usually answers without reading the facts
        "rs": rs,
        "rules": rules,
        "f": SimpleLazyObject(lambda: facts.sheet_facts(rs)),
        "options": rules_form(rules, every_table=True),
        "house": key in VARIANTS,  # house rules are made from the four-seat games
        "referee": url("rules:referee", query=rules.params()),
        "start": start_match_url(rules.params()),
    }
    # the sheet (rules/sheet.html) with the words only this variant has
    template = f"rules/sheets/{key}.html"
    return render(request, template, context, status=400 if rules.problems else 200)


COMPARE_MAX = 3


@require_safe
def compare(request: HttpRequest) -> HttpResponse:
    """Two or three variants side by side (``?v=classic-sixes&v=voon-series``), so the table fits
    a phone; the highlight still compares each value with what most variants do."""
    table = facts.comparison()
    keys = [v["key"] for v in table["variants"]]
    picked = [k for k in dict.fromkeys(request.GET.getlist("v")) if k in keys]
    too_many = len(picked) > COMPARE_MAX
    picked = picked[:COMPARE_MAX]
    if len(picked) < 2:
        picked = (picked + [k for k in keys if k not in picked])[:2] if picked else keys[:2]
    cols = [keys.index(k) for k in picked]
    shown = {
        "variants": [table["variants"][i] for i in cols],
        "rows": [{**row, "cells": [row["cells"][i] for i in cols]} for row in table["rows"]],
    }
    choices = [{**v, "checked": v["key"] in picked} for v in table["variants"]]
    context = {"table": shown, "choices": choices, "too_many": too_many, "max": COMPARE_MAX}
    return render(request, "rules/compare.html", context)


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/glossary.html")


@require_safe
def disputes(request: HttpRequest) -> HttpResponse:
    from rules.sheets import disputes as d

    return render(request, "rules/disputes.html", {"answers": d.answers()})
