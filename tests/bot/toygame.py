"""High Card: a toy game written only here, to prove a game needs no bot code of its own.

Two players are each dealt one card (1-9) that only they see. Both then decide at once, in
secret, whether to keep it or swap it for the next card of the deck. Then each in turn wagers
1 to 3 chips, openly. The cards are shown and the higher card wins (equal cards share first).

All the bot knows of it is what the rules declare: its moves (`MOVES`), what it hides from
whom (`CARD`, `SWAP`, read by its `view` and by the computers' veil), its prompts and its outcome. Its drawing (`render`) is registered by the test.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, Field, TypeAdapter

from rules.core.engine import Context, Game, GameState, Outcome, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.moves import Kind, Move, MoveBook, Param
from rules.core.offers import Buttons, Menu
from rules.core.secrets import Hidden, Spot
from rules.core.views import TableView, table_fields

SLUG = "high-card"


class CardState(GameState):
    game: Literal["high-card"] = "high-card"
    deck: list[int]
    cards: dict[PlayerId, int]  # secret: each seat sees only its own until the show-down
    swaps: dict[PlayerId, bool] = Field(default_factory=dict)  # secret until the show-down
    wagers: dict[PlayerId, int] = Field(default_factory=dict)
    shown: bool = False


class Decide(BaseModel):
    type: Literal["decide"] = "decide"
    swap: bool


class Wager(BaseModel):
    type: Literal["wager"] = "wager"
    chips: int = Field(ge=1, le=3)


CardAction = Annotated[Decide | Wager, Field(discriminator="type")]


class CardView(TableView):
    game: Literal["high-card"] = "high-card"
    cards: dict[PlayerId, int | None]  # None: a card seen from behind
    decided: list[PlayerId]
    swap: bool | None = None  # the viewer's own secret decision
    wagers: dict[PlayerId, int]


def _own(items: Any, state: CardState) -> list[Spot]:
    """Each seat's own entry, hidden from the others until the show-down."""
    return [] if state.shown else [Spot(p, frozenset({p})) for p in items]


CARD: Hidden[CardState] = Hidden("card", find=lambda s: _own(s.cards, s), get=lambda s, p: s.cards[p],
                                 put=lambda s, p, v: s.cards.__setitem__(p, v), possible=lambda s, p: range(1, 10))
SWAP: Hidden[CardState] = Hidden("swap", find=lambda s: _own(s.swaps, s), get=lambda s, p: s.swaps.get(p),
                                 put=lambda s, p, v: s.swaps.__setitem__(p, v), possible=lambda s, p: (False, True))


MOVES = MoveBook("hc", help="High Card moves.", moves=[
    Move("decide", "decide", "Decide", "Keep your card or swap it (in secret).",
         (Param("swap", Kind.FLAG, "Swap your card for the next one"),),
         say=lambda a, r: "Swap it" if a.swap else "Keep it", typed=False, offer=Buttons()),
    Move("wager", "wager", "Wager", "Wager 1 to 3 chips on your card.",
         (Param("chips", Kind.COUNT, "How many chips, 1 to 3", suggest=True),),
         say=lambda a, r: f"{a.chips} chip{'s' if a.chips > 1 else ''}", offer=Menu(), quiet=True),
])


class HighCard(Game[CardState, Any]):
    slug = SLUG
    title = "High Card"
    min_players = 2
    max_players = 2
    recommended = (2, 2)
    state_type = CardState
    action_adapter = TypeAdapter(CardAction)
    moves = MOVES
    secrets = (CARD, SWAP)

    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> CardState:
        deck = list(range(1, 10))
        order = []
        while deck:
            order.append(deck.pop(ctx.dice.draw(len(deck)) - 1))
        cards = {s.player: order.pop() for s in seats}
        for seat in seats:
            ctx.say(f"Your card is a {cards[seat.player]}.", visible_to=[seat.player])
        ctx.say("Each player has a card, and now decides in secret whether to change it.")
        return CardState(seats=list(seats), dice=ctx.dice.state, deck=order, cards=cards)

    def _waiting(self, state: CardState) -> list[PlayerId]:
        if state.shown:
            return []
        undecided = [s.player for s in state.seats if s.player not in state.swaps]
        if undecided:
            return undecided
        return [next(s.player for s in state.seats if s.player not in state.wagers)]

    def _prompts(self, state: CardState) -> list[Prompt]:
        secret = any(p not in state.swaps for p in (s.player for s in state.seats))
        return [Prompt(player=p, kind=PromptKind.SECRET if secret else PromptKind.ACTION, secret=secret,
                       text="Keep your card or swap it?" if secret else "wager 1 to 3 chips.")
                for p in self._waiting(state)]

    def _legal_actions(self, state: CardState, player: PlayerId) -> list[Any]:
        if player not in self._waiting(state):
            return []
        if player not in state.swaps:
            return [Decide(swap=False), Decide(swap=True)]
        return [Wager(chips=n) for n in (1, 2, 3)]

    def _apply(self, ctx: Context, state: CardState, player: PlayerId, action: Any) -> None:
        if player not in self._waiting(state):
            raise RuleViolation("It is not your turn.")
        if isinstance(action, Decide):
            if player in state.swaps:
                raise RuleViolation("You have already decided.")
            state.swaps[player] = action.swap
            if action.swap:
                state.cards[player] = state.deck.pop()
                ctx.say(f"You swapped: your new card is a {state.cards[player]}.", visible_to=[player])
            else:
                ctx.say("You keep your card.", visible_to=[player])
            ctx.say(f"{state.name_of(player)} has decided.")
            return
        if player not in state.swaps:
            raise RuleViolation("First decide whether to keep your card.")
        state.wagers[player] = action.chips
        ctx.say(f"{state.name_of(player)} wagers {action.chips} chip(s).")
        if len(state.wagers) == len(state.seats):
            state.shown = True
            ctx.say("Show-down: " + ", ".join(f"{state.name_of(p)} has a {c}" for p, c in state.cards.items()) + ".")

    def view(self, state: CardState, viewer: PlayerId | None) -> CardView:
        outcome = self.outcome(state)
        return CardView(**table_fields(state, viewer, self._waiting(state), outcome.placings if outcome else None),
                        cards={p: CARD.seen(state, p, viewer) for p in state.cards},
                        decided=list(state.swaps), swap=SWAP.seen(state, viewer, viewer) if viewer else None,
                        wagers=dict(state.wagers))

    def outcome(self, state: CardState) -> Outcome | None:
        if not state.shown:
            return None
        best = max(state.cards.values())
        top = [p for p, c in state.cards.items() if c == best]
        rest = [p for p in state.cards if p not in top]
        return Outcome(placings=[top, rest] if rest else [top], summary=f"The highest card was a {best}.")


def render(view: CardView) -> bytes:
    """Each card as a box with its number, or a hatched back when the viewer may not see it."""
    image = Image.new("RGB", (120 * len(view.cards), 160), "white")
    draw = ImageDraw.Draw(image)
    for n, (player, card) in enumerate(view.cards.items()):
        box = (10 + 120 * n, 10, 110 + 120 * n, 150)
        draw.rectangle(box, outline="black", width=3, fill="white" if card is not None else "darkred")
        if card is not None:
            draw.text((box[0] + 40, 70), str(card), fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def toy_bot(make_bot: Any, monkeypatch: Any, **overrides: Any) -> Any:
    """The real bot with High Card as its only game and this drawing registered: what the SimCord tests
    of the shared layer play (`make_bot` and `monkeypatch` are the test's fixtures)."""
    from renderers import RENDERERS

    monkeypatch.setitem(RENDERERS, SLUG, render)
    return make_bot(games={SLUG: HighCard()}, **overrides)
