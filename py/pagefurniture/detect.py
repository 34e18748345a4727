"""Find the page furniture: groups of lines repeated across pages, and page-number sequences."""

from __future__ import annotations

from collections.abc import Sequence

from .model import Group, Page


def detect(pages: Sequence[Page]) -> tuple[Group, ...]:
    return ()
