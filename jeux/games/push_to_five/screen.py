"""Push to Five on the card table: the five cards in a row (keys 1–5 or a click turn one),
the turn's points and the odds of the next card above them, Arrêter and Remélanger as buttons.

Nothing is hidden from the other seats, so the screen is never handed over; the row shows
only the cards turned (the view), and a new row slides in at every shuffle.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from jeux.engine.core import Action, Event
from jeux.engine.events import GameOver, TurnStarted
from jeux.ui.card_table import Answer, CardTable, Centre
from jeux.ui.launch import played_text, saved_records
from jeux.ui.widgets.card import CardData
from jeux.ui.widgets.score_sheet import SheetData

from .present import bank_line, card_face, goal, news, odds_lines, turn_head, turn_line
from .rules import (
    BUST,
    CARDS,
    CardTurned,
    FinalRound,
    Flip,
    PushToFiveState,
    Reshuffle,
    Reshuffled,
    Stop,
    TurnEnded,
)


def face(card: str | None) -> CardData | None:
    if card is None:
        return None
    corner, title, text, red = card_face(card)
    return CardData(corner, "", red, title, text)


class PushToFiveScreen(CardTable):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        Binding("a", "stop", "Arrêter"),
        Binding("r", "reshuffle", "Remélanger"),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._best: tuple[int | None] | None = None

    # --- what the table shows -----------------------------------------------------

    def mine(self, state: PushToFiveState) -> bool:
        """Whether the seat on screen decides now (not a robot, not the end)."""
        return self.decides_here(state) and state.to_move() == self.shown_seat

    def hand(self, state: PushToFiveState) -> Sequence[tuple[Hashable, CardData | None]]:
        return [(place, face(state.faces[place])) for place in range(CARDS)]

    def choice_limit(self, state: PushToFiveState) -> int:
        return 1 if self.mine(state) and state.phase in ("start", "push") else 0

    def confirm(self, chosen: Sequence[Hashable]) -> Action | None:
        return Flip(int(chosen[0])) if chosen else None

    def mark_hand(self) -> None:
        """Only the face-down cards may be chosen: the turned ones lose the chooser's look."""
        cards = self.hand_row.cards
        down = [i for i, card in enumerate(cards) if card.card is None]
        if down and self.cursor not in down:
            self.cursor = down[0]
        super().mark_hand()
        for card in cards:
            turned = card.card is not None
            card.set_class(turned, "-turned")
            if turned:
                card.remove_class("-selectable", "-cursor")

    def centre(self, state: PushToFiveState) -> Centre:
        seat = state.to_move()
        if seat is None:
            return Centre(self.match.outcome().summary)
        lines = [bank_line(state, seat), turn_line(state), self.last_news()]
        if state.seats == 1:
            best = self.personal_best()
            lines[0] += f" · record {best}" if best is not None else " · pas encore de record"
        return Centre("\n".join(lines))

    def peek(self, state: PushToFiveState) -> Content | str:
        if not self.mine(state):
            return ""
        return "\n".join(odds_lines(state, self.arrow))

    def question(self, state: PushToFiveState) -> Content | str:
        seat = state.to_move()
        if seat is None:
            return ""
        if not self.mine(state):
            return Content(self.waiting_text(state))
        name = state.players[seat]
        who = "" if state.seats == 1 else "$name, "
        if state.phase == "full":
            ask = "tour complet ! Remélange (r) ou arrête (a)."
        elif state.phase == "start":
            ask = "retourne une carte (1-5)."
        else:
            ask = "retourne une carte (1-5) ou arrête-toi (a)."
        text = f"{who}{ask}"
        return Content.from_markup(text[0].upper() + text[1:], name=name)

    def answers(self, state: PushToFiveState) -> list[Answer]:
        if not self.mine(state) or state.phase == "start":
            return []
        answers = [Answer("Arrêter", "a", "stop", primary=state.phase == "full")]
        if state.phase == "full":
            answers.append(Answer("Remélanger", "r", "reshuffle"))
        return answers

    @property
    def arrow(self) -> str:
        return "->" if self.app.settings.ascii else "→"

    def last_news(self) -> str:
        """The last card turned, reshuffle or end of turn: what the row just did."""
        for event in reversed(self.match.events):
            if isinstance(event, CardTurned | Reshuffled | TurnEnded):
                return news(event, self.arrow)
        return ""

    def personal_best(self) -> int | None:
        """Alone: this profile's best score at the game, read once."""
        if self._best is None:
            profile = self.match.seats[0].profile
            best = None
            if len(self.match.seats) == 1 and profile:
                best = self.app.records.record(
                    profile, self.match.game.info.id, before=self.match_id
                ).best
            self._best = (best,)
        return self._best[0]

    def turn_head(self, state: PushToFiveState) -> str:
        return turn_head(state)

    def seat_status(self, state: PushToFiveState, seat: int) -> tuple[str, bool]:
        return str(state.banks[seat]), False

    def sheet(self, state: PushToFiveState) -> SheetData:
        rows = []
        for r, row in enumerate(state.sheet):
            live = r == len(state.sheet) - 1 and not state.over
            cells = []
            for seat, mark in enumerate(row):
                if mark is not None:
                    cells.append(self.app.glyphs.skull if mark.note == BUST else str(mark.points))
                elif live and seat == state.current:
                    cells.append(self.app.glyphs.more)
                else:
                    cells.append("" if live else "-")
            rows.append((f"T{r + 1}", tuple(cells)))
        best = max(state.standing(s) for s in range(state.seats))
        leaders = frozenset(s for s in range(state.seats) if state.standing(s) == best)
        totals = tuple(str(bank) for bank in state.banks)
        return SheetData(
            state.players, tuple(rows), totals, leaders if any(best) else frozenset(), goal(state)
        )

    @staticmethod
    def results_records(app, match) -> str:
        """The results screen's records (its hook): games, wins, best score."""
        lines = []
        for name, record in saved_records(app, match):
            best = f", meilleur score {record.best}" if record.best is not None else ""
            lines.append(f"{name} : {played_text(record)}{best}")
        if len(match.seats) == 1:
            lines.append("Score : les points gardés. Victoire : 15 points atteints.")
        return "\n".join(lines)

    # --- animation ------------------------------------------------------------------

    def say_centre(self, text: str, style: str = "") -> None:
        self.query_one("#centre-text", Static).update(Content.styled(text, style))

    async def animate_event(self, event: Event) -> None:
        self.query_one("#peek", Static).update("")
        cards = self.hand_row.cards
        if isinstance(event, CardTurned) and event.place < len(cards):
            card = cards[event.place]
            card.remove_class("-selectable", "-cursor", "-selected")
            await card.flip_to(face(event.card), self.seconds(0.35))
            card.add_class("-turned")
            lost = event.card == "perdre" and not event.cancelled
            self.say_centre(news(event, self.arrow), "bold $error" if lost else "bold")
            await self.pause(0.3)
        elif isinstance(event, TurnEnded):
            self.say_centre(event.describe(), "$error" if event.how == BUST else "$success")
            await self.pause(0.9)
        elif isinstance(event, Reshuffled | TurnStarted):
            if isinstance(event, Reshuffled):
                self.say_centre(news(event, self.arrow), "bold")
            await self.slide_in(cards)
        elif isinstance(event, FinalRound | GameOver):
            self.say_centre(event.describe(), "bold $accent")
            await self.pause(1.2)

    async def slide_in(self, cards) -> None:
        """A new row: the cards turn face down and slide in one after the other."""
        for card in cards:
            card.card = None
            card.remove_class("-turned")
        for card in cards:
            await card.deal(self.seconds(0.1), distance=12.0)

    # --- input ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.visible_state()
        if action == "stop":
            return self.mine(state) and state.phase in ("push", "full")
        if action == "reshuffle":
            return self.mine(state) and state.phase == "full"
        return super().check_action(action, parameters)

    def action_stop(self) -> None:
        self.act(Stop())

    def action_reshuffle(self) -> None:
        self.act(Reshuffle())

    def keys_for(self, action: Action) -> list[str]:
        if isinstance(action, Flip):
            return self.keys_to_choose([action.place])
        if isinstance(action, Stop):
            return ["a"]
        if isinstance(action, Reshuffle):
            return ["r"]
        return super().keys_for(action)


SCREEN = PushToFiveScreen
