"""Ten-point Pitch: the rules (``rules``), the record codec (``codec``) and the computer players (``players``)."""
