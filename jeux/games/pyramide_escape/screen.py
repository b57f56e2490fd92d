"""Pyramide Escape on screen: the room as a card, the next rooms, the five objects, fatigue.

Keys: 1-5 pick an object (Entrée uses it, 0 goes without), r reveals the next room; with the
Carte ancienne, 1-3 pick a room and ←→ move it, Entrée keeps the order; under the Sable Vivant,
1-5 and Entrée discard an object, q leaves the room. Every key has a button or a card to click.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from jeux.engine.core import Action, Event
from jeux.engine.match import Match, Seat
from jeux.store.records import HINTED
from jeux.ui.game_screen import GameScreen
from jeux.ui.launch import ExtraStart
from jeux.ui.screens.confirm import ConfirmScreen
from jeux.ui.screens.play.answer import AnswerScreen
from jeux.ui.widgets.card import Card, CardData
from jeux.ui.widgets.coin import Coin
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.hand import Hand
from jeux.ui.widgets.score_sheet import SheetData

from .game import GAME
from .rules import (
    AMULETTE,
    CHOOSE,
    COULOIR,
    FOSSE,
    GARDIEN,
    ITEMS,
    JUGEMENT,
    MAX_FATIGUE,
    OFFRANDE,
    OVER,
    PENOMBRE,
    PERMANENT_LABELS,
    PILE,
    PONT,
    REORDER,
    REVEAL,
    ROOM,
    ROOMS,
    SABLE,
    SANDS,
    SCARABEES,
    SOIF,
    STRICT_PENOMBRE_LABEL,
    CoinFlipped,
    Discard,
    FatigueChanged,
    Forecast,
    GameEnded,
    ItemDiscarded,
    ItemUsed,
    LeaveRoom,
    NoItem,
    PyramideState,
    Reorder,
    Reveal,
    Room,
    RoomPutUnder,
    RoomRevealed,
    RoomsPeeked,
    UseItem,
)
from .solver import QUESTION, Hint, answer, hint

SHOWN = 3
"""How many places of the room deck the strip shows (the Carte ancienne looks at 3)."""

SUMMARY = {
    COULOIR: "−1 fatigue de plus",
    FOSSE: "Sans objet : −2",
    SCARABEES: "Montre 2 salles",
    PONT: "Objet perdu, 0 fatigue",
    SOIF: "Permanente : −1 sans objet",
    PENOMBRE: "Permanente : objets affaiblis",
    JUGEMENT: "Avec objet : −1",
    OFFRANDE: "3 objets partis : +1",
    SABLE: "Permanente : pièce, pile −1",
    GARDIEN: "−1 par objet gardé",
}
"""What a room does, short enough for its card; the details line gives the whole effect."""

SHORT = {SOIF: "Soif", SCARABEES: "Scarabées"}
"""Names for the small cards of the strip, where long names do not fit."""

SHEET_NAMES = {
    COULOIR: "Couloir",
    FOSSE: "Fosse",
    SCARABEES: "Scarabées",
    PONT: "Pont",
    SOIF: "Soif",
    PENOMBRE: "Pénombre",
    JUGEMENT: "Jugement",
    OFFRANDE: "Offrande",
    SABLE: "Sable",
    GARDIEN: "Gardien",
}
"""One word a room, for the score sheet's narrow first column."""

BADGES = {SOIF: "Soif : +1 sans objet", PENOMBRE: "Pénombre", SABLE: "Sable : pièce"}

PHASES_OF = {
    "reveal": {REVEAL},
    "object": {CHOOSE},
    "discard_object": {SANDS},
    "room": {REORDER},
    "use": {CHOOSE},
    "discard": {SANDS},
    "validate": {REORDER},
    "no_item": {CHOOSE},
    "move": {REORDER},
    "target": {CHOOSE},
    "leave_room": {SANDS},
    "hint": {CHOOSE, REORDER, SANDS},
}
"""Which phases show a binding in the footer; each key also has a hidden binding that works in
every phase, so a key pressed at the wrong time still gets the engine's French refusal."""


def short_name(key: str) -> str:
    return SHORT.get(key, ROOM[key].name)


def room_card(room: Room) -> CardData:
    return CardData(str(room.number), "", room.permanent, room.name, SUMMARY[room.key])


def small_card(room: Room) -> CardData:
    return CardData(
        str(room.number),
        "",
        room.permanent,
        short_name(room.key),
        "(perm.)" if room.permanent else "",
    )


def lower_first(text: str) -> str:
    """An effect after "Nom : ", as French writes it after a colon."""
    return text[:1].lower() + text[1:]


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "0"


def fatigue_after(forecast: Forecast) -> str:
    """A choice's result in a few cells: "→5", or "→5|4" when the coin decides (face|pile)."""
    face, pile = max(0, forecast.face), max(0, forecast.pile)
    return f"→{face}|{pile}" if forecast.coin and face != pile else f"→{face}"


def fatigue_words(forecast: Forecast) -> str:
    """The same in words, for a button: "fatigue 5", "fatigue 5 ou 4 (pièce)"."""
    face, pile = max(0, forecast.face), max(0, forecast.pile)
    if forecast.coin and face != pile:
        return f"fatigue {face} ou {pile} (pièce)"
    return f"fatigue {face}"


def _record_words(record) -> str:
    games = f"{record.played} partie{'s' if record.played > 1 else ''}"
    escapes = f"{record.won} évasion{'s' if record.won > 1 else ''}"
    best = f", meilleur score {record.best}" if record.best is not None else ""
    return f"{games}, {escapes}{best}"


class PyramideScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("r", "reveal", "Révéler la salle"),
        Binding("space", "reveal", "Révéler la salle", show=False),
        Binding("r", "any_reveal", show=False),
        Binding("space", "any_reveal", show=False),
        *(
            Binding(str(n), f"object({n})", "Objet", key_display="1-5", show=n == 1)
            for n in range(1, len(ITEMS) + 1)
        ),
        *(
            Binding(str(n), f"discard_object({n})", "Objet", key_display="1-5", show=n == 1)
            for n in range(1, len(ITEMS) + 1)
        ),
        *(
            Binding(str(n), f"room({n})", "Salle", key_display="1-3", show=n == 1)
            for n in range(1, SHOWN + 1)
        ),
        *(Binding(str(n), f"digit({n})", show=False) for n in range(1, len(ITEMS) + 1)),
        Binding("enter", "use", "Utiliser"),
        Binding("enter", "discard", "Défausser"),
        Binding("enter", "validate", "Valider l'ordre"),
        Binding("enter", "confirm", show=False),
        Binding("0", "no_item", "Sans objet"),
        Binding("0", "any_no_item", show=False),
        Binding("left", "move(-1)", "Déplacer", key_display="←→"),
        Binding("right", "move(1)", "Déplacer", show=False),
        Binding("left", "target(-1)", "Cible", key_display="←→"),
        Binding("right", "target(1)", "Cible", show=False),
        Binding("left", "shift(-1)", show=False),
        Binding("right", "shift(1)", show=False),
        Binding("q", "leave_room", "Quitter la salle"),
        Binding("q", "any_leave_room", show=False),
        Binding("h", "hint", "Conseil"),
    ]

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.played = -1
        """How many actions the choices below belong to: a new action clears them."""
        self.selected: int | None = None
        """The object picked (index in ITEMS), waiting for Entrée or a second click."""
        self.target = 0
        """Which of the Amulette's targets is chosen."""
        self.order: list[int] = []
        """Carte ancienne: the order being built, as indices among the peeked rooms."""
        self.moving: int | None = None
        """Carte ancienne: the place (in `order`) of the room picked to move."""
        self.note: Content | None = None
        """A details text asked for by a click, until the next choice."""

    # --- layout ------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="status"):
            yield Gauge(id="fatigue")
            yield Static(id="progress")
            yield Coin(id="coin")
        with Horizontal(id="badges"):
            yield Static("Aucun effet permanent", id="no-badge")
            for key, label in BADGES.items():
                yield self._button(label, f"badge-{key}", "badge")
        with Horizontal(id="row"):
            yield Card(id="room")
            with Vertical(id="deck"):
                yield Static(id="deck-label")
                yield Hand(*(Card(None, i) for i in range(SHOWN)), id="next")
        yield Static(id="details")
        yield Hand(*(Card(self._item_card(i), i) for i in range(len(ITEMS))), id="objects")
        with Horizontal(id="actions"):
            yield self._button("Révéler la salle (r)", "b-reveal", variant="primary")
            yield self._button("Utiliser (Entrée)", "b-use", variant="primary")
            yield self._button("Sans objet (0)", "b-none")
            yield self._button("Valider l'ordre (Entrée)", "b-validate", variant="primary")
            yield self._button("◀ (←)", "b-left")
            yield self._button("(→) ▶", "b-right")
            yield self._button("Défausser (Entrée)", "b-discard", variant="primary")
            yield self._button("Quitter la salle (q)", "b-leave")

    @staticmethod
    def _button(label: str, id: str, classes: str = "", variant: str = "default") -> Button:
        button = Button(Content(label), id=id, classes=classes, variant=variant, compact=True)
        button.can_focus = False  # Entrée must stay the game's key, whatever was clicked last
        return button

    @staticmethod
    def _item_card(index: int) -> CardData:
        return CardData(str(index + 1), "", False, ITEMS[index].name)

    # --- rendering ---------------------------------------------------------------------

    def show_state(self, state: PyramideState) -> None:
        if self.played != len(self.match.actions):
            self.played = len(self.match.actions)
            self.selected, self.target, self.moving, self.note = None, 0, None, None
            self.order = list(range(len(state.peeked))) if state.phase == REORDER else []
        self._show_status(state)
        self._show_badges(state)
        self._show_room(state)
        self._show_deck(state)
        self._show_objects(state)
        self._show_actions(state)
        self.query_one("#details", Static).update(self.note or self._details(state))
        self.refresh_bindings()

    def _show_status(self, state: PyramideState) -> None:
        self.query_one("#fatigue", Gauge).show(
            "Fatigue", state.fatigue, MAX_FATIGUE, state.fatigue <= 2
        )
        self.query_one("#progress", Static).update(
            Content(f"Franchies {state.cleared}/{len(ROOMS)}")
        )
        coin = self.query_one("#coin", Coin)
        coin.display = SABLE in state.active or bool(state.coin)
        if state.coin:
            coin.show(state.coin.capitalize(), "−1" if state.coin == PILE else "")
        else:
            coin.show(None)

    def _show_badges(self, state: PyramideState) -> None:
        targets = self._amulet_targets(state) if self._amulet_picked(state) else []
        chosen = self._aim(targets)
        for key, label in BADGES.items():
            badge = self.query_one(f"#badge-{key}", Button)
            badge.display = key in state.active
            if key == PENOMBRE and state.strict_penombre:
                label = "Pénombre stricte"
            marker = f"{self.app.glyphs.turn} " if key == chosen else ""
            self._label(f"badge-{key}", f"{marker}{label}")
            badge.set_class(key == chosen, "-target")
        self.query_one("#no-badge").display = not state.active

    def _show_room(self, state: PyramideState) -> None:
        card, room, phase = self.query_one("#room", Card), state.room, state.phase
        under = phase == REVEAL and bool(state.journal) and state.journal[-1].put_under
        if under:
            card.card, card.caption = None, "sous la pile"
        else:
            card.card = room_card(room)
            card.caption = {REVEAL: "franchie", OVER: "évadé·e !" if state.won else "épuisé·e"}.get(
                phase, ""
            )
        card.set_class(phase == REVEAL and room is not None and not under, "-gone")
        targets = self._amulet_targets(state) if self._amulet_picked(state) else []
        aimed = room is not None and bool(targets) and self._aim(targets) == room.key
        card.set_class(aimed, "-selected")
        if aimed:
            card.caption = "à annuler"

    def _show_deck(self, state: PyramideState) -> None:
        visible = state.visible_deck()
        label = Content(f"Pile : {len(visible)} salle{'s' if len(visible) > 1 else ''}")
        if len(visible) > SHOWN and visible[-1] is not None:
            label += Content(f" · dessous : {short_name(visible[-1].key)}")
        if state.phase == REORDER:
            label = Content.assemble(("Carte ancienne : ", "bold"), "range-les !")
        self.query_one("#deck-label", Static).update(label)
        shown = list(visible[:SHOWN])
        if state.phase == REORDER:
            shown[: len(self.order)] = [state.peeked[i] for i in self.order]
        for place, card in enumerate(self.query_one("#next", Hand).cards):
            card.display = place < len(shown)
            if place >= len(shown):
                continue
            room = shown[place]
            card.card = small_card(room) if room is not None else None
            reordering = state.phase == REORDER and place < len(self.order)
            card.set_class(reordering, "-selectable")
            card.set_class(reordering and place == self.moving, "-selected")
            card.caption = str(place + 1) if reordering else ""

    def _show_objects(self, state: PyramideState) -> None:
        forecasts = self._forecasts(state)
        for i, card in enumerate(self.query_one("#objects", Hand).cards):
            item = ITEMS[i]
            held = item in state.hand
            card.set_class(not held, "-gone")
            card.set_class(held and self._offered(state), "-selectable")
            card.set_class(held and self.selected == i, "-selected")
            if not held:
                card.caption = "usé"
            elif i in forecasts:
                card.caption = fatigue_after(forecasts[i])
            else:
                card.caption = ""

    def _show_actions(self, state: PyramideState) -> None:
        phase = state.phase
        shown = {
            "b-reveal": phase == REVEAL,
            "b-use": phase == CHOOSE,
            "b-none": phase == CHOOSE,
            "b-validate": phase == REORDER,
            "b-left": phase == REORDER,
            "b-right": phase == REORDER,
            "b-discard": phase == SANDS and self._offered(state),
            "b-leave": phase == SANDS,
        }
        for id, visible in shown.items():
            self.query_one(f"#{id}", Button).display = visible
        if phase == CHOOSE:
            forecast = state.forecast(NoItem())
            self._label("b-none", f"Sans objet (0) : {fatigue_words(forecast)}")
            danger = min(forecast.face, forecast.pile) <= 0
            self.query_one("#b-none", Button).variant = "error" if danger else "default"

    def _label(self, id: str, text: str) -> None:
        """A button's new label; its width follows (Button.label does not relayout)."""
        button = self.query_one(f"#{id}", Button)
        if button.label.plain != text:
            button.label = Content(text)
            button.refresh(layout=True)

    def _details(self, state: PyramideState) -> Content:
        """The line under the cards: the whole effect of what the player is looking at."""
        phase, room = state.phase, state.room
        if phase == REVEAL:
            last = state.journal[-1]
            done = "Tu as glissé" if last.put_under else "Tu as franchi"
            under = " sous la pile" if last.put_under else ""
            change = "sans perte" if not last.change else f"{signed(last.change)} fatigue"
            return Content.assemble(
                f"{done} « ",
                (ROOM[last.room].name, "bold"),
                f" »{under} : {change}, il t'en reste {last.fatigue}.",
            )
        if phase == OVER:
            return Content(self.match.outcome().summary if self.match.outcome() else "")
        if phase == REORDER:
            if self.moving is not None:
                picked = state.peeked[self.order[self.moving]]
                return self._room_text(picked)
            if not self.decides_here(state):  # a replay: the order is chosen next step
                return Content("")
            return Content(
                "Choisis une salle (1-3 ou clic), déplace-la avec ←→ ou clique une autre "
                "salle pour les échanger. Entrée garde cet ordre : la 1 vient en premier."
            )
        if self.selected is not None:
            return self._item_text(state, self.selected)
        if phase == SANDS and not self._offered(state):
            return Content(
                f"Sable Vivant : ta fatigue est au maximum ({MAX_FATIGUE}), une défausse ne "
                "rendrait rien. Quitte la salle (q)."
            )
        if phase == SANDS:
            return Content(
                f"Sable Vivant : chaque objet défaussé rend 1 fatigue (jusqu'à {MAX_FATIGUE}). "
                "Choisis-en un (1-5), ou quitte la salle (q)."
            )
        assert room is not None
        text = self._room_text(room)
        forecast = state.forecast(NoItem())
        if min(forecast.face, forecast.pile) <= 0:
            text += Content.assemble(
                " ", ("Attention : sans objet, ta fatigue tombe à 0.", "bold $error")
            )
        return text

    @staticmethod
    def _room_text(room: Room) -> Content:
        return Content.assemble((room.name, "bold"), " : ", lower_first(room.effect))

    def _item_text(self, state: PyramideState, index: int) -> Content:
        item = ITEMS[index]
        forecast = self._forecasts(state).get(index)
        text = Content.assemble((item.name, "bold"), " : ")
        targets = self._amulet_targets(state) if item.key == AMULETTE else []
        if state.phase == SANDS:
            text += Content("le défausser au Sable Vivant rend 1 fatigue.")
        elif state.phase == CHOOSE and targets:
            text += Content.assemble("annule « ", (ROOM[self._aim(targets)].name, "bold"), " »")
            text += Content(" (←→ : changer d'effet)." if len(targets) > 1 else ".")
        else:
            text += Content(lower_first(state.item_effect(item)))
        if forecast is not None:
            text += Content(self._result_text(forecast))
        return text

    @staticmethod
    def _result_text(forecast: Forecast) -> str:
        face, pile = forecast.face, forecast.pile
        if forecast.coin and face != pile:
            text = f" Fatigue ensuite : {max(0, face)} sur face, {max(0, pile)} sur pile."
        else:
            text = f" Fatigue ensuite : {max(0, face)}."
        if forecast.loses:
            text += " Attention : défaite !"
        elif min(face, pile) <= 0:
            text += " Attention : à 0 en fin de salle, c'est la défaite."
        return text

    @staticmethod
    def _offered(state: PyramideState) -> bool:
        """Whether the objects are offered now: to use, or to the sand while a discard still
        gives something back (at full fatigue the button goes; the keys still work)."""
        if state.phase == SANDS:
            return state.fatigue < MAX_FATIGUE
        return state.phase == CHOOSE

    def _forecasts(self, state: PyramideState) -> dict[int, Forecast]:
        """What each object in hand would do now, by its place in ITEMS."""
        if state.phase not in (CHOOSE, SANDS):
            return {}
        found = {}
        for i, item in enumerate(ITEMS):
            if item in state.hand:
                found[i] = state.forecast(self._item_action(state, i))
        return found

    # --- what the player picked --------------------------------------------------------

    @staticmethod
    def _amulet_targets(state: PyramideState) -> list[str]:
        return [
            a.target
            for a in state.legal_actions()
            if isinstance(a, UseItem) and a.item == AMULETTE and a.target
        ]

    def _amulet_picked(self, state: PyramideState) -> bool:
        return (
            state.phase == CHOOSE
            and self.selected is not None
            and ITEMS[self.selected].key == AMULETTE
        )

    def _item_action(self, state: PyramideState, index: int) -> Action:
        item = ITEMS[index]
        if state.phase == SANDS:
            return Discard(item.key)
        if item.key == AMULETTE and state.phase == CHOOSE:
            targets = self._amulet_targets(state)
            if targets:
                chosen = self.target % len(targets) if index == self.selected else 0
                return UseItem(AMULETTE, targets[chosen])
        return UseItem(item.key)

    def _aim(self, targets: list[str]) -> str:
        """The Amulette's chosen target among `targets` ("" when there is none)."""
        return targets[self.target % len(targets)] if targets else ""

    def _refresh(self) -> None:
        self.show_state(self.match.state)

    def pick_object(self, index: int) -> None:
        if self.busy:
            self.skip()  # a choice is made on the board it changes, once it shows
            return
        state = self.match.state
        item = ITEMS[index]
        if state.phase not in (CHOOSE, SANDS) or item not in state.hand:
            # Not a choice now: the engine says why, in French.
            self.act(Discard(item.key) if state.phase == SANDS else UseItem(item.key))
            return
        if self.selected != index:
            self.selected, self.target = index, 0
        self.note = None
        self._refresh()

    def pick_room(self, place: int) -> None:
        if self.busy:
            self.skip()
            return
        if place >= len(self.order):
            self.app.say(f"Il n'y a que {len(self.order)} salles à ranger.", "warning")
            return
        self.moving, self.note = place, None
        self._refresh()

    def shift(self, step: int) -> None:
        if self.busy:
            self.skip()
            return
        state = self.match.state
        if state.phase == REORDER:
            if self.moving is None:
                self.app.say("Choisis d'abord la salle à déplacer (1 à 3).", "warning")
                return
            place = self.moving + step
            if 0 <= place < len(self.order):
                self.order[self.moving], self.order[place] = (
                    self.order[place],
                    self.order[self.moving],
                )
                self.moving = place
            self._refresh()
        elif self._amulet_picked(state) and len(self._amulet_targets(state)) > 1:
            self.target += step
            self._refresh()

    def confirm(self) -> None:
        state = self.match.state
        if state.phase == REVEAL:
            self.act(Reveal())
        elif self.busy:
            self.skip()  # Entrée confirms a choice made on the board as it now stands
        elif state.phase == REORDER:
            self.attempt(Reorder(tuple(self.order)))
        elif state.phase in (CHOOSE, SANDS) and self.selected is None:
            self.app.say(
                "Choisis d'abord un objet (1 à 5), ou avance sans objet (0)."
                if state.phase == CHOOSE
                else "Choisis l'objet à défausser (1 à 5), ou quitte la salle (q).",
                "warning",
            )
        elif state.phase in (CHOOSE, SANDS):
            self.attempt(self._item_action(state, self.selected))

    def attempt(self, action: Action) -> None:
        """Play a move; one that would end the escape in defeat asks first."""
        state = self.visible_state()
        forecast = state.forecast(action) if action in state.legal_actions() else None
        if forecast is None or not forecast.loses:
            self.act(action)  # an illegal one gets the engine's refusal
            return
        if self.busy:
            self.skip()  # a fatal move waits until the player sees the board
            return
        risk = "peut te coûter" if forecast.coin and forecast.face != forecast.pile else "te coûte"
        question = f"Ce choix {risk} la partie : ta fatigue tombe à 0. Continuer quand même ?"
        self.app.push_screen(ConfirmScreen(question), lambda yes: yes and self.act(action))

    def keys_for(self, action: Action) -> list[str]:
        state = self.match.state
        confirm = ["o"] if self.visible_state().forecast(action).loses else []
        if isinstance(action, Reveal):
            return ["r"]
        if isinstance(action, NoItem):
            return ["0", *confirm]
        if isinstance(action, LeaveRoom):
            return ["q", *confirm]
        if isinstance(action, Reorder):
            return [*self._reorder_keys(action.order), "enter", *confirm]
        index = [item.key for item in ITEMS].index(action.item)
        keys = [str(index + 1)]
        if isinstance(action, UseItem) and action.target:
            targets = self._amulet_targets(state)
            keys += ["right"] * targets.index(action.target)
        return [*keys, "enter", *confirm]

    def _reorder_keys(self, order: tuple[int, ...]) -> list[str]:
        """Moves that turn the order on screen into `order`: each room in turn is picked by
        its place and moved left to where it belongs."""
        keys, now = [], list(self.order)
        for place, room in enumerate(order):
            at = now.index(room)
            if at != place:
                keys += [str(at + 1), *["left"] * (at - place)]
                now.insert(place, now.pop(at))
        return keys

    # --- keys --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phases = PHASES_OF.get(action)
        if phases is None:
            return super().check_action(action, parameters)
        state = self.match.state
        if action == "target":
            return self._amulet_picked(state) and len(self._amulet_targets(state)) > 1
        return state.phase in phases

    def action_reveal(self) -> None:
        self.act(Reveal())

    def action_hint(self) -> None:
        """Ask for a hint: the run is marked as helped, for good."""
        self.app.records.mark_hinted(self.match_id)
        self.note = Content("Conseil : recherche…")
        self._refresh()
        self.think_hint(len(self.match.actions), self.match.state.view(0))

    @work(thread=True, exclusive=True, group="hint")
    def think_hint(self, played: int, view: PyramideState) -> None:
        self.app.call_from_thread(self.show_hint, played, hint(view))

    def show_hint(self, played: int, advice: Hint) -> None:
        if played != len(self.match.actions):
            return  # the player moved on meanwhile
        keys = " puis ".join(self.keys_for(advice.action))
        self.note = Content.assemble(("Conseil", "bold"), f" ({keys}) : {advice.reason}")
        self._refresh()

    action_any_reveal = action_reveal

    def action_object(self, n: int) -> None:
        self.pick_object(n - 1)

    action_discard_object = action_object

    def action_room(self, n: int) -> None:
        self.pick_room(n - 1)

    def action_digit(self, n: int) -> None:
        if self.match.state.phase == REORDER:
            self.pick_room(n - 1)
        else:
            self.pick_object(n - 1)

    def action_confirm(self) -> None:
        self.confirm()

    action_use = action_discard = action_validate = action_confirm

    def action_no_item(self) -> None:
        self.attempt(NoItem())

    action_any_no_item = action_no_item

    def action_move(self, step: int) -> None:
        self.shift(step)

    action_shift = action_target = action_move

    def action_leave_room(self) -> None:
        self.attempt(LeaveRoom())

    action_any_leave_room = action_leave_room

    # --- clicks ------------------------------------------------------------------------

    def on_hand_picked(self, message: Hand.Picked) -> None:
        message.stop()
        if self.busy:
            self.skip()
        elif message.hand.id == "next":
            self.room_clicked(message.index)
        else:
            self.object_clicked(message.index)

    def object_clicked(self, index: int) -> None:
        if self.selected == index and self.match.state.phase in (CHOOSE, SANDS):
            self.confirm()
        else:
            self.pick_object(index)

    def room_clicked(self, place: int) -> None:
        state = self.match.state
        if state.phase == REORDER and place < len(self.order):
            if self.moving is None or self.moving == place:
                self.moving = None if self.moving == place else place
            else:
                self.order[self.moving], self.order[place] = (
                    self.order[place],
                    self.order[self.moving],
                )
                self.moving = None
            self.note = None
        else:
            seen = state.visible_deck()[place]
            self.note = (
                self._room_text(seen)
                if seen is not None
                else Content("Salle inconnue : son tour viendra, face cachée.")
            )
        self._refresh()

    def on_card_clicked(self, message: Card.Clicked) -> None:
        if message.card.id != "room" or self.busy:
            return
        state = self.match.state
        targets = self._amulet_targets(state) if self._amulet_picked(state) else []
        if state.room is not None and state.room.key in targets:
            self.target = targets.index(state.room.key)
        elif state.room is not None:
            self.note = self._room_text(state.room)
        self._refresh()

    @on(Button.Pressed, ".badge")
    def badge_clicked(self, message: Button.Pressed) -> None:
        if self.busy:
            return
        state = self.match.state
        key = (message.button.id or "").removeprefix("badge-")
        targets = self._amulet_targets(state) if self._amulet_picked(state) else []
        if key in targets:
            self.target = targets.index(key)
        else:
            label = (
                STRICT_PENOMBRE_LABEL
                if key == PENOMBRE and state.strict_penombre
                else (PERMANENT_LABELS[key])
            )
            self.note = Content.assemble(("En jeu — ", "bold"), label, ". ", ROOM[key].effect)
        self._refresh()

    @on(Button.Pressed, "#b-reveal")
    def reveal_pressed(self) -> None:
        self.act(Reveal())

    @on(Button.Pressed, "#b-use, #b-validate, #b-discard")
    def confirm_pressed(self) -> None:
        self.confirm()

    @on(Button.Pressed, "#b-none")
    def no_item_pressed(self) -> None:
        self.attempt(NoItem())

    @on(Button.Pressed, "#b-left")
    def left_pressed(self) -> None:
        self.shift(-1)

    @on(Button.Pressed, "#b-right")
    def right_pressed(self) -> None:
        self.shift(1)

    @on(Button.Pressed, "#b-leave")
    def leave_pressed(self) -> None:
        self.attempt(LeaveRoom())

    # --- the rest of the base's hooks --------------------------------------------------

    def turn_text(self, state: PyramideState) -> str:
        phase = state.phase
        if phase == OVER:
            return "Partie terminée"
        doing = {
            REVEAL: "révèle la salle suivante",
            CHOOSE: "un objet, ou sans objet ?",
            REORDER: "range les prochaines salles",
            SANDS: "défausser au Sable Vivant ?",
        }[phase]
        return f"{state.player} — {doing}"

    def seat_status(self, state: PyramideState, seat: int) -> tuple[str, bool]:
        return f"fatigue {max(0, state.fatigue)}/{MAX_FATIGUE}", state.won is False

    def sheet(self, state: PyramideState) -> SheetData:
        rows = []
        for result in state.journal:
            label = SHEET_NAMES[result.room] + (" ↓" if result.put_under else "")
            cell = f"{signed(result.change)} → {result.fatigue}"
            rows.append((label, (cell,)))
        leaders = frozenset({0}) if state.won else frozenset()
        under = any(result.put_under for result in state.journal)
        return SheetData(
            state.players,
            tuple(rows),
            (f"{state.cleared}/{len(ROOMS)}",),
            leaders,
            "↓ sous la pile" if under else "perte → fatigue",
        )

    @staticmethod
    def results_starts(app, match: Match) -> list[ExtraStart]:
        """« Franchissable ? » on the end screen: the search over the rooms as first dealt."""

        def solve(seats: Sequence[Seat], options: dict[str, Any]) -> None:
            first = GAME.new([s.name for s in match.seats], match.options, Random(match.seed))
            app.push_screen(AnswerScreen(QUESTION, lambda: answer(first)))

        return [ExtraStart("Franchissable ?", "g", solve)]

    @staticmethod
    def results_records(app, match) -> str:
        """The end screen's record (a hook of the results screen): plays, escapes, best;
        the runs helped by hints apart."""
        lines = []
        game = match.game.info.id
        for seat in match.seats:
            if not seat.profile:
                continue
            if (app.records.last_label(seat.profile, game) or "").startswith(HINTED):
                lines.append("Partie jouée avec des conseils : comptée à part.")
            record = app.records.record_outside(seat.profile, game, HINTED)
            lines.append(f"{seat.name} : {_record_words(record)}")
            helped = app.records.record(seat.profile, game, HINTED)
            if helped.played:
                lines.append(f"Avec conseils (hors palmarès) : {_record_words(helped)}")
        lines.append("Score : salles franchies, + la fatigue gardée si tu t'échappes.")
        return "\n".join(lines)

    # --- animation ---------------------------------------------------------------------

    def skip(self) -> None:
        super().skip()
        self.query_one("#coin", Coin).settle()

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, RoomRevealed):
            card = self.query_one("#room", Card)
            card.remove_class("-gone")
            card.caption = ""
            card.card = None
            self.query_one("#details", Static).update(self._room_text(ROOM[event.room]))
            await card.flip_to(room_card(ROOM[event.room]), self.seconds(0.4))
        elif isinstance(event, FatigueChanged):
            self.query_one("#fatigue", Gauge).show(
                "Fatigue", event.fatigue, MAX_FATIGUE, event.fatigue <= 2
            )
            await self.pause(0.3)
        elif isinstance(event, CoinFlipped):
            coin = self.query_one("#coin", Coin)
            coin.display = True
            note = "−1" if event.side == PILE else ""
            await coin.flip_to(event.side.capitalize(), self.seconds(0.9), note)
            await self.pause(0.3)
        elif isinstance(event, RoomsPeeked):
            cards = self.query_one("#next", Hand).cards
            for card, key in zip(cards, event.rooms, strict=False):
                card.display = True
                await card.flip_to(small_card(ROOM[key]), self.seconds(0.3))
        elif isinstance(event, ItemUsed | ItemDiscarded) and event.item:
            index = [item.key for item in ITEMS].index(event.item)
            card = self.query_one("#objects", Hand).cards[index]
            card.remove_class("-selected")
            card.add_class("-gone")
            card.caption = "usé"
            await self.pause(0.25)
        elif isinstance(event, RoomPutUnder):
            card = self.query_one("#room", Card)
            await card.flip_to(None, self.seconds(0.3))
            card.caption = "sous la pile"
        elif isinstance(event, GameEnded):
            await self.pause(0.8)
        else:
            await self.pause(0.2)


SCREEN = PyramideScreen
