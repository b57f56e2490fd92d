"""A finished match, action by action: every board rebuilt from seed + options + seats +
actions through `Match`, so a replay is exact; and its readable Markdown account, built from
the same log lines the game shows."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .core import Event, Game
from .journal import markdown_escape
from .match import Match, ReplayError
from .text import join_names, quoted


class ReplayRefused(Exception):
    """A saved match that cannot be replayed exactly, with a French sentence saying why."""


def version_refusal(game: Game, saved: dict[str, Any]) -> str:
    """Why a match saved by another version of the game's rules cannot be replayed, or ""."""
    version = saved.get("version")
    if version == game.version:
        return ""
    plain = type(version) is int and 0 <= version < 1000
    return (
        f"Cette partie de {game.info.title} a été jouée avec une autre version de ses règles "
        f"(version {version if plain else quoted(version, 12)}, aujourd'hui {game.version}) : "
        "elle ne peut pas être rejouée exactement."
    )


@dataclass
class Replay:
    """Step k is the board after the first k actions (step 0: the deal). A turn starts at
    each action where the seat whose turn it is changes; alone at the table, after each
    action that showed something new (a roll, a card), so « tour » steps from roll to roll."""

    game: Game
    saved: dict[str, Any]
    final: Match
    turn_starts: list[int] = field(default_factory=list)
    step_events: list[list[Event]] = field(default_factory=list)
    """The events of each action, in order: the log lines of step k are those of 0..k-1."""

    @classmethod
    def of(cls, game: Game, saved: dict[str, Any]) -> Replay:
        """Raises ReplayRefused, in French, for another version or a damaged save."""
        if refusal := version_refusal(game, saved):
            raise ReplayRefused(refusal)
        try:
            final = Match.from_saved(game, saved)
        except ReplayError as error:
            reason = str(error).rstrip(".")
            raise ReplayRefused(f"Cette partie ne se rejoue pas : {reason}.") from error
        match = Match(game, final.seed, final.seats, final.options)
        step_events = [match.play(action) for action in final.actions]
        played = final.played
        alone = len(final.seats) == 1
        turn_starts = [
            i
            for i in range(1, len(played))
            if played[i].turn != played[i - 1].turn or (alone and played[i - 1].revealed)
        ]
        return cls(game, saved, final, turn_starts, step_events)

    @property
    def steps(self) -> int:
        return len(self.final.actions)

    def at(self, step: int) -> Match:
        """The match as it stood after `step` actions."""
        step = max(0, min(step, self.steps))
        final = self.final
        return Match(self.game, final.seed, final.seats, final.options, final.actions[:step])

    def next_turn(self, step: int) -> int:
        """The step where the turn under way ends (the next one starts), or the end."""
        return next((t for t in self.turn_starts if t > step), self.steps)

    def previous_turn(self, step: int) -> int:
        """The step where the turn before `step` started, or the start."""
        return next((t for t in reversed(self.turn_starts) if t < step), 0)

    def round_number(self, step: int) -> int:
        """The « tour » of the turn that starts at `step`, as the game and its score sheet
        count them: its seat's first turn is tour 1, its second tour 2 (alone at the table,
        every turn is a tour)."""
        seat = self.final.played[step].turn
        starts = [0, *(t for t in self.turn_starts if t <= step)]
        return sum(self.final.played[t].turn == seat for t in starts)

    @property
    def rounds(self) -> int:
        """How many tours the match lasted: the turns of the seat that played the most."""
        if not self.steps:
            return 0
        seats = Counter(self.final.played[t].turn for t in (0, *self.turn_starts))
        return max(seats.values())


def options_text(game: Game, options: dict[str, Any]) -> list[str]:
    """« Label : choice » for each variant, in the order the setup offers them."""
    return [f"{o.label} : {o.label_of(options.get(o.key, o.default))}" for o in game.options]


def seat_names(replay: Replay) -> list[str]:
    return [seat.name + (" (robot)" if seat.bot else "") for seat in replay.final.seats]


def markdown(replay: Replay, when: str = "") -> str:
    """The account of a finished match as a Markdown document: who played, with which seed
    and variants, every log line turn by turn, then the result."""
    final, game = replay.final, replay.game
    esc = markdown_escape
    out = [f"# {esc(game.info.title)}", ""]
    facts = [
        ("Date", when),
        ("Joueurs", join_names(seat_names(replay))),
        ("Graine", str(final.seed)),
        *(tuple(line.split(" : ", 1)) for line in options_text(game, final.options)),
        ("Version des règles", str(game.version)),
    ]
    out += [f"- **{label} :** {esc(value)}" for label, value in facts if value]
    if game.info.handoff:
        out += ["", "La partie est finie : ce récit dit tout, même ce que chacun·e cachait."]
    out += ["", "## Déroulé", ""]
    starts = {0, *replay.turn_starts}
    several = len(final.seats) > 1
    for step, events in enumerate(replay.step_events):
        if step in starts:
            seat = final.played[step].turn
            whose = f" — {final.seats[seat].name}" if several and seat is not None else ""
            heading = f"### Tour {replay.round_number(step)}{esc(whose)}"
            out += [""] * bool(step) + [heading, ""]
        out += [f"- {esc(line)}" for e in events if (line := e.describe_for(None))]
    outcome = final.outcome()
    if outcome is not None:
        out += ["", "## Résultat", "", esc(outcome.summary), ""]
        out += ["| Joueur | Score | Rang |", "| --- | --- | --- |"]
        ranked = sorted(range(len(final.seats)), key=lambda s: outcome.ranks[s])
        out += [
            f"| {esc(final.seats[s].name)} | {outcome.scores[s]} | {outcome.ranks[s]} |"
            for s in ranked
        ]
    return "\n".join(out).rstrip("\n") + "\n"
