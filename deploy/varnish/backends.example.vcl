# The origins of one deployment, included by default.vcl: copy to backends.vcl beside it and write
# your origins' addresses. Each is probed on /healthz, which answers 503 as soon as an origin is told
# to stop (SIGTERM) while it keeps serving pages for DRAIN_SECONDS (5 s by default): the probe below
# takes a draining origin out within 3 s, before it stops accepting connections.

import directors;

probe healthz {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 2s;  # a busy origin still answers its health in time; a draining one says 503 at once
    .window = 5;
    .threshold = 3; # healthy while 3 of the last 5 probes succeeded: out after 3 failures
    .initial = 3;   # healthy from the start
}

backend origin_1 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = healthz;
}

backend origin_2 {
    .host = "127.0.0.1";
    .port = "3002";
    .probe = healthz;
}

sub vcl_init {
    # A consistent-hash ring: default.vcl sends each host name to one origin (a sick one's hosts to the
    # next on the ring). Adding or removing an origin moves only the hosts its share holds.
    new origins = directors.shard();
    origins.add_backend(origin_1);
    origins.add_backend(origin_2);
    origins.reconfigure();
}
