"""Le Capitaine on screen: five dice where they lie, the ship, the captain and the crew set
aside in order, then the cargo: which cargo dice to throw again, and what that could give."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import dice_keys, plural
from jeux.ui.dice_screen import ROLL_COMMAND, STOP_COMMAND, DiceScreen, Look
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    BOTH,
    CREW,
    ROLE_NAMES,
    THROWS,
    CapitaineState,
    DiceRolled,
    Roll,
    Stop,
    TargetReached,
    TieBreak,
    TurnEnded,
)


def knots(count: int) -> str:
    return plural(count, "nœud")


def number(value: float) -> str:
    """9.5 → "9,5", 7.0 → "7": French decimals."""
    return f"{value:g}".replace(".", ",")


def role_word(roles: Sequence[int | None], index: int) -> str:
    role = roles[index]
    if role is not None:
        return ROLE_NAMES[role]
    return "cargaison" if CREW in roles else ""


class CapitaineScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    COMMANDS = (ROLL_COMMAND, STOP_COMMAND)

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: CapitaineState, selection: tuple[int, ...]
    ) -> Action | None:
        if state.phase == "over":
            return None
        if name == "stop":
            return Stop()
        return Roll(selection) if state.phase == "cargo" else Roll(state.free_dice)

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        return action.dice if isinstance(action, Roll) else None

    def may_select(self, state: CapitaineState, chosen: frozenset[int]) -> bool:
        """A cargo die at a time, both, or none yet: never half of "both together"."""
        return not chosen or chosen in self.choices(state)

    def pick_refusal(self, state: CapitaineState, index: int) -> str:
        if state.phase == "start":
            return "Lance d'abord les dés (l)."
        return state.refusal(Roll((index,)))

    def default_selection(self, state: CapitaineState) -> tuple[int, ...]:
        return state.cargo_dice if state.phase == "cargo" else ()

    def dice_thrown(self, state: CapitaineState) -> bool:
        return state.phase != "start"

    # --- what is shown ----------------------------------------------------------------

    def status_parts(self, state: CapitaineState, seat: int) -> list[str]:
        parts = [f"{state.knots[seat]}/{state.target} nœuds"]
        if state.phase != "start":
            parts.append(f"encore {plural(state.throws_left, 'lancer')} sur {THROWS}")
        if state.seats == 1:
            parts.append(self.record_words())
        return parts

    def looks(self, state: CapitaineState) -> list[Look]:
        """Each die's look tells its state (border), and the word under it says it (text)."""
        if state.phase == "start":  # the last turn's dice stay until the next throw
            throw = self.latest(DiceRolled)
            if throw is None:
                return []
            return [Look(f, "void", role_word(throw.roles, i)) for i, f in enumerate(throw.faces)]
        looks = []
        for i, face in enumerate(state.faces):
            if state.roles[i] is not None or state.phase == "over":
                kept = state.roles[i] is not None or state.crew_complete
                looks.append(Look(face, "kept" if kept else "", role_word(state.roles, i)))
            elif state.phase == "crew":
                looks.append(Look(face, "", "relance"))
            elif i in self.selection:
                looks.append(Look(face, "selected", "relance", "bold $warning"))
            else:
                looks.append(Look(face, "selectable", "garde", "bold $success"))
        return looks

    def value(self, state: CapitaineState) -> Content:
        if state.phase == "start":
            return self.verdict(self.latest(TurnEnded, since=DiceRolled))
        return self.value_line(state.label)

    @staticmethod
    def verdict(end: TurnEnded | None) -> Content:
        """The last turn's result, under its last throw, until the next player throws."""
        if end is None:
            return Content("")
        rest = end.describe().removeprefix(end.player)
        return Content.assemble(
            (end.player, "bold"), (rest, "$success" if end.crew_complete else "$error")
        )

    def advice(self, state: CapitaineState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        seat = state.to_move()
        name = state.players[seat]
        more = f"encore {plural(state.throws_left, 'lancer')}"
        if state.phase == "start":
            who = "Lance" if state.seats == 1 else "À toi, $name : lance"
            return [Content.from_markup(f"{who} les cinq dés (l).", name=name)]
        if state.phase == "crew":
            lines = [Content(f"Relance les {len(state.free_dice)} dés libres (l) : {more}.")]
            if state.throws_left == 1:
                lines.append(Content(f"Pas d'équipage au 3e lancer : {knots(0)}."))
            return lines
        total = state.knots[seat] + state.cargo
        arrow = "->" if self.app.settings.ascii else "→"
        stop = Content(f"Arrêter (a) : +{knots(state.cargo)} {arrow} {total}")
        return [stop, self.rethrow_text(state)]

    def rethrow_text(self, state: CapitaineState) -> Content:
        """What the selected cargo dice could give if thrown again, before deciding."""
        chosen = list(self.selection)
        if not chosen:
            keys = dice_keys(list(state.cargo_dice))
            return Content(f"Relancer : choisis un dé de cargaison ({keys}).")
        low, high, mean = state.outlook(chosen)
        dice = f"le dé {dice_keys(chosen)}" if len(chosen) == 1 else f"les dés {dice_keys(chosen)}"
        return Content(f"Relancer (l) {dice} : {low} à {high}, moyenne {number(mean)}")

    def guide(self, state: CapitaineState) -> Content:
        if state.phase == "cargo" and state.cargo_reroll == BOTH:
            return Content("Variante : les 2 dés de cargaison vont ensemble.")
        if state.phase == "cargo":
            keys = dice_keys(list(state.cargo_dice))
            return Content(f"Touches {keys} (ou clic) : garder ou relancer.")
        return Content(
            "Dans l'ordre : 6 bateau, 5 capitaine, 4 équipage,\n"
            "puis la cargaison : les 2 autres dés, en nœuds."
        )

    def turn_head(self, state: CapitaineState) -> str:
        race = state.race
        if len(race.contenders) < state.seats:
            return f"Départage (tour {race.round})"
        return self.race_head(race)

    def seat_status(self, state: CapitaineState, seat: int) -> tuple[str, bool]:
        return str(state.knots[seat]), not (state.race.over or state.race.playing(seat))

    def sheet(self, state: CapitaineState) -> SheetData:
        return self.race_sheet(state.race, target=f"But : {state.target} nœuds")

    @staticmethod
    def record_text(best: int) -> str:
        return knots(best)

    # --- animation --------------------------------------------------------------------

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            looks = [
                Look(f, "kept" if event.roles[i] is not None else "", role_word(event.roles, i))
                for i, f in enumerate(event.faces)
            ]
            self.paint(looks)
            self.line("value", self.value_line(event.label))
            await self.pause(0.3)
        elif isinstance(event, TurnEnded):
            self.line("value", self.verdict(event))
            await self.pause(0.9)
        elif isinstance(event, TargetReached | TieBreak):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(1.2)


SCREEN = CapitaineScreen
