import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DomainError,
  errorLine,
  fileSystemCause,
  GenEnvError,
  InvalidFileError,
  ResumeError,
  StoreError,
  UsageError,
} from './errors.ts';

describe('typed errors', () => {
  it('each code has its class, whether made by the class or by GenEnvError with the code', () => {
    for (const [code, kind] of [
      ['config', ConfigError],
      ['usage', UsageError],
      ['resume', ResumeError],
      ['invalid-file', InvalidFileError],
      ['store', StoreError],
      ['domain', DomainError],
    ] as const) {
      const made = new GenEnvError(code, 'one line');
      expect(made).toBeInstanceOf(kind);
      expect(made).toBeInstanceOf(GenEnvError);
      expect(made.name).toBe(kind.name);
      const direct = new kind('one line');
      expect(direct.code).toBe(code);
      expect(direct).toBeInstanceOf(GenEnvError);
    }
    // A code without a class of its own stays a GenEnvError.
    expect(new GenEnvError('service', 'x').name).toBe('GenEnvError');
  });

  it('keep their cause and remedy, and show one line', () => {
    const cause = new Error('deep');
    const error = new ResumeError('cannot resume a: no such folder\nmore', {
      cause,
      remedy: { kind: 'start-afresh', folder: 'a' },
    });
    expect(error.cause).toBe(cause);
    expect(error.remedy).toEqual({ kind: 'start-afresh', folder: 'a' });
    expect(errorLine(error)).toBe('cannot resume a: no such folder');
  });

  it('name the cause of a file-system refusal', () => {
    expect(fileSystemCause({ code: 'EROFS' })).toBe('the file system is read-only');
    expect(fileSystemCause({ code: 'EACCES' })).toBe('permission denied');
    expect(fileSystemCause({ code: 'EBUSY' })).toBeNull();
  });
});
