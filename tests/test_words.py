"""The shared counting words: what a player reads beside a number."""

from games.words import count_of, indefinite, join_words, noun_for, plural_of, times


def test_one_of_a_thing_is_singular_and_other_counts_are_plural():
    assert count_of(1, "crystal") == "1 crystal"
    assert count_of(2, "crystal") == "2 crystals"
    assert count_of(0, "denier") == "0 deniers"


def test_irregular_nouns_take_their_own_plural():
    assert count_of(3, "die") == "3 dice"
    assert count_of(2, "energy") == "2 energies"
    assert plural_of("bonus") == "bonuses"
    assert count_of(2, "influence") == "2 influence"


def test_an_explicit_plural_wins():
    assert count_of(2, "person", "people") == "2 people"


def test_a_list_reads_with_commas_and_a_last_and():
    assert join_words([]) == ""
    assert join_words(["Ana"]) == "Ana"
    assert join_words(["Ana", "Ben"]) == "Ana and Ben"
    assert join_words(["Ana", "Ben", "Carl"]) == "Ana, Ben and Carl"


def test_a_noun_agrees_with_its_count_without_the_number():
    assert noun_for(1, "character") == "character"
    assert noun_for(2, "character") == "characters"
    assert noun_for(3, "die") == "dice"


def test_repeats_and_indefinite_articles():
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert indefinite("Monk marker") == "a Monk marker"
    assert indefinite("Apprenticeship marker") == "an Apprenticeship marker"
