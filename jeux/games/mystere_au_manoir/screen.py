"""Mystère au Manoir on screen: five dice, the witnesses and the double 1 as rerolls of the
dice picked, the value of the dice in the rules' words, and the perfect investigation's
bonus pass."""

from __future__ import annotations

from collections.abc import Mapping

from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import dice_keys, plural
from jeux.ui.dice_screen import ROLL_COMMAND, Command, DiceScreen, Look
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    BONUS,
    CHOOSE,
    FACE_CAPTIONS,
    PERFECT,
    PERFECT_POINTS,
    READY,
    ROLL,
    SQUARE,
    SUM,
    THROW,
    TRIPLE_ONE,
    TRIPLE_SIX,
    DiceRolled,
    DoubleOneReroll,
    EndTurn,
    MystereState,
    PassScored,
    Roll,
    Score,
    TargetReached,
    TurnEnded,
    WitnessReroll,
)

DOUBLE_ONE_WORDS = {READY: "prêt", "used": "utilisé"}


class ManoirScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    COMMANDS = (
        ROLL_COMMAND,
        Command("witness", "Témoin", "t", "warning"),
        Command("double", "Double 1", "d", "warning"),
        Command("score", "Noter", "a", "success"),
    )

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: MystereState, selection: tuple[int, ...]
    ) -> Action | None:
        phase = state.phase
        if name == "roll":
            return Roll() if phase in (ROLL, BONUS) else None
        if name == "score":
            return {CHOOSE: Score(), BONUS: EndTurn()}.get(phase)
        if phase != CHOOSE:
            return None
        if name == "witness":
            return WitnessReroll(selection) if state.witnesses() else None
        if not state.double_one_targets():
            return None
        # One die, or a move the engine refuses with its reason.
        return DoubleOneReroll(selection[0] if len(selection) == 1 else -1)

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        if isinstance(action, WitnessReroll):
            return action.dice
        return (action.die,) if isinstance(action, DoubleOneReroll) else None

    def default_selection(self, state: MystereState) -> tuple[int, ...]:
        """A reroll with a single possible die (the double 1's only target) is ready."""
        dice = {self.dice_of(a) for a in state.legal_actions()} - {None}
        return dice.pop() if len(dice) == 1 else ()

    def pick_refusal(self, state: MystereState, index: int) -> str:
        return state.pick_refusal(index) or super().pick_refusal(state, index)

    # --- what is shown ----------------------------------------------------------------

    def last_turn(self) -> tuple[list[PassScored], TurnEnded | None]:
        """The passes and the end of the last finished turn, rebuilt from the match."""
        passes: list[PassScored] = []
        end = None
        for event in reversed(self.match.events):
            if isinstance(event, DiceRolled) and event.reason == THROW:
                if end is not None:
                    break
                return [], None  # a turn is under way
            if isinstance(event, TurnEnded) and end is None:
                end = event
            elif isinstance(event, PassScored) and end is not None:
                passes.insert(0, event)
        return passes, end

    def looks(self, state: MystereState) -> list[Look]:
        if state.phase == ROLL or state.to_move() is None:
            passes, _ = self.last_turn()
            faces = passes[-1].faces if passes else ()
            return [
                Look(f, "locked" if state.never_rerolled(f) else "", FACE_CAPTIONS[f])
                for f in faces
            ]
        if state.phase == BONUS:
            return [Look(f, "kept") for f in state.dice]
        keyed = self.pickable(state)
        looks = []
        for i, face in enumerate(state.dice):
            if i in self.selection:
                looks.append(Look(face, "selected", "relance", "bold $warning"))
            elif state.never_rerolled(face):
                looks.append(Look(face, "locked", FACE_CAPTIONS[face]))
            else:
                looks.append(Look(face, "selectable" if i in keyed else "", FACE_CAPTIONS[face]))
        return looks

    def status_parts(self, state: MystereState, seat: int) -> list[str]:
        parts = [f"Score {state.totals[seat]}/{state.target}"]
        if state.passes:
            parts.append(f"acquis {state.turn_points}")
        if state.phase == CHOOSE:
            witnesses = len(state.witnesses())
            parts.append(plural(witnesses, "témoin") if witnesses else "aucun témoin")
            if state.double_one():
                parts.append(f"double 1 {DOUBLE_ONE_WORDS[state.double_one()]}")
        return parts

    def value(self, state: MystereState) -> Content:
        if state.phase == CHOOSE:
            found = state.value()
            return self.value_line(found.text)
        if state.phase == BONUS:
            text = f"{self.app.glyphs.star} Enquête parfaite : {PERFECT_POINTS} acquis"
            return Content.styled(text, "bold $success")
        return self.verdict(*self.last_turn())

    @staticmethod
    def verdict(passes: list[PassScored], end: TurnEnded | None) -> Content:
        """'Lina : Carré de 2 : 20 + 3 = 23 (total 45)'; after a bonus pass, the sum."""
        if end is None or not passes:
            return Content("")
        text = passes[0].text
        if len(passes) > 1:
            text = " + ".join(str(p.points) for p in passes) + f" = {end.points}"
        return Content.assemble((end.player, "bold"), f" : {text} (total {end.total})")

    def advice(self, state: MystereState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        if state.phase == ROLL:
            return [Content("Lance les cinq dés : l (ou Espace).")]
        if state.phase == BONUS:
            return [Content("Relancer les 5 dés (l) ou garder les 50 (a) ?")]
        return [self.selection_hint(state)]

    def selection_hint(self, state: MystereState) -> Content:
        """What the dice picked would do, before deciding."""
        chosen = self.selection
        witness, double = state.rerolls_for(chosen)
        if not chosen:
            if state.witnesses() and state.double_one_targets():
                return Content("Choisis des dés (1-5), puis t ou d · a : noter.")
            if state.witnesses():
                return Content("Relance : dés 1-5 dont un 5, puis t · a : noter.")
            return Content("Double 1 : un dé (1-5), puis d · a : noter.")
        spent = state.witnesses_in(chosen)
        choices = []
        if witness is not None:
            who = "le témoin" if spent == 1 else f"{spent} témoins"
            choices.append(f"t : {who} relance {plural(len(chosen), 'dé')}")
        if double is not None:
            choices.append(f"d : double 1 sur le dé {dice_keys(chosen)}")
        if choices:
            return Content(" · ".join(choices))
        if not spent and state.double_one_targets():
            return Content("Sans 5, le double 1 ne relance qu'un seul dé.")
        return Content("Il faut un 5 (témoin) parmi les dés choisis.")

    def guide(self, state: MystereState) -> Content:
        """The scoring table, the row the dice showing score by marked."""
        found = state.value() if state.phase == CHOOSE else None
        perfect = "1-2-3-4 + un dé" if state.easy_perfect else "1-2-3-4-5"
        square = "10 × valeur" if state.exact_square else "10 × valeur + 5e dé"
        rows = [
            ("Trois 6 ou plus", "0", TRIPLE_SIX),
            (perfect, f"{PERFECT_POINTS} + relance", PERFECT),
            ("Carré de 2, 3 ou 4", square, SQUARE),
            ("Trois 1 ou plus", "somme × 3", TRIPLE_ONE),
            ("Sinon", "somme", SUM),
        ]
        lines = [
            Content.styled(f"  {'1 indice, 2 3 4 pistes':<22}{'leur valeur':>20}", "bold"),
            Content.styled(f"  {'5 témoin, 6 fausse piste':<24}{'0':>18}", "bold"),
        ]
        for dice, points, kind in rows:
            text = f"{dice:<22}{points:>20}"
            if found is not None and found.kind == kind:
                lines.append(Content.styled(f"{self.app.glyphs.turn} {text}", "bold reverse"))
            else:
                lines.append(Content(f"  {text}"))
        return Content("\n").join(lines)

    def turn_head(self, state: MystereState) -> str:
        limit = f"/{state.turn_limit}" if state.turn_limit else ""
        head = f"Tour {state.round}{limit}"
        if state.race.final_round:
            head = f"Dernier tour ({state.round})"
        if state.phase == BONUS or (state.phase == CHOOSE and state.passes):
            head += " · passe bonus"
        return head

    def seat_status(self, state: MystereState, seat: int) -> tuple[str, bool]:
        return str(state.totals[seat]), False

    def sheet(self, state: MystereState) -> SheetData:
        target = f"Objectif {state.target}"
        if state.turn_limit and state.seats > 1:
            target += f" · {state.turn_limit} tours max"
        return self.race_sheet(state.race, target=target)

    @staticmethod
    def record_text(best: int) -> str:
        return plural(best, "point")

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, DiceRolled):
            return {i: event.faces[i] for i in event.rerolled}
        return None

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            self.line("advice", Content(event.describe()))
        elif isinstance(event, PassScored):
            style = "bold reverse $success" if event.points else "bold reverse $error"
            self.line("value", Content.styled(event.text, style))
            if event.perfect:
                self.paint([Look(f, "kept") for f in event.faces])
                self.line("advice", Content("Enquête parfaite : 50 points !"))
            await self.pause(0.6)
        elif isinstance(event, TurnEnded):
            self.line("value", self.verdict(*self.last_turn_until(event)))
            await self.pause(0.6)
        elif isinstance(event, TargetReached):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(0.8)

    def last_turn_until(self, end: TurnEnded) -> tuple[list[PassScored], TurnEnded]:
        """The passes of the turn `end` closes (the match already holds later events)."""
        events = self.match.events
        at = max(i for i, e in enumerate(events) if e is end)
        passes: list[PassScored] = []
        for event in reversed(events[:at]):
            if isinstance(event, DiceRolled) and event.reason == THROW:
                break
            if isinstance(event, PassScored):
                passes.insert(0, event)
        return passes, end


SCREEN = ManoirScreen
