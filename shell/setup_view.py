"""Fills in the setup screen: the ruleset cards, and a card per seat (made in Python, since the
number of players changes), which grows or shrinks at its end."""

from __future__ import annotations

from typing import Any

from game.present.views import SetupView
from shell.dom import Node, Page


class SetupForm:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.node = page.node
        self._seat_nodes: list[dict[str, Node]] = []

    def render(self, view: SetupView) -> None:
        self.node("setup-title").text(view.title)
        self.node("setup-note").text(view.note).show(bool(view.note))
        self.node("setup-welcome").text(view.welcome).show(bool(view.welcome))
        self.node("ruleset-legend").text(view.ruleset_heading)
        for card in view.rulesets:
            self.node(f"ruleset-{card.id}-name").text(card.name)
            self.node(f"ruleset-{card.id}-description").text(card.description)
            radio = self.node(f"ruleset-{card.id}").flag("disabled", False)  # Python is ready
            if bool(radio.el.checked) != card.selected:
                radio.el.checked = card.selected
            self.node(f"ruleset-{card.id}-card").cls("selected", card.selected)
            self.node(f"rules-{card.id}").text(card.rules_label).flag("disabled", False)
        self.node("players-heading").text(view.players_heading)
        self.node("player-count").text(view.player_count)
        self._seats(view)
        self.node("add-human").text(view.add_human_label).flag("disabled", not view.can_add)
        self.node("add-computer").text(view.add_computer_label).flag(
            "disabled", not view.can_add
        ).show(view.can_add_computer or not view.can_add)
        self.node("dice-legend").text(view.dice_heading)
        for choice in view.dice_choices:
            radio = self.node(f"dice-{choice.value}").flag("disabled", False)  # Python is ready
            if bool(radio.el.checked) != choice.selected:
                radio.el.checked = choice.selected
            self.node(f"dice-{choice.value}-label").text(choice.label)
        self.node("dice-help").text(view.dice_help).show(bool(view.dice_help))
        self.node("start").text(view.start_label).flag("disabled", False)
        self.node("daily").show(view.daily_shown)
        self.node("daily-button").text(view.daily_label).flag("disabled", not view.daily_available)
        self.node("daily-help").text(view.daily_help)
        if view.remove_player is not None:
            self.node("remove-player-text").text(view.remove_player.text)
            self.node("remove-player-confirm").text(view.remove_player.confirm_label)
            self.node("remove-player-cancel").text(view.remove_player.cancel_label)

    def _seats(self, view: SetupView) -> None:
        container = self.node("seats").el
        while len(self._seat_nodes) > len(view.seats):
            self._seat_nodes.pop()
            container.lastElementChild.remove()
        while len(self._seat_nodes) < len(view.seats):
            self._seat_nodes.append(self._new_seat(container, len(self._seat_nodes)))
        for seat, nodes in zip(view.seats, self._seat_nodes, strict=True):
            nodes["heading"].text(seat.heading).attr("data-colour", str(seat.colour))
            nodes["name_label"].text(seat.name_label)
            name = nodes["name"]
            if name.el.value != seat.name and self.page.document.activeElement != name.el:
                name.el.value = seat.name
            name.attr("placeholder", seat.placeholder)
            nodes["kind_label"].text(seat.kind_label)
            self.page.fill_select(nodes["kind"].el, seat.kinds)
            nodes["kind_box"].show(bool(seat.kinds))  # none with real dice: people only
            nodes["level_label"].text(seat.level_label)
            self.page.fill_select(nodes["level"].el, seat.levels)
            nodes["level_box"].show(seat.is_computer)
            nodes["level_help"].text(seat.level_description)
            nodes["coach_label"].text(seat.coach_label)
            self.page.fill_select(nodes["coach"].el, seat.coaches)
            nodes["coach_box"].show(not seat.is_computer)
            nodes["note"].text(seat.note).show(bool(seat.note))
            nodes["item"].cls("computer", seat.is_computer)
            for key, label, enabled in (
                ("up", seat.move_up_label, seat.can_move_up),
                ("down", seat.move_down_label, seat.can_move_down),
                ("remove", seat.remove_label, seat.can_remove),
            ):
                nodes[key].attr("aria-label", label).attr("title", label)
                nodes[key].flag("disabled", not enabled)
            # A player alone can be neither moved nor removed: three greyed buttons said
            # nothing to a walk but clutter.
            nodes["actions"].show(len(view.seats) > 1)

    def _new_seat(self, container: Any, index: int) -> dict[str, Node]:
        make = self.page.create
        item = make("li", "seat")
        head = make("div", "seat-head")
        heading = make("h4", "seat-number", id=f"seat-{index}-heading")
        actions = make("div", "seat-actions")
        buttons = {}
        for key, symbol in (("up", "↑"), ("down", "↓"), ("remove", "✕")):
            button = make("button", f"icon-button seat-{key}", type="button")
            button.dataset.action = key
            button.dataset.index = str(index)
            glyph = make("span", aria_hidden="true")
            glyph.textContent = symbol
            button.append(glyph)
            actions.append(button)
            buttons[key] = Node(button)
        head.append(heading, actions)
        # Named by the seat's heading (its player's name): each seat's fields have the same
        # labels ("Name", "Player type"), which alone did not say whose they were (a walk).
        fields = make("div", "seat-fields", role="group")
        fields.setAttribute("aria-labelledby", f"seat-{index}-heading")
        name_id = f"seat-{index}-name"
        name_label = make("label", "field-label")
        name_label.setAttribute("for", name_id)
        name = make("input", "name-input", type="text", id=name_id, maxlength="50")
        name.setAttribute("autocomplete", "off")
        name.setAttribute("dir", "auto")
        name.dataset.action = "name"
        name.dataset.index = str(index)
        name_box = make("div", "field field-name")
        name_box.append(name_label, name)
        kind_id = f"seat-{index}-kind"
        kind_label = make("label", "field-label")
        kind_label.setAttribute("for", kind_id)
        kind = make("select", "", id=kind_id)
        kind.dataset.action = "kind"
        kind.dataset.index = str(index)
        kind_box = make("div", "field field-kind")
        kind_box.append(kind_label, kind)
        level_id = f"seat-{index}-level"
        level_help_id = f"seat-{index}-level-help"
        level_label = make("label", "field-label")
        level_label.setAttribute("for", level_id)
        level = make("select", "", id=level_id)
        level.setAttribute("aria-describedby", level_help_id)
        level.dataset.action = "level"
        level.dataset.index = str(index)
        level_box = make("div", "field field-level")
        level_help = make("p", "field-help", id=level_help_id)
        level_box.append(level_label, level)
        coach_id = f"seat-{index}-coach"
        coach_label = make("label", "field-label")
        coach_label.setAttribute("for", coach_id)
        coach = make("select", "", id=coach_id)
        coach.dataset.action = "coach"
        coach.dataset.index = str(index)
        coach_box = make("div", "field field-coach")
        coach_box.append(coach_label, coach)
        fields.append(name_box, kind_box, level_box, coach_box)
        note = make("p", "field-help seat-note")
        item.append(head, fields, level_help, note)
        container.append(item)
        return {
            "item": Node(item),
            "actions": Node(actions),
            "heading": Node(heading),
            "name_label": Node(name_label),
            "name": Node(name),
            "kind_label": Node(kind_label),
            "kind": Node(kind),
            "kind_box": Node(kind_box),
            "level_label": Node(level_label),
            "level": Node(level),
            "level_box": Node(level_box),
            "level_help": Node(level_help),
            "coach_label": Node(coach_label),
            "coach": Node(coach),
            "coach_box": Node(coach_box),
            "note": Node(note),
            **buttons,
        }
