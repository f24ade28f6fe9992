"""The engine: a game state as data, and the turn, dealing, drawing, moves, scoring and replacement
as functions over it. It imports no loader, no language and no front end."""
