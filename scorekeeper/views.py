from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def new(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html")
