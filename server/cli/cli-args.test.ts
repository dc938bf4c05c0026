import { beforeEach, expect, test, vi, type MockInstance } from 'vitest'
import { parseCli, UsageError } from './cli-args.ts'

const options = { site: { type: 'string' }, csv: { type: 'boolean' } } as const
let stderr: MockInstance<typeof process.stderr.write>
beforeEach(() => void (stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)))
const printed = () => stderr.mock.calls.join('')

test('--flag=value and --flag value mean the same', () => {
  expect(parseCli(['--site=acme', '--csv'], 'usage', options)?.values).toEqual({ site: 'acme', csv: true })
  expect(parseCli(['--site', 'acme'], 'usage', options)?.values).toEqual({ site: 'acme' })
})

test.each([
  [['--cvs'], /Unknown option '--cvs'/],
  [['--site'], /argument missing/],
  [['--site='], /--site needs a value/],
  [['--site', '--csv'], /ambiguous/],
  [['--csv=1'], /does not take an argument/],
  [['extra'], /unexpected argument "extra"/],
])('%j is a usage error: the reason and the usage on stderr, nothing parsed', (argv, reason) => {
  expect(parseCli(argv, 'usage: npm run x', options)).toBeNull()
  expect(printed()).toMatch(reason)
  expect(printed()).toMatch(/usage: npm run x\n$/)
})

test("a command's own rule is a usage error too; allowed positionals pass", () => {
  const check = ({ positionals }: { positionals: string[] }) => {
    if (positionals[0] !== 'check') throw new UsageError('the command is "check"')
  }
  expect(parseCli(['check', '--site=a'], 'usage', options, { positionals: 1, check })?.values.site).toBe('a')
  expect(parseCli(['chek'], 'usage', options, { positionals: 1, check })).toBeNull()
  expect(printed()).toMatch(/the command is "check"/)
})
