"""La Cité des Voleurs on screen: four dice where they lie, the dice to throw again picked by
keys or clicks, the combination showing and what it would do; thefts aimed through the seat
picker; beside the dice, every thief's loot tokens and the pot. The escape die of a bold
theft appears as a fifth die only when it is thrown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.engine.text import percent, plural
from jeux.ui.aiming_screen import AimingDiceScreen
from jeux.ui.dice_screen import ROLL_COMMAND, Command, Look
from jeux.ui.widgets.dice_tray import DiceTray
from jeux.ui.widgets.score_sheet import SheetData

from .present import LEGEND, LootLine, first_target, loot_lines, needs_target, table_text
from .rules import (
    AIMING,
    ANNOUNCED,
    ANNOUNCING,
    DICE,
    NO_TARGET,
    QUAD,
    ROLLING,
    START,
    STRAIGHT,
    SWAP,
    THROWS,
    TRIPLE,
    Announce,
    Announced,
    Apply,
    CiteState,
    DiceRolled,
    EscapeRolled,
    Roll,
    TokensMoved,
    TurnOver,
    odd_die,
    tokens_word,
)

ESCAPE_DIE = DICE
"""The tray's fifth place: the escape die of Délit audacieux."""


class CiteScreen(AimingDiceScreen):
    CSS_PATH = "screen.tcss"
    DICE = DICE + 1
    AIM = "apply"
    COMMANDS = (
        ROLL_COMMAND,
        Command("apply", "Appliquer", "a", "success"),
        Command("quad", "Carré", "c", "warning"),
        Command("announce", "Annoncer", "n", "error"),
    )

    def on_mount(self) -> None:
        """The thieves' loot takes the score sheet's place beside the board."""
        self.mount_side_panel("loot", "La Cité")

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: CiteState, selection: tuple[int, ...]
    ) -> Action | None:
        phase, shown = state.phase, state.shown
        if phase == START:
            return Roll() if name == "roll" else None
        if phase == ANNOUNCING:
            return Roll((odd_die(state.faces),)) if name == "roll" else None
        if phase == AIMING:
            return Apply(ANNOUNCED, first_target(state)) if name == "apply" else None
        if phase != ROLLING:
            return None
        if name == "roll":
            return Roll(selection) if state.throws_left else None
        if name == "apply" and (shown.triple is not None or shown.straight):
            combo = STRAIGHT if shown.straight else TRIPLE
            return Apply(combo, first_target(state) if needs_target(state) else NO_TARGET)
        if name == "quad" and shown.quad:
            return Apply(QUAD)
        if name == "announce" and shown.triple is not None and not shown.quad:
            return Announce() if state.throws_left else None
        return None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        if isinstance(action, Roll) and self.match.state.phase == ROLLING:
            return action.dice
        return None

    def pick_refusal(self, state: CiteState, index: int) -> str:
        if index == ESCAPE_DIE:
            return "Le dé de fuite ne sert qu'au Délit audacieux."
        if state.phase == START:
            return "Lance d'abord les dés (l)."
        return state.refusal(Roll((index,)))

    def targeted(self, state: CiteState) -> bool:
        """Applying asks whom to rob, among more than one player."""
        if len(state.targets()) < 2:
            return False
        return state.phase == AIMING or (
            state.phase == ROLLING and needs_target(state) and bool(state.applicable())
        )

    def aimed(self, state: CiteState, seat: int) -> Action:
        return Apply(self.command_action("apply", state, ()).combo, seat)

    def keys_for(self, action: Action) -> list[str]:
        state = self.match.state
        if isinstance(action, Apply) and action.combo != QUAD and self.targeted(state):
            return ["a", str(action.target + 1)]
        return super().keys_for(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows only the moves the dice allow now, and no key for the escape
        die, which is never picked (the key stays a seat's while the picker is open)."""
        if action == "pick" and parameters[0] == ESCAPE_DIE and not self.picking:
            return False
        return super().check_action(action, parameters)

    # --- what is shown ----------------------------------------------------------------

    def show_state(self, state: CiteState) -> None:
        super().show_state(state)
        escape = self.latest(EscapeRolled, since=DiceRolled) if state.phase == START else None
        self.show_escape(escape)
        self.show_loot(state.tokens, state.pot, state)

    def show_escape(self, escape: EscapeRolled | None) -> None:
        """The fifth die is there only with a bold theft's escape roll."""
        self.query_one(DiceTray).dice[ESCAPE_DIE].display = escape is not None

    @staticmethod
    def escape_look(escape: EscapeRolled) -> Look:
        if escape.caught:
            return Look(escape.face, "locked", "pris !", "bold $error")
        return Look(escape.face, "kept", "échappé", "bold $success")

    def table_looks(self, before: Event | None = None) -> list[Look]:
        """The last throw's dice, and the escape die if the turn ended with one (before
        the event `before`, while it is animated)."""
        last = self.latest(DiceRolled, before=before)
        looks = [Look(f, "void") for f in last.faces] if last else []
        escape = self.latest(EscapeRolled, since=DiceRolled, before=before)
        return looks + [self.escape_look(escape)] if escape and looks else looks

    def seat_detail(self, state: CiteState, seat: int, refusal: str) -> str:
        detail = tokens_word(state.tokens[seat])
        if state.camouflaged[seat]:
            detail += " · camouflé" + (" : le vol échouera" if not refusal else "")
        return detail

    @staticmethod
    def picker_title(state: CiteState) -> str:
        if state.phase == AIMING:
            return "Qui dépouilles-tu de tous ses jetons ?"
        if state.shown.triple == SWAP:
            return "Avec qui échanges-tu tes jetons ?"
        return "Qui voles-tu ?"

    def show_loot(self, tokens: Sequence[int], pot: int, state: CiteState) -> None:
        loot = self.query("#loot")
        if not loot:
            return
        glyphs = self.app.glyphs
        lines = []
        for line in loot_lines(tokens, state.camouflaged):
            turn = line.seat == state.to_move()
            name = glyphs.clip(state.players[line.seat], 8)
            lines.append(self.loot_line(glyphs.turn if turn else " ", name, line, turn))
        lines.append(self.loot_line(" ", "Cagnotte", loot_lines([pot], [False])[0], True))
        lines.append(Content.styled("C : camouflé, à l'abri", "$text-muted"))
        widget = loot.first(Static)
        widget.border_subtitle = f"But : {tokens_word(state.target)}"
        widget.update(Content("\n").join(lines))

    def loot_line(self, mark: str, name: str, line: LootLine, bold: bool) -> Content:
        """ "▶Lina      4 ●●●● C": a name, a count, a pip per token (12 at most)."""
        pips = self.app.glyphs.pip * line.pips + ("+" if line.more else "")
        return Content.assemble(
            mark,
            (name.ljust(8), "bold" if bold else ""),
            f" {line.tokens:>2} ",
            (pips, "$warning"),
            (" C" if line.camouflaged else "", "bold $success"),
        )

    def status_parts(self, state: CiteState, seat: int) -> list[str]:
        parts = [f"{state.tokens[seat]}/{tokens_word(state.target)}"]
        if state.throw:
            parts.append(f"lancer {state.throw}/{THROWS}")
        else:
            parts.append(plural(THROWS, "lancer"))
        if state.phase == ANNOUNCING:
            parts.append(f"carré annoncé : {plural(state.tries_left, 'essai')}")
        return parts

    def looks(self, state: CiteState) -> list[Look]:
        if state.phase == START:
            return self.table_looks()
        shown = state.shown
        looks = []
        for i, face in enumerate(state.faces):
            if state.phase == ANNOUNCING:
                odd = i == odd_die(state.faces)
                looks.append(Look(face, "" if odd else "locked", "carré ?" if odd else "bloqué"))
            elif i in self.selection:
                looks.append(Look(face, "selected", "relance", "bold $warning"))
            else:
                caption = ""
                if shown.quad:
                    caption = "carré"
                elif face == shown.triple:
                    caption = "triple"
                elif shown.straight:
                    caption = "suite"
                keyed = state.phase == ROLLING and state.throws_left and self.decides_here(state)
                looks.append(Look(face, "selectable" if keyed else "kept", caption))
        return looks

    def value_text(self, state: CiteState) -> str:
        if state.phase == AIMING:
            return f"Carré de {state.announced} réussi : ses jetons + la cagnotte"
        return table_text(state)

    def value(self, state: CiteState) -> Content:
        if state.phase == START:
            return self.verdict(self.last_word())
        return self.value_line(self.value_text(state))

    def last_word(self) -> Event | None:
        """What the last turn came to, until the next player throws."""
        for event in reversed(self.match.events):
            if isinstance(event, TokensMoved | TurnOver | EscapeRolled):
                return event
            if isinstance(event, DiceRolled):
                return None
        return None

    @staticmethod
    def verdict(event: Event | None) -> Content:
        if event is None:
            return Content("")
        good = not isinstance(event, TurnOver) and getattr(event, "good", True)
        if isinstance(event, EscapeRolled):
            good = not event.caught
        return Content.styled(event.describe(), "$success" if good else "$warning")

    def advice(self, state: CiteState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        name = state.players[state.to_move()]
        phase = state.phase
        if phase == START:
            return [Content.from_markup("À toi, $name : lance les quatre dés (l).", name=name)]
        if phase == ANNOUNCING:
            face = state.announced
            return [Content(f"Lance le quatrième dé (l) : il faut un {face}.")]
        if phase == AIMING:
            return [Content("Choisis ta victime (a) : elle perd tout.")]
        if not state.throws_left:
            return [Content("Dernier lancer : applique une combinaison (a ou c).")]
        lines = [
            Content(
                f"Relancer : 1-4 ou clic, puis l. Encore {plural(state.throws_left, 'lancer')}."
            )
        ]
        if state.applicable():
            lines.append(Content("Ou arrête-toi et applique (a ou c)."))
        elif state.shown.any:
            lines.append(Content("Personne à voler : relance, ou tour sans effet."))
        else:
            lines.append(Content("Rien au 3e lancer : 1 jeton à la cagnotte."))
        if state.may_announce():
            chance = percent(state.announce_chance())
            lines[-1] = Content(f"Ou applique (a), ou tente le carré (n) : {chance}.")
        return lines

    def guide(self, state: CiteState) -> Content:
        return Content(LEGEND)

    def turn_head(self, state: CiteState) -> str:
        return f"Tour {state.round}"

    def seat_status(self, state: CiteState, seat: int) -> tuple[str, bool]:
        return str(state.tokens[seat]) + (" C" if state.camouflaged[seat] else ""), False

    def sheet(self, state: CiteState) -> SheetData:
        rows = (("Jetons", tuple(str(t) for t in state.tokens)),)
        return SheetData(
            state.players,
            rows,
            leaders=frozenset(state.winners),
            target=f"But : {tokens_word(state.target)} · cagnotte {state.pot}",
        )

    @staticmethod
    def record_text(best: int) -> str:
        return tokens_word(best) if best else ""

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, EscapeRolled):
            return {ESCAPE_DIE: event.face}
        return super().thrown(event)

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, EscapeRolled | DiceRolled):  # a new throw puts it away
            self.show_escape(event if isinstance(event, EscapeRolled) else None)
        await super().animate_event(event)

    async def show_event(self, event: Event) -> None:
        state = self.match.state
        if isinstance(event, DiceRolled):
            self.paint([Look(f) for f in event.faces] + [Look(0, "void")])
            await self.pause(0.3)
        elif isinstance(event, Announced):
            self.line("value", self.value_line(event.describe()))
            await self.pause(0.9)
        elif isinstance(event, TokensMoved | EscapeRolled):
            if isinstance(event, EscapeRolled):
                self.paint(self.table_looks(event)[:DICE] + [self.escape_look(event)])
            self.line("value", self.verdict(event))
            self.show_loot(event.tokens, event.pot, state)
            await self.pause(1.2)
        elif isinstance(event, TurnOver):
            self.line("value", self.verdict(event))
            await self.pause(1.2)


SCREEN = CiteScreen
