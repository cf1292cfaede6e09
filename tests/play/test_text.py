"""The terminal's card cells and colours (tui/text.py); the sentences are the words layer's."""

from __future__ import annotations

from hanafuda.rules import configure
from hanafuda.tui.text import card_cell, card_style
from hanafuda.words import Namer


def test_light_is_not_chaff_and_wild_cards_say_wild() -> None:
    """Issue 11 fix 7: Hawaiʻifuda's Light shows its value; wild cards are marked wild."""
    hawaii = Namer(configure("hawaiifuda", 2), "hawaiifuda")
    assert card_cell("paulownia-chaff1", hawaii) == ("Kukui (12)", "Light", "10 points")
    assert card_cell("willow-lightning", hawaii, wild=True) == ("Hala (11)", "Pāhoehoe (wild)",
                                                                "wild")
    assert card_cell("willow-lightning", hawaii)[1:] == ("Pāhoehoe", "Chaff")  # on the field
    assert card_style("willow-lightning", hawaii, wild=True) == "bold magenta"
    assert card_style("paulownia-chaff1", hawaii) == "bold"
    mushi = Namer(configure("mushi", 2))
    assert card_cell("willow-lightning", mushi, wild=True)[1:] == ("Lightning (wild)", "wild")
    kwado = Namer(configure("kwa-do", 2, {"gaji": True}), "kwa-do")
    assert card_cell("willow-lightning", kwado, wild=True)[1:] == ("Lightning (Gaji, wild)",
                                                                   "wild")
    plain = Namer(configure("kwa-do", 2), "kwa-do")
    assert card_cell("willow-lightning", plain)[2] == "Chaff"


def test_cells_use_the_theme() -> None:
    namer = Namer(configure("min-hwatu", 2), "hwatu")
    month, name, kind = card_cell("cherry-curtain", namer)
    assert month == "벚꽃 (3)" and name == "광" and kind == "광 Gwang"  # the month is not repeated
    kwado = Namer(configure("kwa-do", 2), "kwa-do")
    assert card_cell("paulownia-phoenix", kwado)[:2] == ("Paulownia (11)", "Dragon (Kwang)")
    assert card_style("peony-ribbon") == "bold blue" and card_style("pine-ribbon") == "bold red"
