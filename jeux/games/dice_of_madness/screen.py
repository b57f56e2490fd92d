"""Lovecraftian Dice of Madness on screen: Knowledge and Madness as gauges beside the d20 of
the Madness test, five dice to keep or throw again, and what the dice are worth now."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.engine.text import plural
from jeux.ui.dice_screen import ROLL_COMMAND, STOP_COMMAND, DiceScreen, Look
from jeux.ui.widgets.die import Die
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    ALL_DICE,
    HARSH,
    KNOWLEDGE_GOAL,
    LEGACY,
    MADNESS_LIMIT,
    PREVIOUS,
    REROLLS,
    DiceRolled,
    MadnessState,
    MadnessTest,
    Roll,
    Stop,
    TargetReached,
    TurnScored,
    TurnStarted,
    WentMad,
    category_text,
)

KNOWLEDGE_CELLS = 20
"""The Knowledge bar's width: 50 points would not fit beside the d20."""
DANGER = 10
"""Madness from which its gauge turns red."""


class MadnessScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    COMMANDS = (ROLL_COMMAND, STOP_COMMAND)

    def compose_board(self) -> ComposeResult:
        board = super().compose_board()
        yield next(board)  # the status line, then the mind beside the d20
        with Horizontal(id="mind"):
            with Vertical(id="gauges"):
                yield Gauge(id="knowledge")
                yield Gauge(id="madness")
                yield Static(id="test")
            yield Die(20, big=True, id="d20")
        yield from board

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: MadnessState, selection: tuple[int, ...]
    ) -> Action | None:
        if state.phase == "over":
            return None
        if name == "stop":
            return Stop() if state.phase == "choose" else None  # nothing to score before a throw
        return Roll(selection) if state.phase == "choose" else Roll(ALL_DICE)

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        return action.dice if isinstance(action, Roll) else None

    def dice_thrown(self, state: MadnessState) -> bool:
        return state.phase == "choose"

    def pick_refusal(self, state: MadnessState, index: int) -> str:
        if state.phase == "start":
            return "Lance d'abord les cinq dés (l)."
        return super().pick_refusal(state, index)

    # --- what is shown ----------------------------------------------------------------

    def status_parts(self, state: MadnessState, seat: int) -> list[str]:
        parts = []
        if state.phase == "choose":
            parts.append(f"encore {plural(state.rerolls_left, 'relance')} sur {REROLLS}")
        if state.solo:
            parts.append(self.record_words())
        else:
            parts.append(f"sains d'esprit : {len(state.sane())}/{state.seats}")
        return parts

    def show_state(self, state: MadnessState) -> None:
        super().show_state(state)
        seat = state.current
        self.show_mind(state.knowledge[seat], state.madness[seat])
        test = self.latest(MadnessTest, since=TurnStarted)
        die = self.query_one("#d20", Die)
        die.value = test.die if test and state.phase != "start" else 0
        die.set_state(locked=bool(test and test.failed), void=test is None)
        die.caption = "d20"
        self.line("test", self.test_line(state, test))

    def show_mind(self, knowledge: int, madness: int) -> None:
        self.query_one("#knowledge", Gauge).show(
            "Savoir", knowledge, KNOWLEDGE_GOAL, cells=KNOWLEDGE_CELLS
        )
        self.query_one("#madness", Gauge).show(
            "Folie ", madness, MADNESS_LIMIT, danger=madness >= DANGER
        )

    def test_line(self, state: MadnessState, test: MadnessTest | None) -> Content:
        if state.phase == "start" and state.test_due():
            level = state.madness[state.current]
            return Content.styled(f"Un 6 est resté : test, d20 ≤ {level} → +2", "$warning")
        if test is not None and state.phase != "start":
            return self.test_text(test)
        if state.phase == "choose" and 6 in state.faces and state.test_timing == PREVIOUS:
            return Content.styled("Un 6 laissé : test au prochain tour", "$text-muted")
        return Content("")

    @staticmethod
    def test_text(test: MadnessTest) -> Content:
        if test.failed:
            return Content.styled(f"d20 {test.die} ≤ {test.madness} : +2 Folie", "bold $error")
        return Content.styled(f"d20 {test.die} > {test.madness} : l'esprit tient", "$success")

    def looks(self, state: MadnessState) -> list[Look]:
        if state.phase == "start":  # the last turn's dice stay until the next throw
            throw = self.latest(DiceRolled)
            return [] if throw is None else [Look(f, "void") for f in throw.faces]
        if state.phase == "over" or not self.decides_here(state):
            return [Look(f, "", self.face_word(f)) for f in state.faces]
        looks = []
        for i, face in enumerate(state.faces):
            if i in self.selection:
                looks.append(Look(face, "selected", "relance", "bold $warning"))
            else:
                looks.append(Look(face, "selectable", self.face_word(face) or "garde"))
        return looks

    @staticmethod
    def face_word(face: int) -> str:
        return "folie" if face == 6 else ""

    def value(self, state: MadnessState) -> Content:
        if state.phase == "choose":
            return self.value_line(category_text(state.category()))
        return self.verdict(self.latest(WentMad, since=DiceRolled) or self.latest(TurnScored))

    def verdict(self, event: TurnScored | WentMad | None) -> Content:
        """The last turn's result, under its dice, until the next player throws."""
        if event is None:
            return Content("")
        rest = event.describe().removeprefix(event.player)
        style = "bold $error" if isinstance(event, WentMad) else "$success"
        return Content.assemble((event.player, "bold"), (rest, style))

    def advice(self, state: MadnessState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        name = state.players[state.to_move()]
        if state.phase == "start":
            who = "Lance" if state.solo else "À toi, $name : lance"
            return [Content.from_markup(f"{who} les cinq dés (l).", name=name)]
        picked = len(self.selection)
        lines = [Content("Arrêter (a) : marquer ces dés.")]
        if picked:
            lines.append(Content(f"Relancer (l) : {plural(picked, 'dé')} choisi(s)."))
        else:
            lines.append(Content("Relancer : choisis des dés (1 à 5), puis l."))
        return lines

    def guide(self, state: MadnessState) -> Content:
        cost = state.reroll_cost()
        if state.phase == "choose" and cost:
            test = ", test d20 avant" if state.sixes == LEGACY else ""
            return Content.styled(f"Relance : chaque 6 +{cost} Folie{test}.", "$warning")
        if state.sixes == HARSH:
            return Content("Chaque 6, même relancé : +1 Folie · 15 : démence.")
        return Content("Un 6 au 1er lancer : +1 Folie · 15 : démence.")

    def turn_head(self, state: MadnessState) -> str:
        return self.race_head(state.race)

    def seat_status(self, state: MadnessState, seat: int) -> tuple[str, bool]:
        word = "Folie " if state.seats <= 3 else "F"  # four seats or more: the banner is full
        return f"{word}{state.madness[seat]}", state.out[seat]

    def sheet(self, state: MadnessState) -> SheetData:
        sheet = self.race_sheet(
            state.race,
            cell=lambda mark: (
                "folie" if mark.note == "folie" else f"+{mark.points}" if mark.points else "0"
            ),
            target=f"But : {KNOWLEDGE_GOAL} Savoir",
        )
        return replace(sheet, leaders=state.leaders())

    @staticmethod
    def record_text(best: int) -> str:
        return f"{best} Savoir"

    # --- animation --------------------------------------------------------------------

    async def show_event(self, event: Event) -> None:
        if isinstance(event, MadnessTest):
            die = self.query_one("#d20", Die)
            die.set_state()
            await die.roll_to(event.die, self.seconds(0.6))
            die.set_state(locked=event.failed)
            self.line("test", self.test_text(event))
            self.query_one("#madness", Gauge).show(
                "Folie ", event.after, MADNESS_LIMIT, danger=event.after >= DANGER
            )
            await self.pause(0.8)
        elif isinstance(event, DiceRolled):
            self.paint([Look(f, "", self.face_word(f)) for f in event.faces])
            self.line("value", self.value_line(event.label))
            self.query_one("#madness", Gauge).show(
                "Folie ", event.level, MADNESS_LIMIT, danger=event.level >= DANGER
            )
            await self.pause(0.4)
        elif isinstance(event, TurnScored):
            self.show_mind(event.knowledge, event.madness)
            self.line("value", self.verdict(event))
            await self.pause(0.9)
        elif isinstance(event, WentMad):
            self.line("value", self.verdict(event))
            await self.pause(1.2)
        elif isinstance(event, TargetReached):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(1.2)


SCREEN = MadnessScreen
