"""The Textual app of ``hanafuda play``.

The screen shows only the human seat's ``PlayerView``: the field, the hand, every side's capture
pile grouped by kind with its card points and yaku progress, the stock, the totals, whose turn it
is, and the log.  Every text comes from ``hanafuda.words``.  A decision takes two steps at most:
choose a hand card (its capture is previewed on the field), then, only when the card has several
moves, a target or a declaration, asked in place.  Keyboard (arrows, numbers, Enter, Escape) and
mouse both work.  Bots move one at a time with ``session.pause`` seconds between moves.

Layout: 80×24 first.  Below 110 columns or 34 rows the cards are two-line cells without borders
and the captures and the log sit side by side under the table; on a larger terminal the cards
get borders and a third line (their kind) and the captures and log move to a right-hand panel.
``c``, ``l`` and ``?`` open the captures, the whole log and the rules as scrollable pages.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from ..agents import hint
from ..cards import CARDS, Kind, card_id
from ..words import (
    MoveWords,
    captures_lines,
    hint_lines,
    legal_move_words,
    log_entries,
    match_result_text,
    round_result_lines,
    seat_number,
    side_notes,
    side_pile,
    status_line,
    table_notes,
    totals_text,
    turn_text,
)
from ..words.catalogue import text
from ..words.languages import game_title
from ..words.scores import number_text
from .plain import rules_screen
from .session import PlaySession, dropped_key
from .text import Wrapped, card_cell, card_style, spans_of

__all__ = ["PlayApp"]

FIELD_SLOTS = 24
HAND_SLOTS = 16
CHOICE_SLOTS = 12
COMPACT_WIDTH = 110
COMPACT_HEIGHT = 34

_COMPLETE = (": complete", "：完成", ": 완성")
"""How a made yaku's progress line says so in each language (``words.table.progress_lines``)."""

_KIND_CLASS = {Kind.BRIGHT: "bright", Kind.ANIMAL: "animal", Kind.RIBBON: "ribbon",
               Kind.CHAFF: "chaff"}


NOTHING_CHOSEN = -1
"""The cursor of a question asked right after your own play (Koi-Koi's koi-koi or stop,
docs/rules/koi-koi.md): no choice is marked, so an Enter typed after the number that played the
card answers nothing; a number, a click or an arrow chooses."""


class CardView(Static):
    """One card: month, name and (on a large screen) kind; markers for choosable, cursor, target.

    A cell's words wrap onto another line (its grid row grows) rather than being cut: a
    Hawaiʻifuda month, "Pōhuehue & Kaunaʻoa (4)", is wider than a cell at 80 columns in every
    language (the app's CSS: ``.card`` height auto, ``text-wrap: wrap``)."""

    def __init__(self, zone: str, index: int) -> None:
        super().__init__("", classes="card", id=f"{zone}-{index}")
        self.zone = zone
        self.index = index
        self.code: str | None = None
        self.number: int | None = None

    def show(self, code: str | None, app: PlayApp, *, number: int | None = None,
             legal: bool = False, cursor: bool = False, target: bool = False,
             exposed_by: str = "") -> None:
        self.code = code
        self.number = number
        self.display = code is not None
        if code is None:
            return
        namer = app.session.namer
        for name in _KIND_CLASS.values():
            self.set_class(False, name)
        self.set_class(True, _KIND_CLASS[CARDS[card_id(code)].kind])
        self.set_class(legal, "legal")
        self.set_class(cursor, "cursor")
        self.set_class(target, "target")
        wild = self.zone == "hand" and namer.wild_in_hand(code)
        month, name, kind = card_cell(code, namer, wild=wild)
        if exposed_by:  # another seat's exposed teyaku card: capturable like a field card
            month = "⚑ " + month
            kind = app.say("tui.exposed_by", who=exposed_by)
        marker = "▶" if cursor else ("◆" if target else "")
        head = f"{marker}{number} " if number is not None else (f"{marker} " if marker else "")
        text = Text(head + month, style="bold" if legal or target else "")
        text.append("\n" + name, style=card_style(code, namer, wild=wild))
        if not app.compact:
            if set(re.findall(r"\w+", kind.casefold())) & set(re.findall(r"\w+", name.casefold())):
                kind = ""  # the name already says it ("Poetry Ribbon", "Chaff")
            text.append("\n" + kind + (app.say("tui.takes") if target else ""))
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        app = self.app
        if isinstance(app, PlayApp) and self.code is not None:
            app.clicked_card(self.zone, self.code)


class ChoiceView(Static):
    """One option of an in-place question (a target, a declaration, expose/keep)."""

    def __init__(self, index: int) -> None:
        super().__init__("", classes="choice", id=f"choice-{index}")
        self.index = index

    def show(self, text: str | None, *, cursor: bool = False) -> None:
        self.display = text is not None
        if text is None:
            return
        self.set_class(cursor, "cursor")
        marker = "▶" if cursor else " "
        self.update(Text(f"{marker}{self.index + 1}. {text}", style="bold" if cursor else ""))

    def on_click(self, event: events.Click) -> None:
        app = self.app
        if isinstance(app, PlayApp):
            app.clicked_choice(self.index)


class PageBody(VerticalScroll):
    """The scrolling body of a page; it has the keyboard, so arrows and PgUp/PgDn scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Up", show=False),
        Binding("down", "scroll_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("space", "page_down", "Page down", show=False),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "Bottom", show=False),
    ]


class TextScreen(ModalScreen[bool]):
    """A scrollable text page (rules, round summary, match end, captures, log).

    The body has the keyboard from the start: ↑/↓, PgUp/PgDn, Space, Home/End scroll it;
    Enter/Escape closes it; q quits (saving).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close(True)", "Continue"),
        Binding("escape", "close(True)", "Close"),
        Binding("q", "close(False)", "Quit"),
    ]

    def __init__(self, title: str, body: str, footer: str, whole: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.footer_text = footer
        self.whole = whole
        """Phrases a line never splits (the table's card names, ``text.Wrapped``)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="page"):
            yield Static(Text(self.title_text, style="bold"), id="page-title")
            with PageBody(id="page-body"):
                yield Static(Wrapped.of(self.body, whole=self.whole))
            yield Static(Text(self.footer_text, style="italic"),
                         id="page-footer")

    def on_mount(self) -> None:
        self.query_one(PageBody).focus()

    def action_close(self, keep_playing: bool) -> None:
        self.dismiss(keep_playing)


class Panel(VerticalScroll, can_focus=False):
    """A scrolling panel that never takes the keyboard: arrows always move the card cursor."""


class Log(RichLog, can_focus=False):
    """The move log; not focusable, for the same reason."""


class PlayApp(App[Path | None]):
    """Terminal play of one match; ``run()`` returns the path the record was saved to."""

    TITLE = "hanafuda"
    AUTO_FOCUS = None
    CSS = """
    #status { height: auto; background: $boost; padding: 0 1; }
    #body { height: 1fr; layout: horizontal; }
    #table { width: 2fr; padding: 0 1; }
    #side { width: 1fr; min-width: 36; }
    .zone-title { text-style: bold; height: 1; }
    .cards { layout: grid; grid-size: 4; grid-gutter: 0 1; height: auto; }
    .card { height: auto; min-height: 5; border: round $panel-lighten-2; padding: 0; text-wrap: wrap; }
    .card.bright { border: round yellow; }
    .card.animal { border: round green; }
    .card.ribbon { border: round red; }
    .card.chaff { border: round $panel-lighten-2; }
    .card.legal { background: $boost; }
    .card.target { background: $success 30%; border: heavy $success; }
    .card.cursor { background: $accent 40%; border: double $warning; }
    #pending { height: auto; }
    #prompt { height: auto; color: $warning; }
    #choices { layout: grid; grid-size: 2; grid-gutter: 0 1; height: auto; grid-rows: auto; }
    .choice { height: auto; padding: 0 1; background: $boost; }
    .choice.cursor { background: $accent 40%; text-style: bold; }
    #captures-box { height: 2fr; border: round $panel-lighten-2; }
    #log { height: 1fr; border: round $panel-lighten-2; }
    #body.-compact { layout: vertical; }
    #body.-compact #table { width: 100%; height: auto; max-height: 75%; padding: 0; }
    #body.-compact #side { width: 100%; height: 1fr; min-height: 5; min-width: 0;
                           layout: horizontal; }
    #body.-compact #captures-box { height: 100%; width: 1fr; border: none;
                                   border-top: solid $panel-lighten-2; }
    #body.-compact #log { height: 100%; width: 1fr; border: none;
                          border-top: solid $panel-lighten-2; border-left: solid $panel-lighten-2; }
    #body.-compact .card { height: auto; min-height: 2; border: none; padding: 0; text-wrap: wrap; }
    #body.-compact .card.bright { background: yellow 15%; }
    #body.-compact .card.animal { background: green 15%; }
    #body.-compact .card.ribbon { background: red 15%; }
    #body.-compact .card.target { background: $success 40%; }
    #body.-compact .card.cursor { background: $accent 60%; }
    #page { width: 96%; height: 96%; border: thick $accent; background: $surface; padding: 0 1; }
    #page-title { height: 1; }
    #page-body { height: 1fr; }
    #page-footer { height: auto; }
    TextScreen { align: center middle; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Previous", show=False),
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("right", "move(1)", "Next", show=False),
        Binding("down", "move(1)", "Next", show=False),
        Binding("enter", "confirm", "Choose"),
        Binding("escape", "go_back", "Back"),
        Binding("question_mark", "rules", "Rules"),
        Binding("c", "captures", "Captures"),
        Binding("l", "whole_log", "Log"),
        Binding("h", "hint", "Hint"),
        Binding("q", "quit_match", "Save & quit"),
        *[Binding(str(n % 10), f"number({n})", str(n), show=False) for n in range(1, 11)],
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        self.step = "idle"  # idle | card | variant | choice | page
        self.cards: list[str] = []  # playable hand cards in hand order (step "card")
        self.moves: list[MoveWords] = []  # the legal moves in words
        self.choices: list[tuple[str, str]] = []  # (label, move) for "variant"/"choice"
        self.cursor = 0
        self.selected: str | None = None
        self._card_names: tuple[tuple[str, str], tuple[str, ...]] = (("", ""), ())
        self._say_bindings()
        self.bot_timer: Timer | None = None
        self.logged = (0, 0)
        self.saved_to: Path | None = None
        self.compact = True

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Container(id="body", classes="-compact"):
            with Panel(id="table"):
                yield Static(self.say("tui.field"), classes="zone-title", id="field-title")
                with Container(id="field", classes="cards"):
                    for i in range(FIELD_SLOTS):
                        yield CardView("field", i)
                yield Static(id="pending")
                yield Static(self.say("tui.hand"), classes="zone-title", id="hand-title")
                with Container(id="hand", classes="cards"):
                    for i in range(HAND_SLOTS):
                        yield CardView("hand", i)
                yield Static(id="prompt")
                with Container(id="choices"):
                    for i in range(CHOICE_SLOTS):
                        yield ChoiceView(i)
            with Container(id="side"):
                with Panel(id="captures-box"):
                    yield Static(id="captures")
                yield Log(id="log", wrap=True, min_width=20)
        yield Footer()

    @property
    def card_names(self) -> tuple[str, ...]:
        """Every card's name at this table (wild or not), longest first: a line never splits one
        (``text.Wrapped``).  Read again when the language or theme changes."""
        namer = self.session.namer
        if self._card_names[0] != (namer.theme, namer.lang):
            names = {namer.card(c.id, wild=w) for c in CARDS for w in (False, True)}
            self._card_names = ((namer.theme, namer.lang), tuple(sorted(names, key=len, reverse=True)))
        return self._card_names[1]

    @property
    def whole_names(self) -> tuple[str, ...]:
        """The card names and the seats' and bots' names (issue 28's pictures: the log broke
        "強い / ボット" at 80 columns), longest first: a line never splits one."""
        s = self.session
        seats = {s.namer.seat(i) for i in range(s.config.players)} | {s.bots_word}
        return tuple(sorted(set(self.card_names) | {n for n in seats if n}, key=len, reverse=True))

    def say(self, key: str, **fields: object) -> str:
        """The catalogue's words ``key`` in the session's language (``words.catalogue``)."""
        return text(key, self.session.lang, **fields)

    def _say_bindings(self) -> None:
        """The footer's key descriptions in the session's language."""
        words = {"confirm": "confirm", "go_back": "back", "rules": "rules", "captures": "captures",
                 "whole_log": "log", "hint": "hint", "quit_match": "quit"}
        english = self.session.lang == "en"
        if not english:  # Textual's command palette (themes, keys, screenshot) speaks only English
            self.use_command_palette = False
        table = self._bindings.key_to_bindings
        for key, bindings in list(table.items()):
            table[key] = [replace(b, description=self.say(f"tui.binding.{words[b.action]}"))
                          if b.action in words else b for b in bindings
                          if english or b.action != "command_palette"]

    def on_mount(self) -> None:
        cfg = self.session.config
        title = game_title(cfg.game, self.session.lang)
        self.title = f"hanafuda · {title}"
        self.log_widget.write(Wrapped.of(Text(self.say(
            "tui.app_header", game=title, players=cfg.players, seat=seat_number(self.session.seat),
            bots=self.session.bots_word), style="bold"), whole=self.whole_names))
        if self.session.resumed_from is not None:
            self.log_widget.write(Text(self.say("tui.resumed_saving", path=self.session.resumed_from,
                                                save=self.session.save_path), style="italic"))
        self.fit(self.size.width, self.size.height)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)
        if self.step != "page":
            self.redraw()

    def fit(self, width: int, height: int) -> None:
        """80×24 first: compact cells and the panels below under 110×34; richer above."""
        self.compact = width < COMPACT_WIDTH or height < COMPACT_HEIGHT
        self.query_one("#body").set_class(self.compact, "-compact")
        # at 80 columns the footer's keys need the whole line ("q Save & quit" was cut by
        # "^p palette"): the palette stays on ctrl+p, unadvertised below 110 columns
        self.query_one(Footer).show_command_palette = width >= COMPACT_WIDTH
        table = width if self.compact else width - max(36, width // 3)
        cell = 19 if self.compact else 20
        columns = max(2, min(8, table // cell))
        for grid in self.query(".cards"):
            grid.styles.grid_size_columns = columns

    @property
    def log_widget(self) -> RichLog:
        return self.query_one("#log", RichLog)

    # -- the flow ------------------------------------------------------------------------------

    def advance(self) -> None:
        """After any change: redraw, then show a summary, schedule a bot, or ask the human."""
        match = self.session.match
        self.selected = None
        self.cursor = 0
        self.write_log()
        if match.round_over:
            self.step = "page"
            self.redraw()
            self.show_round_end()
            return
        if self.session.bot_to_move:
            self.step = "idle"
            self.moves = []
            self.redraw()
            if self.bot_timer is None:  # a teyaku decision you may not learn of takes no pause
                pause = 0.0 if self.session.bot_decision_hidden else self.session.pause
                self.bot_timer = self.set_timer(max(pause, 0.01), self.bot_step)
            return
        view = self.session.view()
        self.moves = legal_move_words(view, self.session.namer)
        if all(m.kind == "play" for m in self.moves):
            self.step = "card"
            playable = {m.card for m in self.moves}
            self.cards = [c for c in view.hand.codes() if c in playable]
        else:
            self.step = "choice"
            self.choices = [(m.choice, m.move) for m in self.moves]
            if view.phase == "koikoi":  # asked right after your own play: see ``NOTHING_CHOSEN``
                self.cursor = NOTHING_CHOSEN
        self.redraw()

    def bot_step(self) -> None:
        self.bot_timer = None
        if self.modal_open:  # a page is open: bots wait until it is closed
            self.bot_timer = self.set_timer(0.2, self.bot_step)
            return
        if self.session.bot_to_move and self.step == "idle":
            self.session.bot_move()
            dropped = self.session.dropped
            if dropped is not None:  # your queued play became illegal: choose again
                self.session.dropped = None
                self.notify(self.say(dropped_key(dropped)), title=self.say("tui.choose_again"))
            self.advance()

    def show_round_end(self) -> None:
        s = self.session
        namer = s.namer
        view = s.view()
        result = s.match.current.result
        assert result is not None
        lines = round_result_lines(namer, view.round_number, result, view.captures, view.totals)
        # the title says "Round N over"; Koi-Koi's line on who stopped (``stop_text``) comes first
        stopped = [lines[1]] if lines[1] else []
        details = lines[2 + len(stopped):-2]  # (its last two, a blank and the totals, head the box)
        if s.match.finished:
            path = s.save()
            head = [match_result_text(namer, view.winners, view.totals, view.round_number),
                    self.say("tui.totals", totals=totals_text(namer, view.totals)),
                    self.say("tui.record_saved", path=path), ""]
            footer = self.say("tui.enter_or_q_quit")
            title = self.say("screen.match_over")
        else:
            head = [self.say("tui.totals", totals=totals_text(namer, view.totals)), ""]
            footer = self.say("tui.next_round_keys")
            title = self.say("tui.round_over", n=view.round_number)
        body = "\n".join(stopped + head + details)
        self.push_screen(TextScreen(title, body, footer + self.say("tui.scroll"), self.card_names),
                         self.after_round_end)

    def after_round_end(self, keep_playing: bool | None) -> None:
        match = self.session.match
        if match.finished:
            self.saved_to = self.session.save()
            self.exit(self.saved_to)
            return
        if not keep_playing:
            self.action_quit_match()
            return
        self.session.next_round()
        self.advance()

    def play(self, move: str) -> None:
        self.session.play(move)
        self.advance()

    # -- what the human chooses ----------------------------------------------------------------

    def variants(self, card: str) -> list[MoveWords]:
        return [m for m in self.moves if m.card == card and m.kind == "play"]

    def choose_card(self, card: str) -> None:
        moves = self.variants(card)
        if len(moves) == 1:
            self.play(moves[0].move)
            return
        self.selected = card
        self.step = "variant"
        self.choices = [(m.choice, m.move) for m in moves]
        self.cursor = 0
        self.redraw()

    @property
    def modal_open(self) -> bool:
        return isinstance(self.screen, ModalScreen)

    def choose_index(self, index: int) -> None:
        if self.modal_open:
            return
        if self.step == "card" and 0 <= index < len(self.cards):
            self.choose_card(self.cards[index])
        elif self.step in ("variant", "choice") and 0 <= index < len(self.choices):
            self.play(self.choices[index][1])

    def clicked_card(self, zone: str, code: str) -> None:
        if self.step == "card" and zone == "hand" and code in self.cards:
            self.choose_card(code)
        elif self.step in ("variant", "choice") and zone == "field":
            for index, (_, move) in enumerate(self.choices):
                words = self.move_words(move)
                if words is not None and words.takes == (code,):
                    self.choose_index(index)
                    return

    def clicked_choice(self, index: int) -> None:
        self.choose_index(index)

    def active_count(self) -> int:
        if self.step == "card":
            return len(self.cards)
        if self.step in ("variant", "choice"):
            return len(self.choices)
        return 0

    def move_words(self, move: str) -> MoveWords | None:
        return next((m for m in self.moves if m.move == move), None)

    def focused_moves(self) -> list[MoveWords]:
        """The moves the cursor points at: a hand card's moves, or the chosen variant."""
        if self.step == "card" and self.cards:
            return self.variants(self.cards[self.cursor])
        if self.step in ("variant", "choice") and self.choices and self.cursor != NOTHING_CHOSEN:
            words = self.move_words(self.choices[self.cursor][1])
            return [words] if words is not None else []
        return []

    # -- actions -------------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        count = 0 if self.modal_open else self.active_count()
        if count:
            if self.cursor == NOTHING_CHOSEN:  # the first arrow picks the first (or last) choice
                self.cursor = 0 if delta > 0 else count - 1
            else:
                self.cursor = (self.cursor + delta) % count
            self.redraw()

    def action_confirm(self) -> None:
        if self.active_count() and self.cursor != NOTHING_CHOSEN:
            self.choose_index(self.cursor)

    def action_number(self, number: int) -> None:
        self.choose_index(number - 1)

    def action_go_back(self) -> None:
        if self.step == "variant":
            self.step = "card"
            self.cursor = self.cards.index(self.selected) if self.selected in self.cards else 0
            self.selected = None
            self.redraw()

    def _page(self, title: str, body: str) -> None:
        if isinstance(self.screen, TextScreen):
            return
        self.push_screen(TextScreen(title, body, self.say("tui.page_keys") + self.say("tui.scroll"),
                                    self.card_names), self.after_page)

    def action_rules(self) -> None:
        self._page(self.say("tui.rules_title"), rules_screen(self.session))

    def action_captures(self) -> None:
        self._page(self.say("tui.captures_title"),
                   "\n".join(captures_lines(self.session.namer, self.session.view())))

    def action_whole_log(self) -> None:
        view = self.session.view()
        lines = [self.say("tui.log_head", n=view.round_number, dealer=self.session.namer.seat(view.dealer))]
        lines += [e.text for e in log_entries(view, self.session.namer)]
        self._page(self.say("tui.log_title"), "\n".join(lines))

    def action_hint(self) -> None:
        """``h``: the learned network's best move and runner-up for your decision (issue 13)."""
        if not self.session.human_to_move:
            self.notify(self.say("tui.hint_wait"), title=self.say("tui.hint"))
            return
        view = self.session.view()
        found = hint(view)
        self.notify("\n".join(hint_lines(view, self.session.namer, found.best, found.best_value,
                                          found.runner_up, found.runner_up_value)),
                    title=self.say("tui.hint"), timeout=12)

    def after_page(self, keep_playing: bool | None) -> None:
        if keep_playing is False:
            self.action_quit_match()

    async def action_quit(self) -> None:
        """Ctrl+Q saves too: quitting always leaves a record to resume."""
        self.action_quit_match()

    def action_quit_match(self) -> None:
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None
        self.saved_to = self.session.save()
        self.exit(self.saved_to)

    # -- drawing -------------------------------------------------------------------------------

    def redraw(self) -> None:
        s = self.session
        view = s.view()
        namer = s.namer
        status = self.status_text()
        self.query_one("#status", Static).update(Wrapped.of(status, whole=self.status_pieces(status)))
        focused = self.focused_moves()
        targets = {t for m in focused for t in m.takes if m.kind != "expose"}
        if self.step in ("variant", "choice"):
            targets = {t for _, mv in self.choices if (words := self.move_words(mv)) is not None
                       and words.kind != "expose" for t in words.takes}
            targets &= set(view.field.codes()) | {c for e in view.exposed for c in e.codes()}
        field = view.field.codes()
        owners = {c: namer.seat(seat) for seat, cards in enumerate(view.exposed)
                  if seat != view.seat for c in cards.codes()}
        table = field + list(owners)  # others' exposed teyaku cards can be captured too
        for slot in self.query(CardView):
            if slot.zone != "field":
                continue
            code = table[slot.index] if slot.index < len(table) else None
            slot.show(code, self, target=code in targets, exposed_by=owners.get(code or "", ""))
        hand = view.hand.codes()
        for slot in self.query(CardView):
            if slot.zone != "hand":
                continue
            held = hand[slot.index] if slot.index < len(hand) else None
            legal = self.step == "card" and held in self.cards
            number = self.cards.index(held) + 1 if legal and held is not None else None
            cursor = (self.step == "card" and legal and self.cards[self.cursor] == held) or \
                (self.step == "variant" and held == self.selected)
            slot.show(held, self, number=number, legal=legal, cursor=cursor)
        overflow = len(table) - FIELD_SLOTS
        pending = ""
        if view.pending:
            wild = namer.wild_from_stock(view.pending)
            pending = self.say("tui.turned_over", card=namer.card(view.pending, wild=wild))
        if overflow > 0:
            pending += self.say("tui.more_field", n=overflow, cards=namer.cards(table[FIELD_SLOTS:]))
        self.query_one("#pending", Static).update(Text(pending, style="bold"))
        self.query_one("#pending", Static).display = bool(pending)
        exposed = self.say("tui.exposed_count", n=len(owners)) if owners else ""
        self.query_one("#field-title", Static).update(
            self.say("tui.field_title", n=len(field), exposed=exposed, stock=view.stock_count))
        self.query_one("#hand-title", Static).update(self.say("tui.hand_title", n=len(hand)))
        for choice in self.query(ChoiceView):
            active = self.step in ("variant", "choice") and choice.index < len(self.choices)
            choice.show(self.choices[choice.index][0] if active else None,
                        cursor=active and choice.index == self.cursor)
        self.query_one("#prompt", Static).update(Wrapped.of(self.prompt_text(), whole=self.card_names))
        self.query_one("#captures", Static).update(self.captures_text())
        if not self.modal_open:  # keep the keyboard cursor on screen: the question's when one is
            # asked, after the card it is about (at 80×24 a ten-card Kwa-Dō hand scrolled back to the
            # card and left the choices under the log: docs42)
            # (after the refresh: a choice just shown has no place in the layout before it)
            for widget in sorted(self.query(".cursor"), key=lambda w: isinstance(w, ChoiceView)):
                self.call_after_refresh(widget.scroll_visible, animate=False)

    def status_text(self) -> Text:
        s = self.session
        view = s.view()
        turn = turn_text(view, s.namer)
        text = Text(status_line(s.namer, view) + " · ")
        mine = view.to_move == view.seat and view.to_move is not None
        text.append(turn if mine else turn + "…" if view.to_move is not None else turn,
                    style="bold reverse" if mine else "bold")
        return text

    def status_pieces(self, status: Text) -> list[str]:
        """What the status line keeps on one line (issue 28's pictures: at 80 columns in Japanese
        it broke "（2番 / 席）", in Korean "내 / 차례"): each " · " part — the round, the dealer,
        the stock, the totals, whose turn — and inside the totals each side's name with its score
        (when four seats' totals are wider than the screen they break between two sides)."""
        namer = self.session.namer
        sides = [(namer.side(i), t) for i, t in enumerate(self.session.view().totals)]
        return ([p for p in status.plain.split(" · ") if p]
                + [f"{name} {number_text(t)}" for name, t in sides] + [name for name, _ in sides])

    def prompt_text(self) -> Text:
        focused = self.focused_moves()
        said = " · ".join(m.text + ("  " + " ".join(m.calls) if m.calls else "")
                          for m in focused)
        if self.step == "card":
            return Text(self.say("tui.choose_card")) + Text(said, style="bold")
        if self.step == "variant":
            return Text(self.say("tui.which_move")) + Text(said, style="bold")
        if self.step == "choice":
            view = self.session.view()
            if view.phase == "teyaku":
                texts = " · ".join(f"{m.choice}: {m.text}" for m in self.moves)
                return Text(self.say("tui.teyaku", moves=texts), style="bold")
            if view.phase == "koikoi":  # Koi-Koi: your turn made or raised a yaku
                texts = " · ".join(m.text for m in self.moves)
                return Text(self.say("tui.koikoi", moves=texts), style="bold")
            return Text(self.say("tui.choose_take")) + Text(said, style="bold")
        return Text("")

    def captures_text(self) -> Wrapped:
        """Each side's pile by kind, broken into lines by the panel's width without splitting a
        kind from its count and points, nor a card's name (``text.Wrapped``)."""
        s = self.session
        namer = s.namer
        view = s.view()
        out: list[tuple[Text, list[tuple[int, int]], int]] = []
        separator = ", " if namer.lang == "en" else self.say("list.separator")
        # a game whose cards have no points (Koi-Koi: only yaku score) does not say "0 card
        # points" on every line: the piles give their counts alone
        scored = any(namer.config.values)
        for side in range(len(view.sides)):
            pile = side_pile(namer, side, view.captures[side])
            out.append((Text(pile.headline(), style="bold"), [], 0))
            for group in pile.groups:
                words = (self.say("pile.group", title=group.title, count=len(group.cards),
                                  points=group.points, names="") if scored else
                         self.say("tui.pile_group_plain", title=group.title, count=len(group.cards),
                                  names=""))
                line = Text(" " + words, style="bold")
                keep = [(0, len(line.plain.rstrip()))]
                for n, (code, name) in enumerate(zip(group.cards, group.names, strict=True)):
                    start = len(line.plain)
                    line.append(name + (separator if n + 1 < len(group.cards) else ""),
                                style=card_style(code, namer))
                    keep.append((start, len(line.plain.rstrip())))
                out.append((line, keep, 2))
            for note in side_notes(namer, view, side):
                made = any(mark in note for mark in _COMPLETE)
                out.append((Text(f" {note}", style="bold green" if made else "yellow"),
                            spans_of(f" {note}", self.card_names), 2))
        out.extend((Text(note), spans_of(note, self.card_names), 2) for note in table_notes(namer, view))
        return Wrapped(out)

    def write_log(self) -> None:
        view = self.session.view()
        namer = self.session.namer
        log = self.log_widget
        if self.logged[0] != view.round_number:
            self.logged = (view.round_number, 0)
            log.write(Wrapped.of(Text(self.say("tui.log_round", n=view.round_number,
                                               dealer=namer.seat(view.dealer)), style="bold"),
                                 whole=self.whole_names))
        done = [e for e in log_entries(view, namer) if e.complete]
        for entry in done[self.logged[1]:]:
            style = "bold" if entry.seat == view.seat else ""
            log.write(Wrapped.of(Text(entry.text, style=style), indent=2, whole=self.whole_names))
            for call in entry.calls:
                self.notify(call, timeout=2)
        self.logged = (self.logged[0], len(done))

