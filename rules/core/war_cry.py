"""The War Cry (seed 000, Campaign Rules 6): one reroll window on a die, for every game.

After a campaign game is scored, the player(s) with the fewest Victory Points may, in the
next game, reroll a single die of theirs in up to three of their Player Turns, never a die
already rerolled. Every discipline gets this from `Game.apply` without a line of its own:

- A game started with `options["war_cry"]` (the holders) carries a `WarCry` in its state.
- After any move (or the set-up) that threw a holder's dice, a window opens: the game waits
  for that holder to cry (`CryWarCry`, naming the throw and which of its dice) or to let the
  dice stand (`LetItStand`, also the answer when they let the time run out).
- A cry replays the move from the state before it, with the same dice up to the chosen one,
  which is thrown again the moment it is rolled, so the rules read the new face as if it
  had landed first (`Dice.reroll_on`). Everything after it in that move happens anew.

Both answers are ordinary logged actions, so a game with War Cries replays from its seed.

Readings (shown in each campaign's /rules):
- "war-cry-dice": a die is the holder's when it is rolled for them (the roll names them), in
  their Player Turn or anyone else's (their defence, a Falling Test in another's turn): the
  reading with more chaos. Dice nobody owns (a bouncing Barrel, the crowd) are not theirs.
- "war-cry-turns": at most one War Cry per Player Turn of the game, three in all; the rolls
  of the set-up count as one turn of their own.
- "war-cry-single-die": of a throw of several dice (2D6, a pool kept highest) the holder
  picks one die to throw again; the others stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core.dice import Roll
from rules.core.errors import RuleViolation

USES = 3
"""Campaign Rules 6: up to three of their Player Turns."""

SETUP_TURN = "set-up"


class CryWarCry(BaseModel):
    """Throw one die of the last move again: `roll` counts the throws of that move from 0, `die`
    the dice within the throw (0 for a single die)."""

    type: Literal["war-cry"] = "war-cry"
    roll: int
    die: int = 0


class LetItStand(BaseModel):
    type: Literal["let-it-stand"] = "let-it-stand"


WarCryAction = Annotated[CryWarCry | LetItStand, Field(discriminator="type")]
ACTIONS: TypeAdapter[CryWarCry | LetItStand] = TypeAdapter(WarCryAction)
TYPES = ("war-cry", "let-it-stand")


class Offer(BaseModel):
    """One die a holder may throw again."""

    roll: int
    die: int
    text: str  # "Initiative of Grub: D6 [2]" with the die named when the throw has several


class Window(BaseModel):
    """The move whose dice may be thrown again, and who may do it."""

    turn: str  # the Player Turn the dice were thrown in
    offers: dict[str, list[Offer]]  # holder -> the dice they may reroll; a holder leaves when they answer
    player: str | None = None  # who made the move (None: the set-up)
    action_json: str | None = None
    before_json: str | None = None  # the state before the move (None: the set-up)
    options_json: str | None = None  # the set-up's options and seed, to deal it again
    seed: int | None = None


class WarCry(BaseModel):
    """Who holds the War Cry in this game, how many cries each has left, and the open window."""

    uses: dict[str, int]
    cried: list[str] = Field(default_factory=list)  # "player@turn": the Player Turns already used
    window: Window | None = None

    def may_cry(self, player: str, turn: str) -> bool:
        return self.uses.get(player, 0) > 0 and f"{player}@{turn}" not in self.cried


def holders_from(options: dict[str, object]) -> WarCry | None:
    """The War Cry a game starts with, from the campaign's options (None outside a campaign)."""
    holders = options.get("war_cry")
    if not isinstance(holders, list) or not holders:
        return None
    return WarCry(uses={str(p): USES for p in holders})


def offers(war_cry: WarCry, rolls: Sequence[Roll], turn: str) -> dict[str, list[Offer]]:
    """The dice of one move each holder may throw again: theirs, not random picks of the rules,
    never a die that is itself a reroll or that the rules already rerolled."""
    rerolled = {r.rerolled_from for r in rolls if r.rerolled_from is not None}
    found: dict[str, list[Offer]] = {}
    for nth, roll in enumerate(rolls):
        who = roll.who
        if (who is None or roll.kind.startswith("pick") or roll.rerolled_from is not None or roll.id in rerolled
                or not war_cry.may_cry(who, turn)):
            continue
        name = f"{roll.why}: {roll.describe()}"
        for die, face in enumerate(roll.faces):
            text = f"{name}, die {die + 1} ({face})" if len(roll.faces) > 1 else name
            found.setdefault(who, []).append(Offer(roll=nth, die=die, text=text))
    return found


def choices(war_cry: WarCry, player: str) -> list[CryWarCry | LetItStand]:
    """What a holder asked by the window may answer."""
    window = war_cry.window
    if window is None or player != next(iter(window.offers), None):
        return []
    return [*(CryWarCry(roll=o.roll, die=o.die) for o in window.offers[player]), LetItStand()]


def question(war_cry: WarCry, player: str, name: str) -> str:
    """The sentence putting the window to a holder."""
    assert war_cry.window is not None
    dice = "; ".join(f"({n + 1}) {o.text}" for n, o in enumerate(war_cry.window.offers.get(player, [])[:6]))
    more = len(war_cry.window.offers.get(player, [])) - 6
    left = war_cry.uses.get(player, 0)
    return (f"{name} may cry **War Cry!** and throw one die again ({left} of {USES} left): {dice}"
            + (f" and {more} more" if more > 0 else "") + ". Or let the dice stand.")


def check(war_cry: WarCry | None, player: str, action: CryWarCry | LetItStand) -> Offer | None:
    """Refuse an answer that is not open to `player`; the offer a cry names."""
    window = war_cry.window if war_cry is not None else None
    if war_cry is None or window is None:
        raise RuleViolation("No roll can be shouted down with a War Cry right now.")
    if player not in window.offers:
        raise RuleViolation("The War Cry is not yours to use on these dice.")
    if player != next(iter(window.offers)):
        raise RuleViolation("Another War Cry holder answers first; your turn to decide comes next.")
    if isinstance(action, LetItStand):
        return None
    for offer in window.offers[player]:
        if offer.roll == action.roll and offer.die == action.die:
            return offer
    raise RuleViolation("That die cannot be thrown again: it is not yours, or it was already rerolled.")


def spend(war_cry: WarCry, player: str) -> WarCry:
    """The War Cry after `player` cries in the window's turn: one use fewer, that turn used."""
    assert war_cry.window is not None
    return WarCry(uses={**war_cry.uses, player: war_cry.uses[player] - 1},
                  cried=[*war_cry.cried, f"{player}@{war_cry.window.turn}"])


__all__ = ["USES", "SETUP_TURN", "CryWarCry", "LetItStand", "WarCryAction", "ACTIONS", "TYPES", "Offer", "Window",
           "WarCry", "holders_from", "offers", "choices", "question", "check", "spend"]
