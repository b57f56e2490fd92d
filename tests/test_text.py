from jeux.engine.text import join_names, plural


def test_plural_keeps_zero_and_one_singular():
    assert [plural(n, "partie") for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]


def test_join_names_reads_as_french():
    assert join_names([]) == ""
    assert join_names(["Lina"]) == "Lina"
    assert join_names(["Lina", "Marc", "Zoé"]) == "Lina, Marc et Zoé"


def test_percent_and_dice_keys():
    from jeux.engine.text import dice_keys, percent

    assert percent(0.583) == "58 %"
    assert dice_keys([3]) == "4" and dice_keys([0, 2, 4]) == "1, 3 et 5"
