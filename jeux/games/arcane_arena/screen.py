"""Arcane Arena on the card table: the opponents' health and hands along the top, the last
cards played in the centre, one's own hand to cast from (a card, or two for a combination),
and the full text of the card under the cursor. Attacks pause for the target's answer behind
the handoff. Cartes Divinités Aria opens this same screen with its own cards."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.engine.cards import Dealt
from jeux.engine.core import Action, Event
from jeux.ui.card_table import Answer, CardTable, Centre, Opponent
from jeux.ui.widgets.card import CardData
from jeux.ui.widgets.score_sheet import SheetData

from .cards import ATTACK, Spell
from .present import (
    KIND_MARKS,
    aim_question,
    count_word,
    focus_text,
    parries,
    question,
    sheet_rows,
    status,
    table_text,
    turn_text,
)
from .rules import (
    ACTION,
    DISCARD,
    DRAW,
    HAND_LIMIT,
    HEAL,
    REACT,
    REWARD,
    ArenaState,
    Cast,
    Discard,
    Draw,
    EndTurn,
    HandDealt,
    Pass,
    React,
    Reward,
    Swap,
)

AIM_KEYS = "abcdefghij"
SHOWN_DISCARDS = 5
SHORT_NAME = 16
"""Longest card name a button of the discard pile's list shows in full."""
SKIPS = {"pass_turn": Pass(), "endure": React(), "keep_hand": EndTurn()}
"""The x key's three meanings, one per phase: the action each plays."""


class ArenaScreen(CardTable):
    CSS_PATH = "screen.tcss"
    # Entrée and x do what the buttons of the moment say, and the footer says it in their
    # words: one binding per meaning, each shown only in its phase (see check_action).
    BINDINGS = [
        Binding("enter", "cast", "Lancer", key_display="Entrée"),
        Binding("enter", "parry", "Parer", key_display="Entrée"),
        Binding("enter", "confirm", show=False),  # a card to give up: its number says it
        Binding("p", "draw", "Piocher"),
        Binding("s", "heal", "+1 PV"),
        Binding("x", "pass_turn", "Passer"),
        Binding("x", "endure", "Encaisser"),
        Binding("x", "keep_hand", "Garder ma main"),
        *(Binding(k, f"aim({i})", "Cible", show=False) for i, k in enumerate(AIM_KEYS)),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.aiming: tuple[int, ...] = ()
        """The cards chosen for a spell that still needs a target (or a card to take back)."""
        self.aims: list[Action] = []
        """The actions the aim keys a, b, c… play now."""

    # --- what the table shows -----------------------------------------------------

    @staticmethod
    def face(spell: Spell) -> CardData:
        return CardData(KIND_MARKS[spell.kind], "", spell.kind == ATTACK, spell.title)

    def opponents(self, state: ArenaState) -> list[Opponent]:
        return [
            Opponent(
                seat,
                len(state.hands[seat]),
                status(state, seat),
                not state.alive(seat),
                count_word(state, seat),
            )
            for seat in self.others(state)
        ]

    def hand(self, state: ArenaState) -> Sequence[tuple[Hashable, CardData]]:
        return self.dealt_hand(state.hands, self.face)

    def choice_limit(self, state: ArenaState) -> int:
        if not self.mine(state) or not len(state.hands[self.shown_seat]):
            return 0
        return {ACTION: 2, REACT: 2, DISCARD: 1}.get(state.phase, 0)

    def confirm(self, chosen: Sequence[Hashable]) -> Action | None:
        state: ArenaState = self.visible_state()  # type: ignore[assignment]
        uids = tuple(chosen)  # type: ignore[arg-type]
        if state.phase == DISCARD and uids:
            over = len(state.hands[self.shown_seat]) > HAND_LIMIT
            return Discard(uids[0]) if over else Swap(uids[0])
        if not uids:
            self.app.say("Choisis d'abord une ou deux cartes (1-9 ou clic).", "warning")
            return None
        if state.phase == REACT:
            return React(uids)
        aims = self.casts_of(state, uids)
        if len(aims) == 1:
            return aims[0]
        if not aims:
            self.app.say(state.refusal(Cast(uids)), "warning")
            return None
        self.aiming, self.aims = uids, aims
        self.render_state()
        return None

    @staticmethod
    def casts_of(state: ArenaState, uids: tuple[int, ...]) -> list[Cast]:
        """The ways to cast these cards: one per target, or per card to take back."""
        return [a for a in state.legal_actions() if isinstance(a, Cast) and a.cards == uids]

    def aim_names(self, state: ArenaState) -> list[str]:
        """Short words for the buttons: a card's name (its face title when long), a player's."""
        names = []
        for aim in self.aims:
            if aim.pick:
                spell = state.book.named(aim.pick)
                names.append(spell.name if len(spell.name) <= SHORT_NAME else spell.title)
            else:
                names.append(state.players[aim.target])
        return names

    def centre(self, state: ArenaState) -> Centre:
        shown = state.discard.cards[-SHOWN_DISCARDS:]
        return Centre(table_text(state), tuple(self.face(c.card) for c in shown))

    def peek(self, state: ArenaState) -> str:
        """The full text of the card under the cursor, or of the two chosen."""
        seat = self.shown_seat
        if seat is None or not len(state.hands[seat]):
            return ""
        cards = state.hands[seat].cards
        cursor = cards[min(self.cursor, len(cards) - 1)].uid
        chosen = [u for u in self.chosen if state.hands[seat].by_uid(u) is not None]
        return focus_text(state, seat, chosen, cursor)

    def question(self, state: ArenaState) -> str:
        if self.aiming:
            return aim_question(len(self.aims), bool(self.aims[0].pick))
        return question(state, self.shown_seat)

    def answers(self, state: ArenaState) -> list[Answer]:
        if not self.mine(state):
            return []
        if self.aiming:
            return [
                Answer(name, AIM_KEYS[i], f"aim({i})")
                for i, name in enumerate(self.aim_names(state))
            ]
        legal = state.legal_actions()
        if state.phase == REWARD:
            answers = [Answer("Piocher", "p", "draw")] if Reward(DRAW) in legal else []
            return [*answers, Answer("+1 PV", "s", "heal", primary=True)]
        held = bool(len(state.hands[self.shown_seat]))
        answers = []
        if state.phase == ACTION:
            if held:
                answers.append(Answer("Lancer", "Entrée", "cast", primary=True))
            if Draw() in legal:
                answers.append(Answer("Piocher", "p", "draw"))
            answers.append(Answer("Passer", "x", "pass_turn"))
        elif state.phase == REACT:
            if parries(state, self.shown_seat):
                answers.append(Answer("Parer", "Entrée", "parry", primary=True))
            answers.append(Answer("Encaisser", "x", "endure"))
        elif state.phase == DISCARD and EndTurn() in legal:
            answers.append(Answer("Garder ma main", "x", "keep_hand", primary=True))
        return answers

    def turn_text(self, state: ArenaState) -> str:
        return turn_text(state, self.shown_seat)

    def seat_status(self, state: ArenaState, seat: int) -> tuple[str, bool]:
        return f"{max(0, state.hp[seat])} PV", not state.alive(seat)

    def sheet(self, state: ArenaState) -> SheetData:
        return SheetData(state.players, sheet_rows(state), target="3 manches pour gagner")

    def show_state(self, state: ArenaState) -> None:
        if (self.shown_seat, len(self.match.actions)) != self._position:
            self.aiming, self.aims = (), []
            if state.phase == REACT and self.mine(state):  # the cursor reads a parry first
                cards = state.hands[self.shown_seat].cards
                self.cursor = next((i for i, c in enumerate(cards) if c.card.reaction), 0)
        # while a card of the discard pile is picked, its list stands in for the pile's cards
        self.centre_row.display = not (self.aims and self.aims[0].pick)
        super().show_state(state)

    def show_answers(self, answers: Sequence[Answer]) -> None:
        self.query_one("#answers").set_class(len(answers) > 3, "many")
        super().show_answers(answers)

    def mark_hand(self) -> None:
        super().mark_hand()
        self.query_one("#peek", Static).update(Content(self.peek(self.visible_state())))

    # --- animation ------------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        text = self.told(event)
        if isinstance(event, HandDealt) and event.seat == self.shown_seat:
            await self.deal(event.cards)
        elif text:
            self.query_one("#centre-text", Static).update(Content(text))
            await self.pause(0.35)

    async def deal(self, cards: Sequence[Dealt]) -> None:
        hand = self.hand_row
        hand.display = True
        await hand.show([self.face(c.card) for c in cards])
        for card in hand.cards:
            await card.deal(self.seconds(0.12))

    # --- input ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state: ArenaState = self.visible_state()  # type: ignore[assignment]
        mine = self.mine(state) and not self.busy
        legal = state.legal_actions() if mine else []
        if action == "draw":
            return Draw() in legal or Reward(DRAW) in legal
        if action == "heal":
            return Reward(HEAL) in legal
        if action == "cast":
            return state.phase == ACTION and self.choice_limit(state) > 0
        if action == "parry":
            mine = state.phase == REACT and self.choice_limit(state) > 0
            return mine and parries(state, self.shown_seat)
        if action in SKIPS:
            return SKIPS[action] in legal
        if action == "aim":
            return mine and parameters[0] < len(self.aims)  # type: ignore[operator]
        return super().check_action(action, parameters)

    def toggle(self, index: int) -> None:
        if self.aiming:  # another card chosen: the aim starts again
            self.aiming, self.aims = (), []
            self.render_state()
        super().toggle(index)

    def action_draw(self) -> None:
        state = self.visible_state()
        self.act(Reward(DRAW) if state.phase == REWARD else Draw())

    def action_heal(self) -> None:
        self.act(Reward(HEAL))

    def action_cast(self) -> None:
        self.action_confirm()

    def action_parry(self) -> None:
        self.action_confirm()

    def action_pass_turn(self) -> None:
        self.act(Pass())

    def action_endure(self) -> None:
        self.act(React())

    def action_keep_hand(self) -> None:
        self.act(EndTurn())

    def action_aim(self, index: int) -> None:
        if index < len(self.aims):
            self.act(self.aims[index])

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Draw | Reward) and action != Reward(HEAL):
            return ["p"]
        if action == Reward(HEAL):
            return ["s"]
        if isinstance(action, Pass | EndTurn) or action == React():
            return ["x"]
        if isinstance(action, Swap | Discard):
            return self.keys_to_choose([action.card])
        if isinstance(action, React):
            return [*self.keys_to_choose(action.cards), "enter"]
        if isinstance(action, Cast):
            state = self.visible_state()
            aims = [
                a for a in state.legal_actions() if isinstance(a, Cast) and a.cards == action.cards
            ]
            keys = [*self.keys_to_choose(action.cards), "enter"]
            return keys if len(aims) == 1 else [*keys, AIM_KEYS[aims.index(action)]]
        return super().keys_for(action)


SCREEN = ArenaScreen
