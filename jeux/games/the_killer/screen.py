"""The Killer on screen: five dice where they lie, a life gauge per player, and the target
picked on the seat picker and announced before the blow's dice are thrown."""

from __future__ import annotations

import time
from collections.abc import Mapping

from rich.cells import set_cell_size
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import plural
from jeux.ui.dice_screen import ROLL_COMMAND, STOP_COMMAND, Command, DiceScreen, Look
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.score_sheet import SheetData
from jeux.ui.widgets.seat_picker import SeatChoice, SeatPicker

from .present import goal_text, in_danger, life_text, target_detail
from .rules import (
    DEAD,
    RISE,
    SIDE,
    START_HP,
    STATUS_WORDS,
    TARGET,
    THROW,
    Attack,
    AttackObtained,
    BlowThrown,
    Damaged,
    DeclareSide,
    DiceThrown,
    Fizzled,
    Forget,
    GameOver,
    KillerState,
    NoAttack,
    Regenerated,
    Rise,
    RiseRolled,
    SideDeclared,
    Stop,
    Targeted,
    Throw,
    TurnStarted,
)

FORGET_SECONDS = 10
"""Forgetful mode: the time to name a target before the attack turns back."""
NAME_CELLS = 10


class KillerScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    COMMANDS = (
        ROLL_COMMAND,
        STOP_COMMAND,
        Command("low", "Moins de 11", "b", "primary"),
        Command("high", "Plus de 24", "h", "primary"),
        Command("target", "Cible", "c", "error"),
    )

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.picking = True
        """Whether the target picker is open in Phase 2 (Escape closes it to see the board)."""
        self._deadline: tuple[int, float] | None = None
        """Forgetful mode: (the decision it is for, when the attack turns back)."""

    def compose_board(self) -> ComposeResult:
        yield from super().compose_board()
        with Vertical(id="lives"):
            for seat in range(len(self.match.seats)):
                yield Gauge(id=f"life-{seat}")
        yield SeatPicker(id="targets")

    def on_mount(self) -> None:
        super().on_mount()
        if self.match.state.forgetful:
            self.set_interval(0.5, self.tick)

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: KillerState, selection: tuple[int, ...]
    ) -> Action | None:
        phase = state.phase
        if phase == RISE:
            return Rise() if name == "roll" else None
        if phase == SIDE:
            return {"low": DeclareSide("low"), "high": DeclareSide("high")}.get(name)
        if phase == THROW:
            if name == "roll" and (not state.faces or state.may_throw()):
                return Throw(selection)
            return Stop() if name == "stop" and state.faces else None
        return None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        return action.keep if isinstance(action, Throw) else None

    def default_selection(self, state: KillerState) -> tuple[int, ...]:
        return state.kept if state.phase == THROW else ()

    def may_select(self, state: KillerState, chosen: frozenset[int]) -> bool:
        return set(state.kept) <= chosen and super().may_select(state, chosen)

    def pick_refusal(self, state: KillerState, index: int) -> str:
        if state.phase == THROW and index in state.kept:
            return "Ce dé est gardé jusqu'à la fin de la phase."
        if state.phase == THROW and not state.faces:
            return "Lance d'abord les cinq dés (l)."
        if state.phase == THROW and not state.may_throw():
            return "Plus de lancer possible : arrête-toi (a)."
        return "Aucun dé à garder maintenant."

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Attack):
            return [str(action.target + 1)]
        if isinstance(action, Forget):
            return []  # nobody presses it: the clock of forgetful mode plays it
        return super().keys_for(action)

    # --- what is shown ----------------------------------------------------------------

    def status_parts(self, state: KillerState, seat: int) -> list[str]:
        parts = [f"{state.hp[seat]} PV", STATUS_WORDS[state.status(seat)]]
        if state.phase == THROW and state.faces:
            parts.append(f"lancer {state.throws}/5")
        if state.level[seat]:
            parts.append(f"Terminator {state.level[seat]}")
        return parts

    def looks(self, state: KillerState) -> list[Look]:
        if state.phase == THROW and state.faces:
            keep = set(self.selection)
            looks = []
            for i, face in enumerate(state.faces):
                if i in state.kept:
                    looks.append(Look(face, "kept", "gardé"))
                elif i in keep:
                    looks.append(Look(face, "selected", "garder", "bold $warning"))
                elif state.may_throw():
                    looks.append(Look(face, "selectable", "relance"))
                else:
                    looks.append(Look(face))
            return looks
        if state.phase == TARGET:
            return [Look(face, "kept") for face in state.faces]
        if state.phase == RISE:
            return [Look(0), *[Look(0, "void")] * 4]
        blow = self.latest(BlowThrown, since=DiceThrown)
        if blow is not None:  # the last blow stays on the table until the next throw
            return self.blow_looks(blow, "void")
        return []

    @staticmethod
    def blow_looks(blow: BlowThrown, rest: str = "") -> list[Look]:
        return [
            Look(face, "kept", "de côté") if face == blow.value else Look(face, rest)
            for face in blow.faces
        ]

    def value(self, state: KillerState) -> Content:
        if state.phase == THROW and state.faces:
            return self.throw_line(state.total, state.value(), state.heals())
        if state.phase == TARGET:
            mark = self.app.glyphs.turn
            return Content.styled(f"{mark} Attaque de {state.attack}", "bold $error")
        return self.verdict()

    def throw_line(self, total: int, value: int, heals: bool) -> Content:
        mark = self.app.glyphs.turn
        if heals:
            return Content.styled(f"{mark} Total {total} : régénération (+6)", "bold $success")
        if value:
            return Content.styled(f"{mark} Total {total} : attaque de {value}", "bold $accent")
        return Content.styled(f"{mark} Total {total} : pas d'attaque", "bold")

    def verdict(self) -> Content:
        """The last turn's end, until the next throw."""
        for event in reversed(self.match.events):
            if isinstance(event, TurnStarted | GameOver):
                continue
            if isinstance(event, DiceThrown | Targeted | AttackObtained | BlowThrown):
                return Content("")
            return Content.styled(event.describe(), "bold")
        return Content("")

    def advice(self, state: KillerState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        phase = state.phase
        if phase == RISE:
            return [Content("Mort·e : lance un dé (l). Sur 5 ou 6, tu reviens en zombie.")]
        if phase == SIDE:
            return [Content("Zombie, annonce ton côté : moins de 11 (b) ou plus de 24 (h).")]
        if phase == TARGET:
            if self.picking:
                return [Content(f"Choisis ta cible : 1 à {state.seats}, ou un clic.")]
            left = self.seconds_left()
            clock = f" Encore {left} s !" if left is not None else ""
            return [Content(f"Cible (c) : rouvrir le choix de la cible.{clock}")]
        if not state.faces:
            return [Content("Lance les cinq dés (l)."), Content(goal_text(state))]
        lines = []
        if state.qualifies():
            what = "te régénérer" if state.heals() else f"attaquer ({state.value()})"
            more = ", ou tenter mieux" if state.may_throw() else ""
            lines.append(Content(f"Arrêter (a) pour {what}{more}."))
        if state.may_throw():
            left = plural(state.throws_left, "lancer")
            lines.append(Content(f"Garde un dé de plus (1-5), puis l : {left}."))
        return lines or [Content(goal_text(state))]

    def show_state(self, state: KillerState) -> None:
        super().show_state(state)
        self.show_lives(state)
        self.show_picker(state)

    def show_lives(self, state: KillerState) -> None:
        for seat, name in enumerate(state.players):
            label = self.life_label(seat, name)
            gauge = self.query_one(f"#life-{seat}", Gauge)
            gauge.show(
                label, state.hp[seat], START_HP, in_danger(state, seat), life_text(state, seat)
            )
            gauge.set_class(state.dead[seat], "-dead")
            gauge.set_class(seat == state.to_move(), "-current")

    def life_label(self, seat: int, name: str) -> str:
        """Seat number and name padded by terminal cells (an emoji counts two)."""
        return f"{seat + 1} {set_cell_size(self.app.glyphs.clip(name, NAME_CELLS), NAME_CELLS)}"

    def show_picker(self, state: KillerState) -> None:
        picker = self.query_one(SeatPicker)
        open_ = state.phase == TARGET and self.decides_here(state) and self.picking
        self.set_class(open_, "-picking")  # the picker takes the place of dice and gauges
        if not open_:
            picker.hide()
            return
        picker.show(self.picker_title(state), self.target_choices(state))

    def picker_title(self, state: KillerState) -> Content:
        title = "Qui frapper ?"
        left = self.seconds_left()
        if left is not None:
            title += f" ({left} s, sinon contre toi !)"
        return Content(title)

    def target_choices(self, state: KillerState) -> list[SeatChoice]:
        legal = state.legal_actions()
        return [
            SeatChoice(
                seat,
                name,
                target_detail(state, seat),
                "" if Attack(seat) in legal else state.target_refusal(seat),
            )
            for seat, name in enumerate(state.players)
        ]

    def turn_head(self, state: KillerState) -> str:
        return f"Tour {state.round}"

    def seat_status(self, state: KillerState, seat: int) -> tuple[str, bool]:
        return f"{state.hp[seat]}", state.dead[seat]

    def sheet(self, state: KillerState) -> SheetData:
        hp = tuple(str(h) for h in state.hp)
        words = tuple(STATUS_WORDS[state.status(s)] for s in range(state.seats))
        outcome = state.outcome()
        winners = frozenset(outcome.winners) if outcome else frozenset()
        return SheetData(state.players, (("PV", hp), ("État", words)), (), winners)

    # --- forgetful mode ---------------------------------------------------------------

    def seconds_left(self) -> int | None:
        """Forgetful mode: whole seconds left to name the target (None: no clock now)."""
        state = self.match.state
        if not state.forgetful or state.phase != TARGET or not self.decides_here(state):
            self._deadline = None
            return None
        decision = len(self.match.actions)
        if self._deadline is None or self._deadline[0] != decision:
            self._deadline = (decision, time.monotonic() + FORGET_SECONDS)
        return max(0, round(self._deadline[1] - time.monotonic()))

    def tick(self) -> None:
        """The clock runs only while the board is on screen and waits for the target."""
        if self.busy or self.app.screen is not self:
            if self._deadline is not None:
                self._deadline = (self._deadline[0], self._deadline[1] + 0.5)
            return
        left = self.seconds_left()
        if left is None:
            return
        if left == 0:
            self.act(Forget())
        elif self.picking:
            self.query_one(SeatPicker).query_one("#picker-title").update(
                self.picker_title(self.match.state)
            )
        else:
            self.line("advice", Content("\n").join(self.advice(self.match.state)))

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, RiseRolled):
            return {0: event.face}
        return super().thrown(event)

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceThrown):
            kept = set(range(5)) - set(event.thrown)
            self.paint([Look(f, "kept" if i in kept else "") for i, f in enumerate(event.faces)])
            self.line("value", self.throw_line(event.total, event.value, event.heals))
            await self.pause(0.3)
        elif isinstance(event, Targeted):
            self.query_one(SeatPicker).hide()
            self.remove_class("-picking")
            self.paint([Look(0, "void")] * 5)
            self.line("value", Content.styled(event.describe(), "bold reverse $error"))
            self.query_one(f"#life-{event.seat}", Gauge).add_class("-targeted")
            await self.pause(1.0)
        elif isinstance(event, BlowThrown):
            self.paint(self.blow_looks(event))
            damage = event.aside * event.value
            self.line("value", Content.styled(f"Dégâts : {damage}", "bold $error"))
            await self.pause(0.4)
        elif isinstance(event, Damaged):
            self.show_damage(event)
            await self.pause(1.0)
        elif isinstance(event, RiseRolled | SideDeclared | Regenerated | NoAttack | Fizzled):
            self.line("value", Content.styled(event.describe(), "bold"))
            await self.pause(0.8)
        elif isinstance(event, AttackObtained):
            self.line("value", Content.styled(event.describe(), "bold $accent"))
            await self.pause(0.3)

    def show_damage(self, event: Damaged) -> None:
        state = self.match.state
        gauge = self.query_one(f"#life-{event.seat}", Gauge)
        gauge.remove_class("-targeted")
        label = self.life_label(event.seat, event.target)
        gauge.show(label, event.hp, START_HP, True, life_text(state, event.seat))
        style = "bold reverse $error" if event.status == DEAD else "bold $error"
        self.line("value", Content.styled(event.describe(), style))

    # --- keys and clicks --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command":
            name = str(parameters[0])
            state = self.match.state
            if not self.decides_here(state) or state.to_move() is None:
                return False
            if name == "target":
                return state.phase == TARGET and not self.picking
            # A move the engine refuses stays on its key: pressing it says why (too low a
            # total to stop…) instead of doing nothing.
            return self.command_action(name, state, self.selection) is not None
        return super().check_action(action, parameters)

    def action_command(self, name: str) -> None:
        if name == "target":
            if not self.busy and self.match.state.phase == TARGET:
                self.picking = True
                self.render_state()
            return
        super().action_command(name)

    def action_pick(self, index: int) -> None:
        state = self.match.state
        if state.phase == TARGET and not self.busy and self.decides_here(state):
            self.query_one(SeatPicker).action_choose(index)  # the picker lost the focus
            return
        super().action_pick(index)

    @on(SeatPicker.Picked)
    def target_picked(self, message: SeatPicker.Picked) -> None:
        self.act(Attack(message.seat))

    @on(SeatPicker.Cancelled)
    def picker_closed(self) -> None:
        self.picking = False
        self.render_state()

    def render_state(self) -> None:
        if self.match.state.phase != TARGET:
            self.picking = True  # the next target choice opens the picker again
        super().render_state()


SCREEN = KillerScreen
