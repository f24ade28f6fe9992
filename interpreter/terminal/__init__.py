"""Playing in the terminal."""
