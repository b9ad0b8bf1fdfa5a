import { describe, expect, it } from 'vitest';
import { AlfworldEngine, NOTHING_HAPPENS } from './engine.ts';
import { fixtureGame } from '../../../../test/support/alfworld.ts';

describe('AlfworldEngine on the pick_and_place fixture', () => {
  const game = fixtureGame('pick_and_place_simple');

  it('opens with the banner, the room (sorted ids, numbers counting down) and the task', () => {
    const engine = new AlfworldEngine(game);
    expect(engine.reset()).toBe(
      '-= Welcome to TextWorld, ALFRED! =-\n\n' +
        'You are in the middle of a room. Looking quickly around you, you see a bed 1, a drawer 2, a drawer 1, a ' +
        'safe 1, and a sidetable 1.\n\n' +
        'Your task is to: put a keychain in safe.',
    );
    expect(engine.admissibleCommands()).toEqual([
      'go to bed 1',
      'go to drawer 1',
      'go to drawer 2',
      'go to safe 1',
      'go to sidetable 1',
      'help',
      'inventory',
      'look',
    ]);
  });

  it('prints ALFWorld observations and reaches the goal only at the last step', () => {
    const engine = new AlfworldEngine(game);
    engine.reset();
    const play = (command: string) => engine.step(command);
    expect(play('go to drawer 1').observation).toBe('You arrive at drawer 1. The drawer 1 is closed.');
    expect(play('take keychain 2 from drawer 2').observation).toBe(NOTHING_HAPPENS);
    expect(play('open drawer 1').observation).toBe(
      'You open the drawer 1. The drawer 1 is open. In it, you see nothing.',
    );
    expect(play('open drawer 1').observation).toBe(NOTHING_HAPPENS);
    expect(play('go to sidetable 1').observation).toBe(
      'You arrive at sidetable 1. On the sidetable 1, you see a creditcard 1, and a keychain 1.',
    );
    expect(play('examine keychain 1').observation).toBe("There's nothing special about keychain 1.");
    expect(play('inventory').observation).toBe('You are not carrying anything.');
    expect(play('go to drawer 2').observation).toBe('You arrive at drawer 2. The drawer 2 is closed.');
    expect(play('open drawer 2').observation).toBe(
      'You open the drawer 2. The drawer 2 is open. In it, you see a keychain 2.',
    );
    expect(play('take keychain 3 from drawer 2').observation).toBe(NOTHING_HAPPENS);
    expect(play('take keychain 2 from drawer 2').observation).toBe('You pick up the keychain 2 from the drawer 2.');
    expect(play('inventory').observation).toBe('You are carrying: a keychain 2.');
    expect(play('examine drawer 2').observation).toBe('The drawer 2 is open. In it, you see nothing.');
    expect(play('go to safe 1').observation).toBe('You arrive at safe 1. The safe 1 is closed.');
    expect(play('move keychain 2 to safe 1').observation).toBe(NOTHING_HAPPENS); // closed
    expect(play('look').observation).toBe('You are facing the safe 1. Next to it, you see nothing.');
    expect(play('open safe 1').observation).toBe('You open the safe 1. The safe 1 is open. In it, you see a cd 1.');
    expect(play('move keychain 2 to drawer 2').observation).toBe(NOTHING_HAPPENS); // not there
    expect(engine.won()).toBe(false);
    const last = play('move keychain 2 to safe 1');
    expect(last).toMatchObject({ observation: 'You move the keychain 2 to the safe 1.', won: true });
    expect(play('examine safe 1').observation).toBe('The safe 1 is open. In it, you see a cd 1, and a keychain 2.');
    expect(play('close safe 1').observation).toBe('You close the safe 1.');
  });

  it('answers "Nothing happens." to unknown names, wrong verbs and forbidden placements', () => {
    const engine = new AlfworldEngine(game);
    engine.reset();
    for (const command of ['go to drawer 3', 'go to Drawer 1', 'jump', 'go to  drawer 1', 'take pillow 1 from bed 1']) {
      expect(engine.step(command).observation, command).toBe(NOTHING_HAPPENS);
    }
    engine.step('go to bed 1');
    expect(engine.step('go to bed 1').observation).toBe(NOTHING_HAPPENS); // already there: a no-op operator
    expect(engine.step('take pillow 1 from bed 1').observation).toBe('You pick up the pillow 1 from the bed 1.');
    engine.step('go to safe 1');
    engine.step('open safe 1');
    expect(engine.step('move pillow 1 to safe 1').observation).toBe(NOTHING_HAPPENS); // no canContain
  });

  it('accepts the 2.1.1 put verb for the same action', () => {
    const engine = new AlfworldEngine(game);
    engine.reset();
    for (const command of game.walkthrough.slice(0, -1)) engine.step(command);
    expect(engine.resolve('put keychain 2 in/on safe 1')?.key).toBe(engine.resolve('move keychain 2 to safe 1')?.key);
    expect(engine.step('put keychain 2 in/on safe 1')).toMatchObject({
      observation: 'You move the keychain 2 to the safe 1.',
      won: true,
    });
  });
});

describe('AlfworldEngine state changes', () => {
  it('heats, and only with a microwave, an object in hand', () => {
    const engine = new AlfworldEngine(fixtureGame('pick_heat_then_place_in_recep'));
    engine.reset();
    engine.step('go to fridge 1');
    expect(engine.step('open fridge 1').observation).toBe(
      'You open the fridge 1. The fridge 1 is open. In it, you see a egg 1, and a potato 1.',
    );
    expect(engine.step('cool potato 1 with fridge 1').observation).toBe(NOTHING_HAPPENS); // not held
    engine.step('take potato 1 from fridge 1');
    expect(engine.step('heat potato 1 with fridge 1').observation).toBe(NOTHING_HAPPENS);
    expect(engine.step('cool potato 1 with fridge 1').observation).toBe('You cool the potato 1 using the fridge 1.');
    expect(engine.step('examine potato 1').observation).toBe('This is a cold potato 1.');
    expect(engine.step('heat potato 1 with microwave 1').observation).toBe(NOTHING_HAPPENS); // not at the microwave
    engine.step('go to microwave 1');
    expect(engine.step('heat potato 1 with microwave 1').observation).toBe(
      'You heat the potato 1 using the microwave 1.',
    );
    expect(engine.step('examine potato 1').observation).toBe('This is a hot potato 1.');
    engine.step('go to garbagecan 1');
    expect(engine.step('move potato 1 to garbagecan 1').won).toBe(true);
  });

  it('does not count a cold object for a clean task, and cleans only at a sink basin', () => {
    const engine = new AlfworldEngine(fixtureGame('pick_clean_then_place_in_recep'));
    engine.reset();
    engine.step('go to countertop 1');
    engine.step('take mug 1 from countertop 1');
    engine.step('go to coffeemachine 1');
    expect(engine.step('clean mug 1 with coffeemachine 1').observation).toBe(NOTHING_HAPPENS);
    expect(engine.step('move mug 1 to coffeemachine 1').won).toBe(false); // not clean
    engine.step('take mug 1 from coffeemachine 1');
    engine.step('go to sinkbasin 1');
    expect(engine.step('clean mug 1 with sinkbasin 1').observation).toBe('You clean the mug 1 using the sinkbasin 1.');
    engine.step('go to coffeemachine 1');
    expect(engine.step('move mug 1 to coffeemachine 1').won).toBe(true);
  });

  it('needs two distinct objects for pick_two, and lists them in id order', () => {
    const engine = new AlfworldEngine(fixtureGame('pick_two_obj_and_place'));
    engine.reset();
    const results = fixtureGame('pick_two_obj_and_place').walkthrough.map((command) => engine.step(command));
    expect(results.map((result) => result.won)).toEqual([false, false, false, false, false, false, false, true]);
    expect(results[6]!.observation).toBe('You arrive at sofa 1. On the sofa 1, you see a cellphone 3, and a pillow 1.');
  });

  it('looks at an object under a lamp only while holding it at the lamp; shared locations are one place', () => {
    const engine = new AlfworldEngine(fixtureGame('look_at_obj_in_light'));
    engine.reset();
    engine.step('go to sidetable 1');
    expect(engine.step('go to dresser 1').observation).toBe(NOTHING_HAPPENS);
    expect(engine.step('look').observation).toBe(
      'You are facing the dresser 1, and sidetable 1. Next to it, you see nothing.',
    );
    expect(engine.step('take desklamp 1 from sidetable 1').observation).toBe(NOTHING_HAPPENS); // not pickupable
    expect(engine.step('use desklamp 1')).toMatchObject({ observation: 'You turn on the desklamp 1.', won: false });
    expect(engine.step('use book 2').observation).toBe(NOTHING_HAPPENS);
    // Any book counts: the dresser shares the lit lamp's location.
    expect(engine.step('take book 2 from dresser 1')).toMatchObject({
      observation: 'You pick up the book 2 from the dresser 1.',
      won: true,
    });

    const fresh = new AlfworldEngine(fixtureGame('look_at_obj_in_light'));
    fresh.reset();
    fresh.step('go to desk 1');
    expect(fresh.step('take book 1 from desk 1').won).toBe(false); // away from the lamp
    expect(fresh.step('go to sidetable 1').won).toBe(false); // lamp off
    expect(fresh.step('use desklamp 1').won).toBe(true);
  });
});
