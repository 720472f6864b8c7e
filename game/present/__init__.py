"""What the screens show, as plain data: game.present.snapshot.present(state, now)."""
