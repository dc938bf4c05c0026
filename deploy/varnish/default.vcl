vcl 4.1;

# The cache in front of the origins (docs/deploying.md). Pages are the same bytes for every visitor
# of one record version and say how long a shared cache may keep them (Cache-Control s-maxage,
# stale-while-revalidate, stale-if-error): this file only has to key them right, pass what must
# reach an origin, and keep serving when the origins are gone.

import std;

# Written per deployment: the origins, their health probe on /healthz, and in vcl_init a shard
# director named `origins` (backends.example.vcl).
include "backends.vcl";

sub vcl_recv {
    # The director itself, resolved per backend request (vcl_backend_fetch): healthy while any origin is.
    set req.backend_hint = origins.backend(resolve=LAZY);

    # After a restart from vcl_hit (below): a stale copy will not do, fetch a fresh one.
    if (req.restarts > 0) {
        set req.grace = 0s;
    }

    # The origin chooses the site by Host (which Caddy passes unchanged) and, from a trusted hop, by
    # X-Forwarded-Host: dropping it keeps the cache key and the origin's choice the same header.
    unset req.http.X-Forwarded-Host;

    # Ad-click and newsletter parameters never change a page: out of the cache key and the URL the
    # origin sees. Each is removed with the `&` after it; a `?` or `&` left at the end goes too.
    set req.url = regsuball(req.url, "(?i)(?<=[?&])(utm_[a-z0-9_]*|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|twclid|ttclid|li_fat_id|igshid|yclid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok)(=[^&]*)?(&|$)", "");
    set req.url = regsub(req.url, "[?&]+$", "");

    # Form posts, the visit counter and weather, health and the TLS ask go to an origin every time.
    # A post's body is kept (up to the origin's own 64 KiB limit) so that it can be sent again to the
    # other origin when the first refuses the connection.
    if (req.method == "POST") {
        if (!std.cache_req_body(64KB)) {
            return (synth(413, "Payload Too Large"));
        }
        return (pass);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass); # the origin answers 405
    }
    if (req.url ~ "^/(api/|_tls/|healthz(\?|$))") {
        return (pass);
    }
    # A share link's report (/reports/<token>) is one contractor's, private and never stored: every
    # request goes to an origin, which checks the token (and answers Cache-Control: private, no-store).
    if (req.url ~ "^/reports/") {
        return (pass);
    }

    # No page reads a cookie: a visitor's analytics cookies must not make every view a miss.
    unset req.http.Cookie;
}

sub vcl_hash {
    # Host and URL (the built-in hash, after this); the protocol too, as a site without a siteUrl
    # writes its canonical links with the one the visitor used.
    hash_data(req.http.X-Forwarded-Proto);
}

sub vcl_hit {
    # Within stale-while-revalidate a stale page is served while a fresh one is fetched behind it.
    # Past it, a stale page is for when no origin is healthy (stale-if-error): fetch a fresh one.
    if (obj.ttl < 0s && req.restarts == 0 && std.healthy(req.backend_hint) &&
        obj.ttl + std.duration(regsub(obj.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s) < 0s) {
        return (restart);
    }
}

sub vcl_backend_fetch {
    # Each site to one origin, chosen by its host name on the shard's ring: an origin holds in memory
    # only the sites it serves, so every origin added is room for more sites (docs/operating.md,
    # Capacity). A sick origin's sites go to the next healthy one on the ring; a retry (below) too.
    set bereq.backend = origins.backend(by=KEY, key=origins.key(std.tolower(regsub(bereq.http.Host, ":[0-9]+$", ""))), alt=bereq.retries);
}

sub vcl_backend_response {
    # A response that sets a cookie is someone's own: never stored (remembered as such for 2 minutes).
    if (beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # An origin in trouble never replaces a page still held: keep serving it.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # Varnish takes s-maxage for the TTL and stale-while-revalidate for the grace; stale-if-error,
    # when longer, extends the grace (vcl_hit keeps that part for when the origins are down).
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+" &&
        std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s) > beresp.grace) {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
    }
    # Past its grace, a page is kept as long again to be revalidated by its ETag (a 304) rather than refetched.
    set beresp.keep = beresp.grace;
}

sub vcl_backend_error {
    # An origin that refuses the connection (stopped, restarting) or fails: try the next one on the
    # ring (vcl_backend_fetch). A post tried again carries its form's submissionId, which the origins store once.
    if (bereq.retries < 2) {
        return (retry);
    }
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
