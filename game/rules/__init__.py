"""The rules of the game as data: dice and rolls (`dice`), and the rulesets with their boxes and
scorers (`rulesets`). Pure Python, no state of a game in progress."""
