import { parseArgs, type ParseArgsConfig } from 'node:util'

/**
 * Every command's arguments, parsed one way (issue 38, item 11): Node's own `util.parseArgs` in strict
 * mode, so `--site=acme` and `--site acme` mean the same, and an unknown flag (`--cvs`), a flag missing
 * its value or a stray word is an error, never silently ignored. A usage error is printed to stderr
 * with the usage, and the command exits 2. `--help` (or `-h`) prints the same usage to stdout and exits 0:
 * each command's usage is written once, and docs/ shows it as printed (server/cli/cli-usage-docs.test.ts).
 */

type Options = NonNullable<ParseArgsConfig['options']>

export class UsageError extends Error {}

export type ParsedArgs<O extends Options> = ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>

/**
 * The parsed arguments, or the exit code the command ends with: 0 after writing `usage` to stdout for
 * `--help`, 2 after writing the problem and `usage` to stderr. `positionals` says how many words may
 * stand outside flags (a sub-command); `check` adds the command's own rules (throw a UsageError).
 */
export function parseCli<O extends Options>(
  argv: string[],
  usage: string,
  options: O,
  { positionals = 0, check }: { positionals?: number; check?: (args: ParsedArgs<O>) => void } = {},
): ParsedArgs<O> | 0 | 2 {
  const usageLines = usage.endsWith('\n') ? usage : `${usage}\n`
  const end = argv.indexOf('--')
  if ((end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(usageLines)
    return 0
  }
  try {
    const args = parseArgs({ args: argv, options, strict: true, allowPositionals: true })
    if (args.positionals.length > positionals) throw new UsageError(`unexpected argument "${args.positionals[positionals]}"`)
    for (const [name, value] of Object.entries(args.values)) {
      const values = Array.isArray(value) ? value : [value]
      if (values.some((v) => v === '')) throw new UsageError(`--${name} needs a value`)
    }
    check?.(args)
    return args
  } catch (error) {
    // parseArgs's own errors (ERR_PARSE_ARGS_*) say which flag, in words a person can act on.
    if (!(error instanceof UsageError) && !(error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw error
    process.stderr.write(`${(error as Error).message}\n${usageLines}`)
    return 2
  }
}
