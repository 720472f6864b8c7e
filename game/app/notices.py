"""The notices: which catalog key tells the player of each storage problem and of the
export's and the import's outcomes (the shell reports what storage said; the words are the
core's), and the result intents that bring them (StorageProblems, ImportFinished...) applied
to the state, with the effects they ask for."""

from __future__ import annotations

from dataclasses import replace

from game.app.effects import Effect, ImportFile, ListUnreadable, LoadKept, LoadStats, Warn
from game.app.intents import ImportFinished
from game.app.model import SAVE_FAILED_NOTICE, AppState, Notice, Screen
from game.persistence.history import HISTORY
from game.persistence.kept import KEPT_KEY
from game.persistence.session import PREFERENCES_KEY, SESSION_KEY
from game.persistence.storage import ProblemKind, StorageProblem

PROBLEM_NOTICES = {
    ProblemKind.NOT_JSON: "storage.corrupt",
    ProblemKind.INVALID: "storage.corrupt",
    ProblemKind.SET_ASIDE_IN_PART: "storage.corrupt",
    ProblemKind.UNKNOWN_VERSION: "storage.unknown_version",
    ProblemKind.WRITE_FAILED: SAVE_FAILED_NOTICE.key,
    ProblemKind.CONFLICT: "storage.conflict",
    ProblemKind.NOT_KEPT: "storage.not_kept",
}
RECORD_NOTICES = {
    (SESSION_KEY, False): "storage.corrupt_game",
    (HISTORY.key, False): "storage.corrupt_history",
    (HISTORY.key, True): "storage.history_in_part",
    (KEPT_KEY, False): "storage.corrupt_kept",
    (KEPT_KEY, True): "storage.kept_in_part",
    (PREFERENCES_KEY, False): "storage.corrupt_preferences",
    (PREFERENCES_KEY, True): "storage.preferences_in_part",
}
"""What an unreadable record (or one read in part: True) held, said plainly: "Some saved data
could not be read" left a walk guessing what was gone."""
UNREADABLE_KEPT = "storage.unreadable_kept"
"""How much data is set aside as unreadable, with the offer to export or delete it: at each
start while there is any; closed, the offer goes with it (a walk found the two buttons alone
after a reload, unexplained, and no way to put them away)."""
DATA_NOTICES = "data."
"""The catalog keys of the export's and the import's outcomes."""

Outcome = tuple[AppState, tuple[Effect, ...]]


def notice(key: str, **values: int | str) -> Notice:
    return Notice(key, tuple(sorted(values.items())))


def problem_notice(problem: StorageProblem) -> Notice:
    """The notice that tells the player of `problem`."""
    unreadable = (ProblemKind.NOT_JSON, ProblemKind.INVALID, ProblemKind.SET_ASIDE_IN_PART)
    if problem.kind in unreadable:
        in_part = problem.kind is ProblemKind.SET_ASIDE_IN_PART
        said = RECORD_NOTICES.get((problem.key, in_part))
        if said is not None:
            return Notice(said)
    return Notice(PROBLEM_NOTICES[problem.kind])


def with_notices(state: AppState, *notices: Notice) -> AppState:
    """`state` showing `notices` too (each notice once)."""
    new = tuple(item for item in dict.fromkeys(notices) if item not in state.ui.notices)
    if not new:
        return state
    return replace(state, ui=replace(state.ui, notices=(*state.ui.notices, *new)))


def with_data_outcome(state: AppState, *notices: Notice) -> AppState:
    """An import's or an export's latest outcome in place of the earlier ones (and of no other
    notice), so that a repeated attempt is seen to act."""
    kept = without_data_outcomes(state).ui.notices
    return replace(state, ui=replace(state.ui, notices=(*kept, *dict.fromkeys(notices))))


def without_data_outcomes(state: AppState) -> AppState:
    """`state` without the import's and the export's outcomes: they answer the history screen's
    buttons, and once the player has left it they are old news (a walk saw "Your data was
    exported." still over the next game's end screen)."""
    kept = tuple(n for n in state.ui.notices if not n.key.startswith(DATA_NOTICES))
    if len(kept) == len(state.ui.notices):
        return state
    return replace(state, ui=replace(state.ui, notices=kept))


def with_unreadable(state: AppState, keys: tuple[str, ...]) -> AppState:
    """The records set aside as unreadable now `keys` (all of them), told anew."""
    notices = tuple(item for item in state.ui.notices if item.key != UNREADABLE_KEPT)
    if keys:
        notices = (*notices, notice(UNREADABLE_KEPT, count=len(keys)))
    return replace(state, ui=replace(state.ui, unreadable=keys, notices=notices))


def offers_unreadable(state: AppState) -> bool:
    """Whether the unreadable data is offered for export and deletion: while its notice shows,
    on the screens away from a game (over a game it took a row of the sheet: a walk)."""
    told = any(item.key == UNREADABLE_KEPT for item in state.ui.notices)
    return told and bool(state.ui.unreadable) and state.screen in (Screen.SETUP, Screen.HISTORY)


def reported(state: AppState, problems: tuple[StorageProblem, ...]) -> Outcome:
    """Every problem told (and logged); the records set aside listed again for download; a
    device that keeps nothing remembered as such."""
    state = with_notices(state, *(problem_notice(problem) for problem in problems))
    if any(problem.kind is ProblemKind.NOT_KEPT for problem in problems):
        state = replace(state, ui=replace(state.ui, nothing_kept=True))
    effects: list[Effect] = [
        Warn(f"Storage: {problem.key}: {problem.kind}: {problem.reason}") for problem in problems
    ]
    if any(problem.moved_to is not None for problem in problems):
        effects.append(ListUnreadable())
    return state, tuple(effects)


def import_asked(state: AppState, size: int, file: object) -> Outcome:
    """A file chosen for import: refused by its size before a byte is read (a huge file cannot
    freeze the page), else read, with a notice while it is (that takes seconds in Pyodide)."""
    from game.persistence.exchange import MAX_IMPORT_BYTES  # import only: kept off the start

    if size > MAX_IMPORT_BYTES:
        return with_data_outcome(state, _too_large()), ()
    return with_data_outcome(state, notice("data.import_reading")), (ImportFile(file),)


def import_finished(state: AppState, outcome: ImportFinished) -> Outcome:
    from game.persistence.exchange import ImportRefusal  # sent only once an import ran

    if outcome.refusal is not None:
        words = {
            ImportRefusal.TOO_LARGE: _too_large(),
            ImportRefusal.UNKNOWN_VERSION: notice("data.import_newer"),
        }.get(outcome.refusal, notice("data.import_malformed"))
        return with_data_outcome(state, words), (Warn(f"Import refused: {outcome.reason}"),)
    from game.persistence.kept import MAX_KEPT

    state, effects = reported(state, outcome.problems)
    told: list[Notice] = []
    if outcome.added:
        told.append(notice("data.import_done", games=outcome.added))
    # Said whenever anything else is said: with only unfinished games added, the finished ones
    # skipped went unmentioned (a hostile-data walk).
    left_out = outcome.unreadable or outcome.misdated or outcome.challenges_repeated
    said_else = outcome.added or outcome.kept_added or outcome.kept_left_out or left_out
    if outcome.already_known and said_else:
        told.append(notice("data.import_duplicates", count=outcome.already_known))
    if outcome.kept_added:
        told.append(notice("data.import_kept", count=outcome.kept_added))
    if outcome.kept_left_out:
        told.append(notice("data.import_kept_full", count=outcome.kept_left_out, most=MAX_KEPT))
    if outcome.unreadable:
        told.append(notice("data.import_unreadable", count=outcome.unreadable))
    if outcome.misdated:
        told.append(notice("data.import_misdated", count=outcome.misdated))
    if outcome.challenges_repeated:
        told.append(notice("data.import_challenge_played", count=outcome.challenges_repeated))
    if not (told or left_out):
        # Only then is every game of the file here already: beside games left out, it read
        # "Nothing new to import: every game in the file is already here" over an empty history
        # (a hostile-data walk).
        told.append(notice("data.import_nothing_new"))
    state = with_data_outcome(state, *told)
    # On the history screen (where imports are), with the points-lost trend it shows; the
    # games kept anew on the New game screen.
    stats = LoadStats(trend=state.screen is Screen.HISTORY)
    return state, (*effects, stats, *((LoadKept(),) if outcome.kept_added else ()))


def _too_large() -> Notice:
    from game.persistence.exchange import MAX_IMPORT_BYTES

    return notice("data.import_too_large", megabytes=MAX_IMPORT_BYTES // 1_000_000)
