"""Sortie 20 on screen: five dice kept, eliminated or free; the dice picked are kept with the
next reroll, then l asks which die pays for it; the once-per-turn flip or activated six with
what each would give, and the forced stop at two dice."""

from __future__ import annotations

from collections.abc import Mapping

from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import plural
from jeux.ui.dice_screen import ROLL_COMMAND, STOP_COMMAND, Command, DiceScreen, Look
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    ACTIVATED_SIX_POINTS,
    CHOOSE,
    ELIMINATED,
    FIVE_PENALTY,
    KEPT,
    ROLL,
    TRIPLE_ONE_POINTS,
    Activate,
    DiceRolled,
    DieFlipped,
    Flip,
    Reroll,
    Roll,
    SixActivated,
    SortieState,
    Stop,
    TargetReached,
    TurnEnded,
    flipped,
)

DROP, FLIP, SIX = "drop", "flip", "six"
"""What the digits choose while a choice is open: the die to eliminate, to flip, to activate."""
STATUS_WORDS = {KEPT: "gardé", ELIMINATED: "éliminé"}
STATUS_CELLS = 44
"""The board's width beside the sheet: the status line drops its last parts to fit."""


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


class SortieScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    CAPTION_CELLS = 9
    COMMANDS = (
        ROLL_COMMAND,
        STOP_COMMAND,
        Command("flip", "Retourner", "r", "warning"),
        Command("six", "Six +2", "s", "warning"),
    )

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.picking: str | None = None
        """DROP, FLIP or SIX while the digits choose a die for that move."""
        self._picking_for = -1

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: SortieState, selection: tuple[int, ...]
    ) -> Action | None:
        """The move each button stands for (the die it takes is chosen after the key)."""
        if state.phase == ROLL:
            return Roll() if name == "roll" else None
        if state.phase != CHOOSE or self.picking:
            return None
        if name == "stop":
            return Stop()
        if name == "roll":
            drop = [i for i in state.eliminable() if i not in selection]
            return Reroll(drop[0], selection) if drop else Reroll(-1, selection)
        if state.special_used:
            return None
        if name == "flip":
            return Flip(state.flippable()[0])
        sixes = state.activatable()
        return Activate(sixes[0]) if sixes else None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        return action.keep if isinstance(action, Reroll) else None

    def action_command(self, name: str) -> None:
        """l, r and s open the choice of their die (s plays at once with a single 6)."""
        state = self.match.state
        self.sync_selection()
        action = self.command_action(name, state, self.selection)
        if action is None or self.busy or name == "stop" or state.phase == ROLL:
            super().action_command(name)
        elif name == "roll" and not state.can_reroll:
            self.act(action)  # the engine says why: only two dice are left
        elif name == "six" and len(state.activatable()) == 1:
            self.act(action)
        else:
            self.open_pick({"roll": DROP, "flip": FLIP, "six": SIX}[name])

    def open_pick(self, kind: str | None) -> None:
        self.picking, self._picking_for = kind, len(self.match.actions)
        self.render_state()

    def pick_refusal(self, state: SortieState, index: int) -> str:
        """Why this die may not be kept: the engine's words for that reroll."""
        refusal = state.mark_refusal(index)
        if refusal:
            return refusal
        keep = tuple(sorted({*self.selection, index}))
        drop = next((i for i in state.eliminable() if i not in keep), -1)
        return state.refusal(Reroll(drop, keep))

    def choosable(self, state: SortieState) -> tuple[int, ...]:
        """The dice the open choice may take; the dice marked « garder » stay kept."""
        if self.picking == DROP:
            return tuple(i for i in state.eliminable() if i not in self.selection)
        if self.picking == FLIP:
            return state.flippable()
        return state.activatable() if self.picking == SIX else ()

    def action_pick(self, index: int) -> None:
        if not self.picking or self.busy:
            super().action_pick(index)
            return
        state = self.match.state
        if index not in self.choosable(state):
            refusal = {
                DROP: "Ce dé est marqué « garder » : élimine un autre dé."
                if index in self.selection
                else state.mark_refusal(index),
                FLIP: "Ce dé est éliminé : il ne peut pas être retourné.",
                SIX: "Seul un 6 peut être activé.",
            }[self.picking]
            self.app.say(refusal or "Choisis un autre dé.", "warning")
            return
        kind, self.picking = self.picking, None
        action = {DROP: Reroll(index, self.selection), FLIP: Flip(index), SIX: Activate(index)}
        self.act(action[kind])

    def action_leave(self) -> None:
        """Escape first closes an open choice, then leaves the match."""
        if self.picking:
            self.open_pick(None)
        else:
            super().action_leave()

    def keys_for(self, action: Action) -> list[str]:
        """From a board with no die picked: digits pick the dice to keep, l asks for the die
        to eliminate; r and s ask for their die (s plays at once with a single 6)."""
        digit = str(getattr(action, "die", 0) + 1)
        if isinstance(action, Reroll):
            return [str(i + 1) for i in action.keep] + ["l", str(action.eliminate + 1)]
        if isinstance(action, Flip):
            return ["r", digit]
        if isinstance(action, Activate):
            return ["s"] if len(self.match.state.activatable()) == 1 else ["s", digit]
        return ["a"] if isinstance(action, Stop) else ["l"]

    # --- what is shown ----------------------------------------------------------------

    def show_state(self, state: SortieState) -> None:
        """A choice left open closes with the move (or the undo) that followed it."""
        if self._picking_for != len(self.match.actions) or not self.decides_here(state):
            self._picking_for, self.picking = len(self.match.actions), None
        super().show_state(state)

    def last_end(self) -> TurnEnded | None:
        return self.latest(TurnEnded)

    def looks(self, state: SortieState) -> list[Look]:
        if state.phase != CHOOSE:  # the last turn's dice stay until the next throw
            end = self.last_end()
            if end is None:
                return []
            return [
                Look(face, "void" if s == ELIMINATED else "", STATUS_WORDS.get(s, "libre"))
                for face, s in zip(end.dice, end.status, strict=True)
            ]
        choosable = self.choosable(state)
        keepable = self.pickable(state)
        looks = []
        for i, (face, status) in enumerate(zip(state.dice, state.status, strict=True)):
            if status == ELIMINATED:
                looks.append(Look(face, "void", "éliminé"))
            elif i in choosable:
                looks.append(Look(face, "selectable", self.choice_caption(state, i), "bold"))
            elif status == KEPT:
                looks.append(Look(face, "kept", self.kept_caption(state, i)))
            elif i in self.selection:
                looks.append(Look(face, "selected", "garder", "bold $success"))
            else:
                looks.append(Look(face, "selectable" if i in keepable else "", "libre"))
        return looks

    def paint(self, looks, keyed=frozenset()) -> None:
        """The dice an open choice may take show their key too."""
        if self.picking:
            keyed = frozenset(self.choosable(self.match.state))
        super().paint(looks, keyed)

    @staticmethod
    def kept_caption(state: SortieState, die: int) -> str:
        if state.activated == die:
            return "activé"
        return "retourné" if state.flipped_die == die else "gardé"

    def choice_caption(self, state: SortieState, die: int) -> str:
        if self.picking == FLIP:
            return f"→ {flipped(state.dice[die])}"
        if self.picking == SIX:
            return signed(state.special_preview(Activate(die)).gain)
        return "éliminer"

    def status_parts(self, state: SortieState, seat: int) -> list[str]:
        parts = [f"Score {state.totals[seat]}/{state.target}"]
        if state.phase == CHOOSE:
            parts.append(f"lancer {state.throws}")
            free = len(state.free())
            parts.append(f"{free} dé libre" if free == 1 else f"{free} dés libres")
            parts.append("spécial utilisé" if state.special_used else "spécial prêt")
        while len(" · ".join(parts)) > STATUS_CELLS:
            parts.pop()
        return parts

    def value(self, state: SortieState) -> Content:
        if state.phase != CHOOSE:
            return self.verdict(self.last_end())
        found = state.value()
        verb = "Arrêt forcé" if state.must_stop else "Arrêt (a)"
        line = f"{self.app.glyphs.turn} {verb} : {signed(found.points)} → {state.stop_total()}"
        return Content.assemble((line, "bold $accent"), "\n", (found.text, "$text-muted"))

    @staticmethod
    def verdict(end: TurnEnded | None) -> Content:
        if end is None:
            return Content("")
        verb = "doit s'arrêter" if end.forced else "s'arrête"
        head = Content.assemble(
            (end.player, "bold"), f" {verb} : {signed(end.points)} → total {end.total}"
        )
        return Content.assemble(head, "\n", (end.text, "$text-muted"))

    def advice(self, state: SortieState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        if state.phase == ROLL:
            return [Content("Lance les cinq dés : l (ou Espace).")]
        if self.picking:
            question = {DROP: "Quel dé éliminer", FLIP: "Quel dé retourner", SIX: "Quel 6 activer"}
            return [Content(f"{question[self.picking]} ? (1-5, Échap : annuler)")]
        if state.must_stop:
            left = len(state.free())
            if state.special_used:
                return [Content(f"Plus que {left} dés libres : arrête-toi (a).")]
            return [Content(f"{left} dés libres : spécial (r, s) ou arrêt (a).")]
        if self.selection:
            thrown = len(state.free()) - len(self.selection) - 1
            kept = plural(len(self.selection), "dé")
            return [Content(f"l : garder {kept}, éliminer un dé, relancer {thrown}")]
        return [Content("1-5 : garder · l : relancer · a : arrêter")]

    def guide(self, state: SortieState) -> Content:
        """The scoring reminder, or the choices of the open pick with what each would do."""
        if self.picking and state.phase == CHOOSE:
            return self.choices_text(state)
        return Content.assemble(
            ("Points ", "bold"),
            f"1 : +1 · trois 1 : +{TRIPLE_ONE_POINTS} · 5 : -{FIVE_PENALTY}\n",
            ("Relance ", "bold"),
            "garder, éliminer un dé, relancer\n",
            ("Spécial ", "bold"),
            "1 fois par tour : retourner un dé\n",
            f"        (5 → 2, 6 → 1…) ou activer un 6 (+{ACTIVATED_SIX_POINTS})",
        )

    def choices_text(self, state: SortieState) -> Content:
        head = {
            DROP: "Éliminer un dé, relancer les autres :",
            FLIP: "Retourner un dé (une fois par tour) :",
            SIX: "Activer un 6 (une fois par tour) :",
        }[self.picking]
        lines = [Content.styled(head, "bold")]
        for die in self.choosable(state):
            face = state.dice[die]
            if self.picking == DROP:
                thrown = len(state.free()) - len(self.selection) - 1
                text = f"{die + 1}  élimine le {face}, relance {plural(thrown, 'dé')}"
            else:
                action = Flip(die) if self.picking == FLIP else Activate(die)
                after = state.special_preview(action)
                stop = "arrêt forcé" if after.forced else "arrêt"
                change = f"{face} → {flipped(face)}" if self.picking == FLIP else "ce 6 activé"
                points = signed(after.value.points)
                text = f"{die + 1}  {change} ({signed(after.gain)})   {stop} : {points}"
            lines.append(Content(f"  {text}"))
        return Content("\n").join(lines)

    def turn_head(self, state: SortieState) -> str:
        head = f"Tour {state.round}" + (f"/{state.turn_limit}" if state.turn_limit else "")
        if state.race.final_round:
            head = f"Dernier tour ({state.round})"
        return head

    def seat_status(self, state: SortieState, seat: int) -> tuple[str, bool]:
        return str(state.totals[seat]), False

    def sheet(self, state: SortieState) -> SheetData:
        target = f"Objectif {state.target}"
        if state.turn_limit and state.seats > 1:
            target += f" · {state.turn_limit} tours max"
        return self.race_sheet(state.race, lambda mark: signed(mark.points), target=target)

    @staticmethod
    def record_text(best: int) -> str:
        return plural(best, "point")

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, DiceRolled):
            return {i: event.faces[i] for i in event.rolled}
        return None

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            self.line("advice", Content(event.describe()))
        elif isinstance(event, DieFlipped | SixActivated):
            self.line("advice", Content(event.describe()))
            await self.pause(0.4)
        elif isinstance(event, TurnEnded):
            looks = [
                Look(face, "void" if s == ELIMINATED else "", STATUS_WORDS.get(s, "libre"))
                for face, s in zip(event.dice, event.status, strict=True)
            ]
            self.paint(looks)
            self.line("value", self.verdict(event))
            await self.pause(0.8)
        elif isinstance(event, TargetReached):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(0.8)


SCREEN = SortieScreen
