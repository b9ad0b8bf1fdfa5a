/** The tools of the ladder's requests (and of the worlds built on them): `find_person`, then an action on its result. */
import type { ToolSchema } from '../../interfaces/chat.ts';
import { ATTRIBUTES } from './directory.ts';
import { ACTIONS, ANY, FIND_PERSON, PREVIOUS } from './person-request.ts';

/** The tools of a request about a person: `find_person` by all six attributes, then the actions on its result. */
export const TOOLS: ToolSchema[] = [
  {
    type: 'function',
    function: {
      name: FIND_PERSON,
      description: 'the person who has every given attribute',
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          ATTRIBUTES.map((attribute) => [attribute, { type: 'string', description: `the ${attribute}, or "${ANY}"` }]),
        ),
        required: [...ATTRIBUTES],
      },
    },
  },
  ...ACTIONS.map(
    (action): ToolSchema => ({
      type: 'function',
      function: {
        name: action,
        description: `${action} a person`,
        parameters: {
          type: 'object',
          properties: {
            person: { type: 'string', description: `the person, or "${PREVIOUS}" for the previous result` },
          },
          required: ['person'],
        },
      },
    }),
  ),
];
