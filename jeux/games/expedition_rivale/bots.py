"""L'Expédition Rivale's robots at three levels (RULINGS.md §24). Each is handed its
seat's view: the other hand and the deck are only counts there, but for the cards it saw.

Débutant plays the quick greedy policy itself. Moyen weighs each move from its view alone, by a
few plain measures of the move (`WeighingBot`); Fort looks ahead from many imagined deals of the
cards it cannot see (`ExplorerBot`)."""

from __future__ import annotations

from random import Random

from jeux.engine.bots import Robot, best_in_imagined_worlds
from jeux.engine.core import Action

from .rules import (
    ARTIFACTS,
    BY_KEY,
    CONDITIONS,
    DISCARD,
    DRAFT,
    DRAW,
    DRAW_ACTION,
    KEEP,
    OVER,
    PASS,
    PICKS,
    PLAY,
    PLAYS,
    STEAL,
    TURN,
    Artifact,
    ExpeditionState,
    Pick,
    previous_turn,
    score,
)

WORLDS = 80
"""Deals of the unseen cards Fort imagines for each decision. They use some of the
thinking time it may take: over the same 400 games against the look-ahead Moyen once was (six
deals), seats rotated, 40 deals won 54.1 % (49.2–58.9), 80 deals 58.3 % (53.4–63.0) at 42 ms a
decision (median, the busy machine) and 160 deals 56.5 % (51.6–61.3) at 96 ms. Against the
weighing Moyen, 80 deals win 57.0 % (52.1–61.8) of 400 games, at 28 ms of CPU time a decision
(median; 50 ms at the 95th percentile)."""


def unseen(view: ExpeditionState) -> list[Artifact]:
    """The cards whose place this view does not show, in catalogue order."""
    shown = {
        *view.hands[0],
        *view.hands[1],
        *view.played[0],
        *view.played[1],
        *view.discard,
        *view.deck,
        *view.looked,
        *view.packs[0],
        *view.packs[1],
    }
    return [a for a in ARTIFACTS if a not in shown]


def imagine(view: ExpeditionState, rng: Random) -> ExpeditionState:
    """One whole state consistent with the view: the unseen cards dealt at random to the
    opponent's unknown hand cards and under the known top of the deck."""
    world = view.clone()
    pool = unseen(view)
    rng.shuffle(pool)
    for seat in (0, 1):
        world.hands[seat] += pool[: view.hidden[seat]]
        pool = pool[view.hidden[seat] :]
    world.deck += pool[: view.hidden[2]]
    world.hidden = [0, 0, 0]
    return world


def greedy(state: ExpeditionState, rng: Random) -> Action:
    """The quick policy of imagined futures: lay the best card allowed, now and then draw."""
    if state.phase == TURN:
        cards = state.playable(state.turn)
        if cards and (not state.deck_size() or rng.random() < 0.8):
            return PLAYS[max(cards, key=lambda c: c.value + rng.random()).key]
        return DRAW_ACTION if state.deck_size() else PASS
    choices = [BY_KEY[a.card] for a in state.legal_actions()]
    if state.phase == DISCARD and state.to_move() != state.turn:
        return PICKS[min(choices, key=lambda c: c.value).key]
    return PICKS[max(choices, key=lambda c: c.value + rng.random()).key]


def result_for(state: ExpeditionState, seat: int) -> float:
    """A win counts most; the margin separates wins and losses of the same kind."""
    standings = state.standings()
    ours, others = standings[seat], standings[1 - seat]
    return (ours > others) - (ours < others) + (ours[0] - others[0]) / 20


def obvious_move(view: ExpeditionState, rng: Random) -> Action | None:
    """What Moyen and Fort play alike: the only move allowed, or a draft pick (the best card
    of the pack, ties broken at random); None when the move is worth weighing."""
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if view.phase == DRAFT:
        return Pick(max(view.packs[view.to_move()], key=lambda c: c.value + rng.random()).key)
    return None


class BeginnerBot(Robot):
    """Débutant: the quick greedy policy itself, from its view (it lays its best card
    allowed, and now and then draws instead)."""

    def choose(self, view: ExpeditionState) -> Action:
        if view.phase == DRAFT:
            return Pick(max(view.packs[view.to_move()], key=lambda c: c.value).key)
        return greedy(view, self.rng)


# --- Moyen: each move weighed from the view alone ----------------------------------------

DRAW_WEIGHTS = {
    "base": 0.015,
    "deck": -0.017,  # per card left in the deck
    "hand": -0.072,  # per card in one's hand
    "my_played": -0.054,  # per card laid before oneself
    "their_played": 0.021,
    "their_hand": 0.016,
    "unseen_value": 0.129,  # the mean value of the cards one has not seen
    "unseen_allowed": -0.041,  # their mean value if allowed at one's next turn
    "best_unseen_allowed": 0.038,
    "drew_last": 0.032,  # one drew at one's previous turn
    "deck_3": -0.099,
    "last_card_ahead": 0.232,  # drawing the last card ends the game: a win when ahead
    "last_card_behind": -0.165,
    "two_left_behind": -0.309,  # the opponent, ahead, would end the game at once
}
PLAY_WEIGHTS = {"gain": 0.045, "killed": -0.056}
OUTLOOK_WEIGHT = 0.048
CARD_WEIGHTS = {
    "statuette": 0.030,
    "bracelet": 0.001,
    "fresque": -0.113,
    "pierre": -0.004,
    "urne": 0.065,
    "parchemin": 0.054,
    "collier": -0.014,
    "jumelle": 0.043,
    "idole_brisee": 0.003,
    "offrande": 0.026,
    "griffe": -0.005,
    "serre": 0.044,
    "masque": 0.101,
    "serpent": -0.258,  # best kept for a richer theft
    "tablette": 0.180,  # a card to keep as well
    "sablier": 0.167,  # a turn more
    "lame": -0.062,
    "oeil": -0.163,
}
"""Moyen's weights: the drawing against the laying of a card, and each card's own lean on top
of what it brings. Fitted by least squares to what a look-ahead makes of each move in 2,000
positions of robot games (24 imagined deals of the unseen cards, each played to the end by
Moyen itself), after a first fit to the look-ahead of `ExplorerBot`'s quick greedy policy.
Against the look-ahead it replaced (six deals), seats rotated, the first fit won 47.2 % of 1,500
games (44.7–49.8); this one 53.2 % of 1,000 other games (50.1–56.2)."""

OTHERS_ALLOWED = 0.2
"""In the outlook of a hand, each card allowed beside the best one: one lays but one a turn."""

DEAD_AT = {"statuette": 1, "fresque": 3, "masque": 3, "oeil": 4}
"""Cards whose condition fails for good once this many cards lie before their owner (barring a
Masque Maudit): laying another card first kills them."""

PLACEHOLDER = Artifact("?", "?", "", "", 2)
"""A card the opponent may lay before one's next turn, as Moyen imagines it."""


def worth(cards: list[Artifact], card: Artifact) -> int:
    """What `card` adds to the final score of `cards`, which hold it (its bonus with them)."""
    return score(cards) - score([c for c in cards if c is not card])


def gain(view: ExpeditionState, seat: int, card: Artifact) -> int:
    """The points laying `card` brings: its worth, and what its effect takes from the opponent
    (the Serpent the best card to steal, the Masque the card the opponent cares least for)."""
    mine, theirs = view.played[seat], view.played[1 - seat]
    points = worth([*mine, card], card)
    if card.key == "serpent" and theirs:
        points += max(worth(theirs, c) + worth([*mine, card, c], c) for c in theirs)
    elif card.key == "masque" and theirs:
        points += min(worth(theirs, c) for c in theirs)
    return points


def next_turn(
    view: ExpeditionState, seat: int, laid: Artifact | None, theirs: str
) -> ExpeditionState:
    """The table at `seat`'s next turn as far as conditions go, once it laid `laid` (or drew)
    and the opponent did `theirs` (laying a placeholder)."""
    played = [list(view.played[0]), list(view.played[1])]
    hands = [list(view.hands[0]), list(view.hands[1])]
    if laid:
        played[seat].append(laid)
        hands[seat].remove(laid)
    if theirs == PLAY:
        played[1 - seat].append(PLACEHOLDER)
    history = [*view.history, (seat, PLAY if laid else DRAW), (1 - seat, theirs)]
    state = ExpeditionState(view.players, view.options, [], hands, played, [], history)
    state.hidden = view.hidden
    return state


def outlook(view: ExpeditionState, seat: int, laid: Artifact | None) -> float:
    """How well the hand left may be laid at the next turn, whether the opponent draws or
    lays: the best card allowed then, and a little for the others."""
    total = 0.0
    for theirs in (DRAW, PLAY):
        state = next_turn(view, seat, laid, theirs)
        allowed = sorted(c.value for c in state.playable(seat))
        if allowed:
            total += allowed[-1] + OTHERS_ALLOWED * sum(allowed[:-1])
    return total / 2


def draw_score(view: ExpeditionState, seat: int) -> float:
    """What drawing is worth: the hand one would have, what the deck may still give, and the
    end of the game near (who draws the last card ends it)."""
    opp, left = 1 - seat, view.deck_size()
    standings = view.standings()
    ahead, behind = standings[seat] > standings[opp], standings[seat] < standings[opp]
    pool = unseen(view)
    later = next_turn(view, seat, None, DRAW)
    allowed = [c.value for c in pool if CONDITIONS[c.key](later, seat, opp)]
    last_call = view.options.get("dernier_tour", False)
    terms = {
        "base": 1,
        "deck": left,
        "hand": view.hand_size(seat),
        "my_played": len(view.played[seat]),
        "their_played": len(view.played[opp]),
        "their_hand": view.hand_size(opp),
        "unseen_value": sum(c.value for c in pool) / len(pool) if pool else 0,
        "unseen_allowed": sum(allowed) / len(pool) if pool else 0,
        "best_unseen_allowed": max(allowed, default=0),
        "drew_last": previous_turn(view.history, seat) == DRAW,
        "deck_3": left == 3,
        "last_card_ahead": left == 1 and ahead and not last_call,
        "last_card_behind": left == 1 and behind and not last_call,
        "two_left_behind": left == 2 and behind and not last_call,
    }
    weighted = sum(DRAW_WEIGHTS[name] * value for name, value in terms.items())
    return weighted + OUTLOOK_WEIGHT * outlook(view, seat, None)


def play_score(view: ExpeditionState, seat: int, card: Artifact) -> float:
    """What laying `card` is worth: its points, the cards of the hand it would kill for good,
    the hand it leaves playable and the card's own lean."""
    laid = len(view.played[seat])
    killed = sum(
        c.value
        for c in view.hands[seat]
        if c is not card and laid < DEAD_AT.get(c.key, len(ARTIFACTS)) <= laid + 1
    )
    return (
        PLAY_WEIGHTS["gain"] * gain(view, seat, card)
        + PLAY_WEIGHTS["killed"] * killed
        + OUTLOOK_WEIGHT * outlook(view, seat, card)
        + CARD_WEIGHTS[card.key]
    )


class WeighingBot(Robot):
    """Moyen: weighs each move from its view alone, in a tenth of a millisecond where a look-ahead
    takes several (the weights are fitted to a look-ahead's estimates): drawing, against each
    card allowed for its points, the hand it leaves playable and its own lean. An effect's
    choice goes to the card that weighs most."""

    def choose(self, view: ExpeditionState) -> Action:
        if (move := obvious_move(view, self.rng)) is not None:
            return move
        seat = view.to_move()
        if view.phase == TURN:
            return self.turn(view, seat)
        return PICKS[self.pick(view, seat).key]

    @staticmethod
    def turn(view: ExpeditionState, seat: int) -> Action:
        plays = {card: play_score(view, seat, card) for card in view.playable(seat)}
        if not plays:  # a draw, or a pass on the last call
            return view.legal_actions()[0]
        best = max(plays, key=plays.__getitem__)
        if view.final or not view.deck_size() or draw_score(view, seat) < plays[best]:
            return PLAYS[best.key]
        return DRAW_ACTION

    @staticmethod
    def pick(view: ExpeditionState, seat: int) -> Artifact:
        """The Masque's victim keeps what it cares most for, the poseur takes it (under that
        option); the Serpent steals the card worth most to both; the Tablette keeps the best
        card and puts the least one back on top, for the opponent to draw."""
        theirs, mine = view.played[1 - view.turn], view.played[view.turn]
        if view.phase == DISCARD:
            choose = min if seat != view.turn else max
            return choose(theirs, key=lambda c: worth(theirs, c))
        if view.phase == STEAL:
            return max(theirs, key=lambda c: worth(theirs, c) + worth([*mine, c], c))
        choose = max if view.phase == KEEP else min
        return choose(view.looked, key=lambda c: c.value)


class ExplorerBot:
    """Fort: looks ahead from its seat's view: for each move, the same imagined deals of the
    cards it has not seen, each played to the end by a quick greedy policy; many deals, so its
    estimates are little at the mercy of chance."""

    def __init__(self, seed: int | str | None = None, worlds: int = WORLDS) -> None:
        self.rng = Random(seed)
        self.worlds = worlds

    def choose(self, view: ExpeditionState) -> Action:
        if (move := obvious_move(view, self.rng)) is not None:
            return move
        seat = view.to_move()
        return best_in_imagined_worlds(
            view.legal_actions(),
            lambda: imagine(view, self.rng),
            lambda world, action, rng: self.play_out(world, action, seat, rng),
            self.worlds,
            self.rng,
        )

    @staticmethod
    def play_out(world: ExpeditionState, action: Action, seat: int, rng: Random) -> float:
        world._apply(action, rng)
        while world.phase != OVER:
            world._apply(greedy(world, rng), rng)
        return result_for(world, seat)


LEVEL_BOTS = {"debutant": BeginnerBot, "moyen": WeighingBot, "fort": ExplorerBot}
