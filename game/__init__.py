"""Trick Table's rules engine: cards, game states, records and computer players (no pygame)."""
