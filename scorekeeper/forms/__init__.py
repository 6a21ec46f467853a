"""Forms check the shape of what was sent; the engine checks the rules (ARCHITECTURE.md). One
module per concern: what every write sends (:mod:`.write`), a hand (:mod:`.hand`), a correction
of one (:mod:`.correction`), a new match (:mod:`.match`)."""
