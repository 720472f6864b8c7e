"""Penta's pure game core: dice, rulesets, game state, strategy, presentation model, i18n.

Nothing in this package touches the browser; it runs and is tested in CPython and runs
unchanged inside Pyodide.
"""
