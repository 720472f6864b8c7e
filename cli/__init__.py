"""The command line and everything else that only runs in CPython, never in the browser.

`python -m game` (cli/main.py) scores dice, plays random games, advises and simulates; here too
are what only it and the tools use: random legal play (`random_play`), fast one-player
simulation (`simulate`) and the strategy table files of a checkout (`tables`). Nothing in
game/ or shell/ imports this package, so the build never ships it (tests/unit/test_imports.py
checks both).
"""
