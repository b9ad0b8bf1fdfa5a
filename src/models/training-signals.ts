// The flags the main thread and its training thread share (an Int32Array over a SharedArrayBuffer), by index.

/** 0 while a request runs, 1 once its reply has been posted. */
export const REPLY = 0;
/**
 * The main thread's count of waits (it adds one as it starts waiting for a reply): a request carries the count the
 * main thread will have reached then, and the worker, its reply posted, helps with the main thread's kernels until
 * the count gets there (the main thread's own half is done).
 */
export const WAITS = 1;
/** The longest either thread helps the other before it goes back to sleeping or to its messages, seconds. */
export const HELP_SECONDS = 0.05;
