"""OrcQuest WarPath (seed 004): the Quest's flow, for 1 to 4 players and always four Heroes.

A Turn is the Hero Phase (each Hero activated once, in the order the players choose, with two Action
Points and extra ones bought with Badass Points), the Enemy Phase and the End of Turn (L192-210).
Line numbers (L…) are those of ../shared/seeds/004_3c7d9386b922289d.txt; the house set and the
readings are those of ../shared/games/orcquest.md (b) and (d).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter

from rules.core.engine import Context, Game, Outcome, OutcomeKind, PlayerId, Prompt, PromptKind, Seat
from rules.core.errors import RuleViolation
from rules.core.grid import Square
from rules.core.views import table_fields
from rules.orcquest.attacks import after_roll, after_roll_moves, attack, attack_moves, payable
from rules.orcquest.board import LAYOUTS, enemy_at, keep_watch, layout_of, nearest_ties, scene_of
from rules.orcquest.data import (
    ACTION_POINTS,
    ALERT_START,
    BADASS_FACES,
    BADASS_LIMIT_FLOOR,
    BADASS_LIMIT_START,
    CARDS,
    EVENTS,
    HERO_ORDER,
    HEROES,
    LOOT_DECK,
    PATROL_DECK,
    RESURRECTION_COST,
    SKILLS,
    Badass,
    SkillKind,
    Slot,
)
from rules.orcquest.enemies import (
    groups,
    activate_enemy,
    activation_result,
    can_reroll_defence,
    dodge_squares,
    manage_patrols,
    may_answer,
    resume_walk,
    run_ringers,
    next_group,
    order,
)
from rules.orcquest.exploration import QUESTS, raise_alert
from rules.orcquest.fights import (
    add_badass,
    heal_hero,
    read_strike,
    reroll_choices,
    reroll_faces,
    require,
    wound_hero,
)
from rules.orcquest.geometry import (
    FACINGS,
    danger_zones,
    reachable,
)
from rules.orcquest.heroes import (
    door_fault,
    draw_event,
    finish_exploring,
    look_around,
    mover_of,
    overloaded,
    toggle_door,
    walk,
    wound_enemy,
)
from rules.orcquest.models import (
    Activate,
    Ask,
    Attack,
    Boost,
    BuyAP,
    Card,
    Discard,
    Dodge,
    Drink,
    EndActivation,
    EndTurn,
    Enemy,
    EnemyTurn,
    Equip,
    Face,
    Finish,
    Hero,
    Leave,
    Move,
    OpenDoor,
    Pass,
    Phase,
    Place,
    QuestAction,
    QuestState,
    QuestView,
    Rekup,
    Reroll,
    Resolve,
    Resurrect,
    Ringer,
    Token,
    Unequip,
    UseSkill,
)
from rules.orcquest.moves import MOVES
from rules.orcquest.preview import preview_move
from rules.orcquest.stuff import TOTEM, discard, equip, fits, rekup, unequip, weapons
from rules.orcquest.questions import AFTER_ROLL, PLACE, RINGER, STAGES
from rules.orcquest.secrets import SECRETS

POTION_HEAL = 2


def owners_for(count: int) -> dict[str, list[int]]:
    """Which seats move which Hero (L248-252; reading a1): one each with four players; with three,
    one each and the fourth by everyone; two each with two; all four alone."""
    if count == 4:
        return {h: [n] for n, h in enumerate(HERO_ORDER)}
    if count == 3:
        return {h: ([n] if n < 3 else [0, 1, 2]) for n, h in enumerate(HERO_ORDER)}
    if count == 2:
        return {h: [n // 2] for n, h in enumerate(HERO_ORDER)}
    return {h: [0] for h in HERO_ORDER}


class OrcQuest(Game[QuestState, Any]):
    slug = "orcquest"
    title = "OrcQuest WarPath"
    min_players = 1
    max_players = 4
    recommended = (1, 4)
    state_type = QuestState
    action_adapter = TypeAdapter(QuestAction)
    outcome_kind = OutcomeKind.COOPERATIVE
    secrets = SECRETS
    private_by_secrets = True  # a seat sees more than the table only through `secrets` (the piles, which nobody sees)
    moves = MOVES

    # -- set-up (L230-266) -----------------------------------------------------------------------------
    def _setup(self, ctx: Context, seats: Sequence[Seat], options: dict[str, Any]) -> QuestState:
        quest = QUESTS["farm"]
        layout = LAYOUTS[quest.code]
        owners = owners_for(len(seats))
        heroes = [Hero(code=h, owners=[seats[n].player for n in owners[h]],
                       hands=[c for c in HEROES[h].stuff if CARDS[c].slot is Slot.HAND],
                       body=[c for c in HEROES[h].stuff if CARDS[c].slot is Slot.BODY]) for h in HERO_ORDER]
        state = QuestState(
            seats=list(seats), dice=ctx.dice.state, heroes=heroes, alert=ALERT_START, badass=0,
            limit=BADASS_LIMIT_START, furniture=[f.code for f in layout.furniture],
            tokens=[Token(square=layout.objective, kind="objective")],
            events=ctx.dice.shuffled([e.code for e in EVENTS], "the Event deck shuffled"),
            loot=ctx.dice.shuffled(list(LOOT_DECK), "the Loot deck shuffled"),
            patrols=ctx.dice.shuffled([p.code for p in PATROL_DECK], "the Patrol deck shuffled"),
            reserves={name: ctx.dice.shuffled(list(tokens), f"the {name} reserve mixed face down")
                      for name, tokens in quest.reserves.items()})
        for hero in heroes:
            names = " and ".join(state.name_of(p) for p in hero.owners) if len(hero.owners) < len(seats) or \
                len(seats) == 1 else "everyone"
            ctx.say(f"{hero.name} the {HEROES[hero.code].role} is played by {names}.")
        ctx.say(f"Quest: {quest.title}. Take the Totem out through the Hero Exit. Alert {state.alert}, "
                f"Badass Points 0 of {state.limit}.")
        ctx.say("Turn 1: Hero Phase. Choose a Hero to activate.", kind="phase")
        return state

    # -- whose decision -------------------------------------------------------------------------------
    def _prompts(self, state: QuestState) -> list[Prompt]:
        if state.won is not None:
            return []
        if state.ask is not None:
            return STAGES.prompts(state, state.ask)
        if state.phase is Phase.END:
            return [Prompt(player=p, kind=PromptKind.ACTION, text="End of Turn: resurrect a Hero, or end the Turn.")
                    for p in state.players if p not in state.ended]
        if state.phase is not Phase.HERO:
            return []
        if state.active is None:
            waiting = {p for h in state.heroes if self._can_activate(h) for p in h.owners}
            return [Prompt(player=p, kind=PromptKind.ACTION, text="Choose the next Hero to activate.")
                    for p in state.players if p in waiting]
        hero = state.hero(state.card.hero if state.card else state.active)
        text = (f"{hero.name}: resolve {SKILLS[state.card.skill].name}." if state.card else
                f"{hero.name} is active ({hero.ap} AP): play a card, or end the activation.")
        return [Prompt(player=p, kind=PromptKind.ACTION, text=text) for p in hero.owners]

    @staticmethod
    def _can_activate(hero: Hero) -> bool:
        """Dead Heroes and Heroes gone out by the Exit are not activated (reading d19)."""
        return not hero.activated and hero.alive and not hero.left

    # -- legal moves ----------------------------------------------------------------------------------
    def _legal_actions(self, state: QuestState, player: PlayerId) -> list[Any]:
        if state.won is not None:
            return []
        if state.ask is not None:
            if state.ask.kind == AFTER_ROLL:
                return after_roll_moves(state) if STAGES.asks(state.ask, player) else []
            if state.ask.kind == PLACE:
                options = state.exploring.options if state.exploring is not None else []
                return [Place(square=s) for s in options] if STAGES.asks(state.ask, player) else []
            if state.ask.kind == RINGER:
                return [Ringer(enemy=i) for i in state.ringer_tie] if STAGES.asks(state.ask, player) else []
            return self._reactions(state, player)
        if state.phase is Phase.END:
            if player in state.ended:
                return []
            stuff = [m for h in state.heroes if player in h.owners for m in self._stuff_moves(state, h)]
            return [*(Resurrect(hero=h.code) for h in state.heroes if self._can_resurrect(state, h)), EndTurn(), *stuff]
        if state.phase is not Phase.HERO:
            return []
        mine = [h for h in state.heroes if player in h.owners]
        actions: list[Any] = []
        if state.active is None:
            for hero in mine:
                if self._can_activate(hero):
                    if hero.square is None:
                        entries = self._free_entries(state)
                        actions += [Activate(hero=hero.code, entry=e) for e in entries[:1]] if len(entries) == 1 \
                            else [Activate(hero=hero.code, entry=e) for e in entries]
                    else:
                        actions.append(Activate(hero=hero.code))
            return actions + [Drink(hero=h.code) for h in mine if self._may_drink(state, h)]
        if state.card is not None:
            if player in state.hero(state.card.hero).owners:
                actions += self._card_actions(state, state.card)
            return actions + [Drink(hero=h.code) for h in mine if self._may_drink(state, h)]
        for hero in mine:
            if not hero.on_board:
                continue
            actions += [UseSkill(hero=hero.code, skill=s, enhanced=e, combo=c) for s, e, c in self._playable(state, hero)]
            if self._may_buy(state, hero):
                actions.append(BuyAP(hero=hero.code))
            if self._may_drink(state, hero):
                actions.append(Drink(hero=hero.code))
        active = state.hero(state.active)
        if player in active.owners:
            actions += [Face(facing=f) for f in FACINGS if f != active.facing]
            actions.append(EndActivation())
        return actions + [m for h in mine for m in self._stuff_moves(state, h)]

    @staticmethod
    def _strike(state: QuestState) -> tuple[Hero, Enemy] | None:
        turn = state.enemy_turn
        if turn is None or turn.strike is None:
            return None
        enemy = state.enemy(turn.strike.enemy)
        return (state.hero(turn.strike.hero), enemy) if enemy is not None else None

    def _reactions(self, state: QuestState, player: PlayerId) -> list[Any]:
        found = self._strike(state)
        if not STAGES.asks(state.ask, player) or found is None:
            return []
        hero, enemy = found
        moves: list[Any] = [Pass(), *(Dodge(square=s) for s in dodge_squares(state, hero, enemy))]
        strike = state.enemy_turn.strike if state.enemy_turn else None
        if strike is not None and strike.faces is not None and can_reroll_defence(hero, strike):
            moves += [Reroll(dice=dice) for dice in reroll_choices(len(strike.faces.defence))]
        return moves

    def _free_entries(self, state: QuestState) -> list[str]:
        """The Hero Entry squares nobody stands on; when every one is taken, the nearest empty square
        to the Entry (reading d20, as a token is placed, L488), all of them when they tie (reading d7)."""
        layout = layout_of(state)
        entries = [s for s in layout.entry if not any(h.square == s and not h.left for h in state.heroes)
                   and enemy_at(state, s) is None]
        if entries:
            return entries
        return nearest_ties(state, layout.entry[0])  # a tie is the players' choice (L488; reading d7)

    @staticmethod
    def price(state: QuestState) -> int:
        """The next extra Action Point's price: 1 more than the last one this Hero Phase (L712-713)."""
        return state.bought + 1

    def _may_buy(self, state: QuestState, hero: Hero) -> bool:
        return (state.active is not None and state.card is None and hero.on_board and "cursed" not in hero.conditions
                and state.badass >= self.price(state))

    @staticmethod
    def _may_drink(state: QuestState, hero: Hero) -> bool:
        return hero.on_board and hero.damage > 0 and "potion" in hero.inventory

    def _playable(self, state: QuestState, hero: Hero) -> list[tuple[str, bool, bool]]:
        """The Action cards `hero` can pay for now (L360-377, L706-715) and the Combo it may play free."""
        out = []
        for code in HEROES[hero.code].skills:
            skill = SKILLS[code]
            if skill.kind is not SkillKind.ACTION or code in hero.down:
                continue
            for enhanced, effect in ((False, skill.main), (True, skill.enhanced)):
                if effect is not None and payable(state, hero, effect) is None:
                    out.append((code, enhanced, False))
            if skill.combo and hero.code == state.active and state.combo == skill.combo:
                out.append((code, False, True))
        return out

    def _card_actions(self, state: QuestState, card: Card) -> list[Any]:
        hero = state.hero(card.hero)
        actions: list[Any] = [Finish()]
        if card.attack:
            actions += attack_moves(state, hero, card)
        if card.mp > 0 and not (card.attack and card.moves_after) and hero.square is not None and not overloaded(hero):
            for square, route in reachable(scene_of(state), mover_of(hero), hero.square, card.mp).items():
                if route.path:
                    actions.append(Move(path=list(route.path)))
            actions += [OpenDoor(door=d.code) for d in layout_of(state).doors if door_fault(state, hero, d.code) is None]
            if hero.square in layout_of(state).entry and "totem" in hero.inventory:
                actions.append(Leave())
        return actions

    @staticmethod
    def _can_resurrect(state: QuestState, hero: Hero) -> bool:
        return hero.dead and state.limit - RESURRECTION_COST >= BADASS_LIMIT_FLOOR

    # -- moves ------------------------------------------------------------------------------------------
    def _apply(self, ctx: Context, state: QuestState, player: PlayerId, action: Any) -> None:
        self._dispatch(ctx, state, player, action)
        self._ask_ringer(state)

    def _dispatch(self, ctx: Context, state: QuestState, player: PlayerId, action: Any) -> None:
        require(state.won is None, "This Quest is over.")
        if state.ask is not None or isinstance(action, (Dodge, Pass, Boost, Reroll, Resolve, Place, Ringer)):
            ask = STAGES.admit(state, state.ask, player, action)
            if ask.kind == PLACE:
                self._place(ctx, state, action)
            elif ask.kind == RINGER:
                self._ringer(ctx, state, action)
            elif ask.kind == AFTER_ROLL:
                assert state.held is not None
                hero = state.hero(state.held.hero)
                after_roll(ctx, state, action)
                self._after_action(ctx, state, hero)
            else:
                self._react(ctx, state, action)
            return
        if isinstance(action, (Discard, Rekup, Equip, Unequip)):
            self._stuff(ctx, state, player, action)
            return
        if isinstance(action, (Resurrect, EndTurn)):
            self._end_of_turn(ctx, state, player, action)
            return
        require(state.phase is Phase.HERO, "Only the End of Turn's choices are open now.")
        if isinstance(action, Drink):
            self._drink(ctx, state, player, action)
        elif isinstance(action, Activate):
            self._activate(ctx, state, player, action)
        elif isinstance(action, BuyAP):
            self._buy(ctx, state, player, action)
        elif isinstance(action, UseSkill):
            self._use(ctx, state, player, action)
        elif isinstance(action, Face):
            active = self._active(state, player)
            require(state.card is None or state.card.hero == active.code, "Finish the card being played first.")
            active.facing = action.facing
            ctx.say(f"{active.name} turns to face {action.facing}.")
            keep_watch(ctx, state)
        elif isinstance(action, EndActivation):
            self._end_activation(ctx, state, player)
        else:
            self._resolve(ctx, state, player, action)

    def _owned(self, state: QuestState, player: PlayerId, code: str) -> Hero:
        try:
            hero = state.hero(code)
        except KeyError:
            raise RuleViolation(f"There is no Hero called {code}.") from None
        if player not in hero.owners:
            owners = " or ".join(state.name_of(p) for p in hero.owners)
            raise RuleViolation(f"{hero.name} is not yours to move: {owners} plays {hero.name}.")
        return hero

    def _active(self, state: QuestState, player: PlayerId) -> Hero:
        require(state.active is not None, "No Hero is active: activate one first.")
        assert state.active is not None
        return self._owned(state, player, state.active)

    def _stuff(self, ctx: Context, state: QuestState, player: PlayerId,
               action: Discard | Rekup | Equip | Unequip) -> None:
        """Discard and Rekup at any time (L673-682), equip and put away in the End of Turn (L922)."""
        hero = self._owned(state, player, action.hero)
        require(hero.alive, f"{hero.name} is dead.")
        require(state.phase in (Phase.HERO, Phase.END), "Stuff is handled in the Hero Phase or the End of Turn.")
        if isinstance(action, (Equip, Unequip)):
            require(state.phase is Phase.END, "Stuff is equipped or put away in the End of Turn (L922).")
            (equip if isinstance(action, Equip) else unequip)(ctx, hero, action.card)
        elif isinstance(action, Discard):
            discard(ctx, hero, action.card)
        else:
            rekup(ctx, hero, action.card)

    @staticmethod
    def _stuff_moves(state: QuestState, hero: Hero) -> list[Any]:
        """The Stuff a Hero may throw away, Rekup and, in the End of Turn, equip or put away."""
        if not hero.alive:
            return []
        carried = sorted({*hero.inventory, *hero.hands, *hero.body} - {TOTEM})
        moves: list[Any] = [Discard(hero=hero.code, card=c) for c in carried]
        moves += [Rekup(hero=hero.code, card=c) for c in carried if CARDS[c].rekup and not CARDS[c].resource
                  and (not CARDS[c].weapon or weapons(hero) > 1)]
        if state.phase is Phase.END:
            moves += [Equip(hero=hero.code, card=c) for c in sorted(set(hero.inventory)) if fits(hero, c)]
            moves += [Unequip(hero=hero.code, card=c) for c in sorted({*hero.hands, *hero.body})]
        return moves

    def _activate(self, ctx: Context, state: QuestState, player: PlayerId, action: Activate) -> None:
        """The next Hero becomes the Active Hero with 2 AP (L356-359); off the board, it comes in on a
        free Hero Entry square for nothing (L395; reading d20); a Burning Hero burns (L1044)."""
        require(state.active is None, f"{state.hero(state.active).name if state.active else ''} is still active.")
        hero = self._owned(state, player, action.hero)
        require(self._can_activate(hero), f"{hero.name} cannot be activated this Hero Phase.")
        if hero.square is None:
            entries = self._free_entries(state)
            require(bool(entries), "Every Hero Entry square is taken.")
            entry = action.entry or entries[0]
            require(entry in entries, f"{entry} is not a free Hero Entry square; choose {' or '.join(entries)}.")
            hero.square = entry
            ctx.say(f"{hero.name} enters the board on {entry}.")
        state.active, hero.ap, hero.moved = hero.code, ACTION_POINTS, False
        state.chain = state.combo = 0
        ctx.say(f"{hero.name} is the Active Hero ({ACTION_POINTS} AP).")
        if "burn" in hero.conditions:
            hero.conditions.pop("burn")
            wound_hero(ctx, state, hero, 1, "Burn")
        look_around(ctx, state)
        if state.exploring is None and hero.dead:
            self._end_activation(ctx, state, None)

    def _buy(self, ctx: Context, state: QuestState, player: PlayerId, action: BuyAP) -> None:
        """An extra Action Point for any Hero during an activation, 1, 2, 3… Badass Points (L706-715)."""
        hero = self._owned(state, player, action.hero)
        require(state.active is not None, "Extra Action Points are bought during a Hero's activation (L707).")
        require(state.card is None, "Finish the card being played first.")
        require(hero.on_board, f"{hero.name} is not on the board.")
        require("cursed" not in hero.conditions, f"{hero.name} is Cursed and cannot spend Badass Points (L1052).")
        price = self.price(state)
        require(state.badass >= price, f"The next extra Action Point costs {price} Badass Points; the party has "
                                       f"{state.badass}.")
        state.bought += 1
        hero.extra += 1
        add_badass(ctx, state, -price, f"an extra Action Point for {hero.name}")

    def _drink(self, ctx: Context, state: QuestState, player: PlayerId, action: Drink) -> None:
        """A Potion, no AP, any time in the Hero Phase, then discarded (L648-652)."""
        hero = self._owned(state, player, action.hero)
        require(self._may_drink(state, hero), f"{hero.name} has no Potion to drink now, or no wound to heal.")
        hero.inventory.remove("potion")
        state.loot_discard.append("potion")
        heal_hero(ctx, hero, POTION_HEAL, "a Healing Potion")

    def _use(self, ctx: Context, state: QuestState, player: PlayerId, action: UseSkill) -> None:
        """Play an Action card (L360-377): pay, turn it face down, resolve it in full. A Combo is free,
        the Active Hero's only, Main effect only (L589-599); a Disoriented Hero first rolls a Badass
        die and on a Skull the Action is lost (L1055-1056; house set b)."""
        hero = self._owned(state, player, action.hero)
        require(state.active is not None, "Activate a Hero first.")
        require(state.card is None, "Finish the card being played first (L361).")
        require(hero.on_board, f"{hero.name} is not on the board.")
        skill = SKILLS.get(action.skill)
        require(skill is not None and skill.hero == hero.code, f"{hero.name} has no Skill called {action.skill}.")
        assert skill is not None
        require(skill.kind is SkillKind.ACTION, f"{skill.name} is not an Action card.")
        require(action.skill not in hero.down, f"{skill.name} is face down until the End of Turn (L370).")
        if action.combo:
            require(hero.code == state.active, "Only the Active Hero plays Combos (L589).")
            require(not action.enhanced, "A Combo uses the Main effect only (L590).")
            require(skill.combo > 0 and state.combo == skill.combo,
                    f"{skill.name} cannot be played as a Combo now." if skill.combo else f"{skill.name} is no Combo.")
            effect = skill.main
            ctx.say(f"{hero.name} plays {skill.name} as a free Combo {skill.combo}!")
        else:
            effect = skill.enhanced if action.enhanced else skill.main
            require(effect is not None, f"{skill.name} has no Enhanced effect.")
            assert effect is not None
            fault = payable(state, hero, effect)
            require(fault is None, str(fault))
            own = min(effect.ap, hero.ap if hero.code == state.active else 0)
            if hero.code == state.active:
                hero.ap -= own
            hero.extra -= effect.ap - own
            if effect.bp:
                add_badass(ctx, state, -effect.bp, skill.name)
            ctx.say(f"{hero.name} plays {skill.name}{' (Enhanced)' if action.enhanced else ''}.")
        hero.down.append(action.skill)
        combo = skill.combo if action.combo else 0
        if "disoriented" in hero.conditions:
            hero.conditions.pop("disoriented")
            face = BADASS_FACES[ctx.dice.d6(f"{hero.name} is Disoriented: Badass die", hero.owners[0]).faces[0] - 1]
            if face is Badass.SKULL:
                ctx.say(f"A Skull: {hero.name} stumbles about and the Action is lost.")
                self._after_card(state, Card(hero=hero.code, skill=action.skill, combo=combo))
                return
        state.card = Card(hero=hero.code, skill=action.skill, enhanced=action.enhanced, combo=combo,
                          mp=0 if overloaded(hero) else effect.move, attack=effect.attacks or effect.weakens,
                          moves_after=bool(effect.move) and (effect.attacks or effect.weakens) and effect.attack_first)
        self._settle(state)

    def _resolve(self, ctx: Context, state: QuestState, player: PlayerId, action: Any) -> None:
        card = state.card
        require(card is not None, "No card is being played: play one first.")
        assert card is not None
        hero = self._owned(state, player, card.hero)
        if isinstance(action, Finish):
            ctx.say(f"{hero.name} finishes {SKILLS[card.skill].name}.")
            card.mp, card.attack = 0, False
        elif isinstance(action, Attack):
            require(card.attack, f"{SKILLS[card.skill].name} has no Attack left.")
            attack(ctx, state, hero, card, action)
        else:
            require(card.mp > 0, f"{SKILLS[card.skill].name} has no Movement Points left.")
            require(not (card.attack and card.moves_after), "This card attacks first, then moves.")
            if isinstance(action, Move):
                card.mp -= walk(ctx, state, hero, list(action.path), card.mp)
            elif isinstance(action, OpenDoor):
                toggle_door(ctx, state, hero, action.door)
                card.mp -= 1
            elif isinstance(action, Leave):
                self._leave(ctx, state, hero)
                card.mp = 0
        self._after_action(ctx, state, hero)

    def _after_action(self, ctx: Context, state: QuestState, hero: Hero) -> None:
        """After a step of a card: a dead Hero's card is over, a card with nothing left is done, and a
        dead Active Hero's activation ends; all of it waits while an Exploration asks the players."""
        if state.held is not None or state.exploring is not None:
            return
        if state.won is None and hero.dead and state.card is not None:
            state.card.mp, state.card.attack = 0, False
        self._settle(state)
        if state.won is None and state.card is None and hero.dead and state.active == hero.code:
            self._end_activation(ctx, state, None)

    def _place(self, ctx: Context, state: QuestState, action: Place) -> None:
        """The players' answer to a tie of nearest empty squares in an Exploration (L488, L499; reading
        d7): the Exploration goes on from there, then what the Hero was doing (`finish_exploring`), or
        the Enemy's move that explored and the rest of the Enemy Phase (reading d23)."""
        exploring = state.exploring
        assert exploring is not None and exploring.options
        square = action.square or exploring.options[0]
        require(square in exploring.options, f"{square} is not one of the nearest empty squares; choose "
                                             f"{' or '.join(exploring.options)}.")
        exploring.chosen, exploring.options, state.ask = square, [], None
        ctx.say(f"The players' choice: it is put on {square}." if action.square else
                f"Nobody chose: it is put on {square}, the first in reading order.")
        if not finish_exploring(ctx, state):
            return
        if state.phase is Phase.ENEMY:  # an Enemy's move waited: it goes on, then the Enemy Phase (reading d23)
            if state.won is None:
                resume_walk(ctx, state)
            if state.won is None and state.ask is None and state.exploring is None:
                keep_watch(ctx, state)
                self._run_enemies(ctx, state)
            return
        code = state.card.hero if state.card is not None else state.active
        if code is not None:
            self._after_action(ctx, state, state.hero(code))

    @staticmethod
    def _ask_ringer(state: QuestState) -> None:
        """Ask the players which of the Enemies tied nearest the Bell runs for it (L803), once nothing
        else is asked: the default stands in meanwhile, and nothing a Bell-ringer does (it runs at the
        end of the Patrol management, L807) nor the groups it stands apart from come before the
        answer. A tie that no longer is one (a candidate killed, the Bell rung) is forgotten."""
        if not state.ringer_tie or state.ask is not None or state.won is not None:
            return
        tied = [e for i in state.ringer_tie if (e := state.enemy(i)) is not None]
        if len(tied) < 2 or state.bell_rung or not any(e.ringer for e in tied):
            state.ringer_tie = []
            return
        state.ringer_tie = [e.id for e in tied]
        state.ask = Ask(kind=RINGER, players=list(state.players))  # the party's question: every seat may answer

    def _ringer(self, ctx: Context, state: QuestState, action: Ringer) -> None:
        """The players' Bell-ringer among the tied (L803); in the Enemy Phase the Bell-ringers then run
        if the Patrol management was waiting (L807) and the Enemies go on."""
        tied = [e for i in state.ringer_tie if (e := state.enemy(i)) is not None]
        current = next(e for e in tied if e.ringer)
        chosen = current if action.enemy is None else state.enemy(action.enemy)
        require(chosen in tied, f"Choose the Bell-ringer among {', '.join(e.label for e in tied)}.")
        assert chosen is not None
        current.ringer, chosen.ringer = False, True
        state.ringer_tie, state.ask = [], None
        ctx.say(f"{chosen.label} is the Bell-ringer and will run for the Bell.")
        turn = state.enemy_turn
        if state.phase is Phase.ENEMY and turn is not None:
            if turn.ringers_due:
                turn.ringers_due = False
                run_ringers(ctx, state)
            self._run_enemies(ctx, state)

    def _leave(self, ctx: Context, state: QuestState, hero: Hero) -> None:
        """The Hero steps off the board by the Hero Exit; with the Totem, the Quest is won (house set b)."""
        require(hero.square in layout_of(state).entry, f"{hero.name} is not on a Hero Exit square.")
        ctx.say(f"{hero.name} leaves the board by the Hero Exit.")
        hero.square, hero.left = None, True
        if "totem" in hero.inventory:
            quest = QUESTS[state.quest]
            if not state.bell_rung:
                state.badass = min(state.limit, state.badass + quest.secondary_bp)
                ctx.say(f"The Bell never rang: +{quest.secondary_bp} Badass Points for the Secondary Objective.")
            state.won = True
            ctx.say("The Totem is out of the farm: the Quest is won!", kind="end")

    def _settle(self, state: QuestState) -> None:
        """A card with nothing left to do is done."""
        card = state.card
        if card is not None and card.mp <= 0 and not card.attack and state.held is None:
            state.card = None
            self._after_card(state, card)

    @staticmethod
    def _after_card(state: QuestState, card: Card) -> None:
        """Combos (L594-595; reading d15): two Actions in a row that dealt Damage open a Combo 1, a Combo 1
        that dealt Damage opens a Combo 2; any other Action closes them. Only the Active Hero's count."""
        if card.hero != state.active:
            return
        if card.combo == 1:
            state.combo, state.chain = (2 if card.damaged else 0), 0
            return
        if card.combo == 2:
            state.combo = state.chain = 0
            return
        state.chain = state.chain + 1 if card.damaged else 0
        state.combo = 1 if state.chain >= 2 else 0
        if state.combo:
            state.chain = 0

    def _end_activation(self, ctx: Context, state: QuestState, player: PlayerId | None) -> None:
        """Unspent AP are lost, an Event is drawn (L362-363); when every Hero has acted, the Hero Phase
        ends (L723)."""
        if player is not None:
            hero = self._active(state, player)
            require(state.card is None, "Finish the card being played first.")
        else:
            assert state.active is not None
            hero = state.hero(state.active)
        hero.activated, hero.ap, state.active = True, 0, None
        for other in state.heroes:
            other.extra = 0
        state.chain = state.combo = 0
        if "bleed" in hero.conditions and not hero.moved:
            hero.conditions.pop("bleed")
        ctx.say(f"{hero.name}'s activation ends.")
        if not hero.dead:
            draw_event(ctx, state, hero)
        if state.won is None and not any(self._can_activate(h) for h in state.heroes):
            self._enemy_phase(ctx, state)

    def _enemy_phase(self, ctx: Context, state: QuestState) -> None:
        """The Enemy Phase (L724-888, `rules.orcquest.enemies`): Patrols first, then the Alert groups,
        played by the rules; it pauses only when a Hero may react."""
        state.phase, state.bought = Phase.ENEMY, 0
        ctx.say(f"Turn {state.turn}: Enemy Phase.", kind="phase")
        state.enemy_turn = EnemyTurn()
        manage_patrols(ctx, state)
        state.enemy_turn.ringers_due = bool(state.ringer_tie)  # the run waits for the Bell-ringer's choice
        self._run_enemies(ctx, state)

    def _run_enemies(self, ctx: Context, state: QuestState) -> None:
        """Activate group after group, Enemy after Enemy, until the phase is over or a Hero is asked."""
        turn = state.enemy_turn
        assert turn is not None
        while state.won is None and state.ask is None:
            if state.ringer_tie:  # the players choose the Bell-ringer before the Enemies go on (L803)
                self._ask_ringer(state)
                if state.ask is not None:
                    return
                if turn.ringers_due:
                    turn.ringers_due = False
                    run_ringers(ctx, state)
                continue
            if turn.queue:
                enemy = state.enemy(turn.queue.pop(0))
                if enemy is None or turn.result is None:
                    continue
                turn.done.append(enemy.id)
                turn.reacted = []
                if enemy.conditions.pop("burn", 0):  # Burn 1 hurts on Activation, then goes (L1044)
                    wound_enemy(ctx, state, enemy, 1, "Burn", None)
                    if enemy not in state.enemies:
                        continue
                activate_enemy(ctx, state, enemy, turn.result)
                keep_watch(ctx, state)
                continue
            group = next_group(ctx, state, turn.done)
            if group is None:
                break
            turn.result = activation_result(ctx, state, group)
            if turn.result is None:
                turn.done += [e.id for e in group]
                continue
            turn.queue = order(state, group, turn.result)
        if state.won is None and state.ask is None:
            self._end_enemy_phase(ctx, state)

    def _react(self, ctx: Context, state: QuestState, action: Dodge | Pass | Reroll) -> None:
        """A Hero's answer to the Attack rolled on it (L883-885, L1080, L1111): an Enraged re-roll of its
        Defence dice reads the Attack again (and asks again while something is left to do); Dodge
        ignores the Damage and steps one square, no Danger Zone damage; Pass takes it. Then the Enemy
        Phase goes on."""
        found = self._strike(state)
        turn = state.enemy_turn
        assert turn is not None and turn.strike is not None and found is not None
        hero, enemy = found
        if isinstance(action, Reroll):
            strike = turn.strike
            require(strike.faces is not None and can_reroll_defence(hero, strike),
                    "Only an Enraged Hero re-rolls its Defence dice, once per Attack (L575, L1080).")
            assert strike.faces is not None
            reroll_faces(ctx, hero, strike.faces.defence, action.dice, "Defence")
            strike.rerolled = True
            read_strike(ctx, strike)
            if may_answer(state, hero, enemy, strike):
                return
            action = Pass()
        if isinstance(action, Dodge):
            squares = dodge_squares(state, hero, enemy)
            require(action.square in squares, f"{hero.name} cannot Dodge to {action.square}; "
                                              f"choose {', '.join(squares) or 'nothing'}.")
            add_badass(ctx, state, -1, "Dodge")
            hero.down.append("dodge")
            turn.reacted.append(hero.code)
            hero.square = action.square
            ctx.say(f"{hero.name} dodges to {action.square} and takes no Damage!")
        else:
            wound_hero(ctx, state, hero, turn.strike.damage, f"{enemy.label}'s Attack")
        turn.strike, state.ask = None, None
        keep_watch(ctx, state)
        self._run_enemies(ctx, state)

    def _end_enemy_phase(self, ctx: Context, state: QuestState) -> None:
        """+1 Alert while an Alert Enemy lives, +1 more for a Bell-ringer on the Bell (L736, L887,
        L888; reading d17); then the End of Turn restores the cards and discards the Events (L899-900)."""
        for enemy in state.enemies:
            enemy.reacted = False
        state.enemy_turn = None
        if any(e.alert or e.ringer for e in state.enemies):
            raise_alert(ctx, state, 1, "an Alert Enemy lives at the end of the Enemy Phase")
        if state.won is None and any(e.ringer and e.square == layout_of(state).bell for e in state.enemies):
            raise_alert(ctx, state, 1, "the Bell-ringer is on the Bell")
        if state.won is None:
            state.phase, state.ended = Phase.END, []
            ctx.say(f"Turn {state.turn}: End of Turn. Skill cards and Events are restored.", kind="phase")
            for hero in state.heroes:
                hero.down = []
                hero.conditions.pop("enraged", None)  # Enraged 1 lasts until the end of the Turn (L1080)
                if hero.event is not None:
                    state.event_discard.append(hero.event)
                    hero.event = None

    def _end_of_turn(self, ctx: Context, state: QuestState, player: PlayerId, action: Resurrect | EndTurn) -> None:
        """Resurrection for 10 of the Badass Limit, never below 10 (L904-906); then the next Turn."""
        require(state.phase is Phase.END, "That belongs to the End of Turn.")
        require(player in state.players, "You are not playing in this game.")
        require(player not in state.ended, "You are done with this End of Turn.")
        if isinstance(action, Resurrect):
            try:
                hero = state.hero(action.hero)
            except KeyError:
                raise RuleViolation(f"There is no Hero called {action.hero}.") from None
            require(hero.dead, f"{hero.name} is not dead.")
            require(self._can_resurrect(state, hero), "The Badass Limit cannot fall below 10 (L691).")
            state.limit -= RESURRECTION_COST
            state.badass = min(state.badass, state.limit)
            hero.dead, hero.damage, hero.conditions = False, 0, {}
            ctx.say(f"Badass raises {hero.name}! The Badass Limit falls to {state.limit}.")
            return
        state.ended.append(player)
        if set(state.ended) >= set(state.players):
            state.turn += 1
            state.phase, state.ended = Phase.HERO, []
            for hero in state.heroes:
                hero.activated = hero.left or hero.dead
            ctx.say(f"Turn {state.turn}: Hero Phase. Choose a Hero to activate.", kind="phase")
            if not any(self._can_activate(h) for h in state.heroes):
                self._enemy_phase(ctx, state)

    # -- a move foreseen --------------------------------------------------------------------------------
    def foresee(self, seen: QuestState, player: PlayerId, action: Any) -> str | None:
        """A walk told before it is made (reading e, `/oq preview` of the Discord flow; `preview`): its
        Movement Points, the Danger Zone Damage on the way (L415) and the Enemies that would have the Hero
        in sight at its end (L323). An Exploration it would set off is not foreseen: its dice are to come."""
        if not isinstance(action, Move) or seen.card is None:
            return None
        hero = seen.hero(seen.card.hero)
        foreseen = preview_move(seen, hero.code, list(action.path))
        if foreseen.fault is not None:
            return foreseen.fault
        watchers = ", ".join(foreseen.seen_by) or "no Enemy"
        damage = f"{foreseen.damage} Danger Zone Damage" if foreseen.damage else "no Danger Zone Damage"
        return (f"{hero.name} would end on {action.path[-1]} for {foreseen.mp} Movement Point"
                f"{'' if foreseen.mp == 1 else 's'}, taking {damage}, seen by {watchers} there. A Room it opens "
                "is explored only when the move is made.")

    # -- what the table sees -----------------------------------------------------------------------------
    def view(self, state: QuestState, viewer: PlayerId | None) -> BaseModel:
        outcome = self.outcome(state)
        return QuestView(
            **table_fields(state, viewer, self.waiting_for(state), outcome.placings if outcome else None),
            phase=str(state.phase), turn=state.turn, heroes=[h.model_copy(deep=True) for h in state.heroes],
            enemies=[e.model_copy(deep=True) for e in state.enemies], open_doors=list(state.open_doors),
            destroyed_doors=list(state.destroyed_doors), furniture=list(state.furniture),
            tokens=[t.model_copy() for t in state.tokens], explored=list(state.explored),
            reserves={k: len(v) for k, v in state.reserves.items()}, reserve_discard=list(state.reserve_discard),
            decks={"events": len(state.events), "loot": len(state.loot), "patrols": len(state.patrols)},
            discards={"events": list(state.event_discard), "loot": list(state.loot_discard),
                      "patrols": list(state.patrol_discard)},
            alert=state.alert, badass=state.badass, limit=state.limit, next_ap_price=self.price(state),
            active=state.active, card=state.card.model_copy() if state.card else None, combo=state.combo,
            held=state.held.model_copy(deep=True) if state.held else None,
            danger_zones=sorted(danger_zones(scene_of(state))), groups=[[e.id for e in g] for g in groups(state)],
            tied_squares=self._tied_squares(state), tied_ringers=self._tied_ringers(state),
            bell_rung=state.bell_rung, won=state.won, on_patrol=[p.model_copy() for p in state.on_patrol],
            strike=state.enemy_turn.strike.model_copy() if state.enemy_turn and state.enemy_turn.strike else None)

    @staticmethod
    def _tied_squares(state: QuestState) -> list[Square]:
        """The squares the open `place` question offers (L488; reading d7): public, as the question lists
        them; a face-down token asked about stays what it is, unnamed (L483)."""
        if state.ask is None or state.ask.kind != PLACE or state.exploring is None:
            return []
        return list(state.exploring.options)

    @staticmethod
    def _tied_ringers(state: QuestState) -> list[int]:
        """The Enemies the open `ringer` question offers (L803), lowest number first."""
        if state.ask is None or state.ask.kind != RINGER:
            return []
        return [i for i in state.ringer_tie if state.enemy(i) is not None]

    def outcome(self, state: QuestState) -> Outcome | None:
        """Everyone wins or everyone loses (L184-190)."""
        if state.won is None:
            return None
        summary = "The Totem is out: the Quest is won." if state.won else "The Quest is lost."
        return Outcome.together(state.players, won=state.won, summary=summary)


__all__ = ["OrcQuest", "owners_for"]

