// Intentionally empty: a cross-import overlay name that Swift Testing probes for.
