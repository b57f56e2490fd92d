"""The explicit list of games: metadata for the menu, engines and screens imported lazily."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING

from .engine.info import GameInfo

if TYPE_CHECKING:
    from .engine.core import Game

DES, CARTES = "dés", "cartes"


def _info(
    id, title, pitch, lo, hi, family, handoff=False, available=False, history=False
) -> GameInfo:
    return GameInfo(id, title, pitch, lo, hi, family, lo == 1, handoff, available, history)


GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        # Solo
        _info(
            "scoundrel",
            "Scoundrel",
            "Traverse un donjon de 44 cartes avec 20 points de vie.",
            1,
            1,
            CARTES,
            available=True,
        ),
        _info(
            "le_signal",
            "Le Signal",
            "Un d20, un événement autour de toi : raconte la suite.",
            1,
            1,
            DES,
            available=True,
            history=True,
        ),
        _info(
            "pyramide_escape",
            "Pyramide Escape",
            "Fuis la pyramide avant que la fatigue ne t'écrase.",
            1,
            1,
            CARTES,
            available=True,
        ),
        _info(
            "new_day_666",
            "New Day 666",
            "Chaque jour, trois dés écrivent ton histoire.",
            1,
            1,
            DES,
            available=True,
            history=True,
        ),
        # Dés
        _info(
            "the_last_spell",
            "The Last Spell",
            "Lance un sort toujours plus puissant… sans exploser.",
            2,
            6,
            DES,
            available=True,
        ),
        _info(
            "le_5000",
            "Le 5000",
            "Des 1, des 5, des brelans : atteins 5\u00a0000 points.",
            1,
            8,
            DES,
            available=True,
        ),
        _info(
            "le_capitaine",
            "Le Capitaine",
            "Un bateau, un capitaine, un équipage : puis la cargaison.",
            1,
            8,
            DES,
            available=True,
        ),
        _info(
            "des_bloques",
            "Les dés bloqués",
            "Dix tours, et les 2 et les 5 bloquent tout.",
            1,
            8,
            DES,
            available=True,
        ),
        _info(
            "lucky_odds",
            "Lucky Odds",
            "Les paires qui font 7 sortent : vise 50 pile.",
            1,
            6,
            DES,
            available=True,
        ),
        _info(
            "mystere_au_manoir",
            "Mystère au Manoir",
            "Enquête au manoir : témoins, indices et 100 points.",
            1,
            6,
            DES,
            available=True,
        ),
        _info(
            "sortie_20",
            "Sortie 20",
            "Pousse ta chance jusqu'à 20 points, sans sortir.",
            1,
            6,
            DES,
            available=True,
        ),
        _info(
            "trois_couronnes",
            "Le Jeu des Trois Couronnes",
            "Couronne, Seigneur, Peuple : bâtis ton royaume en sept manches.",
            1,
            4,
            DES,
            available=True,
        ),
        _info(
            "pilleurs_de_tombe",
            "Les pilleurs de tombe",
            "Avance dans la tombe, ramasse les artefacts, évite l'éboulement.",
            2,
            6,
            DES,
            available=True,
        ),
        _info(
            "the_killer",
            "The Killer",
            "Douze points de vie et des dés qui frappent.",
            2,
            8,
            DES,
            available=True,
        ),
        _info(
            "meaning_dice",
            "Meaning Dice",
            "Des dés qui racontent, un·e meneur·euse qui tranche.",
            2,
            6,
            DES,
            available=True,
            history=True,
        ),
        _info(
            "cite_des_voleurs",
            "La Cité des Voleurs",
            "Vole les jetons de tes rivaux, vide le pot.",
            2,
            6,
            DES,
            available=True,
        ),
        _info(
            "gladiators_duel",
            "Gladiator's Duel",
            "Un duel de dés à deux, ou seul·e contre le robot.",
            2,
            2,
            DES,
            handoff=True,
            available=True,
        ),
        _info(
            "dice_of_madness",
            "Lovecraftian Dice of Madness",
            "Gagne du savoir interdit avant de sombrer dans la folie.",
            1,
            6,
            DES,
            available=True,
        ),
        _info(
            "le_labyrinthe",
            "Le Labyrinthe",
            "Dix étapes, cinq points de vie, un d20.",
            1,
            2,
            DES,
            available=True,
        ),
        # Cartes
        _info(
            "arcane_duel",
            "Arcane Duel",
            "Un duel de sorts et de parades.",
            2,
            4,
            CARTES,
            True,
            True,
        ),
        _info(
            "arcane_arena",
            "Arcane Arena",
            "L'arène des mages : seize cartes, un·e survivant·e.",
            2,
            4,
            CARTES,
            True,
            available=True,
        ),
        _info(
            "aria",
            "Cartes Divinités Aria",
            "Les dieux d'Aria s'affrontent dans l'arène.",
            2,
            4,
            CARTES,
            True,
            available=True,
        ),
        _info(
            "deck_menteur",
            "Deck menteur",
            "Pose tes cartes face cachée… et mens.",
            2,
            4,
            CARTES,
            True,
            available=True,
        ),
        _info(
            "push_to_five",
            "Push to Five",
            "Pousse tes cartes jusqu'à quinze.",
            1,
            6,
            CARTES,
            available=True,
        ),
        _info(
            "coffre_et_cle",
            "Le Coffre et la Clé",
            "Rôles secrets : qui garde la clé ?",
            4,
            8,
            CARTES,
            True,
            available=True,
        ),
        _info(
            "expedition_rivale",
            "L'Expédition Rivale",
            "Deux expéditions, un seul trésor.",
            2,
            2,
            CARTES,
            True,
            available=True,
        ),
    )
}


def load_game(game_id: str) -> Game:
    """The engine of a game (its declaration in game.py), imported on first use."""
    return import_module(f"jeux.games.{game_id}.game").GAME


def load_screen(game_id: str) -> type:
    """The Textual screen class of a game, imported on first use."""
    return import_module(f"jeux.games.{game_id}.screen").SCREEN


def available() -> list[GameInfo]:
    return [info for info in GAMES.values() if info.available]


def has_engine(game_id: str) -> bool:
    """Whether the game's engine exists yet, declared in its game.py (engines may land before
    their screen)."""
    return find_spec(f"jeux.games.{game_id}") is not None and bool(
        find_spec(f"jeux.games.{game_id}.game")
    )
