"""Keeping games: autosave and resume, the history of finished games, statistics, export
and import, and what happens to stored data that cannot be read. Pure Python: the browser's
storage, the date and randomness are passed in.

    storage      the Storage port (get/set/remove/keys of strings), versioned envelopes,
                 quarantine of unreadable records
    migrations   MigrationChain: per-version upgrade steps for every stored format
    savefile     the saved game: a GameState as versioned JSON (schema 3, with the move log)
    readers      strict readers of untrusted JSON, shared with savefile
    session      save_session / restore_session: the game in progress and the preferences
    history      GameRecord: every finished game, stored under "penta.history"
    kept         KeptGame: the unfinished games the player left, under "penta.kept"
    stats        PlayerStats per player name and ruleset
    exchange     export_history / import_history: one JSON document, merged without duplicates

This package imports none of its modules here, so that savefile can use `migrations` and
`readers` without a cycle.
"""
