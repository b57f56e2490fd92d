"""Les dés bloqués on screen: five dice, the 2s and 5s locked aside, what each throw is worth,
the turn's points, the chance of a clean next throw; an automatic pace; in the variants, a
key to stop."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.binding import Binding
from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import percent, plural
from jeux.ui.dice_screen import Command, DiceScreen, Look
from jeux.ui.launch import played_text, saved_records
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    BLOCKED,
    OVER,
    SCORED,
    TURNS,
    DesBloquesState,
    DiceRolled,
    PlayoffStarted,
    Roll,
    Stop,
    ThrowResult,
    TurnEnded,
    TurnStarted,
    clean_chance,
)

MARK_LOOKS = {
    SCORED: ("kept", "bold $success"),
    BLOCKED: ("locked", "bold $error"),
}
AUTO_PAUSE = 0.7
"""Seconds between two throws at the automatic pace (scaled by the settings)."""


def throw_looks(result: ThrowResult, earlier: Sequence[int]) -> list[Look]:
    """The dice of a throw, as the engine marks them, then the dice blocked before it."""
    looks = []
    for face, mark in zip(result.faces, result.marks, strict=True):
        look, style = MARK_LOOKS.get(mark, ("", ""))
        caption = f"+{face}" if mark == SCORED else ("bloqué" if mark == BLOCKED else "libre")
        looks.append(Look(face, look, caption, style))
    return looks + [Look(face, "locked", "bloqué", "$error") for face in earlier]


class DesBloquesScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        # Without the stop variant the stop command is not offered; this twin says why.
        Binding("a", "stop_refused", show=False),
        Binding("p", "pause", "Pause"),
        Binding("p", "resume", "Reprendre"),
    ]
    COMMANDS = (
        Command("roll", "Lancer", "l", "primary", ("space", "enter")),
        Command("stop", "S'arrêter", "a", "success"),
    )
    CAPTION_CELLS = 9

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.paused = False
        """The automatic pace held by the player (p): the next throw waits for a key."""
        self._record: tuple[int | None] | None = None

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: DesBloquesState, selection: tuple[int, ...]
    ) -> Action | None:
        if state.phase == OVER:
            return None
        if name == "roll":
            return Roll()
        return Stop() if state.stop_allowed else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.match.state
        if action == "stop_refused":
            return not state.stop_allowed
        if action == "pick":
            return False  # nothing to pick: a die's key stays out of the footer
        if action in ("pause", "resume"):
            return state.auto and self.paused == (action == "resume")
        return super().check_action(action, parameters)

    def action_stop_refused(self) -> None:
        self.act(Stop())  # the engine explains, in French, why there is no stopping here

    def action_pick(self, index: int) -> None:
        """A click on a die throws: there is nothing to choose among the dice."""
        self.act(Roll())

    def action_pause(self) -> None:
        self.paused = True
        self.app.say("Pause : l pour le lancer suivant, p pour reprendre.")
        self.refresh_bindings()

    def action_resume(self) -> None:
        self.paused = False
        self.render_state()

    # --- the automatic pace (DB-2) --------------------------------------------------------

    def show_state(self, state: DesBloquesState) -> None:
        super().show_state(state)
        if self.auto_throws(state):
            played = len(self.match.actions)
            pause = max(0.01, AUTO_PAUSE * self.app.animation_scale)  # a timer needs time
            self.set_timer(pause, lambda: self.auto_throw(played))

    def auto_throws(self, state: DesBloquesState) -> bool:
        """At the automatic pace, a human's turn goes on by itself once they threw first."""
        return (
            state.auto
            and not self.paused
            and state.throws > 0
            and state.phase != OVER
            and self.decides_here(state)
        )

    def auto_throw(self, played: int) -> None:
        """The next throw of the turn, unless anything happened meanwhile (a key, an undo, a
        pause, a dialog on top)."""
        still = len(self.match.actions) == played and not self.busy and self.app.screen is self
        if still and self.auto_throws(self.match.state):
            self.act(Roll())

    # --- what is shown ----------------------------------------------------------------

    def last_turn(self) -> tuple[list[DiceRolled], TurnEnded | None]:
        """The throws of the turn on the table (this one, or the last finished one while
        the next has not thrown), oldest first, and how it ended: rebuilt from the match."""
        throws: list[DiceRolled] = []
        end = None
        for event in reversed(self.match.events):
            if isinstance(event, TurnEnded):
                if throws or end is not None:
                    break
                end = event
            elif isinstance(event, DiceRolled):
                throws.insert(0, event)
            elif isinstance(event, TurnStarted | PlayoffStarted) and throws:
                break
        return throws, end

    def table(self) -> list[Look]:
        throws, _ = self.last_turn()
        if not throws:
            return []
        earlier = [face for throw in throws[:-1] for face in throw.result.blocked]
        return throw_looks(throws[-1].result, earlier)

    def looks(self, state: DesBloquesState) -> list[Look]:
        looks = self.table()
        if not state.throws:  # the last turn, all blocked, stays until the next throw
            return [Look(look.face, "locked", "bloqué", "$error") for look in looks]
        return looks

    def status_parts(self, state: DesBloquesState, seat: int) -> list[Content | str]:
        parts: list[Content | str] = [
            Content.assemble(("Score ", "bold"), (str(state.scores[seat]), "bold"))
        ]
        if state.throws:
            parts.append(f"lancer {state.throws}")
        if state.seats == 1 and (best := self.solo_best()) is not None:
            parts.append(f"record {best}")
        elif state.seats > 1 and not state.playoff:
            best = max(state.scores)
            if state.scores[seat] < best:
                parts.append(f"en tête : {best}")
        return parts

    def solo_best(self) -> int | None:
        """A solo player's best total so far (a score to beat), read once."""
        if self._record is None:
            profile = self.match.seats[0].profile
            best = None
            if self.match.state.seats == 1 and profile:
                best = self.app.records.record(
                    profile, self.match.game.info.id, before=self.match_id
                ).best
            self._record = (best,)
        return self._record[0]

    def value(self, state: DesBloquesState) -> Content:
        if not state.throws:
            _, end = self.last_turn()
            return self.verdict(end) if end else Content("")
        result, (throws, _) = state.last_throw, self.last_turn()
        style = "bold $error" if result.blocked else "bold $success"
        lost = f" ; {throws[-1].lost} perdus" if throws and throws[-1].lost else ""
        return Content.styled(f"{self.app.glyphs.turn} {result.label}{lost}", style)

    @staticmethod
    def verdict(end: TurnEnded) -> Content:
        return Content.styled(end.describe(), "bold $success" if end.points else "bold")

    def advice(self, state: DesBloquesState) -> list[Content]:
        if state.phase == OVER:
            return [Content(self.match.outcome().summary)]
        name = state.players[state.current]
        lines = []
        if not state.throws:
            if not self.decides_here(state):
                lines.append(Content(self.waiting_text(state)))
            elif state.seats == 1:
                lines.append(Content("À toi : lance les cinq dés (l)."))
            else:
                lines.append(Content.assemble((name, "bold"), ", lance les cinq dés (l)."))
        else:
            free = f"{plural(state.active, 'dé')} libre{'s' * (state.active > 1)}"
            lines.append(
                Content.assemble(
                    ("Points du tour : ", "bold"), (str(state.turn_total), "bold"), f" · {free}"
                )
            )
        chance = percent(clean_chance(state.active))
        lines.append(
            Content.styled(
                f"Prochain lancer : {plural(state.active, 'dé')}, {chance} sans 2 ni 5",
                "$text-muted",
            )
        )
        if state.can_stop and self.decides_here(state):
            risk = (
                f"un 2 ou un 5 coûte {state.turn_total}"
                if state.strict
                else "relancer est sans risque"
            )
            lines.append(Content(f"S'arrêter (a) → {state.stop_preview()} · {risk}"))
        elif state.auto and state.throws and self.decides_here(state):
            lines.append(
                Content.styled("Les lancers s'enchaînent : p pour la pause.", "$text-muted")
            )
        return lines

    def guide(self, state: DesBloquesState) -> Content:
        if state.strict:
            penalty = "Un 2 ou un 5 : tout le tour est perdu,"
        else:
            penalty = "Un 2 ou un 5 : ce lancer ne rapporte rien,"
        return Content(
            "Sans 2 ni 5 : le lancer rapporte sa somme.\n"
            f"{penalty}\net les 2 et les 5 restent bloqués.\n"
            "Tous les dés bloqués : fin du tour."
        )

    def turn_head(self, state: DesBloquesState) -> str:
        return "Barrage" if state.playoff else f"Tour {state.turn}/{TURNS}"

    def seat_status(self, state: DesBloquesState, seat: int) -> tuple[str, bool]:
        out = bool(state.playoff) and seat not in state.playoff
        return str(state.scores[seat]), out

    def sheet(self, state: DesBloquesState) -> SheetData:
        regular = min(state.turn, TURNS)
        rows = []
        for turn in range(max(len(records) for records in state.sheet)):
            cells = []
            for records in state.sheet:
                cells.append(str(records[turn].points) if turn < len(records) else "")
            label = f"Tour {turn + 1}" if turn < regular else f"Barr. {turn + 1 - TURNS}"
            rows.append((label, tuple(cells)))
        best = max(state.scores)
        leaders = {s for s in range(state.seats) if state.scores[s] == best} if best else set()
        target = f"{TURNS} tours · 2 et 5 bloquent"
        return SheetData(
            state.players, tuple(rows), tuple(map(str, state.scores)), frozenset(leaders), target
        )

    @staticmethod
    def record_text(best: int) -> str:
        return plural(best, "point")

    @classmethod
    def results_records(cls, app, match) -> str:
        """Ten turns alone score points, not turns: the best total is the record."""
        lines = []
        for name, record in saved_records(app, match):
            line = f"{name} : {played_text(record, wins=len(match.seats) > 1)}"
            if record.best is not None:
                line += f", record {plural(record.best, 'point')}"
            lines.append(line)
        return "\n".join(lines)

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, DiceRolled):
            return dict(enumerate(event.result.faces))
        return None

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):  # the dice blocked earlier lie beside the throw
            self.line("value", "")
            throws, _ = self.last_turn()
            at = next(i for i, t in enumerate(throws) if t is event)
            earlier = [face for throw in throws[:at] for face in throw.result.blocked]
            thrown = [Look(0) for _ in event.result.faces]
            self.paint(thrown + [Look(face, "locked", "bloqué", "$error") for face in earlier])
        await super().animate_event(event)

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            throws, _ = self.last_turn()
            at = next(i for i, t in enumerate(throws) if t is event)
            earlier = [face for throw in throws[:at] for face in throw.result.blocked]
            self.paint(throw_looks(event.result, earlier))
            result = event.result
            style = "bold $error" if result.blocked else "bold $success"
            self.line("value", Content.styled(f"{self.app.glyphs.turn} {result.label}", style))
            if event.lost:
                lost = f"Les {event.lost} points du tour sont perdus."
                self.line("advice", Content.styled(lost, "bold $error"))
            else:
                total = Content.assemble(("Points du tour : ", "bold"), str(event.turn_total))
                self.line("advice", total)
            await self.pause(0.4 if result.blocked else 0.2)
        elif isinstance(event, TurnEnded):
            self.line("value", self.verdict(event))
            self.line("advice", "")
            await self.pause(0.8)
        elif isinstance(event, PlayoffStarted):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(0.8)


SCREEN = DesBloquesScreen
