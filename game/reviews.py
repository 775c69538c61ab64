"""The record's optional field ``"reviews"``: the hands' reviews (``game.ai.review``) kept with a game.

Readers that do not know the field ignore it; docs/review.md describes an entry. This module reads and
writes the field only (no computer player is loaded with it: the title screen and the saves use it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

FIELD = "reviews"  # the record's optional field


def review_from_json(data: Any) -> dict[str, Any] | None:
    """A stored review (``HandReview.to_json``) checked loosely: the dict, or None when it is not one."""
    if not isinstance(data, dict) or type(data.get("hand")) is not int or not isinstance(data.get("marks"), list):
        return None
    marks = [m for m in data["marks"] if isinstance(m, dict) and type(m.get("k")) is int
             and isinstance(m.get("text"), str)]
    return {**data, "marks": marks}


def reviews_of(record: Any) -> list[dict[str, Any]]:
    """The reviews kept with a record (its optional ``"reviews"`` field), those that read; [] without any."""
    if not isinstance(record, dict) or not isinstance(record.get(FIELD), list):
        return []
    return [r for r in (review_from_json(x) for x in record[FIELD]) if r is not None]


def with_reviews(record: dict[str, Any], reviews: Sequence[Any]) -> dict[str, Any]:
    """``record`` with its ``"reviews"`` field set (a new dict; none given: the field left out)."""
    out = dict(record)
    rows = [r.to_json() if hasattr(r, "to_json") else r for r in reviews]
    if rows:
        out[FIELD] = rows
    else:
        out.pop(FIELD, None)
    return out
