import { GenEnvError } from '../spec/index.ts';

/** `genenv bench`: speed of the built-in model and of orchestration. */
export async function benchCommand(options: { json?: boolean; quick?: boolean }): Promise<string> {
  void options;
  throw new GenEnvError('not-available', 'genenv bench: the built-in model arrives with issue #7 and is not in this build');
}
