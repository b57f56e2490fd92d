"""The robots of Le Labyrinthe (RULINGS.md §14), weakest first.

Nothing is hidden (the interaction profile): a robot reads its seat's view and answers the
table's questions, the partner's call for help and the heart's « leave or wait ».

- Débutant rushes on: it pays every trap while it has life to give, enters every puzzling
  room, picks a bonus at a whim and waits at the heart for its partner while it can.
- Moyen is a careful partner (`Explorer`): it pays and enters only with life to spare,
  helps a partner in trouble, waits at the heart with 3 life points or more.
- Fort plays for its own way out, from a policy computed once per option set: the chance
  of reaching the heart alive, discounted per turn, by value iteration over every sheet
  (step, life, malus, two dice, tokens, blocked). A life point given to a partner is one
  it lacks, so it keeps them; at the heart it waits for its partner only while a waiting
  throw cannot kill it (it may still leave next turn), so waiting costs it nothing.
"""

from __future__ import annotations

from functools import cache

from jeux.engine.bots import Robot
from jeux.engine.core import Action

from .rules import (
    ADVANCE,
    CRITICAL,
    EXIT,
    FIND,
    HEAL,
    HELP,
    ITEM,
    KEEP,
    MAX_HP,
    PAY,
    ROLL,
    ROOM,
    STAY,
    STEPS,
    TOKEN,
    TRAP,
    TRAP_ADVANCES,
    Answer,
    Bonus,
    Exit,
    Explorer,
    Help,
    Keep,
    LabyrintheState,
    Roll,
    modified,
    worth,
)

FACES = range(1, 21)


class NoviceBot(Robot):
    """Rushes on: keeps the better die, pays traps and enters rooms while it has more than
    1 life point, picks its bonus at random, helps after a critical, waits at the heart
    while it has 2 life points or more."""

    def choose(self, state: LabyrintheState) -> Action:
        seat = state.to_move()
        assert seat is not None
        hp, phase = state.hp[seat], state.phase
        if phase == KEEP:
            a, b = (worth(modified(f, state.penalty)) for f in state.faces)
            return Keep(0 if a >= b else 1)
        if phase == HELP:
            return Help(state.face == 1 and hp >= 2)
        if phase in (TRAP, ROOM, CRITICAL, FIND):
            return self._answer(state, seat, hp)
        if phase == EXIT:
            return Exit(hp < 2)
        return Roll()

    def _answer(self, state: LabyrintheState, seat: int, hp: int) -> Action:
        phase = state.phase
        if phase == TRAP:
            return Answer(PAY if hp >= 2 else TOKEN if state.tokens[seat] else STAY)
        if phase == ROOM:
            return Answer(ADVANCE if hp >= 2 else STAY)
        if phase == CRITICAL:
            return Answer(TOKEN)
        return self.rng.choice(state.legal_actions())


# --- Fort -------------------------------------------------------------------------------------

WORST_WAIT = 2
"""The most life a throw while waiting at the heart can cost (a 1, LAB-8)."""
DISCOUNT = 0.93
"""What the same sheet is worth one turn later: meanwhile the partner may leave first."""
MAX_TOKENS = 3
"""Tokens beyond this are counted as this many: the policy's table stays small."""


class Policy:
    """The value of every sheet (step, life, malus, two dice, tokens, blocked) at the start
    of a turn for one set of options, and the best answer to each question."""

    def __init__(self, trap_rule: str, critical_token: bool) -> None:
        self.advances = trap_rule == TRAP_ADVANCES
        self.critical_token = critical_token
        self.values: dict[tuple[int, int, bool, bool, int, bool], float] = {}
        for step in reversed(range(STEPS)):  # the heart first: staying is the only loop
            for _ in range(200):
                if self._sweep(step) < 1e-9:
                    break

    def _sweep(self, step: int) -> float:
        """One pass over the sheets of `step`; returns the largest change."""
        change = 0.0
        for hp in range(1, MAX_HP + 1):
            for tokens in range(MAX_TOKENS + 1):
                by_face = [self.best(step, hp, tokens, face)[1] for face in FACES]
                for malus in (False, True):
                    results = sorted(by_face[modified(f, malus) - 1] for f in FACES)
                    n = len(results)
                    plain = sum(results) / n
                    # two dice, the better kept: the expected maximum
                    two = sum(v * ((i + 1) ** 2 - i**2) for i, v in enumerate(results)) / n**2
                    for advantage, value in ((False, plain), (True, two)):
                        sheet = (step, hp, malus, advantage, tokens)
                        change = max(change, abs(value - self.values.get((*sheet, False), 0)))
                        self.values[(*sheet, False)] = value
                        self.values[(*sheet, True)] = DISCOUNT * value  # a turn skipped
        return change

    def value(
        self,
        step: int,
        hp: int,
        tokens: int,
        malus: bool = False,
        advantage: bool = False,
        blocked: bool = False,
    ) -> float:
        """What ending a turn on this sheet is worth: 1 at the heart, 0 without life."""
        if hp <= 0:
            return 0.0
        if step >= STEPS:
            return 1.0
        sheet = (step, hp, malus, advantage, min(tokens, MAX_TOKENS), blocked)
        return DISCOUNT * self.values.get(sheet, 0.0)

    def answers(self, step: int, hp: int, tokens: int, face: int) -> dict[object, float]:
        """What each possible answer to `face` (after the malus) is worth; the key None
        stands for a result that asks nothing."""
        value = self.value
        if face == 1:
            hurt = {STAY: value(step, hp - 2, tokens)}
            if self.critical_token and tokens:
                hurt[TOKEN] = value(step, hp, tokens - 1)
            return hurt if len(hurt) > 1 else {None: hurt[STAY]}
        if face <= 4:
            gained = 1 if self.advances else 0
            trap = {
                PAY: value(step + gained, hp - 1, tokens),
                STAY: value(step, hp, tokens, blocked=not self.advances),
            }
            if tokens:
                trap[TOKEN] = value(step + gained, hp, tokens - 1)
            return trap
        if face <= 9:
            return {ADVANCE: value(step + 1, hp, tokens, malus=True), STAY: value(step, hp, tokens)}
        if face <= 14:
            return {None: value(step + 1, hp, tokens)}
        if face <= 17:
            found = {ITEM: value(step + 1, hp, tokens), TOKEN: value(step + 1, hp, tokens + 1)}
            if hp < MAX_HP:
                found[HEAL] = value(step + 1, hp + 1, tokens)
            return found
        if face <= 19:
            return {None: value(step + 2, hp, tokens)}
        return {None: value(step + 1, hp, tokens, advantage=True)}

    def best(self, step: int, hp: int, tokens: int, face: int) -> tuple[object, float]:
        """The best answer to `face` and its worth (a token before an item on a tie)."""
        answers = self.answers(step, hp, tokens, face)
        return max(answers.items(), key=lambda item: (item[1], item[0] != ITEM))


@cache
def policy(trap_rule: str, critical_token: bool) -> Policy:
    return Policy(trap_rule, critical_token)


class PlannerBot(Robot):
    """Follows `Policy`: the die and the answers worth the most for its own way out; it
    keeps its life points for itself and waits at the heart only while that is safe."""

    def choose(self, state: LabyrintheState) -> Action:
        phase = state.phase
        if phase == HELP:
            return Help(False)
        if phase == EXIT:
            return Exit(state.hp[state.current] <= WORST_WAIT)
        if phase == ROLL:
            return Roll()
        seat = state.current
        plan = policy(state.trap_rule, state.critical_token)
        step, hp, tokens = state.step[seat], state.hp[seat], state.tokens[seat]
        if phase == KEEP:
            a, b = (plan.best(step, hp, tokens, modified(f, state.penalty))[1] for f in state.faces)
            return Keep(0 if a >= b else 1)
        if phase == FIND:  # the step is already taken: the bonus is chosen from there
            found = {ITEM: plan.value(step, hp, tokens), TOKEN: plan.value(step, hp, tokens + 1)}
            if hp < MAX_HP:
                found[HEAL] = plan.value(step, hp + 1, tokens)
            kind = max(found, key=lambda k: (found[k], k != ITEM))
            return Bonus(kind)
        answer, _ = plan.best(step, hp, tokens, state.face)
        return Answer(answer)


def solution() -> str:
    """What Fort plays, for the lab."""
    return (
        "Sa propre sortie résolue exactement (itération sur les valeurs de chaque feuille), "
        "escomptée à chaque tour ; il n'attend son partenaire au cœur que sans risque."
    )


LEVEL_BOTS = {"debutant": NoviceBot, "moyen": Explorer, "fort": PlannerBot}
