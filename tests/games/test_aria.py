"""Cartes Divinités Aria (RULINGS.md §20): Arena's engine with the gods' cards; the quoted
and derived cases and the three special cases (ARIA-2 piercing, ARIA-3 the steal as an
attack, ARIA-4 combinations in reaction), with forced decks."""

from collections import Counter
from pathlib import Path

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.reactions import WHEN_ABLE
from jeux.engine.testing import ForcedRng
from jeux.games.arcane_arena.present import question
from jeux.games.arcane_arena.rules import (
    HEAL,
    REACT,
    REWARD,
    Cast,
    React,
    Reward,
)
from jeux.games.aria import rules
from jeux.games.aria.cards import ARIA
from jeux.games.aria.game import GAME

from .test_arcane_arena import hold, new, play


def aria(players: int = 2, **options):
    return new(players, GAME, **options)


def test_aria_1_deck_is_3_3_3_plus_7_unique():
    counts = Counter(spell.name for spell in ARIA.deck())
    assert len(ARIA.deck()) == 16
    assert counts["Mensonge de Gobie"] == counts["Bouclier de l'Exilé"] == 3
    assert counts["Bénédiction d'Ina"] == 3
    assert sum(1 for n in counts.values() if n == 1) == 7
    assert len(ARIA.combos) == 4  # ARIA-5


def test_aria_uses_its_own_cards_and_arena_rules():
    state = aria(3)
    assert state.book is ARIA and [len(h) for h in state.hands] == [2, 2, 2]
    assert {c.card.name for c in state.hands[0]} == {"Mensonge de Gobie"}
    assert GAME.info.id == "aria"


def test_aria_colere_de_la_mer_3_to_the_target_1_to_self():
    state = aria()
    cards = hold(state, 0, "Fureur de Qalil", "Protection des Profondeurs")
    play(state, Cast(cards, 1), React())
    assert state.hp == [8, 6] and state.phase == REWARD


def test_aria_regeneration_divine_heals_3():
    state = aria()
    state.hp[0] = 4
    cards = hold(state, 0, "Bénédiction d'Ina", "Bénédiction d'Ina")
    play(state, Cast(cards))
    assert state.hp[0] == 7


def test_aria_2_mensonge_ignores_a_shield():
    state = aria()
    (lie,) = hold(state, 0, "Mensonge de Gobie")
    hold(state, 1, "Bouclier de l'Exilé")
    events = play(state, Cast((lie,), 1))
    assert state.phase != REACT and state.hp[1] == 8  # ARIA-3 (0.4): not even asked
    assert len(state.hands[1]) == 1
    assert any("ignore les défenses" in e.describe() for e in events)


def test_aria_2_veil_still_stops_mensonge():
    state = aria()
    state.veiled[1] = True
    (lie,) = hold(state, 0, "Mensonge de Gobie")
    play(state, Cast((lie,), 1))
    assert state.hp[1] == 9


def test_aria_2_option_allied_target_may_defend():
    state = aria(alliances=True)
    assert state.allied == [True, True]  # the forced coin says allied
    assert state.view(0).allied == [True, None]  # each seat knows only its own
    (lie,) = hold(state, 0, "Mensonge de Gobie")
    (shield,) = hold(state, 1, "Bouclier de l'Exilé")
    play(state, Cast((lie,), 1))
    assert state.phase == REACT
    play(state, React((shield,)))
    assert state.hp[1] == 9


def not_allied(state, seat: int):
    state.allied[seat] = False  # the forced coin says allied: this seat lost the toss
    return state


def test_aria_6_a_secret_non_ally_is_asked_and_told_why_on_its_screen_only():
    state = not_allied(aria(alliances=True), 1)
    (lie,) = hold(state, 0, "Mensonge de Gobie")
    (shield,) = hold(state, 1, "Bouclier de l'Exilé")
    events = play(state, Cast((lie,), 1))
    assert state.phase == REACT and state.to_move() == 1  # asked like any attacked seat
    assert state.legal_actions() == [React()]
    assert "pas allié·e" in state.refusal(React((shield,)))
    assert "ignore tes défenses" in question(state.view(1), 1)
    assert "Pare" not in question(state.view(1), 1)
    events += play(state, React())
    assert state.hp[1] == 8
    log = " ".join(e.describe() for e in events)
    assert "ignore" not in log and "Lina perd 1 PV" not in log and "perd 1 PV" in log


def test_aria_6_the_log_tells_an_ally_and_a_non_ally_alike():
    """What the table sees of a Mensonge taken without a parry is the same either way."""
    logs = []
    for allied in (True, False):
        state = aria(alliances=True)
        state.allied[1] = allied
        (lie,) = hold(state, 0, "Mensonge de Gobie")
        hold(state, 1, "Bénédiction d'Ina")
        events = play(state, Cast((lie,), 1), React())
        logs.append([e.describe() for e in events])
    assert logs[0] == logs[1]


def test_aria_6_with_the_quick_window_the_log_still_says_nothing_of_the_alliance():
    state = not_allied(aria(alliances=True, reaction_window=WHEN_ABLE), 1)
    (lie,) = hold(state, 0, "Mensonge de Gobie")
    hold(state, 1, "Bouclier de l'Exilé")
    events = play(state, Cast((lie,), 1))
    assert state.phase != REACT and state.hp[1] == 8
    assert not any("ignore" in e.describe() for e in events)


def test_aria_6_each_flag_is_an_even_coin_and_the_rules_say_so():
    from random import Random

    draws = [GAME.alliances(1, {"alliances": True}, Random(seed))[0] for seed in range(2000)]
    assert 900 < sum(draws) < 1100
    assert "une chance sur deux" in (Path(rules.__file__).parent / "regles.md").read_text()


def test_a_parry_is_offered_only_with_an_answer_in_hand():
    """A Bouclier does nothing against a steal (ARIA-3): no « Pare » is offered."""
    state = aria()
    (fish,) = hold(state, 0, "Main du Poisson")
    hold(state, 1, "Bouclier de l'Exilé", "Mensonge de Gobie")
    play(state, Cast((fish,), 1))
    assert state.phase == REACT
    assert question(state.view(1), 1) == "Rien en main ne pare cette attaque : encaisse (x)."


def test_aria_3_main_du_poisson_is_answered_by_the_mirror_only():
    state = aria()
    (fish,) = hold(state, 0, "Main du Poisson", "Fureur de Qalil")[:1]
    shield, mirror = hold(state, 1, "Bouclier de l'Exilé", "Miroir de la Magie Invisible")
    play(state, Cast((fish,), 1))
    assert state.phase == REACT
    assert state.legal_actions() == [React(), React((mirror,))]
    with pytest.raises(IllegalAction, match="seul un miroir"):
        play(state, React((shield,)))
    play(state, React((mirror,)))
    assert [c.card.name for c in state.hands[1]] == ["Bouclier de l'Exilé", "Fureur de Qalil"]
    assert len(state.hands[0]) == 0


def test_aria_3_main_du_poisson_triggers_immunity():
    state = aria()
    state.veiled[1] = True
    (fish,) = hold(state, 0, "Main du Poisson")
    hold(state, 1, "Bouclier de l'Exilé")
    play(state, Cast((fish,), 1))
    assert len(state.hands[1]) == 1 and len(state.hands[0]) == 0


def test_aria_4_forteresse_des_vents_in_reaction():
    state = aria()
    state.hp[1] = 5
    (fury,) = hold(state, 0, "Fureur de Qalil")
    wall = hold(state, 1, "Bouclier de l'Exilé", "Souffle d'Enlil")
    play(state, Cast((fury,), 1), React(wall))
    assert state.hp == [8, 6] and state.phase == REWARD and state.to_move() == 1


def test_aria_4_ruse_du_poisson_reflects_and_steals():
    state = aria()
    fury, other = hold(state, 0, "Fureur de Qalil", "Bénédiction d'Ina")
    ruse = hold(state, 1, "Main du Poisson", "Miroir de la Magie Invisible")
    play(state, Cast((fury,), 1), React(ruse), Reward(HEAL))
    assert state.hp == [9 - 1 - 2, 9]
    assert [c.card.name for c in state.hands[1]] == ["Bénédiction d'Ina"]
    assert not len(state.hands[0])


def test_aria_4_defensive_combinations_are_not_cast_on_ones_turn():
    state = aria()
    wall = hold(state, 0, "Bouclier de l'Exilé", "Souffle d'Enlil")
    casts = [a for a in state.legal_actions() if isinstance(a, Cast)]
    assert all(a.cards != wall for a in casts)


def test_aria_bot_plays_whole_matches():
    for players in (2, 4):
        state = aria(players, alliances=True)
        bot, rng = GAME.bot(0), ForcedRng()
        for _ in range(5000):
            if state.to_move() is None:
                break
            state.apply(bot.choose(state.view(state.to_move())), rng)
        assert state.to_move() is None
