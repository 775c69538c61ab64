"""The replay viewer's parts: the hand list (and the timeline)."""
