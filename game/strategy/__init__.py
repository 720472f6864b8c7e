"""Optimal play: solved value tables, the advisor that ranks every action, and computer players.

- `table`: the strategy table file (`decode_table(data, ruleset)`) and its errors
  (`TableError` and subclasses); tables are written by `python -m tools.solve` and read from
  disk by `cli.tables`.
- `advisor`: `Position` (a sheet plus the current turn), `Advisor(table)` with `rank(position)`
  (every legal `Keep`/`Score`/`Roll` action with its expected final score, best first),
  `best(position)` and `best_box(position)`.
- `players`: `make_player(level, advisor)` for game.play.state.LEVELS (optimal, casual, and
  beginner, the greedy rule of game.coach.greedy), each with `choose(position, rng)`.
- `states` and `turn`: the turn-start states and the dice/keep structure shared with the solver.

Everything here is pure Python and runs unchanged in Pyodide; measuring a level over many
games is `cli.simulate`.
"""
