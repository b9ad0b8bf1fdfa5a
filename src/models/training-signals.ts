// The flags the main thread and its training thread share (an Int32Array over a SharedArrayBuffer), by index.

/** 0 while a request runs, 1 once its reply has been posted. */
export const REPLY = 0;
/**
 * The main thread's count of waits (it adds one as it starts waiting for a reply): a request carries the count the
 * main thread will have reached then, and the worker, its reply posted, helps with the main thread's kernels until
 * the count gets there (the main thread's own half is done).
 */
export const WAITS = 1;
/**
 * The fewest tokens in the worker's half for the threads to help each other. A thread that helps spins while it
 * waits for tasks, and in smaller halves (most of a default run's passes: 100–500 tokens) the few milliseconds the
 * slower half could gain are not worth the core it takes from the process's other threads.
 */
export const HELP_MINIMUM_TOKENS = 1024;

/**
 * How long either thread, helping the other, waits for a task to take before it goes back to sleeping or to its
 * messages, seconds: longer than the element-wise kernels and JavaScript between two products of a training pass
 * (a SwiGLU backward over half the default batch takes about 0.3 ms), short enough that a thread helping through a
 * pass with nothing to share (a small model's) takes little of a core from the process's other threads.
 */
export const HELP_IDLE_SECONDS = 0.0005;
