import leadCreated from '../../docs/webhooks/lead.created.v2.schema.json' with { type: 'json' }

/**
 * The console API's description (OpenAPI 3.1), written once: served at GET /api/v1/openapi.json, and every answer
 * the tests get is checked against it (tests/site-api.test.ts). A lead is the webhook's own body (its JSON Schema).
 */

const emailList = { type: 'array', items: { type: 'string', format: 'email' }, maxItems: 10 }

const siteEntry = {
  description:
    'A site as a SITES_FILE entry. Webhook secrets are answered masked (whsec_…abcd); sending a masked secret back keeps the stored one.',
  type: 'object',
  additionalProperties: false,
  required: ['hosts', 'pageId'],
  properties: {
    hosts: { description: 'Lower-case host names without scheme or port.', type: 'array', items: { type: 'string' }, minItems: 1 },
    pageId: { description: 'The page record’s id; also the site’s id, so it never changes.', type: 'string', pattern: '^[\\w-]{1,100}$' },
    siteUrl: { type: 'string', format: 'uri' },
    pageApiUrl: { description: 'This site’s provider, when not PAGE_API_URL.', type: 'string', format: 'uri' },
    timeZone: { description: 'An IANA time zone (SITE_TIME_ZONE when absent).', type: 'string' },
    leads: {
      type: 'object',
      additionalProperties: false,
      properties: {
        email: emailList,
        webhooks: {
          type: 'array',
          maxItems: 10,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['url'],
            properties: {
              url: { type: 'string', format: 'uri' },
              secret: {
                description:
                  'Leave it out to have one generated (answered once, in newSecrets). Answers show it masked; a masked one sent back keeps the stored secret.',
                type: 'string',
                pattern: '^whsec_',
              },
              oldSecret: {
                description: 'After a rotation: the replaced secret (masked) still signs beside the new one until `until`.',
                type: 'object',
                additionalProperties: false,
                required: ['secret', 'until'],
                properties: { secret: { type: 'string', pattern: '^whsec_' }, until: { type: 'string', format: 'date-time' } },
              },
            },
          },
        },
      },
    },
    reports: { type: 'object', additionalProperties: false, properties: { email: emailList } },
  },
}

const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra })

const site = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version', 'updatedAt', 'updatedBy', 'site'],
  properties: {
    id: { type: 'string' },
    version: nullable('integer', { description: 'Its version in storage; null for a site from SITES_FILE.' }),
    updatedAt: nullable('string', { format: 'date-time' }),
    updatedBy: nullable('string', { description: 'A person’s email, "token NAME", or "the command line".' }),
    site: { $ref: '#/components/schemas/SiteEntry' },
    newSecrets: {
      description:
        'Only in the answer of a write that generated secrets (a webhook added without one, a rotation): shown this once, never again.',
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'url', 'secret'],
        properties: { index: { type: 'integer', minimum: 0 }, url: { type: 'string' }, secret: { type: 'string', pattern: '^whsec_' } },
      },
    },
  },
}

const testDelivery = {
  description: 'What the receiver answered a signed sample lead (the webhook body with "test": true), or why nothing came back.',
  type: 'object',
  additionalProperties: false,
  required: ['url', 'sent'],
  properties: {
    url: { type: 'string' },
    sent: { type: 'boolean', description: 'true: the receiver answered (any status); false: see error.' },
    status: { type: 'integer', description: 'The receiver’s HTTP status.' },
    answer: { type: 'string', description: 'The first 500 bytes of its answer, as UTF-8 text.' },
    truncated: { type: 'boolean', description: 'The answer was longer than what is shown.' },
    error: { type: 'string', description: 'Refused by the outbound rules, no answer within the timeout, connection refused, TLS.' },
  },
}

const error = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: { type: 'string' },
    fields: {
      description: 'Each wrong field (400), or the host or page id another site has (409).',
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'message'],
        properties: { path: { type: 'string', examples: ['hosts[0]', 'leads.webhooks[1].url'] }, message: { type: 'string' } },
      },
    },
  },
}

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } })
const refusal = (description: string) => ({ description, ...json('Error') })
const common = {
  401: refusal('No token, or not a valid one.'),
  429: refusal('The token made too many requests this minute (CONSOLE_API_RATE_LIMIT); Retry-After says when to try again.'),
  503: refusal('The storage did not answer in time (an outage, or a burst of writes): try again after Retry-After.'),
}
const siteId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } }
const webhookIndex = {
  name: 'index',
  in: 'path',
  required: true,
  description: 'The webhook’s place in leads.webhooks, from 0.',
  schema: { type: 'integer', minimum: 0, maximum: 9 },
}
const notSeen = refusal('No such site, or one the token may not see.')
/** What a webhook's test and rotation refuse alike. */
const webhookRefusals = {
  403: refusal('A contractor token: webhooks are the agency’s.'),
  404: refusal('No such site or webhook, or a site the token may not see.'),
}
const body = (types: string[]) => ({
  required: true,
  content: Object.fromEntries(types.map((t) => [t, { schema: { $ref: '#/components/schemas/SiteEntry' } }])),
})
const writeRefusals = {
  400: refusal('Wrong fields, each named (an unknown field included), or a body that is not JSON.'),
  403: refusal('The token’s role may not make this change.'),
  409: refusal('Another site has this host or page id (compared case-insensitively), or the sites come from SITES_FILE.'),
  413: refusal('The body is over 64 KiB.'),
  415: refusal('The body is not JSON.'),
}

export const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'tradesite console API',
    version: '1',
    description:
      'Sites and their leads, for agencies that automate. Authorization: Bearer TOKEN (npm run console -- token create). A token has the role and sites a person would.',
  },
  servers: [{ url: '/api/v1' }],
  security: [{ bearer: [] }],
  paths: {
    '/sites': {
      get: {
        summary: 'The sites the token sees',
        responses: {
          200: {
            description: 'Where the sites come from (file: SITES_FILE, read-only) and the sites.',
            ...json('SiteList'),
          },
          ...common,
        },
      },
      post: {
        summary: 'Add a site (admin)',
        requestBody: body(['application/json']),
        responses: {
          201: { description: 'The site, stored; every origin serves it once its first record arrives.', ...json('Site') },
          ...common,
          ...writeRefusals,
        },
      },
    },
    '/sites/{id}': {
      parameters: [siteId],
      get: { summary: 'One site', responses: { 200: { description: 'The site.', ...json('Site') }, 404: notSeen, ...common } },
      patch: {
        summary: 'Change a site: a JSON merge patch (RFC 7386) of its entry',
        description: 'Admins change anything; staff leads and reports; a contractor leads.email and reports.email of their own site.',
        requestBody: body(['application/merge-patch+json', 'application/json']),
        responses: { 200: { description: 'The site as changed.', ...json('Site') }, 404: notSeen, ...common, ...writeRefusals },
      },
      delete: {
        summary: 'Remove a site (admin): its hosts answer 404 on every origin; its leads stay',
        responses: { 204: { description: 'Removed.' }, 403: writeRefusals[403], 404: notSeen, 409: writeRefusals[409], ...common },
      },
    },
    '/sites/{id}/leads': {
      parameters: [siteId],
      get: {
        summary: 'A site’s leads received since a time, oldest first, each as its webhook body',
        parameters: [
          { name: 'since', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Default: the first lead.' },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
        ],
        responses: {
          200: { description: 'The leads, and where the next page starts (null when this is the last).', ...json('Leads') },
          400: refusal('A wrong since or limit.'),
          404: notSeen,
          ...common,
        },
      },
    },
    '/sites/{id}/webhooks/{index}/test': {
      parameters: [siteId, webhookIndex],
      post: {
        summary: 'Send a test delivery (admin, staff): a signed sample lead to the webhook, once',
        responses: {
          200: { description: 'What the receiver answered.', ...json('TestDelivery') },
          ...webhookRefusals,
          ...common,
        },
      },
    },
    '/sites/{id}/webhooks/{index}/rotate': {
      parameters: [siteId, webhookIndex],
      post: {
        summary: 'Rotate a webhook’s secret (admin, staff): a new one, answered once; the old one signs beside it for 24 hours',
        responses: {
          200: { description: 'The site, with the new secret in newSecrets.', ...json('Site') },
          ...webhookRefusals,
          409: writeRefusals[409],
          ...common,
        },
      },
    },
    '/openapi.json': {
      get: { summary: 'This description', security: [], responses: { 200: { description: 'OpenAPI 3.1.' } } },
    },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      SiteEntry: siteEntry,
      Site: site,
      SiteList: {
        type: 'object',
        additionalProperties: false,
        required: ['source', 'sites'],
        properties: { source: { enum: ['file', 'storage'] }, sites: { type: 'array', items: { $ref: '#/components/schemas/Site' } } },
      },
      Lead: (({ $schema: _s, $id: _i, ...schema }) => schema)(leadCreated),
      Leads: {
        type: 'object',
        additionalProperties: false,
        required: ['leads', 'next'],
        properties: {
          leads: { type: 'array', items: { $ref: '#/components/schemas/Lead' } },
          next: nullable('string', { format: 'date-time' }),
        },
      },
      TestDelivery: testDelivery,
      Error: error,
    },
  },
}
