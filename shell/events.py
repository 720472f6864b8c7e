"""DOM events become intents (game.app.intents): one delegated listener per event type on the
document, the dialogs' cancel, close and backdrop taps, the page hidden and shown, the player's
own use of the score sheet (shell.sheet_hold: HoldSheet, and ReleaseSheet once they let go), and
the language lists' choice (shell.language_choice: SetLanguage, once made). Nothing is decided
here: an intent the state does not allow changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from game.app.coach_intents import (
    PlayMineAnyway,
    SetCoachThreshold,
    SetGameCoach,
    SetPlayerCoach,
    ShowBestMove,
)
from game.app.entry_intents import (
    ApplyCorrection,
    AskAboutRoll,
    ChooseDice,
    CorrectionFace,
    EnterAgain,
    EnterFace,
    OpenCorrection,
    RemoveFace,
)
from game.app.intents import (
    AskDiscardUnreadable,
    AskLeave,
    CloseDialog,
    ConfirmTurn,
    DiscardUnreadable,
    DismissNotice,
    ExportData,
    ExportGame,
    ExportUnreadableData,
    HideHint,
    HoldSheet,
    ImportData,
    Intent,
    LetComputerPlay,
    NewGame,
    OpenHistory,
    OpenRules,
    OpenSettings,
    OpenTray,
    PageHidden,
    PageShown,
    PlayAgain,
    ReleaseSheet,
    Roll,
    SelectBox,
    SetAutoScore,
    SetComputerSpeed,
    SetDisplaySize,
    SetLanguage,
    SetPassPhone,
    SetSound,
    SetUndo,
    SetVibration,
    ShowHint,
    ShowOlderGames,
    SkipComputers,
    SkipGuide,
    SpeedUp,
    StartDaily,
    StartGame,
    StartGuide,
    StartTurn,
    TakeOver,
    ToggleKeep,
    Undo,
)
from game.app.kept_intents import (
    AskDeleteFinished,
    AskDeleteKept,
    CloseFinished,
    DeleteFinished,
    DeleteKept,
    LeaveAndDelete,
    OpenFinished,
    ResumeGame,
)
from game.app.model import (
    AUTO_SCORE_BY_THE_RULES,
    COACH_THRESHOLDS,
    AppState,
    Dialog,
    DisplaySize,
    Screen,
    Speed,
)
from game.app.review_intents import (
    CloseReview,
    OpenHistoryReview,
    OpenReview,
    ReviewSeat,
    ShareReview,
    ShowComputerReviews,
    ShowEveryDecision,
)
from game.app.setup_intents import (
    AddPlayer,
    ChooseRuleset,
    ConfirmRemovePlayer,
    MovePlayer,
    RemovePlayer,
    RenameInGame,
    RenamePlayer,
    SetPlayerKind,
    SetPlayerLevel,
)
from game.app.sheet_help_intents import ExplainBox, ExplainPlayer
from game.app.table_intents import TablesReachable
from game.coach.protocol import CoachMode
from game.play.state import PlayerKind
from game.play.undo import UndoSetting
from game.present.screens import threshold_value
from shell.dialogs import DIALOGS, OutsideTaps
from shell.ghost_taps import GhostTaps
from shell.js import is_null, local_date
from shell.key_intents import key_intent
from shell.language_choice import LanguageChoice
from shell.sheet_hold import SheetHold

CLICKS: dict[str, Intent] = {
    "start": StartGame(),
    "add-human": AddPlayer(PlayerKind.HUMAN),
    "add-computer": AddPlayer(PlayerKind.COMPUTER),
    "roll": Roll(),
    "confirm": ConfirmTurn(),
    "hint": ShowHint(said=True),
    "hide-hint": HideHint(),
    "speed": SpeedUp(),
    "skip": SkipComputers(),
    "play-on": LetComputerPlay(),
    "leave": AskLeave(),
    "new-game": NewGame(),
    "play-again": PlayAgain(),
    "open-settings": OpenSettings(),
    "close-dialog": CloseDialog(),
    "undo": Undo(),
    "history": OpenHistory(),
    "older-games": ShowOlderGames(),
    "history-back": NewGame(),
    "export-unreadable": ExportUnreadableData(),
    "discard-unreadable": AskDiscardUnreadable(),
    "discard-unreadable-confirm": DiscardUnreadable(),
    "export-history": ExportData(),
    "export-game": ExportGame(),
    "take-over": TakeOver(),
    "start-turn": StartTurn(),
    "start-guide": StartGuide(),
    "skip-guide": SkipGuide(),
    "delete-kept-confirm": DeleteKept(),
    "leave-and-delete": LeaveAndDelete(),
    "remove-player-confirm": ConfirmRemovePlayer(),
    "finished-back": CloseFinished(),
    "delete-finished": AskDeleteFinished(),
    "delete-finished-confirm": DeleteFinished(),
    "show-best": ShowBestMove(),
    "play-anyway": PlayMineAnyway(),
    "review-back": CloseReview(),
    "share-review": ShareReview(),
}
"""The buttons whose data-action alone says what they ask."""
GAME_ACTIONS: dict[str, type[ResumeGame | AskDeleteKept | OpenFinished]] = {
    "resume-kept": ResumeGame,
    "delete-kept": AskDeleteKept,
    "open-finished": OpenFinished,
}
"""The buttons of one game (kept or finished), named by their data-game."""
WAITING_FOR_PYTHON = ("language", "settings-button", "history-button")
"""The controls disabled in index.html until the app listens."""


class Events:
    def __init__(
        self,
        window: Any,
        document: Any,
        send: Callable[[Intent], None],
        state: Callable[[], AppState],
        resized: Callable[[], None],
    ) -> None:
        self.window = window
        self.document = document
        self._send = send
        self._state = state
        """The app's state now (the keys and the dialogs' close depend on it)."""
        self._resized = resized
        """The view's part that follows the page's width (a phone turned): no state changes."""
        self._proxies: list[Any] = []
        """Kept for the page's lifetime."""
        self._outside_taps = OutsideTaps()

    def listen(self) -> None:
        # First, and in the capture phase: a ghost tap is stopped before anything sees it.
        capture = self.window.JSON.parse('{"capture": true}')
        ghosts = GhostTaps(self.window)
        self._listen(self.document, "click", ghosts.on_click, capture)
        self._listen(self.document, "pointerdown", self._outside_taps.on_pointer_down)
        self._listen(self.document, "click", self._on_click)
        self._listen(self.document, "click", ghosts.on_handled)
        self._listen(self.document, "change", self._on_change)
        self._listen(self.document, "input", self._on_input)
        self._listen(self.document, "keydown", self._on_key)
        self._listen(self.document, "visibilitychange", self._on_visibility)
        self._listen(self.window, "pagehide", lambda _event: self._send(PageHidden()))
        self._listen(self.window, "resize", lambda _event: self._resized())
        # The tables that could not be had are asked for again (assets/pwa.js says when the
        # service worker has kept them all).
        for target, name in ((self.window, "online"), (self.document, "penta:offline-complete")):
            self._listen(target, name, lambda _event: self._send(TablesReachable()))
        for name in DIALOGS:
            dialog = self.document.getElementById(f"{name}-dialog")
            self._listen(dialog, "cancel", self._on_dialog_cancel)
            self._listen(dialog, "close", self._on_dialog_closed)
        self._sheet_hold = SheetHold(self.window, self.document, self._listen, self._set_held)
        self._language_lists = [
            LanguageChoice(select, self._listen, lambda value: self._send(SetLanguage(value)))
            for select in self.document.querySelectorAll("select[data-action=language]")
        ]
        for element_id in WAITING_FOR_PYTHON:
            self.document.getElementById(element_id).disabled = False

    def _listen(self, target: Any, event: str, handler: Any, options: Any = None) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        if options is None:
            target.addEventListener(event, proxy)
        else:
            target.addEventListener(event, proxy, options)

    def _set_held(self, held: bool) -> None:
        if self._state().ui.sheet_held is not held:
            self._send(HoldSheet() if held else ReleaseSheet())

    def _on_click(self, event: Any) -> None:
        if self._outside_taps.tapped_outside(event):
            self._send(CloseDialog())
            return
        target = event.target.closest("[data-action]") if event.target else None
        if target is None or is_null(target) or target.hasAttribute("disabled"):
            return
        action = _data(target, "action") or ""
        index = _int(_data(target, "index"))
        intent: Intent | None = CLICKS.get(action)
        if action == "remove" and index is not None:
            intent = RemovePlayer(index)
        elif action in ("up", "down") and index is not None:
            intent = MovePlayer(index, -1 if action == "up" else 1)
        elif action == "rules":
            intent = OpenRules(str(_data(target, "ruleset")))
        elif action == "die":
            die = _int(_data(target, "die"))
            intent = None if die is None else ToggleKeep(die)
        elif action == "pad-again":
            intent = EnterAgain()
        elif action in ("pad-face", "pad-remove"):
            face = _int(_data(target, "face"))
            if face is not None:
                intent = EnterFace(face) if action == "pad-face" else RemoveFace(face)
        elif action in ("correct-face", "correct-remove"):
            face = _int(_data(target, "face"))
            if face is not None:
                intent = CorrectionFace(face, add=action == "correct-face")
        elif action in ("correct-change", "correct-clear"):
            intent = ApplyCorrection(clear=action == "correct-clear")
        elif action == "correct":
            cell = target.closest("td")
            box = _data(target.closest("tr"), "row")
            if box is not None and not is_null(cell):
                intent = OpenCorrection(int(cell.cellIndex) - 1, box)
        elif action == "ask-roll":
            roll = _int(_data(target, "roll"))
            intent = None if roll is None else AskAboutRoll(roll)
        elif action == "box":
            intent = SelectBox(str(_data(target, "box")), _int(_data(target, "seat")))
        elif action == "explain":
            intent = ExplainBox(str(_data(target, "explain")))
        elif action == "explain-player" and index is not None:
            intent = ExplainPlayer(index)
        elif action == "tray-toggle":
            intent = OpenTray(target.getAttribute("aria-expanded") != "true")
        elif action == "dismiss-notice" and index is not None:
            intent = DismissNotice(index)
        elif action in GAME_ACTIONS:
            intent = GAME_ACTIONS[action](str(_data(target, "game")))
        elif action == "daily":
            intent = StartDaily(local_date(self.window))
        elif action == "review" and index is not None:
            intent = OpenReview(index)
        elif action == "review-seat" and index is not None:
            intent = ReviewSeat(index)
        elif action == "review-every":
            intent = ShowEveryDecision(_data(target, "on") == "true")
        elif action == "history-review":
            intent = OpenHistoryReview(str(_data(target, "game")))
        if intent is not None:
            self._send(intent)

    def _on_change(self, event: Any) -> None:
        target = event.target
        action = _data(target, "action") or ""
        value = str(target.value)
        index = _int(_data(target, "index"))
        if action == "ruleset":
            self._send(ChooseRuleset(value))
        elif action == "dice":
            self._send(ChooseDice(value == "real"))
        elif action == "auto-score" and (value.isdigit() or value == AUTO_SCORE_BY_THE_RULES):
            self._send(SetAutoScore(None if value == AUTO_SCORE_BY_THE_RULES else int(value)))
        elif action == "speed-setting" and value in tuple(Speed):
            self._send(SetComputerSpeed(Speed(value)))
        elif action == "import-history":
            files = target.files
            if not is_null(files) and files.length > 0:
                file = files.item(0)
                self._send(ImportData(int(file.size), file))
            target.value = ""
        elif action == "pass-phone" and value in ("on", "off"):
            self._send(SetPassPhone(value == "on"))
        elif action == "review-computers":
            self._send(ShowComputerReviews(bool(target.checked)))
        elif action == "undo-setting" and value in tuple(UndoSetting):
            self._send(SetUndo(UndoSetting(value)))
        elif action in ("sound-setting", "vibration-setting") and value in ("on", "off"):
            setting = SetSound if action == "sound-setting" else SetVibration
            self._send(setting(value == "on"))
        elif action == "size-setting" and value in tuple(DisplaySize):
            self._send(SetDisplaySize(DisplaySize(value)))
        elif action == "kind" and index is not None and value in tuple(PlayerKind):
            self._send(SetPlayerKind(index, PlayerKind(value)))
        elif action == "level" and index is not None:
            self._send(SetPlayerLevel(index, value))
        elif action == "coach" and index is not None and value in tuple(CoachMode):
            self._send(SetPlayerCoach(index, CoachMode(value)))
        elif action == "game-coach" and index is not None and value in tuple(CoachMode):
            self._send(SetGameCoach(index, CoachMode(value)))
        elif action == "game-name" and index is not None:
            # On change (the field left, or Enter): each key typed would rename the game.
            before = self._state()
            self._send(RenameInGame(index, value))
            if self._state() is before:  # the name as it was (blank is the default): no render
                target.value = target.defaultValue
        elif action == "coach-threshold":
            for points in COACH_THRESHOLDS:
                if threshold_value(points) == value:
                    self._send(SetCoachThreshold(points))

    def _on_input(self, event: Any) -> None:
        target = event.target
        index = _int(_data(target, "index"))
        if _data(target, "action") == "name" and index is not None:
            self._send(RenamePlayer(index, str(target.value)))

    def _on_key(self, event: Any) -> None:
        # The digit keys and the numeric keypad (even with Num Lock off: then `key` is "End"...).
        code = str(event.code)
        key = code[-1] if code[:-1] in ("Digit", "Numpad") else str(event.key)
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        state = self._state()
        if state.screen is not Screen.GAME or state.ui.dialog is not Dialog.NONE:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        if key in BOX_STEPS:
            event.preventDefault()  # the sheet's frame would scroll instead
            self._step_between_boxes(event.target, BOX_STEPS[key], state)
            return
        if key in BOX_ENDS and _sheet_row(event.target) is not None:
            event.preventDefault()
            boxes = self._open_boxes()
            if boxes:
                boxes[BOX_ENDS[key]].focus()
            return
        if key == "Enter" and not _enter_confirms_from(event.target, tag, state):
            return
        intent = key_intent(state, key, code)
        if intent is not None:
            event.preventDefault()  # Enter on a focused button must not click it as well
            self._send(intent)

    def _step_between_boxes(self, target: Any, step: int, state: AppState) -> None:
        """The focus to the open box above or below (a keyboard walk tabbed through two stops a
        row, the box's name and the box, to reach one near the bottom). From elsewhere on the
        game screen (the turn's title, Roll: another walk found the keys dead there, though the
        keys' line says they move between the boxes), into the sheet: to the box selected, else
        the first open box (Down) or the last (Up). From a box's name, on from its row: Down from
        Full house's name went up to Ones (a keyboard walk)."""
        boxes = self._open_boxes()
        if not boxes:
            return
        index = next((i for i, button in enumerate(boxes) if button == target), None)
        if index is not None:
            if 0 <= index + step < len(boxes):
                boxes[index + step].focus()
            return
        row = _sheet_row(target)
        if row is not None:
            trs = self.document.querySelectorAll("#sheet tr[data-row]")
            rows = [_data(tr, "row") for tr in trs]
            here = rows.index(row)
            beyond = [b for b in boxes if (rows.index(_sheet_row(b) or row) - here) * step > 0]
            if beyond:
                beyond[0 if step > 0 else -1].focus()
            return
        selected = state.game.selected_box if state.game is not None else None
        chosen = next((b for b in boxes if _data(b, "box") == selected), None)
        (chosen or boxes[0 if step > 0 else -1]).focus()

    def _open_boxes(self) -> list[Any]:
        """The sheet's boxes that take the current roll, top to bottom."""
        return [
            button
            for button in self.document.querySelectorAll("#sheet button.cell-button")
            if not button.hidden
            and not button.disabled
            and not button.hasAttribute("aria-disabled")  # a forbidden box: its tap is refused
        ]

    def _on_visibility(self, _event: Any) -> None:
        if self.document.visibilityState == "hidden":
            self._send(PageHidden())
        if self.document.visibilityState == "visible":
            self._send(PageShown())

    def _on_dialog_cancel(self, event: Any) -> None:
        # Escape asks to close: the app state closes the dialog at once, in this very event.
        # Left to the browser, the "close" event comes a task later, and a render in between
        # (say, a language change) would open the dialog again from the stale state.
        event.preventDefault()
        self._send(CloseDialog())

    def _on_dialog_closed(self, _event: Any) -> None:
        # Escape closes a modal dialog by itself: the app state follows.
        dialog = self._state().ui.dialog
        is_open = dialog is not Dialog.NONE
        if is_open and not self.document.getElementById(f"{dialog.value}-dialog").open:
            self._send(CloseDialog())


BOX_STEPS = {"ArrowUp": -1, "ArrowDown": 1}
"""On a box of the sheet, the arrow keys move the focus to the open box above or below; from
elsewhere on the game screen, into the sheet."""
BOX_ENDS = {"Home": 0, "End": -1}
"""On a box or a box's name, Home and End move the focus to the first or the last open box."""
PAD_ACTIONS = ("pad-face", "pad-remove")
"""The pad's buttons: after typing or tapping a roll's faces, Enter confirms the box selected."""


def _sheet_row(element: Any) -> str | None:
    """The sheet's row (its box) that `element` is in, or None outside the sheet's rows."""
    closest = getattr(element, "closest", None) if element else None  # not on the document
    row = closest("#sheet tr[data-row]") if closest else None
    return None if row is None or is_null(row) else _data(row, "row")


def _enter_confirms_from(target: Any, tag: str, state: AppState) -> bool:
    """Whether Enter confirms the turn with the focus on `target`: from the page, the pad, or
    the box selected; on any other button or link (the rules, another box, the hint's box not
    selected yet) Enter is that control's own, as a keyboard player expects: on a box, it
    selects it, as a tap does (a keyboard walk's Enter on the hint's box scored it at once)."""
    if tag not in ("button", "a", "summary"):
        return True
    if _data(target, "action") in PAD_ACTIONS:
        return True
    box = _data(target, "box")
    return box is not None and state.game is not None and box == state.game.selected_box


def _data(element: Any, name: str) -> str | None:
    """An element's data-NAME attribute (None when it has none)."""
    value = element.getAttribute(f"data-{name}")
    return None if is_null(value) else str(value)


def _int(value: Any) -> int | None:
    if value is None:
        return None
    text = str(value)
    return int(text) if text.isdigit() else None
