"""Optimal play: solved value tables, the advisor that ranks every action, and computer players."""
