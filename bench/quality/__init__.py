"""Is it right and fair: fair slaps, bot strength, secret leaks, mutation testing of the rules."""
