// The ceiling for bench/throughput.js: a plain node:http server sending pre-compressed pages
// (argv: the cases file, the port), doing nothing else. Case N is served at /N.
import fs from 'node:fs'
import http from 'node:http'

const [casesFile = '', port] = process.argv.slice(2)
/** @type {{ headers: Record<string, string>, body: string }[]} */
const recorded = JSON.parse(fs.readFileSync(casesFile, 'utf8'))
const cases = recorded.map(({ headers, body }) => {
  const { 'content-length': _length, 'transfer-encoding': _te, connection: _c, 'keep-alive': _k, date: _d, ...rest } = headers
  const bytes = Buffer.from(body, 'base64')
  return { headers: { ...rest, 'Content-Length': bytes.length }, bytes }
})
http
  .createServer((req, res) => {
    const hit = cases[Number(req.url?.slice(1))]
    if (!hit) return void res.writeHead(404).end()
    res.writeHead(200, hit.headers).end(hit.bytes)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
