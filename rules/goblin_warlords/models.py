"""The goblin warlords game's state, actions and views (seed 002). Plain pydantic models: the state
is the whole game, actions a union on `type`, a view what one seat may see of it (hands and cups
only through `rules.goblin_warlords.secrets`).

Chips are named by number: a unit chip by its index in `data.UNIT_CHIPS`, so a hand, the tribe cup
and an army are lists of numbers; the gold cup holds the words of `data.gold_cup`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.engine import GameState, PlayerId
from rules.core.stages import Ask as CoreAsk
from rules.core.views import TableView
from rules.goblin_warlords.data import ROADS, CaravanKind

SLUG = "goblin-warlords"


class Phase(StrEnum):
    """Where the game is. SETUP: bosses chosen and units traded (L6-7). The game turn (L9-16):
    CARAVANS (A) and PLACE_CARAVANS (B1) need no choice and pass at once; REINFORCE is B2, the
    active player's draw; MARCH is B3 (moving, underground travel, levying, battles) and B5's
B4's rampage and mines, B5's discard and C's trading; OVER once somebody has won or game turn 12 is over."""

    SETUP = "setup"
    REINFORCE = "reinforce"
    MARCH = "march"
    TRADE = "trade"
    OVER = "over"


class SetupStep(StrEnum):
    """A player's own progress through the set-up: how many bosses, then which units to trade."""

    BOSSES = "bosses"
    TRADE = "trade"
    DONE = "done"


class Peek(BaseModel):
    """What a spy saw of a player's hand (L41; house set b7): its sender's secret."""

    of: PlayerId
    units: list[int] = Field(default_factory=list)
    gold: int = 0
    turn: int = 0


class Warlord(BaseModel):
    """One player. Everything in the hand is the owner's secret (reading a6): its unit chips, its
    gold, and caravan chips drawn but not yet placed; how many chips it holds is public."""

    player: PlayerId
    units: list[int] = Field(default_factory=list)  # unit chips in hand (secret)
    gold: int = 0  # gold chips in hand (secret)
    caravans: list[CaravanKind] = Field(default_factory=list)  # caravan chips in hand, unplaced (secret)
    captives: list[int] = Field(default_factory=list)  # enemy leaders held (L74): not used by this slice
    bosses: int = 0  # bosses taken at the set-up (L6), public
    setup: SetupStep = SetupStep.BOSSES
    leaderless: bool = False  # had no leader on the map or in hand when this turn began (L25; reading c12)
    redraws: int = 0  # hands shown and redrawn this turn (L25)
    kept_hand: bool = False  # chose this turn to keep the hand rather than redraw it
    peeks: list[Peek] = Field(default_factory=list)  # what his spies saw, the latest of each hand (secret)

    @property
    def gold_chips(self) -> int:
        """Chips from the gold cup in the hand: the gold and the unplaced caravans."""
        return self.gold + len(self.caravans)


class Army(BaseModel):
    """Units together in one territory: a leader with the units it leads, or units left without one
    (L31-32). `owner` None: nobody controls them (rebels, or left neutral, L36)."""

    id: int
    owner: PlayerId | None
    territory: int
    leader: int | None = None  # a unit chip
    units: list[int] = Field(default_factory=list)
    gold: int = 0  # gold carried (L49-50)
    lost: bool = False  # lost in the dark underground (a d20 of 19, L30): in no territory until it rolls again


class Caravan(BaseModel):
    """A caravan on its road (L18, L22). Its power is unknown until it is first attacked (L76)."""

    id: int
    kind: CaravanKind
    step: int = 0  # index along its road (`data.ROADS`)
    power: int | None = None
    treasury: int = 0  # gold chips it carries once its power is known (L81)
    spared: list[int] = Field(default_factory=list)  # armies it fled from: no new attack by them this turn (L82)

    @property
    def territory(self) -> int:
        return ROADS[self.kind][self.step]

    @property
    def arrived(self) -> bool:
        return self.step >= len(ROADS[self.kind]) - 1


class Fortress(BaseModel):
    territory: int
    rating: int
    owner: PlayerId


class Strategy(StrEnum):
    """A side's strategy in basic combat (L95-98): chosen in secret, revealed together."""

    CHARGE = "mindless charge"
    CAREFUL = "careful advance"
    CLEVER = "clever strategy"
    FLEE = "flee"  # a lone chief's alternative to fighting (L100), not a strategy of the tables


class Battle(BaseModel):
    """A battle B3 has brought about, fought when the player ends B3 (L83-147): the hook
    where it takes over. `attacker` is the side that attacks (None: rebels, L36); `army` the army
    attacking or attacked by `attacker`'s opponent, as `why` says; `forced` when it must be fought (an
    orcland, L37); `surprise` for an underground arrival at hostile troops with a fortress (L30, L109)."""

    territory: int
    attacker: PlayerId | None
    army: int
    why: str
    forced: bool = True
    surprise: bool = False
    chosen: dict[PlayerId, Strategy] = Field(default_factory=dict)
    """The proposed strategies chosen so far (L94-99): each player's secret until both are in."""
    shown: list[PlayerId] = Field(default_factory=list)
    """Players whose strategy was revealed before the other side chose: the other side has a shaman
    and chooses after seeing it (L102)."""
    rebels: Strategy | None = None
    """The rebels' d3 strategy, rolled before a player with a shaman chooses (L102)."""


class Fight(BaseModel):
    """A battle between its blows and its end, while its owners decide (L141-143, L40): how each side
    spreads the damage it takes and which struck unit rolls to survive, where the beaten side retreats,
    and a retreating leader's extra move. Everything in it is public. Roles are "attacker" and
    "defender"; `caravan` names the caravan an army attacked (the defender, played by the dice)."""

    territory: int
    why: str
    owners: dict[str, PlayerId | None]
    fighting: dict[str, list[int]]  # the chips that fight (stupid trolls left out)
    stupid: dict[str, list[int]] = Field(default_factory=dict)  # trolls standing about (L126)
    losses: dict[str, int]  # the damage each side takes
    hacked: dict[str, bool] = Field(default_factory=dict)  # the table's `*`, by side
    dealt: dict[str, dict[int, int]] = Field(default_factory=dict)  # how each side spread its damage
    saved: dict[str, int | None] = Field(default_factory=dict)  # the unit each side has roll to survive
    castle: int | None = None  # the rating of the defender's fortress, while it stands
    caravan: int | None = None
    army: int | None = None  # the army that attacked the caravan
    caravan_lost: int = 0  # the caravan's power destroyed
    dead: dict[str, list[int]] = Field(default_factory=dict)  # trolls destroyed, for regeneration (L153)
    beaten: str | None = None  # the side that retreats, or was wiped out
    retreat: list[int] = Field(default_factory=list)  # the beaten side's armies, asked where to retreat
    movers: list[int] = Field(default_factory=list)  # armies whose leader may move once more (L40)


class AskKind(StrEnum):
    REDRAW = "redraw"  # B2: no leader — show and redraw the hand, or keep it (L25)
    BUY = "buy"  # B2: buy up to two more units (L24)
    MARCH = "march"  # B3: the active player moves, goes underground, levies, or ends the turn (L26-36)
    PASSAGE = "passage"  # B3: a territory's controller lets a leader through, or not (L28)
    PASSER = "passer"  # B3: the leader failed the servivility check: attack him, or let him pass (L28)
    UNDERGROUND = "underground"  # B3: keep the place the d20 gave, or roll once more (L30)
    STRATEGY = "strategy"  # combat: both sides choose a strategy in secret (L94-99)
    RAMPAGE = "rampage"  # B4: armies in the outlands rampage, mines produce or are destroyed (L43-44, L65)
    TRADE = "trade"  # C: a player with a leader next to another's offers a trade, or is done (L48)
    OFFER = "offer"  # C: the other player accepts the offer, or not
    DISCARD = "discard"  # B5: the hand holds more than ten units; the player picks which go (L46)
    ASSIGN = "assign"  # combat: each side spreads the damage it takes and names its survivor (L141-143)
    RETREAT = "retreat"  # combat: the beaten side's owner picks the free territory it retreats to (L40)
    EXTRA = "extra"  # combat: a retreating leader who has not moved may move one more area (L40)


class Ask(CoreAsk):
    kind: AskKind
    army: int | None = None  # the army the question is about (passage, underground)
    path: list[int] = Field(default_factory=list)  # what is left of a move waiting on a passage
    rolled: int | None = None  # the d20 an underground army may roll again


class GoblinState(GameState):
    game: Literal["goblin-warlords"] = "goblin-warlords"
    warlords: list[Warlord]
    tribe_cup: list[int]  # unit chips not in play (secret from everyone: what is left reveals hands)
    gold_cup: list[str]  # gold and caravan chips not in play (secret from everyone)
    armies: list[Army] = Field(default_factory=list)
    caravans: list[Caravan] = Field(default_factory=list)
    fortresses: list[Fortress] = Field(default_factory=list)
    mines: list[int] = Field(default_factory=list)  # territories with a mine (one each, L66)
    control: dict[int, PlayerId] = Field(default_factory=dict)  # controlled orclands (L33)
    phase: Phase = Phase.SETUP
    turn: int = 0  # the game turn; 0 during the set-up
    first: int = 0  # seat index of the player drawn to start the game (L7)
    order: list[PlayerId] = Field(default_factory=list)  # this game turn's order of player turns (L20)
    active: int = 0  # index in `order` of the player whose turn it is
    ask: Ask | None = None
    next_id: int = 1  # ids of armies and caravans
    moved: list[int] = Field(default_factory=list)  # leaders (unit chips) who moved this player turn (L27)
    attacked: list[int] = Field(default_factory=list)  # ...who attacked this player turn
    levied: list[int] = Field(default_factory=list)  # ...who levied (or were levied) this player turn
    battles: list[Battle] = Field(default_factory=list)  # battles to fight when B3 ends (L83-147)
    announced: list[PlayerId] = Field(default_factory=list)  # announced a victory this game turn (L156), public
    miners: list[int] = Field(default_factory=list)  # the active player's troops at a mine when his turn began (L44)
    rampaged: list[int] = Field(default_factory=list)  # armies that rampaged this B4 (L43)
    traders: list[PlayerId] = Field(default_factory=list)  # C: players still to trade, in the order of play
    offer: OfferTrade | None = None  # C: the offer waiting for its answer (secret to the two players)
    winners: list[PlayerId] = Field(default_factory=list)  # once the game is over (phase OVER)
    retreated: list[int] = Field(default_factory=list)  # armies that retreated this player turn: no caravan raid (L40)
    fight: Fight | None = None  # the battle being settled, while its owners decide (L40, L141-143)
    posts: dict[int, int] = Field(default_factory=dict)  # the active player's chips on the map when his turn began
    # and their territories: a mine needs a unit there for the whole turn (L65)

    def warlord(self, player: PlayerId) -> Warlord:
        for warlord in self.warlords:
            if warlord.player == player:
                return warlord
        raise KeyError(player)

    @property
    def players(self) -> list[PlayerId]:
        return [w.player for w in self.warlords]

    @property
    def current(self) -> PlayerId | None:
        """Whose player turn it is (None during the set-up, the trading phase, or once the game is over)."""
        if self.phase in (Phase.SETUP, Phase.TRADE, Phase.OVER) or not self.order:
            return None
        return self.order[self.active]

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1


# -- actions ----------------------------------------------------------------------------------------

class ChooseBosses(BaseModel):
    """Set-up: start with one boss or two (L6); the bosses are drawn at random (reading b3)."""

    type: Literal["bosses"] = "bosses"
    count: int


class TradeForGold(BaseModel):
    """Set-up: give back these unit chips from the hand for as many gold chips (L6); none keeps them all."""

    type: Literal["trade-for-gold"] = "trade-for-gold"
    units: list[int] = Field(default_factory=list)


class Redraw(BaseModel):
    """B2, with no leader: show the hand, put its units back in the tribe cup and draw six (L25)."""

    type: Literal["redraw"] = "redraw"


class KeepHand(BaseModel):
    """B2, with no leader: keep the hand as it is."""

    type: Literal["keep-hand"] = "keep-hand"


class Reinforce(BaseModel):
    """B2: after the three free units, buy `bought` more (0 to 2) at 2 gold each (L24)."""

    type: Literal["reinforce"] = "reinforce"
    bought: int = 0


class Move(BaseModel):
    """B3: the leader's army `army` moves along `path` (L28-29): a lone leader up to two territories,
    an army one; `leave` names units left behind in the (friendly) territory it starts from (L31)."""

    type: Literal["move"] = "move"
    army: int
    path: list[int]
    leave: list[int] = Field(default_factory=list)


class Underground(BaseModel):
    """B3: instead of a move, the army goes into the caves from a friendly territory with a mine or a
    fortress and comes out where a d20 says (L30)."""

    type: Literal["underground"] = "underground"
    army: int


class Levy(BaseModel):
    """B3: `leader` (a unit chip: a leader on the map, or one in the hand, levied into his home) levies
    `units` from the hand (L34-36)."""

    type: Literal["levy"] = "levy"
    leader: int
    units: list[int] = Field(default_factory=list)


class Claim(BaseModel):
    """B3: `leader` claims the leaderless units of `army` in his territory: his player's units left
    behind (L31-32), or rebels of his own tribe (L36). It is that leader's levy for the turn."""

    type: Literal["claim"] = "claim"
    leader: int
    army: int


class EndTurn(BaseModel):
    """B3: the player is done moving and levying; play passes on."""

    type: Literal["end-turn"] = "end-turn"


class AllowPassage(BaseModel):
    """B3, asked of a territory's controller: let the leader pass through (L28), or not."""

    type: Literal["allow-passage"] = "allow-passage"
    allow: bool


class AttackPasser(BaseModel):
    """B3, asked of a territory's controller after the passing leader failed his servivility check:
    attack him (L28), or let him go on."""

    type: Literal["attack-passer"] = "attack-passer"
    attack: bool


class RerollUnderground(BaseModel):
    """B3: roll the underground d20 once more (the new place must be accepted, L30), or stay."""

    type: Literal["reroll-underground"] = "reroll-underground"
    reroll: bool


class ChooseStrategy(BaseModel):
    """Combat: the proposed strategy for the battle being fought (L94-99), chosen in secret; a lone chief
    may choose to flee instead (L100)."""

    type: Literal["strategy"] = "strategy"
    strategy: Strategy


class AttackCaravan(BaseModel):
    """B3: the army `army` attacks the caravan `caravan` in its territory (L38), its strategy revealed
    at once; the caravan's is rolled after it (L103)."""

    type: Literal["attack-caravan"] = "attack-caravan"
    army: int
    caravan: int
    strategy: Strategy


class AssignDamage(BaseModel):
    """Combat: how the player's side takes its damage (L141-143): `hits` gives each struck chip its
    damage (none above its power, all the damage placed), `survivor` the struck chip that rolls to
    survive (None: none rolls). Empty `hits`: the engine's spread (as many units struck as can be)
    and its choice of survivor (the best chance) — what an absent player gets."""

    type: Literal["assign"] = "assign"
    hits: dict[int, int] = Field(default_factory=dict)
    survivor: int | None = None


class RetreatTo(BaseModel):
    """Combat: the adjacent free territory the beaten side retreats to (L40); None: the engine's pick
    (a land of the player's first, then the lowest number)."""

    type: Literal["retreat"] = "retreat"
    to: int | None = None


class ExtraMove(BaseModel):
    """Combat: after the retreat, the leader who has not moved this turn moves one more area (L40), with
    what is left of his army; None: he stays."""

    type: Literal["extra-move"] = "extra-move"
    to: int | None = None


class SpyEffect(StrEnum):
    """What a spy does (L41 leaves the list empty; house set b7)."""

    PEEK = "peek"  # look at a player's hand
    INCITE = "incite"  # an enemy leader's control check, or his non-native troops rebel
    SABOTAGE = "sabotage"  # destroy a mine


class UseSpy(BaseModel):
    """B3: a spy from the hand does one thing and is discarded (L41): a peek at `player`'s hand, an
    incitement of the leader of `army`, or the sabotage of the mine in `territory`."""

    type: Literal["spy"] = "spy"
    spy: int
    effect: SpyEffect
    player: PlayerId | None = None
    army: int | None = None
    territory: int | None = None


class Work(StrEnum):
    FORTRESS = "fortress"
    MINE = "mine"


class Build(BaseModel):
    """B3: the leader builds a fortress of `rating` (paying that much gold, and not moving this turn,
    L61-63) or a mine (L65-66) in the friendly territory where he stands."""

    type: Literal["build"] = "build"
    leader: int
    work: Work
    rating: int = 0


class Rampage(BaseModel):
    """B4: the army (or lone leader) `army` in the outlands rampages the countryside for gold (L43)."""

    type: Literal["rampage"] = "rampage"
    army: int


class DestroyMine(BaseModel):
    """B4: the player's troops at the mine in `territory` destroy it instead of mining (L65)."""

    type: Literal["destroy-mine"] = "destroy-mine"
    territory: int


class EndRampage(BaseModel):
    """B4: done rampaging; the mines not destroyed produce (L44), then B5."""

    type: Literal["end-rampage"] = "end-rampage"


class OfferTrade(BaseModel):
    """C: offer `partner` the unit chips `give` (captives among them) and `give_gold` gold from the hand
    for his `take` units and `take_gold` gold (L48, L74)."""

    type: Literal["offer-trade"] = "offer-trade"
    partner: PlayerId
    give: list[int] = Field(default_factory=list)
    give_gold: int = 0
    take: list[int] = Field(default_factory=list)
    take_gold: int = 0


class AcceptTrade(BaseModel):
    """C: the partner takes the offer (the chips change hands), or turns it down."""

    type: Literal["accept-trade"] = "accept-trade"
    accept: bool


class EndTrading(BaseModel):
    """C: the player is done trading."""

    type: Literal["end-trading"] = "end-trading"


class Discard(BaseModel):
    """B5: put these unit chips from the hand back in the tribe cup, down to ten units (L46)."""

    type: Literal["discard"] = "discard"
    units: list[int] = Field(default_factory=list)


GoblinAction = Annotated[ChooseBosses | TradeForGold | Redraw | KeepHand | Reinforce | Move | Underground | Levy
                         | Claim | EndTurn | AllowPassage | AttackPasser | RerollUnderground
                         | ChooseStrategy | AttackCaravan | Rampage | DestroyMine | EndRampage | Discard
                         | OfferTrade | AcceptTrade | EndTrading | AssignDamage | RetreatTo | ExtraMove | UseSpy
                         | Build,
                         Field(discriminator="type")]


# -- the view ---------------------------------------------------------------------------------------

class WarlordView(BaseModel):
    player: PlayerId
    bosses: int
    ready: bool  # set-up done
    units: int  # how many unit chips the hand holds (public)
    gold_chips: int  # how many gold-cup chips the hand holds: gold and unplaced caravans (public)
    hand: list[int] | None = None  # the unit chips: the viewer's own hand only
    gold: int | None = None  # the viewer's own
    caravans: list[CaravanKind] | None = None  # the viewer's own unplaced caravans
    authority: int = 0  # the sum of its leaders' authority on the map (the order of play, L20)
    captured: int = 0  # how many captives the hand holds (public: a capture is announced)
    captives: list[int] | None = None  # the viewer's own captives (L74)
    peeks: list[Peek] | None = None  # what the viewer's spies saw (L41)


class CaravanView(BaseModel):
    id: int
    kind: CaravanKind
    territory: int
    destination: int
    power: int | None


class GoblinView(TableView):
    game: Literal["goblin-warlords"] = "goblin-warlords"
    warlords: list[WarlordView]
    armies: list[Army]
    caravans: list[CaravanView]
    fortresses: list[Fortress]
    mines: list[int]
    control: dict[int, PlayerId]
    order: list[PlayerId]
    current: PlayerId | None
    first: PlayerId
    tribe_cup: int  # chips left in each cup
    gold_cup: int
    battles: list[Battle] = Field(default_factory=list)
    announced: list[PlayerId] = Field(default_factory=list)  # announced a victory this game turn (L156)
    winners: list[PlayerId] = Field(default_factory=list)  # once the game is over
    fight: Fight | None = None  # the battle being settled (public)


__all__ = ["SLUG", "AcceptTrade", "AllowPassage", "Army", "Ask", "AskKind", "AssignDamage", "AttackCaravan", "Build",
           "ExtraMove", "Fight", "Peek", "RetreatTo", "SpyEffect", "UseSpy", "Work",
           "AttackPasser", "Battle", "Caravan",
           "CaravanView", "ChooseBosses", "ChooseStrategy", "Claim", "DestroyMine", "Discard", "EndRampage", "EndTrading", "EndTurn", "Fortress", "GoblinAction",
           "GoblinState", "GoblinView", "KeepHand", "Levy", "Move", "OfferTrade", "Phase", "Rampage", "Redraw", "Reinforce",
           "RerollUnderground", "SetupStep", "Strategy", "TradeForGold", "Underground", "Warlord", "WarlordView"]
