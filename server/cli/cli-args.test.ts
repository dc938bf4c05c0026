import { afterEach, beforeEach, expect, test, vi, type MockInstance } from 'vitest'
import { parseCli, UsageError } from './cli-args.ts'

const options = { site: { type: 'string' }, csv: { type: 'boolean' } } as const
let stderr: MockInstance<typeof process.stderr.write>
beforeEach(() => void (stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)))
afterEach(() => void vi.restoreAllMocks())
const printed = () => stderr.mock.calls.join('')
const valuesOf = (parsed: ReturnType<typeof parseCli>) => (typeof parsed === 'number' ? parsed : parsed.values)

test('--flag=value and --flag value mean the same', () => {
  expect(valuesOf(parseCli(['--site=acme', '--csv'], 'usage', options))).toEqual({ site: 'acme', csv: true })
  expect(valuesOf(parseCli(['--site', 'acme'], 'usage', options))).toEqual({ site: 'acme' })
})

test.each([
  [['--cvs'], /Unknown option '--cvs'/],
  [['--site'], /argument missing/],
  [['--site='], /--site needs a value/],
  [['--site', '--csv'], /ambiguous/],
  [['--csv=1'], /does not take an argument/],
  [['extra'], /unexpected argument "extra"/],
])('%j is a usage error: the reason and the usage on stderr, nothing parsed', (argv, reason) => {
  expect(parseCli(argv, 'usage: npm run x', options)).toBe(2)
  expect(printed()).toMatch(reason)
  expect(printed()).toMatch(/usage: npm run x\n$/)
})

test("a command's own rule is a usage error too; allowed positionals pass", () => {
  const check = ({ positionals }: { positionals: string[] }) => {
    if (positionals[0] !== 'check') throw new UsageError('the command is "check"')
  }
  expect(valuesOf(parseCli(['check', '--site=a'], 'usage', options, { positionals: 1, check }))).toEqual({ site: 'a' })
  expect(parseCli(['chek'], 'usage', options, { positionals: 1, check })).toBe(2)
  expect(printed()).toMatch(/the command is "check"/)
})

test.each([[['--help']], [['-h']], [['check', '--site', 'a', '--help']], [['--cvs', '--help']]])(
  '%j prints the usage, the same text a usage error prints, to stdout and ends with 0',
  (argv) => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    expect(parseCli(argv, 'usage: npm run x', options, { positionals: 1 })).toBe(0)
    expect(stdout.mock.calls.join('')).toBe('usage: npm run x\n')
    expect(printed()).toBe('')
  },
)

test('a --help after -- is an argument, not a request for help', () => {
  expect(parseCli(['--', '--help'], 'usage: npm run x', options, { positionals: 1 })).not.toBe(0)
})
