#!/usr/bin/env node
/** The `app-assignment` binary: the command (command.ts) run on this process's arguments, its exit code the process's. */
import { runCommand } from './command.js';

void runCommand(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
