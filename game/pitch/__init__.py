"""Pitch (Auction Pitch, Setback): the rules and the record codec."""
