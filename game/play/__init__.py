"""A game in progress: its state (`state`), the score sheet (`sheet`), the engine that applies
moves (`engine`), undo of the last turn (`undo`), the dice's randomness (`random_source`) and
the daily challenge's dice (`daily_dice`)."""
