"""Players' names as read from a file: records, saves and the statistics file all read them through here.

A name in a file is never trusted to be drawable: it may hold a NUL, a lone surrogate (a JSON escape
such as ``"\\ud800"``), control or format characters, or be a megabyte long. The readers do not refuse
a record, save or statistics file for its names: every name is *cleaned on read* by ``clean_name``,
the same way everywhere, so that what the table, the viewer, the score sheet and the Statistics
screen show is the same short printable text.

A clean name holds only printable characters (``str.isprintable``: no control, format, surrogate,
private-use or unassigned code points); any other whitespace (tabs, line breaks, no-break spaces)
becomes one space, runs of spaces become one, the ends are trimmed, and it is cut to
``MAX_NAME_CHARS`` characters (as the table shows a seat's name). A name that is left empty, or a
value that is not text at all, gives the ``fallback``.
"""

from __future__ import annotations

__all__ = ["MAX_NAME_CHARS", "clean_name", "seat_names"]

MAX_NAME_CHARS = 24  # a seat's name as the table shows it


def clean_name(raw: object, fallback: str = "") -> str:
    """``raw`` as a clean name (see the module's contract), or ``fallback`` when nothing printable is left.

    Reads only as far as it needs: a name a megabyte long costs no more than its first printable
    characters (plus any unprintable ones before them)."""
    if not isinstance(raw, str):
        return fallback
    kept: list[str] = []
    space = False  # a space is pending between two kept words
    for char in raw:
        if char.isspace():
            space = bool(kept)
            continue
        if not char.isprintable():
            continue
        if space:
            kept.append(" ")
            space = False
        kept.append(char)
        if len(kept) >= MAX_NAME_CHARS:
            break
    name = "".join(kept)[:MAX_NAME_CHARS].rstrip()
    return name or fallback


def seat_names(seats: object, num_seats: int) -> list[str]:
    """The clean name of each of ``num_seats`` seats of a record's ``seats`` list (``"Seat 1"``, ``"Seat 2"``
    ... for a seat that is missing, is not an object, or whose name cleans to nothing)."""
    listed = seats if isinstance(seats, list) else []
    out = []
    for number in range(num_seats):
        seat = listed[number] if number < len(listed) else None
        raw = seat.get("name") if isinstance(seat, dict) else None
        out.append(clean_name(raw, f"Seat {number + 1}"))
    return out
