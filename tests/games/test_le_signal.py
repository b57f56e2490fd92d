"""Le Signal and Le Sixième Signe (RULINGS.md §12, §12b): every case, with forced dice."""

from random import Random

import pytest

from jeux.engine.core import IllegalAction
from jeux.engine.journal import markdown_escape
from jeux.engine.match import Match, Seat
from jeux.engine.testing import ForcedRng
from jeux.games.le_signal.game import GAME
from jeux.games.le_signal.rules import (
    BANDS,
    CONSEQUENCE,
    LUCIDITY_MAX,
    OVER,
    PROMPTS,
    SCENE,
    SCENE_LIMIT,
    TEXT_LIMIT,
    THEMES,
    Conclude,
    Decided,
    EndSession,
    MindChanged,
    Roll,
    SceneClosed,
    SessionEnded,
    SignalRolled,
    band_of,
    draw_prompt,
    ending_text,
    journal_markdown,
    journal_sections,
    mode_text,
)


def new(**options):
    return GAME.new(("Lina",), GAME.resolve_options(options), ForcedRng())


def scene(state, face, event="", action="", consequence=""):
    """One full scene: roll the forced face, then write the consequence."""
    events = state.apply(Roll(event=event, action=action), ForcedRng([face]))
    return events + state.apply(Conclude(consequence=consequence), ForcedRng())


def scenes(state, *faces):
    events = []
    for face in faces:
        events += scene(state, face)
    return events


# --- the d20 table (SIG-2, SIG-3) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "label"),
    [
        (1, "échec critique"),
        (4, "échec critique"),
        (5, "échec partiel"),
        (9, "échec partiel"),
        (10, "réussite mitigée"),
        (14, "réussite mitigée"),
        (15, "belle réussite"),
        (19, "belle réussite"),
        (20, "coup de génie"),
    ],
)
def test_sig_derived_band_boundaries(face, label):
    assert band_of(face).label == label


def test_bands_cover_the_d20_once():
    faces = [f for band in BANDS for f in range(band.low, band.high + 1)]
    assert faces == list(range(1, 21))
    with pytest.raises(ValueError):
        band_of(21)


def test_sig2_partial_failure_keeps_its_label_and_says_the_cost():
    band = band_of(7)
    assert band.label == "échec partiel"
    assert "réussite, mais à un prix" in band.meaning


def test_sig3_mitigated_label_is_spelled_right():
    assert band_of(12).label == "réussite mitigée"
    assert all("réussit " not in band.label for band in BANDS)


def test_sig_quoted_crow_example_12_is_mitigated():
    state = new()
    events = state.apply(
        Roll(
            event="Un corbeau se pose sur un lampadaire. Il croasse.",
            action="J'essaie de le comprendre : est-ce un avertissement ?",
        ),
        ForcedRng([12]),
    )
    rolled = events[0]
    assert isinstance(rolled, SignalRolled)
    assert (rolled.face, rolled.label) == (12, "réussite mitigée")
    assert state.die == 12 and state.band.label == "réussite mitigée"
    assert state.throw_text == "12 → réussite mitigée"
    assert state.phase == CONSEQUENCE
    assert "Lina" in rolled.describe() and "corbeau" in rolled.describe()
    state.apply(
        Conclude(consequence="J'ai une intuition floue. Le danger est proche, mais où ?"),
        ForcedRng(),
    )
    entry = state.journal[0]
    assert entry.event.startswith("Un corbeau") and entry.consequence.startswith("J'ai")
    assert (entry.number, entry.face, entry.band.key) == (1, 12, "mitigee")
    assert state.phase == SCENE and state.scene == 2


# --- free play ----------------------------------------------------------------------------


def test_free_play_goes_on_until_the_player_ends_it():
    state = new()
    scenes(state, 1, 1, 1, 1, 2)  # criticals do not end free play
    assert state.to_move() == 0
    assert EndSession() in state.legal_actions()
    events = state.apply(EndSession(note="Je range le dé."), ForcedRng())
    assert state.to_move() is None and state.phase == OVER
    assert isinstance(events[-1], SessionEnded)
    outcome = state.outcome()  # free play has nothing to win: no verdict, no score
    assert not outcome.verdict and not outcome.won and outcome.ranks == (1,)
    assert "Lina" in outcome.summary and "5 scènes" in outcome.summary
    assert "Je range le dé." in events[-1].describe()
    assert outcome.ending == "Dé rangé"


def test_free_play_may_end_before_any_roll():
    state = new()
    state.apply(EndSession(), ForcedRng())
    assert "0 scène" in state.outcome().summary


def test_free_play_journal_limit_bounds_the_session():
    state = new()
    for _ in range(SCENE_LIMIT - 1):
        scene(state, 10)
    assert state.to_move() == 0
    events = scene(state, 10)
    assert state.to_move() is None
    assert isinstance(events[-1], SessionEnded)
    assert "carnet" in state.outcome().summary
    assert state.outcome().ending == "Limite de tours atteinte"


def test_scene_must_be_concluded_before_the_next_roll():
    state = new()
    state.apply(Roll(), ForcedRng([8]))
    assert state.legal_actions() == [Conclude()]
    with pytest.raises(IllegalAction, match="conséquence"):
        state.apply(Roll(), ForcedRng([8]))
    with pytest.raises(IllegalAction, match="conséquence"):
        state.apply(EndSession(), ForcedRng())


def test_conclude_before_rolling_is_refused_in_french():
    with pytest.raises(IllegalAction, match="Lance d'abord le d20"):
        new().apply(Conclude(), ForcedRng())


def test_free_text_is_optional_cleaned_and_capped():
    state = new()
    hostile = "[red]x\x1b[0m\u200b[@click=app.quit]" + "a" * 500
    state.apply(Roll(event=hostile, action="\tsaute\n"), ForcedRng([3]))
    entry = state.journal[0]
    assert len(entry.event) == TEXT_LIMIT and "\x1b" not in entry.event
    assert entry.action == "saute"
    state.apply(Conclude(), ForcedRng())
    assert state.journal[0].consequence == ""


def test_finished_session_refuses_actions():
    state = new()
    state.apply(EndSession(), ForcedRng())
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="terminée"):
        state.apply(Roll(), ForcedRng([5]))


# --- Mode challenge (SIG-4) ---------------------------------------------------------------


def test_sig4_derived_criticals_on_events_1_2_4_of_5_lose_at_event_4():
    state = new(mode="challenge", length=5)
    scenes(state, 2, 3, 12)
    assert state.criticals == 2 and state.to_move() == 0
    events = state.apply(Roll(), ForcedRng([4]))
    assert any(isinstance(e, Decided) and e.ending == "perdu" for e in events)
    assert state.to_move() == 0 and state.legal_actions() == [Conclude()]  # the last line
    events = state.apply(Conclude(consequence="Tout s'effondre."), ForcedRng())
    assert state.to_move() is None
    outcome = state.outcome()
    assert not outcome.won and outcome.scores == (4,)
    assert "événement 4 sur 5" in outcome.summary
    assert outcome.ending == "Trois échecs critiques"
    assert isinstance(events[-1], SessionEnded)


def test_sig4_win_after_length_events_with_fewer_than_three_criticals():
    state = new(mode="challenge", length=3)
    scenes(state, 1, 4, 18)
    outcome = state.outcome()
    assert outcome.won and outcome.scores == (3,)
    assert state.criticals == 2 and outcome.ending == "Défi réussi"


def test_sig4_third_critical_on_the_last_event_still_loses():
    state = new(mode="challenge", length=3)
    scenes(state, 1, 2, 3)
    assert not state.outcome().won


def test_sig4_five_events_without_criticals():
    state = new(mode="challenge")
    assert state.challenge_length == 5
    scenes(state, 5, 10, 15, 20)
    assert state.to_move() == 0 and state.events_left == 1
    scenes(state, 9)
    assert state.outcome().won


def test_sig4_challenge_cannot_be_abandoned():
    state = new(mode="challenge")
    assert state.legal_actions() == [Roll()]
    assert not state.can_end
    with pytest.raises(IllegalAction, match="défi"):
        state.apply(EndSession(), ForcedRng())


def test_challenge_status_shows_progress():
    state = new(mode="challenge", length=3)
    scenes(state, 2)
    assert state.status() == "Événement 2 sur 3 · résolus 1 · échecs critiques 1/3"
    assert "3 événements" in state.goal


# --- Le Sixième Signe (SS-1..4) -----------------------------------------------------------


def test_ss_quoted_start_with_three_lucidity():
    state = new(mode="sixieme_signe")
    assert (state.lucidity, state.shaken, state.shield, state.revelations) == (3, False, False, 0)
    assert LUCIDITY_MAX == 3


def test_ss_quoted_two_twenties_win():
    state = new(mode="sixieme_signe")
    scene(state, 20, consequence="Les ombres dessinent un symbole.")
    assert state.to_move() == 0
    events = scene(state, 20, consequence="Le symbole est une porte.")
    assert any(isinstance(e, Decided) and e.ending == "gagné" for e in events)
    assert state.revelations == 2 and state.outcome().won
    assert state.outcome().ending == "Deux révélations"  # SS-4
    assert state.clues == ["Les ombres dessinent un symbole.", "Le symbole est une porte."]


def test_ss1_derived_7_then_8_costs_one_lucidity():
    state = new(mode="sixieme_signe")
    scene(state, 7)
    assert state.shaken and state.lucidity == 3
    events = scene(state, 8)
    assert state.lucidity == 2 and not state.shaken
    mind = next(e for e in events if isinstance(e, MindChanged))
    assert mind.effect == "shaken_cost" and mind.lost == 1


def test_ss1_critical_costs_one_and_leaves_shaken_alone():
    state = new(mode="sixieme_signe")
    scenes(state, 6, 2)
    assert state.lucidity == 2 and state.shaken


def test_ss1_stability_does_not_clear_shaken():
    state = new(mode="sixieme_signe")
    scenes(state, 6, 12)
    assert state.shaken and state.lucidity == 3


def test_ss1_option_any_negative_uses_up_shaken():
    state = new(mode="sixieme_signe", troubled="tout_negatif")
    scenes(state, 6, 2)
    assert state.lucidity == 1 and not state.shaken
    state = new(mode="sixieme_signe", troubled="tout_negatif")
    scenes(state, 6, 9)
    assert state.lucidity == 2 and not state.shaken


def test_ss2_derived_16_then_3_keeps_lucidity():
    state = new(mode="sixieme_signe")
    scene(state, 16)
    assert state.shield
    events = scene(state, 3)
    assert state.lucidity == 3 and not state.shield
    assert next(e for e in events if isinstance(e, MindChanged)).effect == "shield_used"


def test_ss2_shield_cancels_a_light_trouble_completely():
    state = new(mode="sixieme_signe")
    scenes(state, 15, 7)
    assert (state.lucidity, state.shaken, state.shield) == (3, False, False)


def test_ss2_shields_do_not_stack():
    state = new(mode="sixieme_signe")
    scenes(state, 15, 19, 1)
    assert not state.shield
    scenes(state, 1)
    assert state.lucidity == 2


def test_ss3_derived_twenty_at_full_lucidity_still_reveals():
    state = new(mode="sixieme_signe")
    scene(state, 20)
    assert (state.lucidity, state.revelations) == (3, 1)


def test_ss_twenty_restores_lucidity_up_to_the_max():
    state = new(mode="sixieme_signe")
    scenes(state, 1, 20)
    assert state.lucidity == 3


def test_ss_derived_2_2_2_loses():
    state = new(mode="sixieme_signe")
    scenes(state, 2, 2)
    assert state.lucidity == 1 and state.to_move() == 0
    events = scene(state, 2)
    assert state.lucidity == 0 and state.to_move() is None
    assert not state.outcome().won
    assert any(isinstance(e, Decided) and e.ending == "perdu" for e in events)
    assert "sombré" in state.outcome().summary
    assert state.outcome().ending == "Lucidité perdue"


def test_ss4_lucidity_never_drops_below_zero():
    state = new(mode="sixieme_signe", troubled="tout_negatif")
    scenes(state, 2, 5, 1)  # 3 → 2, shaken, 2 → 0
    assert state.lucidity == 0 and not state.outcome().won


def test_ss4_stopping_is_neither_win_nor_loss_in_words():
    state = new(mode="sixieme_signe")
    scenes(state, 20, 7)
    assert state.can_end
    state.apply(EndSession(), ForcedRng())
    outcome = state.outcome()
    assert not outcome.won
    assert "s'arrête" in outcome.summary and "1 révélation" in outcome.summary


def test_ss_journal_records_mental_effect_and_lucidity():
    state = new(mode="sixieme_signe")
    scene(state, 20)
    assert state.awaiting_clue is False
    state.apply(Roll(), ForcedRng([2]))
    assert not state.awaiting_clue
    state.apply(Conclude(), ForcedRng())
    state.apply(Roll(), ForcedRng([20]))
    assert state.awaiting_clue
    assert [(s.mental, s.lucidity) for s in state.journal] == [
        ("Révélation lucide", 3),
        ("Perte de lucidité", 2),
        ("Révélation lucide", 3),
    ]
    assert "lucidité 3/3" in state.status()


def test_ss_status_names_shaken_and_shield():
    state = new(mode="sixieme_signe")
    scenes(state, 6, 16)
    assert "ébranlé" in state.status() and "clarté" in state.status()


# --- themes and prompts (SIG-1, SIG-5) ----------------------------------------------------


def test_sig5_every_theme_has_a_deck_of_about_twelve_prompts():
    assert [t.key for t in THEMES] == ["survie", "espion", "surnaturel", "medieval", "journal"]
    for theme in THEMES:
        assert len(theme.prompts) >= 10
        assert len(set(theme.prompts)) == len(theme.prompts)
        assert all(len(p) <= TEXT_LIMIT for p in theme.prompts)


def test_sig1_draw_prompt_uses_the_given_rng_and_avoids_repeats():
    assert draw_prompt("espion", ForcedRng(choices=[0])) == PROMPTS["espion"][0]
    shown = PROMPTS["surnaturel"][:-1]
    assert draw_prompt("surnaturel", Random(3), avoid=shown) == PROMPTS["surnaturel"][-1]
    everything = PROMPTS["journal"]
    assert draw_prompt("journal", Random(1), avoid=everything) in everything
    assert draw_prompt("inconnu", Random(1)) in PROMPTS["survie"]


def test_sig5_theme_changes_nothing_in_the_mechanics():
    a, b = new(theme="medieval"), new(theme="journal")
    scenes(a, 3, 17)
    scenes(b, 3, 17)
    assert [s.band for s in a.journal] == [s.band for s in b.journal]
    assert a.theme_info.label == "Médiéval"


# --- options, events, outcome -------------------------------------------------------------


def test_options_defaults_are_the_rulings():
    assert GAME.default_options() == {
        "mode": "libre",
        "length": 5,
        "theme": "survie",
        "troubled": "strict",
    }


def test_events_describe_in_french_with_the_name():
    state = new(mode="sixieme_signe")
    events = scenes(state, 7, 20)
    events += state.apply(EndSession(), ForcedRng())
    for event in events:
        text = event.describe()
        assert text and "Lina" in text
        assert " tu " not in f" {text} " and "vous" not in text
    closed = [e for e in events if isinstance(e, SceneClosed)]
    assert closed[0].describe() == "Lina passe à la suite."


def test_match_saves_and_replays_the_journal():
    match = Match(GAME, 5, (Seat("Lina"),), {"mode": "challenge", "length": 3})
    while not match.over:
        if match.state.phase == SCENE:
            match.play(Roll(event="Un lampadaire clignote", action="Je me cache"))
        else:
            match.play(Conclude(consequence="Personne ne m'a vu."))
    replayed = Match.from_saved(GAME, match.to_saved())
    assert replayed.state.journal == match.state.journal
    assert replayed.outcome() == match.outcome()


# --- the journal, reread and exported -----------------------------------------------------


def test_mode_and_ending_in_words():
    state = new(mode="challenge", length=3)
    assert mode_text(state) == "Défi (3 événements)"
    assert ending_text(state) == "en cours"
    scenes(state, 1, 2, 3)
    assert ending_text(state) == "perdu"
    assert mode_text(new(mode="sixieme_signe")) == "Le Sixième Signe"
    stopped = new()
    stopped.apply(EndSession(), ForcedRng())
    assert (mode_text(stopped), ending_text(stopped)) == ("Jeu libre", "dé rangé")


def test_journal_sections_follow_the_scenes_and_the_end():
    state = new(mode="sixieme_signe", theme="surnaturel")
    scene(state, 20, event="Une ombre", action="Je la suis", consequence="Un symbole")
    scene(state, 7)
    state.apply(EndSession(note="Assez pour ce soir."), ForcedRng())
    head, first, second, end = journal_sections(state, when="29/11/2026 21:04")
    assert head.title == "Le Signal — journal de Lina"
    assert dict(head.lines) == {
        "Date": "29/11/2026 21:04",
        "Mode": "Le Sixième Signe",
        "Thème": "Surnaturel",
        "Objectif": state.goal,
    }
    assert first.title == "Scène 1 — 20, coup de génie"
    lines = dict(first.lines)
    assert (lines["Événement"], lines["Action"], lines["Indice"]) == (
        "Une ombre",
        "Je la suis",
        "Un symbole",
    )
    assert lines["Jet"].startswith("20 → coup de génie : la situation se retourne")
    assert lines["Esprit"].startswith("Révélation lucide — +1 lucidité")
    assert lines["Esprit"].endswith("(lucidité 3/3)")
    assert [label for label, _ in second.lines] == ["Jet", "Esprit"]  # nothing written
    assert end.title == "Fin"
    assert end.lines == (("", state.summary()), ("Dernier mot", "Assez pour ce soir."))


def test_journal_of_a_session_in_progress_says_what_is_left():
    state = new()
    state.apply(Roll(event="Un bruit"), ForcedRng([9]))
    sections = journal_sections(state)
    assert [label for label, _ in sections[0].lines] == ["Mode", "Thème", "Objectif"]
    assert sections[1].lines[-1][0] == "Jet"  # no consequence yet
    assert sections[-1].title == "En cours"
    assert sections[-1].lines == (
        ("", "Session en cours — Scène 1."),
        ("", "La suite de la scène 1 reste à écrire."),
    )
    assert journal_sections(new())[-1].lines == (("", "Session en cours — Scène 1."),)


def test_challenge_journal_names_the_consequence():
    state = new(mode="challenge", length=3)
    scene(state, 20, consequence="Je m'en sors")
    lines = dict(journal_sections(state)[1].lines)
    assert lines["Conséquence"] == "Je m'en sors" and "Esprit" not in lines


def test_markdown_escape_keeps_player_text_literal():
    assert markdown_escape("[red]x *a* _b_ `c` <b> #1 a|b ~s~ &amp; \\") == (
        "\\[red\\]x \\*a\\* \\_b\\_ \\`c\\` \\<b\\> \\#1 a\\|b \\~s\\~ \\&amp; \\\\"
    )
    assert markdown_escape("Un corbeau (noir) croasse, deux fois !") == (
        "Un corbeau (noir) croasse, deux fois !"
    )


def test_journal_markdown_is_a_document_with_one_section_per_scene():
    state = new(mode="challenge", length=3)
    scene(state, 12, event="Un [corbeau]", action="J'écoute", consequence="*Rien*")
    scene(state, 2)
    scene(state, 18, consequence="Je passe")
    text = journal_markdown(state, when="01/12/2026 08:30")
    assert text.startswith("# Le Signal — journal de Lina\n\n- **Date :** 01/12/2026 08:30\n")
    assert "- **Mode :** Défi (3 événements)\n" in text
    assert "\n## Scène 1 — 12, réussite mitigée\n\n- **Événement :** Un \\[corbeau\\]\n" in text
    assert "- **Action :** J'écoute\n" in text
    assert "- **Jet :** 12 → réussite mitigée : on s'en sort, sans plus\n" in text
    assert "- **Conséquence :** \\*Rien\\*\n" in text
    assert text.count("\n## Scène ") == 3
    assert text.endswith("## Fin\n\n" + state.summary() + "\n")
    assert "\n\n\n" not in text


def test_journal_markdown_escapes_the_player_name():
    state = GAME.new(("Zoé *[x]*",), GAME.resolve_options({}), ForcedRng())
    assert journal_markdown(state).startswith("# Le Signal — journal de Zoé \\*\\[x\\]\\*\n")


def test_storyteller_plays_whole_sessions_with_prompts_from_the_theme():
    for mode in ("libre", "challenge", "sixieme_signe"):
        match = Match(GAME, 3, (Seat("Lina"),), {"mode": mode, "theme": "espion"})
        bot = GAME.bot(3)
        while not match.over:
            match.play(bot.choose(match.state))
        assert match.outcome() is not None
        events = [s.event for s in match.state.journal]
        assert events and all(e in PROMPTS["espion"] for e in events)
    assert GAME.bot(5).choose(new()) == GAME.bot(5).choose(new())  # its own seeded rng


def test_ss1_ss2_the_table_says_each_rows_effect_on_the_mind():
    rows = [new(mode="sixieme_signe").mind_effect(band) for band in BANDS]
    assert rows == [
        "critique : −1",
        "partiel : ébranlé·e",
        "mitigée : rien",
        "belle : clarté",
        "génie : révélation",
    ]
    strict = new(mode="sixieme_signe", troubled="tout_negatif")
    assert strict.mind_effect(BANDS[0]) == "critique : −1 ou −2"
