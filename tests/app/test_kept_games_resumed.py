"""A kept game resumed (issue 14, point 4), in CPython: it speaks the language shown, names
its unnamed players in it, and hands the phone over as a game never left would."""

from __future__ import annotations

from game.app.intents import (
    ConfirmTurn,
    Roll,
    SelectBox,
    SetAutoScore,
    SetLanguage,
    StartGame,
    StartTurn,
    Tick,
)
from game.app.kept_intents import AskDeleteKept, ResumeGame
from game.app.start import initial_state
from game.i18n.bidi import Isolate, Segment, split_isolates
from game.i18n.bidi import without_isolates as plain
from game.present.snapshot import present
from tests.app.driver import Seat
from tests.app.kept_device import Device, kept_list, left, playing


def test_the_new_screens_and_dialog_speak_every_language() -> None:
    device = playing(seed=2)
    device.play_turns(2)
    left(device)
    (listed,) = kept_list(device)
    device(AskDeleteKept(listed.id))
    for language in ("he", "et"):
        device(SetLanguage(language))
        snapshot = present(device.state, device.now)
        assert snapshot.setup is not None and snapshot.delete_kept is not None
        (view,) = snapshot.setup.kept
        english = (listed.resume_label, listed.delete_label, listed.date)
        assert (view.resume_label, view.delete_label, view.date) != english
        assert snapshot.delete_kept.text and snapshot.setup.kept_heading


def isolates_in(segments: tuple[Segment, ...]) -> list[Isolate]:
    found = []
    for segment in segments:
        if isinstance(segment, Isolate):
            found += [segment, *isolates_in(segment.parts)]
    return found


def flat(segments: tuple[Segment, ...]) -> str:
    return "".join(s if isinstance(s, str) else flat(s.parts) for s in segments)


def test_a_hebrew_question_names_the_scores_in_the_cards_order() -> None:
    """A Hebrew walk was asked to delete a game of "Dana: 30 · Computer 1: 13" and read the
    computer's score first: the scores, each isolated on its own, left nothing strong to give
    the run a direction, and it was laid out left to right. They are right to left, as on the
    card (and left to right in English)."""
    device = playing(seed=2)
    device.play_turns(2)
    left(device)
    (listed,) = kept_list(device)
    device(AskDeleteKept(listed.id))
    for language, direction in (("he", "rtl"), ("en", "ltr")):
        device(SetLanguage(language))
        snapshot = present(device.state, device.now)
        assert snapshot.setup is not None and snapshot.delete_kept is not None
        (card,) = snapshot.setup.kept
        scores = [
            isolate
            for isolate in isolates_in(split_isolates(snapshot.delete_kept.text))
            if flat(isolate.parts) == plain(card.scores)
        ]
        assert scores, language
        assert scores[-1].direction == direction, language  # the innermost lays them out


def test_a_kept_game_resumed_after_another_hands_the_phone_over_again() -> None:
    # The turn handed over (round, player) used to outlive its game: resuming a kept game at
    # that same turn went straight to the next player's dice.
    device = Device(initial_state(["en-US"], seed=5))
    device.take_phone = False
    device.set_players([("Dana", "human", None), ("Avi", "human", None)])
    device(SetAutoScore(0), StartGame(), Roll(), SelectBox("chance"), ConfirmTurn())
    left(device)  # kept at Avi's turn of round 1, the phone not taken yet
    device(StartGame(), Roll(), SelectBox("chance"), ConfirmTurn(), StartTurn())
    left(device)  # Avi took the phone in round 1 of this one
    for kept in kept_list(device):  # both at Avi's turn of round 1
        device(ResumeGame(kept.id))
        assert device.game.current_player == 1 and device.snapshot().screen == "handover"
        left(device)


def test_a_game_resumed_between_turns_tells_the_next_player_what_the_others_scored() -> None:
    """A walk reopened the app after the computer's turn and never learnt what it scored."""
    device = Device(initial_state(["en-US"], seed=5))
    seats: list[Seat] = [("Dana", "human", None), ("Avi", "human", None), ("Bot", "computer", None)]
    device.set_players(seats)
    device(SetAutoScore(0), StartGame())
    device.tables_failed()
    device.play_turns(4)  # Dana, Avi and Bot in round 1, Dana in round 2: Avi's turn is next
    assert device.game.current_player == 1 and device.game.dice is None
    in_play = device.snapshot().handover
    assert in_play is not None
    assert [plain(line).split(" scored ")[0] for line in in_play.moves_since] == ["Bot", "Dana"]
    again = device.reopened()
    handover = again.snapshot().handover
    assert handover is not None and handover.moves_since == in_play.moves_since
    # And reopened on Avi's turn already rolled: whoever picks the phone up learns it too.
    device(StartTurn(), Roll())
    rolled = device.reopened()
    handover = rolled.snapshot().handover
    assert handover is not None and rolled.game.dice == device.game.dice
    assert handover.moves_since == in_play.moves_since


def test_unnamed_players_of_a_game_kept_in_one_language_are_named_in_the_one_shown() -> None:
    device = Device(initial_state(["et"], seed=5))
    device.set_players([("", "human", None), ("", "computer", "optimal")])
    device(SetAutoScore(0), StartGame())
    device.tables_failed()
    device.play_turns(2)
    assert [player.name for player in device.game.players] == ["Mängija 1", "Arvuti 1"]
    left(device)
    device(SetLanguage("he"))
    (listed,) = kept_list(device)
    # "מחשב 1" kept on one line: "1: 20" alone on the next read as a score of 1 (a walk).
    assert "מחשב\u00a01" in plain(listed.scores) and "Arvuti" not in plain(listed.scores)
    device(ResumeGame(listed.id))
    assert [player.name for player in device.game.players] == ["שחקן 1", "מחשב 1"]
    game_view = device.snapshot().game
    assert game_view is not None
    assert [plain(head.name) for head in game_view.sheet.columns] == ["שחקן 1", "מחשב 1"]


def test_a_game_of_several_humans_resumed_mid_turn_starts_on_the_hand_over() -> None:
    # A walk resumed a family's game straight onto a player's rolled dice: whoever picks the
    # phone up is not known, so the hand-over shows, and the countdown waits behind it.
    device = Device(initial_state(["en-US"], seed=5))
    device.take_phone = False
    device.set_players([("Dana", "human", None), ("Avi", "human", None)])
    device(SetAutoScore(3), StartGame(), Roll(), Roll(), Roll())
    rolled = device.game
    assert device.state.pacing.countdown_deadline is not None
    left(device)
    (listed,) = kept_list(device)
    device(ResumeGame(listed.id))
    assert device.snapshot().screen == "handover" and device.game == rolled
    handover = device.snapshot().handover
    assert handover is not None and plain(handover.start_label) == "Continue Dana's turn"
    # Not "Hand over to Dana": she may hold the phone already (a walk).
    assert plain(handover.title) == "Dana's turn goes on"
    assert plain(handover.text).startswith("The dice are as they were left. Make sure Dana has")
    device.now += 60
    device(Tick())
    assert device.game == rolled  # nothing scored behind the hand-over
    device(StartTurn())
    assert device.snapshot().screen == "game" and device.game.dice == rolled.dice
    assert device.state.pacing.countdown_deadline == device.now + 3  # from its full length
    # With one human (and a computer) there is no one to pass the phone to.
    alone = playing()
    alone(Roll())
    left(alone)
    (listed,) = kept_list(alone)
    alone(ResumeGame(listed.id))
    assert alone.snapshot().screen == "game"
