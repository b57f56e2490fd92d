"""Deck menteur's robots at three levels (RULINGS.md §21), each deciding from its seat's view.

Once the suit is announced only one thing about a card matters: whether it backs the claim
(its suit or a joker, DM-1). So the robots think of every hand as (matching, others) counts.
The seats they cannot see are guessed from the common pile's make-up: Moyen weighs the
accused's possible hands exactly, Fort deals the unseen cards many times over and plays each
candidate move to the end of the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from random import Random

from jeux.engine.bots import Robot
from jeux.engine.core import Action

from .rules import (
    ANNOUNCE,
    ANNOUNCEABLE,
    Accuse,
    Announce,
    DeckMenteurState,
    Play,
    common_pile,
    matches,
)

PILE = len(common_pile())
BACKING = sum(matches(c, ANNOUNCEABLE[0]) for c in common_pile())
"""Cards of the pile that back any announcement: its six cards of that suit and the jokers."""
BLUFF = 0.15
"""How often a player is taken to lie although it could have told the truth."""
LOOSE = 0.5
"""How often Fort imagines another seat playing as Débutant does rather than as Moyen: it
does not know how its rivals play, and must not be caught out by either style."""
WORLDS = 48
"""Deals Fort imagines per decision: enough to rank moves, within its time budget."""


def lie_chance(view: DeckMenteurState) -> float:
    """How likely the last play holds a card off the announced suit if its cards were taken
    at random from what this seat cannot see (Débutant's reckoning, and a certainty when
    more cards are claimed than can exist outside this seat's hand)."""
    me, play = view.turn, view.last_play
    if play is None:
        return 0.0
    mine = [c.card for c in view.hands[me]] + [
        c.card for p in view.plays if p.seat == me for c in p.cards
    ]
    unseen = PILE - len(mine)
    backing = BACKING - sum(matches(c, view.announced) for c in mine)
    if view.claimed(me) > backing:
        return 1.0
    count = len(play.cards)
    return 1.0 - comb(backing, count) / comb(unseen, count)


def held(view: DeckMenteurState, seat: int) -> tuple[list[int], list[int]]:
    """The uids of `seat`'s hand that back the announcement, and the others."""
    hand = view.hands[seat].cards
    honest = [c.uid for c in hand if matches(c.card, view.announced)]
    return honest, [c.uid for c in hand if not matches(c.card, view.announced)]


def strongest_suit(view: DeckMenteurState) -> str:
    hand = [c.card for c in view.hands[view.turn]]
    return max(ANNOUNCEABLE, key=lambda s: sum(matches(c, s) for c in hand))


# --- the round seen as counts ------------------------------------------------------------


def spend(matching: int, others: int, count: int, lie: bool) -> tuple[int, int]:
    """What a hand of counts keeps after playing `count` cards, a lie spending its other
    cards first (a liar keeps its true cards for later)."""
    if not lie:
        return matching - count, others
    used = min(others, count)
    return matching - (count - used), others - used


@cache
def model_lie(unseen: int, backing: int, size: int, plays: tuple[int, ...]) -> float:
    """The chance that the last of `plays` (card counts, oldest first) is a lie, for a seat
    dealt `size` cards from `unseen` cards of which `backing` match, if it tells the truth
    whenever it can (and bluffs now and then anyway)."""
    total = comb(unseen, size)
    if not plays or not total:
        return 0.0
    lying = 0.0
    for matching in range(max(0, size - (unseen - backing)), min(size, backing) + 1):
        weight = comb(backing, matching) * comb(unseen - backing, size - matching) / total
        left, others = matching, size - matching
        for count in plays[:-1]:
            left, others = spend(left, others, count, left < count)
        lying += weight * (left < plays[-1])
    return BLUFF + (1 - BLUFF) * lying


@dataclass
class Counts:
    """One seat in an imagined round: its hand as counts and what it knows of the pile."""

    matching: int
    others: int
    size: int
    """Cards dealt to it this round."""
    backing: int
    """Matching cards among those dealt to it."""
    plays: list[int]
    """Its plays' card counts this round."""
    loose: bool = False
    """Imagined to play as Débutant does (`loose_move`), rather than as Moyen."""

    @property
    def empty(self) -> bool:
        return self.matching + self.others == 0


@dataclass
class Round:
    """A round as counts: every hand the robot knows or imagines, the last play's truth."""

    seats: dict[int, Counts]
    order: list[int]
    """Seats in play, in table order."""
    turn: int
    last: tuple[int, bool] | None
    """The last play's seat and whether it lied."""
    max_play: int

    def copy(self) -> Round:
        seats = {
            s: Counts(p.matching, p.others, p.size, p.backing, list(p.plays), p.loose)
            for s, p in self.seats.items()
        }
        return Round(seats, self.order, self.turn, self.last, self.max_play)

    def follower(self) -> Counts:
        return self.seats[self.order[(self.order.index(self.turn) + 1) % len(self.order)]]

    def play(self, honest: int, lies: int) -> None:
        seat = self.seats[self.turn]
        seat.matching -= honest
        seat.others -= lies
        seat.plays.append(honest + lies)
        self.last = (self.turn, lies > 0)
        self.turn = self.order[(self.order.index(self.turn) + 1) % len(self.order)]

    def loser(self) -> int:
        """Who flips if the seat to move accuses."""
        assert self.last is not None
        accused, lied = self.last
        return accused if lied else self.turn

    def lie_chance(self) -> float:
        """How likely the last play is a lie, as the seat to move may judge it."""
        assert self.last is not None
        seat, accused = self.seats[self.turn], self.seats[self.last[0]]
        return model_lie(
            PILE - seat.size, BACKING - seat.backing, accused.size, tuple(accused.plays)
        )

    def blind_lie_chance(self) -> float:
        """`lie_chance` as Débutant reckons it: the last play's cards taken at random."""
        assert self.last is not None
        seat = self.seats[self.turn]
        unseen, backing = PILE - seat.size, BACKING - seat.backing
        claimed = sum(sum(s.plays) for s in self.seats.values() if s is not seat)
        count = self.seats[self.last[0]].plays[-1]
        if claimed > backing or comb(unseen, count) == 0:
            return 1.0
        return 1.0 - comb(backing, count) / comb(unseen, count)


ACCUSE = (0, 0)


def moyen_move(game: Round, bluff: float = 0.0, rng: Random | None = None) -> tuple[int, int]:
    """Moyen's move in counts: ACCUSE, or (true cards, lies) to play.

    It plays one card at a time, a true one while it has some, and accuses when a lie is
    likelier than its own risk of being caught later. A seat that must accuse next (its
    hand is empty) is handed a true card, or accused at once when there is none to hand."""
    seat = game.seats[game.turn]
    cornered = game.follower().empty
    if game.last is not None:
        if seat.empty or (cornered and not seat.matching):
            return ACCUSE
        chance = game.lie_chance()
        if chance >= 1 or (not cornered and chance >= (0.55 if seat.matching else 0.3)):
            return ACCUSE
    if seat.matching and (cornered or not seat.others or rng is None or rng.random() >= bluff):
        return 1, 0
    return (0, 1) if seat.others else (1, 0)


def loose_move(game: Round, rng: Random) -> tuple[int, int]:
    """Débutant's move in counts (`Debutant.choose`)."""
    seat = game.seats[game.turn]
    if game.last is not None:
        if seat.empty or rng.random() < game.blind_lie_chance() - 0.15:
            return ACCUSE
    if seat.matching and rng.random() < 0.8:
        return rng.randint(1, min(seat.matching, game.max_play)), 0
    return (0, 1) if seat.others else (1, 0)


def playout(game: Round, move: tuple[int, int], rng: Random) -> int:
    """Play `move`, then the round to its challenge, each seat by its imagined style: the
    seat that flips."""
    while move != ACCUSE:
        game.play(*move)
        if game.seats[game.turn].loose:
            move = loose_move(game, rng)
        else:
            move = moyen_move(game, BLUFF, rng)
    return game.loser()


def counts(view: DeckMenteurState, seat: int) -> Counts:
    """A seat of the view as counts: the seat to move exactly, another by its hand's size."""
    plays = [p for p in view.plays if p.seat == seat]
    size = len(view.hands[seat]) + sum(len(p.cards) for p in plays)
    if seat != view.turn:
        return Counts(0, len(view.hands[seat]), size, 0, [len(p.cards) for p in plays])
    honest, others = held(view, seat)
    backing = len(honest) + sum(matches(c.card, view.announced) for p in plays for c in p.cards)
    return Counts(len(honest), len(others), size, backing, [len(p.cards) for p in plays])


def known_round(view: DeckMenteurState) -> Round:
    """The round as the seat to move knows it: other hands by their size only."""
    seats = {s: counts(view, s) for s in view.alive_seats}
    last = view.last_play
    return Round(seats, view.alive_seats, view.turn, last and (last.seat, False), view.max_play)


def imagined_round(view: DeckMenteurState, rng: Random) -> Round:
    """The round with the unseen cards dealt at random among the other seats, each replaying
    its plays as a player who tells the truth when it can (bluffing now and then)."""
    game = known_round(view)
    me = game.seats[view.turn]
    unseen = [True] * (BACKING - me.backing) + [False] * (PILE - me.size - BACKING + me.backing)
    rng.shuffle(unseen)
    lies: dict[int, bool] = {}
    for number, seat in game.seats.items():
        if number == view.turn:
            continue
        seat.backing = sum(unseen[: seat.size])
        del unseen[: seat.size]
        matching, others = seat.backing, seat.size - seat.backing
        for count in seat.plays:
            lie = matching < count or (others > 0 and rng.random() < BLUFF)
            matching, others = spend(matching, others, count, lie)
            lies[number] = lie
        seat.matching, seat.others = matching, others
        seat.loose = rng.random() < LOOSE
    if game.last is not None:
        game.last = (game.last[0], lies[game.last[0]])
    return game


def to_action(view: DeckMenteurState, move: tuple[int, int]) -> Action:
    if move == ACCUSE:
        return Accuse()
    honest, others = held(view, view.turn)
    return Play(tuple(sorted(honest[: move[0]] + others[: move[1]])))


# --- the robots --------------------------------------------------------------------------


class Debutant(Robot):
    """Plays its matching cards, a random handful at a time, or a small bluff, and accuses
    when the last play looks like a lie, reckoning its cards were picked at random."""

    def choose(self, view: DeckMenteurState) -> Action:
        if view.phase == ANNOUNCE:
            return Announce(strongest_suit(view))
        if view.must_accuse():
            return Accuse()
        if view.can_accuse() and self.rng.random() < lie_chance(view) - 0.15:
            return Accuse()
        honest, bluff = held(view, view.turn)
        honest = honest[: view.max_play]
        if honest and self.rng.random() < 0.8:
            return Play(tuple(sorted(honest[: self.rng.randint(1, len(honest))])))
        return Play((self.rng.choice(bluff or honest),))


class Moyen(Robot):
    """One card at a time, the truth while it lasts, and an accusation weighed against the
    accused's possible hands (`moyen_move`)."""

    def choose(self, view: DeckMenteurState) -> Action:
        if view.phase == ANNOUNCE:
            return Announce(strongest_suit(view))
        return to_action(view, moyen_move(known_round(view)))


class Fort(Robot):
    """For each move it may make, deals the unseen cards `WORLDS` times consistently with
    what its seat saw and plays the round out, each rival imagined playing as Moyen or as
    Débutant; it takes the move whose challenge costs it least, a flip weighing by the
    flipper's chance of turning its Ace."""

    def choose(self, view: DeckMenteurState) -> Action:
        if view.phase == ANNOUNCE:
            return Announce(strongest_suit(view))
        if view.must_accuse():
            return Accuse()
        honest, others = (len(cards) for cards in held(view, view.turn))
        moves = [
            (h, b)
            for h in range(honest + 1)
            for b in range(others + 1)
            if 1 <= h + b <= view.max_play
        ]
        if view.can_accuse():
            moves.insert(0, ACCUSE)  # first: a sure win is taken at once
        worth = dict.fromkeys(moves, 0.0)
        for _ in range(WORLDS):
            world = imagined_round(view, self.rng)
            for move in moves:
                worth[move] += self.value(view, playout(world.copy(), move, self.rng))
        return to_action(view, max(moves, key=worth.__getitem__))

    @staticmethod
    def value(view: DeckMenteurState, loser: int) -> float:
        """A flip costs its seat its chance of turning the Ace, plus the pack it shrinks;
        another seat's flip is shared among the rivals."""
        cost = 1 / max(1, len(view.packs[loser])) + 0.25
        if loser == view.turn:
            return -cost
        return cost / (len(view.alive_seats) - 1)


LEVEL_BOTS = {"debutant": Debutant, "moyen": Moyen, "fort": Fort}
