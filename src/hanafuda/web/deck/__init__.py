"""The drawn decks of the card faces (issue 33): the traditional deck, its palettes per theme,
the modern minimal deck and the backs.  ``web.cards_svg`` is the door the routes use."""
