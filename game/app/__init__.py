"""The whole app as one immutable state and one pure function: `dispatch(state, intent, ...)`.

Everything the screens show follows from an `AppState`: which screen (setup, game, end), the
setup being edited, the settings, the game (`GameState`), the auto-score countdown, the
computer's pacing, the hint, the open dialog, and the last thing to announce. The shell turns
DOM events into *intents* (game.app.intents), calls game.app.update's

    dispatch(state, intent, now=seconds, coach=coach, rng=random_source) -> (AppState, effects)

renders `game.present.snapshot.present(new_state, now)`, and runs the *effects*
(game.app.effects: save, fetch a table, download, set the timer...); what comes of them comes
back as intents (TableLoaded, StatsLoaded, StorageProblems...). Time, randomness and the coach
are passed in, never reached for, so every flow is a plain CPython test. An intent that the
state does not allow (a stale click, a key press at the wrong moment, the second tap of a
double tap on Roll: within `ROLL_GUARD_SECONDS` of the same player's last roll) returns the
state unchanged, and asks for nothing.

Timers: `next_deadline(state)` is when the next `Tick` is due (the end of the auto-score
countdown, or a computer player's next step), or None; the ScheduleTick effect says so.

Seeded dice: `AppState.setup.seed` (from the page's `?seed=N`) makes every game started from it use
`SeededDice(seed)`, so the same seed gives everyone the same dice (and tests replay games).

Keeping games (game.persistence): game.app.start's `resume(state, game, before_last_turn,
now=...)` continues a game restored from the device's storage (a game in progress says so with
`RESTORED_NOTICE` until it is played on); `AppState.play.before_last_turn` is kept after a
human's confirm while the undo setting allows it, and `Undo` returns to it until the next roll (also
from the end screen; a computer player waits `UNDO_WINDOW_SECONDS` before its first roll, so
that the human before it has the time to, and after a box the countdown scored until a person
lets it play: `LetComputerPlay`); StorageProblems, ImportFinished and
HistoryExported bring the storage and import messages (game.app.notices: an import's or an
export's latest outcome replaces the earlier ones), DismissNotice takes one away; `OpenHistory`
asks for the statistics, and StatsLoaded shows them.

One tab plays: `open_elsewhere(state)` when another tab of the app has the game (TabLost;
nothing but notices happens then), `take_over(state, game, before_last_turn, preferences,
now=...)` when the player takes it back (TakeOver, then TabClaimed), from the newest save.

Preferences (game.app.preferences): `preferences_to_data(state)` and
`preferences_from_data(state, data)` turn the settings and the last setup into version-tagged
JSON data and back; data not as written is refused (SaveFileError naming the field), never
trusted.

The modules, each importing only those above it:

    model        AppState and its records, constants, next_deadline, is_computer_turn
    intents      the intents (the user's, and the effects' results) and their union Intent
    effects      the effects and their union Effect
    countdown    the auto-score countdown (what holds it, what a reload keeps of it)
    take_back    whether the last box can be taken back now (undo_available)
    fresh_choices  the second tap of a double tap on what a tap brought up, ignored
    key_answers  what a key changed away from the focus, said for screen readers
    seats        the setup's seats, the players' default names
    preferences  preferences_to_data / preferences_from_data
    notices      the notices of storage problems and of imports and exports
    derived      the effects that follow from a change of state (saves, table, timer...)
    turns        starting and playing a game, undo, the timers
    daily        the daily challenge: today's result, starting today's game
    start        start(boot, now), initial_state, parse_seed, resume, open_elsewhere,
                 take_over, taken_over
    kept         the unfinished games kept (leave, resume, delete) and a finished game's
                 sheet from the history
    update       dispatch

This package imports none of its modules here (a re-export would be an import cycle): name the
module, as in `from game.app.update import dispatch`.
"""
