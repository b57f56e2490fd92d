"""Le Signal on screen: one big d20 beside its table, the three lines of a scene, the lucidity
of Le Sixième Signe, and the journals of past sessions to reread and export."""

from __future__ import annotations

import random
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from jeux.engine.core import Action, Event
from jeux.engine.journal import JournalSection
from jeux.engine.match import Match, ReplayError
from jeux.engine.text import plural
from jeux.store.records import SavedMatch
from jeux.ui.game_screen import GameScreen
from jeux.ui.launch import ExtraStart
from jeux.ui.screens.around.journals import JournalsScreen as BaseJournals
from jeux.ui.screens.around.journals import when_text
from jeux.ui.screens.confirm import NoteScreen
from jeux.ui.widgets.die import Die
from jeux.ui.widgets.footer import KeysFooter
from jeux.ui.widgets.game_field import GameField
from jeux.ui.widgets.gauge import Gauge
from jeux.ui.widgets.score_sheet import SheetData

from .game import GAME
from .rules import (
    BANDS,
    CHALLENGE,
    CONSEQUENCE,
    CRITICAL_LIMIT,
    ENDING_LABELS,
    FREE,
    LUCIDITY_MAX,
    REVELATIONS_TO_WIN,
    SCENE,
    SIXTH_SIGN,
    TEXT_LIMIT,
    WON,
    Band,
    Conclude,
    Decided,
    EndSession,
    MindChanged,
    Roll,
    SessionEnded,
    SignalRolled,
    SignalState,
    band_of,
    draw_prompt,
    ending_text,
    journal_sections,
    mode_text,
)

BAND_STYLES = {
    "critique": "$error",
    "partiel": "$warning",
    "mitigee": "$foreground",
    "belle": "$success",
    "genie": "$primary-lighten-2",  # $accent looks like $warning in several themes
}
FIELDS = ("event", "action", "consequence")


# --- the game screen ----------------------------------------------------------------------


class LeSignalScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("l", "roll", "Lancer"),
        Binding("l", "next", "Suite"),
        Binding("space", "roll", "Lancer", show=False),
        Binding("space", "next", "Suite", show=False),
        Binding("e", "field('event')", "Événement"),
        Binding("a", "field('action')", "Action"),
        Binding("i", "idea", "Idée"),
        Binding("c", "field('consequence')", "Conséquence"),
        Binding("f", "end", "Ranger"),
        Binding("j", "journals", "Journaux", show=False),  # its button says it; room for u
    ]

    def __init__(self, match: Match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.ideas = random.Random(f"{match.seed}:idées")
        """The prompt deck's own rng: drawing an idea never touches the match's dice."""
        self.ideas_shown: list[str] = []
        self.fields_scene = 0
        """The scene whose drafts the fields hold; a new scene starts with empty fields."""

    def compose_board(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="meters"):
            yield Gauge(id="gauge")
            yield Static(id="meter-extra")
        yield Static(id="mind")
        with Horizontal(id="roll-row"):
            yield Die(20, big=True, id="d20")
            yield Static(id="bands")
        yield Static(id="verdict")
        yield Static(id="hint")
        with Vertical(id="fields"):
            for name, label, placeholder in (
                ("event", "Événement (e)", "ce que tu remarques (facultatif)"),
                ("action", "Action (a)", "ce que tu tentes (facultatif)"),
                ("consequence", "Suite (c)", "la suite, après le jet"),
            ):
                with Horizontal(classes="field-row"):
                    yield Static(label, id=f"{name}-label", classes="field-label")
                    yield GameField(
                        placeholder=placeholder, id=name, max_length=TEXT_LIMIT, compact=True
                    )
                    if name == "event":
                        yield Button("Idée (i)", id="idea", compact=True)
        with Horizontal(id="buttons"):
            yield Button("Lancer (l)", id="roll", variant="primary", compact=True)
            yield Button("Ranger (f)", id="end", compact=True)
            yield Button("Journaux (j)", id="journals", compact=True)

    def footer(self) -> KeysFooter:
        # Every key of a scene fits on one line at 80 columns.
        return KeysFooter(compact=True, show_command_palette=False)

    def field(self, name: str) -> Input:
        return self.query_one(f"#{name}", Input)

    # --- rendering ---------------------------------------------------------------

    def show_state(self, state: SignalState) -> None:
        """All from the state, never from the roll's animation: a resume and a replay show
        the die as it lies, the last face thrown, marked on its table while its scene is told
        (its consequence to write, or the session's end)."""
        self.show_status(state)
        self.show_meters(state)
        last = state.journal[-1] if state.journal else None
        told = last if state.phase != SCENE else None
        die = self.query_one("#d20", Die)
        die.value = state.die or 0
        die.caption = "d20"
        self.mark_band(die, told.band if told else None)
        self.show_bands(told.band if told else None)
        if told:
            self.show_verdict(told.face, told.band, told.mental)
        else:
            self.show_waiting(state)
        self.show_hint(state)
        self.show_fields(state)
        roll = self.query_one("#roll", Button)
        roll.label = "Lancer (l)" if state.phase == SCENE else "Suite (l)"
        self.query_one("#idea", Button).display = state.phase == SCENE
        self.query_one("#end", Button).display = state.mode != CHALLENGE
        self.query_one("#end", Button).disabled = not state.can_end
        self.refresh_bindings()

    def show_status(self, state: SignalState) -> None:
        if state.mode == CHALLENGE:
            where = f"Événement {min(state.scene, state.challenge_length)} sur "
            where += str(state.challenge_length)
        else:
            where = f"Scène {max(state.scene, 1)}"
        status = Content.assemble((where, "bold"), f" · thème {state.theme_info.label}")
        self.query_one("#status", Static).update(status)

    def show_meters(self, state: SignalState) -> None:
        mode, lucidity, revelations = state.mode, state.lucidity, state.revelations
        meters = self.query_one("#meters")
        mind = self.query_one("#mind", Static)
        meters.display = mode != FREE
        mind.display = mode == SIXTH_SIGN
        gauge = self.query_one("#gauge", Gauge)
        extra = self.query_one("#meter-extra", Static)
        if mode == CHALLENGE:
            gauge.show("Échecs critiques", state.criticals, CRITICAL_LIMIT, state.criticals >= 2)
            left = state.events_left
            extra.update(
                Content(f"  encore {plural(left, 'événement')}" if left else "  dernier franchi")
            )
        elif mode == SIXTH_SIGN:
            gauge.show("Lucidité", lucidity, LUCIDITY_MAX, lucidity <= 1)
            star = self.app.glyphs.star
            stars = star * revelations + "·" * max(0, REVELATIONS_TO_WIN - revelations)
            extra.update(
                Content.assemble("  Révélations ", (stars, "bold $accent"), f" {revelations}/2")
            )
            mind.update(
                Content.assemble(
                    ("Ébranlé·e : ", "bold"),
                    ("oui", "bold $warning") if state.shaken else ("non", "$text-muted"),
                    ("   Clarté : ", "bold"),
                    ("oui", "bold $success") if state.shield else ("non", "$text-muted"),
                )
            )

    def show_bands(self, current: Band | None) -> None:
        """The d20 table beside the die, the row of the face shown marked by text and style;
        in Le Sixième Signe each row says its effect on the mind as well."""
        marker = self.app.glyphs.turn
        state = self.match.state
        mind = state.mode == SIXTH_SIGN
        lines = []
        for band in BANDS:
            here = current is not None and band.key == current.key
            style = f"bold reverse {BAND_STYLES[band.key]}" if here else BAND_STYLES[band.key]
            lines.append(
                Content.assemble(
                    (f"{marker if here else ' '} ", "bold"),
                    (f"{band.faces:<6}", style),
                    (state.mind_effect(band) if mind else band.label, style),
                )
            )
        self.query_one("#bands", Static).update(Content("\n").join(lines))

    def show_verdict(self, face: int, band: Band, mental: str = "") -> None:
        style = f"bold {BAND_STYLES[band.key]}"
        lines = [
            Content.assemble((f"{face} → {band.label.upper()}", style)),
            Content(band.meaning[0].upper() + band.meaning[1:] + "."),
        ]
        if mental:
            detail = mental
            if mental == band.mental_label:
                detail += f" — {band.mental_meaning}"
            lines.append(Content.assemble(("Esprit : ", "bold"), detail))
        self.query_one("#verdict", Static).update(Content("\n").join(lines))

    def show_waiting(self, state: SignalState) -> None:
        if state.mode == CHALLENGE:
            ask = f"Événement {min(state.scene, state.challenge_length)} : que se passe-t-il ?"
        else:
            ask = f"Scène {state.scene} : que remarques-tu autour de toi ?"
        lines = [Content.styled(ask, "bold")]
        if state.journal:
            last = state.journal[-1]
            lines.append(
                Content.styled(f"Scène {last.number} : {last.face}, {last.band.label}.", "dim")
            )
        self.query_one("#verdict", Static).update(Content("\n").join(lines))

    def show_hint(self, state: SignalState) -> None:
        if state.ending is not None:
            self.query_one("#hint", Static).update(Content.styled(state.summary(), "bold"))
            return
        if not self.decides_here(state):  # a replay: nobody is asked anything
            self.query_one("#hint", Static).update(Content(self.waiting_text(state)))
            return
        if state.phase == SCENE:
            text = (
                "Note ce que tu vois (e), ce que tu tentes (a), ou prends une idée (i). "
                "Puis lance le d20 (l)."
            )
        elif state.awaiting_clue:
            text = "Révélation ! Note l'indice découvert (c) puis Entrée, ou passe (l)."
        else:
            text = "Imagine la suite en une phrase (c) puis Entrée, ou passe (l)."
        if state.phase == CONSEQUENCE and state.pending is not None:
            text = f"Dernière scène ({ENDING_LABELS[state.pending]}). {text}"
        self.query_one("#hint", Static).update(Content(text))

    def show_fields(self, state: SignalState) -> None:
        rolled = state.phase != SCENE and bool(state.journal)
        scene = state.journal[-1].number if rolled else state.scene
        if scene != self.fields_scene:
            for name in FIELDS:
                self.field(name).value = ""
            self.fields_scene = scene
        if rolled:
            last = state.journal[-1]
            self.field("event").value = last.event
            self.field("action").value = last.action
        if state.ending is not None and state.journal:
            self.field("consequence").value = state.journal[-1].consequence
        for name in ("event", "action"):
            self.field(name).disabled = rolled
        consequence = self.field("consequence")
        consequence.disabled = not rolled or state.ending is not None
        consequence.placeholder = (
            "l'indice découvert (facultatif)"
            if state.awaiting_clue
            else ("la suite en une phrase (facultatif)" if rolled else "la suite, après le jet")
        )
        label = "Indice (c)" if state.awaiting_clue else "Suite (c)"
        self.query_one("#consequence-label", Static).update(label)

    def mark_band(self, die: Die, band: Band | None) -> None:
        for other in BANDS:
            die.set_class(band is not None and band.key == other.key, f"-band-{other.key}")

    def turn_text(self, state: SignalState) -> str:
        if state.to_move() is None:
            return "Session terminée"
        return f"{state.player} · {mode_text(state)}"

    def seat_status(self, state: SignalState, seat: int) -> tuple[str, bool]:
        if state.mode == CHALLENGE:
            return f"critiques {state.criticals}/{CRITICAL_LIMIT}", False
        if state.mode == SIXTH_SIGN:
            return f"lucidité {state.lucidity}/{LUCIDITY_MAX}", state.lucidity == 0
        return plural(len(state.journal), "scène"), False

    def sheet(self, state: SignalState) -> SheetData:
        rows = tuple((f"Scène {s.number}", (f"{s.face} {s.band.label}",)) for s in state.journal)
        if state.mode == CHALLENGE:
            done = min(len(state.journal), state.challenge_length)
            total = f"{done}/{state.challenge_length}, {plural(state.criticals, 'critique')}"
            target = f"Objectif : {state.challenge_length} événements"
        elif state.mode == SIXTH_SIGN:
            total = f"{state.revelations}/{REVELATIONS_TO_WIN} révélations"
            target = f"Objectif : {REVELATIONS_TO_WIN} révélations"
        else:
            total = plural(len(state.journal), "scène")
            target = "Jeu libre : tiens bon"
        won = state.ending == WON
        return SheetData(
            state.players, rows, (total,), frozenset({0}) if won else frozenset(), target
        )

    # --- animation ---------------------------------------------------------------

    async def animate_event(self, event: Event) -> None:
        if isinstance(event, SignalRolled):
            die = self.query_one("#d20", Die)
            self.mark_band(die, None)
            self.show_bands(None)
            self.query_one("#verdict", Static).update(Content.styled("Le d20 roule…", "dim"))
            await die.roll_to(event.face, self.seconds(1.0))
            band = band_of(event.face)
            self.mark_band(die, band)
            self.show_bands(band)
            self.show_verdict(event.face, band)
            await self.pause(0.3)
        elif isinstance(event, MindChanged):
            state = self.match.state  # one mind change per roll: the state shows its effect
            self.show_meters(state)
            last = state.journal[-1]
            self.show_verdict(last.face, last.band, last.mental)
            await self.pause(0.4)
        elif isinstance(event, Decided):
            self.query_one("#hint", Static).update(Content.styled(event.reason, "bold"))
            await self.pause(0.8)
        elif isinstance(event, SessionEnded):
            self.query_one("#hint", Static).update(Content.styled(event.summary, "bold"))
            await self.pause(0.8)

    # --- input -------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.match.state
        scene = state.phase == SCENE
        if action in ("roll", "idea"):
            return scene
        if action == "next":
            return not scene
        if action == "field":
            return (parameters[0] == "consequence") != scene
        if action == "end":
            return state.mode != CHALLENGE
        return super().check_action(action, parameters)

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Roll):
            return [*self.typed("e", action.event), *self.typed("a", action.action), "l"]
        if isinstance(action, Conclude):
            return self.typed("c", action.consequence) or ["l"]
        return ["f", *action.note, "enter"]

    @staticmethod
    def typed(key: str, text: str) -> list[str]:
        """The keys that write `text` in the field opened by `key` ([] for no text)."""
        return [key, *text, "enter"] if text else []

    def action_roll(self) -> None:
        self.act(Roll(event=self.field("event").value, action=self.field("action").value))

    def action_next(self) -> None:
        self.act(Conclude(consequence=self.field("consequence").value))

    def on_die_clicked(self, message: Die.Clicked) -> None:
        message.stop()
        self.roll_or_next()

    @on(Button.Pressed, "#roll")
    def roll_or_next(self) -> None:
        if self.match.state.phase == SCENE:
            self.action_roll()
        else:
            self.action_next()

    def action_field(self, name: str) -> None:
        field = self.field(name)
        if not field.disabled:
            field.focus()

    @on(Input.Submitted, "#event, #action")
    def line_written(self) -> None:
        """Entrée hands the keys back to the game: « a » then opens the action, never types
        into it."""
        self.set_focus(None)

    @on(Input.Submitted, "#consequence")
    def consequence_written(self) -> None:
        self.set_focus(None)
        self.action_next()

    @on(Button.Pressed, "#idea")
    def action_idea(self) -> None:
        state = self.match.state
        if state.phase != SCENE:
            return
        used = [*self.ideas_shown, *(s.event for s in state.journal)]
        idea = draw_prompt(state.theme, self.ideas, used)
        self.ideas_shown.append(idea)
        self.field("event").value = idea

    @on(Button.Pressed, "#end")
    def action_end(self) -> None:
        if not self.match.state.can_end:
            self.act(EndSession())  # the engine says why not, in French
            return

        def put_away(note: str | None) -> None:
            if note is not None:
                self.act(EndSession(note=note))

        self.app.push_screen(PutAwayScreen(), put_away)

    @on(Button.Pressed, "#journals")
    def action_journals(self) -> None:
        self.app.push_screen(JournalsScreen(self.match_id))

    # --- hooks for the shared screens (jeux.ui.launch.screen_hook) -------------------

    @staticmethod
    def results_starts(app, match: Match) -> list[ExtraStart]:
        return [JournalsScreen.results_start(app, "Relire et exporter tes sessions.")]

    @staticmethod
    def results_records(app, match: Match) -> str:
        return "\n".join(
            session_records(app, seat.profile, seat.name, match.options)
            for seat in match.seats
            if seat.profile
        )

    @staticmethod
    def history_screen(app) -> Screen:
        return JournalsScreen()


def session_records(app, profile: str, name: str, options: dict[str, Any]) -> str:
    """A player's record at Le Signal, in the mode just played and overall."""
    played = won = best = 0
    total = scenes = 0
    for saved in app.records.history(GAME.info.id, profile, limit=10_000):
        state = replay(saved)
        if state is None or state.ending is None:
            continue
        total += 1
        scenes += len(state.journal)
        same = state.mode == options["mode"] and (
            state.mode != CHALLENGE or state.challenge_length == options["length"]
        )
        if same:
            played += 1
            won += state.ending == WON
            best = max(best, len(state.journal))
    mode = options["mode"]
    if mode == CHALLENGE:
        here = f"défis de {options['length']} réussis : {won} sur {played}"
    elif mode == SIXTH_SIGN:
        here = f"Sixième Signe gagné : {won} fois sur {played}"
    else:
        here = f"jeu libre : record de {plural(best, 'scène')}"
    overall = f"{name} : {plural(total, 'session')}, {plural(scenes, 'scène')} en tout"
    return f"{overall}\n{here[0].upper()}{here[1:]}"


def replay(saved: SavedMatch) -> SignalState | None:
    try:
        return Match.from_saved(GAME, saved.saved).state
    except ReplayError:
        return None


# --- putting the die away -----------------------------------------------------------------


class PutAwayScreen(NoteScreen):
    """Confirm the end of a session, with room for a last word."""

    BINDINGS = [Binding("escape", "cancel", "Continuer la session")]
    invite = "Un dernier mot pour ton journal, si tu veux :"
    confirm, confirm_id = "Ranger le dé", "put-away"
    limit = TEXT_LIMIT

    def question(self) -> Content:
        return Content.styled("Ranger le dé et finir la session ?", "bold")


# --- the journals -------------------------------------------------------------------------


class JournalsScreen(BaseJournals):
    """Every Le Signal session kept, newest first: reread one, export it as Markdown."""

    game = GAME
    slug = "le-signal"
    empty = "Joue une session de Le Signal : son journal apparaîtra ici."
    matches_title = "Sessions"

    def session_line(self, saved: SavedMatch, state: SignalState) -> Content:
        name = saved.names[0] if saved.names else "?"
        head = Content.assemble((when_text(saved.updated), "bold"), " · ", name)
        ending = ending_text(state)
        style = {"gagné": "$success", "perdu": "$error", "en cours": "$accent"}.get(ending, "")
        return Content.assemble(
            head,
            (f"\n{mode_text(state)}\n", "$text-muted"),
            (plural(len(state.journal), "scène"), "$text-muted"),
            " · ",
            (ending, f"bold {style}".strip()),
        )

    def sections(self, state: SignalState, when: str) -> list[JournalSection]:
        return journal_sections(state, when)


SCREEN = LeSignalScreen
