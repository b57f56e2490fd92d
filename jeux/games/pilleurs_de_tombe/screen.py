"""Les pilleurs de tombe on screen: five dice, the snakes locked red, the dice to throw again
picked by keys or clicks; then the final dice resolved one question at a time (the triple,
the 1-1-1 announcement, the torches, the power), the targets through the seat picker; beside
the dice, each explorer's way to the centre and the artifacts left in the pyramid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.cells import set_cell_size
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.engine.text import plural
from jeux.ui.aiming_screen import AimingDiceScreen
from jeux.ui.dice_screen import ROLL_COMMAND, Command, Look
from jeux.ui.widgets.score_sheet import SheetData

from .present import COMBO_EFFECTS, FACE_WORDS, LEGEND, POWER_SHORT, gains_text, path_lines
from .rules import (
    ADVANCE,
    ANNOUNCE,
    ARTIFACT,
    COMBO,
    DROPPING,
    ROLLING,
    SHARE,
    SNAKE,
    START,
    TARGETED,
    TORCH,
    Announce,
    BonusRolled,
    CombinationDeclined,
    CombinationTaken,
    Decline,
    DiceRolled,
    Drop,
    JokerSpent,
    PilleursState,
    PowerUsed,
    Roll,
    Share,
    Stop,
    Take,
    TurnEnded,
    Validated,
    artifacts_word,
    triple_of,
)


class PilleursScreen(AimingDiceScreen):
    CSS_PATH = "screen.tcss"
    AIM = "take"
    COMMANDS = (
        ROLL_COMMAND,
        Command("stop", "Valider", "v", "success"),
        Command("take", "Appliquer", "c", "warning"),
        Command("advance", "Progression", "p", "primary"),
        Command("artifact", "Artefacts", "a", "primary"),
        Command("drop", "Délester", "d", "warning"),
        Command("decline", "Refuser", "n"),
    )

    def on_mount(self) -> None:
        """The way to the centre takes the score sheet's place beside the board."""
        self.mount_side_panel("paths", "Vers le centre")

    # --- moves ------------------------------------------------------------------------

    def command_action(
        self, name: str, state: PilleursState, selection: tuple[int, ...]
    ) -> Action | None:
        phase = state.phase
        if phase == START:
            return Roll() if name == "roll" else None
        if phase == ROLLING:
            return {"roll": Roll(selection), "stop": Stop()}.get(name)
        if phase == COMBO:
            if name == "take":
                targets = state.targets(state.combo)
                return Take(targets[0]) if state.combo in TARGETED else Take()
            return Decline() if name == "decline" else None
        if phase == ANNOUNCE:
            return {"advance": Announce(ADVANCE), "artifact": Announce(ARTIFACT)}.get(name)
        if phase == SHARE:
            return {"advance": Share(True), "artifact": Share(False)}.get(name)
        if phase == DROPPING:
            return {"drop": Drop(), "decline": Decline()}.get(name)
        return None

    def dice_of(self, action: Action) -> tuple[int, ...] | None:
        if isinstance(action, Roll) and self.match.state.phase == ROLLING:
            return action.dice
        return None

    def pick_refusal(self, state: PilleursState, index: int) -> str:
        if state.phase == START:
            return "Lance d'abord les dés (l)."
        if state.phase != ROLLING:
            return "Le lancer est validé : réponds d'abord à la question."
        return state.refusal(Roll((index,)))

    def targeted(self, state: PilleursState) -> bool:
        """The triple on the table asks whom to aim at, among more than one player."""
        return (
            state.phase == COMBO and state.combo in TARGETED and len(state.targets(state.combo)) > 1
        )

    def aimed(self, state: PilleursState, seat: int) -> Action:
        return Take(seat)

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Take) and self.targeted(self.match.state):
            return ["c", str(action.target + 1)]
        return super().keys_for(action)

    # --- what is shown ----------------------------------------------------------------

    def show_state(self, state: PilleursState) -> None:
        super().show_state(state)
        self.show_paths(state)

    def seat_detail(self, state: PilleursState, seat: int, refusal: str) -> str:
        detail = f"{state.advances[seat]}/{state.target} crans · "
        detail += artifacts_word(state.artifacts[seat])
        if state.blocked[seat]:
            detail += " · bloqué·e"
        if state.joker == seat:
            detail += " · joker"
        return detail

    def picker_title(self, state: PilleursState) -> str:
        face = state.combo
        return f"{face}-{face}-{face} : {COMBO_EFFECTS[face]}. Qui ?"

    def show_paths(self, state: PilleursState) -> None:
        paths = self.query("#paths")
        if not paths:
            return
        glyphs = self.app.glyphs
        gem = "a" if self.app.settings.ascii else "◆"  # the diamond is of ambiguous width
        lines = []
        for line in path_lines(state):
            mark = glyphs.turn if line.seat == state.to_move() else " "
            name = set_cell_size(glyphs.clip(state.players[line.seat], 7), 7)
            track = glyphs.full * line.done + glyphs.empty * line.left
            lines.append(
                Content.assemble(
                    f"{mark}",
                    (name, "bold" if mark != " " else ""),
                    " ",
                    (track, "$success"),
                    f" {line.artifacts:>2}{gem} ",
                    (line.flags, "bold $error"),
                )
            )
        reserve = f"Réserve : {artifacts_word(state.reserve)}"
        lines.append(Content.styled(reserve, "bold"))
        holder = state.players[state.joker] if state.joker is not None else "en réserve"
        lines.append(Content.assemble("Joker : ", Content(glyphs.clip(holder, 18))))
        lines.append(Content.styled(f"{gem} artefact B bloqué J joker", "$text-muted"))
        widget = paths.first(Static)
        widget.border_subtitle = f"{state.target} crans"
        widget.update(Content("\n").join(lines))

    def status_parts(self, state: PilleursState, seat: int) -> list[str]:
        throws = state.throws
        parts = [f"lancer {state.throw}/{throws}" if state.throw else plural(throws, "lancer")]
        if state.was_blocked:
            parts.append("bloqué·e par un éboulement")
        if state.powers[seat]:
            parts.append(f"pouvoir : {POWER_SHORT[state.powers[seat]]}")
        return parts

    def looks(self, state: PilleursState) -> list[Look]:
        if state.phase == START:  # the last turn's last dice: validated, or a 1-1-1's bonus
            last = self.latest((Validated, BonusRolled))
            if isinstance(last, BonusRolled):
                return self.bonus_looks(last, "void")
            return [Look(f, "void", FACE_WORDS[f]) for f in last.faces] if last else []
        if state.phase == ANNOUNCE:
            return [Look(f, "void", "annulé") for f in state.faces]
        if state.phase == ROLLING:
            return [self.rolling_look(state, i, face) for i, face in enumerate(state.faces)]
        combo = [i for i, f in enumerate(state.faces) if f == state.combo][:3]
        return [
            Look(f, "selected", "triple", "bold $warning")
            if i in combo and state.phase == COMBO
            else Look(f, "kept", FACE_WORDS[f])
            for i, f in enumerate(state.faces)
        ]

    def rolling_look(self, state: PilleursState, i: int, face: int) -> Look:
        if i in self.selection:
            return Look(face, "selected", "relance", "bold $warning")
        if i not in state.rerollable() or not self.decides_here(state):
            look = "locked" if face == SNAKE else "kept"
            return Look(face, look, FACE_WORDS[face])
        return Look(face, "selectable", FACE_WORDS[face])

    def value(self, state: PilleursState) -> Content:
        phase = state.phase
        if phase == START:
            return self.verdict(self.latest(TurnEnded, since=DiceRolled))
        if phase == ROLLING:
            text = f"Valider : {gains_text(state.appraise())}"
            face = triple_of(state.faces)
            if face == SNAKE:
                text += " · triple 3 : recul !"
            elif face is not None and state.takable(face):
                text += f" · triple {face} au choix"
            return self.value_line(text)
        if phase == COMBO:
            face = state.combo
            return self.value_line(f"Triple {face} : {COMBO_EFFECTS[face]}")
        if phase == ANNOUNCE:
            return self.value_line("1-1-1 : annonce, puis relance les cinq dés")
        if phase == SHARE:
            return self.value_line("Les torches : à toi de les partager")
        if phase == DROPPING:
            return self.value_line(f"Ce tour : {gains_text(state.gains)}")
        return Content("")

    @staticmethod
    def verdict(end: TurnEnded | None) -> Content:
        if end is None:
            return Content("")
        rest = end.describe().removeprefix(end.player)
        good = (end.advances or end.artifacts) and not end.blocked
        return Content.assemble((end.player, "bold"), (rest, "$success" if good else "$warning"))

    def advice(self, state: PilleursState) -> list[Content]:
        if (waiting := self.waiting(state)) is not None:
            return waiting
        name = state.players[state.to_move()]
        phase = state.phase
        if phase == START:
            return [Content.from_markup("À toi, $name : lance les cinq dés (l).", name=name)]
        if phase == ROLLING:
            left = state.throws - state.throw
            return [
                Content("Dés à relancer : 1-5 ou clic, puis l."),
                Content(f"Ou valide (v). Encore {plural(left, 'lancer')}."),
            ]
        if phase == COMBO:
            return [
                Content(f"Appliquer (c) ; {self.rest(state)}"),
                Content(f"Refuser (n) ; dés seuls : {gains_text(state.appraise())}"),
            ]
        if phase == ANNOUNCE:
            return [
                Content("Artefacts (a) : chaque 2 rapporte un artefact."),
                Content("Progression (p) : chaque 6 avance d'un cran."),
            ]
        if phase == SHARE:
            most, least = state.shares()
            return [
                Content(f"Progression (p) : {gains_text(most)}"),
                Content(f"Artefacts (a) : {gains_text(least)}"),
            ]
        return [
            Content("Délester (d) : rends 2 artefacts, avance d'un cran."),
            Content("Refuser (n) : garde tes artefacts."),
        ]

    @staticmethod
    def rest(state: PilleursState) -> str:
        """What the two other dice give beside an applied triple."""
        if state.combo == TORCH:
            return "annonce A ou P, relance les 5 dés"
        return f"dés restants : {gains_text(state.gains_if_taken())}"

    def guide(self, state: PilleursState) -> Content:
        """The faces and triples; with the random powers, everyone's power instead of the
        triples (the rules and F1 keep them)."""
        if not any(state.powers):
            return Content(LEGEND)
        clip = self.app.glyphs.clip
        powers = Content(" · ").join(
            Content(f"{clip(name, 10)} : {POWER_SHORT[power]}")
            for name, power in zip(state.players, state.powers, strict=True)
        )
        legend = "\n".join(LEGEND.splitlines()[:3])
        return Content.assemble(legend, "\n", ("Pouvoirs", "bold"), " : ", powers)

    def turn_head(self, state: PilleursState) -> str:
        return f"Tour {state.round}"

    def seat_status(self, state: PilleursState, seat: int) -> tuple[str, bool]:
        return f"{state.advances[seat]}" + (" B" if state.blocked[seat] else ""), False

    def sheet(self, state: PilleursState) -> SheetData:
        rows = (
            ("Crans", tuple(str(a) for a in state.advances)),
            ("Artef.", tuple(str(a) for a in state.artifacts)),
        )
        winners = state.outcome().winners if state.outcome() else ()
        return SheetData(
            state.players,
            rows,
            leaders=frozenset(winners),
            target=f"Centre : {state.target} crans · réserve {state.reserve}",
        )

    @staticmethod
    def record_text(best: int) -> str:
        return artifacts_word(best)

    # --- animation --------------------------------------------------------------------

    def thrown(self, event: Event) -> Mapping[int, int] | None:
        if isinstance(event, BonusRolled):
            return dict(enumerate(event.faces))
        return super().thrown(event)

    async def show_event(self, event: Event) -> None:
        if isinstance(event, DiceRolled):
            self.paint(self.thrown_looks(event.faces))
            await self.pause(0.3)
        elif isinstance(event, BonusRolled):
            self.paint(self.bonus_looks(event, "selected"))
            self.line("value", self.value_line(event.describe()))
            await self.pause(1.0)
        elif isinstance(event, TurnEnded):
            self.line("value", self.verdict(event))
            await self.pause(0.9)
        elif isinstance(event, CombinationTaken | CombinationDeclined | JokerSpent | PowerUsed):
            self.line("advice", Content.styled(event.describe(), "bold"))
            await self.pause(0.9)

    @staticmethod
    def bonus_looks(bonus: BonusRolled, counted: str) -> list[Look]:
        """A 1-1-1's bonus roll: only the announced face counts (PIL-9)."""
        return [
            Look(f, counted, "compte", "bold $warning") if f == bonus.face else Look(f, "void", "")
            for f in bonus.faces
        ]

    @staticmethod
    def thrown_looks(faces: Sequence[int]) -> list[Look]:
        return [Look(f, "locked" if f == SNAKE else "", FACE_WORDS[f]) for f in faces]


SCREEN = PilleursScreen
