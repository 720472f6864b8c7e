"""Renders a presentation snapshot (game.present.snapshot) into the page; the setup screen, the
history, settings and rules (shell.setup_view, shell.panels) and the score sheets
(shell.sheet_table) have modules of their own.

The markup of every screen is in index.html; this module only fills it in and keeps it up to
date. Rules it keeps:
- text goes in with `textContent` and attributes, never as markup: a player named
  `<img src=x onerror=alert(1)>` shows literally; each isolate of a translated text (a name, a
  number) becomes a `<bdi>` element (shell.text), and leaves no mark in an `aria-label`;
- elements are updated in place, never rebuilt on a render, so keyboard focus stays where it
  is; lists (players, sheet rows and columns, standings) grow or shrink at their end;
- a value is written only when it changed (`Node` remembers what it wrote), which keeps a
  render of a 12-player sheet cheap.
Controls name what they do in `data-action` (and `data-index`, `data-box`, `data-die`...):
shell.events reads them with one delegated listener per event type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n.bidi import without_isolates
from game.present.views import EndView, GameView, Snapshot
from shell.dialogs import fill_leave_dialog, show_dialog
from shell.dom import Node, Page, said_anew, shift_into
from shell.help_view import HelpView
from shell.js import is_null, js_object
from shell.kept_view import KeptView
from shell.pad_view import PadPanel
from shell.panels import SCREEN_TITLES, Panels
from shell.review_view import ReviewPanels
from shell.setup_view import SetupForm
from shell.sheet_table import SheetTable
from shell.text import fill_text

NEXT_THING_TO_DO = (
    "#show-best",  # the coach's warning, which stands in for the tray's buttons
    "#roll",
    "#confirm",
    # The computer's turn: its title, no button. On Skip, a keyboard walk's next Enter skipped
    # watching it; on Faster, another's turned the saved speed up, unsaid: each pressed Enter
    # twice to score a box, which the hint's box takes once. Tab reaches both.
    "#play-on",  # after a box the countdown scored: the computer waits to be let play
    "#game-screen.computer-turn #turn-title",
    "#pad-faces button",  # the next player's dice to enter
    # After the last roll: a box to choose. First the one the countdown will score: Enter
    # pressed again, as it rolled, chooses what waiting would (it chose Ones in a walk).
    "#sheet td.counting-down button",
    "#sheet td.hinted button",
    # Real dice, the hint's keep: a die it does not keep, to take out (after the question of
    # which roll it was, a keyboard walk was sent to Ones).
    "#pad-entered:has(.advice-keep) button:not(.advice-keep, [hidden])",
    "#sheet button[data-box]:not([disabled], [aria-disabled])",
)
"""Where the focus goes when the control that had it is disabled or hidden: the first shown."""
QUIET_SCREENS = ("setup", "history", "finished")
"""Screens that no announcement of a game is about (the hand-over's and the end's are)."""


class View:
    def __init__(self, document: Any) -> None:
        self.document = document
        self.page = Page(document)
        self.node = self.page.node
        self._setup = SetupForm(self.page)
        self._panels = Panels(self.page)
        self._help = HelpView(self.page)
        self._review = ReviewPanels(self.page)
        self._pad = PadPanel(self.page)
        self._sheets = {
            name: SheetTable(document, document.getElementById(name), document.getElementById(hint))
            for name, hint in (
                ("sheet", "scroll-hint"),
                ("end-sheet", "end-scroll-hint"),
                ("finished-sheet", "finished-scroll-hint"),
            )
        }
        self._kept = KeptView(self.page, self._sheets["finished-sheet"])
        self._dice = [Node(el) for el in document.querySelectorAll("#dice .die")]
        self._badges = [Node(el) for el in document.querySelectorAll("#dice .kept-badge")]
        self._screen = ""
        self._trail: list[tuple[str, str]] = []
        """The screens left, each with a selector of its control that had the focus: back on
        one (from History, a kept game, the review), the focus goes back to that control, or
        to the one drawn in its place meanwhile (in another language). A game's screen starts
        the trail anew: what comes after it is no way back."""
        self._announcement_count = -1
        self._announced = ""
        self._language = ""
        self._turn_player = -1
        """The player whose turn the game screen last showed (-1: none yet)."""
        self._sheet_frame = ("", "")
        """The heights last given to the style sheet by `_size_sheet`."""
        self._handover = False
        """The turn just passed to a human from another player: the tray is brought into view."""
        self._spotlight: tuple[tuple[int, str] | None, bool, bool] | None = None
        """The spotlight's box last brought into the frame, and whether the coach's warning and
        a celebration showed then; None once the game's screen is left (back on it, it comes in
        again)."""
        self._spotlight_row = ""
        """The row of a box that came into the spotlight, brought into the frame at the end of
        the render."""
        self._corner_hint = ""

    # --- the whole page -----------------------------------------------------------------------

    def render(self, snap: Snapshot) -> None:
        focused = self.document.activeElement
        if snap.screen != self._screen:
            self._spotlight = None  # the game's screen entered again: its spotlight comes in
        root = self.document.documentElement
        if root.getAttribute("lang") != snap.language:
            root.setAttribute("lang", snap.language)
        if root.getAttribute("dir") != snap.direction:
            root.setAttribute("dir", snap.direction)
        root.dataset.screen = snap.screen
        root.dataset.size = snap.display_size  # the style sheet draws dice and sheet larger
        root.dataset.coach = snap.coach
        if snap.language != self._language:
            if self._language:
                # The last announcement was in the previous language: a screen reader must not
                # come across it later. The next event is announced in the new language.
                self.node("live").text("")
                for sheet in self._sheets.values():
                    sheet.follow_current()
            self._language = snap.language
        self.document.title = snap.app_title
        self.node("app-title").text(snap.app_title)
        self.node("language-label").text(snap.language_label)
        self.page.language_options("language", snap.languages)
        self.node("settings-button").attr("aria-label", snap.settings_label).attr(
            "title", snap.settings_label
        )
        for screen in (
            "setup",
            "game",
            "handover",
            "end",
            "history",
            "elsewhere",
            "finished",
            "review",
        ):
            self.node(f"{screen}-screen").show(snap.screen == screen)
        self.node("history-button").text(snap.history_label)
        for sheet in self._sheets.values():
            sheet.name(snap.sheet_label)  # hidden or not: never left in another language
        if snap.history is not None:
            self._panels.history(snap.history)
        if snap.review is not None:
            self._review.review(snap.review)
        if snap.setup is not None:
            self._setup.render(snap.setup)
        self._kept.render(snap)
        if snap.game is not None:
            self._game(snap.game)
        if snap.end is not None:
            self._end(snap.end)
            self._review.end(snap.end_review)
        if snap.elsewhere is not None:
            self.node("elsewhere-title").text(snap.elsewhere.title)
            self.node("elsewhere-text").text(snap.elsewhere.text)
            self.node("take-over").text(snap.elsewhere.take_over_label)
        self._panels.settings(snap.settings)
        self._panels.rules(snap.rules, snap.rules_close_label)
        self._help.render(snap)
        self._pad.correction(snap.correction)
        fill_leave_dialog(self.page, snap.leave)
        show_dialog(self.page, snap.dialog, self._sheets["sheet"])
        self._panels.notices(snap)
        if snap.screen == "game":
            self._size_sheet()
        if snap.announcement_count != self._announcement_count:
            self._announcement_count = snap.announcement_count
            self._announced = said_anew(self._announced, snap.announcement)
            self.node("live").text(self._announced).attr("data-count", str(snap.announcement_count))
        elif snap.screen != self._screen and snap.screen in QUIET_SCREENS:
            # Said of the game left: read in passing there ("…Game over. Mari wins by 82
            # points." on New game and History, a walk's screen reader), it is old news.
            self.node("live").text("")
        if snap.game is None:
            self._turn_player = -1  # a new game starts at the top of the page (_focus_screen)
        if snap.screen != self._screen:
            first = self._screen == ""
            back_to = self._back_to(snap.screen, focused)
            self._screen = snap.screen
            if back_to is not None:
                back_to.focus()
            elif not first:
                self._focus_screen(snap.screen)
        elif snap.screen == "game" and snap.dialog == "none":
            self._rescue_focus(focused)
            if self._handover:
                self._bring_tray_into_view()
        self._handover = False
        self._help.bring_guide_into_view()
        if self._spotlight_row:
            # Last, once the page is laid out as it now is: a notice shown above the sheet, the
            # tray's new buttons, the focus moved, the game's screen entered (its sheet back at
            # its top) would each move the row again (after a reload it was out of sight).
            self._bring_row_into_view(self._spotlight_row)
            self._spotlight_row = ""

    @staticmethod
    def _selector(control: Any) -> str:
        """What finds `control` again once drawn anew: its id, else its action and its index or
        game (back from a game's sheet the first game's button had the focus: a walk)."""
        if is_null(control) or not bool(control.matches("button, a, input, select")):
            return ""
        if control.id:
            return f"#{control.id}"
        action = control.getAttribute("data-action")
        if is_null(action):
            return ""
        found = f'[data-action="{action}"]'
        for key in ("index", "game"):
            value = control.getAttribute(f"data-{key}")
            if not is_null(value):
                return f'{found}[data-{key}="{value}"]'
        return found

    def _back_to(self, screen: str, focused: Any) -> Any:
        """The trail followed to `screen` from the screen shown, where `focused` had the
        focus: back to a screen on it (which then ends the trail there), its control that had
        the focus, if it still shows and can be used; else None."""
        left = [name for name, _ in self._trail]
        if screen == "game":
            self._trail.clear()
            return None
        if screen not in left:
            if self._screen:
                self._trail.append((self._screen, self._selector(focused)))
            return None
        _, selector = self._trail[left.index(screen)]
        del self._trail[left.index(screen) :]
        if not selector:
            return None
        control = self.node(f"{screen}-screen").el.querySelector(selector)
        if is_null(control) or not bool(control.checkVisibility()) or bool(control.disabled):
            return None
        return control

    def _focus_screen(self, screen: str) -> None:
        el = self.node(SCREEN_TITLES[screen]).el
        el.focus()
        self.document.defaultView.scrollTo(0, 0)
        if screen == "game":
            self.node("sheet-wrap").el.scrollTop = 0  # not where the last game's sheet was left

    def _bring_tray_into_view(self) -> None:
        """Scrolls the page so that the tray's buttons show, when Roll is out of sight (the tray
        sticks to the bottom of the screen, so mostly it is not). Only at the moment the turn
        passes to a human: a player scrolling the sheet during a computer's turn is left alone."""
        window = self.document.defaultView
        roll = self.node("roll").el.getBoundingClientRect()
        if float(roll.top) >= 0 and float(roll.bottom) <= float(window.innerHeight):
            return
        still = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        behavior = "auto" if still else "smooth"
        self.node("tray").el.scrollIntoView(js_object(window, block="end", behavior=behavior))

    def _bring_row_into_view(self, selector: str) -> None:
        """Scrolls the sheet's frame up or down so that a row shows whole between its sticky row
        of names and what covers the frame's bottom (the tray, the screen's edge); only if that
        is not enough, the page too."""
        window = self.document.defaultView
        wrap = self.node("sheet-wrap").el
        row = self.document.querySelector(selector)
        if is_null(row) or is_null(wrap.offsetParent):
            return
        frame = wrap.getBoundingClientRect()
        head = self.document.querySelector("#sheet thead").getBoundingClientRect()
        bar = self.document.querySelector("header.bar").getBoundingClientRect()
        tray = self.node("tray").el.getBoundingClientRect()
        inner_top = float(frame.top) + float(wrap.clientTop)
        top = max(inner_top + float(head.height), float(bar.bottom))
        bottom = min(inner_top + float(wrap.clientHeight), float(window.innerHeight))
        # The tray covers the frame's foot only where it is under it, not beside it (a wide
        # screen): taken as the foot there, every row was "below" it and scrolled away (a walk).
        if float(tray.left) < float(frame.right) and float(tray.right) > float(frame.left):
            bottom = min(bottom, max(float(tray.top), top))
        box = row.getBoundingClientRect()
        shift = shift_into(float(box.top), float(box.bottom), top, bottom)
        if not shift:
            return
        if shift > 0:
            # Its foot put at the bottom left the row at the top half under the names (a walk,
            # after an automatic score): that row is scrolled past too, while this one shows.
            cut = self._row_cut_at(top + shift)
            room = float(wrap.scrollHeight) - float(wrap.clientHeight) - float(wrap.scrollTop)
            further = shift if cut is None else float(cut.bottom) - top
            if further <= min(room, float(box.top) - top):
                shift = further
        before = float(wrap.scrollTop)
        wrap.scrollTop = before + shift
        rest = shift - (float(wrap.scrollTop) - before)  # where the frame could scroll no further
        if abs(rest) > 1:
            window.scrollBy(0, rest)

    def _row_cut_at(self, line: float) -> Any:
        """The bounds of the sheet's row that the height `line` (as the page is now) cuts
        through, or None."""
        for row in self.document.querySelectorAll("#sheet tbody tr"):
            bounds = row.getBoundingClientRect()
            if float(bounds.top) < line - 1 and float(bounds.bottom) > line + 1:
                return bounds
        return None

    def _size_sheet(self) -> None:
        """Tells the style sheet the header bar's height and the tray's: the end screen's sheet
        scrolls inside a frame that fills the screen below the bar (the game's frame takes what
        the tray leaves by itself: see assets/styles/game-layouts.css), and where the game's
        page scrolls as a whole, what the focus brings into sight stops between the two."""
        root = self.document.documentElement
        bar = f"{float(self.document.querySelector('header.bar').offsetHeight):.0f}px"
        tray = f"{float(self.node('tray').el.offsetHeight):.0f}px"
        if (bar, tray) != self._sheet_frame:
            self._sheet_frame = (bar, tray)
            root.style.setProperty("--bar-height", bar)
            root.style.setProperty("--tray-height", tray)

    def _rescue_focus(self, focused: Any) -> None:
        """A control that had the focus was just disabled or hidden (Confirm after scoring,
        Skip when the computer's turn ends): the focus goes to the next thing to do."""
        if is_null(focused) or focused == self.document.body:
            return
        lost = bool(focused.hasAttribute("disabled")) or not is_null(focused.closest("[hidden]"))
        if not lost:
            return
        for selector in NEXT_THING_TO_DO:
            el = self.document.querySelector(selector)
            usable = not is_null(el) and not el.hasAttribute("disabled")
            if usable and is_null(el.closest("[hidden]")):
                # A box is brought whole between the sheet's sticky names and the tray: the
                # browser's own scroll to the focus left rows cut at both of the frame's edges.
                box = el.getAttribute("data-box")
                el.focus(js_object(self.document.defaultView, preventScroll=not is_null(box)))
                if not is_null(box):
                    self._bring_row_into_view(f'#sheet tr[data-row="{box}"]')
                return

    # --- the game -----------------------------------------------------------------------------

    def _game(self, view: GameView) -> None:
        if view.player != self._turn_player:
            self._handover = self._turn_player >= 0 and not view.is_computer
            self._turn_player = view.player
        self.node("turn-title").text(view.title).attr("data-colour", str(view.colour))
        self.node("round").text(view.round).attr("data-widest", view.round_widest)
        self.node("leave").text(view.leave_label)
        self._help.game(view)
        self.node("skip-to-sheet").text(view.skip_to_sheet_label)
        self.node("skip-to-dice").text(view.skip_to_dice_label)
        self.node("game-screen").cls("computer-turn", view.is_computer)
        self.node("dice").attr("aria-label", view.dice_label)
        for die, node, badge in zip(view.dice, self._dice, self._badges, strict=True):
            node.attr("data-face", str(die.face) if die.face else None)
            node.attr("aria-label", die.label)
            node.attr("aria-pressed", "true" if die.kept else "false")
            node.flag("disabled", not die.enabled)
            node.cls("kept", die.kept)
            node.cls("suggested", die.suggested)
            node.cls("advice-keep", die.advice == "keep")
            node.cls("advice-release", die.advice == "release")
            badge.text(die.badge).cls("advice", bool(die.advice))
        self._pad.render(view.pad)
        self.node("roll").text(view.roll_label).flag("disabled", not view.can_roll)
        self.node("keys-hint").text(view.keys_hint)  # empty when no one can keep dice now
        confirm = self.node("confirm").text(view.confirm_label).cls("named", view.confirm_hinted)
        confirm.attr("aria-label", view.confirm_name or None).flag("disabled", not view.can_confirm)
        self.node("undo").text(view.undo_label).show(view.can_undo)
        self.node("computer-undo").text(view.undo_label).show(view.can_undo and view.is_computer)
        self.node("hint").text(view.hint_label).flag("disabled", not view.can_hint)
        self.node("turn-status").text(view.status)
        self.node("last-move").text(view.last_move).show(bool(view.last_move))
        self.node("turn-message").text(view.message).show(bool(view.message))
        self.node("bonus-message").text(view.bonus_message).show(bool(view.bonus_message))
        self.node("cheer").text(view.celebration).show(bool(view.celebration))
        self.node("countdown").show(view.countdown > 0).cls("held", view.countdown_held)
        self.node("countdown-text").text(view.countdown_text)
        self.node("countdown-help").text(view.countdown_help)
        # CSSOM, not a style attribute: the Content-Security-Policy forbids inline styles.
        fraction = f"{view.countdown_fraction:.3f}"
        bar = self.node("countdown-bar")
        if bar.changed("--fraction", fraction):
            bar.el.style.setProperty("--fraction", fraction)
        self._tray_fold(view)
        self.node("hint-text").text(view.hint).show(bool(view.hint))
        self.node("hide-hint").text(view.hide_hint_label).show(bool(view.hint))
        self.node("coach-note").text(view.coach_note).show(bool(view.coach_note))
        warning = view.coach_warning
        self.node("coach-warning").show(warning is not None)
        if warning is not None:
            self.node("coach-warning-title").text(warning.headline)
            self.node("coach-reason").text(warning.reason)
            self.node("show-best").text(warning.show_label)
            self.node("play-anyway").text(warning.play_label)
        self.node("coach-line").text(view.coach_line).show(bool(view.coach_line))
        self.node("coach-why").text(view.coach_line_why).show(bool(view.coach_line_why))
        # The warning says what to do now: the turn's status line gives it the room.
        self.node("turn-status").show(warning is None)
        self.node("human-controls").show(not view.is_computer and warning is None)
        self.node("computer-controls").show(view.is_computer)
        # Waiting to be let play, the computer offers that and the take-back alone: beside "Let
        # Computer 1 play", "Skip ahead" read as the same to a walk.
        waiting = bool(view.play_on_label)
        self.node("play-on").text(view.play_on_label).show(waiting)
        speed = self.node("speed").text(view.speed_label).show(not waiting)
        speed.attr("aria-pressed", "true" if view.speed_pressed else "false")
        skip = self.node("skip").text(view.skip_label).attr("title", view.skip_help)
        skip.attr("aria-label", view.skip_help).show(not waiting)
        sheet = self._sheets["sheet"]
        sheet.render(view.sheet)
        # The box that matters now (the hint's, the joker's, the one selected, the one just
        # scored by itself, a first Penta) comes into the sheet's frame, once: the player may
        # scroll away from it. Once more when the coach's warning or a celebration takes the
        # tray's place: the taller tray hid the box it warned of, and the Yatzy it cheered (the
        # box selected, then scored, stayed the spotlight: walks).
        spotlight = view.sheet.spotlight
        seen = (spotlight, warning is not None, bool(view.celebration))
        if spotlight is not None and seen != self._spotlight:
            column, box = spotlight
            sheet.scroll_to_column(column)  # the sheet may have been swiped to another player's
            self._spotlight_row = f'#sheet tr[data-row="{box}"]'
        self._spotlight = seen
        self._corner_hint = view.sheet.scroll_hint_short
        self._fit_game_sheet()  # its "Swipe sideways" line was shown by its render

    def fit_to_viewport(self) -> None:
        """What depends on the page's width, when the phone is turned."""
        for sheet in self._sheets.values():
            sheet.show_hint()
        self._fit_game_sheet()

    def _fit_game_sheet(self) -> None:
        sheet = self._sheets["sheet"]
        sheet.follow_width()
        # On a short screen the game's line gives its room to the rows: the corner says it.
        self.node("corner-hint").text(self._corner_hint).show(sheet.hint_shown)

    def _tray_fold(self, view: GameView) -> None:
        """Folded, the tray shows its messages as one line (so that it never takes much of a
        phone's height); the toggle opens them all."""
        self.node("tray-fold").show(bool(view.tray_summary))
        self.node("tray-summary").text(view.tray_summary)
        self.node("tray-toggle").text(view.tray_toggle_label).attr(
            "aria-expanded", "true" if view.tray_open else "false"
        ).show(bool(view.tray_toggle_label))  # none where the line is all the tray says
        self.node("tray-messages").cls("folded", not view.tray_open).cls(
            "summary-has-status", view.summary_has_status
        ).cls("summary-joined", view.summary_joined)

    def roll_animation(self, positions: Sequence[int]) -> None:
        """Shakes the dice that were just rolled (CSS turns it off for reduced motion)."""
        for position in positions:
            el = self._dice[position].el
            el.classList.remove("rolling")
            _ = el.offsetWidth  # restarts the CSS animation
            el.classList.add("rolling")

    # --- end of game --------------------------------------------------------------------------

    def _end(self, view: EndView) -> None:
        self.node("end-title").text(view.title)
        self.node("end-headline").text(view.headline).cls("new-best", view.new_best)
        self.node("end-bests").text(view.bests_line).show(bool(view.bests_line))
        self.node("end-coach").text(view.coach_line).show(bool(view.coach_line))
        self.node("end-trophy").show(view.trophy)
        self.node("standings-heading").text(view.standings_heading).show(bool(view.standings))
        container = self.node("standings").show(bool(view.standings)).el
        while container.children.length > len(view.standings):
            container.lastElementChild.remove()
        while container.children.length < len(view.standings):
            item = self.page.create("li", "standing")
            for part in ("place", "name", "total"):
                span = self.page.create("span", part)
                if part == "name":
                    span.setAttribute("dir", "auto")
                item.append(span)
            container.append(item)
        for index, standing in enumerate(view.standings):
            item = container.children.item(index)
            item.classList.toggle("winner", standing.winner)
            spans = item.children
            for position, value in enumerate((standing.place_text, standing.name, standing.total)):
                if spans.item(position).textContent != without_isolates(value):
                    fill_text(spans.item(position), value)
        self.node("breakdown-heading").text(view.breakdown_heading)
        self.node("breakdown-help").text(view.breakdown_help).show(bool(view.breakdown_help))
        self._sheets["end-sheet"].render(view.sheet)
        self.node("play-again").text(view.play_again_label).show(view.can_play_again)
        self.node("play-again-help").text(view.play_again_help).show(view.can_play_again)
        self.node("new-game").text(view.new_game_label).cls("primary", not view.can_play_again)
        self.node("end-undo").text(view.undo_label).show(view.can_undo)
