"""What both apps need and neither owns: the links they build and the request as their views see
it. Below ``rules`` and ``scorekeeper``, importing neither (nor ``kozel_site``, which sits on top)."""
