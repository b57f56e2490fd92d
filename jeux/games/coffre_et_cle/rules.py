"""Le Coffre et la Clé (RULINGS.md §23): secret roles, blind swaps with the centre, and the
Treasure's designation of the Key; a wrong guess opens the public final votes.

Every card keeps its uid for the whole match and every move of a card is public (who swapped
with which centre card), so what a seat knows is simply the set of cards whose face it has
seen: its first card, the centre cards it observed, the cards it looked at after a swap. It
can follow each of them wherever they go. A blind swap leaves a seat with a card it has not
seen until it looks (CC-2); the view holds only the faces the seat knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from typing import Any

from jeux.engine.bots import Robot
from jeux.engine.core import (
    Action,
    Event,
    Outcome,
    State,
)
from jeux.engine.events import Passed
from jeux.engine.text import join_names

TRESOR, CLE, FACTICE, NEUTRE = "tresor", "cle", "factice", "neutre"
ROLE_NAMES = {TRESOR: "Trésor", CLE: "Clé", FACTICE: "Clé Factice", NEUTRE: "Neutre"}
SLOTS = ("gauche", "droite")
"""The two centre cards, as the table names them."""
LOCK_TURNS = 2
"""CC-4: an exchange locks through the end of the player's next turn."""

ACT, AFTER, DESIGNATE, VOTE, OVER = "action", "fin_de_tour", "designation", "vote", "fin"
MINUS_ONE, ALL = "n_moins_1", "n"
GUESSERS, LITERAL = "devineurs", "litteral"
KEY_FOUND, FAKE_KEY_DESIGNATED, FINAL_VOTE = "Clé trouvée", "Clé Factice désignée", "Vote final"
"""How a match ends (`Outcome.ending`): the Treasure's designation, or the final phase."""


@dataclass(frozen=True)
class RoleCard:
    """One card of the match; the uid (its deal position) tells cards apart in any view."""

    uid: int
    role: str

    @property
    def name(self) -> str:
        return ROLE_NAMES[self.role]


def deck(seats: int, neutrals: str) -> list[RoleCard]:
    """CC-1: N − 1 Neutrals, so N + 2 cards fill the hands and the centre; or N Neutrals,
    one card then set aside unseen. Uids are given after the shuffle."""
    count = seats - 1 if neutrals == MINUS_ONE else seats
    return [RoleCard(0, role) for role in (TRESOR, CLE, FACTICE, *[NEUTRE] * count)]


def slot_name(slot: int) -> str:
    return f"la carte du centre {SLOTS[slot]}"


# --- actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Observe(Action):
    """Look in secret at one centre card."""

    slot: int


@dataclass(frozen=True)
class Exchange(Action):
    """Swap one's card with a centre card, unseen; one's new card is locked (CC-4)."""

    slot: int


@dataclass(frozen=True)
class Force(Action):
    """Make another, unlocked seat swap its card with a centre card chosen unseen (CC-3)."""

    target: int
    slot: int


@dataclass(frozen=True)
class Pass(Action):
    pass


@dataclass(frozen=True)
class Look(Action):
    """Look at one's own card (CC-2): free, whenever it is one's decision."""


@dataclass(frozen=True)
class EndTurn(Action):
    """Hand the turn on without designating."""


@dataclass(frozen=True)
class Designate(Action):
    """The Treasure points at the seat it believes holds the Key (CC-9)."""

    target: int


@dataclass(frozen=True)
class Vote(Action):
    """Final phase: name the seat believed to hold the Fake Key (CC-7)."""

    target: int


# --- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Observed(Event):
    seat: int
    player: str
    slot: int

    def describe(self) -> str:
        return f"{self.player} regarde en secret {slot_name(self.slot)}."


@dataclass(frozen=True)
class SawCentre(Event):
    """What the observer saw, for the observer only."""

    reveals = True
    seat: int
    player: str
    slot: int
    card: RoleCard

    def describe(self) -> str:
        return f"Tu as vu {slot_name(self.slot)} (r pour la revoir)."

    def describe_openly(self) -> str:
        return f"{self.player} voit {slot_name(self.slot)} : {self.card.name}."


@dataclass(frozen=True)
class Exchanged(Event):
    seat: int
    player: str
    slot: int

    def describe(self) -> str:
        return f"{self.player} échange sa carte avec {slot_name(self.slot)} : verrouillée."


@dataclass(frozen=True)
class Forced(Event):
    seat: int
    player: str
    target: int
    target_name: str
    slot: int

    def describe(self) -> str:
        return f"{self.player} force {self.target_name} à échanger avec {slot_name(self.slot)}."


@dataclass(frozen=True)
class Looked(Event):
    """A seat looks at its own card; the log never names it to the seat (it would stay on
    screen), only to onlookers once the match is over."""

    reveals = True
    seat: int
    player: str
    card: RoleCard

    def describe(self) -> str:
        return "Tu as regardé ta carte."

    def describe_openly(self) -> str:
        return f"{self.player} regarde sa carte : {self.card.name}."


@dataclass(frozen=True)
class Designated(Event):
    """The Treasure points at a seat; both cards are turned for everyone."""

    reveals = True
    seat: int
    player: str
    target: int
    target_name: str
    card: RoleCard
    forced: bool = False

    def describe(self) -> str:
        why = " (fin des tours)" if self.forced else ""
        found = {
            CLE: "c'est la Clé !",
            FACTICE: "c'est la Clé Factice !",
        }.get(self.card.role, f"{self.card.name}, phase finale.")
        return f"{self.player}, le Trésor, désigne {self.target_name}{why} : {found}"


@dataclass(frozen=True)
class FinalPhase(Event):
    first: str
    why: str

    def describe(self) -> str:
        return f"{self.why} Phase finale : qui a la Clé Factice ? {self.first} commence.".strip()


@dataclass(frozen=True)
class Voted(Event):
    seat: int
    player: str
    target: int
    target_name: str

    def describe(self) -> str:
        return f"{self.player} accuse {self.target_name} d'avoir la Clé Factice."


@dataclass(frozen=True)
class RolesRevealed(Event):
    """The end: every card turned, for everyone."""

    reveals = True
    hands: tuple[RoleCard, ...]
    centre: tuple[RoleCard, ...]
    summary: str

    def describe(self) -> str:
        return f"Cartes retournées. {self.summary}"


# --- the state -------------------------------------------------------------------------


@dataclass
class CoffreState(State):
    players: tuple[str, ...]
    options: Mapping[str, Any]
    hands: list[RoleCard | None]
    """Each seat's card; None in a view where that seat does not know the face."""
    centre: list[RoleCard | None]
    aside: list[RoleCard | None]
    """CC-1 [OPTION]: the card set aside unseen."""
    known: list[frozenset[int]]
    """Uids of the cards whose face each seat has seen (a view keeps only its own)."""
    locks: list[int]
    """Turns of its own each seat stays locked, counting the current one (CC-4)."""
    phase: str = ACT
    turn: int = 0
    turns_played: int = 0
    observed: int | None = None
    """The centre card observed this turn, shown to the observer until the turn ends."""
    treasure: int | None = None
    """The seat that designated (or must designate): the Treasure, known to all from then."""
    voter: int = 0
    votes: dict[int, int] = field(default_factory=dict)
    winners: tuple[int, ...] = ()
    summary: str = ""
    ending: str = ""

    # --- queries -------------------------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == VOTE:
            return self.voter
        if self.phase == DESIGNATE:
            return self.treasure
        return self.turn

    def whose_turn(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def decides_in_secret(self) -> bool:
        """The final votes are public and said aloud: no handoff between voters (CC-7)."""
        return self.phase != VOTE

    @property
    def limit(self) -> int:
        """CC-5: the number of turns before the game must end."""
        return self.options.get("tours", 3) * self.seats

    def locked(self, seat: int) -> bool:
        return self.locks[seat] > 0

    def knows_own(self, seat: int) -> bool:
        card = self.hands[seat]
        return card is not None and card.uid in self.known[seat]

    def own_role(self, seat: int) -> str | None:
        """The role `seat` knows it holds, or None if it has not looked since its last swap."""
        return self.hands[seat].role if self.knows_own(seat) else None

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.seats) if s != seat]

    def legal_actions(self) -> list[Action]:
        mover = self.to_move()
        if mover is None:
            return []
        look: list[Action] = [] if self.knows_own(mover) else [Look()]
        if self.phase == ACT:
            actions: list[Action] = [Observe(slot) for slot in range(len(SLOTS))]
            if not self.locked(mover):
                actions += [Exchange(slot) for slot in range(len(SLOTS))]
            actions += [
                Force(target, slot)
                for target in self.others(mover)
                if not self.locked(target)
                for slot in range(len(SLOTS))
            ]
            return [*actions, Pass(), *look]
        if self.phase == AFTER:
            designate = [Designate(t) for t in self.others(mover)]
            return [EndTurn(), *look, *(designate if self.own_role(mover) == TRESOR else [])]
        if self.phase == DESIGNATE:
            return [*(Designate(t) for t in self.others(mover)), *look]
        return [*(Vote(t) for t in self.others(mover)), *look]

    def refusal(self, action: Action) -> str:
        mover = self.to_move()
        if isinstance(action, Exchange) and mover is not None and self.locked(mover):
            return "Ta carte est verrouillée : pas d'échange avant la fin de ton prochain tour."
        if isinstance(action, Force):
            if action.target == mover:
                return "On force un autre joueur, pas soi-même."
            if 0 <= action.target < self.seats and self.locked(action.target):
                return "Cette place est verrouillée : on ne peut pas la forcer."
        if isinstance(action, Designate):
            return "Seul le Trésor désigne, juste après son action, et pas lui-même."
        if isinstance(action, Vote):
            return "On désigne un autre joueur que soi."
        if isinstance(action, Look):
            return "Tu connais déjà ta carte."
        if self.phase == AFTER:
            return "Ton action est faite : finis ton tour."
        return super().refusal(action)

    def prompt(self) -> str:
        if self.phase == DESIGNATE:
            return "les tours sont écoulés, tu as le Trésor : désigne la Clé."
        return ""

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        scores = tuple(int(s in self.winners) for s in range(self.seats))
        if not self.winners:  # everyone shares the same nothing
            return Outcome(scores, (1,) * self.seats, self.summary, won=False, ending=self.ending)
        ranks = tuple(1 if s in self.winners else 2 for s in range(self.seats))
        return Outcome(scores, ranks, self.summary, ending=self.ending)

    def holder(self, role: str) -> int | None:
        return next((s for s, c in enumerate(self.hands) if c and c.role == role), None)

    # --- privacy -------------------------------------------------------------------

    def cards(self) -> list[RoleCard]:
        return [c for c in (*self.hands, *self.centre, *self.aside) if c is not None]

    def view(self, seat: int | None) -> CoffreState:
        """The faces `seat` has seen, wherever they lie now; None is a spectator, who sees
        the faces every seat has seen (a Treasure designated, the designated card)."""
        if self.phase == OVER:
            return self
        seen = self.known[seat] if seat is not None else frozenset.intersection(*self.known)

        def face(card: RoleCard | None) -> RoleCard | None:
            return card if card is not None and card.uid in seen else None

        return CoffreState(
            self.players,
            self.options,
            hands=[face(c) for c in self.hands],
            centre=[face(c) for c in self.centre],
            aside=[face(c) for c in self.aside],
            known=[seen if s == seat else frozenset() for s in range(self.seats)],
            locks=list(self.locks),
            phase=self.phase,
            turn=self.turn,
            turns_played=self.turns_played,
            observed=self.observed,
            treasure=self.treasure,
            voter=self.voter,
            votes=dict(self.votes),
        )

    def secrets(self, seat: int) -> frozenset[Any]:
        if self.phase == OVER:
            return frozenset()
        return frozenset(c for c in self.cards() if c.uid not in self.known[seat])

    def reveal_to_all(self, *cards: RoleCard) -> None:
        uids = {c.uid for c in cards}
        self.known = [k | uids for k in self.known]

    # --- moves ---------------------------------------------------------------------

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        mover = self.to_move()
        name = self.players[mover]
        if isinstance(action, Look):
            self.known[mover] |= {self.hands[mover].uid}
            return [Looked(mover, name, self.hands[mover], audience=(mover,))]
        if isinstance(action, Observe):
            card = self.centre[action.slot]
            self.known[mover] |= {card.uid}
            self.observed, self.phase = action.slot, AFTER
            return [
                Observed(mover, name, action.slot),
                SawCentre(mover, name, action.slot, card, audience=(mover,)),
            ]
        if isinstance(action, Exchange):
            self.swap(mover, action.slot)
            self.locks[mover], self.phase = LOCK_TURNS, AFTER
            return [Exchanged(mover, name, action.slot)]
        if isinstance(action, Force):
            self.swap(action.target, action.slot)
            self.phase = AFTER
            return [Forced(mover, name, action.target, self.players[action.target], action.slot)]
        if isinstance(action, Pass):
            self.phase = AFTER
            return [Passed(mover, name)]
        if isinstance(action, EndTurn):
            return self.end_turn()
        if isinstance(action, Designate):
            return self.designate(mover, action.target)
        return self.vote(mover, action.target)

    def swap(self, seat: int, slot: int) -> None:
        self.hands[seat], self.centre[slot] = self.centre[slot], self.hands[seat]

    def end_turn(self) -> list[Event]:
        """CC-4: a lock counts down at the end of its holder's turns. CC-5, CC-10: at the
        turn limit the Treasure must designate, or the final phase starts from seat 0. The
        holder is told its card; the others see it only once it has designated (CC-12)."""
        seat = self.turn
        self.locks[seat] = max(0, self.locks[seat] - 1)
        self.turns_played += 1
        self.observed = None
        if self.turns_played < self.limit:
            self.turn, self.phase = (seat + 1) % self.seats, ACT
            return []
        holder = self.holder(TRESOR)
        if holder is None:
            return self.start_votes(0, "Les tours sont écoulés et le Trésor n'est à personne.")
        self.treasure, self.phase = holder, DESIGNATE
        self.known[holder] |= {self.hands[holder].uid}
        return []

    def designate(self, seat: int, target: int) -> list[Event]:
        """The three outcomes of a designation (C 520–535)."""
        forced = self.phase == DESIGNATE
        card = self.hands[target]
        self.treasure = seat
        self.reveal_to_all(self.hands[seat], card)
        events: list[Event] = [
            Designated(seat, self.players[seat], target, self.players[target], card, forced)
        ]
        if card.role == CLE:
            return events + self.finish(
                (seat, target),
                f"{self.players[seat]} (Trésor) a trouvé la Clé chez "
                f"{self.players[target]} : victoire à deux.",
                KEY_FOUND,
            )
        if card.role == FACTICE:
            return events + self.finish(
                (target,),
                f"{self.players[target]}, la Clé Factice, a trompé le Trésor et gagne seul·e.",
                FAKE_KEY_DESIGNATED,
            )
        return events + self.start_votes((seat + 1) % self.seats, "")

    def start_votes(self, first: int, why: str) -> list[Event]:
        self.phase, self.voter, self.votes = VOTE, first, {}
        return [FinalPhase(self.players[first], why)]

    def vote(self, seat: int, target: int) -> list[Event]:
        self.votes[seat] = target
        events: list[Event] = [Voted(seat, self.players[seat], target, self.players[target])]
        self.voter = (seat + 1) % self.seats
        if len(self.votes) < self.seats:
            return events
        return events + self.resolve_votes()

    def resolve_votes(self) -> list[Event]:
        """CC-6: the right guessers win; the Fake Key wins alone if nobody found it. The
        literal option: the right guessers and the Fake Key, or nobody."""
        fake = self.holder(FACTICE)
        right = tuple(s for s, t in sorted(self.votes.items()) if t == fake)
        names = join_names([self.players[s] for s in right])
        literal = self.options.get("phase_finale", GUESSERS) == LITERAL
        if right and literal:
            return self.finish(
                tuple(sorted({*right, fake})),
                f"{names} {'a' if len(right) == 1 else 'ont'} trouvé la Clé Factice "
                f"({self.players[fake]}) : gagnent avec elle.",
                FINAL_VOTE,
            )
        if right:
            return self.finish(
                right,
                f"{names} {'a' if len(right) == 1 else 'ont'} trouvé la Clé Factice "
                f"({self.players[fake]}) et {'gagne' if len(right) == 1 else 'gagnent'}.",
                FINAL_VOTE,
            )
        if fake is not None and not literal:
            return self.finish(
                (fake,),
                f"Personne n'a trouvé {self.players[fake]}, la Clé Factice : seul·e.",
                FINAL_VOTE,
            )
        summary = "Personne n'a trouvé la Clé Factice : personne ne gagne."
        return self.finish((), summary, FINAL_VOTE)

    def finish(self, winners: tuple[int, ...], summary: str, ending: str) -> list[Event]:
        self.phase, self.winners, self.summary, self.ending = OVER, winners, summary, ending
        return [RolesRevealed(tuple(self.hands), tuple(self.centre), summary)]


# --- the robot -------------------------------------------------------------------------


class FillerBot(Robot):
    """A seat-filler (CC: no sensible robot for table talk): it plays legally from its view,
    looks at its card, designates or votes for a card it has seen when it can, else at random."""

    def choose(self, view: CoffreState) -> Action:
        legal = view.legal_actions()
        if Look() in legal:
            return Look()
        me = view.to_move()
        if view.phase == VOTE:
            return self.pick(view, me, FACTICE, Vote)
        if view.phase == DESIGNATE:
            return self.pick(view, me, CLE, Designate)
        if view.phase == AFTER:
            key = view.holder(CLE)
            if view.own_role(me) == TRESOR and key is not None and key != me:
                return Designate(key)
            return EndTurn()
        return self.rng.choice(legal)

    def pick(self, view: CoffreState, me: int, role: str, kind: type[Action]) -> Action:
        seen = view.holder(role)
        if seen is not None and seen != me:
            return kind(seen)
        return kind(self.rng.choice(view.others(me)))
