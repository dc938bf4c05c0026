import { parse } from 'tldts'

/**
 * One name per network, whatever the spelling of the referrer's host (issue 37): `l.facebook.com`,
 * `lm.facebook.com`, `m.facebook.com` and `facebook.com` are all "Facebook", `google.co.uk` and
 * `www.google.com` "Google". Subdomains and country domains are told apart from the network by the
 * Public Suffix List (tldts); a host of no network we know is named by its registrable domain
 * (`blog.example.co.uk` → `example.co.uk`), so one site's subdomains are one source too.
 *
 * Our own table, not a published referrer list: the one maintained on npm (Ghost's) matches a host by
 * string prefix (`google.com.example.net` would be Google) and knows none of the networks that bring a
 * contractor work (Yelp, Nextdoor, Angi, HomeAdvisor, Thumbtack, Houzz…). See decision 120.
 */

/** Networks by the name under their public suffix: `google` of google.com, google.co.uk, google.de… */
const BY_BRAND: Record<string, string> = {
  google: 'Google',
  bing: 'Bing',
  yahoo: 'Yahoo',
  duckduckgo: 'DuckDuckGo',
  ecosia: 'Ecosia',
  baidu: 'Baidu',
  yandex: 'Yandex',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  reddit: 'Reddit',
  threads: 'Threads',
  whatsapp: 'WhatsApp',
  yelp: 'Yelp',
  nextdoor: 'Nextdoor',
  angi: 'Angi',
  angieslist: 'Angi',
  homeadvisor: 'HomeAdvisor',
  thumbtack: 'Thumbtack',
  houzz: 'Houzz',
  bbb: 'BBB',
  porch: 'Porch',
  craigslist: 'Craigslist',
  homeguide: 'HomeGuide',
  networx: 'Networx',
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
}

/** Hosts (and their subdomains) whose network the brand rule would miss or name wrongly: short links, mail, other brands' domains. */
const BY_HOST: Record<string, string> = {
  'mail.google.com': 'Gmail',
  'mail.yahoo.com': 'Yahoo Mail',
  'outlook.live.com': 'Outlook',
  'outlook.office.com': 'Outlook',
  'outlook.office365.com': 'Outlook',
  'search.brave.com': 'Brave Search',
  'maps.apple.com': 'Apple Maps',
  'fb.com': 'Facebook',
  'fb.me': 'Facebook',
  'youtu.be': 'YouTube',
  'x.com': 'X (Twitter)',
  't.co': 'X (Twitter)',
  'lnkd.in': 'LinkedIn',
  'pin.it': 'Pinterest',
  'wa.me': 'WhatsApp',
  'chat.openai.com': 'ChatGPT',
  'copilot.microsoft.com': 'Copilot',
  'nextdoor.co.uk': 'Nextdoor',
}

/** The parent domains of a host, itself first: a.b.example.com, b.example.com, example.com, com. */
const selfAndParents = (host: string) => host.split('.').map((_, i, parts) => parts.slice(i).join('.'))

/**
 * The source a referrer's host counts as: a network's name, else the host's registrable domain (or
 * the host itself when it has none, as `localhost`). `host` is lower case, without port or `www.`.
 */
export function sourceName(host: string): string {
  for (const candidate of selfAndParents(host)) {
    const known = BY_HOST[candidate]
    if (known) return known
  }
  const { domain, domainWithoutSuffix } = parse(host, { allowPrivateDomains: true })
  const brand = domainWithoutSuffix ? BY_BRAND[domainWithoutSuffix.split('.').at(-1)!] : undefined
  return brand ?? domain ?? host
}
