"""Goblin warlords (seed 002): the engine so far — the set-up, the whole game turn (A, B1-B5, C), the
fight of the battles B3 records, and victory (see the package docstring for what is still to come).

The set-up (L5-7): every player at once chooses one boss or two, is dealt that many leaders and
then random units up to six, and may trade units back for gold one for one; a caravan chip drawn
goes on the map at once and another chip is drawn in its place. A random player starts.

The game turn (L8-25): A, every caravan steps on along its road; B, each player in turn (the
first game turn from the drawn first player, later the smallest sum of leader authority first,
ties by a die, then clockwise) places and moves any caravans in the hand (B1) and draws
reinforcements (B2: three free, up to two bought, and a leaderless player's redraw).

B3 (L26-36): the active player is asked for one step at a time — a leader's move, his underground
travel or his levy, each once a turn per leader (L27), or "end my turn". Once the battles B3 recorded
(`GoblinState.battles`) are fought, B4 (L42-44, L65): each of his leaders and armies in the outlands
may rampage for gold, and his mines held all turn by his troops produce, unless they destroy them;
then `_end_player_turn` is B5 (L46): a hand of more than ten units is discarded down to ten, the
player choosing which. After the last player turn, C (L47-48, L74): the players with a leader next
to (or with) another player's leader trade, one at a time in the order of play, offering hand units,
captives and gold for the other's, who accepts or not; captives not traded are then executed. Then
the game turn ends (`_end_game_turn`): the victory check.

Victory (L156-158; reading a53-54, c2; house set b9): at the start of each game turn, before A, every
player who meets a condition (power: 12 less the players in lands he controls and fortresses of his
with a unit of his in them; leadership: five leaders with armies in orclands) announces it; after the
game turn (after C) each announcer meeting either condition then, the same or the
other, wins, several sharing the victory; if nobody has, the game ends after game turn 12 with the
most lands and fortresses winning, ties shared. `outcome()` places the winners first, then the
others by lands and fortresses.

Combat (L83-147, third session): ending B3 fights the recorded battles in order. Both players choose a
strategy at once, in secret (`secrets.STRATEGIES`), revealed together; each side's leadership check, and
on a failure the d6 for its real strategy; troll stupidity; the strategy table's damage (the fortress's
table and absorption when the defender holds one); each owner's spread of the damage on his units and
the struck unit he names for the survivor roll; surrender; a destroyed leader's servivility, death or
capture; the beaten side's retreat where its owner says, and a leader's extra move; destroyed trolls
regenerating. The battle then leaves the list. In B3 an army may also attack the caravans in its
territory, fought at once (L38, L76-82, L103).

Line numbers (L…) are those of ../shared/seeds/002_6fc21e352e2e7ee3.txt; the house set and the
readings are those of ../shared/games/goblin-warlords.md (b) and (c). Readings this slice adds where
neither the text nor the reading settles it (for the guide to state):

- the set-up's bosses are chosen by all players at once, each then trading at their own pace; the
  first player is drawn before, and plays first in game turn 1 (reading c1);
- a leaderless player's redraw (L25) comes first in B2, "at the start of his turn", before the three
  free units; it sends back the hand's units only (gold, caravans and captives stay), and keeping the
  hand ends the offers for that turn;
- the order of B from game turn 2: the tied players for the smallest sum roll a D6 each, highest
  first, tied again roll again (`rules.core.initiative.roll_off`);
- a caravan that reaches its destination leaves its chip in the gold cup again, so caravans keep
  coming (L18 only says it is removed).

The end of the turn's and the game's readings (fourth session):

- B5's discarded units go back to the tribe cup (as every unit leaving play, reading a2); which ones
  is the player's secret (the question is asked in secret, the table told only how many); a hand
  counts its unit chips only (gold, caravans and captives are not units, L46);
- rampage (L43; reading a31, c10) is the player's choice army by army, once each B4, in any order;
  "army" includes a lone leader, who checks once; an army checks twice: the first check wins the
  leader's chip, the second keeps the army's (the chip is drawn first), else a unit picked at random
  leaves the army for the hand with that chip (a leader left alone by it stays on the map). Chips won
  are carried by the army (L49-51; a leader alone keeps one); a caravan chip
  drawn goes to the hand unplaced and another chip is drawn (L52);
- a mine (L44, L65; reading a32, c6) produces in its owner's B4 if a troop of his (not a leader,
  not uncontrolled) that stood there when his turn began (B1) is still there; a caravan chip drawn
  stays in the hand, not replaced; the troops may instead destroy it (a B4 choice, which ends that
  mine); who built the mine does not matter — mines have no owner;
- trading (L48; reading a34): "adjacent" includes the same territory (allies there, or a leader by a
  captive's); the players with such a partner trade one at a time in the order of play, each
  making any number of offers (any chips of the hand: units, captives, gold; asked for any of the
  other's), each accepted or turned down by the other, until he is done; offers and answers are
  secret between the two (the table hears only that an offer was made and whether it was taken);
  a captive traded becomes a leader in the taker's hand (to be levied like any); every captive still
  held when C ends is executed, back to the tribe cup (L74). The legal moves list, to keep them few,
  single chips given or sold for one gold and single gold chips given; any other offer is accepted
  when made. C happens even in game turn 12, before the house end;
- the announcement (L156) is made for the player, by the engine, whenever a condition is met at the
  start of the game turn: it costs nothing and the text gives no reason to keep quiet, so the
  question is left out; announcements are public (`GoblinView.announced`);
- a fortress counts for the power victory when its owner has a unit (a leader or a troop) of his,
  not lost underground, in its territory (L157); its land, if he controls it, counts as well;
- a leader "with an army" (L158) leads at least one unit (a lone leader is no army, L28-29);
- the house set's end (b9) comes only when no announced victory is won in game turn 12; the other
  players' placings after a victory are by lands and fortresses too.

B3's readings (the Bloodshed Games rule: where the text is silent, the reading with most bloodshed
and chaos):

- spies (L41, its list empty; house set b7), any number a turn in B3, each back to the tribe cup once
  used: a peek shows the sender alone the other's hand (units, gold, caravans, captives) in the log,
  and keeps its units and gold as he saw them in his view (`Warlord.peeks`, a secret, the latest of each
  hand); an
  incited leader checks authority, +1 if all his troops are his natives or goblins and kobolds (no
  fortress bonus, L62), and failing, his non-native troops rebel and attack him (a battle fought when
  B3 ends; his war machines stay with him while he keeps a troop, L68); a sabotaged mine is gone;
- a levy (L67-72) may bring a shaman (one an army) and war machines, neither native to anyone: they
  join the non-native units' one check and rebel with them; a war machine is paid with its power in
  gold when levied, whatever comes of it, and needs a troop to tow it; any army with a machine and no
  troop loses the machine (L68), checked after every step;
- building (L61-66): a fortress where the leader's army (at least one unit) stands in his land, paid
  with its rating (1-4), only by a leader who has not moved, and he may not move after; an older one
  there is torn down; a mine (free) where a unit of his has stood since his turn began; neither counts
  as the leader's levy or attack;
- a leader with no unit carries one gold chip (L49-50): any more he gets (rampage, a caravan's loot)
  is dropped back into the gold cup at once — the chips are alike, so which he keeps is no choice;

- an army is a leader with at least one unit; a leader with none moves two areas (L28-29). Units
  without a leader do not move: they wait to be claimed (L32). Leaving every unit behind makes the
  leader lone, so he may then move two;
- friendly territory is territory the player controls; every other one, outlands and neutral lands
  included, is unfriendly (L31-32): units can be left only in his own lands, and units without a
  leader anywhere else are destroyed (checked after every step of B3);
- a move ends in the first territory with enemies (L37); a lone leader may pass through a territory
  only when its controller's units are the only enemies there: he asks the controller (a reaction
  whose default, unanswered, is "barred"), then checks servivility (reading b5, +1 shaman, an 8
  fails); on a failure the controller may attack him (default: attack) and the move ends there;
- a leader gains control where his move or levy ends, not while passing through (L33); "hostile
  troops" are troops, so a lone enemy leader does not stop it (a battle is still recorded); every
  leader standing in an orcland without hostile troops takes it whenever B3 settles;
- entering a territory with enemies is the leader's attack (L27): one a turn; the battle is recorded
  (`forced` in orclands, L37), and the leader's turn goes on;
- underground (L30): a lone leader may go too (an army of one); a 19 or a 20 on the first roll
  strikes at once — the one reroll is for a place — and a rerolled 19 or 20 stands; the lost army
  rolls at the start of its owner's next B3, which counts as that leader's move;
- a levy (L34-36; reading a20-21, c11) brings units only from the hand: a leader from the hand comes
  into his tribe's home with the units, a leader on the map levies where he stands if his player
  controls it; at a tribe's home every troop of that tribe in the hand must come in the same levy
  (standard units, L35); one check for the non-native ones, all or none obey; failure makes them a
  rebel army (no owner) in that territory, attacking the leader (a battle recorded). Shamans and
  war machines come as the spies' readings below say;
- a levy's modifiers (L56-59): +1 if every troop the leader would then control is native or a
  goblin or kobold; +1 if the newcomers are all goblins or kobolds and the army's troops, natives
  just levied among them, have at least twice their power; no fortress bonus (L62, reading c4);
- the leader levied from the hand may still move this turn (only building a fortress forbids it);
- a claim (L31-32, L36; reading a17, c12) is the claiming leader's levy for the turn. His player's
  units left behind: those of his tribe rejoin freely, the others on one authority check with the
  levy's modifiers (no fortress bonus: L62, fortresses do not help against own troops), else they
  rebel. Rebels: only their native leader claims them, each of his tribe freely, the rest stay;
- native troops (L39; reading a22) are won over by a leader arriving by a move, underground or by a
  levy into his home; their holder's leader checks authority (+1 all his troops native or goblins
  and kobolds, +1 in his own fortress, reading c4); units with no leader to keep them go over at
  once. Goblins and kobolds held by a leader of their own tribe are never taken (the text's
  wording; other goblins and kobolds may be).

Combat's readings (the Bloodshed Games rule again):

- battles are fought when the player ends B3, in the order recorded; a battle whose army is gone,
  lost or has moved away, or with no enemy left there, is dropped unfought. An optional fight in the
  outlands (L37, "unless neither side want it") is always fought: nobody is asked to hold back;
- the sides: the recorded army's owner with all his armies there (units left behind included, L31),
  against the owner of the longest-standing enemy army there with all of his; rebels (no owner) are
  a side too and roll a d3 for their strategy (1 Charge, 2 Careful, 3 Clever, as a caravan's, house
  set b2), which is also their real one: with no leader there is no check;
- the table's "attacker" is the battle's attacker: the player who marched, levied or attacked the
  passer, the rebels in a revolt (reading c3 for the two ratios);
- leadership (L111): the side's leader with the highest authority checks, with the control modifiers
  (reading c7: +1 all its troops his natives or goblins and kobolds, +1 in its own fortress); a side
  with no leader (units left behind) always rolls the d6. The d6's "biggest unit" is the biggest troop
  (reading c5); with the house set's powers a tie never mixes a troll or ogre with a goblin or kobold,
  so the owner's choice (L119) never arises;
- stupid trolls (L126) stay in their army, out of the fight: they neither add power nor take damage;
  if nothing else of their side is left (the army "completely destroyed", its leader dead or taken),
  the victor's leader checks authority (the levy's modifiers) to take them, else they go to the tribe
  cup; a victor with no leader (rebels, units left behind) cannot take them;
- each player spreads the damage his side takes (L141-143), both asked at once, only when there is a
  choice (a side struck to the full, or with one unit, has none): every point placed, up to the power
  of all its units, none past a unit's power, and the struck unit that rolls to survive named. The
  legal moves list two spreads (as many units struck as can be, the smallest first and the leader last;
  or as few, the biggest first), each with each unit that could survive; any other is accepted when
  given. Unanswered (an absent player) or for rebels, the engine spreads it the first way and names
  the unit with the best chance (power less damage), a leader first on a tie;
- surrender (L147; reading c9): one d6 for the side, rolled only when a player won (rebels take no
  prisoners); its struck troops go to the winner's hand (house set b9), its war machines, shamans and
  leaders are destroyed or fall as leaders do;
- a destroyed leader (L73-75, L144, L148-149) rolls servivility (+1 with a shaman; an 8 fails); halved,
  rounded down, when his side's table cell has the `*`. Success: he escapes, stays with what is left
  and retreats with it if his side is beaten. Failure: hacked, or beaten by rebels, he dies (to the tribe cup); otherwise he
  is the winner's captive (`Warlord.captives`, public: the capture is announced);
- retreat (L40, L64, L150-152; house set b8): when both sides still stand, the attacker's side retreats
  unless the defender lost more power (the power of the units destroyed, captured or surrendered) or
  has no troop left. All the side's armies there go together to the adjacent territory with no
  hostile army their owner picks (asked when there are several; unanswered, one he controls first,
  else the lowest number); with none, they are destroyed and their leaders killed. A defender
  retreating from his fortress still standing goes by the caves (L64: a d20 without reroll, 19 lost, 20 or hostile troops where it comes
  out destroyed); rebels forced to retreat are destroyed; rebels who win and stay turn an orcland
  neutral (L36). A retreating leader who has not moved this player turn (a defender never has) may
  then move one area on with what is left of his army (L40), into enemies only if he has not attacked
  this turn (a battle recorded and fought after the others); the retreat is his move. An army that
  attacked a caravan and is beaten by it (the caravan lost no more power than the army) retreats so too
  (L82);
- shamans (L67-72, L101-102): a side alone in having a shaman chooses after the other's strategy is
  shown (public at once; against rebels their d3 is rolled first); a leader forced to retreat, captured
  or killed loses his shaman to the winner's first army there with a leader and no shaman (rebels: to
  their army), else it wanders to the tribe cup; a leader hacked to pieces and killed takes his shaman
  with him (L75), and so does one a caravan kills; a fleeing lone chief's shaman joins the winner before
  he checks servivility (so without its +1). A shaman is no unit (L3): a leader with only a shaman is a
  lone chief, moves two areas and cannot leave it behind (L72);
- units left behind (L31) attack any enemy that ends a move among them or is levied among them: the
  battle's attacker is their owner (so a fortress there is no help to the newcomer); a leader let
  through by their owner is not attacked; a leader levied among them is attacked, not attacking, so
  he may still march into enemies this turn (one who marched in has made his attack);
- an absent player's defaults: Mindless Charge for his strategy (the most bloodshed), the engine's
  spread of his damage, the engine's retreat, no extra move;
- a fortress (L104-109, L135-146) is its owner's, used when he defends there (not against rebels or
  troops levied there, L62, L104); only the defender in it gains its +1s; its absorption is cut by the
  attackers' biggest war machine (one machine, L146); the castle falls on the damage dealt before
  absorption exceeding the defender's fighting power plus its printed rating (reading c9); a surprise
  from the caves (L109) is fought at once, without a question;
- caravans (L38, L76-82, L103): an army attacks a caravan in its territory as a B3 step of its own,
  any number of caravans one by one, and not as the leader's one attack of the turn (L38 "all can be
  attacked"); an army with a recorded battle still to fight may not (the goblinoid combat comes
  first, L38). The attacker's strategy is named with the attack, open (the caravan's d3 comes after
  his reveal, L103); the caravan has no leadership roll; its power rolled and its treasury drawn at
  the first attack stay with it. Its destroyed power is gold: it yields (reading b8: it lost more power
  than the army lost) or is destroyed and the army takes the chips, the yielding caravan stepping on
  and spared by that army for the rest of the turn; else the chips go back to the gold cup. A caravan
  takes no prisoners: a leader it "captures" is executed (L74); its army's troops never surrender to it;
- troll regeneration (L153-155; reading a51) comes after the retreat; "losing side" is the side that
  retreated or was wiped out; the winner always tries to take the loser's regenerated trolls (the
  most bloodshed), his army's leader checking authority with the levy's modifiers (reading c7); a
  winner without a leader (rebels) cannot, so they go to the tribe cup; with no army left there at
  all, they go to the tribe cup, or stay neutral in their native Troll Fen;
- the lone chief (L100-101; reading a38): a side that is one leader with no unit may choose "flee" in
  secret instead of a strategy; revealed, it is destroyed without a blow: servivility (not halved)
  to escape and retreat, else captured by the other player (killed by rebels, or when both flee);
- units of a side destroyed go back to the tribe cup; an army left with nothing is removed, its gold to
  the gold cup, and any other battle recorded for it dropped.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter

from rules.core.engine import Context, Game, Outcome, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.views import table_fields
from rules.goblin_warlords.data import (
    BOSSES,
    HOMES,
    UNDERGROUND_DESTROYED,
    UNDERGROUND_LOST,
    BOUGHT_DRAWS,
    BOUGHT_PRICE,
    FREE_DRAWS,
    ADJACENT,
    FORTRESS_RATINGS,
    GOLD,
    MINE_PRICE,
    HAND_LIMIT,
    LAST_TURN,
    REDRAW_SIZE,
    REDRAWS,
    ROADS,
    SMALL_TRIBES,
    START_UNITS,
    STARTING_MINES,
    UNIT_CHIPS,
    CaravanKind,
    ChipKind,
    Tribe,
    chip,
    gold_cup,
    territory,
)
from rules.goblin_warlords.models import (
    SLUG,
    AssignDamage,
    Build,
    ExtraMove,
    Fight,
    Peek,
    RetreatTo,
    SpyEffect,
    UseSpy,
    Work,
    AcceptTrade,
    EndTrading,
    OfferTrade,
    AllowPassage,
    Army,
    AttackCaravan,
    Ask,
    AskKind,
    AttackPasser,
    Battle,
    Caravan,
    ChooseStrategy,
    Claim,
    DestroyMine,
    Discard,
    EndRampage,
    EndTurn,
    Fortress,
    Levy,
    Move,
    Rampage,
    RerollUnderground,
    Underground,
    CaravanView,
    ChooseBosses,
    GoblinAction,
    GoblinState,
    GoblinView,
    KeepHand,
    Phase,
    Redraw,
    Reinforce,
    SetupStep,
    Strategy,
    TradeForGold,
    Warlord,
    WarlordView,
)
from rules.goblin_warlords.combat import (
    CARAVAN_POWER,
    FIGHTING,
    FORTRESS_RATIOS,
    REBEL_STRATEGY,
    RATIOS,
    absorbed,
    assign,
    assignment_problem,
    chips_of,
    concentrate,
    has_shaman,
    hopefuls,
    placed,
    retreats,
    choices_for,
    fortress_used,
    leaders,
    loser,
    retreat_to,
    leadership_bonus,
    power,
    roll_bonus,
    rolled_strategy,
    side,
    sides,
    stupid,
    survivor,
    trolls,
)
from rules.goblin_warlords.movement import (
    ALWAYS_FAILS,
    SHAMAN_SERVIVILITY,
    army,
    army_led_by,
    authority_check,
    choices,
    escort,
    friendly,
    machines,
    shamans,
    hostile_armies,
    hostile_troops,
    is_orcland,
    led_armies,
    levy_bonus,
    native,
    passage_owner,
    path_problem,
    paths,
    servivility_check,
    troops,
)
from rules.goblin_warlords.moves import MOVES
from rules.goblin_warlords.questions import STAGES
from rules.goblin_warlords.rules import (
    authority_sum,
    clockwise_from,
    conditions_met,
    counted,
    draw_gold_chip,
    draw_units,
    own_words,
    has_leader,
    is_caravan_chip,
    lands_and_fortresses,
    order_of_play,
    place_caravan,
    step_caravan,
    unit_list,
    where,
)
from rules.goblin_warlords.secrets import HANDS, PEEKS, SECRETS, STRATEGIES, hand_key, peek_key, strategy_key


REGENERATES = 5
"""A destroyed troll regenerates on a d6 of 5 or 6 (L154)."""
SURRENDER_MAX = 2
"""Troops dealt more damage than their army's power surrender on a d6 of 1 or 2 (L147)."""

BOSSES_QUESTION = "Start with one boss or two? The rest of your six units are drawn at random."
TRADE_QUESTION = "Trade any of your units back for gold, one gold chip each, or keep them all."


class GoblinWarlords(Game[GoblinState, Any]):
    slug = SLUG
    title = "Goblin Warlords"
    min_players = 2
    max_players = 4
    recommended = (2, 4)
    state_type = GoblinState
    action_adapter = TypeAdapter(GoblinAction)
    secrets = SECRETS
    # not `private_by_secrets`: every seat holds a hand (a secret it sees) from the set-up to the end, so
    # there is never a seat whose view the bot could copy from the table's
    moves = MOVES

    # -- set-up (L5-7) ---------------------------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> GoblinState:
        state = GoblinState(seats=list(seats), dice=ctx.dice.state,
                            warlords=[Warlord(player=s.player) for s in seats],
                            tribe_cup=[c.number for c in UNIT_CHIPS], gold_cup=gold_cup(),
                            mines=sorted(STARTING_MINES))
        state.first = ctx.dice.pick(range(len(seats)), "first player")  # L7
        ctx.say(f"{seats[state.first].name} will take the first turn. Each warlord now chooses to start with one "
                "boss or two; the rest of the six starting units are drawn from the tribe cup.")
        return state

    def _setup_prompts(self, state: GoblinState) -> list[Prompt]:
        prompts = []
        for warlord in state.warlords:
            if warlord.setup is SetupStep.BOSSES:
                prompts.append(Prompt(player=warlord.player, kind=PromptKind.ACTION, text=BOSSES_QUESTION))
            elif warlord.setup is SetupStep.TRADE:
                prompts.append(Prompt(player=warlord.player, kind=PromptKind.SECRET, secret=True, text=TRADE_QUESTION))
        return prompts

    def _choose_bosses(self, ctx: Context, state: GoblinState, player: PlayerId, action: ChooseBosses) -> None:
        """L6 (reading a7, b3): the bosses are leaders drawn at random, then units up to six."""
        warlord = state.warlord(player)
        if warlord.setup is not SetupStep.BOSSES:
            raise RuleViolation("You have already chosen your bosses.")
        if action.count not in BOSSES:
            raise RuleViolation("You may start with one boss or two.")
        bosses = draw_units(ctx.dice, state.tribe_cup, action.count, "bosses", player, leaders_only=True)
        others = draw_units(ctx.dice, state.tribe_cup, START_UNITS - len(bosses), "starting units", player)
        warlord.units = [*bosses, *others]
        warlord.bosses = len(bosses)
        warlord.setup = SetupStep.TRADE
        ctx.say(f"{state.name_of(player)} starts with {counted(len(bosses), 'boss', 'bosses')} and draws "
                f"{counted(len(others), 'more unit')}.")
        ctx.say(f"Your bosses: {unit_list(bosses)}. Your other units: {unit_list(others)}.", visible_to=[player])

    def _trade_for_gold(self, ctx: Context, state: GoblinState, player: PlayerId, action: TradeForGold) -> None:
        """L6 (reading a8): units back to the tribe cup, a gold chip each; a caravan chip drawn goes on
        the map at once and another chip is drawn in its place."""
        warlord = state.warlord(player)
        if warlord.setup is not SetupStep.TRADE:
            raise RuleViolation("Choose your bosses first." if warlord.setup is SetupStep.BOSSES
                                else "You have already traded your units.")
        if len(set(action.units)) != len(action.units):
            raise RuleViolation("Name each unit you trade only once.")
        missing = [c for c in action.units if c not in warlord.units]
        if missing:
            raise RuleViolation("You can only trade units that are in your hand.")
        for unit in action.units:
            warlord.units.remove(unit)
            state.tribe_cup.append(unit)
        got = 0
        for _ in action.units:
            got += self._gold_for(ctx, state, player)
        warlord.gold += got
        warlord.setup = SetupStep.DONE
        if action.units:
            ctx.say(f"{state.name_of(player)} trades {counted(len(action.units), 'unit')} for gold.")
            ctx.say(f"You gave back {unit_list(action.units)} and got {counted(got, 'gold chip')}.",
                    visible_to=[player])
        else:
            ctx.say(f"{state.name_of(player)} keeps every unit.")
        if all(w.setup is SetupStep.DONE for w in state.warlords):
            ctx.say("Every warlord is ready: the war begins.")
            self._begin_game_turn(ctx, state)

    def _gold_for(self, ctx: Context, state: GoblinState, player: PlayerId) -> int:
        """One gold chip drawn at the set-up (L6): a caravan drawn is placed on the map at once and
        another chip drawn in its place, until a gold chip comes (0 when the cup runs dry)."""
        while (drawn := draw_gold_chip(ctx.dice, state.gold_cup, "gold", player)) is not None:
            if not is_caravan_chip(drawn):
                return 1
            caravan = place_caravan(state, CaravanKind(drawn))
            ctx.say(f"{state.name_of(player)} draws {caravan.kind.an} caravan: it sets out from "
                    f"{where(caravan.territory)} for {where(ROADS[caravan.kind][-1])}.")
        return 0

    # -- the game turn (L8-20) -----------------------------------------------------------------------------
    def _begin_game_turn(self, ctx: Context, state: GoblinState) -> None:
        """A: every caravan steps on (L18); then the order of B (L20; reading c1) and the first player turn."""
        state.turn += 1
        ctx.say(f"Game turn {state.turn} begins.", kind="phase")
        state.announced = []
        for player in state.players:  # L156: a condition met at the start of the turn is announced
            met = conditions_met(state, player)
            if met:
                state.announced.append(player)
                ctx.say(f"{state.name_of(player)} announces victory ({' and '.join(met)}): met again at the end "
                        "of this game turn, it wins.")
        for caravan in sorted(state.caravans, key=lambda c: c.id):
            if step_caravan(state, caravan):
                ctx.say(f"The {caravan.kind.title} caravan reaches {where(caravan.territory)} and leaves the map.")
            else:
                ctx.say(f"The {caravan.kind.title} caravan moves on to {where(caravan.territory)}.")
        if state.turn == 1:
            state.order = clockwise_from(state.players, state.players[state.first])  # L7
        else:
            state.order = order_of_play(ctx.dice, state)  # L20
        state.active = 0
        ctx.say("Order of play: " + ", ".join(state.name_of(p) for p in state.order) + ".")
        self._begin_player_turn(ctx, state)

    def _begin_player_turn(self, ctx: Context, state: GoblinState) -> None:
        """B1 (L22): every unplaced caravan in the hand is put at its start and moves one step; then B2."""
        player = state.order[state.active]
        warlord = state.warlord(player)
        warlord.leaderless = not has_leader(state, player)  # L25: "at the start of his turn"
        warlord.redraws = 0
        warlord.kept_hand = False
        ctx.say(f"{state.name_of(player)}'s turn.", kind="phase")
        for kind in sorted(warlord.caravans):
            caravan = place_caravan(state, kind)
            start = caravan.territory
            arrived = step_caravan(state, caravan)
            ctx.say(f"{state.name_of(player)} puts {kind.an} caravan on the road at {where(start)}; it moves "
                    + (f"on and leaves the map at {where(caravan.territory)}." if arrived
                       else f"on to {where(caravan.territory)}."))
        warlord.caravans = []
        state.miners = sorted(c for a in state.armies if a.owner == player and not a.lost and a.territory in state.mines
                              for c in troops(a.units))  # L44: at the mine for the full turn
        state.posts = {c: a.territory for a in state.armies if a.owner == player and not a.lost
                       for c in self._chips(a)}  # L65: a mine needs a unit there for the whole turn
        state.rampaged = []
        state.phase = Phase.REINFORCE
        self._reinforce(ctx, state)

    def _reinforce(self, ctx: Context, state: GoblinState) -> None:
        """B2 (L24-25): a leaderless player may first redraw; then three free units, then the offer to buy."""
        player = state.order[state.active]
        warlord = state.warlord(player)
        if (warlord.leaderless and not warlord.kept_hand and warlord.redraws < REDRAWS
                and not has_leader(state, player)):
            state.ask = Ask(kind=AskKind.REDRAW, players=[player])
            return
        drawn = draw_units(ctx.dice, state.tribe_cup, FREE_DRAWS, "reinforcements", player)
        warlord.units += drawn
        ctx.say(f"{state.name_of(player)} draws {counted(len(drawn), 'reinforcement')}.")
        ctx.say(f"You draw {unit_list(drawn)}.", visible_to=[player])
        if self.most_to_buy(state, player) > 0:
            state.ask = Ask(kind=AskKind.BUY, players=[player])
        else:
            self._march(ctx, state)

    @staticmethod
    def most_to_buy(state: GoblinState, player: PlayerId) -> int:
        """How many units the player may still buy in B2 (L24): at most two, as gold and the cup allow."""
        return min(BOUGHT_DRAWS, state.warlord(player).gold // BOUGHT_PRICE, len(state.tribe_cup))

    def _redraw(self, ctx: Context, state: GoblinState, player: PlayerId) -> None:
        """L25: the hand's units are shown, go back to the tribe cup, and six are drawn."""
        warlord = state.warlord(player)
        shown = list(warlord.units)
        ctx.say(f"{state.name_of(player)} has no leader, shows the hand ({unit_list(shown)}) and draws six anew.")
        state.tribe_cup += shown
        warlord.units = draw_units(ctx.dice, state.tribe_cup, REDRAW_SIZE, "redraw", player)
        warlord.redraws += 1
        ctx.say(f"You draw {unit_list(warlord.units)}.", visible_to=[player])
        state.ask = None
        self._reinforce(ctx, state)

    def _buy(self, ctx: Context, state: GoblinState, player: PlayerId, action: Reinforce) -> None:
        """L24: up to two more units at two gold each; the gold goes back to the gold cup."""
        most = self.most_to_buy(state, player)
        if not 0 <= action.bought <= BOUGHT_DRAWS:
            raise RuleViolation(f"You may buy at most {BOUGHT_DRAWS} more units.")
        if action.bought > most:
            raise RuleViolation(f"You can buy at most {counted(most, 'unit')} now: each costs {BOUGHT_PRICE} gold"
                                + (" and the tribe cup is nearly empty." if most == len(state.tribe_cup) else "."))
        warlord = state.warlord(player)
        if action.bought:
            warlord.gold -= action.bought * BOUGHT_PRICE
            state.gold_cup += [GOLD] * (action.bought * BOUGHT_PRICE)
            drawn = draw_units(ctx.dice, state.tribe_cup, action.bought, "bought units", player)
            warlord.units += drawn
            ctx.say(f"{state.name_of(player)} pays {action.bought * BOUGHT_PRICE} gold for "
                    f"{counted(len(drawn), 'more unit')}.")
            ctx.say(f"You draw {unit_list(drawn)}.", visible_to=[player])
        state.ask = None
        self._march(ctx, state)

    # -- B3: move, levy and attack (L26-36) -----------------------------------------------------------
    def _march(self, ctx: Context, state: GoblinState) -> None:
        """The end of B2: B3 begins. Each leader may move once, attack once and levy once this turn
        (L27); armies lost underground last turn roll for their place first, with no reroll (L30)."""
        state.phase = Phase.MARCH
        state.moved, state.attacked, state.levied, state.retreated = [], [], [], []
        player = state.order[state.active]
        for lost in [a for a in state.armies if a.owner == player and a.lost]:
            if lost.leader is not None:
                state.moved.append(lost.leader)
            ctx.say(f"{state.name_of(player)}'s army lost in the dark rolls for its way out.")
            self._surface(ctx, state, lost, ctx.dice.d20("underground, lost: no reroll", player).result)
        self._settle(ctx, state)
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    def _move(self, ctx: Context, state: GoblinState, player: PlayerId, action: Move) -> None:
        """L28-29, L31: a lone leader up to two areas, an army one, units left behind in friendly
        territory; through an opponent's territory holding his units with his leave or a servivility
        check (the opponent is asked first)."""
        moving = self._own_army(state, player, action.army)
        assert moving.leader is not None
        if moving.leader in state.moved:
            raise RuleViolation("That leader has already moved this turn (L27).")
        if len(set(action.leave)) != len(action.leave) or any(c not in moving.units for c in action.leave):
            raise RuleViolation("Only units of that army can be left behind, each once.")
        if action.leave and not friendly(state, player, moving.territory):
            raise RuleViolation("Units can be left behind only in friendly territory (L31).")
        if shamans(action.leave):
            raise RuleViolation("A shaman stays with his leader: he is never handed on (L72).")
        lone = len(action.leave) == len(escort(moving.units))
        problem = path_problem(state, player, moving, action.path, lone)
        if problem:
            raise RuleViolation(problem)
        if hostile_armies(state, player, action.path[-1]) and moving.leader in state.attacked:
            raise RuleViolation("That leader has already attacked this turn (L27): he cannot march into enemies.")
        state.moved.append(moving.leader)
        if action.leave:
            for unit in action.leave:
                moving.units.remove(unit)
            state.armies.append(Army(id=state.new_id(), owner=player, territory=moving.territory,
                                     units=sorted(action.leave)))
            ctx.say(f"{state.name_of(player)} leaves {unit_list(action.leave)} in {where(moving.territory)}.")
        self._go(ctx, state, player, moving, list(action.path))

    def _go(self, ctx: Context, state: GoblinState, player: PlayerId, moving: Army, path: list[int]) -> None:
        """Walk the army along `path`, stopping where an opponent's leave is needed (L28)."""
        while len(path) > 1:
            step = path.pop(0)
            moving.territory = step
            self._hand_in_gold(ctx, state, moving)
            owner = passage_owner(state, player, step)
            if owner is not None:
                ctx.say(f"{state.name_of(player)}'s leader reaches {where(step)}, held by "
                        f"{state.name_of(owner)}'s units, and asks to pass through.")
                state.ask = Ask(kind=AskKind.PASSAGE, players=[owner], army=moving.id, path=path)
                return
        self._arrive(ctx, state, player, moving, path[0], "marches into")
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    def _arrive(self, ctx: Context, state: GoblinState, player: PlayerId, moving: Army, number: int, verb: str,
                *, surprise: bool = False) -> None:
        """The army ends its move in `number`: enemies there mean a battle (L37, fought when B3 ends);
        then control and leaderless units are settled (L32-33)."""
        moving.territory = number
        ctx.say(f"{state.name_of(player)}'s army of {unit_list(self._chips(moving))} {verb} {where(number)}.")
        self._claim_natives(ctx, state, player, moving)
        if hostile_armies(state, player, number):
            surprised = surprise and any(f.territory == number for f in state.fortresses) and \
                hostile_troops(state, player, number)
            guards = self.guards(state, player, number)
            if guards and not surprised:  # L31: units left behind attack any enemy that comes there
                state.battles.append(Battle(territory=number, attacker=guards[0].owner, army=moving.id,
                                            why="left behind attack"))
                ctx.say(f"{state.name_of(guards[0].owner)}'s units left in {where(number)} fall on the newcomers.")
            else:
                state.battles.append(Battle(territory=number, attacker=player, army=moving.id,
                                            forced=is_orcland(number), surprise=surprised,
                                            why="underground surprise" if surprised else "entered enemies"))
            if moving.leader is not None and moving.leader not in state.attacked:
                state.attacked.append(moving.leader)
            ctx.say(f"Enemies stand in {where(number)}: a battle "
                    + ("must be fought there" if is_orcland(number) else "will be fought there, outlands or not")
                    + (" — the attackers come out of the caves by surprise" if surprised else "")
                    + ", once the turn's moves are done.")
        self._settle(ctx, state)
        self._hand_in_gold(ctx, state, moving)

    @staticmethod
    def guards(state: GoblinState, player: PlayerId, number: int) -> list[Army]:
        """Another player's units left behind in the territory, with no leader (L31): they attack any
        enemy that comes there, by a move, the caves or a levy."""
        return sorted((a for a in hostile_armies(state, player, number) if a.leader is None and a.owner is not None),
                      key=lambda a: a.id)

    @staticmethod
    def _hand_in_gold(ctx: Context, state: GoblinState, moving: Army) -> None:
        """L51: gold carried by a leader or army that arrives in or moves through friendly territory goes
        to the player's hand (arriving: once the territory is his, control taken first)."""
        if moving.gold and moving.owner is not None and friendly(state, moving.owner, moving.territory):
            state.warlord(moving.owner).gold += moving.gold
            ctx.say(f"{state.name_of(moving.owner)}'s army brings {counted(moving.gold, 'gold chip')} home.")
            moving.gold = 0

    def _claim_natives(self, ctx: Context, state: GoblinState, player: PlayerId, arriving: Army) -> None:
        """L39 (reading a22): a leader arriving where another player holds troops of his own tribe: that
        player's leader there checks authority to keep them (+1 if all his troops are his natives or
        goblins and kobolds, +1 in his fortress, reading c4), or they go over to the arriving leader.
        Troops with no leader to keep them go over at once (our reading). Goblins and kobolds are never
        taken from a leader of their own tribe."""
        leader = arriving.leader
        if leader is None:
            return
        for held in sorted(hostile_armies(state, player, arriving.territory), key=lambda a: a.id):
            if held.owner is None:
                continue
            keeper = held.leader
            natives = [c for c in troops(held.units) if native(leader, c)
                       and not (keeper is not None and chip(c).tribe in SMALL_TRIBES and native(keeper, c))]
            if not natives:
                continue
            kept = False
            if keeper is not None:
                bonus = int(all(native(keeper, c) or chip(c).tribe in SMALL_TRIBES for c in troops(held.units)))
                bonus += int(any(f.territory == held.territory and f.owner == held.owner for f in state.fortresses))
                kept, _ = authority_check(ctx.dice, keeper, bonus, f"authority, to keep native troops (+{bonus})",
                                          held.owner)
            if kept:
                ctx.say(f"{state.name_of(held.owner)} keeps {unit_list(natives)} from their native leader.")
                continue
            for unit in natives:
                held.units.remove(unit)
            arriving.units = sorted([*arriving.units, *natives])
            ctx.say(f"{unit_list(natives)} of {state.name_of(held.owner)}'s go over to their native leader, "
                    f"{state.name_of(player)}'s.")
            if keeper is None and not held.units:
                state.armies.remove(held)

    def _answer_passage(self, ctx: Context, state: GoblinState, player: PlayerId, action: AllowPassage) -> None:
        """L28: the territory's controller lets the leader pass; or the leader checks servivility, and if
        it fails the controller may attack him."""
        ask = state.ask
        assert ask is not None and ask.army is not None
        moving = army(state, ask.army)
        assert moving is not None and moving.owner is not None
        mover = moving.owner
        if action.allow:
            ctx.say(f"{state.name_of(player)} lets the leader pass through {where(moving.territory)}.")
            self._go(ctx, state, mover, moving, list(ask.path))
            return
        ctx.say(f"{state.name_of(player)} bars the way through {where(moving.territory)}.")
        passed, _ = servivility_check(ctx.dice, moving, "servivility, to pass", mover)
        if passed:
            ctx.say(f"{state.name_of(mover)}'s leader slips through.")
            self._go(ctx, state, mover, moving, list(ask.path))
            return
        ctx.say(f"{state.name_of(mover)}'s leader is caught in {where(moving.territory)}.")
        state.ask = Ask(kind=AskKind.PASSER, players=[player], army=moving.id, path=list(ask.path))

    def _answer_passer(self, ctx: Context, state: GoblinState, player: PlayerId, action: AttackPasser) -> None:
        """L28: after a failed check the controller may attack the leader where he stands: the battle is
        recorded (fought when B3 ends) and the leader's move ends there; else he goes on."""
        ask = state.ask
        assert ask is not None and ask.army is not None
        moving = army(state, ask.army)
        assert moving is not None and moving.owner is not None
        if action.attack:
            state.battles.append(Battle(territory=moving.territory, attacker=player, army=moving.id,
                                        forced=True, why="caught passing"))
            ctx.say(f"{state.name_of(player)} attacks the leader in {where(moving.territory)} "
                    "(fought when the turn's moves are done); his move ends there.")
            self._settle(ctx, state)
            state.ask = Ask(kind=AskKind.MARCH, players=[moving.owner])
            return
        ctx.say(f"{state.name_of(player)} lets the leader go on.")
        self._go(ctx, state, moving.owner, moving, list(ask.path))

    def _underground(self, ctx: Context, state: GoblinState, player: PlayerId, action: Underground) -> None:
        """L30: instead of a move, from friendly territory with a mine or fortress; a d20 names the
        place, 1-18 the territory (house set b1), 19 lost, 20 destroyed; one reroll of a place."""
        moving = self._own_army(state, player, action.army)
        assert moving.leader is not None
        if moving.leader in state.moved:
            raise RuleViolation("That leader has already moved this turn (L27).")
        if not self.can_go_underground(state, player, moving):
            raise RuleViolation("An army goes underground only from friendly territory with a mine or a "
                                "fortress (L30).")
        state.moved.append(moving.leader)
        ctx.say(f"{state.name_of(player)}'s army goes down into the caves under {where(moving.territory)}.")
        rolled = ctx.dice.d20("underground", player).result
        if rolled in (UNDERGROUND_LOST, UNDERGROUND_DESTROYED):
            self._surface(ctx, state, moving, rolled)
            state.ask = Ask(kind=AskKind.MARCH, players=[player])
            return
        ctx.say(f"The caves lead to {where(rolled)}.")
        state.ask = Ask(kind=AskKind.UNDERGROUND, players=[player], army=moving.id, rolled=rolled)

    def _answer_underground(self, ctx: Context, state: GoblinState, player: PlayerId,
                            action: RerollUnderground) -> None:
        ask = state.ask
        assert ask is not None and ask.army is not None and ask.rolled is not None
        moving = army(state, ask.army)
        assert moving is not None
        rolled = ask.rolled
        if action.reroll:
            rolled = ctx.dice.d20("underground, rerolled: it stands", player).result
        self._surface(ctx, state, moving, rolled)
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    def _surface(self, ctx: Context, state: GoblinState, moving: Army, rolled: int) -> None:
        """Where the d20 sends an army underground (L30): 20 destroys it, 19 leaves it lost for a turn."""
        owner = moving.owner
        assert owner is not None
        if rolled == UNDERGROUND_DESTROYED:
            self._destroy(state, moving)
            ctx.say(f"{state.name_of(owner)}'s army of {unit_list(self._chips(moving))} is destroyed in the "
                    "caves, messily.")
            self._settle(ctx, state)
        elif rolled == UNDERGROUND_LOST:
            moving.lost = True
            ctx.say(f"{state.name_of(owner)}'s army is lost in the dark; it rolls again next turn, with no reroll.")
            self._settle(ctx, state)
        else:
            moving.lost = False
            self._arrive(ctx, state, owner, moving, rolled, "comes out of the caves in", surprise=True)

    def _levy(self, ctx: Context, state: GoblinState, player: PlayerId, action: Levy) -> None:
        """L34-36: once per leader per turn; a leader from the hand is levied into his home with the
        units; a leader on the map levies only in territory his player controls; all the standard units
        in the hand come at once; native units obey, the others only on an authority check, or they
        rebel and attack him."""
        problem = self.levy_problem(state, player, action)
        if problem:
            raise RuleViolation(problem)
        warlord = state.warlord(player)
        leader = action.leader
        state.levied.append(leader)
        for unit in (leader, *action.units) if leader in warlord.units else action.units:
            warlord.units.remove(unit)
        led = army_led_by(state, leader)
        if led is None:
            home = HOMES[chip(leader).tribe]  # type: ignore[index]
            led = Army(id=state.new_id(), owner=player, territory=home, leader=leader)
            state.armies.append(led)
            ctx.say(f"{state.name_of(player)} levies a {unit_list([leader])} in {where(home)}.")
            self._claim_natives(ctx, state, player, led)
        cost = sum(chip(c).power for c in machines(action.units))
        if cost:  # L68: a war machine is paid for with its power in gold
            warlord.gold -= cost
            state.gold_cup += [GOLD] * cost
            ctx.say(f"{state.name_of(player)} pays {cost} gold for {unit_list(machines(action.units))}.")
        natives = [c for c in action.units if native(leader, c)]
        others = [c for c in action.units if not native(leader, c)]
        led.units = sorted([*led.units, *natives])
        if natives:
            ctx.say(f"{unit_list(natives)} of his own tribe join him.")
        if others:
            bonus = levy_bonus(leader, led.units, others)
            obeyed, _ = authority_check(ctx.dice, leader, bonus, f"authority, to levy (+{bonus})", player)
            if obeyed:
                led.units = sorted([*led.units, *others])
                ctx.say(f"{unit_list(others)} obey him.")
            else:
                if troops(led.units):  # L68: the leader keeps the war machines while he has loyal troops
                    led.units = sorted([*led.units, *machines(others)])
                    others = [c for c in others if c not in machines(others)]
                rebels = Army(id=state.new_id(), owner=None, territory=led.territory, units=sorted(others))
                state.armies.append(rebels)
                state.battles.append(Battle(territory=led.territory, attacker=None, army=led.id, forced=True,
                                            why="rebels"))
                ctx.say(f"{unit_list(others)} rebel and attack him in {where(led.territory)} "
                        "(fought when the turn's moves are done).")
        guards = self.guards(state, player, led.territory)
        if guards and not any(b.army == led.id and b.territory == led.territory for b in state.battles):
            state.battles.append(Battle(territory=led.territory, attacker=guards[0].owner, army=led.id,
                                        why="left behind attack"))  # L31: they attack whoever comes
            ctx.say(f"{state.name_of(guards[0].owner)}'s units left in {where(led.territory)} fall on the newcomers.")
        elif hostile_armies(state, player, led.territory) and not any(
                b.army == led.id and b.territory == led.territory for b in state.battles):
            state.battles.append(Battle(territory=led.territory, attacker=player, army=led.id,
                                        forced=is_orcland(led.territory), why="levied among enemies"))
            state.attacked.append(leader)
            ctx.say(f"Enemies stand in {where(led.territory)}: a battle (fought when the turn's moves are done).")
        self._settle(ctx, state)
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    def levy_problem(self, state: GoblinState, player: PlayerId, action: Levy) -> str | None:
        """Why a levy is refused (None: it may go ahead). (Asked of every levy the moves list offers, so
        the hand is read once into a set and each chip once.)"""
        warlord = state.warlord(player)
        leader = action.leader
        if not 0 <= leader < len(UNIT_CHIPS) or not chip(leader).is_leader:
            return "Only a leader levies units (L34)."
        hand = set(warlord.units)
        from_hand = leader in hand
        led = army_led_by(state, leader)
        if not from_hand and (led is None or led.owner != player or led.lost):
            return "That leader is neither in your hand nor with you on the map."
        if leader in state.levied:
            return "That leader has already levied this turn (L34)."
        levied = set(action.units)
        if len(levied) != len(action.units) or leader in levied or not levied <= hand:
            return "Levy units from your hand, each once."
        kinds = [chip(c).kind for c in action.units]
        if ChipKind.SPY in kinds:
            return "A spy is not levied: it is sent, from the hand (L41)."
        held = led.units if led is not None and not from_hand else []
        if len(shamans([*held, *action.units])) > 1:
            return "No leader or army may have two shamans (L72)."
        if ChipKind.WAR_MACHINE in kinds:
            cost = sum(chip(c).power for c in machines(action.units))
            if cost > warlord.gold:
                return f"A war machine costs its power in gold (L68): {cost} gold for these."
            if not troops([*held, *action.units]):
                return "A war machine needs at least one troop to tow it; a leader cannot (L68)."
        if not from_hand and not action.units:
            return "Name the units to levy."
        where_to = HOMES[chip(leader).tribe] if from_hand else led.territory  # type: ignore[index,union-attr]
        if not from_hand and not friendly(state, player, where_to):
            return ("No units may be levied in a territory you do not control, unless they come with a leader "
                    "levied there this turn (L35).")
        standard = territory(where_to).standard
        if standard is not None and action.units and any(
                c not in levied and chip(c).is_troop and chip(c).tribe == standard for c in warlord.units):
            return (f"All the {standard.title} troops in your hand, the standard units of {territory(where_to).name}, "
                    "must be levied at the same time (L35).")
        return None

    def levies(self, state: GoblinState, player: PlayerId) -> list[Levy]:
        """Every levy the player may make now (L34-36): troops, and with them a shaman and war machines
        (L67-72, one of each power listed)."""
        warlord = state.warlord(player)
        found: list[Levy] = []
        leaders = sorted({c for c in warlord.units if chip(c).is_leader}, key=lambda c: c)
        seen: set[tuple[Any, ...]] = set()
        hand_troops = [c for c in warlord.units if chip(c).is_troop]
        spare = [*shamans(warlord.units)[:1], *{chip(c).power: c for c in machines(warlord.units)}.values()]
        extras = [[c for c in spare if c in picked] for picked in choices(spare)]  # L67-72: a shaman, a machine
        for leader in leaders:
            c = chip(leader)
            key = (c.tribe, c.power, c.servivility)
            if key in seen or leader in state.levied:
                continue
            seen.add(key)
            standard = territory(HOMES[c.tribe]).standard  # type: ignore[index]
            must = [u for u in hand_troops if chip(u).tribe == standard]
            for units in [[], *[u for u in choices(hand_troops, must) if u]]:  # the leader alone, or with troops
                found += [Levy(leader=leader, units=sorted([*units, *more])) for more in extras]
        for led in led_armies(state, player):
            assert led.leader is not None
            if led.leader in state.levied or not friendly(state, player, led.territory):
                continue
            standard = territory(led.territory).standard
            must = [u for u in hand_troops if chip(u).tribe == standard]
            found += [Levy(leader=led.leader, units=sorted([*u, *more])) for u in choices(hand_troops, must)
                      for more in extras if u or more]
        return [levy for levy in found if self.levy_problem(state, player, levy) is None]

    def _claim(self, ctx: Context, state: GoblinState, player: PlayerId, action: Claim) -> None:
        """L31-32, L36 (reading a17, c12): a leader claims units without a leader where he stands — his
        player's units left behind (his natives join freely, the others on an authority check with the
        levy's modifiers, or they rebel and attack him), or rebels (only his natives, freely). The claim
        is the leader's levy for the turn (our reading: one taking of units under control a turn)."""
        problem = self.claim_problem(state, player, action)
        if problem:
            raise RuleViolation(problem)
        led, stack = army_led_by(state, action.leader), army(state, action.army)
        assert led is not None and stack is not None
        state.levied.append(action.leader)
        natives = [c for c in stack.units if native(action.leader, c)]
        others = [c for c in stack.units if not native(action.leader, c)] if stack.owner == player else []
        for unit in natives:
            stack.units.remove(unit)
        led.units = sorted([*led.units, *natives])
        if natives:
            ctx.say(f"{unit_list(natives)} rejoin their native leader in {where(led.territory)}.")
        if others:
            bonus = levy_bonus(action.leader, led.units, others)
            obeyed, _ = authority_check(ctx.dice, action.leader, bonus, f"authority, to claim (+{bonus})", player)
            if obeyed:
                for unit in others:
                    stack.units.remove(unit)
                led.units = sorted([*led.units, *others])
                ctx.say(f"{unit_list(others)} follow him.")
            else:
                stack.owner = None
                state.battles.append(Battle(territory=led.territory, attacker=None, army=led.id, forced=True,
                                            why="rebels"))
                ctx.say(f"{unit_list(others)} rebel and attack him in {where(led.territory)} "
                        "(fought when the turn's moves are done).")
        if not stack.units:
            state.armies.remove(stack)
        self._settle(ctx, state)
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    def claim_problem(self, state: GoblinState, player: PlayerId, action: Claim) -> str | None:
        led, stack = army_led_by(state, action.leader), army(state, action.army)
        if led is None or led.owner != player or led.lost:
            return "Only one of your leaders on the map claims units."
        if action.leader in state.levied:
            return "That leader has already levied this turn (L34)."
        if stack is None or stack.leader is not None or stack.lost or stack.territory != led.territory:
            return "A leader claims only units without a leader in his own territory (L31)."
        if stack.owner not in (player, None):
            return "Another player's units are not claimed: a leader wins over his native troops by arriving (L39)."
        if stack.owner is None and not any(native(action.leader, c) for c in stack.units):
            return "Only their native leader claims rebels (L36)."
        return None

    def claims(self, state: GoblinState, player: PlayerId) -> list[Claim]:
        found = [Claim(leader=led.leader, army=stack.id) for led in led_armies(state, player)
                 for stack in state.armies if led.leader is not None and stack.leader is None
                 and stack.territory == led.territory]
        return [c for c in found if self.claim_problem(state, player, c) is None]

    # -- B3: spies (L41; house set b7) and building (L61-66) -------------------------------------------------
    def spies(self, state: GoblinState, player: PlayerId) -> list[UseSpy]:
        """Every use of a spy from the hand (L41; house set b7): a peek at another player's hand, the
        incitement of another player's leader, the sabotage of a mine. Spies are alike: one stands for all."""
        held = sorted(c for c in state.warlord(player).units if chip(c).kind is ChipKind.SPY)
        if not held:
            return []
        spy = held[0]
        return [*(UseSpy(spy=spy, effect=SpyEffect.PEEK, player=p) for p in state.players if p != player),
                *(UseSpy(spy=spy, effect=SpyEffect.INCITE, army=a.id) for a in state.armies
                  if a.owner not in (None, player) and a.leader is not None and not a.lost),
                *(UseSpy(spy=spy, effect=SpyEffect.SABOTAGE, territory=t) for t in sorted(state.mines))]

    @staticmethod
    def spy_problem(state: GoblinState, player: PlayerId, action: UseSpy) -> str | None:
        if action.spy not in state.warlord(player).units or chip(action.spy).kind is not ChipKind.SPY:
            return "Send a spy from your hand."
        if action.effect is SpyEffect.PEEK and (action.player not in state.players or action.player == player):
            return "A spy peeks into another player's hand: name the player."
        target = army(state, action.army) if action.army is not None else None
        if action.effect is SpyEffect.INCITE and (target is None or target.leader is None or target.lost
                                                  or target.owner in (None, player)):
            return "A spy incites another player's leader on the map: name his army."
        if action.effect is SpyEffect.SABOTAGE and action.territory not in state.mines:
            return "A spy sabotages a mine: name a territory with one."
        return None

    def _spy(self, ctx: Context, state: GoblinState, player: PlayerId, action: UseSpy) -> None:
        """L41 (house set b7): the spy does one thing and goes back to the tribe cup. A peek shows the
        player alone the other's hand (units, gold, unplaced caravans, captives), kept in his view. An
        incited leader checks authority (+1 if all his troops are his natives or goblins and kobolds; no
        fortress bonus, L62): failing, his non-native troops rebel and attack him (fought when B3 ends);
        his war machines stay with him if he keeps a troop to tow them, else go with the rebels (L68). A
        sabotaged mine is gone."""
        problem = self.spy_problem(state, player, action)
        if problem:
            raise RuleViolation(problem)
        state.warlord(player).units.remove(action.spy)
        state.tribe_cup.append(action.spy)
        name = state.name_of(player)
        if action.effect is SpyEffect.PEEK:
            assert action.player is not None
            seen = state.warlord(action.player)
            spymaster = state.warlord(player)
            spymaster.peeks = [*(p for p in spymaster.peeks if p.of != action.player),
                               Peek(of=action.player, units=sorted(seen.units), gold=seen.gold, turn=state.turn)]
            ctx.say(f"{name} sends a spy into {state.name_of(action.player)}'s camp.")
            ctx.say(f"Your spy reports {state.name_of(action.player)}'s hand: {unit_list(seen.units)}; "
                    f"{counted(seen.gold, 'gold chip')}"
                    + (f"; caravans {', '.join(k.title for k in seen.caravans)}" if seen.caravans else "")
                    + (f"; captives {unit_list(seen.captives)}" if seen.captives else "") + ".",
                    visible_to=[player])
        elif action.effect is SpyEffect.INCITE:
            led = army(state, action.army)  # type: ignore[arg-type]
            assert led is not None and led.leader is not None and led.owner is not None
            leader = led.leader
            ctx.say(f"{name}'s spy stirs up the troops of {state.name_of(led.owner)}'s {chip(leader).name} in "
                    f"{where(led.territory)}.")
            bonus = int(all(native(leader, c) or chip(c).tribe in SMALL_TRIBES for c in troops(led.units)))
            held, _ = authority_check(ctx.dice, leader, bonus, f"authority, against the spy (+{bonus})", led.owner)
            others = [c for c in troops(led.units) if not native(leader, c)]
            if held or not others:
                ctx.say("His troops stay loyal.")
            else:
                for unit in others:
                    led.units.remove(unit)
                engines = machines(led.units) if not troops(led.units) else []
                for unit in engines:
                    led.units.remove(unit)
                state.armies.append(Army(id=state.new_id(), owner=None, territory=led.territory,
                                         units=sorted([*others, *engines])))
                state.battles.append(Battle(territory=led.territory, attacker=None, army=led.id, forced=True,
                                            why="rebels"))
                ctx.say(f"{unit_list([*others, *engines])} rebel and attack him (fought when the turn's moves "
                        "are done).")
        else:
            assert action.territory is not None
            state.mines.remove(action.territory)
            ctx.say(f"{name}'s spy sabotages the mine in {where(action.territory)}: it is no more.")
        self._settle(ctx, state)
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    @staticmethod
    def held_all_turn(state: GoblinState, player: PlayerId, number: int) -> bool:
        """Whether a unit of the player has stood in the territory since his turn began (L65)."""
        return any(state.posts.get(c) == number for a in state.armies
                   if a.owner == player and not a.lost and a.territory == number for c in GoblinWarlords._chips(a))

    def builds(self, state: GoblinState, player: PlayerId) -> list[Build]:
        """Every fortress (each rating he can pay) and mine the player's leaders may build now (L61-66)."""
        found: list[Build] = []
        for led in led_armies(state, player):
            assert led.leader is not None
            found += [Build(leader=led.leader, work=Work.FORTRESS, rating=r) for r in FORTRESS_RATINGS]
            found.append(Build(leader=led.leader, work=Work.MINE))
        return [b for b in found if self.build_problem(state, player, b) is None]

    def build_problem(self, state: GoblinState, player: PlayerId, action: Build) -> str | None:
        led = army_led_by(state, action.leader)
        if led is None or led.owner != player or led.lost:
            return "Only one of your leaders on the map builds."
        if not friendly(state, player, led.territory):
            return "Build only in friendly territory, a land you control (L61, L65)."
        if action.work is Work.FORTRESS:
            if action.rating not in FORTRESS_RATINGS:
                return f"A fortress's rating is {FORTRESS_RATINGS[0]} to {FORTRESS_RATINGS[-1]} (house set b6)."
            if action.leader in state.moved:
                return "A leader who builds a fortress does not move this turn, and this one has (L61)."
            if not escort(led.units):
                return "A fortress needs an army there: the leader with at least one unit (L61)."
            if state.warlord(player).gold < action.rating:
                return f"A fortress of rating {action.rating} costs {action.rating} gold (L61)."
            return None
        if led.territory in state.mines:
            return "There is a mine there already: one a territory (L66)."
        if not self.held_all_turn(state, player, led.territory):
            return "A mine needs a unit of yours there for the whole turn (L65)."
        return None

    def _build(self, ctx: Context, state: GoblinState, player: PlayerId, action: Build) -> None:
        """L61-66: a fortress paid with its rating in gold, the leader staying put this turn, any older
        fortress there destroyed; or a mine (free, house set b6), one a territory."""
        problem = self.build_problem(state, player, action)
        if problem:
            raise RuleViolation(problem)
        led = army_led_by(state, action.leader)
        assert led is not None
        here = led.territory
        if action.work is Work.FORTRESS:
            warlord = state.warlord(player)
            warlord.gold -= action.rating
            state.gold_cup += [GOLD] * action.rating
            state.moved.append(action.leader)
            old = [f for f in state.fortresses if f.territory == here]
            for gone in old:
                state.fortresses.remove(gone)
            state.fortresses.append(Fortress(territory=here, rating=action.rating, owner=player))
            ctx.say(f"{state.name_of(player)} builds a fortress of rating {action.rating} in {where(here)}"
                    + (", tearing down the old one." if old else "."))
        else:
            warlord = state.warlord(player)
            warlord.gold -= MINE_PRICE
            state.mines.append(here)
            state.mines.sort()
            ctx.say(f"{state.name_of(player)} digs a mine in {where(here)}.")
        state.ask = Ask(kind=AskKind.MARCH, players=[player])

    def _cap_gold(self, ctx: Context, state: GoblinState, holder: Army) -> None:
        """L49-50: a leader alone carries one gold chip; an army any number. The chips are alike, so the
        choice of which to keep is no choice: the others are dropped, back to the gold cup."""
        if holder.leader is not None and not escort(holder.units) and holder.gold > 1:
            dropped = holder.gold - 1
            holder.gold = 1
            state.gold_cup += [GOLD] * dropped
            if holder.owner is not None:
                ctx.say(f"{state.name_of(holder.owner)}'s {chip(holder.leader).name} carries one gold chip only "
                        f"and drops {counted(dropped, 'more')}.")

    def _settle(self, ctx: Context, state: GoblinState) -> None:
        """After each step of B3: a leader in an orcland with no hostile troops gains control of it (L33);
        a player's units without a leader in territory unfriendly to him are destroyed (L32)."""
        for led in sorted(state.armies, key=lambda a: a.id):
            if led.owner is None or led.leader is None or led.lost or not is_orcland(led.territory):
                continue
            if state.control.get(led.territory) != led.owner and not hostile_troops(state, led.owner, led.territory):
                state.control[led.territory] = led.owner
                ctx.say(f"{state.name_of(led.owner)} takes control of {where(led.territory)}.")
        for towed in [a for a in state.armies if not a.lost and machines(a.units) and not troops(a.units)]:
            engines = machines(towed.units)
            for unit in engines:
                towed.units.remove(unit)
            state.tribe_cup += engines
            ctx.say(f"{unit_list(engines)} with no troop to tow it in {where(towed.territory)} "
                    f"{'is' if len(engines) == 1 else 'are'} destroyed (L68).")
            if towed.leader is None and not towed.units:
                self._destroy(state, towed)
        for holder in list(state.armies):
            self._cap_gold(ctx, state, holder)
        for stray in [a for a in state.armies if a.owner is not None and a.leader is None and not a.lost]:
            if not friendly(state, stray.owner, stray.territory):
                self._destroy(state, stray)
                ctx.say(f"{state.name_of(stray.owner)}'s {unit_list(stray.units)} without a leader in unfriendly "
                        f"{where(stray.territory)} are destroyed.")

    def _destroy(self, state: GoblinState, gone: Army) -> None:
        """An army off the map: its chips back to the tribe cup (reading a2), its gold to the gold cup."""
        state.armies.remove(gone)
        state.tribe_cup += self._chips(gone)
        state.gold_cup += [GOLD] * gone.gold
        state.battles = [b for b in state.battles if b.army != gone.id]

    @staticmethod
    def _chips(of: Army) -> list[int]:
        return [*(() if of.leader is None else (of.leader,)), *of.units]

    @staticmethod
    def _own_army(state: GoblinState, player: PlayerId, army_id: int) -> Army:
        found = army(state, army_id)
        if found is None or found.owner != player or found.leader is None:
            raise RuleViolation("That is not one of your leaders' armies.")
        if found.lost:
            raise RuleViolation("That army is lost in the dark; it rolls for its way out next turn (L30).")
        return found

    @staticmethod
    def can_go_underground(state: GoblinState, player: PlayerId, moving: Army) -> bool:
        return friendly(state, player, moving.territory) and (
            moving.territory in state.mines or any(f.territory == moving.territory for f in state.fortresses))

    def marches(self, state: GoblinState, player: PlayerId) -> list[Any]:
        """The active player's choices in B3: each unmoved leader's moves (with each choice of units to
        leave behind) and underground travel, the levies, and ending the turn."""
        found: list[Any] = []
        for led in led_armies(state, player):
            assert led.leader is not None
            if led.leader in state.moved:
                continue
            escorted = escort(led.units)
            leaves = choices(escorted) if friendly(state, player, led.territory) else [[]]
            routes: dict[bool, list[list[int]]] = {}  # the paths depend on the units left only by a lone leader's reach
            for leave in leaves:
                lone = len(leave) == len(escorted)
                if lone not in routes:
                    routes[lone] = [path for path in paths(state, player, led, lone) if not (
                        led.leader in state.attacked and hostile_armies(state, player, path[-1]))]
                found += [Move(army=led.id, path=path, leave=leave) for path in routes[lone]]
            if self.can_go_underground(state, player, led):
                found.append(Underground(army=led.id))
        return [*found, *self.levies(state, player), *self.claims(state, player), *self.caravan_attacks(state, player),
                *self.spies(state, player), *self.builds(state, player), EndTurn()]

    def _end_turn(self, ctx: Context, state: GoblinState, player: PlayerId) -> None:
        """The player ends B3: the battles it brought about are fought, in the order they were recorded;
        then B4 (rampage, mines), B5 (the discard) and the end of the player turn."""
        ctx.say(f"{state.name_of(player)} ends the turn.")
        state.ask = None
        for caravan in state.caravans:
            caravan.spared = []
        self._next_battle(ctx, state)

    # -- combat (L83-147) ----------------------------------------------------------------------------------
    def _next_battle(self, ctx: Context, state: GoblinState) -> None:
        """The first recorded battle still to be fought: both players are asked for a strategy at once, in
        secret (L94-99), unless one side has a shaman: the other is asked first and its strategy shown
        before the shaman's side chooses (L102). A battle whose army has gone or moved away, or with no
        enemy left, is dropped. With none left, the player turn goes on to B4."""
        while state.battles:
            battle = state.battles[0]
            found = sides(state, battle)
            if found is None:
                state.battles.pop(0)
                ctx.say(f"The battle in {where(battle.territory)} is not fought: the armies are no longer "
                        "face to face.")
                continue
            attacker, defender = found
            if battle.surprise and fortress_used(state, battle, defender) is not None:
                ctx.say(f"Battle in {where(battle.territory)}: {self._side_name(state, attacker)} bursts out of "
                        f"the caves on {self._side_name(state, defender)}'s fortress.", kind="phase")
                state.battles.pop(0)
                self._fight(ctx, state, battle, attacker, defender)
                return
            ctx.say(f"Battle in {where(battle.territory)}: {self._side_name(state, attacker)} attacks "
                    f"{self._side_name(state, defender)}. Each side chooses its strategy in secret.", kind="phase")
            players = [p for p in found if p is not None]
            late = self.late_chooser(state, battle)
            if late is not None:
                ctx.say(f"{state.name_of(late)} has a shaman and chooses after the other side's strategy is "
                        "shown (L102).")
                if None in found:
                    battle.rebels = REBEL_STRATEGY[ctx.dice.d3("the rebels' strategy").result]
                    ctx.say(f"The rebels will {battle.rebels.title()}.")
                players = [p for p in players if p != late] or [late]
            state.ask = Ask(kind=AskKind.STRATEGY, players=players)
            return
        state.ask = None
        state.moved, state.attacked, state.levied = [], [], []
        self._b4(ctx, state)

    @staticmethod
    def late_chooser(state: GoblinState, battle: Battle) -> PlayerId | None:
        """The player who chooses his strategy after the other side's is shown: his side alone has a
        shaman (L102; both with one, neither). Rebels with a shaman roll their die all the same."""
        found = sides(state, battle)
        if found is None:
            return None
        with_shaman = [p for p in found if has_shaman(state, battle.territory, p)]
        if len(with_shaman) == 1 and with_shaman[0] is not None:
            return with_shaman[0]
        return None

    @staticmethod
    def _strategy_name(strategy: Strategy, role: str, castle: Fortress | None) -> str:
        """A strategy's name; a defender's careful one from his fortress is Careful Defence (L106)."""
        if castle is not None and role == "defender" and strategy is Strategy.CAREFUL:
            return "Careful Defence"
        return strategy.title()

    @staticmethod
    def _side_name(state: GoblinState, owner: PlayerId | None) -> str:
        return "the rebels" if owner is None else state.name_of(owner)

    def _choose_strategy(self, ctx: Context, state: GoblinState, player: PlayerId, action: ChooseStrategy) -> None:
        """L94-99: a side's proposed strategy, kept secret until the other's is in; then both are revealed
        and the battle fought, and it leaves the list. With a shaman on one side only, the other side's
        choice is shown at once, and the shaman's side is asked (L102)."""
        if action.strategy not in choices_for(state, player):
            raise RuleViolation("Only a lone chief, a leader with no troop, may flee (L100).")
        battle = state.battles[0]
        battle.chosen[player] = action.strategy
        ctx.say(f"{state.name_of(player)} has chosen a strategy.")
        ctx.say(f"You chose {action.strategy.title()}.", visible_to=[player])
        found = sides(state, battle)
        assert found is not None
        waiting = [p for p in found if p is not None and p not in battle.chosen]
        if waiting:
            if self.late_chooser(state, battle) in waiting:
                battle.shown.append(player)
                ctx.say(f"{state.name_of(player)}'s strategy is shown: {action.strategy.title()}.")
            state.ask = Ask(kind=AskKind.STRATEGY, players=waiting)
            return
        state.ask = None
        state.battles.pop(0)
        self._fight(ctx, state, battle, found[0], found[1])

    def _fight(self, ctx: Context, state: GoblinState, battle: Battle, attacker: PlayerId | None,
               defender: PlayerId | None) -> None:
        """One battle (L83-147): the strategies revealed (rebels roll a d3), the leadership checks and the
        d6 for a real strategy (L110-119), troll stupidity (L120-126), the table's damage (L127-134); then
        the owners spread it (`_ask_assign`) and the battle goes on from there (`_blows`)."""
        here = battle.territory
        owners = {"attacker": attacker, "defender": defender}
        castle = fortress_used(state, battle, defender)
        surprise = battle.surprise and castle is not None
        strategy: dict[str, Strategy] = {}
        for role, owner in owners.items():
            if surprise:  # L109 (reading c12): no choice, no leadership roll
                strategy[role] = Strategy.CLEVER if role == "attacker" else Strategy.CAREFUL
            elif owner is None:
                strategy[role] = battle.rebels or REBEL_STRATEGY[ctx.dice.d3("the rebels' strategy").result]
            else:
                strategy[role] = battle.chosen[owner]
        ctx.say("Strategies " + ("forced by the surprise" if surprise else "revealed") + ": " + ", ".join(
            f"{self._side_name(state, owners[r])} {self._strategy_name(strategy[r], r, castle)}" for r in owners)
            + "." + (f" {self._side_name(state, defender)} fights from a fortress of rating {castle.rating}."
                     if castle is not None else ""))
        if Strategy.FLEE in strategy.values():
            self._flee(ctx, state, battle, owners, strategy)
            return
        for role, owner in owners.items():  # 1.2: rebels' rolled strategy is their real one
            if owner is None or surprise:
                continue
            strategy[role] = self._leadership(ctx, state, owner, side(state, here, owner), strategy[role],
                                              role == "defender" and castle is not None, role, castle)
        fighting: dict[str, list[int]] = {}
        dull: dict[str, list[int]] = {}
        for role, owner in owners.items():  # 2.1
            every = chips_of(side(state, here, owner))
            fighting[role] = self._sober(ctx, state, owner, every, strategy[role])
            dull[role] = [c for c in every if c not in fighting[role]]
        table = RATIOS if castle is None else FORTRESS_RATIOS
        att_div, att_hacked, def_div, def_hacked = table[(strategy["attacker"], strategy["defender"])]
        dealt = power(fighting["attacker"]) // def_div
        losses = {"attacker": power(fighting["defender"]) // att_div, "defender": dealt}
        if castle is not None:  # L145-146: the fortress absorbs its rating, less one war machine's power
            losses["defender"] = max(0, dealt - absorbed(castle.rating, strategy["defender"] is Strategy.CHARGE,
                                                         fighting["attacker"]))
        ctx.say(f"Power {power(fighting['attacker'])} against {power(fighting['defender'])}: "
                f"{self._side_name(state, attacker)} {'take' if attacker is None else 'takes'} {losses['attacker']} "
                f"damage, {self._side_name(state, defender)} {losses['defender']}.")
        if castle is not None and dealt > power(fighting["defender"]) + castle.rating:  # L146; reading c9
            state.fortresses.remove(castle)
            ctx.say(f"The fortress in {where(here)} falls.")
        state.fight = Fight(territory=here, why=battle.why, owners=owners, fighting=fighting, stupid=dull,
                            losses=losses, hacked={"attacker": att_hacked, "defender": def_hacked},
                            castle=castle.rating if castle is not None and castle in state.fortresses else None)
        self._ask_assign(ctx, state)

    # -- the owners' choices after the blows (L40, L141-143) ---------------------------------------------------
    def assignments(self, fight: Fight, role: str) -> list[AssignDamage]:
        """The spreads of a side's damage the legal moves list (L141-143): as many units struck as can be,
        or as few, each with each struck unit that could survive its roll as the survivor. Any other
        spread is accepted when given (`AssignDamage.hits`)."""
        chips, damage = fight.fighting[role], fight.losses[role]
        spreads: list[dict[int, int]] = []
        for spread in (assign(chips, damage), concentrate(chips, placed(chips, damage))):
            if spread and spread not in spreads:
                spreads.append(spread)
        return [AssignDamage(hits=s, survivor=c) for s in spreads for c in (hopefuls(s) or [None])]

    def _ask_assign(self, ctx: Context, state: GoblinState) -> None:
        """L141: each player's side spreads its own damage, both asked at once; a side with no choice to
        make (no damage, or every unit taking all it can) and the rebels' are spread by the engine."""
        fight = state.fight
        assert fight is not None
        waiting = []
        for role, owner in fight.owners.items():
            if role in fight.dealt:
                continue
            chips, damage = fight.fighting[role], fight.losses[role]
            free = len(chips) > 1 and 0 < damage < power(chips)  # a spread of its own is possible
            if owner is not None and (free or len(self.assignments(fight, role)) > 1):
                waiting.append(owner)
                continue
            hit = assign(fight.fighting[role], fight.losses[role])
            fight.dealt[role], fight.saved[role] = hit, survivor(hit)
        if waiting:
            state.ask = Ask(kind=AskKind.ASSIGN, players=waiting)
            return
        state.ask = None
        self._blows(ctx, state)

    def _assign(self, ctx: Context, state: GoblinState, player: PlayerId, action: AssignDamage) -> None:
        """L141-143: the owner's spread of the damage his side takes, and the struck unit that rolls to
        survive; an empty spread is the engine's (what an absent player gets)."""
        fight = state.fight
        assert fight is not None
        role = next(r for r, o in fight.owners.items() if o == player)
        chips, damage = fight.fighting[role], fight.losses[role]
        if action.hits:
            problem = assignment_problem(chips, damage, action.hits, action.survivor)
            if problem:
                raise RuleViolation(problem)
            fight.dealt[role], fight.saved[role] = dict(action.hits), action.survivor
        else:
            hit = assign(chips, damage)
            fight.dealt[role], fight.saved[role] = hit, survivor(hit)
        ctx.say(f"{state.name_of(player)} spreads the damage: "
                + ", ".join(f"{chip(c).name} {d}" for c, d in sorted(fight.dealt[role].items())) + ".")
        waiting = [o for r, o in fight.owners.items() if o is not None and r not in fight.dealt]
        if waiting:
            state.ask = Ask(kind=AskKind.ASSIGN, players=waiting)
            return
        state.ask = None
        self._blows(ctx, state)

    def _blows(self, ctx: Context, state: GoblinState) -> None:
        """The damage dealt as the owners spread it (L141-149): units destroyed, the survivor's roll,
        surrender, destroyed leaders; then who is beaten (L150-152, house set b8), stupid trolls of a side
        wiped out (L126), shamans following the winner (L70), and the retreat (L40, L64)."""
        fight = state.fight
        assert fight is not None
        if fight.caravan is not None:
            self._caravan_blows(ctx, state)
            return
        here, owners = fight.territory, fight.owners
        other = {"attacker": owners["defender"], "defender": owners["attacker"]}
        for role, owner in owners.items():
            self._losses(ctx, state, here, owner, fight.fighting[role], fight.losses[role], fight.hacked[role],
                         other[role], fight.dealt[role], fight.saved[role])
        fight.dead = {role: [t for t in trolls(fight.fighting[role]) if t in state.tribe_cup] for role in owners}
        standing = {role: [c for c in chips_of(side(state, here, owner)) if c not in fight.stupid.get(role, [])]
                    for role, owner in owners.items()}
        lost = {role: power(fight.fighting[role]) - power([c for c in fight.fighting[role] if c in standing[role]])
                for role in owners}
        if all(standing.values()):
            beaten = loser(lost, bool(troops(standing["defender"])))
            fight.beaten = beaten
            winner = other[beaten]
            for holder in side(state, here, owners[beaten]):  # L70: a leader forced to retreat loses his shaman
                for shaman in shamans(holder.units) if holder.leader is not None else []:
                    self._shaman_to(ctx, state, shaman, here, winner)
            self._begin_retreat(ctx, state, caves=fight.castle is not None and beaten == "defender")
            return
        if standing["attacker"] or standing["defender"]:
            fight.beaten = "defender" if standing["attacker"] else "attacker"
            winner = other[fight.beaten]
            self._stupid_to_victor(ctx, state, here, side(state, here, owners[fight.beaten]), winner)
            if winner is None and is_orcland(here):
                state.control.pop(here, None)  # L36: the rebels stay, the land turns neutral
                ctx.say(f"{where(here)} turns neutral.")
        self._after_retreat(ctx, state)

    def _stupid_to_victor(self, ctx: Context, state: GoblinState, here: int, left: list[Army],
                          winner: PlayerId | None) -> None:
        """L126: the stupid trolls of an army wiped out may join the victorious army, whose leader checks
        authority (a control check, the levy's modifiers, reading c7); else they wander to the tribe cup.
        A victor with no leader (rebels, units left behind) cannot take them."""
        dull = [c for a in left for c in a.units]
        if not dull:
            return
        for holder in left:
            state.armies.remove(holder)
            state.gold_cup += [GOLD] * holder.gold
            state.battles = [b for b in state.battles if b.army != holder.id]
        camp = [a for a in sorted(side(state, here, winner), key=lambda a: a.id) if a.leader is not None]
        if camp:
            taker = camp[0].leader
            assert taker is not None
            bonus = levy_bonus(taker, camp[0].units, dull)
            won, _ = authority_check(ctx.dice, taker, bonus, f"authority, to take the stupid trolls (+{bonus})",
                                     winner)
            if won:
                camp[0].units = sorted([*camp[0].units, *dull])
                ctx.say(f"The stupid {unit_list(dull)} of a beaten army join {self._side_name(state, winner)}.")
                return
        state.tribe_cup += dull
        ctx.say(f"The stupid {unit_list(dull)} of a beaten army wander back to the tribe cup.")

    def _shaman_to(self, ctx: Context, state: GoblinState, shaman: int, here: int, winner: PlayerId | None) -> None:
        """L70, L72, L101: a shaman whose leader retreats, is captured or killed goes over to the winner, "I
        follow the one true leader!" — to the winner's first army there with a leader and no shaman (rebels:
        their army there); with none such (no army may have two shamans) he is lost to the tribe cup."""
        holder = next(a for a in state.armies if shaman in a.units)
        holder.units.remove(shaman)
        camp = [a for a in sorted(side(state, here, winner), key=lambda a: a.id)
                if (a.leader is not None or winner is None) and not shamans(a.units) and a is not holder]
        if camp:
            camp[0].units = sorted([*camp[0].units, shaman])
            ctx.say(f"\"I follow the one true leader!\" The shaman goes over to {self._side_name(state, winner)}.")
        else:
            state.tribe_cup.append(shaman)
            ctx.say("The shaman finds no true leader to follow and wanders off.")

    def _flee(self, ctx: Context, state: GoblinState, battle: Battle, owners: dict[str, PlayerId | None],
              strategy: dict[str, Strategy]) -> None:
        """L100-101 (reading a38): a lone chief who flees is 'destroyed' without a fight: his servivility
        check lets him escape, and he retreats (L148-149); else he is captured by the other player, or
        killed by rebels. His shaman joins the winner whatever becomes of him (L101). No blow is struck."""
        here = battle.territory
        state.fight = Fight(territory=here, why=battle.why, owners=owners, losses={"attacker": 0, "defender": 0},
                            fighting={"attacker": [], "defender": []})
        fled = [role for role in owners if strategy[role] is Strategy.FLEE]
        for role in fled:
            owner = owners[role]
            other = owners["defender" if role == "attacker" else "attacker"]
            (holder,) = side(state, here, owner)
            ctx.say(f"{self._side_name(state, owner)}'s lone chief flees.")
            winner = None if len(fled) == 2 else other
            for shaman in shamans(holder.units):
                if len(fled) == 2:
                    holder.units.remove(shaman)
                    state.tribe_cup.append(shaman)
                else:
                    self._shaman_to(ctx, state, shaman, here, winner)
            self._leader_falls(ctx, state, holder, False, winner)
        if len(fled) == 1 and side(state, here, owners[fled[0]]):
            state.fight.beaten = fled[0]
            self._begin_retreat(ctx, state, caves=False)
            return
        self._after_retreat(ctx, state)

    def _begin_retreat(self, ctx: Context, state: GoblinState, *, caves: bool) -> None:
        """3.2 (L40, L64, L150-152): the beaten side's armies retreat together to an adjacent free territory
        of its owner's choice (asked when there are several), or are destroyed, their leaders killed, if
        there is none; rebels forced to retreat are destroyed (L36); out of a fortress they go to the caves:
        a d20, no reroll, destroyed on coming out at hostile troops (L64)."""
        fight = state.fight
        assert fight is not None and fight.beaten is not None
        here, owner = fight.territory, fight.owners[fight.beaten]
        armies = side(state, here, owner) if fight.army is None else [a for a in state.armies if a.id == fight.army]
        name = self._side_name(state, owner)
        if owner is None:
            for gone in armies:
                self._destroy(state, gone)
            ctx.say("The rebels are beaten and destroyed (L36).")
        elif caves:
            rolled = ctx.dice.d20("retreat into the caves: no reroll", owner).result
            if rolled not in (UNDERGROUND_LOST, UNDERGROUND_DESTROYED) and hostile_troops(state, owner, rolled):
                rolled = UNDERGROUND_DESTROYED
            ctx.say(f"{name} retreats from the fortress into the caves.")
            for moving in armies:
                self._surface(ctx, state, moving, rolled)
        else:
            options = retreats(state, owner, here)
            if not options:
                for gone in armies:
                    self._destroy(state, gone)
                ctx.say(f"{name} has nowhere to retreat: the army is destroyed, its leader killed.")
            else:
                fight.retreat = [a.id for a in armies]
                if len(options) > 1:
                    state.ask = Ask(kind=AskKind.RETREAT, players=[owner])
                    return
                self._retreat_to(ctx, state, options[0])
                return
        self._after_retreat(ctx, state)

    def retreat_options(self, state: GoblinState) -> list[RetreatTo]:
        fight = state.fight
        if fight is None or fight.beaten is None:
            return []
        owner = fight.owners[fight.beaten]
        return [RetreatTo(), *(RetreatTo(to=n) for n in retreats(state, owner, fight.territory))]

    def _answer_retreat(self, ctx: Context, state: GoblinState, player: PlayerId, action: RetreatTo) -> None:
        fight = state.fight
        assert fight is not None and fight.beaten is not None
        options = retreats(state, player, fight.territory)
        if action.to is not None and action.to not in options:
            raise RuleViolation("Retreat to a territory next to the battle with no enemy in it (L40).")
        state.ask = None
        self._retreat_to(ctx, state, action.to if action.to is not None else retreat_to(state, player, fight.territory))

    def _retreat_to(self, ctx: Context, state: GoblinState, to: int | None) -> None:
        """The beaten side's armies go to `to` together; a leader who had not moved this turn may then move
        one more area (L40), asked next; for the others the retreat is their move."""
        fight = state.fight
        assert fight is not None and fight.beaten is not None and to is not None
        owner = fight.owners[fight.beaten]
        moving = [a for a in state.armies if a.id in fight.retreat]
        fight.movers = [a.id for a in moving if a.leader is not None and a.leader not in state.moved]
        for each in moving:
            each.territory = to
            state.retreated.append(each.id)
            if each.leader is not None and each.leader not in state.moved:
                state.moved.append(each.leader)
            self._hand_in_gold(ctx, state, each)
        ctx.say(f"{self._side_name(state, owner)} retreats to {where(to)}.")
        self._after_retreat(ctx, state)

    def _after_retreat(self, ctx: Context, state: GoblinState) -> None:
        """3.3 troll regeneration (L153-155), then the extra moves (L40), then the battle is over."""
        fight = state.fight
        assert fight is not None
        self._regenerate(ctx, state, fight.territory, fight.owners, fight.dead, fight.beaten,
                         caravan=fight.caravan is not None)
        self._extra_moves(ctx, state)

    def extra_moves(self, state: GoblinState) -> list[ExtraMove]:
        """Where the retreating leader asked may go (L40): one area on, into enemies only if he has not
        attacked this turn (a battle then, fought after this one); or he stays."""
        fight = state.fight
        if fight is None or not fight.movers:
            return []
        moving = army(state, fight.movers[0])
        if moving is None or moving.leader is None:
            return [ExtraMove()]
        owner = moving.owner
        return [ExtraMove(), *(ExtraMove(to=n) for n in sorted(ADJACENT[moving.territory])
                               if not (hostile_armies(state, owner, n) and moving.leader in state.attacked))]

    def _extra_moves(self, ctx: Context, state: GoblinState) -> None:
        fight = state.fight
        assert fight is not None
        while fight.movers:
            moving = army(state, fight.movers[0])
            if moving is not None and moving.leader is not None and not moving.lost and moving.owner is not None:
                state.ask = Ask(kind=AskKind.EXTRA, players=[moving.owner], army=moving.id)
                return
            fight.movers.pop(0)
        self._close_fight(ctx, state)

    def _extra_move(self, ctx: Context, state: GoblinState, player: PlayerId, action: ExtraMove) -> None:
        fight = state.fight
        assert fight is not None and fight.movers
        if action not in self.extra_moves(state):
            raise RuleViolation("A retreating leader moves one area on, not into enemies once he has attacked "
                                "this turn (L27, L40); or he stays.")
        moving = army(state, fight.movers.pop(0))
        assert moving is not None
        state.ask = None
        if action.to is None:
            ctx.say(f"{state.name_of(player)}'s leader stays in {where(moving.territory)}.")
        else:
            self._arrive(ctx, state, player, moving, action.to, "moves on, after the retreat, to")
        self._extra_moves(ctx, state)

    def _close_fight(self, ctx: Context, state: GoblinState) -> None:
        """The battle is over: control and leaderless units settled; the next battle, or back to B3 after
        a caravan fight."""
        fight = state.fight
        assert fight is not None
        state.fight = None
        state.ask = None
        self._settle(ctx, state)
        if fight.caravan is not None:
            player = fight.owners["attacker"]
            assert player is not None
            state.ask = Ask(kind=AskKind.MARCH, players=[player])
            return
        self._next_battle(ctx, state)

    def _regenerate(self, ctx: Context, state: GoblinState, here: int, owners: dict[str, PlayerId | None],
                    dead: dict[str, list[int]], beaten: str | None, *, caravan: bool = False) -> None:
        """3.3 (L153-155): each destroyed troll regenerates on a d6 of 5-6. The winner's rejoin his army;
        the loser's go to the winner if his leader passes an authority check (a control check, the levy's
        modifiers, reading c7), else to the tribe cup. With no army left there, they go to the tribe cup,
        unless this is their native land (Troll Fen), where they stay, neutral. A caravan takes none."""
        for role, owner in owners.items():
            back = [t for t in dead.get(role, []) if ctx.dice.d6("troll regeneration", owner).result >= REGENERATES]
            if not back:
                continue
            for troll in back:
                state.tribe_cup.remove(troll)
            ctx.say(f"{counted(len(back), 'troll')} of {self._side_name(state, owner)} "
                    f"{'regenerates' if len(back) == 1 else 'regenerate'}.")
            winner = None if beaten is None else owners["attacker" if beaten == "defender" else "defender"]
            camp = sorted(side(state, here, winner), key=lambda a: (a.leader is None, a.id)) if beaten else []
            if caravan and winner is None:
                camp = []
            if camp and role != beaten:
                camp[0].units = sorted([*camp[0].units, *back])
                ctx.say("They rejoin their army.")
                continue
            if camp and camp[0].leader is not None:
                taker = camp[0].leader
                bonus = levy_bonus(taker, camp[0].units, back)
                won, _ = authority_check(ctx.dice, taker, bonus, f"authority, to take the trolls (+{bonus})", winner)
                if won:
                    camp[0].units = sorted([*camp[0].units, *back])
                    ctx.say(f"They go over to {self._side_name(state, winner)}.")
                    continue
            if not camp and territory(here).home is Tribe.TROLL:
                state.armies.append(Army(id=state.new_id(), owner=None, territory=here, units=sorted(back)))
                ctx.say(f"They stay in their native {where(here)}, neutral.")
                continue
            state.tribe_cup += back
            ctx.say("They wander back to the tribe cup.")

    def _leadership(self, ctx: Context, state: GoblinState, owner: PlayerId, armies: list[Army], chosen: Strategy,
                    fort: bool, role: str, castle: Fortress | None) -> Strategy:
        """1.2 (L110-119): the side's best leader checks authority with the control modifiers (reading c7);
        on a failure, or with no leader, a d6 and its modifiers give the real strategy."""
        chips = chips_of(armies)
        heads = leaders(armies)
        obeyed = False
        if heads:
            leader = max(heads, key=lambda c: (chip(c).authority, -c))
            bonus = leadership_bonus(leader, chips, fort)
            obeyed, _ = authority_check(ctx.dice, leader, bonus, f"leadership (+{bonus})", owner)
        if obeyed:
            ctx.say(f"{state.name_of(owner)}'s troops do as they are told.")
            return chosen
        bonus = roll_bonus(chips, fort)
        real = rolled_strategy(ctx.dice.d6(f"real strategy ({bonus:+d})", owner).result + bonus)
        ctx.say(f"{state.name_of(owner)}'s troops do as they will: {self._strategy_name(real, role, castle)}.")
        return real

    def _sober(self, ctx: Context, state: GoblinState, owner: PlayerId | None, chips: list[int],
               strategy: Strategy) -> list[int]:
        """2.1 (L120-126): each troll rolls for stupidity; the side's chips that fight."""
        dull = [t for t in trolls(chips) if stupid(strategy, ctx.dice.d6("troll stupidity", owner).result)]
        if dull:
            ctx.say(f"{counted(len(dull), 'troll')} of {self._side_name(state, owner)} stand about, stupid.")
        return [c for c in chips if c not in dull]

    # -- caravans (L38, L76-82, L103) ------------------------------------------------------------------------
    def caravan_problem(self, state: GoblinState, player: PlayerId, action: AttackCaravan) -> str | None:
        moving = army(state, action.army)
        caravan = next((c for c in state.caravans if c.id == action.caravan), None)
        if moving is None or moving.owner != player or moving.leader is None or moving.lost:
            return "That is not one of your leaders' armies."
        if caravan is None or caravan.territory != moving.territory:
            return "An army attacks only a caravan in its own territory (L38)."
        if moving.id in caravan.spared:
            return "That caravan fled from this army: it cannot be attacked by it again this turn (L82)."
        if any(b.army == moving.id for b in state.battles):
            return "That army fights its battle first: caravans are attacked after it (L38)."
        if moving.id in state.retreated:
            return "An army that has retreated this turn may not attack caravans (L40)."
        return None

    def _attack_caravan(self, ctx: Context, state: GoblinState, player: PlayerId, action: AttackCaravan) -> None:
        """L38, L76-82, L103: the caravan's power rolled at its first attack and its treasury drawn; the
        attacker's strategy revealed, the caravan's rolled (d3); the attacker's leadership and trolls; the
        basic table; the caravan's power destroyed is its gold. Beaten (it lost more power than the army,
        reading b8), it gives the winner as many gold chips, steps on and is spared by that army this turn;
        destroyed, it gives all. If it wins, its destroyed chips are lost."""
        problem = self.caravan_problem(state, player, action)
        if problem:
            raise RuleViolation(problem)
        moving = army(state, action.army)
        caravan = next(c for c in state.caravans if c.id == action.caravan)
        assert moving is not None
        here = moving.territory
        if caravan.power is None:
            self._caravan_power(ctx, state, caravan)
        assert caravan.power is not None
        if caravan.power == 0:
            state.caravans.remove(caravan)
            state.gold_cup.append(caravan.kind.value)
            ctx.say(f"The {caravan.kind.title} caravan is an empty rumour: nothing there (house set b2).")
            state.ask = Ask(kind=AskKind.MARCH, players=[player])
            return
        ctx.say(f"{state.name_of(player)}'s army attacks the {caravan.kind.title} caravan (power {caravan.power}) in "
                f"{where(here)} with {action.strategy.title()}.")
        theirs = REBEL_STRATEGY[ctx.dice.d3("the caravan's strategy").result]
        ctx.say(f"The caravan answers with {theirs.title()}.")
        ours = self._leadership(ctx, state, player, [moving], action.strategy, False, "attacker", None)
        every = chips_of([moving])
        fighting = self._sober(ctx, state, player, every, ours)
        att_div, att_hacked, def_div, _ = RATIOS[(ours, theirs)]
        ours_lost = caravan.power // att_div
        theirs_lost = min(caravan.power, power(fighting) // def_div)
        ctx.say(f"Power {power(fighting)} against {caravan.power}: {state.name_of(player)} takes {ours_lost} damage, "
                f"the caravan {theirs_lost}.")
        state.fight = Fight(territory=here, why="caravan", owners={"attacker": player, "defender": None},
                            fighting={"attacker": fighting, "defender": []},
                            stupid={"attacker": [c for c in every if c not in fighting]},
                            losses={"attacker": ours_lost, "defender": 0},
                            hacked={"attacker": att_hacked, "defender": False}, caravan=caravan.id, army=moving.id,
                            caravan_lost=theirs_lost)
        self._ask_assign(ctx, state)

    def _caravan_blows(self, ctx: Context, state: GoblinState) -> None:
        """L82: the army's losses as its owner spread them; the caravan's destroyed power is its gold. Beaten
        (it lost more power than the army, reading b8), it gives the winner as many gold chips, steps on and
        is spared by that army this turn; destroyed, it gives all. If it holds, its destroyed chips are lost
        and the army, beaten, retreats (L40, L82)."""
        fight = state.fight
        assert fight is not None and fight.army is not None
        player = fight.owners["attacker"]
        assert player is not None
        caravan = next(c for c in state.caravans if c.id == fight.caravan)
        assert caravan.power is not None
        fighting, here = fight.fighting["attacker"], fight.territory
        before = power(fighting)
        self._losses(ctx, state, here, player, fighting, fight.losses["attacker"], fight.hacked["attacker"], None,
                     fight.dealt["attacker"], fight.saved["attacker"], caravan=True)
        fight.dead = {"attacker": [t for t in trolls(fighting) if t in state.tribe_cup], "defender": []}
        survivor_army = army(state, fight.army)
        left = power([c for c in fighting if survivor_army is not None and c in chips_of([survivor_army])])
        theirs_lost = fight.caravan_lost
        chips = min(theirs_lost, caravan.treasury)
        caravan.power -= theirs_lost
        caravan.treasury -= chips
        if survivor_army is not None and any(c not in fight.stupid["attacker"] for c in chips_of([survivor_army])) \
                and (caravan.power == 0 or theirs_lost > before - left):
            fight.beaten = "defender"
            survivor_army.gold += chips
            ctx.say(f"{state.name_of(player)}'s army takes {counted(chips, 'gold chip')} from the caravan.")
            if caravan.power == 0:
                state.caravans.remove(caravan)
                state.gold_cup += [caravan.kind.value, *[GOLD] * caravan.treasury]
                ctx.say(f"The {caravan.kind.title} caravan is no more.")
            else:
                caravan.spared.append(survivor_army.id)
                arrived = step_caravan(state, caravan)
                ctx.say(f"The beaten caravan flees on to {where(caravan.territory)}"
                        + (" and leaves the map." if arrived else "."))
            self._cap_gold(ctx, state, survivor_army)
            self._hand_in_gold(ctx, state, survivor_army)
            self._after_retreat(ctx, state)
            return
        fight.beaten = "attacker"
        state.gold_cup += [GOLD] * chips
        ctx.say(f"The caravan holds; {counted(chips, 'gold chip')} of its treasury "
                f"{'is' if chips == 1 else 'are'} lost.")
        if survivor_army is not None and not any(c not in fight.stupid["attacker"] for c in chips_of([survivor_army])):
            self._stupid_to_victor(ctx, state, here, [survivor_army], None)  # L126: no army to join, the cup
            self._after_retreat(ctx, state)
            return
        if survivor_army is not None:
            self._begin_retreat(ctx, state, caves=False)  # L82, L40: the beaten army retreats
            return
        self._after_retreat(ctx, state)

    def _caravan_power(self, ctx: Context, state: GoblinState, caravan: Caravan) -> None:
        """L76-81 (reading a52): d6 for the power, a 6 meaning d6 - 1; as many chips from the gold cup for
        its treasury, a caravan chip drawn being a new rumour put on its road and another chip drawn."""
        face = ctx.dice.d6(f"{caravan.kind.title} caravan's power").result
        caravan.power = CARAVAN_POWER.get(face) or ctx.dice.d6("caravan's power: d6 - 1").result - 1
        while caravan.treasury < caravan.power and (drawn := draw_gold_chip(ctx.dice, state.gold_cup,
                                                                             "caravan treasury")) is not None:
            if is_caravan_chip(drawn):
                rumour = place_caravan(state, CaravanKind(drawn))
                ctx.say(f"A rumour: {rumour.kind.an} caravan sets out from {where(rumour.territory)}.")
            else:
                caravan.treasury += 1
        ctx.say(f"The {caravan.kind.title} caravan has power {caravan.power}.")

    def caravan_attacks(self, state: GoblinState, player: PlayerId) -> list[AttackCaravan]:
        return [a for led in led_armies(state, player) for c in state.caravans if c.territory == led.territory
                for a in (AttackCaravan(army=led.id, caravan=c.id, strategy=s) for s in FIGHTING)
                if self.caravan_problem(state, player, a) is None]

    def _losses(self, ctx: Context, state: GoblinState, here: int, owner: PlayerId | None, chips: list[int],
                damage: int, hacked: bool, winner: PlayerId | None, hit: dict[int, int], saved: int | None, *,
                caravan: bool = False) -> None:
        """2.2 (L141-149): the damage as its owner spread it (`hit`), every struck unit destroyed but the one
        he named, which survives if a d6 plus its damage stays under its power; damage over the side's power:
        its struck troops surrender on a d6 of 1-2 (one roll, reading c9) and go to the winner's hand (house
        set b9); a destroyed leader checks servivility (half, rounded down, when hacked to pieces) — he
        escapes, or is captured by a winning player (killed, when hacked, or by rebels or a caravan)."""
        hit = {c: d for c, d in hit.items() if d}
        if not hit:
            return
        if saved is not None and saved in hit:
            rolled = ctx.dice.d6(f"survivor: {chip(saved).name}, {hit[saved]} damage", owner).result
            if rolled + hit[saved] < chip(saved).power:
                del hit[saved]
                ctx.say(f"{chip(saved).name} of {self._side_name(state, owner)} survives.")
        surrender = False
        if damage > power(chips) and winner is not None:
            surrender = ctx.dice.d6("surrender", owner).result <= SURRENDER_MAX
        for unit in sorted(hit):
            holder = next((a for a in state.armies if a.leader == unit or unit in a.units), None)
            if holder is None:  # a shaman gone over with his fallen leader
                continue
            if holder.leader == unit:
                self._leader_falls(ctx, state, holder, hacked, winner, caravan=caravan)
                continue
            holder.units.remove(unit)
            if surrender and chip(unit).is_troop:
                assert winner is not None
                state.warlord(winner).units.append(unit)
            else:
                state.tribe_cup.append(unit)
        lost = [u for u in hit if u in state.tribe_cup or (winner is not None and u in state.warlord(winner).units)]
        gone = [u for u in lost if not chip(u).is_leader]
        if gone:
            ctx.say(f"{self._side_name(state, owner)} loses {unit_list(gone)}"
                    + (f"; the troops surrender to {state.name_of(winner)}." if surrender and winner else "."))
        for empty in [a for a in state.armies if a.leader is None and not a.units]:
            state.armies.remove(empty)
            state.gold_cup += [GOLD] * empty.gold
            state.battles = [b for b in state.battles if b.army != empty.id]

    def _leader_falls(self, ctx: Context, state: GoblinState, holder: Army, hacked: bool,
                      winner: PlayerId | None, *, caravan: bool = False) -> None:
        """A 'destroyed' leader (L73-75, L144, L148-149; reading a49): servivility, +1 with a shaman, half of
        it rounded down when hacked to pieces; an 8 fails (reading b5). Success: he escapes and stays with
        what is left of his army (and retreats with it if his side is beaten). Failure: hacked, he dies and
        his shaman with him (L75); else a winning player captures him (into the hand's captives), rebels or
        a caravan kill him (L74), and his shaman goes over to the winner (L70; a caravan's victim's is lost)."""
        leader = holder.leader
        assert leader is not None
        base = chip(leader).servivility + (SHAMAN_SERVIVILITY if shamans(holder.units) else 0)
        target = base // 2 if hacked else base
        face = ctx.dice.d8(f"servivility{' (hacked to pieces: half)' if hacked else ''}", holder.owner).result
        name = chip(leader).name
        if face != ALWAYS_FAILS and face <= target:
            ctx.say(f"{name} escapes the slaughter.")
            return
        holder.leader = None
        if hacked or winner is None:
            state.tribe_cup.append(leader)
            ctx.say(f"{name} is {'hacked to pieces' if hacked else 'killed'}.")
        else:
            state.warlord(winner).captives.append(leader)
            ctx.say(f"{name} is captured by {state.name_of(winner)}.")
        for shaman in shamans(holder.units):
            if hacked or caravan:
                holder.units.remove(shaman)
                state.tribe_cup.append(shaman)
                ctx.say("His shaman dies with him.")
            else:
                self._shaman_to(ctx, state, shaman, holder.territory, winner)
        if not holder.units:
            state.armies.remove(holder)
            state.gold_cup += [GOLD] * holder.gold
            state.battles = [b for b in state.battles if b.army != holder.id]

    # -- B4: rampage and mines (L42-44, L65) ------------------------------------------------------------------
    def rampages(self, state: GoblinState, player: PlayerId) -> list[Rampage]:
        """The player's leaders, alone or with armies, in the outlands that have not rampaged this B4."""
        return [Rampage(army=a.id) for a in led_armies(state, player)
                if not is_orcland(a.territory) and a.id not in state.rampaged]

    @staticmethod
    def producing(state: GoblinState, player: PlayerId) -> list[int]:
        """The mines that produce for the player this B4: one of his troops there since his turn began (L44)."""
        return sorted({a.territory for a in state.armies if a.owner == player and not a.lost
                       and a.territory in state.mines and set(a.units) & set(state.miners)})

    def _b4(self, ctx: Context, state: GoblinState) -> None:
        """B4: asked while there is an army to rampage or a mine to keep or destroy; else the mines produce."""
        player = state.order[state.active]
        if self.rampages(state, player) or self.producing(state, player):
            state.ask = Ask(kind=AskKind.RAMPAGE, players=[player])
            return
        self._mine(ctx, state)

    def _rampage(self, ctx: Context, state: GoblinState, player: PlayerId, action: Rampage) -> None:
        """L43 (reading a31, c10): the leader's authority check (no modifiers) gains him a gold chip; an
        army gains one more, but the leader checks again, or a random unit runs back to the hand with it."""
        if action not in self.rampages(state, player):
            raise RuleViolation("Only your leaders and armies in the outlands may rampage, once each.")
        moving = self._own_army(state, player, action.army)
        assert moving.leader is not None
        state.rampaged.append(moving.id)
        name = chip(moving.leader).name
        ok, roll = authority_check(ctx.dice, moving.leader, 0, "rampage", player)
        if ok:
            got = self._rampage_gold(ctx, state, player)
            moving.gold += got
            ctx.say(f"{state.name_of(player)}'s {name} rampages {where(moving.territory)}: authority d8 {roll.result}, "
                    f"{'a gold chip' if got else 'but the gold cup is empty'}.")
            self._cap_gold(ctx, state, moving)  # L49: a leader alone carries one chip
        else:
            ctx.say(f"{state.name_of(player)}'s {name} rampages {where(moving.territory)}: authority d8 {roll.result}, "
                    "nothing.")
        if not moving.units:
            return
        got = self._rampage_gold(ctx, state, player)
        ok, roll = authority_check(ctx.dice, moving.leader, 0, "rampage loot", player)
        if ok:
            moving.gold += got
            ctx.say(f"The army loots {counted(got, 'gold chip')}; {name} keeps it in hand (d8 {roll.result}).")
            return
        runner = ctx.dice.pick(sorted(moving.units), "runs off with the loot", player)
        moving.units.remove(runner)
        warlord = state.warlord(player)
        warlord.units.append(runner)
        warlord.gold += got
        ctx.say(f"The army loots {counted(got, 'gold chip')}, but {name} fails (d8 {roll.result}): "
                f"{chip(runner).name} runs back to {state.name_of(player)}'s hand with it.")

    def _rampage_gold(self, ctx: Context, state: GoblinState, player: PlayerId) -> int:
        """One gold chip from the cup (L52): a caravan chip drawn goes to the hand and another is drawn."""
        while (drawn := draw_gold_chip(ctx.dice, state.gold_cup, "rampage gold", player)) is not None:
            if not is_caravan_chip(drawn):
                return 1
            state.warlord(player).caravans.append(CaravanKind(drawn))
            ctx.say(f"{state.name_of(player)} finds a caravan's rumour.")
        return 0

    def _destroy_mine(self, ctx: Context, state: GoblinState, player: PlayerId, action: DestroyMine) -> None:
        """L65: instead of producing gold, the troop may destroy the mine."""
        if action.territory not in self.producing(state, player):
            raise RuleViolation("Only a mine your troops have held all turn can be destroyed.")
        state.mines.remove(action.territory)
        ctx.say(f"{state.name_of(player)}'s troops wreck the mine in {where(action.territory)}.")
        if not (self.rampages(state, player) or self.producing(state, player)):
            state.ask = None
            self._mine(ctx, state)

    def _mine(self, ctx: Context, state: GoblinState) -> None:
        """L44, L52, L65: each producing mine gives one chip from the gold cup to the hand; a caravan chip
        stays in the hand, not replaced. Then B5."""
        player = state.order[state.active]
        warlord = state.warlord(player)
        for number in self.producing(state, player):
            drawn = draw_gold_chip(ctx.dice, state.gold_cup, "mine", player)
            if drawn is None:
                continue
            if is_caravan_chip(drawn):
                warlord.caravans.append(CaravanKind(drawn))
            else:
                warlord.gold += 1
            ctx.say(f"The mine in {where(number)} yields {state.name_of(player)} a chip.")
        state.miners = []
        self._end_player_turn(ctx, state)

    def _end_player_turn(self, ctx: Context, state: GoblinState) -> None:
        """B5 (L46): a hand of more than ten units is discarded down to ten, the player choosing which
        (a secret question: the hand is); then the next player's turn."""
        player = state.order[state.active]
        if len(state.warlord(player).units) > HAND_LIMIT:
            state.ask = Ask(kind=AskKind.DISCARD, players=[player])
            return
        self._next_player(ctx, state)

    def discards(self, state: GoblinState, player: PlayerId) -> list[Discard]:
        """B5's choices: every different set of chips that brings the hand down to ten (alike chips
        are one choice)."""
        extra = len(state.warlord(player).units) - HAND_LIMIT
        return [Discard(units=list(units)) for units in trades(state.warlord(player).units, extra)]

    def _discard(self, ctx: Context, state: GoblinState, player: PlayerId, action: Discard) -> None:
        """B5 (L46): exactly the units over ten, from the hand, back to the tribe cup (reading a2)."""
        warlord = state.warlord(player)
        extra = len(warlord.units) - HAND_LIMIT
        if len(set(action.units)) != len(action.units):
            raise RuleViolation("Name each unit you discard only once.")
        if any(c not in warlord.units for c in action.units):
            raise RuleViolation("You can only discard units that are in your hand.")
        if len(action.units) != extra:
            raise RuleViolation(f"Discard exactly {counted(extra, 'unit')}, down to {HAND_LIMIT}.")
        state.ask = None
        for unit in action.units:
            warlord.units.remove(unit)
            state.tribe_cup.append(unit)
        ctx.say(f"{state.name_of(player)} discards {counted(extra, 'unit')} down to {HAND_LIMIT}.")
        ctx.say(f"You discard {unit_list(action.units)}.", visible_to=[player])
        self._next_player(ctx, state)

    def _next_player(self, ctx: Context, state: GoblinState) -> None:
        """The next player's turn, or, after the last, C (trading) and the end of the game turn."""
        state.active += 1
        if state.active < len(state.order):
            self._begin_player_turn(ctx, state)
        else:
            self._begin_trading(ctx, state)

    # -- C: trading (L47-48, L74) ---------------------------------------------------------------------------
    @staticmethod
    def partners(state: GoblinState, player: PlayerId) -> list[PlayerId]:
        """The players with a leader in a territory next to (or in) one where the player has a leader (L48)."""
        def spots(p: PlayerId) -> set[int]:
            return {a.territory for a in state.armies if a.owner == p and a.leader is not None and not a.lost}
        mine = spots(player)
        near = mine | {n for t in mine for n in ADJACENT[t]}
        return [p for p in state.players if p != player and spots(p) & near]

    def _begin_trading(self, ctx: Context, state: GoblinState) -> None:
        """C: the players with a partner trade, one at a time in the order of play."""
        state.phase = Phase.TRADE
        state.traders = [p for p in state.order if self.partners(state, p)]
        if state.traders:
            ctx.say("Trading phase.", kind="phase")
        self._next_trader(ctx, state)

    def _next_trader(self, ctx: Context, state: GoblinState) -> None:
        """The next trader's question; after the last, captives not traded are executed (L74), then the
        victory check."""
        if state.traders:
            state.ask = Ask(kind=AskKind.TRADE, players=[state.traders[0]])
            return
        state.ask = None
        for warlord in state.warlords:
            for leader in warlord.captives:
                state.tribe_cup.append(leader)
                ctx.say(f"{state.name_of(warlord.player)} executes the captive {chip(leader).name}.")
            warlord.captives = []
        self._end_game_turn(ctx, state)

    @staticmethod
    def _has(warlord: Warlord, units: Sequence[int], gold: int) -> bool:
        held = [*warlord.units, *warlord.captives]
        return (len(set(units)) == len(units) and all(u in held for u in units) and 0 <= gold <= warlord.gold)

    def offers(self, state: GoblinState, player: PlayerId) -> list[Any]:
        """C's choices, kept few: to each partner, one chip of the hand (alike chips one choice) or a gold
        chip as a gift, or a chip for a gold chip; any other offer is accepted when made."""
        warlord = state.warlord(player)
        found: list[Any] = []
        chips = sorted({group[0] for group in trades([*warlord.units, *warlord.captives], 1)})
        for partner in self.partners(state, player):
            found += [OfferTrade(partner=partner, give=[c]) for c in chips]
            found += [OfferTrade(partner=partner, give=[c], take_gold=1) for c in chips]
            if warlord.gold:
                found.append(OfferTrade(partner=partner, give_gold=1))
        return [*found, EndTrading()]

    def _offer(self, ctx: Context, state: GoblinState, player: PlayerId, action: OfferTrade) -> None:
        if action.partner not in self.partners(state, player):
            raise RuleViolation("You can trade only with a player who has a leader next to one of yours.")
        if not self._has(state.warlord(player), action.give, action.give_gold):
            raise RuleViolation("You can only offer units, captives and gold that are in your hand.")
        if len(set(action.take)) != len(action.take) or action.take_gold < 0:
            raise RuleViolation("Name each unit you ask for once, and a gold count of zero or more.")
        if not (action.give or action.give_gold or action.take or action.take_gold):
            raise RuleViolation("Offer or ask for something.")
        state.offer = action
        state.ask = Ask(kind=AskKind.OFFER, players=[action.partner])
        ctx.say(f"{state.name_of(player)} makes {state.name_of(action.partner)} an offer.")
        ctx.say(f"{state.name_of(player)} offers {unit_list(action.give) if action.give else 'no units'} and "
                f"{counted(action.give_gold, 'gold chip')} for {unit_list(action.take) if action.take else 'no units'} "
                f"and {counted(action.take_gold, 'gold chip')}.", visible_to=[player, action.partner])

    def _answer_offer(self, ctx: Context, state: GoblinState, player: PlayerId, action: AcceptTrade) -> None:
        offer = state.offer
        assert offer is not None
        trader = state.traders[0]
        if action.accept and not self._has(state.warlord(player), offer.take, offer.take_gold):
            raise RuleViolation("You do not have what the offer asks for.")
        if action.accept:
            self._hand_over(state, trader, player, offer.give, offer.give_gold)
            self._hand_over(state, player, trader, offer.take, offer.take_gold)
            ctx.say(f"{state.name_of(player)} accepts: {state.name_of(trader)} and {state.name_of(player)} trade.")
        else:
            ctx.say(f"{state.name_of(player)} turns the offer down.")
        state.offer = None
        state.ask = Ask(kind=AskKind.TRADE, players=[trader])

    @staticmethod
    def _hand_over(state: GoblinState, giver: PlayerId, taker: PlayerId, units: Sequence[int], gold: int) -> None:
        """Chips from one hand to the other: a captive becomes a leader in the taker's hand (L74)."""
        source, target = state.warlord(giver), state.warlord(taker)
        for unit in units:
            (source.units if unit in source.units else source.captives).remove(unit)
            target.units.append(unit)
        source.gold -= gold
        target.gold += gold

    def _end_game_turn(self, ctx: Context, state: GoblinState) -> None:
        """After C (L156; reading c2): each player who announced and meets a condition now, the same or
        the other, wins (shared); else after game turn 12 the most lands and fortresses win (house set
        b9, ties shared); else the next game turn."""
        winners = [p for p in state.announced if conditions_met(state, p)]
        if winners:
            ctx.say(" and ".join(state.name_of(p) for p in winners) + (" win" if len(winners) > 1 else " wins")
                    + " the game!", kind="phase")
        elif state.turn >= LAST_TURN:
            best = max(lands_and_fortresses(state, p) for p in state.players)
            winners = [p for p in state.players if lands_and_fortresses(state, p) == best]
            ctx.say(f"Game turn {LAST_TURN} is over: the most lands and fortresses ({best}) win — "
                    + " and ".join(state.name_of(p) for p in winners) + ".", kind="phase")
        if winners:
            state.winners = winners
            state.phase = Phase.OVER
            state.ask = None
            return
        self._begin_game_turn(ctx, state)

    # -- the contract --------------------------------------------------------------------------------------
    def _prompts(self, state: GoblinState) -> list[Prompt]:
        if state.phase is Phase.SETUP:
            return self._setup_prompts(state)
        return STAGES.prompts(state, state.ask)

    def _legal_actions(self, state: GoblinState, player: PlayerId) -> list[Any]:
        if state.phase is Phase.SETUP:
            warlord = state.warlord(player)
            if warlord.setup is SetupStep.BOSSES:
                return [ChooseBosses(count=n) for n in BOSSES]
            if warlord.setup is SetupStep.TRADE:
                return [TradeForGold(units=list(units)) for units in trades(warlord.units)]
            return []
        if not STAGES.asks(state.ask, player):
            return []
        assert state.ask is not None
        if state.ask.kind is AskKind.REDRAW:
            return [Redraw(), KeepHand()]
        if state.ask.kind is AskKind.MARCH:
            return self.marches(state, player)
        if state.ask.kind is AskKind.PASSAGE:
            return [AllowPassage(allow=True), AllowPassage(allow=False)]
        if state.ask.kind is AskKind.PASSER:
            return [AttackPasser(attack=True), AttackPasser(attack=False)]
        if state.ask.kind is AskKind.UNDERGROUND:
            return [RerollUnderground(reroll=False), RerollUnderground(reroll=True)]
        if state.ask.kind is AskKind.DISCARD:
            return self.discards(state, player)
        if state.ask.kind is AskKind.TRADE:
            return self.offers(state, player)
        if state.ask.kind is AskKind.OFFER:
            assert state.offer is not None
            able = self._has(state.warlord(player), state.offer.take, state.offer.take_gold)
            return [*([AcceptTrade(accept=True)] if able else []), AcceptTrade(accept=False)]
        if state.ask.kind is AskKind.RAMPAGE:
            return [*self.rampages(state, player),
                    *(DestroyMine(territory=t) for t in self.producing(state, player)), EndRampage()]
        if state.ask.kind is AskKind.STRATEGY:
            return [ChooseStrategy(strategy=s) for s in choices_for(state, player)]
        if state.ask.kind is AskKind.ASSIGN:
            fight = state.fight
            assert fight is not None
            role = next(r for r, o in fight.owners.items() if o == player)
            return [AssignDamage(), *self.assignments(fight, role)]
        if state.ask.kind is AskKind.RETREAT:
            return self.retreat_options(state)
        if state.ask.kind is AskKind.EXTRA:
            return self.extra_moves(state)
        return [Reinforce(bought=n) for n in range(self.most_to_buy(state, player) + 1)]

    def _apply(self, ctx: Context, state: GoblinState, player: PlayerId, action: Any) -> None:
        state.seat(player)  # a stranger is told they are not playing
        if state.phase is Phase.SETUP:
            if isinstance(action, ChooseBosses):
                self._choose_bosses(ctx, state, player, action)
            elif isinstance(action, TradeForGold):
                self._trade_for_gold(ctx, state, player, action)
            else:
                raise RuleViolation("The set-up is not over yet: choose your bosses, then trade units for gold.")
            return
        if isinstance(action, (ChooseBosses, TradeForGold)):
            raise RuleViolation("The set-up is over.")
        STAGES.admit(state, state.ask, player, action)
        if isinstance(action, Redraw):
            self._redraw(ctx, state, player)
        elif isinstance(action, KeepHand):
            state.ask = None
            ctx.say(f"{state.name_of(player)} keeps the hand.")
            state.warlord(player).kept_hand = True  # no more offers this turn
            self._reinforce(ctx, state)
        elif isinstance(action, Reinforce):
            self._buy(ctx, state, player, action)
        elif isinstance(action, Move):
            self._move(ctx, state, player, action)
        elif isinstance(action, Underground):
            self._underground(ctx, state, player, action)
        elif isinstance(action, Levy):
            self._levy(ctx, state, player, action)
        elif isinstance(action, Claim):
            self._claim(ctx, state, player, action)
        elif isinstance(action, EndTurn):
            self._end_turn(ctx, state, player)
        elif isinstance(action, AllowPassage):
            self._answer_passage(ctx, state, player, action)
        elif isinstance(action, AttackPasser):
            self._answer_passer(ctx, state, player, action)
        elif isinstance(action, RerollUnderground):
            self._answer_underground(ctx, state, player, action)
        elif isinstance(action, AttackCaravan):
            self._attack_caravan(ctx, state, player, action)
        elif isinstance(action, ChooseStrategy):
            self._choose_strategy(ctx, state, player, action)
        elif isinstance(action, Discard):
            self._discard(ctx, state, player, action)
        elif isinstance(action, Rampage):
            self._rampage(ctx, state, player, action)
        elif isinstance(action, DestroyMine):
            self._destroy_mine(ctx, state, player, action)
        elif isinstance(action, OfferTrade):
            self._offer(ctx, state, player, action)
        elif isinstance(action, AcceptTrade):
            self._answer_offer(ctx, state, player, action)
        elif isinstance(action, EndTrading):
            state.traders.pop(0)
            ctx.say(f"{state.name_of(player)} is done trading.")
            self._next_trader(ctx, state)
        elif isinstance(action, AssignDamage):
            self._assign(ctx, state, player, action)
        elif isinstance(action, RetreatTo):
            self._answer_retreat(ctx, state, player, action)
        elif isinstance(action, ExtraMove):
            self._extra_move(ctx, state, player, action)
        elif isinstance(action, UseSpy):
            self._spy(ctx, state, player, action)
        elif isinstance(action, Build):
            self._build(ctx, state, player, action)
        elif isinstance(action, EndRampage):
            state.ask = None
            self._mine(ctx, state)

    def outcome(self, state: GoblinState) -> Outcome | None:
        """Once the game is over: the winners first (shared), then the others by their lands and
        fortresses, most first, ties sharing a place."""
        if state.phase is not Phase.OVER:
            return None
        others = [p for p in state.players if p not in state.winners]
        counts = sorted({lands_and_fortresses(state, p) for p in others}, reverse=True)
        placings = [list(state.winners)] + [[p for p in others if lands_and_fortresses(state, p) == n] for n in counts]
        return Outcome(placings=placings, summary=" and ".join(state.name_of(p) for p in state.winners)
                       + (" win." if len(state.winners) > 1 else " wins."))

    def own_lines(self, view: BaseModel) -> list[str]:
        """A warlord's own secrets in words (`rules.own_words`: his hand, his spies' peeks, a strategy not
        yet revealed), for the terminal's `hand`; his own picture draws the same lines."""
        assert isinstance(view, GoblinView)
        return own_words(view)

    def view(self, state: GoblinState, viewer: PlayerId | None) -> GoblinView:
        warlords = []
        for w in state.warlords:
            hand = HANDS.seen(state, hand_key(w.player), viewer)
            warlords.append(WarlordView(
                player=w.player, bosses=w.bosses, ready=w.setup is SetupStep.DONE, units=len(w.units),
                gold_chips=w.gold_chips, authority=authority_sum(state, w.player),
                hand=list(hand[0]) if hand is not None else None, gold=hand[1] if hand is not None else None,
                caravans=list(hand[2]) if hand is not None else None, captured=len(w.captives),
                captives=list(hand[3]) if hand is not None else None,
                peeks=[p.model_copy() for p in peeks] if (peeks := PEEKS.seen(state, peek_key(w.player), viewer))
                is not None else None))
        caravans = [CaravanView(id=c.id, kind=c.kind, territory=c.territory, destination=ROADS[c.kind][-1],
                                power=c.power) for c in state.caravans]
        return GoblinView(**table_fields(state, viewer, self.waiting_for(state), None),
                          phase=state.phase.value, turn=state.turn, warlords=warlords,
                          armies=[a.model_copy(deep=True) for a in state.armies], caravans=caravans,
                          fortresses=[f.model_copy() for f in state.fortresses], mines=list(state.mines),
                          control=dict(state.control), order=list(state.order), current=state.current,
                          first=state.players[state.first], tribe_cup=len(state.tribe_cup),
                          gold_cup=len(state.gold_cup), announced=list(state.announced),
                          winners=list(state.winners),
                          fight=state.fight.model_copy(deep=True) if state.fight is not None else None,
                          battles=[self._battle_seen(state, n, viewer)
                                                                for n in range(len(state.battles))])

    @staticmethod
    def _battle_seen(state: GoblinState, n: int, viewer: PlayerId | None) -> Battle:
        """A recorded battle as `viewer` sees it: the strategies chosen only through `STRATEGIES`."""
        battle = state.battles[n].model_copy(deep=True)
        battle.chosen = {p: s for p in sorted(battle.chosen)
                         if (s := STRATEGIES.seen(state, strategy_key(n, p), viewer)) is not None}
        return battle


def trades(units: Sequence[int], size: int | None = None) -> list[tuple[int, ...]]:
    """Every different choice of units to trade for gold at the set-up (or, with `size`, of exactly that
    many: B5's discard): chips alike (the same kind, tribe and numbers) are one choice, whichever of them
    is given back. In the order of `itertools.product` over each kind's count; with `size`, only the
    counts adding up to it are made (a hand of thirteen has thousands of choices of any size)."""
    groups: dict[tuple[Any, ...], list[int]] = {}
    for number in sorted(units):
        c = chip(number)
        groups.setdefault((c.kind, c.tribe, c.power, c.servivility), []).append(number)
    alike = list(groups.values())
    room = [sum(len(g) for g in alike[k:]) for k in range(len(alike) + 1)]  # chips in the kinds from k on

    def counts(k: int, left: int | None) -> Iterator[tuple[int, ...]]:
        if k == len(alike):
            if not left:
                yield ()
            return
        for n in range(len(alike[k]) + 1):
            rest = None if left is None else left - n
            if rest is not None and not 0 <= rest <= room[k + 1]:
                continue
            for more in counts(k + 1, rest):
                yield (n, *more)

    return [tuple(c for group, n in zip(alike, chosen, strict=True) for c in group[:n])
            for chosen in counts(0, size)]


__all__ = ["GoblinWarlords", "trades"]
