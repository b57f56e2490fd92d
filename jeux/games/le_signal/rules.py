"""Le Signal (RULINGS.md §12 and §12b): an event seen around you, a d20, one line of story.

Three modes share one loop (a scene = an event, an action, a d20, a consequence):
free play ends when the player chooses, the challenge is won after 3 or 5 events or lost at
the third critical failure, and Le Sixième Signe adds a lucidity gauge. The themes change only
the writing prompts (SIG-5). The prompt deck is pure data drawn with the caller's rng: it is
never part of a match's randomness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from jeux.engine.bots import Robot
from jeux.engine.core import Action, Event, Outcome, State, free_text, ranks_from_scores
from jeux.engine.dice import roll
from jeux.engine.journal import JournalSection, sections_markdown
from jeux.engine.text import TURN_LIMIT, de

TEXT_LIMIT = 200
"""Longest line of story (event, action, consequence, clue, last note) an action may carry."""

SCENE_LIMIT = 100
"""The journal holds this many scenes, then the session closes (keeps every playout bounded)."""

CRITICAL_LIMIT = 3
"""Challenge: the third critical failure ends it at once (SIG-4)."""

LUCIDITY_START = LUCIDITY_MAX = 3
REVELATIONS_TO_WIN = 2

FREE, CHALLENGE, SIXTH_SIGN = "libre", "challenge", "sixieme_signe"
STRICT, ANY_NEGATIVE = "strict", "tout_negatif"

SCENE, CONSEQUENCE, OVER = "scène", "conséquence", "terminée"
"""The phases: write the event and roll; write the consequence; the session is over."""

STOPPED, FULL, WON, LOST = "arrêt", "carnet_plein", "gagné", "perdu"
"""How a session ended (`SignalState.ending`)."""
SESSION_ENDINGS = {STOPPED: "Dé rangé", FULL: TURN_LIMIT}
"""`Outcome.ending` of a session stopped or full, in any mode."""
STAKES_ENDINGS = {
    (CHALLENGE, WON): "Défi réussi",
    (CHALLENGE, LOST): "Trois échecs critiques",
    (SIXTH_SIGN, WON): "Deux révélations",
    (SIXTH_SIGN, LOST): "Lucidité perdue",
}
"""`Outcome.ending` of a session won or lost, by mode."""


# --- the d20 table ----------------------------------------------------------------------


@dataclass(frozen=True)
class Band:
    """One row of the d20 table, with its Sixième Signe mental effect."""

    key: str
    low: int
    high: int
    label: str
    meaning: str
    mental_label: str
    mental_meaning: str

    @property
    def faces(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"

    @property
    def negative(self) -> bool:
        """A negative mental effect (SS-2): the results a shield cancels."""
        return self.high <= 9


CRITICAL = Band(
    "critique",
    1,
    4,
    "échec critique",
    "les choses empirent",
    "Perte de lucidité",
    "−1 lucidité (hallucination, frayeur incontrôlable)",
)
PARTIAL = Band(
    "partiel",
    5,
    9,
    "échec partiel",
    "réussite, mais à un prix",  # SIG-2: the label stays, the meaning says the cost
    "Trouble mental léger",
    "rien ne change, mais le prochain trouble coûtera 1 lucidité",
)
MITIGATED = Band(
    "mitigee",
    10,
    14,
    "réussite mitigée",  # SIG-3: "réussit mitigée" in the text
    "on s'en sort, sans plus",
    "Stabilité mentale",
    "rien ne change",
)
GREAT = Band(
    "belle",
    15,
    19,
    "belle réussite",
    "la situation est maîtrisée",
    "Clarté précaire",
    "le prochain effet mental négatif sera ignoré",
)
GENIUS = Band(
    "genie",
    20,
    20,
    "coup de génie",
    "la situation se retourne, avantage total",
    "Révélation lucide",
    "+1 lucidité (max 3) et un indice clair",
)
BANDS: tuple[Band, ...] = (CRITICAL, PARTIAL, MITIGATED, GREAT, GENIUS)


def band_of(face: int) -> Band:
    """The row of the d20 table for one face (1–20)."""
    for band in BANDS:
        if band.low <= face <= band.high:
            return band
    raise ValueError(f"a d20 shows 1 to 20, not {face}")


# --- themes and the prompt deck (SIG-1, SIG-5) -------------------------------------------


@dataclass(frozen=True)
class Theme:
    key: str
    label: str
    pitch: str
    prompts: tuple[str, ...]


THEMES: tuple[Theme, ...] = (
    Theme(
        "survie",
        "Survie",
        "Survivant·e dans un monde hostile : chaque détail est une menace ou un abri.",
        (
            "Un chien me fixe sans bouger : suis-je repéré ?",
            "Un lampadaire clignote… un signal ?",
            "Une voiture garée, moteur tiède : zone à éviter.",
            "Une poubelle renversée : abri douteux pour la nuit ?",
            "Un corbeau se pose tout près et croasse deux fois.",
            "Une flaque d'eau trouble au milieu du chemin : boire ou passer ?",
            "Une porte entrouverte laisse filer un courant d'air froid.",
            "Des pas réguliers derrière moi, qui s'arrêtent quand je m'arrête.",
            "Une odeur de fumée monte de quelque part : feu de camp ou incendie ?",
            "Un sac abandonné sur un banc, fermeture à moitié ouverte.",
            "Le vent se lève d'un coup et le ciel vire au gris.",
            "Un bruit de moteur au loin, qui se rapproche.",
        ),
    ),
    Theme(
        "espion",
        "Espion",
        "Agent en mission : on observe, on est observé, rien n'est un hasard.",
        (
            "Cette vitrine a un reflet suspect… quelqu'un me suit ?",
            "Un passant consulte sa montre pour la troisième fois.",
            "Un graffiti frais sur un banc : un message codé ?",
            "Un téléphone sonne dans une cabine vide.",
            "Une voiture noire fait le tour du pâté de maisons.",
            "Quelqu'un a laissé un journal plié d'une drôle de façon.",
            "Une fenêtre s'allume puis s'éteint, trois fois de suite.",
            "Un livreur sans colis traîne devant l'entrée.",
            "Un pigeon porte quelque chose à la patte.",
            "Deux inconnus échangent une poignée de main un peu trop longue.",
            "Une caméra de surveillance pivote vers moi.",
            "Un ticket de caisse oublié, avec une adresse griffonnée au dos.",
        ),
    ),
    Theme(
        "surnaturel",
        "Surnaturel",
        "Le monde a une face cachée : les choses ordinaires laissent passer autre chose.",
        (
            "Une ombre bouge un instant après moi.",
            "Un miroir renvoie la pièce… mais pas tout à fait la même.",
            "Un chat noir s'assoit et refuse de détourner les yeux.",
            "Une horloge s'arrête sur 3 h 33.",
            "Un lampadaire s'éteint à mon passage, puis se rallume.",
            "Des voix étouffées derrière un mur où il n'y a personne.",
            "Une odeur de fleurs fanées dans une pièce vide.",
            "Une radio grésille et prononce mon prénom.",
            "Des traces de pas humides qui commencent au milieu du couloir.",
            "Un oiseau mort, intact, posé bien au centre du trottoir.",
            "Une porte qui grince alors qu'il n'y a pas de vent.",
            "Une vieille photo où un visage semble avoir changé d'expression.",
        ),
    ),
    Theme(
        "medieval",
        "Médiéval",
        "Voyageur d'un royaume ancien : routes, auberges, seigneurs et présages.",
        (
            "Un cavalier passe au galop sans porter de bannière.",
            "La cloche du village sonne hors de l'heure.",
            "Un mendiant me tend une pièce frappée d'un sceau inconnu.",
            "Un corbeau se pose sur la potence de la place.",
            "Une charrette bloque le pont, roue brisée.",
            "Une auberge éclairée, mais silencieuse comme une tombe.",
            "Un moine murmure une prière en me regardant.",
            "Des gardes fouillent les voyageurs à la porte de la ville.",
            "Un parchemin cloué sur un arbre, la cire encore chaude.",
            "Un feu de forge rougeoie sans forgeron.",
            "Un chien errant porte un collier aux armes d'un seigneur.",
            "Une marchande propose une fiole qui luit faiblement.",
        ),
    ),
    Theme(
        "journal",
        "Journal intérieur",
        "Chaque lancer est une pensée : un conflit intérieur né de ce qui est sous les yeux.",
        (
            "Une fenêtre éclairée en face : envie de compagnie ou besoin de solitude ?",
            "Une horloge qui avance : ai-je perdu mon temps aujourd'hui ?",
            "Un message non lu sur mon téléphone : répondre ou laisser attendre ?",
            "Un arbre qui perd ses feuilles : qu'est-ce que je devrais lâcher ?",
            "Une tasse refroidie sur la table : une promesse que je n'ai pas tenue.",
            "Un enfant qui rit dans la rue : quand ai-je ri comme ça la dernière fois ?",
            "Une pile de livres pas encore lus : trop d'envies, pas assez de temps ?",
            "Un nuage qui cache le soleil : cette inquiétude va-t-elle passer ?",
            "Une porte fermée : une conversation que j'évite.",
            "Mon reflet dans une vitre : qui suis-je devenu·e ?",
            "Une plante qui a besoin d'eau : de quoi ai-je besoin, moi ?",
            "Un chemin qui bifurque : rester sur la route connue ou changer ?",
        ),
    ),
)
THEMES_BY_KEY: dict[str, Theme] = {theme.key: theme for theme in THEMES}
PROMPTS: dict[str, tuple[str, ...]] = {theme.key: theme.prompts for theme in THEMES}


def draw_prompt(theme: str, rng: Random, avoid: Sequence[str] = ()) -> str:
    """A writing prompt of `theme`, drawn with the caller's rng (never the match's).

    Prompts in `avoid` (those already shown) are skipped until the deck runs out.
    """
    deck = PROMPTS.get(theme, PROMPTS["survie"])
    fresh = [prompt for prompt in deck if prompt not in avoid]
    return rng.choice(fresh or list(deck))


# --- actions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll(Action):
    """Face the event: `event` is what was seen, `action` what the player tries."""

    event: str = free_text(TEXT_LIMIT)
    action: str = free_text(TEXT_LIMIT)


@dataclass(frozen=True)
class Conclude(Action):
    """Close the scene with one sentence of consequence (the clue after a Sixième Signe 20)."""

    consequence: str = free_text(TEXT_LIMIT)


@dataclass(frozen=True)
class EndSession(Action):
    """Put the die away (free play and Le Sixième Signe); `note` is a last line."""

    note: str = free_text(TEXT_LIMIT)


# --- the journal -------------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    """One row of the journal (the score sheet of this game)."""

    number: int
    event: str
    action: str
    face: int
    band: Band
    consequence: str = ""
    mental: str = ""
    """Le Sixième Signe: what happened to the mind, in words ("" in the other modes)."""
    lucidity: int | None = None
    """Le Sixième Signe: lucidity after this scene."""

    @property
    def throw_text(self) -> str:
        return f"{self.face} → {self.band.label}"


# --- events ------------------------------------------------------------------------------


def _quoted(text: str) -> str:
    return f"« {text} »"


@dataclass(frozen=True)
class SignalRolled(Event):
    player: str
    scene: int
    event: str
    action: str
    face: int
    band: str
    label: str
    meaning: str

    def describe(self) -> str:
        seen = f", face à {_quoted(self.event)}," if self.event else ""
        tried = f" tente {_quoted(self.action)} et" if self.action else ""
        return (
            f"Scène {self.scene} : {self.player}{seen}{tried} lance le d20 : "
            f"{self.face}, {self.label} ({self.meaning})."
        )


@dataclass(frozen=True)
class MindChanged(Event):
    """Le Sixième Signe: the mental effect of one roll (SS-1, SS-2, SS-3)."""

    player: str
    effect: str
    """lost, shaken, shaken_cost, stable, shield, shield_used or revelation."""
    lost: int
    lucidity: int
    shaken: bool
    shield: bool
    revelations: int

    def describe(self) -> str:
        p = self.player
        gauge = f"lucidité {self.lucidity}/{LUCIDITY_MAX}"
        if self.effect == "lost":
            return f"{p} perd {self.lost} point{'s' * (self.lost > 1)} de lucidité ({gauge})."
        if self.effect == "shaken":
            return f"Trouble mental léger : l'esprit {de(p)} vacille ({gauge})."
        if self.effect == "shaken_cost":
            return (
                f"Le trouble revient : {p} perd {self.lost} point{'s' * (self.lost > 1)} ({gauge})."
            )
        if self.effect == "shield":
            return f"Clarté précaire : {p} ignorera le prochain effet mental négatif."
        if self.effect == "shield_used":
            return f"La clarté protège {p} : l'effet mental est ignoré ({gauge})."
        if self.effect == "revelation":
            return (
                f"Révélation lucide ! {p} voit un indice clair ({gauge}, "
                f"révélation {self.revelations} sur {REVELATIONS_TO_WIN})."
            )
        return f"Stabilité mentale : {p} résiste ({gauge})."


@dataclass(frozen=True)
class Decided(Event):
    """The roll that settles the session; the last consequence is still to write."""

    player: str
    ending: str
    reason: str

    def describe(self) -> str:
        return self.reason


@dataclass(frozen=True)
class SceneClosed(Event):
    player: str
    scene: int
    consequence: str
    clue: bool

    def describe(self) -> str:
        if not self.consequence:
            return f"{self.player} passe à la suite."
        what = "note l'indice" if self.clue else "imagine la suite"
        return f"{self.player} {what} : {_quoted(self.consequence)}."


@dataclass(frozen=True)
class SessionEnded(Event):
    player: str
    ending: str
    scenes: int
    note: str
    summary: str

    def describe(self) -> str:
        if self.note:
            return f"{self.summary} Dernier mot {de(self.player)} : {_quoted(self.note)}."
        return self.summary


# --- the state ---------------------------------------------------------------------------


class SignalState(State):
    """One solo session. Everything the screen shows is an attribute or a property here.

    Public attributes: `mode`, `theme`, `challenge_length`, `troubled_rule`, `phase`,
    `journal` (list of `Scene`), `die` (last face or None), `criticals`, `lucidity`,
    `shaken`, `shield`, `revelations`, `ending`, `note`.
    """

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.mode: str = options["mode"]
        self.theme: str = options["theme"]
        self.challenge_length: int = options["length"]
        self.troubled_rule: str = options["troubled"]
        self.phase = SCENE
        self.journal: list[Scene] = []
        self.die: int | None = None
        self.criticals = 0
        self.lucidity = LUCIDITY_START
        self.shaken = False
        self.shield = False
        self.revelations = 0
        self.pending: str | None = None
        """The ending the last roll settled, before its consequence is written."""
        self.ending: str | None = None
        self.note = ""

    # --- what the screen reads ----------------------------------------------------------

    def mind_effect(self, band: Band) -> str:
        """Le Sixième Signe: a row of the d20 table with its effect on the lucidity, short
        enough to stand beside the die (SS-1 to SS-3; the details come with the roll)."""
        cost = "−1 ou −2" if self.troubled_rule == ANY_NEGATIVE else "−1"
        return {
            CRITICAL.key: f"critique : {cost}",
            PARTIAL.key: "partiel : ébranlé·e",
            MITIGATED.key: "mitigée : rien",
            GREAT.key: "belle : clarté",
            GENIUS.key: "génie : révélation",
        }[band.key]

    @property
    def player(self) -> str:
        return self.players[0]

    @property
    def scene(self) -> int:
        """The number of the scene being played (or the last one, once over)."""
        if self.phase == SCENE and self.ending is None:
            return len(self.journal) + 1
        return len(self.journal)

    @property
    def band(self) -> Band | None:
        """The row of the d20 table the die shows."""
        return band_of(self.die) if self.die is not None else None

    @property
    def throw_text(self) -> str:
        """The current throw in the game's words, e.g. "12 → réussite mitigée"."""
        return self.journal[-1].throw_text if self.journal else ""

    @property
    def theme_info(self) -> Theme:
        return THEMES_BY_KEY[self.theme]

    @property
    def can_end(self) -> bool:
        """Whether the player may put the die away now (never during a challenge)."""
        return self.phase == SCENE and self.ending is None and self.mode != CHALLENGE

    @property
    def events_left(self) -> int:
        """Challenge: scenes still to survive."""
        return max(0, self.challenge_length - len(self.journal))

    @property
    def awaiting_clue(self) -> bool:
        """Le Sixième Signe after a 20: the consequence to write is a clue."""
        return self.phase == CONSEQUENCE and self.mode == SIXTH_SIGN and self.die == 20

    @property
    def clues(self) -> list[str]:
        """Le Sixième Signe: the clues written after each revelation."""
        return [s.consequence for s in self.journal if s.face == 20 and s.consequence]

    @property
    def goal(self) -> str:
        if self.mode == CHALLENGE:
            return (
                f"Survivre à {self.challenge_length} événements sans "
                f"{CRITICAL_LIMIT} échecs critiques."
            )
        if self.mode == SIXTH_SIGN:
            return (
                f"Obtenir {REVELATIONS_TO_WIN} révélations (deux 20) avant de perdre "
                "toute lucidité."
            )
        return "Tenir le plus longtemps possible, puis ranger le dé."

    def status(self) -> str:
        """One line for the header: where the session stands."""
        if self.mode == CHALLENGE:
            done = min(len(self.journal), self.challenge_length)
            return (
                f"Événement {max(1, min(self.scene, self.challenge_length))} sur "
                f"{self.challenge_length} · résolus {done} · "
                f"échecs critiques {self.criticals}/{CRITICAL_LIMIT}"
            )
        if self.mode == SIXTH_SIGN:
            states = [s for s, on in (("ébranlé·e", self.shaken), ("clarté", self.shield)) if on]
            extra = f" · {', '.join(states)}" if states else ""
            return (
                f"Scène {self.scene} · lucidité {self.lucidity}/{LUCIDITY_MAX} · "
                f"révélations {self.revelations}/{REVELATIONS_TO_WIN}{extra}"
            )
        return f"Scène {self.scene}"

    # --- the contract -------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.ending is not None else 0

    def legal_actions(self) -> list[Action]:
        if self.ending is not None:
            return []
        if self.phase == CONSEQUENCE:
            return [Conclude()]
        return [Roll(), EndSession()] if self.can_end else [Roll()]

    def refusal(self, action: Action) -> str:
        if self.phase == CONSEQUENCE and not isinstance(action, Conclude):
            return "Écris d'abord la conséquence de cette scène (ou passe)."
        if isinstance(action, Conclude):
            return "Lance d'abord le d20 pour cette scène."
        if isinstance(action, EndSession) and self.mode == CHALLENGE:
            return "En mode défi, la partie se joue jusqu'au bout."
        return super().refusal(action)

    def _apply(self, action: Action, rng: Random) -> list[Event]:
        if isinstance(action, Roll):
            return self._roll(action, rng)
        if isinstance(action, Conclude):
            return self._conclude(action)
        self.note = action.note
        return self._end(STOPPED)

    def _roll(self, action: Roll, rng: Random) -> list[Event]:
        (face,) = roll(rng, 1, 20)
        band = band_of(face)
        self.die = face
        self.phase = CONSEQUENCE
        number = len(self.journal) + 1
        events: list[Event] = [
            SignalRolled(
                self.player,
                number,
                action.event,
                action.action,
                face,
                band.key,
                band.label,
                band.meaning,
            )
        ]
        scene = Scene(number, action.event, action.action, face, band)
        if self.mode == CHALLENGE:
            events += self._challenge(band, number)
        elif self.mode == SIXTH_SIGN:
            mind = self._mind(band)
            events.append(mind)
            scene = dataclasses.replace(scene, mental=band.mental_label, lucidity=self.lucidity)
            if mind.effect == "shield_used":
                scene = dataclasses.replace(scene, mental="Clarté : effet ignoré")
            elif mind.effect == "shaken_cost":
                scene = dataclasses.replace(scene, mental="Le trouble revient")
            events += self._sixth_sign_check()
        self.journal.append(scene)
        if self.pending is None and len(self.journal) >= SCENE_LIMIT:
            self.pending = FULL
        return events

    def _challenge(self, band: Band, number: int) -> list[Event]:
        """SIG-4: lost at once on the third critical, won after the last event."""
        if band is CRITICAL:
            self.criticals += 1
            if self.criticals >= CRITICAL_LIMIT:
                self.pending = LOST
                reason = (
                    f"Troisième échec critique : {self.player} tombe à l'événement "
                    f"{number} sur {self.challenge_length}."
                )
                return [Decided(self.player, LOST, reason)]
        if number >= self.challenge_length:
            self.pending = WON
            reason = f"{self.player} a tenu {number} événements : défi réussi !"
            return [Decided(self.player, WON, reason)]
        return []

    def _mind(self, band: Band) -> MindChanged:
        """SS-1, SS-2, SS-3: the mental effect of one roll."""
        lost, effect = 0, "stable"
        if band.negative and self.shield:
            self.shield, effect = False, "shield_used"  # SS-2: cancelled completely
        elif band is CRITICAL:
            lost, effect = 1, "lost"
            if self.shaken and self.troubled_rule == ANY_NEGATIVE:
                self.shaken, lost, effect = False, 2, "shaken_cost"
        elif band is PARTIAL:
            if self.shaken:
                self.shaken, lost, effect = False, 1, "shaken_cost"
            else:
                self.shaken, effect = True, "shaken"
        elif band is GREAT:
            self.shield, effect = True, "shield"  # shields do not stack
        elif band is GENIUS:
            self.lucidity = min(LUCIDITY_MAX, self.lucidity + 1)  # SS-3: still a revelation
            self.revelations += 1
            effect = "revelation"
        self.lucidity = max(0, self.lucidity - lost)
        return MindChanged(
            self.player, effect, lost, self.lucidity, self.shaken, self.shield, self.revelations
        )

    def _sixth_sign_check(self) -> list[Event]:
        """SS-4: revelations first, then lucidity."""
        if self.revelations >= REVELATIONS_TO_WIN:
            self.pending = WON
            reason = f"Deux révélations : {self.player} a vu à travers le voile."
            return [Decided(self.player, WON, reason)]
        if self.lucidity <= 0:
            self.pending = LOST
            reason = f"Plus aucune lucidité : {self.player} a sombré."
            return [Decided(self.player, LOST, reason)]
        return []

    def _conclude(self, action: Conclude) -> list[Event]:
        last = self.journal[-1]
        self.journal[-1] = dataclasses.replace(last, consequence=action.consequence)
        clue = self.mode == SIXTH_SIGN and last.face == 20
        events: list[Event] = [SceneClosed(self.player, last.number, action.consequence, clue)]
        self.phase = SCENE
        if self.pending is not None:
            events += self._end(self.pending)
        return events

    def _end(self, ending: str) -> list[Event]:
        self.ending, self.pending, self.phase = ending, None, OVER
        return [SessionEnded(self.player, ending, len(self.journal), self.note, self.summary())]

    def summary(self) -> str:
        """The one-line French verdict of a finished session."""
        p, n = self.player, len(self.journal)
        scenes = f"{n} scène{'s' * (n > 1)}"
        if self.mode == CHALLENGE:
            if self.ending == WON:
                crit = f"{self.criticals} échec{'s' * (self.criticals > 1)} critique"
                crit += "s" * (self.criticals > 1)
                return f"Défi réussi : {p} a survécu à {n} événements ({crit})."
            return (
                f"Défi perdu : {p} tombe au {CRITICAL_LIMIT}e échec critique, "
                f"à l'événement {n} sur {self.challenge_length}."
            )
        if self.mode == SIXTH_SIGN:
            if self.ending == WON:
                return (
                    f"{p} a vu à travers le voile : {self.revelations} révélations, "
                    f"lucidité {self.lucidity}/{LUCIDITY_MAX}."
                )
            if self.ending == LOST:
                return f"{p} a sombré après {scenes} : plus aucune lucidité."
            rev = f"{self.revelations} révélation{'s' * (self.revelations > 1)}"
            return (
                f"{p} s'arrête après {scenes}, lucidité {self.lucidity}/{LUCIDITY_MAX} "
                f"et {rev} : la vérité reste voilée."
            )
        if self.ending == FULL:
            return f"Le carnet est plein : {p} a tenu {scenes}."
        return f"{p} a tenu {scenes} avant de ranger le dé."

    def outcome(self) -> Outcome | None:
        if self.ending is None:
            return None
        scores = (len(self.journal),)
        ending = SESSION_ENDINGS.get(self.ending) or STAKES_ENDINGS[self.mode, self.ending]
        if self.mode == FREE:  # nothing to win or lose: the player held as long as wished
            return Outcome(scores, (1,), self.summary(), won=False, verdict=False, ending=ending)
        won = self.ending == WON
        return Outcome(scores, ranks_from_scores(scores), self.summary(), won, ending=ending)


# --- the journal, to reread and to export --------------------------------------------------

MODE_LABELS = {FREE: "Jeu libre", CHALLENGE: "Défi", SIXTH_SIGN: "Le Sixième Signe"}
ENDING_LABELS = {WON: "gagné", LOST: "perdu", STOPPED: "dé rangé", FULL: "carnet plein"}


def mode_text(state: SignalState) -> str:
    """The mode in words, with the challenge's length: "Challenge (5 événements)"."""
    if state.mode == CHALLENGE:
        return f"{MODE_LABELS[CHALLENGE]} ({state.challenge_length} événements)"
    return MODE_LABELS[state.mode]


def ending_text(state: SignalState) -> str:
    """How the session stands in one word or two: "gagné", "dé rangé", "en cours"…"""
    return "en cours" if state.ending is None else ENDING_LABELS[state.ending]


def mind_text(scene: Scene) -> str:
    """Le Sixième Signe: what one roll did to the mind, in words ("" in the other modes)."""
    if not scene.mental:
        return ""
    what = scene.mental
    if scene.mental == scene.band.mental_label:
        what += f" — {scene.band.mental_meaning}"
    if scene.lucidity is not None:
        what += f" (lucidité {scene.lucidity}/{LUCIDITY_MAX})"
    return what


def journal_sections(state: SignalState, when: str = "") -> list[JournalSection]:
    """The journal of a session, finished or not, as plain data.

    Both the Journaux screen and the Markdown export are drawn from this, so what is read on
    screen is what is exported. Player text is returned as typed; renderers quote it safely.
    """
    head: list[tuple[str, str]] = []
    if when:
        head.append(("Date", when))
    head += [
        ("Mode", mode_text(state)),
        ("Thème", state.theme_info.label),
        ("Objectif", state.goal),
    ]
    sections = [JournalSection(f"Le Signal — journal {de(state.player)}", tuple(head))]
    for scene in state.journal:
        lines: list[tuple[str, str]] = []
        if scene.event:
            lines.append(("Événement", scene.event))
        if scene.action:
            lines.append(("Action", scene.action))
        lines.append(("Jet", f"{scene.throw_text} : {scene.band.meaning}"))
        if scene.mental:
            lines.append(("Esprit", mind_text(scene)))
        if scene.consequence:
            clue = state.mode == SIXTH_SIGN and scene.face == 20
            lines.append(("Indice" if clue else "Conséquence", scene.consequence))
        title = f"Scène {scene.number} — {scene.face}, {scene.band.label}"
        sections.append(JournalSection(title, tuple(lines)))
    if state.ending is not None:
        end = [("", state.summary())]
        if state.note:
            end.append(("Dernier mot", state.note))
        sections.append(JournalSection("Fin", tuple(end)))
    else:
        going = [("", f"Session en cours — {state.status()}.")]
        if state.phase == CONSEQUENCE:
            going.append(("", f"La suite de la scène {state.scene} reste à écrire."))
        sections.append(JournalSection("En cours", tuple(going)))
    return sections


def journal_markdown(state: SignalState, when: str = "") -> str:
    """The journal of a session as a Markdown document, ready to save."""
    return sections_markdown(journal_sections(state, when))


class Storyteller(Robot):
    """A stand-in player for demos and screenshots (the game needs no opponent): it takes its
    events from the theme's prompt deck, writes no action nor consequence, and puts the die
    away after a few scenes when the mode allows. Its rng is its own, never the match's."""

    def choose(self, state: SignalState) -> Action:
        if state.phase == CONSEQUENCE:
            return Conclude()
        if state.can_end and state.journal and self.rng.random() < 0.2:
            return EndSession()
        return Roll(event=draw_prompt(state.theme, self.rng, [s.event for s in state.journal]))
