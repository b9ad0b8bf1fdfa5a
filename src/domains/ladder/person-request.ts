/**
 * What the ladder and the worlds built on its request share (the clauses world): the payload of a request that
 * describes a person and asks for an action on them, answered by the two calls `find_person` then the action on its
 * result, and how its values are written (compact and in words). Its prompt is person-prompt.ts's.
 */
import type { ToolCall } from '../../interfaces/chat.ts';
import type { Attribute } from './directory.ts';

/** The actions a request asks for; each is a tool taking the person `find_person` returned. */
export const ACTIONS = ['email', 'call', 'invite'] as const;
export type Action = (typeof ACTIONS)[number];

export const FIND_PERSON = 'find_person';
/** The value of a `find_person` parameter the request does not give. */
export const ANY = 'any';
/** The reference to the previous call's result. */
export const PREVIOUS = '$';

/** The payload of a person request (domain-private), of a world's `Spec` and its `Mention` of a value. */
export interface PersonRequestPayload<Spec, Mention> {
  spec: Spec;
  action: Action;
  /** What the request mentions, in its order. */
  mentions: Mention[];
  /** The person `find_person` finds. */
  person: string;
  /** The gold calls. */
  calls: ToolCall[];
  /** The result of each gold call, in order (the person's name, then the action's confirmation). */
  results: string[];
  /** Compact request for the built-in model. */
  request: string;
  /** The same request in words, for chat models. */
  requestWords: string;
}

/** Compact text of a value: numbers carry their attribute's name (age 34, floor 3, desk 62), words stand alone. */
export const compactValue = (attribute: Attribute, value: string | number) =>
  typeof value === 'number' ? `${attribute} ${value}` : `${value}`;

/** A value in words, for chat models: `a chef`, `living in Oslo`, `34 years old`. */
export const VALUE_WORDS: Readonly<Record<Attribute, (value: string | number) => string>> = {
  role: (value) => `a ${value}`,
  city: (value) => `living in ${value}`,
  team: (value) => `on team ${value}`,
  age: (value) => `${value} years old`,
  floor: (value) => `working on floor ${value}`,
  desk: (value) => `at desk ${value}`,
};
