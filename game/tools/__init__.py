"""Headless tools: simulate, arena (duplicate matches), choice_flips (a bid-choice trial on the plays it
changes) and bench."""
