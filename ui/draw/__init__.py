"""Drawing: card art, theme, text, suits, widgets, tweens, sprites and toasts (no scene, no table)."""
