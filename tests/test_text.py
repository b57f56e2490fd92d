from jeux.engine.text import join_names, plural


def test_plural_keeps_zero_and_one_singular():
    assert [plural(n, "partie") for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]


def test_join_names_reads_as_french():
    assert join_names([]) == ""
    assert join_names(["Lina"]) == "Lina"
    assert join_names(["Lina", "Marc", "Zoé"]) == "Lina, Marc et Zoé"
