"""Arcane Duel on the card table: the other wizards' HP and statuses along the top, the pile
and the spell in flight in the centre, the card under the cursor in full with the
combinations it makes, and one's own hand to cast from.

A spell is chosen by its cards (one, or two for a combination), then, when it needs them,
its target, its cost or its pick, one question at a time (keys a, b, c… or clicks). A
defence pauses the attacker's turn: between humans the screen goes to the defender behind
the handoff, with the reason, and comes back.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.ui.card_table import Answer, CardTable, Centre, Opponent
from jeux.ui.widgets.card import CardData
from jeux.ui.widgets.score_sheet import SheetData

from .present import (
    card_detail,
    centre_text,
    choice_label,
    choice_question,
    corner,
    face_title,
    field_values,
    next_field,
    opponent_note,
    own_line,
    question,
    same_cards,
    sheet_rows,
    turn_text,
)
from .rules import (
    ACT,
    ATTACK,
    DEFEND,
    DISCARD,
    HAND_LIMIT,
    SPELLS,
    ArcaneState,
    Cast,
    Defended,
    Discard,
    Draw,
    EndTurn,
    Endure,
    GameWon,
    HpChanged,
    Pass,
    Robbed,
    RoundStarted,
    RoundWon,
    Said,
    SpellCast,
)

CHOICE_KEYS = "abcdghijklmnoqstvwyz"
"""Keys naming the answers of a choice: every letter the board binds to nothing else."""


class ArcaneDuelScreen(CardTable):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("p", "draw", "Piocher"),
        Binding("r", "pass", "Rien"),
        Binding("e", "endure", "Encaisser"),
        Binding("f", "end_turn", "Finir"),
        Binding("x", "back", "Retour"),
        *(Binding(k, f"aim({i})", show=False) for i, k in enumerate(CHOICE_KEYS)),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.candidates: list[Action] = []
        """The actions the chosen cards may still make while a part of them is asked."""

    # --- what the table shows -----------------------------------------------------

    def face(self, key: str) -> CardData:
        return CardData(corner(key), "", SPELLS[key].kind == ATTACK, face_title(key))

    def opponents(self, state: ArcaneState) -> list[Opponent]:
        return [
            Opponent(
                seat, len(state.hands[seat]), opponent_note(state, seat), not state.alive(seat)
            )
            for seat in self.others(state)
        ]

    def hand(self, state: ArcaneState) -> Sequence[tuple[Hashable, CardData]]:
        return self.dealt_hand(state.hands, self.face)

    def choice_limit(self, state: ArcaneState) -> int:
        if not self.mine(state) or self.candidates or not len(state.hands[self.shown_seat]):
            return 0
        return 2 if state.phase == ACT and not state.owed else 1

    def confirm(self, chosen: Sequence[Hashable]) -> Action | None:
        state = self.visible_state()
        if not chosen:
            self.app.say("Choisis d'abord une carte (1-9 ou clic).", "warning")
            return None
        legal = state.legal_actions()
        if state.owed or state.phase == DISCARD:
            return next(a for a in legal if getattr(a, "card", None) == chosen[0])
        found = [a for a in legal if same_cards(a, chosen)]
        if not found:
            self.refuse(state, chosen)
            return None
        return self.narrow(found)

    def refuse(self, state: ArcaneState, chosen: Sequence[Hashable]) -> None:
        if state.phase == DEFEND:
            self.app.say("Cette carte ne répond pas à cette attaque.", "warning")
        else:
            self.app.say(state.refusal(Cast(tuple(chosen))), "warning")  # type: ignore[arg-type]
        self.chosen = []
        self.mark_hand()

    def narrow(self, candidates: list[Action]) -> Action | None:
        """One action, or ask the next part on which the candidates differ."""
        if len(candidates) == 1:
            self.candidates = []
            return candidates[0]
        self.candidates = candidates
        self.render_state()
        return None

    def asking(self) -> tuple[str, list] | None:
        field = next_field(self.candidates) if self.candidates else None
        return (field, field_values(self.candidates, field)) if field else None

    def centre(self, state: ArcaneState) -> Centre:
        return Centre(centre_text(state))

    def peek(self, state: ArcaneState) -> Content | str:
        seat = self.shown_seat
        if seat is None or state.to_move() is None:
            return ""
        hand = state.hands[seat]
        shown = [hand.by_uid(k) for k in self.chosen if hand.by_uid(k) is not None]
        if len(shown) < 2 and self.cursor < len(hand.cards):
            shown = [hand.cards[self.cursor]]
        detail = card_detail(state, seat, shown)
        return Content("\n").join([Content(own_line(state, seat)), Content(detail)])

    def question(self, state: ArcaneState) -> str:
        asked = self.asking()
        if asked:
            return f"{choice_question(state, asked[0])} (x : retour)"
        return question(state, self.shown_seat)

    def answers(self, state: ArcaneState) -> list[Answer]:
        if not self.mine(self.visible_state()):
            return []
        asked = self.asking()
        if asked:
            field, values = asked
            return [
                Answer(choice_label(state, field, v), CHOICE_KEYS[i], f"aim({i})")
                for i, v in enumerate(values)
            ]
        if state.owed:
            return []
        if state.phase == DEFEND:
            return [Answer("Encaisser", "e", "endure")]
        if state.phase == DISCARD:
            if len(state.hands[self.shown_seat]) > HAND_LIMIT:
                return []
            return [Answer("Finir le tour", "f", "end_turn", primary=True)]
        held = len(state.hands[self.shown_seat])
        answers = [Answer("Lancer", "Entrée", "confirm", primary=True)] if held else []
        if state.can_draw():
            answers.append(Answer("Piocher", "p", "draw"))
        return [*answers, Answer("Rien", "r", "pass")]

    def show_state(self, state: ArcaneState) -> None:
        mine = self.mine(self.visible_state())
        if not mine or self._position != (self.shown_seat, len(self.match.actions)):
            self.candidates = []  # a choice lasts one decision, like the chosen cards
        super().show_state(state)
        self.query_one("#answers").set_class(bool(self.candidates), "-aiming")

    def mark_hand(self) -> None:
        super().mark_hand()
        if self.shown_seat is not None:  # the detail follows the cursor
            self.query_one("#peek", Static).update(self.peek(self.visible_state()))

    def turn_text(self, state: ArcaneState) -> str:
        return turn_text(state)

    def seat_status(self, state: ArcaneState, seat: int) -> tuple[str, bool]:
        return f"{max(state.hp[seat], 0)} PV", not state.alive(seat)

    def sheet(self, state: ArcaneState) -> SheetData:
        leaders = max(state.wins)
        return SheetData(
            state.players,
            sheet_rows(state),
            leaders=frozenset(s for s, w in enumerate(state.wins) if w == leaders and w),
            target=f"Manche {state.round}",
        )

    # --- animation ------------------------------------------------------------------

    def say_centre(self, text: str) -> None:
        self.query_one("#centre-text", Static).update(Content(text))

    async def animate_event(self, event: Event) -> None:
        pause = {
            SpellCast: 0.7,
            Defended: 0.7,
            HpChanged: 0.4,
            Said: 0.4,
            Robbed: 0.4,
            RoundWon: 1.2,
            RoundStarted: 0.6,
            GameWon: 1.0,
        }.get(type(event))
        if pause is not None:
            self.say_centre(self.told(event))
            await self.pause(pause)

    # --- input ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.visible_state()
        if action in ("draw", "pass", "endure", "end_turn", "back", "aim"):
            if not self.mine(state) or state.owed:
                return False
            if action == "aim":
                asked = self.asking()
                return asked is not None and parameters[0] < len(asked[1])
            if action == "back":
                return bool(self.candidates)
            if self.candidates:
                return False
            if action == "draw":
                return state.phase == ACT and state.can_draw()
            if action == "pass":
                return state.phase == ACT
            if action == "endure":
                return state.phase == DEFEND
            return EndTurn() in state.legal_actions()
        return super().check_action(action, parameters)

    def action_draw(self) -> None:
        self.act(Draw())

    def action_pass(self) -> None:
        self.act(Pass())

    def action_endure(self) -> None:
        self.act(Endure())

    def action_end_turn(self) -> None:
        self.act(EndTurn())

    def action_back(self) -> None:
        self.candidates, self.chosen = [], []
        self.render_state()

    def action_aim(self, index: int) -> None:
        asked = self.asking()
        if asked is None or index >= len(asked[1]):
            return
        field, values = asked
        kept = [a for a in self.candidates if getattr(a, field) == values[index]]
        action = self.narrow(kept)
        if action is not None:
            self.act(action)

    def keys_for(self, action: Action) -> list[str]:
        simple = {Draw(): "p", Pass(): "r", Endure(): "e", EndTurn(): "f"}
        if action in simple:
            return [simple[action]]
        if isinstance(action, Discard):
            return self.keys_to_choose([action.card])
        cards = action.cards if hasattr(action, "cards") else (action.card,)
        keys = self.keys_to_choose(cards)
        if self.visible_state().phase == ACT:
            keys.append("enter")
        candidates = [a for a in self.visible_state().legal_actions() if same_cards(a, cards)]
        while len(candidates) > 1:
            field = next_field(candidates)
            values = field_values(candidates, field)
            index = values.index(getattr(action, field))
            keys.append(CHOICE_KEYS[index])
            candidates = [a for a in candidates if getattr(a, field) == values[index]]
        return keys


SCREEN = ArcaneDuelScreen
