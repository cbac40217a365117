"""The fixed wrapper around the guides' Python samples: runs the standard-library server block,
the fixture (the "your data" helpers a sample calls) and each block in one namespace, then serves
ROUTES on 127.0.0.1. Prints {"port": n} once it listens."""
import json
import sys
from http.server import ThreadingHTTPServer

if len(sys.argv) < 4:
    print("usage: host.py <server-block.py> <fixture.py> <block.py>...", file=sys.stderr)
    sys.exit(2)

namespace = {"__name__": "guide_samples"}
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as source:
        exec(compile(source.read(), path, "exec"), namespace)

httpd = ThreadingHTTPServer(("127.0.0.1", 0), namespace["StreamHandler"])
print(json.dumps({"port": httpd.server_address[1]}), flush=True)
httpd.serve_forever()
