"""Plain English about seats and sides: "You made your bid", "West was set back", "You & North win".

A side is named by its player ("You", "West") or by both partners ("You & North"). "You"
and two partners take plural verbs; "You" owns "your", partners "their", anyone else "the".
"""

from __future__ import annotations

YOU = "You"


def plural(name: str) -> bool:
    """True when ``name`` takes a plural verb ("You were", "You & North were")."""
    return name == YOU or " & " in name


def verb(name: str, singular: str, plural_form: str) -> str:
    """``plural_form`` for "You" and partnerships, ``singular`` for anyone else."""
    return plural_form if plural(name) else singular


def was(name: str) -> str:
    """"were" or "was"."""
    return verb(name, "was", "were")


def wins(name: str) -> str:
    """"win" or "wins"."""
    return verb(name, "wins", "win")


def their_bid(name: str) -> str:
    """The side's own bid: "your bid" for You, "their bid" for partners, "the bid" for one other player."""
    if name == YOU:
        return "your bid"
    return "their bid" if " & " in name else "the bid"


def owner(name: str) -> str:
    """The possessive of one player: "Your", "West's"."""
    return "Your" if name == YOU else f"{name}'s"
