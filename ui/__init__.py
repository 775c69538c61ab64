"""Trick Table's window: pygame scenes, card art, animation and layout."""
