"""The replay viewer: a game's own screen in replay mode.

`replay_screen(replay)` builds, for any game, a subclass of its screen class with
`ReplayMode` in front: the same board, drawn from the match rebuilt up to step k (the first
k actions) as an all-seeing spectator sees it (every hand: the match is over), its log up to
that step, and keys that only move through the replay (one action, one turn, the start, the
end). Nothing is played, saved, animated or handed over.

The contract a game screen keeps for its replay (every screen built on GameScreen does):
- `show_state(state)`, `sheet`, `seat_status`, `turn_head` draw from the state they are given,
  never from copies kept from earlier moves (the same rule that lets undo work); in a replay
  that state is the whole state, not a seat's view;
- moves go through `self.act(action)`, which a replay ignores, and game keys are gated by
  `check_action`, which a replay answers for every key;
- a card table's `hand(state)` draws the hand of `self.shown_seat` from the state given: the
  replay asks it for every seat to show all hands face up.
"""

from __future__ import annotations

import re
import textwrap

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.catalog import load_screen
from jeux.engine.core import Event, State
from jeux.engine.replay import Replay

from .card_table import CardTable

REPLAY_ACTIONS = frozenset({"step", "turn", "jump", "leave", "rules"})
HAND_ROWS = 3
"""Lines the other seats' open hands may take along the top of a card table (one each at
least, two at most): as many as the backs took with three other seats; more would push the
hand at the bottom off an 80x24 screen."""


class ReplayMode:
    """Put before a game screen class (see `replay_screen`); a GameScreen mixin."""

    BINDINGS = [
        # Each direction is its own footer key, so a mouse can step both ways.
        Binding("left", "step(-1)", "Coup", key_display="←"),
        Binding("right", "step(1)", "Coup", key_display="→"),
        Binding("up", "turn(-1)", "Tour", key_display="↑"),
        Binding("down", "turn(1)", "Tour", key_display="↓"),
        Binding("pageup", "turn(-1)", show=False),
        Binding("pagedown", "turn(1)", show=False),
        Binding("home", "jump(0)", "Début", key_display="Orig"),
        Binding("end", "jump(1)", "Fin", key_display="Fin"),
        Binding("escape", "leave", "Retour", key_display="Échap"),
        Binding("f1", "rules", "Règles", show=False),
    ]

    def __init__(self, replay: Replay, step: int | None = None, match_id: int = 0) -> None:
        self.replay = replay
        self.step = replay.steps if step is None else step
        super().__init__(replay.at(self.step), match_id)

    # --- what is drawn: the match at this step, seen by everyone ---------------------------

    sees_all = True

    def needs_handoff(self) -> bool:
        return False

    def human_seat(self) -> int | None:
        """The seat whose turn it is at this step (its hand at the bottom of a card table);
        at the end, the seat that played last."""
        seat = self.match.state.whose_turn()
        if seat is None and self.match.played:
            seat = self.match.played[-1].seat
        return seat or 0

    def visible_state(self) -> State:
        return self.match.state

    def decides_here(self, state: State | None = None) -> bool:
        """Nobody decides in a replay: no prompt to act, no move offered."""
        return False

    def waiting_text(self, state: State) -> str:
        """Nobody is waited for either: the move to come is the next step."""
        return ""

    def seen(self, events) -> list[Event]:
        return list(events)

    def turn_text(self, state: State) -> str:
        return f"{self.step}/{self.replay.steps} · {super().turn_text(state)}"

    def on_mount(self) -> None:
        """Runs before the game screen's own `on_mount` (Textual calls each class's handler
        along the MRO), which draws the board."""
        info = self.match.game.info
        secrets = "mains" if info.family == "cartes" else "secrets"
        title = f"Revoir · {info.title}" + (f" · {secrets} visibles" if info.handoff else "")
        self.query_one("#game-title", Static).update(Content(title))
        self.call_after_refresh(self.freeze)

    def render_state(self) -> None:
        super().render_state()
        if isinstance(self, CardTable):
            self.show_all_hands(self.match.state)
        self.freeze()
        self.call_after_refresh(self.freeze)  # buttons a game mounts after drawing

    def show_all_hands(self, state: State) -> None:
        """Every other seat's hand face up along the top, where the backs were: the cards
        by name, then the seat's note where it fits (the badges and the sheet say it too);
        a hand that needs it takes a second line while `HAND_ROWS` allows."""
        shown, clip = self.shown_seat, self.app.glyphs.clip
        row = self.query_one("#opponents", Static)
        room = max(10, (row.size.width or 46) - 13)
        others = self.opponents(state)
        spare = HAND_ROWS - len(others)
        lines = []
        try:
            for other in others:
                self.shown_seat = other.seat
                names = [card_text(face) for _, face in self.hand(state)]
                # commas only where a name has spaces: « V♦ D♠ », « Boule de feu, Miroir »
                faces = (", " if any(" " in n for n in names) else " ").join(names) or "—"
                each = 2 if spare > 0 and len(textwrap.wrap(faces, room)) > 1 else 1
                spare -= each - 1
                told = textwrap.wrap(f"{faces}  {other.note}", room)
                if len(told) > each:
                    told = textwrap.wrap(faces, room)
                    told[each - 1 :] = [clip(" ".join(told[each - 1 :]), room)]
                name = clip(state.players[other.seat], 12)
                head = Content.assemble((f"{name:<12} ", "strike dim" if other.out else ""))
                lines.append(head + Content(told[0]))
                lines += [Content(" " * 13 + more) for more in told[1:]]
        finally:
            self.shown_seat = shown
        row.update(Content("\n").join(lines))

    def choice_limit(self, state: State) -> int:
        """A card table's hand is shown, never chosen from."""
        return 0

    def freeze(self) -> None:
        """A replay takes no move: the board's fields show what was typed, unused, and its
        buttons, which would only invite a move, are not shown."""
        self.set_focus(None)
        for control in self.query("#table Input, #table Button"):
            control.disabled = True
        for button in self.query("#table Button"):
            button.display = False

    # --- moving through the replay ----------------------------------------------------

    def go(self, step: int) -> None:
        step = max(0, min(step, self.replay.steps))
        if step == self.step:
            return
        self.step = step
        self.match = self.replay.at(step)
        self.shown_seat = self.human_seat()
        self.redraw_log()
        self.render_state()

    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_turn(self, delta: int) -> None:
        replay = self.replay
        self.go(replay.next_turn(self.step) if delta > 0 else replay.previous_turn(self.step))

    def action_jump(self, to_end: int) -> None:
        self.go(self.replay.steps if to_end else 0)

    # --- the match loop, switched off ------------------------------------------------

    def advance(self) -> None:
        pass

    def act(self, action) -> None:
        pass

    def finish(self) -> None:
        pass

    def hand_back(self, _: object = None) -> None:
        pass

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in REPLAY_ACTIONS

    def action_leave(self) -> None:
        self.app.pop_screen()


def card_text(face) -> str:
    """A card face in words: its title (a spell, an artifact, a role), else its corner and
    suit (« V♦ »); a corner beside a title is only a mark (a kind, a cost). A title cut
    with « - » to fit a card's face (« Malédic- tion ») is whole again on a line."""
    return re.sub(r"(?<=\w)- (?=\w)", "", face.title) or f"{face.corner}{face.symbol}".strip()


def replay_screen(replay: Replay, step: int | None = None, match_id: int = 0):
    """The replay viewer of this match: its game's screen class in replay mode."""
    game_screen = load_screen(replay.game.info.id)
    kind = type(
        f"Replay{game_screen.__name__}",
        (ReplayMode, game_screen),
        # Textual merges the BINDINGS of widget classes only: the mixin's are given here.
        {"__module__": game_screen.__module__, "BINDINGS": ReplayMode.BINDINGS},
    )
    return kind(replay, step, match_id)
