"""How another person stands to the user, read from the user's own words (``facts.ties``)."""

from __future__ import annotations

import pytest

from langmem_plus.facts.ties import ties_in


@pytest.mark.parametrize(
    ("quote", "who", "ties"),
    [
        ("Auntie Wen is flying in from Chengdu on the 9th", "wen", ("auntie",)),
        ("Dmitri, my flatmate, has gone fully vegan", "dmitri", ("flatmate",)),
        ("my work bestie Oona just got engaged!!", "oona", ("bestie",)),
        ("the new boss is Hyun-woo Park and he hates long emails", "hyun_woo_park", ("boss",)),
        ("Ilka's birthday is 2 June (godmother, must send a card)", "ilka", ("godmother",)),
    ],
)
def test_the_tie_the_user_gave_a_person_is_read_from_their_words(
    quote: str, who: str, ties: tuple[str, ...]
) -> None:
    assert ties_in(quote, who) == ties


@pytest.mark.parametrize(
    ("quote", "who"),
    [
        ("Bartek's wife Zofia teaches piano in Gdańsk", "zofia"),  # Bartek's wife, not mine
        ("his brother Emeka runs a bakery", "emeka"),
        ("my sister's friend Jojo keeps bees in Ghent", "jojo"),  # the sister's friend
        ("my cousin Pia and Lorenz both live in Graz", "lorenz"),  # Pia is the cousin
        ("Lorenz lives in Graz. My cousin lives in Linz.", "lorenz"),  # another sentence
        ("my nephew moved to Leeds", "nephew"),  # the holder is the tie itself
        ("Lorenz lives in Graz", "lorenz"),
        (None, "lorenz"),
    ],
)
def test_no_tie_is_given_that_the_words_do_not_give(quote: str | None, who: str) -> None:
    assert ties_in(quote, who) == ()
