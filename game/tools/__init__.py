"""Headless tools: simulate, arena (duplicate matches) and bench."""
