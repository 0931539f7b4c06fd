import path from 'node:path';

/** Thrown for problems the user can fix; the CLI prints the sentence alone, no stack trace. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

export function fail(sentence: string): never {
  throw new UserFacingError(sentence);
}

/** Runs a CLI entry point: user-facing problems become one line on stderr and exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof UserFacingError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

/** A file named as the user would type it: relative inside the working folder, in full outside it (not `../../tmp/x`). */
export function shownPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return relative && !outside ? relative : file;
}
