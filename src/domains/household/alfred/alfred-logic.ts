/**
 * An ALFRED PDDL domain and TextWorld grammar written for this project's game files (fixtures and games
 * rebuilt from transcripts). Same predicates, action names, parameters, preconditions, effects, command
 * templates and output sentences as ALFWorld's `alfred.pddl` / `alfred.twl2`, which the engine must
 * reproduce; the movable-receptacle actions that ALFWorld comments out are left out here too.
 */

export const ALFRED_DOMAIN = `; ALFRED household domain (typed ADL), as ALFWorld's text engine runs it.
(define (domain alfred)
  (:requirements :adl :action-costs :typing)
  (:types agent location receptacle object rtype otype)
  (:predicates
    (atLocation ?a - agent ?l - location)
    (receptacleAtLocation ?r - receptacle ?l - location)
    (objectAtLocation ?o - object ?l - location)
    (openable ?r - receptacle)
    (opened ?r - receptacle)
    (inReceptacle ?o - object ?r - receptacle)
    (isReceptacleObject ?o - object)
    (inReceptacleObject ?inner - object ?outer - object)
    (isReceptacleObjectFull ?o - object)
    (wasInReceptacle ?o - object ?r - receptacle)
    (checked ?r - receptacle)
    (examined ?l - location)
    (receptacleType ?r - receptacle ?t - rtype)
    (canContain ?rt - rtype ?ot - otype)
    (objectType ?o - object ?t - otype)
    (holds ?a - agent ?o - object)
    (holdsAny ?a - agent)
    (holdsAnyReceptacleObject ?a - agent)
    (full ?r - receptacle)
    (isClean ?o - object) (cleanable ?o - object)
    (isHot ?o - object) (heatable ?o - object)
    (isCool ?o - object) (coolable ?o - object)
    (pickupable ?o - object) (moveable ?o - object)
    (toggleable ?o - object) (isOn ?o - object) (isToggled ?o - object)
    (sliceable ?o - object) (isSliced ?o - object))
  (:functions (distance ?from ?to) (total-cost) - number)

  (:action look
    :parameters (?a - agent ?l - location)
    :precondition (and (atLocation ?a ?l))
    :effect (and (checked ?l)))

  (:action inventory
    :parameters (?a - agent)
    :precondition ()
    :effect (and (checked ?a)))

  (:action examineReceptacle
    :parameters (?a - agent ?r - receptacle)
    :precondition (exists (?l - location) (and (atLocation ?a ?l) (receptacleAtLocation ?r ?l)))
    :effect (and (checked ?r)))

  (:action examineObject
    :parameters (?a - agent ?o - object)
    :precondition (or
      (exists (?l - location ?r - receptacle)
        (and (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (inReceptacle ?o ?r) (or (not (openable ?r)) (opened ?r))))
      (holds ?a ?o))
    :effect (and (checked ?o)))

  (:action GotoLocation
    :parameters (?a - agent ?lStart - location ?lEnd - location ?r - receptacle)
    :precondition (and (atLocation ?a ?lStart) (receptacleAtLocation ?r ?lEnd))
    :effect (and (not (atLocation ?a ?lStart)) (atLocation ?a ?lEnd) (increase (total-cost) 1)))

  (:action OpenObject
    :parameters (?a - agent ?l - location ?r - receptacle)
    :precondition (and (openable ?r) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (not (opened ?r)))
    :effect (and (opened ?r) (checked ?r) (increase (total-cost) 1)))

  (:action CloseObject
    :parameters (?a - agent ?l - location ?r - receptacle)
    :precondition (and (openable ?r) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (opened ?r))
    :effect (and (not (opened ?r)) (increase (total-cost) 1)))

  (:action PickupObject
    :parameters (?a - agent ?l - location ?o - object ?r - receptacle)
    :precondition (and (pickupable ?o) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (inReceptacle ?o ?r)
                       (not (holdsAny ?a)) (or (not (openable ?r)) (opened ?r)))
    :effect (and (not (inReceptacle ?o ?r)) (holds ?a ?o) (holdsAny ?a) (not (objectAtLocation ?o ?l))
                 (increase (total-cost) 1)))

  (:action PutObject
    :parameters (?a - agent ?l - location ?o - object ?r - receptacle ?ot - otype ?rt - rtype)
    :precondition (and (holds ?a ?o) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (or (not (openable ?r)) (opened ?r))
                       (objectType ?o ?ot) (receptacleType ?r ?rt) (canContain ?rt ?ot))
    :effect (and (inReceptacle ?o ?r) (objectAtLocation ?o ?l) (not (holds ?a ?o)) (not (holdsAny ?a))
                 (increase (total-cost) 1)))

  (:action CleanObject
    :parameters (?a - agent ?l - location ?r - receptacle ?o - object)
    :precondition (and (cleanable ?o) (or (receptacleType ?r SinkBasinType)) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (holds ?a ?o))
    :effect (and (increase (total-cost) 5) (isClean ?o)))

  (:action HeatObject
    :parameters (?a - agent ?l - location ?r - receptacle ?o - object)
    :precondition (and (heatable ?o) (or (receptacleType ?r MicrowaveType)) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (holds ?a ?o))
    :effect (and (increase (total-cost) 5) (isHot ?o) (not (isCool ?o))))

  (:action CoolObject
    :parameters (?a - agent ?l - location ?r - receptacle ?o - object)
    :precondition (and (coolable ?o) (or (receptacleType ?r FridgeType)) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (holds ?a ?o))
    :effect (and (increase (total-cost) 5) (isCool ?o) (not (isHot ?o))))

  (:action ToggleObject
    :parameters (?a - agent ?l - location ?o - object ?r - receptacle)
    :precondition (and (toggleable ?o) (atLocation ?a ?l) (receptacleAtLocation ?r ?l) (inReceptacle ?o ?r))
    :effect (and (increase (total-cost) 5) (when (isOn ?o) (not (isOn ?o))) (when (not (isOn ?o)) (isOn ?o)) (isToggled ?o)))

  (:action SliceObject
    :parameters (?a - agent ?l - location ?co - object ?ko - object)
    :precondition (and (sliceable ?co) (or (objectType ?ko KnifeType) (objectType ?ko ButterKnifeType))
                       (atLocation ?a ?l) (objectAtLocation ?co ?l) (holds ?a ?ko))
    :effect (and (increase (total-cost) 5) (isSliced ?co)))

  (:action help
    :parameters (?a - agent)
    :precondition ()
    :effect (and (checked ?a))))
`;

/** Grammar dialects: `legacy` = ALFWorld 2.1.1 files (ReAct's transcripts), `current` = 2.1.2 and later. */
export type GrammarDialect = 'legacy' | 'current';

const rules = (entries: Record<string, { rhs: string; condition?: string }[]>): string =>
  JSON.stringify(entries, null, 2);

/**
 * A twl2 grammar text for a game whose task sentence is `task` (e.g. `put some apple on sidetable.`).
 * The `legacy` dialect arrives at the location's name and puts with `put {o} in/on {r}`.
 */
export function alfredGrammar(task: string, dialect: GrammarDialect): string {
  const arrive =
    dialect === 'legacy'
      ? 'You arrive at {lend.name}. #examineReceptacle.feedback#'
      : 'You arrive at {r.name}. #examineReceptacle.feedback#';
  const putTemplate = dialect === 'legacy' ? 'put {o} in/on {r}' : 'move {o} to {r}';
  const putFeedback =
    dialect === 'legacy' ? 'You put the {o.name} in/on the {r.name}.' : 'You move the {o.name} to the {r.name}.';
  const listOf = (variable: string, query: string) => `[{${variable}.indefinite + ' ' + ${variable}.name | ${query}}]`;
  const top = rules({
    intro: [{ rhs: '-= Welcome to TextWorld, ALFRED! =-\n\n#look.feedback#\n\n#task#' }],
    task: [{ rhs: `Your task is to: ${task}` }],
    'GotoLocation.feedback': [{ rhs: arrive }],
    'OpenObject.feedback': [{ rhs: 'You open the {r.name}. #examineReceptacle.feedback#' }],
    'CloseObject.feedback': [{ rhs: 'You close the {r.name}.' }],
    'PickupObject.feedback': [{ rhs: 'You pick up the {o.name} from the {r.name}.' }],
    'PutObject.feedback': [{ rhs: putFeedback }],
    'inventory.feedback': [
      { condition: 'holdsany(a:agent)', rhs: `You are carrying: ${listOf('o', 'holds(a:agent, o:object)')}.` },
      { rhs: 'You are not carrying anything.' },
    ],
    'examineReceptacle.feedback': [
      {
        condition: 'openable(r:receptacle) & opened(r:receptacle)',
        rhs: `The {r.name} is open. In it, you see ${listOf('o', 'inreceptacle(o:object, r:receptacle)')}.`,
      },
      { condition: 'openable(r:receptacle)', rhs: 'The {r.name} is closed.' },
      { rhs: `On the {r.name}, you see ${listOf('o', 'inreceptacle(o:object, r:receptacle)')}.` },
    ],
    'examineObject.feedback': [
      { condition: 'ishot(o:object)', rhs: 'This is a hot {o.name}.' },
      { condition: 'isclean(o:object)', rhs: 'This is a clean {o.name}.' },
      { condition: 'iscool(o:object)', rhs: 'This is a cold {o.name}.' },
      { rhs: "There's nothing special about {o.name}." },
    ],
  });
  const action = (name: string, template: string, feedback: string, grammar?: string) => {
    const grammarPart = grammar ? `\n    grammar :: """\n${grammar}\n    """;\n` : '';
    return `action ${name} {\n    template :: "${template}";\n    feedback :: "${feedback}";\n${grammarPart}}\n`;
  };
  const single = (rule: string, rhs: string) => rules({ [rule]: [{ rhs }] });
  return [
    `grammar :: """\n${top}\n""";\n`,
    action(
      'GotoLocation',
      'go to [{r.name | receptacleatlocation(r:receptacle, lend:location)}]',
      '#GotoLocation.feedback#',
    ),
    action('OpenObject', 'open {r}', '#OpenObject.feedback#'),
    action('CloseObject', 'close {r}', '#CloseObject.feedback#'),
    action('PickupObject', 'take {o} from {r}', '#PickupObject.feedback#'),
    action('PutObject', putTemplate, '#PutObject.feedback#'),
    action('inventory', 'inventory', '#inventory.feedback#'),
    action('examineReceptacle', 'examine {r}', '#examineReceptacle.feedback#'),
    action('examineObject', 'examine {o}', '#examineObject.feedback#'),
    action(
      'ToggleObject',
      'use {o}',
      '#toggleObject.feedback#',
      rules({
        'toggleObject.feedback': [
          { condition: 'toggleable(o:object) & istoggled(o:object)', rhs: 'You turn on the {o.name}.' },
          { condition: 'toggleable(o:object)', rhs: 'You turn off the {o.name}.' },
          { rhs: "You don't see any switch on the {o.name}." },
        ],
      }),
    ),
    action(
      'HeatObject',
      'heat {o} with {r}',
      '#heatObject.feedback#',
      single('heatObject.feedback', 'You heat the {o.name} using the {r.name}.'),
    ),
    action(
      'CleanObject',
      'clean {o} with {r}',
      '#cleanObject.feedback#',
      single('cleanObject.feedback', 'You clean the {o.name} using the {r.name}.'),
    ),
    action(
      'CoolObject',
      'cool {o} with {r}',
      '#coolObject.feedback#',
      single('coolObject.feedback', 'You cool the {o.name} using the {r.name}.'),
    ),
    action(
      'SliceObject',
      'slice {co} with {ko}',
      '#sliceObject.feedback#',
      single('sliceObject.feedback', 'You sliced the {co.name} with the {ko.name}.'),
    ),
    action(
      'look',
      'look',
      '#look.feedback#',
      rules({
        'look.feedback': [
          {
            condition: 'atlocation(a:agent, l:location) & receptacleatlocation(r:receptacle, l:location)',
            rhs: '#look-variations#. Next to it, you see #list_objects_on_the_floor#.',
          },
          { rhs: 'You are in the middle of a room. Looking quickly around you, you see #list_appliances#.' },
        ],
      }),
    ),
    action(
      'help',
      'help',
      '#help.feedback#',
      single(
        'help.feedback',
        'Available commands: look, inventory, go to (receptacle), open (receptacle), close (receptacle), take ' +
          '(object) from (receptacle), move (object) to (receptacle), examine (something), use (object), ' +
          'heat/clean/cool (object) with (receptacle), slice (object) with (object).',
      ),
    ),
  ].join('\n');
}
