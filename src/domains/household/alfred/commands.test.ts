import { describe, expect, it } from 'vitest';
import { extractAction, normalizeCommand } from './commands.ts';

const text = (value: string) => extractAction({ text: value, policyVersion: 'test' });

describe('ALFWorld agent answers', () => {
  it('normalises formatting only', () => {
    expect(normalizeCommand('> Go to  Cabinet 1.')).toBe('go to cabinet 1');
    expect(normalizeCommand('"take apple 1 from countertop 1"')).toBe('take apple 1 from countertop 1');
    expect(normalizeCommand('go to cabinet 10')).not.toBe(normalizeCommand('go to cabinet 1'));
  });

  it('reads native text answers: bare, "> ", "Action:", first marked line', () => {
    expect(text('go to cabinet 1')).toEqual({ kind: 'command', command: 'go to cabinet 1' });
    expect(text('> open drawer 2\n')).toEqual({ kind: 'command', command: 'open drawer 2' });
    expect(text('I should look in the fridge.\nAction: go to fridge 1')).toEqual({
      kind: 'command',
      command: 'go to fridge 1',
    });
    expect(text('think: the apple may be in the fridge')).toEqual({
      kind: 'thought',
      text: 'the apple may be in the fridge',
    });
    expect(text('  \n ')).toEqual({ kind: 'invalid', reason: 'empty answer' });
  });

  it('reads an `act` tool call before the text', () => {
    expect(
      extractAction({
        text: 'ignored',
        toolCalls: [{ name: 'act', arguments: { action: 'use desklamp 1' } }],
        policyVersion: 'test',
      }),
    ).toEqual({ kind: 'command', command: 'use desklamp 1' });
    expect(
      extractAction({ text: '', toolCalls: [{ name: 'act', arguments: { command: 'look' } }], policyVersion: 'test' }),
    ).toEqual({ kind: 'command', command: 'look' });
  });
});
