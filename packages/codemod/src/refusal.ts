/**
 * A run that stops before it writes, with what to do: an invalid tsconfig.json in project mode, a git that cannot say
 * whether a file is committed, another run in progress, a journal to complete. The command prints the message and exits
 * 2, as for a usage error: nothing was changed, and the user has a decision to make.
 */
export class RunRefusal extends Error {}
