"""Scenario files: an exact table, the answers, and what must then hold."""
