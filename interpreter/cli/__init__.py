"""The `houserules` command."""
