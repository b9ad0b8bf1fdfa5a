/** Where a command writes: its result lines (stdout) and its messages (stderr). */
export interface CommandOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}
