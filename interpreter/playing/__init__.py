"""Playing a match: agents and bots, who answers next, sessions and game logs."""
