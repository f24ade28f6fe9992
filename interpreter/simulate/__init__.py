"""Simulation: many matches between bots, summarised in constant memory, on one core or many."""
