"""What the Trois Couronnes screen writes on its score sheet: pure, tested without Pilot.

A round's cell holds only what the seat's own kingdom earned; the gains and losses of Wars
and Alliances, whoever declared them, go to their own rows, so no number mixes the two.
"""

from __future__ import annotations

from .rules import ALLIANCE, KINGDOM, ROUNDS, WAR, TroisCouronnesState, signed

MARKS = {WAR: "G", ALLIANCE: "A"}
"""The letter of a round played as a War or an Alliance, and the label of its row."""
LEGEND = "G guerre · A alliance"

Row = tuple[str, tuple[str, ...]]


def sheet_rows(state: TroisCouronnesState, playing: str = "…") -> tuple[Row, ...]:
    """M1…M7 (kingdom points, and the letter of a War or Alliance played that turn; `playing`
    marks the seat at play), then rows G and A once one was played, then the 6-5-4 count."""
    rows: list[Row] = [
        (
            f"M{number}",
            tuple(_round_cell(state, number, seat, playing) for seat in range(state.seats)),
        )
        for number in range(1, ROUNDS + 1)
    ]
    for kind in (WAR, ALLIANCE):
        if any(t.kind == kind for t in state.turns):
            rows.append(
                (MARKS[kind], tuple(_special_cell(state, kind, s) for s in range(state.seats)))
            )
    if state.seats > 1:
        rows.append(("6-5-4", tuple(str(n) for n in state.complete_kingdoms)))
    return tuple(rows)


def _round_cell(state: TroisCouronnesState, number: int, seat: int, playing: str) -> str:
    own = [t for t in state.turns if t.round == number and t.seat == seat]
    marks = "".join(MARKS.get(t.kind, "") for t in own)
    kingdom = [t.points for t in own if t.kind == KINGDOM]
    cell = signed(sum(kingdom)) + marks if kingdom else marks
    at_play = state.to_move() is not None and (number, seat) == (state.round, state.current)
    return cell + playing if at_play else cell


def _special_cell(state: TroisCouronnesState, kind: str, seat: int) -> str:
    """The seat's net gain in every War (or Alliance) it took part in, either side."""
    part = [
        t.changes[seat]
        for t in state.turns
        if t.kind == kind and (t.seat == seat or t.changes[seat] != 0)
    ]
    return signed(sum(part)) if part else ""
