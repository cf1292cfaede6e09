"""The Textual app of ``hanafuda play``.

The screen shows only the human seat's ``PlayerView``: the field, the hand, every side's capture
pile grouped by kind with its card points, the stock count, the running totals and round, whose
turn it is, the yaku each side is close to, and a move log.  A decision is made in two steps at
most: choose a hand card, then (only when the card has several legal moves) a capture target or
a declaration, asked in place.  Teyaku and a turned-over card's target are single choices.
Keyboard (arrows, numbers, Enter, Escape) and mouse both work.  Bots move one at a time with
``session.pause`` seconds between moves.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from ..cards import CARDS, KIND_MASKS, Kind, card_id
from ..rules.base import Game
from ..themes import kind_label, label
from .plain import options_text
from .session import PlaySession
from .text import (
    KIND_ORDER,
    card_lines,
    card_style,
    event_text,
    held_yaku,
    match_end_lines,
    move_text,
    round_summary_lines,
    side_label,
    yaku_close,
)

__all__ = ["PlayApp"]

FIELD_SLOTS = 24
HAND_SLOTS = 16
CHOICE_SLOTS = 12
RULES_TITLE = "Rules and options in force"

_KIND_CLASS = {Kind.BRIGHT: "bright", Kind.ANIMAL: "animal", Kind.RIBBON: "ribbon", Kind.CHAFF: "chaff"}


class CardView(Static):
    """One card: month, name and kind in the theme; markers for legal, cursor and target."""

    def __init__(self, zone: str, index: int) -> None:
        super().__init__("", classes="card", id=f"{zone}-{index}")
        self.zone = zone
        self.index = index
        self.code: str | None = None
        self.number: int | None = None

    def show(self, code: str | None, theme: str, *, number: int | None = None, legal: bool = False,
             cursor: bool = False, target: bool = False) -> None:
        self.code = code
        self.number = number
        self.display = code is not None
        if code is None:
            return
        for name in _KIND_CLASS.values():
            self.set_class(False, name)
        self.set_class(True, _KIND_CLASS[CARDS[card_id(code)].kind])
        self.set_class(legal, "legal")
        self.set_class(cursor, "cursor")
        self.set_class(target, "target")
        month, name, kind = card_lines(code, theme)
        marker = "▶" if cursor else ("◆" if target else ("•" if legal else " "))
        head = f"{marker}{number} " if number is not None else f"{marker} "
        text = Text(head + month, style="bold" if legal or target else "")
        text.append("\n" + name, style=card_style(code))
        if set(kind.casefold().split()) & set(name.casefold().split()):
            kind = ""  # the name already says it ("Poetry Ribbon", "Chaff")
        text.append("\n" + kind + ("  ← target" if target else ""))
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


class TextScreen(ModalScreen[bool]):
    """A scrollable text page (rules, round summary, match end); Enter/Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close(True)", "Continue"),
        Binding("escape", "close(True)", "Close"),
        Binding("q", "close(False)", "Quit"),
    ]

    def __init__(self, title: str, body: str, footer: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.footer_text = footer

    def compose(self) -> ComposeResult:
        with Vertical(id="page"):
            yield Static(Text(self.title_text, style="bold"), id="page-title")
            with VerticalScroll(id="page-body"):
                yield Static(Text(self.body))
            yield Static(Text(self.footer_text, style="italic"), id="page-footer")

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
    #main { height: 1fr; }
    #table { width: 2fr; padding: 0 1; }
    #side { width: 1fr; min-width: 44; }
    .zone-title { text-style: bold; height: 1; margin-top: 1; }
    .cards { layout: grid; grid-size: 6; grid-gutter: 0 1; height: auto; }
    #hand { grid-size: 6; }
    .card { height: 6; border: round $panel-lighten-2; padding: 0 1; }
    .card.bright { border: round yellow; }
    .card.animal { border: round green; }
    .card.ribbon { border: round red; }
    .card.chaff { border: round $panel-lighten-2; }
    .card.legal { background: $boost; }
    .card.target { background: $success 20%; border: heavy $success; }
    .card.cursor { background: $accent 40%; border: double $warning; }
    #pending { height: auto; }
    #prompt { height: auto; margin-top: 1; color: $warning; }
    #choices { layout: grid; grid-size: 2; grid-gutter: 0 1; height: auto; grid-rows: auto; }
    .choice { height: auto; min-height: 3; border: round $accent; padding: 0 1; }
    .choice.cursor { background: $accent 40%; border: double $warning; }
    #captures-box { height: 2fr; border: round $panel-lighten-2; }
    #log { height: 1fr; border: round $panel-lighten-2; }
    #page { width: 90%; height: 90%; border: thick $accent; background: $surface; padding: 0 1; }
    #page-title { height: 1; }
    #page-body { height: 1fr; }
    #page-footer { height: 1; }
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
        Binding("q", "quit_match", "Save & quit"),
        *[Binding(str(n % 10), f"number({n})", str(n), show=False) for n in range(1, 11)],
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        self.step = "idle"  # idle | card | variant | choice | page
        self.cards: list[str] = []  # legal hand cards in hand order (step "card")
        self.choices: list[tuple[str, str]] = []  # (label, move) for "variant"/"choice"
        self.cursor = 0
        self.selected: str | None = None
        self.bot_timer: Timer | None = None
        self.logged = (0, 0)
        self.saved_to: Path | None = None

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Panel(id="table"):
                yield Static("Field", classes="zone-title")
                with Container(id="field", classes="cards"):
                    for i in range(FIELD_SLOTS):
                        yield CardView("field", i)
                yield Static(id="pending")
                yield Static("Your hand", classes="zone-title", id="hand-title")
                with Container(id="hand", classes="cards"):
                    for i in range(HAND_SLOTS):
                        yield CardView("hand", i)
                yield Static(id="prompt")
                with Container(id="choices"):
                    for i in range(CHOICE_SLOTS):
                        yield ChoiceView(i)
            with Vertical(id="side"):
                with Panel(id="captures-box"):
                    yield Static(id="captures")
                yield Log(id="log", wrap=True, min_width=30)
        yield Footer()

    def on_mount(self) -> None:
        cfg = self.session.config
        self.title = f"hanafuda · {cfg.game.title}"
        self.log_widget.write(Text(
            f"{cfg.game.title}: {cfg.players} players, you are seat {self.session.seat}, "
            f"bots: {self.session.bots}, options: {cfg.describe_options()}", style="bold"))
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the card grids to the width: about 20 columns per card, 2 to 6 cards a row."""
        width = self.query_one("#table").size.width or event.size.width * 2 // 3
        columns = max(2, min(6, width // 20))
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
            self.redraw()
            if self.bot_timer is None:
                self.bot_timer = self.set_timer(max(self.session.pause, 0.01), self.bot_step)
            return
        legal = self.session.view().legal
        if all(m.startswith("play ") for m in legal):
            self.step = "card"
            hand = self.session.view().hand.codes()
            playable = {m.split()[1] for m in legal}
            self.cards = [c for c in hand if c in playable]
        else:
            self.step = "choice"
            self.choices = [(self.choice_label(m), m) for m in legal]
        self.redraw()

    def bot_step(self) -> None:
        self.bot_timer = None
        if self.modal_open:  # the rules page is open: bots wait until it is closed
            self.bot_timer = self.set_timer(0.2, self.bot_step)
            return
        if self.session.bot_to_move and self.step == "idle":
            self.session.bot_move()
            self.advance()

    def show_round_end(self) -> None:
        s = self.session
        view = s.view()
        result = s.match.current.result
        assert result is not None
        lines = round_summary_lines(s.config, view, result, s.theme, s.names)
        if s.match.finished:
            lines += [""] + match_end_lines(view, s.names)
            path = s.save()
            lines += ["", f"The match record is saved to {path}"]
            footer = "Enter or q: quit"
            title = "Match over"
        else:
            footer = "Enter: deal the next round · q: save and quit"
            title = f"Round {view.round_number} over"
        self.push_screen(TextScreen(title, "\n".join(lines), footer), self.after_round_end)

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

    def choice_label(self, move: str) -> str:
        theme = self.session.theme
        words = move.split()
        if move == "expose":
            return "expose your teyaku (show the cards)"
        if move == "keep":
            return "keep your teyaku hidden"
        if words[0] == "take":
            return f"take {label(words[1], theme)}"
        if len(words) == 4 and words[2] == "take":
            return f"take {label(words[3], theme)}"
        if len(words) == 4 and words[2] == "declare":
            names = {y.id: y.name for y in self.session.config.declarable}
            return f"declare {names.get(words[3], words[3])}"
        if len(words) == 2:
            return "place it (no choice of capture)"
        return move_text(move, theme)

    def variants(self, card: str) -> list[str]:
        return [m for m in self.session.view().legal if m.split()[1] == card]

    def choose_card(self, card: str) -> None:
        moves = self.variants(card)
        if len(moves) == 1:
            self.play(moves[0])
            return
        self.selected = card
        self.step = "variant"
        self.choices = [(self.choice_label(m), m) for m in moves]
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
                if move.split()[-1] == code and "take" in move.split():
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

    # -- actions -------------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        count = 0 if self.modal_open else self.active_count()
        if count:
            self.cursor = (self.cursor + delta) % count
            self.redraw()

    def action_confirm(self) -> None:
        if self.active_count():
            self.choose_index(self.cursor)

    def action_number(self, number: int) -> None:
        self.choose_index(number - 1)

    def action_go_back(self) -> None:
        if self.step == "variant":
            self.step = "card"
            self.selected = None
            self.cursor = 0
            self.redraw()

    def action_rules(self) -> None:
        if isinstance(self.screen, TextScreen) and self.screen.title_text == RULES_TITLE:
            return
        self.push_screen(TextScreen(RULES_TITLE, options_text(self.session),
                                    "Enter or Escape: back to the game · q: save and quit"),
                         self.after_rules)

    def after_rules(self, keep_playing: bool | None) -> None:
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
        theme = s.theme
        self.query_one("#status", Static).update(self.status_text())
        targets = {m.split()[-1] for _, m in self.choices if "take" in m.split()} \
            if self.step in ("variant", "choice") else set()
        field = view.field.codes()
        for slot in self.query(CardView):
            if slot.zone == "field" and slot.index < len(field):
                code = field[slot.index]
                slot.show(code, theme, target=code in targets)
            elif slot.zone == "field":
                slot.show(None, theme)
        hand = view.hand.codes()
        for slot in self.query(CardView):
            if slot.zone != "hand":
                continue
            held = hand[slot.index] if slot.index < len(hand) else None
            legal = self.step == "card" and held in self.cards
            number = self.cards.index(held) + 1 if legal and held is not None else None
            cursor = (self.step == "card" and legal and self.cards[self.cursor] == held) or \
                (self.step == "variant" and held == self.selected)
            slot.show(held, theme, number=number, legal=legal, cursor=cursor)
        overflow = len(field) - FIELD_SLOTS
        pending = ""
        if view.pending:
            pending = f"Turned over from the stock: {label(view.pending, theme)}"
        if overflow > 0:
            pending += f"  (+{overflow} more field cards: " + ", ".join(
                label(c, theme) for c in field[FIELD_SLOTS:]) + ")"
        self.query_one("#pending", Static).update(Text(pending, style="bold"))
        self.query_one("#hand-title", Static).update(f"Your hand ({len(hand)} cards)")
        for choice in self.query(ChoiceView):
            active = self.step in ("variant", "choice") and choice.index < len(self.choices)
            choice.show(self.choices[choice.index][0] if active else None,
                        cursor=active and choice.index == self.cursor)
        self.query_one("#prompt", Static).update(self.prompt_text())
        self.query_one("#captures", Static).update(self.captures_text())
        for widget in self.query(".cursor"):
            if not self.modal_open:
                widget.scroll_visible(animate=False)  # keep the keyboard cursor on screen

    def status_text(self) -> Text:
        s = self.session
        view = s.view()
        cfg = s.config
        limit = f"/{cfg.rounds_limit}" if cfg.rounds_limit is not None else ""
        target = f" (first to {cfg.target})" if cfg.target is not None else ""
        totals = ", ".join(f"{side_label(view, i, s.names)} {t}" for i, t in enumerate(view.totals))
        if view.to_move is None:
            turn = "round over" if not view.finished else "match over"
        elif view.to_move == view.seat:
            turn = "YOUR TURN"
        else:
            turn = f"seat {view.to_move} ({s.names[view.to_move]}) is thinking…"
        text = Text()
        text.append(f"{cfg.game.title} · round {view.round_number}{limit}{target} · "
                    f"dealer seat {view.dealer} · stock {view.stock_count} · ")
        text.append(f"totals: {totals} · ")
        text.append(turn, style="bold reverse" if view.to_move == view.seat else "bold")
        return text

    def prompt_text(self) -> str:
        if self.step == "card":
            return ("Your turn: choose a card to play — ←/→ and Enter, its number, or click it. "
                    "? rules · q save & quit")
        if self.step == "variant":
            assert self.selected is not None
            return (f"{label(self.selected, self.session.theme)}: what should it do? — "
                    "←/→ and Enter, a number, or click (a target on the field too); Escape: back")
        if self.step == "choice":
            view = self.session.view()
            if view.phase == "teyaku":
                return "Teyaku: expose your hand's teyaku or keep it hidden?"
            return "Choose what the turned-over card takes — ←/→ and Enter, a number, or click"
        return ""

    def captures_text(self) -> Text:
        s = self.session
        cfg = s.config
        view = s.view()
        theme = s.theme
        close = yaku_close(cfg, view)
        text = Text()
        for side in range(len(view.sides)):
            pile = view.captures[side]
            points = Game.card_points(cfg, pile.mask)
            text.append(f"{side_label(view, side, s.names)}: {len(pile)} cards, {points} points\n",
                        style="bold underline")
            for kind in KIND_ORDER:
                cards = pile & KIND_MASKS[kind]
                if cards:
                    text.append(f" {kind_label(kind, theme)} ×{len(cards)}: ", style="bold")
                    for n, c in enumerate(cards):
                        text.append(("" if n == 0 else ", ") + label(c, theme), style=card_style(c))
                    text.append("\n")
            made = held_yaku(cfg, pile)
            if made:
                text.append(" has: " + ", ".join(f"{y.name} {y.points}" for y in made) + "\n",
                            style="bold green")
            if view.declared and view.declared[side]:
                text.append(" declared: " + ", ".join(view.declared[side]) + "\n", style="bold")
            for near in close:
                if near.side == side:
                    need = " or ".join(label(x, theme) for x in near.missing)
                    text.append(f" close to {near.yaku.name} ({near.yaku.points}): needs {need}\n",
                                style="yellow")
        if view.discard:
            text.append(f"Discard pile: {len(view.discard)} cards\n")
        for seat, cards in enumerate(view.exposed):
            if cards:
                text.append(f"Exposed by seat {seat}: " + ", ".join(label(c, theme) for c in cards)
                            + "\n")
        return text

    def write_log(self) -> None:
        view = self.session.view()
        log = self.log_widget
        if self.logged[0] != view.round_number:
            self.logged = (view.round_number, 0)
            log.write(Text(f"— Round {view.round_number}: dealer seat {view.dealer} —", style="bold"))
        for event in view.history[self.logged[1]:]:
            style = "bold" if event.seat == view.seat else ""
            log.write(Text(event_text(event, view, self.session.theme), style=style))
        self.logged = (self.logged[0], len(view.history))

