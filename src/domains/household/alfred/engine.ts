/**
 * State engine of an ALFWorld text game: PDDL semantics from the game's own domain and problem,
 * command templates and simple feedback from its grammar, list/condition feedback from feedback.ts.
 * Mirrors TextWorld's PddlEnv: a command that matches no applicable action yields "Nothing happens."
 */
import { expand, type FeedbackContext } from './feedback.ts';
import { FactSet } from './facts.ts';
import type { AlfworldGame } from './game.ts';
import { applyEffect, groundEffect, holds, isNoOp, satisfyingBindings, type World } from './logic.ts';
import { buildNameTable, compareIds, type NameTable } from './names.ts';
import type { ActionSchema } from './pddl.ts';

export const NOTHING_HAPPENS = 'Nothing happens.';

/** A command template bound to a domain action: `take {o} from {r}` → pickupobject. */
interface CommandTemplate {
  action: ActionSchema;
  template: string;
  feedback: string;
  pattern: RegExp;
  placeholders: string[];
  /** The other put verb, accepted but not listed among admissible commands. */
  alias: boolean;
}

/** An applicable grounded action: what a command resolves to. `key` identifies it (`pickupobject agent1 l o r`). */
export interface GroundedAction {
  key: string;
  action: ActionSchema;
  binding: Map<string, string>;
  feedback: string;
  effect: { adds: string[][]; deletes: string[][] };
}

export interface StepResult {
  observation: string;
  /** Whether the goal holds after the step. */
  won: boolean;
  /** The grounded action taken; null when nothing happened. */
  action: string | null;
}

/** Alternative put verbs: ALFWorld 2.1.1 wrote `put {o} in/on {r}`, later versions `move {o} to {r}`. */
const PUT_TEMPLATES = ['move {o} to {r}', 'put {o} in/on {r}'];

/** Builds the command templates of a game; throws `Error` when a grammar action has no domain action. */
export function commandTemplates(game: AlfworldGame): CommandTemplate[] {
  const templates: CommandTemplate[] = [];
  for (const [name, grammarAction] of game.grammar.actions) {
    const action = game.domain.actions.get(name);
    if (!action) continue; // TextWorld only offers actions the domain defines (e.g. no `help` before 2.1.2).
    // `go to [{r.name | receptacleatlocation(r:receptacle, lend:location)}]` names one receptacle.
    const simplified = grammarAction.template.replace(/\[\{(\w+)\.name\s*\|[^\]]*\}\]/g, '{$1}');
    const variants =
      name === 'putobject' ? [simplified, ...PUT_TEMPLATES.filter((text) => text !== simplified)] : [simplified];
    variants.forEach((template, index) => {
      templates.push({
        action,
        template,
        feedback: grammarAction.feedback,
        alias: index > 0,
        ...compileTemplate(template, action),
      });
    });
  }
  return templates;
}

function compileTemplate(template: string, action: ActionSchema): { pattern: RegExp; placeholders: string[] } {
  const placeholders: string[] = [];
  const parts = template.split(/\{(\w+)\}/);
  let source = '^';
  parts.forEach((part, index) => {
    if (index % 2 === 0) source += part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else {
      if (!action.parameters.some((parameter) => parameter.name === `?${part.toLowerCase()}`)) {
        throw new Error(`template "${template}" uses {${part}}, which action ${action.name} does not have`);
      }
      placeholders.push(part.toLowerCase());
      source += '(.+?)';
    }
  });
  return { pattern: new RegExp(`${source}$`), placeholders };
}

export class AlfworldEngine {
  readonly game: AlfworldGame;
  readonly names: NameTable;
  private readonly templates: CommandTemplate[];
  private readonly agent: string;
  private readonly types: Map<string, string>;
  private readonly objectsOfType = new Map<string, string[]>();
  private facts: FactSet;

  constructor(game: AlfworldGame) {
    this.game = game;
    this.types = new Map(game.problem.objects);
    for (const [name, type] of this.types) {
      const list = this.objectsOfType.get(type) ?? [];
      list.push(name);
      this.objectsOfType.set(type, list);
    }
    for (const list of this.objectsOfType.values()) list.sort(compareIds);
    for (const atom of game.problem.init) {
      for (const arg of atom.args)
        if (!this.types.has(arg))
          throw new Error(`init fact (${atom.predicate} ${atom.args.join(' ')}) names undeclared object "${arg}"`);
    }
    const agent = this.objectsOfType.get('agent')?.[0];
    if (!agent) throw new Error('the problem declares no agent');
    this.agent = agent;
    this.facts = new FactSet(game.problem.init);
    // TextWorld names the entities that appear in facts.
    this.names = buildNameTable(game.problem.init.flatMap((atom) => atom.args));
    this.templates = commandTemplates(game);
  }

  private world(): World {
    return { facts: this.facts, types: this.types, objectsOfType: this.objectsOfType };
  }

  /** Restarts the game; returns the opening text (`-= Welcome to TextWorld, ALFRED! =-` ... task). */
  reset(): string {
    this.facts = new FactSet(this.game.problem.init);
    return expand('#intro#', this.context(new Map()));
  }

  private context(binding: ReadonlyMap<string, string>): FeedbackContext {
    const variables = new Map<string, string>();
    for (const [name, value] of binding) variables.set(name.replace(/^\?/, ''), value);
    return { facts: this.facts, names: this.names, grammar: this.game.grammar, agent: this.agent, variables };
  }

  /** The applicable action a command names in the current state, or null ("Nothing happens."). */
  resolve(command: string): GroundedAction | null {
    const text = command.trim();
    const world = this.world();
    for (const template of this.templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const binding = new Map<string, string>();
      let named = true;
      template.placeholders.forEach((placeholder, index) => {
        const id = this.names.idOf.get(match[index + 1]!);
        if (id === undefined) named = false;
        else binding.set(`?${placeholder}`, id);
      });
      if (!named) continue;
      for (const full of satisfyingBindings(template.action.parameters, template.action.precondition, world, binding)) {
        const effect = groundEffect(template.action.effect, world, full);
        if (isNoOp(template.action.precondition, effect, full)) continue;
        const key = [
          template.action.name,
          ...template.action.parameters.map((parameter) => full.get(parameter.name)),
        ].join(' ');
        return { key, action: template.action, binding: full, feedback: template.feedback, effect };
      }
    }
    return null;
  }

  /** Executes one command. Never throws on bad commands: they are "Nothing happens.". */
  step(command: string): StepResult {
    const grounded = this.resolve(command);
    if (!grounded) return { observation: NOTHING_HAPPENS, won: this.won(), action: null };
    applyEffect(this.facts, grounded.effect);
    const observation = expand(grounded.feedback, this.context(grounded.binding));
    return { observation, won: this.won(), action: grounded.key };
  }

  /** Whether the problem's goal holds now. */
  won(): boolean {
    return holds(this.game.problem.goal, this.world(), new Map());
  }

  /** Every command that does something now, sorted (ALFWorld's `admissible_commands`). */
  admissibleCommands(): string[] {
    const world = this.world();
    const commands = new Set<string>();
    for (const template of this.templates) {
      if (template.alias) continue;
      for (const full of satisfyingBindings(
        template.action.parameters,
        template.action.precondition,
        world,
        new Map(),
      )) {
        const effect = groundEffect(template.action.effect, world, full);
        if (isNoOp(template.action.precondition, effect, full)) continue;
        commands.add(
          template.template.replace(
            /\{(\w+)\}/g,
            (_, name: string) => this.names.nameOf.get(full.get(`?${name.toLowerCase()}`)!) ?? name,
          ),
        );
      }
    }
    return [...commands].sort();
  }

  /** Sorted fact keys (for tests and debugging). */
  snapshot(): string[] {
    return this.facts.snapshot();
  }
}
