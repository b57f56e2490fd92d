"""What every subcommand shares: argparse speaking French, and the argument types that refuse
bad input in French."""

from __future__ import annotations

import argparse

from ..catalog import GAMES

FRENCH = {
    "usage: ": "usage : ",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    # argparse writes a heading then ":"; French wants a space before it
    "positional arguments": "arguments ",
    "options": "options ",
    "show this help message and exit": "afficher cette aide et quitter",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "choix invalide : %(value)r (parmi %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valeur invalide (%(type)s) : %(value)r",
    "the following arguments are required: %s": "arguments manquants : %s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "expected one argument": "une valeur attendue",
    "expected at most one argument": "au plus une valeur attendue",
    "expected at least one argument": "au moins une valeur attendue",
    "ambiguous option: %(option)s could match %(matches)s": (
        "option ambiguë : %(option)s peut être %(matches)s"
    ),
    "ignored explicit argument %r": "valeur %r ignorée",
    "not allowed with argument %s": "incompatible avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est requis",
}


def _french(message: str) -> str:
    return FRENCH.get(message, message)


def _french_plural(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return "%s valeur attendue" if n == 1 else "%s valeurs attendues"
    return singular if n == 1 else plural


# argparse looks its words up through these module globals at call time: the command speaks French.
argparse._ = _french
argparse.ngettext = _french_plural


def entier(text: str) -> int:
    """An int for argparse, named so that its error reads « valeur invalide (entier) »."""
    return int(text)


def count(text: str) -> int:
    """A number of games or processes for argparse: at least one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"valeur invalide (entier) : {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"il en faut au moins 1, pas {value}")
    return value


def game_id(text: str) -> str:
    """A game id for argparse, refused in French with a pointer to the list."""
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"jeu inconnu : {text!r} (la liste : jeux list)")
    return text


def port_number(text: str) -> int:
    """A TCP port for argparse (0: any free one), refused in French out of range."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"port invalide : {text!r} (de 0 à 65535)")
    return int(text)


def match_id(text: str) -> int:
    """A match number for argparse, refused in French."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"numéro de partie invalide : {text!r} (jeux history)")
    return int(text)
