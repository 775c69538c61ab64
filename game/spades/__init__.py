"""Spades for four players in two partnerships: the rules and the record codec."""
