import { join } from 'node:path';
import { expect, it } from 'vitest';
import { timestampedRunFolder } from './timestamped-run-folder.ts';

it('names a folder under runs/ by the UTC time to the second and a label', () => {
  expect(timestampedRunFolder('compare-ladder', new Date('2026-11-26T09:41:07.532Z'))).toBe(
    join('runs', '2026-11-26_09-41-07-compare-ladder'),
  );
});
