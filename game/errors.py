"""The errors the core raises for illegal actions and bad game data.

Every error names the offending value, and the action that raised it has changed nothing.
The other families have their own bases, beside the data they guard: StorageError
(game.persistence.storage: records that cannot be read or written), I18nError (game.i18n.locale:
catalogs and messages) and RulesTextError (game.i18n.rules_text: the rule sheets).

    GameError
    ├── UnknownRulesetError        an id that is not a ruleset
    ├── UnknownBoxError            a box id the ruleset does not have
    ├── InvalidDiceError           not five faces from 1 to 6
    ├── InvalidSetupError          a new game with bad players or a bad seed
    ├── IllegalActionError         an action the current state does not allow
    │   ├── GameOverError              any action after the last box was filled
    │   ├── WrongPlayerError           acting for a player whose turn it is not
    │   ├── NotRolledYetError          keeping, selecting or scoring before the first roll
    │   ├── NoRollsLeftError           rolling (or keeping) after the third roll
    │   ├── AllDiceKeptError           rolling with all five dice kept: it would waste a roll
    │   ├── InvalidDieIndexError       a die position outside 0..4, or named twice
    │   ├── BoxFilledError             scoring or selecting a box that already holds points
    │   └── JokerForbiddenBoxError     scoring or selecting an open box the joker rule forbids
    └── SaveFileError              a saved game that is malformed or inconsistent
        └── UnsupportedVersionError    a saved game in a schema version this build cannot read
"""


class GameError(Exception):
    """Base class of the errors of the game itself: rulesets, moves and saved games.

    Each one names the bad value; an `except GameError` catches any of them:

    >>> from game.play.engine import new_game
    >>> try:
    ...     new_game("poker", [])
    ... except GameError as error:
    ...     print(f"{type(error).__name__}: {error}")
    UnknownRulesetError: unknown ruleset 'poker'; known rulesets: penta, yatzy
    """


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


class InvalidSetupError(GameError, ValueError):
    """A new game asked for with no players, a bad player, or a bad seed."""


class IllegalActionError(GameError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


class GameOverError(IllegalActionError):
    pass


class WrongPlayerError(IllegalActionError):
    pass


class NotRolledYetError(IllegalActionError):
    pass


class NoRollsLeftError(IllegalActionError):
    pass


class AllDiceKeptError(IllegalActionError):
    pass


class InvalidDieIndexError(IllegalActionError, ValueError):
    pass


class BoxFilledError(IllegalActionError):
    pass


class JokerForbiddenBoxError(IllegalActionError):
    pass


class RealDiceError(IllegalActionError):
    """Dice entered by hand in a game whose dice roll on screen, or a roll asked of a game
    played with real dice (their faces are entered: game.play.real_dice)."""


class RollNumberError(IllegalActionError, ValueError):
    """Entered dice said to be a roll (1st, 2nd, 3rd) that they cannot be in this turn."""


class SaveFileError(GameError, ValueError):
    """A saved game that cannot be loaded; the message says where and what is wrong."""


class UnsupportedVersionError(SaveFileError):
    """Kept apart so that a loader can offer to migrate older versions."""
