"""Spades for two: the drawing, the rules and the record codec."""
