"""Presenting a game: narration, prompts, what a seat sees, a card's look, and rules in words."""
