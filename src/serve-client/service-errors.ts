/**
 * What the service client throws: a refusal (the service answered 4xx or 5xx, with its reason and stable code), an
 * answer outside the protocol, and a service that cannot be reached. Each is a GenEnvError with code 'service' whose
 * message is one readable line naming the route.
 */
import { GenEnvError } from '../interfaces/index.ts';

/**
 * The service refused a request: its HTTP status, its stable code (`GROUP_FULL`, `UNKNOWN_EPISODE`, …; docs/serving.md;
 * undefined when the body gave none) and its one-line reason.
 */
export class ServiceRefusal extends GenEnvError {
  constructor(
    /** The request, as `POST /reset`. */
    readonly route: string,
    readonly status: number,
    readonly refusalCode: string | undefined,
    readonly reason: string,
    /** When a retry may succeed, in seconds (the Retry-After of a 503); undefined when none was given. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(
      'service',
      `${route} refused (HTTP ${status}${refusalCode === undefined ? '' : ` ${refusalCode}`}): ${reason}`,
    );
    this.name = 'ServiceRefusal';
  }
}

/** An answer the protocol's schema does not accept (another service at the URL, or another version of genenv). */
export class ServiceProtocolError extends GenEnvError {
  constructor(
    readonly route: string,
    readonly status: number,
    /** The first issue, `field.path: message`. */
    readonly issue: string,
  ) {
    super('service', `${route} answered HTTP ${status} outside genenv serve's protocol (${issue})`);
    this.name = 'ServiceProtocolError';
  }
}

/** No answer: the connection was refused or broke (a service not started yet, or restarting). */
export class ServiceUnreachable extends GenEnvError {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(
      'service',
      `genenv serve at ${url}: cannot reach it (${cause instanceof Error ? cause.message : String(cause)})`,
      {
        cause,
      },
    );
    this.name = 'ServiceUnreachable';
  }
}
