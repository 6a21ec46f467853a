"""What the pages show, in words and figures, of what the selectors read."""

from .board import BoardPage

__all__ = ["BoardPage"]
