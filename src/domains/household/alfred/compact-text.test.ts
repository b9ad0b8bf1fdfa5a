import { describe, expect, it } from 'vitest';
import { fixtureGame } from '../../../../test/support/alfworld.ts';
import { type CompactTurn, compactTurnText, openingParts, transcriptMemory } from './compact-text.ts';
import { AlfworldEngine } from './engine.ts';
import { openingText } from './prompts.ts';

const opening =
  'You are in the middle of a room. Looking quickly around you, you see a cabinet 1, a fridge 1, and a sofa 1.\n' +
  'Your task is to: cool some bread and put it in sofa.';

describe('compact turn text', () => {
  it('reads the task and the receptacles of the opening in the room order', () => {
    expect(openingParts(opening)).toEqual({
      task: 'Your task is to: cool some bread and put it in sofa.',
      receptacles: ['cabinet 1', 'fridge 1', 'sofa 1'],
    });
  });

  it('remembers what each visit showed, what is carried and what was changed', () => {
    const turns: CompactTurn[] = [
      { action: 'go to cabinet 1', observation: 'You arrive at cabinet 1. The cabinet 1 is closed.' },
      {
        action: 'open cabinet 1',
        observation: 'You open the cabinet 1. The cabinet 1 is open. In it, you see a bread 1, and a watch 1.',
      },
      { action: 'take bread 1 from cabinet 1', observation: 'You pick up the bread 1 from the cabinet 1.' },
      { action: 'go to fridge 1', observation: 'You arrive at fridge 1. The fridge 1 is closed.' },
      { action: 'jump', observation: 'Nothing happens.' },
      { action: 'cool bread 1 with fridge 1', observation: 'You cool the bread 1 using the fridge 1.' },
    ];
    const memory = transcriptMemory(['cabinet 1', 'fridge 1', 'sofa 1'], turns);
    expect([...memory.seen]).toEqual([
      ['cabinet 1', { kind: 'contents', things: ['watch 1'] }],
      ['fridge 1', { kind: 'closed' }],
      ['sofa 1', { kind: 'unseen' }],
    ]);
    expect(memory.carrying).toEqual(['bread 1']);
    expect([...memory.changed]).toEqual([['bread 1', 'cool']]);
    expect(compactTurnText(opening, turns)).toBe(
      [
        'Task: cool some bread and put it in sofa.',
        'Room: cabinet 1 (watch 1), fridge 1 (closed), sofa 1.',
        'Last: You cool the bread 1 using the fridge 1.',
        'Carry: bread 1 (cool). At: fridge 1. Next: sofa 1.',
        '>',
      ].join('\n'),
    );
  });

  it('starts with the whole room unseen, nowhere, and nothing carried', () => {
    expect(compactTurnText(opening, [])).toBe(
      [
        'Task: cool some bread and put it in sofa.',
        'Room: cabinet 1, fridge 1, sofa 1.',
        'Carry: nothing. At: nowhere. Next: cabinet 1.',
        '>',
      ].join('\n'),
    );
  });

  it('follows the engine through a whole game: a placed thing moves from the hand to its receptacle', () => {
    const game = fixtureGame('pick_and_place_simple');
    const engine = new AlfworldEngine(game);
    const start = openingText(engine.reset());
    const turns: CompactTurn[] = [];
    // The fixture's walkthrough without its first visit (an empty drawer 1): drawer 2, the keychain, the safe.
    for (const action of game.walkthrough.slice(2))
      turns.push({ action, observation: engine.step(action).observation });
    expect(engine.won()).toBe(true);
    expect(compactTurnText(start, turns)).toBe(
      [
        'Task: put a keychain in safe.',
        'Room: bed 1, drawer 2 (nothing), drawer 1, safe 1 (cd 1, keychain 2), sidetable 1.',
        'Last: You move the keychain 2 to the safe 1.',
        'Carry: nothing. At: safe 1. Next: bed 1.',
        '>',
      ].join('\n'),
    );
  });
});
