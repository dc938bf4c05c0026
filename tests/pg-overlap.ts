/** pg's deprecation notice for a query sent to a client already executing one (tests/setup.ts, site-server.ts fail on it). */
export const PG_OVERLAP = /Calling client\.query\(\) when the client is already executing a query/
