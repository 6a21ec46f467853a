"""The engine's exact analysis as the web asks for it: :mod:`.exact` calls the engine (within the
node budget, refusing what it cannot play yet) and keeps recent answers for the pages,
:mod:`.gate` lets one solve run at a time per worker and a few per client, :mod:`.answer` writes
an answer as JSON, and :mod:`.seen` runs the review by what was seen off the request path (the
background task)."""
