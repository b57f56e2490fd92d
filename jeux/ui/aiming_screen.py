"""A dice board whose combination may be aimed at another seat, chosen in a seat picker."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult

from jeux.engine.core import Action, State
from jeux.ui.dice_screen import DiceScreen
from jeux.ui.widgets.seat_picker import SeatChoice, SeatPicker


class AimingDiceScreen(DiceScreen):
    """The command `AIM` opens the seat picker when `targeted(state)`; the picker takes the
    place of the advice, the commands and the guide (room for six seats at 80×24)."""

    AIM = ""
    """The command whose move asks whom to aim at."""

    def __init__(self, match, match_id: int) -> None:
        super().__init__(match, match_id)
        self.picking = False
        """The seat picker is open (a choice being made)."""

    def compose_board(self) -> ComposeResult:
        yield from super().compose_board()
        yield SeatPicker(id="targets")

    # --- what a game tells -------------------------------------------------------------

    def targeted(self, state: State) -> bool:
        """Whether the `AIM` command must ask whom to aim at now."""
        raise NotImplementedError

    def aimed(self, state: State, seat: int) -> Action:
        """The `AIM` move aimed at `seat`."""
        raise NotImplementedError

    def picker_title(self, state: State) -> str:
        raise NotImplementedError

    def seat_detail(self, state: State, seat: int, refusal: str) -> str:
        """What the picker says of another seat (`refusal`: why it may not be aimed at)."""
        raise NotImplementedError

    # --- moves -------------------------------------------------------------------------

    def action_command(self, name: str) -> None:
        state = self.match.state
        aiming = name == self.AIM and not self.busy and self.decides_here(state)
        if aiming and self.targeted(state):
            self.picking = True
            self.render_state()
            return
        super().action_command(name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows only the moves offered now, none while the picker is open."""
        if action == "command":
            state = self.match.state
            offered = self.command_action(str(parameters[0]), state, self.selection)
            return offered is not None and self.decides_here(state) and not self.picking
        return super().check_action(action, parameters)

    def action_pick(self, index: int) -> None:
        if self.picking:  # the picker lost the focus to a click: its keys still count
            self.query_one(SeatPicker).action_choose(index)
            return
        super().action_pick(index)

    @on(SeatPicker.Picked)
    def target_picked(self, message: SeatPicker.Picked) -> None:
        self.picking = False
        self.act(self.aimed(self.match.state, message.seat))
        if not self.busy:
            self.render_state()

    @on(SeatPicker.Cancelled)
    def picking_cancelled(self) -> None:
        self.picking = False
        self.render_state()

    def action_leave(self) -> None:
        if self.picking:
            self.picking_cancelled()
        else:
            super().action_leave()

    # --- what is shown -----------------------------------------------------------------

    def show_state(self, state: State) -> None:
        self.picking = self.picking and self.targeted(state) and self.decides_here(state)
        super().show_state(state)
        self.show_picker(state)

    def show_picker(self, state: State) -> None:
        picker = self.query_one(SeatPicker)
        for ident in ("#guide", "#advice", "#actions"):
            self.query_one(ident).display = not self.picking
        if not self.picking:
            picker.hide()
            return
        legal = state.legal_actions()
        choices = []
        for seat, name in enumerate(state.players):
            aimed = self.aimed(state, seat)
            refusal = "" if aimed in legal else state.refusal(aimed)
            detail = "toi" if seat == state.current else self.seat_detail(state, seat, refusal)
            choices.append(SeatChoice(seat, name, detail, refusal))
        picker.show(self.picker_title(state), choices)
