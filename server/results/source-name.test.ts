import { describe, expect, test } from 'vitest'
import { sourceName } from './source-name.ts'

describe('sourceName', () => {
  test.each([
    ['Facebook', ['facebook.com', 'l.facebook.com', 'lm.facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.me']],
    ['Google', ['google.com', 'google.co.uk', 'google.com.mx', 'google.de', 'news.google.com']],
    ['Bing', ['bing.com', 'cn.bing.com']],
    ['Yahoo', ['search.yahoo.com', 'yahoo.co.jp', 'uk.search.yahoo.com']],
    ['DuckDuckGo', ['duckduckgo.com', 'html.duckduckgo.com']],
    ['Yelp', ['yelp.com', 'm.yelp.com', 'yelp.ca', 'm.yelp.co.uk']],
    ['Nextdoor', ['nextdoor.com', 'us.nextdoor.com', 'nextdoor.co.uk']],
    ['Instagram', ['instagram.com', 'l.instagram.com']],
    ['YouTube', ['youtube.com', 'm.youtube.com', 'youtu.be']],
    ['Angi', ['angi.com', 'angieslist.com']],
    ['HomeAdvisor', ['homeadvisor.com', 'pro.homeadvisor.com']],
    ['Thumbtack', ['thumbtack.com']],
    ['X (Twitter)', ['t.co', 'x.com', 'twitter.com', 'mobile.twitter.com']],
    ['LinkedIn', ['linkedin.com', 'lnkd.in']],
  ])('%s whatever the spelling', (name, hosts) => {
    expect(hosts.map(sourceName)).toEqual(hosts.map(() => name))
  })

  test('mail and maps of a network are told apart from its search', () => {
    expect(sourceName('mail.google.com')).toBe('Gmail')
    expect(sourceName('mail.yahoo.com')).toBe('Yahoo Mail')
    expect(sourceName('outlook.live.com')).toBe('Outlook')
  })

  test('an unknown host is its registrable domain, so its subdomains are one source', () => {
    expect(sourceName('blog.smallsupplier.com')).toBe('smallsupplier.com')
    expect(sourceName('www2.county.example.co.uk')).toBe('example.co.uk')
    // A private suffix (GitHub Pages, Blogspot) separates its tenants.
    expect(sourceName('ironwood.github.io')).toBe('ironwood.github.io')
    expect(sourceName('localhost')).toBe('localhost')
  })

  test('a look-alike of a network under another domain is not the network', () => {
    expect(sourceName('google.com.example.net')).toBe('example.net')
    expect(sourceName('facebook-login.example')).not.toBe('Facebook')
  })
})
