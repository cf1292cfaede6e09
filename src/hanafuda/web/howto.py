"""Short "How to play" texts for the rules pages (RULES.md §3 and §4, in a few sentences a game).

The turn is the same in every game; each game adds its order of play, its wild card (if any) and
how a round is scored.  The full rules are the project's RULES.md; these paragraphs only teach.
"""

from __future__ import annotations

__all__ = ["HOW_TO_PLAY", "how_to_play"]

TURN = [
    "Each turn has two steps. First play a card from your hand: it matches the field cards of its "
    "month (the four cards of a month share a plant). With one match you capture both cards; with "
    "two you choose which one to take; with three you take all four; with none your card stays on "
    "the field.",
    "Then the top card of the stock is turned over and matched the same way, and you capture what "
    "it takes (with two matches you choose). Captured cards go face up to your capture pile, "
    "grouped by kind: brights, animals, ribbons and chaff.",
]

HOW_TO_PLAY: dict[str, dict[str, str]] = {
    "min-hwatu": {
        "order": "The dealer plays first, then play goes counter-clockwise until every card is played.",
        "wild": "There is no wild card.",
        "scoring": "Brights are worth 20, animals 10, ribbons 5, chaff 0. A round scores your card "
                   "points, plus each yaku (a set such as the three red poetry ribbons) paid to you "
                   "by every other player.",
    },
    "hana-awase": {
        "order": "The dealer plays first, then counter-clockwise; a player with an empty hand keeps "
                 "turning over stock cards until the stock is empty.",
        "wild": "There is no wild card. With the teyaku option, a hand dealt six or more chaff may "
                "be exposed before the first turn for a payment from every other player.",
        "scoring": "Brights are worth 20, animals 10, ribbons 5, chaff 1. By default a round scores "
                   "your card points above par (the deck total shared equally), plus your yaku paid "
                   "by the others.",
    },
    "kwa-do": {
        "order": "The player left of the dealer starts, then play goes clockwise until every hand "
                 "is empty. Partners of a team share one pile. \"Kwa-Dō!\" is called whenever a "
                 "bright is captured.",
        "wild": "With the gaji option the lightning (Gaji) is wild from hand: it captures any one "
                "field card you choose. With the yaku option you declare a set by playing one of "
                "its cards onto the field.",
        "scoring": "Brights are worth 20, animals 10, ribbons 5, chaff 0. Each round a side scores what it "
                   "captured above its floor (240 shared by the sides); the first side to reach "
                   "the target (200 by default) wins.",
    },
    "hawaiifuda": {
        "order": "The dealer plays first, then play goes clockwise until every hand is empty.",
        "wild": "Pāhoehoe (the lightning) is wild from hand or from the stock: it captures any one "
                "field card you choose, and at the round's end the rest of that month on the field.",
        "scoring": "Brights are worth 20 (the Rain Man 5), ribbons 10, animals 5, and the Light "
                   "chaff 10; rubbish (every other chaff but Pāhoehoe) is worth nothing and goes to "
                   "a discard pile. A round scores your card points; with the bonus combos option "
                   "each combo an opponent holds costs you 50.",
    },
    "mushi": {
        "order": "Two players with the 40-card deck (no peony, no clover); the dealer plays first, "
                 "then the players alternate.",
        "wild": "The lightning is wild: it captures any one non-willow field card you choose, and "
                "turned over as the last stock card it takes the whole field.",
        "scoring": "Brights are worth 20, animals 10, ribbons 5, chaff 1 (230 in all). A round "
                   "scores your card points above 115, plus your yaku, minus your opponent's.",
    },
}


def how_to_play(game: str) -> list[str]:
    """The "How to play" paragraphs of ``game``: order of play, the turn, wild card, scoring."""
    g = HOW_TO_PLAY.get(game, {})
    return [p for p in (g.get("order"), *TURN, g.get("wild"), g.get("scoring")) if p]
