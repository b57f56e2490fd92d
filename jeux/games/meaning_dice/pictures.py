"""The nine picture dice of Meaning Dice: our own 54 pictures, each a small drawing in plain
characters with its French name and a few words that suggest a meaning (RULINGS.md MD-6).

Pure data: the engine reads the names and words, the screen draws the art. The drawings are
three cells wide and ASCII only, so they keep their width in every terminal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Picture:
    art: str
    name: str
    words: tuple[str, ...]

    @property
    def suggestion(self) -> str:
        """The meaning a skipped die receives: the picture's first word."""
        return self.words[0]


def _die(*faces: tuple[str, str, str]) -> tuple[Picture, ...]:
    return tuple(Picture(art, name, tuple(words.split(" / "))) for art, name, words in faces)


DICE: tuple[tuple[Picture, ...], ...] = (
    _die(
        (
            "/^\\",
            "montagne",
            "un obstacle immense / un sommet à atteindre / une cachette en altitude",
        ),
        ("~~~", "vague", "une tempête / un départ précipité / une émotion qui déborde"),
        ("\\o/", "soleil", "une bonne nouvelle / la chaleur / un réveil"),
        ("(( ", "lune", "la nuit tombe / un secret / un rêve étrange"),
        ("***", "étoiles", "un signe du destin / une navigation / un vœu"),
        ("-~-", "vent", "une rumeur / un changement / une fuite"),
    ),
    _die(
        ("o-+", "clé", "une porte s'ouvre / une solution / un accès interdit"),
        ("[#]", "porte", "un passage / une frontière / une nouvelle pièce"),
        ("|=|", "échelle", "une montée / une ambition / une issue par le haut"),
        ("[_]", "coffre", "un trésor / un objet oublié / une promesse gardée"),
        ("-o-", "serrure", "un verrou / une énigme / une confiance à gagner"),
        ("(@)", "corde", "un lien / une évasion / un piège"),
    ),
    _die(
        ("<o>", "œil", "quelqu'un observe / un témoin / une intuition"),
        ("<3 ", "cœur", "un amour / du courage / une blessure"),
        ("(:)", "visage", "un inconnu / une émotion / un masque"),
        ("\\m/", "main", "une aide / un vol / un accord"),
        ("_|_", "pied", "une marche / un départ / une trace"),
        ("{~}", "cerveau", "une idée / un souvenir / une ruse"),
    ),
    _die(
        ("/#\\", "maison", "un refuge / la famille / un retour"),
        ("|T|", "tour", "une surveillance / un pouvoir / un isolement"),
        ("/-\\", "pont", "une traversée / une réconciliation / un point fragile"),
        ("[+]", "hôpital", "un soin / une urgence / une convalescence"),
        ("=#=", "train", "un voyage / un horaire serré / une correspondance"),
        ("\\_/", "bateau", "une traversée / un naufrage / un port"),
    ),
    _die(
        ("(L)", "horloge", "le temps presse / un rendez-vous / une attente"),
        ("[=]", "livre", "un savoir / une histoire / une règle"),
        ("[@]", "téléphone", "un appel / une nouvelle / un malentendu"),
        ("=@=", "lunettes", "un détail remarqué / un regard neuf / une lecture"),
        ("-|>", "flèche", "une direction / une attaque / un but"),
        ("o=o", "vélo", "une course / la liberté / un équilibre"),
    ),
    _die(
        ("^|^", "arbre", "la nature / une racine / une croissance"),
        ("<><", "poisson", "une pêche / le silence / une piste glissante"),
        ("=^.", "chat", "la curiosité / l'indépendance / une chance"),
        ("v^v", "oiseau", "un message / la liberté / un guetteur"),
        ("@_/", "escargot", "la lenteur / la patience / une maison portée"),
        ("/\\/", "serpent", "une trahison / une tentation / un remède"),
    ),
    _die(
        ("\\|/", "fleur", "un cadeau / une saison / une fragilité"),
        ("(O)", "pomme", "une faim / une tentation / une récompense"),
        ("[~]", "tasse", "une pause / une conversation / un réconfort"),
        ("/T\\", "parapluie", "une protection / une averse / un abri improvisé"),
        ("|o|", "bougie", "un espoir / une veillée / une lumière fragile"),
        ("^o^", "couronne", "un pouvoir / une victoire / une vanité"),
    ),
    _die(
        ("[ ]", "carte", "un chemin / un trésor caché / un plan"),
        ("-+-", "boussole", "une orientation / un choix / un cap"),
        ("[$]", "argent", "une dette / une richesse / un pot-de-vin"),
        ("(?)", "question", "un doute / une énigme / une enquête"),
        ("(!)", "alerte", "un danger / une urgence / une surprise"),
        ("zZz", "sommeil", "un repos / un rêve / une absence"),
    ),
    _die(
        ("8-)", "masque", "un déguisement / un mensonge / une fête"),
        ("=o=", "appareil photo", "une preuve / un souvenir / un regard"),
        ("/_\\", "tente", "un campement / une halte / un abri"),
        ("~@~", "feu", "une colère / une chaleur / un signal"),
        ("|_|", "verre", "une fête / une transparence / un poison"),
        ("d|b", "musique", "une mélodie / une fête / une nostalgie"),
    ),
)
"""Nine dice of six pictures each; a match with more dice reuses them in order (MD-5)."""


def picture(die: int, face: int) -> Picture:
    """The picture on face 1–6 of die `die` (0-based; dice past the ninth repeat the set)."""
    return DICE[die % len(DICE)][face - 1]
