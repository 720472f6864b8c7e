"""Penta's browser shell: the only Python that touches the page (DOM, storage, events).

It is thin: the rules and every decision live in the pure `game` package.
"""
