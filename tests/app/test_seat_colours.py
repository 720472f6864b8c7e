"""Each seat's colour (game.present.seat_colours), by its place in the turn order, is the same
on the New game screen's card, the sheet's column, the turn's heading and the hand-over."""

from __future__ import annotations

from game.app.intents import ConfirmTurn, Roll, SelectBox, SetAutoScore, SetPassPhone, StartGame
from game.coach.greedy import best_immediate_box
from game.present.seat_colours import SEAT_COLOURS
from tests.app.driver import AppDriver, Seat

SEATS: list[Seat] = [(f"P{n}", "human", None) for n in range(SEAT_COLOURS + 2)]


def test_every_screen_gives_a_seat_the_colour_of_its_place() -> None:
    driver = AppDriver.seeded(4)
    driver.set_players(SEATS)
    cards = driver.snapshot().setup
    assert cards is not None
    colours = [seat.colour for seat in cards.seats]
    # Eight colours apart, then again from the first.
    assert len(set(colours[:SEAT_COLOURS])) == SEAT_COLOURS
    assert colours[SEAT_COLOURS:] == colours[:2]
    driver(SetAutoScore(0), SetPassPhone(True), StartGame())
    view = driver.view()
    assert [column.colour for column in view.sheet.columns] == colours
    assert view.colour == colours[0]
    driver(Roll())
    driver(SelectBox(best_immediate_box(driver.game)), ConfirmTurn())
    handover = driver.snapshot().handover
    assert handover is not None and handover.colour == colours[1]
    assert driver.view().colour == colours[1]  # the phone taken
