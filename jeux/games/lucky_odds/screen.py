"""Lucky Odds on screen: three dice, odd ones kept, pairs summing to 7 out, and before each
decision the odds of throwing the even dice again, with the distance left to 50 exactly."""

from __future__ import annotations

from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import dice_keys, percent, plural
from jeux.ui.dice_screen import ROLL_COMMAND, STOP_COMMAND, DiceScreen, Look
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    BANKED,
    KEPT,
    OUT,
    OVERSHOT,
    TARGET,
    DiceRolled,
    LuckyOddsState,
    Roll,
    Stop,
    TargetReached,
    TurnEnded,
    dice_status,
)

GUIDE = (
    "Impair : gardé, vaut sa face. Pair : se relance.\n"
    "Deux dés du même lancer qui font 7 : hors-jeu.\n"
    "Un lancer sans point : tout le tour est perdu."
)


def points(count: int) -> str:
    return plural(count, "point")


def number(value: float) -> str:
    """4.2857 → "4,3": one French decimal, none when round."""
    return f"{round(value, 1):g}".replace(".", ",")


def status_look(status: str, face: int) -> Look:
    """A die as the last throw left it: kept (it scored), out (a 7-pair) or even."""
    if status == KEPT:
        return Look(face, "kept", f"gardé +{face}")
    if status == OUT:
        return Look(face, "void", "hors-jeu")
    return Look(face, "", "pair")


class LuckyOddsScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    DICE = 3
    CAPTION_CELLS = 14
    COMMANDS = (ROLL_COMMAND, STOP_COMMAND)

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: LuckyOddsState, selection: tuple[int, ...]
    ) -> Action | None:
        if state.phase == "over":
            return None
        return Stop() if name == "stop" else Roll(state.offered)

    def pick_refusal(self, state: LuckyOddsState, index: int) -> str:
        return state.refusal(Roll((index,)))  # the dice a throw takes are never a choice

    def dice_thrown(self, state: LuckyOddsState) -> bool:
        return state.phase != "start"

    # --- what is shown ----------------------------------------------------------------

    def status_parts(self, state: LuckyOddsState, seat: int) -> list[str]:
        score = state.scores[seat]
        parts = [f"{score}/{TARGET} pile", f"il manque {TARGET - score}"]
        if state.seats == 1:
            parts.append(self.record_words())
        return parts

    def looks(self, state: LuckyOddsState) -> list[Look]:
        if state.phase == "start":  # the last turn's dice stay until the next throw
            throw = self.latest(DiceRolled)
            if throw is None:
                return []
            status = dice_status(throw.faces, throw.pair)
            return [
                Look(f, "void", status_look(s, f).caption)
                for f, s in zip(throw.faces, status, strict=True)
            ]
        offered = state.offered if self.decides_here(state) else ()
        looks = []
        for i, face in enumerate(state.faces):
            look = status_look(state.status[i], face)
            if i in offered:
                word = f"+{face}, relance" if state.status[i] == KEPT else "relance"
                look = Look(face, "selected", word, "bold $warning")
            looks.append(look)
        return looks

    def value(self, state: LuckyOddsState) -> Content:
        if state.phase == "choose":
            return self.value_line(state.label)
        return self.verdict(self.latest(TurnEnded, since=DiceRolled))

    def verdict(self, end: TurnEnded | None) -> Content:
        """The last turn's result, under its last throw, until the next player throws."""
        if end is None:
            return Content("")
        arrow = "->" if self.app.settings.ascii else "→"
        if end.how == BANKED:
            rest, style = f" marque {points(end.points)} {arrow} {end.total}", "$success"
        elif end.how == OVERSHOT:
            rest, style = f" dépasserait {TARGET} : tour perdu ({end.total})", "$error"
        else:
            rest, style = f" : rien, tour perdu, reste à {end.total}", "$error"
        return Content.assemble((end.player, "bold"), (rest, style))

    def advice(self, state: LuckyOddsState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        seat = state.to_move()
        name = state.players[seat]
        if state.phase == "start":
            who = "Lance" if state.seats == 1 else "À toi, $name : lance"
            return [Content.from_markup(f"{who} les trois dés (l).", name=name)]
        arrow = "->" if self.app.settings.ascii else "→"
        total = state.scores[seat] + state.turn_total
        odds = state.odds()
        if state.may_rethrow_all:
            dice = "les trois dés"
        elif len(state.offered) == 1:
            dice = f"le dé {dice_keys(state.offered)}"
        else:
            dice = f"les dés {dice_keys(state.offered)}"
        lost = f"{points(state.turn_total)} perdu{'s' * (state.turn_total > 1)}"
        if odds.may_overshoot:
            risk = Content.styled(f"Sans point ou au-delà de {TARGET} : {lost}", "$warning")
        else:
            risk = Content(f"En moyenne +{number(odds.mean)} ; sinon {lost}.")
        return [
            Content(f"Tour : {points(state.turn_total)} · Arrêter (a) {arrow} {total}/{TARGET}"),
            Content(f"Relancer (l) {dice} : {percent(odds.chance)} de marquer"),
            risk,
        ]

    def guide(self, state: LuckyOddsState) -> Content:
        return Content(GUIDE)

    def turn_head(self, state: LuckyOddsState) -> str:
        return self.race_head(state.race)

    def seat_status(self, state: LuckyOddsState, seat: int) -> tuple[str, bool]:
        return str(state.scores[seat]), False

    def sheet(self, state: LuckyOddsState) -> SheetData:
        return self.race_sheet(state.race, target=f"But : {TARGET} pile")

    # --- animation --------------------------------------------------------------------

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            status = dice_status(event.faces, event.pair)
            self.paint([status_look(status[i], face) for i, face in enumerate(event.faces)])
            self.line("value", self.value_line(event.label))
            await self.pause(0.3)
        elif isinstance(event, TurnEnded):
            self.line("value", self.verdict(event))
            await self.pause(0.9)
        elif isinstance(event, TargetReached):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(1.2)


SCREEN = LuckyOddsScreen
