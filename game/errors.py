"""The errors the core raises for illegal actions and bad data.

Every error names the offending value, and the action that raised it has changed nothing.
"""


class GameError(Exception):
    """Base class of every error the game core raises on purpose."""


class UnknownRulesetError(GameError, KeyError):
    def __init__(self, ruleset_id: object, known: "tuple[str, ...]") -> None:
        super().__init__(f"unknown ruleset {ruleset_id!r}; known rulesets: {', '.join(known)}")

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return str(self.args[0])


class UnknownBoxError(GameError, KeyError):
    def __init__(self, box_id: object, ruleset_id: str) -> None:
        super().__init__(f"unknown box {box_id!r} in ruleset {ruleset_id!r}")

    def __str__(self) -> str:
        return str(self.args[0])


class InvalidDiceError(GameError, ValueError):
    """Dice that are not five faces from 1 to 6."""
