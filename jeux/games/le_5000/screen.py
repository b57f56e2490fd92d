"""Le 5000 on screen: five dice, the scoring ones marked, the value of the dice picked, the
turn total, what rerolling risks and what banking gives, the 750 opening and the target."""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding
from textual.content import Content

from jeux.engine.core import Action, Event
from jeux.engine.text import number, percent, plural
from jeux.ui.dice_screen import ROLL_COMMAND, Command, DiceScreen, Look
from jeux.ui.widgets.score_sheet import SheetData

from .rules import (
    CHOOSE,
    DICE,
    EXACT,
    LAST_TURN,
    LAST_TURN_SPAN,
    NOTE_BALLOT,
    NOTE_BUST,
    NOTE_CAPPED,
    NOTE_FIVE_ONES,
    NOTE_OVERSHOOT,
    OPENING,
    OVER,
    ROLL,
    Bank,
    Banked,
    Busted,
    DiceKept,
    DiceRolled,
    FiveOnes,
    Le5000State,
    Roll,
    TargetReached,
    bust_chance,
    target_met,
)

SHEET_NOTES = {
    NOTE_BALLOT: "ballot",
    NOTE_BUST: "0",
    NOTE_OVERSHOOT: "trop",
    NOTE_FIVE_ONES: "5×1 !",
}
"""Cells of the score sheet for the turns that scored nothing (or won at once)."""

# Looks of a die on the table, told by border and caption as well as colour.
SCORING = Look(0, "selectable", "marque", "$success")
PICKED = Look(0, "selected", "garder", "bold $warning")
ASIDE = Look(0, "kept", "gardé", "$primary")
LOST = Look(0, "locked", "perdu", "$error")
WON = Look(0, "selected", "1 !", "bold $success")
PLAIN = Look(0)
VOID = Look(0, "void")
LEGEND = (
    "1 : 100 · 5 : 50 · brelan : 100 × la face\n"
    "(1 1 1 : 1 000) · suite : 500{four}\n"
    "cinq 5 : 5 000 · cinq 1 : partie gagnée"
)


def dice_word(count: int) -> str:
    return plural(count, "dé")


def table(faces: tuple[int, ...], look: Look, aside: tuple[int, ...] = ()) -> list[Look]:
    """A throw shown in one look, then the dice set aside beside it."""
    return [look._replace(face=f) for f in faces] + [ASIDE._replace(face=f) for f in aside]


class Le5000Screen(DiceScreen):
    CSS_PATH = "screen.tcss"
    CAPTION_CELLS = 9
    BINDINGS = [Binding("t", "best", "Meilleur")]
    COMMANDS = (
        ROLL_COMMAND,
        Command("bank", "Marquer", "a", "success", ("m",)),
    )

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: Le5000State, selection: tuple[int, ...]
    ) -> Action | None:
        if state.phase == OVER:
            return None
        keep = selection if state.phase == CHOOSE else ()
        return Roll(keep) if name == "roll" else Bank(keep)

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        return action.keep if isinstance(action, Roll | Bank) else None

    def pick_refusal(self, state: Le5000State, index: int) -> str:
        if state.phase != CHOOSE:
            return "Lance d'abord les dés (l)."
        return state.refusal(Roll((index,)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "best":  # offered to the player who decides, never during a robot's turn
            return self.decides_here()
        return super().check_action(action, parameters)

    def action_best(self) -> None:
        """Pick the most valuable set-aside (or drop it if it is already picked)."""
        if (state := self.selecting()) is None:
            return
        if state.phase != CHOOSE:
            self.app.say("Lance d'abord les dés (l).", "warning")
            return
        self.sync_selection()
        best = state.best_keep()
        self.selection = () if self.selection == best else best
        if not self.busy:
            self.render_state()

    # --- what is shown ----------------------------------------------------------------

    def status(self, state: Le5000State) -> Content:
        seat = state.current
        parts = [
            Content.assemble(("Score ", "bold"), (number(state.scores[seat]), "bold $accent")),
            Content(f" / {number(state.target)}"),
        ]
        if not state.opened[seat]:
            parts.append(Content(f" · à ouvrir ({OPENING})"))
        if state.solo and (best := self.personal_best()) is not None:
            parts.append(Content(f" · record {plural(best, 'tour')}"))
        elif state.last_round:
            parts.append(Content.styled(" · dernier tour", "bold $warning"))
        return Content.assemble(*parts)

    def looks(self, state: Le5000State) -> list[Look]:
        if state.phase == CHOOSE:
            keepable = state.keepable
            looks = [
                (PICKED if i in self.selection else SCORING if i in keepable else PLAIN)._replace(
                    face=face
                )
                for i, face in enumerate(state.faces)
            ]
            return looks + table((), PLAIN, state.resting)
        throw = self.latest(DiceRolled)  # the last turn's dice stay until the next throw
        if throw is None:
            return []
        if self.latest(FiveOnes, since=DiceRolled):
            return table(throw.faces, WON)
        if self.latest(Busted, since=DiceRolled):
            return table(throw.faces, LOST, throw.aside)
        banked = self.latest(DiceKept, since=DiceRolled)
        chosen = banked.dice if banked else ()
        looks = [
            (ASIDE if i in chosen else VOID)._replace(face=f) for i, f in enumerate(throw.faces)
        ]
        return looks + table((), PLAIN, throw.aside)

    def value(self, state: Le5000State) -> Content:
        if state.phase != CHOOSE:
            return self.verdict()
        chosen = state.selection_value(self.selection) if self.selection else None
        if chosen is not None:
            return self.value_line(chosen.text)
        if self.selection:
            return Content.styled("Ces dés ne marquent pas tous.", "bold $warning")
        if self.decides_here(state):
            keys = "1" if len(state.faces) == 1 else f"1-{len(state.faces)}"
            return Content(f"Garde des dés qui marquent : {keys} ou t")
        return Content.assemble((state.players[state.current], "bold"), " choisit…")

    def verdict(self) -> Content:
        """How the last turn ended, with its dice, until the next player throws."""
        end = self.latest((Banked, Busted, FiveOnes), since=DiceRolled)
        if end is None:
            return Content("")
        if isinstance(end, Busted):
            text = Content.styled(end.describe(), "bold $error")
        elif isinstance(end, Banked) and end.note == NOTE_OVERSHOOT:
            text = Content.styled(end.describe(), "bold $warning")
        else:
            text = Content.styled(end.describe(), "bold $success")
        reached = self.latest(TargetReached, since=DiceRolled)
        if reached is not None:  # short: the log has the whole sentence
            more = " Les autres finissent le tour de table." if reached.round_finishes else ""
            text += Content.styled(f" Objectif atteint !{more}", "bold $accent")
        return text

    def advice(self, state: Le5000State) -> list[Content]:
        if state.phase == OVER:
            return []
        name = state.players[state.current]
        human = self.decides_here(state)
        if state.phase == ROLL:
            if not human:
                prompt = Content(self.waiting_text(state))
            elif state.solo:
                prompt = Content("À toi : lance les cinq dés (l).")
            else:
                prompt = Content.assemble((name, "bold"), ", lance les cinq dés (l).")
            ballot = Content(f"Lancer : {percent(bust_chance(DICE))} de ballot")
            return [prompt, ballot, self.opening_text(state)]
        chosen = state.selection_value(self.selection) if self.selection else None
        line = Content.assemble(("Tour : ", "bold"), number(state.turn_total))
        if chosen is None:
            best = state.selection_value(state.best_keep())
            hint = f"Meilleur choix (t) : {best.text}" if best and human else ""
            return [line, Content(hint), self.opening_text(state)]
        after = state.turn_total + chosen.points
        line += Content.assemble(f" + {number(chosen.points)} = ", (number(after), "bold"))
        left = state.dice_to_throw(self.selection)
        risk = percent(bust_chance(left))
        if left == DICE:
            roll = Content(f"Les 5 dés reviennent : {risk} de tout perdre")
        else:
            roll = Content(f"Relancer {dice_word(left)} : {risk} de tout perdre")
        return [line, roll, self.bank_text(state)]

    def opening_text(self, state: Le5000State) -> Content:
        missing = state.opening_missing()
        if not missing:
            return Content("")
        return Content(f"Ouverture : {OPENING} dans le tour (encore {number(missing)})")

    def bank_text(self, state: Le5000State) -> Content:
        if not state.can_bank(self.selection):
            missing = number(state.opening_missing(self.selection))
            return Content(f"Ouverture : il manque {missing} pour marquer")
        total, note = state.bank_preview(self.selection)
        if note == NOTE_OVERSHOOT:
            return Content.styled(
                f"Marquer dépasserait {number(state.target)} : tour perdu", "$warning"
            )
        arrow = "->" if self.app.settings.ascii else "→"
        text = f"Marquer {arrow} {number(total)}"
        if note == NOTE_CAPPED:
            text += f" (plafonné : {number(state.target)} d'un coup)"
        elif target_met(total, state.target, state.finish):
            return Content.styled(f"{text} : objectif atteint !", "bold $success")
        return Content(text)

    def guide(self, state: Le5000State) -> Content:
        four = " · carré : 2× brelan" if state.four_double else ""
        return Content(LEGEND.format(four=four))

    def turn_head(self, state: Le5000State) -> str:
        turn = f"Tour {state.race.round}"
        if state.turn_limit:
            turn += f"/{state.turn_limit}"
        return turn

    def seat_status(self, state: Le5000State, seat: int) -> tuple[str, bool]:
        return number(state.scores[seat]), False

    def sheet(self, state: Le5000State) -> SheetData:
        def cell(mark) -> str:
            if mark.note in SHEET_NOTES:
                return SHEET_NOTES[mark.note]
            return number(mark.points) + ("*" if mark.note == NOTE_CAPPED else "")

        return self.race_sheet(state.race, cell, number, self.target_text(state))

    @staticmethod
    def target_text(state: Le5000State) -> str:
        text = f"Objectif {number(state.target)}"
        if state.finish == EXACT:
            text += " pile"
        elif state.finish == LAST_TURN:
            text += f" · {number(LAST_TURN_SPAN)} d'un coup"
        if state.solo:
            text = text.replace("Objectif ", "") + " en un minimum de tours"
        if state.four_double:
            text += " · carrés ×2"
        return text

    @staticmethod
    def record_text(best: int) -> str:
        return f"{number(best)} points"

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, DiceRolled):
            self.paint(table((0,) * len(event.faces), PLAIN, event.aside))
            return dict(enumerate(event.faces))
        return None

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceKept):
            throw = self.latest(DiceRolled, before=event)
            kept = [
                (ASIDE if i in event.dice else PLAIN)._replace(face=face)
                for i, face in enumerate(throw.faces)
            ]
            self.paint(kept + table((), PLAIN, throw.aside))
            await self.pause(0.3)
        elif isinstance(event, Busted):
            throw = self.latest(DiceRolled, before=event)
            self.paint(table(event.faces, LOST, throw.aside))
            self.line("value", Content.styled(event.describe(), "bold $error"))
            await self.pause(1.0)
        elif isinstance(event, Banked):
            target = number(self.match.state.target)
            style = "bold $warning" if event.note == NOTE_OVERSHOOT else "bold $success"
            self.line("value", Content.styled(event.describe(), style))
            if event.gained:
                start = event.total - event.gained

                def show(score: int) -> None:
                    score_text = Content.styled(number(score), "bold $accent")
                    self.line("status", Content.assemble("Score ", score_text, f" / {target}"))

                await self.count_up(start, event.total, show)
            await self.pause(0.6)
        elif isinstance(event, FiveOnes):
            self.paint(table((1,) * DICE, WON))
            self.line("value", Content.styled(event.describe(), "bold $success"))
            self.add_class("-five-ones")
            await self.pause(1.2)
            self.remove_class("-five-ones")


SCREEN = Le5000Screen
