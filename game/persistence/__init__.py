"""Keeping games: autosave and resume, undo, the history of finished games, statistics, export
and import, and what happens to stored data that cannot be read. Pure Python: the browser's
storage, the date and randomness are passed in.

    storage      the Storage port (get/set/remove/keys of strings), versioned envelopes,
                 quarantine of unreadable records
    migrations   MigrationChain: per-version upgrade steps for every stored format
    readers      strict readers of untrusted JSON, shared with game.savefile
    session      save_session / restore_session: the game in progress and the preferences
    undo         UndoSetting, can_undo, undo: taking back the last confirmed box
    history      GameRecord: every finished game, stored under "penta.history"
    stats        PlayerStats per player name and ruleset
    exchange     export_history / import_history: one JSON document, merged without duplicates

This package imports none of its modules here, so that game.savefile can use `migrations`,
`readers` and `undo` without a cycle.
"""
