"""Le Coffre et la Clé on the card table: the other seats along the top with their locks, the
two centre cards and one's own card face down in the middle, the four actions as keys.

The screen passes between humans once per turn. No role stays on the board: a seat peeks at
its card (and what it has seen) with r, and any other key hides it again; a centre card it
observes shows only until it ends its turn. The final votes are public, without handoff:
there r shows the voter's card only once a confirmation naming the voter is answered (CC-12).
A replay (`sees_all`) turns every card face up: each seat's along the top, the centre's.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.engine.text import card_keys
from jeux.ui.card_table import HAND_KEYS, Answer, CardTable, Centre, Opponent
from jeux.ui.widgets.card import CardData
from jeux.ui.widgets.hand import Hand
from jeux.ui.widgets.score_sheet import SheetData

from .present import (
    open_centre_text,
    own_card_line,
    peek_text,
    question,
    seat_note,
    sheet_rows,
    sheet_title,
    targets,
    turn_text,
)
from .rules import (
    ACT,
    AFTER,
    DESIGNATE,
    SLOTS,
    TRESOR,
    VOTE,
    CoffreState,
    Designate,
    EndTurn,
    Exchange,
    Force,
    Look,
    Observe,
    Pass,
    RoleCard,
    Vote,
)

OWN_CARD = len(SLOTS)
"""Index of one's own card in the centre row, after the two centre cards."""


class CoffreScreen(CardTable):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        *(
            Binding(k, f"choose({i})", "Choisir", key_display="1-9", show=i == 0)
            for i, k in enumerate(HAND_KEYS)
        ),
        Binding("o", "start('observe')", "Observer"),
        Binding("e", "start('exchange')", "Échanger"),
        Binding("f", "start('force')", "Forcer"),
        Binding("p", "pass_turn", "Passer"),
        Binding("d", "start('designate')", "Désigner"),
        Binding("r", "peek", "Ma carte"),
        Binding("enter", "confirm", "Finir", key_display="Entrée"),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.pending: str | None = None
        """The action started by its key, waiting for a seat or a centre card."""
        self.target: int | None = None
        """The seat chosen to be forced, waiting for the centre card."""
        self.peeking = False
        """The seat on screen looks at its card until the next key."""
        self._decision: tuple[int | None, int] = (None, -1)

    # --- what the table shows -----------------------------------------------------

    def face(self, card: RoleCard) -> CardData:
        return CardData(title=card.name, red=card.role == TRESOR)

    def opponents(self, state: CoffreState) -> list[Opponent]:
        return [
            Opponent(seat, 1, seat_note(state, seat, self.shown_seat))
            for seat in self.others(state)
        ]

    def hand(self, state: CoffreState) -> list[tuple[int, CardData]]:
        """The seat's one card, for a replay's row of open hands only: live, it lies face
        down in the centre row (the hand row stays hidden) and shows while peeking."""
        card = state.hands[self.shown_seat] if self.sees_all else None
        return [(card.uid, self.face(card))] if card is not None else []

    def centre(self, state: CoffreState) -> Centre:
        seat = self.shown_seat
        if self.sees_all:
            cards = tuple(self.face(c) for c in (*state.centre, state.hands[seat]))
            name = self.app.glyphs.clip(state.players[seat], 11)
            return Centre(open_centre_text(state, seat), cards, ("1 gauche", "2 droite", name))
        cards: list[CardData | None] = []
        for slot, card in enumerate(state.centre):
            seen = self.peeking or (state.observed == slot and self.mine(state))
            cards.append(self.face(card) if card is not None and seen else None)
        if seat is None:
            return Centre("Deux cartes face cachée au centre.", tuple(cards), ("1", "2"))
        own = state.hands[seat]
        cards.append(self.face(own) if own is not None and self.peeking else None)
        text = peek_text(state, seat) if self.peeking else "Le centre, et ta carte à droite."
        return Centre(text, tuple(cards), ("1 gauche", "2 droite", "ta carte"))

    def peek(self, state: CoffreState) -> str:
        return "" if self.sees_all else own_card_line(state, self.shown_seat)

    def question(self, state: CoffreState) -> str:
        return question(state, self.shown_seat, self.pending, self.target)

    def answers(self, state: CoffreState) -> list[Answer]:
        seat = self.shown_seat
        if not self.mine(state):
            return []
        others = targets(state, seat)
        pick = [
            Answer(state.players[t][:10], str(i + 1), f"choose({i})") for i, t in enumerate(others)
        ]
        if state.phase in (VOTE, DESIGNATE) or self.pending == "designate":
            return pick
        if self.pending in ("observe", "exchange") or self.target is not None:
            return [
                Answer(side.capitalize(), str(i + 1), f"choose({i})")
                for i, side in enumerate(SLOTS)
            ]
        if self.pending == "force":
            return [a for a, t in zip(pick, others, strict=True) if not state.locked(t)]
        look = Answer("Ma carte", "r", "peek")
        if state.phase == AFTER:
            answers = [Answer("Finir", "Entrée", "confirm", primary=True), look]
            if Designate(others[0]) in state.legal_actions():
                answers.append(Answer("Désigner", "d", "start('designate')"))
            return answers
        legal = state.legal_actions()
        answers = [Answer("Observer", "o", "start('observe')")]
        if Exchange(0) in legal:
            answers.append(Answer("Échanger", "e", "start('exchange')"))
        if any(isinstance(a, Force) for a in legal):
            answers.append(Answer("Forcer", "f", "start('force')"))
        return [*answers, Answer("Passer", "p", "pass_turn"), look]

    def turn_text(self, state: CoffreState) -> str:
        return turn_text(state)

    def sheet(self, state: CoffreState) -> SheetData:
        return SheetData(state.players, sheet_rows(state), target=sheet_title(state))

    # --- keeping the choice to one decision ---------------------------------------

    def show_state(self, state: CoffreState) -> None:
        decision = (self.shown_seat, len(self.match.actions))
        if decision != self._decision:
            # A move ends the peek (a click too, which no key hides), unless it was the look.
            looked = decision[0] == self._decision[0] and self.match.actions[-1:] == [Look()]
            self.peeking = self.peeking and looked
            self._decision, self.pending, self.target = decision, None, None
        super().show_state(state)

    def hide_peek(self) -> None:
        if self.peeking:
            self.peeking = False
            self.render_state()

    def on_key(self, event) -> None:
        if event.key != "r":
            self.hide_peek()
        super().on_key(event)

    # --- animation ------------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        if event.audience is None:
            self.query_one("#centre-text", Static).update(Content(event.describe()))
            await self.pause(0.5)

    # --- input ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.visible_state()
        if action in ("choose", "choose_cursor", "cursor"):
            return self.mine(state) and action == "choose" and self.choosing(state)
        if action == "peek":
            return self.shown_seat is not None and state.to_move() is not None
        if action == "confirm":
            return self.mine(state) and state.phase == AFTER
        if action == "pass_turn":
            return self.mine(state) and state.phase == ACT
        if action == "start":
            return self.mine(state) and self.can_start(state, str(parameters[0]))
        return super().check_action(action, parameters)

    def choosing(self, state: CoffreState) -> bool:
        return state.phase in (VOTE, DESIGNATE) or self.pending is not None

    def can_start(self, state: CoffreState, pending: str) -> bool:
        legal = state.legal_actions()
        kinds = {"observe": Observe, "exchange": Exchange, "force": Force, "designate": Designate}
        return any(isinstance(a, kinds[pending]) for a in legal) and (
            state.phase == (AFTER if pending == "designate" else ACT)
        )

    def action_start(self, pending: str) -> None:
        self.peeking = False
        self.pending, self.target = pending, None
        self.render_state()

    def action_leave(self) -> None:
        """Échap first puts back an action started (a seat or a card still to pick)."""
        if self.pending is not None:
            self.pending = self.target = None
            self.render_state()
            return
        super().action_leave()

    def action_pass_turn(self) -> None:
        self.act(Pass())

    def action_confirm(self) -> None:
        self.act(EndTurn())

    def action_peek(self) -> None:
        if self.peeking:
            self.hide_peek()
            return
        self.show_secret("la carte", self.start_peek)  # CC-12: the votes face the table

    def start_peek(self) -> None:
        state = self.visible_state()
        self.peeking = True
        if self.mine(state) and Look() in state.legal_actions():
            self.act(Look())
        else:
            self.render_state()

    def action_choose(self, index: int) -> None:
        state = self.visible_state()
        others = targets(state, self.shown_seat)
        if state.phase == VOTE and index < len(others):
            self.act(Vote(others[index]))
        elif (state.phase == DESIGNATE or self.pending == "designate") and index < len(others):
            self.act(Designate(others[index]))
        elif self.pending == "force" and self.target is None and index < len(others):
            if state.locked(others[index]):
                self.app.say("Cette place est verrouillée : on ne peut pas la forcer.", "warning")
                return
            self.target = others[index]
            self.render_state()
        elif index < len(SLOTS) and self.target is not None:
            self.act(Force(self.target, index))
        elif index < len(SLOTS) and self.pending in ("observe", "exchange"):
            kind = Observe if self.pending == "observe" else Exchange
            self.act(kind(index))

    def choice_range(self) -> str:
        state = self.visible_state()
        if (
            state.phase in (VOTE, DESIGNATE)
            or self.pending == "designate"
            or (self.pending == "force" and self.target is None)
        ):
            return card_keys(len(targets(state, self.shown_seat)))
        return card_keys(len(SLOTS))

    def on_hand_picked(self, message: Hand.Picked) -> None:
        message.stop()
        if message.index == OWN_CARD:
            self.action_peek()
        elif self.check_action("choose", (message.index,)):
            self.action_choose(message.index)

    def keys_for(self, action: Action) -> list[str]:
        state = self.visible_state()
        others = targets(state, self.shown_seat)
        if isinstance(action, Observe | Exchange):
            key = "o" if isinstance(action, Observe) else "e"
            return [key, str(action.slot + 1)]
        if isinstance(action, Force):
            return ["f", str(others.index(action.target) + 1), str(action.slot + 1)]
        if isinstance(action, Designate):
            number = str(others.index(action.target) + 1)
            return ["d", number] if state.phase == AFTER else [number]
        if isinstance(action, Vote):
            return [str(others.index(action.target) + 1)]
        if isinstance(action, Look) and self.faces_table():
            return ["r", "o"]  # « Montrer la carte de Lina ? » Oui
        return {Pass(): ["p"], Look(): ["r"], EndTurn(): ["enter"]}[action]


SCREEN = CoffreScreen
