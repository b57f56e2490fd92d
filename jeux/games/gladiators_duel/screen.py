"""Gladiator's Duel on screen: both life bars, the two pairs of dice side by side with the
role of each die under it, and on a double the three stances; a double's Tactics rerolls the
die picked (keys 1–4 or a click). Secret picks stay off the other seat's board."""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.engine.text import de
from jeux.ui.dice_screen import ROLL_COMMAND, Command, DiceScreen, Look
from jeux.ui.widgets.score_sheet import SheetData

from .present import STANCE_CAPTIONS, bar_cells, blow_captions, blows_line, stance_lines
from .rules import (
    FURIOUS,
    OPEN,
    OVER,
    ROLL,
    SECRET,
    STANCE_NAMES,
    TACTIC_ATTACK,
    TACTIC_DEFENCE,
    TOTAL,
    Blows,
    Choose,
    DiceRolled,
    DuelState,
    GameOver,
    Rematch,
    Rerolled,
    Roll,
    SecretChosen,
    StanceChosen,
    StancesRevealed,
)

NAME_CELLS = 12
"""Columns of a name beside its life bar."""


def centred(text: str, cells: int) -> str:
    """`text` centred in `cells` terminal cells (a wide letter counts two)."""
    left = (cells - cell_len(text)) // 2
    return set_cell_size(" " * left + text, cells)


class GladiatorScreen(DiceScreen):
    CSS_PATH = "screen.tcss"
    DICE = 4
    COMMANDS = (
        ROLL_COMMAND,
        Command("furious", "Furie", "f", "error"),
        Command("total", "Défense", "d", "primary"),
        Command("tactic", "Tactique", "t", "warning"),
    )

    def compose_board(self) -> ComposeResult:
        yield Static(id="life")
        yield from super().compose_board()

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: DuelState, selection: tuple[int, ...]
    ) -> Action | None:
        if name == "roll":
            return Roll() if state.phase == ROLL else None
        if state.phase not in (OPEN, SECRET):
            return None
        if name == "furious":
            return Choose(FURIOUS)
        if name == "total":
            return Choose(TOTAL)
        seat = state.to_move()
        if selection == (2 * seat,):
            return Choose(TACTIC_ATTACK)
        if selection == (2 * seat + 1,):
            return Choose(TACTIC_DEFENCE)
        return None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        if isinstance(action, Choose) and action.stance in (TACTIC_ATTACK, TACTIC_DEFENCE):
            die = 0 if action.stance == TACTIC_ATTACK else 1
            return (2 * self.match.state.to_move() + die,)
        return None

    def default_selection(self, state: DuelState) -> tuple[int, ...]:
        """On a double, Tactics rerolls the attack die unless another is picked."""
        return (2 * state.to_move(),) if state.phase in (OPEN, SECRET) else ()

    def action_pick(self, index: int) -> None:
        """Tactics rerolls one die: picking the other moves the pick rather than refusing."""
        if not self.busy and index in self.pickable(self.match.state):
            self.sync_selection()
            if self.selection and index not in self.selection:
                self.selection = ()
        super().action_pick(index)

    def pick_refusal(self, state: DuelState, index: int) -> str:
        if state.phase == ROLL:
            return "Lance d'abord les dés (l)."
        return "Seuls tes propres dés peuvent être relancés par Tactique."

    def command_offered(self, name: str, state: DuelState) -> bool:
        if name == "tactic" and state.phase in (OPEN, SECRET):
            return True  # with no die picked the key says which to pick
        return super().command_offered(name, state)

    def action_command(self, name: str) -> None:
        state = self.match.state
        if name == "tactic" and not self.busy and self.decides_here(state):
            self.sync_selection()
            if self.command_action(name, state, self.selection) is None:
                self.app.say("Choisis d'abord le dé à relancer (1 à 4, ou clic).", "warning")
                return
        super().action_command(name)

    # --- what is shown ----------------------------------------------------------------

    def show_state(self, state: DuelState) -> None:
        self.show_life(state.hp)
        super().show_state(state)

    def show_life(self, hp) -> None:
        state = self.match.state
        glyphs = self.app.glyphs
        lines = []
        for seat, name in enumerate(state.players):
            filled, width = bar_cells(hp[seat], state.max_hp)
            danger = hp[seat] * 4 <= state.max_hp
            lines.append(
                Content.assemble(
                    (set_cell_size(glyphs.clip(name, NAME_CELLS), NAME_CELLS), "bold"),
                    " ",
                    (
                        glyphs.full * filled + glyphs.empty * (width - filled),
                        "bold $error" if danger else "bold $success",
                    ),
                    f" {max(0, hp[seat])}/{state.max_hp} PV",
                )
            )
        self.line("life", Content("\n").join(lines))

    def status(self, state: DuelState) -> Content:
        """Each gladiator's name over its pair of dice."""
        cells = 2 * self.CAPTION_CELLS
        glyphs = self.app.glyphs
        return (
            Content("")
            .join(
                Content.styled(centred(glyphs.clip(name, cells - 2), cells), "bold")
                for name in state.players
            )
            .rstrip()
        )

    def looks(self, state: DuelState) -> list[Look]:
        if not state.dice:
            return [Look(0, "void")] * self.DICE
        blows = self.latest(Blows, since=DiceRolled)
        looks = []
        for seat, pair in enumerate(state.dice):
            if blows is not None:
                captions = blow_captions(blows, seat)
                looks += [
                    Look(f, "void" if state.phase == ROLL else "", c)
                    for f, c in zip(pair, captions, strict=True)
                ]
            elif state.doubles[seat]:
                looks += self.double_looks(state, seat, pair)
            else:
                looks += [Look(pair[0], "", "attaque"), Look(pair[1], "", "défense")]
        return looks

    def double_looks(self, state: DuelState, seat: int, pair) -> list[Look]:
        """A double waiting for its stance: its owner, on screen, picks the Tactics die."""
        picking = seat == state.to_move() and self.decides_here(state)
        looks = []
        for die, face in enumerate(pair):
            index = 2 * seat + die
            if picking and index in self.selection:
                looks.append(Look(face, "selected", "relance ?", "bold $warning"))
            elif picking:
                looks.append(Look(face, "selectable", "double", "bold $success"))
            else:
                looks.append(Look(face, "kept", "double", "bold $accent"))
        return looks

    def value(self, state: DuelState) -> Content:
        blows = self.latest(Blows, since=DiceRolled)
        if blows is not None:
            return Content.styled(blows_line(blows), "bold")
        if state.phase == OPEN:
            name = state.players[state.to_move()]
            return Content.styled(f"Double {de(name)} !", "bold $accent")
        if state.phase == SECRET:
            return self.secret_line(state)
        return Content("")

    def secret_line(self, state: DuelState) -> Content:
        """Two doubles: who has picked, and this seat's own pick (never the other's; a
        replay shows every pick)."""
        text = Content.styled("Deux doubles : choix secrets.", "bold $accent")
        seat = self.shown_seat
        if self.sees_all:
            for picker, sealed in sorted(state.sealed.items()):
                text += Content.from_markup(
                    " $name a choisi : $stance.",
                    name=state.players[picker],
                    stance=STANCE_NAMES[sealed.stance],
                )
        elif seat is not None and seat in state.sealed:
            mine = STANCE_NAMES[state.sealed[seat].stance]
            text += Content(f" Ton choix : {mine}.")
        elif state.chosen:
            text += Content.from_markup(" $name a choisi.", name=state.players[state.chosen[0]])
        return text

    def advice(self, state: DuelState) -> list[Content]:
        seat = state.to_move()
        if seat is None:
            return [Content(self.match.outcome().summary)]
        name = state.players[seat]
        if not self.decides_here(state):
            doing = "lance les dés" if state.phase == ROLL else "choisit"
            return [Content.from_markup(f"$name {doing}…", name=name)]
        if state.phase == ROLL:
            return [Content.from_markup("À toi, $name : lance les quatre dés (l).", name=name)]
        attack_die, defence_die = state.dice[seat]
        lines = stance_lines(attack_die, defence_die, state.heal(seat))
        return [Content(line) for line in lines]

    def guide(self, state: DuelState) -> Content:
        if state.phase in (OPEN, SECRET) and self.decides_here(state):
            return Content("Tactique : 1 à 4 ou clic, dé à relancer.")
        if state.phase == ROLL:
            return Content("Grand dé : attaque. Petit dé : défense.")
        return Content("")

    def turn_text(self, state: DuelState) -> str:
        if state.phase == OVER:
            return "Partie terminée"
        if state.phase == SECRET:
            return f"Manche {state.round} · Choix secret {de(state.players[state.to_move()])}"
        if state.phase == OPEN:
            return f"Manche {state.round} · Double {de(state.players[state.to_move()])}"
        return f"Manche {state.round} · {state.players[state.roller]} lance les dés"

    def seat_status(self, state: DuelState, seat: int) -> tuple[str, bool]:
        return f"{max(0, state.hp[seat])} PV", state.hp[seat] <= 0

    def sheet(self, state: DuelState) -> SheetData:
        """One row per round: each gladiator's change of life points."""
        rows = []
        for n, blows in enumerate(e for e in self.match.events if isinstance(e, Blows)):
            cells = tuple(
                f"{blows.healed[s] - blows.lost[s]:+d}" if blows.healed[s] or blows.lost[s] else "0"
                for s in (0, 1)
            )
            rows.append((f"M{n + 1}", cells))
        totals = tuple(f"{max(0, hp)} PV" for hp in state.hp)
        ahead = max(state.hp)
        leaders = frozenset(s for s in (0, 1) if state.hp[s] == ahead)
        return SheetData(state.players, tuple(rows), totals, leaders, f"Départ : {state.max_hp} PV")

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, DiceRolled):
            return {2 * s + d: event.dice[s][d] for s in (0, 1) for d in (0, 1)}
        if isinstance(event, Rerolled):
            return {2 * event.seat + event.die: event.face}
        return None

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            looks = []
            for a, d in event.dice:
                if a == d:
                    looks += [Look(a, "kept", "double", "bold $accent")] * 2
                else:
                    looks += [Look(a, "", "attaque"), Look(d, "", "défense")]
            self.paint(looks)
            await self.pause(0.4)
        elif isinstance(event, StanceChosen | StancesRevealed):
            self.paint(self.stance_looks(event))
            self.line("value", Content.styled(event.describe(), "bold $accent"))
            await self.pause(1.2 if isinstance(event, StancesRevealed) else 0.6)
        elif isinstance(event, SecretChosen):
            self.line("value", Content.styled(event.describe(), "bold $accent"))
            await self.pause(0.6)
        elif isinstance(event, Rematch):
            self.show_life((event.hp, event.hp))
            self.line("value", Content.styled(event.describe(), "bold $accent"))
            await self.pause(1.2)
        elif isinstance(event, Blows):
            self.show_life(event.hp)
            self.line("value", Content.styled(blows_line(event), "bold"))
            await self.pause(0.9)
        elif isinstance(event, GameOver):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(0.6)

    def stance_looks(self, event: StanceChosen | StancesRevealed) -> list[Look]:
        """The thrown dice with the role each stance gives them, once the stances are known."""
        throw = self.latest(DiceRolled, before=event)
        if isinstance(event, StancesRevealed):
            stances = event.stances
        else:
            stances = tuple(event.stance if s == event.seat else None for s in (0, 1))
        looks = []
        for pair, stance in zip(throw.dice, stances, strict=True):
            look, style = ("kept", "bold $accent") if stance else ("", "")
            captions = STANCE_CAPTIONS[stance]
            looks += [Look(f, look, c, style) for f, c in zip(pair, captions, strict=True)]
        return looks


SCREEN = GladiatorScreen
